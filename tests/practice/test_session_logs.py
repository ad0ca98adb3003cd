"""The saved practice logs: each session's module log beside the history, read back by `verify --log`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ktane_congkak.cli import main
from ktane_congkak.core.module import CongkakModule
from ktane_congkak.files import read_yaml
from ktane_congkak.practice.history import last_log_path, load_history, save_history, summary_lines
from ktane_congkak.practice.session import PracticeSession
from ktane_congkak.practice.session_logs import KEEP_LOGS, bounded_lines, log_text, logs_folder

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def wide_output(monkeypatch):
    """verify's report unwrapped (tests/cli/test_widths.py checks how it fits the terminal)."""
    monkeypatch.setenv("COLUMNS", "1000")


def cli(data: Path, *argv, stdin=""):
    env = dict(os.environ, PYTHONPATH=str(ROOT), KTANE_CONGKAK_DATA=str(data))
    env.pop("DISPLAY", None)
    return subprocess.run([sys.executable, "-m", "ktane_congkak", *argv], input=stdin, capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=60)


def scripted_presses():
    """A seed and presses on its boards: an empty hole, a wrong one, then the next board's
    answer; and the module after them (the practice run plays the same boards and replies)."""
    for number in range(100):
        seed = f"histlog-{number}"
        module = CongkakModule(seed=seed)
        verdicts = module.evaluation.module
        empty = [h for h in range(1, 8) if verdicts[h - 1] == "empty"]
        wrong = [h for h in range(1, 8) if verdicts[h - 1] == "strike"]
        if empty and wrong:
            presses = [empty[0], wrong[0]]
            for hole in presses:
                module.press(hole)
            presses.append(module.evaluation.answer[0])
            module.press(presses[-1])
            return seed, presses, module
    raise AssertionError("no seed with an empty and a striking hole")


def ended_session(seed="saved", presses=(1,)) -> PracticeSession:
    session = PracticeSession(CongkakModule(seed=seed), live=False)
    for hole in presses:
        session.run(f"hole {hole}")
    session.end("stopped")
    return session


def test_a_terminal_session_saves_a_log_that_verify_reads_as_a_bombs(tmp_path):
    seed, presses, module = scripted_presses()
    data = tmp_path / "data"
    played = cli(data, "practice", "--text", "--seed", seed, stdin="".join(f"hole {h}\n" for h in presses) + "quit\n")
    assert played.returncode == 0, played.stderr
    (entry,) = read_yaml(data / "history.yaml")["sessions"]
    log = data / "practice-logs" / entry["log"]
    assert log.is_file() and entry["strikes"] == 2
    # the summary says where (the path whole, on the next line when the line would pass 80 columns)
    assert re.search(rf"\nLog saved:( |\n  ){re.escape(str(log))}\n", played.stdout)
    assert cli(data, "practice", "--last-log").stdout == f"{log}\n"

    checked = cli(data, "verify", "--log", str(log))
    assert checked.returncode == 0, checked.stdout
    out = checked.stdout
    assert "Congkak #1: 2 boards, 3 presses, 2 strikes, solved" in out
    assert f"Hole {presses[0]} (line " in out and "WRONG: strike (an empty hole), as logged" in out
    assert f"Hole {presses[1]} (line " in out and "WRONG: strike (the minimum rule), as logged" in out
    assert f"Hole {presses[2]} (line " in out and "RIGHT: solve, as logged" in out
    assert "the engine agrees with everything the modules logged" in out
    # The file holds the module's lines exactly as the module object logged them.
    assert [line for line in log.read_text().splitlines() if line.startswith("[Congkak #1] ")] == module.log
    # Its heading names the module as the game does, by its ID; only the module's lines are read.
    assert log.read_text().splitlines()[0].startswith("ktane-congkak practice session of Congkak (congkakMQEktane1) ")


def test_pruning_keeps_the_newest_logs_and_leaves_other_files_alone(tmp_path):
    history = tmp_path / "history.yaml"
    folder = logs_folder(history)
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    names = []
    for _ in range(KEEP_LOGS + 3):
        session = ended_session()
        session.started = "2026-11-30T10:00:00"  # all in one second: the names still differ, in order
        save_history(session, history)
        names.append(session.log_file.name)
    assert len(set(names)) == len(names)
    kept = sorted(p.name for p in folder.glob("practice-*.log"))
    assert sorted(kept) == sorted(names[-KEEP_LOGS:])
    assert (folder / "notes.txt").read_text() == "mine"
    sessions, warning = load_history(history)
    assert warning is None and len(sessions) == KEEP_LOGS + 3
    assert last_log_path(history).name == names[-1]


