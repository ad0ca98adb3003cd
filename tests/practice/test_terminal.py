"""Terminal practice: the same session as the window, its strike limit, timer and Twitch Plays handling."""

from __future__ import annotations

import io

from ktane_congkak.core.module import CongkakModule
from ktane_congkak.practice.session import EXPLODED, TIMED, PracticeSession
from ktane_congkak.practice.terminal import LEGEND, play

from conftest import VERDICTS



class TimedInput:
    """Typed lines, each arriving a given number of seconds after the one before: the
    terminal's clock reads `now`, so time passes exactly as the test says."""

    def __init__(self, steps):
        self.steps = list(steps)
        self.now = 0.0

    def readline(self, size: int = -1) -> str:  # (size: as a real stream takes it; lines here are short)
        if not self.steps:
            return ""
        seconds, line = self.steps.pop(0)
        self.now += seconds
        return line + "\n"

    def isatty(self) -> bool:
        return False


def practise(steps, board=VERDICTS, **options) -> tuple[str, PracticeSession]:
    """Terminal practice on `board`, typing `steps`; what it printed, and its session."""
    stream, out = TimedInput(steps), io.StringIO()
    session = PracticeSession(CongkakModule(seed=4, board=board), live=False, **options)
    assert play(session, stream=stream, out=out, clock=lambda: stream.now) == 0
    return out.getvalue(), session


def test_the_bomb_explodes_at_the_strike_limit_and_the_session_ends_with_its_summary():
    out, session = practise([(1, "hole 5"), (1, "hole 4"), (1, "quit")], mode=TIMED, strike_limit=1)
    assert "Hole 5: Strike: that hole is empty" in out
    assert "The bomb exploded\nTime left 4:59\nTime used 0:01\nStrikes 1\nBoards seen 1\nSolved 0" in out
    assert "The session is over" in out and not session.module.solved  # hole 4 was not pressed
    assert session.ended == EXPLODED and out.rstrip().endswith("bye")


def test_zen_mode_has_no_strike_limit():
    out, session = practise([(0, "hole 5"), (0, "again"), (0, "hole 5"), (0, "again"), (0, "hole 5")])
    assert session.module.strikes == 3 and "exploded" not in out and out.count("Strike: that hole is empty") == 3


def test_the_timer_counts_down_between_commands_and_explodes_at_zero():
    out, session = practise([(4, "board"), (7, "hole 4"), (0, "quit")], mode=TIMED, time_limit=10, strike_limit=3)
    assert "Timed  0:06" in out  # the board drawn 4 s in
    assert "The bomb exploded\nTime left 0:00\nTime used 0:10" in out  # the time ran out before hole 4 came
    assert not session.module.solved and session.ended == EXPLODED and session.record()["seconds"] == 10


def test_a_solve_in_timed_mode_defuses_the_bomb():
    out, session = practise([(2, "hole 4")], mode=TIMED, time_limit=60)
    assert "Hole 4: Solved!" in out and "Defused!\nTime left 0:58\nTime used 0:02" in out


def test_a_solve_says_how_to_go_on():
    out, _ = practise([(0, "hole 4"), (0, "hole 1"), (0, "new")])
    assert 'Hole 4: Solved! "new" for a new board, "again" to try it again' in out
    assert 'Solved. "new" for a new board' in out  # the next press is refused the same way
    assert out.count("Puzzle c1-") == 2


def test_too_many_parameters_presses_nothing():
    out, session = practise([(0, "hole 3 4"), (0, "!1 press 4 now"), (0, "cycle 2"), (0, "new board")])
    assert out.count("Too many parameters!") == 4
    assert len(session.module.log) == len(CongkakModule(seed=4, board=VERDICTS).log)  # no press was logged
    assert session.module.puzzles == 1
    assert session.module.board == VERDICTS and session.module.strikes == 0


