"""Puzzle IDs, the generator's filters and difficulty, puzzle files, statistics."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from ktane_congkak.core.board import parse_board
from ktane_congkak.cli import main
from ktane_congkak.errors import UserError
from ktane_congkak.core.evaluate import evaluate
from ktane_congkak.files import parse_yaml
from ktane_congkak.core.generator import module_board
from ktane_congkak.core.ids import board_from_id, descriptive_id, parse_descriptive_id, seed_board
from ktane_congkak.puzzles.sets import (EASY_MARGIN, EASY_RELAYS, HARD_MARGIN, HARD_RELAYS, Filters, PuzzleSet, dumps, from_data,
                                   generate, load_puzzle_set, measure, save)
from ktane_congkak.core.rules import YOU
from ktane_congkak.core.sowing import play_turn
from ktane_congkak.puzzles.stats import collect, tally_boards

AUTHOR = "c1-12h1000-0130040-32-37"  # (1 2 17 1 0 0 0 | 37 | 0 1 3 0 0 4 0 | 32)


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# --- IDs -----------------------------------------------------------------------------

def test_descriptive_id_spells_the_board(rules):
    board = (1, 2, 17, 1, 0, 0, 0, 37, 0, 1, 3, 0, 0, 4, 0, 32)
    assert descriptive_id(board, rules) == AUTHOR
    assert parse_descriptive_id(AUTHOR, rules).slots == board
    assert parse_descriptive_id(AUTHOR.upper(), rules).slots == board


def test_descriptive_ids_round_trip_on_generated_boards(rules):
    rng = random.Random(7)
    for _ in range(2000):
        board = module_board(rules, rng)
        text = descriptive_id(board, rules)
        assert parse_descriptive_id(text, rules).slots == board
        assert not any(ch in text for ch in "ilo")  # nothing that reads as 1 or 0


def test_large_counts_are_escaped(rules):
    board = [40, 0, 0, 0, 0, 0, 0, 0, 31, 0, 0, 0, 0, 0, 0, 27]
    text = descriptive_id(board, rules)
    assert text == "c1-z40000000-y000000-27-0"
    assert parse_descriptive_id(text, rules).slots == tuple(board)


def test_id_without_stores_leaves_them_unknown(rules):
    board = parse_board("1 2 3 4 5 6 7 7 6 5 4 3 2 1", rules)
    text = descriptive_id(board.slots, rules, stores_known=False)
    assert text == "c1-1234567-7654321"
    parsed = parse_descriptive_id(text, rules)
    assert parsed == board and not parsed.stores_known


@pytest.mark.parametrize("text, fragment", [
    ("c1-12h1000-013004-32-37", "spell 6 holes"),
    ("c2-12h1000-0130040-32-37", "format c2"),
    ("c1-12h1o00-0130040-32-37", "'o' is not a hole count"),
    ("c1-12h1000-0130040-32-30", "not the 98"),
    ("c1-z4x00000-0130040", "two digits"),
    ("hello", "not a puzzle ID"),
])
def test_bad_ids_are_one_line_errors(rules, text, fragment):
    with pytest.raises(UserError) as caught:
        board_from_id(text, rules)
    assert fragment in str(caught.value) and "\n" not in str(caught.value)


def test_seed_id_regenerates_the_same_board(rules):
    first = board_from_id("#club night", rules).slots
    assert board_from_id("#club night", rules).slots == first
    assert seed_board("club night", rules) == first
    assert sum(first) == rules.total_seeds
    others = {seed_board(f"club night {k}", rules) for k in range(20)}
    assert len(others) > 15  # different text, different boards


# --- generator -----------------------------------------------------------------------

def test_same_seed_same_boards(rules):
    a = generate(rules, 10, "same")
    b = generate(rules, 10, "same")
    assert [p.board for p in a.puzzles] == [p.board for p in b.puzzles]
    assert [p.board for p in generate(rules, 10, "other").puzzles] != [p.board for p in a.puzzles]


def test_every_puzzle_regenerates_from_its_seed_id_and_its_descriptive_id(rules):
    for p in generate(rules, 15, "ids").puzzles:
        assert board_from_id(p.seed, rules).slots == p.board
        assert board_from_id(p.id, rules).slots == p.board


def test_unfiltered_generation_is_the_module_algorithm(rules):
    # No filter: draw k is exactly module_board on draw k's seed stream.
    puzzles = generate(rules, 8, "plain").puzzles
    assert [p.seed for p in puzzles] == [f"#plain-{k}" for k in range(1, 9)]


def _margin_and_relays(board, rules):
    """Independent of `puzzles.measure`: from evaluate and play_turn directly."""
    ev = evaluate(board, rules)
    played = sorted((p for p, s in zip(ev.points, ev.seeds) if s), reverse=True)
    margin = played[0] - played[1] if len(played) > 1 else played[0]
    relays = max(play_turn(board, rules, YOU, h - 1).relays for h in ev.answer)
    return ev, margin, relays


@pytest.mark.parametrize("filters", [
    Filters(unique=True), Filters(agree=True), Filters(disagree=True),
    Filters(difficulty="easy"), Filters(difficulty="medium"), Filters(difficulty="hard"),
    Filters(unique=True, agree=True, difficulty="hard"),
], ids=lambda f: "-".join(f"{k}={v}" for k, v in f.as_dict().items() if v))
def test_filters_hold_on_every_board_they_pass(rules, filters):
    for p in generate(rules, 12, "filters", filters).puzzles:
        ev, margin, relays = _margin_and_relays(p.board, rules)
        if filters.unique:
            assert len(ev.answer) == 1
        if filters.agree:
            assert ev.module == ev.manual
        if filters.disagree:
            assert ev.module != ev.manual
        if filters.difficulty == "easy":
            assert len(ev.answer) == 1 and margin >= EASY_MARGIN and relays <= EASY_RELAYS
        if filters.difficulty == "hard":
            assert len(ev.answer) == 1 and margin <= HARD_MARGIN and relays >= HARD_RELAYS
        if filters.difficulty == "medium":
            assert not (len(ev.answer) == 1 and margin >= EASY_MARGIN and relays <= EASY_RELAYS)
            assert not (len(ev.answer) == 1 and margin <= HARD_MARGIN and relays >= HARD_RELAYS)
        assert list(p.answer) == ev.answer and p.points == ev.points


def test_filters_skip_draws_but_keep_seed_ids(rules):
    puzzles = generate(rules, 5, "skip", Filters(difficulty="hard")).puzzles
    numbers = [int(p.seed.rsplit("-", 1)[1]) for p in puzzles]
    assert numbers == sorted(numbers) and numbers[-1] > 5


def test_impossible_filters_are_a_user_error(rules):
    with pytest.raises(UserError, match="exclude each other"):
        generate(rules, 1, "x", Filters(agree=True, disagree=True))


# --- puzzle files --------------------------------------------------------------------

def test_yaml_round_trip(rules, tmp_path):
    made = generate(rules, 6, "round", Filters(unique=True))
    made.title = "Round trip"
    path = tmp_path / "set.yaml"
    save(made, path)
    text = path.read_text()
    assert text.count("\n- id: c1-") == 6 and "format: 1" in text
    loaded = load_puzzle_set(path)
    assert loaded.puzzles == made.puzzles
    assert loaded.title == "Round trip" and loaded.generator == made.generator
    save(loaded, tmp_path / "again.yaml")
    assert (tmp_path / "again.yaml").read_text() == text


def _file(rules, **changes):
    data = parse_yaml(dumps(generate(rules, 3, "bad")), "x")
    target = data["puzzles"][1]
    for key, value in changes.items():
        if value is None:
            target.pop(key)
        else:
            target[key] = value
    return data


@pytest.mark.parametrize("changes, fragment", [
    ({"answer": [7]}, "answer is [7] but the board's answer is"),
    ({"points": [1, 2, 3, 4, 5, 6, 7]}, "points is"),
    ({"board": [7] * 16}, "holds 112 seeds"),
    ({"board": [7] * 15}, "a list of 15 numbers is neither"),
    ({"board": "2311040"}, "board needs 14 numbers"),
    ({"id": "c1-1234567-1234567-1-1"}, "the id does not spell the board"),
    ({"seed": "#bad-1"}, "makes a different board"),
    ({"difficulty": "extreme"}, "difficulty is 'extreme'"),
    ({"board": None, "id": None}, "missing 'board' (14 hole counts, 16 slot counts"),
    ({"colour": "red"}, "unknown key 'colour'"),
])
def test_bad_puzzle_names_file_puzzle_and_problem(rules, changes, fragment):
    with pytest.raises(UserError) as caught:
        from_data(_file(rules, **changes), "set.yaml")
    message = str(caught.value)
    assert message.startswith("set.yaml: puzzle 2") and fragment in message and "\n" not in message


@pytest.mark.parametrize("data, fragment", [
    ({"format": 9, "puzzles": []}, "format 9 is not supported"),
    ({"format": 1, "puzzles": []}, "non-empty list"),
    ({"format": 1, "rules": "nope", "puzzles": [{}]}, "no ruleset 'nope'"),
    ([1, 2], "not a puzzle file"),
    ([{"board": [0] * 16}], "expected 'puzzles:' and a list of boards"),  # the list without 'puzzles:'
])
def test_bad_file_level_problems(data, fragment):
    with pytest.raises(UserError, match=fragment):
        from_data(data, "set.yaml")


def test_file_for_other_rules_is_refused(rules):
    from ktane_congkak.core.rules import load_ruleset

    data = _file(rules)
    other = load_ruleset("traditional")
    with pytest.raises(UserError, match="for rules 'module'"):
        from_data(data, "set.yaml", other)


@pytest.mark.parametrize("name", ["starter", "hard", "strike-rules"])
def test_curated_sets_are_valid_and_what_they_say(name):
    found = load_puzzle_set(name)
    assert len(found.puzzles) >= 10
    for p in found.puzzles:
        ev = evaluate(p.board, found.rules)
        if name == "starter":
            assert p.difficulty == "easy" and ev.module == ev.manual and len(ev.answer) == 1
        if name == "hard":
            assert p.difficulty == "hard" and len(ev.answer) == 1
        if name == "strike-rules":
            assert ev.disagreements and all(f"hole {h}:" in p.note for h in ev.disagreements)


def test_a_file_of_boards_only(tmp_path, capsys):
    """`puzzles: [{board: [...]}]` is a whole puzzle file: the rest is computed."""
    path = tmp_path / "mine.yaml"
    path.write_text("puzzles:\n- board: [1, 2, 17, 1, 0, 0, 0, 37, 0, 1, 3, 0, 0, 4, 0, 32]\n"
                    "- board: [13, 1, 0, 0, 1, 0, 0, 41, 0, 0, 0, 0, 6, 3, 2, 31]\n")
    found = load_puzzle_set(path)
    assert found.rules.name == "module" and found.title == ""
    first, second = found.puzzles
    assert first.id == AUTHOR and first.answer == (1, 4) and first.points == (24, 22, 13, 24, 0, 0, 0)
    assert second.id == "c1-d100100-0000632-31-41" and second.answer == (2,) and second.difficulty == "easy"
    code, text, _ = run(["print", str(path), "--out", str(tmp_path / "mine.pdf"), "--with-solutions"], capsys)
    assert code == 0 and text.startswith("wrote ") and "2 puzzles on 1 page and an answer key" in text


def test_a_stated_answer_the_engine_disagrees_with_names_the_puzzle(tmp_path, capsys):
    path = tmp_path / "mine.yaml"
    path.write_text("puzzles:\n- board: [13, 1, 0, 0, 1, 0, 0, 41, 0, 0, 0, 0, 6, 3, 2, 31]\n"
                    "- board: [1, 2, 17, 1, 0, 0, 0, 37, 0, 1, 3, 0, 0, 4, 0, 32]\n  answer: [1]\n")
    code, _, err = run(["print", str(path), "--out", str(tmp_path / "mine.pdf")], capsys)
    assert code == 2
    assert err.strip() == (f"ktane-congkak: print: {path}: puzzle 2 ({AUTHOR}): answer is [1] "
                           "but the board's answer is [1, 4]")


def test_a_set_by_name_everywhere_a_file_goes(tmp_path, capsys):
    answers = tmp_path / "a.yaml"
    hard = load_puzzle_set("hard").puzzles
    answers.write_text("answers:\n" + "".join(f"  {p.id}: {p.answer[0]}\n" for p in hard))
    code, text, _ = run(["verify", "--puzzles", "hard", "--answers", str(answers)], capsys)
    assert code == 0 and "Score: 12/12" in text
    code, _, err = run(["print", "no-such-set", "--out", str(tmp_path / "x.pdf")], capsys)
    assert code == 2 and "not a curated set, a puzzle file, a puzzle ID or a board (the sets: hard, starter, strike-rules" in err
    code, _, err = run(["print", "puzzles/hard.yaml", "--out", str(tmp_path / "x.pdf")], capsys)
    assert code == 2 and "the curated set is installed: give its name, hard" in err


def test_practice_set_deals_the_boards_in_order(capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("new\nnew\nend\nlog\n"))  # the log, whole once the session is over
    code, text, _ = run(["practice", "--text", "--set", "strike-rules"], capsys)
    shown = re.findall(r"Puzzle \d+ \((\S+)\); solving holes", text)
    assert code == 0 and shown == [p.id for p in load_puzzle_set("strike-rules").puzzles[:3]]
    assert "Board 2 of 12 of the set" in text and "Board 3 of 12 of the set" in text


def test_practice_set_says_when_it_starts_again(capsys, monkeypatch):
    import io

    size = len(load_puzzle_set("starter").puzzles)
    monkeypatch.setattr("sys.stdin", io.StringIO("new\n" * size + "end\nlog\n"))
    code, text, _ = run(["practice", "--text", "--set", "starter"], capsys)
    said = [line for line in text.splitlines() if "of the set" in line or "starts again" in line]
    assert code == 0 and said[-2:] == [f"Board {size} of {size} of the set", f"The set starts again: board 1 of {size}"]
    shown = re.findall(r"Puzzle \d+ \((\S+)\); solving holes", text)
    assert shown[-1] == shown[0]  # the first board again


# --- command line --------------------------------------------------------------------

def test_generate_writes_a_puzzle_file(tmp_path, capsys):
    out = tmp_path / "g.yaml"
    code, text, _ = run(["generate", "--count", "4", "--seed", "cli", "--unique", "--out", str(out)], capsys)
    assert code == 0 and "wrote 4 puzzles" in text
    found = load_puzzle_set(out)
    assert [p.seed for p in found.puzzles][0].startswith("#cli-")
    assert all(len(p.answer) == 1 for p in found.puzzles)
    assert not [f for f in tmp_path.iterdir() if f.name.endswith(".tmp")]


def test_generate_lists_ids_with_the_same_seed(capsys):
    _, first, _ = run(["generate", "-n", "3", "--seed", "list"], capsys)
    _, second, _ = run(["generate", "-n", "3", "--seed", "list"], capsys)
    assert first == second and first.count("c1-") == 3


@pytest.mark.parametrize("argv, fragment", [
    (["generate", "--count", "0"], "0 is not from 1 to 100000"),
    (["generate", "--count", "x"], "not a whole number"),
    (["generate", "--difficulty", "extreme"], "invalid choice"),
    (["generate", "--agree", "--disagree"], "exclude each other"),
    (["generate", "--out", "/no/such/folder/x.yaml"], "does not exist"),
    (["solve", "--puzzle", "c1-nonsense"], "not a puzzle ID"),
    (["solve", "1", "2", "--puzzle", AUTHOR], "not both"),
    (["stats", "--count", "-3"], "-3 is too small: give at least 1"),
])
def test_bad_options_are_one_line_and_exit_2(capsys, argv, fragment):
    code, out, err = run(argv, capsys)
    assert code == 2 and fragment in err and err.count("\n") == 1 and err.startswith("ktane-congkak")


def test_solve_takes_a_puzzle_id_and_shows_it(capsys, rules):
    code, out, _ = run(["solve", "--puzzle", AUTHOR, "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["id"] == AUTHOR and data["answer"] == [1, 4]
    code, out, _ = run(["solve", "--puzzle", "#club night"], capsys)
    spelled = descriptive_id(seed_board("club night", rules), rules)
    assert code == 0 and out.splitlines()[0] == f"Puzzle: {spelled}"


def test_solve_table_carries_the_id_of_typed_numbers(capsys):
    code, out, _ = run(["solve", "1", "2", "17", "1", "0", "0", "0", "0", "1", "3", "0", "0", "4", "0"], capsys)
    assert code == 0 and out.splitlines()[0] == "Puzzle: c1-12h1000-0130040"


def test_turn_takes_a_puzzle_id(capsys):
    code, out, _ = run(["turn", "--puzzle", AUTHOR, "--position", "3", "--json"], capsys)
    assert code == 0 and json.loads(out)["board"] == [1, 2, 17, 1, 0, 0, 0, 37, 0, 1, 3, 0, 0, 4, 0, 32]


# --- statistics ----------------------------------------------------------------------

def test_tally_agrees_with_evaluate(rules):
    boards = [module_board(rules, random.Random(k)) for k in range(400)]
    tally = tally_boards(rules, [list(b) for b in boards])
    evs = [evaluate(b, rules) for b in boards]
    assert tally.boards == 400
    for hole in range(1, 8):
        assert tally.solves[hole] == sum(hole in ev.answer for ev in evs)
    assert tally.disagree == sum(bool(ev.disagreements) for ev in evs)
    assert sum(tally.best.values()) == 400 and max(tally.best) == max(ev.maximum for ev in evs)
    assert tally.difficulty == Counter(measure(b, rules).difficulty for b in boards)


def test_stats_do_not_depend_on_jobs(monkeypatch):
    from ktane_congkak.puzzles import stats

    monkeypatch.setattr(stats, "CHUNK", 1_000)  # ten chunks, more than the workers' window, in few boards
    one = collect("module", "jobs", 9_500, jobs=1)
    two = collect("module", "jobs", 9_500, jobs=2)
    assert one == two and one.boards == 9_500


def test_stats_command_prints_figures_and_a_progress_line(capsys):
    code, out, err = run(["stats", "--count", "3000", "--progress", "always", "--seed", "s"], capsys)
    assert code == 0 and "Boards: 3000" in out and "strike rules differ" in out
    assert "\rstats: 3,000 of 3,000 boards (100%)" in err and err.endswith("\r")  # drawn, then erased
    code, out, _ = run(["stats", "--count", "3000", "--seed", "s", "--json"], capsys)
    data = json.loads(out)
    assert data["boards"] == 3000 and sum(data["ties"].values()) == 3000


# --- one rule for a board with its stores: it holds all 98 seeds --------------------

def test_a_full_board_and_its_id_obey_one_rule(capsys):
    """`solve` printed an ID for 16 counts holding 89 seeds that `solve` then refused:
    now both are refused with the same words, and a board of 98 round-trips."""
    short = "1 2 1 7 1 0 0 37 0 1 3 0 0 4 0 32".split()
    code_board, _, err_board = run(["solve", *short], capsys)
    code_id, _, err_id = run(["solve", "c1-1217100-0130040-32-37"], capsys)
    assert code_board == code_id == 2
    assert "holds 89 seeds with its stores, not the 98" in err_board and err_board.count("\n") == 1
    rule = "board holds 89 seeds with its stores, not the 98 of every module board (these holes leave 78 for the two stores): check the counts"
    assert err_board == f"ktane-congkak: solve: {rule}, or give the 14 holes alone\n"
    assert err_id.endswith(f"': {rule}, or give the ID without its stores (c1-1217100-0130040)\n")
    assert run(["solve", "c1-1217100-0130040"], capsys)[0] == 0  # the remedy each names works
    assert run(["solve", *short[:7], *short[8:15]], capsys)[0] == 0
    whole = short[:7] + ["46"] + short[8:]
    code, out, _ = run(["solve", *whole], capsys)
    spelled = out.split()[1]
    assert code == 0 and spelled == "c1-1217100-0130040-32-46"
    code, again, _ = run(["solve", spelled], capsys)
    assert code == 0 and again == out


def test_a_puzzle_file_board_obeys_the_same_rule(tmp_path, capsys):
    path = tmp_path / "short.yaml"
    path.write_text("puzzles:\n  - board: [1, 2, 1, 7, 1, 0, 0, 37, 0, 1, 3, 0, 0, 4, 0, 32]\n")
    code, _, err = run(["print", str(path), "--out", str(tmp_path / "s.pdf")], capsys)
    assert code == 2 and "holds 89 seeds with its stores, not the 98" in err
    # a file's board may be the 14 holes alone, as a board typed anywhere: it is told so
    assert err.endswith("(these holes leave 78 for the two stores): check the counts, or give the 14 holes alone\n")
    path.write_text("puzzles:\n  - board: [1, 2, 1, 7, 1, 0, 0, 0, 1, 3, 0, 0, 4, 0]\n")
    assert run(["print", str(path), "--out", str(tmp_path / "s.pdf")], capsys)[0] == 0


def test_generate_counts_in_words_that_agree(capsys, tmp_path):
    code, out, _ = run(["generate", "--seed", "x"], capsys)
    assert code == 0 and out.splitlines()[0] == "seed x: 1 puzzle from 1 board drawn"
    code, out, _ = run(["generate", "--seed", "x", "--out", str(tmp_path / "one.yaml")], capsys)
    assert code == 0 and out == f"wrote 1 puzzle to {tmp_path / 'one.yaml'} (seed x, 1 board drawn)\n"


def test_stats_says_counts_of_holes_not_hole_numbers(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # the lines whole: tests/cli/test_widths.py checks how they wrap
    code, out, _ = run(["stats", "--count", "400", "--seed", "1"], capsys)
    lines = out.splitlines()
    correct = next(line for line in lines if line.startswith("boards by how many holes are correct: "))
    assert correct.split(": ", 1)[1].startswith("1 hole ") and ", 2 holes " in correct
    assert not any(line.startswith(("correct holes: ", "holes to choose from: ")) for line in lines)
    shares = [float(part.split()[-1].rstrip("%")) for part in correct.split(": ", 1)[1].split(", ")]
    assert abs(sum(shares) - 100) < 0.5


def test_a_puzzle_file_takes_every_board_form_a_player_reads(rules):
    """An entry of an ID alone, 14 hole counts (stores unknown), the two rows, a read-out:
    each is the board a player reads off a bomb; a 14-count board is written back as 14."""
    data = {"puzzles": [
        {"id": "c1-2311040-0401012"},
        {"board": [2, 3, 1, 1, 0, 4, 0, 0, 4, 0, 1, 0, 1, 3]},
        {"board": "1: 02  2: 00  3: 00  4: 01  5: 02  6: 09  7: 02  8: 02  9: 03  10: 09  11: 11  12: 00  "
                  "13: 07  14: 01"},
        {"board": "2311040 0401013 40 38"},
        {"id": "#club-1"},
    ]}
    puzzles = from_data(data, "mine.yaml").puzzles
    assert [p.id for p in puzzles] == ["c1-2311040-0401012", "c1-2311040-0401013", "c1-2001292-239b071",
                                       "c1-2311040-0401013-40-38", "c1-0001292-239b070-29-23"]
    assert [p.stores_known for p in puzzles] == [False, False, False, True, True]
    assert puzzles[0].answer == (1, 2, 4) and puzzles[0].points == (11, 11, 8, 11, 0, 8, 0)
    assert puzzles[4].seed == "#club-1"
    again = parse_yaml(dumps(PuzzleSet(rules, puzzles)), "again")["puzzles"]
    assert again[0]["board"] == [2, 3, 1, 1, 0, 4, 0, 0, 4, 0, 1, 0, 1, 2] and len(again[3]["board"]) == 16
    assert [p.id for p in from_data({"puzzles": again}, "again").puzzles] == [p.id for p in puzzles]
