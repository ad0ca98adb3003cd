"""The evaluator: points of every hole, the answer, and the module's and the manual's verdicts.

Points of a hole (docs/module-spec.md): play that turn alone from the current position;
    (seeds in the mover's holes after) + (mover's store after - store before).
An empty hole scores 0 and is not played. Stores never change the ranking.

Verdicts:
- module (what the real module does): a hole scoring the maximum solves; else an empty
  hole strikes; else, with `k` the lowest hole scoring the smallest *nonzero* points, a
  hole holding as many SEEDS as hole `k` strikes; anything else continues.
- manual (the manual's wording): the same first two steps (the maximum solves, then an
  empty hole strikes); then a hole scoring the least of the non-empty holes strikes;
  anything else continues. Only the third step differs (docs/module-spec.md), so the
  answer is the same under both rules.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Sequence

from .board import BoardLike, slot_to_position, slots_of
from .explain import plural
from .frozen import Frozen
from .ids import descriptive_id
from .releases import CURRENT, Release, release_json, release_turn
from .rules import PLAYER_NAMES, YOU, Ruleset
from .sowing import SowingPlan, Turn, sow_in_place, sowing_plan

SOLVE, STRIKE, EMPTY, CONTINUE = "solve", "strike", "empty", "continue"
STRIKES = (STRIKE, EMPTY)
# The two strike rules a verdict follows (above), and how a sentence names each.
MODULE_RULE, MANUAL_RULE = "module", "manual"
STRIKE_RULES = (MODULE_RULE, MANUAL_RULE)
RULE_NAMES = {MODULE_RULE: "the module", MANUAL_RULE: "the manual's wording"}


# collections.namedtuple, not typing.NamedTuple: importing typing costs `solve` 3 ms.
class VerdictWords(namedtuple("VerdictWords", "short long headline verb")):
    """How a verdict is put in words: `short` for a table cell, `long` inside a sentence,
    `headline` for the line a press shows ("Hole 3: Solved!"), `verb` after a hole
    ("hole 3 solves")."""

    __slots__ = ()


# The one home of the verdicts' words; front ends look them up here.
VERDICT_WORDS = {
    SOLVE: VerdictWords("solve", "solve", "Solved!", "solves"),
    STRIKE: VerdictWords("strike", "strike (the minimum rule)", "Strike (the minimum rule)", "strikes"),
    EMPTY: VerdictWords("strike (empty)", "strike (an empty hole)", "Strike: that hole is empty",
                        "strikes"),  # a verb's sentence goes on with the why, which says the hole is empty
    CONTINUE: VerdictWords("game goes on", "no strike (the game continues)", "No strike: the game goes on",
                           "plays on without a strike, unsolved"),
}


class Evaluation(namedtuple("Evaluation", "board player holes seeds points after module manual min_hole relays release",
                            defaults=((), CURRENT))):
    """Everything `evaluate` found for one side of one board: each hole's seeds, points and
    position after its turn, both rules' verdicts, and the answer; per-hole tuples are in
    hole order (hole 1 first).

    - `board`: the position evaluated; `player`: whose holes; `holes`: their slots;
    - `seeds`, `points`: per hole; `after`: per hole, the position after its turn (None
      when empty); `relays`: per hole, the relay pick-ups of its turn (0 when empty);
    - `module`, `manual`: per hole, the verdict under each rule;
    - `min_hole`: the index of the module's reference hole `k` (the lowest with the
      smallest nonzero points), or None;
    - `release`: the module release whose rules it followed (`core.releases`).
    """

    __slots__ = ()

    @property
    def maximum(self) -> int:
        return max(self.points)

    @property
    def least(self) -> int:
        """The least points of a non-empty hole: what the manual's wording strikes (0 when
        every hole is empty)."""
        return min((p for p, s in zip(self.points, self.seeds) if s), default=0)

    @property
    def answer(self) -> list[int]:
        """Hole numbers (1-based) that solve: every hole tying for the maximum."""
        return [i + 1 for i, v in enumerate(self.module) if v == SOLVE]

    @property
    def disagreements(self) -> list[int]:
        """Hole numbers whose module and manual verdicts differ."""
        return [i + 1 for i in range(len(self.holes)) if self.module[i] != self.manual[i]]

    def verdicts(self, rule: str = MODULE_RULE) -> tuple[str, ...]:
        return self.manual if rule == MANUAL_RULE else self.module

    def as_json(self, rules: Ruleset, stores_known: bool = True) -> dict:
        """The JSON object of `ktane-congkak solve --json` (described in the README): holes are
        numbered as the module's `highlight` numbers them (1..n yours, n+1..2n theirs)."""
        numbers = _side(rules, self.player).numbers
        module, manual = self.module, self.manual
        return {
            "id": descriptive_id(self.board, rules, stores_known),
            "board": self.board,  # tuples are JSON arrays
            "stores_known": stores_known,
            "side": PLAYER_NAMES[self.player],
            "holes": numbers,
            "points": self.points,
            "answer": [n for n, v in zip(numbers, module) if v == SOLVE],
            "verdicts": {MODULE_RULE: module, MANUAL_RULE: manual},
            "disagree": [n for n, a, b in zip(numbers, module, manual) if a != b],
            "after": self.after,
            **release_json(self.release),
        }

    def turn(self, hole: int, rules: Ruleset) -> Turn:
        """Hole `hole`'s turn (1-based, a non-empty hole) played again with its trace, for
        the words and pictures of it: `evaluate` keeps only what the turn came to."""
        return release_turn(self.board, rules, self.player, self.holes[hole - 1], self.release)

    def why(self, hole: int, rule: str = MODULE_RULE) -> str:
        """One sentence: why pressing `hole` (1-based) gets its verdict."""
        i = hole - 1
        p, verdict, mx = self.points[i], self.verdicts(rule)[i], self.maximum
        if verdict == SOLVE:
            if not self.seeds[i]:
                return "every hole scores 0, so any press solves"
            ties = len(self.answer)
            return f"{plural(p, 'point')} is the maximum" + (f" ({ties} holes tie for it)" if ties > 1 else "")
        if verdict == EMPTY:
            return "the hole is empty"
        if rule == MODULE_RULE and not self.release.minimum_strike:
            return (f"{p} points, below the maximum {mx}: release {self.release.date} strikes every press that "
                    "does not solve")
        if rule == MANUAL_RULE:
            least = self.least
            if verdict == STRIKE:
                return f"{p} points is the least of the non-empty holes"
            return f"{p} points is neither the most ({mx}) nor the least ({least})"
        k = self.min_hole
        # Name it as the player numbers it: holes 1..n for you, positions n+1..2n for the opponent.
        number = k + 1 if self.player == YOU else self.holes[k]
        ref = f"hole {number}, the lowest hole with the smallest nonzero points ({self.points[k]})"
        if verdict == STRIKE and k == i:
            return f"{p} points; it is {ref}"
        if verdict == STRIKE:
            return f"{p} points, but it holds {plural(self.seeds[i])}, as many as {ref}: the module compares seed counts"
        return f"{p} points, below the maximum {mx}; it holds {plural(self.seeds[i])}, not the {self.seeds[k]} of {ref}"


