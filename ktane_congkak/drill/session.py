"""The expert's drill: boards read out as a defuser reads them, answers graded and timed, a history per kind.

Pure logic, no input or output: the terminal (drill/terminal.py) and the window
(drill/window.py) drive a `Drill` and show what it says. Time comes from an
injectable clock, so tests can time the expert exactly.

Kinds of board (a board may be of several kinds, or of none): relays, captures and
disagree as the core tells them (core/kinds.py), and
    hard      the puzzles' "hard" difficulty: one right hole, a margin of at most 2, 3+ relays
"""

from __future__ import annotations

import datetime
import statistics
import time
from dataclasses import dataclass, field
from typing import NamedTuple
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from ..core.board import Slots, position_to_slot, reading
from ..core import kinds
from ..core.evaluate import Evaluation, evaluate
from ..core.explain import plural
from ..core.ids import descriptive_id, seed_board
from ..core.module import screen_digits
from ..core.rules import Ruleset, your_holes
from ..core.numbers import parse_whole_or_none
from ..errors import UserError, shown
from ..typed import QUIT_WORDS
from ..puzzles.difficulty import HARD
from ..puzzles.sets import TRIES_PER_PUZZLE, PuzzleSet, new_seed, properties
from ..practice import history
from ..practice.commands import MODULE_COMMANDS, TWITCH_PREFIX

KINDS = (kinds.RELAYS, kinds.CAPTURES, kinds.DISAGREE, "hard")
CHART_SESSIONS = 12  # sessions the progress chart shows, newest last


# --- boards -----------------------------------------------------------------------------

@dataclass(frozen=True)
class DrillBoard:
    """One board of the drill, measured once."""

    slots: tuple[int, ...]
    label: str  # the seed ID ('#drill-3') or the descriptive ID
    evaluation: Evaluation
    kinds: tuple[str, ...]

    @property
    def answer(self) -> list[int]:
        return self.evaluation.answer


def make_board(slots: Slots, rules: Ruleset, label: str | None = None) -> DrillBoard:
    slots = tuple(slots)
    ev = evaluate(slots, rules)
    return DrillBoard(slots, label or descriptive_id(slots, rules), ev, board_kinds(ev, rules))


def board_kinds(ev: Evaluation, rules: Ruleset) -> tuple[str, ...]:
    """The kinds (KINDS) a board is of, in KINDS order: the core's, and hard."""
    found = set(kinds.board_kinds(ev, rules)) | ({"hard"} if properties(ev).difficulty == HARD else set())
    return tuple(kind for kind in KINDS if kind in found)


def read_out(slots: Slots, rules: Ruleset) -> list[str]:
    """The 14 counts as the defuser reads them off the screen (two digits each): holes 1 to 7,
    then positions 8 to 14 (the manual's routine; the `highlight` numbering)."""
    n = rules.holes_per_side
    reads = [reading(p, screen_digits(slots[position_to_slot(p, rules)])) for p in range(1, 2 * n + 1)]
    return ["  ".join(reads[:n]), "  ".join(reads[n:])]


def kind_matches(board: DrillBoard, kind: str | None) -> bool:
    return kind is None or kind in board.kinds


class SeedBoards:
    """Generated boards: draw k is the seed ID '#<seed>-<k>' (as `generate` numbers them),
    so a drill can be replayed from its seed. `next(kind)` skips draws of other kinds."""

    def __init__(self, rules: Ruleset, seed: str | None = None):
        self.rules = rules
        self.seed = new_seed() if seed is None else seed
        self.draw = 0

    def next(self, kind: str | None) -> DrillBoard:
        for _ in range(TRIES_PER_PUZZLE):
            self.draw += 1
            text = f"{self.seed}-{self.draw}"
            board = make_board(seed_board(text, self.rules), self.rules, f"#{text}")
            if kind_matches(board, kind):
                return board
        raise UserError(f"no board of kind {kind!r} in {TRIES_PER_PUZZLE} draws")  # never seen: every kind is common


class SetBoards:
    """A puzzle set's boards in order; with a focus, only those of that kind."""

    def __init__(self, puzzle_set: PuzzleSet, focus: str | None = None):
        self.rules = puzzle_set.rules
        boards = [make_board(p.board, self.rules, p.id) for p in puzzle_set.puzzles]
        self.boards = [b for b in boards if kind_matches(b, focus)]
        if not self.boards:
            raise UserError(f"{puzzle_set.source or 'the puzzle set'}: no puzzle of kind {focus!r}")
        self.index = 0

    def next(self, kind: str | None) -> DrillBoard | None:
        if self.index >= len(self.boards):
            return None
        self.index += 1
        return self.boards[self.index - 1]


# --- answers ----------------------------------------------------------------------------

class Answer(NamedTuple):
    board: DrillBoard
    hole: int  # 1-based
    seconds: float

    @property
    def right(self) -> bool:
        return self.hole in self.board.answer

    @property
    def verdict(self) -> str:
        """The module's verdict for the press: solve, strike, empty or continue."""
        return self.board.evaluation.module[self.hole - 1]


