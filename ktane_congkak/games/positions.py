"""A game's positions seen whole: the sides and rows, the end of a round, the count.

For the game (`game.Game`), its computer players and its front ends alike: whose side a
slot is on, the board's rows as drawn from South's seat, whether a round is over at a
position, a player's margin, and how a turn's last seed ended it, in words. No game state.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.rules import OPPONENT, YOU, Ruleset
from ..core.sowing import EXTRA_TURN, STORE, legal_starts

SOUTH, NORTH = YOU, OPPONENT
# How a turn's last seed ended it (sowing.ENDS), said in the log.
END_WORDS = {"capture": "the last seed captures", "store": "the last seed lands in the store",
             "extra_turn": "the last seed lands in the store: another turn",
             "opponent_empty": "the last seed lands in an empty hole across", "own_empty": "the last seed lands in an empty hole",
             "occupied": "the last seed lands in an occupied hole", "opponent_store": "the last seed lands in the opponent's store"}


def end_words(end: str, board, rules: Ruleset, player: int) -> str:
    """How a turn's last seed ended it, in words, `board` the position then: an extra turn
    that cannot be taken (the round is over, or `player` has nothing to sow) is said as a
    seed in the store, not as "another turn"."""
    if end == EXTRA_TURN and (round_over(board, rules) or not legal_starts(board, rules, player)):
        end = STORE
    return END_WORDS[end]


def round_over(board, rules: Ruleset) -> bool:
    """Whether a round ends at this position: a side without seeds (`either_side_empty`)
    or no seeds in any hole (`all_holes_empty`). The game adds its MAX_TURNS net."""
    n = rules.holes_per_side
    south, north = sum(board[0:n]), sum(board[n + 1 : 2 * n + 1])
    if rules.ends_when == "all_holes_empty":
        return not south and not north
    return not south or not north


def side_seeds(board, rules: Ruleset) -> tuple[int, int]:
    """(South's, North's) seeds, each side's holes counted to its owner (as the end of a
    round counts them)."""
    n = rules.holes_per_side
    return (board[rules.store(SOUTH)] + sum(board[0:n]), board[rules.store(NORTH)] + sum(board[n + 1 : 2 * n + 1]))


def margin(board, rules: Ruleset, player: int) -> int:
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
    n = rules.holes_per_side
    if rules.direction == "clockwise":
        return Rows(tuple(range(n + 1, 2 * n + 1)), tuple(reversed(range(n))), n, 2 * n + 1)
    return Rows(tuple(reversed(range(n + 1, 2 * n + 1))), tuple(range(n)), 2 * n + 1, n)


def seat_rows(rules: Ruleset, seat: int) -> Rows:
    """The board as drawn from `seat`'s side: that side's row at the bottom, the board
    turned round for North (its row then reads left to right as South's does)."""
    rows = board_rows(rules)
    if seat == SOUTH:
        return rows
    return Rows(rows.bottom[::-1], rows.top[::-1], rows.right, rows.left)
