"""The practice window looks like the module on the bomb (issue 19), read back from its pixels.

The board's orange bar and carved bowls on the paisley face in the maroon housing, the
salmon screen with dark digits, no position numbers unless asked for, the seeds in hand
never over the board, the face filling tall and wide windows, the panel's text size and
its wrapped lines, and the end screen agreeing with the clock.
"""

from __future__ import annotations

import math
import random

import pytest

from ktane_congkak import board_art as art
from ktane_congkak.core.explain import plural
from ktane_congkak.core.module import CongkakModule
from ktane_congkak.paper import layout
from ktane_congkak.practice.session import DEFUSED, TIMED, PracticeSession

from conftest import VERDICTS, practice_window, show_session


@pytest.fixture(scope="module")
def view():
    yield from practice_window(VERDICTS)


def grab(view, x, y, w, h):
    view.render()
    return [p for row in view.read_pixels(int(x), int(y), int(w), int(h)) for p in row]


def near(colour, target, tolerance):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


def test_the_board_is_the_module_s_orange_bar_on_a_paisley_face_in_a_maroon_housing(view):
    show_session(view, VERDICTS)
    # The wood between two of your holes, on the bar's axis: the bar's orange.
    a, b = view.spots[2], view.spots[3]
    x, y = view.to_pixels((a.x + b.x) / 2, (a.y + b.y) / 2)
    wood = grab(view, x - 2, y - 2, 4, 4)
    assert all(near(p, art.WOOD, 30) or near(p, art.WOOD_SHADE, 30) for p in wood)
    # A bowl is carved: darker toward the light (top-left), lighter away from it.
    x, y = view.spot_centre(5)  # an empty hole
    r = view.spots[5].rx * view.face
    dark = grab(view, x - 0.6 * r, y + 0.6 * r, 1, 1)[0]
    lit = grab(view, x + 0.6 * r, y - 0.6 * r, 1, 1)[0]
    assert sum(dark) + 60 < sum(lit) and lit[0] > lit[1] > lit[2]
    # The face: the ochre print and its black and brown ink, both plentiful, in the corner below the bar.
    corner = grab(view, *view.to_pixels(0.6, 0.9), 0.25 * view.face, 0.15 * view.face)
    ochre = sum(p[0] > 150 and 70 < p[1] < 190 and p[2] < 100 and p[0] > p[1] > p[2] for p in corner) / len(corner)
    ink = sum(max(p) < 90 for p in corner) / len(corner)
    assert ochre > 0.2 and ink > 0.1
    # The housing: padded maroon blocks around the face (their middles printed dark), and
    # the light's raised round housing in the face's cut corner.
    for px, py in ((0.5, 0.045), (0.045, 0.5), (0.955, 0.5), (0.5, 0.955), (0.79, 0.21)):
        area = grab(view, *view.to_pixels(px, py), 6, 6)
        maroon = sum(r > g + 8 and g < 40 and b < r + 10 and b > g for r, g, b in area)
        assert maroon > 0.6 * len(area), (px, py)
    assert not art.on_face(0.79, 0.21) and art.on_face(0.5, 0.3)


def test_the_status_light_is_a_grey_cone_with_its_lens_lit(view):
    """The cone grey around the lens, the lens the light's colour (off: dark)."""
    show_session(view, VERDICTS)
    lx, ly, lr = layout.LIGHT
    x, y = view.to_pixels(lx, ly)
    cone = grab(view, x - 0.8 * lr * view.face, y, 1, 1)[0]
    assert abs(cone[0] - cone[1]) < 12 and abs(cone[1] - cone[2]) < 12 and 50 < cone[1] < 160  # grey
    assert near(grab(view, x, y, 1, 1)[0], layout.LIGHT_OFF, 8)


def screen_pixels(view):
    x, y, w, h = view.screen_rect
    return grab(view, x + 2, y + 2, w - 4, h - 4)


def test_the_screen_is_salmon_with_dark_digits_only_while_a_hole_is_hovered(view):
    session = show_session(view, VERDICTS)
    blank = screen_pixels(view)
    assert all(near(p, art.SCREEN, 25) for p in blank)  # plain salmon, nothing on it
    session.point(4)
    digits = screen_pixels(view)
    dark = sum(max(p) < 60 for p in digits)
    assert dark > 0.05 * len(digits)  # two large black digits
    assert sum(near(p, art.SCREEN, 25) for p in digits) > 0.6 * len(digits)
    session.point(None)
    assert screen_pixels(view) == blank


