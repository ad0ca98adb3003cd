"""The expert's shortcuts: facts about a turn read off the board before sowing, each proven by tests.

Numbering (the manual's, the window's and `highlight`'s): your holes 1..n and the
opponent's positions n+1..2n are also their places on your ring, counted from hole 1;
your store comes after position 2n, so a lap of your seeds is `lap(rules)` = 2n+1
places. The opponent's store is never sown into by you.

Shortcuts, for a hole `h` holding `s` seeds, `row` the seeds in your n holes and the
first sowing the one from the hole you press (before any relay):

- landing: the first sowing's last seed lands on place h + s, less a lap while above it.
- a first sowing shorter than a lap ends the turn or relays, read off the landing place:
  your store: the turn ends and scores `row - n` (it dropped one seed in each place);
  an empty position: the turn ends and scores `row + n - place`;
  an empty hole of yours reached without passing the store: a capture scoring
  `row + facing` (the facing position's seeds); reached after the store: `row + facing - (n - 1)`;
  a place holding seeds: a relay, sow it.
- check total: a turn's points are the 2n holes' sum before it minus the opponent's row
  after it (seeds are conserved and your turn never feeds the opponent's store).
- bound: no hole scores more than the 2n holes' sum, reached when the opponent's row ends empty.
- the all-zero row: with every hole of yours empty every press solves.

Only the module's ruleset (your store after the opponent's row, relays, captures, the
opponent's store skipped) is described; `module_shaped` says whether a ruleset is.
"""

from __future__ import annotations

import random
import statistics
from typing import NamedTuple

from .board import Slots
from .rules import OPPONENT, YOU, Ruleset
from .sowing import play_turn, sow_in_place, sowing_plan

# What a quick read says about a hole (the first sowing's landing place).
ENDS_IN_STORE = "store"  # the turn ends in your store: closed form
CAPTURES = "capture"  # lands in an empty hole of yours: capture, closed form
ENDS_EMPTY = "empty"  # lands in an empty position of the opponent's: the turn ends, closed form
RELAYS = "relay"  # lands in an occupied place: relay, sow it
LONG = "long"  # a lap or more of seeds: sow it
STORE_MARK = "S"  # your store's name on the strip of places (the worksheet, the manual's tables)
SETTLED = (ENDS_IN_STORE, CAPTURES, ENDS_EMPTY)  # kinds whose points need no sowing
KINDS = SETTLED + (RELAYS, LONG)


def module_shaped(rules: Ruleset) -> bool:
    """Whether the shortcuts hold for `rules`: the module's ring and last-seed rules."""
    return (rules.own_store == "after_opponent_row" and rules.skip_opponent_store and rules.on_own_store == "end_turn"
            and rules.on_occupied_hole == "relay" and rules.on_own_empty_hole == "capture")


def lap(rules: Ruleset) -> int:
    """Places in one lap of your seeds: your holes, the opponent's, your store."""
    return 2 * rules.holes_per_side + 1


def place_name(place: int, rules: Ruleset) -> str:
    """A ring place as the strip and the tables write it: 1..2n, S for your store."""
    return STORE_MARK if place == lap(rules) else str(place)


def facing_place(rules: Ruleset, place: int) -> int:
    """The ring place across from your hole `place`: positions count on from your holes, so
    the two add up to a lap (hole 1 faces position 2n)."""
    return lap(rules) - place


def place_slot(rules: Ruleset, place: int) -> int:
    """The slot of ring place 1..lap (hole 1 is place 1, your store the last)."""
    return rules.path(YOU)[place - 1]


def landing_place(hole: int, seeds: int, laps: int = 15) -> int:
    """Where the last seed of hole `hole`'s first sowing of `seeds` lands: h + s, less a
    lap while it is above one (1..laps; `laps` is your store)."""
    return (hole + seeds - 1) % laps + 1


def row_total(board: Slots, rules: Ruleset, player: int = YOU) -> int:
    holes = rules.holes(player)  # a range of slots: a slice is the fast sum
    return sum(board[holes.start:holes.stop])


def holes_total(board: Slots, rules: Ruleset) -> int:
    """The seeds in all 2n holes (what the defuser reads out)."""
    return row_total(board, rules, YOU) + row_total(board, rules, OPPONENT)


def check_total(before: Slots, after: Slots, rules: Ruleset) -> int:
    """A turn's points by the check total: the holes' sum before minus the opponent's row after."""
    return holes_total(before, rules) - row_total(after, rules, OPPONENT)


class QuickRead(NamedTuple):
    """A hole read off the board without sowing."""

    hole: int  # 1..n
    seeds: int
    place: int  # the first sowing's landing place, 1..lap
    kind: str  # one of KINDS
    points: int | None  # the turn's points where the kind settles them, else None
    facing: int | None = None  # the capture's facing position (n+1..2n), when it captures


def quick_read(board: Slots, rules: Ruleset, hole: int) -> QuickRead | None:
    """Hole `hole` (1-based) of yours read without sowing; None for an empty hole."""
    n, laps = rules.holes_per_side, lap(rules)
    seeds = board[hole - 1]
    if not seeds:
        return None
    place = landing_place(hole, seeds, laps)
    if seeds >= laps:
        return QuickRead(hole, seeds, place, LONG, None)
    row = row_total(board, rules)
    if place == laps:
        return QuickRead(hole, seeds, place, ENDS_IN_STORE, row - n)
    if board[place_slot(rules, place)]:
        return QuickRead(hole, seeds, place, RELAYS, None)
    if place > n:
        return QuickRead(hole, seeds, place, ENDS_EMPTY, row + n - place)
    facing = facing_place(rules, place)
    facing_seeds = board[rules.facing(place - 1)]
    passed_store = place < hole  # the seeds went round past your store to get here
    points = row + facing_seeds - (n - 1) if passed_store else row + facing_seeds
    return QuickRead(hole, seeds, place, CAPTURES, points, facing)


