"""Statistics figures: boards generated and scored per second, by stage and with
1 and 2 worker processes, and the time for a million boards (the target is 30 s on
2 cores). Prints figures; asserts nothing.

    python3 benchmarks/bench_stats.py [--count N]   (default 200000; 1000000 for the target)
"""

from __future__ import annotations

import argparse
import os
import random
import time

from ktane_congkak.core.evaluate import evaluate
from ktane_congkak.core.generator import module_board
from ktane_congkak.core.rules import load_ruleset
from ktane_congkak.puzzles.stats import collect, tally_boards


def per_second(n: int, seconds: float) -> str:
    return f"{n / seconds:>9,.0f}/s"


def stages(rules, n: int = 50_000) -> None:
    t = time.perf_counter()
    rng = random.Random(1)
    boards = [module_board(rules, rng) for _ in range(n)]
    gen = time.perf_counter() - t
    t = time.perf_counter()
    for b in boards:
        evaluate(b, rules)
    ev = time.perf_counter() - t
    t = time.perf_counter()
    tally_boards(rules, boards)
    tally = time.perf_counter() - t
    print(f"one core, {n} boards:")
    print(f"  generator.module_board         {per_second(n, gen)}")
    print(f"  evaluate()                     {per_second(n, ev)}")
    print(f"  stats.tally_boards             {per_second(n, tally)}")
    share = gen / (gen + tally)
    print(f"  generation is {share:.0%} of the statistics' time")


def whole(count: int) -> None:
    for jobs in (1, 2):
        t = time.perf_counter()
        tally = collect("module", "bench", count, jobs)
        took = time.perf_counter() - t
        print(f"stats --count {count} --jobs {jobs}: {took:6.1f} s ({per_second(tally.boards, took).strip()}),"
              f" a million boards in about {took * 1_000_000 / count:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=200_000)
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.2f} at start")
    stages(load_ruleset("module"))
    whole(args.count)


if __name__ == "__main__":
    main()
