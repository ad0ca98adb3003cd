"""Where things sit on the module's face: one geometry for the window, SVG and PDF.

Coordinates are in a unit square, x to the right and y DOWN (as in SVG); a front end
scales them to its pixels or points (pyglet, whose y runs up, flips them). The board is a
boat running diagonally from the top-left corner to the bottom-right corner; your row is
the one toward the bottom-left; your store is the big hole at the bottom-right end, the
opponent's at the top-left; the screen sits in the bottom-left corner, the status light
in the top-right corner (docs/module-spec.md, "The board as a ring").
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from ..core import module as light_states
from ..core.rules import OPPONENT, YOU, Ruleset

CENTRE = (0.5, 0.5)
AXIS = (math.sqrt(0.5), math.sqrt(0.5))  # along the boat, top-left -> bottom-right
NORMAL = (math.sqrt(0.5), -math.sqrt(0.5))  # across the boat, toward the top-right

# The module's own (its prefab's hole places, measured on its preview picture; the unit is
# the module's square, its housing's outer edge): the boat runs corner to corner, its
# round bottom-right end over the housing; a hole is about 9% of the paisley face across.
BOAT_HALF_LENGTH = 0.59
BOAT_HALF_WIDTH = 0.10
HOLE_SPACING = 0.127
ROW_OFFSET = 0.046  # from the axis to each row's centre line
HOLE_RADIUS = 0.039
STORE_DISTANCE = 0.508  # from the centre to each store along the axis (a hole's spacing past the last hole)
STORE_RADII = (0.068, 0.056)  # along and across the boat

SCREEN = (0.05, 0.80, 0.24, 0.145)  # x, y, width, height: bottom-left corner (the printed face's)
LIGHT = (0.87, 0.115, 0.05)  # x, y, radius: top-right corner, in its round housing

# Colours as (r, g, b) 0-255.
FACE = (64, 66, 72)
BOAT = (150, 96, 52)
BOAT_EDGE = (92, 56, 28)
HOLE = (86, 52, 26)
# The lit (hovered) hole and the hole being sown: far from every seed colour and from the
# wood, so no seed vanishes in them (tests/paper/test_palette.py measures the distances).
HOLE_HOVER = (40, 250, 170)
HOLE_ACTIVE = (200, 60, 200)
SCREEN_BACK = (18, 22, 18)
SCREEN_TEXT = (120, 255, 120)
LIGHT_OFF = (40, 40, 40)
LIGHT_STRIKE = (230, 30, 30)
LIGHT_SOLVE = (40, 220, 60)
LIGHT_COLOURS = {light_states.LIGHT_OFF: LIGHT_OFF, light_states.LIGHT_STRIKE: LIGHT_STRIKE,
                 light_states.LIGHT_SOLVE: LIGHT_SOLVE}  # by the light's state (core.module)
SEED_COLOURS = (
    (230, 57, 70), (244, 162, 97), (233, 196, 106), (42, 157, 143), (69, 123, 157),
    (168, 218, 220), (181, 131, 141), (141, 153, 174), (255, 255, 255), (106, 76, 147),
)


class Spot(NamedTuple):
    """A hole or store on the face: its slot, centre, radii (along, across) and angle."""

    slot: int
    x: float
    y: float
    rx: float
    ry: float

    @property
    def angle(self) -> float:
        """Degrees the ellipse is turned (its long axis follows the boat)."""
        return 45.0


def _at(t: float, s: float) -> tuple[float, float]:
    """The point `t` along the boat's axis and `s` across it (toward the top-right)."""
    return (CENTRE[0] + t * AXIS[0] + s * NORMAL[0], CENTRE[1] + t * AXIS[1] + s * NORMAL[1])


def spots(rules: Ruleset) -> list[Spot]:
    """Every slot's place on the face, indexed by slot."""
    n = rules.holes_per_side
    spacing = HOLE_SPACING * 7 / max(n, 7)
    result: list[Spot | None] = [None] * rules.size
    for k in range(n):
        # Your hole 1 (slot 0) at the bottom-right end; hole n at the top-left end.
        t = (n - 1) / 2 * spacing - k * spacing
        x, y = _at(t, -ROW_OFFSET)
        result[k] = Spot(k, x, y, HOLE_RADIUS, HOLE_RADIUS)
        # The opponent's first hole (slot n+1) at the top-left end.
        x, y = _at(-t, ROW_OFFSET)
        result[n + 1 + k] = Spot(n + 1 + k, x, y, HOLE_RADIUS, HOLE_RADIUS)
    for player, t in ((YOU, STORE_DISTANCE), (OPPONENT, -STORE_DISTANCE)):
        slot = rules.store(player)
        x, y = _at(t, 0.0)
        result[slot] = Spot(slot, x, y, *STORE_RADII)
    return result  # type: ignore[return-value]