def quick_reads(board: Slots, rules: Ruleset) -> list[QuickRead | None]:
    return [quick_read(board, rules, h) for h in range(1, rules.holes_per_side + 1)]


def all_zero_row(board: Slots, rules: Ruleset) -> bool:
    """Every hole of yours is empty: every hole scores 0 and any press solves."""
    return row_total(board, rules) == 0


class Jump(NamedTuple):
    """One pick-up of a turn as the expert counts it: from a place, so many seeds, landing where."""

    start: int  # ring place picked up from (1..lap; your holes 1..n, positions n+1..2n)
    seeds: int
    land: int  # ring place of the last seed (lap = your store)
    count: int  # type: ignore[assignment]  # (tuple.count) seeds at the landing place once the last seed is in
    then: str  # RELAYS, or how the turn ended (sowing.CAPTURE, STORE, OPPONENT_EMPTY)


def ring_place(rules: Ruleset, slot: int) -> int:
    """Slot to ring place 1..lap (the opponent's store has none: ValueError)."""
    return rules.path(YOU).index(slot) + 1


def jumps(board: Slots, rules: Ruleset, hole: int) -> list[Jump]:
    """Hole `hole`'s turn (1-based, non-empty) as the expert counts it: one Jump per pick-up."""
    turn = play_turn(board, rules, YOU, hole - 1)
    counts = []  # per pick-up: the seeds at its landing place once its last seed is in
    for step in turn.steps(rules):  # the turn's own replay; nothing is sown twice here
        if step[0] == "pickup":
            counts.append(0)
        elif step[0] == "drop":
            counts[-1] = step[2]
    laps, rows = lap(rules), []
    for index, ((slot, seeds), count) in enumerate(zip(turn.sows, counts)):
        start = ring_place(rules, slot)
        then = turn.end if index == len(turn.sows) - 1 else RELAYS
        rows.append(Jump(start, seeds, landing_place(start, seeds, laps), count, then))
    return rows


# --- what the shortcuts save, measured on boards made the module's way ----------------

class Savings(NamedTuple):
    boards: int
    holes: int  # non-empty holes of yours over all boards
    kinds: dict  # kind -> holes of that kind
    settled_boards: int  # boards where every non-empty hole is settled without sowing
    median_drops: int  # drops to sow every non-empty hole of a board, median over boards
    median_drops_left: int  # drops still sown (relay and long holes only), median over boards
    p90_drops: int
    p90_drops_left: int
    drops: int  # all drops of all turns
    drops_left: int
    median_pickups: int  # pick-ups (a hole's first and every relay) to score a whole board, median
    p90_pickups: int
    bound_boards: int  # boards where some hole reaches the bound (empties the opponent's row)
    best_settled: int  # boards where a best hole is settled without sowing
    all_zero: int  # boards whose row is all empty


def board_work(board: Slots, rules: Ruleset) -> tuple[int, int, int, list[QuickRead | None]]:
    """(drops to sow every non-empty hole, drops of the holes a quick read leaves, pick-ups, reads)."""
    plan = sowing_plan(rules, YOU)
    reads = quick_reads(board, rules)
    drops = left = pickups = 0
    for read in reads:
        if read is None:
            continue
        position = list(board)
        sows = sow_in_place(position, plan, read.hole - 1)[2]
        turn_drops = sum(seeds for _, seeds in sows)
        drops += turn_drops
        pickups += len(sows)
        if read.kind not in SETTLED:
            left += turn_drops
    return drops, left, pickups, reads


def measure_savings(rules: Ruleset, boards: int, seed: int) -> Savings:
    """The shortcuts' savings on `boards` boards of the module's generator (random `seed`)."""
    from .evaluate import evaluate
    from .generator import module_board

    rng = random.Random(seed)
    kinds = dict.fromkeys(KINDS, 0)
    per_board, per_board_left, per_board_pickups = [], [], []
    settled_boards = bound = best_settled = zero = 0
    for _ in range(boards):
        board = module_board(rules, rng)
        drops, left, pickups, reads = board_work(board, rules)
        per_board.append(drops)
        per_board_left.append(left)
        per_board_pickups.append(pickups)
        played = [r for r in reads if r is not None]
        for read in played:
            kinds[read.kind] += 1
        settled_boards += all(r.kind in SETTLED for r in played)
        zero += not played
        ev = evaluate(board, rules)
        bound += any(p == holes_total(board, rules) for p, s in zip(ev.points, ev.seeds) if s)
        best_settled += any((best := reads[h - 1]) is not None and best.kind in SETTLED for h in ev.answer)
    return Savings(boards, sum(kinds.values()), kinds, settled_boards,
                   int(statistics.median(per_board)), int(statistics.median(per_board_left)),
                   _percentile(per_board, 90), _percentile(per_board_left, 90),
                   sum(per_board), sum(per_board_left), int(statistics.median(per_board_pickups)), _percentile(per_board_pickups, 90),
                   bound, best_settled, zero)


def _percentile(values: list[int], pct: int) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, len(ordered) * pct // 100)]


__all__ = ["STORE_MARK", "ENDS_IN_STORE", "CAPTURES", "ENDS_EMPTY", "RELAYS", "LONG", "SETTLED", "KINDS", "QuickRead",
           "Savings", "module_shaped", "lap", "place_name", "facing_place", "place_slot", "landing_place", "row_total", "holes_total",
           "check_total", "Jump", "ring_place", "jumps", "quick_read", "quick_reads", "all_zero_row", "board_work", "measure_savings"]
