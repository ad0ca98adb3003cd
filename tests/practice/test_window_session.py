"""The practice session and its clock, without a window: animation, modes, keys, the end."""

from __future__ import annotations

import random

import pytest

from ktane_congkak.practice.animation import SPEEDS, STEP_SECONDS, Animation, SessionClock
from ktane_congkak.core.generator import module_board, random_reply
from ktane_congkak.core.module import CongkakModule
from ktane_congkak.core.rules import OPPONENT, YOU
from ktane_congkak.core.sowing import play_turn
from ktane_congkak.practice.session import DEFUSED, EXPLODED, STOPPED, TIMED, PracticeSession

from conftest import VERDICTS



def random_turns(rules, rng):
    board = module_board(rules, rng)
    hole = rng.choice([s for s in rules.holes(YOU) if board[s]])
    yours = play_turn(board, rules, YOU, hole)
    start = random_reply(yours.after, rules, OPPONENT, rng)
    reply = play_turn(yours.after, rules, OPPONENT, start) if start is not None else None
    return yours, reply


def test_animation_passes_through_your_turn_and_ends_on_the_reply(rules):
    rng = random.Random(11)
    for _ in range(60):
        yours, reply = random_turns(rules, rng)
        animation = Animation([yours, reply], rules)
        frames = []
        while not animation.done:
            animation.advance(STEP_SECONDS / 3)
            frame = animation.frame()
            # Seeds are never made or lost: those on the board plus those in hand.
            assert sum(frame.board) + frame.in_hand == rules.total_seeds
            frames.append(frame.board)
            assert len(frames) < 20_000
        assert yours.after in frames
        assert frames[-1] == (reply or yours).after


def test_animation_shows_every_drop_one_at_a_time(rules):
    rng = random.Random(5)
    for _ in range(20):
        yours, _ = random_turns(rules, rng)
        animation = Animation([yours], rules)
        previous = animation.frame().board
        single_drops = 0
        while not animation.done:
            animation.advance(STEP_SECONDS / 4)
            now = animation.frame().board
            diff = [b - a for a, b in zip(previous, now)]
            if sorted(diff)[-1] == 1 and sum(diff) == 1 and diff.count(0) == len(diff) - 1:
                single_drops += 1
            previous = now
        assert now == yours.after
        # Each seed dropped is its own frame (a capture's move to the store is one more change).
        assert single_drops == yours.drops


def test_speed_and_skip(rules):
    yours = play_turn(VERDICTS, rules, YOU, 3)
    slow, fast = Animation([yours], rules, speed=1.0), Animation([yours], rules, speed=4.0)
    slow_time = fast_time = 0.0
    while not slow.done:
        slow.advance(0.01)
        slow_time += 0.01
    while not fast.done:
        fast.advance(0.01)
        fast_time += 0.01
    assert fast_time == pytest.approx(slow_time / 4, abs=0.05)
    skipped = Animation([yours], rules)
    skipped.skip()
    assert skipped.done and skipped.frame().board == yours.after


def test_animation_keeps_every_frame_it_showed_however_it_was_advanced(rules):
    """The window follows the seeds through each of these: one big step, many small ones
    and a skip half-way give the same frames, from the board before the press to the end."""
    rng = random.Random(8)
    for _ in range(20):
        yours, reply = random_turns(rules, rng)
        small, big, skipped = (Animation([yours, reply], rules) for _ in range(3))
        while not small.done:
            small.advance(STEP_SECONDS / 5)
        big.advance(10_000.0)
        skipped.advance(STEP_SECONDS * 2.5)
        skipped.skip()
        assert small.shown[0].board == yours.before and small.shown[-1].board == (reply or yours).after
        assert [f.board for f in small.shown] == [f.board for f in big.shown] == [f.board for f in skipped.shown]
        assert len(small.shown) > yours.drops


def test_session_clock_counts_up_in_zen_and_down_in_timed():
    zen = SessionClock()
    zen.advance(75.2)
    assert zen.text() == "1:15" and not zen.expired
    timed = SessionClock(300)
    assert timed.text() == "5:00"
    timed.advance(0.5)
    assert timed.text() == "5:00"
    timed.advance(299.4)
    assert timed.text() == "0:01" and not timed.expired
    timed.advance(5)
    assert timed.expired and timed.text() == "0:00" and timed.elapsed == 300


