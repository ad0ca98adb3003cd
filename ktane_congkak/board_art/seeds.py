"""The seeds: their colours, a glossy ball, which seed is which as they move, the hand.

The seeds in hand go around the board with their count on a badge.

SeedTracker follows the seeds themselves from frame to frame (an animation only says how
many seeds each slot holds and how many are in hand), so a seed keeps its colour from the
hole it was picked up from, through the hand, to the hole it lands in, in both windows."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

from ..paper import layout
from .colours import BADGE, BADGE_RING, LIGHT_FROM, Colour, lit_share
from .mesh import Point, clear, ellipse_points, Mesh, mix, segments
from .board import BAR_HALF_WIDTH, LABEL_LANE, face_point


# The module's ten seed colours (its materials, as its preview shows them): saturated, none
# orange, so none vanishes in the bowls; each seed's is picked at random.
SEED_COLOURS = (
    (22, 22, 24), (24, 48, 225), (130, 235, 20), (220, 24, 24), (245, 245, 238),
    (250, 222, 24), (128, 128, 132), (16, 100, 34), (250, 138, 200), (60, 30, 18),
)  # black, blue, lime, red, white, yellow, grey, green, pink, brown
SEED_SIZE = 1 / 8  # a seed is about an eighth of a hole across, as on the module
SEED_REACH = 2 / 3  # seeds lie within two thirds of a bowl's radius (the module's positionSeeds)
SEED_APART = 1.2  # centres at least this many diameters apart in a hole: a gap shows, so each can be counted
HOLE_SEEDS_SHOWN = 24  # past this many in a hole (never on the module's boards) they would pile up: a count shows
SEED_TRIES = 200  # random places tried for a seed before the bowl's reach grows (a crowded hole)
BADGE_RADIUS = 0.024  # the seeds-in-hand count's disc
HAND_RADII = (0.026, 0.036)  # the heap of seeds in hand: for one seed, and at most
HAND_GAP = 0.008  # between the bar and the heap, around the bar's ends


def seed_radius() -> float:
    """A seed's radius on the face (unit square)."""
    return layout.HOLE_RADIUS * SEED_SIZE


def seed_colours(count: int, rng: random.Random) -> list[tuple[int, int, int]]:
    """`count` seeds' colours, each picked at random from the ten, as the module does."""
    return [rng.choice(SEED_COLOURS) for _ in range(count)]


def board_random(board: Sequence[int], salt: str = "") -> random.Random:
    """The random numbers a board's seeds are coloured and laid out with: the same board
    gives the same picture (so a script or a test draws the same frames), another board
    (after every press) a fresh one."""
    return random.Random(f"{salt}{tuple(board)}")


class SeedTracker:
    """Colours of the seeds in every slot and in hand, kept across the animation's frames."""

    def __init__(self, board: Sequence[int], in_hand: int = 0, rng: random.Random | None = None):
        self.reset(board, in_hand, rng)

    def reset(self, board: Sequence[int], in_hand: int = 0, rng: random.Random | None = None) -> None:
        """A new board: every seed gets a colour at random (from `rng`, or the board's own)."""
        rng = rng or board_random(board, "colours")
        self.slots = [seed_colours(count, rng) for count in board]
        self.hand = seed_colours(in_hand, rng)

    def counts(self) -> tuple[int, ...]:
        return tuple(len(c) for c in self.slots)

    def follow(self, board: Sequence[int], in_hand: int) -> tuple[set[int], int]:
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


# Where the seeds lie: the module's positionSeeds ------------------------------------------------
class SeedPlaces:
    """Where each slot's seeds lie on the face (unit square), as the module lays them: at
    random, none overlapping, within two thirds of a hole's radius; a loose heap in the
    stores. Laid out afresh (`scatter`) after every press; while seeds are sown one by one
    (`follow`), a seed stays where it lies and one arriving finds a free place."""

    def __init__(self, spots: list, stores: set[int]):
        self.spots, self.stores = spots, stores
        self.places: list[list[tuple[float, float]]] = [[] for _ in spots]

    def scatter(self, counts: Sequence[int], rng: random.Random) -> None:
        """Every slot's seeds laid out afresh (the module does so after every press)."""
        self.places = [[] for _ in self.spots]
        self.follow(counts, rng)

    def follow(self, counts: Sequence[int], rng: random.Random) -> set[int]:
        """Each slot to its new count: the last seeds laid leave first, new ones find a
        free place; the slots that changed."""
        changed = set()
        for slot, count in enumerate(counts):
            places = self.places[slot]
            if len(places) != count:
                changed.add(slot)
                del places[count:]
                places += scatter_in(self.spots[slot], count - len(places), rng, places,
                                     heap=slot in self.stores)
        return changed


