"""`ktane-congkak game`: a traditional game against the computer, in a window or the terminal."""

from __future__ import annotations

import sys

from ..errors import warn
from ..games.settings import (DEFAULT_BUDGET, DEFAULT_LEVEL, GAME_RULES, LEVELS, MIN_WINDOW_SIZE,
                              OPPONENTS, WINDOW_SIZE)
from .common import add_search_limits, check_output, window_available, window_size


def register(sub) -> None:
    from ..core.rules import builtin_names
    from ..games.commands import COMMANDS, SCRIPT

    def usages(names):
        return ", ".join(COMMANDS[name][0] for name in names)

    others = ", ".join(name for name in builtin_names() if name != GAME_RULES)
    p = sub.add_parser("game", help="play a traditional game against the computer (window, or --text)",
                       usage="%(prog)s [--rules RULES] [--level LEVEL] [--text] [OPTION ...]",
                       description="Play traditional congkak or one of its relatives against the computer, in a "
                                   "window or (--text) the terminal. The guide: `ktane-congkak manual games`.")
    p.add_argument("--rules", default=None, help=f"{GAME_RULES} (default), {others}, or a YAML file")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--level", default=None, choices=LEVELS, metavar="LEVEL",
                     help=f"how well the computer plays: {', '.join(LEVELS)} (default {DEFAULT_LEVEL}, or the saved game's)")
    who.add_argument("--opponent", default=None, choices=OPPONENTS, metavar="PLAYER",
                     help=f"instead: a player, {', '.join(name for name in OPPONENTS if name not in LEVELS)} "
                          "(two people) or a level")
    p.add_argument("--side", choices=("south", "north"), default=None, help="the side you play (default: south)")
    p.add_argument("--seed", default=None, help="seed for the computer's random choices (saved with the game)")
    p.add_argument("--text", action="store_true", help="play in the terminal (commands from standard input)")
    p.add_argument("--load", metavar="FILE", help="resume a saved game")
    p.add_argument("--save", metavar="FILE", help="save the game to FILE after every move")
    looks = p.add_mutually_exclusive_group()
    looks.add_argument("--review", action="store_true",
                       help="with --load: print the game's review (every move's value before and after it, the "
                            "mistakes marked; as deep as --depth, else as the expert level looks) and stop")
    looks.add_argument("--export", action="store_true",
                       help="with --load: print the game as text (its moves in order and the result) and stop")
    search = p.add_argument_group("the search player (--opponent search)")
    add_search_limits(search, f"{DEFAULT_BUDGET:g}, or the saved game's", "reproducibly")
    window = p.add_argument_group("window")
    window.add_argument("--size", type=window_size(lambda: MIN_WINDOW_SIZE), default=None, metavar="WxH",
                        help="its size (default {}x{}; it can be resized)".format(*WINDOW_SIZE))
    window.add_argument("--commands", metavar="SCRIPT",
                        help=f'run commands first: "4; wait 2; screenshot a.png; quit" ({usages(SCRIPT)})')
    p.set_defaults(run=run)


def session_from_args(args):
    from ..errors import UserError
    from ..games.game import NORTH, SOUTH, Game, ruleset_ref
    from ..games.saves import load_game
    from ..games.session import Session, load_settings

    saved = {}
    if args.load:
        game, data = load_game(args.load)
        saved = load_settings(data, args.load)
        if args.rules and ruleset_ref(args.rules) != game.rules_ref:
            raise UserError(f"{args.load} is a game of '{game.rules_ref}', not '{args.rules}'")
    else:
        game = Game(args.rules or GAME_RULES)
    searching = args.budget is not None or args.depth is not None
    opponent = args.level or args.opponent or saved.get("opponent") or ("search" if searching else DEFAULT_LEVEL)
    if searching and opponent in LEVELS and not (args.review or args.export):  # (a review's depth is its own)
        raise UserError(f"--budget and --depth limit the search player, and the {opponent} level has its own limits: "
                        "give --opponent search with them")
    if opponent == "human":
        humans = (SOUTH, NORTH)
    elif args.side:
        humans = (SOUTH,) if args.side == "south" else (NORTH,)
    else:
        humans = saved.get("humans") or (SOUTH,)
    budget = args.budget if args.budget is not None else saved.get("budget", DEFAULT_BUDGET)
    # --budget given now replaces a saved depth; --depth given now replaces the saved one.
    depth = args.depth if args.depth is not None else (None if args.budget is not None else saved.get("depth"))
    seed = args.seed if args.seed is not None else saved.get("seed")
    if args.save == "-":  # elsewhere "-" is standard output (generate --out -), which cannot be saved into
        raise UserError("--save -: a game is saved to a file after every move: give the file's name")
    if args.save:
        check_output("--save", args.save, [("--rules", args.rules)])  # before the game, not after its first move
    return Session(game, humans=humans, opponent=opponent, seed=seed, budget=budget, depth=depth,
                   save_path=args.save)


def run(args) -> int:
    from ..errors import UserError

    if args.commands and (args.text or not window_available()):
        raise UserError('--commands drives the window, which needs a display (try xvfb-run); for the terminal, '
                        'pipe the commands in: printf "4\\nquit\\n" | ktane-congkak game --text')
    if args.commands:
        from ..games.commands import parse_script

        parse_script(args.commands)  # a bad script is refused before the game starts
    if (args.review or args.export) and not args.load:
        raise UserError(f"--{'review' if args.review else 'export'} looks at a saved game: give --load FILE")
    session = session_from_args(args)
    if args.review or args.export:
        from ..games.review import record_lines, review, review_lines

        game = session.game
        print("\n".join(review_lines(game, review(game, session.analysis_limits())) if args.review
                        else record_lines(game)))
        return 0
    window = not args.text and window_available()
    if window:
        from ..games.window import run_game

        return run_game(session, size=args.size or WINDOW_SIZE, commands=args.commands)
    if args.size:
        why = "--text" if args.text else "no display here"
        warn(f"{why}: playing in the terminal; --size applies to the window only")
    elif not args.text:
        print("No display here: playing in the terminal.", file=sys.stderr)
    from ..games.terminal import play

    return play(session)
