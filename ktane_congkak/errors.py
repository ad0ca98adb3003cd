"""Errors a user can act on: the command line prints them as one line and exits 2."""

import reprlib

SHOWN_LIMIT = 60  # characters of a user's value quoted in a message, at most


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


def shown(value, limit: int = SHOWN_LIMIT) -> str:
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


def clipped(text: str, limit: int = SHOWN_LIMIT) -> str:
    """Text a user typed, unquoted, cut to `limit` characters for a message."""
    text = str(text[: limit + 1]).replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def undecodable(text: str) -> bool:
    """Whether text read with errors='surrogateescape' held bytes that are not UTF-8."""
    return not text.isascii() and any("\udc80" <= ch <= "\udcff" for ch in text)  # isascii: a quick no


def closest(word: str, choices) -> str | None:
    """The one choice close to a mistyped `word` (for "did you mean ...?"), or None."""
    import difflib

    close = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=0.6)
    return close[0] if close else None
