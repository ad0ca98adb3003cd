"""Charts: the one home of axes, bars, lines and labels, for every chart the project draws.

A chart is a list of marks in a drawing's pixels (y down), built on a plot box by `Chart`;
each front end paints the same marks: `chart.svg(...)` on the SVG painter the sheets and
pages use (paper/render.py), `window_shapes(...)` as pyglet shapes (imported there only).
Scales and tick values are worked out here, never again by a front end.

    from ktane_congkak.paper.chart import Chart, Scale, LIGHT

    chart = Chart(56, 40, 440, 200)              # the plot box: left, top, width, height
    seconds = Scale.rounded(max(times), step=10, unit=" s")  # 0 .. a multiple of 10; ticks 0, top/2, top
    chart.frame()
    chart.axis(seconds, "right")                  # its tick labels beside the plot: "20 s"
    chart.bars(times, seconds, cls="time", titles=[f"{t} s" for t in times])
    chart.line(shares, Scale.share(), dots=True, cls="accuracy")
    chart.x_labels([str(n) for n in range(1, len(times) + 1)])
    chart.label(56, 24, "Title", size=15, bold=True)
    svg_text = chart.svg(560, 300, LIGHT)

- `Scale(top, ticks, percent, unit)`: a value axis from 0 to `top`; `Scale.rounded(largest,
  step, parts, unit)` rounds up to a multiple of `step`, `Scale.counts(largest)` picks a round step for
  counts, `Scale.share()` is 0..100 %. `scale.fraction(v)` places a value, `scale.tick_text(v)`
  writes it as the axis does.
- `Chart.columns(n)`: the centres of n equal columns (fractions of the plot): bars, dots
  and x labels of one series share them.
- `Chart.bars`, `Chart.bar_labels` (a count above each bar), `Chart.line` (a polyline,
  optional dots), `Chart.level` (a dashed level across the plot: a median), `Chart.axis`,
  `Chart.x_labels`, `Chart.label`, `Chart.frame`.
- Several charts make one drawing: build each on its own plot box, then paint all their
  marks with `draw(painter, marks, theme)` (paper/stats_page.py stacks them so).
- Marks with `cls` are grouped in the SVG as `<g class="cls">` with a `<title>` (the
  tooltip) when one is given: tests and pages find one group a session or a bin.
- Themes: `LIGHT` (ink on white: files, paper, pages) and `DARK` (the windows' colours);
  a mark names a role (ink, soft, tick, axis, line, bar, accent), the theme inks it. A page
  that follows the reader's theme draws LIGHT with no background and lets its style turn
  it for dark (report_page's `--chart-filter`).
- In a window: `window_shapes(chart.marks, DARK, place, k, batch, group, font)`, `place`
  turning a mark's pixel (y down) into the window's, `k` scaling sizes (drill/window.py,
  practice/window/progress.py). Keep the list it returns: the shapes live as long as it.
"""

from __future__ import annotations

import math
from typing import Literal, NamedTuple
from collections.abc import Callable, Sequence

from .render import SvgPainter

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import pyglet

Colour = tuple[int, int, int]
Point = tuple[float, float]


class Theme(NamedTuple):
    """The colour of each role a mark may name."""

    back: Colour
    ink: Colour  # titles, labels
    soft: Colour  # legends, notes
    tick: Colour  # the axes' figures
    axis: Colour  # the frame and axes
    line: Colour  # the first series: a line and its dots
    bar: Colour  # the second series: bars
    accent: Colour  # a level across the plot (a median), a third series


LIGHT = Theme(back=(255, 255, 255), ink=(0, 0, 0), soft=(119, 119, 119), tick=(0, 0, 0), axis=(85, 85, 85), line=(31, 95, 191),
              bar=(200, 204, 212), accent=(200, 90, 20))
DARK = Theme(back=(30, 32, 36), ink=(230, 230, 230), soft=(150, 150, 150), tick=(150, 150, 150), axis=(170, 170, 170),
             line=(90, 150, 255), bar=(90, 94, 104), accent=(240, 150, 70))
