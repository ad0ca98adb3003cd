"""The practice window, as a player sees it: a real pyglet window under Xvfb, read by pixel.

pytest-xvfb gives every run a 24-bit virtual screen (pyproject.toml). One window is
opened for the whole module and handed a fresh session per test, which keeps this fast.
"""

from __future__ import annotations


import pytest

from ktane_congkak.paper import layout
from ktane_congkak.core.board import position_to_slot
from ktane_congkak.errors import UserError
from ktane_congkak.core.module import CongkakModule
from ktane_congkak import board_art as art
from ktane_congkak.practice.window.end import END_BACK
from ktane_congkak.practice.window.panel import HANGING_INDENT
from ktane_congkak.practice.session import EXPLODED, FLASH_SECONDS, TIMED, PracticeSession

from conftest import VERDICTS, need_display, practice_window, show_session

# Counts 1..7 in your holes and 7..1 in the opponent's: every position has a known count.
DISTINCT = (1, 2, 3, 4, 5, 6, 7, 10, 7, 6, 5, 4, 3, 2, 1, 32)


@pytest.fixture(scope="module")
def view():
    yield from practice_window(DISTINCT)


def fresh(view, board=DISTINCT, **options):
    return show_session(view, board, **options)


def grab(view, x0, y0, x1, y1, draw=True):
    """Draw a frame (unless told not to) and read the pixel rectangle x0..x1, y0..y1 (y up)."""
    if draw:
        view.render()
    return view.read_pixels(int(x0), int(y0), int(x1) - int(x0), int(y1) - int(y0))


def near(colour, target, tolerance=6):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


def light_colour(view):
    lx, ly, _ = layout.LIGHT
    x, y = view.to_pixels(lx, ly)
    return grab(view, x, y, x + 1, y + 1)[0][0]


def screen_pixels(view):
    x, y, w, h = view.screen_rect
    return grab(view, x + 2, y + 2, x + w - 2, y + h - 2)


def lit_pixels(rows):
    """The screen's digits: dark on its salmon (board_art.SCREEN_DIGITS on SCREEN)."""
    return sum(1 for row in rows for p in row if near(p, art.SCREEN_DIGITS, 40))


def is_hover(p):
    """A pixel of a lit (hovered) bowl: mint green, whatever its shading, bluer than any
    lime or green seed (whose blue is below its red or near it)."""
    return p[1] - max(p[0], p[2]) > 40 and p[2] > p[0] + 50


def is_bowl(p):
    """A pixel of a bowl's orange wood, lit or in shadow (no seed colour is orange)."""
    r, g, b = p
    return r >= 90 and 0.3 * r <= g <= 0.72 * r and b <= 0.3 * r + 10


def move_mouse(view, x, y):
    """Through pyglet's own event queue, as a real mouse would arrive."""
    view.window.dispatch_event("on_mouse_motion", x, y, 0, 0)
    view.render()  # handles the queued event, then draws the frame a player would see


def key(view, symbol, modifiers=0):
    view.window.dispatch_event("on_key_press", symbol, modifiers)
    view.render()


def hover_pixels(view, slot):
    """How many pixels of the hole at `slot` show the lit-hole colour."""
    spot = view.spots[slot]
    x, y = view.spot_centre(slot)
    r = spot.rx * view.face
    return sum(1 for row in grab(view, x - r, y - r, x + r, y + r) for p in row if is_hover(p))


def test_hovering_each_of_the_14_holes_shows_its_count_and_lights_it(view):
    session = fresh(view)
    rules = session.rules
    seen = {}
    for position in range(1, 15):
        slot = position_to_slot(position, rules)
        move_mouse(view, *view.spot_centre(slot))
        assert session.module.highlighted == position
        assert view.screen_label.text == f"{DISTINCT[slot]:02d}"
        assert hover_pixels(view, slot) > 50
        others = [s for s in rules.holes(0)[:2] if s != slot]
        assert all(hover_pixels(view, s) < 10 for s in others)  # a green seed's edge on the orange may pass
        pixels = screen_pixels(view)
        assert lit_pixels(pixels) > 40
        seen.setdefault(DISTINCT[slot], []).append(pixels)
    # The same count draws the same digits wherever it came from; different counts differ.
    assert all(p == group[0] for group in seen.values() for p in group)
    assert seen[1][0] != seen[7][0]


