"""`verify --log FILE --html OUT.html`: the log report as a page, read back with html.parser
and checked against the reader's own results (what `verify --log --json` prints)."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bomblogs import ReleaseWriter, random_presses, two_modules, unity_noise
from conftest import run
from ktane_congkak.core.evaluate import VERDICT_WORDS
from ktane_congkak.core.logcheck import check_log_lines
from ktane_congkak.core.logwords import RELEASE_WORDING
from ktane_congkak.core.releases import RELEASE_DATES
from ktane_congkak.paper import log_report
from ktane_congkak.paper.report_page import text


class Element:
    def __init__(self, tag: str, attrs: dict, parent=None):
        self.tag, self.attrs, self.parent, self.children = tag, attrs, parent, []

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def words(self) -> str:
        return re.sub(r"\s+", " ", self.text()).strip()

    def all(self, tag: str | None = None, cls: str | None = None) -> list[Element]:
        found = []
        for child in self.children:
            if isinstance(child, Element):
                if (tag is None or child.tag == tag) and (cls is None or cls in child.classes):
                    found.append(child)
                found += child.all(tag, cls)
        return found


class Tree(HTMLParser):
    """The page as a tree of elements (the page writes every element it opens closed)."""

    VOID = {"meta", "br", "img", "input", "link", "hr"}

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.root = self.at = Element("#root", {})
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        element = Element(tag, dict(attrs), self.at)
        self.at.children.append(element)
        if tag not in self.VOID:
            self.at = element

    def handle_startendtag(self, tag, attrs):
        self.at.children.append(Element(tag, dict(attrs), self.at))

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        assert self.at.tag == tag, f"</{tag}> closes <{self.at.tag}>"
        self.at = self.at.parent

    def handle_data(self, data):
        self.at.children.append(data)


def write_log(path: Path, lines) -> str:
    path.write_text("".join(line + "\r\n" for line in lines), encoding="utf-8", newline="")
    return str(path)


def report(capsys, tmp_path, log: str, *options) -> tuple[int, Element, str]:
    out = tmp_path / "report.html"
    code, stdout, err = run(capsys, "verify", "--log", log, "--html", str(out), "--no-open", *options)
    assert err == "" and stdout == f"{out.resolve()}\n"
    return code, Tree(out.read_text(encoding="utf-8")).root, out.read_text(encoding="utf-8")


@pytest.fixture
def bomb_log(tmp_path, rules):
    return write_log(tmp_path / "Player.log", unity_noise(two_modules(rules)))


def test_every_board_is_drawn_and_every_press_judged_as_the_reader_judged_it(capsys, tmp_path, bomb_log, rules):
    code, page, _ = report(capsys, tmp_path, bomb_log)
    check = check_log_lines(Path(bomb_log).read_text().splitlines(), rules)
    assert code == 0
    modules = page.all("section", "module")
    assert [m.all("h3")[0].words().split(" solved")[0] for m in modules] == ["Congkak #1", "Congkak #3"]
    for module, judged in zip(modules, check.modules):
        assert f"Release {judged.release_note}." in module.words()
        boards = module.all("section", "board")
        assert len(boards) == len(judged.boards)
        for board, checked in zip(boards, judged.boards):
            ev = checked.evaluation
            assert checked.id in board.all("h4")[0].words()
            assert len(board.all("svg")) == 1 and board.all("figure", "face")[0].all("svg")
            faces = board.all("svg")[0].all("text")
            counts = [t.words() for t in faces if t.words().isdigit()]
            assert all(str(n) in counts for n in checked.logged.board)  # the counts are on the face
            table = board.all("table", "points")[0]
            best = [int(td.words().lstrip("★")) for td in table.all("td", "best") if td.words().lstrip("★").isdigit()
                    and td.parent.all("th")[0].words() == "hole"]
            assert best == ev.answer
            points = next(tr for tr in table.all("tr") if tr.all("th")[0].words() == "points")
            assert [int(td.words()) for td in points.all("td")] == list(ev.points)
            presses = board.all("li", "press")
            assert len(presses) == len(checked.presses)
            for item, press in zip(presses, checked.presses):
                head = item.all("p", "press-head")[0].words()
                assert head.startswith(("RIGHT" if press.verdict == "solve" else "WRONG") + f" Hole {press.hole} ")
                rows = dict(zip((dt.words() for dt in item.all("dt")), (dd.words() for dd in item.all("dd"))))
                assert rows["Module"].startswith(VERDICT_WORDS[press.logged.verdict].long)
                said = VERDICT_WORDS["strike" if press.verdict == "empty" else press.verdict].short  # the why says "empty"
                assert rows["Engine"] == f"{said}: {ev.why(press.hole)}"
                assert rows["Points"].startswith(f"{ev.points[press.hole - 1]} of the best {ev.maximum}")
                assert ("Manual" in rows) == (press.manual != press.verdict)


def test_the_strike_names_its_reference_hole_and_the_manual_stands_out(capsys, tmp_path, bomb_log):
    _, page, _ = report(capsys, tmp_path, bomb_log)
    strike = next(li for li in page.all("li", "press") if "Hole 3" in li.all("p")[0].words())
    assert "as many as hole 1, the lowest hole with the smallest nonzero points (18)" in strike.words()
    manual = strike.all("dd", "parts")
    assert manual and manual[0].words().startswith("the manual's wording says game goes on")


def test_a_disagreement_stands_out_at_the_top_and_on_its_board(capsys, tmp_path, rules):
    lines = two_modules(rules)
    lines[2] = lines[2].replace(" 11 11 8 11 0 8 0 ", " 11 11 8 11 0 9 0 ")
    code, page, _ = report(capsys, tmp_path, write_log(tmp_path / "t.log", lines))
    assert code == 1
    top = page.all("header")[0].all("div", "problem")[0].words()
    assert "THE ENGINE DISAGREES WITH THE LOG in 1 place" in top
    assert "Congkak #1: line 3: the module logged points 11 11 8 11 0 9 0, the engine computes 11 11 8 11 0 8 0" in top
    assert [a.attrs["href"] for a in page.all("header")[0].all("div", "problem")[0].all("a")] == [
        "#launch-1-module-1"]
    assert page.all("section", "module")[0].attrs["id"] == "launch-1-module-1"
    board = page.all("section", "board")[0]
    assert [p.words() for p in board.all("p", "problem")] == [
        "Disagrees: line 3: the module logged points 11 11 8 11 0 9 0, the engine computes 11 11 8 11 0 8 0"]
    assert [td.words() for td in board.all("td", "differs")] == ["9"]
    assert "the engine disagrees" in page.all("section", "module")[0].all("h3")[0].words()


def test_the_page_fetches_nothing(capsys, tmp_path, bomb_log):
    _, page, html = report(capsys, tmp_path, bomb_log)
    for element in page.all():
        assert element.tag not in ("link", "img", "iframe", "object", "embed")
        assert "src" not in element.attrs
        assert element.attrs.get("href", "#").startswith("#")
    assert re.findall(r"url\(\"?([a-z]+):", html) == ["data", "data"]  # the two faces, as data
    assert "http" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_text_from_the_log_is_escaped_and_its_control_characters_shown(capsys, tmp_path, rules):
    name = tmp_path / "a<b>&\x1b[2J\x07.log"
    code, page, html = report(capsys, tmp_path, write_log(name, two_modules(rules)))
    assert code == 0 and "\x1b" not in html and "\x07" not in html and "<b>" not in html
    assert page.all("p", "source")[0].words().startswith(f"{tmp_path}/a<b>&\\x1b[2J\\x07.log: ")
    assert text("\x85\x9b\udcff\t<&>\"") == "\\x85\\x9b\ufffd\\t&lt;&amp;&gt;&quot;"


def test_a_big_log_draws_its_first_boards_and_counts_the_rest(capsys, tmp_path, rules, monkeypatch):
    monkeypatch.setattr(log_report, "FULL_BOARDS", 3)
    rng = random.Random(5)
    writer = ReleaseWriter("2023-07-27", rules, rng)
    lines = [line for n in range(1, 7) for line in writer.module(n, random_presses(rng))]
    check = check_log_lines(lines, rules)
    code, page, _ = report(capsys, tmp_path, write_log(tmp_path / "big.log", lines))
    assert code == 0 and len(page.all("svg")) == 3 == len(page.all("section", "board"))
    boards = [len(m.boards) for m in check.modules]
    full = next(i for i in range(len(boards) + 1) if sum(boards[:i]) >= 3)
    rest = check.modules[full:]
    summary = page.all("div", "summary")[-1].words()
    assert summary.startswith(f"{len(rest)} more modules (Congkak {rest[0].label} to {rest[-1].label}), summarised")
    assert f"{sum(len(m.boards) for m in rest)} boards, {sum(len(m.presses) for m in rest)} presses" in summary
    assert f"{len(rest)} of {len(rest)} solved" in summary


def test_bombs_generated_together_head_one_section(capsys, tmp_path, rules):
    """Two bombs made before any module logs (one round of Multiple Bombs): the modules are
    on one of them, and the page does not pretend to know which."""
    bombs = ["[BombGenerator] Generating bomb with seed 7", "[BombGenerator] Generating bomb with seed 8"]
    code, page, _ = report(capsys, tmp_path, write_log(tmp_path / "two.log", [*bombs, *two_modules(rules)]))
    assert code == 0 and [h.words() for h in page.all("h2")] == ["One of bombs 1 to 2"]  # one launch: not said


def test_an_early_releases_strike_is_not_put_down_to_the_minimum_rule(capsys, tmp_path, rules):
    """Up to 2023-04-24 every press that did not solve struck: the page says "strike", plainly."""
    solves = iter([False, True])

    def choose(ev):
        return ev.answer[0] if next(solves) else next(h for h in range(1, 8) if ev.module[h - 1] != "solve")
    lines = ReleaseWriter("2021-07-07", rules, random.Random(5)).module(1, choose)
    code, page, _ = report(capsys, tmp_path, write_log(tmp_path / "old.log", lines))
    said = [d.words() for d in page.all("dd")]
    assert code == 0 and "strike" in said and not any("minimum rule" in words for words in said)


@pytest.mark.parametrize("date", RELEASE_DATES)
def test_every_releases_log_is_drawn_and_judged(capsys, tmp_path, rules, date):
    """Each release's own words (the first ones name no hole: the press says which it could be)."""
    rng = random.Random(3)
    lines = ReleaseWriter(date, rules, rng).module(1, random_presses(rng, wrong_first=2))
    check = check_log_lines(lines, rules)
    code, page, _ = report(capsys, tmp_path, write_log(tmp_path / "old.log", lines))
    assert code == 0 and check.modules[0].release.date == date
    assert len(page.all("svg")) == len(check.modules[0].boards) == len(page.all("section", "board"))
    heads = [p.words() for p in page.all("p", "press-head")]
    assert len(heads) == len(check.modules[0].presses)
    named = RELEASE_WORDING[date].names_hole
    assert all(("A press (no hole logged)" in head) != named for head in heads)
    assert date in page.all("p", "counts")[0].words()


