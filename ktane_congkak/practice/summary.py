"""`practice --summary`: the defuser's record read back from the practice history.

Over the sessions the player practised (history.played: not a --commands script's unless
kept): sessions and boards by mode, the solve rate, the median and best time a board
(timed and zen apart: a countdown hurries), strikes a board, for the last 7 and 30 days
beside all time, and the kinds of board struck on most (the core's kinds, counted by each
session: kind_tally.py). Every figure is the sessions' own: a session's time a board is
its time over the boards it solved (`seconds / solves`, as its end screen says them: a
strike's new board costs time too), none when it solved none.

`summary(sessions, now)` gives the figures, `summary_lines` the words, `summary_json`
the object `--json` prints, `summary_svg` the chart over sessions, and `session_line` the
one line of the window's end screen ("1:42 a board, your best this week").
"""

from __future__ import annotations

import datetime
import statistics
from collections.abc import Callable
from typing import NamedTuple

from ..core.explain import plural
from ..core.kinds import KIND_WORDS, KINDS
from ..paper.chart import LIGHT, Chart, Scale, Theme
from .animation import minutes_text
from .history import played
from .kind_tally import FIELD as KINDS_FIELD
from .session import TIMED, ZEN

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from .session import PracticeSession

MODES = (ZEN, TIMED)
PERIODS = (("all time", None), ("last 30 days", 30), ("last 7 days", 7))
CHART_SESSIONS = 30  # sessions the chart shows, newest last


class ModeFigures(NamedTuple):
    """One mode's sessions in one period; times are seconds a board (None: no board)."""

    sessions: int
    boards: int
    median: float | None  # the median of the sessions' times a board
    best: float | None  # the fastest session's time a board


class Figures(NamedTuple):
    """Every session of one period."""

    sessions: int
    boards: int
    solves: int
    strikes: int
    modes: dict[str, ModeFigures]

    @property
    def solve_rate(self) -> float | None:
        return self.solves / self.boards if self.boards else None

    @property
    def strikes_a_board(self) -> float | None:
        return self.strikes / self.boards if self.boards else None


class Summary(NamedTuple):
    periods: dict[str, Figures]  # by PERIODS' names
    kinds: dict[str, tuple[int, int]]  # kind -> (boards, missed), over all time
    sessions: list[dict]  # the sessions counted, oldest first


def board_seconds(session: dict) -> float | None:
    """A session's time a board: its seconds over the boards it solved (None when it solved none)."""
    return session.get("seconds", 0) / session["solves"] if session.get("solves") else None


def started(session: dict) -> datetime.datetime | None:
    try:
        return datetime.datetime.fromisoformat(str(session.get("started", "")))
    except ValueError:
        return None


def figures(sessions: list[dict]) -> Figures:
    modes = {}
    for mode in MODES:
        mine = [s for s in sessions if s.get("mode") == mode]
        times = [t for t in map(board_seconds, mine) if t is not None]
        modes[mode] = ModeFigures(len(mine), sum(s.get("boards", 0) for s in mine),
                                  statistics.median(times) if times else None, min(times, default=None))
    def total(field: str) -> int:
        return sum(s.get(field, 0) for s in sessions)

    return Figures(len(sessions), total("boards"), total("solves"), total("strikes"), modes)


def summary(history: list[dict], now: datetime.datetime | None = None) -> Summary:
    """The figures of the sessions played (scripts not counted unless kept), by period."""
    sessions = played(history)
    now = now or datetime.datetime.now()
    periods = {}
    for name, days in PERIODS:
        if days is None:
            periods[name] = figures(sessions)
        else:
            since = now - datetime.timedelta(days=days)
            periods[name] = figures([s for s in sessions if (when := started(s)) is not None and when >= since])
    kinds = dict.fromkeys(KINDS, (0, 0))
    for s in sessions:
        for kind, (boards, missed) in (s.get(KINDS_FIELD) or {}).items():
            kinds[kind] = (kinds[kind][0] + boards, kinds[kind][1] + missed)
    return Summary(periods, {k: v for k, v in kinds.items() if v[0]}, sessions)


# Words ----------------------------------------------------------------------------------

