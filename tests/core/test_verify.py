"""`verify`: answers judged right exactly when they solve, answer sheets graded, bad input refused."""

from __future__ import annotations

import json

import pytest

from ktane_congkak.cli import main
from ktane_congkak.errors import UserError
from ktane_congkak.files import dump_yaml
from ktane_congkak.core.verify import (MISSING, NO_HOLE, RIGHT, WRONG, Puzzle, answers_from_data,
                                  check_answer, grade_sheet, hole_number)

from conftest import load_vectors

VECS = load_vectors()
AUTHOR = VECS[0]  # holes 1, 2, 4 solve; 3 and 6 score the minimum 8, only 3 strikes

@pytest.fixture(autouse=True)
def wide_output(monkeypatch):
    """The words unwrapped: tests/cli/test_widths.py checks how they are fitted to the terminal."""
    monkeypatch.setenv("COLUMNS", "1000")



def board_words(vec) -> list[str]:
    return [str(n) for n in vec["board"]]


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# --- one answer -------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(len(VECS)))
def test_every_vector_hole_judged(index, rules):
    """Every hole the module solves is right, every other hole is wrong, on every vector."""
    vec = VECS[index]
    for hole in range(1, 8):
        check = check_answer(vec["board"], rules, hole)
        assert check.right == (vec["verdicts"][hole - 1] == "solve"), (index, hole)
        assert check.correct == [h + 1 for h, v in enumerate(vec["verdicts"]) if v == "solve"]
        expected = {"empty-strike": "empty"}.get(vec["verdicts"][hole - 1], vec["verdicts"][hole - 1])
        assert check.verdict == expected


@pytest.mark.parametrize("index", range(0, len(VECS), 3))
def test_cli_exit_codes_on_vectors(index, capsys):
    vec = VECS[index]
    for hole in range(1, 8):
        code, out, err = run(["verify", *board_words(vec), "--answer", str(hole)], capsys)
        right = vec["verdicts"][hole - 1] == "solve"
        assert code == (0 if right else 1)
        assert out.startswith("RIGHT" if right else "WRONG")
        assert err == ""


def test_points_and_correct_holes_printed(capsys):
    code, out, _ = run(["verify", *board_words(AUTHOR), "--answer", "3"], capsys)
    assert code == 1
    rows = [line.split() for line in out.splitlines() if line[:4].strip().isdigit()]
    assert [int(r[2]) for r in rows] == AUTHOR["points"]
    assert "Correct: any of holes 1, 2, 4 (11 points each)." in out
    assert "would strike" in out and "hole 3, the lowest hole" in out


def test_rule_decides_whether_a_wrong_hole_strikes(capsys, rules):
    """Hole 6 ties for the minimum but holds 4 seeds: the module lets it go on, the manual strikes it."""
    module = check_answer(AUTHOR["board"], rules, 6, "module")
    manual = check_answer(AUTHOR["board"], rules, 6, "manual")
    assert not module.right and not manual.right
    assert not module.strikes and manual.strikes
    assert "compares seed counts" not in module.why and "4 seeds, not the 1" in module.why
    code, out, _ = run(["verify", *board_words(AUTHOR), "--answer", "6", "--strike-rule", "manual"], capsys)
    assert code == 1
    assert "under the manual's wording it would strike" in out.splitlines()[0]
    assert "Note: the module says continue for hole 6" in out


def test_old_rule_option_still_judges_and_says_its_new_name(capsys):
    """--rule, --strike-rule's name until this release, gives the same verdict and a note."""
    new = run(["verify", *board_words(AUTHOR), "--answer", "6", "--strike-rule", "manual"], capsys)
    code, out, err = run(["verify", *board_words(AUTHOR), "--answer", "6", "--rule", "manual"], capsys)
    assert (code, out) == new[:2]
    assert err == "ktane-congkak: verify: --rule is now --strike-rule; the old name goes in the next release\n"


