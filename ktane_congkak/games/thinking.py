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
import os
import sys
import threading
import traceback
from collections.abc import Callable
from typing import Any

from ..errors import UserError
from ..files import write_atomic
from ..workers import leave_signals_to_parent  # loaded once here, not in every child

# Forking a process that holds a window is safe only because the child touches nothing of it.
FORK = sys.platform.startswith("linux")
# The child searches at a lower priority: on a busy machine the window's drawing gets the
# processor first and the search the rest (its budget is in wall-clock seconds either way).
CHILD_NICENESS = 5
# A thread's search gives the interpreter lock back this often (Python's default is 5 ms):
# each of the window's OpenGL calls waits for the lock, so a frame of many calls waited for
# many such turns. A shorter turn costs the search a little speed.
THREAD_SWITCH_SECONDS = 0.0005
_thread_searches = 0  # thread searches running now; the switch interval is restored when none is
_switch_lock = threading.Lock()


class SearchLost(RuntimeError):
    """The search's child process ended without an answer: killed from outside (`kill -9`,
    the out-of-memory killer). The front end may search again."""


class Thinking:
    """`work(on_depth)` run in the background: `poll()` reads its progress (`depth`, the
    latest search depth it reported), then `done` with `result` or `error`; `join()`
    waits for it; `cancel()` stops it. `seconds` is the front end's clock while it runs.

    `work` must only read what it is given: in a thread (no fork) it runs on while the
    front end goes on, even after `cancel()`, which cannot stop a thread."""

    def __init__(self, work: Callable[[Callable[..., None]], object]):
        self.depth, self.seconds = 0, 0.0
        self.result: Any = None  # what `work` returned
        self.error: BaseException | None = None  # what it raised
        self.done = False
        self.forked = FORK and self._start_process(work)
        if not self.forked:
            self._start_thread(work)

    # --- a child process ------------------------------------------------------------
    def _start_process(self, work) -> bool:
        """Fork the search; False if no process could be made (a process limit, no memory)."""
        import multiprocessing
        import warnings

        context = multiprocessing.get_context("fork")
        for stream in (sys.stdout, sys.stderr):  # else text still buffered would be written twice
            if stream is not None and not stream.closed:
                stream.flush()
        self._receive, send = context.Pipe(duplex=False)
        self._process = context.Process(target=_child, args=(work, send), name="congkak-thinking", daemon=True)
        try:
            with warnings.catch_warnings():
                # Python 3.12+ warns that forking a process with threads (OpenGL's) may
                # deadlock the child: ours takes no lock of theirs, it only searches.
                warnings.filterwarnings("ignore", category=DeprecationWarning, message=".*fork")
                self._process.start()
        except OSError:
            self._receive.close()
            return False
        finally:
            send.close()  # the child's end: the parent reads EOF if the child dies
        return True

    def poll(self) -> bool:
        """Take in whatever the search has said; whether it is done."""
        if self.done or not self.forked:
            self.done = self.done or not self._thread.is_alive()
            return self.done
        try:
            while not self.done and self._receive.poll():
                self._take(self._receive.recv())
        except (EOFError, OSError):  # the child ended without an answer (killed)
            self._finish(None, SearchLost("the computer's search stopped without a move"))
        except Exception as exc:  # a message that could not be read back
            self._finish(None, RuntimeError(f"the computer's search sent what cannot be read: {exc}"))
        return self.done

    def _take(self, message) -> None:
        kind, value = message
        if kind == "depth":
            self.depth = value
        else:
            self._finish(value if kind == "result" else None, value if kind == "error" else None)

    def _finish(self, result, error) -> None:
        """Keep the outcome. The child is not waited for here: it is ending on its own,
        and waiting for a process to end (its memory handed back) would hold up a frame;
        multiprocessing collects it when the next search starts."""
        self.result, self.error, self.done = result, error, True
        if self.forked:
            self._receive.close()

    def join(self) -> None:
        """Wait until the search is done."""
        if not self.forked:
            self._thread.join()
            self.poll()
            return
        while not self.poll():
            self._receive.poll(None)  # wakes on a message or on the child's end

    def cancel(self) -> None:
        """Stop the search: nothing it finds is wanted any more (a thread is left to end)."""
        if self.forked and not self.done:
            self._process.kill()
            self._finish(None, None)
            self._process.join()  # a killed process ends at once

    # --- a thread (where fork is not safe) --------------------------------------------
    def _start_thread(self, work) -> None:
        def run():
            _thread_search_starts()
            try:
                self.result = work(self._reached)
            except Exception as exc:  # handed to the front end's thread, which shows it
                self.error = exc
            finally:
                _thread_search_ends()

        self._thread = threading.Thread(target=run, name="congkak-thinking", daemon=True)
        self._thread.start()

    def _reached(self, *progress) -> None:
        self.depth = progress[-1]


def _thread_search_starts() -> None:
    global _thread_searches, _switch_before
    with _switch_lock:
        if not _thread_searches:
            _switch_before = sys.getswitchinterval()
            sys.setswitchinterval(THREAD_SWITCH_SECONDS)
        _thread_searches += 1


def _thread_search_ends() -> None:
    global _thread_searches
    with _switch_lock:
        _thread_searches -= 1
        if not _thread_searches:
            sys.setswitchinterval(_switch_before)


_switch_before = sys.getswitchinterval()


def _child(work, send) -> None:
    """The forked search: its depths, then its result or its error, up the pipe. Ctrl-C is
    the parent's to handle (which ends the child); a failure other than the user's is sent
    as the text of its traceback, which any parent can read back."""
    gc.disable()
    leave_signals_to_parent()  # the inherited SIGTERM handler would print a traceback as the parent ends it
    os.nice(CHILD_NICENESS)
    try:
        result = work(lambda *progress: send.send(("depth", progress[-1])))
    except UserError as exc:
        send.send(("error", UserError(str(exc))))
    except Exception:
        send.send(("error", RuntimeError(traceback.format_exc())))
    else:
        send.send(("result", result))
    send.close()


class BackgroundWriter:
    """Files written by a thread, so that waiting for the disk never holds up a frame: a
    save flushed to the disk (`files.write_atomic`) can take tens to hundreds of
    milliseconds on a busy disk. Only the latest text of each file is written; `error`
    holds why the latest write failed (None once one worked); `flush()` waits for
    everything asked (before the window closes: nothing the user saved is lost)."""

    def __init__(self):
        self.error: str | None = None
        self._waiting: dict = {}  # path -> the latest text not yet written
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def write(self, path: str | os.PathLike, text: str) -> None:
        """Write `text` to `path` soon (a later write of the same path replaces it)."""
        with self._lock:
            self._waiting[path] = text
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="congkak-saving", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._waiting:
                    self._thread = None
                    return
                path = next(iter(self._waiting))
                text = self._waiting.pop(path)
            try:
                write_atomic(path, text)
                self.error = None
            except UserError as exc:
                self.error = f"not saved: {exc}"

    def flush(self) -> None:
        thread = self._thread
        if thread is not None:
            thread.join()

