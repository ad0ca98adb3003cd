"""How many of the pick-ups of the module's boards the worksheet has rows for.

Scoring a board by hand takes one worksheet row per pick-up (a hole's first sowing and each
relay) of every hole that holds seeds; the rows are shared by the holes. Prints the share of
all pick-ups that get a row and the share of boards whose every pick-up fits, on boards made
the module's way (docs/manual.md states the figures). Usage:

    python benchmarks/bench_worksheet.py [--boards N] [--seed S]
"""

from __future__ import annotations

import argparse

from ktane_congkak.core.rules import DEFAULT, load_ruleset
from ktane_congkak.paper.worksheet import PICKUP_ROWS, row_coverage


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=20)
    args = parser.parse_args()
    coverage = row_coverage(load_ruleset(DEFAULT), args.boards, args.seed)
    print(f"{args.boards:,} boards (random seed {args.seed}), {PICKUP_ROWS} pick-up rows on the worksheet")
    print(f"pick-ups with a row:      {coverage.pickups_covered:,} of {coverage.pickups:,} "
          f"({100 * coverage.pickups_covered / coverage.pickups:.1f}%)")
    print(f"boards that fit entirely: {coverage.boards_fitting:,} of {coverage.boards:,} "
          f"({100 * coverage.boards_fitting / coverage.boards:.1f}%)")
    print(f"pick-ups per board: median {coverage.median}, most {coverage.most}")


if __name__ == "__main__":
    main()
