"""The congkak board drawn the way the module looks on the bomb, for both windows.

The real module (KtaneModules' Congkak) is a bright orange carved bar with round bowls and
an oval store at each end, on an orange-and-black paisley face in a dark maroon housing;
its seeds are small glossy balls. This module draws that look procedurally (no image is
loaded): the practice window (practice/window.py) and the traditional games' window
(games/window.py) both build their pictures from it.

Everything is drawn in window pixels (y up), given centres and radii: the caller owns
the geometry (paper/layout.py for the module's face). Shapes with shading are built as
`Mesh`es, triangles with a colour per corner, so one vertex list draws a gradient; each
mesh becomes one vertex list in a `Layer` of a pyglet batch, and a batch draws all the
meshes of a layer in one call. Edges are smoothed by a one-pixel fringe that fades to
clear (`fringe=`), which also looks right when the GL config has multisampling.

The public API:

- colours: `WOOD`, `WOOD_SHADE`, `WOOD_SIDE`, `BOWL_RIM`, `BOWL_LIT`, `BOWL_DEEP`, `FACE`,
  `INK`, `INK_MID`, `HOUSING`, `HOUSING_LIGHT`, `SCREEN`, `SCREEN_DIGITS`, `SEED_COLOURS`;
- `Mesh` (`fan`, `ellipse`, `ring`, `quad`, `polygon`, `build`) and `Layer(batch, order)`;
- `add_bowl(mesh, x, y, rx, ry, angle, tint=None)`: a carved hole or store;
- `add_seed(mesh, x, y, r, colour)`: a glossy ball;
- `add_bar(mesh, x0, y0, x1, y1, half_width)`: the board, a rounded bar between two points;
- `add_paisley(mesh, box, seed)` and `add_housing(mesh, outer, inner, seed)`: the face's
  ornament and the housing's pattern;
- `add_badge(mesh, x, y, r)` and `badge_label_size(r)`: the seeds-in-hand count's disc;
- `hand_place(...)`: where the seeds in hand are held, clear of the board and its seeds;
- `segments(radius)`: how many sides a circle of that many pixels needs.
"""

from __future__ import annotations

import math
import random

Colour = tuple  # (r, g, b) or (r, g, b, a), 0-255

# The real module's colours, measured on its preview pictures (about; no image is used).
WOOD = (227, 109, 1)  # the bar's lit top
WOOD_SHADE = (200, 97, 6)  # the bar's top away from the light
WOOD_SIDE = (150, 66, 4)  # the bar's edge, seen where it drops to the face
BOWL_RIM = (154, 68, 2)  # a bowl's wall in its own shadow (toward the light)
BOWL_LIT = (205, 98, 2)  # the bowl's floor
BOWL_GLOW = (240, 132, 30)  # the far wall, lit
BOWL_DEEP = (120, 52, 2)  # the shadow a bowl's lip casts into it
FACE = (220, 125, 33)  # the paisley's orange ground
INK = (38, 16, 6)  # the ornament's dark brown-black
INK_MID = (150, 72, 14)  # its middle tone
HOUSING = (58, 4, 18)  # the module's maroon housing
HOUSING_DARK = (24, 0, 5)
HOUSING_LIGHT = (104, 14, 36)
SCREEN = (255, 133, 73)  # the highlight display: plain salmon
SCREEN_DIGITS = (20, 8, 4)
SHADOW = (40, 10, 0, 110)  # soft shadows, blended
BADGE = (250, 246, 236)  # the in-hand count: a light disc with a dark number
BADGE_RING = (60, 24, 6)
BADGE_TEXT = (30, 12, 4)
# The seeds: about ten glossy colours, all far from the orange bowls they lie in.
SEED_COLOURS = (
    (214, 30, 38), (40, 170, 60), (36, 72, 210), (246, 246, 240), (28, 28, 30),
    (250, 214, 40), (246, 140, 200), (24, 96, 52), (128, 62, 190), (40, 190, 210),
)
LIGHT_FROM = (-math.sqrt(0.5), math.sqrt(0.5))  # light comes from the top-left (pixels, y up)


