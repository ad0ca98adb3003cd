"""Numbers a user gives (boards, IDs, answers, commands, options): one parser for each kind.

ASCII digits only (`isdigit()` also takes '²' and '٣', and `int()` and `float()` take
'1_0', '３' and '١٠'), and at most MAX_DIGITS of them, checked before `int()` or `float()`
ever sees the text. A decimal (a number of seconds) is digits with at most one point:
no exponent, no 'inf' or 'nan'.
"""

from __future__ import annotations

import re

from ..errors import UserError, clipped, shown

MAX_DIGITS = 18  # more than any count, seed or option needs; int() of it is instant
_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def is_whole(text: object) -> bool:
    """Whether `text` is a whole number this parser takes (ASCII digits, short enough)."""
    return isinstance(text, str) and parse_whole_or_none(text) is not None


def parse_whole_or_none(value: object) -> int | None:
    """The whole number `value` spells (an int, or text of ASCII digits with an optional
    sign, at most MAX_DIGITS digits), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip() if len(value) <= 4 * MAX_DIGITS else ""
    if not _WHOLE.fullmatch(text) or len(text.lstrip("+-")) > MAX_DIGITS:
        return None
    return int(text)


def parse_whole(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    """The whole number `value` spells, from `low` to `high` where given; otherwise one
    UserError naming `what` and quoting a short slice of the value."""
    number = parse_whole_or_none(value)
    if number is None:
        digits = isinstance(value, str) and value.strip().isascii() and value.strip().isdigit()
        why = f"has more than {MAX_DIGITS} digits" if digits else "is not a whole number"
        raise UserError(f"{what} {shown(value)} {why}")
    if (low is not None and number < low) or (high is not None and number > high):
        # It is a whole number: what is wrong is its size.
        why = f"is not from {low} to {high}" if high is not None and low is not None else (
            f"is too small: give at least {low}" if low is not None else f"is too big: give at most {high}")
        typed = clipped(value.strip()) if isinstance(value, str) else number  # as typed: +05 is not 5
        raise UserError(f"{what} {typed} {why}".strip())
    return number


def parse_decimal_or_none(text: object) -> float | None:
    """The number `text` spells in ASCII digits with at most one decimal point (at most
    MAX_DIGITS digits), else None."""
    if not isinstance(text, str) or len(text) > 4 * MAX_DIGITS:
        return None
    text = text.strip()
    if not _DECIMAL.fullmatch(text) or sum(ch.isdigit() for ch in text) > MAX_DIGITS:
        return None
    return float(text)


SECOND_HAIR = 1e-6  # a time this close under a whole second shows as it (whole_seconds)


def whole_seconds(seconds: float) -> int:
    """The whole seconds a clock shows of `seconds`. Time summed from frame-sized steps
    (1/60 s, not exact in binary) lands a hair under a whole second: within a microsecond
    it counts as that second (a script's "wait 5" shows 0:05, not 0:04)."""
    return int(seconds + SECOND_HAIR)


def to_next_second(seconds: float) -> float:
    """How long after `seconds` `whole_seconds` shows the next second."""
    return 1.0 - (seconds + SECOND_HAIR) % 1.0


__all__ = ["MAX_DIGITS", "is_whole", "parse_decimal_or_none", "parse_whole", "parse_whole_or_none", "to_next_second",
           "whole_seconds"]
