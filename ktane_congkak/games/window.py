"""The traditional games in a pyglet window, against the computer.

The board seen from your seat (board_geometry.py: the straight boat, or the module's
diagonal one), drawn as the module looks (board_art.py, shared with the practice window);
the seeds move drop by drop, the seeds in hand beside the hole they are over; the score,
whose turn, a key legend, a help panel (?) and the rules of the game (R) always at hand.

It draws a `session.Session` and decides no rule. Every key, click and `--commands` line
is a `commands.Command` carried out by `GameWindow.run_command`, the one entry for input. pyglet is
imported inside functions only. Time comes from `tick(seconds)`, so tests step animations
exactly. The computer's move and your hint are searched in the background
(`thinking.Thinking`: a child process on Linux), so the window keeps drawing while they
are; `wait` (scripts and tests) lets a search finish first, so scripted runs are exact.
"""

from __future__ import annotations

import math
import sys
from typing import NamedTuple

from ..board_art import (BADGE_TEXT, HOUSING, Backdrop, Layer, Mesh, add_badge, add_bar, add_bowl,
                         add_seed, badge_label_size, seed_colour)
from ..core.explain import plural
from ..core.sowing import replay
from ..errors import UserError
from ..files import dump_yaml
from ..pyglet_view import FRAME_SECONDS, PygletView, digit_of, open_window, window_failure
from . import board_geometry
from .commands import QUIT, WINDOW, Command, help_lines, parse_script
from .game import NORTH, SIDE_NAMES, SOUTH, end_words, side_of
from .rules_text import rules_lines
from .session import Session
from .settings import MIN_WINDOW_SIZE, WINDOW_SIZE
from .thinking import BackgroundWriter, Thinking

BASE = (1000, 640)  # the layout's own size: everything scales with the window from it
BOARD_BAND = (186, 600)  # the layout's heights the board is drawn between (a tall window stretches them)
FONT = ("DejaVu Sans", "Arial", "sans-serif")
BACKGROUND = HOUSING
TEXT = (240, 232, 220)
LABEL_TEXT = (246, 200, 150)
MESSAGE_TEXT = (255, 214, 120)
KEYS_TEXT = (205, 170, 160)
PANEL_BACK = (16, 4, 8, 235)
ACTIVE = (255, 236, 120)  # the hole a seed has just dropped into (a bowl's tint)
BURNT = (52, 22, 10)  # a burnt house: a dark, empty bowl
STEP_SECONDS = 0.12  # one dropped seed
MOVE_SECONDS = 5.0  # the longest a single move's drops may take
ROUND_PAUSE = 1.5  # seconds a round's end, and the next round's refilled board, stay in sight
HAND_SEEDS_DRAWN = 30  # past this the heap is drawn no bigger; its badge says the count
GLIDE_SHARE = 0.35  # a hand covers its way to the next hole in this share of a drop's time, as in practice
# The window's keys, each typing one command: the legend and the help panel are made from this.
KEYS = (("1-N", "hole", "sow"), ("U", "undo", "undo"), ("H", "hint", "hint"), ("S", "save", "save"),
        ("R", "rules", "rules"), ("?", "help", "help"), ("Space", "skip", "skip"), ("Esc", QUIT, "quit"))
PANELS = ("help", "rules")
QUIT_ASKED = "Esc again quits: this game is not saved (S saves it)"


class Frame(NamedTuple):
    """One picture of a move being shown: the board, the slot just sown (None: none),
    the hands holding seeds ((player, slot over, seeds), ...), what is happening, the
    burnt houses and the round then, and how much longer than a drop it stays."""

    board: tuple
    active: int | None
    hands: tuple
    caption: str
    burnt: frozenset = frozenset()
    round: int = 1
    pause: float = 0.0  # seconds beyond a drop's: a round's end and the next round's start


