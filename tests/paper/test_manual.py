"""The expert manual: what it prints is what the engine says, and the committed copy is current."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from html import unescape

import pytest

from ktane_congkak.paper import manual as mb
from ktane_congkak.cli import main
from ktane_congkak.core.evaluate import evaluate
from ktane_congkak.core.explain import describe_turn
from ktane_congkak.core.rules import OPPONENT, YOU
from ktane_congkak.core.sowing import CAPTURE, play_turn

from conftest import ROOT, load_vectors

COMMITTED = ROOT / "manual"


@pytest.fixture(scope="module")
def built(rules):
    return mb.build_files(rules)


@pytest.fixture(scope="module")
def pages(rules):
    return mb.manual_pages(rules)


@pytest.fixture(scope="module")
def html_text(built):
    """The HTML's visible text, tags stripped, spaces folded."""
    html = built[mb.HTML_NAME].decode()
    body = html.split("<body>", 1)[1]
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", body)))


def pdf_pages_text(data: bytes) -> list[str]:
    import pypdf  # the `test` extra

    reader = pypdf.PdfReader(io.BytesIO(data))
    return [re.sub(r"\s+", " ", page.extract_text()) for page in reader.pages]


def blocks(pages, kind):
    return [b for page in pages for b in page.blocks if isinstance(b, kind)]


# --- the committed manual is what the engine says now -------------------------------------


def test_committed_html_and_svgs_are_current(built):
    for name, data in built.items():
        if name == mb.PDF_NAME:
            continue
        path = COMMITTED / name
        assert path.is_file(), f"manual/{name} missing: run `ktane-congkak manual --out manual`"
        assert path.read_bytes() == data, f"manual/{name} is stale: run `ktane-congkak manual --out manual`"
    stale = {p.name for p in COMMITTED.glob("*.svg")} - set(built)
    assert not stale, f"manual/ holds diagrams the build no longer makes: {sorted(stale)}"


def test_committed_pdf_text_is_current(built):
    """Compared as extracted text, page by page (bytes differ between reportlab versions)."""
    committed = (COMMITTED / mb.PDF_NAME).read_bytes()
    assert pdf_pages_text(committed) == pdf_pages_text(built[mb.PDF_NAME]), \
        "manual/congkak.pdf is stale: run `ktane-congkak manual --out manual`"


def test_build_is_deterministic(rules, built):
    again = mb.build_files(rules)
    assert again == built  # HTML, SVG and (invariant mode) the PDF's very bytes


# --- page style -----------------------------------------------------------------------


def test_pdf_pages_match_html_pages(built, pages):
    import pypdf

    texts = pdf_pages_text(built[mb.PDF_NAME])
    reader = pypdf.PdfReader(io.BytesIO(built[mb.PDF_NAME]))
    assert len(texts) == len(pages) == built[mb.HTML_NAME].decode().count('<div class="page"')
    for number, (text, page) in enumerate(zip(texts, reader.pages), 1):
        assert (float(page.mediabox.width), float(page.mediabox.height)) == (612.0, 792.0)  # Letter
        assert "Keep Talking and Nobody Explodes Mod" in text and "Congkak" in text
        assert f"Page {number} of {len(texts)}" in text
    assert "On the Subject of Congkak" in texts[0]
    assert mb.FLAVOUR in texts[0]


def test_html_page_style(built):
    html = built[mb.HTML_NAME].decode()
    assert "prefers-color-scheme: dark" in html and "@media print" in html and "size: letter" in html
    assert html.count('<span>Keep Talking and Nobody Explodes Mod</span><span>Congkak</span>') == html.count('<div class="page"')
    assert "<h1>On the Subject of Congkak</h1>" in html
    assert f'<p class="flavour">{mb.FLAVOUR}</p>' in html
    for name in re.findall(r'<img src="([^"]+)"', html):
        assert name in built
        root = ET.fromstring(built[name])
        assert root.tag == "{http://www.w3.org/2000/svg}svg"


def test_every_teaching_section_present(html_text):
    for heading in ("Which holes are yours", "The ring", "One turn", "Scoring a hole",
                    "What pressing a hole does", "A worked example", "Appendix: the strike rule, exactly"):
        assert heading in html_text
    for idea in ("capture", "relay", "solve", "strike", "hole 1 is at the bottom-right end",
                 "whole of the opponent's row"):
        assert idea in html_text


# --- the manual's examples are the engine's -------------------------------------------------


def test_ring_as_printed(rules, html_text):
    numbers = mb.ring_numbers(rules)
    assert numbers[rules.store(YOU)] == rules.size - 1 and numbers[rules.store(OPPONENT)] == 0
    assert [numbers[s] for s in range(7)] == list(range(1, 8))
    assert [numbers[s] for s in range(8, 15)] == list(range(8, 15))  # the opponent's row before the store
    expected = ("hole 1, hole 2, hole 3, hole 4, hole 5, hole 6, hole 7, position 8, position 9, position 10, "
                "position 11, position 12, position 13, position 14, your store, and on round again")
    assert expected in html_text


