"""The module's screen with its digits, the status light, soft shadows; the face itself is picture.py's.

The highlight display is a plain salmon square; its digits are ours, drawn as strokes in
the manner of a ticket's numbering stamp (narrow, square-shouldered, bold), so no font
file is needed. The status light is KTANE's grey cone, its lens lit by the light's state.
"""

from __future__ import annotations

import math

from .colours import LIGHT_FROM, SCREEN, SCREEN_DIGITS, SHADOW, Colour, lit_share
from .mesh import clear, ellipse_points, grow, Mesh, mix, segments

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    import pyglet


# The module's face beyond paper/layout.py's holes, in the same unit square (y down).
SCREEN_SQUARE = (0.12, 0.655, 0.21)  # x, y (top), side: the highlight display is square, bottom-left
CONE_GREY = (100, 100, 97)  # the status light's cone


def add_screen(mesh: Mesh, x: float, y: float, w: float, h: float) -> None:
    """The highlight display: a plain salmon square, no outline, as on the module."""
    mesh.quad((x, y), (x + w, y), (x + w, y + h), (x, y + h), SCREEN, SCREEN, mix(SCREEN, (255, 255, 255), 0.06), SCREEN)


# The digits: each glyph is strokes in a box 1 wide and 2 high (y up), square-shouldered.
GLYPHS: dict[str, tuple[tuple[tuple[float, float], ...], ...]] = {
    "0": (((0.15, 0), (0.85, 0), (1, 0.15), (1, 1.85), (0.85, 2), (0.15, 2), (0, 1.85), (0, 0.15), (0.15, 0)),),
    "1": (((0.15, 1.6), (0.6, 2), (0.6, 0)), ((0.2, 0), (1, 0))),
    "2": (((0, 1.75), (0.2, 2), (0.8, 2), (1, 1.8), (1, 1.3), (0, 0.3), (0, 0), (1, 0)),),
    "3": (((0, 1.85), (0.15, 2), (0.85, 2), (1, 1.85), (1, 1.15), (0.85, 1), (0.3, 1)),
          ((0.85, 1), (1, 0.85), (1, 0.15), (0.85, 0), (0.15, 0), (0, 0.15))),
    "4": (((0.75, 0), (0.75, 2), (0, 0.65), (1, 0.65)),),
    "5": (((1, 2), (0, 2), (0, 1.1), (0.85, 1.1), (1, 0.95), (1, 0.15), (0.85, 0), (0.15, 0), (0, 0.15)),),
    "6": (((0.9, 2), (0.15, 2), (0, 1.85), (0, 0.15), (0.15, 0), (0.85, 0), (1, 0.15), (1, 0.95), (0.85, 1.1),
           (0, 1.1)),),
    "7": (((0, 2), (1, 2), (1, 1.7), (0.35, 0)),),
    "8": (((0.15, 1), (0.85, 1), (1, 1.15), (1, 1.85), (0.85, 2), (0.15, 2), (0, 1.85), (0, 1.15), (0.15, 1),
           (0, 0.85), (0, 0.15), (0.15, 0), (0.85, 0), (1, 0.15), (1, 0.85), (0.85, 1)),),
    "9": (((0.1, 0), (0.85, 0), (1, 0.15), (1, 1.85), (0.85, 2), (0.15, 2), (0, 1.85), (0, 1.05), (0.15, 0.9),
           (1, 0.9)),),
    "G": (((1, 1.65), (1, 1.85), (0.85, 2), (0.15, 2), (0, 1.85), (0, 0.15), (0.15, 0), (0.85, 0), (1, 0.15),
           (1, 0.9), (0.5, 0.9)),),
}
DIGIT_HEIGHT = 0.5  # of the screen's side
DIGIT_WIDTH = 0.42  # of a digit's height: narrow
DIGIT_STROKE = 0.13  # of a digit's height: bold
DIGIT_GAP = 0.3  # between digits, of a digit's width


def add_digits(mesh: Mesh, text: str, x: float, y: float, side: float, colour: Colour = SCREEN_DIGITS) -> None:
    """`text` (digits and G) on the screen whose bottom-left corner is (x, y), `side`
    pixels square, centred: the numbering stamp's narrow glyphs, each stroke's ink a
    little uneven, as a stamp prints."""
    height = side * DIGIT_HEIGHT
    width = height * DIGIT_WIDTH
    glyphs = [GLYPHS[c] for c in text if c in GLYPHS]
    total = len(glyphs) * width + (len(glyphs) - 1) * width * DIGIT_GAP
    left, bottom = x + (side - total) / 2, y + (side - height) / 2
    half = height * DIGIT_STROKE / 2
    for index, glyph in enumerate(glyphs):
        gx = left + index * width * (1 + DIGIT_GAP)
        for stroke_index, stroke in enumerate(glyph):
            points = [(gx + u * width, bottom + v * height / 2) for u, v in stroke]
            ink = mix(colour, SCREEN, 0.1 * ((index * 2 + stroke_index) % 3) / 2)  # a stamp's uneven ink
            for a, b in zip(points, points[1:]):
                _stroke(mesh, a, b, half, ink)
            for px, py in points:  # the joins, filled
                mesh.polygon(ellipse_points(px, py, half, half, 22.5, 8), ink)


