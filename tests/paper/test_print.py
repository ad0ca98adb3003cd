"""Printable sheets and the face drawing: PDF text and pixels, SVG structure, errors."""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET

import pypdf  # the test extra: a PDF text extractor
import pypdfium2 as pdfium  # the test extra: renders PDF pages to pixels
import pytest

from ktane_congkak.paper import layout
from ktane_congkak.core.rules import OPPONENT, YOU
from ktane_congkak.cli import main
from ktane_congkak.puzzles.sets import Filters, generate, load_puzzle_set, save
from ktane_congkak.paper.render import DARK, LINE, draw_face_pdf, face_svg
from ktane_congkak.paper.sheets import PAPERS, parse_layout, sheet_pdf, sheet_svg


AUTHOR = (1, 2, 17, 1, 0, 0, 0, 37, 0, 1, 3, 0, 0, 4, 0, 32)
SVG = "{http://www.w3.org/2000/svg}"


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def pdf_text(data: bytes) -> list[str]:
    """Each page's text as laid out (a key row comes out as one line)."""
    return [page.extract_text(extraction_mode="layout") for page in pypdf.PdfReader(io.BytesIO(data)).pages]


def page_pixels(data: bytes, scale: float = 0.5):
    """Each page rendered (as a PNG would be) to (width, height, BGR bytes)."""
    document = pdfium.PdfDocument(data)
    pages = []
    for page in document:
        bitmap = page.render(scale=scale)
        width, height, stride = bitmap.width, bitmap.height, bitmap.stride
        raw = bytes(bitmap.buffer)
        channels = stride // width if stride % width == 0 else 3
        rows = [raw[y * stride : y * stride + width * channels] for y in range(height)]
        pages.append((width, height, channels, b"".join(rows)))
    return pages


def ink_fraction(width, height, channels, pixels) -> float:
    """The share of pixels that are not white."""
    dark = sum(1 for i in range(0, len(pixels), channels * 7) if min(pixels[i : i + 3]) < 235)
    return dark / (len(pixels) / (channels * 7))


def has_colour(channels, pixels, rgb, tolerance=12) -> bool:
    b, g, r = rgb[2], rgb[1], rgb[0]
    for i in range(0, len(pixels), channels):
        if abs(pixels[i] - b) <= tolerance and abs(pixels[i + 1] - g) <= tolerance and abs(pixels[i + 2] - r) <= tolerance:
            return True
    return False


@pytest.fixture(scope="module")
def puzzle_set(rules):
    made = generate(rules, 8, "print", Filters(unique=False))
    made.title = "Print test"
    return made


# --- the face ------------------------------------------------------------------------

def test_face_svg_writes_every_count_in_its_hole(rules):
    svg = face_svg(AUTHOR, rules, screen="07", light="strike", highlight=2, title="T", style=DARK)
    root = ET.fromstring(svg)
    texts = {(t.text, round(float(t.get("x")))) for t in root.iter(f"{SVG}text")}
    spots = layout.spots(rules)
    for slot, count in enumerate(AUTHOR):
        assert (str(count), round(spots[slot].x * 300)) in texts
    colours = {e.get("fill") for e in root.iter(f"{SVG}ellipse")}
    assert "#%02x%02x%02x" % layout.HOLE_HOVER in colours and "#%02x%02x%02x" % layout.LIGHT_STRIKE in colours
    marked = [e for e in root.iter(f"{SVG}ellipse") if e.get("stroke") == "#%02x%02x%02x" % DARK.your_edge]
    assert len(marked) == 8  # your seven holes and your store
    words = [t.text for t in root.iter(f"{SVG}text")]
    assert "YOUR STORE" in words and "07" in words and "T" in words


def test_face_svg_unknown_stores_show_a_question_mark(rules):
    root = ET.fromstring(face_svg(AUTHOR, rules, stores_known=False, labels=False))
    words = [t.text for t in root.iter(f"{SVG}text")]
    assert words.count("?") == 2 and "32" not in words


def test_face_pdf_draws_counts_and_colours(rules):
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(300, 300))
    draw_face_pdf(c, 0, 0, 300, AUTHOR, rules, light="solve", style=DARK)
    c.save()
    text = pdf_text(buffer.getvalue())[0]
    for word in ("17", "37", "32", "YOUR STORE", "YOUR HOLES"):
        assert word in text
    (w, h, ch, pixels), = page_pixels(buffer.getvalue(), scale=1)
    assert has_colour(ch, pixels, layout.BOAT) and has_colour(ch, pixels, layout.LIGHT_SOLVE)
    # The face fills its square: its top-left corner region is the face colour, not white.
    corner = (20 * w + 20) * ch
    assert abs(pixels[corner + 2] - layout.FACE[0]) < 10


