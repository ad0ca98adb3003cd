"""`ktane-congkak stats`: figures over many boards from the module's generator."""

from __future__ import annotations

import sys

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
                   help="progress bar on standard error (auto: when it is a terminal)")
    add_rules_argument(p)
    p.set_defaults(run=run)


class ProgressBar:
    """A one-line bar on standard error, redrawn at most ten times a second."""

    def __init__(self, stream=None, width: int = 30) -> None:
        import time

        self.stream, self.width, self.clock = stream or sys.stderr, width, time.monotonic
        self.start = self.last = self.clock()

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        filled = self.width * done // total
        rate = done / max(now - self.start, 1e-9)
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} boards, {rate:,.0f}/s")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def run(args) -> int:
    import time

    from ..puzzles.stats import collect, report_lines, to_json
    from .common import print_json, rules_from
    from .output import print_lines

    import os

    from ..puzzles.stats import CHUNK
    from ..workers import usable_jobs

    rules = rules_from(args)
    jobs = usable_jobs(args.jobs, args.count, CHUNK)
    if jobs < args.jobs:
        cpus = os.cpu_count() or 1
        why = (f"this machine has {cpus} CPU{'s' * (cpus > 1)}" if jobs == cpus
               else f"{args.count} boards make only {jobs} chunk{'s' * (jobs > 1)} of up to {CHUNK}")
        warn(f"--jobs {args.jobs} capped at {jobs}: {why}")
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    started = time.perf_counter()
    tally = collect(args.rules, args.seed, args.count, jobs,
                    ProgressBar() if show else None)
    elapsed = time.perf_counter() - started
    if args.json:
        print_json({"seed": args.seed, "rules": rules.name, **to_json(tally)})
    else:
        print_lines([*report_lines(tally, rules.holes_per_side),
                     f"({elapsed:.1f} s, {tally.boards / elapsed:,.0f} boards/s with {jobs} job{'s' * (jobs > 1)})"])
    return 0