@pytest.mark.parametrize("argv, message", [
    (["verify", *board_words(AUTHOR), "--answer", "6", "--rul", "manual"], "unrecognized argument '--rul'"),
    (["solve", *board_words(AUTHOR), "--rule", "manual"], "unrecognized argument '--rule'"),
    (["solve", *board_words(AUTHOR), "--rul", "mancala"], "unrecognized argument '--rul'"),
])
def test_no_option_is_guessed_from_a_prefix(argv, message, capsys):
    code, out, err = run(argv, capsys)
    assert (code, out) == (2, "")
    assert message in err and err.count("\n") == 1


def test_same_seed_count_strike_explained(rules):
    """A hole that is not the minimum but holds as many seeds as the minimum hole strikes:
    the second vector's hole 3 (23 points, 2 seeds, as hole 1 with the least, 18)."""
    check = check_answer(VECS[1]["board"], rules, 3)
    assert check.verdict == "strike"
    assert check.sentence() == ("WRONG: hole 3 scores 23, the maximum is 29; under the module it would strike (23 points, "
                                "but it holds 2 seeds, as many as hole 1, the lowest hole with the smallest nonzero "
                                "points (18): the module compares seed counts).")


def test_empty_hole_answer(capsys):
    code, out, _ = run(["verify", *board_words(AUTHOR), "--answer", "5", "--trace"], capsys)
    assert code == 1
    assert "would strike: the hole is empty" in out
    assert "Hole 5 (your answer) is empty: pressing it moves nothing." in out
    assert "Hole 1 (a best hole), 11 points, 4 drops, 1 relay:" in out


def test_trace_follows_answer_and_best_hole(capsys, rules):
    code, out, _ = run(["verify", *board_words(AUTHOR), "--answer", "6", "--trace"], capsys)
    assert code == 1
    assert "Hole 6 (your answer), 8 points, 4 drops, 0 relays:" in out
    assert "Pick up all 4 seeds from your hole 6" in out
    assert "Relay: pick up all 2 seeds from your hole 3" in out  # hole 1's turn relays
    assert "Capture: the last seed in your hole 5" in out


def test_trace_of_right_answer_shows_one_turn(capsys):
    code, out, _ = run(["verify", *board_words(AUTHOR), "--answer", "hole 2", "--trace"], capsys)
    assert code == 0
    assert "Hole 2 (your answer)" in out and "(a best hole)" not in out


def test_json_output(capsys):
    code, out, _ = run(["verify", *board_words(AUTHOR), "--answer", "6", "--json", "--trace"], capsys)
    data = json.loads(out)
    assert code == 1
    assert data["right"] is False and data["verdict"] == "continue" and data["strikes"] is False
    assert data["points"] == AUTHOR["points"] and data["correct"] == [1, 2, 4]
    assert data["other_rule"] == {"rule": "manual", "verdict": "strike"}
    assert data["turns"]["6"]["after"] == AUTHOR["after"][5]
    assert data["turns"]["1"]["after"] == AUTHOR["after"][0]


def test_fourteen_numbers_board(capsys):
    """The 14 visible holes (stores unknown) judge the same as the 16 slots."""
    b = AUTHOR["board"]
    visible = [str(n) for n in b[0:7] + b[8:15]]
    assert run(["verify", *visible, "--answer", "4"], capsys)[0] == 0
    assert run(["verify", ",".join(visible), "--answer", "3"], capsys)[0] == 1


def test_hole_number_forms(rules):
    assert hole_number(3, rules) == 3
    assert hole_number("3", rules) == 3
    assert hole_number("Hole 7", rules) == 7
    for bad in (0, 8, -1, "x", "3 or 5", True, None, [1, 2], 2.5, ""):
        with pytest.raises(UserError, match="names no hole"):
            hole_number(bad, rules)


