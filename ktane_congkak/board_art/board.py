"""The board: the carved bar and its bowls, and the module's diagonal bar on its face.

The bar and bowls are drawn in window pixels; the diagonal board's places are in the face's
unit square (paper/layout.py), where position numbers sit in a lane beside the bar.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..paper import layout
from .colours import (BOWL_DEEP, BOWL_GLOW, BOWL_LIT, BOWL_RIM, HOUSING_DARK, LIGHT_FROM, SHADOW, WOOD, WOOD_SHADE,
                      WOOD_SIDE, Colour, lit_share)
from .mesh import clear, ellipse_points, grow, Mesh, mix, segments


BAR_HALF_WIDTH = layout.BOAT_HALF_WIDTH  # the board bar's half width (its round ends hold the stores)
BAR_DEPTH = 0.012  # how far the bar stands above the face (its side and shadow)
LABEL_LANE = 0.04  # beside the bar, where position numbers go when asked for


# The carved pieces ------------------------------------------------------------------------
def bowl_colours(tint: Colour | None = None) -> tuple:
    """(rim, floor, lit wall) of a bowl, tinted toward `tint` (a hovered or sown hole)."""
    if tint is None:
        return BOWL_DEEP, BOWL_LIT, BOWL_GLOW
    return mix(tint, (0, 0, 0), 0.35), tuple(tint), mix(tint, (255, 255, 255), 0.3)


def add_bowl(mesh: Mesh, x: float, y: float, rx: float, ry: float, angle: float = 0.0,
             tint: Colour | None = None) -> None:
    """A carved hole (or, longer, a store) centred at (x, y) with radii rx, ry (pixels),
    turned `angle` degrees clockwise: a lip catching the light, a wall in shadow toward
    the light and lit away from it, a floor lit a little off centre."""
    mesh.place(_bowl_shape(rx, ry, angle, None if tint is None else tuple(tint)), x, y)


@lru_cache(maxsize=256)
def _bowl_shape(rx: float, ry: float, angle: float, tint: tuple | None) -> tuple[tuple, tuple]:
    """A bowl's triangles around (0, 0) and their colours, worked out once per size and tint."""
    mesh, x, y = Mesh(), 0.0, 0.0
    n = segments(max(rx, ry) * 1.1)
    rim_colour, floor, glow = bowl_colours(tint)
    lip = ellipse_points(x, y, rx * 1.12, ry * 1.12, angle, n)
    edge = ellipse_points(x, y, rx, ry, angle, n)
    shares = [lit_share(px - x, py - y) for px, py in edge]
    # The lip: lit toward the light, shaded away from it, fading into the wood.
    mesh.ring(edge, lip, [BOWL_RIM if s < 0.5 else mix(WOOD, (255, 190, 110), 0.5 * (s - 0.5))
                          for s in shares], [WOOD] * n)
    # The wall: deep in the lip's shadow toward the light, glowing on the far side.
    wall = ellipse_points(x + LIGHT_FROM[0] * rx * 0.12, y + LIGHT_FROM[1] * ry * 0.12, rx * 0.72, ry * 0.72, angle, n)
    walls = [mix(rim_colour, glow, min(1.0, s * 1.3) ** 1.4) for s in shares]
    mesh.ring(wall, edge, [mix(floor, c, 0.35) for c in walls], walls)
    mesh.fan((x - LIGHT_FROM[0] * rx * 0.1, y - LIGHT_FROM[1] * ry * 0.1), floor, wall,
             [mix(floor, c, 0.35) for c in walls])
    return tuple(mesh.corners()), tuple(mesh.colours)


def add_bar(mesh: Mesh, x0: float, y0: float, x1: float, y1: float, half_width: float, depth: float) -> None:
    """The board: a bar with round ends from (x0, y0) to (x1, y1) (the ends' centres), lit
    from the top-left, standing `depth` pixels above the face (its side and shadow show
    below-right)."""
    outline = bar_outline(x0, y0, x1, y1, half_width)
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    shadow = [(px + depth * 1.6, py - depth * 1.6) for px, py in outline]
    mesh.polygon(shadow, SHADOW, fringe=depth * 1.5)
    side = [(px + depth * 0.7, py - depth * 0.7) for px, py in outline]
    mesh.polygon(side, WOOD_SIDE, fringe=1.0)
    colours = [mix(WOOD, WOOD_SHADE, lit_share(px - centre[0], py - centre[1])) for px, py in outline]
    mesh.fan(centre, WOOD, outline, colours)
    mesh.ring(outline, grow(outline, centre, 1.0), colours, [clear(c) for c in colours])


def bar_outline(x0: float, y0: float, x1: float, y1: float, half_width: float, per_end: int = 24) -> list:
    """A bar's outline: two half circles joined by straight sides."""
    heading = math.atan2(y1 - y0, x1 - x0)
    points = []
    for (cx, cy), start in (((x1, y1), heading - math.pi / 2), ((x0, y0), heading + math.pi / 2)):
        for i in range(per_end + 1):
            a = start + math.pi * i / per_end
            points.append((cx + half_width * math.cos(a), cy + half_width * math.sin(a)))
    return points


# The module's board: the diagonal bar, and the way around it ----------------------------------
def bar_ends() -> tuple[tuple[float, float], tuple[float, float]]:
    """The centres of the bar's round ends on the face (unit square, y down), near the stores'."""
    half = layout.BOAT_HALF_LENGTH - layout.BOAT_HALF_WIDTH
    return face_point(-half, 0.0), face_point(half, 0.0)


def along_bar(x: float, y: float) -> float:
    """How far the face's point (x, y) is along the bar's axis from the face's middle."""
    return (x - layout.CENTRE[0]) * layout.AXIS[0] + (y - layout.CENTRE[1]) * layout.AXIS[1]


def face_point(along: float, across: float) -> tuple[float, float]:
    """The face's point `along` the bar's axis and `across` it (toward the top-right)."""
    return layout._at(along, across)


def add_tag(mesh: Mesh, x: float, y: float, r: float) -> None:
    """The dark tag under a position number (light digits: never like the in-hand badge)."""
    mesh.ellipse(x, y, r, r, HOUSING_DARK, fringe=1.0)
