"""Drawing the module's face: one drawing routine, two painters (SVG and PDF).

`draw_face(painter, ...)` paints the face from `layout` (the same geometry the window
uses, so printed boards and the window look like one family) in unit-square coordinates,
y down. A painter turns those into its own output:

- `SvgPainter` writes SVG elements as text (written by the project, no library);
- `PdfPainter` draws onto a reportlab canvas (imported only when a PDF is drawn).

Two styles ink the same drawing: LINE, a black line drawing on white (the default: paper,
the manual), and DARK, the module's own colours (`print --style dark`). Text is set in the
printed face (paper/fonts.py).

The sheets and the manual call `draw_face` with a painter of their own; `face_svg(...) -> str`
and `draw_face_pdf(canvas, x, y, size, slots, rules, ...)` draw one face alone.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Protocol
from collections.abc import Sequence
from xml.sax.saxutils import escape

from . import fonts, layout
from ..core.rules import OPPONENT, YOU, Ruleset

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

Colour = tuple[int, int, int]

LABEL_GAP = 0.105  # from a hole's centre to its number, across the boat (unit square)

# Text sizes on the face (unit square). A printed face must be at least
# (smallest printed size) / SMALLEST_TEXT points wide (paper.sheets sees to it).
COUNT_SIZE, STORE_COUNT_SIZE = 0.04, 0.046
NUMBER_SIZE = 0.034  # hole numbers
NAME_SIZE = 0.034  # YOUR HOLES, YOUR STORE, OPPONENT'S STORE
TITLE_SIZE = 0.042
SMALLEST_TEXT = min(COUNT_SIZE, STORE_COUNT_SIZE, NUMBER_SIZE, NAME_SIZE, TITLE_SIZE)


class FaceStyle(NamedTuple):
    """How the face is inked. Your side is always told apart without colour (a heavier
    ring, bold labels) as well as with it, so a grey photocopy still shows whose row is whose."""

    face: Colour
    face_edge: Colour | None
    boat: Colour
    boat_edge: Colour
    hole: Colour
    hole_lit: Colour  # the hovered hole
    hole_edge: Colour | None  # the opponent's holes and store
    your_edge: Colour  # your holes and store
    your_edge_width: float
    hole_scale: float  # the drawn hole against layout's radius: room between the rings
    count: Colour  # type: ignore[assignment]  # (the field hides tuple.count)
    count_lit: Colour
    your_label: Colour
    their_label: Colour
    title: Colour
    screen: Colour
    screen_edge: Colour
    screen_text: Colour
    light_off: Colour
    arrow: Colour  # the manual's ring arrows


# The module's own colours (the window's look): ink-heavy, for screens and colour printers.
DARK = FaceStyle(face=layout.FACE, face_edge=None, boat=layout.BOAT, boat_edge=layout.BOAT_EDGE, hole=layout.HOLE,
                 hole_lit=layout.HOLE_HOVER, hole_edge=None, your_edge=(240, 200, 60), your_edge_width=0.006,
                 hole_scale=1.0, count=(255, 255, 255), count_lit=(0, 0, 0), your_label=(240, 200, 60),
                 their_label=(225, 225, 225), title=(255, 255, 255), screen=layout.SCREEN_BACK,
                 screen_edge=(90, 90, 90), screen_text=layout.SCREEN_TEXT, light_off=layout.LIGHT_OFF,
                 arrow=(255, 255, 255))
# A black line drawing on white, as the community's manuals draw modules: little ink, and the
# same on a grey photocopier. Your rings are three times as heavy as the opponent's; the holes
# are drawn smaller so neighbouring rings stay well apart (tests/paper measures the gap).
LINE = FaceStyle(face=(255, 255, 255), face_edge=(0, 0, 0), boat=(255, 255, 255), boat_edge=(0, 0, 0),
                 hole=(255, 255, 255), hole_lit=(200, 200, 200), hole_edge=(0, 0, 0), your_edge=(0, 0, 0),
                 your_edge_width=0.007, hole_scale=0.86, count=(0, 0, 0), count_lit=(0, 0, 0),
                 your_label=(0, 0, 0), their_label=(0, 0, 0), title=(0, 0, 0), screen=(255, 255, 255),
                 screen_edge=(0, 0, 0), screen_text=(0, 0, 0), light_off=(255, 255, 255), arrow=(0, 0, 0))
THIN_EDGE = 0.0028  # the line style's opponent holes, screen and light
STYLES = {"line": LINE, "dark": DARK}  # by the name `print --style` takes
DEFAULT_STYLE = "line"


def ring_gap(style: FaceStyle) -> float:
    """The clear space between two neighbouring rings of your row (unit square): the spacing
    less a drawn hole and its ring's outer half."""
    return layout.HOLE_SPACING - 2 * (layout.HOLE_RADIUS * style.hole_scale + style.your_edge_width / 2)


