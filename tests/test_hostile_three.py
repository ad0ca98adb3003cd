"""Hostile input and conditions, round three (issue 29): crafted logs, encodings, closed
outputs, killed workers, control characters, held locks, big histories. Helpers from test_hostile."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from bomblogs import EXAMPLE, board, points_of, solve
from test_hostile import BOARD, ROOT, _env, refused
from ktane_congkak.cli import main
from ktane_congkak.core.logcheck import check_log_lines
from ktane_congkak.core.logtext import report_lines
from ktane_congkak.core.modlog import read_log
from ktane_congkak.errors import UserError


# --- 3. the log reader is linear in everything it reads ----------------------------------------

def phrase_flood(rules, modules: int, phrases: int) -> list[str]:
    """`modules` modules, the first solved, then `phrases` presses on the solved one."""
    points = points_of(EXAMPLE, rules)
    lines = solve(1, points.index(max(points)) + 1, max(points))
    for n in range(1, modules + 1):
        lines = board(n, EXAMPLE, points) + lines if n == 1 else lines + board(n, EXAMPLE, points)
    return lines + ["What are you doing. Stop."] * phrases


def traced_lines(function, *args) -> int:
    """How many lines of Python `function(*args)` runs: a count of work that no load on the machine changes."""
    count = 0

    def tracer(frame, event, arg):
        nonlocal count
        count += event == "line"
        return tracer

    sys.settrace(tracer)
    try:
        function(*args)
    finally:
        sys.settrace(None)
    return count


def test_a_phrase_costs_the_same_however_many_modules_came_before(rules):
    def phrases_cost(modules):
        return (traced_lines(read_log, phrase_flood(rules, modules, 400), rules)
                - traced_lines(read_log, phrase_flood(rules, modules, 0), rules))

    few, many = phrases_cost(3), phrases_cost(300)
    assert many <= few * 1.2, (few, many)  # each phrase re-scanned every module's presses: 100 times more


def test_phrases_are_counted_as_records_and_listed_in_a_bounded_line(rules):
    check = check_log_lines(phrase_flood(rules, 2, 500), rules)
    (first, _) = check.modules
    assert len(first.after_solved) == 500
    line = next(t for t in report_lines(check, rules) if "after it was solved" in t)
    assert "lines 8, 9, 10, 11, 12, 13, 14, 15, 16, 17 and 490 more" in line and len(line) < 200
    with pytest.raises(UserError, match="more than 100 Congkak modules, boards and presses"):
        read_log(phrase_flood(rules, 2, 500), rules, limit=100)


# --- 1. output in an encoding that lacks characters ----------------------------------------

def written(monkeypatch, encoding: str, argv: list[str], stdin: str = "") -> tuple[int, str]:
    """The exit code and what `ktane-congkak ARGV` wrote on a standard output in `encoding`
    with strict errors (what a redirect on Windows gets: cp1252)."""
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding=encoding, errors="strict"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    sys.stdout.flush()
    return code, raw.getvalue().decode(encoding)


@pytest.mark.parametrize("argv, lacking", [
    (["manual", "module-spec"], "\u2192"), (["manual", "games"], "\u00d7"), (["manual", "hostile"], ""),
    (["generate", "--seed", "s\u00e9me"], "\u00e9"), (["drill", "--seed", "s\u00e9me"], "\u00e9")])
def test_characters_an_encoding_lacks_are_replaced(monkeypatch, argv, lacking):
    code, utf8 = written(monkeypatch, "utf-8", argv)
    assert code == 0 and lacking in utf8
    for encoding in ("cp1252", "ascii"):
        code, text = written(monkeypatch, encoding, argv)
        assert (code, text) == (0, utf8.encode(encoding, "replace").decode(encoding))


def test_a_pdf_with_a_name_not_in_the_encoding_is_written_and_said(monkeypatch, tmp_path):
    out = tmp_path / "f\u00fcr-\u4e2d.pdf"
    code, text = written(monkeypatch, "cp1252", ["print", "--worksheet", BOARD, "--out", str(out)])
    assert code == 0 and out.read_bytes().startswith(b"%PDF")
    assert "f\u00fcr-?.pdf" in text


# --- 2. standard output closed or full ------------------------------------------------------

def _run_shell(tmp_path, command: str) -> subprocess.CompletedProcess:
    done = subprocess.run(f"{sys.executable} -m ktane_congkak {command}", shell=True, capture_output=True,
                          env=_env(tmp_path), cwd=tmp_path, timeout=60)
    done.stdout, done.stderr = done.stdout.decode(), done.stderr.decode()
    return done


@pytest.mark.parametrize("command, why", [
    (f"solve --json '{BOARD}' >&-", "it is closed"), (f"solve '{BOARD}' > /dev/full", "no space left"),
    ("generate --count 3 > /dev/full", "no space left")])
def test_a_closed_or_full_standard_output_is_one_line(tmp_path, command, why):
    done = _run_shell(tmp_path, command)
    refused(done, "standard output: cannot write: " + why)
    assert "Exception ignored" not in done.stderr


def test_a_closed_standard_output_in_process_is_one_line(monkeypatch, capsys, tmp_path, rules):
    log = tmp_path / "bomb.log"
    log.write_text("\n".join(phrase_flood(rules, 2, 3)) + "\n")
    monkeypatch.setattr(sys, "stdout", None)
    assert main(["verify", "--log", str(log), "--json"]) == 2
    assert capsys.readouterr().err == "ktane-congkak: verify: standard output: cannot write: it is closed\n"



@pytest.mark.parametrize("argv", [["--version"], ["solve", "--help"]])
def test_help_into_a_closed_standard_output_is_one_line_too(monkeypatch, capsys, argv):
    """argparse drops the error of its own write: the end's flush still finds it."""
    monkeypatch.setattr(sys, "stdout", None)
    with pytest.raises(SystemExit) as ended:
        main(argv)
    assert ended.value.code == 2
    assert capsys.readouterr().err == "ktane-congkak: standard output: cannot write: it is closed\n"


