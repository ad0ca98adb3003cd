"""A practice session around one `CongkakModule`: what the window shows, without pyglet.

The window turns keys, mouse and `--commands` into calls here and draws what this says.
Every rule is the core's: presses go to `CongkakModule.press`, the screen text is
`CongkakModule.screen`, the animation replays the core's turns (`clock.Animation`).
This adds only practice things: modes and their clock, the strike flash, the keyboard
cursor, messages, panels and the end of a session.
"""

from __future__ import annotations

import datetime

from ..core.board import position_to_slot
from .animation import DEFAULT_SPEED, SPEEDS, Animation, Frame, SessionClock
from ..errors import UserError
from ..core.evaluate import SOLVE
from ..core.module import CongkakModule, Press
from .commands import help_lines

ZEN, TIMED = "zen", "timed"
DEFUSED, EXPLODED, STOPPED = "defused", "exploded", "stopped"
FLASH_SECONDS = 1.0  # the light stays red this long after a strike
MESSAGE_SECONDS = 2.5
KEY_HELP = [
    "1-7 press a hole   arrows/Tab move   Enter press",
    "Space skip   +/- speed   N new   R again",
    "H hint   L log   ? help   Esc end",
]
VERDICT_TEXT = {"solve": "Solved!", "strike": "Strike (the minimum rule)", "empty": "Strike: that hole is empty",
                "continue": "No strike: the game goes on"}