class ScreenText:
    """The screen's digits as one mesh in a batch, used like a pyglet label: set `text`
    (and `visible`); its box (`x`, `y` its centre, `content_width`, `content_height`) is
    the digits' own. `rect` is the screen's (x, y, side) in window pixels."""

    anchor_x = anchor_y = "center"

    def __init__(self, batch: pyglet.graphics.Batch, group: pyglet.graphics.Group, rect: tuple[float, float, float]):
        self.batch, self.group, self.rect = batch, group, rect
        self.x, self.y = rect[0] + rect[2] / 2, rect[1] + rect[2] / 2
        self._text, self._visible, self._list = "", True, None

    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, text: str) -> None:
        self._text = text
        self._draw()

    @property
    def visible(self) -> bool:
        return self._visible

    @visible.setter
    def visible(self, visible: bool) -> None:
        if visible != self._visible:
            self._visible = visible
            self._draw()

    @property
    def content_width(self) -> float:
        n = len([c for c in self._text if c in GLYPHS])
        width = self.rect[2] * DIGIT_HEIGHT * DIGIT_WIDTH
        return n * width + max(0, n - 1) * width * DIGIT_GAP

    @property
    def content_height(self) -> float:
        return self.rect[2] * DIGIT_HEIGHT if self._text else 0.0

    def begin_update(self) -> None:
        """(a label's; the mesh is made once per text anyway)"""

    def end_update(self) -> None:
        """(a label's)"""

    def _draw(self) -> None:
        self.delete()
        if self._visible and self._text:
            mesh = Mesh()
            add_digits(mesh, self._text, *self.rect)
            self._list = mesh.build(self.batch, self.group)

    def delete(self) -> None:
        if self._list is not None:
            self._list.delete()
            self._list = None


def _stroke(mesh: Mesh, a, b, half: float, colour: Colour) -> None:
    """A straight stroke `half` thick each side of a to b."""
    (ax, ay), (bx, by) = a, b
    d = math.hypot(bx - ax, by - ay) or 1.0
    nx, ny = -(by - ay) / d * half, (bx - ax) / d * half
    mesh.quad((ax - nx, ay - ny), (bx - nx, by - ny), (bx + nx, by + ny), (ax + nx, ay + ny), *[colour] * 4)


def add_light(mesh: Mesh, x: float, y: float, r: float, colour: Colour) -> None:
    """KTANE's status light seen from above: a grey cone standing in its housing, its base
    a little toward the viewer, its round lens at (x, y) in `colour` (dark when off)."""
    base = (x, y - r * 0.35)
    mesh.ellipse(base[0] + r * 0.12, base[1] - r * 0.12, r * 1.3, r * 1.3, SHADOW, fringe=r * 0.3)
    rim = ellipse_points(*base, r * 1.15, r * 1.15, 0.0, segments(r * 1.15))
    top = ellipse_points(x, y, r * 0.5, r * 0.5, 0.0, len(rim))
    shades = [mix(CONE_GREY, (40, 40, 40), lit_share(px - base[0], py - base[1]) ** 1.3) for px, py in rim]
    mesh.ring(top, rim, [mix(c, (255, 255, 255), 0.08) for c in shades], shades)
    mesh.ring(rim, grow(rim, base, 1.0), shades, [clear(c) for c in shades])
    lens = ellipse_points(x, y, r * 0.5, r * 0.5, 0.0, segments(r * 0.5))
    dark = mix(colour, (0, 0, 0), 0.45)
    mesh.fan((x, y), colour, lens, [mix(colour, dark, lit_share(px - x, py - y)) for px, py in lens])
    mesh.ellipse(x + LIGHT_FROM[0] * r * 0.25, y + LIGHT_FROM[1] * r * 0.25, r * 0.12, r * 0.08,
                 mix(colour, (255, 255, 255), 0.5), angle=45.0, fringe=r * 0.06)


def add_shadow(mesh: Mesh, x: float, y: float, r: float) -> None:
    """A soft shadow under something held above the face (the seeds in hand)."""
    mesh.ellipse(x + r * 0.15, y - r * 0.15, r * 1.05, r * 1.05, SHADOW, fringe=r * 0.3)
