"""The practice window's end screen: the result, its figures, the log, the keys, the boards played, the recent sessions, the chart.

On an opaque backdrop (nothing of the bomb shows through); the recent sessions, then the
boards played, shrink, then go, when they would not fit. A message (the log's path copied)
shows at its foot. The chart of this session beside the recent ones, and the record the
S key opens, are progress.py's.

`EndScreen` is mixed into `PracticeWindow` (window.py); its texts are fitted as the
panel's are (panel.py).
"""

from __future__ import annotations

import math
import re

from ..session import DEFUSED, EXPLODED
from ...core.text import wrap_at_separators
from .panel import HANGING_INDENT, MESSAGE_TEXT, NO_BREAK
from .host import PracticeHost

END_BACK = {DEFUSED: (10, 56, 24), EXPLODED: (78, 10, 6), None: (8, 8, 10)}
END_TITLE = {DEFUSED: (120, 255, 140), EXPLODED: (255, 170, 60), None: (255, 255, 255)}


class EndScreen(PracticeHost):
    """The end screen, built once when the session ends, gone at a new session."""

    _overlay_shown: tuple | None  # (the record (S) shown, not the end screen; the message shown)

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
        record = self.session.panel == "summary"  # the record (S) over the end screen, or the end screen
        shown = (record, self.session.message)  # a message (the log's path copied) comes or goes: built again
        if self._overlay is not None and self._overlay_shown == shown:
            return
        for item in self._overlay or ():
            item.delete()
        self._overlay_shown = shown
        self._show_panel_texts(False)
        lines = self.session.end_lines()
        result = self.session.ended if self.session.ended in (DEFUSED, EXPLODED) else None
        w, h = self.window.width, self.window.height
        items = [shapes.Rectangle(0, 0, w, h, color=END_BACK[result], batch=self.batch, group=self.groups[6], **self.opaque)]
        if result == EXPLODED:
            items.append(self._burst(w / 2, self.oy + self.face * 0.78, self.face * 0.2))
        chart = self._chart_room()
        texts = self._record_texts() if record else self._end_texts(lines, result, chart) + self._progress_chart(
            self.oy + 16 * self.scale)
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

    def _end_texts(self, lines: list[str], result, chart: float = 0.0) -> list:
        """Title, figures, keys, then the recent sessions: one centred line each, stacked
        from the top; the recent sessions shrink, then go, when they would not fit."""
        k = self.scale
        grey = (190, 190, 190)
        boards, recent = self.session.board_lines(), self.session.history_lines
        # The keys (the last line) wrap only between their entries ("Esc: quit" never parts).
        title, rest = lines[0], lines[1:-1] + [re.sub(r"(?<=\S) (?=\S)", NO_BREAK, lines[-1])]
        width = self.window.width - 40 * k
        columns = max(8, int(width / self._char_width(self._points(16))))
        rows = [(title, 30, END_TITLE[result]),
                *[(part, 16, (235, 235, 235)) for line in rest for part in wrap_at_separators(line, columns, HANGING_INDENT)]]
        if self.session.message:
            rows.append((self.session.message, 12, MESSAGE_TEXT))
        always = rows[:]  # the rows that always show: the recent sessions, then the boards, go first when room is short
        sections = [[("", 8, (0, 0, 0)), (head, 11, grey), *[(line, 10, grey) for line in items]]
                    for head, items in ((boards[0] if boards else "", boards[1:]), ("Recent sessions:", recent)) if items]
        rows += [row for section in sections for row in section]
        top, bottom = self.oy + self.face - 30 * k, self.oy + 16 * k + chart  # the chart (progress.py) under them
        while True:
            labels = [self._label(text, size, colour, group=8, x=self.window.width / 2, anchor_x="center", anchor_y="top")
                      for text, size, colour in rows if text]
            for label, (_, size, _) in zip(labels, [r for r in rows if r[0]]):
                self._fit_width(label, size, width)
            gaps = [self._line_height(label) * (0.35 if i == 0 else 0.12) for i, label in enumerate(labels)]
            total = sum(label.content_height for label in labels) + sum(gaps)
            if total <= top - bottom or len(rows) <= len(always):
                break
            for label in labels:
                label.delete()
            last = sections[-1]  # its last line goes; a heading left with none goes with its gap
            del last[-1]
            if len(last) <= 2:
                sections.pop()
            rows = always + [row for section in sections for row in section]
        y = top - max(0.0, (top - bottom - total) * 0.25)
        for label, gap in zip(labels, gaps):
            label.y = y
            y -= label.content_height + gap
        return labels
