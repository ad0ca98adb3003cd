"""Exact endgames: the value of a position under perfect play by both sides.

An exact alpha-beta search with a transposition table of its own (no endgame table on
disk: building one for every position of 14 seeds would take longer in Python than
solving the positions a game reaches). The stores never change how seeds are sown, so
a position is only its holes and the player to move, and its value is what the seeds
still in the holes are worth to the mover: its share of them at the end minus the
opponent's. The table stores the bounds proven on each position's value. (Why not the
computer players' search (ai._Search) run to the end: it keys positions with their
stores, so fewer transpose, and scores them for a depth cut-off; it proves the same
values in about four times the processor time, 0.81 s to 0.22 s on six 13-seed mancala
positions.)

A search has a budget of positions: past it the position is not solved (None), so a
player or an analysis falls back on the ordinary search and nothing waits long. Each
question gets a fresh table, so whether it is solved never depends on what was asked
before: a level's moves stay the same on every machine and in a resumed game.
"""

from __future__ import annotations

from collections.abc import Collection

from ..core.board import Slots
from ..core.rules import Ruleset
from ..core.sowing import EXTRA_TURN, sow_in_place, sowing_plan
from .positions import margin, round_over

# Seeds in the holes at or below which every position is solved within a second
# (benchmarks/bench_endgame.py measures it; docs/games.md has the figures).
EXACT_SEEDS = 14
# Seeds in the holes at or below which a player or an analysis tries the exact search
# (within SOLVE_NODES); past EXACT_SEEDS it often succeeds, in congkak nearly always.
TRY_SEEDS = 16
# Positions one exact search may visit before it gives up (about a second in Python).
SOLVE_NODES = 150_000


class _OutOfBudget(Exception):
    pass


class _Cycle(Exception):
    """A position came round again (possible only where the own store is not at the end
    of the own row, as on the module): no exact value."""


class Endgame:
    """The exact solver of one ruleset. `value(board, player)`: the final margin for the
    player to move with best play by both, or None if not proven within the budget."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.plans = (sowing_plan(rules, 0), sowing_plan(rules, 1))
        self.holes = (tuple(rules.holes(0)), tuple(rules.holes(1)))
        self.stores = (rules.store(0), rules.store(1))
        # Only there can a turn move seeds without passing the mover's store (see _Cycle).
        self.may_cycle = rules.own_store != "after_own_row"
        self.table: dict = {}  # key -> (lowest, highest) the holes' value can be
        self.nodes = 0
        self._limit = 0
        self._path: set = set()

    # --- the public answers -------------------------------------------------------------
    def value(self, board: Slots, player: int, max_nodes: int = SOLVE_NODES) -> int | None:
        """The final margin (mover's seeds minus the other's) with perfect play, or None."""
        holes = self._holes_only(board)
        banked = board[self.stores[player]] - board[self.stores[1 - player]]
        rest = self._run(lambda: self._exact(holes, player), max_nodes)
        return None if rest is None else banked + rest

    def move_values(self, board: Slots, player: int, max_nodes: int = SOLVE_NODES) -> dict[int, int] | None:
        """Each legal move's exact final margin for `player`, or None if any is not proven."""
        holes = self._holes_only(board)
        banked = board[self.stores[player]] - board[self.stores[1 - player]]

        def every_move():
            return {slot: banked + gain + value for slot, gain, value in self._children_values(holes, player)}

        return self._run(every_move, max_nodes)

    # --- the search -------------------------------------------------------------------
    def _run(self, work, max_nodes: int):
        self._limit = self.nodes + max_nodes  # the table holds at most one entry a position searched
        self._path.clear()
        try:
            return work()
        except (_OutOfBudget, _Cycle):
            return None

    def _holes_only(self, board) -> tuple:
        slots = list(board)
        slots[self.stores[0]] = slots[self.stores[1]] = 0
        return tuple(slots)

    def _exact(self, holes: tuple, player: int) -> int:
        seeds = sum(holes)
        return self._solve(holes, player, -seeds - 1, seeds + 1)

    def _children_values(self, holes: tuple, player: int):
        """(slot, seeds the move banks for the mover net, the exact value after it)."""
        out = []
        for slot, gain, after, mover in self._children(holes, player):
            value = self._exact(after, mover)
            out.append((slot, gain, value if mover == player else -value))
        return out

    def _children(self, holes: tuple, player: int):
        """(slot, net seeds banked, holes after, player to move next), likeliest best first."""
        plan, mine, theirs = self.plans[player], self.stores[player], self.stores[1 - player]
        children = []
        for s in self.holes[player]:
            if not holes[s]:
                continue
            slots = list(holes)
            end = sow_in_place(slots, plan, s)[0]
            gain = slots[mine] - slots[theirs]
            slots[mine] = slots[theirs] = 0
            children.append((s, gain, tuple(slots), player if end == EXTRA_TURN else 1 - player))
        children.sort(key=lambda c: (c[3] == player, c[1]), reverse=True)
        return children

    def _terminal(self, holes: tuple, player: int) -> int | None:
        """The value of a position where the game ends, else None."""
        if not round_over(holes, self.rules):
            return None
        return margin(holes, self.rules, player)  # `holes` has empty stores: the seeds left, as the end counts them

    def _solve(self, holes: tuple, player: int, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta on the holes' value for `player`."""
        self.nodes += 1
        if self.nodes > self._limit:
            raise _OutOfBudget
        end = self._terminal(holes, player)
        if end is not None:
            return end
        key = (holes, player)
        bounds = self.table.get(key)
        if bounds is not None:
            low, high = bounds
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        else:
            low, high = -sum(holes), sum(holes)
        if self.may_cycle:
            if key in self._path:
                raise _Cycle
            self._path.add(key)
        start_alpha = alpha
        children = self._children(holes, player)
        if not children:  # no seeds on the mover's side and the game goes on: a pass
            best = -self._solve(holes, 1 - player, -beta, -alpha)
        else:
            best = -sum(holes) - 1
            for _, gain, after, mover in children:
                if mover == player:
                    value = gain + self._solve(after, mover, alpha - gain, beta - gain)
                else:
                    value = gain - self._solve(after, mover, gain - beta, gain - alpha)
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
        if self.may_cycle:
            self._path.discard(key)
        if best <= start_alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high)
        return best


def seeds_in_holes(board: Slots, rules: Ruleset) -> int:
    return sum(board) - board[rules.store(0)] - board[rules.store(1)]


def worth_trying(rules: Ruleset, board: Slots, burnt: Collection[int] = ()) -> bool:
    """Whether the exact search applies (a single round, nothing burnt) and is likely
    to finish (at most TRY_SEEDS seeds in the holes)."""
    return rules.rounds == "single" and not burnt and seeds_in_holes(board, rules) <= TRY_SEEDS


def proven_moves(rules: Ruleset, board: Slots, player: int, burnt: Collection[int] = (), max_nodes: int = SOLVE_NODES) -> dict[int, int] | None:
    """Every legal move's exact final margin for `player`, where the exact search
    applies and finishes; else None."""
    if not worth_trying(rules, board, burnt):
        return None
    return Endgame(rules).move_values(board, player, max_nodes)
