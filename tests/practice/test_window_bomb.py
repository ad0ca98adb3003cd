"""The window as the bomb: its clock and strike marks read back from the pixels, the face
scaling with the window, a panel whose texts never overlap in any state, seeds followed
through the hand, big counts, sounds. A real window under Xvfb (pytest-xvfb)."""

from __future__ import annotations


import pytest

from ktane_congkak.paper import layout
from ktane_congkak.practice import bomb
from ktane_congkak.practice.animation import SPEEDS
from ktane_congkak.practice.session import DEFUSED, EXPLODED, FLASH_SECONDS, STOPPED, TIMED
from ktane_congkak.practice.window.panel import HANGING_INDENT

from conftest import VERDICTS, practice_window, show_session

# 98 seeds with counts that need the ID's escapes (z33 ...): the longest kind of ID.
BIG = (33, 31, 30, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4)
CROWDED = (80, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 5)  # 80 seeds in hole 1
SIZES = [(900, 600), (1200, 960)]


@pytest.fixture(scope="module")
def view():
    yield from practice_window(VERDICTS)


def fresh(view, board=VERDICTS, **options):
    return show_session(view, board, **options)


def resize(view, width, height):
    """Through pyglet, as a window manager would: the window lays itself out again."""
    view.window.set_size(width, height)
    view.window.set_location(0, 0)  # all of it on the virtual screen: pixels off it are not drawn
    for _ in range(20):
        view.render()
        view.window.flip()  # the GL drawable takes its new size at a buffer swap
        view.render()
        if (view.window.width, view.window.height) == (width, height) and view.panel_box.y + view.panel_box.h <= height + 0.5:
            return
    raise AssertionError(f"the window did not take the size {width}x{height}")


def pixel(view, x, y):
    return view.read_pixels(int(x), int(y), 1, 1)[0][0]


def near(colour, target, tolerance=30):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


def clock_reading(view) -> str:
    """The digits the seven-segment clock shows, read segment by segment from the pixels."""
    view.render()
    digits = ""
    for digit in view.clock_digits:
        lit = {name: near(pixel(view, *box.centre), bomb.CLOCK_LIT) for name, box in digit["box"].items()}
        digits += bomb.read_digit(lit)
    return digits


def marks_lit(view) -> list[bool]:
    view.render()
    return [near(pixel(view, *box.centre), bomb.CLOCK_LIT) for box, _ in view.strike_marks]


# The bomb's clock and strike marks ------------------------------------------------------
def test_timed_mode_shows_a_red_clock_counting_down(view):
    fresh(view, mode=TIMED, time_limit=90.0)
    assert clock_reading(view) == "0130"
    view.wait(1.2)
    assert clock_reading(view) == "0129"
    view.wait(60.0)
    assert clock_reading(view) == "0029"
    lit = [pixel(view, *digit["box"]["a"].centre) for digit in view.clock_digits if digit["box"]]
    assert all(p[0] > 200 and p[1] < 80 and p[2] < 80 for p in lit[1:2])  # the 2 of 29... a red segment


def test_zen_clock_counts_up(view):
    fresh(view)
    assert clock_reading(view) == "0000"
    view.wait(75.3)
    assert clock_reading(view) == "0115"


def test_strike_marks_stay_red_after_the_light_s_flash(view):
    session = fresh(view, mode=TIMED, strike_limit=3)
    assert marks_lit(view) == [False, False, False]
    view.press(1)  # a strike: the minimum rule
    view.wait(FLASH_SECONDS + 0.5)
    assert session.light == "off"
    lx, ly, _ = layout.LIGHT
    assert near(pixel(view, *view.to_pixels(lx, ly)), layout.LIGHT_OFF, 8)  # the flash is over...
    assert marks_lit(view) == [True, False, False]  # ...the mark stays
    session.same_board()  # hole 1 strikes again
    view.press(1)
    view.wait(FLASH_SECONDS + 0.5)
    assert marks_lit(view) == [True, True, False]


# A window that scales --------------------------------------------------------------------
def is_housing(p):
    """The module's maroon housing: dark, red over green and blue."""
    return p[0] < 130 and p[0] > p[1] + 8 and p[2] < p[0] + 10 and p[1] < 40