def test_each_bomb_of_each_game_launch_is_a_section(capsys, tmp_path, rules):
    lines = two_modules(rules)
    rng = random.Random(4)
    fifth = ReleaseWriter("2023-07-27", rules, rng).module(5, random_presses(rng))
    log = [*unity_noise(lines), "[BombGenerator] Generating bomb with seed 13", *fifth, *unity_noise(lines)]
    _, page, _ = report(capsys, tmp_path, write_log(tmp_path / "two.log", log))
    games = page.all("section", "game")
    assert [g.all("h2")[0].words() for g in games] == ["Game launch 1, bomb 1", "Game launch 1, bomb 2",
                                                       "Game launch 2, bomb 1"]
    assert [[m.all("h3")[0].words().split(" ")[1] for m in g.all("section", "module")] for g in games] == [
        ["#1", "#3"], ["#5"], ["#1", "#3"]]


@pytest.mark.parametrize("options, message", [
    (["--json"], "verify: --html writes a page; leave out --json"),
    (["--trace"], "verify: --html writes a page; leave out --trace"),
])
def test_html_refuses_other_outputs(capsys, tmp_path, bomb_log, options, message):
    code, out, err = run(capsys, "verify", "--log", bomb_log, "--html", str(tmp_path / "r.html"), *options)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_html_never_overwrites_the_log_and_needs_a_log(capsys, tmp_path, bomb_log):
    before = Path(bomb_log).read_bytes()
    code, _, err = run(capsys, "verify", "--log", bomb_log, "--html", bomb_log)
    assert code == 2 and "is the --log file itself" in err and Path(bomb_log).read_bytes() == before
    code, _, err = run(capsys, "verify", "--html", str(tmp_path / "r.html"), "--puzzle", "c1-2311040-0401012")
    assert code == 2 and "--html goes with --log FILE" in err and not (tmp_path / "r.html").exists()


