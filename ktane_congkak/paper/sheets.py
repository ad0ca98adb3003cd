"""Printable sheets: puzzles in a grid of module faces, then (optionally) an answer key.

The layout is worked out once in points (1/72 inch, y down from the page's top) and
drawn through `render`'s painters, so the PDF (reportlab) and the SVG (the project's own
writer; pages stacked one under the other) hold the same drawing.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from typing import Sequence

from ..errors import UserError
from .render import PdfPainter, SvgPainter, draw_face
from ..core.rules import Ruleset

PAPERS = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
MARGIN = 36.0
HEADER = 34.0  # title line at the top of each page
FOOTER = 20.0
GAP = 14.0  # between cells
CAPTION = 38.0  # under each face: the ID and the answer box
SVG_PAGE_GAP = 24.0
KEY_ROW = 17.0
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


def parse_layout(text: str) -> tuple[int, int]:
    """'2x3' -> (2 columns, 3 rows)."""
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text or "")
    if not match:
        raise UserError(f"layout {text!r} must be COLUMNSxROWS, like 2x3")
    cols, rows = int(match.group(1)), int(match.group(2))
    if not (1 <= cols <= 6 and 1 <= rows <= 8):
        raise UserError(f"layout {text}: 1 to 6 columns and 1 to 8 rows")
    return cols, rows


def paper_size(name: str) -> tuple[float, float]:
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise UserError(f"paper {name!r} is not one of {', '.join(PAPERS)}") from None


class _Document:
    """Pages to draw on: `page()` starts one; `painter()` paints in page points;
    `face(x, y, size)` paints a module face `size` points square at (x, y)."""

    def __init__(self, width: float, height: float) -> None:
        self.width, self.height = width, height


class _PdfDocument(_Document):
    def __init__(self, width: float, height: float, title: str) -> None:
        super().__init__(width, height)
        from reportlab.pdfgen import canvas

        self.buffer = io.BytesIO()
        self.canvas = canvas.Canvas(self.buffer, pagesize=(width, height), invariant=1)
        self.canvas.setTitle(title)
        self.canvas.setCreator("ktane-congkak")
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
    def __init__(self, width: float, height: float, title: str) -> None:
        super().__init__(width, height)
        self.parts: list[str] = []
        self.title = title
        self.pages = 0

    @property
    def top(self) -> float:
        return (self.pages - 1) * (self.height + SVG_PAGE_GAP)

    def page(self) -> None:
        self.pages += 1
        self.painter().rect(0, 0, self.width, self.height, PAPER_WHITE, (180, 180, 180), 0.5)

    def painter(self) -> SvgPainter:
        return SvgPainter(1.0, 0.0, self.top, self.parts)

    def face(self, x: float, y: float, size: float) -> SvgPainter:
        return SvgPainter(size, x, self.top + y, self.parts)

    def finish(self) -> str:
        from xml.sax.saxutils import escape

        whole = SvgPainter(1.0, parts=[f"<title>{escape(self.title)}</title>", *self.parts])
        return whole.svg(self.width, self.pages * self.height + (self.pages - 1) * SVG_PAGE_GAP)


def _cells(width: float, height: float, cols: int, rows: int) -> tuple[list[tuple[float, float]], float, float]:
    """Top-left corners of the grid's cells in reading order, and the cell size."""
    cell_w = (width - 2 * MARGIN - (cols - 1) * GAP) / cols
    cell_h = (height - 2 * MARGIN - HEADER - FOOTER - (rows - 1) * GAP) / rows
    corners = [(MARGIN + c * (cell_w + GAP), MARGIN + HEADER + r * (cell_h + GAP)) for r in range(rows) for c in range(cols)]
    return corners, cell_w, cell_h


def _page_frame(doc: _Document, title: str, page: int, pages: int, note: str) -> None:
    p = doc.painter()
    p.text(MARGIN, MARGIN + 10, title, 16.0, INK, anchor="start", bold=True)
    p.text(doc.width - MARGIN, MARGIN + 10, f"page {page} of {pages}", 9.0, GREY, anchor="end")
    p.text(MARGIN, doc.height - MARGIN + 4, note, 8.0, GREY, anchor="start")


def _draw_cell(doc: _Document, x: float, y: float, w: float, h: float, number: int, puzzle: SheetPuzzle,
               rules: Ruleset) -> None:
    size = max(40.0, min(w, h - CAPTION))
    fx = x + (w - size) / 2
    draw_face(doc.face(fx, y, size), puzzle.board, rules, title=f"Puzzle {number}")
    p = doc.painter()
    below = y + size
    p.text(fx, below + 11, puzzle.id, min(8.5, size / 20), INK, anchor="start", mono=True)
    p.text(fx, below + 29, "Answer: hole", 10.0, INK, anchor="start")
    p.rect(fx + 70, below + 18, 44, 20, None, INK, 0.8)
    if size >= 200:  # room for the points too
        p.text(fx + size, below + 29, "points: ______", 9.0, GREY, anchor="end")


