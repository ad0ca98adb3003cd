"""The command line: solve, turn, practice --text, and bad input (one line, exit 2)."""

import json

import pytest

from conftest import cli, load_vectors, run
from ktane_congkak.cli import COMMANDS, main

EXAMPLE = "2 3 1 1 0 4 0 31 0 4 0 1 0 1 2 48"
VISIBLE = "2 3 1 1 0 4 0 0 4 0 1 0 1 2"




def test_solve_json_matches_every_vector(capsys):
    for vec in load_vectors():
        code, out, _ = run(capsys, "solve", "--json", ",".join(map(str, vec["board"])))
        data = json.loads(out)
        assert code == 0
        assert data["board"] == vec["board"] and data["side"] == "you"
        assert data["points"] == vec["points"]
        assert data["verdicts"]["module"] == [v.replace("empty-strike", "empty") for v in vec["verdicts"]]
        assert data["after"] == vec["after"]
        best = max(vec["points"])
        assert data["answer"] == [i + 1 for i, p in enumerate(vec["points"]) if p == best]


def test_solve_table_names_answer_and_disagreement(capsys):
    code, out, _ = run(capsys, "solve", EXAMPLE)
    assert code == 0
    assert "Answer: press any of holes 1, 2 or 4 (11 points each)." in out
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line[:4].strip().isdigit()}
    assert rows["3"][1:4] == ["1", "8", "strike"]
    assert rows["6"][1:5] == ["4", "8", "continue", "strike"]  # the manual's verdict where it differs
    assert "hole 6: module says continue" in out


def test_fourteen_numbers_same_points_stores_reported_as_gains(capsys):
    _, out, _ = run(capsys, "solve", "--json", VISIBLE)
    data = json.loads(out)
    assert data["points"] == [11, 11, 8, 11, 0, 8, 0] and data["stores_known"] is False
    assert data["board"][7] == data["board"][15] == 0
    assert data["after"][0][15] == 1  # what your store gained


def test_side_opponent(capsys):
    vec = load_vectors()[1]
    _, out, _ = run(capsys, "solve", "--json", "--side", "opponent", " ".join(map(str, vec["board"])))
    data = json.loads(out)
    assert data["side"] == "opponent" and data["holes"] == list(range(8, 15))
    assert data["after"] == vec["opponent_after"]
    b = vec["board"]
    points = [sum(after[8:15]) + after[7] - b[7] if after else 0 for after in vec["opponent_after"]]
    assert data["points"] == points
    assert data["answer"] == [h for h, p in zip(range(8, 15), points) if p == max(points)]


def test_json_stream_reports_bad_lines_and_goes_on(capsys, monkeypatch):
    lines = f"{EXAMPLE}\n1 2 3\n{VISIBLE}\n7 7 7 7 7 7 7 7 7 7 7 7 7 x\n"
    code, out, _ = run(capsys, "solve", "--json", "-", stdin=lines, monkeypatch=monkeypatch)
    objs = [json.loads(x) for x in out.splitlines()]
    assert code == 2
    assert objs[0]["answer"] == [1, 2, 4] and objs[2]["answer"] == [1, 2, 4]
    assert objs[1]["line"] == 2 and "got 3" in objs[1]["error"]
    assert objs[3]["line"] == 4 and "'x'" in objs[3]["error"]


def test_turn_in_words_and_json(capsys):
    code, out, _ = run(capsys, "turn", EXAMPLE, "--position", "1")
    assert code == 0
    assert "Pick up all 2 seeds from your hole 1" in out
    assert "Relay: pick up all 2 seeds from your hole 3" in out
    assert "Capture: the last seed in your hole 5 goes to the store; position 10, opposite, is empty" in " ".join(out.split())
    assert "After:  0 4 0 2 0 4 0 | 31 | 0 4 0 1 0 1 2 | 49" in out
    _, out, _ = run(capsys, "turn", EXAMPLE, "-p", "9", "--json")
    data = json.loads(out)
    assert data["player"] == "opponent" and data["after"] == load_vectors()[0]["opponent_after"][1]
    assert data["drops"] == sum(s[2] for s in data["steps"] if s[0] == "pickup")


