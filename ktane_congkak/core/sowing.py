"""One turn of sowing: the only place the rules of a turn are decided.

`play_turn` returns the new position and a compact record of the turn: every pick-up
(the first from the chosen hole, then each relay) with how many seeds it sowed, and how
the turn ended. `Turn.steps()` expands that record into every single drop for the
window's animation and the step-by-step explanations; it only replays where seeds went,
it decides nothing.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable, Iterator

from .board import Board, BoardLike, slots_of
from .frozen import Frozen
from .rules import YOU, Ruleset

# How a turn ends.
CAPTURE = "capture"  # last seed in an own empty hole: it (and the facing hole) went to the store
STORE = "store"  # last seed in the mover's own store
EXTRA_TURN = "extra_turn"  # ... and the ruleset gives another turn
OPPONENT_EMPTY = "opponent_empty"  # last seed in an empty hole of the other player
OWN_EMPTY = "own_empty"  # last seed in an own empty hole and no capture under this ruleset
OCCUPIED = "occupied"  # last seed in an occupied hole and no relay under this ruleset
OPPONENT_STORE = "opponent_store"  # only when the opponent's store is not skipped
NOT_SOWN = "not_sown"  # a hole of one seed left unsown (the module's first releases: core.releases)
ENDS = (CAPTURE, STORE, EXTRA_TURN, OPPONENT_EMPTY, OWN_EMPTY, OCCUPIED, OPPONENT_STORE, NOT_SOWN)

# The records below are collections.namedtuple, not typing.NamedTuple: importing typing
# costs `solve` 3 ms of its start. Each docstring lists the fields.


class Turn(namedtuple("Turn", "before after player start sows end last captured facing burnt",
                      defaults=(0, None, frozenset()))):
    """One turn: the positions before and after, every pick-up, and how it ended.

    - `before`, `after`: the positions (tuples of slot counts);
    - `player`: who moved; `start`: the slot the turn started from;
    - `sows`: (slot picked up from, seeds sown) for each pick-up, the first from `start`;
    - `end`: how it ended (one of ENDS); `last`: the slot the last seed fell into;
    - `captured`: seeds moved to the store by a capture, the last seed included (else 0);
    - `facing`: the hole captured from, when a capture happened (else None);
    - `burnt`: the holes all sowing skipped (burnt houses, traditional rounds).
    """

    __slots__ = ()

    @property
    def drops(self) -> int:
        return sum(seeds for _, seeds in self.sows)

    @property
    def relays(self) -> int:
        return max(len(self.sows) - 1, 0)  # a turn that sows nothing (core.releases) relays none either

    def steps(self, rules: Ruleset) -> Iterator[tuple]:
        """Yield ('pickup', slot, seeds), ('drop', slot, count), ('capture', slot, facing,
        seeds) and finally ('end', reason, last_slot), replaying positions as it goes."""
        board = list(self.before)
        plan = sowing_plan(rules, self.player, self.burnt)
        path, index_of = plan.path, plan.index_of
        for origin, seeds in self.sows:
            board[origin] = 0
            yield ("pickup", origin, seeds)
            i = index_of[origin]
            for _ in range(seeds):
                i = (i + 1) % len(path)
                slot = path[i]
                board[slot] += 1
                yield ("drop", slot, board[slot])
        if self.end == CAPTURE:
            yield ("capture", self.last, self.facing, self.captured)
        yield ("end", self.end, self.last)


def play_turn(board: BoardLike, rules: Ruleset, player: int, start: int, burnt: Iterable[int] = frozenset()) -> Turn:
    """Play `player`'s turn from slot `start` (one of its non-empty holes) on `board` (a Board,
    or its slots); sowing skips the `burnt` holes (traditional rounds; none elsewhere)."""
    board = slots_of(board)
    burnt = frozenset(burnt)
    plan = sowing_plan(rules, player, burnt)
    _check_start(board, plan, start)
    slots = list(board)
    end, last, sows, captured, facing = sow_in_place(slots, plan, start)
    return Turn(tuple(board), tuple(slots), player, start, tuple(sows), end, last, captured, facing, burnt)


def sow(board: BoardLike, rules: Ruleset, player: int, start: int, burnt: frozenset[int] = frozenset()) -> tuple[list[int], str]:
    """The position after the turn and how it ended, without a trace: the checked fast path.
    Takes what `play_turn` takes: a Board or its slots, and `start` a slot."""
    slots = list(board.slots if isinstance(board, Board) else board)
    plan = sowing_plan(rules, player, burnt)
    _check_start(slots, plan, start)
    end = sow_in_place(slots, plan, start)[0]
    return slots, end


def _check_start(board, plan: SowingPlan, start: int) -> None:
    if not plan.own_hole[start]:
        raise ValueError(f"slot {start} is not a hole of the mover")
    if not board[start]:
        raise ValueError(f"slot {start} is empty")


class SowingPlan(Frozen):
    """Everything a turn of one player under one ruleset looks up, precomputed once.

    - `path`: the slots the mover sows into, in order; `twice`: the path twice over (a
      slice of it is the next seeds' slots); `index_of[slot]`: its index on `path` (-1 off it);
    - `drops[slot][n]`: for n seeds (up to two laps) picked up from `slot`, the pick-up
      `(slot, n)` of `Turn.sows` (built here once, not every turn) and the slots they fall into;
    - `own_store`: the mover's store; `own_hole[slot]`, `any_hole[slot]`: is it one of the
      mover's holes, is it a hole at all (not a store); `facing[slot]`: the hole opposite;
    - `relay_at[slot]`: does a last seed landing there on other seeds relay;
    - `extra_turn`: does a last seed in the own store give another turn; `capture`: the
      ruleset's `last_seed.own_empty_hole`.

    A record with `__slots__`, not a namedtuple: Python 3.11 reads a slot quicker than a
    namedtuple's field, and `_last_seed` reads several every turn.
    """

    __slots__ = ("path", "twice", "index_of", "drops", "own_store", "own_hole", "any_hole", "facing",
                 "relay_at", "extra_turn", "capture")
    path: tuple[int, ...]
    twice: tuple[int, ...]
    index_of: tuple[int, ...]
    drops: tuple[tuple[tuple[tuple[int, int], tuple[int, ...]], ...], ...]
    own_store: int
    own_hole: tuple[bool, ...]
    any_hole: tuple[bool, ...]
    facing: tuple[int, ...]
    relay_at: tuple[bool, ...]
    extra_turn: bool
    capture: str

    def __init__(self, *, path: tuple[int, ...], twice: tuple[int, ...], index_of: tuple[int, ...],
                 drops: tuple[tuple[tuple[tuple[int, int], tuple[int, ...]], ...], ...], own_store: int,
                 own_hole: tuple[bool, ...], any_hole: tuple[bool, ...], facing: tuple[int, ...],
                 relay_at: tuple[bool, ...], extra_turn: bool, capture: str):
        self._set(path=path, twice=twice, index_of=index_of, drops=drops, own_store=own_store,
                  own_hole=own_hole, any_hole=any_hole, facing=facing, relay_at=relay_at,
                  extra_turn=extra_turn, capture=capture)


_PLANS: dict = {}  # rules -> (your plan, the opponent's plan)
_BURNT_PLANS: dict = {}  # (rules, player, burnt holes) -> plan


def sowing_plan(rules: Ruleset, player: int, burnt: frozenset = frozenset()) -> SowingPlan:
    """`player`'s cached plan under `rules`, for `sow_in_place`; one per set of burnt
    holes, so the sowing loop never checks them."""
    if burnt:
        return _burnt_plan(rules, player, burnt)
    try:
        return _PLANS[rules][player]
    except KeyError:
        _PLANS[rules] = (_make_plan(rules, 0, frozenset()), _make_plan(rules, 1, frozenset()))
        return _PLANS[rules][player]


def _burnt_plan(rules: Ruleset, player: int, burnt: frozenset) -> SowingPlan:
    key = (rules, player, burnt)
    plan = _BURNT_PLANS.get(key)
    if plan is None:
        if len(_BURNT_PLANS) > 256:  # a few burnt sets per game; never grows without bound
            _BURNT_PLANS.clear()
        _BURNT_PLANS[key] = plan = _make_plan(rules, player, burnt)
    return plan


def _make_plan(rules: Ruleset, player: int, burnt: frozenset) -> SowingPlan:
    path = tuple(s for s in rules.path(player) if s not in burnt)
    twice = path + path
    index_of = [-1] * rules.size
    for i, s in enumerate(path):
        index_of[s] = i
    # Up to two laps: on the module one pick-up in thirty goes past one lap, and the
    # IndexError that sends it to `_whole_laps` costs more than its drops (130 KB a plan).
    laps, most = path * 3, 2 * len(path)
    drops = tuple(() if i < 0 else tuple(((s, n), laps[i + 1 : i + 1 + n]) for n in range(most + 1))
                  for s, i in enumerate(index_of))
    relay = rules.on_occupied_hole == "relay"
    owners = [rules.owner(s) for s in range(rules.size)]
    return SowingPlan(
        path=path,
        twice=twice,
        index_of=tuple(index_of),
        drops=drops,
        own_store=rules.store(player),
        own_hole=tuple(o == player for o in owners),
        any_hole=tuple(o is not None for o in owners),
        facing=tuple(rules.facing(s) for s in range(rules.size)),
        relay_at=tuple(relay and o is not None for o in owners),  # stores never relay
        extra_turn=rules.on_own_store == "extra_turn",
        capture=rules.on_own_empty_hole,
    )


def sow_in_place(slots: list, plan: SowingPlan, start: int) -> tuple:
    """The fast path, for engines that play many turns (the evaluator, the generator):
    sow `slots` in place from `start` and return (end, last slot, sows, captured, facing),
    `sows` a list of `Turn.sows`'s (slot, seeds) pick-ups.

    No checks and no copies: `start` must be a non-empty hole of the plan's player (as
    `play_turn` and `sow` check) and `plan` come from `sowing_plan`."""
    drops, relay_at = plan.drops, plan.relay_at
    sows = []
    slot = start
    # Every turn ends: sowing only moves forward round the ring, so going round again
    # passes the mover's own store (always on its path), which keeps one seed each time.
    # The seeds are finite, so the relays are too.
    while True:
        seeds = slots[slot]
        slots[slot] = 0
        try:
            picked, dropped = drops[slot][seeds]
        except IndexError:  # more than two laps
            picked, dropped = (slot, seeds), _whole_laps(slots, plan, slot, seeds)
        sows.append(picked)
        for slot in dropped:  # leaves `slot` at the last seed's slot
            slots[slot] += 1
        if slots[slot] > 1 and relay_at[slot]:
            continue
        return _last_seed(slots, plan, slot, sows)


def _whole_laps(slots: list, plan: SowingPlan, slot: int, seeds: int) -> tuple[int, ...]:
    """Give every slot on the path its share of `seeds` beyond the last lap; return the
    slots the rest (one to a whole lap) fall into."""
    lap = len(plan.path)
    full, rest = divmod(seeds, lap)
    if not rest:  # the last lap ends where it began: drop it seed by seed
        full, rest = full - 1, lap
    for s in plan.path:
        slots[s] += full
    return plan.drops[slot][rest][1]


def _last_seed(slots: list, plan: SowingPlan, slot: int, sows) -> tuple:
    """The last seed fell into `slot` and no relay follows: how the turn ends, capturing
    in place where the rules say so. Returns (end, slot, sows, captured, facing)."""
    if plan.own_hole[slot] and slots[slot] == 1:  # an own empty hole (the most common end)
        facing = plan.facing[slot]
        if plan.capture == "none" or (plan.capture == "capture_if_opposite" and not slots[facing]):
            return OWN_EMPTY, slot, sows, 0, None
        captured = slots[slot] + slots[facing]
        slots[plan.own_store] += captured
        slots[slot] = slots[facing] = 0
        return CAPTURE, slot, sows, captured, facing
    if slot == plan.own_store:
        return (EXTRA_TURN if plan.extra_turn else STORE), slot, sows, 0, None
    if not plan.any_hole[slot]:
        return OPPONENT_STORE, slot, sows, 0, None
    if slots[slot] > 1:
        return OCCUPIED, slot, sows, 0, None
    return OPPONENT_EMPTY, slot, sows, 0, None


def legal_starts(board: BoardLike, rules: Ruleset, player: int = YOU) -> list[int]:
    """The slots `player` may start a turn from (its non-empty holes) on `board`, a Board
    or its slots (`slot_to_position` numbers them as `highlight` does)."""
    slots = board.slots if isinstance(board, Board) else board
    return [s for s in rules.holes(player) if slots[s]]


# --- Lockstep sowing: both players' hands at once, one seed each per tick -------------
#
# The traditional game starts with both players sowing at the same moment. A `Hand` is
# one player's sowing in progress; `lockstep_tick` moves every sowing hand by one seed.
# Within a tick South's hand (YOU) drops and, if that was its last seed, is resolved
# before North's hand drops: so when both hands reach the same hole in the same tick,
# North's seed lands on South's (and sees whatever South's resolution left there).
# A relay pick-up or a capture happens at the end of the drop that caused it; the next
# tick sows from there. The rules for the last seed are exactly those of `sow_in_place`
# (tests check that a hand sowing alone ends exactly as `play_turn`).

SOWING = "sowing"


class Hand(namedtuple("Hand", "player slot seeds end captured", defaults=(SOWING, 0))):
    """One player's hand: where it is, how many seeds it holds, how its sowing ended.

    `slot`: the slot last picked up from or dropped into; `seeds`: the seeds still in the
    hand; `end`: SOWING, or one of ENDS once the last seed has been resolved; `captured`:
    the seeds a capture took to the store."""

    __slots__ = ()


def pick_up(slots: list, player: int, start: int, rules: Ruleset) -> Hand:
    """Take every seed from `player`'s hole `start` into a new hand."""
    if rules.owner(start) != player or not slots[start]:
        raise ValueError(f"slot {start} is not a non-empty hole of player {player}")
    seeds, slots[start] = slots[start], 0
    return Hand(player, start, seeds)


