"""A judged log in words: the text report of `verify --log` and its JSON.

The judging is `logcheck`'s; this module only says what it found: per module each board,
each press right or wrong and why, where the module's strike rule and the manual's wording
part, then a summary (`summary_lines`, which the HTML report shows too).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .board import format_board, slot_to_position
from .evaluate import MANUAL_RULE, MODULE_RULE, RULE_NAMES, SOLVE, STRIKE, VERDICT_WORDS, Evaluation
from .explain import describe_turn, plural, turn_size
from .logcheck import BoardCheck, LogCheck, ModuleCheck, PressCheck, counts_text, possible_holes
from .releases import release_turn
from .rules import OPPONENT, Ruleset

_MODULE, _MANUAL = RULE_NAMES[MODULE_RULE], RULE_NAMES[MANUAL_RULE]


def report_lines(check: LogCheck, rules: Ruleset, trace: bool = False) -> Iterator[str]:
    """The text report, line by line: per module each board, each press right or wrong and
    why, where the module's strike rule and the manual's wording part; then a summary."""
    for module in check.modules:
        yield from _module_lines(module, rules, trace)
        yield ""
    yield from (f"Note: {note}" for note in check.notes)
    yield from summary_lines(check)


def module_counts(module: ModuleCheck) -> str:
    """"2 boards, 3 presses, 1 strike": what a module's section of a report (text or page) counts."""
    return f"{plural(len(module.boards), 'board')}, {plural(len(module.presses), 'press')}, " \
           f"{plural(module.strikes, 'strike')}"


def _module_lines(module: ModuleCheck, rules: Ruleset, trace: bool) -> list[str]:
    lines = [f"Congkak {module.label}: {module_counts(module)}, {solved_words(module)}",
             f"  Release {module.release_note}"]
    if module.after_solved:
        count = len(module.after_solved)
        where = ("lines " if count > 1 else "line ") + _line_list(module.after_solved)
        lines.append(f"  {plural(count, 'press')} after it was solved ({where}): the module logs only a phrase "
                     f"for {'them' if count > 1 else 'it'}")
    for number, board in enumerate(module.boards, 1):
        lines += _board_lines(number, board, rules, trace)
    lines += [f"  Note: {note}" for note in module.notes]
    return lines


def _line_list(lines, shown: int = 10) -> str:
    """Line numbers for a report line: the first `shown`, then how many more (a log may hold
    thousands of phrases, and one line of all of them would be megabytes)."""
    more = len(lines) - shown
    return ", ".join(map(str, lines[:shown])) + (f" and {more} more" if more > 0 else "")


def rounds_solved(module: ModuleCheck) -> tuple[int, int]:
    """(rounds solved, rounds) of a module: a real module's log is one round; practice's `new`
    or `again` deals fresh boards, each a round of its own (a solve ends its round)."""
    rounds = module.rounds
    return sum(any(p.logged.verdict == SOLVE for b in r for p in b.presses) for r in rounds), len(rounds)


def solved_words(module: ModuleCheck, why: bool = True) -> str:
    """"solved", "not solved", or, where practice dealt fresh boards, "1 of 3 rounds solved
    (...)" (`why`: with the reason): the one count every report (text, page, summary) gives a module."""
    if not module.fresh_deals:
        return "solved" if module.solved else "not solved"
    solved, rounds = rounds_solved(module)
    reason = f" (practice dealt a fresh board {_times(module.fresh_deals)}: `new` or `again`)" if why else ""
    return f"{solved} of {rounds} rounds solved{reason}"


def modules_solved(modules: Sequence[ModuleCheck]) -> str:
    """"1 of 2 solved", or, in a practice log whose `new` dealt fresh boards, "2 of 3 rounds
    solved": the summary's count, in the units the modules' own lines use."""
    if not any(m.fresh_deals for m in modules):
        return f"{sum(m.solved for m in modules)} of {len(modules)} solved"
    pairs = [rounds_solved(m) for m in modules]
    return f"{sum(s for s, _ in pairs)} of {sum(r for _, r in pairs)} rounds solved"


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def _board_lines(number: int, board: BoardCheck, rules: Ruleset, trace: bool) -> list[str]:
    ev = board.evaluation
    answer = ev.answer
    holes = f"hole {answer[0]}" if len(answer) == 1 else "holes " + ", ".join(map(str, answer))
    logged = " (as logged)" if board.logged.points == ev.points else ""
    lines = [f"  Board {number} (line {board.logged.line}): {board.id}",
             f"    slots {format_board(board.logged.board, rules)}",
             f"    points {counts_text(ev.points)}{logged}; the answer: {holes} ({plural(ev.maximum, 'point')})"]
    lines += [f"    !! DISAGREES: {problem}" for problem in board.problems]
    lines += [f"    Note: {note}" for note in board.notes]
    for press in board.presses:
        lines += _press_lines(press, ev, rules, trace)
    return lines


