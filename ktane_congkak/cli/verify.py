"""`ktane-congkak verify`: is an answer right, or grade a whole answer sheet.

    verify BOARD --answer N [--trace] [--rule module|manual] [--json]
    verify --puzzles SET|SET.yaml --answers ANSWERS.yaml [--rule ...] [--json]

Exit 0 when right (every puzzle right), 1 when wrong (any puzzle not right), 2 on bad input.
"""

from __future__ import annotations

from .common import add_board_arguments, board_from_args, board_header, print_json, rules_from


def register(sub) -> None:
    p = sub.add_parser(
        "verify", help="check an answer, or grade an answer sheet",
        description="Check an answer (a hole 1-7) against a board, or grade a sheet of answers "
                    "against a puzzle set. Exit 0 when right, 1 when wrong, 2 on bad input.")
    add_board_arguments(p, required=False)
    p.add_argument("--answer", metavar="N", help="the hole you would press, 1-7")
    p.add_argument("--trace", action="store_true", help="follow the answered hole's turn and a best hole's, drop by drop")
    p.add_argument("--rule", default="module", choices=("module", "manual"),
                   help="whose strike rule judges a wrong hole: the module's (default) or its manual's wording")
    p.add_argument("--puzzles", metavar="SET|SET.yaml",
                   help="a puzzle set (as printed on a sheet): a curated set's name or a puzzle file")
    p.add_argument("--answers", metavar="ANSWERS.yaml", help="the answers written for that set")
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..errors import UserError

    rules = rules_from(args)
    if args.puzzles or args.answers:
        if not (args.puzzles and args.answers):
            raise UserError("verify: --puzzles and --answers go together")
        if args.board or args.answer is not None or getattr(args, "puzzle", None):
            raise UserError("verify: give either a BOARD with --answer, or --puzzles with --answers")
        return _run_sheet(args, rules)
    if args.answer is None:
        raise UserError("verify: give --answer N (the hole you would press, 1-7)")
    return _run_one(args, rules)


def _run_one(args, rules) -> int:
    from ..core.verify import check_answer

    board = board_from_args(args, rules)
    check = check_answer(board.slots, rules, args.answer, args.rule)
    if args.json:
        print_json(_check_json(check, board, rules, args.trace))
    else:
        print("\n".join(check_lines(check, board, rules, args.trace)))
    return 0 if check.right else 1


def check_lines(check, board, rules, trace: bool = False) -> list[str]:
    ev = check.evaluation
    lines = [check.sentence()]
    theirs = check.other_verdict()
    if theirs:
        whose = "the manual's wording" if check.other_rule == "manual" else "the module"
        lines.append(f"Note: {whose} says {theirs} for hole {check.hole} "
                     f"({ev.why(check.hole, check.other_rule)}).")
    lines += ["", *board_header(board, rules), ""]
    lines.append(f"{'hole':>4}  {'seeds':>5}  {'points':>6}  {check.rule}")
    for i, verdict in enumerate(ev.verdicts(check.rule)):
        mark = "  <- your answer" if i + 1 == check.hole else ""
        lines.append(f"{i + 1:>4}  {ev.seeds[i]:>5}  {ev.points[i]:>6}  {verdict}{mark}")
    best = check.correct
    lines.append("")
    lines.append(f"Correct: hole {best[0]} ({ev.maximum} points)." if len(best) == 1 else
                 f"Correct: any of holes {', '.join(map(str, best))} ({ev.maximum} points each).")
    if trace:
        for hole in _traced_holes(check):
            lines.append("")
            lines.extend(_trace_lines(ev, hole, rules, check.hole, board.stores_known))
    return lines


def _traced_holes(check) -> list[int]:
    """The answered hole, then the first best hole if the answer was not one."""
    holes = [check.hole]
    if not check.right and check.correct:
        holes.append(check.correct[0])
    return holes


def _trace_lines(ev, hole: int, rules, answered: int, stores_known: bool) -> list[str]:
    from ..core.explain import describe_turn, plural
    from ..core.rules import YOU
    from ..core.sowing import play_turn

    label = "your answer" if hole == answered else "a best hole"
    if not ev.seeds[hole - 1]:
        return [f"Hole {hole} ({label}) is empty: pressing it moves nothing."]
    turn = play_turn(ev.board, rules, YOU, ev.holes[hole - 1])
    head = (f"Hole {hole} ({label}), {ev.points[hole - 1]} points, "
            f"{plural(turn.drops, 'drop')}, {plural(turn.relays, 'relay')}:")
    return [head] + [f"  {line}" for line in describe_turn(turn, rules, stores_known)]


def _check_json(check, board, rules, trace: bool) -> dict:
    ev = check.evaluation
    from ..core.ids import board_id

    out = {
        "id": board_id(board, rules),
        "board": list(ev.board),
        "answer": check.hole,
        "right": check.right,
        "rule": check.rule,
        "verdict": check.verdict,
        "strikes": check.strikes,
        "why": check.why,
        "points": list(ev.points),
        "correct": check.correct,
        "maximum": ev.maximum,
        "verdicts": list(ev.verdicts(check.rule)),
        "other_rule": {"rule": check.other_rule, "verdict": check.other_verdict()},
    }
    if trace:
        from ..core.explain import turn_summary
        from ..core.rules import YOU
        from ..core.sowing import play_turn

        out["turns"] = {str(h): turn_summary(play_turn(ev.board, rules, YOU, ev.holes[h - 1]))
                        for h in _traced_holes(check) if ev.seeds[h - 1]}
    return out


def _run_sheet(args, rules) -> int:
    from ..files import read_yaml
    from ..core.verify import answers_from_data, grade_sheet, sheet_json, summary_lines

    puzzles = load_puzzle_set(args.puzzles, rules)
    answers, unknown = answers_from_data(read_yaml(args.answers), [p.id for p in puzzles], args.answers)
    sheet = grade_sheet(puzzles, answers, rules, args.rule, unknown)
    if args.json:
        print_json(sheet_json(sheet))
    else:
        print("\n".join(summary_lines(sheet)))
    return 0 if sheet.score == sheet.total else 1


def load_puzzle_set(source, rules):
    """The set's puzzles as verify.Puzzle (ID, 16 slots), read by the puzzle-file loader."""
    from ..puzzles.sets import load_puzzle_set as load
    from ..core.verify import Puzzle

    return [Puzzle(p.id, tuple(p.board)) for p in load(source, rules).puzzles]
