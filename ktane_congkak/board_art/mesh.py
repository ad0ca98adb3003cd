"""Meshes and how they are drawn: triangles with a colour per corner, layers of a batch, still backdrops.

A shape with shading is a `Mesh` (one vertex list draws a gradient); each becomes one
vertex list in a `Layer` of a pyglet batch; a `Backdrop` draws still meshes once into a
texture shown each frame. pyglet is imported inside functions only.
"""

from __future__ import annotations

import math
from functools import lru_cache

from .colours import Colour

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from typing import Any

    import pyglet

Point = tuple[float, float]  # (x, y), pixels


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

    def triangle(self, a: Point, b: Point, c: Point, ca: Colour, cb: Colour, cc: Colour) -> None:
        self.points += (*a, *b, *c)
        self.shifts += _UNMOVED
        for colour in (ca, cb, cc):
            self.colours += (*colour, 255)[:4]

    def fan(self, centre: Point, centre_colour: Colour, rim: list, rim_colours: list) -> None:
        """A filled shape from `centre` to the closed outline `rim` (convex around the centre)."""
        for i in range(len(rim)):
            self.triangle(centre, rim[i - 1], rim[i], centre_colour, rim_colours[i - 1], rim_colours[i])

    def ring(self, inner: list, outer: list, inner_colours: list, outer_colours: list) -> None:
        """The band between two closed outlines of as many points."""
        for i in range(len(inner)):
            self.quad(inner[i - 1], inner[i], outer[i], outer[i - 1],
                      inner_colours[i - 1], inner_colours[i], outer_colours[i], outer_colours[i - 1])

    def quad(self, a: Point, b: Point, c: Point, d: Point, ca: Colour, cb: Colour, cc: Colour, cd: Colour) -> None:
        self.triangle(a, b, c, ca, cb, cc)
        self.triangle(a, c, d, ca, cc, cd)

    def polygon(self, outline: list, colour: Colour, fringe: float = 0.0) -> None:
        """A convex-ish shape of one colour, filled from its middle; with a fading fringe."""
        cx = sum(p[0] for p in outline) / len(outline)
        cy = sum(p[1] for p in outline) / len(outline)
        self.fan((cx, cy), colour, outline, [colour] * len(outline))
        if fringe:
            self.ring(outline, grow(outline, (cx, cy), fringe), [colour] * len(outline), [clear(colour)] * len(outline))

    def ellipse(self, x: float, y: float, rx: float, ry: float, colour: Colour, angle: float = 0.0, fringe: float = 1.0) -> None:
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

    def build(self, batch: pyglet.graphics.Batch, group: Any, at: tuple[float, float] = (0.0, 0.0)) -> Any:
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


def move(vertex_list: Any, x: float, y: float) -> None:
    """Move a built mesh so that its (0, 0) is at (x, y): its triangles are not made again."""
    vertex_list.translation[:] = _shifted(vertex_list.art_shifts, x, y)


@lru_cache(maxsize=1024)
def _ellipse_shape(rx: float, ry: float, colour: tuple, angle: float, fringe: float) -> tuple[tuple, tuple]:
    mesh = Mesh()
    mesh.polygon(ellipse_points(0.0, 0.0, rx, ry, angle, segments(max(rx, ry))), colour, fringe)
    return tuple(mesh.corners()), tuple(mesh.colours)


def grow(outline: list, centre: Point, by: float) -> list:
    """The outline pushed `by` pixels outward from `centre`."""
    cx, cy = centre
    out = []
    for x, y in outline:
        d = math.hypot(x - cx, y - cy) or 1.0
        out.append((x + (x - cx) / d * by, y + (y - cy) / d * by))
    return out


def Layer(batch: pyglet.graphics.Batch, order: int, parent: pyglet.graphics.Group | None = None) -> pyglet.graphics.Group:
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

    def __init__(self, width: int, height: int, background: Colour, meshes: list[Mesh], batch: pyglet.graphics.Batch,
                 group: pyglet.graphics.Group,
                 origin: tuple[int, int] = (0, 0), copy: bool = False, picture: tuple | None = None):
        """A `width` x `height` picture of `meshes` (window pixels) on `background`, shown
        with its bottom-left corner at `origin` (the rest of the window is not covered).
        `picture` (RGB rows bottom first, side, x, y): a square image under the meshes,
        its bottom-left corner at window pixel (x, y) (picture.py's still picture)."""
        import pyglet
        from pyglet import gl

        self.size, self.origin = (int(width), int(height)), (int(origin[0]), int(origin[1]))
        self.texture = pyglet.image.Texture.create(width, height, min_filter=gl.GL_NEAREST, mag_filter=gl.GL_NEAREST)
        scratch = pyglet.graphics.Batch()
        under = None
        if picture is not None:
            rows, side, px, py = picture
            image = pyglet.image.ImageData(side, side, "RGB", rows)
            under = pyglet.sprite.Sprite(image.get_texture(), px, py, blend_src=gl.GL_ONE, blend_dest=gl.GL_ZERO,
                                         batch=scratch, group=pyglet.graphics.Group(order=-1))
        lists = [mesh.build(scratch, Layer(scratch, i)) for i, mesh in enumerate(meshes)]
        self.framebuffer = pyglet.image.Framebuffer()
        self.framebuffer.attach_texture(self.texture)
        self.framebuffer.bind()
        viewport, clear_colour = (gl.GLint * 4)(), (gl.GLfloat * 4)()
        gl.glGetIntegerv(gl.GL_VIEWPORT, viewport)
        gl.glGetFloatv(gl.GL_COLOR_CLEAR_VALUE, clear_colour)
        gl.glViewport(-self.origin[0], -self.origin[1], viewport[2], viewport[3])  # window pixels, shifted
        red, green, blue = (c / 255 for c in background[:3])
        gl.glClearColor(red, green, blue, 1.0)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)
        scratch.draw()
        self.framebuffer.unbind()
        gl.glViewport(*viewport)
        gl.glClearColor(*clear_colour)
        for vertex_list in lists:
            if vertex_list is not None:
                vertex_list.delete()
        if under is not None:
            under.delete()
        self.sprite = None
        context = pyglet.gl.current_context
        assert context is not None, "drawn with a window's context current"
        if not copy or context.config.sample_buffers:  # not blended: nothing under it shows
            self.sprite = pyglet.sprite.Sprite(self.texture, *self.origin, blend_src=gl.GL_ONE, blend_dest=gl.GL_ZERO,
                                               batch=batch, group=group)

    def stretched(self, x: float, y: float, side: tuple[float, float], batch: pyglet.graphics.Batch,
                  group: pyglet.graphics.Group) -> Backdrop:
        """This picture stretched over (x, y) and `side` (width, height) as a quad in
        `batch`, until a new one is drawn at a new size (while a window's edge is dragged,
        drawing the picture again at every step would make it lag); it owns this one."""
        import pyglet
        from pyglet import gl

        if self.sprite is not None:
            self.sprite.delete()
        stretched = Backdrop.__new__(Backdrop)
        # Its origin in whole pixels, as glBlitFramebuffer takes them (the quad itself sits at x, y).
        stretched.size, stretched.origin = self.size, (round(x), round(y))
        stretched.texture, stretched.framebuffer = self.texture, self.framebuffer
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
