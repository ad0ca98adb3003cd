"""The module's face as a defuser sees it (issue 34), read off a real window screenshot.

On the default window's module square, 7% cut off each edge (as the module's preview was
measured): the bright orange of the bar a fifth to two fifths of it (the module: 29%), the
face at least half (62%), its median colour the module's ochre, a quarter to two fifths
of it dark line, and busy at every scale (at least 40% of it on an edge, the module 44%).
"""

from __future__ import annotations

import statistics

import pytest

from ktane_congkak import board_art as art
from ktane_congkak.core.module import CongkakModule
from ktane_congkak.practice.session import PracticeSession

from conftest import VERDICTS, practice_window, show_session

CUT = 0.07  # of the module's square, off each edge
MODULE_OCHRE = (152, 79, 23)  # the module's face, its median colour on the preview


def luminance(p) -> float:
    return 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]


def is_bar(p) -> bool:
    """The bar's bright orange (its lit wood and bowl floors): no blue at all."""
    r, g, b = p
    return r >= 180 and 80 <= g <= 140 and b <= 40 and r - g >= 85


def is_screen(p) -> bool:
    r, g, b = p
    return r >= 235 and 105 <= g <= 160 and 45 <= b <= 110


def is_housing(p) -> bool:
    """Maroon: more blue than green, red above green."""
    r, g, b = p
    return b > g + 4 and r > g + 8


def face_measures(image) -> dict:
    """The measures of the module's square `image` (PIL, RGB), its edges already cut."""
    from PIL import ImageFilter

    raw = image.tobytes()
    pixels = list(zip(raw[0::3], raw[1::3], raw[2::3]))
    grey = image.convert("L")
    lap = [0, -1, 0, -1, 4, -1, 0, -1, 0]
    up = grey.filter(ImageFilter.Kernel((3, 3), lap, scale=1)).tobytes()
    down = grey.filter(ImageFilter.Kernel((3, 3), [-v for v in lap], scale=1)).tobytes()
    face = [i for i, p in enumerate(pixels) if not (is_bar(p) or is_screen(p) or is_housing(p))]
    face_pixels = [pixels[i] for i in face]
    return {
        "bar": sum(map(is_bar, pixels)) / len(pixels),
        "face": len(face) / len(pixels),
        "median": tuple(statistics.median(p[c] for p in face_pixels) for c in range(3)),
        "dark": sum(luminance(p) < 70 for p in face_pixels) / len(face),
        "edge": sum(up[i] > 40 or down[i] > 40 for i in face) / len(face),
    }


def module_square(view, path):
    """The window's module square from a screenshot saved at `path`, its edges cut."""
    from PIL import Image

    view.screenshot(str(path))
    with Image.open(path) as shot:
        image = shot.convert("RGB")
    left, top = view.ox, view.window.height - view.oy - view.face  # the screenshot's rows run down
    cut = view.face * CUT
    return image.crop((round(left + cut), round(top + cut), round(left + view.face - cut), round(top + view.face - cut)))


@pytest.fixture(scope="module")
def view():
    yield from practice_window(VERDICTS)


def test_the_default_window_s_face_measures_as_the_module_s(view, tmp_path):
    show_session(view, VERDICTS)
    assert (view.window.width, view.window.height) == (900, 600)
    m = face_measures(module_square(view, tmp_path / "face.png"))
    assert 0.20 <= m["bar"] <= 0.38, m
    assert m["face"] >= 0.50, m
    assert all(abs(a - b) <= 30 for a, b in zip(m["median"], MODULE_OCHRE)), m
    assert 0.24 <= m["dark"] <= 0.42, m
    assert m["edge"] >= 0.40, m


def test_the_measures_tell_the_old_bare_orange_face_apart():
    """The measures have teeth: a face of the old flat orange with sparse ink fails them."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (100, 100), (220, 125, 33))
    ImageDraw.Draw(image).ellipse((30, 30, 50, 50), fill=(38, 16, 6))
    m = face_measures(image)
    assert m["bar"] > 0.38 and m["face"] < 0.5


def test_the_seeds_lie_as_the_module_lays_them_and_afresh_after_a_press(view):
    """About an eighth of a hole across, within two thirds of the bowl (a hole that holds
    few), none overlapping, each of the module's ten colours; a press lays them out again."""
    session = show_session(view, VERDICTS)
    before = {slot: [ball.position for ball in view.balls[slot]] for slot in range(7)}
    for slot in range(7):
        spot = view.spots[slot]
        centre, radius = view.spot_centre(slot), spot.rx * view.face
        balls = view.balls[slot]
        for ball in balls:
            assert ball.r == pytest.approx(radius / 8, rel=0.01)  # an eighth of the hole across
            assert ball.colour in art.SEED_COLOURS
            if len(balls) <= 12:
                assert ((ball.x - centre[0]) ** 2 + (ball.y - centre[1]) ** 2) ** 0.5 <= radius * 2 / 3 + 1e-6
            assert all(((ball.x - o.x) ** 2 + (ball.y - o.y) ** 2) ** 0.5 >= 2 * ball.r - 1e-6
                       for o in balls if o is not ball)
    session.run("hole 4")
    view.wait(30)
    view.render()
    assert not session.animating
    assert view._laid_for == session.frame().board  # the board after the turn and the reply
    after = {slot: [ball.position for ball in view.balls[slot]] for slot in range(7)}
    assert after != before


def test_the_screen_shows_stamped_digits_and_gg(view):
    session = show_session(view, VERDICTS)
    session.point(4)
    view.refresh()
    assert view.screen_label.text == f"{VERDICTS[3]:02d}"
    assert view.screen_label.content_width < 0.6 * view.screen_rect[2]  # narrow: two digits in well under the side


def test_a_new_module_in_the_window_draws_the_same_picture():
    """The same board gives the same picture (a script's screenshots repeat)."""
    from ktane_congkak.practice.window import PracticeWindow

    shots = []
    for _ in range(2):
        view = PracticeWindow(PracticeSession(CongkakModule(seed=1, board=VERDICTS)), visible=False)
        try:
            view.render()
            shots.append([[b.position for b in balls] for balls in view.balls])
        finally:
            view.close()
    assert shots[0] == shots[1]