def segments(radius: float) -> int:
    """Sides of a drawn circle of `radius` pixels: its edge strays at most half a pixel from
    the true circle, and no more sides than that (a software renderer pays per triangle)."""
    if radius <= 1:
        return 8
    return max(8, min(64, math.ceil(math.pi / math.acos(1 - 0.5 / radius))))


def mix(a: Colour, b: Colour, share: float) -> tuple:
    """`a` moved `share` (0-1) of the way to `b`, channel by channel (alpha kept or 255)."""
    a4, b4 = (*a, 255)[:4], (*b, 255)[:4]
    return tuple(round(x + (y - x) * share) for x, y in zip(a4, b4))


def clear(colour: Colour) -> tuple:
    return (*colour[:3], 0)


def ellipse_points(x: float, y: float, rx: float, ry: float, angle: float, count: int) -> list[tuple[float, float]]:
    """`count` points around an ellipse turned `angle` degrees clockwise (as pyglet turns)."""
    c, s = math.cos(math.radians(-angle)), math.sin(math.radians(-angle))
    points = []
    for i in range(count):
        a = 2 * math.pi * i / count
        u, v = rx * math.cos(a), ry * math.sin(a)
        points.append((x + u * c - v * s, y + u * s + v * c))
    return points


class Mesh:
    """Triangles with a colour at each corner; `build` makes them one pyglet vertex list."""

    def __init__(self):
        self.points: list[float] = []
        self.colours: list[int] = []

    def __len__(self) -> int:
        return len(self.points) // 2

    def triangle(self, a, b, c, ca: Colour, cb: Colour, cc: Colour) -> None:
        self.points += (*a, *b, *c)
        for colour in (ca, cb, cc):
            self.colours += (*colour, 255)[:4]

    def fan(self, centre, centre_colour: Colour, rim: list, rim_colours: list) -> None:
        """A filled shape from `centre` to the closed outline `rim` (convex around the centre)."""
        for i in range(len(rim)):
            self.triangle(centre, rim[i - 1], rim[i], centre_colour, rim_colours[i - 1], rim_colours[i])

    def ring(self, inner: list, outer: list, inner_colours: list, outer_colours: list) -> None:
        """The band between two closed outlines of as many points."""
        for i in range(len(inner)):
            self.quad(inner[i - 1], inner[i], outer[i], outer[i - 1],
                      inner_colours[i - 1], inner_colours[i], outer_colours[i], outer_colours[i - 1])

    def quad(self, a, b, c, d, ca, cb, cc, cd) -> None:
        self.triangle(a, b, c, ca, cb, cc)
        self.triangle(a, c, d, ca, cc, cd)

    def polygon(self, outline: list, colour: Colour, fringe: float = 0.0) -> None:
        """A convex-ish shape of one colour, filled from its middle; with a fading fringe."""
        cx = sum(p[0] for p in outline) / len(outline)
        cy = sum(p[1] for p in outline) / len(outline)
        self.fan((cx, cy), colour, outline, [colour] * len(outline))
        if fringe:
            self.ring(outline, grow(outline, (cx, cy), fringe), [colour] * len(outline), [clear(colour)] * len(outline))

    def ellipse(self, x, y, rx, ry, colour: Colour, angle: float = 0.0, fringe: float = 1.0) -> None:
        self.polygon(ellipse_points(x, y, rx, ry, angle, segments(max(rx, ry))), colour, fringe)

    def build(self, batch, group):
        """One vertex list of every triangle (None if there are none)."""
        from pyglet import gl

        if not self.points:
            return None
        n = len(self)
        return group.program.vertex_list(n, gl.GL_TRIANGLES, batch=batch, group=group,
                                         position=("f", self.points), colors=("Bn", self.colours),
                                         translation=("f", (0.0, 0.0) * n), rotation=("f", (0.0,) * n))


