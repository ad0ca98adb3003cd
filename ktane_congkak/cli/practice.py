"""`ktane-congkak practice`: the module to practise on, in the window or the terminal."""

from __future__ import annotations

import os
import sys


def register(sub) -> None:
    p = sub.add_parser("practice", help="practise the module (window, or --text for the terminal)",
                       description="Practise the module. Commands: hole N, highlight N, cycle, new, answer, log, help, quit.")
    p.add_argument("--text", action="store_true", help="play in the terminal, reading commands from standard input")
    p.add_argument("--seed", help="seed for boards and the opponent's replies (reproducible practice)")
    p.set_defaults(run=run)


def window_available() -> bool:
    """A window needs a display (or pyglet's headless mode) and the window module."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("PYGLET_HEADLESS")):
        return False
    import importlib.util

    return importlib.util.find_spec("ktane_congkak.window") is not None


def run(args) -> int:
    from ..machine import CongkakModule
    from ..terminal import play

    if not args.text:
        if window_available():
            from ..window import run_practice  # noqa: the window exists once issue 3 lands

            return run_practice(args)
        print("No display here: practising in the terminal.", file=sys.stderr)
    return play(CongkakModule(seed=args.seed))
