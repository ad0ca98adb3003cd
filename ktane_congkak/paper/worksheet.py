"""The expert's worksheet: one page (Letter or A4) for scoring a whole board by hand, blank or with a board filled in.

The ring is a strip of boxes, one per place of your lap (on the module your holes 1-7, the
opponent's positions 8-14, S your store; the opponent's store is never sown into). Under the
board's own strip is one table of pick-up rows shared by all the holes: a hole's turn takes as
many rows as it has pick-ups, so a long relay chain borrows the rows a short turn leaves
(PICKUP_ROWS covers the pick-ups of nearly every board the module makes: docs/manual.md gives
the measured share). Each row has the landing sums and a box for whole laps (a row of a lap or
more of seeds gives every place one seed per lap). At the foot, each hole's points with their
check total (`core.shortcuts`). The same drawing goes to PDF (reportlab) and SVG through
`render`'s painters; the manual's appendix draws it blank.
"""

from __future__ import annotations

import io
from typing import NamedTuple
from collections.abc import Sequence

from ..core.explain import plural
from ..core.rules import OPPONENT, YOU, Ruleset
from ..core.shortcuts import STORE_MARK, holes_total, lap, place_name, place_slot, row_total
from . import fonts
from .render import PdfPainter, SvgPainter
from .sheets import PAPERS

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from .render import Painter

PAGE = PAPERS["letter"]  # the page the drawing is made for, points
MARGIN = 36.0
WIDTH = PAGE[0] - 2 * MARGIN  # the drawing's width in points; its height is HEIGHT
HEIGHT = PAGE[1] - 2 * MARGIN
TITLE = "Congkak worksheet"
INK, GREY, SOFT = (0, 0, 0), (60, 60, 60), (225, 225, 225)
SMALLEST_PT = 7.7  # the smallest text on the sheet (7.5 pt on A4, which shrinks it 3%; 7 pt in the manual, at 91%)
PICKUP_ROWS = 46  # rows shared by the holes' pick-ups

LABEL_W = 30.0  # the column where a hole's first row names the hole
BOX_W = 22.0
ROW_H = 10.8
SUMS = ("from", "seeds", "lands", "holds", "laps")  # a pick-up: place, seeds, landing place, seeds there now, whole laps
SUM_W = (WIDTH - LABEL_W - 15 * BOX_W) / len(SUMS)
POINTS_ROW = 11.5  # a hole's points line at the foot
HOW_TO_LEADING = 8.8


def how_to(rules: Ruleset) -> tuple[str, ...]:
    """The lines atop the sheet, in the ruleset's numbering (holes, positions, the lap)."""
    yours, theirs, laps, total = rules.hole_range(YOU), rules.hole_range(OPPONENT), lap(rules), holes_named(rules)
    return (
        f"Places: your holes {yours}, the opponent's positions {theirs}, {STORE_MARK} your store "
        "(the opponent's store is skipped).",
        f"Seeds picked up at place p, s of them, land on p + s (while above {laps}, take {laps} off; {laps} is "
        f"{STORE_MARK}). Every place passed gains one; a whole lap of {laps} gives every place one (laps box).",
        "One row per pick-up; write the hole in the first box when a new hole starts (from the board "
        "again). Circle the box you empty, strike through each box that gains a seed.",
        f"holds: the landing place's seeds now, the last one included. holds 1 (it was empty): in {yours} "
        f"capture it and its facing position into {STORE_MARK}; in {theirs} stop. holds 2+: relay. {STORE_MARK}: stop.",
        f"Points = your holes {yours} after + what {STORE_MARK} gained. Check: {total} total before "
        f"- positions {theirs} after.",
    )


def holes_named(rules: Ruleset) -> str:
    """Every hole of the board, as the totals name them: "14-hole"."""
    return f"{2 * rules.holes_per_side}-hole"


