"""`ktane-congkak stats`: figures over many boards from the module's generator."""

from __future__ import annotations

from ..errors import warn
from .common import add_rules_argument, whole_number


def register(sub) -> None:
    p = sub.add_parser("stats", help="how often each hole is the answer, ties, disagreements, points",
                       description="Generate boards as the module does and count: how often each hole solves, "
                                   "ties, boards where the two strike rules differ, the spread of points.")
    p.add_argument("--count", "-n", type=whole_number(1), default=100_000, help="how many boards (default 100000)")
    p.add_argument("--jobs", "-j", type=whole_number(1), default=1, help="worker processes (default 1)")
    p.add_argument("--seed", default="stats", help="seed text (the same seed and count give the same figures)")
    p.add_argument("--json", action="store_true", help="print the counts as JSON")
    p.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                   help="a progress line on standard error (auto: when it is a terminal)")
    add_rules_argument(p)
    p.set_defaults(run=run)


def run(args) -> int:
    import os
    import time

    from ..progress import Progress, stopped
    from ..puzzles.stats import CHUNK, Tally, collect, report_lines, to_json
    from ..workers import usable_jobs
    from .common import print_json, rules_from
    from .output import print_lines

    rules = rules_from(args)
    jobs = usable_jobs(args.jobs, args.count, CHUNK)
    if jobs < args.jobs:
        cpus = os.cpu_count() or 1
        why = (f"this machine has {cpus} CPU{'s' * (cpus > 1)}" if jobs == cpus
               else f"{args.count} boards make only {jobs} chunk{'s' * (jobs > 1)} of up to {CHUNK}")
        warn(f"--jobs {args.jobs} capped at {jobs}: {why}")
    show = {"always": True, "never": False}.get(args.progress)  # auto: None, when standard error is a terminal
    started = time.perf_counter()
    tally, interrupt = Tally(), None
    with Progress("stats", args.count, "board", show=show) as progress:
        try:
            collect(args.rules, args.seed, args.count, jobs, progress, tally)
        except KeyboardInterrupt as cut:  # Ctrl-C: the figures of the boards counted so far
            interrupt = cut
    elapsed = time.perf_counter() - started
    if tally.boards:
        if args.json:
            print_json({"seed": args.seed, "rules": rules.name, **to_json(tally)})
        else:
            print_lines([*report_lines(tally, rules.holes_per_side),
                         f"({elapsed:.1f} s, {tally.boards / elapsed:,.0f} boards/s with {jobs} job{'s' * (jobs > 1)})"])
    if interrupt is None:
        return 0
    kept = (f"the figures above are of {tally.boards:,} of {args.count:,} boards" if tally.boards
            else "no board counted yet")
    return stopped("stats", interrupt, kept)