def is_wood(p):
    """The board's orange (lit or shaded) or one of its bowls."""
    r, g, b = p
    return r >= 120 and 0.3 * r <= g <= 0.7 * r and b <= 0.3 * r + 10


def test_the_face_scales_with_the_window_and_fills_it(view):
    import pyglet

    session = fresh(view)
    assert view.window.resizeable and pyglet.options["dpi_scaling"] == "scaled"  # real pixels on HiDPI
    try:
        for width, height in SIZES + [(1000, 640), (720, 1100), (1920, 600), (1350, 900)]:
            resize(view, width, height)
            # The face fills most of the window's smaller side; the panel is beside it in a
            # wide window, under it in a tall one, and both are inside the window.
            assert view.face >= 0.8 * min(width, height) - 0.5
            p = view.panel_box
            assert 0 <= view.ox and view.ox + view.face <= width + 0.5 and 0 <= view.oy and view.oy + view.face <= height + 0.5
            assert 0 <= p.x and p.x + p.w <= width + 0.5 and 0 <= p.y and p.y + p.h <= height + 0.5
            if height > width:
                assert p.y + p.h <= view.oy + 0.5 and p.w >= view.face - 0.5  # under the face, as wide
            else:
                assert p.x >= view.ox + view.face - 0.5 and p.h >= view.face - 0.5  # beside it, as tall
            session.point(5)  # an empty hole, lit
            view.render()
            x, y = view.spot_centre(4)
            lit = pixel(view, x + 0.3 * layout.HOLE_RADIUS * view.face, y)
            assert lit[1] - max(lit[0], lit[2]) > 60  # green
            x, y = view.to_pixels(layout.LIGHT[0], layout.LIGHT[1])
            assert near(pixel(view, x, y), layout.LIGHT_OFF, 8)
            assert is_housing(pixel(view, view.ox + view.face / 2, view.oy + 2))
            assert is_wood(pixel(view, *view.to_pixels(0.5, 0.5)))  # the board's middle
            if view.ox > 3:
                assert near(pixel(view, 1, height / 2), bomb.CASING, 6)
    finally:
        resize(view, 900, 600)


def test_size_opens_the_window_and_takes_the_screenshots_at_that_size(tmp_path, monkeypatch):
    from ktane_congkak.cli import main

    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path / "data"))
    shot = tmp_path / "big.png"
    assert main(["practice", "--seed", "3", "--size", "1200x960", "--mute",
                 "--commands", f"highlight 4; screenshot {shot}; quit"]) == 0
    data = shot.read_bytes()
    assert int.from_bytes(data[16:20], "big") == 1200 and int.from_bytes(data[20:24], "big") == 960
    # The face in the picture is 800 pixels (600 x 4/3), centred: its light and bezel where scaled.
    import pyglet

    image = pyglet.image.load(str(shot)).get_image_data()
    rgb = image.get_data("RGB", 1200 * 3)

    def at(x, y):  # y up, as pyglet's rows are
        i = (int(y) * 1200 + int(x)) * 3
        return tuple(rgb[i:i + 3])

    face, oy = 800, 80
    assert near(at(layout.LIGHT[0] * face, oy + (1 - layout.LIGHT[1]) * face), layout.LIGHT_OFF, 8)
    assert is_housing(at(face / 2, oy + 2))
    assert is_wood(at(face * 0.5, oy + face * 0.5))
    assert near(at(5, 40), bomb.CASING, 6)  # below the face: the casing


@pytest.mark.parametrize("text, message", [("100x100", "720x480 to"), ("700x480", "720x480 to"), ("12", "not a window size"),
                                           ("axb", "not a window size")])
def test_bad_sizes_are_one_line(text, message, capsys):
    from ktane_congkak.cli import main

    code = main(["practice", "--size", text])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1 and err.startswith("ktane-congkak: practice: argument --size")


