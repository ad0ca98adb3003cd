"""Output that fits: every line printed for a person within the terminal's width, or 80
columns when standard output is no terminal (core.text)."""

import pytest

from conftest import ROOT
from ktane_congkak.cli import main
from ktane_congkak.core.text import fit, output_width, table

BOARD = "2 3 1 1 0 4 0 31 0 4 0 1 0 1 2 48"


@pytest.mark.parametrize("argv, stdin", [
    (["solve", "2 3 1 1 0 4 0 0 4 0 1 0 1 2"], None),
    (["solve", BOARD, "--side", "opponent"], None),
    (["turn", BOARD, "--position", "3"], None),
    (["verify", BOARD, "--answer", "6", "--strike-rule", "manual", "--trace"], None),
    (["verify", "--log", str(ROOT / "docs" / "bomb-example.log"), "--trace"], None),
    (["drill", "--seed", "club", "--count", "2"], "2\n7\n"),
    (["stats", "--count", "300"], None),
    (["rules"], None),
    (["sets"], None),
    (["generate", "--count", "3", "--seed", "demo"], None),
    (["game", "--rules", "congkak", "--opponent", "greedy", "--seed", "1", "--text"], "help\n4\nrules\nquit\n"),
    (["practice", "--text", "--seed", "5"], "help\nhole 3\nanswer\nquit\n"),
    *[([command, "--help"], None) for command in ("solve", "turn", "practice", "drill", "verify", "manual",
                                                  "generate", "print", "stats", "game", "match", "rules")],
])
def test_every_line_fits_80_columns(argv, stdin, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    if stdin is not None:
        import io
        import sys

        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        main(argv)
    except SystemExit:  # --help
        pass
    out, _ = capsys.readouterr()
    # (the game's prompt, "South, your hole> ", shares a line with what follows only when the input is piped)
    lines = [line.split("> ", 1)[-1] for line in out.splitlines()]
    long = [line for line in lines if len(line) > 80 and not line.startswith("[Congkak #")  # the module's words
            and len(line.split()) > 1]  # a path longer than the width is never cut
    assert long == [] and out.strip()


def test_without_a_terminal_or_columns_the_width_is_80(monkeypatch):
    import os

    monkeypatch.delenv("COLUMNS", raising=False)

    def no_terminal(fd):
        raise OSError("not a terminal")

    monkeypatch.setattr(os, "get_terminal_size", no_terminal)
    assert output_width() == 80
    monkeypatch.setattr(os, "get_terminal_size", lambda fd: os.terminal_size((132, 50)))
    assert output_width() == 132
    monkeypatch.setenv("COLUMNS", "20")
    assert output_width() == 40  # narrower is written for as 40
    for bogus in ("0", "-5", "wide"):
        monkeypatch.setenv("COLUMNS", bogus)
        assert output_width() == 132  # not a width: the terminal's


def test_a_wrapped_line_hangs_under_its_text_and_keeps_counts_whole():
    line = " 10.   drop 1 each into position 14 (now 3), your store (now 49), position 12 (now 1), position 13 (now 2)"
    assert fit([line], 60) == [" 10.   drop 1 each into position 14 (now 3), your store",
                               "       (now 49), position 12 (now 1), position 13 (now 2)"]
    assert fit(["- a rule of the game, told in a sentence long enough to need a second line"], 40) == [
        "- a rule of the game, told in a sentence", "  long enough to need a second line"]
    log = "[Congkak #1] Total points gained for pressing hole 1: 11, hole 2: 11, hole 3: 8"
    assert fit([log], 40, verbatim={log}) == [log]


def test_a_table_fits_or_stacks():
    rows = [("hard", "12 puzzles", "Hard set: close margins, long relays")]
    assert table(("name", "size", "title"), rows, 80) == ["name  size        title",
                                                         "hard  12 puzzles  Hard set: close margins, long relays"]
    assert table(("name", "size", "title"), rows, 40) == ["name  size        title",
                                                         "hard  12 puzzles  Hard set: close",
                                                         "                  margins, long relays"]
    assert table(("name", "size", "title"), rows, 24) == ["hard", "  size: 12 puzzles",
                                                         "  title: Hard set: close", "    margins, long relays"]


def test_a_table_whose_columns_add_up_past_the_width_stacks_even_when_no_row_is_long():
    header = ("figure", "4,000 boards (seed 2026, in the manual)", "100,000 boards (seed 14)")
    rows = [("boards where a hole reaches the bound in a whole long survey", "1", "9")]
    assert table(header, rows, 80) == ["boards where a hole reaches the bound in a whole long survey",
                                       "  4,000 boards (seed 2026, in the manual): 1", "  100,000 boards (seed 14): 9"]
    assert table(("", "mancala"), [("a first cell longer than the forty columns given", "x" * 20)], 40) == [
        "a first cell longer than the forty", "  columns given", "  mancala: " + "x" * 20]


def test_a_run_of_counts_too_long_to_keep_whole_is_broken_between_them():
    line = "for 10..31: a=10 b=11 c=12 d=13 e=14 f=15 g=16 h=17 j=18 k=19 m=20 n=21 p=22"
    assert fit([line], 40) == ["for 10..31: a=10 b=11 c=12 d=13 e=14", "  f=15 g=16 h=17 j=18 k=19 m=20 n=21",
                               "  p=22"]


def test_a_small_heading_is_in_capitals_but_for_its_code():
    from ktane_congkak.core.text import plain_markdown

    assert plain_markdown("#### The report as a page (`--html`)\n", 80) == ["THE REPORT AS A PAGE (--html)"]
