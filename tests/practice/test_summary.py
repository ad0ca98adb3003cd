"""practice --summary: the figures are the sessions' own; the chart draws one mark a session."""

from __future__ import annotations

import datetime
import json
import re
import statistics
import xml.etree.ElementTree as ET

import pytest

from conftest import run
from ktane_congkak.core.kinds import board_kinds
from ktane_congkak.core.module import CongkakModule
from ktane_congkak.files import dump_yaml
from ktane_congkak.practice import summary as s
from ktane_congkak.practice.history import load_history, save_history
from ktane_congkak.practice.session import PracticeSession

SVG = "{http://www.w3.org/2000/svg}"
NOW = datetime.datetime(2026, 12, 1, 21, 0)


def entry(days_ago: float, mode: str, seconds: float, boards: int, solves: int, strikes: int, **more) -> dict:
    started = (NOW - datetime.timedelta(days=days_ago)).isoformat(timespec="seconds")
    return {"started": started, "mode": mode, "result": "stopped", "seconds": seconds, "boards": boards,
            "solves": solves, "strikes": strikes, **more}


# Time a board: the session's seconds over its boards solved.
HISTORY = [entry(40, "zen", 600.0, 4, 3, 1, kinds={"relays": [2, 1], "captures": [1, 0]}),  # 3:20 a board
           entry(20, "timed", 90.0, 1, 1, 0),  # 1:30
           entry(10, "zen", 300.0, 3, 3, 0, kinds={"relays": [1, 0], "disagree": [2, 0]}),  # 1:40
           entry(5, "zen", 50.0, 2, 1, 1, kinds={"disagree": [1, 1]}),  # 0:50
           entry(3, "timed", 150.0, 2, 1, 1, kinds={"ties": [1, 1]}),  # 2:30
           entry(1, "zen", 5.0, 5, 0, 5, scripted=True)]  # a --commands run: counted nowhere


def test_the_figures_are_the_sessions_own_by_mode_and_period():
    figures = s.summary(HISTORY, NOW)
    every, month, week = (figures.periods[name] for name in ("all time", "last 30 days", "last 7 days"))
    assert (every.sessions, every.boards, every.solves, every.strikes) == (5, 12, 9, 3)
    assert every.solve_rate == 9 / 12 and every.strikes_a_board == 3 / 12
    assert every.modes["zen"] == s.ModeFigures(3, 9, 100.0, 50.0)  # 200, 100, 50 s a board: median 100
    assert every.modes["timed"] == s.ModeFigures(2, 3, 120.0, 90.0)  # 90 and 150 s a board
    assert (month.sessions, month.boards, week.sessions, week.boards) == (4, 8, 2, 4)
    assert week.modes["zen"].best == 50.0 and week.modes["timed"].median == 150.0
    assert figures.kinds == {"relays": (3, 1), "captures": (1, 0), "ties": (1, 1), "disagree": (3, 1)}
    lines = s.summary_lines(figures)
    assert lines[0] == "Practice: 5 sessions, 12 boards"
    zen_median = next(line for line in lines if line.startswith("zen: median time a board"))
    assert zen_median.split()[-3:] == ["1:40", "1:15", "0:50"]  # all time, 30 days (100 and 50 s), 7 days
    missed = lines[lines.index("Kinds of board missed most (all time):") + 1:]
    assert missed[0] == "  ties (several right holes): 1 of 1 board missed (100%)"
    assert missed[-1] == "  captures: 0 of 1 board missed (0%)"


def test_no_history_says_so():
    assert s.summary_lines(s.summary([], NOW))[0].startswith("No practice sessions yet")
    root = ET.fromstring(s.summary_svg(s.summary([], NOW)))
    assert "No practice sessions yet" in ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def groups(root, name):
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == name]


