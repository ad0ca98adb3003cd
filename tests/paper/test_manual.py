"""The expert manual: what it prints is what the engine says, and the committed copy is current."""

from __future__ import annotations

import io
import math
import os
import re
import xml.etree.ElementTree as ET
from html import unescape

import pytest

from ktane_congkak.paper import fonts
from ktane_congkak.paper import manual as mb
from ktane_congkak.cli import main
from ktane_congkak.core import shortcuts as sc
from ktane_congkak.core.evaluate import evaluate
from ktane_congkak.core.rules import YOU
from ktane_congkak.core.sowing import CAPTURE, play_turn

from conftest import ROOT, load_vectors

COMMITTED = ROOT / "manual"


@pytest.fixture(scope="module")
def built(rules):
    return mb.build_files(rules)


@pytest.fixture(scope="module")
def built_a4(rules):
    return mb.build_files(rules, paper="a4")


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


def figure(built, name) -> ET.Element:
    """The HTML's diagram `name` (module, ring, example, worksheet), an SVG drawn inside the page."""
    html = built[mb.HTML_NAME].decode()
    found = re.search(rf'<svg id="figure-{name}".*?</svg>', html, flags=re.S)
    assert found, f"no figure-{name} in the HTML"
    return ET.fromstring(found[0])


def blocks(pages, kind):
    return [b for page in pages for b in page.blocks if isinstance(b, kind)]


# --- the committed manual is what the engine says now -------------------------------------


REBUILD = "run `ktane-congkak manual --out manual` and `ktane-congkak manual --out manual --paper a4`"


def test_committed_html_and_fonts_are_current(built, built_a4):
    pdfs = {mb.manual_names(paper)[1] for paper in ("letter", "a4")}
    for name, data in {**built, **built_a4}.items():
        if name in pdfs:
            continue
        path = COMMITTED / name
        assert path.is_file(), f"manual/{name} missing: {REBUILD}"
        assert path.read_bytes() == data, f"manual/{name} is stale: {REBUILD}"
    stale = {p.name for p in COMMITTED.iterdir()} - set(built) - set(built_a4) - {"README.md"}
    assert not stale, f"manual/ holds files the build no longer makes: {sorted(stale)}"


def test_committed_pdf_text_is_current(built, built_a4):
    """Compared as extracted text, page by page (bytes differ between reportlab versions)."""
    for files, paper in ((built, "letter"), (built_a4, "a4")):
        name = mb.manual_names(paper)[1]
        assert pdf_pages_text((COMMITTED / name).read_bytes()) == pdf_pages_text(files[name]), \
            f"manual/{name} is stale: {REBUILD}"


def test_build_is_deterministic(rules, built):
    again = mb.build_files(rules)
    assert again == built  # HTML, SVG and (invariant mode) the PDF's very bytes


# --- page style -----------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_pdf_pages_match_html_pages(built, built_a4, pages, paper):
    import pypdf

    from ktane_congkak.paper import PAPERS

    files = built if paper == "letter" else built_a4
    html_name, pdf_name = mb.manual_names(paper)
    texts = pdf_pages_text(files[pdf_name])
    reader = pypdf.PdfReader(io.BytesIO(files[pdf_name]))
    assert len(texts) == len(pages) == len(re.findall(r'<div class="page[ "]', files[html_name].decode()))
    if paper == "a4":  # the same text block as Letter's: every page reads the same
        assert texts == pdf_pages_text(built[mb.PDF_NAME])
    for number, (text, page) in enumerate(zip(texts, reader.pages), 1):
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(PAPERS[paper])
        assert "Keep Talking and Nobody Explodes Mod" in text and "Congkak" in text
        assert f"Page {number} of {len(texts)}" in text
    assert "On the Subject of Congkak" in texts[0]
    assert mb.FLAVOUR in texts[0]


def test_html_page_style(built, built_a4):
    html = built[mb.HTML_NAME].decode()
    assert "prefers-color-scheme: dark" in html and "@media print" in html and "size: 612pt 792pt" in html
    assert "size: 595.28pt 841.89pt" in built_a4[mb.manual_names("a4")[0]].decode()
    assert html.count('<span>Keep Talking and Nobody Explodes Mod</span><span>Congkak</span>') == \
        len(re.findall(r'<div class="page[ "]', html))
    assert "<h1>On the Subject of Congkak</h1>" in html
    assert f'<p class="flavour">{mb.FLAVOUR}</p>' in html
    assert "<img" not in html  # an image could not use the page's web font: every diagram is drawn inside
    for name in ("module", "ring", "example", "worksheet"):
        root = figure(built, name)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("font-family").startswith(fonts.FAMILY)  # the face the page's @font-face loads