def grow(outline: list, centre, by: float) -> list:
    """The outline pushed `by` pixels outward from `centre`."""
    cx, cy = centre
    out = []
    for x, y in outline:
        d = math.hypot(x - cx, y - cy) or 1.0
        out.append((x + (x - cx) / d * by, y + (y - cy) / d * by))
    return out


def Layer(batch, order: int, parent=None):
    """A pyglet group drawing meshes with blending (their fringes fade to clear), at `order`."""
    from pyglet import gl, graphics, shapes

    class _MeshGroup(graphics.Group):
        def __init__(self):
            super().__init__(order=order, parent=parent)
            self.program = shapes.get_default_shader()

        def set_state(self):
            self.program.bind()
            gl.glEnable(gl.GL_BLEND)  # colour blended; alpha kept opaque where it was (a texture's too)
            gl.glBlendFuncSeparate(gl.GL_SRC_ALPHA, gl.GL_ONE_MINUS_SRC_ALPHA, gl.GL_ONE, gl.GL_ONE_MINUS_SRC_ALPHA)

        def unset_state(self):
            gl.glDisable(gl.GL_BLEND)
            self.program.unbind()

        def __eq__(self, other):
            return self is other

        def __hash__(self):
            return id(self)

    return _MeshGroup()


class Backdrop:
    """Meshes that never change (the face's ornament, the housing, the board, its bowls)
    drawn once into a texture the window's size, then shown each frame as one quad.

    The ornament is thousands of small triangles; a software renderer (Mesa's llvmpipe)
    pays for each triangle every frame, but for the texture only its pixels, about what
    clearing the window costs. Build a new one when the window's size changes."""

    def __init__(self, width: int, height: int, background: Colour, meshes: list[Mesh], batch, group):
        import pyglet
        from pyglet import gl

        self.texture = pyglet.image.Texture.create(width, height, min_filter=gl.GL_NEAREST, mag_filter=gl.GL_NEAREST)
        scratch = pyglet.graphics.Batch()
        lists = [mesh.build(scratch, Layer(scratch, i)) for i, mesh in enumerate(meshes)]
        buffer = pyglet.image.Framebuffer()
        buffer.attach_texture(self.texture)
        buffer.bind()
        viewport = (gl.GLint * 4)()
        gl.glGetIntegerv(gl.GL_VIEWPORT, viewport)
        gl.glViewport(0, 0, width, height)
        gl.glClearColor(*(c / 255 for c in background[:3]), 1.0)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)
        scratch.draw()
        buffer.unbind()
        gl.glViewport(*viewport)
        for vertex_list in lists:
            if vertex_list is not None:
                vertex_list.delete()
        buffer.delete()
        # Copied, not blended: the quad covers the window, nothing under it shows.
        self.sprite = pyglet.sprite.Sprite(self.texture, 0, 0, blend_src=gl.GL_ONE, blend_dest=gl.GL_ZERO,
                                           batch=batch, group=group)

    def delete(self) -> None:
        self.sprite.delete()
        self.texture.delete()


# The carved pieces ------------------------------------------------------------------------
def _lit_share(dx: float, dy: float) -> float:
    """0 for a direction toward the light, 1 for one away from it."""
    d = math.hypot(dx, dy) or 1.0
    return min(1.0, max(0.0, (1 - (dx * LIGHT_FROM[0] + dy * LIGHT_FROM[1]) / d) / 2))  # rounding never leaves 0-1


def bowl_colours(tint: Colour | None = None) -> tuple:
    """(rim, floor, lit wall) of a bowl, tinted toward `tint` (a hovered or sown hole)."""
    if tint is None:
        return BOWL_RIM, BOWL_LIT, BOWL_GLOW
    return mix(tint, (0, 0, 0), 0.35), tuple(tint), mix(tint, (255, 255, 255), 0.3)


