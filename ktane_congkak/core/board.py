"""Boards: parsing what a user types, positions as the module's `highlight` numbers them.

A board is a tuple of slot counts in sowing order (see `rules`). Users give either the
14 visible holes in position order (positions 1..7 your holes = slots 0..6, 8..14 the
opponent's = slots 8..14; the stores unknown) or all 16 slots.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import BoardError, shown
from .frozen import Frozen
from .numbers import parse_whole_or_none
from .rules import OPPONENT, YOU, Ruleset, spoken_range

_SEPARATORS = re.compile(r"[\s,|]+")
# A board read out as the drill reads it, each position and its count: "1: 02  2: 03 ... 14: 02".
_READING = re.compile(r"\s*([0-9]{1,3})\s*:\s*([0-9]{1,6})\s*")
MAX_READ_OUT = 2000  # characters of a read-out board, at most (its 14 readings take about 80)


def reading(position: int, digits: str) -> str:
    """One position's reading in a read-out board ("1: 02"): `parse_board` reads them back."""
    return f"{position}: {digits}"


class Board(Frozen):
    """A position (`slots`, a tuple of counts) and whether its stores were given
    (`stores_known`: 14 numbers leave them unknown).

    Unknown stores are held as 0, so any store figure derived from such a board is what
    the store *gained*. Points and verdicts never depend on the stores. Immutable; equal
    to a Board of the same slots and stores_known.
    """

    __slots__ = ("slots", "stores_known")
    slots: tuple[int, ...]
    stores_known: bool

    def __init__(self, slots: tuple[int, ...], stores_known: bool = True):
        self._set(slots=slots, stores_known=stores_known)

    def __eq__(self, other):
        if type(other) is not Board:
            return NotImplemented
        return self.slots == other.slots and self.stores_known == other.stores_known

    def __hash__(self) -> int:
        return hash((self.slots, self.stores_known))


# A position's counts in ring order (a tuple or a list); what the API takes as a board:
# a Board (what `parse_board` returns) or those counts.
Slots = Sequence[int]
BoardLike = Board | Slots


def slots_of(board: BoardLike) -> tuple[int, ...]:
    """A position's counts, given a Board (what `parse_board` returns) or the counts themselves."""
    return board.slots if isinstance(board, Board) else tuple(board)


def board_words(rules: Ruleset) -> str:
    """How a player types a board, in the words the manual uses for the places (one home
    for them): on the module, "14 counts: your holes 1-7, then ... positions 8-14; or all 16: ..."."""
    yours, theirs = rules.hole_range(YOU), rules.hole_range(OPPONENT)
    stores = ("the opponent's store", "your store") if rules.store(YOU) == rules.size - 1 else \
        ("your store", "the opponent's store")
    return (f"{2 * rules.holes_per_side} counts: your holes {yours}, then the opponent's positions {theirs}; "
            f"or all {rules.size}: holes {yours}, {stores[0]}, positions {theirs}, {stores[1]}")


def position_to_slot(position: int, rules: Ruleset) -> int:
    """The slot (an index into `Board.slots`, what `play_turn` takes) of `highlight`
    position 1..2n (1..n your holes, n+1..2n the opponent's): on the module, position P
    is slot P-1 for 1..7 and slot P for 8..14."""
    n = rules.holes_per_side
    if not 1 <= position <= 2 * n:
        raise BoardError(f"position {position} is out of range ({spoken_range(1, 2 * n)})")
    return position - 1 if position <= n else position


def slot_to_position(slot: int, rules: Ruleset) -> int:
    """The `highlight` position (how `Evaluation.answer` numbers holes) of a hole's slot;
    a store has none."""
    n = rules.holes_per_side
    if not 0 <= slot <= 2 * n or slot == n:
        raise BoardError(f"slot {slot} is not a hole (holes are slots {spoken_range(0, n - 1)} and "
                         f"{spoken_range(n + 1, 2 * n)})")
    return slot + 1 if slot < n else slot