# --- 12. a puzzle file on standard output ---------------------------------------------------

@pytest.mark.parametrize("out", ["/dev/stdout", "-"])
def test_generate_writes_its_file_into_a_pipe(tmp_path, out):
    done = _run_shell(tmp_path, f"generate --count 3 --seed pipe --out {out} | cat > piped.yaml")
    assert done.returncode == 0 and done.stderr == ""
    written = _run_shell(tmp_path, "generate --count 3 --seed pipe --out file.yaml")
    assert written.stdout.startswith("wrote 3 puzzles to file.yaml")
    assert (tmp_path / "piped.yaml").read_bytes() == (tmp_path / "file.yaml").read_bytes()


# --- 5. text from files never drives the terminal -------------------------------------------

ESCAPE = "\x1b[2J\x1b[H\a\x9b"  # clear the screen, cursor home, bell, a C1 command start


def no_control(text: str) -> None:
    """Nothing in `text` a terminal would act on: no control character but newline."""
    assert not [c for c in text if (ord(c) < 32 and c != "\n") or 0x7F <= ord(c) < 0xA0], repr(text[:300])


def test_an_answer_sheet_cannot_clear_the_screen_or_fake_a_score(tmp_path, capsys):
    from ktane_congkak.files import dump_yaml
    from ktane_congkak.puzzles.sets import generate, save
    from ktane_congkak.core.rules import load_ruleset

    save(generate(load_ruleset("module"), 2, "esc"), tmp_path / "set.yaml")
    answers = tmp_path / "answers.yaml"
    answers.write_text(dump_yaml({"answers": {1: f"{ESCAPE}3", f"{ESCAPE}\nScore: 2/2 (all right)": 4}}))
    code = main(["verify", "--puzzles", str(tmp_path / "set.yaml"), "--answers", str(answers)])
    out = capsys.readouterr().out
    no_control(out)
    assert code == 1 and "\\x1b[2J" in out and [line for line in out.splitlines() if line.startswith("Score")] == [
        "Score: 0/2 (1 missing, 1 no-hole)"], out


def test_a_ruleset_file_s_title_and_name_are_escaped(tmp_path, capsys):
    rules = (ROOT / "ktane_congkak" / "core" / "rulesets" / "congkak.yaml").read_text()
    path = tmp_path / "r.yaml"
    escaped = ESCAPE.encode("unicode_escape").decode()
    path.write_text(rules.replace("title: Congkak (single round)", f'title: "{escaped}T\\nFake"'))
    assert main(["rules", str(path)]) == 0
    out = capsys.readouterr().out
    no_control(out)
    assert out.splitlines()[0].startswith("\\x1b[2J\\x1b[H\\x07\\x9bT\\nFake (")