def session(board=VERDICTS, **options):
    return PracticeSession(CongkakModule(seed=4, board=board), **options)


def test_presses_while_seeds_move_change_nothing():
    s = session()
    s.press(2)
    assert s.animating
    state = (s.module.board, s.module.strikes, len(s.module.log))
    assert s.press(4) is None and s.press(1) is None
    assert (s.module.board, s.module.strikes, len(s.module.log)) == state
    assert s.ignored == 2 and "still moving" in s.message
    s.tick(600)
    assert not s.animating and s.frame().board == s.module.board


def test_screen_is_blank_while_moving_and_the_module_screen_after():
    s = session()
    s.point(9)
    assert s.screen == f"{VERDICTS[9]:02d}"
    s.press(2)
    s.point(9)
    assert s.screen == "" and s.lit_slot is None
    s.skip()
    assert s.screen == f"{s.module.board[9]:02d}" and s.lit_slot == 9


def test_solve_is_green_gg_and_hover_changes_nothing():
    s = session()
    s.point(3)
    s.press(4)
    # The light turns green and the screen says GG at the press, as on the module, while
    # the sowing (a learning aid) still plays.
    assert s.animating and s.light == "solve" and s.screen == "GG" and s.lit_slot is None
    s.skip()
    s.point(8)
    assert s.screen == "GG" and s.lit_slot is None and s.module.highlighted is None
    s.tick(100)
    assert s.light == "solve"
    assert s.message == "Solved. N for a new board, R to try it again"  # long after the press's own message
    assert s.press(1) is None and "Solved" in s.message


def test_the_end_screen_keeps_no_word_of_the_last_board():
    # The last press's message belongs to its board: once the session ends, the end screen's
    # message line is free for what it says itself (the log's path copied).
    s = session()
    s.press(4)
    s.skip()
    s.tick(100)
    assert "Solved" in s.message
    s.end(STOPPED)
    assert s.message == ""
    s.tick(100)
    assert s.message == ""
    s.say("The log's full path is copied")
    assert s.message == "The log's full path is copied"


def test_pointer_keys_reach_all_14_holes():
    s = session()
    seen = []
    for _ in range(14):
        s.move_pointer("tab")
        seen.append(s.pointer)
    assert seen == list(range(1, 15))
    s.move_pointer("shift_tab")
    assert s.pointer == 13
    s.point(7)
    s.move_pointer("left")
    assert s.pointer == 7  # the top-left end of your row
    s.move_pointer("up")
    assert s.pointer == 8  # hole 7 faces slot 8
    s.move_pointer("right")
    assert s.pointer == 9
    s.move_pointer("down")
    assert s.pointer == 6


def test_timed_mode_defuses_at_the_solve_not_after_its_animation():
    s = session(mode=TIMED, sowing=True)
    s.press(4)
    assert s.ended == DEFUSED and s.animating  # the bomb is defused at the press, the sowing shown or not
    s.tick(600)
    assert s.ended == DEFUSED
    record = s.record()
    assert record["result"] == DEFUSED and record["solves"] == 1 and record["mode"] == TIMED


def test_timed_mode_explodes_at_the_strike_limit():
    s = session(mode=TIMED, strike_limit=2)
    s.press(5)
    assert s.ended is None and s.light == "strike"
    s.press(5)
    assert s.ended == EXPLODED and s.light == "strike"
    assert s.record()["strikes"] == 2
    assert s.end_lines()[0] == "The bomb exploded"


def test_a_strike_that_explodes_the_bomb_counts_no_board_it_dealt():
    """Hole 1 strikes by the minimum rule and plays on, dealing a board; the bomb's end comes
    first, so the window, like the terminal, has seen one board."""
    for live in (True, False):
        s = session(mode=TIMED, strike_limit=1, live=live)
        s.press(1)
        assert s.ended == EXPLODED and s.module.puzzles == 2
        assert "0 boards solved of 1 seen, 1 strike" in s.end_lines() and s.record()["boards"] == 1


