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

- colours: `WOOD`, `WOOD_SHADE`, `WOOD_SIDE`, `BOWL_RIM`, `BOWL_LIT`, `BOWL_GLOW`, `BOWL_DEEP`,
  `FACE`, `INK`, `INK_MID`, `HOUSING`, `HOUSING_DARK`, `HOUSING_LIGHT`, `SCREEN`,
  `SCREEN_DIGITS`, `BADGE`, `BADGE_TEXT`, `SEED_COLOURS`;
- `Mesh` (`triangle`, `fan`, `ring`, `quad`, `polygon`, `ellipse`, `place`, `build`),
  `move(vertex_list, x, y)`, `Layer(batch, order)`, and `Backdrop`: still meshes drawn once
  into a texture and shown each frame (as a quad, or copied with `copy=True`);
- `add_bowl(mesh, x, y, rx, ry, angle, tint=None)`: a carved hole or store;
- `add_seed(mesh, x, y, r, colour)`: a glossy ball;
- `add_bar(mesh, x0, y0, x1, y1, half_width, depth)`: the board, a rounded bar between two points;
- `add_paisley(mesh, box, seed)` (`prepare_paisley(seed)` makes it aside) and
  `add_housing(mesh, outer, inner, seed)`: the face's ornament and the housing's pattern;
- `add_screen`, `add_light`, `add_light_housing`, `add_shadow`, `add_tag`: the module's
  screen, status light and its housing, a soft shadow, a position number's tag;
- `add_badge(mesh, x, y, r)` and `badge_label_size(r)`: the seeds-in-hand count's disc;
- the module's diagonal board, in its face's unit square: `bar_ends()`, `along_bar`,
  `face_point`, and the way around the bar the seeds in hand take (`way_around`,
  `around_bar`, `glide`, `badge_place`, `hand_radius`); `hand_place(...)` places a heap
  clear of given circles on any board;
- `segments(radius)`: how many sides a circle of that many pixels needs.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from .paper import layout

Colour = tuple  # (r, g, b) or (r, g, b, a), 0-255

# The real module's colours, measured on its preview pictures (about; no image is used).
WOOD = (227, 109, 1)  # the bar's lit top
WOOD_SHADE = (200, 97, 6)  # the bar's top away from the light
WOOD_SIDE = (150, 66, 4)  # the bar's edge, seen where it drops to the face
BOWL_RIM = (154, 68, 2)  # a bowl's rim on the side toward the light, in its own shadow
BOWL_LIT = (205, 98, 2)  # the bowl's floor
BOWL_GLOW = (228, 116, 14)  # the far wall, lit (no lighter than the bar's top, as on the module)
BOWL_DEEP = (120, 52, 2)  # the shadow a bowl's lip casts into it
FACE = (220, 125, 33)  # the paisley's orange ground
INK = (38, 16, 6)  # the ornament's dark brown-black
INK_MID = (150, 72, 14)  # its middle tone
GROUND_SHADE = (150, 74, 16, 110)  # the ground's soft brown patches, blended
HOUSING = (58, 4, 18)  # the module's maroon housing
HOUSING_DARK = (24, 0, 5)
HOUSING_LIGHT = (104, 14, 36)
SCREEN = (255, 133, 73)  # the highlight display: plain salmon
SCREEN_DIGITS = (20, 8, 4)
SHADOW = (40, 10, 0, 80)  # soft shadows, blended
BADGE = (250, 246, 236)  # the in-hand count: a light disc with a dark number
BADGE_RING = (60, 24, 6)
BADGE_TEXT = (30, 12, 4)
# The seeds: about ten glossy colours, all far from the orange bowls they lie in.
SEED_COLOURS = (
    (214, 30, 38), (30, 150, 80), (36, 72, 210), (246, 246, 240), (28, 28, 30),
    (250, 214, 40), (246, 140, 200), (24, 96, 52), (96, 40, 150), (40, 190, 210),
)
LIGHT_FROM = (-math.sqrt(0.5), math.sqrt(0.5))  # light comes from the top-left (pixels, y up)


def seed_colour(slot: int, index: int) -> tuple[int, int, int]:
    """The colour a fresh board gives the `index`-th seed of `slot` (neighbours differ)."""
    return SEED_COLOURS[(index * 3 + slot) % len(SEED_COLOURS)]