def test_every_teaching_section_present(html_text):
    for heading in ("Which holes are yours", "The ring", "One turn", "Scoring a hole",
                    "What pressing a hole does", "Shortcut 1: where the first sowing lands",
                    "Shortcut 2: points are your row, less what the opponent's row gained",
                    "Shortcut 3: holes you score without sowing", "Shortcut 4: count in jumps, not drops",
                    "Shortcut 5: the most any hole can score", "The traps", "The routine", "A worked example",
                    "Appendix A: the strike rule, exactly", "Appendix B: the worksheet"):
        assert heading in html_text
    for idea in ("capture", "relay", "solve", "strike", "hole 1 is at the bottom-right end",
                 "whole of the opponent's row", "The check total"):
        assert idea in html_text


# --- KTANE's order, one numbering, no forward references ---------------------------------


def test_pdf_opens_with_the_title_and_the_diagram_beside_the_flavour(built, pages):
    first = pages[0].blocks
    assert isinstance(first[0], mb.Heading) and first[0].text == "On the Subject of Congkak"
    beside = first[1]
    assert isinstance(beside, mb.Beside) and beside.blocks[0].text == mb.FLAVOUR
    text = pdf_pages_text(built[mb.PDF_NAME])[0]
    assert text.index("On the Subject of Congkak") < text.index(mb.FLAVOUR[:30])
    html = built[mb.HTML_NAME].decode()
    assert html.index("<h1>") < html.index('class="beside-wrap"') < html.index('<svg id="figure-module"')


def test_no_forward_references(built):
    """A page refers only to shortcuts and steps already taught; only the appendices are ahead."""
    texts = pdf_pages_text(built[mb.PDF_NAME])
    taught = {}
    for number, text in enumerate(texts):
        for k in re.findall(r"Shortcut (\d): ", text):
            taught.setdefault(k, number)
    assert sorted(taught) == ["1", "2", "3", "4", "5"]
    for number, text in enumerate(texts):
        for k in re.findall(r"Shortcut (\d)\)", text):
            assert taught[k] <= number, f"page {number + 1} refers to Shortcut {k} before it is taught"
        assert "overleaf" not in text and "below" not in text.replace("The shortcuts below", "")
    assert "The routine" in texts[4] and "A worked example" in texts[4]  # the routine, then its example


def test_stores_are_named_not_numbered(built, rules):
    ring = figure(built, "ring")
    words = [t.text for t in ring.iter("{http://www.w3.org/2000/svg}text")]
    assert sorted(int(w) for w in words if w.isdigit()) == list(range(1, 15))  # holes 1-7, positions 8-14
    names = [w.lower() for w in words if w]
    assert "your store" in names and "opponent's store" in names
    module = figure(built, "module")
    assert "YOUR STORE" in [t.text for t in module.iter("{http://www.w3.org/2000/svg}text")]


def test_one_numbering_of_the_places(html_text, built, capsys):
    """Holes 1-7, positions 8-14, stores by name: in the text, the tables, the diagrams and --help."""
    assert " slot" not in html_text and "position 0" not in html_text and "position 15" not in html_text
    assert "positions 8 to 14" in html_text and "hole 1, hole 2" in html_text
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    help_text = re.sub(r"\s+", " ", capsys.readouterr().out)
    assert "your holes 1-7, then the opponent's positions 8-14" in help_text
    assert "holes 1-7, the opponent's store, positions 8-14, your store" in help_text


def test_every_hole_scoring_0_is_stated_once_and_consistently(html_text, rules):
    """When every hole scores 0 (all empty, or every turn leaves you nothing) any press solves, an
    empty hole's too: said once on the scoring page, and the engine agrees; no sentence says an
    empty hole strikes without the 'some hole scores more than 0' condition."""
    assert html_text.count("any press solves") == 2  # here, and page 1's one exception to "never press an empty hole"
    assert "If every hole scores 0 (all yours empty, or, once scored, every turn leaves you nothing), press any " \
           "hole: it solves." in html_text  # the routine's step 3
    assert "Never press an empty hole: it strikes, unless every hole scores 0 (all 7 empty, or every turn leaves " \
           "you nothing): then any press solves (page 3)" in html_text
    html_text = re.sub(r" ([,.:;])", r"\1", html_text)  # a tag's end left a space before the comma
    assert "Every hole scores 0 (all your holes empty, or every turn leaves you nothing): any press solves, " \
           "an empty hole's too" in html_text
    assert "An empty hole: strike, whenever some hole scores more than 0" in html_text
    # A hole with seeds scores 0 exactly when its turn leaves your row empty and your store as it was
    # (the old wording, "whose seeds all end up on the opponent's side", left out the rest of your row).
    assert "so does a hole with seeds whose turn leaves all your holes empty and adds nothing to your store" \
        in html_text
    # The engine: hole 6's single seed relays hole 7's and both end on the opponent's side (0 points);
    # hole 7's lands on empty position 8 and leaves hole 6's seed home (1 point).
    board = (0, 0, 0, 0, 0, 1, 1, 0) + (0,) * 8
    ev = evaluate(board, rules)
    assert ev.points[5] == 0 and ev.seeds[5] == 1 and ev.maximum == 1  # a hole with seeds can score 0
    assert ev.points[6] == 1  # hole 7's seed too ends on the opponent's side, yet hole 6's keeps it above 0
    nothing = evaluate((0,) * 6 + (1,) + (0,) * 9, rules)  # hole 7's seed ends on position 8: 0 points
    assert nothing.points == (0,) * 7 and set(nothing.module) == {"solve"}  # empty holes solve too


