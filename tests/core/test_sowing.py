"""One turn by hand, against the spec's wording, and rules switched by data."""

from ktane_congkak.core.rules import OPPONENT, YOU, ruleset_from_dict
from ktane_congkak.core.sowing import play_turn


def test_capture_with_an_empty_facing_hole_takes_just_the_last_seed(rules):
    # Hole 1 (2 seeds): drops into holes 2, 3; relay from hole 3 (2 seeds) into holes 4, 5;
    # hole 5 was empty: capture it with facing slot 10 (empty): 1 seed to the store.
    board = [2, 3, 1, 1, 0, 4, 0, 31, 0, 4, 0, 1, 0, 1, 2, 48]
    turn = play_turn(board, rules, YOU, 0)
    assert turn.sows == ((0, 2), (2, 2))
    assert turn.end == "capture" and turn.last == 4 and turn.facing == 10 and turn.captured == 1
    assert turn.after == (0, 4, 0, 2, 0, 4, 0, 31, 0, 4, 0, 1, 0, 1, 2, 49)


def test_your_seeds_cross_the_opponent_row_before_your_store(rules):
    board = [0] * 16
    board[6] = 9  # hole 7: skips slot 7, runs 8..14, then your store 15
    turn = play_turn(board, rules, YOU, 6)
    assert [s[1] for s in turn.steps(rules) if s[0] == "drop"] == [8, 9, 10, 11, 12, 13, 14, 15, 0]
    assert turn.end == "capture"  # the last seed fell into your empty hole 1


def test_landing_in_your_store_ends_the_turn_on_the_module(rules):
    board = [0] * 16
    board[6], board[7] = 8, 40
    turn = play_turn(board, rules, YOU, 6)
    assert turn.end == "store" and turn.after[15] == 1 and turn.after[7] == 40


def test_opponent_skips_your_store(rules):
    board = [0] * 16
    board[14], board[0] = 2, 5  # slot 14 sows into slot 0 (your hole 1; 15 skipped), then slot 1
    turn = play_turn(board, rules, OPPONENT, 14)
    assert turn.end == "opponent_empty" and turn.last == 1
    assert turn.after[15] == 0 and turn.after[0] == 6 and turn.after[1] == 1



def test_whole_laps_end_where_they_began(rules):
    board = [0] * 16
    board[3] = 15  # one full lap of the 15 slots: the last seed falls back into hole 4
    turn = play_turn(board, rules, YOU, 3)
    assert turn.end == "capture" and turn.last == 3
    assert turn.after[15] == 1 + 1 + 1  # a lap seed, the last seed and the facing slot 11's lap seed


def test_extra_turn_and_no_relay_come_from_the_ruleset():
    rules = ruleset_from_dict({"name": "m", "holes_per_side": 6, "seeds_per_hole": 4,
                               "sowing": {"own_store": "after_own_row"},
                               "last_seed": {"own_store": "extra_turn", "occupied_hole": "end_turn",
                                             "own_empty_hole": "capture_if_opposite"}})
    board = list(rules.fresh_board())
    assert play_turn(board, rules, YOU, 2).end == "extra_turn"  # 4 seeds from slot 2 end in store 6
    assert play_turn(board, rules, YOU, 0).end == "occupied"
    board = [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    assert play_turn(board, rules, YOU, 1).end == "own_empty"  # nothing opposite: no capture
    board[10] = 3  # slot 2 faces slot 10
    turn = play_turn(board, rules, YOU, 1)
    assert turn.end == "capture" and turn.after[6] == 4


def test_a_store_never_relays_even_when_sown_into():
    """With the opponent's store on the path, a last seed there ends the turn."""
    rules = ruleset_from_dict({"name": "s", "holes_per_side": 7, "seeds_per_hole": 7,
                               "sowing": {"skip_opponent_store": False}})
    board = [0] * 16
    board[0], board[7] = 7, 5  # hole 1's 7 seeds: slots 1..7, the last into the opponent's store
    turn = play_turn(board, rules, YOU, 0)
    assert turn.end == "opponent_store" and turn.sows == ((0, 7),) and turn.after[7] == 6
    assert (turn.captured, turn.facing) == (0, None)


def test_a_turn_told_in_words_counts_what_it_moves(rules):
    from ktane_congkak.core.explain import describe_turn

    board = (1, 0, 7, 7, 7, 7, 7, 0, 7, 7, 7, 7, 7, 3, 7, 0)  # hole 1's seed lands in empty hole 2, 3 seeds opposite
    lines = describe_turn(play_turn(board, rules, YOU, 0), rules)
    assert lines[0] == "Pick up the 1 seed from your hole 1"
    assert lines[2] == "Capture: the last seed in your hole 2 and the 3 seeds in position 13 go to the store (4 seeds)"
    board = (1, 0, 7, 7, 7, 7, 7, 0, 7, 7, 7, 7, 7, 0, 7, 0)  # nothing opposite
    lines = describe_turn(play_turn(board, rules, YOU, 0), rules)
    assert lines[2] == "Capture: the last seed in your hole 2 goes to the store; position 13, opposite, is empty"
