"""Which seed is which while they move: each slot's seeds (and the hand's) as colours.

The animation only says how many seeds each slot holds and how many are in hand; this
follows the seeds themselves from frame to frame, so a seed keeps its colour from the hole
it was picked up from, through the hand, to the hole it lands in, and the seeds already
in a hole keep theirs (and, with `layout.seed_positions`, their places) as others arrive.
No pyglet here (board_art imports pyglet only to draw): the window draws what this says.
"""

from __future__ import annotations

from ..board_art import seed_colour


class SeedTracker:
    """Colours of the seeds in every slot and in hand, kept across the animation's frames."""

    def __init__(self, board, in_hand: int = 0):
        self.reset(board, in_hand)

    def reset(self, board, in_hand: int = 0) -> None:
        """A new board: every seed gets its fresh-board colour."""
        self.slots = [[seed_colour(slot, i) for i in range(count)] for slot, count in enumerate(board)]
        self.hand = [seed_colour(len(board), i) for i in range(in_hand)]

    def counts(self) -> tuple[int, ...]:
        return tuple(len(c) for c in self.slots)

    def follow(self, board, in_hand: int) -> tuple[set[int], int]:
        """Move seeds to reach the next frame; returns the slots that changed and how many
        seeds landed from the hand (the drops to be heard). A frame that does not follow
        from this one (not the same number of seeds) starts afresh."""
        if sum(board) + in_hand != sum(self.counts()) + len(self.hand):
            self.reset(board, in_hand)
            return set(range(len(board))), 0
        changed = {slot for slot, count in enumerate(board) if count != len(self.slots[slot])}
        lifted = []  # seeds leaving holes: the ones on top (the last to arrive) first
        for slot in changed:
            keep = board[slot]
            if keep < len(self.slots[slot]):
                lifted += self.slots[slot][keep:]
                del self.slots[slot][keep:]
        from_hand = self.hand[in_hand:] if in_hand < len(self.hand) else []
        del self.hand[len(self.hand) - len(from_hand):]
        arriving = from_hand + lifted  # the hand sows first; a capture carries the rest
        for slot in sorted(changed):
            need = board[slot] - len(self.slots[slot])
            if need > 0:
                self.slots[slot] += arriving[:need]
                arriving = arriving[need:]
        self.hand += arriving[: in_hand - len(self.hand)]
        return changed, len(from_hand)