# The module's face beyond paper/layout.py's holes, in the same unit square (y down).
HOUSING_BAND = 0.035  # the maroon housing's width around the paisley
SCREEN_SQUARE = (0.07, 0.71, 0.22)  # x, y (top), side: the highlight display is square, bottom-left
BAR_HALF_WIDTH = 0.11  # the board bar's half width (its round ends hold the stores)
BAR_DEPTH = 0.012  # how far the bar stands above the face (its side and shadow)
LABEL_LANE = 0.04  # beside the bar, where position numbers go when asked for
BADGE_RADIUS = 0.024  # the seeds-in-hand count's disc
HAND_RADII = (0.026, 0.048)  # the heap of seeds in hand: for one seed, and at most
HAND_GAP = 0.008  # between the bar and the heap, around the bar's ends


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
        # Where each corner is moved to (x, y): shapes made around (0, 0) and placed keep
        # their corners as made, the shader moves them (no arithmetic in Python per corner).
        self.shifts: list[float] = []

    def __len__(self) -> int:
        return len(self.points) // 2

    def triangle(self, a, b, c, ca: Colour, cb: Colour, cc: Colour) -> None:
        self.points += (*a, *b, *c)
        self.shifts += _UNMOVED
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
        self.place(_ellipse_shape(rx, ry, tuple(colour), angle, fringe), x, y)

    def corners(self) -> list[float]:
        """Every corner (x, y) where it is shown: as made, moved by its shift."""
        return [v + shift for v, shift in zip(self.points, self.shifts)]

    def place(self, shape: tuple[tuple, tuple], x: float, y: float) -> None:
        """Add a shape made around (0, 0) (points, colours), moved to (x, y)."""
        points, colours = shape
        self.points += points
        self.shifts += (x, y) * (len(points) // 2)
        self.colours += colours

    def build(self, batch, group, at: tuple[float, float] = (0.0, 0.0)):
        """One vertex list of every triangle (None if there are none), moved by `at` (see `move`)."""
        from pyglet import gl

        if not self.points:
            return None
        n = len(self)
        shifts = self.shifts if tuple(at) == (0.0, 0.0) else _shifted(self.shifts, *at)
        vertex_list = group.program.vertex_list(n, gl.GL_TRIANGLES, batch=batch, group=group,
                                                position=("f", self.points), colors=("Bn", self.colours),
                                                translation=("f", shifts), rotation=("f", (0.0,) * n))
        vertex_list.art_shifts = self.shifts  # for `move`
        return vertex_list


_UNMOVED = (0.0,) * 6  # a triangle's three corners, where they were made


def _shifted(shifts: list[float], x: float, y: float) -> list[float]:
    return [v + (x if i % 2 == 0 else y) for i, v in enumerate(shifts)]


def move(vertex_list, x: float, y: float) -> None:
    """Move a built mesh so that its (0, 0) is at (x, y): its triangles are not made again."""
    vertex_list.translation[:] = _shifted(vertex_list.art_shifts, x, y)


@lru_cache(maxsize=1024)
def _ellipse_shape(rx: float, ry: float, colour: tuple, angle: float, fringe: float) -> tuple[tuple, tuple]:
    mesh = Mesh()
    mesh.polygon(ellipse_points(0.0, 0.0, rx, ry, angle, segments(max(rx, ry))), colour, fringe)
    return tuple(mesh.corners()), tuple(mesh.colours)


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
    drawn once into a texture, then shown each frame: as a quad in the batch, or, with
    `copy=True`, copied into the frame by `draw()`, which the window calls after its clear
    and before its batch (pyglet_view.PygletView.draw_under).

    The ornament is thousands of small triangles; a software renderer (Mesa's llvmpipe)
    pays for each triangle every frame, but for the texture only its pixels: a 600-pixel
    square costs about 0.75 ms copied, 1.5-2 ms drawn as a quad. A multisampled window
    cannot take such a copy: there it is a quad whatever `copy` says. Build a new one when
    the window's size changes."""

    def __init__(self, width: int, height: int, background: Colour, meshes: list[Mesh], batch, group,
                 origin: tuple[int, int] = (0, 0), copy: bool = False):
        """A `width` x `height` picture of `meshes` (window pixels) on `background`, shown
        with its bottom-left corner at `origin` (the rest of the window is not covered)."""
        import pyglet
        from pyglet import gl

        self.size, self.origin = (int(width), int(height)), (int(origin[0]), int(origin[1]))
        self.texture = pyglet.image.Texture.create(width, height, min_filter=gl.GL_NEAREST, mag_filter=gl.GL_NEAREST)
        scratch = pyglet.graphics.Batch()
        lists = [mesh.build(scratch, Layer(scratch, i)) for i, mesh in enumerate(meshes)]
        self.framebuffer = pyglet.image.Framebuffer()
        self.framebuffer.attach_texture(self.texture)
        self.framebuffer.bind()
        viewport, clear_colour = (gl.GLint * 4)(), (gl.GLfloat * 4)()
        gl.glGetIntegerv(gl.GL_VIEWPORT, viewport)
        gl.glGetFloatv(gl.GL_COLOR_CLEAR_VALUE, clear_colour)
        gl.glViewport(-self.origin[0], -self.origin[1], viewport[2], viewport[3])  # window pixels, shifted
        gl.glClearColor(*(c / 255 for c in background[:3]), 1.0)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)
        scratch.draw()
        self.framebuffer.unbind()
        gl.glViewport(*viewport)
        gl.glClearColor(*clear_colour)
        for vertex_list in lists:
            if vertex_list is not None:
                vertex_list.delete()
        self.sprite = None
        if not copy or pyglet.gl.current_context.config.sample_buffers:  # not blended: nothing under it shows
            self.sprite = pyglet.sprite.Sprite(self.texture, *self.origin, blend_src=gl.GL_ONE, blend_dest=gl.GL_ZERO,
                                               batch=batch, group=group)

    def stretched(self, x: float, y: float, side: tuple[float, float], batch, group) -> "Backdrop":
        """This picture stretched over (x, y) and `side` (width, height) as a quad in
        `batch`, until a new one is drawn at a new size (while a window's edge is dragged,
        drawing the picture again at every step would make it lag); it owns this one."""
        import pyglet
        from pyglet import gl

        if self.sprite is not None:
            self.sprite.delete()
        stretched = Backdrop.__new__(Backdrop)
        stretched.size, stretched.origin, stretched.texture, stretched.framebuffer = self.size, (x, y), self.texture, \
            self.framebuffer
        stretched.sprite = pyglet.sprite.Sprite(self.texture, x, y, blend_src=gl.GL_ONE, blend_dest=gl.GL_ZERO,
                                                batch=batch, group=group)
        stretched.sprite.update(scale_x=side[0] / self.size[0], scale_y=side[1] / self.size[1])
        return stretched

    def draw(self) -> None:
        """Copy the picture into the window's frame (nothing to do when it is a quad in the batch)."""
        from pyglet import gl

        if self.sprite is not None:
            return
        (w, h), (x, y) = self.size, self.origin
        gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, self.framebuffer.id)
        gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, 0)
        gl.glBlitFramebuffer(0, 0, w, h, x, y, x + w, y + h, gl.GL_COLOR_BUFFER_BIT, gl.GL_NEAREST)
        gl.glBindFramebuffer(gl.GL_FRAMEBUFFER, 0)

    def delete(self) -> None:
        if self.sprite is not None:
            self.sprite.delete()
        self.framebuffer.delete()
        self.texture.delete()


