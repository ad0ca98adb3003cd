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


def from_axis(x, y):
    """Distance (unit square) from (x, y) to the bar's axis line."""
    (ax, ay), (bx, by) = art.bar_ends()
    return abs((bx - ax) * (ay - y) - (ax - x) * (by - ay)) / math.hypot(bx - ax, by - ay)


@pytest.mark.parametrize("count", [1, 3, 7, 20, 98])
def test_the_way_around_keeps_off_the_board_and_on_the_module(count):
    from ktane_congkak.core.rules import load_ruleset
    from ktane_congkak.paper import layout

    rules = load_ruleset()
    stores = [layout.spots(rules)[rules.store(player)] for player in (0, 1)]
    r = art.hand_radius(count)
    for step in range(400):
        u = step / 100
        x, y = art.face_point(*art.around_bar(u, r))
        beside = u % 2 < 1  # beside the bar (not around its ends, which reach the square's corners)
        if beside:
            assert from_bar(x, y) >= art.BAR_HALF_WIDTH + r  # off the bar
        else:  # around the ends, over the bar's tip at most: never over a store
            for store in stores:  # an ellipse, its long axis along the bar
                along, across = art.along_bar(x, y) - art.along_bar(store.x, store.y), from_axis(x, y)
                assert (along / (store.rx + r)) ** 2 + (across / (store.ry + r)) ** 2 >= 1 - 1e-9
        assert r - 1e-9 <= x <= 1 - r + 1e-9 and r - 1e-9 <= y <= 1 - r + 1e-9  # and on the module's square
        bx, by = art.badge_place(u, r)
        assert from_bar(bx, by) >= art.BAR_HALF_WIDTH + (art.BADGE_RADIUS if beside else 0)
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


def test_the_shipped_picture_is_made_from_today_s_code():
    """module_face.png is what scripts/make-face makes from picture.py and paisley.py now."""
    from PIL import Image

    from ktane_congkak.board_art import picture

    with Image.open(art.PICTURE_FILE) as image:
        assert image.size == (picture.PICTURE_SIZE, picture.PICTURE_SIZE)
        assert image.text["ktane-congkak"] == picture.fingerprint()  # else: run scripts/make-face


def test_the_picture_s_face_is_cut_round_the_light_s_housing():
    x0, y0, x1, y1 = art.face_box()
    assert art.on_face(0.5, 0.5) and art.on_face(x0 + 0.01, y1 - 0.01)
    assert not art.on_face(x1 - 0.01, y0 + 0.01)  # the top-right corner: the light's housing
    assert not art.on_face(0.02, 0.5)  # the housing


def test_seeds_lie_within_two_thirds_of_a_hole_none_overlapping_in_the_module_s_colours():
    import random

    from ktane_congkak.core.rules import load_ruleset
    from ktane_congkak.paper import layout

    rules = load_ruleset()
    spots = layout.spots(rules)
    places = art.SeedPlaces(spots, {rules.store(0), rules.store(1)})
    board = (2, 3, 1, 12, 0, 4, 0, 31, 0, 4, 0, 1, 0, 1, 2, 37)
    places.scatter(board, random.Random(5))
    r = art.seed_radius()
    assert r == pytest.approx(layout.HOLE_RADIUS / 8)  # an eighth of a hole across
    for slot, count in enumerate(board):
        spot, lying = spots[slot], places.places[slot]
        assert len(lying) == count
        if slot not in (rules.store(0), rules.store(1)):
            assert all(math.dist(p, (spot.x, spot.y)) <= spot.rx * 2 / 3 + 1e-12 for p in lying)
            assert all(math.dist(a, b) >= 2.2 * r for i, a in enumerate(lying) for b in lying[i + 1:])  # a gap between
        else:  # a loose heap, inside the store
            assert all(math.dist(p, (spot.x, spot.y)) <= spot.rx for p in lying)
    again = art.SeedPlaces(spots, set())
    again.scatter(board, random.Random(6))
    assert again.places != places.places  # random: another press, other places
    colours = art.seed_colours(980, random.Random(1))
    assert set(colours) == set(art.SEED_COLOURS) and len(art.SEED_COLOURS) == 10


def test_a_crowded_hole_still_takes_every_seed():
    import random

    from ktane_congkak.paper import layout

    spot = layout.Spot(0, 0.5, 0.5, layout.HOLE_RADIUS, layout.HOLE_RADIUS)
    lying = art.scatter_in(spot, 60, random.Random(2))
    assert len(lying) == 60 and all(math.dist(p, (0.5, 0.5)) <= spot.rx for p in lying)


def test_following_keeps_the_seeds_that_stay_where_they_lie():
    import random

    from ktane_congkak.core.rules import load_ruleset
    from ktane_congkak.paper import layout

    rules = load_ruleset()
    places = art.SeedPlaces(layout.spots(rules), {7, 15})
    board = [3] * 7 + [0] + [3] * 7 + [0]
    places.scatter(board, random.Random(1))
    before = [list(p) for p in places.places]
    board[0], board[1] = 0, 4
    assert places.follow(board, random.Random(2)) == {0, 1}
    assert places.places[1][:3] == before[1] and len(places.places[1]) == 4 and places.places[0] == []
    assert places.places[2:] == before[2:]
