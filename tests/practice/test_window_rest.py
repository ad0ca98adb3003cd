"""Idle windows rest: a frame is drawn after input and when the picture changes (the clock's
second, an animation's every frame), never 60 times a second of nothing."""

from __future__ import annotations

import pytest

from ktane_congkak.pyglet_view import FRAME_SECONDS, STIRRING_EVENTS

from conftest import VERDICTS, practice_window, show_session

SECOND = round(1 / FRAME_SECONDS)  # frames in a second


@pytest.fixture(scope="module")
def view():
    for window in practice_window(VERDICTS):
        window.wake_on_input()  # as its event loop does
        yield window


def frames_drawn(view, monkeypatch, frames: int) -> int:
    """How many of `frames` frame-times passing the window draws (its event loop's step)."""
    drawn = []
    monkeypatch.setattr(view.window, "draw", lambda dt: drawn.append(dt))
    for _ in range(frames):
        view._next_frame(FRAME_SECONDS)
    return len(drawn)


def test_an_idle_practice_window_draws_once_a_second_for_its_clock(view, monkeypatch):
    session = show_session(view, VERDICTS)
    view.stirred = True  # as a new window is: its first frame
    assert frames_drawn(view, monkeypatch, 1) == 1
    assert frames_drawn(view, monkeypatch, 3 * SECOND) == 3  # 0:01, 0:02, 0:03
    assert session.clock.text() == "0:03"


def test_input_draws_a_frame_and_an_animation_every_frame(view, monkeypatch):
    session = show_session(view, VERDICTS)
    frames_drawn(view, monkeypatch, 2)
    view.window.dispatch_event("on_mouse_motion", 0, 0, 1, 1)  # through pyglet, as a pointer moves
    view.window.dispatch_pending_events()  # (outside pyglet's event loop events wait in a queue)
    assert frames_drawn(view, monkeypatch, 1) == 1
    session.run("hole 2")  # continues: your turn and the reply are played seed by seed
    assert session.animating
    assert frames_drawn(view, monkeypatch, 10) == 10
    session.run("skip")
    frames_drawn(view, monkeypatch, 2)
    assert not session.animating and frames_drawn(view, monkeypatch, SECOND // 2) <= 1


def test_every_stirring_event_is_one_pyglet_knows():
    from pyglet.window import Window

    assert set(STIRRING_EVENTS) <= set(Window.event_types)


def test_an_idle_game_window_draws_only_when_its_texts_change(game_window, monkeypatch):
    from ktane_congkak.games.game import Game

    view = game_window(Game("congkak"), opponent="greedy")
    view.stirred = True
    assert frames_drawn(view, monkeypatch, 1) == 1
    assert frames_drawn(view, monkeypatch, 3 * SECOND) == 0  # nobody to move but you: nothing changes
    from ktane_congkak.games.commands import parse_script

    view.run_script(parse_script("4"))  # your move is played seed by seed: every frame
    assert frames_drawn(view, monkeypatch, 10) == 10


def looks_and_frames(view, monkeypatch, seconds: float) -> tuple[int, int]:
    """The event loop's looks at the window (each wakes the process) and the frames drawn in
    `seconds` of an idle window, each look after the rest the last one asked for."""
    drawn, looks, passed, rest = [], 0, 0.0, FRAME_SECONDS
    monkeypatch.setattr(view.window, "draw", lambda dt: drawn.append(dt))
    while passed + rest <= seconds:
        passed += rest
        looks += 1
        rest = view._next_frame(rest)
    return looks, len(drawn)


def test_an_idle_practice_window_wakes_about_once_a_second(view, monkeypatch):
    session = show_session(view, VERDICTS)
    view.stirred = True
    looks, frames = looks_and_frames(view, monkeypatch, 4.05)
    assert frames == 5 and session.clock.text() == "0:04"  # the first frame, then each new second
    assert looks <= 8  # not 240: the loop sleeps until the clock's next second


def test_a_resting_timed_clock_is_drawn_on_each_second(view, monkeypatch):
    from ktane_congkak.practice.session import TIMED

    session = show_session(view, VERDICTS, mode=TIMED)
    view.stirred = True
    texts = []
    monkeypatch.setattr(view.window, "draw", lambda dt: texts.append(session.clock.text()))
    passed, rest = 0.0, FRAME_SECONDS
    while passed + rest < 3.05:
        passed += rest
        rest = view._next_frame(rest)
    start = round(session.clock.limit)
    assert texts == [f"{(start - n) // 60}:{(start - n) % 60:02d}" for n in range(4)]  # each second, once


def test_input_wakes_a_resting_window_at_once(view):
    """What the event loop sees: after a look at an idle window the clock sleeps past a
    frame; a key press makes the next look due at once (not after the rest)."""
    import pyglet

    show_session(view, VERDICTS)
    view.stirred = False
    view.rest_seconds = lambda: 0.5  # an idle window's rest, not the clock's phase at this moment (luck)
    try:
        view._look_again(FRAME_SECONDS)  # pyglet's call, as the loop makes it
        view._look_again(FRAME_SECONDS)  # nothing changed since: the loop rests
        assert pyglet.clock.get_sleep_time(True) > 2 * FRAME_SECONDS
        view.window.dispatch_event("on_key_press", 0, 0)
        view.window.dispatch_pending_events()
        assert pyglet.clock.get_sleep_time(True) == 0
    finally:
        pyglet.clock.unschedule(view._look_again)


def test_an_idle_game_window_rests_but_looks_every_frame_while_the_computer_thinks(game_window, monkeypatch):
    from ktane_congkak.games.game import Game

    view = game_window(Game("congkak"), opponent="greedy")
    view.stirred = True
    looks, frames = looks_and_frames(view, monkeypatch, 3.0)
    assert frames == 1 and looks <= 4
    view.session.humans = set()  # the computer plays both sides: it is due to move
    assert view.rest_seconds() == FRAME_SECONDS


def test_a_scripts_wait_shows_its_whole_seconds(view):
    """300 steps of 1/60 s sum a hair under 5 s: the clock still shows 0:05."""
    session = show_session(view, VERDICTS)
    view.wait(5)
    assert session.clock.elapsed < 5 and session.clock.text() == "0:05"


def test_a_settled_resize_wakes_a_resting_window(view, monkeypatch):
    """The sharp picture drawn once a resize settles (a clock call, no input) is shown at once."""
    show_session(view, VERDICTS)
    woken = []
    monkeypatch.setattr(view, "_wake_in", woken.append)
    view._resting = True
    try:
        view._redraw_backdrop()
    finally:
        view._resting = False
    assert woken == [0] and view.stirred
