"""The module's printed paisley, made by our code: dense and fine, black and dark brown on ochre.

The real module's face is a busy lace-and-flower paisley (not ours to copy): big drops
with scalloped bands and lace fills, flowers, leaves, fronds and small drops of several
sizes, over a ground of fine lace, busy at every scale down to a few pixels. This draws
one of our own with Pillow (a picture of `size` pixels, drawn at twice that and reduced,
so its lines are smooth), from a `seed`, in a `Palette`: the face's ochre one, and the
housing's maroon one. It is made once (face.py keeps the picture; scripts/make-face
writes it), never while a window draws.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from PIL import Image, ImageDraw

Point = tuple[float, float]


class Palette(NamedTuple):
    """A print's colours: its ground, a lighter ground, a middle brown, and its two inks."""

    ground: tuple[int, int, int]
    light: tuple[int, int, int]
    brown: tuple[int, int, int]
    dark: tuple[int, int, int]  # dark brown ink
    ink: tuple[int, int, int]  # black ink


FACE_PRINT = Palette(ground=(222, 138, 44), light=(240, 168, 72), brown=(166, 86, 22), dark=(90, 44, 12),
                     ink=(20, 11, 6))
HOUSING_PRINT = Palette(ground=(66, 2, 22), light=(90, 6, 32), brown=(46, 1, 16), dark=(28, 0, 10),
                        ink=(10, 0, 4))


def draw_paisley(size: int, seed: int, palette: Palette = FACE_PRINT) -> Image.Image:
    """A square PIL image of `size` pixels: the paisley of `seed` in `palette`, no repeat
    across it (every motif is placed, sized and turned at random)."""
    from PIL import Image, ImageDraw, ImageFilter

    big = size * 2
    image = Image.new("RGB", (big, big), palette.ground)
    draw = ImageDraw.Draw(image)
    rng = random.Random(seed)
    _ground(draw, rng, big, palette)
    image = image.filter(ImageFilter.GaussianBlur(big / 60))
    draw = ImageDraw.Draw(image)
    for _ in range(36):  # lace in patches of several fineness, the ground bare between them
        x, y, r = rng.uniform(0, big), rng.uniform(0, big), big * rng.uniform(0.1, 0.22)
        _lace_patch(image, rng, (x, y, r), big * rng.uniform(0.008, 0.016), max(1, round(big * 0.0012)), palette.dark)
    Printer(draw, rng, big, palette).print_all()
    return image.reduce(2)


def _ground(draw, rng: random.Random, big: int, palette: Palette) -> None:
    """The ground's soft patches, lighter and browner (blurred after)."""
    for _ in range(40):
        x, y, r = rng.uniform(0, big), rng.uniform(0, big), big * rng.uniform(0.04, 0.12)
        colour = palette.light if rng.random() < 0.5 else _mix(palette.ground, palette.brown, 0.6)
        draw.ellipse((x - r, y - r * rng.uniform(0.5, 1), x + r, y + r), fill=colour)


def _lace(draw, rng: random.Random, box, cell: float, width: int, colour, jitter: float) -> None:
    """A net of small irregular cells over `box` (x0, y0, x1, y1): the lace fill."""
    x0, y0, x1, y1 = box
    cols, rows = int((x1 - x0) / cell) + 2, int((y1 - y0) / cell) + 2
    grid = [[(x0 + (i + rng.uniform(-jitter, jitter) + (0.5 if j % 2 else 0)) * cell,
              y0 + (j + rng.uniform(-jitter, jitter)) * cell * 0.87) for i in range(cols)] for j in range(int(rows / 0.87) + 1)]
    for j, row in enumerate(grid):
        for i, point in enumerate(row):
            if i + 1 < len(row):
                draw.line((point, row[i + 1]), fill=colour, width=width)
            if j + 1 < len(grid):
                draw.line((point, grid[j + 1][i]), fill=colour, width=width)
                k = i + (1 if j % 2 else -1)
                if 0 <= k < len(row):
                    draw.line((point, grid[j + 1][k]), fill=colour, width=width)