def add_bowl(mesh: Mesh, x: float, y: float, rx: float, ry: float, angle: float = 0.0,
             tint: Colour | None = None) -> None:
    """A carved hole (or, longer, a store) centred at (x, y) with radii rx, ry (pixels),
    turned `angle` degrees clockwise: a lip catching the light, a wall in shadow toward
    the light and lit away from it, a floor lit a little off centre."""
    n = segments(max(rx, ry) * 1.1)
    rim_colour, floor, glow = bowl_colours(tint)
    lip = ellipse_points(x, y, rx * 1.12, ry * 1.12, angle, n)
    edge = ellipse_points(x, y, rx, ry, angle, n)
    shares = [_lit_share(px - x, py - y) for px, py in edge]
    # The lip: lit toward the light, shaded away from it, fading into the wood.
    mesh.ring(edge, lip, [mix(WOOD, (255, 200, 120), 0.35 * (1 - s)) if s < 0.5 else mix(WOOD, WOOD_SIDE, 0.5 * s)
                          for s in shares], [WOOD] * n)
    # The wall: dark where the lip shades it (toward the light), glowing on the far side.
    mesh.fan((x - LIGHT_FROM[0] * rx * 0.22, y - LIGHT_FROM[1] * ry * 0.22), floor, edge,
             [mix(rim_colour, glow, s ** 1.5) for s in shares])


def add_seed(mesh: Mesh, x: float, y: float, r: float, colour: Colour) -> None:
    """A glossy ball: its colour darkening to the edge away from the light, a bright
    highlight toward it, a soft edge."""
    n = max(8, segments(r))
    rim = ellipse_points(x, y, r, r, 0.0, n)
    dark = mix(colour, (0, 0, 0), 0.45)
    rim_colours = [mix(colour, dark, _lit_share(px - x, py - y)) for px, py in rim]
    shine = (x + LIGHT_FROM[0] * r * 0.38, y + LIGHT_FROM[1] * r * 0.38)
    mesh.fan(shine, mix(colour, (255, 255, 255), 0.55), rim, rim_colours)
    mesh.ring(rim, ellipse_points(x, y, r + 0.8, r + 0.8, 0.0, n), rim_colours, [clear(c) for c in rim_colours])


def add_bar(mesh: Mesh, x0: float, y0: float, x1: float, y1: float, half_width: float, depth: float) -> None:
    """The board: a bar with round ends from (x0, y0) to (x1, y1) (the ends' centres), lit
    from the top-left, standing `depth` pixels above the face (its side and shadow show
    below-right)."""
    outline = bar_outline(x0, y0, x1, y1, half_width)
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    shadow = [(px + depth * 1.6, py - depth * 1.6) for px, py in outline]
    mesh.polygon(shadow, SHADOW, fringe=depth * 1.5)
    side = [(px + depth * 0.7, py - depth * 0.7) for px, py in outline]
    mesh.polygon(side, WOOD_SIDE, fringe=1.0)
    colours = [mix(WOOD, WOOD_SHADE, _lit_share(px - centre[0], py - centre[1])) for px, py in outline]
    mesh.fan(centre, WOOD, outline, colours)
    mesh.ring(outline, grow(outline, centre, 1.0), colours, [clear(c) for c in colours])


