"""Printable sheets: puzzles in a grid of module faces, then (optionally) an answer key.

The layout is worked out once in points (1/72 inch, y down from the page's top) and
drawn through `render`'s painters, so the PDF (reportlab) and the SVG (the project's own
writer; one document per page) hold the same drawing.

Nothing is printed smaller than MIN_TEXT_PT: a layout whose faces would be too small for
that on the paper is refused, naming the densest layout that fits.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from collections.abc import Callable, Sequence

from ..core.numbers import parse_whole_or_none
from ..errors import UserError, clipped, shown
from . import PAPERS, fonts
from .fonts import text_width
from .render import DEFAULT_STYLE, SMALLEST_TEXT, STYLES, Painter, PdfPainter, SvgPainter, draw_face, xml_text
from ..core.rules import Ruleset

MIN_TEXT_PT = 6.0  # the smallest text a sheet prints, in points
MIN_FACE = MIN_TEXT_PT / SMALLEST_TEXT  # the smallest face that keeps its text that big
MARGIN = 36.0
HEADER = 30.0  # the title (one or two lines) at the top of each page
TITLE_PT, TITLE_MIN_PT = 16.0, 11.0  # a long title shrinks down to TITLE_MIN_PT, then wraps onto two lines
PAGE_NUMBER_PT = 9.0
FOOTER = 20.0
GAP = 12.0  # between cells
CAPTION = 38.0  # under each face: the ID and the answer box
KEY_ROW = 17.0
KEY_TITLE = 24.0  # "Answer key" over a key printed under the puzzles
SVG_FONT_WIDER = 1.05  # room for an SVG viewer's fallback face (render.SVG_FONTS: the same widths, give or take)
ANSWER_LABEL = "Answer: hole"
INK = (0, 0, 0)
GREY = (110, 110, 110)
PAPER_WHITE = (255, 255, 255)


@dataclass(frozen=True)
class SheetPuzzle:
    """What a sheet needs of a puzzle (puzzles.Puzzle fits)."""

    id: str
    board: tuple[int, ...]
    answer: tuple[int, ...]
    points: tuple[int, ...]
    difficulty: str = ""
    stores_known: bool = True  # False: from an ID without stores, drawn as "?"


def parse_layout(text: str) -> tuple[int, int]:
    """'2x3' -> (2 columns, 3 rows)."""
    match = re.fullmatch(r"\s*([0-9]+)\s*[xX×]\s*([0-9]+)\s*", text or "")
    if not match:
        raise UserError(f"layout {shown(text)} must be COLUMNSxROWS, like 2x3")
    cols, rows = (parse_whole_or_none(match.group(k)) for k in (1, 2))
    if cols is None or rows is None or not (1 <= cols <= 6 and 1 <= rows <= 8):
        raise UserError(f"layout {clipped(text)}: 1 to 6 columns and 1 to 8 rows")
    return cols, rows


def paper_size(name: str) -> tuple[float, float]:
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise UserError(f"paper {shown(name)} is not one of {', '.join(PAPERS)}") from None


class _Document:
    """Pages to draw on: `page()` starts one; `painter()` paints in page points;
    `face(x, y, size)` paints a module face `size` points square at (x, y)."""

    def __init__(self, width: float, height: float) -> None:
        self.width, self.height = width, height

    def page(self) -> None:
        raise NotImplementedError

    def painter(self) -> Painter:
        raise NotImplementedError

    def face(self, x: float, y: float, size: float) -> Painter:
        raise NotImplementedError


class _PdfDocument(_Document):
    def __init__(self, width: float, height: float, title: str) -> None:
        super().__init__(width, height)
        self.buffer = io.BytesIO()
        self.canvas = fonts.pdf_canvas(self.buffer, (width, height), title)
        self.pages = 0

    def page(self) -> None:
        if self.pages:
            self.canvas.showPage()
        self.pages += 1

    def painter(self) -> PdfPainter:
        return PdfPainter(self.canvas, 0.0, self.height - 1.0, 1.0)  # unit "square" of 1 pt: page points

    def face(self, x: float, y: float, size: float) -> PdfPainter:
        return PdfPainter(self.canvas, x, self.height - y - size, size)

    def finish(self) -> bytes:
        self.canvas.save()  # shows the last page
        return self.buffer.getvalue()


class _SvgDocument(_Document):
    """One SVG document per page, each the paper's size."""

    def __init__(self, width: float, height: float, title: str) -> None:
        super().__init__(width, height)
        self.pages: list[list[str]] = []
        self.title = title

    def page(self) -> None:
        self.pages.append([])
        self.painter().rect(0, 0, self.width, self.height, PAPER_WHITE)

    def painter(self) -> SvgPainter:
        return SvgPainter(1.0, 0.0, 0.0, self.pages[-1])

    def face(self, x: float, y: float, size: float) -> SvgPainter:
        return SvgPainter(size, x, y, self.pages[-1])

    def finish(self) -> list[str]:
        count = len(self.pages)
        return [SvgPainter(1.0, parts=[f"<title>{xml_text(self.title)} (page {k} of {count})</title>", *parts])
                .svg(self.width, self.height) for k, parts in enumerate(self.pages, 1)]