def test_a_log_line_quoted_in_a_note_is_escaped(rules, capsys, tmp_path):
    log = tmp_path / "bomb.log"
    lines = phrase_flood(rules, 1, 0)[:3]  # a board, not solved
    log.write_text("\n".join([*lines, f"If you REALLY are bored, better check THIS out: {ESCAPE} watch?v=o-YBDTqX_ZU"]))
    main(["verify", "--log", str(log)])
    out = capsys.readouterr().out
    no_control(out)
    assert "check THIS out: \\x1b[2J\\x1b[H\\x07\\x9b watch" in out


def test_history_entries_are_escaped(tmp_path):
    from ktane_congkak.practice.history import summary_lines

    [line] = summary_lines([{"started": f"{ESCAPE}2026", "mode": f"zen{ESCAPE}", "result": "\nFAKE", "seconds": 5}])
    no_control(line)
    assert line.startswith("\\x1b[2J\\x1b[H\\x07") and "\\nFAKE" in line


def test_standard_output_escapes_what_any_command_prints(monkeypatch, capsys):
    from ktane_congkak.cli.output import guarded_stdout

    with guarded_stdout():
        print(f"a\tb{ESCAPE}\r\nc")
    assert capsys.readouterr().out == "a\tb\\x1b[2J\\x1b[H\\x07\\x9b\\r\nc\n"


# --- 6. written files are well-formed -------------------------------------------------------

HOSTILE_TITLE = "A\x00\x01\x1b[2J <b>&amp;\" \x9b\ufffe end"


def parsed_svg(path):
    import xml.etree.ElementTree as ElementTree

    return ElementTree.parse(path).getroot()  # raises on anything that is not well-formed XML


def test_an_svg_sheet_is_well_formed_whatever_its_title_holds(tmp_path, capsys):
    from ktane_congkak.files import dump_yaml
    from ktane_congkak.puzzles.sets import generate, to_data
    from ktane_congkak.core.rules import load_ruleset

    data = to_data(generate(load_ruleset("module"), 2, "xml"))
    (tmp_path / "set.yaml").write_text(dump_yaml({**data, "title": HOSTILE_TITLE}))
    assert main(["print", str(tmp_path / "set.yaml"), "--out", str(tmp_path / "sheet.svg")]) == 0
    texts = ["".join(e.itertext()) for path in sorted(tmp_path.glob("sheet*.svg")) for e in parsed_svg(path).iter()
             if e.tag.endswith("title")]
    assert texts and all(t.startswith("A\ufffd\ufffd\ufffd[2J <b>&amp;\" \ufffd\ufffd end") for t in texts), texts


def test_the_drill_chart_is_well_formed_whatever_a_saved_date_holds(tmp_path, monkeypatch, capsys):
    from ktane_congkak.files import dump_yaml

    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    session = {"started": HOSTILE_TITLE, "source": "seed x", "boards": 2, "right": 1, "seconds": 9.0, "median": 4.5}
    (tmp_path / "data" / "drill.yaml").write_text(dump_yaml({"sessions": [session]}))
    assert main(["drill", "--summary", "--chart", str(tmp_path / "chart.svg")]) == 0
    [title] = ["".join(e.itertext()) for e in parsed_svg(tmp_path / "chart.svg").iter() if e.tag.endswith("title")
               and "right" in "".join(e.itertext())]
    assert title == "A\ufffd\ufffd\ufffd[2J <b: 1/2 right"


# --- 7. numbered outputs never overwrite an input -------------------------------------------

def test_a_numbered_page_that_is_an_input_is_refused_before_anything_is_written(tmp_path, capsys):
    from ktane_congkak.puzzles.sets import generate, save
    from ktane_congkak.core.rules import load_ruleset

    save(generate(load_ruleset("module"), 30, "pages"), tmp_path / "p-1.svg")  # a puzzle file, oddly named
    kept = (tmp_path / "p-1.svg").read_bytes()
    code = main(["print", str(tmp_path / "p-1.svg"), "--out", str(tmp_path / "p.svg")])
    assert code == 2 and "p-1.svg is the puzzle file itself" in capsys.readouterr().err
    assert (tmp_path / "p-1.svg").read_bytes() == kept and sorted(p.name for p in tmp_path.iterdir()) == ["p-1.svg"]


