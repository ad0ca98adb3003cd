"""Engine figures: turns per second, boards evaluated per second, generator speed,
and how long `ktane-congkak solve` takes to start. Prints figures; asserts nothing."""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time

from ktane_congkak.core.evaluate import evaluate
from ktane_congkak.core.generator import module_board
from ktane_congkak.core.rules import YOU, load_ruleset
from ktane_congkak.core.sowing import play_turn, sow


def rate(fn, items, repeat=3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn(items)
        best = min(best, time.perf_counter() - t)
    return len(items) / best


def main() -> None:
    rules = load_ruleset("module")
    rng = random.Random(1)
    t = time.perf_counter()
    boards = [module_board(rules, rng) for _ in range(20_000)]
    gen = len(boards) / (time.perf_counter() - t)
    jobs = [(b, s) for b in boards for s in rules.holes(YOU) if b[s]]

    def turns(items):
        for board, slot in items:
            sow(board, rules, YOU, slot)

    def traced(items):
        for board, slot in items:
            play_turn(board, rules, YOU, slot)

    def evals(items):
        for board in items:
            evaluate(board, rules)

    print(f"boards: {len(boards)} from the module's generator, {len(jobs)} turns (non-empty holes)")
    print(f"turns/s (position only):     {rate(turns, jobs):>10,.0f}")
    print(f"turns/s (with trace):        {rate(traced, jobs):>10,.0f}")
    print(f"boards evaluated/s:          {rate(evals, boards):>10,.0f}")
    print(f"boards generated/s:          {gen:>10,.0f}")
    board = " ".join(map(str, boards[0]))
    starts = []
    for _ in range(7):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "ktane_congkak", "solve", board], check=True, capture_output=True)
        starts.append(time.perf_counter() - t)
    probe = subprocess.run([sys.executable, "-c", "import sys, ktane_congkak.cli as c; c.main(['solve','--json'," + repr(board) + "]);"
                            "print('pyglet' in sys.modules, file=sys.stderr)"], capture_output=True, text=True)
    print(f"`solve` wall time, median of 7: {statistics.median(starts) * 1000:.0f} ms "
          f"(pyglet imported: {probe.stderr.strip()})")


if __name__ == "__main__":
    main()
