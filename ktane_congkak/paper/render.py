"""Drawing the module's face: one drawing routine, two painters (SVG and PDF).

`draw_face(painter, ...)` paints the face from `layout` (the same geometry the window
uses, so printed boards and the window look like one family) in unit-square coordinates,
y down. A painter turns those into its own output:

- `SvgPainter` writes SVG elements as text (written by the project, no library);
- `PdfPainter` draws onto a reportlab canvas (imported only when a PDF is drawn).

The sheets and the manual call `draw_face` with a painter of their own; `face_svg(...) -> str`
and `draw_face_pdf(canvas, x, y, size, slots, rules, ...)` draw one face alone.
"""

from __future__ import annotations

from typing import Protocol, Sequence
from xml.sax.saxutils import escape

from . import layout
from ..core.rules import OPPONENT, YOU, Ruleset

Colour = tuple[int, int, int]

# Your side is outlined in this colour, and your store labelled, so nobody reads the
# board from the wrong side.
YOUR_MARK: Colour = (240, 200, 60)
COUNT_TEXT: Colour = (255, 255, 255)
LABEL_TEXT: Colour = (225, 225, 225)  # the opponent's hole numbers, on the charcoal face
STORE_NAME_TEXT: Colour = (255, 255, 255)  # "OPPONENT'S STORE": bold white, readable beside the boat
TITLE_TEXT: Colour = (255, 255, 255)
LABEL_GAP = 0.105  # from a hole's centre to its number, across the boat (unit square)

# Text sizes on the face (unit square). A printed face must be at least
# (smallest printed size) / SMALLEST_TEXT points wide (paper.sheets sees to it).
COUNT_SIZE, STORE_COUNT_SIZE = 0.04, 0.046
NUMBER_SIZE = 0.034  # hole numbers
NAME_SIZE = 0.034  # YOUR HOLES, YOUR STORE, OPPONENT'S STORE
TITLE_SIZE = 0.042
SMALLEST_TEXT = min(COUNT_SIZE, STORE_COUNT_SIZE, NUMBER_SIZE, NAME_SIZE, TITLE_SIZE)


class Painter(Protocol):
    """What `draw_face` needs from an output. Coordinates: unit square, y down."""

    def polygon(self, points: Sequence[tuple[float, float]], fill: Colour | None, stroke: Colour | None = None,
                width: float = 0.0) -> None: ...

    def ellipse(self, x: float, y: float, rx: float, ry: float, angle: float, fill: Colour | None,
                stroke: Colour | None = None, width: float = 0.0) -> None: ...

    def rect(self, x: float, y: float, w: float, h: float, fill: Colour | None, stroke: Colour | None = None,
             width: float = 0.0, radius: float = 0.0) -> None: ...

    def text(self, x: float, y: float, text: str, size: float, fill: Colour, anchor: str = "middle",
             bold: bool = False, angle: float = 0.0, mono: bool = False) -> None:
        """`text` centred (anchor middle/start/end) on x, its baseline about size/3 below y;
        mono: a fixed-width face (puzzle IDs)."""
        ...


def draw_face(painter: Painter, slots: Sequence[int], rules: Ruleset, *, counts: bool = True, labels: bool = True,
              highlight: int | None = None, screen: str | None = None, light: str | None = None,
              title: str | None = None, stores_known: bool = True) -> None:
    """Paint the whole face: background, boat, holes (with counts), screen, light.

    highlight: a slot drawn in the hover colour. screen: the text on the screen ("07",
    "GG"). light: None or one of core.module's LIGHT_STATES (None: off). stores_known=False writes "?" in the
    stores (a board given as 14 numbers)."""
    painter.rect(0.0, 0.0, 1.0, 1.0, layout.FACE, radius=0.04)
    painter.polygon(layout.boat_outline(), layout.BOAT, layout.BOAT_EDGE, 0.008)
    spot_list = layout.spots(rules)
    yours = set(rules.holes(YOU)) | {rules.store(YOU)}
    for spot in spot_list:
        fill = layout.HOLE_HOVER if spot.slot == highlight else layout.HOLE
        mark = YOUR_MARK if spot.slot in yours else None
        painter.ellipse(spot.x, spot.y, spot.rx, spot.ry, spot.angle, fill, mark, 0.006 if mark else 0.0)
        if counts:
            _draw_count(painter, spot, slots, rules, stores_known, spot.slot == highlight)
    if labels:
        _draw_labels(painter, spot_list, rules)
    _draw_screen(painter, screen)
    _draw_light(painter, light)
    if title:
        painter.text(0.5, 0.045, title, TITLE_SIZE, TITLE_TEXT, bold=True)


