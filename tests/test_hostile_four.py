"""Hostile input and conditions, round four (issue 36): environment values, the log report's
size, headings, typed commands over the files in use, empty names, values as typed, and long
work that shows its progress and keeps what it did on Ctrl-C. Helpers from test_hostile."""

from __future__ import annotations

import io
import json
import os
import re
import select
import signal
import subprocess
import sys
import time

import pytest

from conftest import start, wait_until
from test_hostile import ROOT, _env, _limits, cli
from ktane_congkak.core.rules import load_ruleset
from ktane_congkak.progress import Progress, stopped
from ktane_congkak.puzzles.sets import generate, load_puzzle_set

pty = pytest.importorskip("pty")  # a terminal for standard error: POSIX only

PATIENCE = 60  # seconds a sign from another process may take on a loaded machine


# --- the progress line -----------------------------------------------------------------------

class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_progress_line_is_drawn_a_few_times_a_second_and_erased_at_the_end():
    stream, clock = io.StringIO(), Clock()
    with Progress("generate", 1000, "puzzle", stream=stream, show=True, tick=None, clock=clock) as progress:
        progress.update(1)  # at once: nothing (a quick command shows no line)
        clock.now += 0.3
        progress.update(10)
        for done in range(11, 500):  # many updates within a quarter of a second: none drawn
            progress.update(done)
        clock.now += 2
        progress.update(500)
        drawn = stream.getvalue()
    assert drawn.split("\r")[1:] == ["generate: 10 of 1,000 puzzles (1%), 0 s",
                                     "generate: 500 of 1,000 puzzles (50%), 2 s"]
    after = stream.getvalue()[len(drawn):]
    assert after == "\r" + " " * len("generate: 500 of 1,000 puzzles (50%), 2 s") + "\r"


def test_the_progress_line_is_not_drawn_off_a_terminal():
    stream, clock = io.StringIO(), Clock()  # StringIO is no terminal
    with Progress("stats", 10, "board", stream=stream, clock=clock) as progress:
        clock.now += 5
        progress.update(10)
    assert stream.getvalue() == ""


def test_the_progress_line_without_a_total_counts_and_escapes_its_note():
    progress = Progress("verify", unit="line", show=False)
    assert progress.line(1, 3.4) == "verify: 1 line, 3 s"
    assert progress.line(12_000, 3.6, "module \x1b[2J7") == "verify: 12,000 lines, module \\x1b[2J7, 4 s"


def test_stopped_says_what_was_kept_and_gives_the_signals_exit_code(capsys):
    from ktane_congkak.cli.signals import Stopped

    assert stopped("generate", KeyboardInterrupt(), "3 of 9 puzzles made") == 130
    assert stopped("match", Stopped(signal.SIGTERM), "2 of 5 games played") == 143
    assert capsys.readouterr().err == ("ktane-congkak: generate: stopped: 3 of 9 puzzles made\n"
                                       "ktane-congkak: match: stopped: 2 of 5 games played\n")


# --- Ctrl-C in a long command: a real SIGINT once its progress line is on the terminal ---------

WORKING = rb"[1-9][\d,]* of [\d,]+ \w+ \(\d+%\)"  # a progress line that counts some work done


def interrupted_at_work(tmp_path, args: list[str], sign: bytes = WORKING, feed: bytes | None = None
                        ) -> tuple[int, str, str]:
    """Run `ktane-congkak ARGS` with standard error on a terminal, wait until its progress
    line shows `sign` (a pattern), Ctrl-C it (SIGINT to its process group, as a terminal does):
    (exit code, all it wrote on standard error, standard output). `feed`: written to its
    standard input, a pipe left open (the program waits for more)."""
    master, slave = pty.openpty()
    proc = start([sys.executable, "-m", "ktane_congkak", *args], stdout=subprocess.PIPE, stderr=slave,
                 stdin=subprocess.PIPE if feed is not None else subprocess.DEVNULL,
                 preexec_fn=_limits(), env=_env(tmp_path), cwd=tmp_path)
    os.close(slave)
    if feed is not None:
        proc.stdin.write(feed)
        proc.stdin.flush()
    seen = _read_until(master, proc, sign)
    assert proc.poll() is None, (proc.returncode, seen)
    os.killpg(proc.pid, signal.SIGINT)
    out, _ = proc.communicate(timeout=PATIENCE)
    seen += _read_until(master, proc, None)
    os.close(master)
    return proc.returncode, seen.decode("utf-8", "replace"), out.decode("utf-8", "replace")


