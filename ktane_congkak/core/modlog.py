"""The real module's log read back: a streaming reader of a bomb's log (its words: `logwords`).

`read_log` takes any iterable of text lines (a Unity log of many megabytes streams
through it); it keeps only the Congkak modules' boards and presses, skips every other
line, and notes (never raises on) what it could not read; only a log holding more than
MAX_RECORDS modules, boards and presses is refused, so memory stays bounded.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..errors import UserError, clipped
from .evaluate import CONTINUE, SOLVE, STRIKE
from .explain import plural
from .logwords import (AFTER_SOLVE_PHRASES, BOMB_LINE, DEBUG_HEADS, DEBUG_PLAYING, DEBUG_POINTS, INITIAL_STATE,
                       LAUNCH_LINE, MAXIMUM_LINE, MODULE_NAME, POINTS_AFTER, POINTS_FIRST, POINTS_HEADS, POINTS_LATER,
                       PRESS_LINES, ROUND_LINE, TAG_MARK, UNNAMED_PRESS_LINES)
from .rules import Ruleset, number_range

MAX_RECORDS = 50_000  # boards, presses and modules kept: far beyond any real log, and a hostile log's bound
MAX_NOTES = 50  # notes kept in full; the rest are only counted

# The module's tag at the start of a line, after indentation or a timestamp ("17:01:02.5",
# "[2026-11-30 17:01:02]") as pasted logs have; a chat line quoting it is not the module's,
# and "[Congkak Solver #3]" is another module. The first release's tag has no "#".
_TAG_TEXT = f"[{MODULE_NAME} "
_LEAD = r"^\ufeff?\s*(?:\[?[0-9][0-9:./-]*(?:[ T][0-9][0-9:.,]*)?\]?\s+)?"
_TAG = re.compile(_LEAD + r"\[" + MODULE_NAME + f" (?P<mark>{TAG_MARK})?" + r"(?P<number>[0-9]{1,9})\] ?")
_PHRASE = re.compile(_LEAD + "(" + "|".join(re.escape(p) for p in AFTER_SOLVE_PHRASES) + ")")
# The first character of a phrase or launch line (or of the indentation or timestamp before a
# phrase); a bracketed timestamp's is "[" and a digit: looked at only if the first is not.
_UNTAGGED_STARTS = frozenset("WNPI0123456789 \t\ufeff")
_DIGITS = frozenset("0123456789")
# A phrase line's last words (the video link's phrase ends in the link itself), then a line
# end or none; or, as a paste may leave, blanks before it.
_PHRASE_TAILS = (*AFTER_SOLVE_PHRASES[:-1], "watch?v=o-YBDTqX_ZU")
_LINE_ENDS = ("", "\n", "\r\n")
_PHRASE_ENDS = tuple(p + end for p in _PHRASE_TAILS for end in _LINE_ENDS)
_BLANK_ENDS = tuple(blank + end for blank in " \t" for end in _LINE_ENDS)


def _template_pattern(template: str) -> re.Pattern:
    """A regex from a line's template: each {name} becomes a number group."""
    text = re.escape(template)
    text = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[0-9]{1,9})", text)
    return re.compile(text + r"\s*$")


_MAXIMUM = _template_pattern(MAXIMUM_LINE)
_DEBUG_PLAYING, _DEBUG_POINTS = _template_pattern(DEBUG_PLAYING), _template_pattern(DEBUG_POINTS)
_MAXIMUM_HEAD = MAXIMUM_LINE.split("{")[0]
_PRESS_HEAD = "You selected"
_NUMBER = re.compile(r"[0-9]{1,9}")
_HEADS = (INITIAL_STATE, POINTS_LATER, POINTS_AFTER, _MAXIMUM_HEAD, _PRESS_HEAD)
_PRESSES = [(verdict, _template_pattern(line)) for wording in (PRESS_LINES, UNNAMED_PRESS_LINES)
            for verdict, line in wording.items()]


# Reading ------------------------------------------------------------------------------------
@dataclass
class LoggedPress:
    hole: int | None  # None where the release logged no hole number
    verdict: str  # as the module logged it: solve, strike, continue or empty
    points: int | None  # the points it logged (None for an empty hole: it logs none)
    line: int


