"""Colours that never hide a seed: the lit hole and the hole being sown stand apart from
every seed colour and from the wood, measured as a person sees colour (CIELAB distance)."""

from __future__ import annotations

import math

import pytest

from ktane_congkak import board_art as art
from ktane_congkak.paper import layout

APART = 30.0  # CIE76 Delta E: 2 is a just-noticeable difference, 30 is unmistakable
WOOD = {"boat": layout.BOAT, "boat edge": layout.BOAT_EDGE, "hole": layout.HOLE}


def lab(rgb):
    """sRGB (0-255) to CIELAB (D65)."""
    def linear(c):
        c /= 255
        return ((c + 0.055) / 1.055) ** 2.4 if c > 0.04045 else c / 12.92

    r, g, b = map(linear, rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a, b) -> float:
    return math.dist(lab(a), lab(b))


@pytest.mark.parametrize("rgb, expected", [
    ((255, 255, 255), (100.0, 0.0, 0.0)),
    ((255, 0, 0), (53.24, 80.09, 67.20)),  # sRGB primaries in CIELAB (D65), as published
    ((0, 255, 0), (87.73, -86.18, 83.18)),
    ((0, 0, 255), (32.30, 79.19, -107.86)),
    ((128, 128, 128), (53.59, 0.0, 0.0)),
    ((10, 10, 10), (2.74, 0.0, 0.0)),  # the linear part of sRGB's curve and of f(t)
])
def test_the_measure_is_the_published_cielab(rgb, expected):
    """The distances below are only as good as this conversion (a wrong coefficient or
    curve would pass colours that look alike): checked against published values."""
    assert lab(rgb) == pytest.approx(expected, abs=0.05)


def test_the_lit_hole_and_the_sown_hole_differ():
    assert distance(layout.HOLE_HOVER, layout.HOLE_ACTIVE) >= APART


# The windows' look (board_art): the seeds lie in orange bowls on an orange bar.
ART_WOOD = {"wood": art.WOOD, "wood in shade": art.WOOD_SHADE, "bowl floor": art.BOWL_LIT, "bowl wall": art.BOWL_GLOW,
            "bowl shadow": art.BOWL_DEEP}
PALETTES = {"sheets": (layout.SEED_COLOURS, WOOD), "window": (art.SEED_COLOURS, ART_WOOD)}


@pytest.mark.parametrize("palette", sorted(PALETTES))
@pytest.mark.parametrize("name", ["HOLE_HOVER", "HOLE_ACTIVE"])
def test_lit_holes_stand_apart_from_every_seed_and_the_wood(name, palette):
    colour = getattr(layout, name)
    seeds, woods = PALETTES[palette]
    for seed in seeds:
        assert distance(colour, seed) >= APART, f"{name} {colour} is close to the seed colour {seed}"
    for wood, value in woods.items():
        assert distance(colour, value) >= APART, f"{name} {colour} is close to the {wood} {value}"


def test_every_window_seed_stands_apart_from_the_bowls_it_lies_in():
    """The real module's seeds are of many colours, none orange: none vanishes in a bowl."""
    for seed in art.SEED_COLOURS:
        for wood, value in ART_WOOD.items():
            assert distance(seed, value) >= APART, f"the seed colour {seed} is close to the {wood} {value}"
