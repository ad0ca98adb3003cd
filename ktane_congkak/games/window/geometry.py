"""Where the game window draws each slot, its labels and the seeds in hand (pixels, y up).

Two shapes of board: the traditional games' straight boat seen from your seat (your row at
the bottom, your store where the ruleset puts it), and the module's diagonal board, the
module's own face geometry (`paper.layout`, as the practice window draws it). Seen from
North's seat the board is turned round: North's holes are drawn where South's would be.

Every slot has an outward direction (away from the other row, toward its owner's seat;
a store toward its owner's), along which its count (on the hole's outer rim: the hole's
own), its number (past the board's edge) and a hand sowing over it sit, in that order, the
same on both rows: the hand is always off the board, never over the seeds.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from ...core.rules import Ruleset
from ...paper import layout
from ..positions import SOUTH, board_rows


class Place(NamedTuple):
    """A slot as drawn: centre, radii (along, across), angle (degrees, clockwise), the
    outward unit vector, and where its count and its number (or store name) go."""

    slot: int
    x: float
    y: float
    rx: float
    ry: float
    angle: float
    out: tuple[float, float]
    count_at: tuple[float, float]
    label_at: tuple[float, float]
    reach: float  # from the centre, along `out`, to the near edge of a hand held over it


class Board(NamedTuple):
    """The board as drawn: its bar (the two ends' centres and half its width), each slot's
    place (indexed by slot), and the font sizes of counts and numbers (pixels)."""

    bar: tuple[float, float, float, float, float]
    places: list[Place]
    count_size: float
    label_size: float
    hand_radius: float  # the largest a hand's heap of seeds is drawn
    hole_radius: float  # a hole's, for the size of the seeds
    square: tuple[float, float, float] | None = None  # the module's board: its face's square (x, y, side; pixels)


RIM = 0.86  # a count sits on its hole's outer rim: this share of the way from the centre to the edge
DIAGONAL_HEIGHT = 1.0  # the diagonal board and what sits off it: this share of its face's height (corner to corner)


def diagonal(rules: Ruleset) -> bool:
    """The module's rules are drawn on the module's own diagonal board."""
    return rules.own_store == "after_opponent_row"


def board(rules: Ruleset, seat: int, box: tuple[float, float, float, float]) -> Board:
    """The board fitted into `box` (x, y, width, height), seen from `seat`."""
    made = _diagonal(rules, box) if diagonal(rules) else _straight(rules, box)
    if seat == SOUTH:
        return made
    turn = rules.holes_per_side + 1  # North's slot s sits where South's slot s - turn would
    return made._replace(places=[made.places[(s - turn) % rules.size]._replace(slot=s) for s in range(rules.size)])


def _place(slot, x, y, rx, ry, angle, out, count, label, reach) -> Place:
    ox, oy = out
    return Place(slot, x, y, rx, ry, angle, out, (x + ox * count, y + oy * count), (x + ox * label, y + oy * label),
                 reach)


def _straight(rules: Ruleset, box) -> Board:
    """The traditional boat: two rows between two stores, across the box's middle."""
    bx, by, bw, bh = box
    k = min(bw / 1000, bh / 400)  # the layout's unit: a 1000 x 400 box at k = 1
    cx, cy = bx + bw / 2, by + bh / 2
    half_height, half_length = 100 * k, min(bw / 2 - 10 * k, 480 * k)
    n = rules.holes_per_side
    rows = board_rows(rules)
    first, last = cx - half_length + 190 * k, cx + half_length - 190 * k
    spacing = (last - first) / (n - 1) if n > 1 else 0
    radius = min(38 * k, spacing * 0.42) if n > 1 else 38 * k
    edge = half_height - 46 * k  # a row's centre line to the boat's edge
    places: list = [None] * rules.size
    for row, y, out in ((rows.bottom, cy - 46 * k, (0.0, -1.0)), (rows.top, cy + 46 * k, (0.0, 1.0))):
        for i, slot in enumerate(row):
            places[slot] = _place(slot, first + i * spacing, y, radius, radius, 0.0, out,
                                  radius * RIM, edge + 14 * k, edge + 26 * k)
    for slot, x in ((rows.left, cx - half_length + 85 * k), (rows.right, cx + half_length - 85 * k)):
        out = (0.0, -1.0) if rules.side(slot) == SOUTH else (0.0, 1.0)
        places[slot] = _place(slot, x, cy, 52 * k, 80 * k, 0.0, out, 80 * k * RIM, half_height + 14 * k,
                              half_height + 30 * k)
    bar = (cx - half_length + half_height, cy, cx + half_length - half_height, cy, half_height)
    return Board(bar, places, 12 * k, 12 * k, radius * 1.05, radius)


def _diagonal(rules: Ruleset, box) -> Board:
    """The module's face: the boat from the top-left corner to the bottom-right one, your
    row toward the bottom-left, your store at the bottom right (`layout.spots`)."""
    bx, by, bw, bh = box
    face = min(bw, bh / DIAGONAL_HEIGHT)
    fx, fy = bx + (bw - face) / 2, by + (bh - face) / 2

    def pixels(u: float, v: float) -> tuple[float, float]:  # the face's unit square has y down
        return fx + u * face, fy + (1.0 - v) * face

    nx, ny = layout.NORMAL[0], -layout.NORMAL[1]  # across the boat toward North's row, y up
    edge = (layout.BOAT_HALF_WIDTH - layout.ROW_OFFSET) * face  # a row's centre line to the boat's edge
    places = []
    for spot in layout.spots(rules):
        x, y = pixels(spot.x, spot.y)
        sign = -1.0 if rules.side(spot.slot) == SOUTH else 1.0
        out = (nx * sign, ny * sign)
        if rules.owner(spot.slot) is None:  # a store: its count inside the boat, its name beyond it
            places.append(_place(spot.slot, x, y, spot.rx * face, spot.ry * face, spot.angle, out,
                                 spot.ry * face * RIM, 0.15 * face, 0.17 * face))
        else:
            places.append(_place(spot.slot, x, y, spot.rx * face, spot.ry * face, spot.angle, out,
                                 spot.rx * face * RIM, edge + 0.03 * face, edge + 0.06 * face))
    half = (layout.BOAT_HALF_LENGTH - layout.BOAT_HALF_WIDTH) * face
    ax, ay = layout.AXIS[0], -layout.AXIS[1]
    cx, cy = pixels(*layout.CENTRE)
    bar = (cx - ax * half, cy - ay * half, cx + ax * half, cy + ay * half, layout.BOAT_HALF_WIDTH * face)
    return Board(bar, places, 0.022 * face, 0.024 * face, layout.HOLE_RADIUS * 1.3 * face, layout.HOLE_RADIUS * face,
                 (fx, fy, face))


def hand_centre(place: Place, radius: float) -> tuple[float, float]:
    """Where a hand holding a heap of `radius` over `place` is drawn: off the board."""
    distance = place.reach + radius
    return place.x + place.out[0] * distance, place.y + place.out[1] * distance


def slot_at(places: list[Place], x: float, y: float) -> int | None:
    """The slot drawn under the pixel (x, y), or None."""
    for p in places:
        a = math.radians(p.angle)
        dx, dy = x - p.x, y - p.y
        along = (dx * math.cos(a) - dy * math.sin(a)) / p.rx
        across = (dx * math.sin(a) + dy * math.cos(a)) / p.ry
        if along * along + across * across <= 1.0:
            return p.slot
    return None


__all__ = ["Board", "Place", "board", "diagonal", "hand_centre", "slot_at"]
