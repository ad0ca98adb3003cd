"""The seeds: their colours, a glossy ball, which seed is which as they move, the hand.

The seeds in hand go around the board with their count on a badge.

SeedTracker follows the seeds themselves from frame to frame (an animation only says how
many seeds each slot holds and how many are in hand), so a seed keeps its colour from the
hole it was picked up from, through the hand, to the hole it lands in, in both windows."""

from __future__ import annotations

import math
from functools import lru_cache

from ..paper import layout
from .colours import BADGE, BADGE_RING, LIGHT_FROM, Colour, lit_share
from .mesh import clear, ellipse_points, Mesh, mix, segments
from .board import BAR_HALF_WIDTH, LABEL_LANE, face_point


# The seeds: about ten glossy colours, all far from the orange bowls they lie in.
SEED_COLOURS = (
    (214, 30, 38), (30, 150, 80), (36, 72, 210), (246, 246, 240), (28, 28, 30),
    (250, 214, 40), (246, 140, 200), (24, 96, 52), (96, 40, 150), (40, 190, 210),
)
BADGE_RADIUS = 0.024  # the seeds-in-hand count's disc
HAND_RADII = (0.026, 0.048)  # the heap of seeds in hand: for one seed, and at most
HAND_GAP = 0.008  # between the bar and the heap, around the bar's ends


def seed_colour(slot: int, index: int) -> tuple[int, int, int]:
    """The colour a fresh board gives the `index`-th seed of `slot` (neighbours differ)."""
    return SEED_COLOURS[(index * 3 + slot) % len(SEED_COLOURS)]


class SeedTracker:
    """Colours of the seeds in every slot and in hand, kept across the animation's frames."""

    def __init__(self, board, in_hand: int = 0):
        self.reset(board, in_hand)

    def reset(self, board, in_hand: int = 0) -> None:
        """A new board: every seed gets its fresh-board colour."""
        self.slots = [[seed_colour(slot, i) for i in range(count)] for slot, count in enumerate(board)]
        self.hand = [seed_colour(len(board), i) for i in range(in_hand)]

    def counts(self) -> tuple[int, ...]:
        return tuple(len(c) for c in self.slots)

    def follow(self, board, in_hand: int) -> tuple[set[int], int]:
        """Move seeds to reach the next frame; returns the slots that changed and how many
        seeds landed from the hand (the drops to be heard). A frame that does not follow
        from this one (not the same number of seeds) starts afresh."""
        if sum(board) + in_hand != sum(self.counts()) + len(self.hand):
            self.reset(board, in_hand)
            return set(range(len(board))), 0
        changed = {slot for slot, count in enumerate(board) if count != len(self.slots[slot])}
        lifted = []  # seeds leaving holes: the ones on top (the last to arrive) first
        for slot in changed:
            keep = board[slot]
            if keep < len(self.slots[slot]):
                lifted += self.slots[slot][keep:]
                del self.slots[slot][keep:]
        from_hand = self.hand[in_hand:] if in_hand < len(self.hand) else []
        del self.hand[len(self.hand) - len(from_hand):]
        arriving = from_hand + lifted  # the hand sows first; a capture carries the rest
        for slot in sorted(changed):
            need = board[slot] - len(self.slots[slot])
            if need > 0:
                self.slots[slot] += arriving[:need]
                arriving = arriving[need:]
        self.hand += arriving[: in_hand - len(self.hand)]
        return changed, len(from_hand)


def add_seed(mesh: Mesh, x: float, y: float, r: float, colour: Colour) -> None:
    """A glossy ball: its colour darkening to the edge away from the light, a bright
    highlight toward it, a soft edge."""
    mesh.place(_seed_shape(round(r, 2), tuple(colour)), x, y)


@lru_cache(maxsize=512)
def _seed_shape(r: float, colour: tuple) -> tuple[tuple, tuple]:
    """A ball's triangles around (0, 0) and their colours: the same for every ball of that
    size and colour, worked out once (the seeds are drawn again whenever they move)."""
    mesh = Mesh()
    n = max(8, segments(r))
    rim = ellipse_points(0.0, 0.0, r, r, 0.0, n)
    dark = mix(colour, (0, 0, 0), 0.45)
    rim_colours = [mix(colour, dark, lit_share(px, py)) for px, py in rim]
    shine = (LIGHT_FROM[0] * r * 0.38, LIGHT_FROM[1] * r * 0.38)
    mesh.fan(shine, mix(colour, (255, 255, 255), 0.55), rim, rim_colours)
    mesh.ring(rim, ellipse_points(0.0, 0.0, r + 0.8, r + 0.8, 0.0, n), rim_colours, [clear(c) for c in rim_colours])
    return tuple(mesh.corners()), tuple(mesh.colours)


