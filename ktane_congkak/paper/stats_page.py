"""`stats --svg OUT` and `stats --html OUT`: the figures over many boards as charts a puzzle maker reads at a glance.

Drawn from the tally `stats --json` prints (puzzles/stats.py), with the shared chart module
(paper/chart.py): how often each hole is the answer (and the only one), how many holes are
right (ties), where the two strike rules differ, the spread of the best points and of the
margin to the next hole, relays and seeds dropped in the best turn (how long a board is by
hand), and the boards by difficulty. Each chart's marks carry a class a test can find:
one bar a hole or a bin, with its count as a tooltip and, where there is room, above it.

`stats_svg` stacks the charts in one SVG document; `stats_html` lays them out as a page in
the log report's shell (report_page.page: inline, light and dark, Letter or A4).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import NamedTuple

from ..core.explain import plural
from ..puzzles.difficulty import DIFFICULTIES
from ..puzzles.stats import Tally
from .chart import LIGHT, Chart, Line, Mark, Scale, Theme, draw
from .render import SvgPainter, inline_svg

WIDTH = 640  # a chart's drawing: width
HEIGHT = 230  # and height: its title, the plot, the labels under it
PLOT = (64, 44, 540, 140)  # left, top, width, height of the plot in a chart's drawing
MOST_BINS = 36  # a histogram's columns at most: wider spreads are binned
LABELLED_BARS = 16  # counts are written above the bars up to this many columns


class Figure(NamedTuple):
    name: str  # the marks' class, the figure's id
    heading: str
    caption: str  # a sentence with the figure's key numbers
    marks: list[Mark]


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _bars(name: str, title: str, labels: list[str], counts: list[int], titles: list[str], top: float,
          note: str = "") -> Chart:
    """A bar chart of `counts` (one bar a label) whose drawing starts `top` pixels down."""
    chart = Chart(PLOT[0], top + PLOT[1], PLOT[2], PLOT[3])
    labelled = len(counts) <= LABELLED_BARS
    scale = Scale.counts(max(counts, default=0) * (1.12 if labelled else 1))  # room above the tallest for its count
    chart.label(PLOT[0], top + 22, title, 14, bold=True)
    chart.frame()
    chart.axis(scale, "left")
    chart.bars(counts, scale, cls=name, titles=titles)
    if labelled:
        chart.bar_labels(counts, scale, [f"{n:,}" for n in counts], cls=f"{name}-count")
    step = max(1, math.ceil(len(labels) / 18))  # at most 18 figures under the columns
    chart.x_labels([text if i % step == 0 else "" for i, text in enumerate(labels)])
    if note:
        chart.label(PLOT[0], top + PLOT[1] + PLOT[3] + 34, note, 11, "soft")
    return chart


def _bin_width(low: int, high: int) -> int:
    """1, or the smallest of 2, 5, 10, 20, 50 ... that makes at most MOST_BINS columns."""
    width, steps = 1, (2, 5)
    while (high - low) // width + 1 > MOST_BINS:
        width = next((s * 10 ** p for p in range(9) for s in (1, *steps) if s * 10 ** p > width), width * 10)
    return width


def bins(counter: Counter) -> list[tuple[int, int, int]]:
    """(low, high, boards) for each column of a histogram of `counter`, every value from its
    least to its greatest in columns of equal width (an empty one too)."""
    if not counter:
        return []
    low, high = min(counter), max(counter)
    width = _bin_width(low, high)
    start = low - low % width
    return [(lo, lo + width - 1, sum(counter[v] for v in range(lo, lo + width)))
            for lo in range(start, high + 1, width)]


def _histogram(name: str, title: str, counter: Counter, what: str, top: float, note: str = "") -> Chart:
    columns = bins(counter)
    labels = [str(lo) if lo == hi else f"{lo}-{hi}" for lo, hi, _ in columns]
    counts = [n for _, _, n in columns]
    titles = [f"{what} {label}: {plural(n, 'board')}" for label, n in zip(labels, counts)]
    return _bars(name, title, [str(lo) for lo, _, _ in columns], counts, titles, top, note)


def _median(counter: Counter) -> int:
    total, running = sum(counter.values()), 0
    for value in sorted(counter):
        running += counter[value]
        if 2 * running >= total:
            return value
    return 0


def figures(t: Tally, holes: int = 7) -> list[Figure]:
    """Every chart of the page, each drawn from the top of its own drawing."""
    n = t.boards
    out = []

    def add(name: str, heading: str, caption: str, chart: Chart) -> None:
        out.append(Figure(name, heading, caption, chart.marks))

    hole_numbers = list(range(1, holes + 1))
    solves = _bars("solves", "How often each hole is the answer", [str(h) for h in hole_numbers],
                   [t.solves[h] for h in hole_numbers],
                   [f"hole {h}: right on {plural(t.solves[h], 'board')} ({_share(t.solves[h], n)}), the only right "
                    f"hole on {t.unique[h]:,}" for h in hole_numbers], 0)
    solves.line([t.unique[h] for h in hole_numbers], Scale.counts(max((t.solves[h] for h in hole_numbers), default=0) * 1.12),
                role="accent", cls="unique", titles=[f"hole {h}: the only right hole on {t.unique[h]:,}"
                                                     for h in hole_numbers])
    solves.label(PLOT[0], PLOT[1] + PLOT[3] + 34, "bars: boards the hole solves", 11, "soft")
    solves.label(PLOT[0] + 260, PLOT[1] + PLOT[3] + 34, "dots: boards it alone solves", 11, "accent")
    add("solves", "Answers by hole", f"Out of {plural(n, 'board')}; a board with a tie counts for each right hole.",
        solves)
    ties = sorted(t.ties)
    add("ties", "Ties", f"{_share(t.ties[1], n)} of boards have one right hole; {_share(n - t.ties[1], n)} a tie.",
        _bars("ties", "How many holes are right", [str(k) for k in ties], [t.ties[k] for k in ties],
              [f"{plural(k, 'right hole')}: {plural(t.ties[k], 'board')}" for k in ties], 0))
    add("disagree", "The two strike rules",
        f"The module's and the manual's strike rules differ on {plural(t.disagree, 'board')} ({_share(t.disagree, n)}).",
        _bars("disagree", "Where the strike rules differ, by hole", [str(h) for h in hole_numbers],
              [t.disagree_holes[h] for h in hole_numbers],
              [f"hole {h}: the rules differ on {plural(t.disagree_holes[h], 'board')}" for h in hole_numbers], 0))
    for name, heading, title, counter, what in (
            ("best", "Best points", "The best hole's points", t.best, "best points"),
            ("margin", "Margin", "The best hole's lead over the next best", t.margin, "margin"),
            ("relays", "Relays", "Relays in the best turn", t.relays, "relays"),
            ("drops", "Seeds dropped", "Seeds dropped in the best turn (its length by hand)", t.drops, "seeds")):
        add(name, heading, f"Median {_median(counter)}, most {max(counter, default=0)}.",
            _histogram(name, title, counter, what, 0))
    add("difficulty", "Difficulty", ", ".join(f"{d} {_share(t.difficulty[d], n)}" for d in DIFFICULTIES) + ".",
        _bars("difficulty", "Boards by difficulty", list(DIFFICULTIES), [t.difficulty[d] for d in DIFFICULTIES],
              [f"{d}: {plural(t.difficulty[d], 'board')}" for d in DIFFICULTIES], 0))
    return out


def _moved(marks: list[Mark], dy: float) -> list[Mark]:
    """The marks `dy` pixels further down (a chart stacked under others)."""
    out: list[Mark] = []
    for m in marks:
        if isinstance(m, Line):
            out.append(m._replace(points=tuple((x, y + dy) for x, y in m.points)))
        else:
            out.append(m._replace(y=m.y + dy))
    return out


def _document(marks: list[Mark], height: float, theme: Theme, back: bool = True) -> str:
    """The marks as an SVG document; without `back`, on no background (a page's paper shows)."""
    painter = SvgPainter(1.0)
    if back:
        painter.rect(0, 0, WIDTH, height, theme.back)
    draw(painter, marks, theme)
    return painter.svg(WIDTH, height)


def stats_svg(t: Tally, holes: int = 7, heading: str = "", theme: Theme = LIGHT) -> str:
    """Every chart stacked in one SVG document, under a line saying what was counted."""
    top = Chart(0, 0, 0, 0)
    top.label(PLOT[0], 26, heading or f"{t.boards:,} boards", 14, bold=True)
    marks = top.marks[:]
    for i, figure in enumerate(figures(t, holes)):
        marks += _moved(figure.marks, 40 + i * HEIGHT)
    return _document(marks, 40 + len(figures(t, holes)) * HEIGHT, theme)


STYLE = """
figure.chart { margin: 0.05in 0 0.15in; break-inside: avoid; page-break-inside: avoid; }
figure.chart svg { display: block; width: 100%; max-width: 6.7in; height: auto; filter: var(--chart-filter); }
figure.chart figcaption { color: var(--soft); font-size: 9.5pt; }
section.stats { break-inside: avoid; page-break-inside: avoid; }
pre { font: inherit; font-size: 8.5pt; white-space: pre-wrap; }
"""


def stats_html(t: Tally, holes: int, heading: str, lines: list[str]) -> str:
    """The page: a heading, what was counted, each chart with its caption, the figures as text."""
    from .report_page import page, text

    parts = [f"<header><h1>{text(heading)}</h1>",
             f'<p class="source">{text(lines[0])}</p></header>']
    for figure in figures(t, holes):
        svg = _document(figure.marks, HEIGHT, LIGHT, back=False)
        parts.append(f'<section class="stats"><h2>{text(figure.heading)}</h2><figure class="chart">'
                     f'{inline_svg(svg, figure.name, text(figure.heading))}'
                     f"<figcaption>{text(figure.caption)}</figcaption></figure></section>")
    parts.append("<h2>The figures</h2><pre>" + "\n".join(text(line) for line in lines) + "</pre>")
    return page(heading, "\n".join(parts), STYLE)


__all__ = ["figures", "bins", "stats_svg", "stats_html", "Figure"]
