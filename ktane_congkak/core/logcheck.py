"""Judging a bomb's log: every logged board recomputed by the engine and compared with the log.

For each board the module logged: its points and maximum against the engine's; for each
press the module's verdict (the engine's, under the module's strike rule and under the
manual's wording) against the logged one; and each new board after a wrong press must be
what the engine gets from that press's turn and some reply of the opponent. Anything the
engine computes differently is a *problem* (the log comes from a module the engine does
not know, or was altered); a log that stops early or has lines out of place gets *notes*.

Each module is judged by the rules of the release that wrote it (`core.releases`): told
from its wording (`logwords.RELEASE_WORDING`), and where several releases word it alike,
from which release's rules give what it logged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .board import Slots
from .evaluate import CONTINUE, EMPTY, SOLVE, STRIKE, STRIKES, VERDICT_WORDS, Evaluation, evaluate
from .explain import plural
from .ids import descriptive_id
from .logwords import RELEASE_WORDING
from .module import LIGHT_SOLVE, LIGHT_STRIKE
from .modlog import LogContents, LoggedBoard, LoggedModule, LoggedPress, read_log
from .releases import CURRENT, RELEASE_DATES, RELEASES, Release, release_turn
from .rules import OPPONENT, YOU, Ruleset


class PressCheck(NamedTuple):
    logged: LoggedPress
    verdict: str  # the engine's, under the module's strike rule (the logged one where no hole was logged)
    manual: str | None  # the engine's, under the manual's wording (None where no hole was logged)
    problems: tuple[str, ...]
    replies: tuple[int, ...] = ()  # opponent slots whose reply gives the next logged board

    @property
    def hole(self) -> int | None:
        return self.logged.hole


class BoardCheck(NamedTuple):
    logged: LoggedBoard
    id: str
    evaluation: Evaluation
    presses: tuple[PressCheck, ...]
    problems: tuple[str, ...]  # the engine disagrees with the board's own lines or its arrival
    notes: tuple[str, ...]  # lines the log lacks (it stops early) or a board out of the real sequence
    fresh: bool = False  # dealt by practice's `new`, not reached from the board before: a new round

    @property
    def agrees(self) -> bool:
        return not self.problems and not any(p.problems for p in self.presses)

    @property
    def strikes(self) -> int:
        """The strikes the module gave on this board, as it logged them."""
        return sum(p.logged.verdict in STRIKES for p in self.presses)

    @property
    def parted(self) -> int:
        """Presses on this board the manual's wording judges otherwise."""
        return sum(p.manual is not None and p.manual != p.verdict for p in self.presses)

    @property
    def light(self) -> str | None:
        """The module's status light as this board's presses left it: green once one solved it,
        red after a strike, None (off) before any."""
        verdicts = [p.logged.verdict for p in self.presses]
        return LIGHT_SOLVE if SOLVE in verdicts else LIGHT_STRIKE if any(v in STRIKES for v in verdicts) else None


class ModuleCheck(NamedTuple):
    number: int
    boards: tuple[BoardCheck, ...]
    notes: tuple[str, ...]
    launch: int = 1
    release: Release = CURRENT  # whose rules judged it
    release_note: str = ""  # its date and how it was told, or that the log cannot tell
    after_solved: tuple[int, ...] = ()  # lines of presses after its solve (the untagged phrases)
    label: str = ""  # "#3", "#1 (launch 2)"
    bombs: tuple[int, int] = (0, 0)  # which bomb of its launch (LoggedModule.bombs)

    @property
    def presses(self) -> list[PressCheck]:
        return [p for b in self.boards for p in b.presses]

    @property
    def strikes(self) -> int:
        """The strikes the module gave, as it logged them."""
        return sum(b.strikes for b in self.boards)

    @property
    def rounds(self) -> list[tuple[BoardCheck, ...]]:
        """The boards split where practice's `new` dealt a fresh one: the same module going
        on with a new board. A real module's log is one round."""
        starts = [i for i, b in enumerate(self.boards) if i == 0 or b.fresh]
        return [self.boards[a:b] for a, b in zip(starts, [*starts[1:], len(self.boards)])]

    @property
    def fresh_deals(self) -> int:
        """How many times practice dealt a fresh board: rounds past the first (none for a
        module whose every state line was unreadable: it has no round at all)."""
        return max(len(self.rounds) - 1, 0)

    @property
    def solves(self) -> int:
        """How many times the module was solved, as it logged it (a solve ends its round)."""
        return sum(p.logged.verdict == SOLVE for p in self.presses)

    @property
    def solved(self) -> bool:
        return self.solves > 0

    @property
    def agrees(self) -> bool:
        return all(b.agrees for b in self.boards)

    @property
    def problems(self) -> list[str]:
        return [text for b in self.boards for text in (*b.problems, *(t for p in b.presses for t in p.problems))]

    @property
    def parted(self) -> int:
        """Presses the manual's wording judges otherwise."""
        return sum(b.parted for b in self.boards)


