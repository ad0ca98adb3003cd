"""The end screen's progress: this session beside the recent ones (a small chart), and the record (S).

The chart is practice --summary's (practice/summary.py `plot`, on paper/chart.py), drawn
with the same marks in the window's colours; the record is the summary's own lines. Both
read the history as saved with this session (`session.history`), nothing again.

`EndProgress` is mixed into `PracticeWindow` beside `EndScreen` (end.py), which calls
`_chart_room`, `_progress_chart` and, while the summary panel is open, `_record_texts`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...paper.chart import DARK, Chart, window_shapes
from ..summary import CHART_SESSIONS, charted, plot, record_lines
from ..session import PracticeSession
from .panel import FONT

CHART_SHOWN = 12  # sessions on the end screen's chart, this one last
DRAWING = (560, 150)  # the chart's drawing at the default size (scaled with the window): width, height
PLOT = (60, 26, 440, 92)  # its plot inside the drawing: left, top, width, height (y down)
TEXT = 12  # pixels: its figures at the default size
RECORD_TEXT = (235, 235, 235)


class EndProgress:
    """The end screen's chart and record (see the module's docstring)."""

    # What the window it is mixed into has (window.py, panel.py).
    session: PracticeSession
    scale: float
    window: Any
    batch: Any
    groups: list
    _label: Callable[..., Any]
    _points: Callable[[float], float]
    _char_width: Callable[[float], float]

    def _charted(self) -> list[dict]:
        """The sessions the chart shows: the player's own, and this one (a script's too), newest last."""
        started = self.session.started
        mine = [x for x in self.session.history if not x.get("scripted") or x.get("started") == started]
        return charted(mine, min(CHART_SHOWN, CHART_SESSIONS))

    def _chart_room(self) -> float:
        """The pixels the chart takes at the bottom of the end screen (none without a session to draw)."""
        return DRAWING[1] * self.scale if self._charted() else 0.0

    def _progress_chart(self, bottom: float) -> list:
        """The chart, its drawing's bottom at `bottom` (window pixels), centred."""
        sessions = self._charted()
        if not sessions:
            return []
        k = self.scale
        chart = plot(sessions, Chart(*PLOT, text=TEXT))
        count = len(sessions)
        chart.label(PLOT[0], PLOT[1] - 10, f"This session (right) beside the {count - 1} before it" if count > 1
                    else "This session", TEXT + 2, "ink")
        chart.label(PLOT[0], PLOT[1] + PLOT[3] + 34, "bars: time a board   dots: strikes a board   dashes: median",
                    TEXT, "soft")
        left, top = (self.window.width - DRAWING[0] * k) / 2, bottom + DRAWING[1] * k
        return window_shapes(chart.marks, DARK, lambda x, y: (left + x * k, top - y * k), k, self.batch,
                             self.groups[8], FONT)

    def _record_texts(self) -> list:
        """The record (practice --summary's lines) over the end screen, fitted to the window's width."""
        k = self.scale
        lines = record_lines(self.session) + ["", f"{self.session.how('summary')}: back   "
                                              f"{self.session.how('new')}: practise again   "
                                              f"{self.session.how('end')}: quit"]
        points = self._points(11)
        longest = max(len(line) for line in lines)
        while points > 6 and longest * self._char_width(points) > self.window.width - 40 * k:
            points -= 0.5
        left = (self.window.width - longest * self._char_width(points)) / 2
        step, y = points * 96 / 72 * 1.3, self.window.height - 30 * k
        labels = []
        for i, line in enumerate(lines):
            if line:
                labels.append(self._label(line, points, RECORD_TEXT, group=8, scaled=False, x=left, y=y - i * step,
                                          anchor_y="top"))
        return labels
