"""Hostile input and conditions, round two (issue 21), tried as a user would: data that was
lost, writes that went where they should not, memory that grew with a script, tracebacks,
and input that was taken when it should have been refused. Helpers from test_hostile."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import need_tool, start, wait_until
from test_hostile import BOARD, ROOT, _env, _limits, cli, refused

from ktane_congkak.files import MAX_FILE_BYTES, WAITING, read_yaml


def popen(tmp_path: Path, *args: str, **options):
    """`ktane-congkak ARGS` started in its own process group, its pipes open."""
    return start([sys.executable, "-m", "ktane_congkak", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                 stderr=subprocess.PIPE, preexec_fn=_limits(), env=_env(tmp_path), cwd=tmp_path, **options)


def history(tmp_path: Path, name: str = "history.yaml") -> list[dict]:
    path = tmp_path / "data" / name
    return read_yaml(path)["sessions"] if path.exists() else []


# --- data loss -------------------------------------------------------------------------------

def test_ten_sessions_ending_at_once_keep_ten_logs(tmp_path):
    # Session k asks for k new boards, so its log holds k + 1 boards: each entry must name its own log.
    # Each presses its first board's empty hole 1 (a strike: the same board), as a session with
    # no press is not kept.
    procs = [popen(tmp_path, "practice", "--text", "--seed", str(k), "--puzzle", "c1-0777777-7777777")
             for k in range(10)]
    for k, proc in enumerate(procs):
        proc.stdin.write(b"hole 1\n" + b"new\n" * k)
        proc.stdin.flush()
    for proc in procs:  # all end at once
        proc.stdin.write(b"quit\n")
        proc.stdin.flush()
    waiting = f"ktane-congkak: {WAITING}...\n".encode()  # said after a second in the queue: a loaded machine's
    for proc in procs:
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0 and err in (b"", waiting), err
    sessions = history(tmp_path)
    assert sorted(s["boards"] for s in sessions) == list(range(1, 11))
    names = [s["log"] for s in sessions]
    assert len(set(names)) == 10
    for s in sessions:
        log = (tmp_path / "data" / "practice-logs" / s["log"]).read_text()
        assert log.count("Initial state:") == s["boards"], (s, log[:300])


@pytest.mark.parametrize("command", ["generate", "game", "print"])
def test_an_output_that_is_an_input_is_refused(command, tmp_path):
    rules = tmp_path / "r.yaml"
    rules.write_text((ROOT / "ktane_congkak" / "core" / "rulesets" / "congkak.yaml").read_text())
    before = rules.read_bytes()
    if command == "generate":
        args = ["generate", "--rules", "r.yaml", "--out", "r.yaml", "-n", "2"]
    elif command == "game":
        args = ["game", "--text", "--rules", "r.yaml", "--save", "./r.yaml"]
    else:
        assert cli(tmp_path, "generate", "-n", "2", "--seed", "s", "--out", "set.svg").returncode == 0
        before, rules = (tmp_path / "set.svg").read_bytes(), tmp_path / "set.svg"
        args = ["print", "set.svg", "--out", "set.svg"]
    refused(cli(tmp_path, *args, stdin=b"3\nquit\n"), "itself")
    assert rules.read_bytes() == before


def _history_text(count: int, log: str = "") -> str:
    entry = ("- {started: '2026-11-30T10:00:00', mode: zen, result: stopped, seconds: 12, strikes: 0, boards: 1, "
             f"solves: 0{log}}}\n")
    return "sessions:\n" + entry * count


def test_the_history_never_outgrows_what_it_reads(tmp_path):
    from ktane_congkak.practice.history import KEEP_SESSIONS, save_session

    path = tmp_path / "history.yaml"
    path.write_text(_history_text(KEEP_SESSIONS))
    assert save_session({"mode": "zen", "result": "solved", "seconds": 3}, path) is None
    kept = read_yaml(path)["sessions"]
    archives = list(tmp_path.glob("history-until-*.yaml"))
    assert len(archives) == 1 and len(kept) == KEEP_SESSIONS // 2 + 0 and kept[-1]["result"] == "solved"
    assert len(read_yaml(archives[0])["sessions"]) + len(kept) == KEEP_SESSIONS + 1  # nothing lost
    assert path.stat().st_size < MAX_FILE_BYTES / 2


def test_a_history_an_earlier_version_let_grow_is_read_not_set_aside(tmp_path):
    from ktane_congkak.practice.history import load_history, save_session

    path = tmp_path / "history.yaml"
    path.write_text(_history_text(30_000, log=", log: practice-20261130-100000.log"))
    assert path.stat().st_size > MAX_FILE_BYTES
    assert save_session({"mode": "zen", "result": "solved", "seconds": 3}, path) is None
    assert not list(tmp_path.glob("*.damaged-*"))
    sessions, warning = load_history(path)
    assert warning is None and sessions[-1]["result"] == "solved"
    # The archive's entries, one "- " line each, counted (parsing 25,000 of them would take
    # seconds; an archive read back whole: test_the_history_never_outgrows_what_it_reads).
    archived = sum(p.read_text().count("\n- ") for p in tmp_path.glob("history-until-*.yaml"))
    assert archived + len(sessions) == 30_001


def test_a_later_versions_keys_survive_a_save(tmp_path):
    from ktane_congkak.practice.history import save_session

    path = tmp_path / "history.yaml"
    path.write_text("format: 2\nsettings: {sound: false, colours: [1, 2]}\n" + _history_text(2))
    assert save_session({"mode": "zen", "result": "solved", "seconds": 3}, path) is None
    data = read_yaml(path)
    assert data["format"] == 2 and data["settings"] == {"sound": False, "colours": [1, 2]}
    assert len(data["sessions"]) == 3


def test_damaged_entries_set_aside_keep_the_other_keys(tmp_path):
    from ktane_congkak.practice.history import load_history

    path = tmp_path / "history.yaml"
    path.write_text("settings: {sound: false}\n" + _history_text(2) + "- {mode: zen, seconds: abc}\n")
    sessions, warning = load_history(path)
    assert len(sessions) == 2 and "damaged" in warning
    assert read_yaml(path)["settings"] == {"sound": False}


def _wait_for(proc, text: bytes, seconds: float = 60, times: int = 1) -> bytes:
    """Read the process's output until `text` has appeared `times` times (`seconds`: a
    stuck process fails the test rather than hanging it; a busy machine stays well within)."""
    seen, end = b"", time.monotonic() + seconds
    os.set_blocking(proc.stdout.fileno(), False)
    while seen.count(text) < times:
        assert time.monotonic() < end and proc.poll() is None, (seen[-500:], proc.stderr.read())
        seen += proc.stdout.read() or b""
        time.sleep(0.05)
    return seen


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_keeps_the_practice_session_and_its_log(sig, tmp_path):
    proc = popen(tmp_path, "practice", "--text", "--seed", "1")
    proc.stdin.write(b"hole 4\n")  # no strike: the game goes on, to a second board
    proc.stdin.flush()
    _wait_for(proc, b"opponent's store:", times=2)  # the second board is shown
    proc.send_signal(sig)
    proc.wait(timeout=60)
    err = proc.stderr.read().decode()
    assert proc.returncode == 128 + sig and "Traceback" not in err, err
    [entry] = history(tmp_path)
    assert entry["result"] == "stopped" and entry["boards"] == 2
    assert (tmp_path / "data" / "practice-logs" / entry["log"]).is_file()


# `ktane-congkak practice` that says "running" once pyglet's loop has drawn its first frame.
RUNNING_WINDOW = ("import sys, pyglet\n"
                  "from ktane_congkak.cli import main\n"
                  "from ktane_congkak.practice.window import PracticeWindow\n"
                  "started = PracticeWindow.started\n"
                  "def said_running(view):\n"
                  "    started(view)\n"
                  "    pyglet.clock.schedule_once(lambda dt: print('running', flush=True), 0)\n"
                  "PracticeWindow.started = said_running\n"
                  "sys.exit(main(sys.argv[1:]))\n")


def test_sigterm_keeps_the_practice_windows_session(tmp_path):
    from conftest import need_display

    need_display()
    proc = start([sys.executable, "-c", RUNNING_WINDOW, "practice", "--seed", "1", "--commands", "hole 5"],
                 stdin=subprocess.PIPE,
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=_limits(), env=_env(tmp_path), cwd=tmp_path)
    _wait_for(proc, b"running", 120)  # the window is up and pyglet's loop runs
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=60)
    err = proc.stderr.read().decode()
    assert proc.returncode == 128 + signal.SIGTERM and "Traceback" not in err, err[-2000:]
    [entry] = history(tmp_path)
    assert entry["result"] == "stopped" and (tmp_path / "data" / "practice-logs" / entry["log"]).is_file()


def test_a_signal_keeps_the_drills_boards(tmp_path):
    proc = popen(tmp_path, "drill", "--seed", "x")
    _wait_for(proc, b"Board 1")
    proc.stdin.write(b"3\n")
    proc.stdin.flush()
    _wait_for(proc, b"Board 2")
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=60)
    assert "Traceback" not in proc.stderr.read().decode()
    [entry] = history(tmp_path, "drill.yaml")
    assert entry["boards"] == 1


@pytest.mark.parametrize("command", ["practice", "drill"])
def test_output_piped_into_head_is_an_ordinary_end(command, tmp_path):
    args = "practice --text --seed 1" if command == "practice" else "drill --seed x"
    lines = ("hole 5\n" + "board\n" * 2000 + "quit\n") if command == "practice" else "3\n" * 200
    head = 4  # the drill's fourth line comes after an answer
    if command == "practice":  # head ends with the line answering the press: the press is surely taken
        (tmp_path / "first").mkdir()  # (a session of no press is not kept)
        shown = cli(tmp_path / "first", *args.split(), stdin=b"hole 5\nquit\n").stdout.splitlines()
        head = next(n for n, line in enumerate(shown, 1) if line.startswith("Hole 5"))
    done = subprocess.run(f"{sys.executable} -m ktane_congkak {args} | head -{head}", shell=True,
                          input=lines.encode(), capture_output=True, env=_env(tmp_path), cwd=tmp_path, timeout=60)
    assert done.stderr == b"", done.stderr.decode()[-2000:]  # no "Exception ignored", no traceback
    assert len(done.stdout.splitlines()) == head
    if command == "practice":
        [entry] = history(tmp_path)
        assert (tmp_path / "data" / "practice-logs" / entry["log"]).is_file()
    else:
        assert history(tmp_path, "drill.yaml")[0]["boards"] >= 1


def test_sigterm_to_parallel_stats_stops_its_workers(tmp_path):
    proc = popen(tmp_path, "stats", "--count", "100000000000", "--jobs", "2", "--progress", "never")

    def workers():
        return subprocess.run([need_tool("pgrep", what="counting a process's workers"), "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()

    wait_until(lambda: proc.poll() is not None or workers(), "the workers start")
    started = workers()
    assert proc.poll() is None and started, proc.stderr.read()
    proc.send_signal(signal.SIGTERM)  # the parent only, as `kill PID` does
    proc.wait(timeout=60)

    def alive():
        return [pid for pid in started if Path(f"/proc/{pid}").exists()
                and "Z" not in Path(f"/proc/{pid}/stat").read_text().split()[2]]

    wait_until(lambda: not alive(), "the workers end")
    err = proc.stderr.read().decode()
    assert alive() == [] and "Traceback" not in err and "Error" not in err, (alive(), err[-2000:])
    assert proc.returncode == 128 + signal.SIGTERM


# --- unsafe writes ---------------------------------------------------------------------------

def test_a_read_only_output_is_not_replaced(tmp_path):
    sheet = tmp_path / "sheet.pdf"
    sheet.write_bytes(b"keep me")
    sheet.chmod(0o444)
    refused(cli(tmp_path, "print", "starter", "--out", "sheet.pdf"), "permission denied")
    assert sheet.read_bytes() == b"keep me" and not sheet.stat().st_mode & 0o222


def test_the_manual_never_writes_through_a_symlink_in_its_folder(tmp_path):
    outside, folder = tmp_path / "precious.txt", tmp_path / "manual"
    outside.write_text("keep me\n")
    folder.mkdir()
    (folder / "index.html").symlink_to(outside)
    done = cli(tmp_path, "manual", "--out", "manual", "--no-pdf", timeout=120)
    assert done.returncode == 0, done.stderr
    assert outside.read_text() == "keep me\n"
    assert not (folder / "index.html").is_symlink() and "<html" in (folder / "index.html").read_text().lower()


# --- memory ----------------------------------------------------------------------------------

def _peak_mb(tmp_path: Path, *args: str) -> float:
    """Peak RSS of `ktane-congkak ARGS` alone, in MB: a wrapper process whose only child it is."""
    wrapper = ("import resource, subprocess, sys\n"
               "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
               "assert done.returncode == 0, done.stderr.decode()[-2000:]\n"
               "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)\n")
    done = subprocess.run([sys.executable, "-c", wrapper, sys.executable, "-m", "ktane_congkak", *args],
                          capture_output=True, text=True, env=dict(_env(tmp_path), DISPLAY=os.environ.get("DISPLAY", "")),
                          cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return float(done.stdout)


@pytest.mark.parametrize("command, step", [(["practice"], "wait 0"), (["practice"], "highlight 3"),
                                           (["drill", "--window", "--seed", "x"], "wait 0")])
def test_a_long_window_script_keeps_memory_flat(command, step, tmp_path):
    from conftest import need_display

    need_display()
    # After 300 steps the window has warmed up (its caches filled): then flat.
    short = _peak_mb(tmp_path, *command, "--commands", "; ".join([step] * 300 + ["quit"]))
    long = _peak_mb(tmp_path, *command, "--commands", "; ".join([step] * 1000 + ["quit"]))
    assert long - short < 25, (short, long)  # frames that were never flushed: about 120 MB a thousand


# --- tracebacks ------------------------------------------------------------------------------

NOT_UTF8 = b"\xff\xfeseed"


@pytest.mark.parametrize("args", [
    [b"generate", b"-n", b"2", b"--seed", NOT_UTF8],
    [b"generate", b"-n", b"2", b"--title", NOT_UTF8, b"--out", b"s.yaml"],
    [b"solve", b"--puzzle", b"#" + NOT_UTF8],
    [b"print", b"#" + NOT_UTF8, b"--out", b"s.pdf"],
    [b"print", b"starter", b"--title", NOT_UTF8, b"--out", b"s.pdf"],
    [b"practice", b"--text", b"--seed", NOT_UTF8],
    [b"drill", b"--seed", NOT_UTF8],
    [b"game", b"--text", b"--seed", NOT_UTF8],
    [b"stats", b"-n", b"10", b"--seed", NOT_UTF8],
])
def test_an_argument_that_is_not_utf8_is_one_line(args, tmp_path):
    done = subprocess.run([sys.executable.encode(), b"-m", b"ktane_congkak", *args], input=b"quit\n",
                          capture_output=True, env=_env(tmp_path), cwd=tmp_path, timeout=60)
    done.stderr, done.stdout = done.stderr.decode("utf-8", "replace"), done.stdout.decode("utf-8", "replace")
    refused(done, "not UTF-8", r"\xff\xfe")
    assert not (tmp_path / "s.yaml").exists() and not (tmp_path / "s.pdf").exists()


def _closed_stdin():
    _limits()()
    os.close(0)


@pytest.mark.parametrize("args, code", [
    (["verify", "--log", "-"], 2), (["solve", "--json", "-"], 0), (["practice", "--text"], 0),
    (["drill", "--seed", "x"], 0), (["game", "--text", "--opponent", "greedy"], 0)])
def test_a_closed_standard_input_is_an_empty_one(args, code, tmp_path):
    done = subprocess.run([sys.executable, "-m", "ktane_congkak", *args], stdin=subprocess.DEVNULL,
                          capture_output=True, env=_env(tmp_path), cwd=tmp_path, timeout=60, preexec_fn=_closed_stdin)
    err = done.stderr.decode()
    assert "Traceback" not in err and done.returncode == code, (done.returncode, err[-2000:])


# --- accepted wrongly --------------------------------------------------------------------------

@pytest.mark.parametrize("case", ["answer twice", "two boards", "holes twice", "flow mapping"])
def test_a_key_given_twice_is_refused_with_its_line(case, tmp_path):

    if case == "answer twice":
        assert cli(tmp_path, "generate", "-n", "3", "--seed", "s", "--out", "set.yaml").returncode == 0
        (tmp_path / "a.yaml").write_text("answers:\n  1: 3\n  2: 4\n  1: 5\n")
        args, words = ["verify", "--puzzles", "set.yaml", "--answers", "a.yaml"], ["line 4", "1 given twice"]
    elif case == "two boards":
        assert cli(tmp_path, "generate", "-n", "1", "--seed", "s", "--out", "set.yaml").returncode == 0
        text = (tmp_path / "set.yaml").read_text()
        start = text.index("  board:")
        board_line = text[start:text.index("\n", start) + 1]
        (tmp_path / "set.yaml").write_text(text.replace(board_line, board_line + board_line.replace("[", "[1, ")))
        args, words = ["print", "set.yaml", "--out", "s.pdf"], ["'board' given twice"]
    elif case == "holes twice":
        (tmp_path / "r.yaml").write_text("name: mine\nholes_per_side: 7\nseeds_per_hole: 7\nholes_per_side: 5\n")
        args, words = ["solve", "--rules", "r.yaml", BOARD], ["line 4", "'holes_per_side' given twice (first on line 2)"]
    else:
        (tmp_path / "r.yaml").write_text("{name: mine, holes_per_side: 7, name: other, seeds_per_hole: 7}\n")
        args, words = ["solve", "--rules", "r.yaml", BOARD], ["'name' given twice"]
    refused(cli(tmp_path, *args), *words)


@pytest.mark.parametrize("kind", ["ruleset", "puzzles"])
def test_format_true_is_no_format(kind, tmp_path):
    if kind == "ruleset":
        (tmp_path / "r.yaml").write_text("format: true\nname: mine\nholes_per_side: 7\nseeds_per_hole: 7\n")
        args = ["solve", "--rules", "r.yaml", BOARD]
    else:
        assert cli(tmp_path, "generate", "-n", "1", "--seed", "s", "--out", "set.yaml").returncode == 0
        path = tmp_path / "set.yaml"
        path.write_text(path.read_text().replace("format: 1", "format: true"))
        args = ["print", "set.yaml", "--out", "s.pdf"]
    refused(cli(tmp_path, *args), "format True")


@pytest.mark.parametrize("args", [["practice", "--text", "--time", "١٠"], ["practice", "--text", "--time", "1e3"],
                                  ["game", "--text", "--budget", "３"], ["game", "--text", "--budget", "inf"],
                                  ["match", "--budget", "1_0"], ["practice", "--speed", "２"]])
def test_seconds_are_ascii_digits(args, tmp_path):
    refused(cli(tmp_path, *args, stdin=b"quit\n"), "argument --")


def test_stray_arguments_are_quoted_within_the_limit(tmp_path):
    done = cli(tmp_path, "stats", *(["stray"] * 100_000))
    refused(done, "'stray'", "99999 more")
    long_choice = cli(tmp_path, "practice", "--mode", "z" * 100_000)
    assert len(refused(long_choice, "invalid choice")) < 200


def test_generate_refuses_a_file_it_could_not_read_back(tmp_path):
    refused(cli(tmp_path, "generate", "-n", "2", "--title", "t" * 300, "--out", "s.yaml"), "title", "200")
    refused(cli(tmp_path, "generate", "-n", "2", "--seed", "s" * 250, "--out", "s.yaml"), "seed")
    assert not (tmp_path / "s.yaml").exists()


def test_generate_refuses_a_puzzle_file_past_the_read_limit(tmp_path, monkeypatch, capsys):
    from conftest import run

    from ktane_congkak.puzzles import sets

    # The limit where the writer reads it, cut to 64 KB: 380 puzzles pass it (4 MB took 25,000),
    # though so few might fit (sets.check_fits refuses at once only counts that never fit).
    monkeypatch.setattr(sets, "MAX_FILE_BYTES", 2**16)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "generate", "-n", "380", "--seed", "s", "--out", "s.yaml")
    assert code == 2 and len(err.splitlines()) == 1, err
    assert "380 puzzles make 0.1 MB, more than a puzzle file can be read back with" in err, err
    assert "make at most about" in err and not (tmp_path / "s.yaml").exists()


def test_a_puzzle_file_for_a_rules_file_prints_anywhere(tmp_path):
    rules = (ROOT / "ktane_congkak" / "core" / "rulesets" / "congkak.yaml").read_text()
    (tmp_path / "mine.yaml").write_text(rules.replace("name: congkak", "name: mine", 1))
    assert cli(tmp_path, "generate", "--rules", "mine.yaml", "-n", "2", "--seed", "s", "--out", "set.yaml").returncode == 0
    (tmp_path / "mine.yaml").unlink()  # the set travels without it
    done = cli(tmp_path, "print", "set.yaml", "--out", "s.pdf")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF")



def test_practice_from_holes_alone_holds_98_seeds_and_shows_the_id_given(tmp_path):
    """A module board always holds 98 seeds: practice from an ID without stores puts the seeds
    its holes leave in the stores (the odd one in the opponent's), logs that board, and still
    shows the ID the user gave; the log then agrees, and a state line of 1 seed is refused."""
    done = cli(tmp_path, "practice", "--text", "--puzzle", "c1-1000000-0000000", stdin=b"hole 1\nquit\n")
    assert done.returncode == 0 and "1. c1-1000000-0000000: hole 1 scored 1" in done.stdout, done.stderr
    log = next((tmp_path / "data" / "practice-logs").iterdir())
    state = next(line for line in log.read_text().splitlines() if "Initial state:" in line)
    counts = [int(n) for n in state.split("Initial state:")[1].split()]
    assert counts == [1, 0, 0, 0, 0, 0, 0, 49, 0, 0, 0, 0, 0, 0, 0, 48]  # the opponent's store, then yours
    checked = cli(tmp_path, "verify", "--log", str(log))
    assert checked.returncode == 0 and "DISAGREES" not in checked.stdout, checked.stdout
    (tmp_path / "one.log").write_text(state.split("Initial state:")[0] + "Initial state: 1" + " 0" * 15 + " \n")
    refused(cli(tmp_path, "verify", "--log", "one.log"), "line 1: the state line holds 1 seed, not the 98")


def test_a_scripts_wait_takes_ascii_digits_only():
    from ktane_congkak.errors import UserError
    from ktane_congkak.games.commands import parse_script as game_script
    from ktane_congkak.practice.commands import parse_command
    from ktane_congkak.drill.window import parse_script as drill_script

    practice_script = lambda text: [parse_command(text, extra=("wait", "screenshot"))]  # noqa: E731
    for parse in (practice_script, game_script, lambda text: drill_script(text, 7)):
        assert [(step.name, step.arg) for step in parse("wait 1.5")] == [("wait", 1.5)]
        for word in ("١٠", "３", "1e3", "inf", "1_0"):
            with pytest.raises(UserError, match='"wait" needs a number of seconds'):
                parse(f"wait {word}")


def test_print_refuses_a_title_no_puzzle_file_could_hold(tmp_path):
    refused(cli(tmp_path, "print", "c1-2311040-0401012", "--title", "t" * 300, "--out", "s.pdf"), "--title", "200")
    assert not (tmp_path / "s.pdf").exists()
    done = cli(tmp_path, "print", "c1-2311040-0401012", "--title", "t" * 200, "--out", "s.pdf")
    assert done.returncode == 0 and (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF"), done.stderr