def test_stores_and_wood_never_show_a_count(view):
    session = fresh(view)
    rules = session.rules
    move_mouse(view, *view.spot_centre(2))
    assert view.screen_label.text == "03"
    for store in (rules.store(0), rules.store(1)):
        move_mouse(view, *view.spot_centre(store))
        assert session.module.highlighted is None
        assert lit_pixels(screen_pixels(view)) == 0
    move_mouse(view, 5, 5)  # the face's corner
    assert view.screen_label.text == ""


def test_hit_testing_near_the_rim_of_every_hole(view):
    fresh(view)
    for position in range(1, 15):
        slot = position_to_slot(position, view.rules)
        spot = view.spots[slot]
        x, y = view.spot_centre(slot)
        inside = spot.rx * view.face * 0.8
        for dx, dy in ((inside, 0), (-inside, 0), (0, inside), (0, -inside)):
            assert view.position_at(x + dx, y + dy) == position


def count_blobs(rows, background, least: int = 4):
    """Connected groups of pixels that are not the bowl (4-neighbour flood fill), of at
    least `least` pixels (a ball is some 28 pixels; a stray pixel of its soft edge is not one)."""
    seen = set()
    blobs = 0
    height, width = len(rows), len(rows[0])
    for y in range(height):
        for x in range(width):
            if (x, y) in seen or background(rows[y][x]):
                continue
            size = 1
            stack = [(x, y)]
            seen.add((x, y))
            while stack:
                cx, cy = stack.pop()
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < width and 0 <= ny < height and (nx, ny) not in seen and not background(rows[ny][nx]):
                        seen.add((nx, ny))
                        stack.append((nx, ny))
                        size += 1
            blobs += size >= least
    return blobs


def test_every_hole_draws_exactly_its_count_of_balls(view):
    session = fresh(view)
    view.render()
    for slot, count in enumerate(DISTINCT):
        assert len(view.balls[slot]) == count
        if session.rules.owner(slot) is None:
            continue
        # Read the round hole, the wood around it masked out: what is not hole colour is a ball.
        x, y = view.spot_centre(slot)
        r = view.spots[slot].rx * view.face
        rows = grab(view, x - r, y - r, x + r, y + r, draw=False)
        size = len(rows)
        masked = [[p if (i - size / 2) ** 2 + (j - size / 2) ** 2 <= (0.93 * r) ** 2 else art.BOWL_LIT
                   for i, p in enumerate(row)] for j, row in enumerate(rows)]
        assert count_blobs(masked, is_bowl) == count
    assert sum(len(b) for b in view.balls) == 98


def test_a_strike_flashes_the_light_red_then_off(view):
    session = fresh(view, board=VERDICTS)
    assert near(light_colour(view), layout.LIGHT_OFF)
    view.window.dispatch_event("on_mouse_press", *view.spot_centre(4), 1, 0)  # click hole 5: empty
    view.render()
    assert session.module.strikes == 1 and session.last_press.verdict == "empty"
    assert near(light_colour(view), layout.LIGHT_STRIKE)
    view.tick(FLASH_SECONDS + 0.1)
    assert near(light_colour(view), layout.LIGHT_OFF)


def test_a_solve_turns_the_light_green_for_good_and_the_screen_gg(view):
    session = fresh(view, board=VERDICTS)
    move_mouse(view, *view.spot_centre(3))
    view.press(4)
    assert session.module.solved
    assert near(light_colour(view), layout.LIGHT_SOLVE)
    view.wait(60)
    assert near(light_colour(view), layout.LIGHT_SOLVE)
    assert view.screen_label.text == "GG"
    before = screen_pixels(view)
    assert lit_pixels(before) > 40
    for slot in (0, 9, 15):  # hovering changes nothing once solved
        move_mouse(view, *view.spot_centre(slot))
        assert view.screen_label.text == "GG"
        assert screen_pixels(view) == before
        assert hover_pixels(view, slot) < 10