def bar_outline(x0: float, y0: float, x1: float, y1: float, half_width: float, per_end: int = 24) -> list:
    """A bar's outline: two half circles joined by straight sides."""
    heading = math.atan2(y1 - y0, x1 - x0)
    points = []
    for (cx, cy), start in (((x1, y1), heading - math.pi / 2), ((x0, y0), heading + math.pi / 2)):
        for i in range(per_end + 1):
            a = start + math.pi * i / per_end
            points.append((cx + half_width * math.cos(a), cy + half_width * math.sin(a)))
    return points


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
    paisley drops with rings of dots, curls and scattered dots on the orange ground (the
    ground itself is the caller's: a clear colour or a rectangle)."""
    rng = random.Random(seed)
    x0, y0, w, h = box
    unit = min(w, h)
    cells = 5
    for j in range(cells):
        for i in range(cells):
            cx = x0 + (i + 0.5 + rng.uniform(-0.3, 0.3)) * w / cells
            cy = y0 + (j + 0.5 + rng.uniform(-0.3, 0.3)) * h / cells
            size = unit * rng.uniform(0.07, 0.1)
            heading, curl = rng.uniform(0, 2 * math.pi), rng.choice((-1, 1)) * rng.uniform(0.6, 1.2)
            _paisley_drop(mesh, cx, cy, size, heading, curl)
            fx = x0 + (i + rng.uniform(0.05, 0.95)) * w / cells
            fy = y0 + (j + rng.uniform(0.05, 0.95)) * h / cells
            _curl(mesh, fx, fy, unit * rng.uniform(0.025, 0.04), rng.uniform(0, 2 * math.pi), unit * 0.006)
    for _ in range(cells * cells * 4):  # the dust of dots between the motifs
        r = unit * rng.uniform(0.003, 0.007)
        mesh.ellipse(x0 + rng.uniform(r, w - r), y0 + rng.uniform(r, h - r), r, r, INK, fringe=0.8)


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


def _curl(mesh: Mesh, x, y, size, start, thick) -> None:
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
        mesh.quad((ax - nx, ay - ny), (bx - nx, by - ny), (bx + nx, by + ny), (ax + nx, ay + ny), INK, INK, INK, INK)
    mesh.ellipse(*path[-1], thick * 1.3, thick * 1.3, INK, fringe=0.6)


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
        _curl_colour(mesh, x, y, band * rng.uniform(0.18, 0.32), rng.uniform(0, 6.3), max(1.0, band * 0.05))


def _curl_colour(mesh: Mesh, x, y, size, start, thick) -> None:
    before = len(mesh.colours)
    _curl(mesh, x, y, size, start, thick)
    shade = (*HOUSING_DARK, 255)
    for k in range(before, len(mesh.colours), 4):
        mesh.colours[k:k + 4] = shade


# The seeds in hand ----------------------------------------------------------------------------
def add_badge(mesh: Mesh, x: float, y: float, r: float) -> None:
    """The disc under the seeds-in-hand count: light, with a dark ring (a position number
    is never drawn so)."""
    mesh.ellipse(x, y, r, r, BADGE_RING, fringe=1.0)
    mesh.ellipse(x, y, r * 0.84, r * 0.84, BADGE, fringe=0.0)


def badge_label_size(r: float) -> float:
    """The count's font size (pixels) on a badge of radius `r`."""
    return r * 0.95


def hand_place(anchor, outward, reach: float, radius: float, keep_out: list, bounds) -> tuple[float, float]:
    """Where to hold the seeds in hand (a heap of `radius`) for the hole at `anchor`: along
    the unit vector `outward` (away from the board, on the hole's side) at least `reach`
    from the anchor, then further out while it would touch any circle of `keep_out`
    ((x, y, r): the board's stores, the screen, the light...), kept inside `bounds`
    (x0, y0, x1, y1) by sliding along the board if it must. All in one unit (pixels or the
    face's unit square)."""
    ax, ay = anchor
    ux, uy = outward
    x0, y0, x1, y1 = bounds
    distance = reach
    for _ in range(64):
        x, y = ax + ux * distance, ay + uy * distance
        x = min(max(x, x0 + radius), x1 - radius)
        y = min(max(y, y0 + radius), y1 - radius)
        if all(math.hypot(x - kx, y - ky) >= kr + radius for kx, ky, kr in keep_out):
            return x, y
        distance += radius * 0.25
    return x, y


__all__ = ["BADGE", "BADGE_TEXT", "BOWL_DEEP", "BOWL_LIT", "BOWL_RIM", "FACE", "HOUSING", "HOUSING_LIGHT", "INK",
           "INK_MID", "Layer", "Mesh", "SCREEN", "SCREEN_DIGITS", "SEED_COLOURS", "WOOD", "WOOD_SHADE", "WOOD_SIDE",
           "add_badge", "add_bar", "add_bowl", "add_housing", "add_paisley", "add_seed", "badge_label_size",
           "bar_outline", "bowl_colours", "ellipse_points", "hand_place", "mix", "segments"]
