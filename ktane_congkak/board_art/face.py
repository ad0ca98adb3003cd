"""The backdrop: the module's paisley face, its housing, the screen, the status light, soft shadows.

The ornament is made once, aside (`prepare_paisley`), and placed into any box.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from .colours import (FACE, GROUND_SHADE, HOUSING, HOUSING_DARK, HOUSING_LIGHT, INK, INK_MID, LIGHT_FROM, SCREEN,
                      SHADOW, Colour, lit_share)
from .mesh import clear, ellipse_points, Mesh, mix, segments


# The module's face beyond paper/layout.py's holes, in the same unit square (y down).
HOUSING_BAND = 0.035  # the maroon housing's width around the paisley
SCREEN_SQUARE = (0.07, 0.71, 0.22)  # x, y (top), side: the highlight display is square, bottom-left


# Ornament -----------------------------------------------------------------------------------
def _teardrop(x, y, size, heading, curl, count=22) -> list:
    """A paisley drop: round at (x, y), its tail pointing along `heading` and curling."""
    points = []
    for i in range(count):
        t = 2 * math.pi * i / count
        u = math.cos(t)  # -1 at the round end's back, 1 at the tail
        v = math.sin(t) * math.sin(t / 2) ** 1.6 * 0.62
        u, v = u * size, v * size
        bend = curl * max(0.0, u / size) ** 2  # the tail bends more toward its tip
        c, s = math.cos(heading + bend), math.sin(heading + bend)
        points.append((x + u * c - v * s, y + u * s + v * c))
    return points


def add_paisley(mesh: Mesh, box, seed: int = 7) -> None:
    """The face's orange-and-black ornament over `box` (x, y, w, h), made up from `seed`:
    paisley drops with rings of dots, curls, fronds and scattered dots on the orange ground
    (the ground itself is the caller's: a clear colour or a rectangle).

    Made once per seed at PAISLEY_SIZE pixels and scaled to the box (making it is some
    0.15 s of Python; a window laid out again at each size should not pay that each time).
    `prepare_paisley` makes it aside while a window opens."""
    x0, y0, w, h = box
    thread = _PREPARING.pop(seed, None)
    if thread is not None:
        thread.join()
    points, colours = _paisley(seed)
    sx, sy = w / PAISLEY_SIZE, h / PAISLEY_SIZE
    mesh.points += [x0 + v * sx if i % 2 == 0 else y0 + v * sy for i, v in enumerate(points)]
    mesh.shifts += (0.0,) * len(points)
    mesh.colours += colours


PAISLEY_SIZE = 600  # pixels: the ornament's size as made (its fading edges are a pixel wide there)
_PREPARING: dict = {}  # seed -> the thread making that paisley


def prepare_paisley(seed: int = 7) -> None:
    """Start making the paisley of `seed` in a thread (while a window opens, which mostly
    waits on the display); `add_paisley` waits for it."""
    import threading

    if seed not in _PREPARING and _paisley.cache_info().currsize == 0:
        _PREPARING[seed] = threading.Thread(target=_paisley, args=(seed,), daemon=True)
        _PREPARING[seed].start()


@lru_cache(maxsize=4)
def _paisley(seed: int) -> tuple[list, list]:
    mesh = Mesh()
    rng = random.Random(seed)
    x0 = y0 = 0.0
    w = h = unit = float(PAISLEY_SIZE)
    for _ in range(16):  # the ground's soft brown shading, under everything
        x, y, r = rng.uniform(0, w), rng.uniform(0, h), unit * rng.uniform(0.08, 0.16)
        rim = ellipse_points(x, y, r, r * rng.uniform(0.5, 1.0), rng.uniform(0, 180), 20)
        mesh.fan((x, y), GROUND_SHADE, rim, [clear(GROUND_SHADE)] * len(rim))
    cells = 7
    for j in range(cells):
        for i in range(cells):
            cx = x0 + (i + 0.5 + rng.uniform(-0.3, 0.3)) * w / cells
            cy = y0 + (j + 0.5 + rng.uniform(-0.3, 0.3)) * h / cells
            size = unit * rng.uniform(0.05, 0.075)
            heading, curl = rng.uniform(0, 2 * math.pi), rng.choice((-1, 1)) * rng.uniform(0.6, 1.2)
            _paisley_drop(mesh, cx, cy, size, heading, curl)
            fx = x0 + (i + rng.uniform(0.05, 0.95)) * w / cells
            fy = y0 + (j + rng.uniform(0.05, 0.95)) * h / cells
            _curl(mesh, fx, fy, unit * rng.uniform(0.02, 0.034), rng.uniform(0, 2 * math.pi), unit * 0.005)
            _frond(mesh, rng, x0 + (i + rng.random()) * w / cells, y0 + (j + rng.random()) * h / cells, unit * 0.05)
    for _ in range(cells * cells * 6):  # the dust of dots between the motifs
        r = unit * rng.uniform(0.0025, 0.006)
        mesh.ellipse(x0 + rng.uniform(r, w - r), y0 + rng.uniform(r, h - r), r, r, INK, fringe=0.8)
    fine = 11
    for j in range(fine):  # the fine work: little flowers and dotted arcs
        for i in range(fine):
            x, y = (i + rng.random()) * w / fine, (j + rng.random()) * h / fine
            if rng.random() < 0.5:
                _flower(mesh, x, y, unit * rng.uniform(0.008, 0.014), rng.uniform(0, math.pi))
            else:
                _dotted_arc(mesh, x, y, unit * rng.uniform(0.02, 0.045), rng.uniform(0, 2 * math.pi), unit * 0.0028)
    return mesh.corners(), mesh.colours


def _flower(mesh: Mesh, x, y, size, turn) -> None:
    """Six ink petals around a dot."""
    mesh.ellipse(x, y, size * 0.45, size * 0.45, INK, fringe=0.6)
    for k in range(6):
        a = turn + k * math.pi / 3
        mesh.ellipse(x + math.cos(a) * size, y + math.sin(a) * size, size * 0.32, size * 0.32, INK_MID, fringe=0.0)


def _dotted_arc(mesh: Mesh, x, y, radius, start, dot) -> None:
    """A half circle of small ink dots around (x, y)."""
    for k in range(10):
        a = start + k * math.pi / 9
        mesh.ellipse(x + math.cos(a) * radius, y + math.sin(a) * radius, dot, dot, INK, fringe=0.0)


def _frond(mesh: Mesh, rng, x, y, size) -> None:
    """A curved stem with leaves along it, in ink."""
    heading = rng.uniform(0, 2 * math.pi)
    bend = rng.uniform(-1.5, 1.5)
    for k in range(5):
        t = k / 4
        a = heading + bend * t
        px, py = x + math.cos(heading + bend * t / 2) * size * t, y + math.sin(heading + bend * t / 2) * size * t
        for side in (-1, 1):
            leaf = _teardrop(px, py, size * 0.22 * (1 - t * 0.5), a + side * 1.0, 0.3 * side, count=12)
            mesh.polygon(leaf, INK if k % 2 else INK_MID)


def _paisley_drop(mesh: Mesh, x, y, size, heading, curl) -> None:
    outer = _teardrop(x, y, size, heading, curl)
    mesh.polygon(outer, INK, fringe=1.0)
    middle = [(x + (px - x) * 0.8, y + (py - y) * 0.8) for px, py in outer]
    mesh.polygon(middle, FACE)
    inner = [(x + (px - x) * 0.55, y + (py - y) * 0.55) for px, py in outer]
    mesh.polygon(inner, INK_MID)
    core = [(x + (px - x) * 0.28, y + (py - y) * 0.28) for px, py in outer]
    mesh.polygon(core, INK)
    for i in range(0, len(outer), 2):  # a ring of dots between the outline and the middle
        px, py = outer[i]
        r = size * 0.045
        mesh.ellipse(x + (px - x) * 0.68, y + (py - y) * 0.68, r, r, INK, fringe=0.0)


def _curl(mesh: Mesh, x, y, size, start, thick, colour: Colour = INK) -> None:
    """A spiral line of `thick` pixels winding in to (x, y), ending in a dot."""
    turns, steps = 1.6, 26
    path = []
    for i in range(steps + 1):
        t = i / steps
        a = start + t * turns * 2 * math.pi
        r = size * (1 - t * 0.85)
        path.append((x + r * math.cos(a), y + r * math.sin(a)))
    for (ax, ay), (bx, by) in zip(path, path[1:]):
        d = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / d * thick / 2, (bx - ax) / d * thick / 2
        mesh.quad((ax - nx, ay - ny), (bx - nx, by - ny), (bx + nx, by + ny), (ax + nx, ay + ny), *[colour] * 4)
    mesh.ellipse(*path[-1], thick * 1.3, thick * 1.3, colour, fringe=0.6)


def add_housing(mesh: Mesh, outer, inner, seed: int = 11) -> None:
    """The module's maroon housing: the band between the boxes `outer` and `inner` (x, y,
    w, h), shaded darker toward its edges and patterned with darker whorls."""
    ox, oy, ow, oh = outer
    ix, iy, iw, ih = inner
    o = [(ox, oy), (ox + ow, oy), (ox + ow, oy + oh), (ox, oy + oh)]
    i = [(ix, iy), (ix + iw, iy), (ix + iw, iy + ih), (ix, iy + ih)]
    mid = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(o, i)]
    mesh.ring(mid, o, [HOUSING_LIGHT] * 4, [HOUSING_DARK] * 4)
    mesh.ring(i, mid, [HOUSING_DARK] * 4, [HOUSING_LIGHT] * 4)
    rng = random.Random(seed)
    band = min(ix - ox, iy - oy)
    if band < 3:
        return
    for _ in range(60):  # whorls along the band
        side = rng.randrange(4)
        t = rng.random()
        depth = rng.uniform(0.25, 0.75) * band
        x, y = ((ox + t * ow, oy + depth), (ox + ow - depth, oy + t * oh), (ox + t * ow, oy + oh - depth),
                (ox + depth, oy + t * oh))[side]
        _curl(mesh, x, y, band * rng.uniform(0.18, 0.32), rng.uniform(0, 6.3), max(1.0, band * 0.05), HOUSING_DARK)


def add_screen(mesh: Mesh, x: float, y: float, w: float, h: float) -> None:
    """The highlight display: a plain salmon square in a thin dark frame."""
    edge = max(1.0, w * 0.03)
    mesh.quad((x - edge, y - edge), (x + w + edge, y - edge), (x + w + edge, y + h + edge), (x - edge, y + h + edge),
              *[HOUSING_DARK] * 4)
    mesh.quad((x, y), (x + w, y), (x + w, y + h), (x, y + h), SCREEN, SCREEN, mix(SCREEN, (255, 255, 255), 0.08), SCREEN)


def add_light_housing(mesh: Mesh, x: float, y: float, r: float, corner) -> None:
    """The maroon round housing of the status light at (x, y), joined to the housing's
    corner `corner` (the paisley's top-right corner, pixels)."""
    cx, cy = corner
    mesh.quad((x, cy), (cx, cy), (cx, y), (x, y), *[HOUSING] * 4)
    mesh.ellipse(x, y, r * 1.9, r * 1.9, HOUSING_DARK, fringe=1.0)
    mesh.ellipse(x, y, r * 1.75, r * 1.75, HOUSING, fringe=0.0)


def add_light(mesh: Mesh, x: float, y: float, r: float, colour: Colour) -> None:
    """KTANE's status light: a round dome of `colour` in a dark socket, lit from the top-left."""
    mesh.ellipse(x, y, r * 1.25, r * 1.25, (16, 14, 14), fringe=1.0)
    rim = ellipse_points(x, y, r, r, 0.0, segments(r))
    dark = mix(colour, (0, 0, 0), 0.5)
    colours = [mix(colour, dark, lit_share(px - x, py - y)) for px, py in rim]
    mesh.fan((x, y), colour, rim, colours)
    mesh.ellipse(x + LIGHT_FROM[0] * r * 0.4, y + LIGHT_FROM[1] * r * 0.4, r * 0.25, r * 0.18,
                 mix(colour, (255, 255, 255), 0.6), angle=45.0, fringe=r * 0.15)


def add_shadow(mesh: Mesh, x: float, y: float, r: float) -> None:
    """A soft shadow under something held above the face (the seeds in hand)."""
    mesh.ellipse(x + r * 0.15, y - r * 0.15, r * 1.05, r * 1.05, SHADOW, fringe=r * 0.3)