def _cells(width: float, height: float, cols: int, rows: int) -> tuple[list[tuple[float, float]], float, float]:
    """Top-left corners of the grid's cells in reading order, and the cell size."""
    cell_w = (width - 2 * MARGIN - (cols - 1) * GAP) / cols
    cell_h = (height - 2 * MARGIN - HEADER - FOOTER - (rows - 1) * GAP) / rows
    corners = [(MARGIN + c * (cell_w + GAP), MARGIN + HEADER + r * (cell_h + GAP)) for r in range(rows) for c in range(cols)]
    return corners, cell_w, cell_h


def fit_title(title: str, room: float) -> tuple[float, list[str]]:
    """The title's size and lines within `room` points: TITLE_PT, shrunk as far as
    TITLE_MIN_PT, then two lines at that size; a second line still too long is cut
    short with an ellipsis."""
    room /= SVG_FONT_WIDER
    size = TITLE_PT
    while size > TITLE_MIN_PT and text_width(title, size, True) > room:
        size -= 0.5
    if text_width(title, size, True) <= room:
        return size, [title]
    words, first = title.split(), ""
    while words and text_width(f"{first} {words[0]}".strip(), size, True) <= room:
        first = f"{first} {words.pop(0)}".strip()
    rest = " ".join(words)
    if not first:  # one word longer than the line: cut it
        first, rest = _cut(title, size, room), ""
    if rest and text_width(rest, size, True) > room:
        rest = _cut(rest, size, room)
    return size, [first] + ([rest] if rest else [])


def _cut(text: str, size: float, room: float) -> str:
    while text and text_width(text + "…", size, True) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _page_frame(doc: _Document, title: str, page: int, pages: int, note: str) -> None:
    p = doc.painter()
    number = f"page {page} of {pages}"
    room = doc.width - 2 * MARGIN - text_width(number, PAGE_NUMBER_PT) - 12
    size, lines = fit_title(title, room)
    top = MARGIN + (4 if len(lines) > 1 else 10)
    for k, line in enumerate(lines):
        p.text(MARGIN, top + k * (size + 2), line, size, INK, anchor="start", bold=True)
    p.text(doc.width - MARGIN, MARGIN + 10, number, PAGE_NUMBER_PT, GREY, anchor="end")
    p.text(MARGIN, doc.height - MARGIN + 4, note, 8.0, GREY, anchor="start")


def face_size(width: float, height: float, layout: tuple[int, int]) -> float:
    """The side of each face, in points, for a layout on a paper."""
    _, cell_w, cell_h = _cells(width, height, *layout)
    return min(cell_w, cell_h - CAPTION)


