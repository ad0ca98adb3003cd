"""Errors a user can act on (one line, exit 2), and a user's or a file's text as shown.

The command line prints a UserError as one line and exits 2; `shown`, `clipped` and
`printable` give a value as a message or a listing shows it: quoted, cut short, escaped.
"""

import contextlib
from collections.abc import Iterable
import reprlib
import sys

SHOWN_LIMIT = 60  # characters of a user's value quoted in a message, at most


PROGRAM = "ktane-congkak"  # how a line on standard error is headed


def warn(line: str) -> None:
    """`line` on standard error, headed by the program's name (a warning, or what is kept or
    given up); never raises: standard error may be closed, and then it goes unsaid."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        if sys.stderr is not None:  # None: closed before the program started (`2>&-`)
            print(f"{PROGRAM}: {line}", file=sys.stderr, flush=True)


class UserError(ValueError):
    """Bad input from the user (a board, a file, an option); the message says what."""


class BoardError(UserError):
    """A board that cannot be parsed or is not a legal position."""


class RulesetError(UserError):
    """A ruleset file that is missing, not YAML, or not a valid ruleset."""


# reprlib bounds the work as well as the text: a huge or deeply nested value is never
# turned into a string whole.
_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother = 3, SHOWN_LIMIT, SHOWN_LIMIT
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 6


def shown(value: object, limit: int = SHOWN_LIMIT) -> str:
    """A user's value, for a one-line message: its repr, cut short (the one place that
    quotes what a user gave)."""
    if isinstance(value, (str, bytes)):
        value = value[: limit + 1]  # never repr more than is shown
    text = _REPR.repr(value)
    text = text.replace("\n", "\\n")
    if len(text) <= limit:
        return text
    quote = text[-1] if isinstance(value, (str, bytes)) else ""  # a quoted text cut short stays quoted
    return text[: limit - 3 - len(quote)] + "..." + quote


def shown_as_text(value: object) -> str:
    """`shown`, for a value where text was wanted: YAML's reading of unquoted text (a yes or
    no read as true or false, a date) said, with the cure."""
    import datetime  # here, on a message's way out: `solve` does not load it

    if isinstance(value, bool):
        return f"{value} (YAML reads yes, no, on and off as true or false: quote the text)"
    if isinstance(value, datetime.date):
        return f"{value} (YAML reads it as a date: quote the text)"
    return shown(value)


def clipped(text: str, limit: int = SHOWN_LIMIT) -> str:
    """Text a user typed, unquoted, cut to `limit` characters for a message, escaped (`printable`)."""
    text = printable(str(text[: limit + 1]))
    return text if len(text) <= limit else text[: limit - 3] + "..."


# Every control character (C0, DEL, C1) as an escape, so that text from a file never moves
# the cursor, clears the screen or rings the bell (ESC starts a terminal's commands).
_ESCAPES = {code: f"\\x{code:02x}" for code in (*range(0x20), 0x7F, *range(0x80, 0xA0))}
_ESCAPES.update({ord("\t"): "\\t", ord("\n"): "\\n", ord("\r"): "\\r"})
_LINE_ESCAPES = {code: text for code, text in _ESCAPES.items() if code not in (ord("\t"), ord("\n"))}


def printable(text: str, lines: bool = False) -> str:
    """A file's text as the terminal shows it: each control character written as an escape
    (\\x1b, \\n); with `lines`, tabs and newlines are kept (text of many lines). The one
    place that decides it: standard output passes everything written through it too."""
    if text.isprintable():  # a quick no: no control character in it
        return text
    return text.translate(_LINE_ESCAPES if lines else _ESCAPES)


def undecodable(text: str) -> bool:
    """Whether text read with errors='surrogateescape' held bytes that are not UTF-8."""
    return not text.isascii() and any("\udc80" <= ch <= "\udcff" for ch in text)  # isascii: a quick no


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The one choice close to a mistyped `word` (for "did you mean ...?"), or None."""
    import difflib

    close = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=0.6)
    return close[0] if close else None
