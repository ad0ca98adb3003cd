"""A search run beside a front end: in a child process on Linux, so the window never waits for it.

A search in a thread of the window's own process shares Python's interpreter lock with
the drawing: every one of pyglet's OpenGL calls gives the lock up and then waits for the
search to hand it back, and frames stalled for 0.15-0.35 s while the computer thought. A
forked child has a lock (and, on a machine of two cores or more, a core) of its own.

The child only searches, sends its messages up a pipe and leaves without any clean-up:
it never touches the window, and its garbage collector is off so that no finaliser of a
window object inherited from the parent runs there. Where fork is not the platform's
way (macOS, Windows) the search runs in a thread, as before.
"""

from __future__ import annotations

import gc
import sys
import threading
from typing import Callable

# Forking a process that holds a window is safe only because the child touches nothing of it.
FORK = sys.platform.startswith("linux")


class Thinking:
    """`work(on_depth)` run in the background: `poll()` reads its progress (`depth`, the
    latest search depth it reported), then `done` with `result` or `error`; `join()`
    waits for it; `cancel()` stops it. `seconds` is the front end's clock while it runs."""

    def __init__(self, work: Callable[[Callable[..., None]], object]):
        self.depth, self.seconds = 0, 0.0
        self.result, self.error = None, None
        self.done = False
        if FORK:
            self._start_process(work)
        else:
            self._start_thread(work)

    # --- a child process ------------------------------------------------------------
    def _start_process(self, work) -> None:
        import multiprocessing

        context = multiprocessing.get_context("fork")
        for stream in (sys.stdout, sys.stderr):  # else text still buffered would be written twice
            if stream is not None and not stream.closed:
                stream.flush()
        self._receive, send = context.Pipe(duplex=False)
        self._process = context.Process(target=_child, args=(work, send), name="congkak-thinking", daemon=True)
        self._process.start()
        send.close()  # the child's end: the parent reads EOF if the child dies

    def poll(self) -> bool:
        """Take in whatever the search has said; whether it is done."""
        if self.done or not FORK:
            self.done = self.done or not self._thread.is_alive()
            return self.done
        try:
            while not self.done and self._receive.poll():
                self._take(self._receive.recv())
        except (EOFError, OSError):  # the child ended without an answer (killed)
            self._finish(None, RuntimeError("the computer's search stopped without a move"))
        return self.done

    def _take(self, message) -> None:
        kind, value = message
        if kind == "depth":
            self.depth = value
        else:
            self._finish(value if kind == "result" else None, value if kind == "error" else None)

    def _finish(self, result, error) -> None:
        self.result, self.error, self.done = result, error, True
        if FORK:
            self._receive.close()
            self._process.join()

    def join(self) -> None:
        """Wait until the search is done."""
        if not FORK:
            self._thread.join()
            self.poll()
            return
        while not self.poll():
            self._receive.poll(None)  # wakes on a message or on the child's end

    def cancel(self) -> None:
        """Stop the search (the window closed): nothing it finds is wanted any more."""
        if FORK and not self.done:
            self._process.kill()
            self._finish(None, None)

    # --- a thread (where fork is not safe) --------------------------------------------
    def _start_thread(self, work) -> None:
        def run():
            try:
                self.result = work(self._reached)
            except Exception as exc:  # handed to the front end's thread, which shows it
                self.error = exc

        self._thread = threading.Thread(target=run, name="congkak-thinking", daemon=True)
        self._thread.start()

    def _reached(self, *progress) -> None:
        self.depth = progress[-1]


def _child(work, send) -> None:
    """The forked search: its depths, then its result or its error, up the pipe."""
    gc.disable()
    try:
        result = work(lambda *progress: send.send(("depth", progress[-1])))
    except Exception as exc:
        try:
            send.send(("error", exc))
        except Exception:  # an exception that cannot be pickled: its words, then
            send.send(("error", RuntimeError(str(exc))))
    else:
        send.send(("result", result))
    send.close()