def _read_until(master: int, proc, sign: bytes | None) -> bytes:
    """What the terminal got until `sign` (a pattern) shows (None: until the program has ended and all is read)."""
    seen, end = b"", time.monotonic() + PATIENCE
    while sign is None or not re.search(sign, seen):
        if time.monotonic() > end:
            pytest.fail(f"{sign!r} never showed: {seen[-300:]!r}")
        ready, _, _ = select.select([master], [], [], 0.1)
        if not ready:
            if sign is None and proc.poll() is not None:
                break
            continue
        try:
            part = os.read(master, 4096)
        except OSError:  # the program ended and closed its end
            break
        if not part:
            break
        seen += part
    return seen


def stopped_line(err: str) -> str:
    assert "Traceback" not in err, err
    (line,) = [text for text in err.replace("\r", "\n").splitlines() if "stopped:" in text]
    return line


def test_ctrl_c_in_generate_writes_the_puzzles_made_so_far(tmp_path):
    code, err, _ = interrupted_at_work(tmp_path, ["generate", "-n", "20000", "--seed", "cut", "--out", "set.yaml"])
    assert code == 130
    line = stopped_line(err)
    kept = load_puzzle_set(tmp_path / "set.yaml")
    made = len(kept.puzzles)
    assert 0 < made < 20_000
    assert line == (f"ktane-congkak: generate: stopped: {made:,} of 20,000 puzzles made, written to set.yaml "
                    f"(the same --seed cut with --count {made} makes them again)")
    again = generate(load_ruleset("module"), min(made, 50), "cut")
    assert [p.id for p in kept.puzzles[:50]] == [p.id for p in again.puzzles]
    assert kept.generator["count"] == made


def test_ctrl_c_in_generate_prints_the_list_made_so_far(tmp_path):
    code, err, out = interrupted_at_work(tmp_path, ["generate", "-n", "100000", "--seed", "cut"])
    assert code == 130
    made = _count_in(stopped_line(err))
    lines = out.splitlines()
    assert lines[0].startswith(f"seed cut: {made} puzzles from ") and len(lines) == 1 + 2 * made


def _count_in(line: str) -> int:
    """The N of "stopped: ... N of M ..." (written with thousands' commas)."""
    return int(re.search(r"([\d,]+) of [\d,]+", line)[1].replace(",", ""))


def test_ctrl_c_in_stats_prints_the_figures_of_the_boards_counted(tmp_path):
    from ktane_congkak.puzzles.stats import collect, to_json

    code, err, out = interrupted_at_work(tmp_path, ["stats", "-n", "1000000", "--seed", "cut", "--json"])
    assert code == 130
    line = stopped_line(err)
    counted = _count_in(line)
    assert line == f"ktane-congkak: stats: stopped: the figures above are of {counted:,} of 1,000,000 boards"
    figures = json.loads(out)
    assert figures["boards"] == counted > 0
    assert {key: value for key, value in figures.items() if key not in ("seed", "rules")} == to_json(
        collect("module", "cut", counted))  # the figures of --count N: the first N boards