def test_the_page_opens_where_there_is_a_display(capsys, tmp_path, bomb_log, monkeypatch):
    import webbrowser

    opened = []
    browser = webbrowser.GenericBrowser("firefox")
    monkeypatch.setattr(browser, "open", lambda url: opened.append(url) or True)
    monkeypatch.setattr(webbrowser, "get", lambda: browser)
    monkeypatch.setenv("DISPLAY", ":99")
    out = tmp_path / "r.html"
    code, stdout, _ = run(capsys, "verify", "--log", bomb_log, "--html", str(out))
    assert code == 0 and stdout == f"{out.resolve()}\n" and opened == [out.resolve().as_uri()]
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.delenv("DISPLAY")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert run(capsys, "verify", "--log", bomb_log, "--html", str(out))[0] == 0 and len(opened) == 1


def test_the_documented_bound_is_the_code_s():
    from conftest import ROOT

    assert f"the first {log_report.FULL_BOARDS} boards" in (ROOT / "docs" / "manual.md").read_text()


def test_html_dash_writes_the_page_to_standard_output(capsys, tmp_path, bomb_log, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, stdout, err = run(capsys, "verify", "--log", bomb_log, "--html", "-")
    assert code == 0 and err == "" and stdout.startswith("<!DOCTYPE html>") and stdout.rstrip().endswith("</html>")
    assert not (tmp_path / "-").exists()  # as generate's --out -, never a file named "-"
