"""The kinds of board a player misses, and the best turn's length by hand: the core's one home for them."""

from __future__ import annotations

import random

from ktane_congkak.core.evaluate import evaluate
from ktane_congkak.core.generator import module_board
from ktane_congkak.core.kinds import CAPTURES, DISAGREE, LONG_RELAYS, RELAYS, TIES, best_drops, best_relays, board_kinds
from ktane_congkak.core.sowing import CAPTURE


def boards(rules, count=400):
    rng = random.Random("kinds")
    return [evaluate(module_board(rules, rng), rules) for _ in range(count)]


def test_each_kind_is_what_the_evaluation_and_the_best_turns_say(rules):
    seen = set()
    for ev in boards(rules):
        kinds = board_kinds(ev, rules)
        best = [ev.turn(h, rules) for h in ev.answer if ev.seeds[h - 1]]
        assert (TIES in kinds) == (len(ev.answer) > 1)
        assert (DISAGREE in kinds) == bool(ev.disagreements)
        assert (RELAYS in kinds) == (max((t.relays for t in best), default=0) >= LONG_RELAYS)
        assert (CAPTURES in kinds) == any(t.end == CAPTURE and t.captured > 1 for t in best)
        assert best_relays(ev) == max((t.relays for t in best), default=0)
        assert best_drops(ev, rules) == max((t.drops for t in best), default=0)  # the fast path, the traced turn
        seen.update(kinds)
    assert seen == {RELAYS, CAPTURES, TIES, DISAGREE}  # every kind turns up in 400 boards
