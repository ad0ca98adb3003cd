"""The practice window's end screen: this session's line and chart beside the recent ones; S opens the record."""

from __future__ import annotations

import pytest

from conftest import VERDICTS, practice_window, show_session
from test_window_bomb import resize
from ktane_congkak.files import dump_yaml
from ktane_congkak.paper.chart import DARK
from ktane_congkak.practice.history import save_history
from ktane_congkak.practice.window.progress import DRAWING, PLOT

PAST = [{"started": f"2026-11-{day:02d}T20:00:00", "mode": "zen", "result": "stopped", "seconds": seconds,
         "strikes": 0, "boards": 2, "solves": 2} for day, seconds in ((1, 300.0), (2, 240.0), (3, 200.0))]


@pytest.fixture(scope="module")
def view():
    yield from practice_window(VERDICTS)


def pixel(view, x, y):
    view.render()
    return tuple(view.read_pixels(int(x), int(y), 1, 1)[0][0][:3])


def near(colour, target, tolerance=10):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


def ended_session(view, tmp_path, monkeypatch):
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path))
    (tmp_path / "history.yaml").write_text(dump_yaml({"sessions": PAST}))
    session = show_session(view, VERDICTS)
    view.on_end = save_history
    session.run("hole 4")  # the example board's solving hole
    session.tick(60.0)  # a minute in all: 1:00 a board, faster than the three before (2:30, 2:00, 1:40)
    session.run("end")
    view.render()
    return session


def test_the_end_screen_says_this_session_beside_the_others_and_draws_them(view, tmp_path, monkeypatch):
    session = ended_session(view, tmp_path, monkeypatch)
    texts = [text.replace("\u00a0", " ") for text, *_ in view.text_boxes()]
    assert "1:00 a board, your best yet" in texts and "S: your record" in " ".join(texts)
    # The chart: four bars (three before, this one), in the chart's colour; this session's the lowest.
    k = view.scale
    left = (view.window.width - DRAWING[0] * k) / 2
    plot_bottom = view.oy + 16 * k + (DRAWING[1] - PLOT[1] - PLOT[3]) * k
    columns = [left + (PLOT[0] + PLOT[2] * (i + 0.5) / 4) * k for i in range(4)]
    assert all(near(pixel(view, x, plot_bottom + 4 * k), DARK.bar) for x in columns)
    heights = [sum(near(pixel(view, x, plot_bottom + y * k), DARK.bar) for y in range(2, PLOT[3], 3)) for x in columns]
    assert heights[0] > heights[1] > heights[2] > heights[3] > 0
    assert session.history[-1]["seconds"] == 60.0


def test_s_opens_the_record_and_s_again_closes_it(view, tmp_path, monkeypatch):
    session = ended_session(view, tmp_path, monkeypatch)
    session.run("summary")
    view.render()
    texts = [text for text, *_ in view.text_boxes()]
    assert texts[0] == "Practice: 4 sessions, 7 boards" and any(t.startswith("zen: best time a board") for t in texts)
    session.run("summary")
    view.render()
    assert "1:00 a board, your best yet" in [text for text, *_ in view.text_boxes()]


def test_a_session_without_a_solve_says_its_score_once_and_its_keys_wrap_between_entries(view, tmp_path, monkeypatch):
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path))
    (tmp_path / "history.yaml").write_text(dump_yaml({"sessions": PAST}))
    resize(view, 720, 1100)
    try:
        session = show_session(view, VERDICTS)
        view.on_end = save_history
        session.run("hole 1")  # a strike; zen deals the next board
        session.run("end")
        view.render()
        texts = [text.replace("\u00a0", " ").strip() for text, *_ in view.text_boxes()]
        assert "0 boards solved of 2 seen, 1 strike" in texts and not any("No board solved" in t for t in texts)
        keys = texts[texts.index("N: practise again   S: your record"):][:2]  # too wide for one row at 720
        assert keys == ["N: practise again   S: your record", "Esc: quit"]
    finally:
        resize(view, 900, 600)
