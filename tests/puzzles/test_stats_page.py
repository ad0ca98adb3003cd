"""stats --svg and --html draw the counts stats --json gives: one bar a hole or a bin, its count in its label."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from conftest import run
from ktane_congkak.paper.stats_page import bins

SVG = "{http://www.w3.org/2000/svg}"
COUNT = "1500"


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """stats' JSON, and its SVG and page of the same boards (made once: a few seconds)."""
    from ktane_congkak.cli import main

    folder = tmp_path_factory.mktemp("stats")
    svg, html = folder / "s.svg", folder / "s.html"
    assert main(["stats", "-n", COUNT, "--seed", "page", "--progress", "never", "--svg", str(svg),
                 "--html", str(html)]) == 0
    return svg, html


@pytest.fixture(scope="module")
def counts():
    import io
    from contextlib import redirect_stdout

    from ktane_congkak.cli import main

    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["stats", "-n", COUNT, "--seed", "page", "--progress", "never", "--json"]) == 0
    return json.loads(out.getvalue())


def groups(root, name):
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == name]


def texts(root, name):
    return ["".join(t.itertext()) for g in groups(root, name) for t in g.iter(f"{SVG}text")]


def first_number(text: str) -> int:
    return int(re.search(r": ([0-9,]+)", text)[1].replace(",", ""))


def test_the_svg_draws_one_bar_a_hole_labelled_with_its_count(drawn, counts):
    root = ET.parse(drawn[0]).getroot()
    solves = [counts["solves"].get(str(h), 0) for h in range(1, 8)]
    assert len(groups(root, "solves")) == 7
    assert [int(t.replace(",", "")) for t in texts(root, "solves-count")] == solves
    titles = [g.find(f"{SVG}title").text for g in groups(root, "solves")]
    assert [first_number(t.replace("right on ", ": ").split(" board")[0]) for t in titles] == solves
    differ = [counts["disagree_holes"].get(str(h), 0) for h in range(1, 8)]
    assert [int(t.replace(",", "")) for t in texts(root, "disagree-count")] == differ
    difficulty = list(counts["difficulty"].values())
    assert [int(t.replace(",", "")) for t in texts(root, "difficulty-count")] == difficulty
    assert sum(difficulty) == int(COUNT)


@pytest.mark.parametrize("name", ["best", "margin", "relays", "drops", "ties"])
def test_each_histogram_has_one_bar_a_bin_and_its_counts_add_up(drawn, counts, name):
    root = ET.parse(drawn[0]).getroot()
    counter = Counter({int(k): v for k, v in counts[name].items()})
    expected = [n for _, _, n in bins(counter)] if name != "ties" else [counter[k] for k in sorted(counter)]
    bars = groups(root, name)
    assert len(bars) == len(expected)
    assert [first_number(g.find(f"{SVG}title").text) for g in bars] == expected
    assert sum(expected) == int(COUNT)
    heights = [float(g.find(f"{SVG}rect").get("height")) for g in bars]
    tallest = max(expected)
    assert [round(h / max(heights) * tallest) for h in heights] == pytest.approx(expected, abs=tallest * 0.01)


def test_bins_cover_every_value_in_equal_columns():
    assert bins(Counter({3: 2, 5: 1})) == [(3, 3, 2), (4, 4, 0), (5, 5, 1)]
    wide = bins(Counter({0: 1, 99: 4, 237: 2}))
    assert wide[0] == (0, 9, 1) and wide[-1] == (230, 239, 2) and len(wide) == 24
    assert sum(n for _, _, n in wide) == 7 and bins(Counter()) == []


def test_the_page_is_self_contained_with_the_same_charts(drawn, counts):
    page = drawn[1].read_text()
    assert "<script src" not in page and "<link" not in page and "url(http" not in page
    svgs = re.findall(r"<svg .*?</svg>", page, flags=re.S)
    assert len(svgs) == 8
    solves = ET.fromstring(svgs[0])
    assert [int(t.replace(",", "")) for t in texts(solves, "solves-count")] == \
        [counts["solves"].get(str(h), 0) for h in range(1, 8)]
    assert "--chart-filter" in page and "@page" in page  # dark on screen; prints on the paper there is
    assert f"Boards: {COUNT} from the module&#x27;s generator\n\nhole  solves" in page  # the figures as text, line by line


def test_generates_filters_count_only_the_boards_they_keep(capsys):
    code, out, _ = run(capsys, "stats", "-n", "600", "--seed", "f", "--progress", "never", "--json",
                       "--difficulty", "hard", "--unique")
    got = json.loads(out)
    assert code == 0 and got["filters"]["difficulty"] == "hard" and got["drawn"] == 600
    assert got["difficulty"] == {"easy": 0, "medium": 0, "hard": got["boards"]} and got["ties"] == {"1": got["boards"]}


@pytest.mark.parametrize("argv, message", [
    (["--svg", "x.png"], "--svg x.png: name it OUT.svg"),
    (["--html", "x.svg"], "--html x.svg: name it OUT.html"),
    (["--agree", "--disagree"], "--agree and --disagree exclude each other")])
def test_bad_picture_options_are_one_line(capsys, argv, message):
    code, out, err = run(capsys, "stats", "-n", "10", *argv)
    assert code == 2 and err == f"ktane-congkak: stats: {message}\n"