# A panel laid out from measured text ---------------------------------------------------
def assert_apart(view, state: str) -> None:
    """The texts drawn now: inside the window (panel texts inside the panel) and apart."""
    view.render()
    boxes = view.text_boxes()
    boxes.append(("(the bomb clock)", *view.clock_box[:2], view.clock_box.x + view.clock_box.w,
                  view.clock_box.y + view.clock_box.h))
    if view._overlay is not None:
        boxes = [b for b in boxes if b[0] != "(the bomb clock)"]
    w, h = view.window.width, view.window.height
    panel = view.panel_box
    for text, left, bottom, right, top in boxes:
        assert left >= -0.5 and bottom >= -0.5 and right <= w + 0.5 and top <= h + 0.5, f"{state}: {text!r} leaves the window"
        if view._overlay is None and left >= panel.x:
            assert right <= panel.x + panel.w + 0.5, f"{state}: {text!r} leaves the panel"
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            across = min(a[3], b[3]) - max(a[1], b[1])
            up = min(a[4], b[4]) - max(a[2], b[2])
            assert across <= 0.5 or up <= 0.5, f"{state}: {a[0]!r} overlaps {b[0]!r}"
    assert boxes, state


def walk_a_turn(view, session, state: str) -> int:
    """Every frame of the animation, a frame at a time; returns the frames checked."""
    frames = 0
    while session.animating:
        view.wait(0.1)  # a drop takes 0.16 s at x1: most drops are seen
        assert_apart(view, f"{state}, frame {frames}")
        frames += 1
    return frames


@pytest.mark.parametrize("size", SIZES + [(720, 480), (720, 1100)])
def test_no_text_overlaps_another_or_leaves_the_window_in_any_state(view, size):
    resize(view, *size)
    try:
        for board in (VERDICTS, BIG):
            session = fresh(view, board=board)
            assert_apart(view, "idle")
            session.point(3)
            assert_apart(view, "hover")
            for panel in ("hint", "log", "help"):
                session.toggle(panel)
                assert_apart(view, panel)
                session.toggle(panel)
        assert "Puzzle c1-zz" not in session.status_lines()[-1]  # BIG has the long escapes
        session = fresh(view)
        session.say("That is a rather long message that has to wrap over more than one line of the panel, "
                    "and then some more words so that it is the longest message the window may show")
        assert_apart(view, "long message")
        session.press(2)  # a continuing move: every phase of your turn and the reply
        assert walk_a_turn(view, session, "turn at x1") > 10
        for _ in range(6):  # every speed
            session.faster(1)
            if not session.animating and not session.module.solved:
                hole = next(h for h in range(1, 8) if session.module.board[h - 1])
                session.press(hole)
            walk_a_turn(view, session, f"turn at x{session.speed:g}")
        session = fresh(view, board=CROWDED)  # 80 seeds: a crowded hole's count, then 80 in hand
        assert_apart(view, "a crowded hole")
        session.speed_index = len(SPEEDS) - 1
        session.press(1)
        walk_a_turn(view, session, "a big hand")
        session = fresh(view, mode=TIMED)
        session.panel = "log"
        session.press(1)  # a strike: during the flash and after it
        assert_apart(view, "strike, flash")
        view.wait(FLASH_SECONDS + 0.2)
        assert_apart(view, "strike, after the flash")
        session.skip()
        session = fresh(view)
        session.press(4)  # zen: solved, the moves after it played out
        walk_a_turn(view, session, "solve")
        assert_apart(view, "solved")
        for result, history in ((STOPPED, 4), (EXPLODED, 0), (DEFUSED, 4)):
            session = fresh(view, mode=TIMED)
            session.history_lines = [f"2026-11-30 18:{i:02d}  timed  exploded  4:59  3 strikes  12 boards  11 solves "
                                     f"and a long tail of words" for i in range(history)]
            session.end(result)
            assert_apart(view, f"end screen, {result}")
    finally:
        resize(view, 900, 600)


def test_the_end_screen_says_defused_at_the_solve(view):
    session = fresh(view, mode=TIMED)
    view.press(4)
    view.render()
    texts = [text for text, *_ in view.text_boxes()]
    assert not session.animating and "Defused!" in texts  # a timed bomb plays the press at once, as the module
    assert near(pixel(view, 3, 3), (10, 56, 24), 20)