def _draw_count(painter: Painter, spot: layout.Spot, slots, rules: Ruleset, stores_known: bool, lit: bool) -> None:
    is_store = spot.slot in (rules.store(YOU), rules.store(OPPONENT))
    value = "?" if is_store and not stores_known else str(slots[spot.slot])
    size = STORE_COUNT_SIZE if is_store else COUNT_SIZE
    colour = (0, 0, 0) if lit else COUNT_TEXT
    painter.text(spot.x, spot.y, value, size, colour, bold=True)


def _draw_labels(painter: Painter, spot_list: list[layout.Spot], rules: Ruleset) -> None:
    """Hole numbers outside the boat (yours 1..n, the opponent's positions n+1..2n) and
    the two stores named."""
    from ..core.board import slot_to_position

    nx, ny = layout.NORMAL
    for player, side in ((YOU, -1.0), (OPPONENT, 1.0)):
        for slot in rules.holes(player):
            spot = spot_list[slot]
            x, y = spot.x + side * LABEL_GAP * nx, spot.y + side * LABEL_GAP * ny
            colour = YOUR_MARK if player == YOU else LABEL_TEXT
            painter.text(x, y, str(slot_to_position(slot, rules)), NUMBER_SIZE, colour, bold=player == YOU)
    # Your row's name runs along the boat's lower-left side, under the numbers.
    mid = _row_middle(spot_list, rules, YOU)
    offset = LABEL_GAP + 0.075
    painter.text(mid[0] - offset * nx, mid[1] - offset * ny, "YOUR HOLES", NAME_SIZE, YOUR_MARK, bold=True, angle=45.0)
    mine, theirs = spot_list[rules.store(YOU)], spot_list[rules.store(OPPONENT)]
    painter.text(mine.x + 0.02, mine.y + 0.115, "YOUR STORE", NAME_SIZE, YOUR_MARK, bold=True)
    painter.text(theirs.x + 0.02, theirs.y - 0.115, "OPPONENT'S STORE", NAME_SIZE, STORE_NAME_TEXT, bold=True)


def _row_middle(spot_list: list[layout.Spot], rules: Ruleset, player: int) -> tuple[float, float]:
    row = [spot_list[s] for s in rules.holes(player)]
    return sum(s.x for s in row) / len(row), sum(s.y for s in row) / len(row)


def _draw_screen(painter: Painter, screen: str | None) -> None:
    x, y, w, h = layout.SCREEN
    painter.rect(x, y, w, h, layout.SCREEN_BACK, (90, 90, 90), 0.004, radius=0.012)
    if screen:
        painter.text(x + w / 2, y + h / 2, screen, h * 0.62, layout.SCREEN_TEXT, bold=True)


def _draw_light(painter: Painter, light: str | None) -> None:
    colour = layout.LIGHT_COLOURS.get(light, layout.LIGHT_OFF)
    x, y, r = layout.LIGHT
    painter.ellipse(x, y, r, r, 0.0, colour, (20, 20, 20), 0.005)


# --- SVG -----------------------------------------------------------------------------

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

    def polygon(self, points, fill, stroke=None, width=0.0) -> None:
        coords = " ".join(",".join(self._xy(x, y)) for x, y in points)
        self.parts.append(f'<polygon points="{coords}" {self._paint(fill, stroke, width)}/>')

    def ellipse(self, x, y, rx, ry, angle, fill, stroke=None, width=0.0) -> None:
        cx, cy = self._xy(x, y)
        turn = f' transform="rotate({_n(angle)} {cx} {cy})"' if angle else ""
        self.parts.append(f'<ellipse cx="{cx}" cy="{cy}" rx="{_n(rx * self.size)}" ry="{_n(ry * self.size)}"'
                          f'{turn} {self._paint(fill, stroke, width)}/>')

    def rect(self, x, y, w, h, fill, stroke=None, width=0.0, radius=0.0) -> None:
        px, py = self._xy(x, y)
        r = _n(radius * self.size)
        self.parts.append(f'<rect x="{px}" y="{py}" width="{_n(w * self.size)}" height="{_n(h * self.size)}" '
                          f'rx="{r}" {self._paint(fill, stroke, width)}/>')

    def text(self, x, y, text, size, fill, anchor="middle", bold=False, angle=0.0, mono=False) -> None:
        px, py = self._xy(x, y + size / 3)
        cx, cy = self._xy(x, y)
        turn = f' transform="rotate({_n(angle)} {cx} {cy})"' if angle else ""
        weight = ' font-weight="bold"' if bold else ""
        weight += ' font-family="DejaVu Sans Mono, Courier New, monospace"' if mono else ""
        self.parts.append(f'<text x="{px}" y="{py}" font-size="{_n(size * self.size)}" text-anchor="{anchor}"'
                          f'{weight} fill="{_hex(fill)}"{turn}>{escape(text)}</text>')

    def svg(self, width: float | None = None, height: float | None = None) -> str:
        """A whole SVG document holding everything painted so far."""
        w, h = _n(width or self.size), _n(height or self.size)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
                f'font-family="DejaVu Sans, Helvetica, Arial, sans-serif">\n' + "\n".join(self.parts) + "\n</svg>\n")


