"""The expert's worksheet: one page (Letter or A4) for tracing turns by hand, blank or with a board filled in.

The ring is a strip of boxes, one per place of your lap (on the module your holes 1-7, the
opponent's positions 8-14, S your store; the opponent's store is never sown into). Each of your seven
holes gets a block: a row of the strip per pick-up, the landing sums, and the points with
their check total (`core.shortcuts`). The same drawing goes to PDF (reportlab) and SVG
through `render`'s painters; the manual's appendix draws it blank.
"""

from __future__ import annotations

import io
from typing import Sequence

from ..core.explain import plural
from ..core.rules import OPPONENT, YOU, Ruleset
from ..core.shortcuts import STORE_MARK, holes_total, lap, place_name, place_slot, row_total
from . import fonts
from .render import PdfPainter, SvgPainter
from .sheets import PAPERS

PAGE = PAPERS["letter"]  # the page the drawing is made for, points
MARGIN = 36.0
WIDTH = PAGE[0] - 2 * MARGIN  # the drawing's width in points; its height is HEIGHT
HEIGHT = PAGE[1] - 2 * MARGIN
TITLE = "Congkak worksheet"
INK, GREY, SOFT = (0, 0, 0), (90, 90, 90), (235, 235, 235)
PICKUP_ROWS = 4  # rows per hole; longer chains go on the back

LABEL_W = 62.0  # the hole's name column
BOX_W = 24.0
ROW_H = 13.5
SUMS = ("from", "seeds", "lands", "holds")  # a pick-up: place, seeds, landing place, seeds there now
SUM_W = (WIDTH - LABEL_W - 15 * BOX_W) / len(SUMS)

def how_to(rules: Ruleset) -> tuple[str, ...]:
    """The lines atop the sheet, in the ruleset's numbering (holes, positions, the lap)."""
    yours, theirs, laps, total = rules.hole_range(YOU), rules.hole_range(OPPONENT), lap(rules), holes_named(rules)
    return (
        f"Places: your holes {yours}, the opponent's positions {theirs}, {STORE_MARK} your store "
        "(the opponent's store is skipped).",
        f"Seeds picked up at place p, s of them, land on p + s (above {laps} take {laps} off; {laps} is "
        f"{STORE_MARK}). Every place passed gains one.",
        "One row per pick-up: circle the box you empty, strike through each box that gains a seed, write the sums.",
        f"Ends: {STORE_MARK}, or an empty {theirs}: stop. An empty hole of yours: capture it and its facing "
        f"position into {STORE_MARK}. A place holding seeds: relay from it.",
        f"Points = your holes {yours} after + what {STORE_MARK} gained. Check: {total} total before "
        f"- positions {theirs} after.",
    )


def holes_named(rules: Ruleset) -> str:
    """Every hole of the board, as the totals name them: "14-hole"."""
    return f"{2 * rules.holes_per_side}-hole"


class _Sheet:
    """Paints in points from the drawing's top-left corner through a unit-square painter."""

    def __init__(self, painter) -> None:
        self.p = painter

    def text(self, x, y, text, size, colour=INK, anchor="start", bold=False) -> None:
        self.p.text(x / WIDTH, y / WIDTH, text, size / WIDTH, colour, anchor=anchor, bold=bold)

    def box(self, x, y, w, h, fill=None, width=0.6) -> None:
        self.p.rect(x / WIDTH, y / WIDTH, w / WIDTH, h / WIDTH, fill, INK, width / WIDTH)

    def line(self, x1, y1, x2, y2, width=0.6) -> None:
        self.p.polygon([(x1 / WIDTH, y1 / WIDTH), (x2 / WIDTH, y2 / WIDTH)], None, INK, width / WIDTH)


def draw_worksheet(painter, rules: Ruleset, board: Sequence[int] | None = None, caption: str = "") -> None:
    """The whole worksheet, WIDTH x HEIGHT points in unit-square coordinates (1 = WIDTH).
    With `board` its counts, seed counts and totals are filled in; `caption` names it."""
    sheet = _Sheet(painter)
    sheet.text(0, 10, TITLE, 16, bold=True)
    if caption:
        sheet.text(WIDTH, 10, caption, 9, GREY, anchor="end")
    y = 26.0
    for line in how_to(rules):
        sheet.text(0, y, line, 7.6, GREY)
        y += 10.0
    y = _board_strip(sheet, rules, board, y + 6)
    block = (HEIGHT - y) / rules.holes_per_side
    for hole in range(1, rules.holes_per_side + 1):
        _hole_block(sheet, rules, board, hole, y, block)
        y += block


def _strip_header(sheet: _Sheet, rules: Ruleset, y: float, names=True) -> None:
    """The place numbers above a strip: your holes bold, the opponent's positions, S."""
    n = rules.holes_per_side
    for place in range(1, lap(rules) + 1):
        x = LABEL_W + (place - 0.5) * BOX_W
        sheet.text(x, y, place_name(place, rules), 8, INK if place <= n or place == lap(rules) else GREY, anchor="middle",
                   bold=place <= n or place == lap(rules))
    if names:
        for i, name in enumerate(SUMS):
            sheet.text(LABEL_W + lap(rules) * BOX_W + (i + 0.5) * SUM_W, y, name, 7.5, GREY, anchor="middle")


