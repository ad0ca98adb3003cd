"""One way everywhere: the same option, the same source of puzzles and the same form of
error in every command; names a player types (sets in any case, did-you-mean)."""

import pytest

from conftest import run


def test_argparse_errors_have_our_form(capsys):
    code, out, err = run(capsys, "print", "starter")
    assert (code, out) == (2, "")
    assert err == "ktane-congkak: print: the following arguments are required: --out/-o\n"
    code, _, err = run(capsys, "practice", "--speed", "3")
    assert code == 2 and err.startswith("ktane-congkak: practice: argument --speed: ")


def test_root_help_says_no_command_opens_practice(capsys):
    with pytest.raises(SystemExit):
        run(capsys, "--help")
    out = " ".join(capsys.readouterr().out.split())
    assert "With no COMMAND it opens practice" in out


@pytest.mark.parametrize("option", ["--set", "--puzzles"])
def test_drill_takes_set_as_practice_does(option, capsys, monkeypatch):
    code, out, _ = run(capsys, "drill", option, "hard", "--count", "1", stdin="1\n", monkeypatch=monkeypatch)
    assert code == 0
    assert out.startswith("Board 1 of 1: c1-")


def test_drill_and_verify_take_a_puzzle_id_for_puzzles(capsys, monkeypatch, tmp_path):
    puzzle = "c1-2311040-0401012"
    code, out, _ = run(capsys, "drill", "--puzzles", puzzle, stdin="1\n", monkeypatch=monkeypatch)
    assert code == 0 and out.startswith(f"Board 1 of 1: {puzzle}") and "Right" in out
    answers = tmp_path / "answers.yaml"
    answers.write_text(f"answers:\n  {puzzle}: 6\n")
    code, out, _ = run(capsys, "verify", "--puzzles", puzzle, "--answers", str(answers))
    assert code == 1 and "0/1" in out


@pytest.mark.parametrize("argv", [["print", "Hard", "--out", "{tmp}/h.pdf"], ["sets"]])
def test_set_names_take_any_case(argv, capsys, tmp_path):
    code, out, err = run(capsys, *[a.format(tmp=tmp_path) for a in argv])
    assert code == 0, err


@pytest.mark.parametrize("argv, said", [
    (["practice", "--text", "--puzzles", "hrad"], "hrad: not a curated set, a puzzle file, a puzzle ID or a board "
                                                  "(the sets: hard, starter, strike-rules; IDs start with c1- or #); "
                                                  "did you mean hard?"),
    (["drill", "--set", "startr"], "did you mean starter?"),
    (["verify", "--puzzles", "Strike-rule", "--answers", "a.yaml"], "did you mean strike-rules?"),
])
def test_a_mistyped_set_gets_did_you_mean(argv, said, capsys):
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert said in err


def test_manual_topics_in_any_case_with_did_you_mean(capsys):
    code, out, _ = run(capsys, "manual", "Drill")
    assert code == 0 and "drill" in out.lower()
    code, out, err = run(capsys, "manual", "drll")
    assert (code, out) == (2, "") and err.rstrip().endswith("; did you mean drill?")


def test_solve_takes_the_drill_read_out_and_bare_rows(capsys):
    said = "1: 02  2: 03  3: 01  4: 01  5: 00  6: 04  7: 00  8: 00  9: 04  10: 00  11: 01  12: 00  13: 01  14: 02"
    for board in (said, "2311040 0401012"):
        code, out, _ = run(capsys, "solve", board)
        assert code == 0 and out.startswith("Puzzle: c1-2311040-0401012\n")
    code, out, _ = run(capsys, "solve", "2311040", "0401012")
    assert code == 0 and "Answer: press any of holes 1, 2 or 4" in out