# Text in step with the picture ---------------------------------------------------------
def test_the_panel_speaks_of_the_board_on_screen_and_names_no_count_of_it(view):
    session = fresh(view)
    before = session.module.puzzle_id
    view.render()
    assert before not in view.status.text + view.sowing.text  # no ID while the board is played
    session.press(2)  # continues: the next board is known at once, shown only after the moves
    view.render()
    assert session.animating and "0 boards solved, 0 strikes" in view.status.text
    assert f"That board was {before}" in view.lesson.text  # the board is over: its ID may show
    session.panel = "hint"  # the hint speaks of the board on screen
    view.render()
    assert view.panel.text.endswith("Solving holes: 4")
    session.panel = "log"
    view.render()
    told = view.panel.text.replace("\n" + HANGING_INDENT, " ")
    assert f"Board 1 ({before}): you pressed hole 2, 23 points; the most was 29, at hole 4." in told
    session.skip()
    view.render()
    told = view.panel.text.replace("\n" + HANGING_INDENT, " ")
    assert "Board 2 is on the module" in told and session.module.puzzle_id not in told + view.status.text


# Seeds you can follow --------------------------------------------------------------------
def colours_on_screen(view):
    return sorted([c for slot in view.seeds.slots for c in slot] + view.seeds.hand)


def test_seeds_keep_their_colour_and_place_and_the_hand_carries_them(view):
    session = fresh(view)
    view.render()
    everything = colours_on_screen(view)
    places = {slot: [c.position for c in view.balls[slot]] for slot in range(16)}
    colours = {slot: list(view.seeds.slots[slot]) for slot in range(16)}
    session.press(2)
    hand_seen, last_slot, same_for = 0, None, 0
    while session.animating:
        view.wait(1 / 60)
        view.render()
        frame = session.frame()
        assert colours_on_screen(view) == everything  # no seed changes colour, none is lost
        shown = view.hand_balls
        assert len(shown) == frame.in_hand  # the seeds in hand are drawn...
        same_for = same_for + 1 if frame.slot == last_slot else 0
        last_slot = frame.slot
        if frame.in_hand and frame.slot is not None and same_for >= 8:  # the hand has had time to get there
            hand_seen += 1
            x, y = view.to_pixels(*view._hand_spot(frame))
            cx = sum(c.x for c in shown) / len(shown)
            cy = sum(c.y for c in shown) / len(shown)
            assert abs(cx - x) < 0.04 * view.face and abs(cy - y) < 0.04 * view.face  # ...at the hole being sown
        for slot in range(16):  # while sowing, a hole that only gained seeds kept the old ones where they were
            now = view.seeds.slots[slot]
            if (session.animating and len(now) >= len(colours[slot]) and now[:len(colours[slot])] == colours[slot]
                    and len(now) <= 7):
                assert [c.position for c in view.balls[slot]][:len(places[slot])] == places[slot]
            places[slot] = [c.position for c in view.balls[slot]]
            colours[slot] = list(now)
    assert hand_seen > 5
    assert view._laid_for == session.frame().board  # the turn over, every seed laid out afresh, as the module does


def test_a_crowded_hole_shows_its_count_past_what_fits(view):
    fresh(view, board=CROWDED)
    view.render()
    assert view.badges[0][1].text == "80" and view.badges[0][1].visible
    assert 20 < len(view.balls[0]) < 80  # as many balls as stay visible, none merged
    assert min(b.r for b in view.balls[0]) >= 2.0 * 0.8
    assert 1 not in view.badges and 15 not in view.badges  # small counts and stores: balls only
    x, y = view.spot_centre(0)
    r = int(view.spots[0].ry * view.face * 0.5)
    digits = view.read_pixels(int(x) - r, int(y) - r, 2 * r, 2 * r)
    assert sum(1 for row in digits for p in row if min(p) > 200) > 10  # the number, white on its dark disc


# Sound -----------------------------------------------------------------------------------
def test_sounds_follow_what_happens(view):
    session = fresh(view, mode=TIMED, time_limit=30.0, strike_limit=2, sowing=True)
    heard = view.sound.heard
    heard.clear()
    view.press(1)  # a strike (the minimum rule): the buzzer, then the clicks of the moves
    view.render()
    assert heard == ["buzzer"]
    session.faster(10)  # x16: a drop every 10 ms; clicks come at most every CLICK_GAP
    drops = 0
    while session.animating:
        before = session.frame()
        view.wait(1 / 60)
        view.render()
        drops += session.frame().in_hand < before.in_hand
    clicks = heard.count("click")
    assert 0 < clicks <= drops
    view.wait(30.0 - 10.5 - session.clock.elapsed)  # into the last ten seconds
    heard.clear()
    for _ in range(5):
        view.wait(1.0)
        view.render()
    assert heard.count("tick") == 5
    heard.clear()
    session.same_board()
    view.press(1)  # the second strike explodes the bomb
    view.render()
    assert heard == ["boom"]