def test_the_animation_ends_exactly_on_the_cores_position(view):
    session = fresh(view, board=VERDICTS)
    press = session.press(2)  # continues: your turn, then the opponent's reply
    assert press.verdict == "continue" and press.your_turn is not None
    view.render()
    assert view.seeds.counts() == VERDICTS  # nothing has moved yet
    view.wait(0.2)
    view.render()
    assert view.seeds.counts() != VERDICTS and view.seeds.counts() != session.module.board
    frames = 0
    while session.animating:
        view.wait(0.25)
        frames += 1
        assert frames < 400
    view.render()
    final = press.reply.after if press.reply else press.your_turn.after
    assert view.seeds.counts() == tuple(session.module.board) == final
    assert [len(b) for b in view.balls] == list(final)


def test_presses_during_the_animation_are_ignored_visibly(view):
    session = fresh(view, board=VERDICTS)
    session.press(2)
    view.wait(0.1)
    board, strikes, log = session.module.board, session.module.strikes, len(session.module.log)
    view.press(1)  # would strike if it were accepted
    key(view, __import__("pyglet").window.key._4)  # would solve
    view.render()
    assert (session.module.board, session.module.strikes, len(session.module.log)) == (board, strikes, log)
    assert not session.module.solved
    assert session.ignored == 2
    assert "still moving" in view.message.text
    key(view, __import__("pyglet").window.key.SPACE)  # skips to the end
    assert not session.animating
    view.render()
    assert view.seeds.counts() == tuple(session.module.board)


def test_keys_move_the_highlight_and_press_without_a_mouse(view):
    from pyglet.window import key as k

    session = fresh(view, board=VERDICTS)
    key(view, k.TAB)
    assert session.module.highlighted == 1
    key(view, k.LEFT)
    assert session.module.highlighted == 2
    key(view, k.UP)  # to the facing opponent hole
    assert session.module.highlighted == 13
    key(view, k.DOWN)
    key(view, k.LEFT)
    key(view, k.LEFT)
    assert session.module.highlighted == 4
    view.render()
    assert view.screen_label.text == "06"
    key(view, k.ENTER)
    assert session.module.solved
    assert near(light_colour(view), layout.LIGHT_SOLVE)


def test_speed_hint_log_new_and_again_keys(view):
    from pyglet.window import key as k

    session = fresh(view, board=VERDICTS)
    speed = session.speed
    key(view, k.PLUS)
    assert session.speed > speed
    key(view, k.MINUS)
    key(view, k.MINUS)
    assert session.speed < speed
    key(view, k.H)
    view.render()
    assert "Solving holes: 4" in view.panel.text
    key(view, k.L)
    view.render()
    shown = view.panel.text.replace("\n" + HANGING_INDENT, " ")  # a wrapped line, read whole
    assert shown.startswith("Log:\nBoard 1 is on the module: its ID comes once it is over.")
    assert "18 23 23 29 0 28 0" not in shown  # no count of the board being played
    key(view, k._1)  # a strike: the minimum rule
    key(view, k.SPACE)
    assert session.module.board != VERDICTS
    key(view, k.R)  # the board that press was judged on, again
    assert session.module.board == VERDICTS and not session.animating
    key(view, k.N)
    assert session.module.board != VERDICTS and session.module.puzzles == 4


def test_timed_mode_explodes_at_the_strike_limit_and_shows_the_end_screen(view):
    ended = []
    view.on_end = ended.append
    try:
        session = fresh(view, board=VERDICTS, mode=TIMED, strike_limit=1)
        view.press(5)
        assert session.ended == EXPLODED and ended == [session]
        assert near(grab(view, 5, 5, 6, 6)[0][0], END_BACK[EXPLODED], 25)  # the explosion's dark red covers the face
        assert "The bomb exploded" in [text for text, *_ in view.text_boxes()]
        view.press(4)
        assert not session.module.solved
        board = session.module.board
        key(view, __import__("pyglet").window.key.N)  # practise again: the session starts anew
        assert view.session.ended is None and view._overlay is None and view.session.module.strikes == 0
        assert view.session.module.board != board and view.session.module.puzzles == 1
        assert view.session.mode == TIMED and view.session.strike_limit == 1
    finally:
        view.on_end = None


