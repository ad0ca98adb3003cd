"""Errors a user can act on: the command line prints them as one line and exits 2."""


class UserError(ValueError):
    """Bad input from the user (a board, a file, an option); the message says what."""


class BoardError(UserError):
    """A board that cannot be parsed or is not a legal position."""


class RulesetError(UserError):
    """A ruleset file that is missing, not YAML, or not a valid ruleset."""


def shown(value, limit: int = 60) -> str:
    """A value from a file, for a one-line message: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