# --- sheets --------------------------------------------------------------------------

def test_pdf_holds_every_id_and_answer_with_the_key_under_the_last_puzzles(rules, puzzle_set):
    data = sheet_pdf(puzzle_set.puzzles, rules, layout=(2, 3), paper="letter", solutions=True, title="Print test")
    pages = pdf_text(data)
    assert len(pages) == 2  # 8 puzzles at 6 a page; the key fits under the last two, in the rows they leave
    puzzle_text = "\n".join(pages)
    key_lines = pages[1].splitlines()
    for number, p in enumerate(puzzle_set.puzzles, 1):
        assert p.id in puzzle_text and f"Puzzle {number}" in puzzle_text
        row = next(line for line in key_lines if line.lstrip().startswith(str(number)) and p.id in line)
        answer = ",".join(map(str, p.answer))
        assert re.match(rf"^{number}\s*{re.escape(p.id)}\s*{answer}\s*" + r"\s*".join(map(str, p.points)), row), row
    assert "Answer key" in pages[1] and "Answer key" not in pages[0]


def test_a_key_with_no_room_under_the_puzzles_gets_its_own_page(rules, puzzle_set):
    six = puzzle_set.puzzles[:6]  # a full page of faces: no room left under them
    pages = pdf_text(sheet_pdf(six, rules, layout=(2, 3), paper="letter", solutions=True, title="Print test"))
    assert len(pages) == 2 and "answer key" in pages[1] and all(p.id in pages[1] for p in six)


def test_pdf_without_solutions_has_no_key(rules, puzzle_set):
    pages = pdf_text(sheet_pdf(puzzle_set.puzzles, rules, layout=(2, 3)))
    assert len(pages) == 2 and "answer key" not in "".join(pages)


def dark_fraction(width, height, channels, pixels) -> float:
    """The share of pixels a grey photocopy prints dark: luminance under half."""
    dark = 0
    for i in range(0, len(pixels), channels):
        b, g, r = pixels[i], pixels[i + 1], pixels[i + 2]
        dark += 0.299 * r + 0.587 * g + 0.114 * b < 128
    return dark / (width * height)


def test_sheet_pages_are_ink_light_by_default_and_dark_on_request(rules, puzzle_set):
    at_50_dpi = 50 / 72
    light = sheet_pdf(puzzle_set.puzzles[:6], rules, layout=(2, 3), paper="a4", solutions=True)
    pages = page_pixels(light, scale=at_50_dpi)
    width, height = PAPERS["a4"]
    for w, h, _, _ in pages:
        assert abs(w - width * at_50_dpi) <= 1 and abs(h - height * at_50_dpi) <= 1
    faces, key = dark_fraction(*pages[0]), dark_fraction(*pages[1])
    assert 0.01 < faces < 0.15, faces  # six faces in black lines, not a blank page and not a toner sink
    assert 0.002 < key < 0.15, key  # the key: text on white
    assert not has_colour(pages[0][2], pages[0][3], layout.BOAT)
    dark = page_pixels(sheet_pdf(puzzle_set.puzzles[:6], rules, layout=(2, 3), paper="a4", style="dark"),
                       scale=at_50_dpi)
    assert dark_fraction(*dark[0]) > 0.25 and has_colour(dark[0][2], dark[0][3], layout.BOAT)  # today's look


