"""Fixed-depth search: seconds a move and the memory it holds, depth by depth, on
mid-game positions of each traditional ruleset (what `game --depth N` costs, and why
games.session.MAX_DEPTH is where it is). Prints figures; asserts nothing.

    PYTHONPATH=. python3 benchmarks/bench_depth.py              # depths 6 to 14
    PYTHONPATH=. python3 benchmarks/bench_depth.py --depths 16 --rules congkak
"""

from __future__ import annotations

import argparse
import random
import resource
import time

from ktane_congkak.games.ai import SearchPlayer, random_opening
from ktane_congkak.games.game import Game


def position(rules_name: str, seed: int, plies: int = 6) -> Game:
    return random_opening(rules_name, plies, random.Random(seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", default="6,8,10,12,13,14")
    parser.add_argument("--rules", default="congkak,mancala")
    parser.add_argument("--positions", type=int, default=3)
    args = parser.parse_args()
    print("rules      depth  worst s  mean s  peak RSS MB")
    for name in args.rules.split(","):
        for depth in map(int, args.depths.split(",")):
            times = []
            for seed in range(args.positions):
                game = position(name, seed)
                start = time.perf_counter()
                SearchPlayer(budget=float("inf"), max_depth=depth, rng=random.Random(0)).choose(game, game.to_move())
                times.append(time.perf_counter() - start)
            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(f"{name:<10} {depth:>5}  {max(times):7.2f}  {sum(times) / len(times):6.2f}  {rss:11.0f}", flush=True)


if __name__ == "__main__":
    main()