def _key_pages(puzzles: Sequence[SheetPuzzle], height: float) -> list[list[tuple[int, SheetPuzzle]]]:
    per_page = int((height - 2 * MARGIN - HEADER - FOOTER - 2 * KEY_ROW) // KEY_ROW)
    numbered = list(enumerate(puzzles, 1))
    return [numbered[i : i + per_page] for i in range(0, len(numbered), per_page)]


def _draw_key(doc: _Document, rows: list[tuple[int, SheetPuzzle]], holes: int) -> None:
    p = doc.painter()
    x_id, x_answer, x_points, x_level = MARGIN + 24, MARGIN + 190, MARGIN + 268, doc.width - MARGIN
    step = min(28.0, (x_level - 58 - x_points) / holes)
    y = MARGIN + HEADER + 6
    p.text(MARGIN, y, "#", 9.0, GREY, anchor="start", bold=True)
    p.text(x_id, y, "puzzle ID", 9.0, GREY, anchor="start", bold=True)
    p.text(x_answer, y, "answer", 9.0, GREY, anchor="start", bold=True)
    for h in range(1, holes + 1):
        p.text(x_points + (h - 1) * step, y, f"h{h}", 9.0, GREY, anchor="start", bold=True)
    p.text(x_level, y, "level", 9.0, GREY, anchor="end", bold=True)
    y += KEY_ROW
    for number, puzzle in rows:
        p.text(MARGIN, y, str(number), 10.0, INK, anchor="start")
        p.text(x_id, y, puzzle.id, 9.0, INK, anchor="start", mono=True)
        p.text(x_answer, y, ",".join(map(str, puzzle.answer)), 10.0, INK, anchor="start", bold=True)
        for h, value in enumerate(puzzle.points, 1):
            p.text(x_points + (h - 1) * step, y, str(value), 10.0, INK, anchor="start", bold=h in puzzle.answer)
        p.text(x_level, y, puzzle.difficulty, 9.0, GREY, anchor="end")
        y += KEY_ROW


def draw_sheets(doc: _Document, puzzles: Sequence[SheetPuzzle], rules: Ruleset, layout: tuple[int, int],
                solutions: bool, title: str) -> None:
    cols, rows = layout
    per_page = cols * rows
    puzzle_pages = (len(puzzles) + per_page - 1) // per_page
    key = _key_pages(puzzles, doc.height) if solutions else []
    pages = puzzle_pages + len(key)
    corners, w, h = _cells(doc.width, doc.height, cols, rows)
    if w < 60 or h - CAPTION < 60:
        raise UserError(f"layout {cols}x{rows} leaves no room for a board on this paper")
    note = "Press the hole that scores the most. Boards from ktane-congkak; check with `ktane-congkak verify`."
    for page in range(puzzle_pages):
        doc.page()
        _page_frame(doc, title, page + 1, pages, note)
        for k, (x, y) in enumerate(corners):
            index = page * per_page + k
            if index < len(puzzles):
                _draw_cell(doc, x, y, w, h, index + 1, puzzles[index], rules)
    for k, rows_on_page in enumerate(key):
        doc.page()
        _page_frame(doc, f"{title}: answer key", puzzle_pages + k + 1, pages,
                    "answer: the holes that solve; h1-h7: the points of each of your holes (bold: the most).")
        _draw_key(doc, rows_on_page, rules.holes_per_side)


def sheet_pdf(puzzles: Sequence[SheetPuzzle], rules: Ruleset, *, layout: tuple[int, int] = (2, 3),
              paper: str = "letter", solutions: bool = False, title: str = "Congkak puzzles") -> bytes:
    width, height = paper_size(paper)
    doc = _PdfDocument(width, height, title)
    draw_sheets(doc, puzzles, rules, layout, solutions, title)
    return doc.finish()


def sheet_svg(puzzles: Sequence[SheetPuzzle], rules: Ruleset, *, layout: tuple[int, int] = (2, 3),
              paper: str = "letter", solutions: bool = False, title: str = "Congkak puzzles") -> str:
    width, height = paper_size(paper)
    doc = _SvgDocument(width, height, title)
    draw_sheets(doc, puzzles, rules, layout, solutions, title)
    return doc.finish()


__all__ = ["PAPERS", "parse_layout", "paper_size", "sheet_pdf", "sheet_svg", "SheetPuzzle"]
