"""The real module's log lines: their wording (written by practice) and a streaming reader.

The module writes, each line prefixed `[Congkak #N] ` (N: the module's number on the bomb):

    Initial state: S0 S1 ... S15                (16 slot counts, each followed by a space)
    Total points gained after playing each hole (sum of ...): P1 ... P7   (first board)
    Total points gained after playing each hole: P1 ... P7                (later boards)
    The maximum seeds in a hole is: M, which is in the hole: H.
    You selected the correct hole (Hole #H), which returns the maximum of P seeds. Module solved.
    ... (one press line for each verdict: see PRESS_LINES)

`read_log` takes any iterable of text lines (a Unity log of many megabytes streams
through it); it keeps only the Congkak modules' boards and presses, skips every other
line, and notes (never raises on) what it could not read; only a log holding more than
MAX_RECORDS modules, boards and presses is refused, so memory stays bounded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import UserError
from .evaluate import CONTINUE, EMPTY, SOLVE, STRIKE
from .rules import Ruleset, number_range

MODULE_NAME = "Congkak"
INITIAL_STATE = "Initial state:"
POINTS_FIRST = ("Total points gained after playing each hole (sum of seeds in player's holes + extra seeds "
                "in the store, if any):")
POINTS_LATER = "Total points gained after playing each hole:"
MAXIMUM_LINE = "The maximum seeds in a hole is: {maximum}, which is in the hole: {hole}."
PRESS_LINES = {
    SOLVE: "You selected the correct hole (Hole #{hole}), which returns the maximum of {points} seeds. Module solved.",
    STRIKE: ("You selected the wrong hole (Hole #{hole}), which returns the minimum of {points} seeds. "
             "Strike, and game continues."),
    CONTINUE: "You selected the wrong hole (Hole #{hole}), which returns {points} seeds. Game continues.",
    EMPTY: "You selected an empty hole (Hole #{hole}). Strike.",
}
MAX_RECORDS = 50_000  # boards, presses and modules kept: far beyond any real log, and a hostile log's bound
MAX_NOTES = 50  # notes kept in full; the rest are only counted

# The module's tag anywhere at the start of a line or after a space (pasted logs may be
# indented or timestamped); "[Congkak Solver #3]" is another module and does not match.
_TAG_TEXT = f"[{MODULE_NAME} #"
_TAG = re.compile(r"(?:^\ufeff?|\s)\[" + MODULE_NAME + r" #([0-9]{1,9})\] ?")


def prefix(module: int) -> str:
    return f"[{MODULE_NAME} #{module}] "


def _template_pattern(template: str) -> re.Pattern:
    """A regex from a line's template: each {name} becomes a number group."""
    text = re.escape(template)
    text = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[0-9]{1,9})", text)
    return re.compile(text + r"\s*$")


_MAXIMUM = _template_pattern(MAXIMUM_LINE)
_MAXIMUM_HEAD = MAXIMUM_LINE.split("{")[0]
_PRESS_HEAD = "You selected"
_NUMBER = re.compile(r"[0-9]{1,9}")
_HEADS = (INITIAL_STATE, POINTS_LATER, _MAXIMUM_HEAD, _PRESS_HEAD)
_PRESSES = {verdict: _template_pattern(line) for verdict, line in PRESS_LINES.items()}


# Writing: the lines practice puts in its log ------------------------------------------------
def numbers_text(numbers) -> str:
    """The module's list format: every number followed by a space."""
    return "".join(f"{n} " for n in numbers)


def board_lines(board, points, first: bool) -> list[str]:
    """A new board's three lines (without the prefix), as the module writes them."""
    maximum = max(points)
    return [f"{INITIAL_STATE} {numbers_text(board)}",
            f"{POINTS_FIRST if first else POINTS_LATER} {numbers_text(points)}",
            MAXIMUM_LINE.format(maximum=maximum, hole=list(points).index(maximum) + 1)]


def press_line(hole: int, verdict: str, points: int) -> str:
    return PRESS_LINES[verdict].format(hole=hole, points=points)