def evaluate(board: BoardLike, rules: Ruleset, player: int = YOU, release: Release = CURRENT) -> Evaluation:
    """Every hole of `player`'s side played alone from `board` (a Board, or its slots in ring
    order): points, positions after, relays and both rules' verdicts. Any ruleset; the module's
    rules of `release` (today's by default: `core.releases`)."""
    board = slots_of(board)
    side = _side(rules, player)
    plan, holes, first, stop, store = side.plan, side.holes, side.first, side.stop, side.store
    seeds = board[first:stop]
    before = board[store] if release.store_gain else 0  # the releases up to 2023-04-26 counted the whole store
    sows = release.sows
    points: list[int] = []
    after: list[tuple[int, ...] | None] = []
    relays: list[int] = []
    for start in holes:
        if sows(board[start]):
            position = [*board]
            relays.append(len(sow_in_place(position, plan, start)[2]) - 1)
            points.append(sum(position[first:stop], position[store] - before))
            after.append(tuple(position))
        elif board[start]:  # a hole the release's loop leaves unsown: nothing moves
            points.append(sum(board[first:stop], board[store] - before))
            after.append(board)
            relays.append(0)
        else:
            points.append(0)
            after.append(None)
            relays.append(0)
    module, manual, min_hole = verdicts(points, seeds, release.minimum_strike)
    return Evaluation(board, player, holes, seeds, tuple(points), tuple(after), module, manual, min_hole,
                      tuple(relays), release)


class _Side(Frozen):
    """What `evaluate` looks up of one player's side, made once per ruleset: its sowing
    `plan`, its `holes` (slots), `first` and `stop` (the holes as a slice of a board), its
    `store`, and its holes' `numbers` as the player numbers them (`slot_to_position`)."""

    __slots__ = ("plan", "holes", "first", "stop", "store", "numbers")
    plan: SowingPlan
    holes: tuple[int, ...]
    first: int
    stop: int
    store: int
    numbers: tuple[int, ...]

    def __init__(self, *, plan: SowingPlan, holes: tuple[int, ...], first: int, stop: int, store: int,
                 numbers: tuple[int, ...]):
        self._set(plan=plan, holes=holes, first=first, stop=stop, store=store, numbers=numbers)


_SIDES: dict[Ruleset, tuple[_Side, _Side]] = {}  # rules -> (your side, the opponent's side)


def _side(rules: Ruleset, player: int) -> _Side:
    sides = _SIDES.get(rules)
    if sides is None:
        sides = _SIDES[rules] = (_make_side(rules, YOU), _make_side(rules, 1 - YOU))
    return sides[player]


def _make_side(rules: Ruleset, player: int) -> _Side:
    holes = rules.holes(player)
    return _Side(plan=sowing_plan(rules, player), holes=tuple(holes), first=holes.start, stop=holes.stop,
                 store=rules.store(player), numbers=tuple(slot_to_position(s, rules) for s in holes))


def verdicts(points: Sequence[int], seeds: Sequence[int], minimum_strike: bool = True) -> tuple[tuple[str, ...], tuple[str, ...], int | None]:
    """(module verdicts, manual verdicts, index of the module's reference hole `k`).
    Without `minimum_strike` (up to 2023-04-24) every hole that does not solve strikes."""
    most = max(points)  # points are never negative
    if not most:  # every hole scores 0: every press solves
        return (SOLVE,) * len(points), (SOLVE,) * len(points), None
    low = least = most  # the smallest nonzero points; the least points of a played hole (the manual's)
    for p, s in zip(points, seeds):
        if s and p < least:
            least = p
        if p and p < low:
            low = p
    k = points.index(low)
    reference = seeds[k]  # the module compares seed counts, not points
    module, manual = [], []
    for p, s in zip(points, seeds):  # one loop for both rules: they differ only in the last step
        if p == most:
            module.append(SOLVE)
            manual.append(SOLVE)
        elif not s:
            module.append(EMPTY)
            manual.append(EMPTY)
        else:
            module.append(STRIKE if s == reference or not minimum_strike else CONTINUE)
            manual.append(STRIKE if p == least else CONTINUE)
    return tuple(module), tuple(manual), k
