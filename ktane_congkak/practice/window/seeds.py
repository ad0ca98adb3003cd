"""The practice window's seeds: in the bowls as they are followed through a turn, and in hand.

Each slot's seeds are drawn as board_art's SeedTracker follows them (which is which), with
a count past what fits; the seeds in hand glide around the board beside the hole being
sown. Every new board (after every press) has its seeds laid out afresh, as the module does.

`SeedsDrawing` is mixed into `PracticeWindow` (window.py), which owns the batch, the art
layers, the spots and the face's size it reads here.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ... import board_art as art
from ...core.rules import OPPONENT, YOU
from ...paper import layout
from ..animation import STEP_SECONDS, Animation
from .host import PracticeHost

MIN_BALL_PIXELS = 2.0  # smaller balls are dust: a number says the count instead
HAND_SEED_SCALE = 1.6  # the seeds in hand, held above the board, drawn this much bigger
SEEDS_DRAWN = 98  # every seed of the module's board, when they are big enough to be seen
BADGE_BACK = (20, 20, 20, 200)


class DrawnSeed(NamedTuple):
    """A seed as drawn: centre and radius in window pixels, colour (tests read them back)."""

    x: float
    y: float
    r: float
    colour: tuple

    @property
    def position(self) -> tuple[float, float]:
        return self.x, self.y


class SeedsDrawing(PracticeHost):
    """The seeds in the bowls and in hand, redrawn only where they changed."""

    seeds: art.SeedTracker | None  # which seed is which, made at the first refresh
    _followed: Animation | None  # the animation the seeds were last followed through
    _hand_key: tuple | None  # the heap drawn: (its radius, its colours)
    _hand_lists: tuple  # the heap and the badge's disc, each one vertex list
    _hand_at: float | None  # the hand's place on the way around the board
    places: art.SeedPlaces | None  # where the seeds lie, made with `seeds`
    _laid_for: tuple | None  # the board the seeds were last laid out for

    def _fits(self, spot) -> int:
        """How many balls of a drawable size fit in `spot` at this window's size."""
        if art.seed_radius() * self.face < MIN_BALL_PIXELS:
            return 0
        hole = spot.slot >= 0 and self.rules.owner(spot.slot) is not None
        return art.HOLE_SEEDS_SHOWN if hole else SEEDS_DRAWN  # a store's heap (or the hand's) shows them all

    def _place_seeds(self, frame) -> None:
        """Follow the seeds to this frame; redraw only the slots whose seeds changed."""
        s = self.session
        board = frame.board
        changed, dropped = self._follow_animation(s.animation)
        seeds = self.seeds
        assert seeds is not None, "made by _follow_animation"
        if seeds.counts() != board or (seeds.hand and not s.animating):  # not where the seeds went
            seeds.reset(board, 0)
            changed = set(range(len(board)))
        if not s.animating and tuple(board) != self._laid_for:  # a new board (after every press): laid out afresh
            self._lay_out(board)
            changed = set(range(len(board)))
        if dropped:
            self.sound.click(self.now, s.speed)
        for slot in changed:
            self._fill(slot)
        self._place_hand(frame, len(seeds.hand))

    def _follow_animation(self, anim) -> tuple[set[int], int]:
        """Follow the seeds through every frame the animation showed since the last call (a
        slow window frame lets several pass), from the board before its press; the slots
        that changed and how many seeds were dropped."""
        changed, dropped = set(), 0
        if self.seeds is None or anim is not self._followed:
            start = anim.shown[0] if anim is not None else self.session.frame()
            if self.seeds is None or self.seeds.counts() != start.board:
                self.seeds = art.SeedTracker(start.board, start.in_hand)
                self.places = art.SeedPlaces(self.spots, {self.rules.store(p) for p in (YOU, OPPONENT)})
                self._lay_out(start.board)
                changed = set(range(len(start.board)))
            self._followed, self._followed_count = anim, 1
        if anim is not None:
            assert self.seeds is not None and self.places is not None, "both made above"
            for shown in anim.shown[self._followed_count:]:
                slots, drops = self.seeds.follow(shown.board, shown.in_hand)
                self.places.follow(shown.board, art.board_random(shown.board, "places"))
                changed |= slots
                dropped += drops
            self._followed_count = len(anim.shown)
        return changed, dropped

    def _lay_out(self, board) -> None:
        """Every seed laid out afresh, as the module does after every press: where they lie
        is random, the same for the same board (a script draws the same frames)."""
        assert self.places is not None, "made with the seeds"
        self.places.scatter(board, art.board_random(board, "places"))
        self._laid_for = tuple(board)

    def _fill(self, slot: int) -> None:
        """Draw a slot's seeds again (one vertex list), with a count past what fits."""
        assert self.seeds is not None and self.places is not None, "the seeds are followed before any is drawn"
        colours = self.seeds.slots[slot]
        count = len(colours)
        drawn = min(count, self._capacity[slot])
        if self.seed_lists[slot] is not None:
            self.seed_lists[slot].delete()
        self.balls[slot] = self._seeds_placed(self.places.places[slot][:drawn], colours)
        mesh = art.Mesh()
        for seed in self.balls[slot]:
            art.add_seed(mesh, *seed)
        self.seed_lists[slot] = mesh.build(self.batch, self.art[3])
        self._badge(slot, count if count > drawn else None)

    def _badge(self, slot: int, count: int | None) -> None:
        """Past what fits, a number over the hole says its count."""
        from pyglet import shapes

        if count is None:
            if slot in self.badges:
                for item in self.badges.pop(slot):
                    item.delete()
            return
        if slot not in self.badges:
            x, y = self.spot_centre(slot)
            r = self.spots[slot].ry * self.face * 0.62
            back = shapes.Circle(x, y, r, segments=24, color=BADGE_BACK, batch=self.batch, group=self.groups[4])
            text = self._label("", r * 0.9 / self.scale, (255, 255, 255), group=5, x=x, y=y,
                               anchor_x="center", anchor_y="center", weight="bold")
            self.badges[slot] = (back, text)
        self._set_text(self.badges[slot][1], str(count))

    def _place_hand(self, frame, count: int) -> None:
        """The seeds in hand, held beside the board by the hole being sown (never over the
        board), gliding around it from hole to hole, their count on a badge beside them.
        The heap and the badge are made again only when the seeds in hand change; as the
        hand glides they are moved."""
        if not count or frame.slot is None:
            self._hand_at = None
            if self._hand_key is not None:
                self._hand_key = None
                for vertex_list in self._hand_lists:
                    vertex_list.delete()
                self._hand_lists = ()
                self.hand_balls = []
                self._set_text(self.hand_count, "")
            return
        if self._hand_at is None:
            self._hand_at = self._hand_target(frame)
        r = art.hand_radius(count)
        assert self.seeds is not None, "the seeds are followed before any is drawn"
        colours = tuple(self.seeds.hand)
        centre = self.to_pixels(*self._heap_point(self._hand_at, count))
        badge = self.to_pixels(*art.badge_place(self._hand_at, r))
        if (r, colours) != self._hand_key:
            self._hand_key = (r, colours)
            for vertex_list in self._hand_lists:
                vertex_list.delete()
            spot = layout.Spot(-1, *self.to_unit(*centre), r, r)
            heap, disc = art.Mesh(), art.Mesh()
            art.add_shadow(heap, 0.0, 0.0, r * self.face)
            self._hand_seeds = [seed._replace(x=seed.x - centre[0], y=seed.y - centre[1])
                                for seed in self._seeds_at(spot, list(colours[:self._fits(spot)]))]
            for seed in self._hand_seeds:
                art.add_seed(heap, *seed)
            art.add_badge(disc, 0.0, 0.0, art.BADGE_RADIUS * self.face)
            self._hand_lists = (heap.build(self.batch, self.art[4], centre), disc.build(self.batch, self.art[4], badge))
            self._set_text(self.hand_count, str(len(colours)))
        else:
            art.move(self._hand_lists[0], *centre)
            art.move(self._hand_lists[1], *badge)
        self.hand_balls = [seed._replace(x=seed.x + centre[0], y=seed.y + centre[1]) for seed in self._hand_seeds]
        if (self.hand_count.x, self.hand_count.y) != badge:
            self.hand_count.position = (*badge, 0)

    def _seeds_at(self, spot, colours: list) -> list[DrawnSeed]:
        """The seeds in hand, `colours`, heaped in `spot` (unit square), in window pixels:
        held above the board, nearer the eye, so drawn bigger; the same heap for the same
        count (it keeps its look as it glides)."""
        k = HAND_SEED_SCALE
        small = spot._replace(rx=spot.rx / k, ry=spot.ry / k)
        heap = art.scatter_in(small, len(colours), random.Random(len(colours)), heap=True)
        return self._seeds_placed([(spot.x + (x - spot.x) * k, spot.y + (y - spot.y) * k) for x, y in heap], colours, k)

    def _seeds_placed(self, places: list, colours: list, scale: float = 1.0) -> list[DrawnSeed]:
        """The seeds of `colours` at `places` (unit square), in window pixels."""
        r = art.seed_radius() * self.face * scale
        return [DrawnSeed(*self.to_pixels(x, y), r, colour) for (x, y), colour in zip(places, colours)]

    def _hand_spot(self, frame) -> tuple[float, float]:
        """Where the heap of seeds in hand is held for the frame's slot (unit square)."""
        return self._heap_point(self._hand_target(frame), frame.in_hand)

    @staticmethod
    def _heap_point(along: float, count: int) -> tuple[float, float]:
        """The centre of a heap of `count` seeds held at `along` on the way around the board."""
        return art.face_point(*art.around_bar(along, art.hand_radius(count)))

    def _hand_target(self, frame) -> float:
        """Where on the way around the board the hand is held for the frame's slot."""
        spot = self.spots[frame.slot]
        return art.way_around(art.along_bar(spot.x, spot.y), -1 if self.rules.side(frame.slot) == YOU else 1)

    def _glide_hand(self, seconds: float) -> None:
        """Move the hand toward the hole being sown, around the board (never over it): it
        covers the way in about one drop."""
        frame = self.session.frame()
        if frame.slot is None or not frame.in_hand:
            self._hand_at = None
            return
        target = self._hand_target(frame)
        if self._hand_at is None:  # where the next frame drawn would put it, drawn or not
            self._hand_at = target
            return
        share = min(1.0, seconds * self.session.speed / (STEP_SECONDS * 0.35))
        moved = art.glide(self._hand_at, target, share)
        self._hand_at = target if abs((target - moved + 2.0) % 4.0 - 2.0) < 1e-4 else moved