def label_pixels(view):
    """Pixels of the position numbers' places beside your row that differ from the face
    without them: their dark tags and light digits."""
    def places():
        pixels = []
        for label in view.static_labels:
            r = view.face * art.LABEL_LANE * 0.3
            pixels += grab(view, label.x - r, label.y - r, 2 * r, 2 * r)
        return pixels

    shown, view.labels_on = view.labels_on, False
    view._show_labels()
    bare = places()
    view.labels_on = shown
    view._show_labels()
    return sum(a != b for a, b in zip(places(), bare))


def test_no_position_numbers_unless_asked(view):
    from pyglet.window import key

    session = show_session(view, VERDICTS)
    assert label_pixels(view) == 0 and not any(label.visible for label in view.static_labels)
    view.on_key_press(key.P, 0)  # the practice aid, on
    assert label_pixels(view) > 50 and all(label.visible for label in view.static_labels)
    assert "Position numbers on" in session.message
    view.on_key_press(key.P, 0)
    assert label_pixels(view) == 0


def test_labels_asked_for_at_the_start_show_and_the_key_help_names_the_key():
    from ktane_congkak.practice.window import PracticeWindow

    view = PracticeWindow(PracticeSession(CongkakModule(seed=1, board=VERDICTS)), labels=True)
    try:
        assert label_pixels(view) > 50
        assert "P numbers" in view.keys.text
    finally:
        view.close()


def bar_distance(view, x, y):
    """Pixels from (x, y) to the bar's axis between its end centres."""
    (ax, ay), (bx, by) = (view.to_pixels(*end) for end in art.bar_ends())
    t = max(0.0, min(1.0, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
    return math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay)))


@pytest.mark.parametrize("width, height, boards", [(900, 600, 8), (720, 480, 4), (720, 1100, 4), (1920, 600, 4)])
def test_seeds_in_hand_are_never_drawn_over_the_board_or_another_seed(view, width, height, boards):
    """Every frame of many turns, at the default size, the smallest, a tall and a wide one:
    the opponent sowing into your row and the last seed going into either store included."""
    rng = random.Random(19)
    rules = show_session(view, VERDICTS).rules
    resize(view, width, height)
    try:
        _follow_the_hand(view, rules, rng, boards)
    finally:
        resize(view, 900, 600)


def _follow_the_hand(view, rules, rng, boards):
    """Random boards' turns, every frame checked: the hand off the bar, off every seed
    and in the window; both the opponent into your row and a last seed into a store seen."""
    seen = set()
    for _ in range(boards):
        board = [0] * rules.size
        for _ in range(98):
            board[rng.choice([s for s in range(rules.size) if s not in (rules.store(0), rules.store(1))])] += 1
        session = show_session(view, tuple(board))
        session.press(next(h for h in range(1, 8) if board[h - 1]))
        while session.animating:
            view.wait(1 / 20)
            view.refresh()  # the shapes placed as a frame draws them (the drawing itself adds nothing to check)
            frame = session.frame()
            if not view.hand_balls:
                continue
            if frame.player == 1 and rules.owner(frame.slot) == 0:
                seen.add("opponent in your row")
            if frame.slot in (rules.store(0), rules.store(1)) and frame.in_hand <= 1:
                seen.add(f"last into store {frame.slot}")
            bar = art.BAR_HALF_WIDTH * view.face
            for ball in view.hand_balls:
                if beside_the_rows(view, ball.x, ball.y):
                    assert bar_distance(view, ball.x, ball.y) >= bar + ball.r  # off the board
                assert not over_a_bowl(view, ball.x, ball.y, ball.r)  # (around the ends: over the bar's tip at most)
                others = (other for slot in range(rules.size) for other in view.balls[slot])
                assert all(math.dist(ball.position, other.position) >= ball.r + other.r for other in others)
                assert 0 <= ball.x <= view.window.width and 0 <= ball.y <= view.window.height
            badge = view.hand_count
            if beside_the_rows(view, badge.x, badge.y):
                assert bar_distance(view, badge.x, badge.y) >= bar + art.BADGE_RADIUS * view.face
            assert not over_a_bowl(view, badge.x, badge.y, art.BADGE_RADIUS * view.face * 0.5)
    assert "opponent in your row" in seen and any(s.startswith("last into store") for s in seen)


