"""The game window's board drawn with board_art: the boat and its bowls, the seeds, the hands.

`BoardDrawing` is mixed into `GameWindow` (app.py), which owns the batch, its layers,
the board's geometry (geometry.py) and the frame shown now, read here.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ...board_art import (HOUSING, Backdrop, Mesh, add_badge, add_bar, add_bowl, add_seed, badge_label_size,
                          picture_bytes, scatter_in, seed_radius)
from . import geometry
from ..playback import Frame
from .host import GameHost

BASE = (1000, 640)  # the layout's own size: everything scales with the window from it
BOARD_BAND = (186, 600)  # the layout's heights the board is drawn between (a tall window stretches them)
BESIDE_BAND = (34, 600)  # the module's diagonal board beside the texts: the heights it takes
TEXT_COLUMN = 300  # the layout's least width of the texts beside the diagonal board
MARGIN = 24  # the layout's margin at the window's left and between the board and the texts
BACKGROUND = HOUSING
FACE_DIMMED = (*HOUSING, 150)  # over the module's face, so the counts and numbers on it read
HAND_COLOURS = ((110, 190, 255), (255, 130, 110))  # South's hand's ring and name, North's
ACTIVE = (255, 236, 120)  # the hole a seed has just dropped into (a bowl's tint)
BURNT = (52, 22, 10)  # a burnt house: a dark, empty bowl
HAND_SEEDS_DRAWN = 30  # past this the heap is drawn no bigger; its badge says the count
GLIDE_SHARE = 0.35  # a hand covers its way to the next hole in this share of a drop's time, as in practice


class BoardDrawing(GameHost):
    """Where the board goes (under the texts, or beside them), the still board (a texture,
    drawn again only when the size or the burnt houses change), the sown bowl's tint, each
    slot's seeds and each hand's heap and badge."""

    active_list: Any  # the meshes' vertex lists (Mesh.build's), None when none is drawn
    hand_list: Any
    badge_list: Any
    _backdrop_burnt: frozenset | None  # the burnt houses the backdrop was drawn with

    def _above_face(self) -> float:
        """The diagonal board's face with the texts under it."""
        low, high = BOARD_BAND
        return min(BASE[0] * self.k, ((high - low) * self.k + self.lift) / geometry.DIAGONAL_HEIGHT)

    def _beside_face(self) -> float:
        """The diagonal board's face with the texts beside it, in a column TEXT_COLUMN wide."""
        low, high = BESIDE_BAND
        room = self.window.width - (TEXT_COLUMN + 3 * MARGIN) * self.k
        return min((high - low) * self.k / geometry.DIAGONAL_HEIGHT, room)

    def board_box(self) -> tuple[float, float, float, float]:
        """Where the board goes (x, y, width, height): the layout's band across the window,
        or a square's worth of it on the left, beside the texts."""
        if self.beside:
            (x, low), (_, high) = self.at(MARGIN, BESIDE_BAND[0]), self.at(0, BESIDE_BAND[1])
            return x, low, self._beside_face(), high - low
        (x, low), (_, high) = self.at(0, BOARD_BAND[0]), self.at(0, BOARD_BAND[1])
        return x, low, BASE[0] * self.k, high - low

    def _board_room(self) -> float:
        """How much taller than the layout's band the board can use: the module's diagonal
        board grows with its band's height up to the window's width (a straight board
        already fills the width)."""
        if not geometry.diagonal(self.rules):
            return 0.0
        low, high = BOARD_BAND
        return max(0.0, geometry.DIAGONAL_HEIGHT * BASE[0] * self.k - (high - low) * self.k)

    def _draw_backdrop(self, burnt: frozenset) -> None:
        """The boat and its bowls (burnt houses dark): drawn once into a texture, again
        only when the window's size or the burnt houses change."""
        mesh = Mesh()
        x0, y0, x1, y1, half = self.board.bar
        add_bar(mesh, x0, y0, x1, y1, half, max(2.0, 6 * self.k))
        for p in self.places:
            tint = BURNT if p.slot in burnt else None
            add_bowl(mesh, p.x, p.y, p.rx, p.ry, p.angle, tint)
        if self.backdrop is not None:
            self.backdrop.delete()
        meshes, picture = [mesh], None
        if self.board.square is not None:  # the module's board on the module's face, dimmed under the counts
            x, y, side = self.board.square
            picture = (picture_bytes(round(side)), round(side), round(x), round(y))
            dim = Mesh()
            dim.quad((x, y), (x + side, y), (x + side, y + side), (x, y + side), *[FACE_DIMMED] * 4)
            meshes = [dim, mesh]
        self.backdrop = Backdrop(self.window.width, self.window.height, BACKGROUND, meshes, self.batch,
                                 self.groups[0], copy=True, picture=picture)  # copied into the frame: cheaper than a quad
        self._backdrop_burnt = burnt

    def draw_under(self) -> None:
        """The still picture, copied into the frame before the batch draws (PygletView.on_draw)."""
        if self.backdrop is not None:
            self.backdrop.draw()

    def _draw_active(self, slot: int | None) -> None:
        self.active_list = self._replace(self.active_list, None)
        if slot is not None and slot not in self.shown().burnt:
            p = self.places[slot]
            mesh = Mesh()
            add_bowl(mesh, p.x, p.y, p.rx, p.ry, p.angle, ACTIVE)
            self.active_list = mesh.build(self.batch, self.layers["active"])

    def _draw_seeds(self, slot: int, count: int) -> None:
        p = self.places[slot]
        mesh = Mesh()
        assert self.seeds is not None, "the seeds are followed from the first refresh on"
        colours = self.seeds.slots[slot]  # as followed through the move (SeedTracker)
        for (x, y, r), colour in zip(self._scattered(slot, count, p), colours):
            add_seed(mesh, x, y, r, colour)
        self.slot_lists[slot] = self._replace(self.slot_lists[slot], mesh.build(self.batch, self.layers["seeds"]))

    def _draw_hands(self, hands: tuple, at: dict) -> None:
        """Each hand's seeds, a heap off the board at `at` (`hand_at`, beside the slot it is
        over), with a badge saying how many."""
        seeds, badges = Mesh(), Mesh()
        for label in self.hand_counts[len(hands):]:  # (the others get their counts below: laid out once)
            self._set_text(label, "")
        named = {player for player, _, _ in hands} if len(hands) > 1 else set()  # both at once: whose is whose
        for player, label in enumerate(self.hand_names):
            if player not in named:
                self._set_text(label, "")
        assert self.seeds is not None, "the seeds are followed from the first refresh on"
        held = list(self.seeds.hand)  # the seeds in hand, as followed: each hand takes its share in turn
        for index, (player, slot, count) in enumerate(hands):
            colours, held = held[:count], held[count:]
            p = self.places[slot]
            radius = self.hand_radius(count)
            x, y = at[player]
            for (sx, sy, r), colour in zip(self._balls(min(count, HAND_SEEDS_DRAWN), x, y, radius, radius, 0.0), colours):
                add_seed(seeds, sx, sy, r, colour)
            badge = max(9.0, radius * 0.5)
            bx, by = x + p.out[0] * (radius + badge * 0.6) + radius * 0.8, y + p.out[1] * (radius + badge * 0.6)
            badges.ellipse(bx, by, badge * 1.3, badge * 1.3, HAND_COLOURS[player], fringe=1.0)  # whose hand: its colour
            add_badge(badges, bx, by, badge)
            if player in named:
                name = self.hand_names[player]
                away = radius + badge * 1.3 + name.font_size  # beyond the heap and its badge, away from the board
                name.position = (round(x + p.out[0] * away), round(y + p.out[1] * away), 0)
                self._set_text(name, self.session.name(player))
            label = self.hand_counts[index]
            size = badge_label_size(badge) * 0.75
            if label.font_size != size:
                label.font_size = size
            label.position = (round(bx), round(by), 0)
            self._set_text(label, str(count))
        self.hand_list = self._replace(self.hand_list, seeds.build(self.batch, self.layers["hands"]))
        self.badge_list = self._replace(self.badge_list, badges.build(self.batch, self.layers["badges"]))

    def hand_radius(self, seeds: int) -> float:
        """The size of a heap of `seeds` in hand: bigger for more, up to HAND_SEEDS_DRAWN."""
        return self.board.hand_radius * min(1.0, max(0.6, math.sqrt(min(seeds, HAND_SEEDS_DRAWN) / HAND_SEEDS_DRAWN)))

    def hand_targets(self, frame: Frame) -> dict[int, tuple[float, float]]:
        """Where each hand of `frame` is held: off the board beside the slot it is over;
        two hands over one hole (a simultaneous start) side by side along the row."""
        targets = {}
        shared = len({slot for _, slot, _ in frame.hands}) < len(frame.hands)
        for index, (player, slot, seeds) in enumerate(frame.hands):
            place, radius = self.places[slot], self.hand_radius(seeds)
            x, y = geometry.hand_centre(place, radius)
            if shared:  # South's hand on the left of the pair as seen from the hole's side
                shift = (1.0 if index else -1.0) * radius * 1.3
                x, y = x - place.out[1] * shift, y + place.out[0] * shift
            targets[player] = (x, y)
        return targets

    @property
    def hand_at(self) -> dict[int, tuple[float, float]]:
        """Where each hand is drawn now: gliding from where it was at the frame before to
        where it is held now, in GLIDE_SHARE of a drop's time (a hand just picked up
        starts where it is held)."""
        targets = self.hand_targets(self.shown())
        playback = self.playback
        if playback is None or playback.index == 0:
            return targets
        before = self.hand_targets(playback.frames[playback.index - 1])
        share = min(1.0, (playback.step - playback.wait) / (playback.step * GLIDE_SHARE))
        return {player: (bx + (tx - bx) * share, by + (ty - by) * share)
                for player, (tx, ty) in targets.items() for bx, by in [before.get(player, (tx, ty))]}

    def _balls(self, count: int, x: float, y: float, rx: float, ry: float, angle: float) -> list[tuple]:
        """(x, y, radius) of `count` seeds packed in the ellipse at (x, y), turned `angle`
        degrees clockwise: `paper.layout`'s packing (the module's), at the board's scale."""
        from ...paper import layout

        scale = self.board.hole_radius / layout.HOLE_RADIUS  # pixels of the module face's unit
        a = math.radians(angle)
        along, across = (math.cos(a), -math.sin(a)), (math.sin(a), math.cos(a))
        balls = []
        for ball in layout.seed_positions(count, layout.Spot(-1, 0.0, 0.0, rx / scale, ry / scale)):
            u = ball.x * layout.AXIS[0] + ball.y * layout.AXIS[1]  # back to the spot's own frame
            v = ball.x * layout.NORMAL[0] + ball.y * layout.NORMAL[1]
            balls.append((x + (u * along[0] + v * across[0]) * scale, y + (u * along[1] + v * across[1]) * scale,
                          ball.r * scale))
        return balls

    def _scattered(self, slot: int, count: int, p) -> list[tuple]:
        """(x, y, radius) of `count` seeds in the place `p`, as the module lays them
        (board_art.scatter_in: at random within two thirds of a hole, a heap in a store),
        the same for the same slot and count, at the board's scale."""
        from ...paper import layout

        scale = self.board.hole_radius / layout.HOLE_RADIUS  # pixels of the module face's unit
        a = math.radians(p.angle)
        along, across = (math.cos(a), -math.sin(a)), (math.sin(a), math.cos(a))
        spot = layout.Spot(-1, 0.0, 0.0, p.rx / scale, p.ry / scale)
        store = self.rules.owner(slot) is None
        r = seed_radius() * scale
        balls = []
        for bx, by in scatter_in(spot, count, random.Random(f"{slot} {count}"), heap=store):
            u = bx * layout.AXIS[0] + by * layout.AXIS[1]  # back to the spot's own frame
            v = bx * layout.NORMAL[0] + by * layout.NORMAL[1]
            balls.append((p.x + (u * along[0] + v * across[0]) * scale, p.y + (u * along[1] + v * across[1]) * scale, r))
        return balls

    @staticmethod
    def _replace(old, new):
        if old is not None:
            old.delete()
        return new

    def _delete_meshes(self) -> None:
        for vertex_list in [*self.slot_lists, self.active_list, self.hand_list, self.badge_list]:
            if vertex_list is not None:
                vertex_list.delete()
        if self.backdrop is not None:
            self.backdrop.delete()

