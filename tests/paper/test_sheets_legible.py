"""Sheets anyone can read: the smallest printed text, long titles, one SVG file per page."""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET

import pypdf
import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from ktane_congkak.cli import main
from ktane_congkak.errors import UserError
from ktane_congkak.paper import fonts
from ktane_congkak.paper.sheets import MIN_TEXT_PT, PAPERS, check_layout, parse_layout, sheet_pdf
from ktane_congkak.puzzles.sets import load_puzzle_set

SVG = "{http://www.w3.org/2000/svg}"
LONG_TITLE = ("The club's autumn practice evening at the community hall: twelve boards for newcomers, "
              "with pizza, a quiz afterwards, and prizes for everyone who stays until the end")


def _multiply(m, n):
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u)


def printed_texts(data: bytes) -> list[dict]:
    """Every piece of text the PDF shows, read back from the PDF: its page, the size it
    prints at (the font size through the text and drawing matrices, so rotated text
    counts too), its left end, width and baseline in page points."""
    fonts.register()
    found = []
    for number, page in enumerate(pypdf.PdfReader(io.BytesIO(data)).pages, 1):
        def visit(text, cm, tm, font, size, number=number):
            text = text.strip()  # pypdf adds line breaks and spaces between pieces
            if not text:
                return
            m = _multiply(tm, cm)
            scale = math.hypot(m[2], m[3])
            name = str(font["/BaseFont"]).lstrip("/").split("+")[-1]  # "AAAAAA+CourierPrime": a subset
            found.append({"page": number, "text": text, "size": size * scale, "x": m[4], "y": m[5],
                          "width": stringWidth(text, name, size * scale)})
        page.extract_text(visitor_text=visit)
    return found


def accepted_layouts():
    """Every COLUMNSxROWS the program accepts, on each paper (the rest it refuses)."""
    for paper in PAPERS:
        for cols in range(1, 7):
            for rows in range(1, 9):
                try:
                    check_layout(parse_layout(f"{cols}x{rows}"), paper)
                except UserError:
                    continue
                yield paper, (cols, rows)


@pytest.fixture(scope="module")
def starter():
    found = load_puzzle_set("starter")
    return found.rules, found.puzzles


@pytest.mark.parametrize("paper, grid", list(accepted_layouts()))
def test_nothing_prints_under_6_pt_in_any_accepted_layout(starter, paper, grid):
    rules, puzzles = starter
    data = sheet_pdf(puzzles[: grid[0] * grid[1]], rules, layout=grid, paper=paper, solutions=True, title="Sizes")
    texts = printed_texts(data)
    assert any(t["text"] == "YOUR STORE" for t in texts) and any(t["text"] == "OPPONENT'S STORE" for t in texts)
    smallest = min(texts, key=lambda t: t["size"])
    assert smallest["size"] >= MIN_TEXT_PT - 0.01, smallest


def test_the_default_layout_fits_both_papers_and_dense_ones_are_refused_naming_one_that_fits():
    accepted = list(accepted_layouts())
    assert ("letter", (2, 3)) in accepted and ("a4", (2, 3)) in accepted
    for paper in PAPERS:
        with pytest.raises(UserError) as caught:
            check_layout((3, 4), paper)
        message = str(caught.value)
        assert message == f"layout 3x4 is too dense for {paper} paper (its text would print under 6 pt); 2x3 fits"
        check_layout((2, 3), paper)  # the layout it names is accepted


@pytest.mark.parametrize("paper", list(PAPERS))
def test_a_long_title_stays_inside_the_page_and_clear_of_the_page_number(starter, paper):
    rules, puzzles = starter
    width, height = PAPERS[paper]
    texts = printed_texts(sheet_pdf(puzzles, rules, paper=paper, solutions=True, title=LONG_TITLE))
    for t in texts:
        assert 0 <= t["x"] and t["x"] + t["width"] <= width and 0 <= t["y"] <= height, t
    for page in (1, 2, 3):
        number = next(t for t in texts if t["page"] == page and t["text"].startswith(f"page {page} of 3"))
        title = [t for t in texts if t["page"] == page and t["size"] >= 11 and t["y"] > height - 80
                 and not t["text"].startswith("page ")]
        assert len(title) in (1, 2)  # shrunk to one line, or wrapped onto two
        words = " ".join(t["text"] for t in title).replace("…", "").split()
        given = LONG_TITLE.split()[: len(words)]
        assert words[:-1] == given[:-1] and given[-1].startswith(words[-1]) and len(words) >= 10  # cut short at most
        for line in title:  # clear of "page N of 3" and inside the margins
            assert line["x"] + line["width"] < number["x"] and line["x"] >= 36
        lines_bottom = min(t["y"] for t in title) - 4  # descenders
        faces_top = height - 36 - 30
        assert lines_bottom > faces_top - 1


def test_svg_is_one_page_shaped_file_per_page(tmp_path, capsys):
    code = main(["print", "starter", "--with-solutions", "--paper", "a4", "--out", str(tmp_path / "sheet.svg")])
    out, err = capsys.readouterr()
    names = [tmp_path / f"sheet-{k}.svg" for k in (1, 2, 3)]
    assert code == 0 and out == (f"wrote {', '.join(map(str, names))} (a page each): 12 puzzles on 2 pages "
                                 "and an answer key\n")
    assert sorted(tmp_path.iterdir()) == names
    ids = {p.id for p in load_puzzle_set("starter").puzzles}
    seen = set()
    for k, name in enumerate(names, 1):
        root = ET.fromstring(name.read_text())
        assert (float(root.get("width")), float(root.get("height"))) == (595.28, 841.89)
        words = [t.text or "" for t in root.iter(f"{SVG}text")]
        assert f"page {k} of 3" in words and not any("`" in w for w in words)
        seen |= ids & set(words)
        if k < 3:
            assert len(ids & set(words)) == 6
    assert seen == ids


def test_one_page_of_svg_keeps_the_name_given(tmp_path, capsys):
    out = tmp_path / "one.svg"
    assert main(["print", "c1-12h1000-0130040-32-37", "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}: 1 puzzle on 1 page\n"
    assert [p.name for p in tmp_path.iterdir()] == ["one.svg"]
