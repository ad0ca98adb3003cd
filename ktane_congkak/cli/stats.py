"""`ktane-congkak stats`: figures over many boards from the module's generator."""

from __future__ import annotations

import argparse

from ..errors import UserError, warn
from .common import add_rules_argument, whole_number
from .generate import add_filter_options

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from ..core.rules import Ruleset
    from ..puzzles.stats import Tally


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("stats", help="how often each hole is the answer, ties, disagreements, points",
                       description="Generate boards as the module does and count: how often each hole solves, "
                                   "ties, boards where the two strike rules differ, the spread of points.")
    p.add_argument("--count", "-n", type=whole_number(1), default=100_000, help="how many boards (default 100000)")
    p.add_argument("--jobs", "-j", type=whole_number(1), default=1, help="worker processes (default 1)")
    p.add_argument("--seed", default="stats", help="seed text (the same seed and count give the same figures)")
    p.add_argument("--json", action="store_true", help="print the counts as JSON")
    p.add_argument("--svg", metavar="OUT.svg", help="also draw the figures as charts in one SVG file")
    p.add_argument("--html", metavar="OUT.html", help="also write them as a page (charts, light and dark, prints)")
    add_filter_options(p)
    p.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                   help="a progress line on standard error (auto: when it is a terminal)")
    add_rules_argument(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import os
    import time

    from ..progress import Progress, Stoppable, stopped
    from ..puzzles.stats import CHUNK, Tally, collect, report_lines, to_json
    from ..workers import usable_jobs
    from .common import check_output, print_json, rules_from
    from .generate import filters_from
    from .output import print_lines

    rules = rules_from(args)
    filters = filters_from(args)
    filters.check()
    for option, path, suffix in (("--svg", args.svg, ".svg"), ("--html", args.html, ".html")):
        if path:
            if not path.lower().endswith(suffix):
                raise UserError(f"{option} {path}: name it OUT{suffix}")
            check_output(option, path, (("--rules", args.rules),))
    jobs = usable_jobs(args.jobs, args.count, CHUNK)
    if jobs < args.jobs:
        cpus = os.cpu_count() or 1
        why = (f"this machine has {cpus} CPU{'s' * (cpus > 1)}" if jobs == cpus
               else f"{args.count} boards make only {jobs} chunk{'s' * (jobs > 1)} of up to {CHUNK}")
        warn(f"--jobs {args.jobs} capped at {jobs}: {why}")
    show = {"always": True, "never": False}.get(args.progress)  # auto: None, when standard error is a terminal
    started = time.perf_counter()
    tally, interrupt = Tally(), None
    counted: list[Stoppable] = []  # what collect counts, ended cleanly by Ctrl-C between two boards

    def paced(items) -> Stoppable:
        counted.append(Stoppable(items))
        return counted[-1]

    with Progress("stats", args.count, "board", show=show) as progress:
        try:
            collect(args.rules, args.seed, args.count, jobs, progress, tally, filters if filters.given else None,
                    paced)
        except KeyboardInterrupt as cut:  # Ctrl-C before the counting began
            interrupt = cut
    interrupt = interrupt or next((items.interrupt for items in counted if items.interrupt), None)
    elapsed = time.perf_counter() - started
    if tally.boards:
        lines = report_lines(tally, rules.holes_per_side)
        if filters.given:
            lines[0] = f"Boards: {tally.boards} of {tally.drawn} from the module's generator pass {filters.words()}"
        if args.json:
            print_json({"seed": args.seed, "rules": rules.name, **({"filters": filters.as_dict()} if filters.given else {}),
                        **to_json(tally)})
        else:
            print_lines([*lines, f"({elapsed:.1f} s, {tally.drawn / elapsed:,.0f} boards/s with {jobs} job{'s' * (jobs > 1)})"])
        write_pictures(args, tally, rules, lines, quiet=args.json, filters_words=filters.words())
    if interrupt is None:
        return 0
    kept = (f"the figures above are of {tally.drawn:,} of {args.count:,} boards" if tally.boards
            else "no board counted yet")
    return stopped("stats", interrupt, kept)


def write_pictures(args: argparse.Namespace, tally: Tally, rules: Ruleset, lines: list[str], quiet: bool, filters_words: str = "") -> None:
    """--svg and --html: the figures drawn (paper/stats_page.py), each file written whole or not at all."""
    import sys

    from ..files import write_atomic
    from ..paper.stats_page import stats_html, stats_svg

    heading = f"{tally.boards:,} Congkak boards"
    heading += f" (seed {args.seed}{', ' + filters_words if filters_words else ''})"
    for path, make in ((args.svg, lambda: stats_svg(tally, rules.holes_per_side, heading)),
                       (args.html, lambda: stats_html(tally, rules.holes_per_side, "Congkak boards in figures", lines))):
        if path:
            write_atomic(path, make())
            print(f"Written to {path}", file=sys.stderr if quiet else sys.stdout)
