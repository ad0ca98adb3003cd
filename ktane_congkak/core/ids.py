"""Puzzle IDs, as Simon Tatham's puzzles have them: a seed ID and a descriptive ID.

- A *seed ID* is `#` and any text: the text seeds the module's own board generator, so
  the same text gives the same board in the same generator version (`SEED_VERSION`).
- A *descriptive ID* spells the board itself and so stays valid for ever, whatever the
  generator becomes:

      c1-12h1000-0130040-32-37
      |  |       |       |  `- the opponent's store (decimal)
      |  |       |       `- your store (decimal)
      |  |       `- the opponent's holes, positions 8..14 (the `highlight` order)
      |  `- your holes 1..7, one character each
      `- format version 1 of the descriptive ID

  A hole count is one character: 0-9, then the letters a-y without i, l and o (so none
  looks like a digit) for 10..31: a=10 b=11 c=12 d=13 e=14 f=15 g=16 h=17 j=18 k=19
  m=20 n=21 p=22 q=23 r=24 s=25 t=26 u=27 v=28 w=29 x=30 y=31. A count of 32 or more
  is `z` and two decimal digits (z40 = 40). Letters are read in either case. The two
  stores are left out when they are unknown (a board given as 14 numbers).
"""

from __future__ import annotations

import re
from functools import cache

from .board import Board, Slots, parse_board, seed_total_problem
from ..errors import UserError, clipped, shown
from .numbers import parse_whole
from .rules import OPPONENT, YOU, Ruleset

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    import random

PREFIX = "c1"  # descriptive-ID format 1; never change what a c1 ID means
SEED_VERSION = 1  # bump when the generator's use of the random stream changes
DIGITS = "0123456789abcdefghjkmnpqrstuvwxy"
ESCAPE = "z"
_VALUE = {ch: i for i, ch in enumerate(DIGITS)}
_ID_START = re.compile(r"\s*(?:#|c\d+-)", re.IGNORECASE)  # either kind; `_ID` then reads a descriptive one
_ID = re.compile(r"^c(\d+)-([0-9a-z]+)-([0-9a-z]+)(?:-(\d+)-(\d+))?$")
_BARE_ROWS = re.compile(r"\s*([0-9a-z]+)[\s-]+([0-9a-z]+)(?:[\s-]+(\d+)[\s-]+(\d+))?\s*", re.IGNORECASE)


def _encode_count(value: int) -> str:
    if value < len(DIGITS):
        return DIGITS[value]
    if value > 99:  # only on big custom boards: "zz" and three digits
        return f"{ESCAPE}{ESCAPE}{value:03d}"
    return f"{ESCAPE}{value:02d}"


_CHARS = tuple(_encode_count(v) for v in range(100))  # every count's spelling, looked up (solve --json - spells each board)


def _encode_row(counts) -> str:
    try:
        return "".join([_CHARS[v] for v in counts])
    except IndexError:  # a count over 99: only on big custom boards
        return "".join(_encode_count(v) for v in counts)


def _decode_row(text: str, n: int, what: str, origin: str) -> list[int]:
    counts, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch == ESCAPE:
            width = 3 if text[i + 1 : i + 2] == ESCAPE else 2
            start = i + 1 + (width == 3)
            digits = text[start : start + width]
            if len(digits) != width or not digits.isdigit():
                raise UserError(f"{origin}: {what}: '{ESCAPE}' must be followed by two digits ('{ESCAPE * 2}' by three)")
            counts.append(parse_whole(digits, f"{origin}: {what}:"))
            i = start + width
            continue
        if ch not in _VALUE:
            raise UserError(f"{origin}: {what}: '{ch}' is not a hole count (0-9, a-y without i l o, or z and two digits)")
        counts.append(_VALUE[ch])
        i += 1
    if len(counts) != n:
        raise UserError(f"{origin}: {what} spell {len(counts)} holes, not {n}")
    return counts