def beside_the_rows(view, x, y) -> bool:
    """Whether (x, y) is beside the bar's rows of holes, not around its ends (which reach
    the module's corners: there a big heap passes over the bar's tip)."""
    return abs(art.along_bar(*view.to_unit(x, y))) <= layout.STORE_DISTANCE


def over_a_bowl(view, x, y, r) -> bool:
    """Whether a circle at (x, y) of radius `r` (pixels) reaches into any hole or store."""
    return any(math.dist((x, y), view.spot_centre(spot.slot)) < max(spot.rx, spot.ry) * view.face + r
               for spot in view.spots)


def resize(view, width, height):
    view.window.set_size(width, height)
    view.window.set_location(0, 0)
    for _ in range(20):
        view.render()
        view.window.flip()
        view.render()
        if (view.window.width, view.window.height) == (width, height):
            return
    raise AssertionError(f"the window did not take the size {width}x{height}")


@pytest.mark.parametrize("width, height", [(720, 1100), (1920, 600)])
def test_the_module_fills_tall_and_wide_windows(view, width, height):
    show_session(view, VERDICTS)
    try:
        resize(view, width, height)
        side = min(width, height)
        assert view.face >= 0.8 * side
        # Read it off the pixels: the housing's maroon at the face's edges, the bar's orange at its middle.
        row = grab(view, 0, view.oy + view.face / 2, width, 1)
        maroon = [i for i, (r, g, b) in enumerate(row) if r < 130 and r > g + 8 and g < 40 and b < r + 10]
        assert maroon[-1] - maroon[0] >= 0.8 * side - 2
        col = list(grab(view, view.ox + view.face / 2, 0, 1, height))
        maroon = [i for i, (r, g, b) in enumerate(col) if r < 130 and r > g + 8 and g < 40 and b < r + 10]
        assert maroon[-1] - maroon[0] >= 0.8 * side - 2
        p = view.panel_box
        if height > width:
            assert p.y + p.h <= view.oy + 0.5  # the panel under the module
        else:
            assert p.x >= view.ox + view.face - 0.5  # beside it
    finally:
        resize(view, 900, 600)


def test_panel_text_is_at_least_11_pixels_at_720x480_and_log_lines_hang(view):
    from ktane_congkak.practice.window.panel import HANGING_INDENT

    session = show_session(view, VERDICTS)
    try:
        resize(view, 720, 480)
        session.run("hole 2")  # a board told in the log in a sentence longer than a line
        for panel in ("answer", "log", "help"):
            session.run(panel)
            view.render()
            for label in (view.status, view.sowing, view.hand, view.message, view.lesson, view.panel, view.keys):
                assert label.font_size * 96 / 72 >= 11 - 1e-6
        resize(view, 900, 600)  # room for a board told in full
        session.run("log")
        view.render()
        shown = view.panel.text.split("\n")
        logged = session.panel_lines()
        assert any(line.startswith(HANGING_INDENT) for line in shown)  # a long line wrapped...
        rejoined = "\n".join(shown).replace("\n" + HANGING_INDENT, " ")
        assert all(line in rejoined for line in logged[-2:])  # ...and reads whole again
        assert not any(line.startswith(HANGING_INDENT) for line in logged)
        right = view.panel_box.x + view.panel_box.w
        assert view.panel.x + view.panel.content_width <= right
    finally:
        resize(view, 900, 600)


def test_a_log_panel_cut_to_fit_a_small_window_says_how_many_boards_it_shows(view):
    """At 720x480 the log panel has room for a few boards' sentences: its title says so
    (the last K of N), and the boards it keeps are the last, whole, with no gap under them."""
    from ktane_congkak.practice.window.panel import HANGING_INDENT

    session = show_session(view, VERDICTS, live=True, sowing=False)
    try:
        resize(view, 720, 480)
        for _ in range(8):
            session.run("hole 1")
            session.run("again")
        session.run("log")
        view.render()
        told = [board.sentence(short=True) for board in session.played]  # told shortly in a small window
        shown = view.panel.text.replace("\n" + HANGING_INDENT, " ").split("\n")
        kept = len(shown) - 2
        assert 0 < kept < len(told)  # the window had to drop some
        assert shown[0] == f"Log (the last {plural(kept, 'board')} of {len(told)}):"
        assert shown[1:-1] == told[-kept:] and shown[-1].startswith(f"Board {session.boards_seen} is on the module")
        gap = view.panel.y - view.panel.content_height - (view.keys.y + view.keys.content_height)
        assert gap < 6 * view._line_height(view.panel)  # filled down to the keys, but for less than a board
    finally:
        resize(view, 900, 600)