def test_timed_mode_explodes_when_the_time_runs_out(view):
    session = fresh(view, mode=TIMED, time_limit=2.0)
    view.wait(1.0)
    assert session.clock.text() == "0:01" and not session.ended
    view.wait(1.5)
    assert session.ended == EXPLODED and session.record()["seconds"] == 2.0


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its IHDR chunk comes first)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_commands_drive_the_real_window_and_save_a_screenshot(tmp_path, monkeypatch):
    from ktane_congkak.practice.window.window import FACE_SIZE, PANEL_WIDTH, run_practice

    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path / "data"))
    shot = tmp_path / "out.png"
    shot.write_bytes(b"an older picture")  # replaced whole
    assert run_practice(CongkakModule(seed="5"), commands=f"highlight 3; hole 5; wait 1; answer; screenshot {shot}; quit") == 0
    assert png_size(shot.read_bytes()) == (FACE_SIZE + PANEL_WIDTH, FACE_SIZE)
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == ["out.png"]  # no temporary file left behind
    from ktane_congkak.practice.history import load_history

    sessions, warning = load_history(tmp_path / "data" / "history.yaml")
    assert warning is None and len(sessions) == 1 and sessions[0]["result"] == "stopped"


def test_a_screenshot_is_encoded_in_memory_and_written_atomically(view, tmp_path, monkeypatch):
    from ktane_congkak import pyglet_view

    fresh(view)
    written = []
    real = pyglet_view.write_atomic
    monkeypatch.setattr(pyglet_view, "write_atomic", lambda path, data: (written.append((path, data)), real(path, data)))
    shot = tmp_path / "shot.png"
    view.screenshot(str(shot))
    assert len(written) == 1 and written[0][0] == str(shot) and isinstance(written[0][1], bytes)
    assert shot.read_bytes() == written[0][1] and png_size(written[0][1]) == (view.window.width, view.window.height)


def test_a_screenshot_that_cannot_be_written_is_one_line(view, tmp_path):
    fresh(view)
    folder = tmp_path / "taken.png"
    folder.mkdir()  # a folder already has the name
    with pytest.raises(UserError, match="cannot save the screenshot") as caught:
        view.screenshot(str(folder))
    assert "\n" not in str(caught.value) and folder.is_dir() and list(folder.iterdir()) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken.png"]  # the temporary file is gone


@pytest.mark.parametrize("where, message", [
    ("missing/shot.png", "folder .*missing does not exist"),  # checked before the window opens
    ("shot.jpg", "screenshots are PNG files"),
    ("taken.png", "cannot save the screenshot"),  # a folder of that name: found when saving
])
def test_a_bad_screenshot_path_in_commands_is_one_line_and_exit_2(where, message, tmp_path, monkeypatch, capsys):
    import re

    from ktane_congkak.cli import main

    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path / "data"))
    (tmp_path / "taken.png").mkdir()
    code = main(["practice", "--seed", "5", "--commands", f"highlight 3; screenshot {tmp_path / where}; quit"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and err.startswith("ktane-congkak: ") and re.search(message, err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken.png"]  # no picture, no temporary file, no history


def test_a_bad_command_is_one_line_before_any_window_opens(monkeypatch, tmp_path):
    from ktane_congkak.practice.window import window
    from ktane_congkak.practice.window import run_practice

    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path))
    monkeypatch.setattr(window, "PracticeWindow", lambda *a, **k: pytest.fail("a window was opened"))
    with pytest.raises(UserError, match="opponent's hole"):
        run_practice(CongkakModule(seed="5"), commands="highlight 3; hole 9; quit")
    assert not (tmp_path / "history.yaml").exists()


def test_a_script_is_checked_once(monkeypatch, tmp_path):
    from ktane_congkak.practice.window import window

    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path))
    parsed = []
    real = window.parse_command
    monkeypatch.setattr(window, "parse_command", lambda text, *a, **k: (parsed.append(text), real(text, *a, **k))[1])
    assert window.run_practice(CongkakModule(seed="5"), commands="highlight 3; wait 0.5\nanswer; quit") == 0
    assert parsed == ["highlight 3", "wait 0.5", "answer", "quit"]


def test_cycle_highlights_each_position_in_turn_through_the_module(view):
    from ktane_congkak.practice.window.window import parse_script

    session = fresh(view)
    shown = []
    real = session.module.highlight
    session.module.highlight = lambda position: (shown.append((position, real(position))), shown[-1][1])[1]
    (cycle,) = parse_script("cycle", 7)
    assert view.run_command(cycle)
    rules = session.rules
    assert shown == [(p, f"{DISTINCT[position_to_slot(p, rules)]:02d}") for p in range(1, 15)]
    assert session.module.highlighted is None and session.clock.elapsed == pytest.approx(14.0)


