"""The drill's window under Xvfb: answers by script and by key, the verdict's colour, the clock, the chart, read by pixel."""

from __future__ import annotations

import io

import pytest

from ktane_congkak.core.rules import load_ruleset
from ktane_congkak.errors import UserError
from ktane_congkak.drill.session import Drill, SeedBoards, progress
from ktane_congkak.drill.window import BANNER, CHART, RIGHT_COLOUR, WRONG_COLOUR, DrillWindow, parse_script
from ktane_congkak.paper.chart import DARK, Chart
from conftest import need_display

ACCURACY_COLOUR, TIME_COLOUR, AXIS_COLOUR = DARK.line, DARK.bar, DARK.axis


@pytest.fixture
def make_view():
    need_display()
    views = []

    def make(count=3, past=(), seed="window"):
        views.append(DrillWindow(Drill(SeedBoards(load_ruleset("module"), seed), count=count, past=list(past))))
        return views[-1]

    yield make
    for view in views:
        view.close()


def pixel(view, x, y):
    view.render()
    return view.read_pixels(int(x), int(y), 1, 1)[0][0]


def near(colour, target, tolerance=8):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


def banner_colour(view):
    return pixel(view, BANNER[0] + BANNER[2] - 10, BANNER[1] + BANNER[3] / 2)


def test_a_script_answers_times_and_colours_the_verdict(make_view):
    view = make_view()
    board = view.drill.board
    wrong = next(h for h in range(1, 8) if h not in board.answer)
    view.render()
    assert view.header.text == "Board 1 of 3: #window-1"
    assert view.run_script(parse_script(f"wait 12.5; {wrong}", 7))
    assert near(banner_colour(view), WRONG_COLOUR)  # banner_colour draws a frame
    assert view.drill.answers[-1].seconds == 12.5 and not view.drill.answers[-1].right
    assert view.header.text == "Board 1 of 3: #window-1"  # still the board answered
    view.run_script(parse_script("next", 7))
    view.render()
    assert view.header.text.startswith("Board 2 of 3: #window-")  # the missed kind may skip draws
    right = view.drill.board.answer[0]
    view.run_script(parse_script(f"hole {right}", 7))
    assert near(banner_colour(view), RIGHT_COLOUR) and view.drill.answers[-1].right
    assert view.body.text.startswith(f"Hole {right} solves")


def test_keys_type_the_hole(make_view):
    from pyglet.window import key

    view = make_view(count=1)
    right = view.drill.board.answer[0]
    view.on_key_press(key._9, 0)
    view.on_key_press(key.ENTER, 0)  # 9 is no hole: cleared, nothing graded, and said
    assert view.drill.answers == [] and view.typed == ""
    view.render()
    assert view.prompt.text == "Hole (1-7): _   (9 is not a hole: your holes are 1 to 7)"
    view.on_key_press(getattr(key, f"_{right}"), 0)
    view.render()
    assert view.prompt.text == f"Hole (1-7): {right}_"
    view.on_key_press(key.RETURN, 0)
    assert view.drill.answers[-1].hole == right and view.phase == "verdict"
    view.on_key_press(key.RETURN, 0)  # the last board: the end screen
    view.render()
    assert view.phase == "end" and view.header.text == "Score: 1/1"


def test_the_end_screen_draws_the_chart(make_view):
    past = [{"started": "2026-11-01T10:00:00", "boards": 4, "right": 4, "median": 30.0, "seconds": 120.0}]
    view = make_view(count=1, past=past)
    view.run_script(parse_script("wait 10; 1; end", 7))
    left, bottom, width, height = CHART
    first, second = Chart.columns(len(progress(view.sessions())))
    bar = 0.6 / 2  # a bar's width, a share of the plot: 0.6 of one of two columns
    # The first session (all right) has its dot at the top; its bar is 30 of 30 s high.
    assert near(pixel(view, left + first * width, bottom + height - 1), ACCURACY_COLOUR)
    assert near(pixel(view, left + (first - bar / 2) * width + 3, bottom + height / 4), TIME_COLOUR)
    # This session's bar: 10 s of 30 s, so a third of the height and no more.
    x = left + (second - bar / 2) * width + 3
    assert near(pixel(view, x, bottom + height * 0.3), TIME_COLOUR)
    assert not near(pixel(view, x, bottom + height * 0.37), TIME_COLOUR)


def test_an_end_before_any_answer_draws_no_empty_chart(make_view):
    """The first drill, ended at once: words, not "Score: 0/0" and a chart of no sessions."""
    view = make_view(count=1)
    left, bottom, width, height = CHART
    view.run_script(parse_script("end", 7))

    def axis(v):  # the left axis, one pixel wide about x = left
        return any(near(pixel(v, x, bottom + height / 2), AXIS_COLOUR) for x in (left - 1, left, left + 1))

    assert not axis(view)
    assert view.header.text == "No board answered: nothing to score."
    assert "No drill sessions yet" in view.body.text
    answered = make_view(count=1)
    answered.run_script(parse_script("1; end", 7))
    assert axis(answered)  # the chart, once there is a session


def test_bad_scripts_are_one_clear_error(tmp_path):
    for bad, message in (("8", "not a drill command"), ("wait soon", '"wait" needs a number of seconds'), ("screenshot x.jpg", "PNG files"),
                         (f"screenshot {tmp_path}/none/x.png", "folder .*none does not exist"), ("hint", "not a drill command")):
        with pytest.raises(UserError, match=message):
            parse_script(bad, 7)


