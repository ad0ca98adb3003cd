"""The practice window (pyglet): the module as it looks on the bomb, driven by the core.

`PracticeWindow` draws a `PracticeSession` (session.py) and turns mouse, keys and
`--commands` into calls on it; it decides no rule. pyglet is imported inside functions
only: importing `pyglet.shapes` or `pyglet.text` opens a hidden window, and the core and
the other subcommands must never pay for pyglet.

Time comes from `tick(seconds)`: pyglet's clock feeds it real frame times when a person
plays; tests and `--commands` feed exact steps, so every run draws the same frames.
Opening the window, drawing, pixels, screenshots and stepping time are shared with the
game window (pyglet_view.py). The module's look (bar, bowls, seeds, paisley, housing,
screen, light) is drawn by board_art.py where paper/layout.py puts things, the bomb's clock
is geometry from bomb.py, the seeds are followed through the hand by seeds.py, and the
sounds are sound.py's.
"""

from __future__ import annotations

import math
import re
import sys
import weakref
from typing import NamedTuple

from ..paper import layout
from ..core.board import slot_to_position
from ..core.rules import YOU
from .animation import SPEEDS, STEP_SECONDS
from ..errors import UserError
from .history import load_history, save_history
from ..core.module import CongkakModule
from .commands import LAST_DIGIT, SCRIPT_ONLY, Command, key_help, parse_command, split_commands
from ..pyglet_view import PygletView, check_screenshot, digit_of, opaque_shape_options, open_window, window_failure
from . import bomb
from .. import board_art as art
from .seeds import SeedTracker
from .session import (CYCLE_SECONDS, DEFUSED, EXPLODED, STOPPED, STRIKE_LIMIT, TIME_LIMIT, TIMED, ZEN, log_title,
                      PracticeSession)
from .sound import TICK_SECONDS, Sounds

FACE_SIZE = 600  # pixels of the square module face at the default size
PANEL_WIDTH = 300  # the practice panel to the right of the face, at the default size
DEFAULT_SIZE = (FACE_SIZE + PANEL_WIDTH, FACE_SIZE)
PANEL_SHARE = PANEL_WIDTH / FACE_SIZE  # the panel's least width beside the face, of the face's side
PANEL_BESIDE_MAX = 0.9  # a wide window's panel grows to this share of the face's side
PANEL_BELOW_SHARE = 0.45  # the panel's least height under the face (a tall window), and most:
PANEL_BELOW_MAX = 0.6
MIN_SIZE = (720, 480)  # below this the panel's smallest text (11 pixels) would not fit its lines
MIN_TEXT_POINTS = 11 * 72 / 96  # no panel text is smaller than 11 pixels (pyglet's points are at 96 dpi)
FONT = ("DejaVu Sans Mono", "Courier New", "monospace")
LIGHT_COLOURS = layout.LIGHT_COLOURS
PANEL_TEXT = (225, 225, 225)
MESSAGE_TEXT = (255, 210, 120)
KEYS_TEXT = (150, 150, 150)
LABEL_TEXT = (255, 236, 214)
BADGE_BACK = (20, 20, 20, 200)
END_BACK = {DEFUSED: (10, 56, 24), EXPLODED: (78, 10, 6), None: (8, 8, 10)}
END_TITLE = {DEFUSED: (120, 255, 140), EXPLODED: (255, 170, 60), None: (255, 255, 255)}
MIN_BALL_PIXELS = 2.0  # smaller balls are dust: past what fits at this size, a number says the count
NO_BREAK = "\u00a0"  # a space pyglet never wraps at
RESIZE_SETTLE_SECONDS = 0.25  # a resize this still: the still picture is drawn again at the new size
HANGING_INDENT = "  "  # a wrapped panel line's continuation starts this far in


class DrawnSeed(NamedTuple):
    """A seed as drawn: centre and radius in window pixels, colour (tests read them back)."""

    x: float
    y: float
    r: float
    colour: tuple

    @property
    def position(self) -> tuple[float, float]:
        return self.x, self.y