@dataclass
class LoggedBoard:
    board: tuple[int, ...]
    line: int
    points: tuple[int, ...] | None = None  # None until (unless) its points line is read
    points_head: str | None = None  # that line's wording (one of POINTS_HEADS)
    debug_points: list[tuple[int, int, int, int]] | None = None  # (hole, points, seeds, line) of each DEBUG_POINTS
    tag_marks: set[str] = field(default_factory=set)  # the marks its lines' tags had before the number ("#", "")
    list_gaps: set[int] = field(default_factory=set)  # the blanks its state and points lines had before their numbers
    maximum: tuple[int, int] | None = None  # (maximum, first hole reaching it) as logged
    points_line: int = 0  # where those two were logged
    maximum_line: int = 0
    presses: list[LoggedPress] = field(default_factory=list)


@dataclass
class LoggedModule:
    number: int
    launch: int = 1  # which game launch of the log (numbers start again at 1 in each)
    # Which bomb of its launch it is on, as (first, last) of the bombs it may be on: the bombs
    # generated together before its first line (one, unless a round had several); (0, 0): the
    # log names no bomb.
    bombs: tuple[int, int] = (0, 0)
    boards: list[LoggedBoard] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what could not be read, or was out of order
    debug_line: int = 0  # the first of 2023-04-24's debug lines, if any
    after_solved: list[int] = field(default_factory=list)  # lines of presses after its solve

    @property
    def label(self) -> str:
        """How a report names it: "#3", or "#1 (launch 2)" after a new game launch."""
        return f"#{self.number}" + (f" (launch {self.launch})" if self.launch > 1 else "")

    @property
    def solved(self) -> bool:
        return any(p.verdict == SOLVE for b in self.boards for p in b.presses)


@dataclass
class LogContents:
    modules: list[LoggedModule]
    lines: int  # lines read
    notes: list[str]  # problems of the log as a whole (a cut last line, too many notes)


def read_log(lines: Iterable[str], rules: Ruleset, limit: int = MAX_RECORDS) -> LogContents:
    """Every Congkak module of a log, in order of first appearance. `lines` is any
    iterable of text lines, with or without their line ends ("\\n", "\\r\\n"); `rules`
    are the module's (its board size and seed total)."""
    reader = _Reader(rules, limit)
    number = 0
    pending = None  # the last line that may matter, fed once a later one shows it was not the log's last
    tag, launch, bomb, round_, phrases, starts, digits, blanks = \
        _TAG_TEXT, LAUNCH_LINE, BOMB_LINE, ROUND_LINE, _PHRASE_ENDS, _UNTAGGED_STARTS, _DIGITS, _BLANK_ENDS
    for number, line in enumerate(lines, 1):
        # Most of a big log is other modules' and Unity's lines: skipped here at the speed
        # of a substring search and a look at the first characters and the ending.
        if tag in line or (line and (line[0] in starts or (line[0] == "[" and line[1:2] in digits)) and (
                line.endswith(phrases) or line.startswith(launch)
                or (line.endswith(blanks) and line.rstrip().endswith(_PHRASE_TAILS)))) or line.startswith((bomb, round_)):
            if pending is not None:
                reader.feed(*pending, last=False)
            pending = (line, number)
    if pending is not None:
        reader.feed(*pending, last=pending[1] == number)
    return reader.contents(number)


