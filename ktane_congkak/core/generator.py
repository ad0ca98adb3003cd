"""How the module makes a board (docs/module-spec.md, "How the module makes a board").

From a fresh board draw T uniformly from 8..15; the opponent moves first when T is odd.
Play T + 1 turns, alternating, each from a uniformly random non-empty hole of the mover.
The module waits for ever when a mover's side is empty, so such a board never reaches a
player: here it is drawn again (up to MAX_DRAWS times), which gives exactly the boards the
module shows.
"""

from __future__ import annotations

import random

from .board import Slots
from ..errors import UserError, shown
from .rules import OPPONENT, YOU, Ruleset
from .sowing import legal_starts, sow_in_place, sowing_plan


def random_reply(board: Slots, rules: Ruleset, player: int, rng: random.Random) -> int | None:
    """The slot a random mover picks (uniform over non-empty holes), or None to pass."""
    starts = legal_starts(board, rules, player)
    return rng.choice(starts) if starts else None


# Draws before giving up. The built-in rulesets fail about 1 draw in 4,000, so a sound
# ruleset never comes near; one whose turns always empty a side would draw for ever.
MAX_DRAWS = 1000


def module_board(rules: Ruleset, rng: random.Random) -> tuple[int, ...]:
    """A board as the module makes it; UserError if `rules` cannot make one."""
    for _ in range(MAX_DRAWS):
        board = _draw(rules, rng)
        if board is not None:
            return board
    raise UserError(f"ruleset {shown(rules.name)} cannot make a board the module's way: in {MAX_DRAWS} draws "
                    f"of 9 to 16 random turns a side always ran out of seeds")


def _draw(rules: Ruleset, rng: random.Random) -> tuple[int, ...] | None:
    """One try of the module's algorithm; None where a mover had no seeds (the module
    would wait for ever and never show that board, so the caller draws again)."""
    board = list(rules.fresh_board())
    turns = rng.randint(8, 15)
    player = OPPONENT if turns % 2 else YOU
    plans = (sowing_plan(rules, YOU), sowing_plan(rules, OPPONENT))  # sow in place: the hot path of `stats`
    for _ in range(turns + 1):
        starts = legal_starts(board, rules, player)
        if not starts:
            return None
        sow_in_place(board, plans[player], rng.choice(starts))
        player = 1 - player
    return tuple(board)