def boat_outline(points: int = 48) -> list[tuple[float, float]]:
    """The boat as a polygon: a long rounded shape along the diagonal."""
    outline = []
    for i in range(points):
        a = 2 * math.pi * i / points
        # A superellipse gives straight-ish sides with rounded ends.
        c, s = math.cos(a), math.sin(a)
        t = BOAT_HALF_LENGTH * math.copysign(abs(c) ** 0.5, c)
        w = BOAT_HALF_WIDTH * math.copysign(abs(s) ** 0.8, s)
        outline.append(_at(t, w))
    return outline


def hit_test(spot_list: list[Spot], x: float, y: float) -> int | None:
    """The slot under the unit-square point (x, y), or None."""
    for spot in spot_list:
        dx, dy = x - spot.x, y - spot.y
        along = (dx * AXIS[0] + dy * AXIS[1]) / spot.rx
        across = (dx * NORMAL[0] + dy * NORMAL[1]) / spot.ry
        if along * along + across * across <= 1.0:
            return spot.slot
    return None


# Seeds as balls -----------------------------------------------------------------------
SEED_RADIUS = 0.0085  # a ball's radius when the hole has room; smaller when it is crowded
SEED_GAP = 1.2  # centres at least this many diameters apart, so balls never touch
# Balls shrink in steps, not a little per seed: within a step a ball keeps its place as
# others arrive (nearest the centre first), so a drop moves no seed already in the hole.
SEED_SHRINK = 0.8


class Ball(NamedTuple):
    """One seed drawn on the face: centre in the unit square and radius."""

    x: float
    y: float
    r: float


def seed_positions(count: int, spot: Spot) -> list[Ball]:
    """`count` non-overlapping balls inside `spot`, always the same for the same input.

    Balls sit on a hexagonal grid in the spot's own frame (along and across the boat),
    nearest the centre first; the radius shrinks until `count` of them fit (any count up
    to the module's 98 seeds fits in a hole)."""
    if count <= 0:
        return []
    r, points = _local_layout(count, spot.rx, spot.ry)
    return [Ball(spot.x + u * AXIS[0] + v * NORMAL[0], spot.y + u * AXIS[1] + v * NORMAL[1], r) for u, v in points]


def _grid(r: float, rx: float, ry: float) -> list[tuple[float, float]]:
    """Hex-grid points (along, across) whose ball of radius r lies inside the ellipse."""
    step = 2 * r * SEED_GAP
    row_step = step * math.sqrt(3) / 2
    ax, ay = rx - r, ry - r
    if ax <= 0 or ay <= 0:
        return [(0.0, 0.0)] if r <= min(rx, ry) else []
    points = []
    rows = int(ay / row_step) + 1
    cols = int(ax / step) + 2
    for j in range(-rows, rows + 1):
        shift = step / 2 if j % 2 else 0.0
        for i in range(-cols, cols + 1):
            u, v = i * step + shift, j * row_step
            if (u / ax) ** 2 + (v / ay) ** 2 <= 1.0 + 1e-9:
                points.append((u, v))
    # Nearest the centre first; ties broken by angle so the order never depends on floats' luck.
    points.sort(key=lambda p: (round(p[0] ** 2 + p[1] ** 2, 12), round(math.atan2(p[1], p[0]), 9)))
    return points



@lru_cache(maxsize=1024)
def _local_layout(count: int, rx: float, ry: float) -> tuple[float, tuple[tuple[float, float], ...]]:
    """The ball radius and `count` centres in the spot's frame (along, across)."""
    r = SEED_RADIUS
    while True:
        points = _grid(r, rx, ry)
        if len(points) >= count:
            return r, tuple(points[:count])
        r *= SEED_SHRINK


def ladder_radius(at_least: float) -> float:
    """The smallest ball radius of the shrinking steps that is still `at_least`."""
    if at_least >= SEED_RADIUS:
        return SEED_RADIUS
    steps = math.floor(math.log(at_least / SEED_RADIUS) / math.log(SEED_SHRINK) + 1e-9)
    return SEED_RADIUS * SEED_SHRINK ** steps


def seed_capacity(spot: Spot, radius: float) -> int:
    """How many balls of at least `radius` fit in `spot`."""
    return _capacity(radius, spot.rx, spot.ry)


@lru_cache(maxsize=256)
def _capacity(radius: float, rx: float, ry: float) -> int:
    return len(_grid(radius, rx, ry))
