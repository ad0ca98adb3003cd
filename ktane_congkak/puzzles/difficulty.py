"""A board's difficulty from what it asks of the player: the names and the thresholds.

A module of its own, importing nothing, so the command line can offer the names without
loading the puzzle machinery. The measures are taken in `sets.measure`:
- margin: the best hole's points minus the next best hole's (0 when holes tie);
- relays: relay sowings in the best hole's turn (the most among tied holes);
- ties: how many holes share the maximum.
"""

from __future__ import annotations

DIFFICULTIES = EASY, MEDIUM, HARD = ("easy", "medium", "hard")
EASY_MARGIN, HARD_MARGIN = 4, 2
EASY_RELAYS, HARD_RELAYS = 1, 3


def classify(ties: int, margin: int, relays: int) -> str:
    """easy: one correct hole, margin >= 4, at most 1 relay; hard: one correct hole,
    margin <= 2, at least 3 relays; medium: everything else."""
    if ties == 1 and margin >= EASY_MARGIN and relays <= EASY_RELAYS:
        return EASY
    if ties == 1 and margin <= HARD_MARGIN and relays >= HARD_RELAYS:
        return HARD
    return MEDIUM