class Playback:
    """The latest move replayed seed by seed."""

    def __init__(self, frames: list[Frame], step: float):
        self.frames, self.step, self.index, self.wait = frames, step, 0, step

    @property
    def done(self) -> bool:
        return self.index >= len(self.frames) - 1

    def current(self) -> Frame:
        return self.frames[min(self.index, len(self.frames) - 1)]

    def advance(self, seconds: float) -> None:
        self.wait -= seconds
        while self.wait <= 0 and not self.done:
            self.index += 1
            self.wait += self.step + self.frames[self.index].pause

    def skip(self) -> None:
        self.index = len(self.frames) - 1


def held_hands(game) -> tuple:
    """The hands holding seeds while the game waits ((player, slot over, seeds), ...): at a
    simultaneous start one hand waits, full, while the other player chooses another hole."""
    return tuple((hand.player, hand.slot, hand.seeds) for hand in game.state.hands or () if hand and hand.seeds)


def still_frame(game) -> Frame:
    """The position the game waits in, as a frame."""
    return Frame(tuple(game.board), None, held_hands(game), "", game.burnt, game.state.round)


def frames_of(events: list, game, before: Frame) -> list[Frame]:
    """Frames for what a move did from `before` (`still_frame` before the move): every
    drop of every turn, every tick of both hands at a simultaneous start (the boards the
    game recorded), a round's end (the seeds counted to the stores) and the next round's
    refill, each held for ROUND_PAUSE, then the position the game is in now. Each says
    what is happening as it happens."""
    frames, burnt, round_ = [before], before.burnt, before.round
    for event in events:
        if event[0] == "turn":
            shown = _turn_frames(event[1], game)
        elif event[0] == "lockstep":
            shown = _lockstep_frames(event[1], game, before.hands)
        elif event[0] == "round_end":
            shown = [Frame(event[3], None, (), event[4], pause=ROUND_PAUSE)]
        elif event[0] == "refill":
            burnt, round_ = event[2], round_ + 1
            shown = [Frame(event[1], None, (), event[3], pause=ROUND_PAUSE)]
        else:
            continue
        frames += [frame._replace(burnt=burnt, round=round_) for frame in shown]
    frames.append(still_frame(game))
    if len(frames) > 2:  # before the first seed moves, it says what is about to happen
        frames[0] = frames[0]._replace(caption=frames[1].caption)
    return frames


def _turn_frames(turn, game) -> list[Frame]:
    who = SIDE_NAMES[turn.player]
    caption, frames = "", []
    for shown in replay(turn, game.rules):
        kind = shown.step[0]
        if kind == "pickup":
            caption = (f"{who} sows hole {game.hole_number(shown.slot)}" if not caption else
                       f"{who}'s last seed fell on seeds: relay, {shown.in_hand} picked up")
        elif kind == "capture":
            caption = f"{who} captures: {plural(shown.step[3])} to the store"
        elif kind == "end":
            caption = f"{who}: {end_words(turn.end, turn.after, game.rules, turn.player)}"
        hands = ((turn.player, shown.slot, shown.in_hand),) if shown.in_hand and shown.slot is not None else ()
        frames.append(Frame(shown.board, shown.slot, hands, caption))
    return frames


def _lockstep_frames(ticks, game, held: tuple) -> list[Frame]:
    """Both hands at once: each hand's place and seeds (from `held`, a hand that waited)
    followed through the ticks' events."""
    hands: dict[int, tuple] = {hand[0]: hand for hand in held}
    caption, frames = "Both hands sow at once", []
    for board, happened in ticks:
        active = None
        for event in happened:
            kind, player = event[0], event[1]
            if kind == "pickup":
                hands[player] = (player, event[2], event[3])
            elif kind == "drop" and player in hands:
                hands[player] = (player, event[2], hands[player][2] - 1)
            elif kind == "end":
                hands.pop(player, None)
                caption = f"{SIDE_NAMES[player]}'s hand stops: {end_words(event[2], board, game.rules, player)}"
            if kind in ("pickup", "drop", "capture"):
                active = event[2]
        drawn = tuple(hand for hand in sorted(hands.values()) if hand[2] > 0)
        frames.append(Frame(board, active, drawn, caption))
    return frames


