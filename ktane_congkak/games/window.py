"""The traditional games in a pyglet window, against the computer.

A horizontal board seen from your seat, your store where the ruleset puts it, seeds
animated drop by drop, the score, whose turn, undo, hint and saving always at hand.

It draws a `session.Session` and decides no rule. pyglet is imported inside functions
only (this is the one game module that uses it). Time comes from `tick(seconds)`, so
tests step animations exactly. The computer's move and your hint are searched in the
background (`thinking.Thinking`: a child process), so the window keeps drawing, with a
thinking sign and the depth reached, while they are; `wait` (scripts and tests) lets a
search finish first, so scripted runs are exact. Opening the window, drawing, pixels and stepping time are
shared with the practice window (pyglet_view.py); a turn's seed-by-seed boards come from
`core.sowing.replay`, as the practice window's do.
"""

from __future__ import annotations

import sys
from typing import NamedTuple

from ..paper import layout
from ..core.sowing import replay
from ..errors import UserError
from .game import NORTH, SIDE_NAMES, SOUTH, board_rows
from .session import Session
from .thinking import Thinking
from ..pyglet_view import FRAME_SECONDS, PygletView, digit_of, open_window, window_failure

WIDTH, HEIGHT = 1000, 540
BOARD_BOTTOM, BOARD_TOP = 170, 470
PANEL_TEXT = (230, 230, 230)
LABEL_TEXT = (190, 170, 140)
ACTIVE = (128, 82, 42)  # the hole a seed has just dropped into
BURNT = (40, 32, 28)
FONT = ("DejaVu Sans", "Arial", "sans-serif")
STEP_SECONDS = 0.12  # one dropped seed
MOVE_SECONDS = 5.0  # the longest a single move's animation may take


class Place(NamedTuple):
    """Where a slot is drawn, in pixels (y up)."""

    slot: int
    x: float
    y: float
    rx: float
    ry: float


def places(rules, seat: int) -> list[Place]:
    """Every slot's centre and radii, seen from `seat` (that player's row at the bottom)."""
    rows = board_rows(rules)
    top, bottom, left, right = rows.top, rows.bottom, rows.left, rows.right
    if seat == NORTH:  # the board turned round: North's row at the bottom
        top, bottom, left, right = tuple(reversed(rows.bottom)), tuple(reversed(rows.top)), rows.right, rows.left
    n = rules.holes_per_side
    x0, x1 = 170, WIDTH - 170
    spacing = (x1 - x0) / max(1, n - 1) if n > 1 else 0
    radius = min(42.0, spacing * 0.44 if n > 1 else 42.0)
    middle = (BOARD_BOTTOM + BOARD_TOP) / 2
    result = {}
    for i, slot in enumerate(top):
        result[slot] = Place(slot, x0 + i * spacing, middle + 70, radius, radius)
    for i, slot in enumerate(bottom):
        result[slot] = Place(slot, x0 + i * spacing, middle - 70, radius, radius)
    result[left] = Place(left, 80, middle, 50, 120)
    result[right] = Place(right, WIDTH - 80, middle, 50, 120)
    return [result[s] for s in range(rules.size)]


class Playback:
    """The latest moves replayed seed by seed: a list of (board, active slot, caption)."""

    def __init__(self, frames: list, step: float):
        self.frames, self.step, self.index, self.wait = frames, step, 0, step

    @property
    def done(self) -> bool:
        return self.index >= len(self.frames) - 1

    def current(self):
        return self.frames[min(self.index, len(self.frames) - 1)]

    def advance(self, seconds: float) -> None:
        self.wait -= seconds
        while self.wait <= 0 and not self.done:
            self.index += 1
            self.wait += self.step

    def skip(self) -> None:
        self.index = len(self.frames) - 1


def frames_of(events: list, game, before) -> list:
    """Frames for what a move did: every drop of every turn, every tick of both hands at
    a simultaneous start (the boards the game recorded), then the position the game is in
    now (after any counting or refill)."""
    frames = [(tuple(before), None, "")]
    for event in events:
        if event[0] == "turn":
            turn = event[1]
            caption = f"{SIDE_NAMES[turn.player]} sows"
            frames.extend((shown.board, shown.slot, caption) for shown in replay(turn, game.rules))
        elif event[0] == "lockstep":
            for board, happened in event[1]:
                touched = [e[2] for e in happened if e[0] in ("pickup", "drop", "capture")]
                frames.append((board, touched[-1] if touched else None, "Both hands sow at once"))
    frames.append((tuple(game.board), None, ""))
    return frames


