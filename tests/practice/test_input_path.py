"""One input path: keys, clicks, typed lines and scripts all become commands for
`PracticeSession.run`; the session cycles, restarts and reports its own end."""

from __future__ import annotations


import pytest

from ktane_congkak.core.evaluate import VERDICT_WORDS
from ktane_congkak.core.module import LIGHT_OFF, LIGHT_SOLVE, LIGHT_STATES, LIGHT_STRIKE, CongkakModule
from ktane_congkak.core.rules import load_ruleset
from ktane_congkak.errors import UserError
from ktane_congkak.paper import layout
from ktane_congkak.practice.commands import WINDOW_COMMANDS, KEYS, TOO_MANY, help_lines, key_help, parse_command
from ktane_congkak.practice.terminal import LIGHT_WORDS
from ktane_congkak.practice.pointer import CYCLE_SECONDS
from ktane_congkak.practice.session import EXPLODED, STOPPED, TIMED, PracticeSession

from conftest import VERDICTS, need_display



def session(**options):
    return PracticeSession(CongkakModule(seed=4, board=VERDICTS), **options)


def test_run_presses_and_reports_the_end_once():
    ends = []
    s = session(mode=TIMED, strike_limit=1, on_end=ends.append)
    reply = s.run("hole 3 4")
    assert reply.lines == [TOO_MANY] and reply.press is None and s.module.strikes == 0
    reply = s.run("!1 press 1")
    assert reply.press.verdict == "strike" and s.ended == EXPLODED and ends == [s]
    assert "over" in s.run("hole 4").lines[0] and not s.module.solved
    s.run("end")
    s.tick(5)
    assert ends == [s]  # told once
    assert s.run("end").quit


def test_new_after_the_end_restarts_the_session_in_place():
    ends = []
    s = session(mode=TIMED, strike_limit=1, on_end=ends.append)
    s.run("hole 5")
    assert s.ended == EXPLODED
    board = s.module.board
    reply = s.run("new")
    assert reply.board and s.ended is None and s.module.strikes == 0 and s.module.board != board
    assert s.mode == TIMED and s.strike_limit == 1 and s.clock.text() == "5:00"
    s.run("quit")
    assert s.ended == STOPPED and ends == [s, s]  # the listener stays with the restarted session


def test_cycle_lives_in_the_session_and_runs_on_its_clock():
    s = session()
    s.run("cycle")
    seen = [s.module.highlighted]
    for _ in range(14):
        s.tick(CYCLE_SECONDS)
        seen.append(s.module.highlighted)
    assert seen == list(range(1, 15)) + [None] and not s.cycling
    s.run("cycle")
    s.tick(CYCLE_SECONDS * 2.5)
    s.run("highlight 9")  # pointing stops the cycle
    s.tick(CYCLE_SECONDS * 3)
    assert s.module.highlighted == 9


def test_the_help_and_the_key_help_come_from_one_table():
    lines = help_lines()
    for _, command, _ in KEYS:
        name = command.split()[0]
        if name not in WINDOW_COMMANDS:  # the window's own (mute, labels)
            assert any(line.startswith(name) for line in lines)
            assert parse_command(command.replace("N", "1").replace("D", "up")).name == name
    assert " ".join(key_help()).count("  ") >= len(KEYS) - len(key_help())  # every key, packed


@pytest.fixture
def window():
    need_display()
    from ktane_congkak.practice.window import PracticeWindow

    view = PracticeWindow(session())
    yield view
    view.close()


def test_keys_and_clicks_reach_the_session_only_through_run(window):
    from pyglet.window import key

    typed = []
    real = window.session.run
    window.session.run = lambda command: (typed.append(str(command)), real(command))[1]
    for symbol in (key._4, key.SPACE, key.TAB, key.RETURN, key.PLUS, key.MINUS, key.N, key.R, key.H, key.L):
        window.on_key_press(symbol, 0)
    window.on_mouse_press(*window.spot_centre(9), 1, 0)  # an opponent's hole: refused with the range
    assert window.session.message == "Position 9 is the opponent's hole: your holes are 1 to 7"
    window.on_key_press(key.ESCAPE, 0)
    assert typed == ["hole 4", "skip", "move next", "select", "faster", "slower", "new", "again", "answer", "log",
                     "hole 9", "end"]
    assert window.session.solves == 1 and window.session.ended == STOPPED


def test_the_ranges_shown_follow_the_ruleset():
    """A 6-hole ruleset's help, key help and refusals name holes 1-6 and positions 1-12."""
    rules = load_ruleset("mancala")
    s = PracticeSession(CongkakModule(seed=4, rules=rules))
    help_panel = s.panel_lines("help")
    assert help_panel[1].startswith("1-6 press a hole") and "1-7" not in " ".join(help_panel)
    assert key_help()[0].startswith("1-7 press a hole")  # the default ruleset's
    with pytest.raises(UserError, match='try "hole 1-6", "highlight 1-12"'):
        parse_command("jump", rules.holes_per_side)


def test_a_press_says_the_core_verdict_headline_and_lights_a_core_state():
    lights = set()
    for hole in (1, 2, 5, 4):  # strike, continue, empty, solve
        s = session(live=False)
        reply = s.run(f"hole {hole}")
        assert reply.lines[0].startswith(f"Hole {hole}: {VERDICT_WORDS[reply.press.verdict].headline}")
        lights.add(s.light)
    assert lights == {LIGHT_STRIKE, LIGHT_OFF, LIGHT_SOLVE}  # a strike flashes; going on leaves it off
    assert set(LIGHT_WORDS) == set(LIGHT_STATES) == set(layout.LIGHT_COLOURS)