# Reading ------------------------------------------------------------------------------------
@dataclass
class LoggedPress:
    hole: int
    verdict: str  # as the module logged it: solve, strike, continue or empty
    points: int | None  # the points it logged (None for an empty hole: it logs none)
    line: int


@dataclass
class LoggedBoard:
    board: tuple[int, ...]
    line: int
    points: tuple[int, ...] | None = None  # None until (unless) its points line is read
    maximum: tuple[int, int] | None = None  # (maximum, first hole reaching it) as logged
    points_line: int = 0  # where those two were logged
    maximum_line: int = 0
    presses: list[LoggedPress] = field(default_factory=list)


@dataclass
class LoggedModule:
    number: int
    boards: list[LoggedBoard] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what could not be read, or was out of order


@dataclass
class LogContents:
    modules: list[LoggedModule]
    lines: int  # lines read
    notes: list[str]  # problems of the log as a whole (a cut last line, too many notes)


def read_log(lines, rules: Ruleset, limit: int = MAX_RECORDS) -> LogContents:
    """Every Congkak module of a log, in order of first appearance. `lines` is any
    iterable of text lines, with or without their line ends ("\\n", "\\r\\n"); `rules`
    are the module's (its board size and seed total)."""
    reader = _Reader(rules, limit)
    number = 0
    previous = None
    for number, line in enumerate(lines, 1):
        if previous is not None:
            reader.feed(previous, number - 1, last=False)
        previous = line
    if previous is not None:
        reader.feed(previous, number, last=True)
    return reader.contents(number)