class PracticeWindow(PygletView):
    """The module, the bomb's clock and the practice panel in one pyglet window.

    Everything is laid out from the window's size: the face as big as it can be with the
    panel beside it (wide windows) or under it (tall ones), both centred; the panel's texts
    are stacked by their measured heights, so none overlaps another whatever it says."""

    def __init__(self, session: PracticeSession, window=None, size: tuple[int, int] = DEFAULT_SIZE,
                 visible: bool = True, muted: bool = False, labels: bool = False):
        self.session = session
        self.rules = session.rules
        art.prepare_paisley()  # made aside while the window opens
        self.window = window or open_window(*size, "Congkak practice", visible, resizable=True,
                                                  multisample=True)
        self.window.set_minimum_size(*MIN_SIZE)
        self.spots = layout.spots(self.rules)
        self.on_end = None  # called once with the session when it ends (saves the history)
        session.on_end = self._ended
        self.sound = Sounds(muted)
        self.labels_on = labels  # position numbers beside your row: a practice aid, off as on the module
        self.live = False  # True once the event loop runs (a person, not a script or a test, drives it)
        self.now = 0.0  # window time, for the sounds' pacing
        self.batch = None
        self._hand_at: tuple[float, float] | None = None  # the hand's place, kept by the clock (not by redrawing)
        self._build()
        self.window.push_handlers(self)

    # Geometry --------------------------------------------------------------------------
    def to_pixels(self, x: float, y: float) -> tuple[float, float]:
        """Unit square of the face (y down) to window pixels (y up)."""
        return self.ox + x * self.face, self.oy + (1.0 - y) * self.face

    def to_unit(self, px: float, py: float) -> tuple[float, float]:
        return (px - self.ox) / self.face, 1.0 - (py - self.oy) / self.face

    def spot_centre(self, slot: int) -> tuple[float, float]:
        spot = self.spots[slot]
        return self.to_pixels(spot.x, spot.y)

    def position_at(self, px: float, py: float) -> int | None:
        """The highlight position (1-14) under a pixel; stores and the board's wood are None."""
        slot = layout.hit_test(self.spots, *self.to_unit(px, py))
        if slot is None or self.rules.owner(slot) is None:
            return None
        return slot_to_position(slot, self.rules)

    def _measure(self) -> None:
        """The face's and the panel's places for the window's size: the panel beside the
        face in a wide window, under it (in two columns) in a tall one, whichever leaves
        the face bigger; the texts scale with the face."""
        w, h = self.window.width, self.window.height
        beside = min(h, w / (1 + PANEL_SHARE))
        below = min(w, h / (1 + PANEL_BELOW_SHARE))
        self.panel_below = below > beside
        self.face = face = below if self.panel_below else beside
        self.scale = face / FACE_SIZE
        if self.panel_below:
            panel_h = min(h - face, face * PANEL_BELOW_MAX)
            self.ox, self.oy = (w - face) / 2, (h - face - panel_h) / 2 + panel_h
            self.panel_box = bomb.Box(self.ox, self.oy - panel_h, face, panel_h)
        else:
            panel_w = min(w - face, face * PANEL_BESIDE_MAX)
            self.ox, self.oy = (w - face - panel_w) / 2, (h - face) / 2
            self.panel_box = bomb.Box(self.ox + face, self.oy, panel_w, face)
        self.columns = 2 if self.panel_box.w >= 2 * PANEL_WIDTH * self.scale else 1
        self.column_width = self.panel_box.w / self.columns

    def on_resize(self, width, height):
        self._build(defer_backdrop=self.live)  # pyglet's own handler then sets the viewport

    def _redraw_backdrop(self, dt: float = 0.0) -> None:
        """Everything laid out again with the still picture drawn at the window's size
        (once a resize has settled)."""
        if not self.closed:
            self._build()

    # Building the picture --------------------------------------------------------------
    def _build(self, defer_backdrop: bool = False) -> None:
        """Lay everything out for the window's size. With `defer_backdrop` (a person dragging
        the window's edge) the still picture is stretched for now and drawn again once the
        size has not changed for a moment."""
        import pyglet

        self.window.switch_to()  # vertex arrays belong to the context they are made in
        self._measure()
        old = getattr(self, "backdrop", None)
        if old is not None and not defer_backdrop:
            old.delete()
        self.batch = pyglet.graphics.Batch()
        self._fitted = weakref.WeakKeyDictionary()  # label -> (text, size, room) it was last fitted to
        self.groups = [pyglet.graphics.Group(order=i) for i in range(9)]
        self.art = [art.Layer(self.batch, 0, parent=group) for group in self.groups]  # meshes, under each group's shapes
        pyglet.gl.glClearColor(*(c / 255 for c in bomb.CASING), 1.0)
        self.opaque = opaque_shape_options()  # every shape but the translucent ones (badges, end screen)
        pyglet.clock.unschedule(self._redraw_backdrop)
        if old is not None and defer_backdrop:
            self.backdrop = old.stretched(self.ox, self.oy, (self.face, self.face), self.batch, self.groups[0])
            pyglet.clock.schedule_once(self._redraw_backdrop, RESIZE_SETTLE_SECONDS)
        else:
            self.backdrop = self._new_backdrop()
        self._build_labels()
        self._build_screen_and_light()
        self._clock_key = None  # the clock is built by the first refresh
        self.seed_lists: list = [None] * len(self.spots)  # each slot's seeds: one vertex list
        self.balls: list[list[DrawnSeed]] = [[] for _ in self.spots]  # the seeds drawn in each slot
        self.hand_balls: list[DrawnSeed] = []  # the seeds in hand drawn
        self.badges: dict[int, tuple] = {}  # slot -> (backing circle, count label) when past what fits
        self._capacity = [self._fits(spot) for spot in self.spots]
        self.seeds = None  # a SeedTracker, made at the first refresh
        self._followed = None  # the animation the seeds were last followed through
        self._followed_count = 0  # how many of its frames
        self._hand_lists: tuple = ()  # the heap and the badge's disc, each one vertex list
        self._hand_seeds: list[DrawnSeed] = []  # the heap's seeds around its centre
        self._hand_key = None
        self._tints = None  # the lit and sown bowls drawn over the still ones
        self._tint_list = None
        self._light_list = None
        self._light_shown = None
        self._overlay = None
        self._panel_shown = None
        self._panel_fill = None
        self._heard = None
        self.refresh()

    def draw_under(self) -> None:
        self.backdrop.draw()

    def _new_backdrop(self):
        """The still picture over the face's square only: the panel and the margins are the
        clear colour, which costs less."""
        x0, y0 = math.floor(self.ox), math.floor(self.oy)
        side = math.ceil(self.ox + self.face) - x0, math.ceil(self.oy + self.face) - y0
        return art.Backdrop(*side, bomb.CASING, self._still_meshes(), self.batch, self.groups[0], origin=(x0, y0), copy=True)

    def _still_meshes(self) -> list:
        """What never moves, drawn once into the backdrop: the module's housing and
        paisley face, the board with its bowls, the screen, the light's housing."""
        f, (x0, y0) = self.face, (self.ox, self.oy)
        band = art.HOUSING_BAND * f
        inner = (x0 + band, y0 + band, f - 2 * band, f - 2 * band)
        face = art.Mesh()
        ix, iy, iw, ih = inner
        face.quad((ix, iy), (ix + iw, iy), (ix + iw, iy + ih), (ix, iy + ih), *[art.FACE] * 4)
        art.add_paisley(face, inner)
        art.add_housing(face, (x0, y0, f, f), inner)  # over the ornament's edges
        lx, ly, lr = layout.LIGHT
        x, y = self.to_pixels(lx, ly)
        art.add_light_housing(face, x, y, lr * f, (ix + iw, iy + ih))
        board = art.Mesh()
        (ax, ay), (bx, by) = (self.to_pixels(*end) for end in art.bar_ends())
        art.add_bar(board, ax, ay, bx, by, art.BAR_HALF_WIDTH * f, art.BAR_DEPTH * f)
        for spot in self.spots:
            art.add_bowl(board, *self.spot_centre(spot.slot), spot.rx * f, spot.ry * f, spot.angle)
        sx, sy, sw, sh = self.screen_rect
        art.add_screen(board, sx, sy, sw, sh)
        return [face, board]

    def _label(self, text="", size=12.0, colour=PANEL_TEXT, group=5, scaled=True, **options):
        """A label of `size` points at the default size (scaled with the window, never under
        11 pixels), or of `size` points as given when not `scaled` (the face's own texts)."""
        import pyglet

        return pyglet.text.Label(text, font_name=FONT, font_size=self._points(size) if scaled else size,
                                 color=(*colour, 255), batch=self.batch, group=self.groups[group], **options)

    def _points(self, size: float) -> float:
        """A panel text's font size: `size` points at the default size, scaled, at least 11 pixels."""
        return max(MIN_TEXT_POINTS, size * self.scale)

    def _build_labels(self) -> None:
        f = self.face
        nx, ny = layout.NORMAL
        self.static_labels = []
        reach = art.BAR_HALF_WIDTH + art.LABEL_LANE / 2
        for slot in self.rules.holes(0):  # your hole numbers, just outside the board by your row
            spot = self.spots[slot]
            x, y = self.to_pixels(*art.face_point(art.along_bar(spot.x, spot.y), -reach))
            self.static_labels.append(self._label(str(slot + 1), f * 0.022 * 72 / 96, LABEL_TEXT, scaled=False, x=x, y=y,
                                                  anchor_x="center", anchor_y="center", weight="bold"))
        self._label_list = None
        self._show_labels()
        r = f * art.BADGE_RADIUS
        self.hand_count = self._label("", art.badge_label_size(r) * 72 / 96, art.BADGE_TEXT, scaled=False,
                                      anchor_x="center", anchor_y="center", weight="bold")
        width = self.column_width - 2 * self.pad
        self.status = self._label(size=12, multiline=True, width=width, anchor_y="top")
        self.puzzle = self._label(size=11, anchor_y="top")
        self.hand = self._label(size=12, anchor_y="top")
        self.message = self._label(size=11, colour=MESSAGE_TEXT, multiline=True, width=width, anchor_y="top")
        self.panel = self._label(size=9, multiline=True, width=width * 2, anchor_y="top")
        keys = key_help(self.session.rules.holes_per_side)
        self.keys = self._label("\n".join(keys), size=9, colour=KEYS_TEXT, multiline=True, width=width * 2,
                                anchor_y="bottom")
        self._fit_width(self.keys, 9, width)
        if self.keys.content_width > width:  # at its smallest font it still does not fit: packed narrower
            columns = int(width / self._char_width(self.keys.font_size))
            self._set_text(self.keys, "\n".join(key_help(self.session.rules.holes_per_side, columns)))

    @property
    def pad(self) -> float:
        return 14 * self.scale

    @property
    def screen_rect(self) -> tuple[float, float, float, float]:
        """The highlight display's (x, y, width, height) in pixels (y up): a square."""
        sx, sy, side = art.SCREEN_SQUARE
        x, y = self.to_pixels(sx, sy + side)
        return x, y, side * self.face, side * self.face

    def _build_screen_and_light(self) -> None:
        x, y, w, h = self.screen_rect
        self.screen_label = self._label("", h * 0.46 * 72 / 96, art.SCREEN_DIGITS, group=3, scaled=False, x=x + w / 2,
                                        y=y + h / 2, anchor_x="center", anchor_y="center", weight="bold")

    def _show_light(self) -> None:
        """The status light's dome in the colour of the module's light."""
        colour = LIGHT_COLOURS[self.session.light]
        if colour == self._light_shown:
            return
        self._light_shown = colour
        if self._light_list is not None:
            self._light_list.delete()
        lx, ly, lr = layout.LIGHT
        mesh = art.Mesh()
        art.add_light(mesh, *self.to_pixels(lx, ly), lr * self.face, colour)
        self._light_list = mesh.build(self.batch, self.art[2])

    def _show_tints(self, lit: int | None, active: int | None) -> None:
        """The hovered bowl (green) and the one being sown (magenta), over the still bowls."""
        if (lit, active) == self._tints:
            return
        self._tints = (lit, active)
        if self._tint_list is not None:
            self._tint_list.delete()
        mesh = art.Mesh()
        for slot, colour in ((active, layout.HOLE_ACTIVE), (lit, layout.HOLE_HOVER)):
            if slot is not None:
                spot = self.spots[slot]
                art.add_bowl(mesh, *self.spot_centre(slot), spot.rx * self.face, spot.ry * self.face, spot.angle, colour)
        self._tint_list = mesh.build(self.batch, self.art[1])

    # The bomb's clock and strike marks -------------------------------------------------
    def _build_clock(self, minutes: str) -> None:
        """The red seven-segment clock at the top of the panel, the strike marks above its
        digits: built again only when the count of minute digits or of strike marks changes."""
        from pyglet import shapes

        s = self.session
        slots = bomb.strike_slots(s.module.strikes, s.strike_limit if s.mode == TIMED else None)
        key = (len(minutes), slots)
        if key == self._clock_key:
            return
        self._clock_key = key
        k, b, g, o = self.scale, self.batch, self.groups, self.opaque
        p = self.panel_box
        box = bomb.Box(p.x + self.pad, p.y + p.h - self.pad - 92 * k, self.column_width - 2 * self.pad, 92 * k)
        self.clock_box = box
        self.clock_shapes = [shapes.Rectangle(*box, color=bomb.CLOCK_BACK, batch=b, group=g[1], **o)]
        # Strike marks: a row of small boxes, an X lit in each struck one.
        mark, gap = 16 * k, 9 * k
        left = box.x + (box.w - slots * mark - (slots - 1) * gap) / 2
        top = box.y + box.h - 8 * k
        self.strike_marks = []
        for i in range(slots):
            x, y = left + i * (mark + gap), top - mark
            lines = [shapes.Line(x, y, x + mark, y + mark, thickness=3.2 * k, color=bomb.CLOCK_UNLIT, batch=b, group=g[2], **o),
                     shapes.Line(x, y + mark, x + mark, y, thickness=3.2 * k, color=bomb.CLOCK_UNLIT, batch=b, group=g[2], **o)]
            self.strike_marks.append((bomb.Box(x, y, mark, mark), lines))
        # The digits: minutes, a colon, two digits of seconds, centred under the marks.
        count = len(minutes) + 2
        height = 48 * k
        width = min(28 * k, (box.w - 30 * k) / (count + 0.6))
        step, colon = width * 1.25, width * 0.6
        total = count * step - (step - width) + colon
        x = box.x + (box.w - total) / 2
        y = box.y + 10 * k
        self.clock_digits = []
        for i in range(count):
            if i == len(minutes):
                x += colon
            parts = bomb.segments(x, y, width, height, width * 0.2)
            self.clock_digits.append({name: shapes.Rectangle(*part, color=bomb.CLOCK_UNLIT, batch=b, group=g[2], **o)
                                      for name, part in parts.items()})
            self.clock_digits[-1]["box"] = parts
            x += step
        dot = width * 0.2
        cx = box.x + (box.w - total) / 2 + len(minutes) * step - (step - width) / 2 + (colon - dot) / 2
        self.clock_shapes += [shapes.Rectangle(cx, y + height * 0.3, dot, dot, color=bomb.CLOCK_LIT, batch=b, group=g[2], **o),
                              shapes.Rectangle(cx, y + height * 0.65, dot, dot, color=bomb.CLOCK_LIT, batch=b, group=g[2], **o)]
        self._clock_shown = None

    def _show_clock(self) -> None:
        s = self.session
        minutes, seconds = bomb.clock_digits(s.clock.text())
        self._build_clock(minutes)
        shown = (minutes + seconds, s.module.strikes)
        if shown == self._clock_shown:
            return
        self._clock_shown = shown
        for digit, shapes_of in zip(minutes + seconds, self.clock_digits):
            lit = bomb.DIGIT_SEGMENTS[digit]
            for name in "abcdefg":
                shapes_of[name].color = bomb.CLOCK_LIT if name in lit else bomb.CLOCK_UNLIT
        for i, (_, lines) in enumerate(self.strike_marks):
            for line in lines:
                line.color = bomb.CLOCK_LIT if i < s.module.strikes else bomb.CLOCK_UNLIT

    # Keeping the picture in step with the session ---------------------------------------
    def refresh(self) -> None:
        """Bring every shape and label in line with the session (cheap when nothing changed)."""
        s = self.session
        frame = s.frame()
        self._place_seeds(frame)
        self._show_tints(s.lit_slot, frame.slot)
        self._set_text(self.screen_label, s.screen)
        self._show_light()
        self._show_clock()
        self._lay_out_panel(frame)
        self._show_end(bool(s.ended))
        self._sounds()

    @staticmethod
    def _place(label, x: float, y: float) -> None:
        """Move a label only when it moves (moving one re-places all its glyphs)."""
        if (label.x, label.y) != (x, y):
            label.position = (x, y, label.z)

    @staticmethod
    def _set_text(label, text: str) -> None:
        """Change a label's text, laid out once (pyglet lays a label out again when its old
        text goes and again when the new one comes, unless told to wait)."""
        if label.text != text:
            label.begin_update()
            label.text = text
            label.end_update()

    def _set_size(self, label, size: float) -> None:
        """A panel text's font: `size` points at the default size (`_points`)."""
        if label.font_size != self._points(size):
            label.font_size = self._points(size)

    def _fit_width(self, label, size: float, width: float, smallest: float = 6.0) -> None:
        """The label's font at `size` points (scaled), smaller until its text fits `width`.

        The text's width goes with the font size, so one measure gives the size to try;
        each size tried costs its glyphs (slow on a software renderer), so few are, and a
        text fitted before is not fitted again (the panel is laid out at every dropped seed)."""
        if self._fitted.get(label) == (label.text, size, width):
            return
        self._fitted[label] = (label.text, size, width)
        self._set_size(label, size)
        while label.content_width > width and size > smallest:
            size = max(smallest, min(size - 0.5, math.floor(2 * size * width / label.content_width) / 2))
            self._set_size(label, size)

    def _lay_out_panel(self, frame) -> None:
        """Stack the panel's texts from the clock down by their measured heights."""
        s = self.session
        lines = s.status_lines()
        who = "You sow" if frame.player == 0 else "Opponent sows"
        hand = f"{who}: {frame.in_hand} in hand" if s.animating and frame.in_hand else ""
        panel = s.panel_lines()
        key = (tuple(lines), hand, s.message, tuple(panel), s.panel)
        if key == self._panel_shown:
            return
        self._panel_shown = key
        p, pad = self.panel_box, self.pad
        width = self.column_width - 2 * pad
        x = p.x + pad
        y = self.clock_box.y - 10 * self.scale
        status, puzzle = lines[:-1], lines[-1]
        self._set_text(self.status, "\n".join(status))
        self._place(self.status, x, y)
        y -= self.status.content_height
        self._set_text(self.puzzle, puzzle)
        self._fit_width(self.puzzle, 11, width)
        self._place(self.puzzle, x, y)
        y -= self.puzzle.content_height + 4 * self.scale
        self._set_text(self.hand, hand)
        self._place(self.hand, x, y)
        # Its line is kept when empty (the message does not jump as a turn starts), and
        # measured from this text, never the last one (the same state, the same layout).
        y -= max(self.hand.content_height if hand else 0, self._line_height(self.hand)) + 2 * self.scale
        self._set_text(self.message, s.message)
        self._fit_lines(self.message, 11, 3)
        self._place(self.message, x, y)
        y -= max(self.message.content_height if s.message else 0, 2 * self._line_height(self.message)) + 6 * self.scale
        if self.columns == 2:  # the hint, log or help panel and the keys in a column of their own
            x, y = p.x + self.column_width + pad, p.y + p.h - pad
        self.keys.visible = s.panel != "help"  # the help panel says all the footer does, and more
        self._place(self.keys, x, p.y + pad)
        floor = (self.keys.y + self.keys.content_height + 8 * self.scale) if self.keys.visible else p.y + pad
        self._place(self.panel, x, y)
        self._fill_panel(panel, s.panel, y - floor)

    def _line_height(self, label) -> float:
        """One line of the label's font (measured, with its text empty or not)."""
        return label.font_size * 96 / 72 * 1.25

    def _fit_lines(self, label, size: float, lines: int, smallest: float = 7.0) -> None:
        """A wrapped text in at most `lines` lines: a smaller font for a long one (a wrapped
        text's height goes about with the square of its font size). Not again for the same text."""
        if self._fitted.get(label) == (label.text, size, lines):
            return
        self._fitted[label] = (label.text, size, lines)
        self._set_size(label, size)
        room = lines * self._line_height(label) * 1.05
        while label.content_height > room and size > smallest:
            guess = math.floor(2 * size * math.sqrt(room / label.content_height)) / 2
            size = max(smallest, min(size - 0.5, guess))
            self._set_size(label, size)
            room = lines * self._line_height(label) * 1.05

    def _fill_panel(self, lines: list[str], kind: str | None, room: float) -> None:
        """The hint, log or help panel in `room` pixels: a smaller font first (down to 7
        points, never under 11 pixels); then the log drops its oldest lines (after the
        title), the others their last. A long line wraps with a hanging indent, so each of
        the panel's lines still starts where the eye looks for it. Laid out again only when
        its lines or its room change (not at every dropped seed)."""
        if (lines, kind, room) == getattr(self, "_panel_fill", None):
            return
        self._panel_fill = (list(lines), kind, room)
        # A key's or a command's words never part ("R again", "move D"): only the gaps between
        # them wrap (two spaces between keys, ", " between commands), and before a bracket.
        if kind == "help":
            lines = [re.sub(r"(?<=[^\s,]) (?=[^\s(])", NO_BREAK, line) for line in lines]
        self._set_size(self.panel, 9.0)
        self._set_wrapped(lines)
        if self.panel.content_height > room and lines:
            guess = math.floor(2 * 9.0 * math.sqrt(max(room, 1) / self.panel.content_height)) / 2
            self._set_size(self.panel, max(7.0, min(8.5, guess)))
            self._set_wrapped(lines)
        total = len(self.session.shown_log())
        while self.panel.content_height > room and len(lines) > 1:
            if kind == "log":  # the title says how many of the log's lines are left
                lines = [log_title(len(lines) - 2, total)] + lines[2:]
            else:
                lines = lines[:-1]
            self._set_wrapped(lines)
        if self.panel.content_height > room:
            self.panel.text = ""

    def _set_wrapped(self, lines: list[str]) -> None:
        """The panel's lines, each wrapped to the column's width with a hanging indent."""
        import textwrap

        columns = max(8, int((self.column_width - 2 * self.pad) / self._char_width(self.panel.font_size)))
        wrapped = [part for line in lines
                   for part in (textwrap.wrap(line, columns, subsequent_indent=HANGING_INDENT, break_on_hyphens=False)
                                or [""])]
        self._set_text(self.panel, "\n".join(wrapped))

    @staticmethod
    def _char_width(points: float) -> float:
        """The advance of one character of the (monospaced) font at `points`, in pixels."""
        import pyglet

        glyphs = pyglet.font.load(FONT, points).get_glyphs("M")
        return (glyphs[0] if isinstance(glyphs, tuple) else glyphs)[0].advance

    # Seeds -----------------------------------------------------------------------------
    def _fits(self, spot) -> int:
        """How many balls of a drawable size fit in `spot` at this window's size."""
        return layout.seed_capacity(spot, layout.ladder_radius(MIN_BALL_PIXELS / self.face))

    def _place_seeds(self, frame) -> None:
        """Follow the seeds to this frame; redraw only the slots whose seeds changed."""
        s = self.session
        board = frame.board
        changed, dropped = self._follow_animation(s.animation)
        if self.seeds.counts() != board or (self.seeds.hand and not s.animating):  # not where the seeds went
            self.seeds.reset(board, 0)
            changed = set(range(len(board)))
        if dropped:
            self.sound.click(self.now, s.speed)
        for slot in changed:
            self._fill(slot)
        self._place_hand(frame, len(self.seeds.hand))

    def _follow_animation(self, anim) -> tuple[set[int], int]:
        """Follow the seeds through every frame the animation showed since the last call (a
        slow window frame lets several pass), from the board before its press; the slots
        that changed and how many seeds were dropped."""
        changed, dropped = set(), 0
        if self.seeds is None or anim is not self._followed:
            start = anim.shown[0] if anim is not None else self.session.frame()
            if self.seeds is None or self.seeds.counts() != start.board:
                self.seeds = SeedTracker(start.board, start.in_hand)
                changed = set(range(len(start.board)))
            self._followed, self._followed_count = anim, 1
        if anim is not None:
            for shown in anim.shown[self._followed_count:]:
                slots, drops = self.seeds.follow(shown.board, shown.in_hand)
                changed |= slots
                dropped += drops
            self._followed_count = len(anim.shown)
        return changed, dropped

    def _fill(self, slot: int) -> None:
        """Draw a slot's seeds again (one vertex list), with a count past what fits."""
        colours = self.seeds.slots[slot]
        count = len(colours)
        drawn = min(count, self._capacity[slot])
        if self.seed_lists[slot] is not None:
            self.seed_lists[slot].delete()
        self.balls[slot] = self._seeds_at(self.spots[slot], colours[:drawn])
        mesh = art.Mesh()
        for seed in self.balls[slot]:
            art.add_seed(mesh, *seed)
        self.seed_lists[slot] = mesh.build(self.batch, self.art[3])
        self._badge(slot, count if count > drawn else None)

    def _badge(self, slot: int, count: int | None) -> None:
        """Past what fits, a number over the hole says its count."""
        from pyglet import shapes

        if count is None:
            if slot in self.badges:
                for item in self.badges.pop(slot):
                    item.delete()
            return
        if slot not in self.badges:
            x, y = self.spot_centre(slot)
            r = self.spots[slot].ry * self.face * 0.62
            back = shapes.Circle(x, y, r, segments=24, color=BADGE_BACK, batch=self.batch, group=self.groups[4])
            text = self._label("", r * 0.9 / self.scale, (255, 255, 255), group=5, x=x, y=y,
                               anchor_x="center", anchor_y="center", weight="bold")
            self.badges[slot] = (back, text)
        self._set_text(self.badges[slot][1], str(count))

    def _place_hand(self, frame, count: int) -> None:
        """The seeds in hand, held beside the board by the hole being sown (never over the
        board), gliding around it from hole to hole, their count on a badge beside them.
        The heap and the badge are made again only when the seeds in hand change; as the
        hand glides they are moved."""
        if not count or frame.slot is None:
            self._hand_at = None
            if self._hand_key is not None:
                self._hand_key = None
                for vertex_list in self._hand_lists:
                    vertex_list.delete()
                self._hand_lists = ()
                self.hand_balls = []
                self._set_text(self.hand_count, "")
            return
        if self._hand_at is None:
            self._hand_at = self._hand_target(frame)
        r = art.hand_radius(count)
        colours = tuple(self.seeds.hand)
        centre = self.to_pixels(*self._heap_point(self._hand_at, count))
        badge = self.to_pixels(*art.badge_place(self._hand_at, r))
        if (r, colours) != self._hand_key:
            self._hand_key = (r, colours)
            for vertex_list in self._hand_lists:
                vertex_list.delete()
            spot = layout.Spot(-1, *self.to_unit(*centre), r, r)
            heap, disc = art.Mesh(), art.Mesh()
            art.add_shadow(heap, 0.0, 0.0, r * self.face)
            self._hand_seeds = [seed._replace(x=seed.x - centre[0], y=seed.y - centre[1])
                                for seed in self._seeds_at(spot, list(colours[:self._fits(spot)]))]
            for seed in self._hand_seeds:
                art.add_seed(heap, *seed)
            art.add_badge(disc, 0.0, 0.0, art.BADGE_RADIUS * self.face)
            self._hand_lists = (heap.build(self.batch, self.art[4], centre), disc.build(self.batch, self.art[4], badge))
            self._set_text(self.hand_count, str(len(colours)))
        else:
            art.move(self._hand_lists[0], *centre)
            art.move(self._hand_lists[1], *badge)
        self.hand_balls = [seed._replace(x=seed.x + centre[0], y=seed.y + centre[1]) for seed in self._hand_seeds]
        if (self.hand_count.x, self.hand_count.y) != badge:
            self.hand_count.position = (*badge, 0)

    def _seeds_at(self, spot, colours: list) -> list[DrawnSeed]:
        """The seeds of `colours` placed in `spot` (unit square), in window pixels."""
        return [DrawnSeed(*self.to_pixels(ball.x, ball.y), ball.r * self.face, colour)
                for ball, colour in zip(layout.seed_positions(len(colours), spot), colours)]

    def _hand_spot(self, frame) -> tuple[float, float]:
        """Where the heap of seeds in hand is held for the frame's slot (unit square)."""
        return self._heap_point(self._hand_target(frame), frame.in_hand)

    @staticmethod
    def _heap_point(along: float, count: int) -> tuple[float, float]:
        """The centre of a heap of `count` seeds held at `along` on the way around the board."""
        return art.face_point(*art.around_bar(along, art.hand_radius(count)))

    def _hand_target(self, frame) -> float:
        """Where on the way around the board the hand is held for the frame's slot."""
        spot = self.spots[frame.slot]
        mine = self.rules.owner(frame.slot) == YOU or frame.slot == self.rules.store(YOU)
        return art.way_around(art.along_bar(spot.x, spot.y), -1 if mine else 1)

    def _glide_hand(self, seconds: float) -> None:
        """Move the hand toward the hole being sown, around the board (never over it): it
        covers the way in about one drop."""
        frame = self.session.frame()
        if frame.slot is None or not frame.in_hand:
            self._hand_at = None
            return
        target = self._hand_target(frame)
        if self._hand_at is None:  # where the next frame drawn would put it, drawn or not
            self._hand_at = target
            return
        share = min(1.0, seconds * self.session.speed / (STEP_SECONDS * 0.35))
        moved = art.glide(self._hand_at, target, share)
        self._hand_at = target if abs((target - moved + 2.0) % 4.0 - 2.0) < 1e-4 else moved

    # The end screen --------------------------------------------------------------------
    def _show_end(self, ended: bool) -> None:
        """The end screen over everything once the session has ended (built once: its
        lines are the session's at the end), gone again at a new session."""
        from pyglet import shapes

        if not ended:
            if self._overlay is not None:
                for item in self._overlay:
                    item.delete()
                self._overlay = None
                self._show_panel_texts(True)
            return
        if self._overlay is not None:
            return
        self._show_panel_texts(False)
        lines = self.session.end_lines()
        result = self.session.ended if self.session.ended in (DEFUSED, EXPLODED) else None
        w, h = self.window.width, self.window.height
        items = [shapes.Rectangle(0, 0, w, h, color=(*END_BACK[result], 240), batch=self.batch, group=self.groups[6])]
        if result == EXPLODED:
            items.append(self._burst(w / 2, self.oy + self.face * 0.78, self.face * 0.2))
        texts = self._end_texts(lines, result)
        self._overlay = tuple(items + texts)

    def _burst(self, x: float, y: float, r: float):
        """The explosion's jagged star behind the title."""
        from pyglet import shapes

        points = []
        for i in range(24):
            a = 2 * math.pi * i / 24
            reach = r if i % 2 == 0 else r * (0.45 + 0.15 * ((i * 7) % 3))
            points.append((x + reach * math.cos(a) * 1.6, y + reach * math.sin(a)))
        return shapes.Polygon(*points, color=(170, 40, 10, 255), batch=self.batch, group=self.groups[7])

    def _end_texts(self, lines: list[str], result) -> list:
        """Title, figures, keys, then the recent sessions: one centred line each, stacked
        from the top; the recent sessions shrink, then go, when they would not fit."""
        k = self.scale
        recent = self.session.history_lines
        title, rest = lines[0], lines[1:]
        width = self.window.width - 40 * k
        columns = max(8, int(width / self._char_width(self._points(16))))
        rows = [(title, 30, END_TITLE[result]),
                *[(part, 16, (235, 235, 235)) for line in rest for part in wrap_at_separators(line, columns)]]
        lines = rows[:]  # the rows that always show: recent sessions go first when room is short
        if recent:
            rows += [("", 8, (0, 0, 0)), ("Recent sessions:", 11, (190, 190, 190))] + [(line, 10, (190, 190, 190)) for line in recent]
        top, bottom = self.oy + self.face - 30 * k, self.oy + 16 * k
        while True:
            labels = [self._label(text, size, colour, group=8, x=self.window.width / 2, anchor_x="center", anchor_y="top")
                      for text, size, colour in rows if text]
            for label, (text, size, _) in zip(labels, [r for r in rows if r[0]]):
                self._fit_width(label, size, width)
            gaps = [self._line_height(label) * (0.35 if i == 0 else 0.12) for i, label in enumerate(labels)]
            total = sum(label.content_height for label in labels) + sum(gaps)
            if total <= top - bottom or len(rows) <= len(lines):
                break
            for label in labels:
                label.delete()
            rows = rows[:-1] if len(rows) > len(lines) + 3 else rows[:len(lines)]
        y = top - max(0.0, (top - bottom - total) * 0.25)
        for label, gap in zip(labels, gaps):
            label.y = y
            y -= label.content_height + gap
        return labels

    def _texts(self) -> list:
        """Every label of the face and the panel (not the end screen's)."""
        return [self.status, self.puzzle, self.hand, self.message, self.panel, self.keys, self.screen_label, self.hand_count,
                *self.static_labels, *(badge[1] for badge in self.badges.values())]

    def _show_panel_texts(self, visible: bool) -> None:
        """The end screen hides the texts under it (none shows through, none overlaps it)."""
        for label in self._texts():
            label.visible = visible
        self._show_labels()
        if visible:
            self._panel_shown = None

    def text_boxes(self) -> list[tuple[str, float, float, float, float]]:
        """(text, left, bottom, right, top) of every text drawn now, as pyglet laid it out."""
        labels = self._texts()
        if self._overlay is not None:
            labels += [item for item in self._overlay if hasattr(item, "content_width")]
        return [(label.text, *label_box(label)) for label in labels if label.visible and label.text]

    # Sound -----------------------------------------------------------------------------
    def _sounds(self) -> None:
        """The strike buzzer, the solve chime, the explosion and the clock's last ticks,
        each once, when the picture shows it."""
        s = self.session
        left = s.clock.remaining
        tick = math.ceil(left) if left is not None and 0 < left <= TICK_SECONDS and not s.ended else None
        heard = (id(s), s.module.strikes, s.module.solved, s.ended, tick)
        if self._heard is not None and self._heard[0] == heard[0]:
            _, strikes, solved, ended, ticked = self._heard
            if ended != heard[3] and heard[3] == EXPLODED:
                self.sound.play("boom")
            elif heard[1] > strikes:
                self.sound.play("buzzer")
            if heard[2] and not solved:
                self.sound.play("chime")
            if tick is not None and tick != ticked:
                self.sound.play("tick", volume=0.6)
        self._heard = heard

    def started(self) -> None:
        import pyglet

        self.live = True  # a person may resize the window now
        pyglet.clock.schedule_once(lambda dt: self.sound.prepare(), 0.2)

    def _show_labels(self) -> None:
        """The position numbers, light on dark tags, when asked for."""
        shown = self.labels_on and getattr(self, "_overlay", None) is None
        for label in self.static_labels:
            label.visible = shown
        if self._label_list is not None:
            self._label_list.delete()
            self._label_list = None
        if shown:
            mesh = art.Mesh()
            for label in self.static_labels:
                art.add_tag(mesh, label.x, label.y, self.face * art.LABEL_LANE * 0.4)
            self._label_list = mesh.build(self.batch, self.art[4])

    def toggle_labels(self) -> None:
        """Position numbers beside your row on or off (a practice aid: the module has none)."""
        self.labels_on = not self.labels_on
        self._show_labels()
        self.session.say("Position numbers on (P hides them)" if self.labels_on else "Position numbers off")

    def toggle_sound(self) -> None:
        self.session.say("Sound on" if self.sound.toggle() else "Sound off (M turns it on)")

    # Time ------------------------------------------------------------------------------
    def tick(self, seconds: float) -> None:
        self.now += seconds
        self.session.tick(seconds)
        self._glide_hand(seconds)

    def _ended(self, session: PracticeSession) -> None:
        """The session reports its end (strike limit, time, Esc, quit): save it, show it."""
        if self.on_end:
            self.on_end(session)

    # Input: every key, click and script line is a command for `PracticeSession.run` ---------
    def run_text(self, command: str | Command) -> bool:
        """Hand one command to the session; False (and the window closes) when it says quit."""
        if command == "mute":  # the window's own device, not the session's
            self.toggle_sound()
            return True
        if command == "labels":
            self.toggle_labels()
            return True
        reply = self.session.run(command)
        if reply.quit:
            self.close()
        return not reply.quit

    def on_mouse_motion(self, x, y, dx, dy) -> bool:
        position = self.position_at(x, y)
        if position != self.session.pointer:
            self.run_text("clear" if position is None else f"highlight {position}")
        return True

    def on_mouse_leave(self, x, y) -> bool:
        self.run_text("clear")
        return True

    def on_mouse_press(self, x, y, button, modifiers) -> bool:
        position = self.position_at(x, y)
        if position is not None:
            self.run_text(f"hole {position}")  # the opponent's holes are refused with the range
        return True

    def press(self, hole: int) -> None:
        self.run_text(f"hole {hole}")

    def on_key_press(self, symbol, modifiers) -> bool:
        command = key_command(symbol, modifiers, self.rules.holes_per_side)
        if command:
            self.run_text(command)
        return True

    def set_session(self, session: PracticeSession) -> None:
        """Show another session in this window (tests reuse one window)."""
        self.session = session
        self.rules = session.rules
        session.on_end = self._ended
        self._build()

    def close(self) -> None:
        self.session.end(STOPPED)  # the session reports it, once
        super().close()

    # --commands ------------------------------------------------------------------------
    def run_command(self, cmd: Command) -> bool:
        """Run one command of a script (parsed by `parse_script`); False after "quit"."""
        if cmd.name in ("mute", "labels"):
            self.run_text(cmd.name)
        elif cmd.name == "wait":
            self.wait(cmd.arg)
        elif cmd.name == "screenshot":
            self.screenshot(cmd.arg)
        elif not self.run_text(cmd):
            return False
        elif cmd.name == "cycle":
            while self.session.cycling:  # a script's cycle takes its 14 seconds
                self.wait(CYCLE_SECONDS)
        return True