# The carved pieces ------------------------------------------------------------------------
def _lit_share(dx: float, dy: float) -> float:
    """0 for a direction toward the light, 1 for one away from it."""
    d = math.hypot(dx, dy) or 1.0
    return min(1.0, max(0.0, (1 - (dx * LIGHT_FROM[0] + dy * LIGHT_FROM[1]) / d) / 2))


def bowl_colours(tint: Colour | None = None) -> tuple:
    """(rim, floor, lit wall) of a bowl, tinted toward `tint` (a hovered or sown hole)."""
    if tint is None:
        return BOWL_DEEP, BOWL_LIT, BOWL_GLOW
    return mix(tint, (0, 0, 0), 0.35), tuple(tint), mix(tint, (255, 255, 255), 0.3)


def add_bowl(mesh: Mesh, x: float, y: float, rx: float, ry: float, angle: float = 0.0,
             tint: Colour | None = None) -> None:
    """A carved hole (or, longer, a store) centred at (x, y) with radii rx, ry (pixels),
    turned `angle` degrees clockwise: a lip catching the light, a wall in shadow toward
    the light and lit away from it, a floor lit a little off centre."""
    mesh.place(_bowl_shape(rx, ry, angle, None if tint is None else tuple(tint)), x, y)


@lru_cache(maxsize=256)
def _bowl_shape(rx: float, ry: float, angle: float, tint: tuple | None) -> tuple[tuple, tuple]:
    """A bowl's triangles around (0, 0) and their colours, worked out once per size and tint."""
    mesh, x, y = Mesh(), 0.0, 0.0
    n = segments(max(rx, ry) * 1.1)
    rim_colour, floor, glow = bowl_colours(tint)
    lip = ellipse_points(x, y, rx * 1.12, ry * 1.12, angle, n)
    edge = ellipse_points(x, y, rx, ry, angle, n)
    shares = [_lit_share(px - x, py - y) for px, py in edge]
    # The lip: lit toward the light, shaded away from it, fading into the wood.
    mesh.ring(edge, lip, [BOWL_RIM if s < 0.5 else mix(WOOD, (255, 190, 110), 0.5 * (s - 0.5))
                          for s in shares], [WOOD] * n)
    # The wall: deep in the lip's shadow toward the light, glowing on the far side.
    wall = ellipse_points(x + LIGHT_FROM[0] * rx * 0.12, y + LIGHT_FROM[1] * ry * 0.12, rx * 0.72, ry * 0.72, angle, n)
    walls = [mix(rim_colour, glow, min(1.0, s * 1.3) ** 1.4) for s in shares]
    mesh.ring(wall, edge, [mix(floor, c, 0.35) for c in walls], walls)
    mesh.fan((x - LIGHT_FROM[0] * rx * 0.1, y - LIGHT_FROM[1] * ry * 0.1), floor, wall,
             [mix(floor, c, 0.35) for c in walls])
    return tuple(mesh.corners()), tuple(mesh.colours)


