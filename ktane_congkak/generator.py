"""How the module makes a board (shared/spec/module.md, "How the module makes a board").

From a fresh board draw T uniformly from 8..15; the opponent moves first when T is odd.
Play T + 1 turns, alternating, each from a uniformly random non-empty hole of the mover.
The module waits for ever when a mover's side is empty; here that mover passes, which
keeps the same distribution on every board the module does finish.
"""

from __future__ import annotations

import random

from .rules import OPPONENT, YOU, Ruleset
from .sowing import position_after


def random_reply(board, rules: Ruleset, player: int, rng: random.Random) -> int | None:
    """The slot a random mover picks (uniform over non-empty holes), or None to pass."""
    starts = [s for s in rules.holes(player) if board[s]]
    return rng.choice(starts) if starts else None


def module_board(rules: Ruleset, rng: random.Random) -> tuple[int, ...]:
    board = list(rules.fresh_board())
    turns = rng.randint(8, 15)
    player = OPPONENT if turns % 2 else YOU
    for _ in range(turns + 1):
        start = random_reply(board, rules, player, rng)
        if start is not None:
            board = position_after(board, rules, player, start)
        player = 1 - player
    return tuple(board)
