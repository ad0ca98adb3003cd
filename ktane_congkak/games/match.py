"""A match: computer players against each other, game after game, and their results tallied.

For the player comparing levels and algorithms (`ktane-congkak match`, which prints what
this returns, and benchmarks/bench_ai.py): each game's players and opening are seeded by
its number, so the results are the same in one process or many (`jobs`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.rules import Ruleset


def play_match(rules: Ruleset | str, kinds: Sequence[str], games: int, seed: int | str, budget: float, depth: int,
               on_game: Callable[[int, dict], None] | None = None, opening: int = 0, jobs: int = 1,
               results: dict | None = None) -> dict:
    """Play the games (in `jobs` processes); results per player index (0, 1): wins,
    losses, draws, seeds, moves... and one record per game. Each game's players and
    opening are seeded by its number, so the results do not depend on `jobs`. The results
    are built in `results` (a new dict if None), game by game in order: if Ctrl-C cuts the
    match short it holds the first `results["games"]` games, those of a match of that many."""
    tasks = [(rules, kinds, number, seed, budget, depth, opening) for number in range(games)]
    stats = [dict(wins=0, losses=0, draws=0, seeds=0, moves=0, seconds=0.0, slowest=0.0, nodes=0, depths=[])
             for _ in kinds]
    records: list[dict] = []
    results = {} if results is None else results
    results.update(games=0, stats=stats, records=records)
    for record in _played(tasks, jobs):
        for side in (0, 1):
            index = record["seats"][side]
            s = stats[index]
            s["seeds"] += record["stores"][side]
            if record["winner"] is None:
                s["draws"] += 1
            elif record["winner"] == side:
                s["wins"] += 1
            else:
                s["losses"] += 1
        for index, s in enumerate(stats):
            played = record["players"][index]
            s["moves"] += played["moves"]
            s["seconds"] += played["seconds"]
            s["slowest"] = max(s["slowest"], played["slowest"])
            s["nodes"] += played["nodes"]
            s["depths"] += played["depths"]
        records.append(record)
        results["games"] = len(records)
        if on_game:
            on_game(record["number"], record)
    return results


def _played(tasks, jobs: int):
    """Each task's game record, in order. On Ctrl-C (or any error) the workers are ended
    at once rather than left to finish their games."""
    from ..workers import run_in_workers, usable_jobs

    # a game is a task of its own; leaving the generator ends the workers
    yield from run_in_workers(play_one, tasks, usable_jobs(jobs, len(tasks)), ordered=True)


def play_one(task: tuple) -> dict:
    """One game of a match: number N opens with opening N // 2 (when there are openings)
    and seats the players one way for even N, the other way for odd."""
    import random

    from .ai import make_player, play_game, random_opening

    rules, kinds, number, seed, budget, depth, opening = task
    players = [make_player(k, seed=f"{seed}:{number}:{i}", budget=budget, max_depth=depth) for i, k in enumerate(kinds)]
    played: list[dict] = [dict(moves=0, seconds=0.0, slowest=0.0) for _ in kinds]
    seats = (0, 1) if number % 2 == 0 else (1, 0)  # seats[side] = player index
    game = random_opening(rules, opening, random.Random(f"{seed}:opening:{number // 2}"))
    opening_moves = game.move_words()
    timed = [_Timed(players[seats[side]], played[seats[side]]) for side in (0, 1)]
    play_game(rules, timed, game=game)
    for i, p in enumerate(players):
        played[i]["nodes"] = getattr(p, "nodes", 0)
        played[i]["depths"] = getattr(p, "depths", [])
    return {"number": number, "seats": seats, "opening": opening_moves,
            "stores": [game.store(0), game.store(1)], "winner": game.state.winner, "players": played}


class _Timed:
    """A player wrapper that counts its moves and the time they took."""

    def __init__(self, player, stats):
        self.player, self.stats = player, stats

    def choose(self, game, player):
        import time

        t = time.perf_counter()
        try:
            return self.player.choose(game, player)
        finally:
            spent = time.perf_counter() - t
            self.stats["seconds"] += spent
            self.stats["slowest"] = max(self.stats["slowest"], spent)
            self.stats["moves"] += 1


def ms_per_move(s: dict) -> float:
    """A player's mean time a move, in milliseconds, from its tally."""
    return 1000 * s["seconds"] / max(1, s["moves"])


def mean_depth(s: dict) -> float:
    """The mean depth a player's searches reached (0 for a player that does not search)."""
    depths = [d for d in s["depths"] if d]
    return sum(depths) / len(depths) if depths else 0.0


__all__ = ["mean_depth", "ms_per_move", "play_match", "play_one"]
