"""A game's positions seen whole: the sides and rows, the end of a round, the count.

For the game (`game.Game`), its computer players and its front ends alike: whose side a
slot is on, the board's rows as drawn from South's seat, whether a round is over at a
position, a player's margin, and how a turn's last seed ended it, in words. No game state.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from ..core.board import Slots
from ..core.explain import END_CAPTIONS
from ..core.rules import OPPONENT, YOU, Ruleset
from ..core.sowing import EXTRA_TURN, STORE, legal_starts

SOUTH, NORTH = YOU, OPPONENT


def end_words(end: str, board: Slots, rules: Ruleset, player: int) -> str:
    """How a turn's last seed ended it, in words, `board` the position then: an extra turn
    that cannot be taken (the round is over, or `player` has nothing to sow) is said as a
    seed in the store, not as "another turn"."""
    if end == EXTRA_TURN and (round_over(board, rules) or not legal_starts(board, rules, player)):
        end = STORE
    return END_CAPTIONS[end]


def round_over(board: Slots, rules: Ruleset) -> bool:
    """Whether a round ends at this position: a side without seeds (`either_side_empty`)
    or no seeds in any hole (`all_holes_empty`). The game adds its MAX_TURNS net."""
    south_row, north_row = _rows(rules)
    south, north = sum(board[south_row]), sum(board[north_row])
    if rules.ends_when == "all_holes_empty":
        return not south and not north
    return not south or not north


def side_seeds(board: Slots, rules: Ruleset) -> tuple[int, int]:
    """(South's, North's) seeds, each side's holes counted to its owner (as the end of a
    round counts them)."""
    south_row, north_row = _rows(rules)
    return board[rules.store(SOUTH)] + sum(board[south_row]), board[rules.store(NORTH)] + sum(board[north_row])


@cache
def _rows(rules: Ruleset) -> tuple[slice, slice]:
    """South's and North's holes (`rules.holes`) as slices of a board: a search sums them at every node."""
    south, north = rules.holes(SOUTH), rules.holes(NORTH)
    return slice(south.start, south.stop), slice(north.start, north.stop)


def margin(board: Slots, rules: Ruleset, player: int) -> int:
    """`player`'s seeds minus the other's (side_seeds)."""
    south, north = side_seeds(board, rules)
    return south - north if player == SOUTH else north - south


class Rows(NamedTuple):
    """The board as drawn from South's seat: slots left to right, big holes at the ends."""

    top: tuple[int, ...]  # North's holes
    bottom: tuple[int, ...]  # South's holes
    left: int  # the big hole on the left
    right: int


def board_rows(rules: Ruleset) -> Rows:
    """Clockwise sowing runs leftwards along South's row (rightwards along North's), so
    the slot after South's row is on the left; anticlockwise is the mirror image. Thus
    the traditional games put South's store on the left, mancala on the right, and the
    module your store at the bottom right."""
    south, north = rules.holes(SOUTH), rules.holes(NORTH)
    after_south, after_north = south.stop, north.stop  # the big hole each row runs into
    if rules.direction == "clockwise":
        return Rows(tuple(north), tuple(reversed(south)), after_south, after_north)
    return Rows(tuple(reversed(north)), tuple(south), after_north, after_south)


def seat_rows(rules: Ruleset, seat: int) -> Rows:
    """The board as drawn from `seat`'s side: that side's row at the bottom, the board
    turned round for North (its row then reads left to right as South's does)."""
    rows = board_rows(rules)
    if seat == SOUTH:
        return rows
    return Rows(rows.bottom[::-1], rows.top[::-1], rows.right, rows.left)
