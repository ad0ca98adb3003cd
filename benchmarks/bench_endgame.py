"""Exact endgames and the analysis: what the issue's speed targets ask, measured in CPU
seconds (the machine is shared; wall time would measure the others' work). Prints
figures; asserts nothing.

1. Positions with 14 seeds left in the holes (random games played down to them): every
   move's exact value, the worst and the median time (target: each within 1 s).
2. How many seeds a median position can have and still be solved (its value) in 2 s:
   seeds 14, 16, 18... until the median takes longer.
3. The analysis of a mid-game position (6 random moves in) at --level expert against one
   expert move on the same position (target: the analysis within the move's time).

    PYTHONPATH=. python3 benchmarks/bench_endgame.py
    PYTHONPATH=. python3 benchmarks/bench_endgame.py --rules mancala --positions 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ktane_congkak.games.ai import LevelPlayer, random_opening
from ktane_congkak.games.analysis import analyse, limits_for
from ktane_congkak.games.endgame import Endgame, seeds_in_holes
from ktane_congkak.games.game import Game

LIMIT_SECONDS = 2.0
# Enough positions for any of these searches (they stop at the first LIMIT_SECONDS out of it).
NODES = 5_000_000


def endgame(rules_name: str, seeds: int, rng: random.Random) -> Game:
    """A game played at random until exactly `seeds` seeds are left in the holes."""
    while True:
        game = Game(rules_name)
        while not game.over and seeds_in_holes(game.board, game.rules) > seeds and len(game.moves) < 400:
            game.move(game.to_move(), rng.choice(game.legal(game.to_move())))
        if not game.over and seeds_in_holes(game.board, game.rules) == seeds:
            return game


def cpu(work) -> tuple[float, object]:
    start = time.process_time()
    result = work()
    return time.process_time() - start, result


def fourteen(name: str, positions: int) -> None:
    rng = random.Random(14)
    times, nodes = [], []
    for _ in range(positions):
        game = endgame(name, 14, rng)
        solver = Endgame(game.rules)
        seconds, values = cpu(lambda: solver.move_values(game.board, game.to_move(), NODES))
        assert values is not None
        times.append(seconds)
        nodes.append(solver.nodes)
    print(f"{name:<8} 14 seeds, every move exact: worst {max(times):.3f} s, median {statistics.median(times):.3f} s, "
          f"worst {max(nodes):,} positions ({positions} positions)", flush=True)


def reach(name: str, positions: int) -> None:
    rng = random.Random(2)
    for seeds in range(14, 60, 2):
        times = []
        for _ in range(positions):
            game = endgame(name, seeds, rng)
            solver = Endgame(game.rules)
            solver_deadline = time.process_time() + LIMIT_SECONDS
            seconds, value = cpu(lambda: _within(solver, game, solver_deadline))
            times.append(seconds if value is not None else float("inf"))
        median = statistics.median(times)
        shown = f"{median:.2f} s" if median != float("inf") else f"over {LIMIT_SECONDS:g} s"
        print(f"{name:<8} {seeds} seeds: median {shown}, {sum(t <= LIMIT_SECONDS for t in times)} of {positions} "
              f"within {LIMIT_SECONDS:g} s", flush=True)
        if median > LIMIT_SECONDS:
            break


def _within(solver: Endgame, game: Game, deadline: float):
    """The value, in steps of 20,000 positions (the table kept), until the deadline."""
    budget = 20_000
    while time.process_time() < deadline:
        value = solver.value(game.board, game.to_move(), budget)
        if value is not None:
            return value
        budget *= 2
    return None


def analysis_against_a_move(name: str, positions: int) -> None:
    move_times, analysis_times = [], []
    for seed in range(positions):
        game = random_opening(name, 6, random.Random(seed))
        if game.over or game.lockstep:
            continue
        player = game.to_move()
        move_times.append(cpu(lambda: LevelPlayer("expert", random.Random(0)).choose(game, player))[0])
        analysis_times.append(cpu(lambda: analyse(game, player, limits_for("expert")))[0])
    ratio = sum(analysis_times) / sum(move_times)
    print(f"{name:<8} mid-game at expert: a move {statistics.mean(move_times):.3f} s, the analysis "
          f"{statistics.mean(analysis_times):.3f} s (ratio {ratio:.2f}, {len(move_times)} positions)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="mancala,congkak")
    parser.add_argument("--positions", type=int, default=9)
    args = parser.parse_args()
    for name in args.rules.split(","):
        fourteen(name, 2 * args.positions)
        analysis_against_a_move(name, args.positions)
        reach(name, args.positions)


if __name__ == "__main__":
    main()
