"""The bomb around the module, as geometry and colours: the clock, the strikes, the casing.

The seven-segment clock and the strike marks (the module itself is board_art's). No pyglet
here: the window turns these rectangles into shapes, and tests read the same rectangles
back from the pixels."""

from __future__ import annotations

from typing import NamedTuple

# Colours as (r, g, b): the bomb's casing, the clock.
CASING = (26, 28, 32)
CLOCK_BACK = (14, 10, 10)
CLOCK_LIT = (255, 36, 24)
CLOCK_UNLIT = (44, 13, 11)  # an unlit segment still shows faintly, as on a real display

# Segments a-g: a top, b top right, c bottom right, d bottom, e bottom left, f top left, g middle.
DIGIT_SEGMENTS = {"0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg",
                  "6": "acdefg", "7": "abc", "8": "abcdefg", "9": "abcdfg"}


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


def segments(x: float, y: float, width: float, height: float, thick: float) -> dict[str, Box]:
    """The seven segments of a digit whose box has its bottom-left corner at (x, y), y up."""
    half = height / 2
    upright = half - 1.5 * thick
    return {"a": Box(x + thick, y + height - thick, width - 2 * thick, thick),
            "b": Box(x + width - thick, y + half + thick / 2, thick, upright),
            "c": Box(x + width - thick, y + thick, thick, upright),
            "d": Box(x + thick, y, width - 2 * thick, thick),
            "e": Box(x, y + thick, thick, upright),
            "f": Box(x, y + half + thick / 2, thick, upright),
            "g": Box(x + thick, y + half - thick / 2, width - 2 * thick, thick)}


def read_digit(lit: dict[str, bool]) -> str:
    """The digit a set of lit segments shows ("?" when none does): what a test reads back."""
    on = "".join(sorted(name for name, value in lit.items() if value))
    return next((digit for digit, names in DIGIT_SEGMENTS.items() if "".join(sorted(names)) == on), "?")


def clock_digits(text: str) -> tuple[str, str]:
    """The clock's "m:ss" as the display's digits: minutes (at least two), seconds."""
    minutes, seconds = text.split(":")
    return minutes.rjust(2, "0"), seconds


def strike_slots(strikes: int, limit: int | None) -> int:
    """How many strike marks the clock has room for: the limit in timed mode; in zen
    (no limit) three, or more as strikes come (up to eight; the panel says the count)."""
    if limit is not None:
        return min(limit, 8)
    return min(max(3, strikes), 8)