class _Reader:
    def __init__(self, rules: Ruleset, limit: int):
        self.slots, self.holes, self.seeds = rules.size, rules.holes_per_side, rules.total_seeds
        self.modules: list[LoggedModule] = []
        self.current: dict[int, LoggedModule] = {}  # this launch's modules by number
        self.solved: dict[int, LoggedModule] = {}  # those of them that logged a solve: a phrase looks only here
        self.boards: dict[int, LoggedBoard | None] = {}  # the board a module's next line belongs to
        self.playing: dict[int, int] = {}  # module number -> the hole its last DEBUG_PLAYING line named
        self.launch = 0  # 0 until a launch line or a module's line starts the first
        self.bomb = 0  # BOMB_LINEs read in this launch
        self.bomb_group = 0  # the first bomb of those generated together last
        self.group_ended = True  # a round began, or a module logged, since: the next bomb starts a group
        self.records = 0  # modules, boards and presses kept
        self.limit = limit
        self.noted = 0
        self.notes: list[str] = []
        self.unnoted = 0

    def feed(self, line: str, number: int, last: bool) -> None:
        if _TAG_TEXT not in line:  # a launch's first line, a round's, a bomb's, or a phrase (no other)
            if line.startswith(LAUNCH_LINE):
                self._new_launch()
            elif line.startswith(BOMB_LINE):
                self._new_bomb()
            elif line.startswith(ROUND_LINE):
                self.group_ended = True
            else:
                self._phrase(line, number)
            return
        match = _TAG.match(line)
        if not match:
            return
        ended = line.endswith(("\n", "\r"))
        text = line[match.end():].rstrip("\r\n")
        stripped = text.strip()
        if stripped.startswith(DEBUG_HEADS):
            module = self._module(int(match["number"]))
            module.debug_line = module.debug_line or number
            self._debug(module, stripped, number)
            return
        if not _known(stripped):
            return  # under the tag but not the module's record: practice's explanations
        module = self._module(int(match["number"]))
        if last and not ended and not self._whole(text):
            self._note(module, f"line {number}: the log ends in the middle of this line; it was not read")
            return
        gap = self._line(module, stripped, number)
        board = self.boards.get(module.number)
        if board is not None:  # how the line was worded, for telling the release (logcheck.wording_fits)
            board.tag_marks.add(match["mark"] or "")
            if gap is not None:
                board.list_gaps.add(gap)

    def _new_launch(self) -> None:
        """A new game launch: module numbers start again at 1."""
        self.launch += 1
        self.bomb = self.bomb_group = 0
        self.group_ended = True
        self.current.clear()
        self.solved.clear()
        self.boards.clear()
        self.playing.clear()

    def _new_bomb(self) -> None:
        """A bomb generated: one of a group with the bombs before it, unless a round began
        or a module logged since them."""
        self.bomb += 1
        if self.group_ended:
            self.bomb_group, self.group_ended = self.bomb, False

    def _debug(self, module: LoggedModule, text: str, number: int) -> None:
        """2023-04-24's summary of a hole's turn, kept for its board with the hole
        the DEBUG_PLAYING line before it named; its other debug lines are only recognised."""
        playing = _DEBUG_PLAYING.match(text)
        if playing:
            self.playing[module.number] = int(playing["hole"])
            return
        summary = _DEBUG_POINTS.match(text)
        hole = self.playing.pop(module.number, None) if summary else None
        board = self.boards.get(module.number)
        if summary is None or hole is None or board is None or not 1 <= hole <= self.holes:
            return
        self._keep()
        board.debug_points = board.debug_points or []
        board.debug_points.append((hole, int(summary["points"]), int(summary["seeds"]), number))

    def _phrase(self, line: str, number: int) -> None:
        """A press on a solved module: its untagged phrase is counted where only one module
        of this launch is solved, else noted (with none, the log lacks or altered the solve)."""
        match = _PHRASE.match(line)
        if not match:
            return
        solved = self.solved
        if len(solved) == 1:
            self._keep()
            next(iter(solved.values())).after_solved.append(number)
        elif self.noted < MAX_NOTES:
            self.noted += 1
            why = (f"{len(solved)} modules were solved by then, so which one cannot be told" if solved else
                   "no module of this launch had logged its solve by then")
            self.notes.append(f"line {number}: a press on a solved Congkak module, which logged: "
                              f"{clipped(line[match.start(1):].strip(), 100)} ({why})")
        else:
            self.unnoted += 1

    def _line(self, module: LoggedModule, text: str, number: int) -> int | None:
        """Read one of the module's lines; for a list line, the blanks before its numbers."""
        if text.startswith(INITIAL_STATE):
            rest = text[len(INITIAL_STATE):]
            self._board(module, rest, number)
            return len(rest) - len(rest.lstrip(" "))
        if text.startswith(POINTS_HEADS):
            head = next(h for h in POINTS_HEADS if text.startswith(h))
            rest = text[len(head):]
            self._points(module, head, rest, number)
            return len(rest) - len(rest.lstrip(" "))
        if text.startswith(_MAXIMUM_HEAD):
            self._maximum(module, text, number)
        elif text.startswith(_PRESS_HEAD):
            self._press(module, text, number)
        else:  # it starts like one of the module's lines, but is none of them
            self._note(module, f"line {number}: not in the module's wording; it is skipped")
        return None

    def _board(self, module: LoggedModule, rest: str, number: int) -> None:
        numbers = _numbers(rest, self.slots)
        self.boards[module.number] = None
        if numbers is None:
            self._note(module, f"line {number}: the state line does not hold {self.slots} whole numbers; "
                               "its board is skipped")
            return
        if sum(numbers) != self.seeds:  # every module board holds them all: this line was altered
            self._note(module, f"line {number}: the state line holds {plural(sum(numbers))}, not the {self.seeds} "
                               "of every Congkak board; its board is skipped")
            return
        self._keep()
        board = LoggedBoard(tuple(numbers), number)
        module.boards.append(board)
        self.boards[module.number] = board

    def _points(self, module: LoggedModule, head: str, rest: str, number: int) -> None:
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
            board.points, board.points_line, board.points_head = tuple(numbers), number, head
            if board is not module.boards[0] and _starts_a_module(module, head):
                self._relaunch(module, board)

    def _relaunch(self, module: LoggedModule, board: LoggedBoard) -> None:
        """`board` is the first board of a module of the same number in a new game launch
        (the log holds no launch line between them): it goes to that new module."""
        module.boards.pop()
        self._new_launch()  # (the launch is 1 at least: making `module` saw to it)
        new = self._module(module.number)
        new.boards.append(board)
        self.boards[module.number] = board
        if any(p.verdict == SOLVE for p in board.presses):
            self.solved[module.number] = new

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
        for verdict, pattern in _PRESSES:  # noqa: B007 (the matching one is read after the loop)
            match = pattern.match(text)
            if match:
                break
        else:
            self._note(module, f"line {number}: a press line not in the module's wording; it is skipped")
            return
        board = self._board_for(module, number, "press")
        if board is None:
            return
        named = "hole" in pattern.groupindex
        hole = int(match["hole"]) if named else None
        if hole is not None and not 1 <= hole <= self.holes:
            self._note(module, f"line {number}: hole {hole} is not one of holes {number_range(1, self.holes)}; the press is skipped")
            return
        before = board.presses[-1] if board.presses else None
        if before and before.hole is not None and before.verdict in (STRIKE, CONTINUE):
            self._note(module, f"line {number}: a press with no new board logged after the press of line "
                               f"{before.line}; it is judged on that press's board")
        points = int(match["points"]) if "points" in pattern.groupindex else None
        self._keep()
        board.presses.append(LoggedPress(hole, verdict, points, number))
        if verdict == SOLVE:
            self.solved[module.number] = module

    def _whole(self, text: str) -> bool:
        """Whether a last line with no line end is whole: a cut may leave a line that
        still reads (a list cut short, "48" cut to "4"), and the module ends every list
        line with a space and every other line with its full wording."""
        stripped = text.strip()
        if stripped.startswith(INITIAL_STATE):
            return text.endswith(" ") and _numbers(stripped[len(INITIAL_STATE):], self.slots) is not None
        for head in POINTS_HEADS:
            if stripped.startswith(head):
                return text.endswith(" ") and _numbers(stripped[len(head):], self.holes) is not None
        return any(p.match(stripped) for p in (_MAXIMUM, *(p for _, p in _PRESSES)))

    def _board_for(self, module: LoggedModule, number: int, what: str) -> LoggedBoard | None:
        board = self.boards.get(module.number)
        if board is None:
            self._note(module, f"line {number}: a {what} with no readable state line before it; it is skipped")
        return board

    def _module(self, number: int) -> LoggedModule:
        module = self.current.get(number)
        if module is None:
            self._keep()
            self.launch = max(self.launch, 1)
            module = self.current[number] = LoggedModule(number, self.launch, (self.bomb_group, self.bomb))
            self.group_ended = True
            self.modules.append(module)
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
        return LogContents(self.modules, lines, notes)


def _starts_a_module(module: LoggedModule, head: str) -> bool:
    """Whether a board worded `head`, after the module's first, is a new module's first
    board: today's first wording always is; the earlier releases' POINTS_AFTER is, unless it
    follows a wrong press that goes on (2023-04-26 words every board so). Practice's fresh
    boards are worded POINTS_LATER: the same module, a new round."""
    if head == POINTS_FIRST:
        return True
    if head != POINTS_AFTER:
        return False
    before = module.boards[-2].presses
    return not (before and before[-1].hole is not None and before[-1].verdict in (STRIKE, CONTINUE))


def _numbers(text: str, count: int) -> list[int] | None:
    words = text.split()
    if len(words) != count or not all(_NUMBER.fullmatch(w) for w in words):
        return None
    return [int(w) for w in words]


def _known(text: str) -> bool:
    """Whether a (possibly cut) line is one of the module's own: it starts like one."""
    return any(text.startswith(head[:12]) or head.startswith(text) for head in _HEADS)