def test_the_solve_chimes_and_m_mutes(view):
    from pyglet.window import key

    session = fresh(view)
    view.sound.heard.clear()
    was = view.sound.muted
    view.window.dispatch_event("on_key_press", key.M, 0)
    view.render()
    assert view.sound.muted != was and "Sound" in view.message.text
    view.press(4)
    view.render()
    assert view.sound.heard[:1] == ["chime"] and session.module.solved
    view.window.dispatch_event("on_key_press", key.M, 0)
    view.render()
    assert view.sound.muted == was


def test_no_audio_device_is_silence_not_an_error(monkeypatch):
    from ktane_congkak.practice import sound

    sounds = sound.Sounds()
    sounds._wavs = {name: sound.wav_bytes(name) for name in sound.SOUNDS}
    sounds._maker = object()  # made above

    def no_device(*args, **kwargs):
        raise OSError("no audio device")

    import pyglet

    monkeypatch.setattr(pyglet.media, "load", no_device)
    sounds.play("chime")
    sounds.play("buzzer")
    assert sounds._broken and sounds.heard == ["chime", "buzzer"]


def test_the_sounds_are_short_and_within_range():
    from ktane_congkak.practice import sound

    for name in sound.SOUNDS:
        data = sound.samples(name)
        assert 0.02 < len(data) / sound.SAMPLE_RATE <= 1.5
        assert max(abs(v) for v in data) <= 1.0 and max(abs(v) for v in data) > 0.1
    assert sound.samples("click") == sound.samples("click")  # the same every time


# The turn as the module plays it ---------------------------------------------------------
def module_square(view):
    """The module's square as drawn now (the face; the panel and its clock are the bomb's)."""
    view.render()
    return view.read_pixels(int(view.ox) + 1, int(view.oy) + 1, int(view.face) - 2, int(view.face) - 2)


def test_a_timed_bomb_plays_a_press_at_once_as_the_module(view):
    """In timed mode the square 0.3 s after a press that continues is the square 8 s after it:
    your turn, the reply and the next board at the press, the seeds laid out afresh."""
    session = fresh(view, mode=TIMED)
    before = module_square(view)
    press = session.run("hole 2").press
    assert press.verdict == "continue" and not session.animating
    view.wait(0.3)
    soon = module_square(view)
    view.wait(7.7)
    assert soon == module_square(view) != before
    assert session.clock.elapsed == pytest.approx(8.0) and not session.message  # the bomb says nothing


def test_the_sowing_a_learning_aid_stops_a_timed_bomb_s_clock_while_it_plays(view):
    session = fresh(view, mode=TIMED)
    session.run("sowing")  # the W key's command
    assert session.sowing and session.sowing_line() == "Sowing shown, clock stopped (W)"
    session.run("hole 2")
    view.wait(1.0)
    assert session.animating and session.clock.elapsed == 0.0 and session.screen == ""
    session.run("sowing off")  # its end at once
    assert not session.animating and not session.sowing
    view.wait(1.0)
    assert session.clock.elapsed == pytest.approx(1.0)


def test_zen_mode_shows_the_sowing_and_says_what_a_wrong_press_teaches(view):
    session = fresh(view)
    assert session.sowing  # on by default in zen mode
    before = session.module.puzzle_id
    session.run("hole 2")
    assert session.animating and session.lesson == [
        "Hole 2 scored 23 points; the most was 29, at hole 4.",
        "Why no strike: 23 points, below the maximum 29; it holds 3 seeds, not the 2 of hole 1, the lowest hole "
        "with the smallest nonzero points (18).",
        f"That board was {before} (R tries it again)."]
    view.render()
    assert view.lesson.text.replace("\n", " ").startswith("Hole 2 scored 23 points")
    session.run("again")
    assert session.lesson == [] and session.module.puzzle_id == before
