"""Hostile input and conditions, round three (issue 29): crafted logs, encodings, closed
outputs, killed workers, control characters, held locks, big histories. Helpers from test_hostile."""

from __future__ import annotations

import sys

import pytest

from bomblogs import EXAMPLE, board, points_of, solve
from ktane_congkak.core.logcheck import check_log_lines, report_lines
from ktane_congkak.core.modlog import read_log
from ktane_congkak.errors import UserError


# --- 3. the log reader is linear in everything it reads ----------------------------------------

def phrase_flood(rules, modules: int, phrases: int) -> list[str]:
    """`modules` modules, the first solved, then `phrases` presses on the solved one."""
    points = points_of(EXAMPLE, rules)
    lines = solve(1, points.index(max(points)) + 1, max(points))
    for n in range(1, modules + 1):
        lines = board(n, EXAMPLE, points) + lines if n == 1 else lines + board(n, EXAMPLE, points)
    return lines + ["What are you doing. Stop."] * phrases


def traced_lines(function, *args) -> int:
    """How many lines of Python `function(*args)` runs: a count of work that no load on the machine changes."""
    count = 0

    def tracer(frame, event, arg):
        nonlocal count
        count += event == "line"
        return tracer

    sys.settrace(tracer)
    try:
        function(*args)
    finally:
        sys.settrace(None)
    return count


def test_a_phrase_costs_the_same_however_many_modules_came_before(rules):
    def phrases_cost(modules):
        return (traced_lines(read_log, phrase_flood(rules, modules, 400), rules)
                - traced_lines(read_log, phrase_flood(rules, modules, 0), rules))

    few, many = phrases_cost(3), phrases_cost(300)
    assert many <= few * 1.2, (few, many)  # each phrase re-scanned every module's presses: 100 times more


def test_phrases_are_counted_as_records_and_listed_in_a_bounded_line(rules):
    check = check_log_lines(phrase_flood(rules, 2, 500), rules)
    (first, _) = check.modules
    assert len(first.after_solved) == 500
    line = next(t for t in report_lines(check, rules) if "after it was solved" in t)
    assert "lines 8, 9, 10, 11, 12, 13, 14, 15, 16, 17 and 490 more" in line and len(line) < 200
    with pytest.raises(UserError, match="more than 100 Congkak modules, boards and presses"):
        read_log(phrase_flood(rules, 2, 500), rules, limit=100)