def wrapped(paragraphs: Sequence[str], size: float) -> list[str]:
    """The lines atop the sheet broken at spaces to the drawing's width."""
    lines = []
    for text in paragraphs:
        line = ""
        for word in text.split():
            if line and fonts.text_width(f"{line} {word}", size) > WIDTH:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}".strip()
        lines.append(line)
    return lines


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


def draw_worksheet(painter: Painter, rules: Ruleset, board: Sequence[int] | None = None, caption: str = "",
                   header: bool = True, rows: int = PICKUP_ROWS) -> float:
    """The whole worksheet, WIDTH x HEIGHT points in unit-square coordinates (1 = WIDTH).
    With `board` its counts, seed counts and totals are filled in; `caption` names it.
    Without `header` (the manual, whose page gives the title and the how-to in its own
    type) the drawing starts at the board strip; `rows`: the pick-up rows.
    Returns how far down the drawing reaches, in points."""
    sheet = _Sheet(painter)
    y = -3.0
    if header:
        sheet.text(0, 10, TITLE, 16, bold=True)
        if caption:
            sheet.text(WIDTH, 10, caption, 9, GREY, anchor="end")
        y = 25.0
        for line in wrapped(how_to(rules), SMALLEST_PT):
            sheet.text(0, y, line, SMALLEST_PT, GREY)
            y += HOW_TO_LEADING
    y = _board_strip(sheet, rules, board, y + 3)
    y = _pickup_table(sheet, rules, y, rows)
    return _points_lines(sheet, rules, board, y + 4)


def drawing_bottom(rules: Ruleset, header: bool = True, rows: int = PICKUP_ROWS) -> float:
    """How far down the drawing reaches, in points (at most HEIGHT: tests/paper checks it),
    measured by drawing it, so the figure cannot drift from the drawing."""
    return draw_worksheet(SvgPainter(WIDTH), rules, header=header, rows=rows)


def _strip_header(sheet: _Sheet, rules: Ruleset, y: float, names=True) -> None:
    """The place numbers above a strip: your holes bold, the opponent's positions, S."""
    n = rules.holes_per_side
    for place in range(1, lap(rules) + 1):
        x = LABEL_W + (place - 0.5) * BOX_W
        mine = place <= n or place == lap(rules)
        sheet.text(x, y, place_name(place, rules), 8, INK if mine else GREY, anchor="middle", bold=mine)
    if names:
        for i, name in enumerate(SUMS):
            sheet.text(LABEL_W + lap(rules) * BOX_W + (i + 0.5) * SUM_W, y, name, SMALLEST_PT, GREY, anchor="middle")


def _strip(sheet: _Sheet, rules: Ruleset, y: float, values=None, sums=True) -> None:
    n = rules.holes_per_side
    if sums:  # a pick-up row's hole box
        sheet.box(0, y, LABEL_W, ROW_H, None, 0.5)
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
    sheet.text(0, y + ROW_H / 2, "Board", 9, bold=True)
    _strip(sheet, rules, y, values, sums=False)
    x = LABEL_W + lap(rules) * BOX_W + 6
    row = str(row_total(board, rules)) if board is not None else "____"
    total = str(holes_total(board, rules)) if board is not None else "____"
    sheet.text(x, y + 2, f"your row ({rules.hole_range(YOU)}): {row}", 8)
    sheet.text(x, y + 11, f"{holes_named(rules)} total: {total}", 8)
    return y + ROW_H + 8


def _pickup_table(sheet: _Sheet, rules: Ruleset, y: float, rows: int = PICKUP_ROWS) -> float:
    """`rows` rows of the strip with their sums, shared by every hole; where it ends."""
    sheet.text(LABEL_W / 2, y + 4, "hole", SMALLEST_PT, GREY, anchor="middle")
    _strip_header(sheet, rules, y + 4)
    top = y + 9
    for row in range(rows):
        _strip(sheet, rules, top + row * ROW_H)
    return top + rows * ROW_H


