"""The manual's content model: pages of simple blocks both renderings draw, and the manual's names.

Text is written in the small markup reportlab's Paragraph and HTML share: <b>, <i>, &amp;.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ...core.rules import OPPONENT, YOU, Ruleset

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable

    from ..render import Painter


MODULE = "Congkak"
DOC_TITLE = "Keep Talking and Nobody Explodes Mod"
FLAVOUR = ("Every seed you sow has to pass your opponent's whole row before it gets home. "
           "Count twice, press once.")
PDF_NAME = "congkak.pdf"
HTML_NAME = "index.html"
PAPER_SUFFIX = {"letter": "", "a4": "-a4"}  # the files of the A4 manual are named index-a4.html, congkak-a4.pdf


def manual_names(paper: str = "letter") -> tuple[str, str]:
    """The manual's HTML and PDF file names for `paper` (Letter's are HTML_NAME and PDF_NAME)."""
    suffix = PAPER_SUFFIX[paper]
    return HTML_NAME.replace(".", suffix + ".", 1), PDF_NAME.replace(".", suffix + ".", 1)


BODY_PT, NOTE_PT, CAPTION_PT = 9.5, 8.8, 8.0  # the type sizes; nothing in the manual is under 7 pt


class Heading(NamedTuple):
    text: str
    level: int = 2


class Para(NamedTuple):
    text: str
    style: str = "body"  # body, flavour, note, caption


class Bullets(NamedTuple):
    items: list[str]
    numbered: bool = False


class Table(NamedTuple):
    header: list[str]
    rows: list[list[str]]
    caption: str = ""
    mark_rows: tuple[int, ...] = ()  # rows to emphasise (the answer)
    small: bool = False  # a wide table in a smaller type


class Figure(NamedTuple):
    """A module diagram: an SVG with the id figure-`name` in the HTML, drawn straight onto the PDF page."""

    name: str
    slots: tuple[int, ...]
    caption: str
    size: int = 260  # points on the PDF page; the SVG is drawn at the same size in pixels
    options: dict = {}
    overlay: str = ""  # "ring": arrows along your sowing order


class Beside(NamedTuple):
    """Text blocks with a figure beside them (the first page's picture, as KTANE pages have it)."""

    blocks: list
    figure: Figure


class Worksheet(NamedTuple):
    """The blank worksheet (paper/worksheet.py) without its own title and how-to (the page gives
    them in the manual's type), an SVG in the HTML; `caption` is what a screen reader says;
    `rows`: its pick-up rows, as many as fit the text column's page under the how-to."""

    caption: str
    rows: int


Block = Heading | Para | Bullets | Table | Figure | Beside | Worksheet


@dataclass
class Page:
    blocks: list = field(default_factory=list)
    wide: bool = False  # narrow side margins: a full-page drawing (the worksheet) at nearly its own size

    def add(self, *blocks: object) -> Page:
        self.blocks.extend(blocks)
        return self


def draw_figure(painter: Painter, fig: Figure, rules: Ruleset, draw_face: Callable[..., object]) -> None:
    """A module diagram with `painter` (the HTML's SVG or the PDF's canvas), its overlay over it."""
    draw_face(painter, fig.slots, rules, **fig.options)
    if fig.overlay == "ring":
        _ring_arrows(painter, rules)


def _ring_arrows(painter, rules: Ruleset) -> None:
    """An arrowhead in each hole and in your store, pointing to the next place your seeds go: as
    big as a hole holds, so that it reads on a screen too."""
    import math

    from .. import layout
    from ..render import LINE

    size = layout.HOLE_RADIUS
    reach, wing, notch = 0.8 * size, 0.58 * size, 0.3 * size  # a notched arrowhead, its corners inside the hole

    spots = layout.spots(rules)
    nxt = rules.next_slot(YOU)
    for slot in list(rules.holes(YOU)) + list(rules.holes(OPPONENT)) + [rules.store(YOU)]:
        here, there = spots[slot], spots[nxt[slot]]
        dx, dy = there.x - here.x, there.y - here.y
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length

        def at(along: float, across: float) -> tuple[float, float]:  # used in this iteration only
            return here.x + along * ux - across * uy, here.y + along * uy + across * ux  # noqa: B023

        painter.polygon([at(reach, 0), at(-reach, wing), at(-notch, 0), at(-reach, -wing)], LINE.arrow)
