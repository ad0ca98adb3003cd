"""The expert's shortcuts (core/shortcuts.py), each checked against the engine on every hole of
30,000 boards made the module's way and on every public vector."""

from __future__ import annotations

import random

from ktane_congkak.core import shortcuts as sc
from ktane_congkak.core.evaluate import SOLVE, evaluate
from ktane_congkak.core.generator import module_board
from ktane_congkak.core.rules import OPPONENT, YOU, load_ruleset
from ktane_congkak.core.sowing import CAPTURE, OPPONENT_EMPTY, STORE, play_turn, sow_in_place, sowing_plan

from conftest import load_vectors

# 30,000 boards (3 s of CPU): every kind of hole over 2,000 times, and three with a row all empty.
BOARDS, SEED = 30_000, 14
END_OF = {sc.ENDS_IN_STORE: STORE, sc.CAPTURES: CAPTURE, sc.ENDS_EMPTY: OPPONENT_EMPTY}


def check_board(board, rules, plan, seen: dict) -> None:
    """Every shortcut on every hole of `board`, against the sowing engine."""
    n, laps = rules.holes_per_side, sc.lap(rules)
    total, row = sc.holes_total(board, rules), sc.row_total(board, rules)
    store = rules.store(YOU)
    for hole in range(1, n + 1):
        read = sc.quick_read(board, rules, hole)
        if read is None:
            assert not board[hole - 1]
            continue
        after = list(board)
        end, last, sows, _, _ = sow_in_place(after, plan, hole - 1)
        points = sum(after[:n]) + after[store] - board[store]
        # landing: the first sowing's last seed, as the landing rule says
        first_last = rules.path(YOU)[(sc.ring_place(rules, hole - 1) + board[hole - 1] - 1) % laps]
        assert sc.place_slot(rules, read.place) == first_last
        if len(sows) == 1:
            assert last == first_last
        # the quick read: settled kinds end the turn at once with the closed form's points
        if read.kind in sc.SETTLED:
            assert len(sows) == 1 and end == END_OF[read.kind] and read.points == points, (board, read)
        elif read.kind == sc.RELAYS:
            assert len(sows) > 1
        else:
            assert read.kind == sc.LONG and board[hole - 1] >= laps
        # the check total, and the bound it gives
        assert sc.check_total(board, after, rules) == points <= total
        assert points - row == total - row - sc.row_total(after, rules, OPPONENT)
        seen[read.kind] = seen.get(read.kind, 0) + 1


def test_every_shortcut_on_30k_generated_boards(rules):
    rng, plan, seen = random.Random(SEED), sowing_plan(rules, YOU), {}
    zero_rows = 0
    for _ in range(BOARDS):
        board = module_board(rules, rng)
        check_board(board, rules, plan, seen)
        if sc.all_zero_row(board, rules):
            zero_rows += 1
            assert evaluate(board, rules).module == (SOLVE,) * rules.holes_per_side
    assert set(seen) == set(sc.KINDS)  # every kind of hole occurs, so every closed form was tried
    assert min(seen.values()) > 1000
    assert zero_rows > 0


def test_every_shortcut_on_the_public_vectors(rules):
    seen = {}
    for vec in load_vectors():
        board = tuple(vec["board"])
        check_board(board, rules, sowing_plan(rules, YOU), seen)
        for hole, read in enumerate(sc.quick_reads(board, rules), 1):
            if read is not None and read.points is not None:
                assert read.points == vec["points"][hole - 1]
            if read is not None:
                assert sc.check_total(board, vec["after"][hole - 1], rules) == vec["points"][hole - 1]
    assert set(sc.SETTLED) <= set(seen)


def test_the_all_zero_row_solves_on_every_press(rules):
    board = (0,) * 7 + (50,) + (1, 2, 3, 4, 5, 6, 7) + (20,)
    assert sc.all_zero_row(board, rules) and sc.quick_reads(board, rules) == [None] * 7
    assert evaluate(board, rules).answer == list(range(1, 8))


def test_landing_place_counts_on_and_wraps():
    assert sc.landing_place(1, 2) == 3
    assert sc.landing_place(7, 8) == 15  # your store
    assert sc.landing_place(7, 9) == 1  # round past the store to hole 1
    assert sc.landing_place(3, 15) == 3  # a whole lap ends where it began
    assert sc.landing_place(3, 31) == 4


def test_closed_forms_by_hand(rules):
    """One board per closed form, worked out on paper."""
    # hole 4 with 11 seeds: 4 + 11 = 15, your store; row 1+0+0+11+0+0+0 = 12, so 12 - 7 = 5
    board = (1, 0, 0, 11, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0)
    read = sc.quick_read(board, rules, 4)
    assert (read.kind, read.points) == (sc.ENDS_IN_STORE, 5) == (read.kind, evaluate(board, rules).points[3])
    # hole 1 with 1 seed lands on empty hole 2, facing position 13 (3 seeds): row 12 + 3 = 15
    board = (1, 0, 0, 11, 0, 0, 0, 0, 1, 1, 1, 1, 1, 3, 1, 0)
    read = sc.quick_read(board, rules, 1)
    assert (read.kind, read.points, read.facing) == (sc.CAPTURES, 15, 13) and evaluate(board, rules).points[0] == 15
    # hole 7 with 2 seeds lands on empty position 9: row 4 + 7 - 9 = 2
    board = (1, 0, 0, 1, 0, 0, 2, 0, 1, 0, 1, 1, 1, 3, 1, 0)
    read = sc.quick_read(board, rules, 7)
    assert (read.kind, read.points) == (sc.ENDS_EMPTY, 2) == (read.kind, evaluate(board, rules).points[6])