class PracticeSession:
    """The state of one practice session; `tick(seconds)` is its only source of time."""

    def __init__(self, module: CongkakModule, mode: str = ZEN, time_limit: float = 300.0,
                 strike_limit: int = 3, speed_index: int = DEFAULT_SPEED):
        self.module = module
        self.rules = module.rules
        self.mode = mode
        self.strike_limit = strike_limit
        self.clock = SessionClock(time_limit if mode == TIMED else None)
        self.speed_index = speed_index
        self.animation: Animation | None = None
        self.pointer: int | None = None  # the position the mouse or the keys point at
        self.flash = 0.0
        self.message = ""
        self.message_left = 0.0
        self.panel: str | None = None  # None, "hint", "log" or "help"
        self.ended: str | None = None
        self.solves = 0
        self.ignored = 0  # presses refused because seeds were moving
        self.last_press: Press | None = None
        self.retry_board = module.board
        self.on_screen: tuple[str, int] | None = None  # (puzzle ID, boards seen) of the board still being played out
        self.history_lines: list[str] = []  # recent sessions, for the end screen (set by the window)
        self.started = datetime.datetime.now().isoformat(timespec="seconds")

    # What is shown ---------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return self.animation is not None and not self.animation.done

    def frame(self) -> Frame:
        """The board to draw: the animation's while seeds move, else the core's."""
        if self.animating:
            return self.animation.frame()
        return Frame(tuple(self.module.board), None, 0, None)

    @property
    def screen(self) -> str:
        """The module's screen; blank while seeds move (the puzzle is not shown yet)."""
        if self.animating and not self.module.solved:
            return ""
        return self.module.screen

    @property
    def lit_slot(self) -> int | None:
        """The hole drawn lit: the highlighted one, never while moving or once solved."""
        if self.animating or self.module.solved or self.module.highlighted is None:
            return None
        return position_to_slot(self.module.highlighted, self.rules)

    @property
    def light(self) -> str:
        """The status light: "solve" (green for good), "strike" (red) or "off"."""
        if self.module.solved:
            return "solve"
        if self.flash > 0 or self.ended == EXPLODED:
            return "strike"
        return "off"

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def status_lines(self) -> list[str]:
        mode = "Timed" if self.mode == TIMED else "Zen"
        strikes = f"{self.module.strikes}/{self.strike_limit}" if self.mode == TIMED else str(self.module.strikes)
        # While the old board is played out, the panel still speaks of it (the next one is not on screen yet).
        puzzle, seen = self.on_screen if self.animating and self.on_screen else (self.module.puzzle_id, self.module.puzzles)
        return [f"{mode}  {self.clock.text()}", f"Strikes {strikes}   Solved {self.solves}",
                f"Boards seen {seen}", f"Speed x{self.speed:g}", f"Puzzle {puzzle}"]

    def panel_lines(self) -> list[str]:
        ev = self.module.evaluation
        if self.panel == "hint":
            return ["Hint (points of holes 1-7):", "  ".join(f"{h}:{p}" for h, p in enumerate(ev.points, 1)),
                    f"Solving holes: {', '.join(map(str, ev.answer))}"]
        if self.panel == "log":
            return ["Log:"] + self.module.log[-14:]
        if self.panel == "help":
            return ["Keys:"] + KEY_HELP + ["Commands (--commands):"] + help_lines(("wait", "screenshot"))
        return []

    # Inputs ----------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.message, self.message_left = text, MESSAGE_SECONDS

    def press(self, hole: int) -> Press | None:
        """Press your hole `hole`; refused (with a message) while seeds move or at the end."""
        if self.ended:
            return None
        if self.animating:
            self.ignored += 1
            self.say("Wait: seeds are still moving (Space skips)")
            return None
        if self.module.solved:
            self.say("Solved. N for a new board, R to try it again")
            return None
        board = self.module.board
        on_screen = (self.module.puzzle_id, self.module.puzzles)
        try:
            press = self.module.press(hole)
        except UserError as exc:
            self.say(str(exc))
            return None
        self.retry_board, self.last_press = board, press
        self.say(f"Hole {hole}: {VERDICT_TEXT[press.verdict]}")
        if press.strike:
            self.flash = FLASH_SECONDS
        if press.verdict == SOLVE:
            self.solves += 1
            self.module.clear_highlight()
        if press.your_turn is not None:
            self.animation = Animation([press.your_turn, press.reply], self.rules, self.speed)
            self.on_screen = on_screen
        if self.mode == TIMED and self.module.strikes >= self.strike_limit:
            self.end(EXPLODED)
        elif self.mode == TIMED and self.module.solved:
            self.end(DEFUSED)  # at the solve, as on the bomb: the moves after it need not be watched
        return press

    def point(self, position: int | None) -> None:
        """The mouse or the keys point at `position` (1-14) or at nothing."""
        self.pointer = position
        self._show_pointer()

    def _show_pointer(self) -> None:
        if self.animating or self.module.solved:
            return  # hovering changes nothing once solved; while moving, wait
        if self.pointer is None:
            self.module.clear_highlight()
        else:
            self.module.highlight(self.pointer)

    def move_pointer(self, key: str) -> None:
        """Arrow keys and Tab: left/right along a row, up/down to the facing hole."""
        n = self.rules.holes_per_side
        p = self.pointer
        if p is None:
            self.point(1)
            return
        yours = p <= n
        moves = {
            "tab": p % (2 * n) + 1,
            "shift_tab": (p - 2) % (2 * n) + 1,
            "left": min(p + 1, n) if yours else max(p - 1, n + 1),  # toward the top-left end
            "right": max(p - 1, 1) if yours else min(p + 1, 2 * n),
            "up": 2 * n + 1 - p if yours else p,
            "down": p if yours else 2 * n + 1 - p,
        }
        self.point(moves[key])

    def press_pointer(self) -> None:
        if self.pointer is not None and self.pointer <= self.rules.holes_per_side:
            self.press(self.pointer)
        else:
            self.say("Point at one of your holes 1-7 first")

    def skip(self) -> None:
        if self.animating:
            self.animation.skip()
            self._after_animation()

    def faster(self, step: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))
        if self.animation:
            self.animation.speed = self.speed
        self.say(f"Animation speed x{self.speed:g}")

    def new_board(self) -> None:
        if self.ended:
            return
        self.animation = None
        self.flash = 0.0
        self.module.new_puzzle()
        self.retry_board = self.module.board
        self._show_pointer()
        self.say("A new board")

    def same_board(self) -> None:
        """The board your last press was judged on, again (or the current one)."""
        if self.ended:
            return
        self.animation = None
        self.flash = 0.0
        self.module.new_puzzle(self.retry_board)
        self._show_pointer()
        self.say("The same board again")

    def toggle(self, panel: str) -> None:
        self.panel = None if self.panel == panel else panel

    # Time ------------------------------------------------------------------------------
    def tick(self, seconds: float) -> None:
        if not self.ended:
            self.clock.advance(seconds)
        self.flash = max(0.0, self.flash - seconds)
        self.message_left = max(0.0, self.message_left - seconds)
        if self.message_left == 0.0:
            self.message = ""
        if self.animating:
            self.animation.advance(seconds)
            if self.animation.done:
                self._after_animation()
        if not self.ended and self.clock.expired:
            self.end(EXPLODED)

    def _after_animation(self) -> None:
        self._show_pointer()
        if self.mode == TIMED and self.module.solved and not self.ended:
            self.end(DEFUSED)

    def end(self, result: str) -> None:
        if not self.ended:
            self.ended = result
            self.clock.running = False

    def record(self) -> dict:
        """The session as the history keeps it."""
        return {"started": self.started, "mode": self.mode, "result": self.ended or STOPPED,
                "seconds": round(self.clock.elapsed, 1), "strikes": self.module.strikes,
                "boards": self.module.puzzles, "solves": self.solves}

    def end_lines(self) -> list[str]:
        title = {DEFUSED: "Defused!", EXPLODED: "The bomb exploded", STOPPED: "Session over"}[self.ended or STOPPED]
        minutes, seconds = divmod(int(self.clock.elapsed), 60)
        return [title, f"Time {minutes}:{seconds:02d}", f"Strikes {self.module.strikes}",
                f"Boards seen {self.module.puzzles}", f"Solved {self.solves}", "", "N: practise again   Esc: quit"]