def hand_radius(count: int) -> float:
    """The heap of `count` seeds in hand, on the face (unit square): bigger for more."""
    low, high = HAND_RADII
    return min(high, low * math.sqrt(max(1, count)) ** 0.6)


# The hand goes around the board on a ring clear of it and of the position numbers: a bar's
# outline grown by the lane and the heap. A place on that ring is `u` in [0, 4): 0-1 along the
# opponent's side (from the top-left end), 1-2 around the bottom-right end, 2-3 back along
# your side, 3-4 around the top-left end.
def way_around(along: float, side: int) -> float:
    """The ring's place beside the point `along` the axis, on `side` (+1 the opponent's,
    -1 yours)."""
    half = layout.STORE_DISTANCE
    share = (min(half, max(-half, along)) + half) / (2 * half)
    return share if side > 0 else 3.0 - share


def around_bar(u: float, r: float) -> tuple[float, float]:
    """(along, across) of the ring's place `u` for a heap of radius `r` (unit square).

    Around the ends (no numbers there) the ring hugs the bar, so that even the biggest
    heap stays on the face, whose corners are close to the bar's ends."""
    half = layout.STORE_DISTANCE
    u %= 4.0
    if u < 1:
        return -half + 2 * half * u, BAR_HALF_WIDTH + LABEL_LANE + r
    if u >= 2 and u < 3:
        return half - 2 * half * (u - 2), -(BAR_HALF_WIDTH + LABEL_LANE + r)
    a = math.pi / 2 - math.pi * (u - 1) if u < 2 else -math.pi / 2 - math.pi * (u - 3)
    reach = BAR_HALF_WIDTH + HAND_GAP + (LABEL_LANE - HAND_GAP) * abs(math.sin(a)) ** 4 + r
    centre = half if u < 2 else -half
    return centre + reach * math.cos(a), reach * math.sin(a)


def glide(u: float, target: float, share: float) -> float:
    """`share` of the way from `u` to `target` around the ring, the shorter way."""
    gap = (target - u + 2.0) % 4.0 - 2.0
    return (u + gap * share) % 4.0


def badge_place(u: float, r: float) -> tuple[float, float]:
    """Where the in-hand count's badge goes (unit square): beside the heap on the ring,
    toward the middle of the board (away from the face's corners), just clear of the heap."""
    heap = face_point(*around_bar(u, r))
    middle = 0.5 if u % 4.0 < 1.5 or u % 4.0 >= 3.5 else 2.5
    step = 0.005 if (middle - u + 2.0) % 4.0 - 2.0 >= 0 else -0.005
    place = heap
    for k in range(1, 400):  # along the ring until the badge clears the heap
        place = face_point(*around_bar(u + k * step, r))
        if math.dist(place, heap) >= r + BADGE_RADIUS * 1.1:
            break
    return place


# The seeds in hand ----------------------------------------------------------------------------
def add_badge(mesh: Mesh, x: float, y: float, r: float) -> None:
    """The disc under the seeds-in-hand count: light, with a dark ring (a position number
    is never drawn so)."""
    mesh.ellipse(x, y, r, r, BADGE_RING, fringe=1.0)
    mesh.ellipse(x, y, r * 0.84, r * 0.84, BADGE, fringe=0.0)


def badge_label_size(r: float) -> float:
    """The count's font size (pixels) on a badge of radius `r`."""
    return r * 0.95


def hand_place(anchor, outward, reach: float, radius: float, keep_out: list, bounds) -> tuple[float, float]:
    """Where to hold the seeds in hand (a heap of `radius`) for the hole at `anchor`: along
    the unit vector `outward` (away from the board, on the hole's side) at least `reach`
    from the anchor, then further out while it would touch any circle of `keep_out`
    ((x, y, r): the board's stores, the screen, the light...), kept inside `bounds`
    (x0, y0, x1, y1) by sliding along the board if it must. All in one unit (pixels or the
    face's unit square)."""
    ax, ay = anchor
    ux, uy = outward
    x0, y0, x1, y1 = bounds
    distance = reach
    for _ in range(64):
        x, y = ax + ux * distance, ay + uy * distance
        x = min(max(x, x0 + radius), x1 - radius)
        y = min(max(y, y0 + radius), y1 - radius)
        if all(math.hypot(x - kx, y - ky) >= kr + radius for kx, ky, kr in keep_out):
            return x, y
        distance += radius * 0.25
    return x, y
