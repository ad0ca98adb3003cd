"""board_art, the module's look shared by both windows: the way around the board that the
seeds in hand take, and the still picture shown by copy or as a quad giving the same pixels."""

from __future__ import annotations

import math

import pytest

from ktane_congkak import board_art as art

from conftest import need_display


def from_bar(x, y):
    """Distance (unit square) from (x, y) to the bar's axis between its end centres."""
    (ax, ay), (bx, by) = art.bar_ends()
    t = max(0.0, min(1.0, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
    return math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay)))


@pytest.mark.parametrize("count", [1, 3, 7, 20, 98])
def test_the_way_around_never_touches_the_board_and_stays_on_the_face(count):
    r = art.hand_radius(count)
    for step in range(400):
        u = step / 100
        x, y = art.face_point(*art.around_bar(u, r))
        assert from_bar(x, y) >= art.BAR_HALF_WIDTH + r  # the heap is off the bar
        assert r <= x <= 1 - r and r <= y <= 1 - r  # and on the face
        bx, by = art.badge_place(u, r)
        assert from_bar(bx, by) >= art.BAR_HALF_WIDTH + art.BADGE_RADIUS
        assert math.dist((x, y), (bx, by)) >= r + art.BADGE_RADIUS  # the badge beside the heap, not on it


def test_beside_a_hole_the_heap_clears_the_position_numbers_lane():
    r = art.hand_radius(5)
    for along in (-0.25, 0.0, 0.25):
        for side in (-1, 1):
            a, across = art.around_bar(art.way_around(along, side), r)
            assert a == pytest.approx(along) and abs(across) - r >= art.BAR_HALF_WIDTH + art.LABEL_LANE - 1e-9
            assert math.copysign(1, across) == side


def test_gliding_goes_the_shorter_way_around():
    assert art.glide(0.9, 0.1, 0.5) == pytest.approx(0.5)
    assert art.glide(3.9, 0.1, 0.5) == pytest.approx(0.0)  # across the ring's seam, not back around it
    assert art.glide(2.5, 0.5, 1.0) == pytest.approx(0.5)


def test_the_still_picture_is_the_same_copied_or_drawn_as_a_quad():
    need_display()
    import pyglet

    from ktane_congkak.pyglet_view import open_window

    window = open_window(200, 160, "backdrop", visible=False)
    try:
        shots = []
        for copy in (False, True):
            batch = pyglet.graphics.Batch()
            mesh = art.Mesh()
            art.add_bowl(mesh, 100, 80, 40, 30, 45.0)
            art.add_seed(mesh, 100, 80, 6, (214, 30, 38))
            backdrop = art.Backdrop(140, 120, (26, 28, 32), [mesh], batch, pyglet.graphics.Group(), origin=(30, 20),
                                    copy=copy)
            window.switch_to()
            window.clear()
            backdrop.draw()
            batch.draw()
            image = pyglet.image.get_buffer_manager().get_color_buffer().get_image_data()
            shots.append(image.get_data("RGB", image.width * 3))
            assert (backdrop.sprite is None) == copy
            backdrop.delete()
        assert shots[0] == shots[1]
        pixel = shots[0][(80 * 200 + 100) * 3:(80 * 200 + 100) * 3 + 3]
        assert pixel[0] > 150 and pixel[2] > 60  # the red seed's shine in the middle of the bowl (the bowl has no blue)
    finally:
        window.close()