def face_svg(slots: Sequence[int], rules: Ruleset, *, counts: bool = True, labels: bool = True,
             highlight: int | None = None, screen: str | None = None, light: str | None = None,
             size: int = 300, title: str | None = None, stores_known: bool = True) -> str:
    """The module face as a standalone SVG document, `size` pixels square."""
    painter = SvgPainter(size)
    draw_face(painter, slots, rules, counts=counts, labels=labels, highlight=highlight, screen=screen,
              light=light, title=title, stores_known=stores_known)
    return painter.svg()


# --- PDF (reportlab) -------------------------------------------------------------------

class PdfPainter:
    """Draws onto a reportlab canvas: the face `size` points square, its bottom-left
    corner at (x, y) in the canvas's points (PDF's y runs up, so y is flipped here)."""

    FONT, BOLD, MONO, MONO_BOLD = "Helvetica", "Helvetica-Bold", "Courier", "Courier-Bold"

    def __init__(self, canvas, x: float, y: float, size: float) -> None:
        self.c, self.x0, self.y0, self.size = canvas, x, y, size

    def _xy(self, x: float, y: float) -> tuple[float, float]:
        return self.x0 + x * self.size, self.y0 + (1.0 - y) * self.size

    def _set(self, fill: Colour | None, stroke: Colour | None, width: float) -> tuple[int, int]:
        if fill:
            self.c.setFillColorRGB(*(v / 255 for v in fill))
        if stroke and width:
            self.c.setStrokeColorRGB(*(v / 255 for v in stroke))
            self.c.setLineWidth(width * self.size)
        return int(bool(stroke and width)), int(bool(fill))

    def polygon(self, points, fill, stroke=None, width=0.0) -> None:
        stroke_on, fill_on = self._set(fill, stroke, width)
        path = self.c.beginPath()
        path.moveTo(*self._xy(*points[0]))
        for point in points[1:]:
            path.lineTo(*self._xy(*point))
        path.close()
        self.c.drawPath(path, stroke=stroke_on, fill=fill_on)

    def ellipse(self, x, y, rx, ry, angle, fill, stroke=None, width=0.0) -> None:
        stroke_on, fill_on = self._set(fill, stroke, width)
        cx, cy = self._xy(x, y)
        self.c.saveState()
        self.c.translate(cx, cy)
        self.c.rotate(-angle)  # SVG turns clockwise on screen; PDF's y runs up
        w, h = rx * self.size, ry * self.size
        self.c.ellipse(-w, -h, w, h, stroke=stroke_on, fill=fill_on)
        self.c.restoreState()

    def rect(self, x, y, w, h, fill, stroke=None, width=0.0, radius=0.0) -> None:
        stroke_on, fill_on = self._set(fill, stroke, width)
        px, py = self._xy(x, y + h)
        self.c.roundRect(px, py, w * self.size, h * self.size, radius * self.size, stroke=stroke_on, fill=fill_on)

    def text(self, x, y, text, size, fill, anchor="middle", bold=False, angle=0.0, mono=False) -> None:
        self.c.saveState()
        self.c.setFillColorRGB(*(v / 255 for v in fill))
        fonts = (self.MONO, self.MONO_BOLD) if mono else (self.FONT, self.BOLD)
        self.c.setFont(fonts[bold], size * self.size)
        cx, cy = self._xy(x, y)
        self.c.translate(cx, cy)
        self.c.rotate(-angle)
        draw = {"start": self.c.drawString, "end": self.c.drawRightString}.get(anchor, self.c.drawCentredString)
        draw(0, -size * self.size / 3, text)
        self.c.restoreState()


def draw_face_pdf(canvas, x: float, y: float, size: float, slots: Sequence[int], rules: Ruleset, *,
                  counts: bool = True, labels: bool = True, highlight: int | None = None,
                  screen: str | None = None, light: str | None = None, title: str | None = None,
                  stores_known: bool = True) -> None:
    """Draw the face onto a reportlab canvas, `size` points square, bottom-left at (x, y)."""
    draw_face(PdfPainter(canvas, x, y, size), slots, rules, counts=counts, labels=labels, highlight=highlight,
              screen=screen, light=light, title=title, stores_known=stores_known)


__all__ = ["Painter", "SvgPainter", "PdfPainter", "draw_face", "face_svg", "draw_face_pdf", "YOUR_MARK", "SMALLEST_TEXT"]