def label_box(label) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of a pyglet label's text as laid out."""
    w, h = label.content_width, label.content_height
    left = {"left": label.x, "center": label.x - w / 2, "right": label.x - w}[label.anchor_x]
    bottom = {"bottom": label.y, "center": label.y - h / 2, "top": label.y - h, "baseline": label.y}[label.anchor_y]
    return left, bottom, left + w, bottom + h


def wrap_at_separators(text: str, columns: int) -> list[str]:
    """`text` in lines of at most `columns` characters, broken after a space or a path's
    separator (a saved log's long path), each line after the first hanging; a part longer
    than a line is cut where the line ends."""
    lines, line = [], ""
    for part in re.split(r"(?<=[ /\\])", text):
        if line.strip() and len(line) + len(part) > columns:
            lines.append(line.rstrip())
            line = HANGING_INDENT
        line += part
        while len(line) > columns:
            lines.append(line[:columns])
            line = HANGING_INDENT + line[columns:]
    return lines + [line.rstrip()]


def key_command(symbol, modifiers, holes: int) -> str | None:
    """The command a key types (commands.KEYS lists them for the help)."""
    from pyglet.window import key

    digit = digit_of(symbol)
    if digit is not None:
        return f"hole {digit}" if 1 <= digit <= min(holes, LAST_DIGIT) else None
    if symbol == key.TAB:
        return "move back" if modifiers & key.MOD_SHIFT else "move next"
    if symbol == key.SLASH and modifiers & key.MOD_SHIFT:
        return "help"
    return {key.LEFT: "move left", key.RIGHT: "move right", key.UP: "move up", key.DOWN: "move down",
            key.ENTER: "select", key.RETURN: "select", key.SPACE: "skip", key.PLUS: "faster", key.EQUAL: "faster",
            key.NUM_ADD: "faster", key.MINUS: "slower", key.NUM_SUBTRACT: "slower", key.N: "new", key.R: "again",
            key.H: "answer", key.L: "log", key.QUESTION: "help", key.F1: "help", key.M: "mute", key.P: "labels",
            key.ESCAPE: "end"}.get(symbol)


