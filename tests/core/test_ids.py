"""Puzzle IDs spelt and read back: every count's character, the escapes for big counts, the
stores, the refusals, and the seed IDs."""

import pytest

from ktane_congkak.core.board import Board
from ktane_congkak.core.ids import (board_from_id, board_from_text, descriptive_id, is_puzzle_id, is_seed_id,
                                    parse_descriptive_id, seed_board)
from ktane_congkak.core.rules import ruleset_from_dict
from ktane_congkak.errors import UserError

# 7 holes a side of 12 seeds: 168 in all, so a hole may hold 100 or more.
BIG = ruleset_from_dict({"name": "big", "holes_per_side": 7, "seeds_per_hole": 12})


@pytest.mark.parametrize("count, spelt", [(0, "0"), (9, "9"), (10, "a"), (17, "h"), (18, "j"), (20, "m"),
                                          (23, "q"), (31, "y"), (32, "z32"), (99, "z99"), (100, "zz100"),
                                          (160, "zz160")])
def test_each_count_has_its_spelling_and_reads_back(count, spelt):
    slots = [count, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 168 - count]
    text = descriptive_id(slots, BIG)
    assert text == f"c1-{spelt}000000-0000000-{168 - count}-0"
    assert parse_descriptive_id(text, BIG).slots == tuple(slots)
    assert parse_descriptive_id(text.upper(), BIG).slots == tuple(slots)


def test_every_count_to_150_reads_back_in_any_hole():
    for count in range(151):
        for hole in (0, 6, 8, 14):
            slots = [0] * 16
            slots[hole] = count
            slots[7] = 168 - count
            assert parse_descriptive_id(descriptive_id(slots, BIG), BIG).slots == tuple(slots)


def test_a_board_without_its_stores(rules):
    slots = (2, 3, 1, 1, 0, 4, 0, 31, 0, 4, 0, 1, 0, 1, 2, 48)
    assert descriptive_id(slots, rules, stores_known=False) == "c1-2311040-0401012"
    board = parse_descriptive_id("c1-2311040-0401012", rules)
    assert not board.stores_known and board.slots[:7] == slots[:7] and board.slots[8:15] == slots[8:15]
    assert parse_descriptive_id(" C1-2311040-0401012-48-31 ", rules) == Board(slots, stores_known=True)


@pytest.mark.parametrize("text, message", [
    ("c1-z4a00000-0000000", "your holes: 'z' must be followed by two digits ('zz' by three)"),
    ("c1-zz40a0000-0000000", "your holes: 'z' must be followed by two digits ('zz' by three)"),
    ("c1-z", "not a puzzle ID"),
    ("c1-0000000-00000z", "the opponent's holes: 'z' must be followed by two digits"),
    ("c1-i000000-0000000", "your holes: 'i' is not a hole count (0-9, a-y without i l o, or z and two digits)"),
    ("c1-000000-0000000", "your holes spell 6 holes, not 7"),
    ("c1-0000000-00000000", "the opponent's holes spell 8 holes, not 7"),
    ("c2-0000000-0000000", "descriptive-ID format c2 is not known (this version reads c1)"),
    ("c1-0000000-0000000-400-21", "check the counts, or give the ID without its stores (c1-0000000-0000000)"),
    ("x1-0000000-0000000", "not a puzzle ID"),
    ("c1-0000000-0000000-1", "not a puzzle ID"),
])
def test_a_malformed_id_is_one_line_naming_what_is_wrong(text, message):
    with pytest.raises(UserError, match="^puzzle ID ") as refused:
        parse_descriptive_id(text, BIG)
    assert message in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize("text, kind", [("#abc", "seed"), ("  #abc", "puzzle"), ("c1-2311040-0401012", "puzzle"),
                                        ("C12-x", "puzzle"), ("2 3 1", None), ("c-1", None), ("", None)])
def test_what_names_a_board_by_an_id(text, kind):
    assert is_puzzle_id(text) == (kind is not None)
    assert is_seed_id(text) == (kind == "seed")


def test_a_seed_id_makes_the_same_board_each_time_and_another_for_other_text(rules):
    board = board_from_id("  #practice-1 ", rules)
    assert board == Board(seed_board("practice-1", rules), stores_known=True)
    assert sum(board.slots) == 98 and board != board_from_id("#practice-2", rules)
    # The same text gives the same board in this generator version (SEED_VERSION) on every machine.
    assert descriptive_id(board.slots, rules) == "c1-1b11197-1180103-25-28"
    assert board_from_text("#practice-1", rules) == board


def test_numbers_and_bare_rows_typed_where_a_board_goes(rules):
    slots = (2, 3, 1, 1, 0, 4, 0, 31, 0, 4, 0, 1, 0, 1, 2, 48)
    assert board_from_text("2311040 0401012 48 31", rules).slots == slots
    assert board_from_text("2311040-0401012-48-31", rules).slots == slots
    assert board_from_text(" ".join(map(str, slots)), rules).slots == slots  # 16 numbers, not rows
    for short in ("231104 0401012", "2311040 040112", "231 0401012", "2311040 040"):  # a row too short: two numbers
        with pytest.raises(UserError, match="^board needs 14 numbers .* got 2$"):
            board_from_text(short, rules)
    assert board_from_text("c1-2311040-0401012-48-31", rules).slots == slots


def test_bare_rows_are_read_only_in_a_short_text(rules):
    for length, refusal in ((199, "your holes spell 191 holes, not 7"), (200, "board needs 14 numbers")):
        with pytest.raises(UserError, match=refusal):
            board_from_text("1" * (length - 8) + " 1111111", rules)  # from 200 characters: read as numbers


def test_a_boards_id_says_whether_its_stores_are_known(rules):
    from ktane_congkak.core.ids import board_id

    assert board_id(parse_descriptive_id("c1-2311040-0401012-48-31", rules), rules) == "c1-2311040-0401012-48-31"
    assert board_id(parse_descriptive_id("c1-2311040-0401012", rules), rules) == "c1-2311040-0401012"
