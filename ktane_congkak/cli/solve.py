"""`ktane-congkak solve`: every hole's points and verdicts, and the answer."""

from __future__ import annotations

import argparse
import sys

from ..core.rules import PLAYER_NAMES, YOU, Ruleset
from .common import add_board_arguments, board_from_args, board_sizes, board_header, print_json, rules_from
from .output import print_lines

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from ..core.board import Board
    from ..core.releases import Release


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("solve", help="points, verdicts and the answer for a board",
                       description="Score every hole of a board and name the holes that solve.")
    add_board_arguments(p)
    p.add_argument("--json", action="store_true", help="print a JSON object; with BOARD '-', one per line of standard input")
    p.add_argument("--side", choices=PLAYER_NAMES, default=PLAYER_NAMES[YOU], help="whose holes to evaluate (default: you)")
    add_release_argument(p)
    p.set_defaults(run=run)


def add_release_argument(parser: argparse._ActionsContainer, log: bool = False) -> None:
    """--release DATE: judge by the rules of the module's release in force on that date (core.releases)."""
    from ..core.releases import PUBLISHED

    default = "today's" + (" (--log: each module's own)" if log else "")
    parser.add_argument("--release", metavar="DATE",
                        help=f"judge by the rules of the module's release in force on DATE (YYYY-MM-DD, "
                             f"{PUBLISHED[0]} or later); default {default}; `ktane-congkak manual releases` "
                             "lists them")


def release_from(args: argparse.Namespace, rules: Ruleset) -> Release:
    """The release --release names (today's without it); only the module's ruleset has releases.
    A date that is not a release's own is said in the output: which release was in force on it."""
    from ..core.releases import CURRENT, PUBLISHED, published_on, release_on
    from ..core.rules import DEFAULT
    from ..errors import UserError

    if args.release is None:
        return CURRENT
    if rules.name != DEFAULT:
        raise UserError(f"--release judges by the rules of a release of the module; leave out --rules {args.rules}")
    release = release_on(args.release)
    if args.release.strip() not in PUBLISHED and not getattr(args, "json", False):
        built = published_on(args.release)
        same = f", which plays by the rules of {release.date}" if built != release.date else ""
        print_lines([f"--release {args.release.strip()}: the module in force on that date is its {built} "
                     f"release{same}."])
    return release


def solution(board: Board, rules: Ruleset, side: str, release: Release | None = None) -> dict:
    """The JSON object of `solve --json` for one parsed Board (its shape: `Evaluation.as_json`)."""
    from ..core.evaluate import evaluate
    from ..core.releases import CURRENT

    return evaluate(board.slots, rules, PLAYER_NAMES.index(side), release or CURRENT).as_json(rules, board.stores_known)


def release_lines(release: Release, stores_known: bool) -> list[str]:
    """What an earlier release judged by does otherwise (nothing for today's)."""
    from ..core.releases import CURRENT, rule_changes

    if release == CURRENT:
        return []
    changes = rule_changes(release)
    lines = [f"Judged by the module's {release.date} release" +
             (f": {'; '.join(changes)}." if changes else f" (the same rules as {CURRENT.date}).")]
    if not release.store_gain and not stores_known:
        lines.append("That release adds your whole store to every non-empty hole's points: give all 16 slots "
                     "for its figures (the answer is the same).")
    return lines


def _hole_numbers(ev, rules) -> list[int]:
    from ..core.board import slot_to_position

    return [slot_to_position(s, rules) for s in ev.holes]


def run(args: argparse.Namespace) -> int:
    from ..errors import UserError

    rules = rules_from(args)
    release = release_from(args, rules)
    if args.board == ["-"]:
        if not args.json:
            raise UserError("reading boards from standard input ('-') needs --json")
        return _run_stream(rules, args.side, release)
    if not args.board and args.puzzle is None:
        raise UserError(f"solve: give a BOARD ({board_sizes(rules)} numbers) or --puzzle ID, or '-' with --json")
    board = board_from_args(args, rules)
    if args.json:
        print_json(solution(board, rules, args.side, release))
    else:
        print_lines(table(board, rules, args.side, release))
    return 0


def _run_stream(rules, side: str, release) -> int:
    """One JSON object per line of standard input; a bad line gets an error object and
    the exit code 2, and the stream goes on."""
    from ..core.evaluate import evaluate
    from ..errors import UserError
    from .common import board_from_text, json_line

    from ..typed import read_line

    player, bad, number = PLAYER_NAMES.index(side), False, 0
    write = sys.stdout.write
    while True:
        line, problem = read_line(sys.stdin)
        number += 1
        if problem:
            bad = True
            write(json_line({"line": number, "error": problem}))
            continue
        if line is None:
            break
        if not line.strip():
            continue
        try:
            board = board_from_text(line, rules)
        except UserError as exc:
            bad = True
            write(json_line({"line": number, "error": str(exc)}))
            continue
        write(json_line(evaluate(board.slots, rules, player, release).as_json(rules, board.stores_known)))
    return 2 if bad else 0


def table(board: Board, rules: Ruleset, side: str = "you", release: Release | None = None) -> list[str]:
    """The human-readable table: seeds, points, verdicts (manual's where it differs)."""
    from ..core.evaluate import MANUAL_RULE, MODULE_RULE, RULE_NAMES, evaluate
    from ..core.releases import CURRENT

    ev = evaluate(board.slots, rules, PLAYER_NAMES.index(side), release or CURRENT)
    numbers = _hole_numbers(ev, rules)
    lines = board_header(board, rules)
    lines += release_lines(ev.release, board.stores_known)
    if side == "opponent":
        store = "what its store gains" if ev.release.store_gain else "its whole store"
        lines.append(f"Evaluating the opponent's holes: points are its holes plus {store}.")
    lines.append("")
    lines.append(f"{'hole':>4}  {'seeds':>5}  {'points':>6}  {MODULE_RULE:<9} {MANUAL_RULE} (where it differs)")
    for i, number in enumerate(numbers):
        manual = ev.manual[i] if ev.manual[i] != ev.module[i] else ""
        lines.append(f"{number:>4}  {ev.seeds[i]:>5}  {ev.points[i]:>6}  {ev.module[i]:<9} {manual}".rstrip())
    answer = [numbers[h - 1] for h in ev.answer]
    best = " or ".join(map(str, answer)) if len(answer) < 3 else f"{', '.join(map(str, answer[:-1]))} or {answer[-1]}"
    lines.append("")
    lines.append(f"Answer: press hole {best} ({ev.maximum} points)." if len(answer) == 1
                 else f"Answer: press any of holes {best} ({ev.maximum} points each).")
    for h in ev.disagreements:
        lines.append(f"  hole {numbers[h - 1]}: {MODULE_RULE} says {ev.module[h - 1]} ({ev.why(h)}); "
                     f"{RULE_NAMES[MANUAL_RULE]} says {ev.manual[h - 1]} ({ev.why(h, MANUAL_RULE)}).")
    return lines
