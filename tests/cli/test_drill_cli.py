"""`ktane-congkak drill` end to end: answers through standard input, the score, the focus, the history."""

from __future__ import annotations

import io
import re
import sys

import pytest
import yaml

from ktane_congkak.cli import main
from ktane_congkak.core.evaluate import evaluate
from ktane_congkak.core.ids import seed_board
from ktane_congkak.drill.session import make_board
from ktane_congkak.puzzles.sets import generate, save

from conftest import modules_loaded, silent_display


@pytest.fixture
def data(tmp_path, monkeypatch):
    """A fresh data folder for the drill history."""
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def drill(capsys, monkeypatch, answers: list, *argv):
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{a}\n" for a in answers)))
    code = main(["drill", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def labels(out: str) -> list[str]:
    return re.findall(r"^Board \d+(?: of \d+)?: (\S+)$", out, flags=re.M)


def answer_of(seed_id: str, rules) -> list[int]:
    return evaluate(seed_board(seed_id[1:], rules), rules).answer


def test_right_answers_score_full_marks_and_are_saved(capsys, monkeypatch, data, rules):
    answers = [answer_of(f"#right-{k}", rules)[-1] for k in (1, 2, 3)]  # fresh history: draws 1, 2, 3
    code, out, err = drill(capsys, monkeypatch, answers, "--seed", "right", "--count", "3")
    assert code == 0 and err == ""
    assert labels(out) == ["#right-1", "#right-2", "#right-3"]
    assert out.count("\nRight (") == 3 and "Wrong" not in out
    assert "Score: 3/3\nMedian time: " in out
    first = seed_board("right-1", rules)
    assert f"Defuser reads: 1: {first[0]:02d}  2: {first[1]:02d}" in out  # read out in the defuser's order
    (session,) = yaml.safe_load((data / "drill.yaml").read_text())["sessions"]
    assert session["boards"] == 3 and session["right"] == 3 and session["source"] == "seed right"


def test_size_without_the_window_is_said_and_the_terminal_drill_goes_on(capsys, monkeypatch, data, rules):
    answer = answer_of("#size-1", rules)[-1]
    code, out, err = drill(capsys, monkeypatch, [answer], "--seed", "size", "--count", "1", "--size", "900x640")
    assert code == 0 and labels(out) == ["#size-1"] and "Score: 1/1" in out
    assert err == "ktane-congkak: drilling in the terminal; --size applies to the window only (add --window)\n"


def test_a_wrong_answer_is_traced_and_its_kind_comes_back(capsys, monkeypatch, data, rules):
    seed = next(s for s in (f"w{k}" for k in range(50)) if make_board(seed_board(f"{s}-1", rules), rules).kinds)
    board = make_board(seed_board(f"{seed}-1", rules), rules)
    wrong = next(h for h in range(1, 8) if h not in board.answer and board.evaluation.seeds[h - 1])
    best = board.answer[0]
    code, out, _ = drill(capsys, monkeypatch, [wrong, "sorry?", 1], "--seed", seed, "--count", "2")
    assert code == 0
    assert "Wrong (" in out and f"hole {wrong} " in out
    assert f"Your press, hole {wrong} ({board.evaluation.points[wrong - 1]} points" in out
    assert f"A best hole, hole {best} ({board.evaluation.maximum} points" in out
    assert "Sorry: 'sorry?' is not a hole" in out
    second = make_board(seed_board(labels(out)[1][1:], rules), rules)
    assert set(second.kinds) & set(board.kinds)  # the drill returns to the kind missed
    right = int(1 in second.answer)
    assert f"Score: {right}/2" in out


def test_count_stops_the_drill_and_early_end_of_input_says_so(capsys, monkeypatch, data):
    code, out, _ = drill(capsys, monkeypatch, [1, 2, 3, 4, 5], "--seed", "stop", "--count", "2")
    assert code == 0 and len(labels(out)) == 2 and re.search(r"^Score: \d/2$", out, flags=re.M)
    code, out, _ = drill(capsys, monkeypatch, [1], "--seed", "stop", "--count", "4")
    assert re.search(r"^Score: \d/1 \(stopped after 1 of 4 boards\)$", out, flags=re.M)
    code, out, _ = drill(capsys, monkeypatch, [1, "quit", 3], "--seed", "stop")
    assert len(labels(out)) == 2 and re.search(r"^Score: \d/1$", out, flags=re.M)
    sessions = yaml.safe_load((data / "drill.yaml").read_text())["sessions"]
    assert [s["boards"] for s in sessions] == [2, 1, 1]


def test_focus_picks_the_kind_of_board(capsys, monkeypatch, data, rules):
    for kind in ("relays", "captures", "disagree", "hard"):
        code, out, _ = drill(capsys, monkeypatch, [1, 1, 1], "--seed", "focus", "--count", "3", "--focus", kind)
        found = [make_board(seed_board(label[1:], rules), rules) for label in labels(out)]
        assert len(found) == 3 and all(kind in b.kinds for b in found), kind
        assert f"Score: {sum(1 in b.answer for b in found)}/3" in out


def test_a_puzzle_file_is_drilled_in_order(capsys, monkeypatch, data, tmp_path, rules):
    puzzle_set = generate(rules, 4, seed="file")
    path = tmp_path / "set.yaml"
    save(puzzle_set, path)
    answers = [p.answer[0] for p in puzzle_set.puzzles]
    code, out, _ = drill(capsys, monkeypatch, answers, "--puzzles", str(path))
    assert code == 0 and labels(out) == [p.id for p in puzzle_set.puzzles]
    assert "Score: 4/4" in out


def test_a_set_counts_its_own_boards(capsys, monkeypatch, data, tmp_path, rules):
    """A set of 4 is "Board k of 4" with or without --count, and a --count above its size is
    the set, not "stopped after 4 of 20"."""
    puzzle_set = generate(rules, 4, seed="file")
    path = tmp_path / "set.yaml"
    save(puzzle_set, path)
    answers = [p.answer[0] for p in puzzle_set.puzzles]
    for extra in ([], ["--count", "20"]):
        code, out, _ = drill(capsys, monkeypatch, answers, "--puzzles", str(path), *extra)
        assert code == 0 and re.findall(r"^Board (\d+ of \d+):", out, flags=re.M) == [f"{k} of 4" for k in range(1, 5)]
        assert "Score: 4/4\n" in out and "stopped" not in out
    code, out, _ = drill(capsys, monkeypatch, answers[:1], "--puzzles", str(path))
    assert "Score: 1/1 (stopped after 1 of 4 boards)" in out


def test_a_damaged_history_is_set_aside_and_the_drill_goes_on(capsys, monkeypatch, data):
    data.mkdir()
    (data / "drill.yaml").write_text("sessions: {{{ not yaml")
    code, out, err = drill(capsys, monkeypatch, [1], "--seed", "damage", "--count", "1")
    assert code == 0 and "Score: " in out
    assert err.count("\n") == 1 and "drill history" in err and "moved aside" in err
    assert len(yaml.safe_load((data / "drill.yaml").read_text())["sessions"]) == 1
    assert [p for p in data.iterdir() if ".damaged-" in p.name]


def test_summary_and_chart(capsys, monkeypatch, data, tmp_path):
    drill(capsys, monkeypatch, [1, 2], "--seed", "chart", "--count", "2", "--keep")  # piped, kept as the expert's
    chart = tmp_path / "progress.svg"
    code, out, _ = drill(capsys, monkeypatch, [], "--summary", "--chart", str(chart))
    assert code == 0 and out.startswith("1 session, 2 boards: ")
    assert chart.read_text().startswith("<svg") and "Drill progress: the last 1 session" in chart.read_text()


def test_answers_piped_in_make_a_scripted_drill_kept_marked_and_out_of_the_summary(capsys, monkeypatch, data):
    drill(capsys, monkeypatch, [1, 2], "--seed", "piped", "--count", "2")
    assert yaml.safe_load((data / "drill.yaml").read_text())["sessions"][0]["scripted"] is True
    assert drill(capsys, monkeypatch, [], "--summary")[1] == "No drill sessions yet.\n"
    drill(capsys, monkeypatch, [1, 2], "--seed", "piped", "--count", "2", "--keep")
    assert drill(capsys, monkeypatch, [], "--summary")[1].startswith("1 session, 2 boards: ")


def test_a_chart_after_drilling_counts_the_session_just_saved(capsys, monkeypatch, data, tmp_path):
    chart = tmp_path / "progress.svg"
    drill(capsys, monkeypatch, [1], "--seed", "first", "--count", "1", "--keep")
    code, out, _ = drill(capsys, monkeypatch, [1, 2], "--seed", "second", "--count", "2", "--chart", str(chart), "--keep")
    assert code == 0 and f"Chart written to {chart}" in out
    assert "Drill progress: the last 2 sessions" in chart.read_text()


@pytest.mark.parametrize("argv, message", [
    (["--count", "0"], "--count: 0 is too small: give at least 1"),
    (["--focus", "easy"], "--focus: invalid choice: 'easy'"),
    (["--puzzles", "nowhere.yaml"], "nowhere.yaml: no such file"),
    (["--puzzles", "x.yaml", "--seed", "s"], "not allowed with argument"),
    (["--commands", "quit"], "--commands drives the window: add --window"),
    (["--summary", "--count", "3"], "--summary shows the history and takes only --chart, not --count"),
    (["--chart", "progress.png"], "the chart is an SVG file: name it FILE.svg"),
    (["--chart", "no/such/folder/p.svg", "--seed", "s"], "no/such/folder does not exist"),
])
def test_bad_options_are_one_line_and_exit_2(capsys, monkeypatch, data, tmp_path, argv, message):
    monkeypatch.chdir(tmp_path)  # whatever the drill might write stays out of the checkout
    code, out, err = drill(capsys, monkeypatch, [1], *argv)
    assert code == 2 and message in err and err.count("\n") == 1
    assert out == ""  # refused before any board is shown


def test_a_chart_that_could_never_be_written_is_refused_before_the_drill(capsys, monkeypatch, data, tmp_path):
    """--chart is checked as --save is (files.check_writable): a folder named like a chart
    is refused before any board, not after the drill."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.svg").mkdir()
    code, out, err = drill(capsys, monkeypatch, [1], "--chart", "p.svg", "--seed", "s")
    assert code == 2 and err == "ktane-congkak: drill: --chart p.svg: is a folder, not a file\n" and out == ""


def test_the_terminal_drill_loads_no_pyglet(tmp_path):
    loaded = modules_loaded(["drill", "--seed", "light", "--count", "1"], "1\n", tmp_path)
    assert "pyglet" not in loaded and "reportlab" not in loaded


def test_no_display_for_the_window_drills_in_the_terminal(tmp_path):
    """drill --window as practice --mode drill: without a display (or one that does not
    answer) the drill runs in the terminal, said in one line."""
    import os
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root), KTANE_CONGKAK_DATA=str(tmp_path))
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    silent = silent_display()
    for display, said in ((None, "No display here: drilling in the terminal.\n"),
                          (silent, f"ktane-congkak: cannot open a window (no display answers at DISPLAY={silent}): "
                                   "drilling in the terminal.\n")):
        if display:
            env["DISPLAY"] = display  # a display that is not there: named, not pyglet's "None"
        done = subprocess.run([sys.executable, "-m", "ktane_congkak", "drill", "--window", "--seed", "club",
                               "--count", "1"], input="7\n", capture_output=True, text=True, env=env, timeout=60)
        assert (done.returncode, done.stderr) == (0, said)
        assert "Board 1 of 1: #club-1" in done.stdout and "Score: 1/1" in done.stdout


def test_ctrl_c_ends_the_drill_and_keeps_the_boards_answered(rules):
    from ktane_congkak.drill.session import Drill, SeedBoards
    from ktane_congkak.drill.terminal import run as run_terminal

    class Interrupted(io.StringIO):
        def readline(self, *args):
            line = super().readline(*args)
            if not line:
                raise KeyboardInterrupt
            return line

    drill_ = Drill(SeedBoards(rules, "ctrl-c"), count=5)
    out = io.StringIO()
    assert run_terminal(drill_, Interrupted("2\n"), out) == 0
    assert len(drill_.answers) == 1 and "Score: " in out.getvalue() and "(stopped after 1 of 5 boards)" in out.getvalue()


def test_an_empty_hole_is_said_to_strike_once(capsys, monkeypatch, data, rules):
    """Pressing an empty hole: it strikes, and why, without saying "empty" twice in the verdict."""
    empty = next(h for h in range(1, 8) if seed_board("club-1", rules)[h - 1] == 0)
    code, out, _ = drill(capsys, monkeypatch, [empty], "--seed", "club", "--count", "1")
    assert code == 0
    assert re.search(rf"^Wrong \(\d+\.\d s\): hole {empty} strikes: the hole is empty\.$", out, flags=re.M)
    assert f"Your press, hole {empty}: empty, nothing to sow." in out


def test_end_of_input_before_any_answer(capsys, monkeypatch, data, rules):
    """Nothing answered: said in words, not "Score: 0/0"; at a prompt, Ctrl-D ends its line first."""
    code, out, _ = drill(capsys, monkeypatch, [], "--seed", "club")
    assert code == 0 and out.endswith("\nNo board answered: nothing to score.\n") and "Score" not in out
    from ktane_congkak.drill.session import Drill, SeedBoards
    from ktane_congkak.drill.terminal import run as run_terminal

    out = io.StringIO()
    run_terminal(Drill(SeedBoards(rules, "club")), io.StringIO(""), out, prompt=True)
    assert out.getvalue().endswith("Hole (1-7)? \nNo board answered: nothing to score.\n")


def practice_drill(capsys, monkeypatch, answers: list, *argv):
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{a}\n" for a in answers)))
    code = main(["practice", "--mode", "drill", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_practice_mode_drill_with_text_is_the_terminal_drill(capsys, monkeypatch, data, rules):
    answers = [answer_of(f"#right-{k}", rules)[-1] for k in (1, 2)]
    code, out, err = practice_drill(capsys, monkeypatch, answers, "--text", "--seed", "right", "--count", "2")
    assert code == 0 and err == ""
    assert labels(out) == ["#right-1", "#right-2"] and "Score: 2/2\n" in out
    (session,) = yaml.safe_load((data / "drill.yaml").read_text())["sessions"]
    assert session["boards"] == 2 and session["right"] == 2 and session["source"] == "seed right"


def test_practice_mode_drill_takes_a_set_and_the_focus(capsys, monkeypatch, data, rules):
    code, out, err = practice_drill(capsys, monkeypatch, [1], "--text", "--set", "hard", "--count", "1",
                                    "--focus", "captures")
    assert code == 0 and len(labels(out)) == 1 and "captures" in out.split("A board of kind")[1].split("\n")[0]


@pytest.mark.parametrize("argv, message", [
    (["--time", "3:00"], "--time: the drill mode does not take it"),
    (["--puzzle", "c1-2311040-0401012-48-31"], "--puzzle: the drill mode does not take it"),
    (["--set", "hard", "--seed", "s"], "give either --puzzles (its boards) or --seed"),
    (["--text", "--commands", "1; quit"], "practice: --text and --commands do not go together"),
])
def test_practice_mode_drill_refuses_the_modules_options(capsys, monkeypatch, data, argv, message):
    code, out, err = practice_drill(capsys, monkeypatch, [1], *argv)
    assert code == 2 and message in err and err.count("\n") == 1 and out == ""


def test_the_drills_options_need_the_drill_mode(capsys, monkeypatch, data):
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["practice", "--text", "--count", "3"]) == 2
    assert "--count is an option of the drill: add --mode drill" in capsys.readouterr().err