def test_turn_json_has_one_numbering_slots_that_index_board_and_after(capsys):
    """It mixed 1-based positions ("position": 7) with 0-based slots ("last": 15, steps):
    now every place is a slot, an index into "board" and "after", replayable as given."""
    for position in (2, 6, 9, 14):
        code, out, _ = run(capsys, "turn", "2 3 1 1 0 4 0 31 0 4 0 1 0 1 2 48", "-p", str(position), "--json")
        data = json.loads(out)
        assert code == 0 and "position" not in data and "last" not in data
        assert data["slot"] == (position - 1 if position <= 7 else position)
        assert data["steps"][0] == ["pickup", data["slot"], data["board"][data["slot"]]]
        board = list(data["board"])
        for step in data["steps"]:
            if step[0] == "pickup":
                board[step[1]] = 0
            elif step[0] == "drop":
                board[step[1]] += 1
                assert board[step[1]] == step[2]
        end = data["steps"][-1]
        assert end[0] == "end" and end[2] == data["last_slot"]
        if end[1] != "capture":
            assert board == data["after"]


def test_practice_text_is_scriptable():
    board_cmds = "highlight 1\nhole 9\nbogus\nanswer\nquit\n"
    result = cli("practice", "--text", "--seed", "7", stdin=board_cmds)
    assert result.returncode == 0
    out = result.stdout
    assert "Position 1: the screen shows " in out and "is the opponent's hole" in out and 'Invalid command "bogus"' in out
    assert "Solving holes:" in out and out.rstrip().endswith("bye")


def test_practice_text_solving_by_the_answer():
    from ktane_congkak.core.module import CongkakModule

    answer = CongkakModule(seed="s").evaluation.answer[0]
    result = cli("practice", "--text", "--seed", "s", stdin=f"hole {answer}\nhighlight 1\nlog\n")
    assert f"Hole {answer}: Solved! \"new\" for a new board" in result.stdout
    assert "the screen shows GG" in result.stdout
    assert f"[Congkak #1] You selected the correct hole (Hole #{answer}), which returns the maximum of" in result.stdout


def test_no_subcommand_without_display_falls_back_to_the_terminal():
    result = cli(stdin="quit\n")
    assert result.returncode == 0 and "terminal" in result.stderr and "bye" in result.stdout


@pytest.mark.parametrize("platform, display, expected", [
    ("win32", None, True), ("darwin", None, True), ("linux", None, False), ("linux", ":0", True)])
def test_the_window_is_chosen_where_a_screen_is(monkeypatch, platform, display, expected):
    # Windows and macOS have no DISPLAY variable, and always a screen: there the window is the default.
    from ktane_congkak.cli.common import window_available

    for name in ("DISPLAY", "WAYLAND_DISPLAY", "PYGLET_HEADLESS"):
        monkeypatch.delenv(name, raising=False)
    if display:
        monkeypatch.setenv("DISPLAY", display)
    monkeypatch.setattr("sys.platform", platform)
    assert window_available() is expected


