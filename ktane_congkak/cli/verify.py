"""`ktane-congkak verify`: is an answer right, or grade a whole answer sheet.

    verify BOARD --answer N [--trace] [--strike-rule module|manual] [--json]
    verify --puzzles SET|SET.yaml --answers ANSWERS.yaml [--strike-rule ...] [--json]
    verify --log FILE [--trace] [--json]      (a bomb's Unity log; - for standard input)
    verify --log FILE --html OUT.html [--no-open]   (the same judged as a page to look at)
    ... [--release DATE]                      (judge by the rules of an earlier release of the module)

Exit 0 when right (every puzzle right), 1 when wrong (any puzzle not right), 2 on bad input.
With --log: 0 when the engine agrees with everything the Congkak modules logged, 1 when it
disagrees anywhere, 2 when the log cannot be read or holds no Congkak module.
"""

from __future__ import annotations

import argparse

from ..errors import warn
from .common import add_board_arguments, add_puzzles_option, add_rules_argument, board_from_args, board_header, help_rules, path_text, print_json, rules_from
from .output import print_lines
from .solve import add_release_argument, release_from, release_lines

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from ..core.board import Board
    from ..core.rules import Ruleset
    from ..core.verify import Check, Puzzle

OLD_RULE_OPTION = "--rule"


def register(sub: argparse._SubParsersAction) -> None:
    from ..core.evaluate import MANUAL_RULE, MODULE_RULE, RULE_NAMES, STRIKE_RULES

    p = sub.add_parser(
        "verify", help="check an answer, grade an answer sheet, or judge a real bomb's log",
        usage="%(prog)s BOARD --answer N [OPTION ...]\n       %(prog)s --puzzles SET --answers FILE [OPTION ...]"
              "\n       %(prog)s --log FILE [OPTION ...]",
        description="Check an answer, grade an answer sheet, or judge a real bomb's log. Exit 0 when right "
                    "(--log: the engine agrees with the log), 1 when not, 2 on bad input. The guide: "
                    "`ktane-congkak manual manual`.")
    one = p.add_argument_group("an answer")
    add_board_arguments(one, rules_option=False)
    one.add_argument("--answer", metavar="N", help=f"the hole you would press, {help_rules().hole_range()}")
    one.add_argument("--trace", action="store_true", help="follow the turns drop by drop (--log: each press's)")
    sheet = p.add_argument_group("an answer sheet")
    add_puzzles_option(sheet, "the puzzles answered")
    sheet.add_argument("--answers", type=path_text, metavar="FILE", help="the answers written for that set (YAML)")
    log = p.add_argument_group("a bomb's log")
    log.add_argument("--log", type=path_text, metavar="FILE", help="Player.log, output_log.txt or a practice log; - reads standard input")
    log.add_argument("--html", type=path_text, metavar="OUT.html",
                     help="write the report as a web page (each board drawn) and open it; - writes it to "
                          "standard output")
    log.add_argument("--no-open", action="store_true", help="with --html: print the page's path, not opening it")
    p.add_argument("--strike-rule", dest="rule", default=STRIKE_RULES[0], choices=STRIKE_RULES,
                   help=f"whose strike rule judges a wrong hole: {RULE_NAMES[MODULE_RULE]} (default) or "
                        f"{RULE_NAMES[MANUAL_RULE]}")
    # --strike-rule's name until this release (one letter from --rules): kept a release, unlisted
    p.add_argument(OLD_RULE_OPTION, dest="old_rule", choices=STRIKE_RULES, help=argparse.SUPPRESS)
    add_rules_argument(p)
    add_release_argument(p, log=True)
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..errors import UserError

    if args.old_rule is not None:
        _take_old_rule(args)
    if args.log is not None:
        return _run_log(args)
    if args.html is not None or args.no_open:
        raise UserError(f"verify: {'--html' if args.html is not None else '--no-open'} goes with --log FILE")
    rules = rules_from(args)
    if args.puzzles or args.answers:
        if not (args.puzzles and args.answers):
            raise UserError("verify: --puzzles and --answers go together")
        if args.board or args.answer is not None or getattr(args, "puzzle", None):
            raise UserError("verify: give either a BOARD with --answer, or --puzzles with --answers")
        return _run_sheet(args, rules, release_from(args, rules))
    if args.answer is None and not (args.board or getattr(args, "puzzle", None)):
        raise UserError("verify: give a BOARD with --answer N, --puzzles SET with --answers FILE, or --log FILE")
    if args.answer is None:
        raise UserError(f"verify: give --answer N (the hole you would press, {rules.hole_range()})")
    return _run_one(args, rules, release_from(args, rules))