def test_ctrl_c_in_a_match_prints_the_results_of_the_games_played(tmp_path):
    from ktane_congkak.games.match import play_match

    args = ["match", "--games", "100000", "--players", "greedy,random", "--seed", "cut", "--json"]
    code, err, out = interrupted_at_work(tmp_path, args)
    assert code == 130
    line = stopped_line(err)
    played = _count_in(line)
    assert line == (f"ktane-congkak: match: stopped: the results above are of the first {played:,} of 100,000 "
                    f"games (those of --games {played})")
    figures = json.loads(out)
    assert figures["games"] == played > 0
    again = play_match(load_ruleset("congkak"), ["greedy", "random"], played, "cut", 1.0, 64)
    assert [game["winner"] for game in figures["per_game"]] == [
        None if r["winner"] is None else ("south", "north")[r["winner"]] for r in again["records"]]


def test_the_line_goes_on_counting_seconds_while_no_update_comes():
    stream = io.StringIO()
    with Progress("analyse", unit="move", stream=stream, show=True, tick=0.02) as progress:
        wait_until(lambda: "analyse: 0 moves, " in stream.getvalue(), "the line drawn with no update")
        progress.update(3)
    assert stream.getvalue().endswith("\r")


def test_ctrl_c_in_analyse_prints_the_values_of_the_deepest_search_completed(tmp_path):
    from ktane_congkak.games.analysis import analyse, limits_for, position_from_counts

    board = "7 7 7 7 7 7 7 0 7 7 7 7 7 7 7 0"
    code, err, out = interrupted_at_work(tmp_path, ["analyse", "--board", board, "--to-move", "south",
                                                    "--budget", "60", "--json"], rb"searched \d+ moves deep")
    assert code == 130
    line = stopped_line(err)
    depth = int(re.search(r"those of (\d+) moves deep", line)[1])
    assert line == (f"ktane-congkak: analyse: stopped: the values above are those of {depth} moves deep, the "
                    "deepest the search completed")
    same = analyse(position_from_counts("congkak", board, "south"), limits=limits_for(depth=depth))
    assert json.loads(out) == same.as_json()


def test_ctrl_c_in_verify_log_reports_the_part_read(tmp_path):
    """A log read from a pipe that never ends (a game still running): Ctrl-C while it waits."""
    example = (ROOT / "docs" / "bomb-example.log").read_bytes()
    noise = b"".join(b"Unity: a texture was loaded %d\n" % n for n in range(5000))
    whole = cli(tmp_path, "verify", "--log", "-", stdin=example + noise)
    assert whole.returncode == 0, whole.stderr
    code, err, out = interrupted_at_work(tmp_path, ["verify", "--log", "-"], rb"verify: [\d,]+ lines",
                                         feed=example + noise)
    assert code == 130
    lines = example.count(b"\n") + noise.count(b"\n")
    assert stopped_line(err) == (f"ktane-congkak: verify: stopped: the report above is of the first {lines:,} "
                                 "lines of standard input, all that was read")
    assert out == whole.stdout


def test_ctrl_c_in_verify_log_with_nothing_read_says_so(tmp_path):
    noise = b"".join(b"Unity: a texture was loaded %d\n" % n for n in range(5000))
    code, err, out = interrupted_at_work(tmp_path, ["verify", "--log", "-", "--html", "r.html"],
                                         rb"verify: [\d,]+ lines", feed=noise)
    assert code == 130 and out == "" and not (tmp_path / "r.html").exists()
    assert stopped_line(err) == ("ktane-congkak: verify: stopped: 5,000 lines of standard input read, no Congkak "
                                 "board among them")


def test_ctrl_c_in_print_leaves_the_sheet_as_it_was(tmp_path):
    """A sheet is one whole (page numbers, the key): Ctrl-C writes none of it (docs/hostile.md)."""
    from ktane_congkak.puzzles.sets import save

    save(generate(load_ruleset("module"), 600, "big"), tmp_path / "set.yaml")
    (tmp_path / "sheet.pdf").write_bytes(b"%PDF the old sheet")
    code, err, out = interrupted_at_work(tmp_path, ["print", "set.yaml", "--out", "sheet.pdf"])
    assert code == 130 and out == ""
    drawn = _count_in(stopped_line(err))
    assert stopped_line(err) == (f"ktane-congkak: print: stopped: {drawn} of 100 pages drawn; nothing written, "
                                 "sheet.pdf left as it was (print fewer puzzles at once)")
    assert (tmp_path / "sheet.pdf").read_bytes() == b"%PDF the old sheet"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["data", "set.yaml", "sheet.pdf"] or \
        sorted(path.name for path in tmp_path.iterdir()) == ["set.yaml", "sheet.pdf"]  # no temporary file left


