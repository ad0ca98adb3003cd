"""One way everywhere: the same option, the same source of puzzles and the same form of
error in every command; names a player types (sets in any case, did-you-mean)."""

import pytest

from conftest import run


def test_argparse_errors_have_our_form(capsys):
    code, out, err = run(capsys, "print", "starter", "--layout")
    assert (code, out) == (2, "")
    assert err == "ktane-congkak: print: argument --layout: expected one argument\n"
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


@pytest.mark.parametrize("argv, line", [
    (["game", "--levle", "hard"], "ktane-congkak: game: unrecognized argument '--levle' (and 1 more); "
                                  "did you mean --level?"),
    (["solve", "--jsn"], "ktane-congkak: solve: unrecognized argument '--jsn'; did you mean --json?"),
    (["match", "--players", "exprt,easy"], "ktane-congkak: match: --players: 'exprt' is not a player (the players: "
                                           "easy, medium, hard, expert, random, greedy, search); did you mean expert?"),
    (["solve", "1", "2", "3"], "ktane-congkak: solve: board needs 14 numbers (the holes) or 16 (every slot), got 3"),
    (["practice", "--text", "--commands", "quit"], "ktane-congkak: practice: --text and --commands do not go "
                                                   "together: --commands scripts the window, --text plays in the "
                                                   "terminal; for the terminal, pipe the commands in: "
                                                   "echo \"hole 3\" | ktane-congkak practice --text"),
    (["game", "--text", "--commands", "quit"], "ktane-congkak: game: --text and --commands do not go together"),
    (["practice", "--mode", "drill", "--text", "--commands", "1"], "ktane-congkak: practice: --text and --commands "
                                                                   "do not go together"),
])
def test_every_error_line_names_its_command_and_what_to_type(capsys, argv, line):
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "") and err.startswith(line) and err.count("\n") == 1


@pytest.mark.parametrize("alias, command", [("practise", "practice"), ("analyze", "analyse")])
def test_a_commands_other_spelling_is_the_command(capsys, alias, command):
    with pytest.raises(SystemExit):
        run(capsys, alias, "--help")
    assert capsys.readouterr().out.startswith(f"usage: ktane-congkak {command} ")


@pytest.mark.parametrize("argv, usage", [(["help"], "usage: ktane-congkak [-h]"),
                                         (["help", "solve"], "usage: ktane-congkak solve "),
                                         (["help", "analyze"], "usage: ktane-congkak analyse ")])
def test_help_is_the_help(capsys, argv, usage):
    with pytest.raises(SystemExit) as ended:
        run(capsys, *argv)
    assert ended.value.code == 0 and capsys.readouterr().out.startswith(usage)