def test_zen_mode_has_no_strike_limit():
    s = session()
    for _ in range(5):
        s.press(5)
    assert s.module.strikes == 5 and s.ended is None


def test_speed_keys_stay_in_range():
    s = session()
    for _ in range(20):
        s.faster(1)
    assert s.speed == SPEEDS[-1]
    for _ in range(20):
        s.faster(-1)
    assert s.speed == SPEEDS[0]


def test_practice_options_choose_the_board_mode_and_speed():
    import argparse

    from ktane_congkak.cli.practice import practice_module
    from ktane_congkak.practice.window.window import new_session

    args = argparse.Namespace(seed="3", puzzle="c1-2326020-368b802")
    s = new_session(practice_module(args), mode=TIMED, time_limit=90.0, strike_limit=2, speed=4.0)
    assert s.module.board[:7] == VERDICTS[:7] and s.module.board[8:15] == VERDICTS[8:15]
    assert s.mode == TIMED and s.clock.text() == "1:30" and s.strike_limit == 2 and s.speed == 4.0


def test_the_window_reads_no_options_and_imports_nothing_from_the_cli():
    """The front end is handed a module; the CLI (cli/practice.py) works out rules and board."""
    import ast
    import inspect

    from ktane_congkak.practice.window import window

    tree = ast.parse(inspect.getsource(window))
    imported = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    imported += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    assert imported and not [name for name in imported if name == "cli" or name.startswith(("cli.", "ktane_congkak.cli"))]
    assert "args" not in inspect.signature(window.run_practice).parameters
    s = window.new_session(CongkakModule(seed=1))
    assert s.mode == "zen" and s.speed == SPEEDS[2] and s.strike_limit == 3


# `ktane-congkak practice` options: checked in one line, and never silently dropped ----------
def practise(monkeypatch, capsys, *argv, display=False):
    """`main(["practice", *argv])` with "quit" on standard input, with or without a display."""
    import io

    from ktane_congkak.cli import main

    for name in ("DISPLAY", "WAYLAND_DISPLAY", "PYGLET_HEADLESS"):
        monkeypatch.delenv(name, raising=False)
    if display:
        monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code = main(["practice", "--seed", "1", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, message", [
    (["--mode", "timed", "--time", "3:00", "--strikes", "2"], "No display here: practising in the terminal."),
    (["--speed", "4"], "ktane-congkak: no display here: practising in the terminal; --speed applies to the window only"),
    (["--text", "--mode", "zen", "--speed", "2"],
     "ktane-congkak: --text: practising in the terminal; --speed applies to the window only"),
    ([], "No display here: practising in the terminal."),
])
def test_window_options_in_the_terminal_are_named_in_one_line(argv, message, monkeypatch, capsys):
    code, out, err = practise(monkeypatch, capsys, *argv)
    assert code == 0 and out.rstrip().endswith("bye")
    assert err == message + "\n"


@pytest.mark.parametrize("argv", [[], ["--mode", "timed", "--time", "90", "--strikes", "2"]])
def test_text_practice_without_window_options_says_nothing(argv, monkeypatch, capsys):
    code, out, err = practise(monkeypatch, capsys, "--text", "--puzzle", "c1-2326020-368b802", *argv)
    assert code == 0 and err == "" and out.rstrip().endswith("bye")