def key_legend(holes: int) -> str:
    """The keys in one line: "1-7 sow   U undo ..."."""
    return "   ".join(f"{_key_name(key, holes)} {what}" for key, _, what in KEYS)


def _key_name(key: str, holes: int) -> str:
    return f"1-{min(holes, 9)}" if key == "1-N" else key


class GameWindow(PygletView):
    """The board, the seeds and the panel in one resizable pyglet window."""

    def __init__(self, session: Session, window=None, size: tuple[int, int] = WINDOW_SIZE, visible: bool = True):
        self.session = session
        self.game = session.game
        self.rules = self.game.rules
        self.seat = NORTH if session.humans == (NORTH,) else SOUTH
        self.window = window or open_window(*size, "Congkak", visible, resizable=True)
        self.window.set_minimum_size(*MIN_WINDOW_SIZE)
        self.playback: Playback | None = None
        self.message = "Click one of your holes (or type its number). ? help, R rules."
        self.panel: str | None = None  # "help" or "rules" when one is open
        self._saved_moves = len(self.game.moves)  # the moves a save (or the loaded game) holds
        self._quit_asked = False  # Esc was pressed once on a game that is not saved
        self.thinking: Thinking | None = None  # the computer's move being searched
        self.hinting: Thinking | None = None  # a hint being searched
        self.saver = BackgroundWriter()  # the --save file, written off the frame
        session.write = self.saver.write
        self._save_error: str | None = None  # the saver's error last shown
        if session.save_path:
            dump_yaml({})  # the YAML library loaded now, not in the frame of the first move
        self.batch = None
        self._build()
        self.window.push_handlers(self)

    # --- the picture --------------------------------------------------------------------
    def _measure(self) -> None:
        w, h = self.window.width, self.window.height
        self.k = min(w / BASE[0], h / BASE[1])
        spare = h - BASE[1] * self.k  # a tall window's height beyond the layout's
        self.lift = min(spare, self._board_room())
        self.ox, self.oy = (w - BASE[0] * self.k) / 2, (spare - self.lift) / 2

    def _board_room(self) -> float:
        """How much taller than the layout's band the board can use: the module's diagonal
        board grows with its band's height up to the window's width (a straight board
        already fills the width)."""
        if not board_geometry.diagonal(self.rules):
            return 0.0
        low, high = BOARD_BAND
        return max(0.0, board_geometry.DIAGONAL_HEIGHT * BASE[0] * self.k - (high - low) * self.k)

    def at(self, x: float, y: float) -> tuple[float, float]:
        """A point of the BASE layout in window pixels: the board's band stretched by
        `lift` in a tall window, what is above it moved up as much."""
        low, high = BOARD_BAND
        stretch = self.lift * min(1.0, max(0.0, (y - low) / (high - low)))
        return self.ox + x * self.k, self.oy + y * self.k + stretch

    def on_resize(self, width, height):
        self._build()  # pyglet's own handler then sets the viewport

    def _build(self) -> None:
        import pyglet

        self.window.switch_to()
        self._measure()
        if self.batch is not None:
            self._delete_meshes()
        self.batch = pyglet.graphics.Batch()
        self.groups = [pyglet.graphics.Group(order=i) for i in range(8)]
        self.layers = {name: Layer(self.batch, order) for name, order in
                       (("active", 1), ("seeds", 2), ("hands", 3), ("badges", 4))}
        pyglet.gl.glClearColor(*(c / 255 for c in BACKGROUND), 1.0)
        (x, low), (_, high) = self.at(0, BOARD_BAND[0]), self.at(0, BOARD_BAND[1])
        box = (x, low, BASE[0] * self.k, high - low)
        self.board = board_geometry.board(self.rules, self.seat, box)
        self.places = self.board.places
        self.backdrop, self._backdrop_burnt = None, None
        self.slot_lists: list = [None] * len(self.places)
        self.active_list = self.hand_list = self.badge_list = None
        self._build_labels()
        self._shown: Frame | None = None
        self._hands_drawn = None
        self.refresh()

    def _label(self, text="", size=12.0, colour=TEXT, group=5, **options):
        import pyglet

        for axis in ("x", "y"):  # on whole pixels: a glyph set half a pixel off loses its top row
            if axis in options:
                options[axis] = round(options[axis])
        return pyglet.text.Label(text, font_name=FONT, font_size=size, color=(*colour[:3], 255),
                                 batch=self.batch, group=self.groups[group], **options)

    def _build_labels(self) -> None:
        k, b = self.k, self.board
        width = (BASE[0] - 48) * k
        self.counts, self.numbers = [], []
        for p in self.places:
            self.counts.append(self._label("", b.count_size, TEXT, x=p.count_at[0], y=p.count_at[1],
                                           anchor_x="center", anchor_y="center", weight="bold"))
            self.numbers.append(self._label(self._slot_name(p.slot), b.label_size, LABEL_TEXT, x=p.label_at[0],
                                            y=p.label_at[1], anchor_x="center", anchor_y="center"))
        self.title = self._label(self._title(), 14 * k, LABEL_TEXT, x=self.at(500, 0)[0], y=self.at(0, 618)[1],
                                 anchor_x="center", anchor_y="center", weight="bold")
        self.status = self._label("", 13 * k, TEXT, x=self.at(24, 0)[0], y=self.at(0, 176)[1], width=width,
                                  multiline=True, anchor_y="top")
        self.note = self._label("", 11 * k, MESSAGE_TEXT, x=self.at(24, 0)[0], y=self.at(0, 118)[1], width=width,
                                multiline=True, anchor_y="top")
        while self.title.content_width > width and self.title.font_size > 8 * k:  # a long ruleset title
            self.title.font_size -= 0.5 * k
        self.keys = self._label(key_legend(self.rules.holes_per_side), 10.5 * k, KEYS_TEXT, x=self.at(500, 0)[0],
                                y=self.at(0, 14)[1], anchor_x="center", anchor_y="bottom")
        self.hand_counts = [self._label("", 1, BADGE_TEXT, group=7, anchor_x="center", anchor_y="center",
                                        weight="bold") for _ in (SOUTH, NORTH)]
        self.banner = self._label("", 26 * k, (255, 255, 255), group=7, x=self.at(500, 0)[0], y=self.at(0, 400)[1],
                                  anchor_x="center", anchor_y="center", weight="bold")
        self.banner_back = None
        self.panel_title = self._label("", 15 * k, LABEL_TEXT, group=7, x=self.at(60, 0)[0], y=self.at(0, 588)[1],
                                       anchor_y="top", weight="bold")
        self.panel_text = self._label("", 11 * k, TEXT, group=7, x=self.at(60, 0)[0], y=self.at(0, 588)[1] - 32 * k,
                                      width=(BASE[0] - 120) * k, multiline=True, anchor_y="top")
        self.panel_back = None
        self._panel_shown = None

    def _slot_name(self, slot: int) -> str:
        """A hole's number (its owner's count, from 1), or whose store it is."""
        if self.rules.owner(slot) is not None:
            return str(self.game.hole_number(slot))
        owner = side_of(self.rules, slot)
        return "your store" if owner == self.seat and len(self.session.humans) == 1 else f"{SIDE_NAMES[owner]}'s store"

    def _title(self) -> str:
        you = " and ".join(SIDE_NAMES[p] for p in self.session.humans)
        if len(self.session.humans) == 1:
            return f"{self.rules.title}: you play {you}, the row nearer you"
        return f"{self.rules.title}: {you}"

    def shown(self) -> Frame:
        """The frame on screen now."""
        if self.playback is not None:
            return self.playback.current()
        return still_frame(self.game)

    def refresh(self) -> None:
        """Bring the picture in line with the game (cheap when nothing changed)."""
        frame = self.shown()
        if self._backdrop_burnt != frame.burnt:
            self._draw_backdrop(frame.burnt)
        before = self._shown
        if before is None or before.board != frame.board or before.burnt != frame.burnt:
            for slot, count in enumerate(frame.board):
                if before is None or before.board[slot] != count or before.burnt != frame.burnt:
                    self._draw_seeds(slot, count)
                    self._set_text(self.counts[slot], "" if slot in frame.burnt else str(count))
        if before is None or before.active != frame.active:
            self._draw_active(frame.active)
        hands = (frame.hands, tuple(sorted(self.hand_at.items())))  # the hands move between frames too
        if hands != self._hands_drawn:
            self._draw_hands(frame.hands)
            self._hands_drawn = hands
        self._shown = frame
        self._set_text(self.status, self._status(frame))
        self._set_text(self.note, self._note(frame))
        self._draw_panel()
        self._draw_banner()

    def _status(self, frame: Frame) -> str:
        if self.playback is not None:  # the scores of the board on screen, as the seeds land
            status = self.session.status(frame.board, frame.round)
        else:
            status = self.session.status()
        if self.thinking:
            status += f"\n{self._thinking_sign()}"
        return status

    def _note(self, frame: Frame) -> str:
        """During a move, what is happening now; then the move's story and any message."""
        if self.playback is not None:  # a failed save is said at once
            return frame.caption + (f"\n{self._save_error}" if self._save_error else "")
        return self.message

    @staticmethod
    def _set_text(label, text: str) -> None:
        if label.text != text:
            label.text = text

    # --- drawing with board_art ---------------------------------------------------------
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
        self.backdrop = Backdrop(self.window.width, self.window.height, BACKGROUND, [mesh], self.batch,
                                 self.groups[0], copy=True)  # copied into the frame (draw_under): cheaper than a quad
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
        for i, (x, y, r) in enumerate(self._balls(count, p.x, p.y, p.rx * 0.92, p.ry * 0.92, p.angle)):
            add_seed(mesh, x, y, r, seed_colour(slot, i))
        self.slot_lists[slot] = self._replace(self.slot_lists[slot], mesh.build(self.batch, self.layers["seeds"]))

    def _draw_hands(self, hands: tuple) -> None:
        """Each hand's seeds, a heap off the board beside the slot it is over, with a badge
        saying how many."""
        seeds, badges = Mesh(), Mesh()
        for label in self.hand_counts:
            label.text = ""
        for index, (player, slot, count) in enumerate(hands):
            p = self.places[slot]
            radius = self.hand_radius(count)
            x, y = self.hand_at.get(player) or board_geometry.hand_centre(p, radius)
            for i, (sx, sy, r) in enumerate(self._balls(min(count, HAND_SEEDS_DRAWN), x, y, radius, radius, 0.0)):
                add_seed(seeds, sx, sy, r, seed_colour(player, i))
            badge = max(9.0, radius * 0.5)
            bx, by = x + p.out[0] * (radius + badge * 0.6) + radius * 0.8, y + p.out[1] * (radius + badge * 0.6)
            add_badge(badges, bx, by, badge)
            label = self.hand_counts[index]
            label.font_size = badge_label_size(badge) * 0.75
            label.position = (round(bx), round(by), 0)
            label.text = str(count)
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
            x, y = board_geometry.hand_centre(place, radius)
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
        from ..paper import layout

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

    # --- panels and the end -------------------------------------------------------------
    def panel_lines(self) -> tuple[str, list[str]]:
        """The open panel's title and lines (none when no panel is open)."""
        if self.panel == "rules":
            title, *sentences = rules_lines(self.rules)
            return f"The rules: {title}", [f"\u2022 {line}" for line in sentences] + ["", "R or Esc closes this panel."]
        if self.panel == "help":
            keys = [f"{_key_name(key, self.rules.holes_per_side)}: {what}" for key, _, what in KEYS]
            return "Help", ["Keys: " + ",  ".join(keys) + ". Click one of your holes to sow it.", "",
                            "The same as commands (in --commands scripts, with wait S and screenshot PATH):",
                            *help_lines(WINDOW), "", "? or Esc closes this panel."]
        return "", []

    def _draw_panel(self) -> None:
        from pyglet import shapes

        if self._panel_shown == self.panel:
            return
        self._panel_shown = self.panel
        title, lines = self.panel_lines()
        if self.panel_back is not None:
            self.panel_back.delete()
            self.panel_back = None
        self.panel_title.text = title
        self.panel_text.text = "\n".join(lines)
        for label in (self.status, self.note):  # under the panel: hidden, not showing through
            label.visible = self.panel is None
        if self.panel is None:
            return
        (x, y), (_, top) = self.at(16, 44), self.at(16, 602)  # over the board and the status: the legend in sight
        self.panel_back = shapes.Rectangle(x, y, (BASE[0] - 32) * self.k, top - y, color=PANEL_BACK,
                                           batch=self.batch, group=self.groups[6])
        size = 12 * self.k
        self.panel_text.font_size = size
        room = self.panel_text.y - self.at(0, 56)[1]
        while self.panel_text.content_height > room and size > 6 * self.k:  # a long text: smaller
            size -= 0.5
            self.panel_text.font_size = size

    def _draw_banner(self) -> None:
        from pyglet import shapes

        text = self.end_title() if self.game.over and self.playback is None and self.panel is None else ""
        if self.banner.text == text:
            return
        self.banner.text = text
        if self.banner_back is not None:
            self.banner_back.delete()
            self.banner_back = None
        if text:
            w, h = self.banner.content_width + 60 * self.k, self.banner.content_height + 30 * self.k
            self.banner_back = shapes.Rectangle(self.banner.x - w / 2, self.banner.y - h / 2, w, h, color=PANEL_BACK,
                                                batch=self.batch, group=self.groups[6])

    def end_title(self) -> str:
        """Who won, in a few words: "You win", "North wins", "A draw"."""
        winner = self.game.state.winner
        if winner is None:
            return "A draw"
        if len(self.session.humans) == 1:
            return "You win" if winner in self.session.humans else f"{self.session.name(winner)} wins"
        return f"{SIDE_NAMES[winner]} wins"

    # --- time ---------------------------------------------------------------------------
    def tick(self, seconds: float) -> None:
        """Animations advance; when they are done a computer player due to move starts
        thinking in the background, and its move is played once that is done; a hint found
        meanwhile is shown."""
        if self.hinting is not None and self.hinting.poll():
            self._hinted()
        if self.saver.error != self._save_error:  # a background save failed (or works again)
            self._save_error = self.saver.error
            if self._save_error:
                self.message = self._save_error
        if self.playback is not None:
            self.playback.advance(seconds)
            if self.playback.done:
                self.playback = None
            return
        if self.thinking is not None:
            self.thinking.seconds += seconds
            if self.thinking.poll():
                self._computer_moved()
            return
        if self.session.computer_due():
            self.thinking = Thinking(self.session.computer_choices)

    def _computer_moved(self) -> None:
        thinking, self.thinking = self.thinking, None
        if thinking.error is not None:
            raise thinking.error
        before, logged = still_frame(self.game), len(self.game.log)
        events = self.session.apply(thinking.result)
        self.session.autosave()
        self._animate(events, before, logged)
        unseen = self.session.unseen(thinking.result)
        if unseen:
            self.message = unseen[0]

    def _thinking_sign(self) -> str:
        """ "North (search) is thinking (depth 5 reached) ..", the dots turning while it thinks."""
        dots = "." * (1 + int(self.thinking.seconds * 3) % 3)  # at the end, so nothing else moves
        depth = f" (depth {self.thinking.depth} reached)" if self.thinking.depth else ""
        return f"{self.session.thinking()}{depth} {dots}"

    def wait(self, seconds: float) -> None:
        """Scripted time: the computer's thinking takes none of it (the search is waited
        for), so scripts and tests see the same frames on every machine."""
        left = seconds
        while left > 1e-9:
            for search in (self.hinting, self.thinking):
                if search is not None:
                    search.join()
            step = min(FRAME_SECONDS, left)
            self.tick(step)
            left -= step

    def _animate(self, events, before: Frame, logged: int) -> None:
        frames = frames_of(events, self.game, before)
        drops = max(1, len(frames) - 1)
        self.playback = Playback(frames, min(STEP_SECONDS, MOVE_SECONDS / drops))
        # Shown once the seeds have landed (the note says what happens meanwhile).
        self.message = self.saver.error or " | ".join(self.game.log[logged:][-3:])

    # --- input: every key, click and script line is a Command for `run` ------------------
    def run_command(self, command: Command) -> bool:
        """Carry out one command (a key's, a click's or a script's); False once it has
        closed the window."""
        name = command.name
        if name == "hole":
            self._sow_hole(command.arg)
        elif name in PANELS:
            self.panel = None if self.panel == name else name
        elif name == "skip":
            if self.playback is not None:
                self.playback.skip()
        elif name == "wait":
            self.wait(command.arg)
        elif name == "screenshot":
            self.screenshot(command.arg)
        elif name == QUIT:
            self.close()
            return False
        elif name == "save":
            self.save(command.arg)
        else:
            {"undo": self.undo, "hint": self.hint, "concede": self.concede}[name]()
        return True

    def _computer_thinking(self) -> bool:
        """Whether the computer's search is running (then nothing else may start: it says so)."""
        if self.thinking is not None:
            self.message = "Wait: the computer is thinking"
        return self.thinking is not None

    def _forget_hint(self) -> None:
        """The position changed: a hint still being searched would be about the old one."""
        if self.hinting is not None:
            self.hinting.cancel()
            self.hinting = None

    def slot_at(self, x: float, y: float) -> int | None:
        return board_geometry.slot_at(self.places, x, y)

    def _sow_hole(self, hole: int) -> None:
        human = self.session.human_to_move()
        if human is None:
            self.message = "The game is over: U undoes your last move" if self.game.over else "Wait for your turn"
            return
        try:
            self.sow(self.game.slot_of(human, hole))
        except UserError as exc:
            self.message = str(exc)

    def sow(self, slot: int) -> None:
        """The human to move sows from `slot` (a slot of theirs)."""
        if self._computer_thinking():
            return
        if self.playback is not None:
            self.playback.skip()
            self.playback = None
        human = self.session.human_to_move()
        if human is None or self.rules.owner(slot) != human:
            self.message = "Wait for your turn" if human is None and not self.game.over else "That is not one of your holes"
            return
        before, logged = still_frame(self.game), len(self.game.log)
        try:
            events = self.session.move(self.game.hole_number(slot))  # a refusal is said to the player
        except UserError as exc:
            self.message = str(exc)[:1].upper() + str(exc)[1:]
            return
        self._forget_hint()
        self.panel = None
        self.session.autosave()
        self._animate(events, before, logged)

    def on_mouse_press(self, x, y, button, modifiers) -> bool:
        self._quit_asked = False  # Esc must be pressed twice in a row
        slot = self.slot_at(x, y)
        if slot is not None and self.rules.owner(slot) is not None:
            self.sow(slot)
        return True

    def on_key_press(self, symbol, modifiers) -> bool:
        from pyglet.window import key

        if symbol == key.ESCAPE and self.panel is not None:  # Esc closes the panel first
            self.panel = None
            return True
        asked, self._quit_asked = self._quit_asked, False
        if symbol == key.ESCAPE and not asked and self._unsaved():  # one stray key must not lose a game
            self._quit_asked = True
            self.message = QUIT_ASKED
            return True
        command = key_command(symbol, modifiers, self.rules.holes_per_side)
        if command is not None:
            self.run_command(command)
        return True

    def _unsaved(self) -> bool:
        """Whether quitting now would lose moves: a game going on, moved in since it was
        last saved, without a --save file that keeps it."""
        game = self.game
        return not game.over and not self.session.save_path and len(game.moves) != self._saved_moves

    def undo(self) -> None:
        if self._computer_thinking():
            return
        self.playback = None
        self._forget_hint()
        self.message = "Undone." if self.session.undo() else "Nothing of yours to undo."
        if self.saver.error:
            self.message += f" ({self.saver.error})"

    def concede(self) -> None:
        if self._computer_thinking():
            return
        try:
            self.session.concede()
        except UserError as exc:
            self.message = str(exc)
            return
        self.message = self.game.log[-1]

    def hint(self) -> None:
        """Search a hint in the background; `_hinted` shows it."""
        if self._computer_thinking():  # a second search at once would halve the computer's time
            return
        if self.hinting is None:
            position = self.session.detached()  # a move made meanwhile must not change what it reads
            self.hinting = Thinking(lambda on_depth: position.hint())
            self.message = "Hint: searching ..."

    def _hinted(self) -> None:
        hinting, self.hinting = self.hinting, None
        if isinstance(hinting.error, UserError):
            self.message = str(hinting.error)
        elif hinting.error is not None:
            raise hinting.error
        else:
            hole, how = hinting.result
            self.message = f"Hint: hole {hole} ({how})"

    def save(self, path: str | None = None) -> None:
        try:
            self.message = f"Saved to {self.session.save(path)}"
            self._saved_moves = len(self.game.moves)
        except UserError as exc:
            self.message = str(exc)

    def close(self) -> None:
        for search in (self.hinting, self.thinking):  # nothing they find is wanted any more
            if search is not None:
                search.cancel()
        self.saver.flush()  # the last move is in the --save file before the window goes
        super().close()