def _strip(sheet: _Sheet, rules: Ruleset, y: float, values=None, sums=True) -> None:
    n = rules.holes_per_side
    for place in range(1, lap(rules) + 1):
        x = LABEL_W + (place - 1) * BOX_W
        sheet.box(x, y, BOX_W, ROW_H, SOFT if place <= n else None, 0.5)
        if values is not None and values[place - 1] != "":
            sheet.text(x + BOX_W / 2, y + ROW_H / 2, str(values[place - 1]), 9, anchor="middle", bold=True)
    for place in (n, lap(rules) - 1):  # the row's ends: after your hole n, before your store
        x = LABEL_W + place * BOX_W
        sheet.line(x, y, x, y + ROW_H, 1.6)
    if sums:
        for i in range(len(SUMS)):
            sheet.box(LABEL_W + lap(rules) * BOX_W + i * SUM_W, y, SUM_W, ROW_H, None, 0.5)


def _board_strip(sheet: _Sheet, rules: Ruleset, board, y: float) -> float:
    """The board's row: the counts before any turn, and the two totals."""
    _strip_header(sheet, rules, y + 4, names=False)
    y += 9
    values = None
    if board is not None:
        values = [board[place_slot(rules, place)] for place in range(1, lap(rules))] + [""]
    sheet.text(0, y + ROW_H / 2, "Board", 10, bold=True)
    _strip(sheet, rules, y, values, sums=False)
    x = LABEL_W + lap(rules) * BOX_W + 6
    row = str(row_total(board, rules)) if board is not None else "____"
    total = str(holes_total(board, rules)) if board is not None else "____"
    sheet.text(x, y + 4, f"your row ({rules.hole_range(YOU)}): {row}", 8)
    sheet.text(x, y + 13, f"{holes_named(rules)} total: {total}", 8)
    return y + ROW_H + 8


def _hole_block(sheet: _Sheet, rules: Ruleset, board, hole: int, y: float, height: float) -> None:
    seeds = "" if board is None else board[hole - 1]
    sheet.line(0, y, WIDTH, y, 0.9)
    sheet.text(0, y + 12, f"Hole {hole}", 11, bold=True)
    if board is None:
        sheet.text(0, y + 24, "___ seeds", 8)
    else:
        sheet.text(0, y + 24, "empty hole" if not seeds else plural(seeds), 8, bold=bool(seeds))
    sheet.text(0, y + 35, "strikes: skip it" if seeds == 0 else "lands on ___", 8)  # an empty hole has no turn
    _strip_header(sheet, rules, y + 7)
    top = y + 12
    for row in range(PICKUP_ROWS):
        _strip(sheet, rules, top + row * ROW_H)
    bottom = top + PICKUP_ROWS * ROW_H + 9
    yours, theirs = rules.hole_range(YOU), rules.hole_range(OPPONENT)
    sheet.text(LABEL_W, bottom, f"points ______ = holes {yours} after ______ + {STORE_MARK} gained ______", 8)
    sheet.text(WIDTH, bottom, f"check: total ______ - {theirs} after ______ = ______", 8, anchor="end")


def page_fit(paper: str = "letter") -> tuple[tuple[float, float], float, float, float]:
    """(page size, scale, x, y): the drawing centred on `paper`, shrunk only where the page is
    narrower than Letter (A4: 97%, its smallest text still above 7 pt); x and y are its margins,
    left and right, top and bottom."""
    page = PAPERS[paper]
    scale = min(1.0, (page[0] - 2 * MARGIN) / WIDTH, (page[1] - 2 * MARGIN) / HEIGHT)
    return page, scale, (page[0] - WIDTH * scale) / 2, (page[1] - HEIGHT * scale) / 2


def worksheet_pdf(rules: Ruleset, board: Sequence[int] | None = None, caption: str = "",
                  paper: str = "letter") -> bytes:
    """The worksheet as a one-page PDF on `paper` (letter or a4)."""
    page, scale, x, y = page_fit(paper)
    out = io.BytesIO()
    pdf = fonts.pdf_canvas(out, page, TITLE)
    draw_worksheet_pdf(pdf, x, y, rules, board, caption, scale)  # centred: the bottom margin is y too
    pdf.showPage()
    pdf.save()
    return out.getvalue()


def draw_worksheet_pdf(pdf, x: float, y: float, rules: Ruleset, board=None, caption: str = "", scale: float = 1.0) -> None:
    """Draw the worksheet on a reportlab canvas, its bottom-left corner at (x, y), `scale` times its size."""
    size = WIDTH * scale
    # The painter's unit square starts at the drawing's top; the drawing runs HEIGHT/WIDTH units down.
    draw_worksheet(PdfPainter(pdf, x, y + size * (HEIGHT / WIDTH - 1), size), rules, board, caption)


def worksheet_svg(rules: Ruleset, board: Sequence[int] | None = None, caption: str = "", page: bool = True,
                  paper: str = "letter") -> str:
    """The worksheet as SVG: a page of `paper` (`page`) or the drawing alone (for the manual)."""
    if page:
        (width, height), scale, x, y = page_fit(paper)
    else:
        x = y = 4.0
        scale, width, height = 1.0, WIDTH + 2 * x, HEIGHT + 2 * y
    size = WIDTH * scale
    painter = SvgPainter(size, x, y)
    painter.rect(-x / size, -y / size, width / size, height / size, (255, 255, 255))
    draw_worksheet(painter, rules, board, caption)
    return painter.svg(width, height)


__all__ = ["page_fit", "worksheet_pdf", "worksheet_svg", "draw_worksheet", "draw_worksheet_pdf", "TITLE", "how_to", "SUMS"]