@pytest.mark.parametrize("argv, message", [
    (["solve", "1", "2", "3"], "board needs 14 numbers"),
    (["solve", "7,7,7,7,7,7,7,7,7,7,7,7,7,-1"], "negative"),
    (["solve", "50 50 0 0 0 0 0 0 0 0 0 0 0 0"], "more than the 98"),
    (["solve", "7 7 7 7 7 7 7 7 7 7 7 7 7 seven"], "not a whole number"),
    (["solve", "--side", "both", EXAMPLE], "invalid choice"),
    (["solve", "--rules", "nope", EXAMPLE], "no ruleset 'nope'"),
    (["turn", EXAMPLE, "--position", "15"], "position 15 is out of range"),
    (["turn", EXAMPLE, "--position", "5"], "is empty"),
    (["turn", EXAMPLE, "--position", "x"], "position 'x' is not a whole number"),
    (["turn", EXAMPLE, "--position", "\u0663"], "is not a whole number"),  # an Arabic-Indic 3, which int() takes
    (["turn", EXAMPLE, "--position", "1_0"], "is not a whole number"),
    (["solve", "-"], "needs --json"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_input_is_one_line_and_exit_2(argv, message):
    result = cli(*argv)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in result.stderr


def test_ids_read_back_everywhere(capsys, monkeypatch):
    _, out, _ = run(capsys, "verify", "--json", VISIBLE, "--answer", "1")
    given = json.loads(out)["id"]
    assert given == "c1-2311040-0401012"  # stores unknown: no store part
    code, out, _ = run(capsys, "solve", "--json", "-", stdin=f"{given}\n#club-3\n", monkeypatch=monkeypatch)
    first, second = (json.loads(x) for x in out.splitlines())
    assert code == 0 and first["points"] == [11, 11, 8, 11, 0, 8, 0] and second["id"].startswith("c1-")


def test_big_custom_boards_have_ids(tmp_path, capsys):
    big = tmp_path / "big.yaml"
    big.write_text("name: big\nholes_per_side: 9\nseeds_per_hole: 12\n")
    board = "150 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 66"
    _, out, _ = run(capsys, "solve", "--json", "--rules", str(big), board)
    data = json.loads(out)
    assert "zz150" in data["id"]
    _, again, _ = run(capsys, "solve", "--json", "--rules", str(big), data["id"])
    assert json.loads(again)["board"] == data["board"]


def test_board_key_follows_the_ruleset(capsys):
    _, out, _ = run(capsys, "solve", "--rules", "traditional", "7 " * 14)
    assert "(your holes 1-7 | your store | positions 8-14 | opponent's store)" in out
    _, out, _ = run(capsys, "solve", "7 " * 14)
    assert "(your holes 1-7 | opponent's store | positions 8-14 | your store)" in out


def test_stats_reads_a_ruleset_file(tmp_path, capsys):
    small = tmp_path / "small.yaml"
    small.write_text("name: module\nholes_per_side: 5\nseeds_per_hole: 5\n")  # a misleading name
    code, out, _ = run(capsys, "stats", "--count", "200", "--rules", str(small), "--json", "--progress", "never")
    data = json.loads(out)
    assert code == 0 and data["boards"] == 200
    assert max(int(k) for k in data["best"]) <= 50 and set(data["solves"]) <= {"1", "2", "3", "4", "5"}


def test_verify_with_nothing_to_verify_says_the_three_ways(capsys):
    code, out, err = run(capsys, "verify")
    assert code == 2 and out == ""
    assert err == ("ktane-congkak: verify: give a BOARD with --answer N, --puzzles SET with --answers FILE, "
                   "or --log FILE\n")
    code, _, err = run(capsys, "verify", VISIBLE)  # a board without its answer
    assert code == 2 and err == "ktane-congkak: verify: give --answer N (the hole you would press, 1-7)\n"


@pytest.mark.parametrize("argv, suggestion", [
    (["slove", "1"], "; did you mean solve?"),
    (["pritn", "x.yaml"], "; did you mean print?"),
    (["drill", "--focus", "relay"], "; did you mean relays?"),
    (["solve", "--side", "oponent", EXAMPLE], "; did you mean opponent?"),
])
def test_a_mistyped_command_or_choice_gets_did_you_mean(capsys, argv, suggestion):
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and err.rstrip().endswith(suggestion)


def test_no_suggestion_when_nothing_is_close(capsys):
    code, _, err = run(capsys, "frobnicate")
    assert code == 2 and "did you mean" not in err


def test_a_number_out_of_range_is_said_as_such_not_as_no_whole_number(capsys):
    """"0 is not a whole number of at least 1": 0 is a whole number; its size is wrong."""
    code, _, err = run(capsys, "drill", "--count", "0")
    assert code == 2 and err.rstrip().endswith("argument --count: 0 is too small: give at least 1")
    code, _, err = run(capsys, "game", "--depth", "13")
    assert code == 2 and err.rstrip().endswith("argument --depth: 13 is not from 1 to 12")


@pytest.mark.parametrize("command", [None, *(name.rstrip("_") for name in COMMANDS)])
def test_every_help_stands_alone_without_the_docs_folder(capsys, command):
    """An installed copy has no docs/ folder: a help text names a guide by the command that
    prints it (`ktane-congkak manual TOPIC`), never by its path in a clone."""
    with pytest.raises(SystemExit) as done:
        main([command, "--help"] if command else ["--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0 and "usage: ktane-congkak" in out
    assert "docs/" not in out and ".md" not in out