class Painter(Protocol):
    """What `draw_face` needs from an output. Coordinates: unit square, y down."""

    def polygon(self, points: Sequence[tuple[float, float]], fill: Colour | None, stroke: Colour | None = None,
                width: float = 0.0) -> None: ...

    def ellipse(self, x: float, y: float, rx: float, ry: float, angle: float, fill: Colour | None,
                stroke: Colour | None = None, width: float = 0.0) -> None: ...

    def rect(self, x: float, y: float, w: float, h: float, fill: Colour | None, stroke: Colour | None = None,
             width: float = 0.0, radius: float = 0.0) -> None: ...

    def text(self, x: float, y: float, text: str, size: float, fill: Colour, anchor: str = "middle",
             bold: bool = False, angle: float = 0.0) -> None:
        """`text` centred (anchor middle/start/end) on x, its baseline about size/3 below y,
        in the printed face (a fixed-width one: puzzle IDs line up)."""
        ...


def draw_face(painter: Painter, slots: Sequence[int], rules: Ruleset, *, counts: bool = True, labels: bool = True,
              highlight: int | None = None, screen: str | None = None, light: str | None = None,
              title: str | None = None, stores_known: bool = True, style: FaceStyle = LINE,
              lit: Sequence[int] = ()) -> None:
    """Paint the whole face: background, boat, holes (with counts), screen, light.

    highlight: a slot drawn in the hover colour; lit: more slots drawn so (a log's pressed
    holes, every one of them). screen: the text on the screen ("07",
    "GG"). light: None or one of core.module's LIGHT_STATES (None: off). stores_known=False writes "?" in the
    stores (a board given as 14 numbers). style: LINE (black on white, for paper) or DARK (the module's colours)."""
    thin = THIN_EDGE if style.face_edge else 0.0
    painter.rect(0.0, 0.0, 1.0, 1.0, style.face, style.face_edge, thin, radius=0.04)
    painter.polygon(layout.boat_outline(), style.boat, style.boat_edge, 0.006 if style.face_edge else 0.008)
    spot_list = layout.spots(rules)
    yours = set(rules.holes(YOU)) | {rules.store(YOU)}
    shaded = {highlight, *lit}
    for spot in spot_list:
        fill = style.hole_lit if spot.slot in shaded else style.hole
        mine = spot.slot in yours
        edge, width = (style.your_edge, style.your_edge_width) if mine else (style.hole_edge, thin)
        rx, ry = spot.rx * style.hole_scale, spot.ry * style.hole_scale
        painter.ellipse(spot.x, spot.y, rx, ry, spot.angle, fill, edge, width)
        if counts:
            _draw_count(painter, spot, slots, rules, stores_known, spot.slot in shaded, style)
    if labels:
        _draw_labels(painter, spot_list, rules, style)
    _draw_screen(painter, screen, style)
    _draw_light(painter, light, style)
    if title:
        painter.text(0.5, 0.045, title, TITLE_SIZE, style.title, bold=True)


def _draw_count(painter: Painter, spot: layout.Spot, slots, rules: Ruleset, stores_known: bool, lit: bool,
                style: FaceStyle) -> None:
    is_store = spot.slot in (rules.store(YOU), rules.store(OPPONENT))
    value = "?" if is_store and not stores_known else str(slots[spot.slot])
    size = STORE_COUNT_SIZE if is_store else COUNT_SIZE
    painter.text(spot.x, spot.y, value, size, style.count_lit if lit else style.count, bold=True)


