"""The drill in a terminal: reads the board out, takes one answer a line, says right or wrong.

Answers come from a stream (standard input by default), one a line, so a drill can be scripted.
"""

from __future__ import annotations

import sys
from typing import TextIO

from ..core.evaluate import VERDICT_WORDS
from ..core.explain import describe_turn, plural, turn_size
from ..core.text import fit
from ..errors import UserError
from ..typed import read_line
from .session import Answer, Drill, kind_lines, kind_tallies, parse_hole, read_out


def board_lines(drill: Drill) -> list[str]:
    """The board as the defuser reads it out, with its number and ID."""
    board = drill.board
    if board is None:
        return []
    of = f" of {drill.count}" if drill.count else ""
    lines = [f"Board {drill.shown}{of}: {board.label}"]
    first, second = read_out(board.slots, drill.rules)
    lines += [f"  Defuser reads: {first}", f"                 {second}"]
    return lines


def verdict_lines(answer: Answer, drill: Drill) -> list[str]:
    """Right or wrong, why, and the turns traced: the pressed hole's and (when wrong) a best hole's."""
    ev, rules = answer.board.evaluation, drill.rules
    best = answer.board.answer
    head = "Right" if answer.right else "Wrong"
    lines = [f"{head} ({answer.seconds:.1f} s): hole {answer.hole} {VERDICT_WORDS[answer.verdict].verb}: {ev.why(answer.hole)}."]
    if not answer.right:
        lines.append(f"  Best: hole{'s' if len(best) > 1 else ''} {', '.join(map(str, best))} "
                     f"with {plural(ev.maximum, 'point')}.")
    if answer.board.kinds:  # told after the answer: before, it would be a hint
        lines.append(f"  A board of kind: {', '.join(answer.board.kinds)}.")
    lines += _traced(ev, rules, answer.hole, "Your press")
    if not answer.right and ev.seeds[best[0] - 1]:
        lines += _traced(ev, rules, best[0], "A best hole")
    return lines


def _traced(ev, rules, hole: int, title: str) -> list[str]:
    if not ev.seeds[hole - 1]:
        return [f"  {title}, hole {hole}: empty, nothing to sow."]
    turn = ev.turn(hole, rules)
    lines = [f"  {title}, hole {hole} ({plural(ev.points[hole - 1], 'point')}, {turn_size(turn)}):"]
    return lines + [f"    {line}" for line in describe_turn(turn, rules, stores_known=False)]


def score_lines(drill: Drill) -> list[str]:
    """`Score: R/N`, the median time, and how each kind of board went this session."""
    done = len(drill.answers)
    if not done:  # "Score: 0/0" and a median of nothing say less than this
        return ["No board answered: nothing to score."]
    stopped = f" (stopped after {done} of {drill.count} boards)" if drill.count and done < drill.count else ""
    lines = [f"Score: {drill.score}/{done}{stopped}", f"Median time: {drill.median_seconds:.1f} s"]
    return lines + [f"  {line}" for line in kind_lines(kind_tallies([], drill.answers))]


def ask(drill: Drill, stream: TextIO, out: TextIO, prompt: bool) -> int | None:
    """Read lines until one is a hole (its number) or a quit word or the end of input (None)."""
    while True:
        if prompt:
            print(f"Hole ({drill.rules.hole_range()})? ", end="", file=out, flush=True)
        line, problem = read_line(stream)
        if problem:
            print(f"Sorry: {problem}", file=out, flush=True)
            continue
        if not line:
            if prompt:
                print(file=out)  # Ctrl-D: what follows starts on a line of its own
            return None
        if not line.strip():
            continue
        try:
            return parse_hole(line, drill.rules.holes_per_side)
        except UserError as exc:
            print(f"Sorry: {exc}", file=out, flush=True)


def run(drill: Drill, stream: TextIO | None = None, out: TextIO | None = None, prompt: bool | None = None) -> int:
    """Drill until `--count` boards, the set's end, a quit word or the end of input."""
    stream = stream or sys.stdin
    out = out or sys.stdout
    prompt = stream.isatty() if prompt is None else prompt
    while drill.next_board() is not None:
        print("\n".join(fit(board_lines(drill))), file=out, flush=True)
        try:
            hole = ask(drill, stream, out, prompt)
        except KeyboardInterrupt:  # Ctrl-C stops the drill; the boards answered still count
            print(file=out)
            hole = None
        if hole is None:
            break
        print("\n".join(fit(verdict_lines(drill.answer(hole), drill))), file=out, flush=True)
    print("\n".join(fit(score_lines(drill))), file=out, flush=True)
    return 0