# --- 9. a held lock --------------------------------------------------------------------------

def test_a_held_history_lock_is_said_then_given_up_with_the_session_kept_aside(tmp_path, monkeypatch, capsys):
    import filelock
    import yaml

    from ktane_congkak import files
    from ktane_congkak.practice.history import save_session

    monkeypatch.setattr(files, "LOCK_PATIENCE", 0.05)  # the waits, shortened: the lock is held throughout
    monkeypatch.setattr(files, "LOCK_GIVE_UP", 0.2)
    path = tmp_path / "history.yaml"
    save_session({"mode": "zen", "result": "first", "seconds": 1}, path)
    holder = filelock.FileLock(f"{path}.lock")  # another program's lock (a lock of its own open file)
    with holder:
        warning = save_session({"mode": "zen", "result": "second", "seconds": 2}, path)
    assert capsys.readouterr().err == "ktane-congkak: waiting for another ktane-congkak to finish saving...\n"
    assert "held the lock for 0.2 s; gave up waiting; this session is kept in" in warning and "\n" not in warning
    [aside] = tmp_path.glob("history.yaml.unsaved-*.yaml")
    assert str(aside) in warning
    assert [s["result"] for s in yaml.safe_load(aside.read_text())["sessions"]] == ["second"]
    assert [s["result"] for s in yaml.safe_load(path.read_text())["sessions"]] == ["first"]  # untouched
    assert save_session({"mode": "zen", "result": "third", "seconds": 3}, path) is None  # free again: saved


# --- 10. big histories in linear time and bounded memory ------------------------------------

def big_history(entries: int) -> dict:
    return {"sessions": [{"started": f"2026-11-{1 + i % 28:02d}T10:00:{i % 60:02d}", "mode": "zen",
                          "result": "defused", "seconds": 61.5 + i % 7, "strikes": i % 3, "boards": 1 + i % 4,
                          "solves": i % 2, "log": f"2026-11-01-100000-{i}.log"} for i in range(entries)]}


def test_a_big_history_is_read_and_written_in_memory_bounded_by_its_size(tmp_path):
    import tracemalloc

    from ktane_congkak.files import dump_yaml
    from ktane_congkak.practice.history import load_history

    path = tmp_path / "history.yaml"
    path.write_text(dump_yaml(big_history(1500)))  # (yaml loaded by this too, before memory is traced)
    size = path.stat().st_size
    tracemalloc.start()
    try:
        sessions, warning = load_history(path)
        read_peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        text = dump_yaml({"sessions": sessions})
        write_peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert warning is None and sessions == big_history(1500)["sessions"] and text == path.read_text()
    # PyYAML's own loader and dumper (a node per value) took 60 and 40 times the file
    assert read_peak < 10 * size and write_peak < 10 * size, (size, read_peak, write_peak)


def test_a_history_written_an_entry_at_a_time_is_pyyaml_s_own_text():
    import yaml

    from ktane_congkak.files import dump_yaml

    data = {"format": 1, "sessions": [{"a": 1, "b": [1, 2], "c": {"x": "y " * 60}}, "x", [1, [2]]], "other": [], "z": 3}
    assert dump_yaml(data) == yaml.dump(data, Dumper=yaml.SafeDumper, sort_keys=False, allow_unicode=True, width=100)


# --- 11. YAML that means something else -----------------------------------------------------

@pytest.mark.parametrize("title", ["yes", "no", "off"])
def test_a_puzzle_file_s_boolean_title_is_refused(tmp_path, capsys, title):
    from ktane_congkak.puzzles.sets import generate, save
    from ktane_congkak.core.rules import load_ruleset

    save(generate(load_ruleset("module"), 1, "t"), tmp_path / "set.yaml")
    text = (tmp_path / "set.yaml").read_text().replace("format: 1\n", f"format: 1\ntitle: {title}\n")
    (tmp_path / "set.yaml").write_text(text)
    assert main(["verify", "--puzzles", str(tmp_path / "set.yaml"), "--answers", str(tmp_path / "none.yaml")]) == 2
    err = capsys.readouterr().err
    assert "title must be text" in err and "quote the text" in err  # the user typed text, not a truth value