def check_layout(layout: tuple[int, int], paper: str) -> None:
    """Refuse a layout whose faces would print text under MIN_TEXT_PT, naming the densest
    layout (no more columns or rows than asked) that fits this paper."""
    width, height = paper_size(paper)
    if face_size(width, height, layout) >= MIN_FACE:
        return
    cols, rows = layout
    fits = [(c * r, -abs(c - r), c, r) for c in range(1, cols + 1) for r in range(1, rows + 1)
            if face_size(width, height, (c, r)) >= MIN_FACE]
    best = f"{max(fits)[2]}x{max(fits)[3]}" if fits else "1x1"
    raise UserError(f"layout {cols}x{rows} is too dense for {paper} paper (its text would print under "
                    f"{MIN_TEXT_PT:g} pt); {best} fits")


def _draw_cell(doc: _Document, x: float, y: float, w: float, h: float, number: int, puzzle: SheetPuzzle,
               rules: Ruleset, style: str) -> None:
    size = min(w, h - CAPTION)
    fx = x + (w - size) / 2
    draw_face(doc.face(fx, y, size), puzzle.board, rules, title=f"Puzzle {number}", style=STYLES[style],
              stores_known=puzzle.stores_known)
    p = doc.painter()
    below = y + size
    p.text(fx, below + 11, puzzle.id, min(8.5, size / 20), INK, anchor="start")
    p.text(fx, below + 29, ANSWER_LABEL, 10.0, INK, anchor="start")
    p.rect(fx + text_width(ANSWER_LABEL, 10.0) + 6, below + 18, 44, 20, None, INK, 0.8)
    if size >= 200:  # room for the points too
        p.text(fx + size, below + 29, "points: ______", 9.0, GREY, anchor="end")