def _lace_patch(image, rng: random.Random, circle, cell: float, width: int, colour) -> None:
    """Lace over a round patch, fading out at its edge (a blurred mask)."""
    from PIL import Image, ImageChops, ImageDraw, ImageFilter

    x, y, r = circle
    box = (int(x - r), int(y - r), int(x + r), int(y + r))
    side = box[2] - box[0]
    mask = Image.new("L", (side, side), 0)
    ImageDraw.Draw(mask).ellipse((side * 0.15, side * 0.15, side * 0.85, side * 0.85), fill=255)
    mask = mask.filter(ImageFilter.GaussianBlur(side * 0.08))
    lace = Image.new("L", (side, side), 0)
    _lace(ImageDraw.Draw(lace), rng, (0, 0, side, side), cell, width, 255, 0.35)
    image.paste(Image.new("RGB", (side, side), colour), box[:2], ImageChops.multiply(mask, lace))


def _mix(a, b, share: float) -> tuple[int, int, int]:
    r, g, b_ = (round(x + (y - x) * share) for x, y in zip(a, b))
    return r, g, b_


def teardrop(x: float, y: float, size: float, heading: float, curl: float, count: int = 40) -> list[Point]:
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


def _scaled(points: list[Point], centre: Point, share: float) -> list[Point]:
    cx, cy = centre
    return [(cx + (px - cx) * share, cy + (py - cy) * share) for px, py in points]


def _centroid(points: list[Point]) -> Point:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