def _take_old_rule(args: argparse.Namespace) -> None:
    """--rule, the old name of --strike-rule: still read (a note says the new name)."""
    from ..core.evaluate import MODULE_RULE
    from ..errors import UserError

    if args.rule != MODULE_RULE:
        raise UserError("verify: give --strike-rule alone (--rule is its old name)")
    args.rule = args.old_rule
    warn(f"verify: {OLD_RULE_OPTION} is now --strike-rule; the old name goes in the next release")


def _run_one(args: argparse.Namespace, rules, release) -> int:
    from ..core.evaluate import evaluate
    from ..core.ids import board_id
    from ..core.rules import YOU
    from ..core.verify import check_answer, check_json

    board = board_from_args(args, rules)
    check = check_answer(board.slots, rules, args.answer, args.rule, evaluate(board.slots, rules, YOU, release))
    if args.json:
        print_json(check_json(check, board_id(board, rules), rules, args.trace))
    else:
        print_lines(check_lines(check, board, rules, args.trace))
    return 0 if check.right else 1


def check_lines(check: Check, board: Board, rules: Ruleset, trace: bool = False) -> list[str]:
    from ..core.evaluate import RULE_NAMES

    ev = check.evaluation
    lines = [check.sentence()]
    theirs = check.other_verdict()
    if theirs:
        lines.append(f"Note: {RULE_NAMES[check.other_rule]} says {theirs} for hole {check.hole} "
                     f"({ev.why(check.hole, check.other_rule)}).")
    lines += ["", *board_header(board, rules), *release_lines(ev.release, board.stores_known), ""]
    lines.append(f"{'hole':>4}  {'seeds':>5}  {'points':>6}  {check.rule}")
    for i, verdict in enumerate(ev.verdicts(check.rule)):
        mark = "  <- your answer" if i + 1 == check.hole else ""
        lines.append(f"{i + 1:>4}  {ev.seeds[i]:>5}  {ev.points[i]:>6}  {verdict}{mark}")
    best = check.correct
    lines.append("")
    lines.append(f"Correct: hole {best[0]} ({ev.maximum} points)." if len(best) == 1 else
                 f"Correct: any of holes {', '.join(map(str, best))} ({ev.maximum} points each).")
    if trace:
        for hole in check.traced:
            lines.append("")
            lines.extend(_trace_lines(ev, hole, rules, check.hole, board.stores_known))
    return lines


def _trace_lines(ev, hole: int, rules, answered: int, stores_known: bool) -> list[str]:
    from ..core.explain import describe_turn, turn_size
    label = "your answer" if hole == answered else "a best hole"
    if not ev.seeds[hole - 1]:
        return [f"Hole {hole} ({label}) is empty: pressing it moves nothing."]
    turn = ev.turn(hole, rules)
    head = f"Hole {hole} ({label}), {ev.points[hole - 1]} points, {turn_size(turn)}:"
    return [head] + [f"  {line}" for line in describe_turn(turn, rules, stores_known)]


def _run_sheet(args: argparse.Namespace, rules, release) -> int:
    from ..files import read_yaml
    from ..core.verify import answers_from_data, grade_sheet, sheet_json, summary_lines

    puzzles = load_puzzle_set(args.puzzles, rules)
    answers, unknown = answers_from_data(read_yaml(args.answers), [p.id for p in puzzles], args.answers)
    sheet = grade_sheet(puzzles, answers, rules, args.rule, unknown, release)
    if args.json:
        print_json(sheet_json(sheet))
    else:
        print_lines([*release_lines(release, True), *summary_lines(sheet)])
    return 0 if sheet.score == sheet.total else 1


def load_puzzle_set(source: str, rules: Ruleset) -> list[Puzzle]:
    """The set's puzzles as verify.Puzzle (ID, 16 slots), read by the puzzle-file loader."""
    from ..puzzles.sets import load_puzzles as load
    from ..core.verify import Puzzle

    return [Puzzle(p.id, tuple(p.board)) for p in load(source, rules).puzzles]


def _run_log(args: argparse.Namespace) -> int:
    from ..core.evaluate import MANUAL_RULE, MODULE_RULE, RULE_NAMES
    from ..core.logcheck import check_log_lines
    from ..core.rules import DEFAULT, load_ruleset
    from ..errors import UserError
    from ..progress import Progress, Stoppable, stopped

    if args.board or args.answer is not None or args.puzzles or args.answers or getattr(args, "puzzle", None):
        raise UserError("verify: --log takes no BOARD, --answer, --puzzle, --puzzles or --answers")
    if args.rules != DEFAULT or args.rule != MODULE_RULE:
        raise UserError(f"verify: --log judges by the module's own rules and shows {RULE_NAMES[MANUAL_RULE]} too; "
                        "leave out --rules and --strike-rule")
    if args.html is not None:
        _check_html_options(args)
    elif args.no_open:
        raise UserError("verify: --no-open goes with --html OUT.html")
    rules = load_ruleset(DEFAULT)
    release = release_from(args, rules) if args.release else None  # else each module's own
    name = "standard input" if args.log == "-" else args.log
    lines = None
    try:
        with Progress("verify", unit="line") as progress:  # a log of millions of lines takes seconds
            lines = Stoppable(_log_lines(args.log), progress)  # Ctrl-C ends it: the part read is reported
            check = check_log_lines(lines, rules, release)
        if lines.interrupt is not None and not any(module.boards for module in check.modules):
            return stopped("verify", lines.interrupt, f"{lines.count:,} lines of {name} read, no Congkak board "
                           "among them")
        code = _report_log(check, rules, name, args)
    except KeyboardInterrupt as cut:  # while judging or writing: nothing half written
        left = f"; {args.html} left as it was" if args.html not in (None, "-") else ""
        return stopped("verify", cut, f"the report was cut short{left}")
    if lines.interrupt is None:
        return code
    what = "page" if args.html is not None else "report above"
    return stopped("verify", lines.interrupt, f"the {what} is of the first {lines.count:,} lines of {name}, "
                   "all that was read")