class GameWindow(PygletView):
    """The board, the seeds and a status panel in one pyglet window."""

    def __init__(self, session: Session, window=None, visible: bool = True):
        self.session = session
        self.game = session.game
        self.rules = self.game.rules
        self.seat = NORTH if session.humans == (NORTH,) else SOUTH
        self.places = places(self.rules, self.seat)
        self.window = window or open_window(WIDTH, HEIGHT, "Congkak", visible)
        self.playback: Playback | None = None
        self.message = 'Click one of your holes (or type its number). U undo, H hint, S save, Esc quit.'
        self.thinking: Thinking | None = None  # the computer's move being searched
        self.hinting: Thinking | None = None  # a hint being searched
        self._build()
        self.window.push_handlers(self)

    # --- the picture --------------------------------------------------------------------
    def _build(self) -> None:
        import pyglet
        from pyglet import shapes

        self.batch = b = pyglet.graphics.Batch()
        self.groups = g = [pyglet.graphics.Group(order=i) for i in range(5)]
        pyglet.gl.glClearColor(*(c / 255 for c in layout.FACE), 1.0)
        self.static = [
            shapes.RoundedRectangle(20, BOARD_BOTTOM - 6, WIDTH - 40, BOARD_TOP - BOARD_BOTTOM + 12, 70,
                                    color=layout.BOAT_EDGE, batch=b, group=g[0]),
            shapes.RoundedRectangle(26, BOARD_BOTTOM, WIDTH - 52, BOARD_TOP - BOARD_BOTTOM, 64,
                                    color=layout.BOAT, batch=b, group=g[0]),
        ]
        self.holes = [shapes.Ellipse(p.x, p.y, p.rx, p.ry, segments=48, color=layout.HOLE, batch=b, group=g[1])
                      for p in self.places]
        self.counts = []
        for p in self.places:
            below = p.y < (BOARD_BOTTOM + BOARD_TOP) / 2
            if self.rules.owner(p.slot) is None:
                y = p.y + p.ry - 14  # inside the store, at its top
            else:
                y = p.y - p.ry - 12 if below else p.y + p.ry + 12  # on the hole's outer side, away from the other row
            self.counts.append(pyglet.text.Label("", x=p.x, y=y, anchor_x="center", anchor_y="center",
                                                 font_name=FONT, font_size=13, weight="bold",
                                                 color=(*PANEL_TEXT, 255), batch=b, group=g[3]))
        self.numbers = []
        for p in self.places:
            if self.rules.owner(p.slot) is None:
                text = "your store" if p.slot == self.rules.store(self.seat) else f"{SIDE_NAMES[1 - self.seat]}'s store"
                y = BOARD_BOTTOM - 22
            else:
                text = str(self.game.hole_number(p.slot))
                y = BOARD_BOTTOM - 22 if p.y < (BOARD_BOTTOM + BOARD_TOP) / 2 else BOARD_TOP + 22
            self.numbers.append(pyglet.text.Label(text, x=p.x, y=y, anchor_x="center", anchor_y="center",
                                                  font_name=FONT, font_size=12, color=(*LABEL_TEXT, 255),
                                                  batch=b, group=g[3]))
        self.status = pyglet.text.Label("", x=24, y=112, width=WIDTH - 48, multiline=True, anchor_y="top",
                                        font_name=FONT, font_size=14, color=(*PANEL_TEXT, 255), batch=b, group=g[3])
        self.note = pyglet.text.Label("", x=24, y=52, width=WIDTH - 48, multiline=True, anchor_y="top",
                                      font_name=FONT, font_size=11, color=(255, 210, 120, 255), batch=b, group=g[3])
        self.title = pyglet.text.Label(self._title(), x=WIDTH / 2, y=HEIGHT - 22, anchor_x="center", anchor_y="center",
                                       font_name=FONT, font_size=13, color=(*LABEL_TEXT, 255), batch=b, group=g[3])
        self.balls: list[list] = [[] for _ in self.places]
        self._shown: tuple | None = None
        self.refresh()

    def _title(self) -> str:
        you = " and ".join(SIDE_NAMES[p] for p in self.session.humans)
        return f"{self.rules.title}: you play {you} (bottom row)" if len(self.session.humans) == 1 else \
            f"{self.rules.title}: {you}"

    def shown(self):
        """(board, active slot, caption) on screen now."""
        if self.playback is not None:
            return self.playback.current()
        return tuple(self.game.board), None, ""

    def refresh(self) -> None:
        board, active, caption = self.shown()
        if board != self._shown:
            for slot, count in enumerate(board):
                if self._shown is None or self._shown[slot] != count:
                    self._fill(slot, count)
                    self.counts[slot].text = "" if slot in self.game.burnt else str(count)
            self._shown = board
        for slot, hole in enumerate(self.holes):
            colour = BURNT if slot in self.game.burnt else ACTIVE if slot == active else layout.HOLE
            if hole.color[:3] != colour:
                hole.color = colour
        if self.playback is not None:  # the scores of the board on screen, as the seeds land
            status = self.session.status(board) + (f" {caption}." if caption else "")
        else:
            status = self.session.status()
        if self.thinking:
            status += f"\n{self._thinking_sign()}"
        if self.status.text != status:
            self.status.text = status
        if self.note.text != self.message:
            self.note.text = self.message

    def _fill(self, slot: int, count: int) -> None:
        from pyglet import shapes

        for circle in self.balls[slot]:
            circle.delete()
        p = self.places[slot]
        radius = min(p.rx, p.ry) * 0.92
        spot = layout.Spot(slot, p.x / WIDTH, p.y / WIDTH, radius / WIDTH, radius / WIDTH)
        self.balls[slot] = [
            shapes.Circle(ball.x * WIDTH, ball.y * WIDTH, ball.r * WIDTH, segments=12,
                          color=layout.SEED_COLOURS[(i * 3 + slot) % len(layout.SEED_COLOURS)],
                          batch=self.batch, group=self.groups[2])
            for i, ball in enumerate(layout.seed_positions(count, spot))]

    # --- time ---------------------------------------------------------------------------
    def tick(self, seconds: float) -> None:
        """Animations advance; when they are done a computer player due to move starts
        thinking in the background, and its move is played once that is done; a hint found
        meanwhile is shown."""
        if self.hinting is not None and self.hinting.poll():
            self._hinted()
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
        before = tuple(self.game.board)
        events = self.session.apply(thinking.result)
        self.session.autosave()
        self._animate(events, before)
        unseen = self.session.unseen(thinking.result)
        if unseen:
            self.message = unseen[0]

    def _thinking_sign(self) -> str:
        """ "North (search) is thinking (depth 5 reached) ..", the dots turning while it thinks."""
        dots = "." * (1 + int(self.thinking.seconds * 3) % 3)  # at the end, so nothing else moves
        depth = f" (depth {self.thinking.depth} reached)" if self.thinking.depth else ""
        return f"{self.session.thinking()}{depth} {dots}"

    def wait(self, seconds: float) -> None:
        """Scripted time: the computer's thinking takes none of it (the thread is waited
        for), so scripts and tests see the same frames on every machine."""
        left = seconds
        while left > 1e-9:
            for search in (self.hinting, self.thinking):
                if search is not None:
                    search.join()
            step = min(FRAME_SECONDS, left)
            self.tick(step)
            left -= step

    def _animate(self, events, before) -> None:
        frames = frames_of(events, self.game, before)
        drops = max(1, len(frames) - 1)
        self.playback = Playback(frames, min(STEP_SECONDS, MOVE_SECONDS / drops))
        self.message = self.session.save_error or " | ".join(self.game.log[-3:])

    # --- input --------------------------------------------------------------------------
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
        for p in self.places:
            if ((x - p.x) / p.rx) ** 2 + ((y - p.y) / p.ry) ** 2 <= 1:
                return p.slot
        return None

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
        before = tuple(self.game.board)
        try:
            events = self.session.move(self.game.hole_number(slot))  # a refusal is said to the player
        except UserError as exc:
            self.message = str(exc)[:1].upper() + str(exc)[1:]
            return
        self._forget_hint()
        self.session.autosave()
        self._animate(events, before)

    def on_mouse_press(self, x, y, button, modifiers) -> bool:
        slot = self.slot_at(x, y)
        if slot is not None and self.rules.owner(slot) is not None:
            self.sow(slot)
        return True

    def on_key_press(self, symbol, modifiers) -> bool:
        from pyglet.window import key

        digit = digit_of(symbol)
        human = self.session.human_to_move()
        if digit and human is not None and digit <= self.rules.holes_per_side:
            self.sow(self.game.slot_of(human, digit))
        elif symbol in (key.U, key.BACKSPACE):
            self.undo()
        elif symbol == key.H:
            self.hint()
        elif symbol == key.S:
            self.save()
        elif symbol == key.SPACE and self.playback is not None:
            self.playback.skip()
        elif symbol == key.ESCAPE:
            self.close()
        return True

    def undo(self) -> None:
        if self._computer_thinking():
            return
        self.playback = None
        self._forget_hint()
        self.message = "Undone." if self.session.undo() else "Nothing of yours to undo."
        if self.session.save_error:
            self.message += f" ({self.session.save_error})"

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

    def save(self) -> None:
        try:
            self.message = f"Saved to {self.session.save()}"
        except UserError as exc:
            self.message = str(exc)

    def close(self) -> None:
        for search in (self.hinting, self.thinking):  # nothing they find is wanted any more
            if search is not None:
                search.cancel()
        super().close()


def run_game(session: Session) -> int:
    """`ktane-congkak game` with a display: the window, or the terminal if none opens."""
    try:
        view = GameWindow(session)
    except Exception as exc:  # pyglet's display and context errors share no base class
        print(f"ktane-congkak: cannot open a window ({window_failure(exc)}): playing in the terminal.", file=sys.stderr)
        from .terminal import play

        return play(session)
    view.run()
    return 0


__all__ = ["GameWindow", "run_game", "places", "frames_of"]
