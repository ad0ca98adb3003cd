"""How the program ends when it is told to: SIGTERM and a hang-up end it as Ctrl-C does.

SIGHUP (the terminal closed) and SIGTERM raise Stopped, a KeyboardInterrupt, so whatever
keeps a session on Ctrl-C keeps it on these too (a closed pipe on standard output is
cli.output's).

Portable: SIGHUP is looked up by name (Windows has none), and nothing here masks signals.
"""

from __future__ import annotations

import contextlib
import signal

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from collections.abc import Iterator

# The signals that end the program as Ctrl-C does, where the platform has them.
ENDING_SIGNALS = ("SIGTERM", "SIGHUP")
INTERRUPTED = 128 + signal.SIGINT  # the exit code of Ctrl-C, as a shell reports it


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where Ctrl-C raises KeyboardInterrupt; `exit_code` is
    the one a shell reports for the signal (128 + its number)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.exit_code = 128 + signum


def ending_signals() -> list[int]:
    return [getattr(signal, name) for name in ENDING_SIGNALS if hasattr(signal, name)]


def exit_code(interrupt: KeyboardInterrupt) -> int:
    return getattr(interrupt, "exit_code", INTERRUPTED)


@contextlib.contextmanager
def stopping_on_signals() -> Iterator[None]:
    """Within the block, an ending signal raises Stopped. A signal the user had ignored
    (`nohup`) stays ignored; the handlers before are put back afterwards."""
    previous = {}
    for number in ending_signals():
        handler = signal.getsignal(number)
        if handler is signal.SIG_IGN:
            continue
        try:
            signal.signal(number, _stop)
        except ValueError:  # not the main thread (a caller in a thread of its own): leave them be
            break
        previous[number] = handler
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)


def _stop(signum, frame) -> None:
    for number in ending_signals():  # a second signal must not cut short the saving the first began
        signal.signal(number, signal.SIG_IGN)
    raise Stopped(signum)


__all__ = ["ENDING_SIGNALS", "Stopped", "exit_code", "stopping_on_signals"]
