"""`ktane-congkak game`: a traditional game against the computer, in a window or the terminal."""

from __future__ import annotations

import argparse
import sys

from ..core.text import fit
from ..errors import warn
from ..games.settings import (DEFAULT_BUDGET, DEFAULT_FIRST, DEFAULT_LEVEL, FIRST_CHOICES, GAME_RULES, LEVELS,
                              MIN_WINDOW_SIZE, OPPONENTS, WINDOW_SIZE)
from .common import add_search_limits, check_output, commands_refused, path_text, window_available, window_size

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from ..games.session import Session


def register(sub: argparse._SubParsersAction) -> None:
    from ..core.rules import builtin_names
    from ..games.commands import COMMANDS, SCRIPT

    def usages(names):
        return ", ".join(COMMANDS[name][0] for name in names)

    others = ", ".join(name for name in builtin_names() if name != GAME_RULES)
    p = sub.add_parser("game", help="play a traditional game against the computer (window, or --text)",
                       usage="%(prog)s [--rules RULES] [--level LEVEL] [--text] [OPTION ...]",
                       description="Play traditional congkak or one of its relatives against the computer, in a "
                                   "window or (--text) the terminal. The guide: `ktane-congkak manual games`.")
    p.add_argument("--rules", type=path_text, default=None, help=f"{GAME_RULES} (default), {others}, or a YAML file")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--level", default=None, choices=LEVELS, metavar="LEVEL",
                     help=f"how well the computer plays: {', '.join(LEVELS)} (default {DEFAULT_LEVEL}, or the saved game's)")
    who.add_argument("--opponent", default=None, choices=OPPONENTS, metavar="PLAYER",
                     help=f"instead: a player, {', '.join(name for name in OPPONENTS if name not in LEVELS)} "
                          "(two people) or a level")
    p.add_argument("--side", choices=("south", "north"), default=None, help="the side you play (default: south)")
    p.add_argument("--first", choices=FIRST_CHOICES, default=None,
                   help=f"who starts: you, the computer, or {DEFAULT_FIRST} (the default: each new game is started by "
                        "the side that did not start the one before)")
    p.add_argument("--seed", default=None, help="seed for the computer's random choices (saved with the game)")
    p.add_argument("--text", action="store_true", help="play in the terminal (commands from standard input)")
    p.add_argument("--steps", action="store_true",
                   help="in the terminal: tell every move drop by drop (`show` tells the last one)")
    p.add_argument("--load", type=path_text, metavar="FILE", help="resume a saved game")
    p.add_argument("--save", type=path_text, metavar="FILE", help="save the game to FILE after every move")
    looks = p.add_mutually_exclusive_group()
    looks.add_argument("--review", action="store_true",
                       help="with --load: print the game's review and stop: every position's value (your final seeds "
                            "minus the other side's with best play, in whole seeds; ~ an estimate), each move marked "
                            "best, good, inaccuracy, mistake or blunder by the seeds it gives up; every position "
                            "searched as deep as --depth or as long as --budget, else as the expert level looks")
    looks.add_argument("--record", action="store_true",
                       help="print the record of your games against the computer (per ruleset and level) and stop")
    p.add_argument("--json", action="store_true", help="with --review: the review as one JSON object")
    p.add_argument("--html", type=path_text, metavar="OUT", help="with --review: also write the review as a web page to OUT")
    looks.add_argument("--export", action="store_true",
                       help="with --load: print the game as text (its moves in order and the result) and stop")
    search = p.add_argument_group("the search player (--opponent search)")
    add_search_limits(search, f"{DEFAULT_BUDGET:g}, or the saved game's", "reproducibly")
    window = p.add_argument_group("window")
    window.add_argument("--size", type=window_size(lambda: MIN_WINDOW_SIZE), default=None, metavar="WxH",
                        help="its size (default {}x{}; it can be resized)".format(*WINDOW_SIZE))
    window.add_argument("--commands", type=path_text, metavar="SCRIPT",
                        help=f'run commands first: "4; wait 2; screenshot a.png; quit" ({usages(SCRIPT)})')
    p.set_defaults(run=run)


