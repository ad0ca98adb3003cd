"""Terminal practice: the same session as the window, its strike limit, timer and Twitch Plays handling."""

from __future__ import annotations

import io

from ktane_congkak.core.module import CongkakModule
from ktane_congkak.practice.session import EXPLODED, TIMED, PracticeSession
from ktane_congkak.core.text import fit
from ktane_congkak.practice.terminal import UNREAD, Terminal, draw, legend, play

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
    assert "Hole 5" not in out.split("Boards played")[0]  # the bomb says nothing at a press, as the module
    assert "The bomb exploded\nTime left 4:59\nTime used 0:01\n0 boards solved of 1 seen, 1 strike" in out
    assert f"1. {CongkakModule(board=VERDICTS).puzzle_id}: hole 5 scored 0; the most, 29, at hole 4" in out
    assert not session.module.solved  # hole 4 was not pressed: piped commands stop at the bomb's end
    assert session.ended == EXPLODED and out.rstrip().endswith(UNREAD)
    assert '"new": practise again' not in out  # the program stops: no "how to go on"


def test_zen_mode_has_no_strike_limit():
    out, session = practise([(0, "hole 5"), (0, "again"), (0, "hole 5"), (0, "again"), (0, "hole 5")])
    assert session.module.strikes == 3 and "exploded" not in out and out.count("Strike: that hole is empty") == 3


def test_the_timer_counts_down_between_commands_and_explodes_at_zero():
    out, session = practise([(4, "board"), (7, "hole 4"), (0, "quit")], mode=TIMED, time_limit=10, strike_limit=3)
    assert "Timed bomb  0:06 left  0 boards solved, 0 of 3 strikes" in out  # the board drawn 4 s in
    assert "The bomb exploded\nTime left 0:00\nTime used 0:10" in out  # the time ran out before hole 4 came
    assert not session.module.solved and session.ended == EXPLODED and session.record()["seconds"] == 10


def test_a_solve_in_timed_mode_defuses_the_bomb():
    out, session = practise([(2, "hole 4")], mode=TIMED, time_limit=60)
    assert "Hole 4" not in out.split("Defused!")[0] and "Defused!\nTime left 0:58\nTime used 0:02" in out


def test_a_solve_says_how_to_go_on():
    out, _ = practise([(0, "hole 4"), (0, "hole 1"), (0, "new")])
    assert 'Hole 4: Solved! "new" for a new board, "again" to try it again (that board was' in out
    assert 'Solved. "new" for a new board' in out  # the next press is refused the same way
    assert out.count("Zen practice  ") == 2 and out.count("c1-") == 2  # the ID once the board is over (and summed up)


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
    drawings = out.split("Zen practice  ")
    assert len(drawings) == 3  # at the start and on "board"
    assert "[screen 11]" in drawings[2] and "oooooooo+" in drawings[2] and legend() in drawings[2]
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
        play(session, stream=stream, out=out, clock=lambda: stream.now, keep_history=True, keep=True)  # noqa: B023 (played here)
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


def test_after_the_bomb_explodes_on_a_press_no_next_board_is_drawn():
    """The strike that explodes the bomb deals the next board inside the module; the
    player never sees it, so the terminal draws none after the verdict."""
    out, session = practise([(0, "hole 1"), (0, "hole 2")], mode=TIMED, strike_limit=1)  # hole 1: a minimum strike
    assert session.ended == EXPLODED and session.module.strikes == 1 and session.module.puzzles == 2
    assert out.count("Timed bomb  ") == 1 and "The bomb exploded" in out  # the first board only
    assert "of 1 seen" in out and session.record()["boards"] == 1  # the one the player saw


def test_piped_commands_after_a_defused_bomb_are_not_run():
    out, session = practise([(0, "hole 4"), (0, "new"), (0, "hole 1")], mode=TIMED)
    assert session.ended == "defused" and "A new session" not in out and "Hole 1" not in out
    assert out.rstrip().endswith(UNREAD) and session.solves == 1