def test_a_long_verdict_scrolls(make_view):
    from pyglet.window import key

    from ktane_congkak.drill.window import TRACE_LINES

    view = make_view(count=1, seed="club")  # #club-1: the best turn relays 10 times
    view.run_script(parse_script("4", 7))
    view.render()
    lines = view.rows
    assert len(lines) > TRACE_LINES + 5 and view.body.text.endswith("  ...")
    for _ in range(len(lines)):  # scrolls no further than the last line
        view.on_key_press(key.DOWN, 0)
    view.render()
    assert view.body.text.endswith(lines[-1]) and view.scroll == len(lines) - TRACE_LINES
    view.on_key_press(key.UP, 0)
    view.render()
    assert not view.body.text.endswith(lines[-1])


def test_a_long_trace_line_wraps_under_itself(make_view):
    """The window wraps the trace itself, each long line going on indented under its own
    text: pyglet adds no row of its own (its wraps would start at the left edge)."""
    import pyglet

    from ktane_congkak.drill.window import BODY_SIZE, FONT, TRACE_LINES, WIDTH

    view = make_view(count=1, seed="club")
    view.run_script(parse_script("4", 7))
    view.render()
    rows = view.rows
    assert view.columns > 60 and all(len(row) <= view.columns for row in rows)
    drops = next(i for i, row in enumerate(rows) if row.lstrip().startswith("drop") and
                 rows[i + 1].startswith(" " * (len(row) - len(row.lstrip()) + 4)))  # a continued row
    assert rows[drops + 1].strip() and not rows[drops + 1].lstrip().startswith(("drop", "Relay", "End"))
    shown = view.body.text.split("\n")
    same = pyglet.text.Label("\n".join("x" * len(shown)), font_name=FONT, font_size=BODY_SIZE,
                             multiline=True, width=WIDTH - 40)
    assert len(shown) == TRACE_LINES + 1 and view.body.content_height == same.content_height


def test_practice_mode_drill_opens_the_drill_window(tmp_path, monkeypatch):
    """`practice --mode drill`: the drill as a mode of practice, in the drill's window."""
    import yaml

    from ktane_congkak.cli import main

    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path / "data"))
    shot = tmp_path / "drill.png"
    assert main(["practice", "--mode", "drill", "--seed", "mode", "--count", "2",
                 "--commands", f"1; screenshot {shot}; quit"]) == 0
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    (session,) = yaml.safe_load((tmp_path / "data" / "drill.yaml").read_text())["sessions"]
    assert session["boards"] == 1 and session["source"] == "seed mode"


def test_a_commands_script_is_kept_marked_and_not_counted_as_the_experts_drill(tmp_path, monkeypatch, capsys):
    """A scripted drill window (its answers timed by the script's waits) was saved as the
    expert's own: `--summary`, the chart and the kinds the drill returns to all counted it."""
    import yaml

    from ktane_congkak.cli import main
    from ktane_congkak.drill import session as drills

    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path / "data"))
    assert main(["drill", "--window", "--seed", "club", "--count", "2", "--commands", "3; wait 1; next; 4; quit"]) == 0
    (session,) = yaml.safe_load((tmp_path / "data" / "drill.yaml").read_text())["sessions"]
    assert session["boards"] == 2 and session["scripted"] is True  # kept, marked
    assert drills.load() == ([], None)
    capsys.readouterr()
    assert main(["drill", "--summary"]) == 0
    assert capsys.readouterr().out == "No drill sessions yet.\n"
    monkeypatch.setattr("sys.stdin", io.StringIO("7\n"))
    assert main(["drill", "--seed", "club", "--count", "1", "--keep"]) == 0  # piped, but kept as the expert's own: counted
    capsys.readouterr()
    assert main(["drill", "--summary"]) == 0
    assert capsys.readouterr().out.startswith("1 session, 1 board: 1/1 right (100%)")


def test_the_drill_window_takes_a_size_and_scales_its_layout(tmp_path, monkeypatch):
    """`drill --window --size`: the window at that size, its layout (900x640) scaled to fit."""
    from ktane_congkak.cli import main
    from ktane_congkak.cli.drill import DEFAULT_WINDOW_SIZE
    from ktane_congkak.drill import window as drill_window

    need_display()
    assert DEFAULT_WINDOW_SIZE == f"{drill_window.WIDTH}x{drill_window.HEIGHT}"
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path))
    shot = tmp_path / "big.png"
    assert main(["drill", "--window", "--seed", "club", "--count", "1", "--size", "1350x960",
                 "--commands", f"screenshot {shot}; quit"]) == 0
    import pyglet

    image = pyglet.image.load(str(shot))
    assert (image.width, image.height) == (1350, 960)
    view = drill_window.DrillWindow(Drill(SeedBoards(load_ruleset("module"), "club"), count=1), size=(1350, 960))
    try:
        assert view.k == 1.5 and view.header.font_size == 21 and view.at(20, 0) == (30, 0)
        plain = drill_window.DrillWindow(Drill(SeedBoards(load_ruleset("module"), "club"), count=1))
        assert abs(view.columns - plain.columns) <= 1  # the trace wraps at the same words
        plain.close()
    finally:
        view.close()
