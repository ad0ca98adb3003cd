"""Seeds as balls (`layout.seed_positions`): exactly the count, never overlapping, inside."""

from __future__ import annotations

import math

from ktane_congkak import layout


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
        for count in range(0, 99):
            balls = layout.seed_positions(count, spot)
            assert len(balls) == count
            assert all(inside(b, spot) for b in balls)
            for i, a in enumerate(balls):
                for b in balls[i + 1:]:
                    assert math.hypot(a.x - b.x, a.y - b.y) >= a.r + b.r


def test_same_input_same_balls_and_a_lone_seed_sits_in_the_middle(rules):
    spot = layout.spots(rules)[3]
    assert layout.seed_positions(12, spot) == layout.seed_positions(12, spot)
    (only,) = layout.seed_positions(1, spot)
    assert (only.x, only.y) == (spot.x, spot.y) and only.r == layout.SEED_RADIUS


def test_crowded_holes_use_smaller_balls(rules):
    spot = layout.spots(rules)[0]
    radii = [layout.seed_positions(n, spot)[0].r for n in (1, 7, 20, 98)]
    assert radii == sorted(radii, reverse=True) and radii[-1] < radii[0] / 2
