"""`ktane-congkak game`: a traditional game against the computer, in a window or the terminal."""

from __future__ import annotations

import sys

from .common import seconds


def register(sub) -> None:
    p = sub.add_parser("game", help="play a traditional game against the computer (window, or --text)",
                       description="Play a game of the seed documents against the computer. In the terminal: "
                                   "type a hole number, undo, hint, save [FILE], board, log, concede, help, quit.")
    p.add_argument("--rules", default=None,
                   help="ruleset: congkak (default), malaysia, mancala, traditional, module, or a YAML file")
    p.add_argument("--opponent", default=None, choices=("random", "greedy", "search", "human"),
                   help="the computer player (default: search); human: two people take turns")
    p.add_argument("--side", choices=("south", "north"), default=None, help="the side you play (default: south)")
    p.add_argument("--budget", type=seconds(0.01, 600), default=None, help="seconds the search may think a move (default: 1)")
    p.add_argument("--seed", default=None, help="seed for the computer's random choices (reproducible games)")
    p.add_argument("--text", action="store_true", help="play in the terminal, reading commands from standard input")
    p.add_argument("--load", metavar="FILE", help="resume a saved game")
    p.add_argument("--save", metavar="FILE", help="save the game to FILE after every move")
    p.set_defaults(run=run)


def session_from_args(args):
    from ..errors import UserError
    from ..game import NORTH, SOUTH, Game, load_game, ruleset_ref
    from ..game_text import MAX_BUDGET, Session, load_settings

    saved = {}
    if args.load:
        game, data = load_game(args.load)
        saved = load_settings(data, args.load)
        if args.rules and ruleset_ref(args.rules) != game.rules_ref:
            raise UserError(f"{args.load} is a game of '{game.rules_ref}', not '{args.rules}'")
    else:
        game = Game(args.rules or "congkak")
    opponent = args.opponent or saved.get("opponent") or "search"
    if opponent == "human":
        humans = (SOUTH, NORTH)
    elif args.side:
        humans = (SOUTH,) if args.side == "south" else (NORTH,)
    else:
        humans = saved.get("humans") or (SOUTH,)
    budget = args.budget if args.budget is not None else saved.get("budget", 1.0)
    if not 0 < budget <= MAX_BUDGET:
        raise UserError(f"--budget must be more than 0 and at most {MAX_BUDGET:g} seconds")
    seed = args.seed if args.seed is not None else saved.get("seed")
    return Session(game, humans=humans, opponent=opponent, seed=seed, budget=budget, save_path=args.save)


def run(args) -> int:
    from .practice import window_available

    session = session_from_args(args)
    if not args.text:
        if window_available():
            from ..game_window import run_game

            return run_game(session)
        print("No display here: playing in the terminal.", file=sys.stderr)
    from ..game_text import play

    return play(session)
