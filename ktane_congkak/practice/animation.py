"""Time for the practice window, advanced only by `advance(seconds)`.

The window feeds real frame times in; tests and `--commands` scripts feed exact steps, so
an animation or a countdown is at the same place every run. Nothing here decides a rule:
`Animation` shows the boards of the core's `sowing.replay`.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from ..core.numbers import to_next_second, whole_seconds
from ..core.rules import Ruleset
from ..core.sowing import Turn, replay

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
DEFAULT_SPEED = 2  # index into SPEEDS
STEP_SECONDS = 0.16  # one seed dropped at speed 1
PAUSE_SECONDS = 0.5  # between your turn and the opponent's reply


class Frame(NamedTuple):
    """What the animation shows: the board, the slot just touched, seeds in hand, who moves."""

    board: tuple[int, ...]
    slot: int | None
    in_hand: int
    player: int | None


class Animation:
    """Seed-by-seed playback of one or more turns (yours, then the reply)."""

    def __init__(self, turns: list[Turn | None], rules: Ruleset, speed: float = 1.0):
        self.rules = rules
        self.speed = speed
        self.turns = [t for t in turns if t is not None]
        self.board = list(self.turns[0].before) if self.turns else []
        self.slot: int | None = None
        self.in_hand = 0
        self.player: int | None = self.turns[0].player if self.turns else None
        self._events = self._schedule()
        self._next: list | None = None  # [seconds at speed 1 still to wait, action]
        self.done = not self.turns
        # Every frame shown so far, in order, however many a window's frame let pass: the
        # seeds are followed through each (a jump over several drops cannot say which seed went where).
        self.shown: list[Frame] = [self.frame()]

    def _schedule(self):
        """Yield (delay before it, action) pairs; actions change the shown board."""
        for index, turn in enumerate(self.turns):
            if index:
                yield PAUSE_SECONDS, ("start", turn)
            else:
                yield 0.0, ("start", turn)
            for number, shown in enumerate(replay(turn, self.rules)):
                # The first pick-up is at once (the press took the seeds); relays pause a little.
                delay = 0.0 if number == 0 else STEP_SECONDS if shown.step[0] == "drop" else STEP_SECONDS * 1.5
                yield delay, ("step", turn, shown)

    def _apply(self, action) -> None:
        if action[0] == "start":
            turn = action[1]
            self.board = list(turn.before)
            self.player = turn.player
            self.shown.append(self.frame())
            return
        _, turn, shown = action
        self.board, self.in_hand = list(shown.board), shown.in_hand
        kind = shown.step[0]
        if kind == "capture":  # the seeds go to the mover's store: light that
            self.slot = self.rules.store(turn.player)
        elif kind != "end":  # the end keeps the last hole lit
            self.slot = shown.slot
        self.shown.append(self.frame())

    def advance(self, seconds: float) -> None:
        """Let `seconds` of real time pass at the current speed."""
        budget = seconds * self.speed
        while not self.done:
            if self._next is None:
                try:
                    delay, action = next(self._events)
                except StopIteration:
                    self._finish()
                    return
                self._next = [delay, action]
            if self._next[0] > budget:
                self._next[0] -= budget
                return
            budget -= self._next[0]
            self._apply(self._next[1])
            self._next = None

    def skip(self) -> None:
        """Jump to the end: the last turn's position, through every step left (no time)."""
        if self._next is not None:
            self._apply(self._next[1])
            self._next = None
        for _, action in self._events:
            self._apply(action)
        self._finish()

    def _finish(self) -> None:
        if self.turns:
            self.board = list(self.turns[-1].after)
        self.slot, self.in_hand, self.done = None, 0, True
        self.shown.append(self.frame())

    def frame(self) -> Frame:
        return Frame(tuple(self.board), self.slot, self.in_hand, self.player)


class SessionClock:
    """Counts up (zen) or down from `limit` seconds (timed), driven by `advance`."""

    def __init__(self, limit: float | None = None):
        self.limit = limit
        self.elapsed = 0.0
        self.running = True

    def advance(self, seconds: float) -> None:
        if self.running:
            self.elapsed += seconds
            if self.limit is not None and self.elapsed > self.limit:
                self.elapsed = self.limit

    @property
    def remaining(self) -> float | None:
        return None if self.limit is None else max(0.0, self.limit - self.elapsed)

    @property
    def expired(self) -> bool:
        return self.limit is not None and self.elapsed >= self.limit

    def seconds_to_change(self) -> float:
        """Seconds until `text()` shows another second (or the time runs out); inf when stopped."""
        if not self.running:
            return math.inf
        if self.limit is None:
            return to_next_second(self.elapsed)
        left = self.remaining or 0.0  # (a number: there is a limit)
        return min(left, (left - 0.001) % 1.0)  # text() rounds up from .001 past a second

    def text(self) -> str:
        """m:ss, counting down in timed mode and up in zen mode."""
        if self.limit is None:
            return minutes_text(whole_seconds(self.elapsed))
        return minutes_text(int((self.remaining or 0.0) + 0.999))


def minutes_text(seconds: int) -> str:
    """Whole seconds as the clock and the options write them: m:ss."""
    return f"{seconds // 60}:{seconds % 60:02d}"