def _key_pages(puzzles: Sequence[SheetPuzzle], height: float) -> list[list[tuple[int, SheetPuzzle]]]:
    per_page = int((height - 2 * MARGIN - HEADER - FOOTER - 2 * KEY_ROW) // KEY_ROW)
    numbered = list(enumerate(puzzles, 1))
    return [numbered[i : i + per_page] for i in range(0, len(numbered), per_page)]


def key_height(puzzles: int) -> float:
    """The answer key's height in points: its heading, column names and a row per puzzle."""
    return KEY_TITLE + (puzzles + 1) * KEY_ROW


def key_below_top(puzzles: int, layout: tuple[int, int], width: float, height: float) -> float | None:
    """Where the answer key starts on the last puzzle page when it fits under the last
    row of faces there (page points from the top), else None (the key gets pages of its own)."""
    cols, rows = layout
    on_last = puzzles - (puzzle_pages(puzzles, layout) - 1) * cols * rows
    used = -(-on_last // cols)
    if used >= rows:
        return None
    _, _, cell_h = _cells(width, height, cols, rows)
    top = MARGIN + HEADER + used * (cell_h + GAP)
    return top if top + key_height(puzzles) <= height - MARGIN - FOOTER else None


def _draw_key(doc: _Document, rows: list[tuple[int, SheetPuzzle]], holes: int, top: float | None = None) -> None:
    """The key's table; `top`: under the puzzles, headed "Answer key" (else atop its own page)."""
    p = doc.painter()
    x_id, x_answer, x_points, x_level = MARGIN + 24, MARGIN + 190, MARGIN + 268, doc.width - MARGIN
    step = min(28.0, (x_level - 58 - x_points) / holes)
    y = MARGIN + HEADER + 6
    if top is not None:
        p.polygon([(MARGIN, top), (doc.width - MARGIN, top)], None, INK, 0.8)
        p.text(MARGIN, top + 14, "Answer key", 12.0, INK, anchor="start", bold=True)
        y = top + KEY_TITLE + 6
    p.text(MARGIN, y, "#", 9.0, GREY, anchor="start", bold=True)
    p.text(x_id, y, "puzzle ID", 9.0, GREY, anchor="start", bold=True)
    p.text(x_answer, y, "answer", 9.0, GREY, anchor="start", bold=True)
    for h in range(1, holes + 1):
        p.text(x_points + (h - 1) * step, y, f"h{h}", 9.0, GREY, anchor="start", bold=True)
    p.text(x_level, y, "level", 9.0, GREY, anchor="end", bold=True)
    y += KEY_ROW
    for number, puzzle in rows:
        p.text(MARGIN, y, str(number), 10.0, INK, anchor="start")
        p.text(x_id, y, puzzle.id, 9.0, INK, anchor="start")
        p.text(x_answer, y, ",".join(map(str, puzzle.answer)), 10.0, INK, anchor="start", bold=True)
        for h, value in enumerate(puzzle.points, 1):
            p.text(x_points + (h - 1) * step, y, str(value), 10.0, INK, anchor="start", bold=h in puzzle.answer)
        p.text(x_level, y, puzzle.difficulty, 9.0, GREY, anchor="end")
        y += KEY_ROW


OnPage = Callable[[int, int], None] | None  # told (pages drawn, pages in all) after each page


def puzzle_pages(puzzles: int, layout: tuple[int, int]) -> int:
    """The pages `puzzles` puzzles fill, `layout` (columns, rows) to a page; the key comes after."""
    return -(-puzzles // (layout[0] * layout[1]))


def draw_sheets(doc: _Document, puzzles: Sequence[SheetPuzzle], rules: Ruleset, layout: tuple[int, int],
                solutions: bool, title: str, style: str = DEFAULT_STYLE, on_page: OnPage = None) -> None:
    """Every page drawn into `doc`; `on_page(done, pages)` after each (a progress line)."""
    cols, rows = layout
    per_page, faces = cols * rows, puzzle_pages(len(puzzles), layout)
    below = key_below_top(len(puzzles), layout, doc.width, doc.height) if solutions else None
    key = _key_pages(puzzles, doc.height) if solutions and below is None else []
    pages = faces + len(key)
    corners, w, h = _cells(doc.width, doc.height, cols, rows)
    note = "Press the hole that scores the most. Made with ktane-congkak; check answers with: ktane-congkak verify"
    for page in range(faces):
        doc.page()
        _page_frame(doc, title, page + 1, pages, note)
        for k, (x, y) in enumerate(corners):
            index = page * per_page + k
            if index < len(puzzles):
                _draw_cell(doc, x, y, w, h, index + 1, puzzles[index], rules, style)
        if on_page:
            on_page(page + 1, pages)
    if below is not None:
        _draw_key(doc, list(enumerate(puzzles, 1)), rules.holes_per_side, below)
    for k, rows_on_page in enumerate(key):
        doc.page()
        _page_frame(doc, f"{title}: answer key", faces + k + 1, pages,
                    "answer: the holes that solve; h1-h7: the points of each of your holes (bold: the most).")
        _draw_key(doc, rows_on_page, rules.holes_per_side)
        if on_page:
            on_page(faces + k + 1, pages)


def sheet_pdf(puzzles: Sequence[SheetPuzzle], rules: Ruleset, *, layout: tuple[int, int] = (2, 3),
              paper: str = "letter", solutions: bool = False, title: str = "Congkak puzzles",
              style: str = DEFAULT_STYLE, on_page: OnPage = None) -> bytes:
    check_layout(layout, paper)
    width, height = paper_size(paper)
    doc = _PdfDocument(width, height, title)
    draw_sheets(doc, puzzles, rules, layout, solutions, title, style, on_page)
    return doc.finish()


def sheet_svg(puzzles: Sequence[SheetPuzzle], rules: Ruleset, *, layout: tuple[int, int] = (2, 3),
              paper: str = "letter", solutions: bool = False, title: str = "Congkak puzzles",
              style: str = DEFAULT_STYLE, on_page: OnPage = None) -> list[str]:
    """One SVG document per page."""
    check_layout(layout, paper)
    width, height = paper_size(paper)
    doc = _SvgDocument(width, height, title)
    draw_sheets(doc, puzzles, rules, layout, solutions, title, style, on_page)
    return doc.finish()


__all__ = ["PAPERS", "MIN_TEXT_PT", "parse_layout", "paper_size", "check_layout", "puzzle_pages", "sheet_pdf", "sheet_svg",
           "SheetPuzzle"]