def parse_script(text: str, holes: int) -> list[Command]:
    """Every command of a `;`- or newline-separated script, checked before any runs: a bad
    one (or a screenshot that could not be saved where asked) is a UserError."""
    commands = [parse_command(part, holes, extra=SCRIPT_ONLY) for part in split_commands(text)]
    for cmd in commands:
        if cmd.name == "screenshot":
            check_screenshot(cmd.arg)
    return commands


# The subcommand's entry point ----------------------------------------------------------
def new_session(module: CongkakModule, mode: str = ZEN, time_limit: float = TIME_LIMIT, strike_limit: int = STRIKE_LIMIT,
                speed: float | None = None) -> PracticeSession:
    """A session on `module` (the caller chose its rules, seed and first board)."""
    session = PracticeSession(module, mode, time_limit, strike_limit)
    if speed is not None:
        session.speed_index = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - speed))
    return session


def run_practice(module: CongkakModule, mode: str = ZEN, time_limit: float = TIME_LIMIT, strike_limit: int = STRIKE_LIMIT,
                 speed: float | None = None, commands: str | None = None, size: tuple[int, int] = DEFAULT_SIZE,
                 muted: bool = False, labels: bool = False) -> int:
    """Practise on `module` in the window: run the `commands` script (if any), then play.

    Without a window (no display, or pyglet fails) this falls back to the terminal,
    except for a script: that is a UserError, since only the window can run it."""
    script = parse_script(commands, module.rules.holes_per_side) if commands else []  # before touching anything
    _, warning = load_history()
    if warning:
        print(f"ktane-congkak: {warning}", file=sys.stderr)
    session = new_session(module, mode, time_limit, strike_limit, speed)
    try:
        view = PracticeWindow(session, size=size, muted=muted, labels=labels)
    except Exception as exc:  # pyglet's display, context and config errors share no base class
        if commands:
            raise UserError(f"cannot open a window for --commands: {window_failure(exc)}") from None
        print(f"ktane-congkak: cannot open a window ({window_failure(exc)}): practising in the terminal.", file=sys.stderr)
        from .terminal import play_module

        return play_module(session.module, mode, time_limit, strike_limit, keep_history=True)
    view.on_end = save_history
    session.scripted = bool(script)  # a session that ends inside the script is no practice of the player's
    try:
        if not view.run_script(script):
            return 0
        session.scripted = False  # the player goes on from where the script left the board
    except UserError:
        view.on_end = None  # a script that failed is not a practice session worth keeping
        view.close()
        raise
    if not view.closed:
        try:
            view.run()
        except (KeyboardInterrupt, BrokenPipeError):  # Ctrl-C, SIGTERM, a hang-up: kept as at Esc
            view.close()
            raise
    return 0


__all__ = ["PracticeWindow", "new_session", "parse_script", "run_practice", "TIMED", "ZEN"]