def test_your_row_stands_out_in_greyscale_and_its_rings_stay_1_mm_apart(rules):
    """A grey photocopy of a line-style face: each of your holes' rings carries at least twice the
    ink of the opponent's (1.75 times at least); and on the default sheet, the clear space between two of your rings
    is at least 1 mm."""
    from ktane_congkak.paper.render import ring_gap
    from ktane_congkak.paper.sheets import face_size

    size = 300
    buffer = io.BytesIO()
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(buffer, pagesize=(size, size))
    draw_face_pdf(c, 0, 0, size, (0,) * 16, rules, labels=False, counts=False)
    c.save()
    (w, h, ch, pixels), = page_pixels(buffer.getvalue(), scale=2)  # 144 dpi: a thin ring is more than its fringe

    def ring_ink(slot: int) -> int:
        spot = layout.spots(rules)[slot]
        cx, cy, r = spot.x * w, spot.y * h, spot.rx * w
        dark = 0
        for y in range(int(cy - r - 4), int(cy + r + 5)):
            for x in range(int(cx - r - 4), int(cx + r + 5)):
                if math.hypot(x - cx, y - cy) > r + 4:  # the ring's own ink, not the boat's edge beside it
                    continue
                i = (y * w + x) * ch
                dark += 0.299 * pixels[i + 2] + 0.587 * pixels[i + 1] + 0.114 * pixels[i] < 128
        return dark

    yours = [ring_ink(s) for s in rules.holes(YOU)]
    theirs = [ring_ink(s) for s in rules.holes(OPPONENT)]
    assert min(yours) >= 1.75 * max(theirs), (yours, theirs)  # a heavy ring against a thin one
    one_mm = 72 / 25.4
    for paper in PAPERS:
        face = face_size(*PAPERS[paper], (2, 3))
        assert ring_gap(LINE) * face >= one_mm, (paper, ring_gap(LINE) * face)


def test_svg_sheet_has_every_face_and_id(rules, puzzle_set):
    pages = sheet_svg(puzzle_set.puzzles, rules, layout=(2, 2), paper="letter", solutions=True, title="T & co",
                      style="dark")
    roots = [ET.fromstring(page) for page in pages]
    assert len(roots) == 3  # 2 puzzle pages and a key, one document each
    boats = [p for root in roots for p in root.iter(f"{SVG}polygon") if p.get("fill") == "#%02x%02x%02x" % layout.BOAT]
    assert len(boats) == 8
    words = [t.text for root in roots for t in root.iter(f"{SVG}text")]
    for p in puzzle_set.puzzles:
        assert words.count(p.id) == 2  # under its face and in the key


@pytest.mark.parametrize("text, expected", [("2x3", (2, 3)), ("1X1", (1, 1)), (" 3 x 4 ", (3, 4))])
def test_layouts(text, expected):
    assert parse_layout(text) == expected


# --- the print command ---------------------------------------------------------------

def test_print_file_and_ids_to_pdf(tmp_path, capsys, rules, puzzle_set):
    source = tmp_path / "set.yaml"
    save(puzzle_set, source)
    out = tmp_path / "sheet.pdf"
    extra = "c1-12h1000-0130040-32-37"
    code, text, err = run(["print", str(source), extra, "#seeded", "--layout", "2x3", "--paper", "a4",
                           "--with-solutions", "--out", str(out)], capsys)
    assert code == 0, err
    assert "10 puzzles on 2 pages and an answer key" in text
    pages = pdf_text(out.read_bytes())
    assert extra in pages[-1] and "Print test" in pages[0]
    key = next(line for line in pages[-1].splitlines() if extra in line and re.match(r"\s*9\s", line))  # key row 9
    assert re.search(r"1,4\s*24\s*22\s*13\s*24", key)


def test_print_curated_set_to_svg(tmp_path, capsys):
    out = tmp_path / "starter.svg"
    code, text, _ = run(["print", "starter", "--out", str(out)], capsys)
    assert code == 0
    roots = [ET.fromstring((tmp_path / f"starter-{k}.svg").read_text()) for k in (1, 2)]
    ids = [p.id for p in load_puzzle_set("starter").puzzles]
    words = {t.text for root in roots for t in root.iter(f"{SVG}text")}
    assert set(ids) <= words


@pytest.mark.parametrize("argv, fragment", [
    (["print", "c1-12h1000-0130040-32-37", "--out", "x.png"], "must end in .pdf or .svg"),
    (["print", "--worksheet", "blank", "--out", "x.png"], "must end in .pdf or .svg"),
    (["print", "c1-12h1000-0130040-32-37", "--layout", "two", "--out", "x.pdf"], "must be COLUMNSxROWS"),
    (["print", "c1-12h1000-0130040-32-37", "--layout", "9x9", "--out", "x.pdf"], "1 to 6 columns"),
    (["print", "c1-12h1000-0130040-32-37", "--layout", "3x4", "--out", "x.pdf"],
     "layout 3x4 is too dense for letter paper (its text would print under 6 pt); 2x3 fits"),
    (["print", "c1-12h1000-0130040-32-37", "--paper", "a3", "--out", "x.pdf"], "invalid choice"),
    (["print", "nothing-like-an-id", "--out", "x.pdf"], "not a curated set, a puzzle file, a puzzle ID or a board"),
    (["print", "missing.yaml", "--out", "x.pdf"], "missing.yaml: no such file"),
    (["print", "#seed text"], "print: give --out FILE.pdf (or .svg): with a seed ID there is no set to name"),
    (["print", "starter", "hard"], "with more than one source there is no set to name the sheet after"),
])
def test_print_bad_options_exit_2(tmp_path, capsys, monkeypatch, argv, fragment):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(argv, capsys)
    assert code == 2 and fragment in err and err.count("\n") == 1
    assert not list(tmp_path.iterdir())  # nothing written