def session_from_args(args: argparse.Namespace) -> Session:
    from ..errors import UserError
    from ..games.game import NORTH, SOUTH, ruleset_ref
    from ..games.saves import load_game
    from ..games.series import RECORD_NAME, first_side, fresh_game
    from ..files import data_folder
    from ..games.session import Session, load_settings

    saved = {}
    if args.load:
        game, data = load_game(args.load)
        saved = load_settings(data, args.load)
        if args.rules and ruleset_ref(args.rules) != game.rules_ref:
            raise UserError(f"{args.load} is a game of '{game.rules_ref}', not '{args.rules}'")
    searching = args.budget is not None or args.depth is not None
    opponent = args.level or args.opponent or saved.get("opponent") or ("search" if searching else DEFAULT_LEVEL)
    if searching and opponent in LEVELS and not (args.review or args.export):  # (a review's depth is its own)
        raise UserError(f"--budget and --depth limit the search player, and the {opponent} level has its own limits: "
                        "give --opponent search with them")
    humans: tuple[int, ...]
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
    first = args.first or DEFAULT_FIRST
    if not args.load:
        game = fresh_game(args.rules or GAME_RULES, first_side(first, humans))
    if args.save == "-":  # elsewhere "-" is standard output (generate --out -), which cannot be saved into
        raise UserError("--save -: a game is saved to a file after every move: give the file's name")
    record = None if args.commands or opponent == "human" else data_folder() / RECORD_NAME
    session = Session(game, humans=humans, opponent=opponent, seed=seed, budget=budget, depth=depth,
                      save_path=args.save, first=first, record_path=record, load_path=args.load)
    if args.save:  # before the game, not after its first move; --load F --save F goes on in F
        check_output("--save", args.save)
        _check_in_use(session, "--save", args.save, save=True)
    return session


def _check_in_use(session, option: str, path: str, save: bool) -> None:
    """`option`'s file refused if it is one the game reads or writes (Session.check_writable)."""
    from ..errors import UserError

    try:
        session.check_writable(path, save=save)
    except UserError as exc:
        raise UserError(f"{option} {exc}") from None


def run(args: argparse.Namespace) -> int:
    from ..errors import UserError

    if args.commands and (args.text or not window_available()):
        raise commands_refused(args.text, 'printf "4\\nquit\\n" | ktane-congkak game --text')
    if args.commands:
        from ..games.commands import parse_script

        parse_script(args.commands)  # a bad script is refused before the game starts
    if (args.review or args.export) and not args.load:
        raise UserError(f"--{'review' if args.review else 'export'} looks at a saved game: give --load FILE")
    if (args.json or args.html) and not args.review:
        raise UserError(f"--{'json' if args.json else 'html'} is a form of the review: give --review with it")
    if args.record:
        return show_record()
    session = session_from_args(args)
    if args.review:
        return show_review(session, args)
    if args.export:
        from ..games.review import record_lines

        print("\n".join(record_lines(session.game)))
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

    return play(session, steps=args.steps)


def show_record() -> int:
    """`game --record`: the record of games against the computer, per ruleset and level."""
    from ..games.series import RECORD_NAME, load_record, record_lines
    from ..files import data_folder

    path = data_folder() / RECORD_NAME
    rows, warning = load_record(path)
    if warning:
        warn(warning)
    print("\n".join(fit([f"Your record against the computer ({path}):", *record_lines(rows)])))
    return 0


def show_review(session: Session, args: argparse.Namespace) -> int:
    """`game --load F --review [--json] [--html OUT]`: every position searched with the
    same limits, a progress line at a terminal; Ctrl-C keeps the moves reviewed so far."""
    import json

    from ..games.analysis import limits_for
    from ..games.review import review, view_of
    from ..games.review_text import review_lines
    from ..progress import Progress, stopped

    if args.html:
        check_output("--html", args.html)
        _check_in_use(session, "--html", args.html, save=False)  # the game loaded, its ruleset, the record
    game, limits = session.game, limits_for(depth=args.depth, budget=args.budget)
    with Progress("review", unit="position") as progress:
        reviewed = review(game, limits, view_of(session.humans), progress, keep_on_interrupt=True)
    interrupted = reviewed.interrupted
    if args.html:
        from ..files import write_atomic
        from ..games.review_page import review_page

        write_atomic(args.html, review_page(game, reviewed, args.load))
    if args.json:
        print(json.dumps(reviewed.as_json()))
    else:
        print("\n".join(fit(review_lines(reviewed, len(session.humans) == 1))))
    if interrupted is not None:
        return stopped("game", interrupted, f"reviewed {len(reviewed.moves)} of {len(game.moves)} moves, shown above")
    return 0