def add_seed(mesh: Mesh, x: float, y: float, r: float, colour: Colour) -> None:
    """A glossy ball: its colour darkening to the edge away from the light, a bright
    highlight toward it, a soft edge."""
    mesh.place(_seed_shape(round(r, 2), tuple(colour)), x, y)


@lru_cache(maxsize=512)
def _seed_shape(r: float, colour: tuple) -> tuple[tuple, tuple]:
    """A ball's triangles around (0, 0) and their colours: the same for every ball of that
    size and colour, worked out once (the seeds are drawn again whenever they move)."""
    mesh = Mesh()
    n = max(8, segments(r))
    rim = ellipse_points(0.0, 0.0, r, r, 0.0, n)
    dark = mix(colour, (0, 0, 0), 0.45)
    rim_colours = [mix(colour, dark, _lit_share(px, py)) for px, py in rim]
    shine = (LIGHT_FROM[0] * r * 0.38, LIGHT_FROM[1] * r * 0.38)
    mesh.fan(shine, mix(colour, (255, 255, 255), 0.55), rim, rim_colours)
    mesh.ring(rim, ellipse_points(0.0, 0.0, r + 0.8, r + 0.8, 0.0, n), rim_colours, [clear(c) for c in rim_colours])
    return tuple(mesh.corners()), tuple(mesh.colours)


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
    colours = [mix(colour, dark, _lit_share(px - x, py - y)) for px, py in rim]
    mesh.fan((x, y), colour, rim, colours)
    mesh.ellipse(x + LIGHT_FROM[0] * r * 0.4, y + LIGHT_FROM[1] * r * 0.4, r * 0.25, r * 0.18,
                 mix(colour, (255, 255, 255), 0.6), angle=45.0, fringe=r * 0.15)


def add_shadow(mesh: Mesh, x: float, y: float, r: float) -> None:
    """A soft shadow under something held above the face (the seeds in hand)."""
    mesh.ellipse(x + r * 0.15, y - r * 0.15, r * 1.05, r * 1.05, SHADOW, fringe=r * 0.3)


# The module's board: the diagonal bar, and the way around it ----------------------------------
def bar_ends() -> tuple[tuple[float, float], tuple[float, float]]:
    """The centres of the bar's round ends on the face (unit square, y down): the stores'."""
    return face_point(-layout.STORE_DISTANCE, 0.0), face_point(layout.STORE_DISTANCE, 0.0)


def along_bar(x: float, y: float) -> float:
    """How far the face's point (x, y) is along the bar's axis from the face's middle."""
    return (x - layout.CENTRE[0]) * layout.AXIS[0] + (y - layout.CENTRE[1]) * layout.AXIS[1]


def face_point(along: float, across: float) -> tuple[float, float]:
    """The face's point `along` the bar's axis and `across` it (toward the top-right)."""
    return layout._at(along, across)


def hand_radius(count: int) -> float:
    """The heap of `count` seeds in hand, on the face (unit square): bigger for more."""
    low, high = HAND_RADII
    return min(high, low * math.sqrt(max(1, count)) ** 0.6)