def test_the_chart_has_one_bar_and_one_dot_a_session_and_a_median_level():
    figures = s.summary(HISTORY, NOW)
    root = ET.fromstring(s.summary_svg(figures))
    bars, dots = groups(root, "time"), groups(root, "strikes-dot")
    assert len(bars) == len(dots) == 5
    heights = [float(g.find(f"{SVG}rect").get("height")) for g in bars]
    assert [h / heights[0] for h in heights] == pytest.approx([1, 90 / 200, 100 / 200, 50 / 200, 150 / 200], rel=1e-3)
    assert bars[0].find(f"{SVG}title").text.endswith("zen: 3:20 a board, 3 of 4 boards solved")
    assert dots[3].find(f"{SVG}title").text == "1 strike in 2 boards"
    (median,) = groups(root, "median")
    assert median.find(f"{SVG}title").text == "median 1:40 a board"
    _, top, _, height = s.PLOT
    y = float(median.find(f"{SVG}polyline").get("points").split()[0].split(",")[1])
    assert y == pytest.approx(top + height * (1 - 100 / 210), abs=0.1)  # on the axis up to 210 s (200 rounded up)
    assert "210 s" in ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def test_a_practised_session_is_counted_as_its_end_screen_says(tmp_path):
    """Sessions played through the session's own commands: its record's kinds are the core's
    kinds of the boards pressed on, and the summary adds up what each end screen said."""
    path = tmp_path / "history.yaml"
    ends = []
    for seed, presses in ((1, ("hole 1", "hole 2", "hole 4")), (2, ("hole 3", "hole 5", "hole 6", "hole 7"))):
        session = PracticeSession(CongkakModule(seed=seed), live=False)
        judged = []
        for press in presses:
            judged.append((session.module.puzzles, session.module.evaluation))
            session.run(press)
        session.tick(90.0)
        session.end("stopped")
        save_history(session, path)
        ends.append(session.end_lines())
        expected = {}
        for ev in dict(reversed(judged)).values():  # each board's first press: one evaluation a board
            for kind in board_kinds(ev, session.rules):
                expected[kind] = expected.get(kind, 0) + 1
        assert {k: v[0] for k, v in session.record().get("kinds", {}).items()} == expected
    sessions, _ = load_history(path)
    every = s.summary(sessions).periods["all time"]
    score = re.compile(r"(?P<Solved>\d+) boards? solved of (?P<Boards>\d+) seen, (?P<Strikes>\d+) strikes?")
    said = [{k: int(v) for k, v in next(filter(None, map(score.fullmatch, lines))).groupdict().items()} for lines in ends]
    assert every.boards == sum(x["Boards"] for x in said) and every.solves == sum(x["Solved"] for x in said)
    assert every.strikes == sum(x["Strikes"] for x in said)
    times = [90.0 / x["Solved"] for x in said if x["Solved"]]  # each ticked 90 s: its time over its solves
    assert every.modes["zen"].median == (statistics.median(times) if times else None)
    assert every.modes["zen"].best == min(times, default=None)


def test_the_terminal_end_says_the_session_beside_the_earlier_ones(capsys, monkeypatch, tmp_path):
    (tmp_path / "history.yaml").write_text(dump_yaml({"sessions": HISTORY}))
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path))
    code, out, _ = run(capsys, "practice", "--text", "--keep", "--puzzle", "c1-2326020-368b802-16-29", stdin="hole 4\nend\nsummary\nquit\n",
                       monkeypatch=monkeypatch)
    assert code == 0 and re.search(r"^\d:\d\d a board, your best yet$", out, flags=re.M)  # 0:50 was the best zen
    assert "Practice: 6 sessions, 13 boards" in out  # the record: the five before and this one


def test_the_command_prints_words_json_and_a_chart(capsys, monkeypatch, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "history.yaml").write_text(dump_yaml({"sessions": HISTORY}))
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(data))
    code, out, _ = run(capsys, "practice", "--summary")
    assert code == 0 and out.startswith("Practice: 5 sessions, 12 boards\n")
    chart = tmp_path / "p.svg"
    code, out, err = run(capsys, "practice", "--summary", "--json", "--chart", str(chart))
    got = json.loads(out)
    assert code == 0 and got["periods"]["all time"]["boards"] == 12 and len(got["sessions"]) == 5
    assert got["kinds"]["relays"] == {"boards": 3, "missed": 1} and err == f"Chart written to {chart}\n"
    assert len(groups(ET.parse(chart).getroot(), "time")) == 5


@pytest.mark.parametrize("argv, message", [
    (["--summary", "--seed", "3"], "--summary reads the practice history and takes only --chart and --json, not --seed"),
    (["--json"], "--json prints the summary: add --summary"),
    (["--summary", "--chart", "p.png"], "--chart p.png: the chart is an SVG file: name it FILE.svg")])
def test_options_that_cannot_go_with_the_summary_are_refused(capsys, argv, message):
    code, out, err = run(capsys, "practice", *argv)
    assert code == 2 and out == "" and err == f"ktane-congkak: practice: {message}\n"


def test_the_end_screen_line_compares_with_earlier_sessions_of_the_mode():
    past = [x for x in HISTORY if not x.get("scripted")]
    this = entry(0, "zen", 120.0, 3, 3, 0)  # 0:40 a board: faster than every zen session
    assert s.session_line(this, past + [this], NOW) == "0:40 a board, your best yet"
    this = entry(0, "zen", 180.0, 3, 3, 0)  # 1:00: the week's best zen was 0:50
    assert s.session_line(this, past, NOW) == "1:00 a board, your median is 1:40"
    this = entry(0, "timed", 100.0, 1, 1, 0)  # 1:40: slower than 1:30 (20 days ago), faster than 2:30 (3 days ago)
    assert s.session_line(this, past, NOW) == "1:40 a board, your best this week"
    this = entry(0, "timed", 160.0, 1, 1, 0)
    assert s.session_line(this, past, NOW) == "2:40 a board, your median is 2:00"
    this = entry(0, "timed", 80.0, 1, 1, 0)
    assert s.session_line(this, past, NOW) == "1:20 a board, your best yet"
    assert s.session_line(entry(0, "timed", 5.0, 2, 0, 2), past, NOW) is None  # the score line says it
    assert s.session_line(entry(0, "zen", 50.0, 1, 1, 0), [], NOW) == "0:50 a board, your first zen session"