class LogCheck(NamedTuple):
    modules: tuple[ModuleCheck, ...]
    lines: int
    notes: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        return all(m.agrees for m in self.modules)


def check_log_lines(lines: Iterable[str], rules: Ruleset, release: Release | None = None) -> LogCheck:
    """Read (streaming) and judge a log given as an iterable of lines; by `release`'s
    rules, or each module by its own release's when None."""
    return check_log(read_log(lines, rules), rules, release)


def check_log(contents: LogContents, rules: Ruleset, release: Release | None = None) -> LogCheck:
    modules = tuple(_judge_module(m, rules, release) for m in contents.modules if m.boards or m.notes)
    return LogCheck(modules, contents.lines, tuple(contents.notes))


def _judge_module(module: LoggedModule, rules: Ruleset, release: Release | None) -> ModuleCheck:
    """The module judged by `release`, or by the release that wrote it (see the docstring)."""
    if release is not None:
        note = f"{release.date}, as asked (--release): not told from the log"
        return _check_module(module, rules, release)._replace(release_note=note)
    fits = wording_fits(module)
    dates = fits or RELEASE_DATES
    groups: dict[tuple, list[str]] = {}
    for date in dates:
        groups.setdefault(RELEASES[date].rules_key, []).append(date)
    checks = {key: _check_module(module, rules, RELEASES[group[-1]]) for key, group in groups.items()}
    best = min(checks, key=lambda key: (len(checks[key].problems), -RELEASE_DATES.index(groups[key][-1])))
    check = checks[best]
    agreeing = [key for key in checks if not checks[key].problems]
    if not fits and check.boards:  # no release writes these lines together: altered, or a release not known
        first = check.boards[0]
        problem = f"line {first.logged.line}: this module's lines mix the wordings of different releases"
        check = check._replace(boards=(first._replace(problems=(problem, *first.problems)), *check.boards[1:]))
    return check._replace(release_note=_release_note(check.release.date, fits, groups[best],
                                                     [groups[key][-1] for key in agreeing if key != best],
                                                     bool(agreeing)))


def wording_fits(module: LoggedModule) -> list[str]:
    """The releases (dates, oldest first) whose wording every line of `module` fits."""
    return [date for date, wording in RELEASE_WORDING.items() if _fits(module, wording)]


def _fits(module: LoggedModule, wording) -> bool:
    if module.debug_line and not wording.debug:
        return False
    if wording.debug and not module.debug_line and any(b.points_head and any(b.board[:len(b.points or ())])
                                                       for b in module.boards):
        return False  # its debug lines come before the points line of every board with a seed in your holes
    for index, board in enumerate(module.boards):
        # A log may start in the middle of a module (a practice log kept short): its first board worded as a later one.
        allowed = (wording.points_later,) if index else (wording.points_first, wording.points_later)
        if board.points_head and board.points_head not in allowed:
            return False
        if any((p.hole is not None) != wording.names_hole for p in board.presses):
            return False
        if not board.tag_marks <= {wording.tag_mark} or not board.list_gaps <= {wording.list_gap}:
            return False
    return True


