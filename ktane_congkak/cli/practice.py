"""`ktane-congkak practice`: the module to practise on, in the window or the terminal."""

from __future__ import annotations

import argparse
import re
import sys

from ..core.numbers import parse_decimal_or_none
from ..errors import UserError, clipped
from ..practice.animation import minutes_text
from ..practice.session import STRIKE_LIMIT, TIME_LIMIT, TIMED, ZEN
from .common import add_puzzles_option, commands_refused, path_text, whole_number, window_available, window_size
from .drill import add_drill_options  # the drill's --count, --focus, --chart, defined once

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from typing import Any
    from ..core.module import CongkakModule


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("practice", help="practise the module (window, or --text for the terminal)",
                       usage="%(prog)s [--text] [--mode {zen,timed,drill}] [OPTION ...]",
                       description="Practise the module, in a window or (--text) the terminal. The guides: "
                                   "`ktane-congkak manual window`, `manual practice-commands`, `manual drill`.")
    p.add_argument("--text", action="store_true", help="play in the terminal (commands from standard input)")
    # The options default to None, so that `run` can tell which were given.
    p.add_argument("--mode", choices=(ZEN, TIMED, DRILL), default=None, metavar="MODE",
                   help=f"{ZEN} (default: a clock counting up), {TIMED} or {DRILL}")
    p.add_argument("--seed", help="seed for boards and replies (reproducible practice)")
    p.add_argument("--puzzle", metavar="BOARD", help="start on this board: an ID (c1-... or '#text', quoted) or "
                   "any board as typed (14 or 16 numbers, '2311040 0401012'), quoted")
    add_puzzles_option(p, "a puzzle set's boards in order", "--set")
    p.add_argument("--last-log", action="store_true",
                   help="print where the last session's log was saved; stop")
    p.add_argument("--summary", action="store_true",
                   help="your record from the practice history (and --chart FILE.svg over sessions, or --json); stop")
    p.add_argument("--json", action="store_true", help="with --summary: print it as JSON")
    p.add_argument("--keep", action="store_true", default=None,
                   help="count a run whose commands come from --commands, a pipe or a file as practice "
                        "(it is kept in the history marked as scripted, out of your figures, without this)")
    timed = p.add_argument_group("timed mode (--time or --strikes alone means --mode timed)")
    timed.add_argument("--time", type=_duration, default=None, metavar="M:SS",
                       help=f"the countdown, seconds or m:ss (default {minutes_text(int(TIME_LIMIT))})")
    timed.add_argument("--strikes", type=whole_number(1), default=None, metavar="N",
                       help=f"strikes that explode the bomb (default {STRIKE_LIMIT})")
    window = p.add_argument_group("window")
    window.add_argument("--size", type=window_size(_window_minimum), default=None, metavar="WxH",
                        help=f"its size (default {DEFAULT_WINDOW_SIZE}; it can be resized)")
    window.add_argument("--sowing", choices=("on", "off"), default=None,
                        help="show a press's sowing seed by seed, a learning aid (default: on in zen mode, off on "
                             "a timed bomb, which plays a press at once as the module does; its clock stops while it "
                             "plays; W turns it on and off)")
    window.add_argument("--speed", type=_speed, default=None,
                        help=f"the sowing's speed, one of {SPEED_STEPS} (default 1)")
    window.add_argument("--mute", action="store_const", const=True, default=None,
                        help="start with the sound off (M turns it on and off)")
    window.add_argument("--labels", action="store_const", const=True, default=None,
                        help="number the positions, an aid the module has not (P)")
    window.add_argument("--commands", type=path_text, metavar="SCRIPT",
                        help='run commands first: "hole 5; wait 1; quit"')
    add_drill_options(p.add_argument_group("drill mode (--mode drill)"))
    p.set_defaults(run=run)


# The animation speeds the window offers (animation.SPEEDS; a test keeps the two the same).
# Written out here because registering must not load the window (and with it pyglet).
SPEED_STEPS = "0.25, 0.5, 1, 2, 4, 8, 16"
DEFAULT_WINDOW_SIZE = "900x600"  # practice.window.DEFAULT_SIZE, the same way (a test keeps the two the same)

# The session's options, with their defaults; the terminal ignores the window's own
# (--speed: nothing moves there; --size; --mute: no sound there).
SESSION_OPTIONS: dict[str, Any] = {"mode": ZEN, "time": TIME_LIMIT, "strikes": STRIKE_LIMIT, "speed": None}
WINDOW_OPTIONS = ("speed", "size", "mute", "labels", "sowing")
DRILL = "drill"
DRILL_OPTIONS = ("count", "focus", "chart")  # the drill's own; the module's modes have no use for them
NOT_IN_DRILL = ("puzzle", "time", "strikes", "speed", "mute", "labels", "sowing")  # the module's, none the drill's

_MINUTES_SECONDS = re.compile(r"([0-9]{1,6}):([0-9]{1,2}(?:\.[0-9]{0,6})?)")


def _duration(text: str) -> float:
    """Seconds, or m:ss (ss below 60)."""
    bad = f"\"{clipped(text)}\" is not a time: give seconds or m:ss, e.g. 5:00"
    if ":" in text:
        match = _MINUTES_SECONDS.fullmatch(text.strip())
        if not match:
            raise argparse.ArgumentTypeError(bad)
        minutes, seconds = int(match[1]), float(match[2])
        if seconds >= 60:
            raise argparse.ArgumentTypeError(f"\"{clipped(text)}\" is not a time: in m:ss the seconds go from 00 to 59")
        value = minutes * 60 + seconds
    else:
        decimal = parse_decimal_or_none(text)
        if decimal is None:
            raise argparse.ArgumentTypeError(bad)
        value = decimal
    if not 0 < value <= 24 * 3600:
        raise argparse.ArgumentTypeError(f"{clipped(text)}: give more than 0 seconds and at most 24 hours")
    return value