def _draw_labels(painter: Painter, spot_list: list[layout.Spot], rules: Ruleset, style: FaceStyle) -> None:
    """Hole numbers outside the boat (yours 1..n in bold, the opponent's positions n+1..2n) and
    the two stores named."""
    from ..core.board import slot_to_position

    nx, ny = layout.NORMAL
    for player, side in ((YOU, -1.0), (OPPONENT, 1.0)):
        for slot in rules.holes(player):
            spot = spot_list[slot]
            x, y = spot.x + side * LABEL_GAP * nx, spot.y + side * LABEL_GAP * ny
            colour = style.your_label if player == YOU else style.their_label
            painter.text(x, y, str(slot_to_position(slot, rules)), NUMBER_SIZE, colour, bold=player == YOU)
    # Your row's name runs along the boat's lower-left side, under the numbers.
    mid = _row_middle(spot_list, rules, YOU)
    offset = LABEL_GAP + 0.075
    painter.text(mid[0] - offset * nx, mid[1] - offset * ny, "YOUR HOLES", NAME_SIZE, style.your_label, bold=True,
                 angle=45.0)
    mine, theirs = spot_list[rules.store(YOU)], spot_list[rules.store(OPPONENT)]
    painter.text(mine.x + 0.02, mine.y + 0.115, "YOUR STORE", NAME_SIZE, style.your_label, bold=True)
    painter.text(theirs.x + 0.02, theirs.y - 0.115, "OPPONENT'S STORE", NAME_SIZE, style.title, bold=not style.face_edge)


def _row_middle(spot_list: list[layout.Spot], rules: Ruleset, player: int) -> tuple[float, float]:
    row = [spot_list[s] for s in rules.holes(player)]
    return sum(s.x for s in row) / len(row), sum(s.y for s in row) / len(row)


def _draw_screen(painter: Painter, screen: str | None, style: FaceStyle) -> None:
    x, y, w, h = layout.SCREEN
    painter.rect(x, y, w, h, style.screen, style.screen_edge, 0.004, radius=0.012)
    if screen:
        painter.text(x + w / 2, y + h / 2, screen, h * 0.62, style.screen_text, bold=True)


def _draw_light(painter: Painter, light: str | None, style: FaceStyle) -> None:
    colour = layout.LIGHT_COLOURS.get(light, layout.LIGHT_OFF) if light else layout.LIGHT_OFF
    colour = style.light_off if colour == layout.LIGHT_OFF else colour
    x, y, r = layout.LIGHT
    painter.ellipse(x, y, r, r, 0.0, colour, (20, 20, 20), 0.005)


# --- SVG -----------------------------------------------------------------------------

# The SVG names the printed face first; a viewer without it uses a face of the same widths.
SVG_FONTS = f"{fonts.FAMILY}, {fonts.CSS_FALLBACK}".replace('"', "")


# What XML 1.0 cannot hold (C0 controls but tab and line ends, surrogates, U+FFFE/FFFF), and C1 controls.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: object) -> str:
    """Text from a file or a user, for an SVG's text or attribute: & < > " escaped, and each
    character XML cannot hold replaced by U+FFFD, so the document is always well-formed."""
    return escape(_NOT_XML.sub("\ufffd", str(text)), {'"': "&quot;"})


def inline_svg(svg: str, name: str, label: str, attributes: str = "") -> str:
    """An SVG document as a drawing inside an HTML page, id figure-`name` (with `attributes`
    after it): its text is then set in the page's web font (an <img> cannot load one, and
    would fall back to the reader's fonts)."""
    return svg.replace("<svg ", f'<svg id="figure-{name}" role="img" aria-label="{label}" {attributes}', 1).strip()


def _hex(colour: Colour) -> str:
    return "#%02x%02x%02x" % colour


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