def time_text(seconds: float | None) -> str:
    """Seconds a board as the clock writes them (m:ss), "-" for none."""
    return "-" if seconds is None else minutes_text(int(round(seconds)))


def _share(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def missed_most(kinds: dict[str, tuple[int, int]]) -> list[str]:
    """The kinds struck on, the most missed share first: "strike rules disagree: 3 of 5 boards missed (60%)"."""
    order = sorted(kinds, key=lambda k: (-kinds[k][1] / kinds[k][0], -kinds[k][1], KINDS.index(k)))
    return [f"{KIND_WORDS[k]}: {kinds[k][1]} of {plural(kinds[k][0], 'board')} missed "
            f"({_share(kinds[k][1] / kinds[k][0])})" for k in order]


def summary_lines(s: Summary) -> list[str]:
    """The summary as the terminal prints it: a table of periods, then the kinds missed most."""
    every = s.periods["all time"]
    if not every.sessions:
        return ["No practice sessions yet: practise (ktane-congkak practice), then ask again."]
    names = [name for name, _ in PERIODS]
    rows: list[tuple[str, Callable[[Figures], str]]] = [
        ("sessions", lambda f: str(f.sessions)), ("boards", lambda f: str(f.boards)),
        ("solve rate", lambda f: _share(f.solve_rate)), ("strikes a board", lambda f: _rate(f.strikes_a_board))]
    for mode in MODES:
        rows += _mode_rows(mode)
    width = max(len(label) for label, _ in rows)
    lines = [f"Practice: {plural(every.sessions, 'session')}, {plural(every.boards, 'board')}", "",
             " " * width + "".join(f"  {name:>12}" for name in names)]
    for label, cell in rows:
        lines.append(f"{label:<{width}}" + "".join(f"  {cell(s.periods[name]):>12}" for name in names))
    lines += ["", "Kinds of board missed most (all time):"]
    lines += [f"  {line}" for line in missed_most(s.kinds)] or ["  none recorded yet"]
    return lines


def _mode_rows(mode: str) -> list[tuple[str, Callable[[Figures], str]]]:
    return [(f"{mode}: sessions, boards", lambda f: f"{f.modes[mode].sessions}, {f.modes[mode].boards}"),
            (f"{mode}: median time a board", lambda f: time_text(f.modes[mode].median)),
            (f"{mode}: best time a board", lambda f: time_text(f.modes[mode].best))]


def summary_json(s: Summary) -> dict:
    """What `practice --summary --json` prints: the same figures, and each session the chart draws."""
    def period(f: Figures) -> dict:
        return {"sessions": f.sessions, "boards": f.boards, "solves": f.solves, "strikes": f.strikes,
                "solve_rate": f.solve_rate, "strikes_a_board": f.strikes_a_board,
                "modes": {m: {"sessions": x.sessions, "boards": x.boards, "median_seconds_a_board": x.median,
                              "best_seconds_a_board": x.best} for m, x in f.modes.items()}}

    return {"periods": {name: period(f) for name, f in s.periods.items()},
            "kinds": {k: {"boards": b, "missed": m} for k, (b, m) in s.kinds.items()},
            "sessions": [{"started": str(x.get("started", "?")), "mode": x.get("mode", "?"),
                          "boards": x.get("boards", 0), "seconds_a_board": board_seconds(x),
                          "strikes": x.get("strikes", 0)} for x in charted(s.sessions)]}


# The chart ------------------------------------------------------------------------------

def charted(sessions: list[dict], last: int = CHART_SESSIONS) -> list[dict]:
    """The sessions the chart draws: the last that had a board, oldest first."""
    return [x for x in sessions if x.get("boards")][-last:]


class Series(NamedTuple):
    """The chart's values: one a session."""

    seconds: list[float]  # time a board (0: none solved)
    strikes: list[float]  # strikes a board
    median: float  # of the sessions' times a board


def series(sessions: list[dict]) -> Series:
    shown = charted(sessions)
    times = [board_seconds(x) for x in shown]
    solved = [t for t in times if t is not None]
    return Series([t or 0.0 for t in times], [x.get("strikes", 0) / x["boards"] for x in shown],
                  statistics.median(solved) if solved else 0.0)


def plot(sessions: list[dict], chart: Chart) -> Chart:
    """Time a board as bars (class time), strikes a board as a line with a dot a session (class
    strikes-dot), the median time a board as a dashed level (class median): the SVG's and the window's."""
    values = series(sessions)
    seconds = Scale.rounded(max(values.seconds, default=0), step=30, unit=" s")
    strikes = Scale.rounded(max(values.strikes, default=0), step=1, parts=2)
    shown = charted(sessions)
    chart.frame()
    chart.axis(seconds, "left")
    chart.axis(strikes, "right")
    chart.bars(values.seconds, seconds, cls="time",
               titles=[f"{str(x.get('started', '?'))[:10]} {x.get('mode', '?')}: "
                       f"{time_text(board_seconds(x)) + ' a board' if x.get('solves') else 'none solved'}, "
                       f"{x.get('solves', 0)} of {plural(x['boards'], 'board')} solved" for x in shown])
    chart.line(values.strikes, strikes, role="accent", cls="strikes",
               titles=[f"{plural(x.get('strikes', 0), 'strike')} in {plural(x['boards'], 'board')}" for x in shown])
    if any(values.seconds):
        chart.level(values.median, seconds, role="line", cls="median", title=f"median {time_text(values.median)} a board")
    if shown:
        below = chart.bottom + chart.text + 4  # the first and the last session's dates, under the plot's ends
        chart.label(chart.left, below, str(shown[0].get("started", "?"))[:10], chart.text - 1, "soft", cls="first")
        chart.label(chart.left + chart.width, below, str(shown[-1].get("started", "?"))[:10], chart.text - 1, "soft",
                    "end", cls="last")
    return chart


WIDTH, PLOT = 640, (60, 44, 520, 220)


def summary_svg(s: Summary, theme: Theme = LIGHT) -> str:
    """The chart over sessions as an SVG document, with its title and legend."""
    chart = plot(s.sessions, Chart(*PLOT))
    count = len(charted(s.sessions))
    chart.label(chart.left, 26, f"Practice: {'the last ' + plural(count, 'session') if count else 'no sessions yet'}",
                size=15, bold=True)
    if not count:
        chart.label(chart.left + chart.width / 2, chart.top + chart.height / 2, "No practice sessions yet", 16,
                    anchor="middle")
    legend = chart.bottom + 34
    chart.label(chart.left, legend, "bars: time a board (left)", role="soft")
    chart.label(chart.left + 190, legend, "dots: strikes a board (right)", role="accent")
    chart.label(chart.left + 390, legend, "dashes: median time", role="line")
    return chart.svg(WIDTH, legend + 14, theme)


# The end screen's line ------------------------------------------------------------------

def session_line(this: dict, history: list[dict], now: datetime.datetime | None = None) -> str | None:
    """This session's time a board beside the player's earlier ones of its mode:
    "1:42 a board, your best yet", "..., your best this week", "..., your median is 2:05";
    None with no board solved (the score line, `PracticeSession.end_lines`, says so)."""
    mine = board_seconds(this)
    if mine is None:
        return None
    now = now or datetime.datetime.now()
    others = [(x, t) for x in played(history) if x.get("mode") == this.get("mode") and x is not this
              and x.get("started") != this.get("started") and (t := board_seconds(x)) is not None]
    said = f"{time_text(mine)} a board"
    if not others:
        return f"{said}, your first {this.get('mode', '')} session".replace("  ", " ")
    times = [t for _, t in others]
    week = [t for x, t in others if (when := started(x)) and when >= now - datetime.timedelta(days=7)]
    if mine < min(times):
        return f"{said}, your best yet"
    if week and mine < min(week):
        return f"{said}, your best this week"
    return f"{said}, your median is {time_text(statistics.median(times))}"




def record_lines(session: PracticeSession) -> list[str]:
    """The summary panel of a practice session (its `summary` command): the record over the
    sessions saved with this one, once it has ended."""
    if not session.ended:
        return ["Your record over sessions: at the end of this session"]
    return summary_lines(summary(session.history))


__all__ = ["Summary", "Figures", "ModeFigures", "summary", "summary_lines", "summary_json", "summary_svg", "plot",
           "session_line", "record_lines", "board_seconds", "charted", "CHART_SESSIONS"]