def _speed(text: str) -> float:
    """One of the window's animation speeds, exactly: nothing is rounded or clamped."""
    from ..practice.animation import SPEEDS

    value = parse_decimal_or_none(text)
    if value not in SPEEDS:
        raise argparse.ArgumentTypeError(f"\"{clipped(text)}\" is not an animation speed: give one of {SPEED_STEPS}")
    return value


def _window_minimum() -> tuple[int, int]:
    from ..practice.window import MIN_SIZE

    return MIN_SIZE


def run(args: argparse.Namespace) -> int:
    if args.last_log:
        from ..practice.history import last_log_path

        given = [f"--{name.replace('_', '-')}" for name, value in vars(args).items()
                 if name not in ("command", "run", "last_log") and value not in (None, False)]
        if given:  # it starts no session, so any other option would be silently lost
            raise UserError(f"--last-log prints where the last session's log was saved and takes no other "
                            f"option, not {given[0]}")

        print(last_log_path())
        return 0
    if args.summary:
        from .practice_summary import run_summary

        return run_summary(args)
    if args.json:
        raise UserError("--json prints the summary: add --summary")
    if args.mode == DRILL:
        return run_drill(args)
    drill_only = [f"--{name}" for name in DRILL_OPTIONS if getattr(args, name) is not None]
    if drill_only:
        raise UserError(f"{drill_only[0]} is an option of the drill: add --mode drill")
    if args.commands and (args.text or not window_available()):
        raise commands_refused(args.text, 'echo "hole 3" | ktane-congkak practice --text')
    timed_only = [f"--{name}" for name in ("time", "strikes") if getattr(args, name) is not None]
    if timed_only and args.mode == ZEN:
        raise UserError(f"{' and '.join(timed_only)}: zen mode has no countdown and no strike limit (use --mode timed)")
    if timed_only:
        args.mode = TIMED  # a countdown or a strike limit given means a timed bomb
    module = practice_module(args)
    options = {name: default if getattr(args, name) is None else getattr(args, name)
               for name, default in SESSION_OPTIONS.items()}
    if not args.text and window_available():
        from ..practice.window import run_practice

        return run_practice(module, mode=options["mode"], time_limit=options["time"],
                            strike_limit=options["strikes"], speed=options["speed"], commands=args.commands,
                            **{name: value for name, value in (("size", args.size), ("muted", args.mute),
                                                                          ("labels", args.labels)) if value},
                            sowing=None if args.sowing is None else args.sowing == "on", keep=bool(args.keep))
    notice = terminal_notice(args)
    if notice:
        print(notice, file=sys.stderr)
    from ..practice.terminal import play_module

    return play_module(module, mode=options["mode"], time_limit=options["time"], strike_limit=options["strikes"],
                       keep_history=True, keep=bool(args.keep))


def run_drill(args: argparse.Namespace) -> int:
    """`practice --mode drill`: the drill (cli/drill.py runs it) in its window, or in the
    terminal with --text or without a display; --puzzles gives its boards, else --seed."""
    from .drill import run as drill

    given = [f"--{name}" for name in NOT_IN_DRILL if getattr(args, name) is not None]
    if given:
        raise UserError(f"{given[0]}: the drill mode does not take it (it takes --seed or --puzzles, --count, "
                        "--focus, --chart, --text, --commands, --size)")
    if args.puzzles and args.seed:
        raise UserError("--mode drill: give either --puzzles (its boards) or --seed (generated boards), not both")
    window = not args.text and window_available()
    if args.commands and not window:
        raise commands_refused(args.text, "echo 3 | ktane-congkak practice --mode drill --text", "answers")
    if not window and not args.text:
        print("No display here: drilling in the terminal.", file=sys.stderr)
    return drill(argparse.Namespace(puzzles=args.puzzles, seed=args.seed, count=args.count, focus=args.focus,
                                    chart=args.chart, summary=False, window=window, commands=args.commands,
                                    size=args.size if window else None, keep=args.keep))


def terminal_notice(args: argparse.Namespace) -> str | None:
    """The one line said when practice runs in the terminal: why, and which of the
    window-only options given are ignored there."""
    ignored = [f"--{name}" for name in WINDOW_OPTIONS if getattr(args, name, None) is not None]
    if not ignored:
        return None if args.text else "No display here: practising in the terminal."
    why = "--text" if args.text else "no display here"
    return (f"ktane-congkak: {why}: practising in the terminal; {', '.join(ignored)} "
            f"appl{'ies' if len(ignored) == 1 else 'y'} to the window only")


def practice_module(args: argparse.Namespace) -> CongkakModule:
    """The module to practise on: the module's own rules, `--seed`, and the board of
    `--puzzle ID`, or the boards of `--puzzles` in order (else generated ones). The window and
    the terminal both start here."""
    from ..core.ids import board_from_text
    from ..core.module import CongkakModule
    from ..core.rules import load_ruleset

    rules = load_ruleset()
    if getattr(args, "puzzles", None):
        if getattr(args, "puzzle", None):
            raise UserError("practice: give either --puzzle or --puzzles, not both")
        from ..puzzles.sets import load_puzzles

        boards = [p.board for p in load_puzzles(args.puzzles, rules).puzzles]
        return CongkakModule(seed=args.seed, rules=rules, boards=boards)
    if not getattr(args, "puzzle", None):
        return CongkakModule(seed=args.seed, rules=rules)
    board = board_from_text(args.puzzle, rules)
    return CongkakModule(seed=args.seed, rules=rules, board=board.slots, stores_known=board.stores_known)
