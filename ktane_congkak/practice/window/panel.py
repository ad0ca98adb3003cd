"""The practice window's panel: the bomb's clock, its texts fitted to their room, long lines wrapped.

The clock and strike marks, the mode and score, the sowing, hand and message lines, the
lesson of a press (zen mode), the hint, log or help panel and the keys, stacked by their measured heights; each text's font fitted to its
room, and long lines wrapped with a hanging indent.

`PanelTexts` is mixed into `PracticeWindow` (window.py), which owns the batch, the groups,
the panel's box and the scale it reads here; pyglet is imported inside functions only.
"""

from __future__ import annotations

import math
import re

from ...core.text import hanging
from .. import bomb
from ... import board_art as art
from ...paper import layout
from ...pyglet_view import set_text
from ..commands import key_help
from ..session import TIMED, log_title
from .host import PracticeHost

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from typing import Any

    import pyglet

MIN_TEXT_POINTS = 11 * 72 / 96  # no panel text is smaller than 11 pixels (pyglet's points are at 96 dpi)
FONT = ("DejaVu Sans Mono", "Courier New", "monospace")
PANEL_TEXT = (225, 225, 225)
MESSAGE_TEXT = (255, 210, 120)
LESSON_TEXT = (170, 220, 255)
KEYS_TEXT = (150, 150, 150)
LABEL_TEXT = (255, 236, 214)
NO_BREAK = "\u00a0"  # a space pyglet never wraps at
HANGING_INDENT = "  "  # a wrapped panel line's continuation starts this far in


class PanelTexts(PracticeHost):
    """The panel's texts and the bomb's clock, laid out from the window's measures
    (`panel_box`, `column_width`, `scale`, `face`) by their measured heights."""

    _clock_key: tuple | None  # the clock built: (its minutes' digits, its strike marks)
    _clock_shown: tuple | None  # the digits and strikes it shows
    _panel_shown: tuple | None  # what the panel's texts were last laid out for
    _panel_fill: tuple | None  # what the open panel was last filled with: (its lines, its kind, its room)

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
        self.status = self._label(size=12, multiline=True, width=width * 4, anchor_y="top")  # fitted, never wrapped
        self.sowing = self._label(size=10, colour=KEYS_TEXT, anchor_y="top")
        self.hand = self._label(size=12, anchor_y="top")
        self.message = self._label(size=11, colour=MESSAGE_TEXT, multiline=True, width=width, anchor_y="top")
        self.lesson = self._label(size=10, colour=LESSON_TEXT, multiline=True, width=width, anchor_y="top")
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
        self.clock_digits: list[dict[str, Any]] = []  # each digit's segments, and its "box"es
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


    @staticmethod
    def _place(label, x: float, y: float) -> None:
        """Move a label only when it moves (moving one re-places all its glyphs)."""
        if (label.x, label.y) != (x, y):
            label.position = (x, y, label.z)

    _set_text = staticmethod(set_text)

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
        told = [] if s.panel in ("log", "help") else s.lesson  # the log tells the same board; help needs the room
        lesson = "\n".join(told)
        key = (tuple(lines), s.sowing_line(), hand, s.message, lesson, tuple(panel), s.panel)
        if key == self._panel_shown:
            return
        self._panel_shown = key
        p, pad = self.panel_box, self.pad
        width = self.column_width - 2 * pad
        x = p.x + pad
        y = self.clock_box.y - 10 * self.scale
        self._set_text(self.status, "\n".join(lines))
        self._fit_width(self.status, 12, width)
        self._place(self.status, x, y)
        y -= self.status.content_height
        self._set_text(self.sowing, s.sowing_line())
        self._fit_width(self.sowing, 10, width)
        self._place(self.sowing, x, y)
        y -= self.sowing.content_height + 4 * self.scale
        self._set_text(self.hand, hand)
        self._place(self.hand, x, y)
        # Its line is kept when empty (the message does not jump as a turn starts), and
        # measured from this text, never the last one (the same state, the same layout).
        y -= max(self.hand.content_height if hand else 0, self._line_height(self.hand)) + 2 * self.scale
        self._set_text(self.message, s.message)
        self._fit_lines(self.message, 11, 3)
        self._place(self.message, x, y)
        y -= max(self.message.content_height if s.message else 0, 2 * self._line_height(self.message)) + 6 * self.scale
        if self.columns == 2:  # the lesson, the hint, log or help panel and the keys in a column of their own
            x, y = p.x + self.column_width + pad, p.y + p.h - pad
        self.keys.visible = s.panel != "help"  # the help panel says all the footer does, and more
        self._place(self.keys, x, p.y + pad)
        floor = (self.keys.y + self.keys.content_height + 8 * self.scale) if self.keys.visible else p.y + pad
        # The hint panel's lines keep their room under the lesson.
        reserved = len(panel) * self._line_height(self.panel) + 6 * self.scale if s.panel == "hint" else 0
        self._fit_lesson(told, y - floor - reserved)
        self._place(self.lesson, x, y)
        if self.lesson.text:
            y -= self.lesson.content_height + 8 * self.scale
        self._place(self.panel, x, y)
        self._fill_panel(panel, s.panel, y - floor)

    def _fit_lesson(self, lines: list[str], room: float) -> None:
        """The lesson in at most 7 lines and within `room` pixels: a smaller font, then its
        last sentences go (the ID and the again key first; the points and the why stay longest)."""
        while True:
            self._set_text(self.lesson, "\n".join(lines))
            self._fit_lines(self.lesson, 10, 7)
            if not lines or self.lesson.content_height <= room:
                return
            lines = lines[:-1]

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
        total = shown = len(self.session.played)
        if kind == "log" and self.panel.content_height > room:  # each board told shortly first
            lines = self.session.log_panel(short=True)
            self._set_wrapped(lines)
        while self.panel.content_height > room and len(lines) > 1:
            if kind == "log" and shown:  # the oldest board goes (after the title, which says how many are left)
                shown -= 1
                lines = [log_title(shown, total)] + lines[2:]
            else:
                lines = lines[:-1]
            self._set_wrapped(lines)
        if self.panel.content_height > room:
            self.panel.text = ""

    def _set_wrapped(self, lines: list[str]) -> None:
        """The panel's lines, each wrapped to the column's width with a hanging indent."""
        columns = max(8, int((self.column_width - 2 * self.pad) / self._char_width(self.panel.font_size)))
        self._set_text(self.panel, "\n".join(hanging(lines, columns, HANGING_INDENT)))

    @staticmethod
    def _char_width(points: float) -> float:
        """The advance of one character of the (monospaced) font at `points`, in pixels."""
        import pyglet

        glyphs = pyglet.font.load(FONT, points).get_glyphs("M")
        return (glyphs[0] if isinstance(glyphs, tuple) else glyphs)[0].advance

    def _texts(self) -> list:
        """Every label of the face and the panel (not the end screen's)."""
        return [self.status, self.sowing, self.hand, self.message, self.lesson, self.panel, self.keys, self.screen_label, self.hand_count,
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


def label_box(label: pyglet.text.Label) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of a pyglet label's text as laid out."""
    w, h = label.content_width, label.content_height
    left = {"left": label.x, "center": label.x - w / 2, "right": label.x - w}[label.anchor_x]
    bottom = {"bottom": label.y, "center": label.y - h / 2, "top": label.y - h, "baseline": label.y}[label.anchor_y]
    return left, bottom, left + w, bottom + h
