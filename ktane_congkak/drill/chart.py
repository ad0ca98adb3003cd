"""The drill's progress chart: accuracy (a line) and the median time a board (bars), session by session.

`marks` places everything in fractions of the plot (y measured upwards), so the SVG here
and the window (drill/window.py) draw the same chart.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from ..core.explain import plural
from ..paper.render import xml_text
from .session import Point

WIDTH = 560
PLOT = (56, 40, 440, 200)  # left, top, width, height of the plot inside the SVG
ACCURACY_COLOUR, TIME_COLOUR, AXIS_COLOUR = "#1f5fbf", "#c8ccd4", "#555555"


class Mark(NamedTuple):
    """One session's place on the chart, in fractions of the plot."""

    x: float  # the centre of its column, 0..1 from the left
    accuracy: float  # 0..1 from the bottom
    bar: float  # the median time's bar height, 0..1
    width: float  # the bar's width


def seconds_top(points: list[Point]) -> int:
    """The time axis' top: the slowest median, rounded up to a multiple of 10 s (at least 10)."""
    slowest = max((p.median for p in points), default=0)
    return max(10, int(math.ceil(slowest / 10) * 10))


def marks(points: list[Point]) -> list[Mark]:
    if not points:
        return []
    top = seconds_top(points)
    column = 1 / len(points)
    return [Mark((i + 0.5) * column, p.accuracy, p.median / top, column * 0.6) for i, p in enumerate(points)]


def progress_svg(points: list[Point], kind_lines: list[str]) -> str:
    """The chart as an SVG document; `kind_lines` (drill.kind_lines) are printed beneath it."""
    left, top, width, height = PLOT
    bottom = top + height

    def at(fx: float, fy: float) -> tuple[float, float]:
        return round(left + fx * width, 1), round(bottom - fy * height, 1)

    body = [f'<text x="{left}" y="24" font-size="15" font-weight="bold">Drill progress: '
            f'{sessions_shown(len(points))}</text>']
    body.append(f'<rect x="{left}" y="{top}" width="{width}" height="{height}" fill="none" stroke="{AXIS_COLOUR}"/>')
    for fraction in (0, 0.5, 1):
        _, y = at(0, fraction)
        body.append(f'<text x="{left - 6}" y="{y + 4}" font-size="11" text-anchor="end">{int(fraction * 100)}%</text>')
        body.append(f'<text x="{left + width + 6}" y="{y + 4}" font-size="11">{fraction * seconds_top(points):g} s</text>')
    placed = marks(points)
    for mark, point in zip(placed, points):
        x, y = at(mark.x - mark.width / 2, mark.bar)
        body.append(f'<rect class="time" x="{x}" y="{y}" width="{round(mark.width * width, 1)}" '
                    f'height="{round(mark.bar * height, 1)}" fill="{TIME_COLOUR}"><title>{point.median:.1f} s</title></rect>')
    if placed:
        line = " ".join("%s,%s" % at(m.x, m.accuracy) for m in placed)
        body.append(f'<polyline class="accuracy" points="{line}" fill="none" stroke="{ACCURACY_COLOUR}" stroke-width="2"/>')
    for number, (mark, point) in enumerate(zip(placed, points), 1):
        x, y = at(mark.x, mark.accuracy)
        body.append(f'<circle cx="{x}" cy="{y}" r="4" fill="{ACCURACY_COLOUR}"><title>{xml_text(point.label)}: '
                    f'{round(point.accuracy * point.boards)}/{point.boards} right</title></circle>')
        body.append(f'<text x="{x}" y="{bottom + 14}" font-size="10" text-anchor="middle">{number}</text>')
    if not placed:
        body.append(f'<text x="{left + width / 2}" y="{top + height / 2}" text-anchor="middle">No drill sessions yet</text>')
    body.append(f'<text x="{left}" y="{bottom + 32}" font-size="11" fill="{ACCURACY_COLOUR}">line: share of boards right</text>')
    body.append(f'<text x="{left + 200}" y="{bottom + 32}" font-size="11" fill="#777777">bars: median seconds a board</text>')
    for i, text in enumerate(kind_lines):
        body.append(f'<text class="kind" x="{left}" y="{bottom + 52 + 15 * i}" font-size="11">{xml_text(text)}</text>')
    height = bottom + 52 + 15 * len(kind_lines)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif">\n'
            f'<rect width="100%" height="100%" fill="white"/>\n' + "\n".join(body) + "\n</svg>\n")


def sessions_shown(count: int) -> str:
    """How many sessions the chart shows, in words: "the last 3 sessions", "the last 1 session"."""
    return f"the last {plural(count, 'session')}" if count else "no sessions yet"