def test_jumps_follow_the_turn(rules):
    rng = random.Random(5)
    for _ in range(2000):
        board = module_board(rules, rng)
        for hole in range(1, 8):
            if not board[hole - 1]:
                continue
            rows, turn = sc.jumps(board, rules, hole), play_turn(board, rules, YOU, hole - 1)
            assert [(sc.place_slot(rules, r.start), r.seeds) for r in rows] == list(turn.sows)
            assert all(r.land == sc.landing_place(r.start, r.seeds) for r in rows)
            assert all(r.then == sc.RELAYS and r.count > 1 for r in rows[:-1])
            assert rows[-1].then == turn.end and (turn.end == STORE or rows[-1].count == 1)


def test_measured_savings_add_up(rules):
    s = sc.measure_savings(rules, 300, 1)
    assert sum(s.kinds.values()) == s.holes and s.drops_left < s.drops
    assert s.median_drops_left <= s.median_drops and s.median_pickups < s.median_drops
    assert s.boards == 300


def test_only_module_shaped_rulesets():
    assert sc.module_shaped(load_ruleset("module"))
    assert not sc.module_shaped(load_ruleset("mancala")) and not sc.module_shaped(load_ruleset("traditional"))


def test_the_facing_place_is_the_rules_facing_hole():
    rules = load_ruleset("module")
    n = rules.holes_per_side
    assert [sc.facing_place(rules, hole) for hole in range(1, n + 1)] == \
        [sc.ring_place(rules, rules.facing(hole - 1)) for hole in range(1, n + 1)] == list(range(2 * n, n, -1))


def recount(boards: list, rules) -> sc.Savings:
    """`measure_savings`' figures counted again from each hole's traced turn."""
    import statistics

    kinds = dict.fromkeys(sc.KINDS, 0)
    drops, left, pickups = [], [], []
    settled = bound = best_settled = zero = 0
    for board in boards:
        turns = {h: play_turn(board, rules, YOU, h - 1) for h in range(1, 8) if board[h - 1]}
        reads = {h: sc.quick_read(board, rules, h) for h in turns}
        for read in reads.values():
            kinds[read.kind] += 1
        drops.append(sum(t.drops for t in turns.values()))
        left.append(sum(t.drops for h, t in turns.items() if reads[h].kind not in sc.SETTLED))
        pickups.append(sum(len(t.sows) for t in turns.values()))
        settled += all(r.kind in sc.SETTLED for r in reads.values())
        zero += not turns
        ev = evaluate(board, rules)
        bound += any(ev.points[h - 1] == sum(board[0:7]) + sum(board[8:15]) for h in turns)
        best_settled += any(h in reads and reads[h].kind in sc.SETTLED for h in ev.answer)

    def p90(values):
        return sorted(values)[min(len(values) - 1, len(values) * 90 // 100)]

    return sc.Savings(len(boards), sum(kinds.values()), kinds, settled, int(statistics.median(drops)),
                      int(statistics.median(left)), p90(drops), p90(left), sum(drops), sum(left),
                      int(statistics.median(pickups)), p90(pickups), bound, best_settled, zero)


def test_measured_savings_are_the_turns_counted_one_by_one(rules):
    """Every figure of `measure_savings` counted again from each hole's traced turn."""
    s = sc.measure_savings(rules, 200, 7)
    rng = random.Random(7)
    assert s == recount([module_board(rules, rng) for _ in range(200)], rules)
    assert 0 < s.best_settled and 0 < s.settled_boards and all(s.kinds.values())  # (no board here reaches the bound)


# Hand-made boards for the figures generated boards seldom give: a row all empty, and a
# hole reaching the bound (hole 1's one seed captures hole 2 facing an empty row: it scores
# every seed in the holes). Slot 7 is the opponent's store, slot 15 yours.
ZERO_ROW = (0,) * 7 + (3,) + (1, 2, 3, 4, 5, 6, 7) + (2,)
BOUND = (1, 0, 4, 0, 0, 0, 0) + (5,) + (0,) * 7 + (6,)


def test_measured_savings_count_all_empty_rows_and_the_bound(rules, monkeypatch):
    rng = random.Random(3)
    boards = [ZERO_ROW, BOUND] + [module_board(rules, rng) for _ in range(18)]
    assert evaluate(BOUND, rules).points[0] == sc.holes_total(BOUND, rules) == 5
    dealt = iter(boards)
    # measure_savings imports module_board from the generator when it runs: patched there
    monkeypatch.setattr("ktane_congkak.core.generator.module_board", lambda rules, rng: next(dealt))
    s = sc.measure_savings(rules, len(boards), 0)
    assert s == recount(boards, rules)
    assert (s.all_zero, s.bound_boards) == (1, 1)


def test_the_90th_percentile_by_hand():
    values = list(range(20, 0, -1))  # 20 values: the 90th percentile is the 19th smallest, index 18
    assert sc._percentile(values, 90) == 19
    assert sc._percentile(values, 100) == 20  # past the end: the largest
    assert sc._percentile([7], 90) == 7


def test_place_names_on_the_strip(rules):
    assert [sc.place_name(p, rules) for p in (1, 7, 8, 14, 15)] == ["1", "7", "8", "14", sc.STORE_MARK] == ["1", "7", "8", "14", "S"]