# --- the manual's examples and figures are the engine's -----------------------------------


def test_ring_as_printed(rules, html_text):
    expected = ("hole 1, hole 2, hole 3, hole 4, hole 5, hole 6, hole 7, position 8, position 9, position 10, "
                "position 11, position 12, position 13, position 14, your store, and on round again")
    assert expected in html_text


def test_the_rings_arrows_read_at_screen_size(built, pages):
    """Each of the ring's 15 arrowheads is at least 12 CSS pixels long as the page shows it (the
    drawing at its printed size, 1 pt = 4/3 px) and lies inside its hole (they were 8 px long)."""
    ring = figure(built, "ring")
    from ktane_congkak.paper.layout import HOLE_RADIUS
    from ktane_congkak.paper.manual.model import Figure

    (fig,) = [b for b in blocks(pages, Figure) if b.name == "ring"]
    assert f'<svg id="figure-ring" role="img" aria-label="Diagram of the Congkak module" class="face" ' \
           f'style="--size: {fig.size}pt"' in built[mb.HTML_NAME].decode()
    scale = fig.size * 4 / 3 / float(ring.get("width"))  # CSS px per SVG unit
    arrows = [p for p in ring.iter("{http://www.w3.org/2000/svg}polygon") if len(p.get("points").split()) == 4]
    assert len(arrows) == 15
    for arrow in arrows:
        points = [tuple(map(float, xy.split(","))) for xy in arrow.get("points").split()]
        tip, back = points[0], ((points[1][0] + points[3][0]) / 2, (points[1][1] + points[3][1]) / 2)
        assert math.dist(tip, back) * scale >= 12, points
        centre = ((tip[0] + back[0]) / 2, (tip[1] + back[1]) / 2)  # the hole's centre
        assert max(math.dist(centre, p) for p in points) <= HOLE_RADIUS * float(ring.get("width")), points


def test_the_worksheet_heading_keeps_the_texts_margin(built, built_a4):
    """Appendix B's page is wide (the worksheet nearly at its own size), but its heading starts
    where every other page's headings do, inside the header's rule, on both papers."""
    from test_sheets_legible import printed_texts

    for files, paper in ((built, "letter"), (built_a4, "a4")):
        texts = printed_texts(files[mb.manual_names(paper)[1]])
        header = min(t["x"] for t in texts if t["text"].startswith("Keep Talking"))
        heading = next(t for t in texts if t["text"].startswith("Appendix B"))
        ring = next(t for t in texts if t["text"] == "The ring")
        assert heading["x"] == pytest.approx(ring["x"], abs=0.5) and heading["x"] > header, paper


def test_facing_table(rules, pages):
    table = next(t for t in blocks(pages, mb.Table) if t.header[0] == "Your hole")
    assert table.rows[0][1:] == [str(rules.facing(h)) for h in range(7)]  # slot 8..14 is position 8..14
    assert table.rows[0][1] == "14"


def test_landing_table_is_the_engines(rules, pages):
    """Each cell is where a lone first sowing really ends: from your holes, checked by sowing it on
    an empty ring; from the opponent's positions (where relays pick up), by counting along your path."""
    table = next(t for t in blocks(pages, mb.Table) if t.header[0] == mb.LANDING_CORNER)
    assert len(table.rows) == 14 and table.header[1:] == [str(s) for s in range(1, 16)]
    path = rules.path(YOU)
    for place, row in enumerate(table.rows, 1):
        assert re.sub("<[^>]+>", "", row[0]) == str(place)
        for seeds, cell in enumerate(row[1:], 1):
            if place <= 7:
                board = [0] * 16
                board[place - 1] = seeds
                turn = play_turn(board, rules, YOU, place - 1)  # an empty ring: the first sowing ends the turn
                landed = sc.ring_place(rules, turn.last)
            else:
                landed = sc.ring_place(rules, path[(place - 1 + seeds) % len(path)])
            assert re.sub("<[^>]+>", "", cell) == mb.place_name(landed, rules)