# The hand goes around the board on a ring clear of it and of the position numbers: a bar's
# outline grown by the lane and the heap. A place on that ring is `u` in [0, 4): 0-1 along the
# opponent's side (from the top-left end), 1-2 around the bottom-right end, 2-3 back along
# your side, 3-4 around the top-left end.
def way_around(along: float, side: int) -> float:
    """The ring's place beside the point `along` the axis, on `side` (+1 the opponent's,
    -1 yours)."""
    half = layout.STORE_DISTANCE
    share = (min(half, max(-half, along)) + half) / (2 * half)
    return share if side > 0 else 3.0 - share


def around_bar(u: float, r: float) -> tuple[float, float]:
    """(along, across) of the ring's place `u` for a heap of radius `r` (unit square).

    Around the ends (no numbers there) the ring hugs the bar, so that even the biggest
    heap stays on the face, whose corners are close to the bar's ends."""
    half = layout.STORE_DISTANCE
    u %= 4.0
    if u < 1:
        return -half + 2 * half * u, BAR_HALF_WIDTH + LABEL_LANE + r
    if u >= 2 and u < 3:
        return half - 2 * half * (u - 2), -(BAR_HALF_WIDTH + LABEL_LANE + r)
    a = math.pi / 2 - math.pi * (u - 1) if u < 2 else -math.pi / 2 - math.pi * (u - 3)
    reach = BAR_HALF_WIDTH + HAND_GAP + (LABEL_LANE - HAND_GAP) * abs(math.sin(a)) ** 4 + r
    centre = half if u < 2 else -half
    return centre + reach * math.cos(a), reach * math.sin(a)


def glide(u: float, target: float, share: float) -> float:
    """`share` of the way from `u` to `target` around the ring, the shorter way."""
    gap = (target - u + 2.0) % 4.0 - 2.0
    return (u + gap * share) % 4.0


def badge_place(u: float, r: float) -> tuple[float, float]:
    """Where the in-hand count's badge goes (unit square): beside the heap on the ring,
    toward the middle of the board (away from the face's corners), just clear of the heap."""
    heap = face_point(*around_bar(u, r))
    middle = 0.5 if u % 4.0 < 1.5 or u % 4.0 >= 3.5 else 2.5
    step = 0.005 if (middle - u + 2.0) % 4.0 - 2.0 >= 0 else -0.005
    place = heap
    for k in range(1, 400):  # along the ring until the badge clears the heap
        place = face_point(*around_bar(u + k * step, r))
        if math.dist(place, heap) >= r + BADGE_RADIUS * 1.1:
            break
    return place


# The seeds in hand ----------------------------------------------------------------------------
def add_badge(mesh: Mesh, x: float, y: float, r: float) -> None:
    """The disc under the seeds-in-hand count: light, with a dark ring (a position number
    is never drawn so)."""
    mesh.ellipse(x, y, r, r, BADGE_RING, fringe=1.0)
    mesh.ellipse(x, y, r * 0.84, r * 0.84, BADGE, fringe=0.0)


def add_tag(mesh: Mesh, x: float, y: float, r: float) -> None:
    """The dark tag under a position number (light digits: never like the in-hand badge)."""
    mesh.ellipse(x, y, r, r, HOUSING_DARK, fringe=1.0)


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


__all__ = ["BADGE", "BADGE_TEXT", "BOWL_DEEP", "BOWL_GLOW", "BOWL_LIT", "BOWL_RIM", "HOUSING_DARK", "FACE", "HOUSING", "HOUSING_LIGHT", "INK",
           "INK_MID", "Layer", "Mesh", "SCREEN", "SCREEN_DIGITS", "SEED_COLOURS", "seed_colour", "WOOD", "WOOD_SHADE", "WOOD_SIDE",
           "add_badge", "add_bar", "add_light", "add_light_housing", "add_screen", "add_shadow", "add_tag", "add_bowl", "add_housing", "add_paisley", "add_seed", "badge_label_size",
           "along_bar", "around_bar", "move", "prepare_paisley", "badge_place", "face_point", "bar_ends", "bar_outline", "bowl_colours", "ellipse_points", "glide", "hand_place",
           "hand_radius", "mix", "segments", "way_around", "Backdrop", "BADGE_RADIUS", "BAR_HALF_WIDTH", "HOUSING_BAND",
           "LABEL_LANE", "SCREEN_SQUARE"]