@pytest.mark.parametrize("argv, message", [
    (["verify", "2 3 1", "--answer", "1"], "board needs 14 numbers"),
    (["verify", "--answer", "1"], "give a BOARD"),
    (["verify", *board_words(AUTHOR)], "give --answer"),
    (["verify", *board_words(AUTHOR), "--answer", "0"], "answer '0' names no hole (your holes are 1 to 7)"),
    (["verify", *board_words(AUTHOR), "--answer", "8"], "names no hole"),
    (["verify", *board_words(AUTHOR), "--answer", "left"], "names no hole"),
    (["verify", *board_words(AUTHOR), "--answer", "1", "--strike-rule", "mine"], "invalid choice"),
    (["verify", "--puzzles", "x.yaml"], "--puzzles and --answers go together"),
    (["verify", "--puzzles", "no-such.yaml", "--answers", "no-such.yaml"], "no-such.yaml: no such file"),
    (["verify", "--puzzle", "c1-bad", "--answer", "1"], "c1-bad"),
    (["verify", *board_words(AUTHOR), "--answer", "1", "--puzzles", "a", "--answers", "b"], "either a BOARD"),
    (["verify", "7 7 7 7 7 7 7 7 7 7 7 7 7 x", "--answer", "1"], "number 14 is 'x'"),
])
def test_bad_input_is_one_line_exit_2(argv, message, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2
    assert out == ""
    assert err.startswith("ktane-congkak") and err.count("\n") == 1
    assert message in err


# --- answer sheets ----------------------------------------------------------------------

SHEET = [VECS[i] for i in range(6)]


def correct(vec) -> list[int]:
    return [h + 1 for h, v in enumerate(vec["verdicts"]) if v == "solve"]


def wrong_hole(vec) -> int:
    return next(h + 1 for h, v in enumerate(vec["verdicts"]) if v != "solve")


@pytest.fixture
def puzzle_set(rules):
    from ktane_congkak.puzzles.sets import PuzzleSet, make_puzzle

    return PuzzleSet(rules, [make_puzzle(vec["board"], rules) for vec in SHEET], "Verify test")


@pytest.fixture
def puzzle_file(tmp_path, puzzle_set):
    from ktane_congkak.puzzles.sets import dumps

    path = tmp_path / "set.yaml"
    path.write_text(dumps(puzzle_set))
    return path


@pytest.fixture
def ids(puzzle_set):
    return [p.id for p in puzzle_set.puzzles]


def write_answers(tmp_path, answers, name="answers.yaml", **extra) -> str:
    path = tmp_path / name
    path.write_text(dump_yaml({**extra, "answers": answers}))
    return str(path)


def test_sheet_with_every_kind_of_mistake(tmp_path, puzzle_file, ids, capsys):
    answers = {
        1: correct(SHEET[0])[0],              # right, by sheet number
        ids[1].upper(): wrong_hole(SHEET[1]),  # wrong, by ID (any case)
        # puzzle 3 missing altogether
        4: None,                              # left blank
        "5": 9,                               # names no hole
        6: "hole %d" % correct(SHEET[5])[-1],  # right, written in words
        7: 1,                                 # no such puzzle number
        "c1-nope": 2,                         # no such ID
    }
    path = write_answers(tmp_path, answers)
    code, out, _ = run(["verify", "--puzzles", str(puzzle_file), "--answers", path], capsys)
    assert code == 1
    lines = out.splitlines()
    rows = [line for line in lines if line.split() and line.split()[0].isdigit()]  # a row, its note under it
    status = {int(line.split()[0]): (line.split()[1], line.split()[2]) for line in rows}
    assert status == {1: (ids[0], "RIGHT"), 2: (ids[1], "WRONG"), 3: (ids[2], "MISSING"),
                      4: (ids[3], "MISSING"), 5: (ids[4], "NO-HOLE"), 6: (ids[5], "RIGHT")}
    assert "  ?  7: ignored" in out and "  ?  c1-nope: ignored" in out and "no puzzle with this number or ID" in out
    assert lines[-1] == "Score: 2/6 (1 wrong, 2 missing, 1 no-hole)"
    second = lines.index(rows[1])  # puzzle 2's row, and its note under it
    assert lines[second].split()[-1] == ",".join(map(str, correct(SHEET[1])))
    assert "WRONG: hole %d scores" % wrong_hole(SHEET[1]) in lines[second + 1]
    assert "answer 9 names no hole (your holes are 1 to 7)" in lines[lines.index(rows[4]) + 1]


def test_sheet_answered_twice_is_bad_input(tmp_path, puzzle_file, ids, capsys):
    path = write_answers(tmp_path, {1: 3, ids[0]: 4})
    code, out, err = run(["verify", "--puzzles", str(puzzle_file), "--answers", path], capsys)
    assert code == 2 and out == "" and "is answered twice" in err


def test_sheet_json(tmp_path, puzzle_file, ids, capsys):
    path = write_answers(tmp_path, {1: correct(SHEET[0])[0], 2: "x"})
    code, out, _ = run(["verify", "--puzzles", str(puzzle_file), "--answers", path, "--json"], capsys)
    data = json.loads(out)
    assert code == 1
    assert (data["score"], data["total"]) == (1, 6)
    by_number = {p["number"]: p for p in data["puzzles"]}
    assert by_number[1]["status"] == RIGHT and by_number[2]["status"] == NO_HOLE
    assert by_number[3]["status"] == MISSING and by_number[3]["correct"] == correct(SHEET[2])
    assert by_number[1]["points"] == SHEET[0]["points"] and by_number[1]["id"] == ids[0]


def test_sheet_all_right_as_list_exits_0(tmp_path, puzzle_file, capsys):
    path = write_answers(tmp_path, [correct(v)[0] for v in SHEET], format="ktane-congkak-answers 1")
    code, out, _ = run(["verify", "--puzzles", str(puzzle_file), "--answers", path], capsys)
    assert code == 0
    assert out.splitlines()[-1] == "Score: 6/6"


def test_sheet_short_list_leaves_the_rest_missing(tmp_path, puzzle_file, capsys):
    path = write_answers(tmp_path, [correct(SHEET[0])[0], wrong_hole(SHEET[1])])
    code, out, _ = run(["verify", "--puzzles", str(puzzle_file), "--answers", path], capsys)
    assert code == 1
    assert out.splitlines()[-1] == "Score: 1/6 (1 wrong, 4 missing)"


@pytest.mark.parametrize("content, message", [
    ("answers: [1, 2, 3, 4, 5, 6, 7]\n", "7 answers for a sheet of 6 puzzles"),
    ("format: something-else 2\nanswers: {}\n", "format 'something-else 2' is not"),
    ("- 1\n- 2\n", "expected a mapping with an 'answers:' key"),
    ("answers: 3\n", "'answers:' must be a mapping"),
    ("answers: [1, 2\n", "not valid YAML"),
])
def test_bad_answers_file(tmp_path, puzzle_file, content, message, capsys):
    path = tmp_path / "answers.yaml"
    path.write_text(content)
    code, out, err = run(["verify", "--puzzles", str(puzzle_file), "--answers", str(path)], capsys)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_grade_sheet_core(rules):
    ids = ["p1", "p2", "p3", "p4", "p5", "p6"]
    puzzles = [Puzzle(pid, tuple(v["board"])) for pid, v in zip(ids, SHEET)]
    answers, unknown = answers_from_data({"answers": {"P1": correct(SHEET[0])[0], 2: 0, "B": 3, 0: 1}}, ids)
    assert unknown == ["B", "0"]
    sheet = grade_sheet(puzzles, answers, rules, "manual", unknown)
    assert [g.status for g in sheet.grades] == [RIGHT, NO_HOLE, MISSING, MISSING, MISSING, MISSING]
    assert sheet.score == 1 and sheet.total == 6 and sheet.unknown == ["B", "0"]
    assert all(g.correct == correct(v) for g, v in zip(sheet.grades, SHEET))
    answers, _ = answers_from_data({"answers": [wrong_hole(SHEET[0])]}, ids)
    assert grade_sheet(puzzles, answers, rules).grades[0].status == WRONG


def test_board_by_puzzle_id(rules, capsys):
    from ktane_congkak.core.ids import descriptive_id

    pid = descriptive_id(AUTHOR["board"], rules)
    assert run(["verify", "--puzzle", pid, "--answer", "4"], capsys)[0] == 0
    code, out, _ = run(["verify", pid, "--answer", "6"], capsys)  # typed where the numbers go
    assert code == 1 and "Correct: any of holes 1, 2, 4" in out


def test_bad_puzzle_file(tmp_path, capsys):
    bad = tmp_path / "set.yaml"
    bad.write_text("format: 1\npuzzles: []\n")
    answers = write_answers(tmp_path, [1])
    code, out, err = run(["verify", "--puzzles", str(bad), "--answers", answers], capsys)
    assert code == 2 and out == "" and "'puzzles' must be a non-empty list" in err