class SvgPainter:
    """Collects SVG elements for a face `size` pixels square at (ox, oy)."""

    def __init__(self, size: float, ox: float = 0.0, oy: float = 0.0, parts: list[str] | None = None) -> None:
        self.size, self.ox, self.oy = size, ox, oy
        self.parts: list[str] = [] if parts is None else parts  # shared by the painters of one document

    def _xy(self, x: float, y: float) -> tuple[str, str]:
        return _n(self.ox + x * self.size), _n(self.oy + y * self.size)

    def _paint(self, fill: Colour | None, stroke: Colour | None, width: float) -> str:
        out = f'fill="{_hex(fill)}"' if fill else 'fill="none"'
        if stroke and width:
            out += f' stroke="{_hex(stroke)}" stroke-width="{_n(width * self.size)}"'
        return out

    def polygon(self, points: Sequence[tuple[float, float]], fill: Colour | None, stroke: Colour | None = None,
                width: float = 0.0) -> None:
        coords = " ".join(",".join(self._xy(x, y)) for x, y in points)
        self.parts.append(f'<polygon points="{coords}" {self._paint(fill, stroke, width)}/>')

    def ellipse(self, x: float, y: float, rx: float, ry: float, angle: float, fill: Colour | None,
                stroke: Colour | None = None, width: float = 0.0) -> None:
        cx, cy = self._xy(x, y)
        turn = f' transform="rotate({_n(angle)} {cx} {cy})"' if angle else ""
        self.parts.append(f'<ellipse cx="{cx}" cy="{cy}" rx="{_n(rx * self.size)}" ry="{_n(ry * self.size)}"'
                          f'{turn} {self._paint(fill, stroke, width)}/>')

    def rect(self, x: float, y: float, w: float, h: float, fill: Colour | None, stroke: Colour | None = None,
             width: float = 0.0, radius: float = 0.0) -> None:
        px, py = self._xy(x, y)
        r = _n(radius * self.size)
        self.parts.append(f'<rect x="{px}" y="{py}" width="{_n(w * self.size)}" height="{_n(h * self.size)}" '
                          f'rx="{r}" {self._paint(fill, stroke, width)}/>')

    def text(self, x: float, y: float, text: str, size: float, fill: Colour, anchor: str = "middle",
             bold: bool = False, angle: float = 0.0) -> None:
        px, py = self._xy(x, y + size / 3)
        cx, cy = self._xy(x, y)
        turn = f' transform="rotate({_n(angle)} {cx} {cy})"' if angle else ""
        weight = ' font-weight="bold"' if bold else ""
        self.parts.append(f'<text x="{px}" y="{py}" font-size="{_n(size * self.size)}" text-anchor="{anchor}"'
                          f'{weight} fill="{_hex(fill)}"{turn}>{xml_text(text)}</text>')

    def polyline(self, points: Sequence[tuple[float, float]], stroke: Colour, width: float, dash: float = 0.0) -> None:
        """An open line through `points`; dashed `dash` on, `dash` off when given (charts' lines)."""
        coords = " ".join(",".join(self._xy(x, y)) for x, y in points)
        dashes = f' stroke-dasharray="{_n(dash * self.size)}"' if dash else ""
        self.parts.append(f'<polyline points="{coords}" fill="none" stroke="{_hex(stroke)}" '
                          f'stroke-width="{_n(width * self.size)}"{dashes}/>')

    def group(self, name: str, title: str = "") -> None:
        """Open a group of class `name` (with `title`, a tooltip): what follows until `end_group` is one mark."""
        tip = f"<title>{xml_text(title)}</title>" if title else ""
        self.parts.append(f'<g class="{xml_text(name)}">{tip}')

    def end_group(self) -> None:
        self.parts.append("</g>")

    def svg(self, width: float | None = None, height: float | None = None, font: str = SVG_FONTS) -> str:
        """A whole SVG document holding everything painted so far, its text in `font` (the printed face)."""
        w, h = _n(width or self.size), _n(height or self.size)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
                f'font-family="{font}">\n' + "\n".join(self.parts) + "\n</svg>\n")


def face_svg(slots: Sequence[int], rules: Ruleset, *, counts: bool = True, labels: bool = True,
             highlight: int | None = None, screen: str | None = None, light: str | None = None,
             size: int = 300, title: str | None = None, stores_known: bool = True, style: FaceStyle = LINE) -> str:
    """The module face as a standalone SVG document, `size` pixels square."""
    painter = SvgPainter(size)
    draw_face(painter, slots, rules, counts=counts, labels=labels, highlight=highlight, screen=screen,
              light=light, title=title, stores_known=stores_known, style=style)
    return painter.svg()