def test_a_lap_of_seeds_lands_back_in_the_emptied_hole_and_captures(rules, html_text):
    """'With exactly 15 seeds the last one lands back in the hole you emptied ... in your row a capture', and
    with 30 a relay: the engine agrees (test_community_paper checks a relay of 15 from a position: the turn ends)."""
    assert "With exactly 15 seeds the last one lands back in the hole you emptied, which then holds just that " \
           "seed: in your row a capture, in positions 8 to 14 the turn ends. With exactly 30 seeds the last one " \
           "lands there too, but the hole then holds 2 seeds: a relay." in html_text
    for hole in range(1, 8):
        board = [1] * 16
        board[hole - 1] = 15
        turn = play_turn(board, rules, YOU, hole - 1)
        assert turn.sows[0] == (hole - 1, 15) and turn.last == hole - 1 and turn.end == CAPTURE
        board[hole - 1] = 30
        turn = play_turn(board, rules, YOU, hole - 1)
        assert turn.sows[:2] == ((hole - 1, 30), (hole - 1, 2))  # two laps: the emptied hole relays its 2


def test_shortcut_figures_printed(rules, html_text):
    """The shortcuts' figures are the engine's measure, put as facts of the module (no sample size)."""
    saved = mb.savings(rules)
    assert saved == sc.measure_savings(rules, mb.SURVEY_BOARDS, mb.SURVEY_SEED)
    settled = sum(saved.kinds[k] for k in sc.SETTLED)
    assert f"Of the holes holding seeds, this settles {mb.about(settled, saved.holes, 'hole')}, and on " \
           f"{mb.about(saved.best_settled, saved.boards, 'board')} a best hole is one of them" in html_text
    assert (f"Scoring a whole board takes about {saved.median_pickups} such rows instead of about "
            f"{mb.round_down(saved.median_drops)} single drops") in html_text
    assert f"It is rare: {mb.about(saved.bound_boards, saved.boards, 'board')}." in html_text
    assert f"relays are the common case ({mb.about(saved.kinds[sc.RELAYS], saved.holes, 'hole')})" in html_text
    assert f"15 seeds or more ({mb.about(saved.kinds[sc.LONG], saved.holes, 'hole')})" in html_text
    assert saved.median_pickups < saved.median_drops


def test_worked_example_is_the_engines(rules, pages, html_text):
    ex = mb.worked_example(rules)
    ev = evaluate(ex.slots, rules)
    assert ex.slots == mb.generated_board(rules, ex.seed)
    assert ev.answer == [ex.best] and ev.disagreements == []
    row, total = sc.row_total(ex.slots, rules), sc.holes_total(ex.slots, rules)
    assert f"Your row is {row} and the total of the 14 counts is {total}" in html_text
    # The quick-read table: every settled hole's points are the engine's, every other says trace.
    reads = next(t for t in blocks(pages, mb.Table) if t.header == ["Hole", "Seeds", "Lands on", "So", "Points"])
    kinds = set()
    for i, cells in enumerate(reads.rows):
        read = sc.quick_read(ex.slots, rules, i + 1)
        if read is None or read.kind in sc.SETTLED:
            assert int(cells[4].split("= ")[-1]) == ev.points[i]
            kinds.add(None if read is None else read.kind)
            if read is not None:
                assert eval(cells[4].split(" = ")[0]) == ev.points[i]  # the printed sum adds up
        else:
            assert cells[4] == "trace"
        if read is not None:
            left, land = cells[2].replace(": S", "").split(" = ")
            assert eval(left) in (read.place, 15) and mb.place_name(read.place, rules) in (land, "S")
    assert len(kinds - {None}) >= 2 and None in kinds
    # The jumps table is the engine's turn, pick-up by pick-up.
    jumps = next(t for t in blocks(pages, mb.Table) if t.header[0] == "Pick-up")
    turn = play_turn(ex.slots, rules, YOU, ex.best - 1)
    assert [(int(r[1]), int(r[2])) for r in jumps.rows] == [(sc.ring_place(rules, s), n) for s, n in turn.sows]
    assert [int(r[4]) for r in jumps.rows] == [j.count for j in sc.jumps(ex.slots, rules, ex.best)]
    after = next(t for t in blocks(pages, mb.Table) if t.header[0] == "Place")
    assert [int(v) for v in after.rows[0][1:15]] == [turn.after[sc.place_slot(rules, p)] for p in range(1, 15)]
    # The sums printed add up to the engine's points, both ways.
    match = re.search(r"so hole (\d) scores (\d+) \+ (\d+) = (\d+) ?\. Check total: (\d+) - (\d+)", html_text)
    assert match and int(match[1]) == ex.best
    assert int(match[2]) + int(match[3]) == int(match[4]) == int(match[5]) - int(match[6]) == ev.maximum
    # The scored table is the engine's points and verdicts.
    table = next(t for t in blocks(pages, mb.Table) if t.header == ["Hole", "Seeds", "Points", "Module"])
    assert [int(r[2]) for r in table.rows] == list(ev.points)
    assert [r[3] for r in table.rows] == [mb.verdict_word(v) for v in ev.module]
    assert table.mark_rows == (ex.best - 1,)
    goes_on = re.search(r"Pressing holes? ([\d, and]+) lets the game go on", html_text)
    assert [int(h) for h in re.findall(r"\d", goes_on[1])] == [i + 1 for i, v in enumerate(ev.module) if v == "continue"]
    assert f"press hole {ex.best}" in html_text
    for hole in range(1, 8):
        if ex.slots[hole - 1] and sc.quick_read(ex.slots, rules, hole).kind not in sc.SETTLED and hole != ex.best:
            assert f"hole {hole} scores {ev.points[hole - 1]} (" in html_text