# --- environment values a shell can hold ------------------------------------------------------

LONG_TEXT = "".join(f"line {n}\n" for n in range(40))


@pytest.mark.parametrize("pager, problem", [
    ('less "', "no closing quotation"), ("no-such-pager-anywhere", "no such program"),
    ("false", "it ended with status 1"), ("   ", "it is blank")])
def test_a_pager_that_cannot_be_used_is_named_and_the_text_printed(capsys, monkeypatch, pager, problem):
    from ktane_congkak.cli import manual

    monkeypatch.setenv("PAGER", pager)
    monkeypatch.setenv("LINES", "24")
    manual.show_text(LONG_TEXT)  # to a pipe: $PAGER is never read
    assert capsys.readouterr() == (LONG_TEXT, "")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    manual.show_text(LONG_TEXT)
    out, err = capsys.readouterr()
    assert out == LONG_TEXT
    assert err == f"ktane-congkak: $PAGER {pager!r} cannot be used ({problem}): " + (
        "the text is printed without it\n" if pager == "false" else "going on without it\n")


def test_an_unbalanced_pager_at_a_terminal_in_a_subprocess_is_one_line(tmp_path):
    """The whole command, its standard output a terminal: one line, then the guide."""
    master, slave = pty.openpty()
    env = dict(_env(tmp_path), PAGER='less "', LINES="24", COLUMNS="80")
    proc = start([sys.executable, "-m", "ktane_congkak", "manual", "drill"], stdout=slave, stderr=subprocess.PIPE,
                 stdin=subprocess.DEVNULL, env=env, cwd=tmp_path)
    os.close(slave)
    shown = _read_until(master, proc, None)
    err = proc.communicate(timeout=PATIENCE)[1].decode()
    assert proc.returncode == 0
    assert err == "ktane-congkak: $PAGER 'less \"' cannot be used (no closing quotation): going on without it\n"
    assert b"The expert's drill" in shown


@pytest.mark.parametrize("browser, problem", [
    ('true "%s', "no closing quotation"), ("false", "it failed or did not start"),
    ("no-such-browser-anywhere", "it failed or did not start")])
