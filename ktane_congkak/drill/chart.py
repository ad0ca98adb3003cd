"""The drill's progress chart: accuracy (a line) and the median time a board (bars), session by session.

`plot` lays the marks out with the shared chart module (paper/chart.py), so the SVG here
and the window (drill/window.py) draw the same chart.
"""

from __future__ import annotations

from ..core.explain import plural
from ..paper.chart import LIGHT, Chart, Scale
from .session import Point

WIDTH = 560
PLOT = (56, 40, 440, 200)  # left, top, width, height of the plot inside the SVG


def time_scale(points: list[Point]) -> Scale:
    """The time axis: up to the slowest median, rounded up to a multiple of 10 s (at least 10)."""
    return Scale.rounded(max((p.median for p in points), default=0), step=10, unit=" s")


def plot(points: list[Point], chart: Chart) -> Chart:
    """The plot's marks, the same in the SVG and the window: frame, both axes' figures, a median
    time bar (class time) and an accuracy dot (class accuracy-dot) a session, the accuracy line."""
    seconds = time_scale(points)
    chart.frame()
    chart.axis(Scale.share(), "left")
    chart.axis(seconds, "right")
    chart.bars([p.median for p in points], seconds, cls="time", titles=[f"{p.median:.1f} s" for p in points])
    chart.line([p.accuracy for p in points], Scale.share(), cls="accuracy",
               titles=[f"{p.label}: {round(p.accuracy * p.boards)}/{p.boards} right" for p in points])
    chart.x_labels([str(number) for number in range(1, len(points) + 1)])
    return chart


def progress_svg(points: list[Point], kind_lines: list[str]) -> str:
    """The chart as an SVG document; `kind_lines` (drill.kind_lines) are printed beneath it."""
    chart = plot(points, Chart(*PLOT))
    left, bottom = chart.left, chart.bottom
    chart.label(left, 24, f"Drill progress: {sessions_shown(len(points))}", size=15, bold=True)
    if not points:
        chart.label(left + chart.width / 2, chart.top + chart.height / 2, "No drill sessions yet", 16,
                    anchor="middle")
    chart.label(left, bottom + 32, "line: share of boards right", role="line")
    chart.label(left + 200, bottom + 32, "bars: median seconds a board", role="soft")
    for i, text in enumerate(kind_lines):
        chart.label(left, bottom + 52 + 15 * i, text, cls="kind")
    return chart.svg(WIDTH, bottom + 52 + 15 * len(kind_lines), LIGHT)


def sessions_shown(count: int) -> str:
    """How many sessions the chart shows, in words: "the last 3 sessions", "the last 1 session"."""
    return f"the last {plural(count, 'session')}" if count else "no sessions yet"
