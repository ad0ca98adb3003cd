"""Line editing and history at a terminal's prompt, where the platform has them.

`import readline` gives input() its line editor and the session's history of lines (the
arrows, Ctrl-R): GNU readline or libedit on most Unix Pythons, pyreadline3 on Windows
when it is installed (it installs itself as `readline`); without one, lines are read
plainly. A timed bomb's prompt gives up at zero through SIGALRM where there is one (the
editor cleans up as it does for Ctrl-C); elsewhere it waits for the line.
"""

from __future__ import annotations

import signal
import sys
import threading
from typing import TextIO


class TimeUp(Exception):
    """The bomb's time ran out while a line was being typed."""


def available(stream: TextIO, out: TextIO) -> bool:
    """Whether lines from `stream` can be edited: the program's own terminal, and a line editor."""
    if stream is not sys.stdin or out is not sys.stdout or not _is_terminal(stream) or not _is_terminal(out):
        return False
    try:
        import readline  # noqa: F401 (input() uses it once imported)
    except ImportError:  # no readline here (Windows without pyreadline3, a Python built without it)
        return False
    return True


def read_edited(prompt: str, timeout: float | None = None) -> str | None:
    """A line typed at `prompt` with the line editor, its newline kept; "" at the end of
    input (Ctrl-D); None when `timeout` seconds passed first (where the platform can tell)."""
    alarm = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if timeout is None or not alarm:
        return _read(prompt)
    before = signal.signal(signal.SIGALRM, _time_up)
    signal.setitimer(signal.ITIMER_REAL, max(timeout, 0.001))
    try:
        return _read(prompt)
    except TimeUp:
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def _read(prompt: str) -> str:
    try:
        return input(prompt) + "\n"
    except EOFError:
        return ""


def _time_up(signum, frame) -> None:
    raise TimeUp()


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
