"""The kinds of board a practice session showed and struck on, as its history entry keeps them.

A session tallies each board it judged a press on by the core's kinds (core/kinds.py:
relays, captures, ties, disagree): `kinds: {relays: [boards, missed], ...}` in the entry,
a board missed when a press on it struck. `practice --summary` adds them up (summary.py).
"""

from __future__ import annotations

from ..core.evaluate import Evaluation
from ..core.kinds import KINDS, board_kinds
from ..core.rules import Ruleset

FIELD = "kinds"  # the history entry's field


class KindTally:
    """Boards judged in one session, by number in the session: their kinds and whether one struck."""

    def __init__(self) -> None:
        self.boards: dict[int, tuple[tuple[str, ...], bool]] = {}

    def judged(self, board: int, evaluation: Evaluation, rules: Ruleset, strike: bool) -> None:
        """A press on the session's board number `board` was judged (a strike or not)."""
        kinds, missed = self.boards.get(board) or (board_kinds(evaluation, rules), False)
        self.boards[board] = kinds, missed or strike

    def record(self) -> dict:
        """The entry's field: {kind: [boards, missed]} for each kind a judged board was of (none: {})."""
        counts = {kind: [0, 0] for kind in KINDS}
        for kinds, missed in self.boards.values():
            for kind in kinds:
                counts[kind][0] += 1
                counts[kind][1] += int(missed)
        found = {kind: pair for kind, pair in counts.items() if pair[0]}
        return {FIELD: found} if found else {}


def is_kinds(value: object) -> bool:
    """A sound `kinds` field: each a kind of KINDS with [boards, missed], whole numbers, missed <= boards."""
    def pair(counts) -> bool:
        return (isinstance(counts, list) and len(counts) == 2
                and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts)
                and counts[1] <= counts[0])

    return isinstance(value, dict) and all(kind in KINDS and pair(counts) for kind, counts in value.items())


__all__ = ["KindTally", "FIELD", "is_kinds"]