def test_the_end_screen_names_the_log_by_its_file_name_and_c_copies_its_path(view, monkeypatch):
    """The end screen names the log by its file name, not a long path (a long user name on
    Windows), at 11 pixels or more, inside the window; C copies the whole path."""
    from pathlib import Path

    from ktane_congkak.practice.window.panel import HANGING_INDENT, label_box

    session = show_session(view, VERDICTS)
    long_path = "/home/Someone-With-A-Rather-Long-Name/AppData/Local/ktane-congkak/practice-logs/practice-20261201.log"
    try:
        resize(view, 720, 480)
        session.log_file = Path(long_path)
        session.run("end")
        view.render()
        texts = [item for item in view._overlay if hasattr(item, "text")]
        for label in texts:
            left, bottom, right, top = label_box(label)
            assert 0 <= left and right <= view.window.width and 0 <= bottom and top <= view.window.height
            assert label.font_size * 96 / 72 >= 11 - 1e-6
        said = [label.text for label in texts]
        assert "Log saved: practice-20261201.log (C copies its full path)" in said
        assert not any("Someone" in text for text in said)
        copied = []
        monkeypatch.setattr(view.window, "set_clipboard_text", copied.append)
        view.on_key_press(__import__("pyglet").window.key.C, 0)
        view.render()
        said = [item.text for item in view._overlay if hasattr(item, "text")]
        assert copied == [long_path] and "The log's full path is copied" in said
        assert not any(text.startswith(HANGING_INDENT) for text in said)
    finally:
        resize(view, 900, 600)
        show_session(view, VERDICTS)


def test_the_end_screen_of_a_defused_bomb_agrees_with_the_clock(view):
    session = show_session(view, VERDICTS, mode=TIMED, time_limit=90.0)
    view.wait(12.4)
    clock = session.clock.text()
    view.press(4)  # solves: defused at the press
    view.render()
    assert session.ended == DEFUSED
    texts = [t for t, *_ in view.text_boxes()]
    assert f"Time left {clock}" in texts and "Time used 0:12" in texts and clock == "1:18"


def test_multisampling_is_asked_for_but_not_kept_on_a_software_renderer(view):
    """Xvfb's llvmpipe offers multisampled configs, but multisampling there would cost more
    than the frame budget; the window drops it (board_art's edges fade out over a pixel)."""
    from ktane_congkak.pyglet_view import software_renderer

    view.window.switch_to()
    assert software_renderer()  # the test display's renderer draws on the processor
    assert not view.window.config.sample_buffers


def test_a_dragged_window_edge_stretches_the_picture_until_the_size_settles(view, monkeypatch):
    """A person's resize: the still picture is stretched at once (cheap), drawn again sharp later."""
    import pyglet

    from ktane_congkak.practice.window import window

    # a settle time no busy machine's grabs outlast, so "not yet" holds whatever the load
    monkeypatch.setattr(window, "RESIZE_SETTLE_SECONDS", 60.0)
    show_session(view, VERDICTS)
    view.live = True
    try:
        resize(view, 1200, 800)
        assert view.backdrop.sprite is not None  # stretched, a quad for now
        r, g, b = grab(view, view.ox + view.face / 2, view.oy + 2, 1, 1)[0]
        assert r < 130 and r > g + 8 and g < 40  # the housing where the new size puts it
        stretched = grab(view, view.ox, view.oy, view.face, 4)
        pyglet.clock.tick()  # not yet: the settle time has not passed
        assert view.backdrop.sprite is not None
        view._redraw_backdrop()  # what the clock calls once the size has settled
        assert view.backdrop.sprite is None  # drawn again at the size, copied into each frame
        sharp = grab(view, view.ox, view.oy, view.face, 4)
        assert sum(1 for a, b in zip(stretched, sharp) if near(a, b, 40)) > 0.8 * len(sharp)  # the same picture
    finally:
        view.live = False
        resize(view, 900, 600)
