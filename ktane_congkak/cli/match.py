"""`ktane-congkak match`: its options, and the results table printed (games/match.py plays and tallies)."""

from __future__ import annotations

import argparse

from .common import add_rules_argument, add_search_limits, whole_number
from ..games.settings import BUDGET_DEPTH, DEFAULT_BUDGET, GAME_RULES, LEVELS, PLAYERS

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..core.rules import Ruleset

MAX_OPENING = 40  # random first moves at most: more would leave little of a game to play
MAX_JOBS = 32  # processes a match may use (--jobs): more than any machine it runs on has cores


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("match", help="play computer players against each other and print the results",
                       description=f"Play GAMES games between two computer players ({', '.join(PLAYERS)}), "
                                   "swapping sides every game, and print the results table.")
    add_rules_argument(p, default=GAME_RULES)
    p.add_argument("--players", default="search,greedy",
                   help="two players, levels or algorithms: e.g. medium,easy or search,greedy (default)")
    p.add_argument("--games", type=whole_number(1, 100_000), default=10, help="number of games (default: 10)")
    p.add_argument("--seed", default="1", help="seed for the players' random choices and the openings (default: 1)")
    p.add_argument("--opening", type=whole_number(0, MAX_OPENING), default=0, metavar="K",
                   help=f"start each pair of games from K random moves (0 to {MAX_OPENING}, default 0: the usual start), "
                        "played once with each player on each side")
    # --depth means what it means in `game`: exactly that deep, however long it takes.
    add_search_limits(p, f"{DEFAULT_BUDGET:g}", "as in `game --depth`: the same games and figures on every machine (only the timings differ)")
    p.add_argument("--max-depth", type=whole_number(1, 200), default=BUDGET_DEPTH,
                   help=f"with --budget: the deepest the search may go, 1 to 200 (default: {BUDGET_DEPTH}, i.e. the "
                        "budget decides)")
    p.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=1,
                   help="games played at once, in that many processes (default: 1; at most one a CPU); the results are the same")
    p.add_argument("--json", action="store_true", help="print the results as one line of JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..errors import UserError, closest, shown
    from ..core.rules import load_ruleset
    from ..games.match import play_match
    from ..progress import Progress, stopped
    from .common import print_json

    kinds = [k.strip() for k in args.players.split(",")]
    wrong = [k for k in kinds if k not in PLAYERS]
    if wrong:
        close = closest(wrong[0], PLAYERS)
        raise UserError(f"--players: {shown(wrong[0])} is not a player (the players: {', '.join(PLAYERS)})"
                        + (f"; did you mean {close}?" if close else ""))
    if len(kinds) != 2:
        raise UserError(f"--players needs two of {', '.join(PLAYERS)}, e.g. medium,easy (got {len(kinds)})")
    if args.depth is not None and args.max_depth != BUDGET_DEPTH:
        raise UserError("--max-depth caps a search with a --budget; --depth is already exact")
    rules = load_ruleset(args.rules)
    if args.depth is None and args.budget is None:
        args.budget = DEFAULT_BUDGET
    budget, deepest = (float("inf"), args.depth) if args.depth is not None else (args.budget, args.max_depth)
    results: dict = {}
    interrupt = None
    with Progress("match", args.games, "game") as progress:
        try:
            play_match(rules, kinds, args.games, args.seed, budget, deepest, opening=args.opening, jobs=args.jobs,
                       results=results, on_game=lambda number, record: progress.update(results["games"]))
        except KeyboardInterrupt as cut:  # Ctrl-C: the results of the games played so far
            interrupt = cut
    if results.get("games"):
        if args.json:
            print_json(as_json(rules, kinds, args, results))
        else:
            for line in table(rules, kinds, args, results):
                print(line)
    if interrupt is None:
        return 0
    played = results.get("games", 0)
    return stopped("match", interrupt, f"the results above are of the first {played:,} of {args.games:,} games "
                   f"(those of --games {played})" if played else "no game finished yet")


def _search_limits(args: argparse.Namespace) -> str:
    """', search N moves ahead', or ', search budget 1 s a move' and, when --max-depth sets
    one, the depth that also stops it."""
    if args.depth is not None:
        return f", search {args.depth} moves ahead"
    depth = f", at most {args.max_depth} moves deep" if args.max_depth != BUDGET_DEPTH else ""
    return f", search budget {args.budget:g} s a move{depth}"


def _how_played(args: argparse.Namespace, games: int) -> str:
    """'sides swapped each game', or the openings each pair of games starts from."""
    if not args.opening:
        return "sides swapped each game"
    from ..core.explain import plural

    both = "each played with both sides" + (", the last with one" if games % 2 else "")
    return f"{plural((games + 1) // 2, 'opening')} of {plural(args.opening, 'random move')}, {both}"


def _names(kinds) -> list[str]:
    return kinds if kinds[0] != kinds[1] else [f"{kinds[0]} (1)", f"{kinds[1]} (2)"]


def table(rules: Ruleset, kinds: Sequence[str], args: argparse.Namespace, results: dict) -> list[str]:
    from ..core.explain import plural
    from ..errors import printable
    from ..games.match import mean_depth, ms_per_move

    games = results["games"]
    lines = [f"{printable(rules.title)}: {plural(games, 'game')}, {_how_played(args, games)}, seed {args.seed}"
             + (_search_limits(args) if "search" in kinds else ""),
             f"{'player':<12}{'wins':>6}{'losses':>8}{'draws':>7}{'win %':>8}{'seeds/game':>12}{'ms/move':>9}"]
    for name, s in zip(_names(kinds), results["stats"]):
        lines.append(f"{name:<12}{s['wins']:>6}{s['losses']:>8}{s['draws']:>7}{100 * s['wins'] / games:>8.1f}"
                     f"{s['seeds'] / games:>12.1f}{ms_per_move(s):>9.1f}")
    for name, s in zip(_names(kinds), results["stats"]):
        if s["nodes"]:
            lines.append(f"{name}: {s['nodes']:,} positions searched, {s['nodes'] / max(s['seconds'], 1e-9):,.0f} a second, "
                         f"mean depth {mean_depth(s):.1f}")
    return lines


def as_json(rules: Ruleset, kinds: Sequence[str], args: argparse.Namespace, results: dict) -> dict:
    """The table as data: each player's results, and each game's seats, opening and stores."""
    from ..games.match import mean_depth, ms_per_move

    games = results["games"]
    players = []
    for name, kind, s in zip(_names(kinds), kinds, results["stats"]):
        players.append({"name": name, "player": kind, "level": kind in LEVELS, "wins": s["wins"], "losses": s["losses"],
                        "draws": s["draws"], "win_percent": round(100 * s["wins"] / games, 1),
                        "seeds_per_game": round(s["seeds"] / games, 2), "ms_per_move": round(ms_per_move(s), 2),
                        "moves": s["moves"], "positions": s["nodes"], "mean_depth": round(mean_depth(s), 2)})
    per_game = [{"south": _names(kinds)[r["seats"][0]], "north": _names(kinds)[r["seats"][1]],
                 "opening": r["opening"], "south_store": r["stores"][0], "north_store": r["stores"][1],
                 "winner": None if r["winner"] is None else ("south", "north")[r["winner"]]}
                for r in results["records"]]
    return {"rules": rules.name, "games": games, "seed": str(args.seed), "opening": args.opening,
            "budget": args.budget, "depth": args.depth, "max_depth": args.max_depth, "players": players,
            "per_game": per_game}
