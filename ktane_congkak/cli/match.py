"""`ktane-congkak match`: computer players against each other, and the results table."""

from __future__ import annotations

from .common import add_rules_argument, seconds, whole_number
from ..games.settings import BUDGET_DEPTH, GAME_RULES, MAX_BUDGET, MAX_DEPTH, MIN_BUDGET, PLAYERS

DEFAULT_BUDGET = 1.0  # seconds a search move may take when neither --budget nor --depth is given


def register(sub) -> None:
    p = sub.add_parser("match", help="play computer players against each other and print the results",
                       description="Play GAMES games between two computer players (random, greedy, search), "
                                   "swapping sides every game, and print the results table.")
    add_rules_argument(p, default=GAME_RULES)
    p.add_argument("--players", default="search,greedy", help="two players, e.g. search,greedy (default)")
    p.add_argument("--games", type=whole_number(1, 100_000), default=10, help="number of games (default: 10)")
    p.add_argument("--seed", default="1", help="seed for the players' random choices (default: 1)")
    thinking = p.add_mutually_exclusive_group()
    thinking.add_argument("--budget", type=seconds(MIN_BUDGET, MAX_BUDGET), default=None,
                          help=f"seconds a search move may take, {MIN_BUDGET:g} to {MAX_BUDGET:g} (default: {DEFAULT_BUDGET:g}); "
                               "a faster machine searches deeper, so results may differ between machines")
    # --depth means what it means in `game`: exactly that deep, however long it takes.
    thinking.add_argument("--depth", type=whole_number(1, MAX_DEPTH), default=None,
                          help=f"instead of --budget: the search looks DEPTH moves ahead (1 to {MAX_DEPTH}), as in "
                               "`game --depth`, however long it takes: the same games and figures on every machine "
                               "(only the timings differ)")
    p.add_argument("--max-depth", type=whole_number(1, 200), default=BUDGET_DEPTH,
                   help=f"with --budget: the deepest the search may go, 1 to 200 (default: {BUDGET_DEPTH}, i.e. the "
                        "budget decides)")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..errors import UserError
    from ..core.rules import load_ruleset

    kinds = [k.strip() for k in args.players.split(",")]
    if len(kinds) != 2 or any(k not in PLAYERS for k in kinds):
        raise UserError(f"--players needs two of {', '.join(PLAYERS)}, e.g. search,greedy")
    if args.depth is not None and args.max_depth != BUDGET_DEPTH:
        raise UserError("--max-depth caps a search with a --budget; --depth is already exact")
    rules = load_ruleset(args.rules)
    if args.depth is None and args.budget is None:
        args.budget = DEFAULT_BUDGET
    budget, deepest = (float("inf"), args.depth) if args.depth is not None else (args.budget, args.max_depth)
    results = play_match(rules, kinds, args.games, args.seed, budget, deepest)
    for line in table(rules, kinds, args, results):
        print(line)
    return 0


def play_match(rules, kinds, games, seed, budget, depth, on_game=None) -> dict:
    """Play the games; results per player index (0, 1): wins, losses, draws, seeds, moves..."""
    from ..games.ai import make_player, play_game

    players = [make_player(k, seed=f"{seed}:{i}", budget=budget, max_depth=depth) for i, k in enumerate(kinds)]
    stats = [dict(wins=0, losses=0, draws=0, seeds=0, moves=0, seconds=0.0, slowest=0.0) for _ in kinds]
    timed = [_Timed(p, stats[i]) for i, p in enumerate(players)]
    for number in range(games):
        seats = (0, 1) if number % 2 == 0 else (1, 0)  # seats[side] = player index
        game = play_game(rules, (timed[seats[0]], timed[seats[1]]))
        for side in (0, 1):
            s = stats[seats[side]]
            s["seeds"] += game.store(side)
            if game.state.winner is None:
                s["draws"] += 1
            elif game.state.winner == side:
                s["wins"] += 1
            else:
                s["losses"] += 1
        if on_game:
            on_game(number, game)
    for i, p in enumerate(players):
        stats[i]["nodes"] = getattr(p, "nodes", 0)
        stats[i]["depths"] = getattr(p, "depths", [])
    return {"games": games, "stats": stats}


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


def _search_limits(args) -> str:
    """', search N moves ahead', or ', search budget 1 s a move' and, when --max-depth sets
    one, the depth that also stops it."""
    if args.depth is not None:
        return f", search {args.depth} moves ahead"
    depth = f", at most {args.max_depth} moves deep" if args.max_depth != BUDGET_DEPTH else ""
    return f", search budget {args.budget:g} s a move{depth}"


def table(rules, kinds, args, results) -> list[str]:
    games = results["games"]
    names = kinds if kinds[0] != kinds[1] else [f"{kinds[0]} (1)", f"{kinds[1]} (2)"]
    lines = [f"{rules.title}: {games} games, sides swapped each game, seed {args.seed}"
             + (_search_limits(args) if "search" in kinds else ""),
             f"{'player':<12}{'wins':>6}{'losses':>8}{'draws':>7}{'win %':>8}{'seeds/game':>12}{'ms/move':>9}"]
    for name, s in zip(names, results["stats"]):
        ms = 1000 * s["seconds"] / max(1, s["moves"])
        lines.append(f"{name:<12}{s['wins']:>6}{s['losses']:>8}{s['draws']:>7}{100 * s['wins'] / games:>8.1f}"
                     f"{s['seeds'] / games:>12.1f}{ms:>9.1f}")
    for name, s in zip(names, results["stats"]):
        if s["nodes"]:
            depths = [d for d in s["depths"] if d]
            mean = sum(depths) / len(depths) if depths else 0
            lines.append(f"{name}: {s['nodes']:,} positions searched, {s['nodes'] / max(s['seconds'], 1e-9):,.0f} a second, "
                         f"mean depth {mean:.1f}")
    return lines