def test_window_options_in_the_terminal_from_a_fresh_process():
    """The QA case itself: the console entry point with no DISPLAY in its environment."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "PYGLET_HEADLESS")}
    env["PYTHONPATH"] = str(root)
    result = subprocess.run([sys.executable, "-m", "ktane_congkak", "practice", "--mode", "timed", "--time", "3:00",
                             "--strikes", "2", "--speed", "4"], input="quit\n", capture_output=True, text=True, env=env,
                            cwd=root, timeout=60)
    assert result.returncode == 0 and result.stdout.rstrip().endswith("bye") and "Timed bomb  3:00 left" in result.stdout
    assert result.stderr == ("ktane-congkak: no display here: practising in the terminal; "
                             "--speed applies to the window only\n")


@pytest.mark.parametrize("speed", ["100", "0", "3", "0.3", "17", "-1", "nan", "inf", "fast"])
def test_a_speed_that_is_not_a_step_is_one_line_and_exit_2(speed, monkeypatch, capsys):
    code, out, err = practise(monkeypatch, capsys, f"--speed={speed}")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("ktane-congkak") and "is not an animation speed: give one of 0.25, 0.5, 1, 2, 4, 8, 16" in err


@pytest.mark.parametrize("argv", [["--mode", "zen", "--time", "90"], ["--mode", "zen", "--strikes", "2"]])
def test_zen_mode_refuses_a_countdown_or_a_strike_limit(argv, monkeypatch, capsys):
    code, out, err = practise(monkeypatch, capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and "zen mode has no countdown and no strike limit" in err


@pytest.mark.parametrize("time", ["3:75", "0:60", "1:60.0", "2:99", "1:-5", "-1:30", "1:2:3", ":30", "1:", "x", "0:00", "0"])
def test_a_bad_time_is_one_line_and_exit_2(time, monkeypatch, capsys):
    code, out, err = practise(monkeypatch, capsys, f"--time={time}")
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("ktane-congkak: practice: argument --time")
    if time in ("3:75", "0:60", "1:60.0", "2:99"):
        assert "in m:ss the seconds go from 00 to 59" in err


def test_the_help_lists_exactly_the_window_speeds(capsys):
    from ktane_congkak.cli import main
    from ktane_congkak.cli.practice import SPEED_STEPS

    assert SPEED_STEPS == ", ".join(f"{s:g}" for s in SPEEDS)
    with pytest.raises(SystemExit):
        main(["practice", "--help"])
    assert "one of 0.25, 0.5, 1, 2, 4, 8, 16" in " ".join(capsys.readouterr().out.split())


def test_the_help_gives_the_window_s_own_default_size(capsys):
    from ktane_congkak.cli import main
    from ktane_congkak.cli.practice import DEFAULT_WINDOW_SIZE
    from ktane_congkak.practice.window import DEFAULT_SIZE

    assert DEFAULT_WINDOW_SIZE == "{}x{}".format(*DEFAULT_SIZE)
    with pytest.raises(SystemExit):
        main(["practice", "--help"])
    assert "(default 900x600; it can be resized)" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("argv, expected", [
    ([], dict(mode="zen", time_limit=300.0, strike_limit=3, speed=None)),
    (["--mode", "timed", "--time", "3:59.5", "--strikes", "2", "--speed", "0.25"],
     dict(mode="timed", time_limit=239.5, strike_limit=2, speed=0.25)),
    # a countdown or a strike limit given alone means a timed bomb
    (["--time", "90", "--speed", "16"], dict(mode="timed", time_limit=90.0, strike_limit=3, speed=16.0)),
    (["--time", "0:59", "--speed", "1.0"], dict(mode="timed", time_limit=59.0, strike_limit=3, speed=1.0)),
    (["--strikes", "1"], dict(mode="timed", time_limit=300.0, strike_limit=1, speed=None)),
    (["--size", "1280x800", "--mute"], dict(mode="zen", time_limit=300.0, strike_limit=3, speed=None,
                                            size=(1280, 800), muted=True)),
    (["--labels"], dict(mode="zen", time_limit=300.0, strike_limit=3, speed=None, labels=True)),
    (["--mode", "timed", "--sowing", "on", "--keep"], dict(mode="timed", time_limit=300.0, strike_limit=3, speed=None,
                                                          sowing=True, keep=True)),
])
def test_the_window_gets_the_options_given_and_the_defaults(argv, expected, monkeypatch, capsys):
    from ktane_congkak.practice import window  # the package: the command line imports run_practice from it

    got = {}
    monkeypatch.setattr(window, "run_practice", lambda module, **kw: got.update(kw) or 0)
    code, _, err = practise(monkeypatch, capsys, *argv, display=True)
    assert code == 0 and err == ""
    assert got == dict({"sowing": None, "keep": False}, **expected, commands=None)