def test_the_time_running_out_between_piped_commands_stops_them_too():
    out, session = practise([(20, "new"), (0, "hole 1")], mode=TIMED, time_limit=10)
    assert session.ended == EXPLODED and "Hole 1" not in out and "A new board" not in out
    assert out.rstrip().endswith(UNREAD)


def test_again_before_any_press_is_not_another_board_seen():
    out, session = practise([(0, "again"), (0, "again"), (0, "quit")])
    assert session.module.puzzles == 1 and "of 1 seen" in out and "The same board again" not in out


def test_again_after_a_press_deals_the_board_again():
    _, session = practise([(0, "hole 2"), (0, "again"), (0, "quit")])
    assert session.module.puzzles == 3 and list(session.module.board) == list(VERDICTS)


def test_a_set_s_first_board_is_announced_like_the_others():
    boards = [VERDICTS, (4,) * 7 + (21,) + (4,) * 7 + (21,)]
    stream, out = TimedInput([(0, "new"), (0, "new"), (0, "quit")]), io.StringIO()
    session = PracticeSession(CongkakModule(seed=4, boards=boards), live=False)
    play(session, stream=stream, out=out, clock=lambda: stream.now)
    text = out.getvalue()
    assert text.startswith("Board 1 of 2 of the set\n")
    assert "Board 2 of 2 of the set" in text and "The set starts again: board 1 of 2" in text
    assert session.message == "" or "board" in session.message.lower()


def test_the_terminal_log_is_the_module_s_log_of_the_boards_over_and_the_window_s_in_sentences():
    """No count of the board being played is printed (its log lines spell them): the log
    comes up to its start; once it is over, all of it. The window's panel tells each board."""
    out, session = practise([(0, "new")] * 5 + [(0, "hole 1"), (0, "log"), (0, "quit")])
    log, start = session.module.log, session.module.board_log_start
    assert len(log[:start]) > 20 and not session.module.solved
    printed = out.split("Log:\n", 1)[1]
    assert printed.startswith(log[0] + "\n") and all(line in printed for line in log[:start])
    assert not any(line in printed for line in log[start:])
    window = PracticeSession(CongkakModule(seed=4, board=VERDICTS), live=True)
    assert window.panel_lines("log")[:2] == ["Log:", "Board 1 is on the module: its ID comes once it is over."]
    window.press(1)
    lines = window.panel_lines("log")
    assert lines[1].startswith(f"Board 1 ({CongkakModule(board=VERDICTS).puzzle_id}): you pressed hole 1, ")
    assert lines[2] == "Board 2 is on the module: its ID comes once it is over."


def test_the_timed_prompt_shows_the_time_left():
    class Typed(TimedInput):
        def isatty(self):
            return True

    stream, out = Typed([(7, "board"), (0, "quit")]), io.StringIO()
    session = PracticeSession(CongkakModule(seed=4, board=VERDICTS), mode=TIMED, time_limit=60, live=False)
    terminal = Terminal(session, stream, out, prompt=True, clock=lambda: stream.now)
    terminal.read_line = lambda prompt="": stream.readline().rstrip("\n")  # no select() on a fake stream
    terminal.loop()
    assert "\n1:00 > " in out.getvalue() and "\n0:53 > " in out.getvalue()