def parse_hole(text: str, holes: int) -> int | None:
    """A typed answer ('3', or as practice presses: 'hole 3', 'press 3', '!1 hole 3') as one
    of the `holes` holes of a side; None for a quit word; else a UserError. The one reading
    of an answer: the terminal's lines, the window's keys and its scripts."""
    words = text.strip().lower().split()
    if len(words) == 1 and words[0] in QUIT_WORDS:
        return None
    if words[:1] == [TWITCH_PREFIX]:
        words = words[1:]
    press = MODULE_COMMANDS["hole"]
    if len(words) == 2 and words[0] in ("hole", *press.aliases):
        words = words[1:]
    number = parse_whole_or_none(words[0]) if len(words) == 1 else None
    if number is not None and 1 <= number <= holes:
        return number
    raise UserError(f"{shown(text.strip(), 20)} is not a hole: {your_holes(holes)} (or quit)")


# --- the drill --------------------------------------------------------------------------

@dataclass
class Drill:
    """A drill session: which board comes next, the answers so far, the clock.

    Boards from a seed return to the expert's weak kinds: after a miss the next board is of
    the kind missed (the weakest of its kinds), and every second board otherwise is of the
    weakest kind so far (the history and this session together), once there is a miss."""

    source: SeedBoards | SetBoards
    count: int | None = None
    focus: str | None = None
    past: list[dict] = field(default_factory=list)  # earlier sessions, as the history keeps them
    clock: Callable[[], float] = time.monotonic
    answers: list[Answer] = field(default_factory=list)
    board: DrillBoard | None = None
    started: str = field(default_factory=lambda: datetime.datetime.now().isoformat(timespec="seconds"))
    shown: int = 0  # boards shown so far, the current one included
    _shown_at: float = 0.0
    scripted: bool = False  # ended inside a --commands script: kept marked, not counted as the expert's

    def __post_init__(self) -> None:
        if isinstance(self.source, SetBoards):  # a set has its size: "Board 3 of 12", never "of 20"
            size = len(self.source.boards)
            self.count = size if self.count is None else min(self.count, size)

    @property
    def rules(self) -> Ruleset:
        return self.source.rules

    def next_board(self) -> DrillBoard | None:
        """The next board (its time starts now), or None when the drill is over."""
        if self.count is not None and len(self.answers) >= self.count:
            self.board = None
            return None
        self.board = self.source.next(self.next_kind())
        if self.board is not None:
            self.shown += 1
        self._shown_at = self.clock()
        return self.board

    def next_kind(self) -> str | None:
        if self.focus or not isinstance(self.source, SeedBoards):
            return self.focus
        tallies = kind_tallies(self.past, self.answers)
        last = self.answers[-1] if self.answers else None
        if last and not last.right and last.board.kinds:
            return weakest_kind(tallies, last.board.kinds) or last.board.kinds[0]
        if len(self.answers) % 2:
            return weakest_kind(tallies)
        return None

    def seconds_on_board(self) -> float:
        """Seconds since the board was shown (by the drill's clock)."""
        return max(0.0, self.clock() - self._shown_at)

    def answer(self, hole: int) -> Answer:
        """Grade `hole` for the board shown; the time is the clock's since it was shown."""
        if self.board is None:
            raise UserError("no board is shown")
        if self.answers and self.answers[-1].board is self.board:
            raise UserError("this board is answered already")
        answer = Answer(self.board, hole, self.seconds_on_board())
        self.answers.append(answer)
        return answer

    @property
    def score(self) -> int:
        return sum(a.right for a in self.answers)

    @property
    def median_seconds(self) -> float:
        return statistics.median(a.seconds for a in self.answers) if self.answers else 0.0

    def record(self) -> dict:
        """The session as the drill history keeps it."""
        record = {"started": self.started, "source": self.source_text(), "boards": len(self.answers),
                  "right": self.score, "seconds": round(sum(a.seconds for a in self.answers), 2),
                  "median": round(self.median_seconds, 2)}
        if self.focus:
            record["focus"] = self.focus
        if self.scripted:
            record["scripted"] = True
        record["kinds"] = {kind: tally._asdict() for kind, tally in kind_tallies([], self.answers).items()}
        return record

    def source_text(self) -> str:
        source = self.source
        return f"seed {source.seed}" if isinstance(source, SeedBoards) else f"{len(source.boards)} puzzles"


# --- the history ------------------------------------------------------------------------

class Tally(NamedTuple):
    boards: int
    right: int
    seconds: float

    @property
    def accuracy(self) -> float:
        return self.right / self.boards if self.boards else 0.0

    def add(self, other: Tally) -> Tally:
        return Tally(self.boards + other.boards, self.right + other.right, round(self.seconds + other.seconds, 2))


