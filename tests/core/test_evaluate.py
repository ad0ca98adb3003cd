"""The evaluator's record of one board, field by field: its JSON, each verdict's sentence, the
relays, a Board given whole, the first releases' unsown holes, and `verdicts` alone."""

import pytest

from ktane_congkak.core.board import parse_board
from ktane_congkak.core.evaluate import MANUAL_RULE, evaluate, verdicts
from ktane_congkak.core.ids import parse_descriptive_id
from ktane_congkak.core.releases import RELEASES
from ktane_congkak.core.rules import OPPONENT
from ktane_congkak.core.sowing import play_turn

# Holes 1, 2 and 4 tie for the maximum 11; holes 3 and 6 score the least, 8; hole 3 (1 seed)
# is the module's reference, so hole 6 (4 seeds) goes on where the manual's wording strikes.
EXAMPLE = (2, 3, 1, 1, 0, 4, 0, 31, 0, 4, 0, 1, 0, 1, 2, 48)


def test_the_json_of_your_side(rules):
    data = evaluate(EXAMPLE, rules).as_json(rules)
    assert data["id"] == "c1-2311040-0401012-48-31" and data["stores_known"] is True
    assert (data["side"], data["holes"], data["points"]) == ("you", (1, 2, 3, 4, 5, 6, 7), (11, 11, 8, 11, 0, 8, 0))
    assert data["answer"] == [1, 2, 4] and data["disagree"] == [6]
    assert data["verdicts"] == {"module": ("solve", "solve", "strike", "solve", "empty", "continue", "empty"),
                                "manual": ("solve", "solve", "strike", "solve", "empty", "strike", "empty")}


def test_the_json_of_the_opponents_side_numbers_its_holes_8_to_14(rules):
    data = evaluate(EXAMPLE, rules, OPPONENT).as_json(rules, stores_known=False)
    assert data["id"] == "c1-2311040-0401012" and data["stores_known"] is False
    assert (data["side"], data["holes"], data["points"]) == ("opponent", (8, 9, 10, 11, 12, 13, 14), (0, 7, 0, 9, 0, 5, 11))
    assert data["answer"] == [14] and data["disagree"] == [11]


def test_each_verdicts_sentence(rules):
    ev = evaluate(EXAMPLE, rules)
    assert [ev.why(h) for h in (1, 3, 5, 6)] == [
        "11 points is the maximum (3 holes tie for it)",
        "8 points; it is hole 3, the lowest hole with the smallest nonzero points (8)",
        "the hole is empty",
        "8 points, below the maximum 11; it holds 4 seeds, not the 1 of hole 3, the lowest hole with the smallest "
        "nonzero points (8)"]
    assert ev.why(6, MANUAL_RULE) == "8 points is the least of the non-empty holes"
    theirs = evaluate(EXAMPLE, rules, OPPONENT)
    assert theirs.why(7) == "11 points is the maximum"  # no tie
    assert theirs.why(4) == ("9 points, but it holds 1 seed, as many as hole 13, the lowest hole with the smallest "
                             "nonzero points (5): the module compares seed counts")
    assert theirs.why(2, MANUAL_RULE) == "7 points is neither the most (11) nor the least (5)"
    two = evaluate(parse_descriptive_id("c1-2120301-2031020-26-55", rules), rules)  # holes 5 and 7 score 10
    assert two.why(7) == "10 points is the maximum (2 holes tie for it)"
    assert theirs.why(4, MANUAL_RULE) == "9 points is neither the most (11) nor the least (5)"


def test_a_side_with_no_seeds_solves_anywhere(rules):
    ev = evaluate((0,) * 7 + (49,) + (7,) * 7 + (0,), rules)
    assert ev.answer == [1, 2, 3, 4, 5, 6, 7] and ev.least == 0
    assert ev.why(3) == "every hole scores 0, so any press solves"


def test_least_is_over_the_holes_that_hold_seeds(rules):
    assert evaluate(EXAMPLE, rules).least == 8  # not 0, the empty holes' points
    assert evaluate(EXAMPLE, rules, OPPONENT).least == 5


def test_relays_are_each_turns_pick_ups_after_the_first(rules):
    ev = evaluate(EXAMPLE, rules)
    assert ev.relays == (1, 0, 4, 0, 0, 0, 0)
    assert ev.relays == tuple(play_turn(EXAMPLE, rules, 0, s).relays if EXAMPLE[s] else 0 for s in range(7))


def test_a_board_is_evaluated_as_its_slots(rules):
    board = parse_board(list(EXAMPLE), rules)
    assert evaluate(board, rules) == evaluate(EXAMPLE, rules)


def test_the_first_releases_leave_a_one_seed_hole_unsown(rules):
    """2021-07-07 sows no hole of one seed and counts the whole store: holes 3 and 4 score
    the seeds in your holes (11) and store (48) as they are."""
    ev = evaluate(EXAMPLE, rules, release=RELEASES["2021-07-07"])
    assert ev.points == (59, 59, 59, 59, 0, 56, 0)
    assert ev.after[2] == ev.after[3] == EXAMPLE and ev.after[4] is None
    assert ev.relays == (1, 0, 0, 0, 0, 0, 0)


def test_verdicts_strike_by_the_minimum_rule_unless_told_not_to():
    points, seeds = (11, 11, 8, 11, 0, 8, 0), (2, 3, 1, 1, 0, 4, 0)
    assert verdicts(points, seeds)[0] == ("solve", "solve", "strike", "solve", "empty", "continue", "empty")
    assert verdicts(points, seeds, False)[0] == ("solve", "solve", "strike", "solve", "empty", "strike", "empty")


@pytest.mark.parametrize("points, seeds, k", [
    ((5, 9, 5, 3, 3), (1, 2, 3, 4, 5), 3),  # a tie for the least: the lower hole is the reference
    ((0, 9, 4, 0, 4), (2, 1, 1, 0, 2), 2),  # a non-empty hole scoring 0 is not the reference
])
def test_the_reference_hole_is_the_lowest_with_the_smallest_nonzero_points(points, seeds, k):
    assert verdicts(points, seeds)[2] == k