def scatter_in(spot: layout.Spot, count: int, rng: random.Random, placed: list | None = None,
               heap: bool = False) -> list[tuple[float, float]]:
    """`count` more seeds' centres (unit square) in `spot`, clear of the seeds `placed`
    there: random places within two thirds of its radius, a little gap between seeds; a
    crowded bowl lets them spread toward its rim, then overlap (`heap`: a store's loose
    heap, where they may overlap a little from the start)."""
    r = seed_radius()
    gap = 2 * r * (0.7 if heap else SEED_APART)
    local = [_to_spot(spot, x, y) for x, y in placed or []]
    reach = SEED_REACH * min(spot.rx, spot.ry) + (r if heap else 0.0)
    limit = (max(0.0, spot.rx - r), max(0.0, spot.ry - r))
    new = []
    for _ in range(max(0, count)):
        while True:
            point = _free_place(rng, local, (min(reach, limit[0]), min(reach, limit[1])), gap)
            if point is not None:
                break
            if reach < max(limit):
                reach += r / 2  # crowded: toward the rim
            else:
                gap *= 0.8  # full to the rim: a heap
        local.append(point)
        new.append(_from_spot(spot, *point))
    return new


def _free_place(rng: random.Random, local: list, radii: tuple[float, float], gap: float):
    """A random point in the ellipse of `radii` at least `gap` from every point of `local`, or None."""
    for _ in range(SEED_TRIES):
        a, d = rng.uniform(0, 2 * math.pi), math.sqrt(rng.random())
        u, v = radii[0] * d * math.cos(a), radii[1] * d * math.sin(a)
        if all((u - pu) ** 2 + (v - pv) ** 2 >= gap * gap for pu, pv in local):
            return u, v
    return None


def _to_spot(spot, x: float, y: float) -> tuple[float, float]:
    """The face's point in the spot's own frame (along the boat, across it)."""
    dx, dy = x - spot.x, y - spot.y
    return dx * layout.AXIS[0] + dy * layout.AXIS[1], dx * layout.NORMAL[0] + dy * layout.NORMAL[1]


def _from_spot(spot, u: float, v: float) -> tuple[float, float]:
    return spot.x + u * layout.AXIS[0] + v * layout.NORMAL[0], spot.y + u * layout.AXIS[1] + v * layout.NORMAL[1]


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

    The bar runs corner to corner, so around its ends there is no room beside it: the
    ring passes over the bar's tip beyond the store (never over a bowl), and stays on
    the module's square."""
    half = layout.STORE_DISTANCE
    u %= 4.0
    if u < 1:
        return _on_square(-half + 2 * half * u, BAR_HALF_WIDTH + LABEL_LANE + r, r)
    if u >= 2 and u < 3:
        return _on_square(half - 2 * half * (u - 2), -(BAR_HALF_WIDTH + LABEL_LANE + r), r)
    a = math.pi / 2 - math.pi * (u - 1) if u < 2 else -math.pi / 2 - math.pi * (u - 3)
    beyond = layout.STORE_RADII[0] + HAND_GAP + r  # the store's far rim cleared
    centre = half if u < 2 else -half
    return _on_square(centre + beyond * math.cos(a), (BAR_HALF_WIDTH + LABEL_LANE + r) * math.sin(a), r)


def _on_square(along: float, across: float, r: float) -> tuple[float, float]:
    """(along, across) moved onto the module's square, a heap of radius `r` wholly on it."""
    x, y = face_point(along, across)
    x, y = min(max(x, r), 1 - r), min(max(y, r), 1 - r)
    dx, dy = x - layout.CENTRE[0], y - layout.CENTRE[1]
    return dx * layout.AXIS[0] + dy * layout.AXIS[1], dx * layout.NORMAL[0] + dy * layout.NORMAL[1]


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


def hand_place(anchor: Point, outward: Point, reach: float, radius: float, keep_out: list,
               bounds: tuple[float, float, float, float]) -> tuple[float, float]:
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