def kind_tallies(sessions: list[dict], answers: Sequence[Answer] = ()) -> dict[str, Tally]:
    """Boards, right answers and seconds per kind, over saved sessions and new answers."""
    tallies = {kind: Tally(0, 0, 0.0) for kind in KINDS}
    for session in sessions:
        for kind, tally in (session.get("kinds") or {}).items():
            if kind in tallies:
                tallies[kind] = tallies[kind].add(Tally(tally["boards"], tally["right"], tally["seconds"]))
    for a in answers:
        for kind in a.board.kinds:
            tallies[kind] = tallies[kind].add(Tally(1, int(a.right), a.seconds))
    return {kind: tally for kind, tally in tallies.items() if tally.boards}


def weakest_kind(tallies: dict[str, Tally], among: Iterable[str] = KINDS) -> str | None:
    """The kind with the lowest accuracy (smoothed: (right + 1) / (boards + 2), so one
    miss in one board counts for less than ten in twenty) among kinds with a miss."""
    missed = [k for k in among if k in tallies and tallies[k].right < tallies[k].boards]
    if not missed:
        return None
    return min(missed, key=lambda k: ((tallies[k].right + 1) / (tallies[k].boards + 2), KINDS.index(k)))


def _is_tallies(value) -> bool:
    """`kinds`: {kind: {boards, right, seconds}} with right at most boards."""
    if not isinstance(value, dict):
        return False
    for kind, tally in value.items():
        if kind not in KINDS or not isinstance(tally, dict) or set(tally) != set(Tally._fields):
            return False
        if not (history._is_count(tally["boards"]) and history._is_count(tally["right"])
                and history._is_seconds(tally["seconds"]) and tally["right"] <= tally["boards"]):
            return False
    return True


def _is_focus(value) -> bool:
    return value in KINDS


CHECKS = {"started": (history._is_time, "a date and time"), "source": (history._is_text, "text"),
          "focus": (_is_focus, f"one of {', '.join(KINDS)}"), "boards": (history._is_count, "a whole number"),
          "right": (history._is_count, "a whole number"), "seconds": (history._is_seconds, "a number of seconds"),
          "median": (history._is_seconds, "a number of seconds"),
          "kinds": (_is_tallies, "boards, right and seconds per kind"), "scripted": history.FIELD_CHECKS["scripted"]}
DRILL_HISTORY = history.Kind("drill.yaml", "drill history", tuple(CHECKS), CHECKS, at_most=(("right", "boards"),))


def load(path: Path | None = None) -> tuple[list[dict], str | None]:
    """The drill sessions the expert played so far (not --commands scripts) and a warning
    (a damaged file is set aside, as the practice history does)."""
    sessions, warning = history.load_history(path, DRILL_HISTORY)
    return history.played(sessions), warning


def save(drill: Drill, path: Path | None = None) -> tuple[list[dict], str | None]:
    """Add the session to the drill history: every session saved now (this one last) and a
    warning line, or None."""
    sessions, warning = history.append_session(drill.record(), path, DRILL_HISTORY)
    return history.played(sessions), warning


class Point(NamedTuple):
    """One session on the progress chart."""

    label: str  # its date
    boards: int
    accuracy: float  # 0..1
    median: float  # seconds per board


def progress(sessions: list[dict], last: int = CHART_SESSIONS) -> list[Point]:
    """The last sessions that had boards, oldest first: what the chart draws."""
    points = [Point(str(s.get("started", "?"))[:10], s.get("boards", 0), s.get("right", 0) / s["boards"],
                    float(s.get("median", 0))) for s in sessions if s.get("boards")]
    return points[-last:]


def summary_lines(sessions: list[dict]) -> list[str]:
    """Accuracy and time per kind over every session, weakest first, and the overall figures."""
    boards = sum(s.get("boards", 0) for s in sessions)
    if not boards:
        return ["No drill sessions yet."]
    right = sum(s.get("right", 0) for s in sessions)
    seconds = sum(s.get("seconds", 0) for s in sessions)
    lines = [f"{plural(len(sessions), 'session')}, {plural(boards, 'board')}: {right}/{boards} right ({100 * right / boards:.0f}%), "
             f"{seconds / boards:.1f} s a board on average"]
    return lines + [f"  {line}" for line in kind_lines(kind_tallies(sessions))]


def kind_lines(tallies: dict[str, Tally]) -> list[str]:
    """One line per kind of board, weakest first: 'relays: 7/10 right (70%), 13.3 s a board'."""
    order = sorted(tallies, key=lambda k: (tallies[k].accuracy, KINDS.index(k)))
    return [f"{k}: {tallies[k].right}/{tallies[k].boards} right ({100 * tallies[k].accuracy:.0f}%), "
            f"{tallies[k].seconds / tallies[k].boards:.1f} s a board" for k in order]


__all__ = ["KINDS", "Drill", "DrillBoard", "Answer", "SeedBoards", "SetBoards", "Tally", "board_kinds",
           "make_board", "read_out", "parse_hole", "kind_tallies", "weakest_kind",
           "load", "save", "progress", "summary_lines", "DRILL_HISTORY"]
