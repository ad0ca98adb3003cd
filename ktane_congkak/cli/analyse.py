"""`ktane-congkak analyse`: the value of every move in a game's position (games.analysis)."""

from __future__ import annotations

import argparse
import sys

from ..games.settings import GAME_RULES, LEVELS
from .common import add_search_limits, path_text


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("analyse", help="the value of every move in a traditional game's position",
                       description="Value every legal move of the side to move: its final seeds minus the "
                                   "opponent's, exact near the end of the game (perfect play by both), else the "
                                   "search's estimate. Single-round rulesets only.")
    p.add_argument("--rules", type=path_text, default=GAME_RULES, help=f"a single-round ruleset or YAML file (default: {GAME_RULES})")
    p.add_argument("--board", required=True, metavar="COUNTS",
                   help="every slot's seeds in the order of a save file's position.board, e.g. \"7 7 7 ...\"; "
                        "'-': one position a line from standard input, one result a line")
    p.add_argument("--to-move", required=True, choices=("south", "north"), help="the side to move")
    limits = p.add_argument_group("how hard to look (one of; default: --level expert)")
    limits.add_argument("--level", choices=LEVELS, default=None, help="search as that level does (its limits, never its blunders)")
    add_search_limits(limits, "none: the level's", "so the values are the same on every machine")
    p.add_argument("--json", action="store_true", help="print one JSON object (a line each with --board -)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..errors import UserError
    from ..games.analysis import limits_for

    if args.level is not None and (args.depth is not None or args.budget is not None):
        raise UserError("give one of --level, --depth and --budget")
    limits = limits_for(args.level, args.depth, args.budget)
    if args.board == "-":
        return _run_stream(args, limits)
    return _run_one(args, limits)


def _run_one(args: argparse.Namespace, limits) -> int:
    """One position, with the search's progress; Ctrl-C prints the values of the last depth completed."""
    from ..games.analysis import analyse, position_from_counts
    from ..progress import Progress, stopped

    game = position_from_counts(args.rules, args.board, args.to_move)
    reached: list = []  # the analysis of the last depth completed

    def on_depth(analysis) -> None:
        reached[:] = [analysis]
        progress.say(f"searched {analysis.moves[0].depth} moves deep")

    with Progress("analyse") as progress:
        progress.say("searching")
        interrupt: KeyboardInterrupt | None = None
        try:
            reached[:] = [analyse(game, limits=limits, on_depth=on_depth)]
        except KeyboardInterrupt as cut:
            interrupt = cut
    if reached:
        print("\n".join(_shown(args, reached[0])))
    if interrupt is None:
        return 0
    depth = reached[0].moves[0].depth if reached else None
    return stopped("analyse", interrupt, f"the values above are those of {depth} moves deep, the deepest the search "
                   "completed" if depth else "the search had completed no depth yet")


def _result(args: argparse.Namespace, counts: str, limits) -> list[str]:
    from ..games.analysis import analyse, position_from_counts

    return _shown(args, analyse(position_from_counts(args.rules, counts, args.to_move), limits=limits))


def _shown(args: argparse.Namespace, analysis) -> list[str]:
    """An analysis as the command prints it: a table (fitted to the width), one line of a stream, or JSON."""
    from ..core.text import fit
    from .common import json_line

    if args.json:
        return [json_line(analysis.as_json()).rstrip("\n")]
    return fit(analysis.table()) if args.board != "-" else [_one_line(analysis)]


def _one_line(analysis) -> str:
    """A position's result on one line (a stream of positions in text)."""
    moves = ", ".join(f"hole {m.hole} {m.words}{' exact' if m.exact else f' (depth {m.depth})'}"
                      for m in analysis.moves)
    return f"best {' or '.join(map(str, analysis.best))}: {moves}"


def _run_stream(args: argparse.Namespace, limits) -> int:
    """A result a line of standard input; a bad line gets its error (an object with
    --json) and the exit code 2, and the stream goes on."""
    answered = [0]
    try:
        return _stream(args, limits, answered)
    except KeyboardInterrupt as cut:  # the lines answered are out already: say how many
        from ..core.explain import plural
        from ..progress import stopped

        return stopped("analyse", cut, f"{plural(answered[0], 'line')} of standard input answered above")


def _stream(args: argparse.Namespace, limits, answered: list[int]) -> int:
    from ..errors import UserError
    from ..typed import read_line
    from .common import json_line

    bad, number = False, 0
    while True:
        line, problem = read_line(sys.stdin)
        number += 1
        if line is None and problem is None:
            break
        try:
            if problem or line is None:
                raise UserError(problem or "")
            if not line.strip():
                continue
            out = _result(args, line, limits)
        except UserError as exc:
            bad = True
            out = [json_line({"line": number, "error": str(exc)}).rstrip("\n") if args.json else f"line {number}: {exc}"]
        sys.stdout.write("\n".join(out) + "\n")
        sys.stdout.flush()
        answered[0] += 1
    return 2 if bad else 0
