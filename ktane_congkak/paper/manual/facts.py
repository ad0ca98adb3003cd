"""The facts the manual prints, all from the engine: example boards, surveys, savings, their words.

The example boards come from the module's own generator with fixed random seeds (or, for
the appendix, the board the module's author kept as an example), and their points,
verdicts and turns from `evaluate`/`play_turn`.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ...core.board import slot_to_position
from ...core.explain import and_list
from ...core.evaluate import EMPTY, STRIKE, VERDICT_WORDS, Evaluation, evaluate
from ...core.generator import module_board
from ...core.rules import YOU, Ruleset
from ...core.shortcuts import (RELAYS, SETTLED, STORE_MARK, Savings, jumps, landing_place, lap, measure_savings,
                               place_name, quick_reads)
from ...core.sowing import play_turn
from .model import Table


# The random seeds the example boards are drawn from, and how many boards the appendix's
# figures are measured on. Changing them changes the manual; the test then asks for a rebuild.
EXAMPLE_SEARCH_FROM = 1
SAME_SEEDS_SEARCH_FROM = 1
SURVEY_SEED, SURVEY_BOARDS = 2026, 4000
SEARCH_LIMIT = 10_000  # seeds tried for an example board before giving up


class Example(NamedTuple):
    seed: int  # the generator's random seed
    slots: tuple[int, ...]
    evaluation: Evaluation
    best: int  # the hole the example follows (1-based)
    reads: list  # shortcuts.quick_reads of the board
    jumps: list  # shortcuts.jumps of the best hole


def generated_board(rules: Ruleset, seed: int) -> tuple[int, ...]:
    return module_board(rules, random.Random(seed))


def worked_example(rules: Ruleset) -> Example:
    """The first generated board that shows the routine at work: holes settled without
    sowing (at least two kinds), relay holes to trace, an empty hole and a minimum
    strike; one best hole, a relay turn of 2 to 4 pick-ups; no hole where the module's
    strike rule and its manual's wording disagree."""
    for seed in range(EXAMPLE_SEARCH_FROM, EXAMPLE_SEARCH_FROM + SEARCH_LIMIT):
        slots = generated_board(rules, seed)
        ev = evaluate(slots, rules)
        if len(ev.answer) != 1 or EMPTY not in ev.module or STRIKE not in ev.module or ev.disagreements:
            continue
        reads = quick_reads(slots, rules)
        kinds = [r.kind for r in reads if r is not None]
        best = ev.answer[0]
        if len(set(kinds) & set(SETTLED)) < 2 or kinds.count(RELAYS) < 2 or (best_read := reads[best - 1]) is None or best_read.kind != RELAYS:
            continue
        path = jumps(slots, rules, best)
        if 2 <= len(path) <= 4 and sum(j.seeds for j in path) <= 30:
            return Example(seed, slots, ev, best, reads, path)
    raise RuntimeError("no generated board fits the worked example; widen the search")


def same_seeds_example(rules: Ruleset) -> tuple[int, tuple[int, ...], Evaluation, int]:
    """The first generated board where a hole that does NOT score the least strikes,
    because it holds as many seeds as the module's reference hole."""
    for seed in range(SAME_SEEDS_SEARCH_FROM, SAME_SEEDS_SEARCH_FROM + SEARCH_LIMIT):
        slots = generated_board(rules, seed)
        ev = evaluate(slots, rules)
        for i, verdict in enumerate(ev.module):
            if verdict == STRIKE and ev.manual[i] != STRIKE:
                return seed, slots, ev, i + 1
    raise RuntimeError("no generated board shows a same-seed-count strike; widen the search")


def author_board() -> tuple[int, ...]:
    """The board the module's author kept as an example (the first public vector)."""
    return (2, 3, 1, 1, 0, 4, 0, 31, 0, 4, 0, 1, 0, 1, 2, 48)


class Survey(NamedTuple):
    boards: int
    disagree: int  # boards where some hole's module and manual verdicts differ
    several: int  # boards with more than one correct hole
    tie_spared: int  # boards where a hole tying for the least does not strike
    seeds_struck: int  # boards where a hole above the least strikes
    turns: int  # turns scored (every non-empty hole of yours on every board)
    median_drops: int
    most_drops: int
    most_relays: int