class Printer:
    """Places and draws the motifs: big drops first, then flowers, fronds and leaves, then
    small drops, flowers and dots wherever room is left."""

    def __init__(self, draw: ImageDraw.ImageDraw, rng: random.Random, big: int, palette: Palette):
        self.draw, self.rng, self.big, self.p = draw, rng, big, palette
        self.taken: list[tuple[float, float, float]] = []  # (x, y, r) of the big motifs

    def line(self, k: float = 1.0) -> int:
        """A line's width: about a pixel and a half of the finished picture, times `k`."""
        return max(1, round(self.big * 0.0014 * k))

    def free(self, x: float, y: float, r: float, overlap: float = 0.8) -> bool:
        return all(math.hypot(x - tx, y - ty) >= (r + tr) * overlap for tx, ty, tr in self.taken)

    def spot(self, r: float, overlap: float = 0.8, tries: int = 60) -> Point | None:
        """A random place for a motif of radius `r` clear of the big ones (partly over the edge is fine)."""
        for _ in range(tries):
            x, y = self.rng.uniform(-r * 0.3, self.big + r * 0.3), self.rng.uniform(-r * 0.3, self.big + r * 0.3)
            if self.free(x, y, r, overlap):
                return x, y
        return None

    def print_all(self) -> None:
        big, rng = self.big, self.rng
        for size in (0.2, 0.17, 0.15, 0.13, 0.12, 0.1, 0.09, 0.08, 0.07, 0.06):
            for _ in range(3):
                r = big * size * rng.uniform(0.85, 1.15)
                place = self.spot(r * 0.75, 0.9)
                if place:
                    self.taken.append((*place, r * 0.75))
                    self.big_drop(*place, r, rng.uniform(0, 2 * math.pi), rng.choice((-1, 1)) * rng.uniform(0.5, 1.3))
        for _ in range(14):
            r = big * rng.uniform(0.03, 0.06)
            place = self.spot(r, 0.9)
            if place:
                self.taken.append((*place, r))
                self.rosette(*place, r)
        for _ in range(10):
            place = self.spot(big * 0.03, 0.5)
            if place:
                self.band(*place, big * rng.uniform(0.15, 0.3))
        for _ in range(60):
            place = self.spot(big * 0.03, 0.6)
            if place:
                self.frond(*place, big * rng.uniform(0.05, 0.12))
        for _ in range(500):
            r = big * rng.uniform(0.01, 0.028)
            place = self.spot(r, 1.0, tries=4)
            if place:
                self.filler(*place, r)
        for _ in range(1200):
            place = self.spot(big * 0.003, 1.0, tries=2)
            if place:
                d = big * rng.uniform(0.0015, 0.0035)
                self.draw.ellipse((place[0] - d, place[1] - d, place[0] + d, place[1] + d), fill=self.p.ink)

    # The big drop: outline, scalloped band, dotted ring, lace inside, a flower at its head ----
    def big_drop(self, x: float, y: float, size: float, heading: float, curl: float) -> None:
        d, p, rng = self.draw, self.p, self.rng
        outer = teardrop(x, y, size, heading, curl, 90)
        centre = (x + math.cos(heading) * size * 0.15, y + math.sin(heading) * size * 0.15)
        self.flames(outer, centre, size)
        d.polygon(outer, fill=p.light, outline=p.ink, width=self.line(3.5))
        band = _scaled(outer, centre, 0.88)
        self.scallops(band, size * 0.045)
        inner = _scaled(outer, centre, 0.8)
        d.polygon(inner, fill=p.ground, outline=p.ink, width=self.line(1.2))
        for px, py in _scaled(outer, centre, 0.74)[::2]:
            dot = size * 0.012
            d.ellipse((px - dot, py - dot, px + dot, py + dot), fill=p.ink)
        core = _scaled(outer, centre, 0.66)
        d.polygon(core, fill=p.brown if rng.random() < 0.5 else p.light, outline=p.ink, width=self.line(1.5))
        self.lace_in(core, size * rng.uniform(0.05, 0.08))
        head = (x - math.cos(heading) * size * 0.25, y - math.sin(heading) * size * 0.25)
        self.rosette(*head, size * 0.22)
        for k in range(3):  # small drops down the tail
            t = 0.15 + 0.2 * k
            self.small_drop(x + math.cos(heading + curl * t * t) * size * (0.2 + t), y + math.sin(heading + curl * t * t)
                            * size * (0.2 + t), size * 0.07 * (1 - t * 0.6), heading + curl * t)

    def flames(self, outline: list[Point], centre: Point, size: float) -> None:
        """Leaf-tips all round a big drop, pointing outward."""
        for px, py in outline[::3]:
            a = math.atan2(py - centre[1], px - centre[0])
            tip = teardrop(px + math.cos(a) * size * 0.05, py + math.sin(a) * size * 0.05, size * 0.07, a,
                           self.rng.uniform(-0.6, 0.6), 16)
            self.draw.polygon(tip, fill=self.p.dark, outline=self.p.ink)

    def scallops(self, band: list[Point], r: float) -> None:
        """Half-circles along a band: each a brown scallop edged in ink."""
        d, p = self.draw, self.p
        for px, py in band[::2]:
            d.ellipse((px - r, py - r, px + r, py + r), fill=p.brown, outline=p.ink, width=self.line(0.8))
            d.ellipse((px - r * 0.35, py - r * 0.35, px + r * 0.35, py + r * 0.35), fill=p.ink)

    def lace_in(self, outline: list[Point], cell: float) -> None:
        """Fine lace over the inside of `outline` only (drawn on a mask)."""
        from PIL import Image, ImageDraw

        xs, ys = [p[0] for p in outline], [p[1] for p in outline]
        box = (int(min(xs)), int(min(ys)), int(max(xs)) + 1, int(max(ys)) + 1)
        w, h = box[2] - box[0], box[3] - box[1]
        if w < 4 or h < 4:
            return
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).polygon([(x - box[0], y - box[1]) for x, y in outline], fill=255)
        lace = Image.new("L", (w, h), 0)
        _lace(ImageDraw.Draw(lace), self.rng, (0, 0, w, h), cell, self.line(0.9), 255, 0.3)
        from PIL import ImageChops

        ink = Image.new("RGB", (w, h), self.p.ink)
        self.draw._image.paste(ink, box[:2], ImageChops.multiply(mask, lace))

    # Flowers, fronds, leaves and small things ----------------------------------------------
    def rosette(self, x: float, y: float, r: float) -> None:
        """A round flower: pointed petals, a ring of dots, a dark eye."""
        d, p, rng = self.draw, self.p, self.rng
        petals = rng.choice((6, 7, 8, 10, 12))
        turn = rng.uniform(0, math.pi)
        for k in range(petals):
            a = turn + 2 * math.pi * k / petals
            petal = teardrop(x + math.cos(a) * r * 0.55, y + math.sin(a) * r * 0.55, r * 0.5, a, 0.0, 20)
            d.polygon(petal, fill=p.brown if k % 2 else p.dark, outline=p.ink, width=self.line(0.8))
        d.ellipse((x - r * 0.42, y - r * 0.42, x + r * 0.42, y + r * 0.42), fill=p.light, outline=p.ink,
                  width=self.line(1.0))
        for k in range(12):
            a = turn + 2 * math.pi * k / 12
            px, py, dot = x + math.cos(a) * r * 0.3, y + math.sin(a) * r * 0.3, r * 0.05
            d.ellipse((px - dot, py - dot, px + dot, py + dot), fill=p.ink)
        d.ellipse((x - r * 0.15, y - r * 0.15, x + r * 0.15, y + r * 0.15), fill=p.ink)

    def frond(self, x: float, y: float, length: float) -> None:
        """A curving stem with leaves on both sides, smaller toward its tip, and a curl."""
        d, p, rng = self.draw, self.p, self.rng
        heading, bend = rng.uniform(0, 2 * math.pi), rng.uniform(-2.0, 2.0)
        path = []
        for k in range(13):
            t = k / 12
            a = heading + bend * t
            path.append((x + math.cos(heading + bend * t / 2) * length * t, y + math.sin(heading + bend * t / 2) * length * t))
            if 0 < k < 12 and k % 2 == 0:
                for side in (-1, 1):
                    leaf = teardrop(*path[-1], length * 0.16 * (1 - t * 0.6), a + side * 1.1, 0.4 * side, 16)
                    d.polygon(leaf, fill=p.ink if k % 4 else p.dark, outline=p.ink)
        d.line(path, fill=p.ink, width=self.line(1.3), joint="curve")
        self.curl(*path[-1], length * 0.1, heading + bend)

    def band(self, x: float, y: float, length: float) -> None:
        """A long curving band: a bold ink line with scallops along one side and dots along
        the other, as the print's feathered borders."""
        d, p, rng = self.draw, self.p, self.rng
        heading, bend = rng.uniform(0, 2 * math.pi), rng.uniform(-2.5, 2.5)
        path: list[Point] = []
        r = length * 0.035
        for k in range(41):
            t = k / 40
            a = heading + bend * math.sin(t * math.pi * 0.8)
            if path:
                px, py = path[-1]
                path.append((px + math.cos(a) * length / 40, py + math.sin(a) * length / 40))
            else:
                path.append((x, y))
        for k in range(0, 40, 2):
            (ax, ay), (bx, by) = path[k], path[k + 1]
            nx, ny = -(by - ay), bx - ax
            n = math.hypot(nx, ny) or 1.0
            nx, ny = nx / n, ny / n
            d.ellipse((ax + nx * r - r, ay + ny * r - r, ax + nx * r + r, ay + ny * r + r), fill=p.brown, outline=p.ink,
                      width=self.line(0.8))
            dot = r * 0.3
            d.ellipse((ax - nx * r - dot, ay - ny * r - dot, ax - nx * r + dot, ay - ny * r + dot), fill=p.ink)
        d.line(path, fill=p.ink, width=self.line(3.0), joint="curve")

    def curl(self, x: float, y: float, size: float, start: float) -> None:
        path = []
        for i in range(21):
            t = i / 20
            a = start + t * 1.6 * 2 * math.pi
            path.append((x + size * (1 - t * 0.85) * math.cos(a), y + size * (1 - t * 0.85) * math.sin(a)))
        self.draw.line(path, fill=self.p.ink, width=self.line(1.0), joint="curve")

    def small_drop(self, x: float, y: float, size: float, heading: float) -> None:
        d, p = self.draw, self.p
        outer = teardrop(x, y, size, heading, self.rng.uniform(-1.0, 1.0), 24)
        d.polygon(outer, fill=p.dark, outline=p.ink)
        inner = _scaled(outer, _centroid(outer), 0.55)
        d.polygon(inner, fill=p.light)
        cx, cy = _centroid(inner)
        dot = size * 0.12
        d.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=p.ink)

    def filler(self, x: float, y: float, r: float) -> None:
        """One small thing between the big ones: a drop, a flower, a leaf, a dotted arc or a curl."""
        rng, d, p = self.rng, self.draw, self.p
        kind = rng.random()
        if kind < 0.3:
            self.small_drop(x, y, r, rng.uniform(0, 2 * math.pi))
        elif kind < 0.5:
            self.rosette(x, y, r * 0.8)
        elif kind < 0.68:
            leaf = teardrop(x, y, r, rng.uniform(0, 2 * math.pi), rng.uniform(-0.8, 0.8), 20)
            d.polygon(leaf, fill=p.ink if rng.random() < 0.6 else p.dark)
            d.line((leaf[0], leaf[len(leaf) // 2]), fill=p.light, width=self.line(0.6))  # the midrib
        elif kind < 0.84:
            start = rng.uniform(0, 2 * math.pi)
            for k in range(9):
                a = start + k * math.pi / 8
                px, py, dot = x + math.cos(a) * r, y + math.sin(a) * r, r * 0.1
                d.ellipse((px - dot, py - dot, px + dot, py + dot), fill=p.ink)
        else:
            self.curl(x, y, r, rng.uniform(0, 2 * math.pi))
