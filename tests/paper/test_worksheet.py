"""The expert's worksheet: `print --worksheet` fills in the board; the PDF is checked by its text."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest

from ktane_congkak.cli import main
from ktane_congkak.core.ids import descriptive_id
from ktane_congkak.paper import worksheet as ws

from conftest import load_vectors

AUTHOR = load_vectors()[0]["board"]  # 2 3 1 1 0 4 0 | 31 | 0 4 0 1 0 1 2 | 48


def pdf_text(data: bytes, page=ws.PAGE) -> list[str]:
    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(data))
    assert all((float(p.mediabox.width), float(p.mediabox.height)) == page for p in reader.pages)
    return [page.extract_text() for page in reader.pages]


def board_row(text: str) -> list[int]:
    """The counts written in the board's strip: the words between 'Board' and 'your row'."""
    return [int(v) for v in text.split("\nBoard\n", 1)[1].split("your row")[0].split()]


def test_filled_worksheet_pdf_holds_the_board(tmp_path, capsys):
    out = tmp_path / "w.pdf"
    words = [str(v) for v in AUTHOR[:7] + AUTHOR[8:15]]
    assert main(["print", "--worksheet", *words, "--out", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    (text,) = pdf_text(out.read_bytes())  # one page
    assert ws.TITLE in text
    assert board_row(text) == AUTHOR[:7] + AUTHOR[8:15]  # places 1..14 in ring order
    assert "your row (1-7): 11" in text and "14-hole total: 19" in text  # 2+3+1+1+0+4+0, + 0+4+0+1+0+1+2
    for hole in range(1, 8):
        assert f"Hole {hole}" in text
    assert len(re.findall(r"^empty hole$", text, flags=re.M)) == 2  # holes 5 and 7
    assert text.count("0 points: skip it") == 2 and text.count("check: total") == 5  # no turn for an empty hole
    assert "2 seeds" in text and "4 seeds" in text and "1 seed\n" in text
    assert "c1-2311040-0401012" in text  # the board's ID names the sheet


def test_worksheet_from_a_puzzle_id(tmp_path, rules):
    board_id = descriptive_id(AUTHOR, rules, stores_known=True)
    out = tmp_path / "w.pdf"
    assert main(["print", "--worksheet", board_id, "-o", str(out)]) == 0
    (text,) = pdf_text(out.read_bytes())
    assert board_id in text and board_row(text) == AUTHOR[:7] + AUTHOR[8:15]


def test_blank_worksheet_has_no_counts(tmp_path):
    out = tmp_path / "blank.pdf"
    assert main(["print", "--worksheet", "blank", "-o", str(out)]) == 0
    (text,) = pdf_text(out.read_bytes())
    assert "your row (1-7): ____" in text and "14-hole total: ____" in text
    assert text.count("___ seeds") == 7


def test_worksheet_svg_is_one_letter_page(tmp_path):
    out = tmp_path / "w.svg"
    assert main(["print", "--worksheet", "7 7 7 7 7 7 7 7 7 7 7 7 7 7", "-o", str(out)]) == 0
    root = ET.fromstring(out.read_text())
    assert (float(root.get("width")), float(root.get("height"))) == ws.PAGE
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts.count("7") >= 14 and "your row (1-7): 49" in texts and "14-hole total: 98" in texts


def test_a4_worksheet_fits_its_page(tmp_path):
    """--paper a4 gives an A4 page, the drawing shrunk to A4's narrower width and centred."""
    from ktane_congkak.paper.sheets import PAPERS

    out = tmp_path / "a4.pdf"
    assert main(["print", "--worksheet", "c1-2311040-0401012", "--paper", "A4", "-o", str(out)]) == 0  # any case
    (text,) = pdf_text(out.read_bytes(), PAPERS["a4"])
    assert board_row(text) == AUTHOR[:7] + AUTHOR[8:15] and text.count("check: total") == 5
    page, scale, x, y = ws.page_fit("a4")
    assert scale < 1 and x >= ws.MARGIN and y >= ws.MARGIN  # inside A4's margins on every side
    assert x + ws.WIDTH * scale <= page[0] - ws.MARGIN + 1e-6 and y + ws.HEIGHT * scale <= page[1] - ws.MARGIN
    assert 7.5 * scale >= 7  # the smallest text (7.5 pt on Letter) stays readable
    svg = tmp_path / "a4.svg"
    assert main(["print", "--worksheet", "blank", "--paper", "a4", "-o", str(svg)]) == 0
    root = ET.fromstring(svg.read_text())
    assert (float(root.get("width")), float(root.get("height"))) == PAPERS["a4"]


def test_smallest_text_is_readable(rules):
    """Nothing on the worksheet is printed under 7 pt."""
    svg = ws.worksheet_svg(rules, AUTHOR, "x")
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    assert min(sizes) >= 7


@pytest.mark.parametrize("argv, message", [
    (["--worksheet", "1", "2"], "board needs 14 numbers"),
    (["starter.yaml", "--worksheet", "blank"], "not both"),
    ([], "give a set (ktane-congkak sets), puzzle files or IDs"),
    (["--worksheet", "blank", "--rules", "mancala"], "the module's rules"),
    (["--worksheet", "blank", "--with-solutions"], "--with-solutions applies to puzzle sheets only"),
    (["--worksheet", "blank", "--layout", "1x2", "--title", "T"], "--layout, --title apply to puzzle sheets only"),
    (["--worksheet", "blank", "--style", "dark"], "--style applies to puzzle sheets only"),
    (["starter", "--style", "blue"], "invalid choice: 'blue' (choose from 'line', 'dark')"),
])
def test_worksheet_errors_are_one_line(tmp_path, capsys, argv, message):
    code = main(["print", *argv, "-o", str(tmp_path / "w.pdf")])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1
    assert not (tmp_path / "w.pdf").exists()


def test_a_six_hole_ruleset_numbers_its_own_places():
    """The sheet's words come from the ruleset's hole ranges: a 6-hole board has holes 1-6,
    positions 7-12, a lap of 13 and a 12-hole total, and no module numbers."""
    from ktane_congkak.core.rules import load_ruleset

    rules = load_ruleset("mancala")
    svg = ET.fromstring(ws.worksheet_svg(rules, [4] * 6 + [0] + [4] * 6 + [0]))
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "your row (1-6): 24" in texts and "12-hole total: 48" in texts
    assert any("positions 7-12" in t and "holes 1-6" in t for t in texts)
    assert any("while above 13, take 13 off" in t for t in texts)
    assert any("when a new hole starts (from the board again)" in t for t in texts)  # rows are shared, counts not
    assert texts.count("check: total ____ - 7-12 after ____ = ____") == 6
    assert not any("1-7" in t or "8-14" in t or "14-hole" in t for t in texts)


def test_rows_for_nearly_every_pick_up_of_the_modules_boards(rules):
    """Scoring a board takes a row per pick-up of every hole holding seeds; the sheet's shared rows
    hold at least 95% of them on boards made the module's way (docs/manual.md gives the figure)."""
    coverage = ws.row_coverage(rules, 3000, 20)
    assert coverage.pickups_covered >= 0.95 * coverage.pickups
    assert coverage.boards_fitting >= 0.95 * coverage.boards  # whole boards on one sheet, too
    assert ws.drawing_bottom(rules) <= ws.HEIGHT  # and every row is on the page


def test_every_pick_up_row_has_a_laps_box_and_the_rows_are_printed(rules):
    """A row of a lap or more of seeds has a box for its whole laps (every place gains one per lap);
    the sheet really draws PICKUP_ROWS rows of the strip under the board's."""
    svg = ET.fromstring(ws.worksheet_svg(rules, None))
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "laps" in texts and "holds" in texts and any("laps box" in t for t in texts)
    grey_boxes = [r for r in svg.iter("{http://www.w3.org/2000/svg}rect") if r.get("fill") == "#e1e1e1"]
    assert len(grey_boxes) == 7 * (1 + ws.PICKUP_ROWS)  # your 7 holes' boxes in the board strip and every row