def test_blank_worksheet_in_the_appendix(built):
    texts = pdf_pages_text(built[mb.PDF_NAME])
    # one title (the appendix's), the how-to in the manual's own type above the drawing
    assert "Appendix B: the worksheet" in texts[-1] and "Congkak worksheet" not in texts[-1]
    assert texts[-1].count("check: total") == 7 and "your row (1-7): ____" in texts[-1]
    assert "Places: your holes 1-7, the opponent's positions 8-14" in texts[-1]
    sheet = figure(built, "worksheet")
    words = [t.text for t in sheet.iter("{http://www.w3.org/2000/svg}text")]
    assert "Congkak worksheet" not in words and "laps" in words
    assert not [r for r in sheet.iter("{http://www.w3.org/2000/svg}rect") if r.get("fill") in ("#fff", "#ffffff")]


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
    assert f"The two differ on {mb.about(facts.disagree, facts.boards, 'board')}." in html_text
    assert f"Half of the module's turns take {facts.median_drops} drops or fewer" in html_text


# --- the command --------------------------------------------------------------------


def test_manual_command_writes_files(tmp_path, capsys, built):
    out = tmp_path / "new" / "manual"
    assert main(["manual", "--out", str(out), "--no-pdf"]) == 0
    written = sorted(p.name for p in out.iterdir())
    assert written == sorted(n for n in built if n != mb.PDF_NAME)
    assert (out / mb.HTML_NAME).read_bytes() == built[mb.HTML_NAME]
    printed = capsys.readouterr()
    assert str(out / mb.HTML_NAME) in printed.out
    assert printed.err == f"ktane-congkak: made the missing folders {tmp_path / 'new'}, {out}\n"
    umask = os.umask(0)
    os.umask(umask)
    assert {(p.stat().st_mode & 0o777) for p in out.iterdir()} == {0o666 & ~umask}  # readable, not private
    (out / mb.HTML_NAME).chmod(0o600)
    assert main(["manual", "--out", str(out), "--no-pdf"]) == 0
    assert capsys.readouterr().err == ""  # the folder is there now: nothing to say
    assert (out / mb.HTML_NAME).stat().st_mode & 0o777 == 0o600  # a rebuilt file keeps its mode, as every write does


def test_manual_command_builds_the_a4_manual(tmp_path, capsys, built_a4):
    out = tmp_path / "a4"
    assert main(["manual", "--out", str(out), "--paper", "A4"]) == 0
    html, pdf = mb.manual_names("a4")
    assert (html, pdf) == ("index-a4.html", "congkak-a4.pdf")
    assert sorted(p.name for p in out.iterdir()) == sorted(built_a4)
    assert (out / html).read_bytes() == built_a4[html]
    assert pdf_pages_text((out / pdf).read_bytes()) == pdf_pages_text(built_a4[pdf])
    assert capsys.readouterr().out.splitlines()[0] == str(out / html)


def test_manual_command_refuses_a_file_as_folder(tmp_path, capsys):
    target = tmp_path / "file"
    target.write_text("x")
    assert main(["manual", "--out", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ktane-congkak: ") and "not a folder" in err and err.count("\n") == 1