def lockstep_tick(slots: list[int], rules: Ruleset, hands: list[Hand | None], burnt: Iterable[int] = frozenset(),
                  events: list[tuple] | None = None) -> None:
    """Advance every sowing hand by one seed, South first (see above); in place.

    `events`, when a list, receives ('drop', player, slot, count), ('pickup', player,
    slot, seeds), ('capture', player, slot, facing, seeds) and ('end', player, reason, slot)."""
    for index, hand in enumerate(hands):
        if hand is None or hand.end != SOWING:
            continue
        plan = sowing_plan(rules, hand.player, frozenset(burnt))
        slot = plan.twice[plan.index_of[hand.slot] + 1]
        slots[slot] += 1
        if events is not None:
            events.append(("drop", hand.player, slot, slots[slot]))
        hands[index] = hand = hand._replace(slot=slot, seeds=hand.seeds - 1)
        if not hand.seeds:
            hands[index] = _land(slots, plan, hand, events)


def _land(slots: list, plan: SowingPlan, hand: Hand, events) -> Hand:
    """The last seed of `hand` has just dropped into `hand.slot`: relay as `sow_in_place` does,
    else end the way `_last_seed` says."""
    slot = hand.slot
    if slots[slot] > 1 and plan.relay_at[slot]:
        seeds, slots[slot] = slots[slot], 0
        if events is not None:
            events.append(("pickup", hand.player, slot, seeds))
        return hand._replace(seeds=seeds)
    end, _, _, captured, facing = _last_seed(slots, plan, slot, ())
    if events is not None:
        if end == CAPTURE:
            events.append(("capture", hand.player, slot, facing, captured))
        events.append(("end", hand.player, end, slot))
    return hand._replace(end=end, captured=captured)


# The replay of a turn's steps, which both windows animate ---------------------------


class Shown(namedtuple("Shown", "step board slot in_hand")):
    """The `board` just after one `step` of a turn, the `slot` that step touched (None at
    the end) and the seeds then `in_hand`."""

    __slots__ = ()


def replay(turn: Turn, rules: Ruleset) -> list[Shown]:
    """`turn.steps(rules)` applied one by one to a copy of `turn.before`: a capture and the
    end show the core's own `turn.after`, so no rule is worked out again here."""
    board = list(turn.before)
    in_hand = 0
    shown = []
    for step in turn.steps(rules):
        kind = step[0]
        if kind == "pickup":
            board[step[1]] = 0
            in_hand = step[2]
        elif kind == "drop":
            board[step[1]] = step[2]
            in_hand = max(0, in_hand - 1)
        else:  # capture or end: the turn's position exactly as the core computed it
            board = list(turn.after)
            if kind == "end":
                in_hand = 0
        shown.append(Shown(step, tuple(board), None if kind == "end" else step[1], in_hand))
    return shown