def parse_board(text: str | list, rules: Ruleset) -> Board:
    """Parse '7 7 7 ...' / '7,7,...' / '7|7|...' (or a list of numbers) into a Board, or the
    board read out position by position ('1: 02  2: 03 ...')."""
    if isinstance(text, str) and ":" in text:
        return _board(_read_out_counts(text, rules), rules)
    if isinstance(text, str):
        # str.split() splits on the same whitespace as the pattern's \s, and is quicker
        words = text.split() if "," not in text and "|" not in text else \
            [w for w in _SEPARATORS.split(text.strip()) if w]
    else:
        words = list(text)
    n = rules.holes_per_side
    visible, full = 2 * n, rules.size
    if len(words) not in (visible, full):
        raise BoardError(f"board needs {visible} numbers (the holes) or {full} (every slot), got {len(words)}")
    # The usual case at once; a bad word goes through the checks below. (ASCII, no '_' and
    # short: then int() takes only what parse_whole_or_none takes, and no digit limit.)
    if isinstance(text, str) and text.isascii() and "_" not in text and len(text) < 4000:
        try:
            counts = [int(w) for w in words]
        except ValueError:
            counts = [-1]
        if min(counts) >= 0:
            return _board(counts, rules)
    counts = []
    for i, word in enumerate(words, 1):
        value = parse_whole_or_none(word)
        if value is None:
            raise BoardError(f"board: number {i} is {shown(word)}, not a whole number")
        if value < 0:
            raise BoardError(f"board: number {i} is negative ({value})")
        counts.append(value)
    return _board(counts, rules)


def _read_out_counts(text: str, rules: Ruleset) -> list[int]:
    """The counts of a read-out board, in position order: every position 1..2n once."""
    n2 = 2 * rules.holes_per_side
    form = f"as the drill reads a board out: 1: 02  2: 03 ... {n2}: 01"
    if len(text) > MAX_READ_OUT:
        raise BoardError(f"board: {len(text)} characters is too long for a board read out ({form})")
    counts, at = {}, 0
    while at < len(text):
        found = _READING.match(text, at)
        if not found:
            raise BoardError(f"board: {shown(text[at:].strip())} is not a position's reading ({form})")
        position, count = int(found[1]), int(found[2])
        if not 1 <= position <= n2:
            raise BoardError(f"board: position {position} is out of range ({spoken_range(1, n2)})")
        if position in counts:
            raise BoardError(f"board: position {position} is read out twice")
        counts[position], at = count, found.end()
    missing = [p for p in range(1, n2 + 1) if p not in counts]
    if missing:
        raise BoardError(f"board: position {missing[0]} is not read out (a board read out gives all {n2})")
    return [counts[p] for p in range(1, n2 + 1)]


def seed_total_problem(slots: Slots, rules: Ruleset, remedy: str = "check the counts") -> str | None:
    """The one rule for a board given with its stores (every slot, an ID with its stores,
    a puzzle file): it holds all the game's seeds, as every board of the module does; a
    board that does not was misread, so it is refused, saying what the stores should hold
    and `remedy`, what to do in the form it came in."""
    total = sum(slots)
    if total == rules.total_seeds:
        return None
    holes = total - slots[rules.store(YOU)] - slots[rules.store(OPPONENT)]
    should = (f" (these holes leave {rules.total_seeds - holes} for the two stores)"
              if holes <= rules.total_seeds else "")
    return (f"board holds {total} seeds with its stores, not the {rules.total_seeds} of every {rules.name} "
            f"board{should}: {remedy}")


def with_stores_filled(slots: Slots, rules: Ruleset) -> tuple[int, ...]:
    """The board as a module deals it: a board of holes alone (its stores unknown, so
    short of the game's seeds) gets the seeds its holes leave put in the stores, the
    opponent's taking the odd one, so that it holds all of them as every module board
    does (the stores never change points or verdicts). Any other board is kept as given."""
    leftover = rules.total_seeds - sum(slots)
    if leftover <= 0:
        return tuple(slots)
    filled = list(slots)
    filled[rules.store(YOU)] += leftover // 2
    filled[rules.store(OPPONENT)] += leftover - leftover // 2
    return tuple(filled)


def _board(counts: list[int], rules: Ruleset) -> Board:
    """The Board of checked whole numbers: 2n holes in position order or every slot."""
    full = rules.size
    total = sum(counts)
    if total > rules.total_seeds:
        raise BoardError(f"board holds {total} seeds, more than the {rules.total_seeds} of a {rules.name} board")
    if len(counts) == full:
        problem = seed_total_problem(counts, rules, f"check the counts, or give the {2 * rules.holes_per_side} holes alone")
        if problem:
            raise BoardError(problem)
        return Board(tuple(counts), stores_known=True)
    slots = [0] * full
    for position, value in enumerate(counts, 1):
        slots[position_to_slot(position, rules)] = value
    return Board(tuple(slots), stores_known=False)


def format_board(slots: Slots, rules: Ruleset) -> str:
    """'holes | opponent store | opponent holes | your store' style, in slot order."""
    n = rules.holes_per_side
    first, big1, second, big2 = slots[:n], slots[n], slots[n + 1 : 2 * n + 1], slots[2 * n + 1]
    return f"{' '.join(map(str, first))} | {big1} | {' '.join(map(str, second))} | {big2}"


__all__ = ["board_words", "Board", "parse_board", "seed_total_problem", "format_board", "position_to_slot", "slot_to_position"]
