"""`ktane-congkak practice`: the module to practise on, in the window or the terminal."""

from __future__ import annotations

import argparse
import os
import sys

from ..errors import UserError
from .common import whole_number


def register(sub) -> None:
    p = sub.add_parser("practice", help="practise the module (window, or --text for the terminal)",
                       description="Practise the module. Commands: hole N, highlight N, cycle, new, answer, log, help, quit.")
    p.add_argument("--text", action="store_true", help="play in the terminal, reading commands from standard input")
    p.add_argument("--seed", help="seed for boards and the opponent's replies (reproducible practice)")
    p.add_argument("--puzzle", metavar="ID", help="start on this puzzle: descriptive (c1-...) or seed ('#text')")
    p.add_argument("--mode", choices=("zen", "timed"), default="zen",
                   help="window: zen (no time limit, a clock counting up) or timed (a countdown)")
    p.add_argument("--time", type=_duration, default=300.0, metavar="M:SS",
                   help="window, timed mode: the countdown, as seconds or m:ss (default 5:00)")
    p.add_argument("--strikes", type=whole_number(1), default=3, help="window, timed mode: strikes that explode the bomb (default 3)")
    p.add_argument("--speed", type=float, default=None, help="window: animation speed, 0.25 to 16 (default 1)")
    p.add_argument("--commands", metavar="SCRIPT",
                   help='window: run commands first, e.g. "highlight 3; hole 5; wait 1; screenshot out.png; quit"')
    p.set_defaults(run=run)


def _duration(text: str) -> float:
    """Seconds, or m:ss."""
    try:
        minutes, _, seconds = text.rpartition(":")
        value = int(minutes or 0) * 60 + float(seconds)
    except ValueError:
        raise argparse.ArgumentTypeError(f"\"{text}\" is not a time: give seconds or m:ss, e.g. 5:00") from None
    if not 0 < value <= 24 * 3600:
        raise argparse.ArgumentTypeError("give more than 0 seconds and at most 24 hours")
    return value


def window_available() -> bool:
    """A window needs a display (or pyglet's headless mode) and the window module."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("PYGLET_HEADLESS")):
        return False
    import importlib.util

    return importlib.util.find_spec("ktane_congkak.window") is not None


def run(args) -> int:
    from ..terminal import play

    if args.commands and (args.text or not window_available()):
        raise UserError('--commands drives the window, which needs a display (try xvfb-run); '
                        'for the terminal, pipe the commands in: echo "hole 3" | ktane-congkak practice --text')
    module = practice_module(args)
    if not args.text:
        if window_available():
            from ..window import run_practice

            return run_practice(module, mode=args.mode, time_limit=args.time, strike_limit=args.strikes,
                                speed=args.speed, commands=args.commands)
        print("No display here: practising in the terminal.", file=sys.stderr)
    return play(module)


def practice_module(args):
    """The module to practise on: the module's own rules, `--seed`, and the board of
    `--puzzle ID` (else a generated one). The window and the terminal both start here."""
    from ..ids import board_from_id
    from ..machine import CongkakModule
    from ..rules import load_ruleset

    rules = load_ruleset("module")
    board = board_from_id(args.puzzle, rules).slots if getattr(args, "puzzle", None) else None
    return CongkakModule(seed=args.seed, rules=rules, board=board)