def test_a_long_log_keeps_its_latest_whole_boards_within_the_bound(tmp_path, capsys):
    module = CongkakModule(seed="long")
    while len(module.log) < 400:
        wrong = [h for h in range(1, 8) if module.evaluation.module[h - 1] in ("strike", "continue")]
        module.press(wrong[0]) if wrong else module.new_puzzle()
    limit = 3000
    kept, left_out = bounded_lines(module.log, limit)
    assert left_out > 0 and kept == module.log[left_out:]
    assert sum(len(line) + 1 for line in kept) <= limit
    assert "Initial state:" in kept[0]
    previous = module.log[left_out - 1] if left_out else ""
    path = tmp_path / "cut.log"
    path.write_text(log_text(module.log, "heading", limit))
    assert len(path.read_bytes()) <= limit + 200
    code = main(["verify", "--log", str(path)])
    out = capsys.readouterr().out
    assert code == 0 and "the engine agrees with everything the modules logged" in out, out
    assert previous not in path.read_text()


def test_a_missing_or_damaged_log_never_breaks_the_history(tmp_path, capsys):
    history = tmp_path / "history.yaml"
    first, second = ended_session("one"), ended_session("two", (2,))
    save_history(first, history)
    second.started = "2026-11-30T11:00:00"
    save_history(second, history)
    second.log_file.unlink()  # the newest log gone: --last-log falls back to the one still there
    assert last_log_path(history) == first.log_file
    first.log_file.write_bytes(b"\xff\x00 not a log")
    sessions, warning = load_history(history)
    assert warning is None and len(summary_lines(sessions)) == 2
    assert main(["verify", "--log", str(first.log_file)]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    first.log_file.unlink()
    with pytest.raises(Exception, match="no practice log saved yet"):
        last_log_path(history)


def test_a_log_that_cannot_be_written_still_saves_the_session(tmp_path, capsys):
    history = tmp_path / "history.yaml"
    logs_folder(history).write_text("a file where the folder should be")
    session = ended_session()
    save_history(session, history)
    err = capsys.readouterr().err
    assert "could not save the practice log" in err and len(err.strip().splitlines()) == 1
    (entry,) = load_history(history)[0]
    assert "log" not in entry and session.log_file is None
    assert not any("Log saved" in line for line in session.end_lines())


def test_the_end_summary_names_the_log_under_home_as_tilde(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    session = ended_session()
    save_history(session, tmp_path / "data" / "history.yaml")
    assert f"Log saved: ~/data/practice-logs/{session.log_file.name}" in session.end_lines()


@pytest.mark.parametrize("other", [["--text"], ["--seed", "7"], ["--mode", "timed"], ["--count", "3"], ["--mute"],
                                   ["--set", "x.yaml"]])
def test_last_log_refuses_any_other_option_in_one_line(tmp_path, monkeypatch, capsys, other):
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path))
    assert main(["practice", "--last-log", *other]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (f"ktane-congkak: practice: --last-log prints where the last session's log was saved and "
                                 f"takes no other option, not {'--puzzles' if other[0] == '--set' else other[0]}\n")


def test_a_session_with_no_press_is_not_kept_and_gets_no_log(tmp_path):
    """Opened and closed (or left to run out) without a press: nothing for Recent sessions,
    no log; the sessions before it are still shown."""
    history = tmp_path / "history.yaml"
    played = ended_session()
    save_history(played, history)
    untouched = ended_session(presses=())
    untouched.run("highlight 3")  # looking is not pressing
    untouched.run("hole 9")  # refused (the opponent's hole): no press either
    save_history(untouched, history)
    sessions, warning = load_history(history)
    assert warning is None and len(sessions) == 1
    assert untouched.log_file is None and len(list(logs_folder(history).glob("*.log"))) == 1
    assert untouched.history_lines == played.history_lines == summary_lines(sessions, last=4)