def key_command(symbol, modifiers, holes: int) -> Command | None:
    """The command a key types (KEYS lists them for the legend and the help)."""
    from pyglet.window import key

    digit = digit_of(symbol)
    if digit is not None:
        return Command("hole", digit) if 1 <= digit <= holes else None
    if symbol in (key.QUESTION, key.F1) or (symbol == key.SLASH and modifiers & key.MOD_SHIFT):
        return Command("help")
    name = {key.U: "undo", key.BACKSPACE: "undo", key.H: "hint", key.S: "save", key.R: "rules",
            key.SPACE: "skip", key.ESCAPE: QUIT}.get(symbol)
    return Command(name) if name else None


def run_game(session: Session, size: tuple[int, int] = WINDOW_SIZE, commands: str | None = None) -> int:
    """`ktane-congkak game` with a display: the window (after the `commands` script, if
    any), or the terminal if no window opens (a script needs the window: a UserError)."""
    script = parse_script(commands) if commands else []  # checked before anything opens
    for command in script:
        if command.name == "hole":
            session.game.slot_of(SOUTH, command.arg)  # a hole the board has not: refused now, with the range
    try:
        view = GameWindow(session, size=size)
    except Exception as exc:  # pyglet's display and context errors share no base class
        if commands:
            raise UserError(f"cannot open a window for --commands: {window_failure(exc)}") from None
        print(f"ktane-congkak: cannot open a window ({window_failure(exc)}): playing in the terminal.", file=sys.stderr)
        from .terminal import play

        return play(session)
    try:
        if not view.run_script(script):
            return 0
    except UserError:
        view.close()
        raise
    if not view.closed:
        view.run()
    return 0


__all__ = ["Frame", "GameWindow", "KEYS", "frames_of", "key_command", "key_legend", "run_game"]
