"""Worker processes: how many, how they start, and that signals stay the parent's.

For the commands that spread work over the CPUs (`stats`, `match`) and the game's thinking child.

Portable: fork where the platform can fork, else spawn (Windows); signal masks only where the
platform has them.
"""

from __future__ import annotations

import os
import signal


def usable_jobs(jobs: int, count: int, chunk: int = 1) -> int:
    """Worker processes worth starting for `count` tasks handed out `chunk` at a time (for
    `stats` and `match`): no more than the CPUs, nor than the chunks."""
    return max(1, min(jobs, os.cpu_count() or 1, (count + chunk - 1) // chunk))


def worker_pool(jobs: int):
    """`jobs` worker processes (for `stats` and `match`): forked where the platform can fork, else spawned (Windows).
    Where signals can be masked, SIGINT and SIGTERM are blocked while the workers start,
    so none can die of one before `leave_signals_to_parent` has set it up."""
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    mask = getattr(signal, "pthread_sigmask", None)
    held = {signal.SIGINT, signal.SIGTERM}
    if mask:
        mask(signal.SIG_BLOCK, held)
    try:
        return multiprocessing.get_context(method).Pool(jobs, initializer=leave_signals_to_parent)
    finally:
        if mask:
            mask(signal.SIG_UNBLOCK, held)


def leave_signals_to_parent() -> None:
    """In a worker process (a pool's, or the game's thinking child): Ctrl-C is the parent's
    to handle (it ends the workers), and the parent's Python handlers (the command line's
    for SIGTERM and a hang-up raise what only the parent handles) give way to the defaults:
    its SIGTERM kills a worker outright."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in signal.valid_signals():
        if number != signal.SIGINT and callable(signal.getsignal(number)):
            signal.signal(number, signal.SIG_DFL)
    mask = getattr(signal, "pthread_sigmask", None)
    if mask:
        mask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