class _Reader:
    def __init__(self, rules: Ruleset, limit: int):
        self.slots, self.holes, self.seeds = rules.size, rules.holes_per_side, rules.total_seeds
        self.modules: dict[int, LoggedModule] = {}
        self.current: dict[int, LoggedBoard | None] = {}  # the board a module's next line belongs to
        self.records = 0  # modules, boards and presses kept
        self.limit = limit
        self.noted = 0
        self.notes: list[str] = []
        self.unnoted = 0

    def feed(self, line: str, number: int, last: bool) -> None:
        if _TAG_TEXT not in line:  # most of a big log: skipped at the speed of a substring search
            return
        match = _TAG.search(line)
        if not match:
            return
        ended = line.endswith(("\n", "\r"))
        text = line[match.end():].rstrip("\r\n")
        if not _known(text.strip()):
            return  # under the tag but not the module's record: practice's explanations, debug lines
        module = self._module(int(match.group(1)))
        if last and not ended and not self._whole(text):
            self._note(module, f"line {number}: the log ends in the middle of this line; it was not read")
            return
        self._line(module, text.strip(), number)

    def _line(self, module: LoggedModule, text: str, number: int) -> None:
        if text.startswith(INITIAL_STATE):
            self._board(module, text[len(INITIAL_STATE):], number)
        elif text.startswith((POINTS_FIRST, POINTS_LATER)):
            head = POINTS_FIRST if text.startswith(POINTS_FIRST) else POINTS_LATER
            self._points(module, text[len(head):], number)
        elif text.startswith(_MAXIMUM_HEAD):
            self._maximum(module, text, number)
        elif text.startswith(_PRESS_HEAD):
            self._press(module, text, number)
        else:  # it starts like one of the module's lines, but is none of them
            self._note(module, f"line {number}: not in the module's wording; it is skipped")

    def _board(self, module: LoggedModule, rest: str, number: int) -> None:
        numbers = _numbers(rest, self.slots)
        self.current[module.number] = None
        if numbers is None:
            self._note(module, f"line {number}: the state line does not hold {self.slots} whole numbers; "
                               "its board is skipped")
            return
        if sum(numbers) != self.seeds:  # seeds are only ever moved: every board the module logs holds them all
            self._note(module, f"line {number}: the state line holds {sum(numbers)} seeds, not a Congkak "
                               f"board's {self.seeds}; its board is skipped")
            return
        self._keep()
        board = LoggedBoard(tuple(numbers), number)
        module.boards.append(board)
        self.current[module.number] = board

    def _points(self, module: LoggedModule, rest: str, number: int) -> None:
        board = self._board_for(module, number, "points line")
        if board is None:
            return
        numbers = _numbers(rest, self.holes)
        if numbers is None:
            self._note(module, f"line {number}: the points line does not hold {self.holes} whole numbers; "
                               "it is skipped")
        elif board.points is not None:
            self._note(module, f"line {number}: a second points line for the board of line {board.line}; it is skipped")
        else:
            board.points, board.points_line = tuple(numbers), number

    def _maximum(self, module: LoggedModule, text: str, number: int) -> None:
        board = self._board_for(module, number, "maximum line")
        match = _MAXIMUM.match(text)
        if board is None:
            return
        if not match:
            self._note(module, f"line {number}: the maximum line is not in the module's wording; it is skipped")
        else:
            board.maximum, board.maximum_line = (int(match["maximum"]), int(match["hole"])), number

    def _press(self, module: LoggedModule, text: str, number: int) -> None:
        for verdict, pattern in _PRESSES.items():
            match = pattern.match(text)
            if match:
                break
        else:
            self._note(module, f"line {number}: a press line not in the module's wording; it is skipped")
            return
        board = self._board_for(module, number, "press")
        if board is None:
            return
        hole = int(match["hole"])
        if not 1 <= hole <= self.holes:
            self._note(module, f"line {number}: hole {hole} is not one of holes {number_range(1, self.holes)}; the press is skipped")
            return
        if board.presses and board.presses[-1].verdict in (STRIKE, CONTINUE):
            self._note(module, f"line {number}: a press with no new board logged after the press of line "
                               f"{board.presses[-1].line}; it is judged on that press's board")
        points = int(match["points"]) if verdict != EMPTY else None
        self._keep()
        board.presses.append(LoggedPress(hole, verdict, points, number))

    def _whole(self, text: str) -> bool:
        """Whether a last line with no line end is whole: a cut may leave a line that
        still reads (a list cut short, "48" cut to "4"), and the module ends every list
        line with a space and every other line with its full wording."""
        stripped = text.strip()
        if stripped.startswith(INITIAL_STATE):
            return text.endswith(" ") and _numbers(stripped[len(INITIAL_STATE):], self.slots) is not None
        for head in (POINTS_FIRST, POINTS_LATER):
            if stripped.startswith(head):
                return text.endswith(" ") and _numbers(stripped[len(head):], self.holes) is not None
        return any(p.match(stripped) for p in (_MAXIMUM, *_PRESSES.values()))

    def _board_for(self, module: LoggedModule, number: int, what: str) -> LoggedBoard | None:
        board = self.current.get(module.number)
        if board is None:
            self._note(module, f"line {number}: a {what} with no readable state line before it; it is skipped")
        return board

    def _module(self, number: int) -> LoggedModule:
        module = self.modules.get(number)
        if module is None:
            self._keep()
            module = self.modules[number] = LoggedModule(number)
        return module

    def _keep(self) -> None:
        """Count one more module, board or press kept; refuse a log with too many."""
        if self.records >= self.limit:
            raise UserError(f"the log holds more than {self.limit} Congkak modules, boards and presses; "
                            "split it into smaller logs")
        self.records += 1

    def _note(self, module: LoggedModule, note: str) -> None:
        if self.noted >= MAX_NOTES:
            self.unnoted += 1
        else:
            self.noted += 1
            module.notes.append(note)

    def contents(self, lines: int) -> LogContents:
        notes = list(self.notes)
        if self.unnoted:
            notes.append(f"{self.unnoted} more lines could not be read (only the first {MAX_NOTES} are listed)")
        return LogContents(list(self.modules.values()), lines, notes)


def _numbers(text: str, count: int) -> list[int] | None:
    words = text.split()
    if len(words) != count or not all(_NUMBER.fullmatch(w) for w in words):
        return None
    return [int(w) for w in words]


def _known(text: str) -> bool:
    """Whether a (possibly cut) line is one of the module's own: it starts like one."""
    return any(text.startswith(head[:12]) or head.startswith(text) for head in _HEADS)
