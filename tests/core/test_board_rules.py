"""Parsing boards and rulesets: good input works, bad input is one clear error."""

import pytest

from ktane_congkak.core.board import format_board, parse_board, position_to_slot, slot_to_position
from ktane_congkak.errors import BoardError, RulesetError, UserError
from ktane_congkak.core.rules import OPPONENT, YOU, load_ruleset, ruleset_from_dict

FULL = "2 3 1 1 0 4 0 31 0 4 0 1 0 1 2 48"


@pytest.mark.parametrize("text", [FULL, FULL.replace(" ", ","), FULL.replace(" ", "|"), " 2, 3 |1 1 0 4 0 31 0 4 0 1 0 1 2 48 "])
def test_sixteen_numbers_in_any_separator(text, rules):
    board = parse_board(text, rules)
    assert board.slots == (2, 3, 1, 1, 0, 4, 0, 31, 0, 4, 0, 1, 0, 1, 2, 48)
    assert board.stores_known


def test_fourteen_numbers_are_the_positions_and_stores_unknown(rules):
    board = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 0", rules)
    assert board.slots == (1, 2, 3, 4, 5, 6, 7, 0, 8, 9, 10, 11, 12, 13, 0, 0)
    assert not board.stores_known


@pytest.mark.parametrize("text, message", [
    ("1 2 3", "needs 14 numbers"),
    ("7 7 7 7 7 7 7 7 7 7 7 7 7 x", "number 14 is 'x'"),
    ("7 7 7 7 7 7 -7 7 7 7 7 7 7 7", "negative"),
    ("7 7 7 7 7 7 7 7 7 7 7 7 7 8", "99 seeds, more than the 98"),
    ("99 0 0 0 0 0 0 0 0 0 0 0 0 0", "more than the 98"),
    ("7.5 7 7 7 7 7 7 7 7 7 7 7 7 7", "not a whole number"),
    ("", "got 0"),
])
def test_bad_boards(text, message, rules):
    with pytest.raises(BoardError, match=message):
        parse_board(text, rules)


def test_positions_and_slots(rules):
    assert [position_to_slot(p, rules) for p in range(1, 15)] == [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14]
    assert all(slot_to_position(position_to_slot(p, rules), rules) == p for p in range(1, 15))
    for bad in (0, 15, -1):
        with pytest.raises(BoardError, match="out of range"):
            position_to_slot(bad, rules)
    for store in (rules.store(YOU), rules.store(OPPONENT)):
        with pytest.raises(BoardError, match=f"slot {store} is not a hole"):
            slot_to_position(store, rules)


def test_the_public_api_takes_one_board_and_numbers_holes_and_slots(rules):
    """`sow`, `legal_starts` and `play_turn` take the Board `parse_board` returns as they
    take its slots, and the package exports the numbering between holes and slots."""
    import ktane_congkak as api

    board = api.parse_board("2 3 1 1 0 4 0 31 0 4 0 1 0 1 2 48", rules)
    assert api.legal_starts(board, rules) == api.legal_starts(list(board.slots), rules) == [0, 1, 2, 3, 5]
    assert api.legal_starts(board, rules, OPPONENT) == [9, 11, 13, 14]
    for hole in (3, 9):
        slot = api.position_to_slot(hole, rules)
        player = YOU if hole <= 7 else OPPONENT
        turn = api.play_turn(board, rules, player, slot)
        assert api.sow(board, rules, player, slot) == api.sow(board.slots, rules, player, slot) \
            == (list(turn.after), turn.end)
        assert api.slot_to_position(turn.start, rules) == hole
    assert [api.position_to_slot(h, rules) for h in api.evaluate(board, rules).answer] == [0, 1, 3]


def test_format_board(rules):
    assert format_board(parse_board(FULL, rules).slots, rules) == "2 3 1 1 0 4 0 | 31 | 0 4 0 1 0 1 2 | 48"


def test_module_ring(rules):
    assert rules.store(YOU) == 15 and rules.store(OPPONENT) == 7
    assert rules.path(YOU) == tuple(s for s in range(16) if s != 7)
    assert rules.path(OPPONENT) == tuple(s for s in range(16) if s != 15)
    assert [rules.facing(s) for s in range(7)] == [14, 13, 12, 11, 10, 9, 8]
    assert rules.fresh_board() == (7,) * 7 + (0,) + (7,) * 7 + (0,)