def test_escape_ends_then_closes(view):
    from pyglet.window import key as k
    from ktane_congkak.practice.window import PracticeWindow

    other = PracticeWindow(PracticeSession(CongkakModule(seed=3)), size=(720, 480))
    ended = []
    other.on_end = ended.append
    other.window.dispatch_event("on_key_press", k.ESCAPE, 0)
    other.window.dispatch_events()
    assert other.session.ended == "stopped" and len(ended) == 1 and not other.closed
    other.on_key_press(k.ESCAPE, 0)  # (closing from inside dispatch_events trips pyglet's Xlib loop)
    assert other.closed and len(ended) == 1


def test_opaque_shapes_draw_the_pixels_pyglet_blending_draws(view, monkeypatch):
    """The opaque shapes' own shader and copying blend (pyglet_view.opaque_shape_options,
    there for speed) give every pixel of a frame, mid-sowing, exactly as pyglet's do."""
    import ktane_congkak.practice.window.window as window_module

    def frame():
        session = fresh(view)
        session.run("hole 7")
        view.wait(0.2)  # seeds in hand and in the holes, the sown hole lit
        view.render()
        return view.pixels()

    fast = frame()
    assert view.opaque  # the window did draw them its own way
    monkeypatch.setattr(window_module, "opaque_shape_options", dict)
    plain = frame()
    assert view.opaque == {}
    assert fast[:2] == plain[:2] and fast[2] == plain[2]


def test_the_same_script_draws_the_same_seeds_in_a_new_window_and_after(view):
    """Each seed keeps its colour from the hole it left, through the hand, to where it lands,
    however many animation steps pass between two frames drawn: the first sowing in a new
    window (whose first frame comes late), a second one in it, and one drawn at every frame
    give the same seed colours and the same pixels."""
    from ktane_congkak.practice.window import PracticeWindow
    from ktane_congkak.pyglet_view import FRAME_SECONDS

    def sow(window, every_frame=False):
        session = show_session(window, DISTINCT)
        slot = position_to_slot(7, session.rules)
        hole = list(window.seeds.slots[slot])
        session.run("hole 7")
        for _ in range(12):  # 0.2 s: seeds in the holes and in hand
            window.wait(FRAME_SECONDS)
            if every_frame:
                window.render()
        window.render()
        landed = [colours[-1] for other, colours in enumerate(window.seeds.slots) if len(colours) > DISTINCT[other]]
        return hole, list(window.seeds.hand), landed, [list(c) for c in window.seeds.slots], window.pixels()

    new = PracticeWindow(PracticeSession(CongkakModule(seed=3, board=DISTINCT)), size=view.window.get_size())
    try:
        first, second, every = sow(new), sow(new), sow(new, every_frame=True)
    finally:
        new.close()
    hole, hand, landed, _, _ = first
    assert len(hand) == 6 and len(landed) == 1  # one seed dropped, six in hand
    assert sorted(hand + landed) == sorted(hole)  # the very seeds picked up from hole 7
    assert first[:4] == second[:4] == every[:4]
    assert first[4] == second[4] == every[4]  # pixel for pixel


def test_digit_keys_press_only_your_holes():
    """Top-row and keypad digits press holes 1 to 7; 0, 8 and 9 press nothing."""
    need_display()
    from pyglet.window import key

    from ktane_congkak.practice.window.keys import key_command

    assert [key_command(getattr(key, f"_{i}"), 0, 7) for i in range(10)] == [None] + [f"hole {i}" for i in range(1, 8)] + [None, None]
    assert key_command(key.NUM_7, 0, 7) == "hole 7" and key_command(key.NUM_8, 0, 7) is None
    assert key_command(key._7, 0, 6) is None and key_command(key.TAB, 0, 7) == "move next"


def test_the_help_panel_never_parts_a_command_s_or_a_key_s_words(view):
    session = fresh(view)
    session.run("help")
    view.render()
    text = view.panel.text
    for words in ("move D", "screenshot PATH", "wait S", "R again", "1-7 press a hole"):
        assert words.replace(" ", "\u00a0") in text
    assert "hole\u00a0N, highlight" in text  # the gaps between commands still wrap
