"""The practice session's pointer and cycle: what the keys point at, and Twitch Plays' "cycle".

`PointerAndCycle` is mixed into `PracticeSession` (session.py): the arrow keys and Tab move
a pointer over the 14 positions, the hover points at one, `select` presses the hole under
it; "cycle" highlights every position in turn, a second each. Every highlight is the
module's own (`CongkakModule.highlight`).
"""

from __future__ import annotations

from ..core.module import CongkakModule, Press
from ..core.rules import Ruleset
from ..core.shortcuts import facing_place
from .commands import hole_range

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
CYCLE_SECONDS = 1.0  # Twitch Plays' cycle shows each hole about a second


class PointerAndCycle:
    """The pointer (`pointer`: a position or None) and the cycle (`cycling`: positions to come)."""

    pointer: int | None
    cycling: list[int]
    cycle_left: float  # seconds until the cycle's next position
    # PracticeSession's, which this is mixed into
    rules: Ruleset
    module: CongkakModule
    live: bool

    if TYPE_CHECKING:
        @property
        def animating(self) -> bool: ...
        def press(self, hole: int) -> Press | None: ...
        def say(self, text: str) -> None: ...
        def note(self, text: str) -> None: ...
        def how(self, command: str) -> str: ...

    def point(self, position: int | None) -> None:
        """The mouse or the keys point at `position` (1-14) or at nothing."""
        self.pointer = position
        self.cycling = []
        self._show_pointer()

    def _show_pointer(self) -> None:
        if self.animating or self.module.solved:
            return  # hovering changes nothing once solved; while moving, wait
        if self.pointer is None:
            self.module.clear_highlight()
        else:
            self.module.highlight(self.pointer)

    def move_pointer(self, direction: str) -> None:
        """Arrow keys and Tab: left/right along a row, up/down to the facing hole, next/back around."""
        n = self.rules.holes_per_side
        p = self.pointer
        if p is None:
            self.point(1)
            return
        yours = p <= n
        moves = {
            "next": p % (2 * n) + 1,
            "back": (p - 2) % (2 * n) + 1,
            "left": min(p + 1, n) if yours else max(p - 1, n + 1),  # toward the top-left end
            "right": max(p - 1, 1) if yours else min(p + 1, 2 * n),
            "up": facing_place(self.rules, p) if yours else p,
            "down": p if yours else facing_place(self.rules, p),
        }
        self.point(moves[{"tab": "next", "shift_tab": "back"}.get(direction, direction)])

    def pointer_words(self) -> str:
        """Where the pointer is, what the screen shows, what `select` would do there."""
        n = self.rules.holes_per_side
        assert self.pointer is not None, "said while the pointer is on a position"
        does = (f"select presses hole {self.pointer}" if self.pointer <= n
                else f"select presses only your holes {hole_range(n)}")
        return f"Pointer on position {self.pointer}: the screen shows {self.module.screen or 'nothing'}; {does}"

    def press_pointer(self) -> Press | None:
        if self.pointer is not None and self.pointer <= self.rules.holes_per_side:
            return self.press(self.pointer)
        self.say(f"Point at one of your holes {hole_range(self.rules.holes_per_side)} first")
        return None

    def cycle(self) -> None:
        """Twitch Plays' "cycle": every position in turn, a second each (at once when not live)."""
        positions = list(range(1, 2 * self.rules.holes_per_side + 1))
        self.pointer = None
        if not self.live:
            for position in positions:
                self.note(f"Position {position}: the screen shows {self.module.highlight(position)}")
            self._show_pointer()
            return
        if self.animating:
            self.say(f"Wait: seeds are still moving ({self.how('skip')} skips)")
            return
        self.module.highlight(positions[0])
        self.cycling, self.cycle_left = positions[1:] + [0], CYCLE_SECONDS  # 0: the highlight goes out

    def _advance_cycle(self, seconds: float) -> None:
        self.cycle_left -= seconds
        while self.cycling and self.cycle_left <= 1e-9:
            position = self.cycling.pop(0)
            if position:
                self.module.highlight(position)
            else:
                self._show_pointer()
            self.cycle_left += CYCLE_SECONDS