def _report_log(check, rules, name: str, args: argparse.Namespace) -> int:
    """The report of a log read: as text, JSON or a page; the exit code."""
    from ..core.logtext import report_lines
    from ..errors import UserError

    if not check.modules:
        raise UserError(f"{name}: no Congkak module in this log "
                        "(no line tagged [Congkak #N], or [Congkak N] as the first release wrote)")
    if not any(module.boards for module in check.modules):
        first = next(note for module in check.modules for note in module.notes)
        raise UserError(f"{name}: no Congkak board could be read in this log ({first})")
    if args.html is not None:
        _write_log_html(check, rules, name, args)
    elif args.json:
        _write_log_json(check)
    else:
        for line in report_lines(check, rules, args.trace):  # streamed: a log of any size
            print_lines([line])
    return 0 if check.agrees else 1


def _check_html_options(args: argparse.Namespace) -> None:
    """--html writes a page instead of the text or JSON report; refused before the log is read
    when it goes with either, or names a file that cannot be written or the log itself."""
    from .common import check_output
    from ..errors import UserError

    if args.json or args.trace:
        raise UserError(f"verify: --html writes a page; leave out {'--json' if args.json else '--trace'}")
    if args.html != "-":
        # `--log - < F`: standard input is the file F, compared as a file (descriptor 0)
        check_output("--html", args.html, (("--log", 0 if args.log == "-" else args.log),))


def _write_log_html(check, rules, name: str, args: argparse.Namespace) -> None:
    """The page written whole (a crash never leaves half of it), its absolute path printed,
    then opened where there is a display."""
    from pathlib import Path

    from .common import open_in_browser
    from .output import is_standard_output, write_bytes
    from ..files import write_atomic
    from ..paper.log_report import report_html

    if is_standard_output(args.html):  # `--html -`, as generate's `--out -`: the page alone, nothing opened
        write_bytes(report_html(check, rules, name).encode("utf-8"))
        return
    write_atomic(args.html, report_html(check, rules, name))
    path = Path(args.html).resolve()
    print(path)
    if not args.no_open:
        open_in_browser(path)


def _write_log_json(check) -> None:
    """`log_json(check)` written a module at a time (the same text as print_json would
    write), so a log of thousands of boards never holds its whole JSON in memory."""
    import json
    import sys

    from ..core.logtext import module_json

    out = sys.stdout
    out.write('{"modules":[')
    for i, module in enumerate(check.modules):
        out.write(("," if i else "") + json.dumps(module_json(module), separators=(",", ":")))
    out.write('],"agrees":' + json.dumps(check.agrees) + "}\n")


def _log_lines(path: str):
    """The log's lines, streamed (a log of any size in bounded memory): "-" is standard
    input; UTF-8 (or UTF-16 with its byte-order mark, as Windows tools write); an
    over-long line is cut to typed.MAX_LINE characters (the module's lines are far
    shorter). Any failure is one UserError."""
    import io
    import sys

    from ..files import open_stream, os_problem
    from ..typed import read_at_most

    raw = sys.stdin.buffer if path == "-" else open_stream(path)
    try:
        buffered = raw if hasattr(raw, "peek") else io.BufferedReader(raw)  # type: ignore[type-var]  # a raw binary stream
        head = buffered.peek(2)[:2]
        encoding = "utf-16" if head in (b"\xff\xfe", b"\xfe\xff") else "utf-8-sig"
        text = io.TextIOWrapper(buffered, encoding=encoding, errors="replace", newline="")
        while True:
            line, cut = read_at_most(text, ("\n", "\r"))
            if not line:
                return
            yield line + "\n" if cut else line  # an over-long line's rest is not the module's
    except OSError as exc:
        raise os_problem("standard input" if path == "-" else path, exc, "read") from None
    finally:
        if path != "-":
            raw.close()