def test_out_of_range_positions_are_refused_with_the_range():
    out, session = practise([(0, "hole 9"), (0, "hole 0"), (0, "highlight 15"), (0, "!1 hole 4")])
    assert "Position 9 is the opponent's hole: your holes are 1 to 7" in out
    assert '"hole" needs a number from 1 to 7' in out and '"highlight" needs a number from 1 to 14' in out
    assert "Hole 4: Solved!" in out and session.module.strikes == 0


def test_board_redraws_the_board_with_the_highlight_and_explains_the_plus():
    out, _ = practise([(0, "highlight 11"), (0, "board")])
    drawings = out.split("Puzzle c1-")
    assert len(drawings) == 3  # at the start and on "board"
    assert "[screen 11]" in drawings[2] and "11:oooooooo+" in drawings[2] and LEGEND in drawings[2]
    assert "[screen   ]" in drawings[1]


def test_help_lists_every_command_press_and_the_twitch_prefix():
    out, _ = practise([(0, "help")])
    for text in ("hole N (or press N, play N)", "highlight N", "cycle", "new", "again", "answer", "board", "log",
                 "help", "quit", '"!1"'):
        assert text in out
    assert "faster" not in out and "wait S" not in out  # nothing animates in the terminal; no scripts here


def test_cycle_reads_every_position_and_clears_the_highlight():
    out, session = practise([(0, "cycle")])
    for position, count in enumerate(VERDICTS[:7] + VERDICTS[8:15], 1):
        assert f"Position {position}: the screen shows {count:02d}" in out
    assert session.module.highlighted is None


def test_terminal_sessions_join_the_history_and_the_summary_shows_the_recent_ones(tmp_path, monkeypatch):
    from ktane_congkak.practice.history import load_history

    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path))
    for _ in range(2):
        stream, out = TimedInput([(3, "hole 5"), (1, "quit")]), io.StringIO()
        session = PracticeSession(CongkakModule(seed=4, board=VERDICTS), TIMED, live=False, strike_limit=3)
        play(session, stream=stream, out=out, clock=lambda: stream.now, keep_history=True)
    sessions, warning = load_history(tmp_path / "history.yaml")
    assert warning is None and [(s["mode"], s["result"], s["strikes"], s["seconds"]) for s in sessions] == \
        [("timed", "stopped", 1, 4.0)] * 2
    text = out.getvalue()
    assert "Recent sessions:" in text and text.count("timed stopped") == 2 and text.rstrip().endswith("bye")


def test_the_window_s_animation_commands_say_the_terminal_has_none():
    """"faster", "slower" and "skip" typed in the terminal: said to be the window's, no speed
    announced (nothing animates here), nothing pressed."""
    out, session = practise([(0, "faster"), (0, "skip"), (0, "slower")])
    for name in ("faster", "skip", "slower"):
        assert f'"{name}" is for the window\'s animation: here every turn is played at once' in out
    assert "Animation speed" not in out and session.module.strikes == 0


def test_move_says_where_the_pointer_went_and_select_presses_that_hole():
    """The window draws the pointer; the terminal says where `move` took it, so `select`
    presses a hole the player was told about."""
    out, session = practise([(0, "move right"), (0, "move left"), (0, "move up"), (0, "select"),
                             (0, "move down"), (0, "select"), (0, "quit")])
    lines = out.splitlines()
    said = [line for line in lines if line.startswith(("Pointer", "Point at", "Hole"))]
    assert said == ["Pointer on position 1: the screen shows 02; select presses hole 1",
                    "Pointer on position 2: the screen shows 03; select presses hole 2",
                    "Pointer on position 13: the screen shows 00; select presses only your holes 1-7",
                    "Point at one of your holes 1-7 first",
                    "Pointer on position 2: the screen shows 03; select presses hole 2",
                    said[-1]]
    assert said[-1].startswith("Hole 2: ") and session.module.puzzles == 2  # hole 2 goes on: pressed
