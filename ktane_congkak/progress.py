"""The one progress line of every long command, and how such a command stops on Ctrl-C.

A command that can take more than about two seconds (match, generate, stats, analyse, the
review, `verify --log` of a big log, `print` of a big set, the manual's build) shows how far
it has got on one line of standard error, redrawn in place, only when standard error is a
terminal and at most UPDATES_PER_SECOND times a second (a pipe or a log file gets nothing)::

    from ..progress import Progress, stopped

    with Progress("generate", total=count, unit="puzzle") as progress:
        try:
            for item in work():
                done.append(item)
                progress.update(len(done))
        except KeyboardInterrupt as interrupt:  # Ctrl-C, SIGTERM, a hang-up
            progress.close()
            keep(done)  # print, or write the finished part (files.write_atomic: never half a file)
            return stopped("generate", interrupt, f"{len(done)} of {count} puzzles made, written to F")

The whole API: `Progress(label, total, unit)` with `update(done)` (also callable as
`progress(done, total)`), `say(words)` for work not counted in units ("searched 7 moves
deep"), `close()` (or the `with` block's end); `Stoppable(items)` for work that must end
between two items, never in the middle of one (a reader's state, a tally): Ctrl-C ends the
items as if there were no more, and `.interrupt` says it was cut; and `stopped`. While the
line is open nothing else should be printed on the terminal (close it first).

`stopped` is the Ctrl-C convention: stop at once, keep what was finished, say how much
in one line (`ktane-congkak: generate: stopped: 340 of 1000 puzzles made, ...`) and
return the exit code a shell reports for the signal (130 for Ctrl-C, 143 for SIGTERM).

Cheap to import (no pyglet; nothing of the project but errors, and cli.signals' exit codes
when it stops); portable (a carriage return and spaces, no terminal escapes).
"""

from __future__ import annotations

import contextlib
import shutil
import sys
import threading
import time
from typing import IO
from collections.abc import Callable, Iterable

from .errors import printable, warn

UPDATES_PER_SECOND = 4  # more flickers and costs the work its time; fewer looks stuck