def test_the_board_fits_80_columns_or_a_narrower_terminal_without_trailing_spaces(monkeypatch):
    session = PracticeSession(CongkakModule(seed=4, board=(9, 2, 0, 12, 1, 0, 3, 20, 0, 11, 1, 0, 0, 9, 9, 21)),
                              live=False)
    for columns, limit in (("200", 80), ("80", 80), ("72", 72), ("60", 60), ("40", 60)):
        monkeypatch.setenv("COLUMNS", columns)
        lines = draw(session)
        assert max(map(len, lines)) <= limit, columns
        assert all(line == line.rstrip() for line in lines)
        dots = min(8, (limit + 1) // 7 - 2)
        top_labels, top_seeds = lines[2], lines[3]
        assert top_labels.split() == [str(p) for p in range(8, 15)]
        assert top_seeds[dots + 2:2 * (dots + 2)].rstrip() == "o" * dots + "+"  # position 9: 11 seeds
        assert lines[5].split() == [str(p) for p in range(7, 0, -1)]


def test_empty_stores_leave_no_trailing_space(monkeypatch):
    """An empty store drew "your store: " with a space at its end."""
    monkeypatch.setenv("COLUMNS", "80")
    session = PracticeSession(CongkakModule(seed=4, board=(7,) * 7 + (0,) + (7,) * 7 + (0,)), live=False)
    lines = draw(session)
    assert all(line == line.rstrip() for line in lines)
    assert lines[6].endswith("your store:") and lines[1].startswith("opponent's store:")


def test_a_bomb_that_ends_on_the_last_command_leaves_nothing_unread():
    out, session = practise([(0, "hole 5")], mode=TIMED, strike_limit=1)
    assert session.ended == EXPLODED and UNREAD not in out and out.rstrip().endswith(session.board_lines()[-1])
    out, _ = practise([(0, "hole 5; board")], mode=TIMED, strike_limit=1)  # left on the same line
    assert out.rstrip().endswith(UNREAD)


def test_an_endless_input_of_blank_lines_after_the_bomb_s_end_does_not_hang_it():
    class Endless(TimedInput):
        def readline(self, size: int = -1) -> str:
            return super().readline(size) if self.steps else "\n"

    stream, out = Endless([(0, "hole 5")]), io.StringIO()
    session = PracticeSession(CongkakModule(seed=4, board=VERDICTS), mode=TIMED, strike_limit=1, live=False)
    assert play(session, stream=stream, out=out, clock=lambda: stream.now) == 0
    assert session.ended == EXPLODED and out.getvalue().rstrip().endswith(UNREAD)


def test_what_the_session_says_fits_the_width_too_and_the_module_s_log_stays_in_its_words(monkeypatch):
    """The board fitted 60 columns, but help, verdicts and the summary's "Log saved: PATH"
    ran past it; the module's log lines stay whole (they are copied into analysers)."""
    monkeypatch.setenv("COLUMNS", "60")
    out, session = practise([(0, "help"), (0, "hole 5"), (0, "answer"), (0, "hole 4"), (0, "log"), (0, "quit")])
    log = set(session.module.log)
    assert any(len(line) > 60 for line in log)  # the module's first "Total points gained ..." line
    assert all(line in out.splitlines() for line in log)
    assert [line for line in out.splitlines() if len(line) > 60 and line not in log] == []
    assert "highlight N: show the count of position N (1-14) on the\n  screen" in out
    path = "~/.local/share/ktane-congkak/practice-logs/practice-20261201-160130-2.log"
    assert fit([f"Log saved: {path}", "  short"], 80) == ["Log saved:", f"  {path}", "  short"]


def test_piped_commands_make_a_scripted_session_left_out_of_the_player_s_figures_unless_kept(tmp_path, monkeypatch):
    from ktane_congkak.practice.history import load_history, summary_lines

    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path))
    for keep in (False, True):
        stream, out = TimedInput([(1, "hole 5"), (0, "quit")]), io.StringIO()
        session = PracticeSession(CongkakModule(seed=4, board=VERDICTS), live=False)
        play(session, stream=stream, out=out, clock=lambda: stream.now, keep_history=True, keep=keep)  # noqa: B023
    sessions, _ = load_history(tmp_path / "history.yaml")
    assert [s.get("scripted") for s in sessions] == [True, None]  # a plain field of the entry
    assert len(summary_lines(sessions)) == 1  # the kept one only


def test_ctrl_c_at_the_prompt_ends_the_session_as_quit_does():
    class Interrupted(TimedInput):
        def readline(self, size: int = -1) -> str:
            if not self.steps:
                raise KeyboardInterrupt
            return super().readline(size)

    stream, out = Interrupted([(0, "hole 5")]), io.StringIO()
    session = PracticeSession(CongkakModule(seed=4, board=VERDICTS), live=False)
    assert play(session, stream=stream, out=out, clock=lambda: stream.now) == 0
    text = out.getvalue()
    assert session.ended == "stopped" and "Session over" in text and text.rstrip().endswith("bye")