def test_facing_table(rules, pages):
    table = next(t for t in blocks(pages, mb.Table) if t.header[0] == "Your hole")
    assert table.rows[0][1:] == [str(rules.facing(h)) for h in range(7)]  # slot 8..14 is position 8..14
    assert table.rows[0][1] == "14"


def test_worked_example_is_the_engines(rules, pages, html_text):
    ex = mb.worked_example(rules)
    ev = evaluate(ex.slots, rules)
    assert ex.slots == mb.generated_board(rules, ex.seed)
    assert ev.answer == [ex.best]
    turn = play_turn(ex.slots, rules, YOU, ex.best - 1)
    assert turn == ex.turn and turn.end == CAPTURE and turn.relays >= 1
    # The scored table is the engine's points and verdicts.
    table = next(t for t in blocks(pages, mb.Table) if t.header[:3] == ["Hole", "Seeds", "Points"]
                 and len(t.header) == 4)
    assert [int(r[2]) for r in table.rows] == list(ev.points)
    assert [int(r[1]) for r in table.rows] == list(ev.seeds)
    assert table.mark_rows == (ex.best - 1,)
    assert [r[3] for r in table.rows] == [mb.verdict_word(v) for v in ev.module]
    assert ev.disagreements == []  # the teaching example reads the same under both rules
    goes_on = re.search(r"Pressing holes? ([\d, and]+) lets the game go on", html_text)
    assert [int(h) for h in re.findall(r"\d", goes_on[1])] == [i + 1 for i, v in enumerate(ev.module) if v == "continue"]
    # The trace printed is describe_turn's, every line of it.
    trace = blocks(pages, mb.Trace)[0]
    assert trace.lines == describe_turn(turn, rules, stores_known=False)  # the stores are "?" there
    for line in trace.lines:
        assert line.strip() in html_text
    # The sum printed adds up to the engine's points.
    match = re.search(r"so hole (\d) scores (\d+) \+ (\d+) = (\d+) points", html_text)
    assert match and int(match[1]) == ex.best
    assert int(match[2]) + int(match[3]) == int(match[4]) == ev.points[ex.best - 1] == ev.maximum
    assert f"press hole {ex.best}" in html_text
    visible = " ".join(str(ex.slots[s]) for s in range(7))
    assert f"Your holes 1 to 7 hold {visible};" in html_text


def test_appendix_author_board_is_the_first_vector(rules, pages, html_text):
    vec = load_vectors()[0]
    assert list(mb.author_board()) == vec["board"]
    ev = evaluate(mb.author_board(), rules)
    table = next(t for t in blocks(pages, mb.Table) if "Manual's wording" in t.header)
    assert [int(r[2]) for r in table.rows] == vec["points"]
    assert [r[3] for r in table.rows] == [mb.verdict_word(v) for v in ev.module]
    assert [r[4] for r in table.rows] == [mb.verdict_word(v) for v in ev.manual]
    assert table.rows[5][3] == "game goes on" and table.rows[5][4] == "strike"  # hole 6
    assert "Hole 6 also scores 8 but holds 4 seeds" in html_text
    assert "Hole 3 is the reference hole (8 points, 1 seed)" in html_text


def test_appendix_same_seed_strike(rules, html_text):
    seed, slots, ev, hole = mb.same_seeds_example(rules)
    assert slots == mb.generated_board(rules, seed)
    least = min(p for p, s in zip(ev.points, ev.seeds) if s)
    assert ev.module[hole - 1] == "strike" and ev.points[hole - 1] > least
    assert ev.seeds[hole - 1] == ev.seeds[ev.min_hole]
    assert f"Hole {hole} scores {ev.points[hole - 1]}, more than the least ({least})" in html_text


def test_survey_figures_printed(rules, html_text):
    facts = mb.survey(rules)
    assert facts == mb.survey(rules)  # fixed random seed
    assert 0 < facts.disagree < facts.boards and facts.median_drops < facts.most_drops
    assert f"on {mb.percent(facts.disagree, facts.boards)} of them" in html_text
    assert f"half took {facts.median_drops} drops or fewer" in html_text


# --- the command --------------------------------------------------------------------


def test_manual_command_writes_files(tmp_path, capsys, built):
    out = tmp_path / "new" / "manual"
    assert main(["manual", "--out", str(out), "--no-pdf"]) == 0
    written = sorted(p.name for p in out.iterdir())
    assert written == sorted(n for n in built if n != mb.PDF_NAME)
    assert (out / mb.HTML_NAME).read_bytes() == built[mb.HTML_NAME]
    assert str(out / mb.HTML_NAME) in capsys.readouterr().out


def test_manual_command_refuses_a_file_as_folder(tmp_path, capsys):
    target = tmp_path / "file"
    target.write_text("x")
    assert main(["manual", "--out", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ktane-congkak: ") and "not a folder" in err and err.count("\n") == 1
