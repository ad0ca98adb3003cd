"""Standard output as every command writes it: in any encoding, closed or full, one line.

While a command runs, `sys.stdout` is a `GuardedOutput` around the real one:
- a control character but tab and newline is written escaped (errors.printable): text
  from a file never drives the terminal;
- a character its encoding lacks (cp1252 when Windows redirects, an ASCII console) is
  written as "?" instead of raising UnicodeEncodeError;
- a write or flush that fails (a full disk, a closed standard output, `>&-`) raises
  `OutputError`, an OSError naming "standard output", which the command line turns into
  one line and exit 2; a closed pipe (`| head -1`) stays a BrokenPipeError, an ordinary end.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys

from ..errors import printable

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from collections.abc import Collection, Iterable, Iterator
    from typing import TextIO

STANDARD_OUTPUT = "standard output"  # how a message names it


class OutputError(OSError):
    """A write to standard output failed (not a closed pipe): its filename is STANDARD_OUTPUT."""


def _failed(exc: Exception) -> OutputError:
    if isinstance(exc, OSError):
        return OutputError(exc.errno, exc.strerror, STANDARD_OUTPUT)
    return OutputError(errno.EBADF, "it is closed", STANDARD_OUTPUT)  # ValueError: a closed file object


class _Closed:
    """What Python leaves for a standard output that was closed before it started (None)."""

    encoding, errors, closed = "utf-8", "strict", True
    lost = False  # whether anything was to be written: argparse's --help drops the error its write raises

    @property
    def buffer(self):
        return self

    def write(self, data):
        self.lost = True
        raise OutputError(errno.EBADF, "it is closed", STANDARD_OUTPUT)

    writelines = write

    def flush(self) -> None:
        """Nothing lost while nothing was to be written; else the error again, for the end."""
        if self.lost:
            raise OutputError(errno.EBADF, "it is closed", STANDARD_OUTPUT)

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OutputError(errno.EBADF, "it is closed", STANDARD_OUTPUT)


class GuardedOutput:
    """A text (or, as its `buffer`, binary) stream whose writes never raise anything but
    OutputError or BrokenPipeError; every other attribute is the stream's own."""

    def __init__(self, stream: TextIO | _Closed, text: bool = True):
        self._stream, self._text = stream, text

    def write(self, data: str) -> int:
        if self._text:  # no text the program writes needs a control character but tab and newline
            data = printable(data, lines=True)
        try:
            return self._guarded(self._stream.write, data)
        except UnicodeEncodeError:  # nothing was written: the text is encoded before it goes out
            encoding = self._stream.encoding
            return self._guarded(self._stream.write, data.encode(encoding, "replace").decode(encoding))

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self._guarded(self._stream.flush)

    @property
    def buffer(self) -> GuardedOutput:
        return GuardedOutput(self._guarded(getattr, self._stream, "buffer"), text=False)

    def _guarded(self, action, *args):
        try:
            return action(*args)
        except (BrokenPipeError, UnicodeEncodeError):  # an ordinary end; a character to replace (write)
            raise
        except (OSError, ValueError) as exc:
            raise _failed(exc) from None

    def __getattr__(self, name):
        return getattr(self._stream, name)


@contextlib.contextmanager
def guarded_stdout() -> Iterator[None]:
    """sys.stdout guarded within the block, as it was after it."""
    before = sys.stdout
    sys.stdout = GuardedOutput(_Closed() if before is None else before)
    try:
        yield
    finally:
        sys.stdout = before


def write_bytes(data: bytes) -> None:
    """A file's bytes on standard output as they are (not in its encoding): `--out -`."""
    sys.stdout.flush()
    binary = sys.stdout.buffer
    binary.write(data)
    binary.flush()


def is_standard_output(path: str | os.PathLike) -> bool:
    """Whether writing `path` writes standard output (`/dev/stdout`, `/dev/fd/1`, `-`)."""
    if path == "-":
        return True
    try:
        here, there = os.fstat(sys.stdout.fileno()), os.stat(path)
    except (OSError, ValueError, AttributeError):
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def print_lines(lines: Iterable[str], verbatim: Collection[str] = frozenset()) -> None:
    """Lines for a person, each fitted to the output's width (`core.text.fit`: the terminal's,
    else 80 columns); JSON is printed whole, with `common.print_json`."""
    from ..core.text import fit

    sys.stdout.write("".join(line + "\n" for line in fit(lines, verbatim=verbatim)))


def finish_output() -> OutputError | None:
    """Flush standard output at the end; if it cannot take what is left, the error (and the
    rest is dropped, so that Python's own flush at exit says nothing)."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_closed_stdout()
    except OutputError as exc:
        quiet_closed_stdout()
        return exc
    return None


def quiet_closed_stdout() -> None:
    """After a closed pipe or a failed write on standard output: point it at the null
    device, so that the flush at exit says nothing ("Exception ignored ... BrokenPipeError")."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


__all__ = ["STANDARD_OUTPUT", "GuardedOutput", "OutputError", "finish_output", "guarded_stdout",
           "is_standard_output", "print_lines", "quiet_closed_stdout", "write_bytes"]