def _release_note(date: str, fits: list[str], group: list[str], also: list[str], agrees: bool) -> str:
    """How the release was told: from the wording, from the rules, or not at all."""
    same = f"{' or '.join(group)} (the same rules)" if len(group) > 1 else date
    if not fits:
        return f"{same}: its lines mix the wordings of different releases; judged by the closest rules"
    if len(fits) == 1:
        return f"{same}, told by its wording"
    if fits == group:  # the wording leaves releases of one set of rules: nothing for the rules to tell
        return f"{' or '.join(group)}: its wording fits {'both' if len(group) == 2 else 'each'}, and they have the same rules"
    fit = ", ".join(fits)
    if also:
        return (f"{same} or {', '.join(also)}: the log cannot tell (the wording fits {fit}, and each one's rules "
                f"give what it logged); judged by {date}'s rules")
    if agrees:
        return f"{same}: its wording fits {fit}; only {date}'s rules give what it logged"
    return f"{same}: its wording fits {fit}; no release's rules give everything it logged, {date}'s come closest"


def _check_module(module: LoggedModule, rules: Ruleset, release: Release) -> ModuleCheck:
    boards: list[BoardCheck] = []
    for index, logged in enumerate(module.boards):
        last = index == len(module.boards) - 1
        board = _check_board(logged, rules, last, release)
        if boards:
            boards[-1], board = _follow(boards[-1], board, rules, release)
        boards.append(board)
    notes = list(module.notes)
    if boards:
        notes += _ending(boards[-1], release)
    return ModuleCheck(module.number, tuple(boards), tuple(notes), module.launch, release, "",
                       tuple(module.after_solved), module.label, module.bombs)


def _check_board(logged: LoggedBoard, rules: Ruleset, last: bool, release: Release) -> BoardCheck:
    ev = evaluate(logged.board, rules, YOU, release)
    ev = ev._replace(after=())  # every hole's position after its turn: not needed here, and a big log holds many
    problems, notes = [], []
    missing = "the log stops before its {}" if last else "no {} was logged for it"
    if logged.points is None:
        notes.append(missing.format("points line"))
    elif logged.points != ev.points:
        problems.append(f"line {logged.points_line}: the module logged points {counts_text(logged.points)}, "
                        f"the engine computes {counts_text(ev.points)}")
    best = (ev.maximum, ev.points.index(ev.maximum) + 1)
    if logged.maximum is None:
        notes.append(missing.format("maximum line"))
    elif logged.maximum != best:
        problems.append(f"line {logged.maximum_line}: the module logged the maximum {logged.maximum[0]} in hole "
                        f"{logged.maximum[1]}, the engine computes {best[0]} in hole {best[1]}")
    for hole, points, seeds, line in logged.debug_points or ():
        i = hole - 1
        if (points, seeds) != (ev.points[i], ev.seeds[i]):
            problems.append(f"line {line}: the module's debug line gives {plural(points, 'point')} with "
                            f"{plural(seeds)} for hole {hole}, the engine computes {plural(ev.points[i], 'point')} "
                            f"with {plural(ev.seeds[i])}")
    presses = _after_solve([_check_press(p, ev) for p in logged.presses])
    # The reader keeps only boards holding all the seeds, so the ID with its stores is one `solve` takes back
    return BoardCheck(logged, descriptive_id(logged.board, rules), ev, presses, tuple(problems), tuple(notes))


def _check_press(press: LoggedPress, ev: Evaluation) -> PressCheck:
    if press.hole is None:  # up to 2023-04-24: a solve or a strike, of some hole
        possible = press.verdict == SOLVE or any(v != SOLVE for v in ev.module)
        problems = () if possible else (f"line {press.line}: the module logged a strike, but every hole solves "
                                        "this board",)
        return PressCheck(press, press.verdict, None, problems)
    i = press.hole - 1
    verdict, manual = ev.module[i], ev.manual[i]
    found: list[str] = []
    if press.verdict != verdict:
        found.append(f"line {press.line}: hole {press.hole}: the module logged {VERDICT_WORDS[press.verdict].long}, "
                        f"the engine says {VERDICT_WORDS[verdict].long}")
    if press.points is not None and press.points != ev.points[i]:
        found.append(f"line {press.line}: hole {press.hole}: the module logged {plural(press.points, 'point')}, "
                        f"the engine computes {ev.points[i]}")
    return PressCheck(press, verdict, manual, tuple(found))


