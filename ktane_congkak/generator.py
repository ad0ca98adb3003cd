"""How the module makes a board (shared/spec/module.md, "How the module makes a board").

From a fresh board draw T uniformly from 8..15; the opponent moves first when T is odd.
Play T + 1 turns, alternating, each from a uniformly random non-empty hole of the mover.
The module waits for ever when a mover's side is empty; here that mover passes, which
keeps the same distribution on every board the module does finish.
"""

from __future__ import annotations

import random

from .rules import OPPONENT, YOU, Ruleset
from .sowing import _plan, _sow


def random_reply(board, rules: Ruleset, player: int, rng: random.Random) -> int | None:
    """The slot a random mover picks (uniform over non-empty holes), or None to pass."""
    starts = [s for s in rules.holes(player) if board[s]]
    return rng.choice(starts) if starts else None


def module_board(rules: Ruleset, rng: random.Random) -> tuple[int, ...]:
    board = list(rules.fresh_board())
    turns = rng.randint(8, 15)
    player = OPPONENT if turns % 2 else YOU
    # Sow in place with the engine's own turn (no copies): this is the hot path of `stats`.
    plans = (_plan(rules, YOU), _plan(rules, OPPONENT))
    holes = (rules.holes(YOU), rules.holes(OPPONENT))
    for _ in range(turns + 1):
        starts = [s for s in holes[player] if board[s]]
        if starts:  # uniform over the mover's non-empty holes, as random_reply draws
            _sow(board, plans[player], rng.choice(starts))
        player = 1 - player
    return tuple(board)