def test_merge_keys_are_refused_in_our_words(tmp_path, capsys):
    rules = (ROOT / "ktane_congkak" / "core" / "rulesets" / "congkak.yaml").read_text()
    (tmp_path / "r.yaml").write_text(rules + "<<: {seeds_per_hole: 3}\n")
    assert main(["rules", str(tmp_path / "r.yaml")]) == 2
    err = capsys.readouterr().err
    assert "merge keys (<<) are not supported" in err and "constructor" not in err and err.count("\n") == 1


@pytest.mark.parametrize("character", ["\x00", "\x1b"])
def test_a_character_yaml_cannot_hold_is_named_with_its_line(tmp_path, capsys, character):
    (tmp_path / "r.yaml").write_text(f"name: \u00e9\u00e9\u00e9\n\ntitle: x{character}\n", encoding="utf-8")
    assert main(["rules", str(tmp_path / "r.yaml")]) == 2
    err = capsys.readouterr().err
    assert err == (f"ktane-congkak: rules: {tmp_path / 'r.yaml'}: line 3: not valid YAML: the character "
                   f"U+{ord(character):04X} cannot be in a YAML file\n")


def test_a_date_where_text_was_wanted_says_yaml_read_it_so(tmp_path, capsys):
    from ktane_congkak.puzzles.sets import check_title
    from ktane_congkak.errors import UserError

    with pytest.raises(UserError, match=r"got 2024-01-01 \(YAML reads it as a date: quote the text\)"):
        check_title(__import__("datetime").date(2024, 1, 1), "set.yaml")


def test_a_drill_session_with_more_right_than_boards_is_damaged(tmp_path, monkeypatch, capsys):
    import yaml

    from ktane_congkak.files import dump_yaml

    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    good = {"started": "2026-11-30T10:00:00", "source": "seed x", "boards": 2, "right": 1, "seconds": 9.0}
    (tmp_path / "data" / "drill.yaml").write_text(dump_yaml({"sessions": [good, {**good, "boards": 1, "right": 3}]}))
    assert main(["drill", "--summary"]) == 0
    out, err = capsys.readouterr()
    assert "1 session, 2 boards: 1/2 right (50%)" in out and "300%" not in out
    assert "entry 2: right is 3, more than its 1 boards" in err
    [aside] = (tmp_path / "data").glob("drill.yaml.damaged-*")
    assert len(yaml.safe_load(aside.read_text())["sessions"]) == 2  # nothing lost: the whole file kept aside


# --- 4. a killed worker never hangs its parent ----------------------------------------------

def square_killing_once(task):
    """task ** 2; a task (n, marker) kills its worker with SIGKILL (as `kill -9` and the
    out-of-memory killer do) the first time, or every time when marker is None."""
    import os
    import signal

    number, marker = task if isinstance(task, tuple) else (task, "")
    if marker is None or (marker and not os.path.exists(marker)):
        if marker:
            open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return number * number


@pytest.mark.parametrize("ordered", [True, False])
def test_a_task_whose_worker_is_killed_is_done_again_by_another(tmp_path, ordered):
    from ktane_congkak.workers import run_in_workers

    tasks = [*range(5), (5, str(tmp_path / "killed-once")), *range(6, 12)]
    results = list(run_in_workers(square_killing_once, tasks, 2, ordered=ordered))
    assert (results if ordered else sorted(results)) == [n * n for n in range(12)]
    assert (tmp_path / "killed-once").exists()  # one worker was killed


def test_a_task_that_loses_two_workers_ends_with_one_line_and_no_worker_left():
    import multiprocessing

    from ktane_congkak.workers import WorkerLost, run_in_workers

    with pytest.raises(WorkerLost, match="killed twice running the same work"):
        list(run_in_workers(square_killing_once, [1, 2, (3, None), 4], 2))
    assert multiprocessing.active_children() == []