def test_a_browser_that_cannot_be_used_is_named_and_the_page_s_path_given(tmp_path, browser, problem):
    """webbrowser reads $BROWSER once, when first used: so a command of its own for each value."""
    log = ROOT / "docs" / "bomb-example.log"
    env = dict(_env(tmp_path), BROWSER=browser, DISPLAY=":99")
    done = subprocess.run([sys.executable, "-m", "ktane_congkak", "verify", "--log", str(log), "--html", "r.html"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=PATIENCE)
    page = (tmp_path / "r.html").resolve()
    assert (done.returncode, done.stdout) == (0, f"{page}\n")
    assert done.stderr == f"ktane-congkak: $BROWSER {browser!r} cannot be used ({problem}): open {page} yourself\n"
    assert "<!DOCTYPE html>" in page.read_text()


def test_ctrl_c_in_the_manual_build_writes_nothing_half(tmp_path):
    (tmp_path / "man").mkdir()
    (tmp_path / "man" / "index.html").write_text("the old manual")
    # The line waits a beat before it first shows: on a quick machine the pages are worked
    # out before it does, so any stage before the writing is the sign.
    code, err, out = interrupted_at_work(tmp_path, ["manual", "--out", "man"], rb"manual: (working out the pages|drawing)")
    assert code == 130 and out == ""
    line = stopped_line(err)
    assert line.startswith("ktane-congkak: manual: stopped: nothing written in man (it was ")
    assert sorted(path.name for path in (tmp_path / "man").iterdir()) == ["index.html"]
    assert (tmp_path / "man" / "index.html").read_text() == "the old manual"


# --- empty names ----------------------------------------------------------------------------

@pytest.mark.parametrize("argv, option", [
    (["manual", "--out", ""], "--out"), (["generate", "--out", ""], "--out/-o"),
    (["print", "starter", "--out", ""], "--out/-o"), (["print", "", "--out", "x.pdf"], "SET|F.yaml|ID"),
    (["verify", "--log", ""], "--log"), (["verify", "--log", "x.log", "--html", ""], "--html"),
    (["verify", "--puzzles", "starter", "--answers", ""], "--answers"),
    (["game", "--save", ""], "--save"), (["game", "--load", ""], "--load"), (["game", "--rules", ""], "--rules"),
    (["game", "--load", "g.yaml", "--review", "--html", ""], "--html"),
    (["solve", "--rules", "", "1"], "--rules"), (["analyse", "--rules", "", "--board", "1", "--to-move", "south"],
                                                 "--rules"),
    (["drill", "--puzzles", ""], "--puzzles/--set"), (["practice", "--puzzles", ""], "--puzzles/--set"),
    (["drill", "--chart", ""], "--chart"), (["practice", "--commands", ""], "--commands"), (["rules", ""], "NAME")])
def test_an_empty_name_is_refused_wherever_a_path_is_taken(capsys, monkeypatch, tmp_path, argv, option):
    from ktane_congkak.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(argv) == 2
    command = argv[0]
    assert capsys.readouterr() == ("", f"ktane-congkak: {command}: argument {option}: '': an empty name names no "
                                       "file (an unset variable gives one)\n")
    assert list(tmp_path.iterdir()) == []  # manual --out '' built into the current folder, over its index.html


def test_an_empty_name_reaching_the_files_is_refused_there_too(tmp_path):
    from ktane_congkak.errors import UserError
    from ktane_congkak.files import read_text, write_atomic

    for attempt in (lambda: read_text(""), lambda: write_atomic("", "x")):
        with pytest.raises(UserError, match="^'': an empty name names no file"):
            attempt()


# --- no typed command, option or link writes over the files in use -------------------------------

def _game(tmp_path, *args: str, typed: str = "") -> subprocess.CompletedProcess:
    return cli(tmp_path, "game", "--text", "--opponent", "random", "--seed", "1", *args, stdin=typed.encode())


def _said(done) -> list[str]:
    """The game's answers to typed save and export commands, each on one line."""
    text = " ".join(done.stdout.split())
    return re.findall(r"(! [^>]*?give another file|Saved to \S+|Exported to \S+)", text)


@pytest.fixture
def ruleset_file(tmp_path):
    from ktane_congkak.core.rules import ruleset_to_dict
    from ktane_congkak.files import dump_yaml

    path = tmp_path / "r.yaml"
    path.write_text(dump_yaml(ruleset_to_dict(load_ruleset("congkak"))))
    (tmp_path / "link").symlink_to(".")  # a folder reached through a link: the same files
    return path


def test_typed_save_and_export_never_replace_the_ruleset_in_use(tmp_path, ruleset_file):
    before = ruleset_file.read_bytes()
    done = _game(tmp_path, "--rules", "r.yaml", typed="1\nsave r.yaml\nexport link/r.yaml\nsave g.yaml\nquit\n")
    assert done.returncode == 0, done.stderr
    assert _said(done) == [
        "! r.yaml is the ruleset file of this game itself: writing over it would lose it; give another file",
        "! link/r.yaml is the ruleset file of this game itself: writing over it would lose it; give another file",
        "Saved to g.yaml"]
    assert ruleset_file.read_bytes() == before
    done = _game(tmp_path, "--load", "g.yaml", "--save", "link/r.yaml")  # the loaded game's ruleset, by a link
    assert done.returncode == 2 and ruleset_file.read_bytes() == before
    assert done.stderr.endswith("--save link/r.yaml is the ruleset file of this game itself: writing over it would "
                                "lose it; give another file\n")
    again = _game(tmp_path, "--load", "g.yaml", typed="quit\n")
    assert again.returncode == 0 and "South (you) 1" in again.stdout  # the save loads, its ruleset intact


def test_typed_export_never_replaces_the_save_or_the_loaded_game(tmp_path, ruleset_file):
    done = _game(tmp_path, "--save", "s.yaml", typed="1\nexport link/s.yaml\nexport ./s.yaml\nsave link/s.yaml\nquit\n")
    assert _said(done) == [
        "! link/s.yaml is the --save file itself: writing over it would lose it; give another file",
        "! ./s.yaml is the --save file itself: writing over it would lose it; give another file",
        "Saved to link/s.yaml"]  # a save to the --save file is its own place
    saved = (tmp_path / "s.yaml").read_bytes()
    assert saved.startswith(b"# A ktane-congkak game")
    done = _game(tmp_path, "--load", "s.yaml", typed="export s.yaml\nsave link/s.yaml\nexport t.txt\nquit\n")
    assert _said(done) == [
        "! s.yaml is the --load file (the game loaded) itself: writing over it would lose it; give another file",
        "! link/s.yaml is the --load file (the game loaded) itself: writing over it would lose it; give another "
        "file", "Exported to t.txt"]
    assert (tmp_path / "s.yaml").read_bytes() == saved
    done = _game(tmp_path, "--load", "s.yaml", "--save", "link/s.yaml", typed="2\nquit\n")  # goes on in its own file
    assert done.returncode == 0 and (tmp_path / "s.yaml").read_bytes() != saved


def test_typed_export_never_replaces_the_record_even_before_it_exists(tmp_path):
    from ktane_congkak.games.series import RECORD_NAME

    record = tmp_path / "data" / RECORD_NAME
    record.parent.mkdir()
    done = _game(tmp_path, typed=f"export data/{RECORD_NAME}\nquit\n")
    assert _said(done) == [f"! data/{RECORD_NAME} is the record of your games itself: writing over it would lose "
                           "it; give another file"]
    assert not record.exists()


def test_the_log_on_standard_input_is_not_replaced_by_its_page(tmp_path):
    log = tmp_path / "bomb.log"
    log.write_bytes((ROOT / "docs" / "bomb-example.log").read_bytes())
    with open(log, "rb") as stdin:
        done = subprocess.run([sys.executable, "-m", "ktane_congkak", "verify", "--log", "-", "--html", "bomb.log"],
                              stdin=stdin, capture_output=True, text=True, env=_env(tmp_path), cwd=tmp_path,
                              timeout=PATIENCE)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.endswith("--html bomb.log is the --log file itself: writing over it would lose it; give "
                                "another file\n")
    assert log.read_bytes() == (ROOT / "docs" / "bomb-example.log").read_bytes()


# --- values shown as typed ---------------------------------------------------------------------

@pytest.mark.parametrize("argv, said", [
    (["game", "--budget", "60.0000001"], "game: argument --budget: 60.0000001 seconds is not from 0.01 to 60"),
    (["match", "--budget", "60.0000001"], "match: argument --budget: 60.0000001 seconds is not from 0.01 to 60"),
    (["analyse", "--board", "1", "--to-move", "south", "--budget", "0.00999999"],
     "analyse: argument --budget: 0.00999999 seconds is not from 0.01 to 60"),
    (["generate", "-n", "0100001"], "generate: argument --count/-n: 0100001 is not from 1 to 100000"),
    (["practice", "--time", "86400.0000001"],
     "practice: argument --time: 86400.0000001: give more than 0 seconds and at most 24 hours")])
def test_a_value_out_of_range_is_shown_as_typed(capsys, argv, said):
    from ktane_congkak.cli import main

    assert main(argv) == 2
    assert capsys.readouterr() == ("", f"ktane-congkak: {said}\n")


# --- the log report's size: bounded by launches, bombs and presses -------------------------------

def _page_of(lines: list[str]) -> str:
    from ktane_congkak.core.logcheck import check_log_lines
    from ktane_congkak.paper.log_report import report_html

    rules = load_ruleset("module")
    return report_html(check_log_lines(lines, rules), rules, "bomb.log")


def _one_module(n: int = 1, wrong: int = 0) -> list[str]:
    from bomblogs import EXAMPLE, board, points_of, solve, strike

    points = points_of(EXAMPLE, load_ruleset("module"))
    return (board(n, EXAMPLE, points) + [line for _ in range(wrong) for line in strike(n, 3, 8)]
            + solve(n, points.index(max(points)) + 1, max(points)))


def _launches(count: int) -> list[str]:
    from ktane_congkak.core.logwords import LAUNCH_LINE

    return [line for _ in range(count) for line in [f"{LAUNCH_LINE} 2019.4.40f1", *_one_module()]]


def _bombs(count: int) -> list[str]:
    from ktane_congkak.core.logwords import BOMB_LINE, LAUNCH_LINE, ROUND_LINE

    return [f"{LAUNCH_LINE} 2019.4.40f1"] + [line for n in range(1, count + 1)
                                             for line in [ROUND_LINE, f"{BOMB_LINE} with seed {n}", *_one_module(n)]]


@pytest.mark.parametrize("log", [_launches, _bombs, lambda count: _one_module(wrong=count)],
                         ids=["launches", "bombs", "presses"])
def test_the_page_stops_growing_past_what_it_draws(monkeypatch, log):
    """15,000 launches made 6.7 MB, 15,000 bombs 6.5 MB, 45,000 presses 13.8 MB: each launch,
    bomb and press had its own section or item. Past the bound only counts grow (their digits)."""
    from ktane_congkak.paper import log_report

    monkeypatch.setattr(log_report, "FULL_BOARDS", 3)
    monkeypatch.setattr(log_report, "FULL_PRESSES", 4)
    small, big = len(_page_of(log(100))), len(_page_of(log(400)))  # (past the reader's bound on notes too)
    assert big - small < 40, (small, big)


def test_games_past_the_drawn_boards_are_one_summary(monkeypatch):
    from ktane_congkak.paper import log_report

    monkeypatch.setattr(log_report, "FULL_BOARDS", 2)
    page = _page_of(_launches(50))
    assert re.findall(r"<h2>([^<]*)</h2>", page) == ["Game launch 1", "Game launch 2",
                                                      "48 more games (game launch 3 to game launch 50)"]
    assert "48 more modules (Congkak #1 (launch 3) to #1 (launch 50)), summarised" in page
    assert "48 boards, 48 presses, 0 strikes" in page and "48 of 48 solved" in page


def test_presses_past_the_bound_are_counted(monkeypatch):
    from ktane_congkak.paper import log_report

    monkeypatch.setattr(log_report, "FULL_PRESSES", 4)
    page = _page_of(_one_module(wrong=10))
    assert page.count('<li class="press') == 4
    assert ("Presses 5 to 11 of this board (lines 8 to 14), summarised: only the first 4 presses of a log are "
            "drawn. 1 right, 6 wrong.") in page


# --- headings a player would write ---------------------------------------------------------------

@pytest.mark.parametrize("log, headings", [
    (_one_module(), ["The Congkak modules of this log"]),  # a practice log names no launch and no bomb
    (_bombs(2), ["Bomb 1", "Bomb 2"]),  # one launch: not said
    (_launches(2), ["Game launch 1", "Game launch 2"])])
def test_headings_say_what_the_log_names(log, headings):
    assert re.findall(r"<h2>([^<]*)</h2>", _page_of(log)) == headings


# --- debatable cases, decided (docs/hostile.md) ----------------------------------------------------

@pytest.mark.parametrize("make_lock", [
    lambda lock: lock.symlink_to("/nonexistent-folder/history.yaml.lock"),  # a link to nowhere
    lambda lock: lock.mkdir()], ids=["link to nowhere", "a folder"])  # (read-only needs a user root is not)
def test_a_lock_that_cannot_be_used_keeps_the_session_aside_as_a_held_one_does(tmp_path, make_lock):
    import yaml

    from ktane_congkak.practice.history import save_session

    path = tmp_path / "history.yaml"
    make_lock(tmp_path / "history.yaml.lock")
    warning = save_session({"mode": "zen", "result": "kept", "seconds": 1}, path)
    [aside] = tmp_path.glob("history.yaml.unsaved-*.yaml")
    assert "history.yaml.lock: cannot lock: " in warning and f"this session is kept in {aside}" in warning
    assert [s["result"] for s in yaml.safe_load(aside.read_text())["sessions"]] == ["kept"]
    assert not path.exists()


def test_a_relative_ruleset_in_a_save_is_found_beside_the_save(tmp_path, ruleset_file):
    """A save written by hand, `rules: r.yaml`, loaded from another folder: beside the save
    first, then the current folder (the program itself writes a file's absolute path)."""
    (tmp_path / "away").mkdir()
    (tmp_path / "saves").mkdir()
    ruleset_file.rename(tmp_path / "saves" / "r.yaml")
    save = tmp_path / "saves" / "g.yaml"
    save.write_text("format: 1\nkind: ktane-congkak game\nrules: r.yaml\nmoves: [south 1]\n")
    done = subprocess.run([sys.executable, "-m", "ktane_congkak", "game", "--text", "--load", str(save)], input="quit\n",
                          capture_output=True, text=True, env=_env(tmp_path), cwd=tmp_path / "away", timeout=PATIENCE)
    assert done.returncode == 0, done.stderr
    assert "South (you) 1, North (medium) 0 in store" in done.stdout


def test_terminal_practice_with_standard_output_closed_ends_before_the_first_press(tmp_path):
    """Nowhere to show a board: one line, exit 2, and no session (none was practised)."""
    done = subprocess.run(f"{sys.executable} -m ktane_congkak practice --text >&-", shell=True, input=b"1\n2\nquit\n",
                          capture_output=True, env=_env(tmp_path), cwd=tmp_path, timeout=PATIENCE)
    assert done.returncode == 2
    assert done.stderr.decode() == "ktane-congkak: practice: standard output: cannot write: it is closed\n"
    assert not (tmp_path / "data").exists()  # no history, no log: nothing was played


def test_a_pager_that_fails_says_so_and_prints_the_text(capsys, monkeypatch):
    """PAGER=false showed nothing and exited 0: git and man do the same, but then the guide is
    never seen and nothing says why. Chosen: one line naming $PAGER, and the text printed."""
    from ktane_congkak.cli import manual

    monkeypatch.setenv("PAGER", "false")
    monkeypatch.setenv("LINES", "24")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    manual.show_text(LONG_TEXT)
    assert capsys.readouterr() == (LONG_TEXT, "ktane-congkak: $PAGER 'false' cannot be used (it ended with status "
                                              "1): the text is printed without it\n")


def test_a_puzzle_file_too_big_to_read_back_is_refused_before_the_drawing(capsys, monkeypatch, tmp_path):
    """generate -n 100000 --out F drew for a minute, then refused the file (over 4 MB)."""
    from ktane_congkak.cli import main
    from ktane_congkak.puzzles import sets

    drawn: list[int] = []
    real = sets.Generation.run
    monkeypatch.setattr(sets.Generation, "run", lambda self: drawn.append(1) or real(self))
    assert main(["generate", "-n", "100000", "--seed", "big", "--out", str(tmp_path / "f.yaml")]) == 2
    assert drawn == [] and list(tmp_path.iterdir()) == []
    assert capsys.readouterr().err.endswith("100000 puzzles make more than a puzzle file can be read back with "
                                            "(4 MB): make at most about 22300 in a file\n")