# --- PDF (reportlab) -------------------------------------------------------------------

class PdfPainter:
    """Draws onto a reportlab canvas: the face `size` points square, its bottom-left
    corner at (x, y) in the canvas's points (PDF's y runs up, so y is flipped here)."""

    def __init__(self, canvas: Canvas, x: float, y: float, size: float) -> None:
        self.c, self.x0, self.y0, self.size = canvas, x, y, size
        fonts.register()

    def _xy(self, x: float, y: float) -> tuple[float, float]:
        return self.x0 + x * self.size, self.y0 + (1.0 - y) * self.size

    def _set(self, fill: Colour | None, stroke: Colour | None, width: float) -> tuple[int, int]:
        if fill:
            self.c.setFillColorRGB(*(v / 255 for v in fill))
        if stroke and width:
            self.c.setStrokeColorRGB(*(v / 255 for v in stroke))
            self.c.setLineWidth(width * self.size)
        return int(bool(stroke and width)), int(bool(fill))

    def polygon(self, points: Sequence[tuple[float, float]], fill: Colour | None, stroke: Colour | None = None,
                width: float = 0.0) -> None:
        stroke_on, fill_on = self._set(fill, stroke, width)
        path = self.c.beginPath()
        path.moveTo(*self._xy(*points[0]))
        for point in points[1:]:
            path.lineTo(*self._xy(*point))
        path.close()
        self.c.drawPath(path, stroke=stroke_on, fill=fill_on)

    def ellipse(self, x: float, y: float, rx: float, ry: float, angle: float, fill: Colour | None,
                stroke: Colour | None = None, width: float = 0.0) -> None:
        stroke_on, fill_on = self._set(fill, stroke, width)
        cx, cy = self._xy(x, y)
        self.c.saveState()
        self.c.translate(cx, cy)
        self.c.rotate(-angle)  # SVG turns clockwise on screen; PDF's y runs up
        w, h = rx * self.size, ry * self.size
        self.c.ellipse(-w, -h, w, h, stroke=stroke_on, fill=fill_on)
        self.c.restoreState()

    def rect(self, x: float, y: float, w: float, h: float, fill: Colour | None, stroke: Colour | None = None,
             width: float = 0.0, radius: float = 0.0) -> None:
        stroke_on, fill_on = self._set(fill, stroke, width)
        px, py = self._xy(x, y + h)
        self.c.roundRect(px, py, w * self.size, h * self.size, radius * self.size, stroke=stroke_on, fill=fill_on)

    def text(self, x: float, y: float, text: str, size: float, fill: Colour, anchor: str = "middle",
             bold: bool = False, angle: float = 0.0) -> None:
        self.c.saveState()
        self.c.setFillColorRGB(*(v / 255 for v in fill))
        self.c.setFont(fonts.face(bold), size * self.size)
        cx, cy = self._xy(x, y)
        self.c.translate(cx, cy)
        self.c.rotate(-angle)
        draw = {"start": self.c.drawString, "end": self.c.drawRightString}.get(anchor, self.c.drawCentredString)
        draw(0, -size * self.size / 3, text)
        self.c.restoreState()


def draw_face_pdf(canvas: Canvas, x: float, y: float, size: float, slots: Sequence[int], rules: Ruleset, *,
                  counts: bool = True, labels: bool = True, highlight: int | None = None,
                  screen: str | None = None, light: str | None = None, title: str | None = None,
                  stores_known: bool = True, style: FaceStyle = LINE) -> None:
    """Draw the face onto a reportlab canvas, `size` points square, bottom-left at (x, y)."""
    draw_face(PdfPainter(canvas, x, y, size), slots, rules, counts=counts, labels=labels, highlight=highlight,
              screen=screen, light=light, title=title, stores_known=stores_known, style=style)


__all__ = ["Painter", "SvgPainter", "PdfPainter", "draw_face", "face_svg", "draw_face_pdf", "FaceStyle", "LINE", "DARK",
           "STYLES", "DEFAULT_STYLE", "ring_gap", "SMALLEST_TEXT"]