def survey(rules: Ruleset, boards: int = SURVEY_BOARDS, seed: int = SURVEY_SEED) -> Survey:
    rng = random.Random(seed)
    disagree = several = spared = struck = 0
    drops, relays = [], []
    for _ in range(boards):
        slots = module_board(rules, rng)
        ev = evaluate(slots, rules)
        for slot in ev.holes:
            if slots[slot]:
                turn = play_turn(slots, rules, YOU, slot)
                drops.append(turn.drops)
                relays.append(turn.relays)
        differ = ev.disagreements
        disagree += bool(differ)
        several += len(ev.answer) > 1
        spared += any(ev.manual[h - 1] == STRIKE for h in differ)
        struck += any(ev.module[h - 1] == STRIKE for h in differ)
    drops.sort()
    return Survey(boards, disagree, several, spared, struck, len(drops), drops[len(drops) // 2], drops[-1], max(relays))


def savings(rules: Ruleset) -> Savings:
    """What the shortcuts save, on the survey's boards."""
    return measure_savings(rules, SURVEY_BOARDS, SURVEY_SEED)


NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 10: "ten",
                20: "twenty", 25: "twenty-five", 50: "fifty", 100: "a hundred"}
SIMPLE_SHARES = [(1, 2), (1, 3), (2, 3), (1, 4), (3, 4), (1, 5), (2, 5), (3, 5), (4, 5), (1, 6), (1, 8), (1, 10), (7, 10),
                 (1, 20), (1, 25), (1, 50), (1, 100)]


def about(part: int, whole: int, noun: str) -> str:
    """A measured share as a fact of the module, in words an expert keeps in mind:
    'about one hole in four', 'about half the holes' (the sample it came from is docs/')."""
    share = part / whole
    if share < 0.01:
        return f"fewer than one {noun} in a hundred"
    top, bottom = min(SIMPLE_SHARES, key=lambda f: abs(f[0] / f[1] - share) / (f[0] / f[1]))
    if (top, bottom) == (1, 2):
        return f"about half the {noun}s"
    return f"about {NUMBER_WORDS[top]} {noun}{'s' * (top > 1)} in {NUMBER_WORDS[bottom]}"


def round_down(value: int) -> int:
    """A figure rounded down to two significant digits: 'over 280', not the sample's exact longest."""
    step = 10 ** max(0, len(str(value)) - 2)
    return value // step * step


def verdict_word(verdict: str) -> str:
    return VERDICT_WORDS[verdict].short


def points_table(ev: Evaluation, caption: str, manual: bool = False) -> Table:
    header = ["Hole", "Seeds", "Points", "Module"] + (["Manual's wording"] if manual else [])
    rows = []
    for i in range(len(ev.holes)):
        row = [str(i + 1), str(ev.seeds[i]), str(ev.points[i]), verdict_word(ev.module[i])]
        rows.append(row + ([verdict_word(ev.manual[i])] if manual else []))
    return Table(header, rows, caption, tuple(h - 1 for h in ev.answer))


def holes_list(holes: list[int]) -> str:
    return and_list(holes)


def landing_sum(place: int, seeds: int, rules: Ruleset) -> str:
    """The landing sum as the expert writes it: '2 + 3 = 5', '9 + 9 - 15 = 3', '4 + 11 = 15: S'."""
    total, landed = place + seeds, landing_place(place, seeds, lap(rules))
    land = place_name(landed, rules)
    if total == landed:
        return f"{place} + {seeds} = {total}: {land}" if land == STORE_MARK else f"{place} + {seeds} = {land}"
    return f"{place} + {seeds} - {total - landed} = {land}"  # the whole laps core's landing_place took off


def ring_words(rules: Ruleset, player: int) -> str:
    """One lap of `player`'s sowing in words, from its first hole."""
    names = []
    path = rules.path(player)
    first = path.index(rules.holes(player)[0])
    for slot in path[first:] + path[:first]:
        if rules.owner(slot) is None:
            names.append("your store" if slot == rules.store(YOU) else "the opponent's store")
        elif slot < rules.holes_per_side:
            names.append(f"hole {slot + 1}")
        else:
            names.append(f"position {slot_to_position(slot, rules)}")
    return ", ".join(names)


def landing_table(rules: Ruleset) -> Table:
    """Every place seeds can be picked up at (1 to 2n) and seeds (1 to a lap) to where the last one lands."""
    n, laps = rules.holes_per_side, lap(rules)
    rows = []
    for start in range(1, 2 * n + 1):
        cells = [place_name(landing_place(start, seeds, laps), rules) for seeds in range(1, laps + 1)]
        rows.append([f"<b>{start}</b>"] + [f"<b>{c}</b>" if c == STORE_MARK else c for c in cells])
    return Table([LANDING_CORNER] + [str(s) for s in range(1, laps + 1)], rows,
                 f"Rows: the place the seeds are picked up from (your holes 1 to {n}, positions {n + 1} to {2 * n}). "
                 f"Columns: how many seeds. Each cell: the place the last seed lands, {STORE_MARK} being your store. "
                 f"For more than {laps} seeds, work out the sum (Shortcut 1).",
                 small=True)


LANDING_CORNER = "From \\ seeds"  # the landing table's corner: rows are places, columns seed counts
