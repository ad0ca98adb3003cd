"""The module's state machine: the current puzzle, presses, highlights, strikes, the log.

Front ends (terminal, window) call `press`, `highlight` and `clear_highlight` and draw
`screen`, `board`, `strikes` and `solved`; they decide nothing themselves.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import NamedTuple

from .board import Slots, position_to_slot, with_stores_filled
from ..errors import UserError
from .explain import END_WORDS
from .evaluate import EMPTY, SOLVE, STRIKE, STRIKES, Evaluation, evaluate
from .generator import module_board, random_reply
from .ids import descriptive_id
from .logwords import board_lines, press_line, prefix
from .rules import OPPONENT, YOU, Ruleset, load_ruleset, your_holes
from .sowing import Turn, play_turn

GG = "GG"
# The status light's states, the one home front ends map to colours or words.
LIGHT_OFF, LIGHT_STRIKE, LIGHT_SOLVE = "off", STRIKE, SOLVE
LIGHT_STATES = (LIGHT_OFF, LIGHT_STRIKE, LIGHT_SOLVE)


class Press(NamedTuple):
    hole: int
    verdict: str  # solve, strike, empty or continue (the module's)
    points: int
    why: str
    your_turn: Turn | None  # None for an empty hole (nothing moves)
    reply: Turn | None  # the opponent's reply; None when it passed or nothing moved
    evaluation: Evaluation  # of the puzzle the press was judged on

    @property
    def strike(self) -> bool:
        return self.verdict in STRIKES


def screen_digits(count: int) -> str:
    """A hole's count as the module's screen shows it: two digits ("07")."""
    return f"{count:02d}"


class CongkakModule:
    """One Congkak module on a bomb. `seed` makes boards and replies reproducible."""

    def __init__(self, seed: int | float | str | None = None, rules: Ruleset | None = None, module_id: int = 1,
                 board: Slots | None = None, stores_known: bool = True, boards: Iterable[Slots] = ()):
        self.rules = rules or load_ruleset()
        self.stores_known = stores_known  # False for a board given as 14 numbers (its IDs leave the stores out)
        self.rng = random.Random(seed)
        self.id = module_id
        self.strikes = 0
        self.solved = False
        self.puzzles = 0  # how many puzzles this module has shown
        self.log: list[str] = []
        self.highlighted: int | None = None  # the position under the cursor, if any
        self.reply_log_start = 0  # where the last reply's line is (practice holds it back too)
        self.boards = tuple(tuple(b) for b in boards)  # practice: a set's boards, shown in order
        self.boards_dealt = 0  # how many of them have been shown
        self.start_puzzle(board if board is not None else self._next_board())

    # The puzzle -----------------------------------------------------------------------
    def start_puzzle(self, board: Slots) -> None:
        self.board_log_start = len(self.log)  # where this board's lines begin (practice holds them back)
        self.board = with_stores_filled(board, self.rules)  # a board of holes alone gets stores too
        self.evaluation = evaluate(self.board, self.rules, YOU)
        self.puzzles += 1
        ev = self.evaluation
        # The real module's three lines (so `verify --log` and the community's tools read
        # this log as a bomb's), then the project's own explanation on a line of its own.
        for line in board_lines(self.board, ev.points, first=self.puzzles == 1):
            self._log(line)
        self._log(f"Puzzle {self.puzzles} ({self.puzzle_id}); solving holes: {', '.join(map(str, ev.answer))}")

    @property
    def puzzle_id(self) -> str:
        """The current board's descriptive ID (it spells the board; see `ids`)."""
        return descriptive_id(self.board, self.rules, self.stores_known)

    def new_puzzle(self, board: Slots | None = None) -> None:
        """Practice only (the real module stays solved): the set's next board or a fresh
        generated one, or `board` again, with the module unsolved."""
        self.solved = False
        self.start_puzzle(board if board is not None else self._next_board())

    def _next_board(self) -> Slots:
        """The set's boards in order (from its first again after its last), else a generated one."""
        if self.boards:
            self.boards_dealt += 1
            return self.boards[(self.boards_dealt - 1) % len(self.boards)]
        return module_board(self.rules, self.rng)

    # Inputs ---------------------------------------------------------------------------
    def press(self, hole: int) -> Press:
        """Press your hole `hole` (1..n): judge it on the current puzzle, count a strike,
        and unless it solved, play your turn and the opponent's reply, whose position is
        the next puzzle. A hole out of range, or a press once solved, is a UserError."""
        if self.solved:
            raise UserError("the module is already solved")
        n = self.rules.holes_per_side
        if not 1 <= hole <= n:
            raise UserError(f"hole {hole} is not one of yours: {your_holes(n)}")
        ev = self.evaluation
        i = hole - 1
        verdict = ev.module[i]
        press = Press(hole, verdict, ev.points[i], ev.why(hole), None, None, ev)
        self._log(press_line(hole, verdict, ev.points[i]))
        self._log(f"Why: {press.why}.")
        if verdict in STRIKES:
            self.strikes += 1
        if verdict == EMPTY:
            return press
        if not ev.seeds[i]:  # every hole scores 0, so even an empty hole solves; nothing moves
            self.solved = True
            return press
        yours = ev.turn(i + 1, self.rules)
        reply = self._reply(yours.after)
        press = press._replace(your_turn=yours, reply=reply)
        final = reply.after if reply else yours.after
        if verdict == SOLVE:
            self.solved = True
            self.board = final
        else:
            self.start_puzzle(final)
        return press

    def _reply(self, board) -> Turn | None:
        self.reply_log_start = len(self.log)
        start = random_reply(board, self.rules, OPPONENT, self.rng)
        if start is None:
            self._log("The opponent has no seeds and passes.")
            return None
        turn = play_turn(board, self.rules, OPPONENT, start)
        self._log(f"The opponent replied from position {start} ({END_WORDS[turn.end]}).")
        return turn

    @property
    def screen(self) -> str:
        """What the bottom-left screen shows: "GG" once solved, else the highlighted
        hole's count in the current position as two digits ("07"), else nothing."""
        if self.solved:
            return GG
        if self.highlighted is None:
            return ""
        return screen_digits(self.board[position_to_slot(self.highlighted, self.rules)])

    def highlight(self, position: int) -> str:
        position_to_slot(position, self.rules)  # validates the position
        self.highlighted = position
        return self.screen

    def clear_highlight(self) -> None:
        self.highlighted = None

    def _log(self, text: str) -> None:
        self.log.append(prefix(self.id) + text)