def test_traditional_layout_puts_your_store_after_your_row():
    rules = ruleset_from_dict({"name": "t", "holes_per_side": 5, "seeds_per_hole": 5,
                               "sowing": {"own_store": "after_own_row"}})
    assert rules.size == 12 and rules.store(YOU) == 5 and rules.store(OPPONENT) == 11
    assert rules.path(YOU) == (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


@pytest.mark.parametrize("data, message", [
    ([], "expected a mapping"),
    ({"name": "x", "holes_per_side": 7}, "missing field 'seeds_per_hole'"),
    ({"name": "x", "holes_per_side": 12, "seeds_per_hole": 7}, "holes_per_side must be"),
    ({"name": "x", "holes_per_side": 7, "seeds_per_hole": 7, "last_seed": {"own_store": "dance"}}, "last_seed.own_store must be one of"),
    ({"name": "x", "holes_per_side": 7, "seeds_per_hole": 7, "sowing": "fast"}, "'sowing' must be a mapping"),
    ({"name": "x", "holes_per_side": 7, "seeds_per_hole": 7, "sowing": {"skip_opponent_store": "yes"}}, "true or false"),
    ({"format": 9, "name": "x", "holes_per_side": 7, "seeds_per_hole": 7}, "format 9"),
])
def test_bad_rulesets(data, message):
    with pytest.raises(RulesetError, match=message):
        ruleset_from_dict(data, "test.yaml")


def test_ruleset_files(tmp_path):
    with pytest.raises(RulesetError, match="no ruleset 'nope'"):
        load_ruleset("nope")
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: [unclosed\n")
    with pytest.raises(UserError, match="bad.yaml: line 2: not valid YAML"):
        load_ruleset(str(bad))
    good = tmp_path / "small.yaml"
    good.write_text("name: small\nholes_per_side: 3\nseeds_per_hole: 3\n")
    assert load_ruleset(str(good)).total_seeds == 18


def test_the_module_ruleset_is_data():
    rules = load_ruleset("module")
    assert (rules.holes_per_side, rules.seeds_per_hole) == (7, 7)
    assert rules.on_own_store == "end_turn" and rules.on_occupied_hole == "relay"
    assert rules.own_store == "after_opponent_row" and rules.on_own_empty_hole == "capture"


@pytest.mark.parametrize("data, message", [
    ({"name": "x", "holes_per_side": 7, "seeds_per_hole": 7, "sowing": {"own_stor": "after_own_row"}}, "unknown field 'sowing.own_stor'"),
    ({"name": "x", "holes_per_side": 7, "seeds_per_hole": 7, "last_seeds": {}}, "unknown field 'last_seeds'"),
])
def test_misspelt_rules_are_refused(data, message):
    with pytest.raises(RulesetError, match=message):
        ruleset_from_dict(data, "test.yaml")


def test_the_package_example_runs():
    import doctest

    import ktane_congkak

    result = doctest.testmod(ktane_congkak)
    assert result.attempted >= 4 and result.failed == 0


def test_compiled_rulesets_are_up_to_date():
    """core/compiled_rulesets.py is what the one YAML reader makes of every built-in ruleset."""
    from ktane_congkak.core.rules import COMPILED_MODULE, compiled_rulesets_source

    with open(COMPILED_MODULE, encoding="utf-8") as handle:
        assert handle.read() == compiled_rulesets_source(), "run scripts/compile-rulesets"


@pytest.mark.parametrize("name", ["module", "congkak", "malaysia", "mancala", "traditional"])
def test_a_compiled_ruleset_is_its_yaml(name):
    from ktane_congkak.core.compiled_rulesets import COMPILED
    from ktane_congkak.core.rules import BUILTIN_FOLDER
    from ktane_congkak.files import read_yaml

    assert COMPILED[name][1] == read_yaml(f"{BUILTIN_FOLDER}/{name}.yaml")


def test_a_built_in_ruleset_edited_since_compiling_is_read_from_its_yaml():
    from ktane_congkak.core.rules import BUILTIN_FOLDER, _builtin_data
    from ktane_congkak.files import read_text

    text = read_text(f"{BUILTIN_FOLDER}/module.yaml")
    assert _builtin_data("module", text, "module.yaml")["last_seed"]["own_store"] == "end_turn"
    edited = text.replace("  own_store: end_turn", "  own_store: extra_turn")
    assert edited != text
    assert _builtin_data("module", edited, "module.yaml")["last_seed"]["own_store"] == "extra_turn"
    assert ruleset_from_dict(_builtin_data("module", edited, "module.yaml")).on_own_store == "extra_turn"


def test_a_ruleset_is_immutable_and_says_what_it_holds():
    import copy
    import pickle

    rules = load_ruleset("module")
    with pytest.raises(AttributeError, match="immutable"):
        rules.holes_per_side = 6
    with pytest.raises(AttributeError, match="immutable"):
        del rules.name
    assert copy.deepcopy(rules) is rules
    again = pickle.loads(pickle.dumps(rules))
    assert repr(again) == repr(rules) and again is not rules
    assert "holes_per_side=7" in repr(rules) and "on_own_store='end_turn'" in repr(rules)
    with pytest.raises(TypeError, match="on_own_stor"):
        type(rules)("x", "X", 7, 7, on_own_stor="extra_turn")


@pytest.mark.parametrize("damage", [None, {"module": "not a pair"}, {"module": ((0, 0),)}])
def test_a_damaged_compiled_rulesets_file_falls_back_to_the_yaml(monkeypatch, damage):
    """A merge conflict or a hand edit of the generated file never stops a command."""
    import sys
    import types

    from ktane_congkak.core import rules as rules_module

    if damage is None:  # the import itself fails (as a SyntaxError would make it)
        monkeypatch.setitem(sys.modules, "ktane_congkak.core.compiled_rulesets", None)
    else:
        monkeypatch.setitem(sys.modules, "ktane_congkak.core.compiled_rulesets",
                            types.SimpleNamespace(COMPILED=damage))
    with open(f"{rules_module.BUILTIN_FOLDER}/module.yaml", encoding="utf-8") as handle:
        data = rules_module._builtin_data("module", handle.read(), "module.yaml")
    assert ruleset_from_dict(data).fields() == load_ruleset("module").fields()


def test_compiling_refuses_a_value_with_no_python_literal(monkeypatch):
    from ktane_congkak.core import rules as rules_module

    monkeypatch.setattr(rules_module, "parse_yaml", lambda text, origin: {"name": float("nan")})
    with pytest.raises(RulesetError, match="cannot be written as a Python literal"):
        rules_module.compiled_rulesets_source()


def test_a_board_equals_only_a_board():
    from ktane_congkak.core.board import Board

    board = Board((1, 2, 3), stores_known=False)
    assert board == Board((1, 2, 3), False) and hash(board) == hash(Board((1, 2, 3), False))
    assert board != Board((1, 2, 3)) and board != ((1, 2, 3), False)
    with pytest.raises(TypeError):
        len(board)
    with pytest.raises(AttributeError, match="immutable"):
        board.slots = ()


# --- boards as a player types them -------------------------------------------------------

AUTHOR_HOLES = [2, 3, 1, 1, 0, 4, 0, 0, 4, 0, 1, 0, 1, 2]


def test_a_board_read_out_as_the_drill_reads_it(rules):
    from ktane_congkak.drill.session import read_out

    board = parse_board(" ".join(map(str, AUTHOR_HOLES)), rules)
    said = "\n".join(read_out(board.slots, rules))
    assert said.startswith("1: 02  2: 03  3: 01")
    assert parse_board(said, rules) == board
    shuffled = "14: 2, 13: 1, 12: 0, 11: 1, 10: 0, 9: 4, 8: 0, 7: 0, 6: 4, 5: 0, 4: 1, 3: 1, 2: 3, 1: 2"
    assert parse_board(shuffled.replace(",", " "), rules) == board


@pytest.mark.parametrize("text, message", [
    ("1: 02  2: 03", "position 3 is not read out (a board read out gives all 14)"),
    ("1: 02  1: 03", "position 1 is read out twice"),
    ("15: 02", "position 15 is out of range (1 to 14)"),
    ("1: 02 two", "'two' is not a position's reading"),
    ("1: 2 " * 600, "too long for a board read out"),
])
def test_a_bad_read_out_is_one_line(text, message, rules):
    with pytest.raises(BoardError) as refused:
        parse_board(text, rules)
    assert message in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize("text, stores_known", [("2311040 0401012", False), ("2311040-0401012", False),
                                                 (" 2311040 0401012 48 31 ", True)])
def test_an_ids_rows_without_its_prefix(text, stores_known, rules):
    from ktane_congkak.core.ids import board_from_text

    board = board_from_text(text, rules)
    assert board.stores_known is stores_known
    assert [board.slots[position_to_slot(p, rules)] for p in range(1, 15)] == AUTHOR_HOLES


@pytest.mark.parametrize("name", ["Congkak", "MODULE", "kalah", "Kalah"])
def test_ruleset_names_in_any_case_and_kalah(name):
    assert load_ruleset(name) is load_ruleset({"kalah": "mancala"}.get(name.lower(), name.lower()))


def test_a_mistyped_ruleset_gets_did_you_mean():
    with pytest.raises(RulesetError, match="or kalah for mancala; or give a YAML file\\); did you mean congkak\\?$"):
        load_ruleset("congak")