def _points_lines(sheet: _Sheet, rules: Ruleset, board, y: float) -> float:
    """Each hole's seeds, landing place, points and check, a line each; where they end."""
    yours, theirs = rules.hole_range(YOU), rules.hole_range(OPPONENT)
    for hole in range(1, rules.holes_per_side + 1):
        base = y + (hole - 0.5) * POINTS_ROW
        seeds = None if board is None else board[hole - 1]
        sheet.text(0, base, f"Hole {hole}", 9, bold=True)
        if seeds is None:
            sheet.text(44, base, "___ seeds", 8)
        else:
            sheet.text(44, base, "empty hole" if not seeds else plural(seeds), 8, bold=bool(seeds))
        if seeds == 0:  # an empty hole has no turn
            sheet.text(112, base, "0 points: skip it", SMALLEST_PT)
            continue
        sheet.text(112, base, f"points ____ = {yours} after ____ + {STORE_MARK} gained ____", SMALLEST_PT)
        sheet.text(WIDTH, base, f"check: total ____ - {theirs} after ____ = ____", SMALLEST_PT, anchor="end")
    return y + rules.holes_per_side * POINTS_ROW


class Coverage(NamedTuple):
    boards: int
    pickups: int  # every pick-up of every hole holding seeds, over all boards
    pickups_covered: int  # those that get a row (a board's first PICKUP_ROWS)
    boards_fitting: int  # boards whose every pick-up gets a row
    median: int  # pick-ups per board
    most: int


def row_coverage(rules: Ruleset, boards: int, seed: int, rows: int = PICKUP_ROWS) -> Coverage:
    """How many of the pick-ups of `boards` boards made the module's way (random `seed`) get a
    row of the worksheet, each board scored on one sheet."""
    import random
    import statistics

    from ..core.generator import module_board
    from ..core.shortcuts import board_work

    rng = random.Random(seed)
    per_board = [board_work(module_board(rules, rng), rules)[2] for _ in range(boards)]
    return Coverage(boards, sum(per_board), sum(min(k, rows) for k in per_board), sum(k <= rows for k in per_board),
                    int(statistics.median(per_board)), max(per_board))


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


def draw_worksheet_pdf(pdf: Canvas, x: float, y: float, rules: Ruleset, board: Sequence[int] | None = None, caption: str = "", scale: float = 1.0,
                       header: bool = True, rows: int = PICKUP_ROWS, height: float = HEIGHT) -> None:
    """Draw the worksheet on a reportlab canvas, its bottom-left corner at (x, y), `scale` times its size
    (`height`: the drawing's own, in points; `header`, `rows`: as draw_worksheet)."""
    size = WIDTH * scale
    # The painter's unit square starts at the drawing's top; the drawing runs height/WIDTH units down.
    draw_worksheet(PdfPainter(pdf, x, y + size * (height / WIDTH - 1), size), rules, board, caption, header, rows)


def worksheet_svg(rules: Ruleset, board: Sequence[int] | None = None, caption: str = "", page: bool = True,
                  paper: str = "letter", rows: int = PICKUP_ROWS) -> str:
    """The worksheet as SVG: a white page of `paper` (`page`), or the drawing alone, without its
    title and how-to and on no background (the manual's page gives them, and its own paper)."""
    if page:
        (width, height), scale, x, y = page_fit(paper)
    else:
        x = y = 1.0  # room for the outer lines' half-width
        scale, width, height = 1.0, WIDTH + 2 * x, drawing_bottom(rules, False, rows) + 2 * y
    size = WIDTH * scale
    painter = SvgPainter(size, x, y)
    if page:
        painter.rect(-x / size, -y / size, width / size, height / size, (255, 255, 255))
    draw_worksheet(painter, rules, board, caption, header=page, rows=rows)
    return painter.svg(width, height)


__all__ = ["page_fit", "worksheet_pdf", "worksheet_svg", "draw_worksheet", "draw_worksheet_pdf", "TITLE", "how_to", "SUMS",
           "PICKUP_ROWS", "Coverage", "row_coverage", "drawing_bottom"]