THEMES = {"light": LIGHT, "dark": DARK}
FONT = "sans-serif"  # a chart's text in SVG, unless its caller names another
WINDOW_ANCHORS: dict[str, Literal["left", "center", "right"]] = {"start": "left", "middle": "center", "end": "right"}


# Marks: what every front end paints -------------------------------------------------------

class Box(NamedTuple):
    """A rectangle, filled (a bar) or outlined (a frame): top-left corner, size."""

    x: float
    y: float
    w: float
    h: float
    role: str
    filled: bool = True
    cls: str = ""
    title: str = ""


class Line(NamedTuple):
    """A polyline through `points`, `width` pixels wide; dashed when `dash` (pixels on and off)."""

    points: tuple[Point, ...]
    role: str
    width: float = 1.0
    dash: float = 0.0
    cls: str = ""
    title: str = ""


class Dot(NamedTuple):
    x: float
    y: float
    r: float
    role: str
    cls: str = ""
    title: str = ""


class Label(NamedTuple):
    """Text whose baseline is at y; anchor: start, middle or end."""

    x: float
    y: float
    text: str
    size: float
    role: str = "ink"
    anchor: str = "start"
    bold: bool = False
    cls: str = ""


Mark = Box | Line | Dot | Label


# Scales ---------------------------------------------------------------------------------

