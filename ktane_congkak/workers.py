"""Worker processes: how many, how they start, and that signals stay the parent's.

For the commands that spread work over the CPUs (`stats`, `match`: `run_in_workers`, which notices a
worker killed from outside and gives its work to another) and the game's thinking child.

Portable: fork where the platform can fork, else spawn (Windows); signal masks only where the
platform has them.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from .errors import UserError

T = TypeVar("T")  # a task
R = TypeVar("R")  # its result


def usable_jobs(jobs: int, count: int, chunk: int = 1) -> int:
    """Worker processes worth starting for `count` tasks handed out `chunk` at a time (for
    `stats` and `match`): no more than the CPUs, nor than the chunks."""
    return max(1, min(jobs, os.cpu_count() or 1, (count + chunk - 1) // chunk))


AHEAD_PER_JOB = 4  # tasks handed out beyond the oldest unfinished one, per worker (bounds what waits in memory)


class WorkerLost(UserError):
    """A task's worker died under it twice (killed from outside: `kill -9`, the out-of-memory killer)."""


def run_in_workers(function: Callable[[T], R], tasks: Iterable[T], jobs: int, ordered: bool = False) -> Iterator[R]:
    """`function(task)` of every task, in `jobs` worker processes (forked where the platform
    can fork, else spawned, as on Windows): the results as they come, or in the tasks' order.

    Each worker runs one task at a time, so the parent knows which task each holds: a worker
    killed from outside is noticed at once (its process's sentinel wakes the parent) and its
    task given to a new worker; a task that loses a second worker raises WorkerLost. Tasks are
    taken from `tasks` only as workers need them. On leaving (done, an error, Ctrl-C) every
    worker is ended. With one job (or none) the tasks run here, in this process, in order."""
    if jobs <= 1:
        yield from map(function, tasks)
        return
    import multiprocessing
    from multiprocessing.connection import wait

    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    pending = iter(enumerate(tasks))
    idle, busy = [], {}  # busy: worker -> (index, task)
    lost: set[int] = set()  # tasks that have lost a worker once
    done: dict[int, R] = {}  # ordered: results waiting for those before them
    oldest, handed = 0, 0  # ordered: the next index to give back; tasks taken so far
    try:
        for _ in range(jobs):
            idle.append(_Worker(context, function))
        while True:
            while idle and (not ordered or handed < oldest + AHEAD_PER_JOB * jobs):
                job = next(pending, None)
                if job is None:
                    break
                handed += 1
                busy[_given(idle.pop(), job, context, function)] = job
            if not busy:
                return
            ready = wait([w.connection for w in busy] + [w.process.sentinel for w in busy])
            for worker in list(busy):
                if worker.connection not in ready and worker.process.sentinel not in ready:
                    continue
                index, task = busy.pop(worker)
                idle.append(worker)  # (still ended on leaving, if what it sends back is a failure)
                try:
                    index, result = worker.take()
                except (EOFError, OSError):  # it died with its task: another does it, once
                    idle.remove(worker)
                    worker.end()
                    if index in lost:
                        raise WorkerLost("a worker process was killed twice running the same work "
                                         "(from outside, or by the system out of memory)") from None
                    lost.add(index)
                    busy[_given(_Worker(context, function), (index, task), context, function)] = (index, task)
                    continue
                if not ordered:
                    yield result
                    continue
                done[index] = result
                while oldest in done:
                    yield done.pop(oldest)
                    oldest += 1
    finally:
        for worker in [*idle, *busy]:
            worker.end()


def _given(worker: _Worker, job, context, function) -> _Worker:
    """`worker` with `job` handed to it; if it died while idle, a new one with it."""
    try:
        worker.give(job)
        return worker
    except OSError:  # its end of the pipe is gone: killed while it waited
        worker.end()
        worker = _Worker(context, function)
        worker.give(job)
        return worker


class _Worker:
    """One worker process and its end of a pipe. Where signals can be masked, SIGINT and
    SIGTERM are blocked while it starts, so it cannot die of one before
    `leave_signals_to_parent` has set it up."""

    def __init__(self, context, function):
        self.connection, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(function, theirs), daemon=True, name="congkak-worker")
        mask = getattr(signal, "pthread_sigmask", None)
        held = {signal.SIGINT, signal.SIGTERM}
        if mask:
            mask(signal.SIG_BLOCK, held)
        try:
            self.process.start()
        finally:
            if mask:
                mask(signal.SIG_UNBLOCK, held)
            theirs.close()

    def give(self, job) -> None:
        self.connection.send(job)

    def take(self) -> tuple[int, Any]:
        """(index, result); a failure in the worker is raised here."""
        index, failed, value = self.connection.recv()
        if failed:
            raise RuntimeError(value)
        return index, value

    def end(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
        self.process.join()
        self.connection.close()


def _serve(function, connection) -> None:
    """A worker: tasks in, results out, until its parent's end of the pipe closes."""
    import traceback

    leave_signals_to_parent()
    while True:
        try:
            index, task = connection.recv()
        except (EOFError, OSError):
            return
        try:
            connection.send((index, False, function(task)))
        except Exception:
            connection.send((index, True, traceback.format_exc()))


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