def test_print_bad_file_names_file_and_puzzle(tmp_path, capsys, puzzle_set):
    source = tmp_path / "set.yaml"
    save(puzzle_set, source)
    source.write_text(source.read_text().replace("answer: [", "answer: [7, ", 1))
    code, _, err = run(["print", str(source), "--out", str(tmp_path / "x.pdf")], capsys)
    assert code == 2 and err.count("\n") == 1
    assert f"{source}: puzzle 1 ({puzzle_set.puzzles[0].id}): answer is [7, " in err
    assert not (tmp_path / "x.pdf").exists()


def test_print_broken_yaml(tmp_path, capsys):
    source = tmp_path / "set.yaml"
    source.write_text("format: 1\npuzzles: [\n")
    code, _, err = run(["print", str(source), "--out", str(tmp_path / "x.pdf")], capsys)
    assert code == 2 and "not valid YAML" in err and str(source) in err and err.count("\n") == 1


def test_print_an_id_without_stores_draws_them_unknown(tmp_path, capsys):
    """The README's headline ID has no stores: it prints, its stores drawn as "?"."""
    out = tmp_path / "headline.pdf"
    code, said, err = run(["print", "c1-2311040-0401012", "--with-solutions", "--out", str(out)], capsys)
    assert code == 0 and err == "" and "1 puzzle on 1 page" in said
    text = "\n".join(pdf_text(out.read_bytes()))  # the key may share the puzzles' page
    puzzles, key = text.split("Answer key")
    assert "c1-2311040-0401012" in puzzles and "c1-2311040-0401012-" not in text
    assert puzzles.count("?") == 2  # the two stores
    assert "c1-2311040-0401012" in key and "1,2,4" in key


def test_print_style_option_inks_the_svg_faces(tmp_path, capsys, rules):
    """`print --style dark` draws the module's colours (the wooden boat); the default, the line drawing."""
    boats = {}
    for style in ("line", "dark"):
        out = tmp_path / f"{style}.svg"
        argv = ["print", "starter", "--layout", "1x1", "--out", str(out)] + (["--style", style] if style == "dark" else [])
        code, text, err = run(argv, capsys)
        assert code == 0, err
        root = ET.fromstring((tmp_path / f"{style}-1.svg").read_text())
        boats[style] = [p.get("fill") for p in root.iter(f"{SVG}polygon") if p.get("stroke") in ("#000000", "#5c381c")]
    assert boats["dark"] == ["#%02x%02x%02x" % layout.BOAT] and boats["line"] == ["#ffffff"]


def test_print_without_out_writes_the_set_beside_its_file_and_never_over_one(tmp_path, capsys, monkeypatch,
                                                                             puzzle_set):
    """`print SET` names the sheet after the set: beside a puzzle file, in this folder for a
    curated set; a file of that name already there is said, and left as it was."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "sets"
    folder.mkdir()
    save(puzzle_set, folder / "club.yaml")
    code, out, _ = run(["print", str(folder / "club.yaml")], capsys)
    assert code == 0 and out.startswith(f"wrote {folder / 'club.pdf'}: ")
    assert (folder / "club.pdf").read_bytes().startswith(b"%PDF")
    code, out, _ = run(["print", "starter"], capsys)
    assert code == 0 and out.startswith("wrote starter.pdf: 12 puzzles") and (tmp_path / "starter.pdf").exists()
    (tmp_path / "starter.pdf").write_text("mine")
    code, out, err = run(["print", "Starter"], capsys)
    assert (code, out) == (2, "") and err == ("ktane-congkak: print: starter.pdf is there already; give --out "
                                              "starter.pdf to write over it, or another name\n")
    assert (tmp_path / "starter.pdf").read_text() == "mine"
