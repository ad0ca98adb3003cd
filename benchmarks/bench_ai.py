"""Computer-player figures: the search's win rate against random and greedy for every
traditional ruleset, the time it spends a move, and positions searched per second; with
--ladder, the levels against each other (each pair of games from one random opening,
played with both colours). Prints figures; asserts nothing.

    PYTHONPATH=. python3 benchmarks/bench_ai.py                      # a few minutes
    PYTHONPATH=. python3 benchmarks/bench_ai.py --budget 1 --games 40  # the 1 s figures
    PYTHONPATH=. python3 benchmarks/bench_ai.py --ladder --games 100 --jobs 2 --rules congkak,mancala

A "position searched" is one visit of the alpha-beta search (one call of its negamax),
transposition-table hits included.
"""

from __future__ import annotations

import argparse
import random
import time

from bench_depth import position
from ktane_congkak.games.ai import SearchPlayer
from ktane_congkak.games.match import play_match
from ktane_congkak.core.rules import load_ruleset
from ktane_congkak.games.settings import BUDGET_DEPTH, LEVELS

# The ladder's pairs, the stronger first: each level against the one below, easy against
# greedy (easy should lose), and expert against the search at --budget seconds a move.
LADDER = (("greedy", "easy"),) + tuple(zip(LEVELS[1:], LEVELS)) + (("expert", "search"),)

RULESETS = ("congkak", "malaysia", "mancala", "traditional", "module")


def search_speed(rules_name: str, seconds: float) -> tuple[float, int]:
    """Positions a second and depth reached, thinking `seconds` on a mid-game position."""
    game = position(rules_name, 1)
    player = game.to_move()
    search = SearchPlayer(budget=seconds, rng=random.Random(0))
    start = time.perf_counter()
    search.choose(game, player)
    return search.nodes / (time.perf_counter() - start), search.depths[-1]


def ladder(names, games: int, search_games: int, seed: str, budget: float, opening: int, jobs: int) -> None:
    print(f"{games} games a pair ({search_games} against search), each opening of {opening} random moves "
          f"played with both colours, seed {seed}, search {budget:g} s a move")
    print(f"{'ruleset':<10}{'player':>8}{'opponent':>10}{'won':>5}{'lost':>5}{'drawn':>6}{'win %':>7}"
          f"{'ms/move':>9}{'opp. ms':>9}{'minutes':>9}")
    for name in names:
        rules = load_ruleset(name)
        for pair in LADDER:
            start = time.perf_counter()
            n = search_games if "search" in pair else games
            results = play_match(rules, list(pair), n, seed, budget, BUDGET_DEPTH, opening=opening, jobs=jobs)
            s, o = results["stats"]
            print(f"{name:<10}{pair[0]:>8}{pair[1]:>10}{s['wins']:>5}{s['losses']:>5}{s['draws']:>6}"
                  f"{100 * s['wins'] / n:>7.1f}{1000 * s['seconds'] / max(1, s['moves']):>9.1f}"
                  f"{1000 * o['seconds'] / max(1, o['moves']):>9.1f}{(time.perf_counter() - start) / 60:>9.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=0.1, help="seconds a search move (default 0.1)")
    parser.add_argument("--games", type=int, default=10, help="games per pairing (default 10)")
    parser.add_argument("--rules", default=",".join(RULESETS[:4]), help="rulesets, comma separated")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--ladder", action="store_true", help="the levels against each other instead")
    parser.add_argument("--opening", type=int, default=2, help="random first moves of each pair (--ladder; default 2)")
    parser.add_argument("--jobs", type=int, default=1, help="games at once (--ladder; default 1)")
    parser.add_argument("--search-games", type=int, default=20, help="games of expert against search (--ladder)")
    args = parser.parse_args()
    names = args.rules.split(",")
    if args.ladder:
        ladder(names, args.games, args.search_games, args.seed, args.budget, args.opening, args.jobs)
        return
    print(f"search budget {args.budget:g} s a move, {args.games} games a pairing, sides swapped each game")
    print(f"{'ruleset':<12}{'opponent':<9}{'won':>5}{'lost':>5}{'drawn':>6}{'win %':>7}"
          f"{'ms/move':>9}{'max ms':>8}{'depth':>7}{'positions/s':>13}")
    for name in names:
        rules = load_ruleset(name)
        for opponent in ("random", "greedy"):
            results = play_match(rules, ["search", opponent], args.games, args.seed, args.budget, BUDGET_DEPTH)
            s = results["stats"][0]
            depths = [d for d in s["depths"] if d]
            print(f"{name:<12}{opponent:<9}{s['wins']:>5}{s['losses']:>5}{s['draws']:>6}"
                  f"{100 * s['wins'] / args.games:>7.1f}{1000 * s['seconds'] / max(1, s['moves']):>9.1f}"
                  f"{1000 * s['slowest']:>8.0f}{sum(depths) / max(1, len(depths)):>7.1f}"
                  f"{s['nodes'] / max(s['seconds'], 1e-9):>13,.0f}")
    print()
    for name in names:
        rate, depth = search_speed(name, 1.0)
        print(f"{name:<12} one 1 s search on a position after 6 random moves: {rate:,.0f} positions/s, depth {depth}")


if __name__ == "__main__":
    main()