def _press_lines(press: PressCheck, ev: Evaluation, rules: Ruleset, trace: bool) -> list[str]:
    hole = press.hole
    if hole is None:
        return _unnamed_press_lines(press, ev)
    outcome = "RIGHT" if press.verdict == SOLVE else "WRONG"
    logged = "as logged" if press.logged.verdict == press.verdict else f"but the module logged {press.logged.verdict}"
    lines = [f"    Hole {hole} (line {press.logged.line}): {outcome}: {VERDICT_WORDS[press.verdict].long}, {logged}. "
             f"{_sentence(ev.why(hole))}"]
    if press.manual is not None and press.manual != press.verdict:
        lines.append("      " + _rule_difference(press.verdict, press.manual, ev, hole))
    lines += [f"    !! DISAGREES: {problem}" for problem in press.problems]
    if trace:
        lines += _trace_lines(press, ev, rules, hole)
    return lines


def _unnamed_press_lines(press: PressCheck, ev: Evaluation) -> list[str]:
    """A press whose hole the release did not log: what it could have been."""
    solved = press.verdict == SOLVE
    holes = possible_holes(press, ev)
    which = "no hole" if not holes else f"hole {holes[0]}" if len(holes) == 1 else \
        "one of holes " + ", ".join(map(str, holes))
    why = (f"({plural(ev.maximum, 'point')})" if solved else
           f"(release {ev.release.date} strikes every press that does not solve)")
    lines = [f"    Press (line {press.logged.line}, no hole logged): {'RIGHT' if solved else 'WRONG'}: "
             f"{VERDICT_WORDS[press.verdict].short}, as logged. It was {which} {why}."]
    return lines + [f"    !! DISAGREES: {problem}" for problem in press.problems]


def _rule_difference(verdict: str, manual: str, ev: Evaluation, hole: int) -> str:
    manual_why = ev.why(hole, MANUAL_RULE)
    if verdict == STRIKE:
        return f"{_MODULE.capitalize()} struck where {_MANUAL} would not ({manual_why})."
    if manual == STRIKE:
        return f"{_MANUAL.capitalize()} would strike here ({manual_why}); {_MODULE} did not."
    return f"{_MANUAL.capitalize()} says {VERDICT_WORDS[manual].long} ({manual_why})."


def _trace_lines(press: PressCheck, ev: Evaluation, rules: Ruleset, hole: int) -> list[str]:
    if not ev.seeds[hole - 1]:
        return ["      (the hole is empty: nothing moves)"]
    yours = ev.turn(hole, rules)
    lines = [f"      Your turn from hole {hole}: {turn_size(yours)}"]
    lines += [f"        {line}" for line in describe_turn(yours, rules)]
    if press.replies:
        reply = release_turn(yours.after, rules, OPPONENT, press.replies[0], ev.release)
        others = [str(slot_to_position(s, rules)) for s in press.replies[1:]]
        also = f" (position {' or '.join(others)} gives the same board)" if others else ""
        lines.append(f"      The opponent's reply from position {slot_to_position(reply.start, rules)}{also}: "
                     f"{turn_size(reply)}")
        lines += [f"        {line}" for line in describe_turn(reply, rules)]
    return lines


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def summary_lines(check: LogCheck) -> list[str]:
    modules = check.modules
    boards = sum(len(m.boards) for m in modules)
    presses = sum(len(m.presses) for m in modules)
    parted = sum(m.parted for m in modules)
    problems = [(m.label, p) for m in modules for p in m.problems]
    numbers = ", ".join(m.label for m in modules[:10]) + (", ..." if len(modules) > 10 else "")
    head = (f"{plural(len(modules), 'Congkak module')} ({numbers}), "
            f"{plural(boards, 'board')}, {plural(presses, 'press')}, "
            f"{plural(sum(m.strikes for m in modules), 'strike')}, "
            f"{modules_solved(modules)}, "
            f"{parted} judged otherwise by {_MANUAL}")
    if not problems:
        return [f"Summary: {head}; the engine agrees with everything the modules logged."]
    lines = [f"Summary: {head}.",
             f"!! THE ENGINE DISAGREES WITH THE LOG in {plural(len(problems), 'place')}: the log comes from a "
             "module version the engine does not know, or it was altered:"]
    lines += [f"!!   Congkak {label}: {problem}" for label, problem in problems]
    return lines


def log_json(check: LogCheck) -> dict:
    """The JSON report (its shape is documented in docs/manual.md)."""
    return {"modules": [module_json(m) for m in check.modules], "agrees": check.agrees}


def module_json(module: ModuleCheck) -> dict:
    return {"module": module.number, "launch": module.launch, "version": module.release.date,
            "puzzles": [_board_json(b) for b in module.boards],
            "strikes": module.strikes, "solved": module.solved}  # the issues' shape: nothing more


def _board_json(board: BoardCheck) -> dict:
    ev = board.evaluation
    return {"id": board.id, "board": list(board.logged.board), "points": list(ev.points),
            "logged_points": list(board.logged.points) if board.logged.points is not None else None,
            "answer": ev.answer,
            "presses": [{"hole": p.hole, "verdict": p.verdict, "logged": p.logged.verdict, MANUAL_RULE: p.manual}
                        for p in board.presses],
            "agrees": board.agrees}