def possible_holes(press: PressCheck, ev: Evaluation) -> list[int]:
    """The holes a press of a release that logged no hole could have been: those whose
    verdict (solve or not) is the one it logged."""
    solved = press.verdict == SOLVE
    return [h for h, v in enumerate(ev.module, 1) if (v == SOLVE) == solved]


def _after_solve(presses: list[PressCheck]) -> tuple[PressCheck, ...]:
    """The board's presses, each logged after its solve marked: a solved module logs only
    a phrase. One pass, so a log of many presses costs no more than their number."""
    solve = None
    for index, press in enumerate(presses):
        if solve is not None:
            problem = f"line {press.logged.line}: a press logged after the module was solved (line {solve.line})"
            presses[index] = press._replace(problems=(*press.problems, problem))
        elif press.logged.verdict == SOLVE:
            solve = press.logged
    return tuple(presses)


def _follow(before: BoardCheck, board: BoardCheck, rules: Ruleset, release: Release) -> tuple[BoardCheck, BoardCheck]:
    """Check that `board` is what the last press on `before` leads to; record the reply."""
    if not release.replies:
        problem = f"line {board.logged.line}: a second board, but release {release.date} keeps its one board"
        return before, board._replace(problems=(*board.problems, problem))
    press = before.presses[-1] if before.presses else None
    if press is None or press.logged.verdict in (SOLVE, EMPTY):
        why = ("no press" if press is None else
               "the module was solved" if press.logged.verdict == SOLVE else "an empty hole's strike (nothing moved)")
        note = (f"a fresh board after {why}: practice's `new` or `again` (the real module has neither); "
                "the same module goes on with it, a new round")
        return before, board._replace(notes=(note, *board.notes), fresh=True)
    if press.hole is None or not before.evaluation.seeds[press.hole - 1]:
        return before, board  # which hole is not known; or the press itself disagrees already: nothing moved
    outcomes = reply_outcomes(before.logged.board, press.hole, rules, release)
    replies = tuple(slot for slot, after in outcomes.items() if after == board.logged.board)
    if replies:
        presses = (*before.presses[:-1], press._replace(replies=replies))
        return before._replace(presses=presses), board
    problem = (f"line {board.logged.line}: this board is not what hole {press.hole}'s turn on the board of "
               f"line {before.logged.line} and any reply of the opponent give")
    return before, board._replace(problems=(*board.problems, problem))


def reply_outcomes(board: Slots, hole: int, rules: Ruleset, release: Release = CURRENT) -> dict[int, tuple[int, ...]]:
    """The position after your turn from `hole` and the opponent's reply from each of its
    non-empty holes, under `release`'s rules: {opponent slot: position}. Empty when the
    opponent has no seeds."""
    yours = release_turn(board, rules, YOU, rules.holes(YOU)[hole - 1], release).after
    return {s: release_turn(yours, rules, OPPONENT, s, release).after for s in rules.holes(OPPONENT) if yours[s]}


def _ending(board: BoardCheck, release: Release) -> list[str]:
    """Why a module's log ends where it does, when a real module would have gone on."""
    if not release.replies or not board.presses or board.presses[-1].logged.verdict not in (STRIKE, CONTINUE):
        return []
    press = board.presses[-1]
    # The opponent always has seeds to reply with here: a turn that empties their row
    # scores every seed in play, the maximum, so it would have solved.
    return [f"the log stops after the press of line {press.logged.line}, before the next board"]


def counts_text(values: Iterable[int]) -> str:
    """Numbers as the reports show them: one blank between each (not the log's format)."""
    return " ".join(map(str, values))