def test_a_thinking_child_killed_from_outside_is_searched_again_once(game_window):
    import time

    from ktane_congkak.games import thinking
    from ktane_congkak.games.game import Game

    if not thinking.FORK:
        pytest.skip("the search runs in a thread here: no child to kill")
    view = game_window(Game("traditional"), opponent="greedy", seed=4)
    view.session.computer_choices = lambda on_depth: time.sleep(60)  # a search still running when killed
    view.tick(0.01)
    first = view.thinking
    first._process.kill()  # as kill -9 or the out-of-memory killer would
    first._process.join()
    view.tick(0.01)
    second = view.thinking
    assert second is not None and second is not first and second._process.is_alive()
    second._process.kill()
    second._process.join()
    with pytest.raises(UserError, match="search stopped without a move twice"):
        view.tick(0.01)


# --- 8. a failing script keeps what was done ------------------------------------------------

def test_a_practice_script_failing_part_way_keeps_the_session(tmp_path, monkeypatch, capsys):
    import yaml

    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path / "data"))
    # /proc is a folder, but nothing can be written there (not even by root)
    assert main(["practice", "--seed", "kept", "--commands", "hole 3; wait 1; screenshot /proc/shot.png; hole 4"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "/proc/shot.png" in err and "the session so far is kept in the history" in err
    (session,) = yaml.safe_load((tmp_path / "data" / "history.yaml").read_text())["sessions"]
    log = (tmp_path / "data" / "practice-logs" / session["log"]).read_text()
    assert session["scripted"] is True and str(tmp_path / "data" / "practice-logs" / session["log"]) in err
    assert log.count("You selected") == 1  # hole 3 pressed; the script stopped before hole 4


def test_a_drill_script_failing_part_way_keeps_the_boards_answered(tmp_path, monkeypatch, capsys):
    import yaml

    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path / "data"))
    assert main(["drill", "--window", "--seed", "club", "--count", "3", "--commands", "3; 4"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no board is waiting" in err and "the drill history keeps the 1 board answered" in err
    (session,) = yaml.safe_load((tmp_path / "data" / "drill.yaml").read_text())["sessions"]
    assert session["boards"] == 1 and session["scripted"] is True


def test_a_lost_display_under_a_practice_window_keeps_the_session(tmp_path):
    import os
    import signal
    import time

    import yaml
    from conftest import need_tool

    xvfb = need_tool("Xvfb", what="taking a display away")
    ready_read, ready_write = os.pipe()  # Xvfb writes its display number here once it takes connections
    server = subprocess.Popen([xvfb, "-displayfd", str(ready_write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                              pass_fds=(ready_write,), stderr=subprocess.DEVNULL)
    os.close(ready_write)
    try:
        number = os.read(ready_read, 16).decode().strip()
        env = dict(_env(tmp_path), DISPLAY=f":{number}")
        shot = tmp_path / "ready.png"
        practice = subprocess.Popen([sys.executable, "-m", "ktane_congkak", "practice", "--seed", "lost", "--commands",
                                     f"hole 3; screenshot {shot}"], env=env, cwd=tmp_path, stderr=subprocess.PIPE)
        for _ in range(600):  # the screenshot is the script's last step: then the window is the player's
            if shot.exists() or practice.poll() is not None:
                break
            time.sleep(0.1)
        assert shot.exists(), practice.stderr.read().decode()[-2000:]
    finally:
        server.send_signal(signal.SIGKILL)  # the X server goes away
        server.wait()
        os.close(ready_read)
    err = practice.communicate(timeout=60)[1].decode()
    assert practice.returncode == 2 and err.count("\n") == 1, err[-2000:]
    assert err.startswith("ktane-congkak: the display went away: the session so far is kept in the history"), err
    (session,) = yaml.safe_load((tmp_path / "data" / "history.yaml").read_text())["sessions"]
    assert session["result"] == "stopped" and "scripted" not in session  # the player's, after the script
    assert "You selected" in (tmp_path / "data" / "practice-logs" / session["log"]).read_text()


def fails_on_three(task):
    if task == 3:
        raise ValueError("three")
    return task


def test_a_failing_task_is_raised_and_no_worker_is_left():
    import multiprocessing

    from ktane_congkak.workers import run_in_workers

    with pytest.raises(RuntimeError, match="ValueError: three"):
        list(run_in_workers(fails_on_three, range(8), 2, ordered=True))
    assert multiprocessing.active_children() == []
