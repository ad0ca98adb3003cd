"""A review's value graph as a chart (paper/chart.py), the same marks for the page and the window.

The page paints it as SVG, the window's V panel as pyglet shapes.

The line is the view's value of every position, the start first; the level is 0 (a
draw); each move marked inaccuracy or worse has a dot where it led, with lichess's sign
above it (?! an inaccuracy, ? a mistake, ?? a blunder) and a title saying the move.
"""

from __future__ import annotations

from ..paper.chart import Chart, Dot, Label, Scale
from .game import SIDE_NAMES
from .analysis import worded
from .review import Review

MARK_SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}  # as a chess site annotates
MARK_ROLES = {"inaccuracy": "soft", "mistake": "accent", "blunder": "ink"}  # the theme's role of each mark's dot
MOST_X_LABELS = 10  # move numbers under the graph, at most


def chart_values(reviewed: Review) -> list[int]:
    """Every position's value; an unknown one (choices made unseen at a simultaneous start)
    drawn as the first known after it."""
    values = [value for value, _ in reviewed.values]
    known = next((v for v in values if v is not None), 0)
    out = []
    for value in reversed(values):
        known = known if value is None else value
        out.append(known)
    return out[::-1]


def value_chart(reviewed: Review, left: float, top: float, width: float, height: float, text: float = 11) -> Chart:
    """The graph in the box (left, top, width, height: pixels, y down), ticks at the left."""
    chart = Chart(left, top, width, height, text)
    values = chart_values(reviewed)
    bound = Scale.counts(max([abs(v) for v in values] + [1]), most_ticks=2).top
    scale = Scale(2 * bound, (0, bound, 2 * bound))
    chart.frame()
    for tick, said in ((0, f"{-bound:+d}"), (bound, "0"), (2 * bound, f"{bound:+d}")):
        x, y = chart.at(0, scale.fraction(tick))
        chart.label(x - 6, y + round(text / 3), said, text, "tick", "end", cls="tick-left")
    chart.level(bound, scale, role="axis", cls="draw", title="0: a draw")
    chart.line([v + bound for v in values], scale, dots=False, cls="value")
    every = max(1, -(-len(values) // MOST_X_LABELS))
    chart.x_labels([str(i) if i % every == 0 else "" for i in range(len(values))], size=text * 0.9)
    columns = chart.columns(len(values))
    for move in reviewed.marked():
        if move.mark is None:  # marked() gives marked moves only; this tells the type checker
            continue
        x, y = chart.at(columns[move.number], scale.fraction(values[move.number] + bound))
        role = MARK_ROLES[move.mark]
        title = (f"{move.number}. {SIDE_NAMES[move.player]} hole {move.hole}: {move.mark}, gave up {move.loss} "
                 f"(best {'/'.join(map(str, move.best))}); now {worded(move.value_after, move.exact_after)}")
        chart.marks.append(Dot(x, y, text * 0.4, role, cls=f"mark-{move.mark}", title=title))
        chart.marks.append(Label(x, y - text * 0.7, MARK_SIGNS[move.mark], text, role, "middle", True,
                                 cls="mark-sign"))
    return chart


def position_at(reviewed: Review, chart: Chart, x: float) -> int:
    """The position (0: the start, n: after move n) whose column is nearest `x` (pixels)."""
    count = len(reviewed.values)
    fraction = (x - chart.left) / chart.width if chart.width else 0
    return min(count - 1, max(0, int(fraction * count)))
