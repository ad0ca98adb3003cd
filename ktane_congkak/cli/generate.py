"""`ktane-congkak generate`: boards from the module's own algorithm, filtered, as a puzzle file."""

from __future__ import annotations

import argparse

from ..puzzles.difficulty import DIFFICULTIES
from .common import add_rules_argument, check_output, path_text, rules_from, whole_number

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from ..puzzles.sets import Filters



def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("generate", help="make puzzles (the module's own boards), optionally filtered",
                       description="Make boards exactly as the module does, reproducible from --seed; "
                                   "filter them and print them or write a puzzle file.")
    p.add_argument("--count", "-n", type=whole_number(1, 100_000), default=1, help="how many puzzles (default 1)")
    p.add_argument("--seed", help="seed text; puzzle k is then seed ID '#SEED-k' (default: a fresh random seed)")
    add_filter_options(p)
    p.add_argument("--title", default="", help="a title for the puzzle file and its sheets")
    p.add_argument("--out", "-o", type=path_text, metavar="F.yaml",
                   help="write a puzzle file (atomically) instead of a list; - writes it to standard output")
    p.add_argument("--json", action="store_true", help="print the puzzle file's content as JSON")
    add_rules_argument(p)
    p.set_defaults(run=run)


def add_filter_options(p: argparse._ActionsContainer) -> None:
    """The filters on boards: generate's, and stats' (which counts the boards generate would keep)."""
    p.add_argument("--difficulty", choices=DIFFICULTIES, help="keep boards of this measured difficulty")
    p.add_argument("--unique", action="store_true", help="keep boards with a single correct hole")
    p.add_argument("--agree", action="store_true",
                   help="keep boards where the module's and the manual's strike rules agree on every hole")
    p.add_argument("--disagree", action="store_true",
                   help="keep boards where they differ on at least one hole (practice for experts)")


def filters_from(args: argparse.Namespace) -> Filters:
    """The puzzles' Filters the options give (none given: a Filters that keeps every board)."""
    from ..puzzles.sets import Filters

    return Filters(unique=args.unique, agree=args.agree, disagree=args.disagree, difficulty=args.difficulty)


def run(args: argparse.Namespace) -> int:
    from ..progress import Progress, stopped
    from ..puzzles.sets import Generation, check_fits, check_title

    check_title(args.title, "--title")
    if args.out and args.out != "-":
        check_output("--out", args.out, [("--rules", args.rules)])
    rules = rules_from(args)
    filters = filters_from(args)
    making = Generation(rules, args.count, args.seed, filters)
    if args.out:  # a file: refused now if it could never be read back, not after the drawing
        check_fits(args.count, making.seed, "standard output" if args.out == "-" else args.out)
    interrupt = None
    with Progress("generate", args.count, "puzzle") as progress:
        try:
            for made in making.run():
                progress.update(made)
        except KeyboardInterrupt as cut:  # Ctrl-C: the puzzles made so far are kept, below
            interrupt = cut
    puzzle_set = making.result()
    puzzle_set.title = args.title
    if interrupt is None:
        _show(args, puzzle_set, rules)
        return 0
    if not puzzle_set.puzzles:
        kept = f"no puzzle made yet{f'; {args.out} left as it was' if args.out and args.out != '-' else ''}"
    else:
        _show(args, puzzle_set, rules, said=False)
        where = f", written to {args.out}" if args.out and args.out != "-" else ""
        kept = (f"{len(puzzle_set.puzzles):,} of {args.count:,} puzzles made{where} (the same --seed "
                f"{puzzle_set.generator['seed']} with --count {len(puzzle_set.puzzles)} makes them again)")
    return stopped("generate", interrupt, kept)


def _show(args: argparse.Namespace, puzzle_set, rules, said: bool = True) -> None:
    """Print the puzzles or write them where --out says (`said`: with the "wrote" line)."""
    from ..core.board import format_board
    from ..core.explain import plural
    from ..puzzles.sets import file_bytes, save, to_data
    from .common import print_json
    from .output import STANDARD_OUTPUT, is_standard_output, print_lines, write_bytes

    made, drawn = plural(len(puzzle_set.puzzles), "puzzle"), plural(puzzle_set.generator["draws"], "board")
    if args.out == "-":
        write_bytes(file_bytes(puzzle_set, STANDARD_OUTPUT))
    elif args.out:
        save(puzzle_set, args.out)
        if said and not is_standard_output(args.out):  # the file itself, when it is (--out /dev/stdout): nothing after it
            print(f"wrote {made} to {args.out} (seed {puzzle_set.generator['seed']}, {drawn} drawn)")
    elif args.json:
        print_json(to_data(puzzle_set))
    else:
        lines = [f"seed {puzzle_set.generator['seed']}: {made} from {drawn} drawn"]
        puzzles = puzzle_set.puzzles
        ids, seeds = (max(len(getattr(p, name)) for p in puzzles) for name in ("id", "seed"))
        for p in puzzles:  # two lines a puzzle: the board alone is 45 columns
            lines += [f"{p.id:<{ids}}  {p.seed:<{seeds}}  answer {','.join(map(str, p.answer)):<5} {p.difficulty}",
                      f"  {format_board(p.board, rules)}"]
        print_lines(lines)