def descriptive_id(slots: Slots, rules: Ruleset, stores_known: bool = True) -> str:
    """The descriptive ID of a position (16 slots in ring order)."""
    n = rules.holes_per_side  # your holes are slots 0..n-1, the opponent's n+1..2n (see `rules`)
    text = f"{PREFIX}-{_encode_row(slots[:n])}-{_encode_row(slots[n + 1 : 2 * n + 1])}"
    if stores_known:
        yours, theirs = _stores(rules)
        text += f"-{slots[yours]}-{slots[theirs]}"
    return text


@cache
def _stores(rules: Ruleset) -> tuple[int, int]:
    return rules.store(YOU), rules.store(OPPONENT)


def board_id(board: Board, rules: Ruleset) -> str:
    return descriptive_id(board.slots, rules, board.stores_known)


def is_seed_id(text: str) -> bool:
    return text.startswith("#")


def is_puzzle_id(text: str) -> bool:
    """Does `text` name a board by an ID ('#...' or 'c1-...'), not spell its numbers?"""
    return bool(_ID_START.match(text))


def board_from_text(text: str, rules: Ruleset) -> Board:
    """Numbers, or a puzzle ID typed where the numbers go, or an ID's two rows (and stores)
    without its prefix ("2311040 0401012")."""
    if is_puzzle_id(text):
        return board_from_id(text, rules)
    rows = _BARE_ROWS.fullmatch(text) if len(text) < 200 else None
    if rows and min(len(rows[1]), len(rows[2])) >= rules.holes_per_side:  # never 2 or 4 counts of a board
        return parse_descriptive_id("-".join([PREFIX, *(part for part in rows.groups() if part)]), rules)
    return parse_board(text, rules)


def parse_descriptive_id(text: str, rules: Ruleset) -> Board:
    """The board a descriptive ID spells; a malformed ID is a one-line UserError."""
    origin = f"puzzle ID {shown(text)}"
    match = _ID.match(text.strip().lower()) if text.isascii() else None
    if not match:
        raise UserError(f"{origin}: not a puzzle ID (a descriptive ID like c1-12h1000-0130040-32-37, "
                        f"or a seed ID: '#' and any text)")
    version, mine, theirs, store_yours, store_theirs = match.groups()
    if f"c{version}" != PREFIX:
        raise UserError(f"{origin}: descriptive-ID format {clipped('c' + version, 12)} is not known (this version reads {PREFIX})")
    n = rules.holes_per_side
    positions = _decode_row(mine, n, "your holes", origin) + _decode_row(theirs, n, "the opponent's holes", origin)
    holes = parse_board(positions, rules)
    if store_yours is None:
        return holes
    slots = list(holes.slots)  # the holes in their slots (`parse_board` places them), then the stores
    slots[rules.store(YOU)] = parse_whole(store_yours, f"{origin}: your store")
    slots[rules.store(OPPONENT)] = parse_whole(store_theirs, f"{origin}: the opponent's store")
    problem = seed_total_problem(slots, rules, f"check the counts, or give the ID without its stores ({descriptive_id(slots, rules, False)})")
    if problem:
        raise UserError(f"{origin}: {problem}")
    return parse_board(slots, rules)


def seed_rng(text: str, rules: Ruleset) -> random.Random:
    """The random stream of a seed ID's text (str seeding is stable across Pythons)."""
    import random  # here: `solve` reads IDs without ever drawing a board

    return random.Random(f"ktane-congkak/{SEED_VERSION}/{rules.name}/{text}")


def seed_board(text: str, rules: Ruleset) -> tuple[int, ...]:
    """The board the module's generator makes from seed text (without the '#')."""
    from .generator import module_board

    return module_board(rules, seed_rng(text, rules))


def board_from_id(text: str, rules: Ruleset) -> Board:
    """A board from either kind of ID: '#text' (seed) or a descriptive ID."""
    text = text.strip()
    if is_seed_id(text):
        return Board(seed_board(text[1:], rules), stores_known=True)
    return parse_descriptive_id(text, rules)


__all__ = ["descriptive_id", "board_id", "parse_descriptive_id", "seed_board", "seed_rng", "board_from_id",
           "is_seed_id", "is_puzzle_id", "board_from_text", "PREFIX", "SEED_VERSION"]