class Progress:
    """One line on standard error saying how far `label` has got: "generate: 3,400 of
    100,000 puzzles (3%), 12 s". `total` None: no "of N"; `unit` is a singular noun
    (an s is added). `show` None: only when the stream is a terminal. While no update
    comes (one long game, one long search) the line is redrawn every `tick` seconds, so
    its time goes on (a daemon thread; None: never). A context manager: leaving it erases
    the line, so what is printed next starts on a clean line."""

    def __init__(self, label: str, total: int | None = None, unit: str = "", *,
                 stream: IO[str] | None = None, show: bool | None = None, tick: float | None = 1.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.label, self.total, self.unit = label, total, unit
        self.stream = stream if stream is not None else sys.stderr
        self.show = _is_terminal(self.stream) if show is None else show
        self.clock = clock
        self.started = clock()
        self.last = self.started  # the first line waits a beat: a quick command shows none
        self.drawn = 0  # the width of the line on the screen, to blank it out
        self.done, self.note = 0, ""
        self.said = ""  # `say`'s words, shown instead of the count
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker = None
        if self.show and tick:
            self._ticker = threading.Thread(target=self._tick, args=(tick,), daemon=True, name="progress")
            self._ticker.start()

    def update(self, done: int, total: int | None = None, note: str = "") -> None:
        """Say that `done` units are finished (`total` changes the whole, `note` adds words
        after the count); drawn only if a quarter of a second has passed, or at the end."""
        if total is not None:
            self.total = total
        self.done, self.note = done, note
        if not self.show:
            return
        now = self.clock()
        if now - self.last < 1 / UPDATES_PER_SECOND and done != self.total:
            return
        with self._lock:
            self.last = now
            self._draw(self.line(done, now - self.started, note))

    __call__ = update  # a callback `progress(done, total)`, as puzzles.stats.collect calls it

    def say(self, state: str) -> None:
        """Show `state` instead of a count, for work that is not counted in units
        ("searched 7 moves deep"): "analyse: searched 7 moves deep, 12 s"."""
        self.said = state
        self.update(self.done)

    def line(self, done: int, elapsed: float, note: str = "") -> str:
        """The words of the line (without the carriage return)."""
        if self.said:
            return f"{self.label}: {printable(self.said)}, {elapsed:.0f} s"
        unit = f" {self.unit}{'s' * (done != 1 if self.total is None else self.total != 1)}" if self.unit else ""
        if self.total:
            count = f"{done:,} of {self.total:,}{unit} ({100 * done // self.total}%)"
        else:
            count = f"{done:,}{unit}"
        extra = f", {printable(note)}" if note else ""
        return f"{self.label}: {count}{extra}, {elapsed:.0f} s"

    def close(self) -> None:
        """Erase the line (if one was drawn) and stop redrawing it; safe to call twice."""
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join(1)
            self._ticker = None
        if self.drawn:
            self._write("\r" + " " * self.drawn + "\r")
            self.drawn = 0

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def _tick(self, every: float) -> None:
        while not self._stop.wait(every / 2):
            with self._lock:
                now = self.clock()
                if now - self.last >= every and not self._stop.is_set():
                    self.last = now
                    self._draw(self.line(self.done, now - self.started, self.note))

    def _draw(self, text: str) -> None:
        width = shutil.get_terminal_size((80, 24)).columns - 1  # the last column would wrap on Windows
        text, before = text[:width], self.drawn
        self.drawn = max(len(text), before)  # first: Ctrl-C during the write must still find the line to erase
        self._write("\r" + text + " " * max(before - len(text), 0))
        self.drawn = len(text)

    def _write(self, text: str) -> None:
        with contextlib.suppress(OSError, ValueError, AttributeError):  # a closed standard error: unsaid
            self.stream.write(text)
            self.stream.flush()


class Stoppable:
    """The items of an iterable (a log's lines) until Ctrl-C, SIGTERM or a hang-up, which end
    it as if there were no more: the work reading it (a streaming reader) then finishes with
    what it has read, so a report of the part read can be given. After the loop,
    `interrupt` is the KeyboardInterrupt that ended it early (None if it ran out), and
    `count` how many items were given. A signal while the next item is awaited (a read that
    blocks) ends it at once; one while the reader works is taken at its next item. Signals
    behave as usual again once the items end; only in the main thread (elsewhere the items
    pass through untouched)::

        lines = Stoppable(read_lines(path), progress)
        check = check_log_lines(lines, rules)
        if lines.interrupt: ...
    """

    PROGRESS_EVERY = 1024  # items between two updates of `progress`

    def __init__(self, items: Iterable, progress: Progress | None = None) -> None:
        self.items, self.progress = items, progress
        self.interrupt: KeyboardInterrupt | None = None
        self.count = 0
        self._waiting = False

    def __iter__(self):
        previous = self._take_signals()
        try:
            source = iter(self.items)
            while self.interrupt is None:
                self._waiting = True
                try:
                    item = next(source)
                except StopIteration:
                    return
                except KeyboardInterrupt as exc:  # a read that blocked, ended by the signal
                    self.interrupt = exc
                    return
                finally:
                    self._waiting = False
                self.count += 1
                if self.progress is not None and not self.count % self.PROGRESS_EVERY:
                    self.progress.update(self.count)
                yield item
        finally:
            _put_back(previous)

    def _take_signals(self) -> dict:
        import signal

        from .cli.signals import ending_signals

        previous = {}
        for number in (signal.SIGINT, *ending_signals()):
            handler = signal.getsignal(number)
            if handler is signal.SIG_IGN:  # ignored by the user (nohup): stays ignored
                continue
            try:
                signal.signal(number, self._signalled)
            except ValueError:  # not the main thread
                break
            previous[number] = handler
        return previous

    def _signalled(self, signum: int, frame) -> None:
        import signal

        from .cli.signals import Stopped

        interrupt = KeyboardInterrupt() if signum == signal.SIGINT else Stopped(signum)
        if self._waiting:
            raise interrupt
        self.interrupt = self.interrupt or interrupt


def _put_back(handlers: dict) -> None:
    import signal

    for number, handler in handlers.items():
        signal.signal(number, handler if handler is not None else signal.SIG_DFL)


def stopped(command: str, interrupt: KeyboardInterrupt, kept: str) -> int:
    """The end of a long command cut short: one line on standard error saying what was kept
    ("ktane-congkak: COMMAND: stopped: KEPT"), and the exit code for the signal (130 for
    Ctrl-C, 128 + N for SIGTERM and SIGHUP, cli.signals.Stopped)."""
    from .cli.signals import exit_code  # here: the cli is loaded by then, and the core never needs it

    warn(f"{command}: stopped: {kept}")
    return exit_code(interrupt)


def _is_terminal(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):  # closed, or not a real stream
        return False


__all__ = ["Progress", "Stoppable", "UPDATES_PER_SECOND", "stopped"]
