"""`ktane-congkak analyse`: the value of every move in a game's position (games.analysis)."""

from __future__ import annotations

import sys

from ..games.settings import GAME_RULES, LEVELS
from .common import add_search_limits


def register(sub) -> None:
    p = sub.add_parser("analyse", help="the value of every move in a traditional game's position",
                       description="Value every legal move of the side to move: its final seeds minus the "
                                   "opponent's, exact near the end of the game (perfect play by both), else the "
                                   "search's estimate. Single-round rulesets only.")
    p.add_argument("--rules", default=GAME_RULES, help=f"a single-round ruleset or YAML file (default: {GAME_RULES})")
    p.add_argument("--board", required=True, metavar="COUNTS",
                   help="every slot's seeds in the order of a save file's position.board, e.g. \"7 7 7 ...\"; "
                        "'-': one position a line from standard input, one result a line")
    p.add_argument("--to-move", required=True, choices=("south", "north"), help="the side to move")
    limits = p.add_argument_group("how hard to look (one of; default: --level expert)")
    limits.add_argument("--level", choices=LEVELS, default=None, help="search as that level does (its limits, never its blunders)")
    add_search_limits(limits, "none: the level's", "so the values are the same on every machine")
    p.add_argument("--json", action="store_true", help="print one JSON object (a line each with --board -)")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..errors import UserError
    from ..games.analysis import limits_for

    if args.level is not None and (args.depth is not None or args.budget is not None):
        raise UserError("give one of --level, --depth and --budget")
    limits = limits_for(args.level, args.depth, args.budget)
    if args.board == "-":
        return _run_stream(args, limits)
    print("\n".join(_result(args, args.board, limits)))
    return 0


def _result(args, counts: str, limits) -> list[str]:
    from ..games.analysis import analyse, position_from_counts
    from .common import json_line

    game = position_from_counts(args.rules, counts, args.to_move)
    analysis = analyse(game, limits=limits)
    if args.json:
        return [json_line(analysis.as_json()).rstrip("\n")]
    return analysis.table() if args.board != "-" else [_one_line(analysis)]


def _one_line(analysis) -> str:
    """A position's result on one line (a stream of positions in text)."""
    from ..games.analysis import worded_value

    moves = ", ".join(f"hole {m.hole} {worded_value(m.value)}{' exact' if m.exact else f' (depth {m.depth})'}"
                      for m in analysis.moves)
    return f"best {' or '.join(map(str, analysis.best))}: {moves}"


def _run_stream(args, limits) -> int:
    """A result a line of standard input; a bad line gets its error (an object with
    --json) and the exit code 2, and the stream goes on."""
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
            if problem:
                raise UserError(problem)
            if not line.strip():
                continue
            out = _result(args, line, limits)
        except UserError as exc:
            bad = True
            out = [json_line({"line": number, "error": str(exc)}).rstrip("\n") if args.json else f"line {number}: {exc}"]
        sys.stdout.write("\n".join(out) + "\n")
        sys.stdout.flush()
    return 2 if bad else 0
