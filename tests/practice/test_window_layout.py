"""Seeds as balls (`layout.seed_positions`): exactly the count, never overlapping, inside."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ktane_congkak.paper import layout

ROOT = Path(__file__).resolve().parents[2]


def inside(ball, spot) -> bool:
    """The whole ball lies within the spot's ellipse (checked on its rim, 16 points)."""
    for k in range(16):
        a = 2 * math.pi * k / 16
        x, y = ball.x + ball.r * math.cos(a), ball.y + ball.r * math.sin(a)
        dx, dy = x - spot.x, y - spot.y
        along = (dx * layout.AXIS[0] + dy * layout.AXIS[1]) / spot.rx
        across = (dx * layout.NORMAL[0] + dy * layout.NORMAL[1]) / spot.ry
        if along * along + across * across > 1.0 + 1e-6:
            return False
    return True


def test_every_count_up_to_98_fits_without_overlap(rules):
    spots = layout.spots(rules)
    for slot in (0, rules.store(0), rules.store(1)):  # a hole and both stores
        spot = spots[slot]
        for count in range(99):
            balls = layout.seed_positions(count, spot)
            assert len(balls) == count
            assert all(inside(b, spot) for b in balls)
            for i, a in enumerate(balls):
                for b in balls[i + 1:]:
                    assert math.hypot(a.x - b.x, a.y - b.y) >= a.r + b.r


def test_seven_seeds_in_a_hole_are_its_middle_and_a_hexagon_around_it(rules):
    """A case worked out by hand: a hole is a circle of radius 0.039; full-size balls
    (radius 0.0085) 1.2 diameters apart (0.0204) leave room for the middle and the six
    grid points around it, nearest the middle first, then by angle in the hole's frame
    (along the boat, across it) from -120 degrees round to 180."""
    spot = layout.spots(rules)[3]
    assert (spot.rx, spot.ry) == (0.039, 0.039)  # the next ring (0.0353 out) would not fit inside 0.039 - 0.0085
    along, across = (math.sqrt(0.5), math.sqrt(0.5)), (math.sqrt(0.5), -math.sqrt(0.5))
    expected = [(spot.x, spot.y)]
    for degrees in (-120, -60, 0, 60, 120, 180):
        u, v = 0.0204 * math.cos(math.radians(degrees)), 0.0204 * math.sin(math.radians(degrees))
        expected.append((spot.x + u * along[0] + v * across[0], spot.y + u * along[1] + v * across[1]))
    for count in range(1, 8):  # fewer seeds take the first places: adding one never moves the others
        balls = layout.seed_positions(count, spot)
        assert [b.r for b in balls] == [0.0085] * count
        assert [(b.x, b.y) for b in balls] == [pytest.approx(p, abs=1e-12) for p in expected[:count]]


def test_the_balls_are_the_same_in_every_process(rules):
    """Nothing in the layout depends on hashing or on what ran before: two fresh
    interpreters with different hash seeds place every ball exactly as this one does."""
    probe = ("from ktane_congkak.paper import layout; from ktane_congkak.core.rules import load_ruleset; "
             "spots = layout.spots(load_ruleset('module')); "
             "print(repr([layout.seed_positions(n, spots[slot]) for slot in (0, 7, 15) for n in (2, 12, 40, 98)]))")
    spots = layout.spots(rules)
    here = repr([layout.seed_positions(n, spots[slot]) for slot in (0, 7, 15) for n in (2, 12, 40, 98)])
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
        out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True).stdout
        assert out.strip() == here


def test_crowded_holes_use_smaller_balls(rules):
    spot = layout.spots(rules)[0]
    radii = [layout.seed_positions(n, spot)[0].r for n in (1, 7, 20, 98)]
    assert radii == sorted(radii, reverse=True) and radii[-1] < radii[0] / 2