class Scale(NamedTuple):
    """A value axis from 0 up to `top`, its tick values and how a tick is written."""

    top: float
    ticks: tuple[float, ...]
    percent: bool = False  # ticks written as shares (0..1 as 0%..100%)
    unit: str = ""  # after a tick's figure: " s"

    @classmethod
    def rounded(cls, largest: float, step: float = 10, parts: int = 2, unit: str = "") -> Scale:
        """0 up to `largest` rounded up to a multiple of `step` (at least one step), `parts` ticks apart."""
        top = max(step, math.ceil(largest / step) * step)
        return cls(top, tuple(top * i / parts for i in range(parts + 1)), unit=unit)

    @classmethod
    def counts(cls, largest: float, most_ticks: int = 5) -> Scale:
        """Whole counts, 0 up to a round step at or above `largest`: steps of 1, 2 or 5 times a
        power of ten, at most `most_ticks` steps."""
        raw = max(largest, 1) / most_ticks
        power = 10 ** max(0, math.floor(math.log10(raw)))
        step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
        top = max(step, math.ceil(largest / step) * step)
        return cls(top, tuple(step * i for i in range(top // step + 1)))

    @classmethod
    def share(cls) -> Scale:
        """Shares of a whole: 0 to 100 %."""
        return cls(1.0, (0.0, 0.5, 1.0), percent=True)

    def fraction(self, value: float) -> float:
        """Where `value` is, 0 (the bottom) to 1 (the top)."""
        return value / self.top if self.top else 0.0

    def tick_text(self, value: float) -> str:
        return f"{int(round(value * 100))}%" if self.percent else f"{value:g}{self.unit}"


# The builder ------------------------------------------------------------------------------

class Chart:
    """A plot box (left, top, width, height, in the drawing's pixels, y down) and the marks drawn so far.
    `text` is the size of tick labels; a front end at another scale passes its own."""

    def __init__(self, left: float, top: float, width: float, height: float, text: float = 11) -> None:
        self.left, self.top, self.width, self.height, self.text = left, top, width, height, text
        self.marks: list[Mark] = []

    @property
    def bottom(self) -> float:
        return self.top + self.height

    def at(self, fx: float, fy: float) -> Point:
        """A place given in fractions of the plot (fy measured upwards) in pixels, to 0.1 px."""
        return round(self.left + fx * self.width, 1), round(self.bottom - fy * self.height, 1)

    @staticmethod
    def columns(count: int) -> list[float]:
        """The centres of `count` equal columns across the plot, as fractions."""
        return [(i + 0.5) / count for i in range(count)]

    def frame(self, role: str = "axis") -> None:
        self.marks.append(Box(self.left, self.top, self.width, self.height, role, filled=False))

    def axis(self, scale: Scale, side: str = "left", role: str = "tick") -> None:
        """The scale's tick values beside the plot, left or right."""
        for value in scale.ticks:
            _, y = self.at(0, scale.fraction(value))
            x, anchor = (self.left - 6, "end") if side == "left" else (self.left + self.width + 6, "start")
            self.marks.append(Label(x, y + round(self.text / 3), scale.tick_text(value), self.text, role, anchor,
                                    cls=f"tick-{side}"))

    def bars(self, values: Sequence[float], scale: Scale, role: str = "bar", cls: str = "bar",
             titles: Sequence[str] = (), width: float = 0.6) -> None:
        """One bar a value, in equal columns; `width` a share of a column."""
        if not values:
            return
        wide = width / len(values)
        for i, (centre, value) in enumerate(zip(self.columns(len(values)), values)):
            x, y = self.at(centre - wide / 2, scale.fraction(value))
            self.marks.append(Box(x, y, round(wide * self.width, 1), round(scale.fraction(value) * self.height, 1),
                                  role, cls=cls, title=titles[i] if i < len(titles) else ""))

    def line(self, values: Sequence[float], scale: Scale, role: str = "line", cls: str = "line",
             titles: Sequence[str] = (), dots: bool = True, width: float = 2.0, radius: float = 4.0) -> None:
        """A polyline through one value a column, and a dot on each value when `dots`."""
        places = [self.at(c, scale.fraction(v)) for c, v in zip(self.columns(len(values)), values)]
        if places:
            self.marks.append(Line(tuple(places), role, width, cls=cls))
        if dots:
            for i, (x, y) in enumerate(places):
                self.marks.append(Dot(x, y, radius, role, cls=f"{cls}-dot", title=titles[i] if i < len(titles) else ""))

    def bar_labels(self, values: Sequence[float], scale: Scale, texts: Sequence[str], size: float | None = None,
                   role: str = "ink", cls: str = "bar-label") -> None:
        """A text above each bar of `bars(values, scale)` (its count), centred on its column."""
        size = size or self.text - 1
        for centre, value, text in zip(self.columns(len(values)), values, texts):
            x, y = self.at(centre, scale.fraction(value))
            self.marks.append(Label(x, y - 3, text, size, role, "middle", cls=cls))

    def level(self, value: float, scale: Scale, role: str = "accent", cls: str = "level", title: str = "") -> None:
        """A dashed line across the plot at `value` (a median)."""
        y = self.at(0, scale.fraction(value))[1]
        self.marks.append(Line(((self.left, y), (self.left + self.width, y)), role, 1.5, dash=5.0, cls=cls, title=title))

    def x_labels(self, texts: Sequence[str], size: float = 10, role: str = "ink", cls: str = "x-label") -> None:
        """One text under each column, centred."""
        for centre, text in zip(self.columns(len(texts)), texts):
            self.marks.append(Label(self.at(centre, 0)[0], self.bottom + size + 4, text, size, role, "middle", cls=cls))

    def label(self, x: float, y: float, text: str, size: float = 11, role: str = "ink", anchor: str = "start",
              bold: bool = False, cls: str = "") -> None:
        """Free text, its baseline at y (a title, a legend, a note)."""
        self.marks.append(Label(x, y, text, size, role, anchor, bold, cls))

    def svg(self, width: float, height: float, theme: Theme = LIGHT, font: str = FONT) -> str:
        """The chart as a whole SVG document on the theme's background."""
        painter = SvgPainter(1.0)
        painter.rect(0, 0, width, height, theme.back)
        draw(painter, self.marks, theme)
        return painter.svg(width, height, font=font)


# Painting -------------------------------------------------------------------------------

def draw(painter: SvgPainter, marks: Sequence[Mark], theme: Theme) -> None:
    """Paint `marks` with an SVG painter of size 1 (its units are the marks' pixels)."""
    for mark in marks:
        colour = getattr(theme, mark.role)
        if mark.cls:
            painter.group(mark.cls, getattr(mark, "title", ""))
        if isinstance(mark, Box):
            painter.rect(mark.x, mark.y, mark.w, mark.h, colour if mark.filled else None,
                         None if mark.filled else colour, 0.0 if mark.filled else 1.0)
        elif isinstance(mark, Line):
            painter.polyline(mark.points, colour, mark.width, dash=mark.dash)
        elif isinstance(mark, Dot):
            painter.ellipse(mark.x, mark.y, mark.r, mark.r, 0.0, colour)
        else:
            painter.text(mark.x, mark.y - mark.size / 3, mark.text, mark.size, colour, mark.anchor, mark.bold)
        if mark.cls:
            painter.end_group()


def window_shapes(marks: Sequence[Mark], theme: Theme, place: Callable[[float, float], Point], k: float,
                  batch: pyglet.graphics.Batch, group: pyglet.graphics.Group | None,
                  font: Sequence[str] | None = None) -> list:
    """The marks as pyglet shapes and labels: `place` turns a mark's pixel (y down) into the
    window's, `k` scales sizes. Keep the list: the shapes live as long as it does."""
    from pyglet import shapes, text

    out: list = []
    for mark in marks:
        colour = getattr(theme, mark.role)
        if isinstance(mark, Box):
            x, y = place(mark.x, mark.y + mark.h)
            if mark.filled:
                out.append(shapes.Rectangle(x, y, mark.w * k, mark.h * k, color=colour, batch=batch, group=group))
            else:
                out.append(shapes.Box(x, y, mark.w * k, mark.h * k, thickness=max(1.0, k), color=colour,
                                      batch=batch, group=group))
        elif isinstance(mark, Line):
            out.extend(_segments(mark, colour, place, k, batch, group))
        elif isinstance(mark, Dot):
            out.append(shapes.Circle(*place(mark.x, mark.y), mark.r * k, color=colour, batch=batch, group=group))
        else:
            x, y = place(mark.x, mark.y)
            out.append(text.Label(mark.text, x=x, y=y, anchor_x=WINDOW_ANCHORS[mark.anchor],
                                  font_name=list(font) if font else None, font_size=mark.size * 0.75 * k,
                                  weight="bold" if mark.bold else "normal", color=(*colour, 255), batch=batch,
                                  group=group))
    return out


def _segments(mark: Line, colour: Colour, place, k: float, batch, group) -> list:
    from pyglet import shapes

    out = []
    for (x0, y0), (x1, y1) in zip(mark.points, mark.points[1:]):
        pieces = _dashes(x0, y0, x1, y1, mark.dash) if mark.dash else [(x0, y0, x1, y1)]
        for a, b, c, d in pieces:
            (x0, y0), (x1, y1) = place(a, b), place(c, d)
            out.append(shapes.Line(x0, y0, x1, y1, thickness=mark.width * k, color=colour, batch=batch, group=group))
    return out


def _dashes(x0: float, y0: float, x1: float, y1: float, dash: float) -> list[tuple[float, float, float, float]]:
    """A segment cut into dashes `dash` long with gaps as long, as SVG's stroke-dasharray draws it."""
    length = math.hypot(x1 - x0, y1 - y0)
    out, s = [], 0.0
    while s < length:
        e = min(s + dash, length)
        out.append((x0 + (x1 - x0) * s / length, y0 + (y1 - y0) * s / length,
                    x0 + (x1 - x0) * e / length, y0 + (y1 - y0) * e / length))
        s += 2 * dash
    return out


__all__ = ["Chart", "Scale", "Theme", "LIGHT", "DARK", "THEMES", "Box", "Line", "Dot", "Label", "Mark", "draw",
           "window_shapes"]
