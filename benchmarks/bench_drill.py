"""Drill figures: how often each kind of board comes from the module's generator, and how
long the drill takes to find the next board for each --focus. Prints figures; asserts nothing.

    python3 benchmarks/bench_drill.py [--count N]   (default 10000 boards)
"""

from __future__ import annotations

import argparse
import time

from ktane_congkak.core.rules import load_ruleset
from ktane_congkak.drill.session import KINDS, SeedBoards


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=10_000)
    count = parser.parse_args().count
    rules = load_ruleset("module")
    source = SeedBoards(rules, "bench")
    tally = dict.fromkeys(KINDS, 0)
    plain = 0
    start = time.perf_counter()
    for _ in range(count):
        board = source.next(None)
        for kind in board.kinds:
            tally[kind] += 1
        plain += not board.kinds
    seconds = time.perf_counter() - start
    print(f"{count} boards from the module's generator, measured at {count / seconds:,.0f} boards/s")
    for kind in KINDS:
        print(f"  {kind:9} {100 * tally[kind] / count:5.1f}%")
    print(f"  {'none':9} {100 * plain / count:5.1f}%")
    print("Time to the next board with --focus (mean over 200 boards):")
    for kind in KINDS:
        source = SeedBoards(rules, f"bench-{kind}")
        start = time.perf_counter()
        for _ in range(200):
            source.next(kind)
        print(f"  {kind:9} {1000 * (time.perf_counter() - start) / 200:6.2f} ms, {source.draw / 200:.1f} draws a board")


if __name__ == "__main__":
    main()
