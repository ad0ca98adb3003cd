"""The shared chart module: scales, one mark a value, the SVG read back."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from ktane_congkak.paper.chart import DARK, Box, Chart, Dot, Line, Scale

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("largest, top, ticks", [(0, 10, (0, 5, 10)), (10, 10, (0, 5, 10)), (34.5, 40, (0, 20, 40))])
def test_a_rounded_scale_goes_up_to_a_whole_step(largest, top, ticks):
    scale = Scale.rounded(largest, step=10, unit=" s")
    assert (scale.top, scale.ticks) == (top, ticks)
    assert [scale.tick_text(t) for t in scale.ticks][-1] == f"{top} s"


@pytest.mark.parametrize("largest, ticks", [(0, (0, 1)), (3, (0, 1, 2, 3)), (41, (0, 10, 20, 30, 40, 50)),
                                            (98, (0, 20, 40, 60, 80, 100)), (1234, (0, 500, 1000, 1500))])
def test_a_count_scale_takes_round_steps_above_the_largest(largest, ticks):
    scale = Scale.counts(largest)
    assert scale.ticks == ticks and scale.top == ticks[-1] >= largest


def test_shares_are_written_as_percentages():
    share = Scale.share()
    assert [share.tick_text(t) for t in share.ticks] == ["0%", "50%", "100%"] and share.fraction(0.25) == 0.25


def test_bars_and_a_line_are_one_mark_a_value_in_equal_columns():
    chart = Chart(10, 20, 300, 100)
    scale = Scale.rounded(40, step=10)
    chart.bars([40, 20, 0], scale, titles=["a", "b", "c"])
    chart.line([1.0, 0.5, 0.0], Scale.share())
    bars = [m for m in chart.marks if isinstance(m, Box)]
    assert [(b.h, b.y + b.h) for b in bars] == [(100, 120), (50, 120), (0, 120)]  # all stand on the plot's bottom
    assert [b.title for b in bars] == ["a", "b", "c"]
    (line,) = [m for m in chart.marks if isinstance(m, Line)]
    assert line.points == ((60, 20), (160, 70), (260, 120))
    assert [(d.x, d.y) for d in chart.marks if isinstance(d, Dot)] == list(line.points)
    assert [b.x + b.w / 2 for b in bars] == [60, 160, 260]  # bar and dot share a column's centre


def test_the_svg_is_well_formed_and_groups_each_mark_with_its_tooltip():
    chart = Chart(40, 30, 200, 100)
    counts = Scale.counts(7)
    chart.frame()
    chart.axis(counts, "left")
    chart.bars([7, 3], counts, cls="bin", titles=["7 boards <& more>", "3 boards"])
    chart.level(5, counts, title="median")
    chart.label(40, 20, 'Title "quoted" & <tagged>', bold=True)
    root = ET.fromstring(chart.svg(300, 180, DARK))
    bins = [g for g in root.iter(f"{SVG}g") if g.get("class") == "bin"]
    assert [g.find(f"{SVG}title").text for g in bins] == ["7 boards <& more>", "3 boards"]
    assert root[0].get("fill") == "#%02x%02x%02x" % DARK.back
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert 'Title "quoted" & <tagged>' in texts and [t for t in texts if t.isdigit()] == ["0", "2", "4", "6", "8"]
    (level,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "level"]
    assert level.find(f"{SVG}polyline").get("stroke-dasharray") == "5"

