"""The module's state machine: presses, strikes, solve, screen, replies and the log."""

import pytest

from ktane_congkak.errors import UserError
from ktane_congkak.core.module import CongkakModule

from conftest import load_vectors

EXAMPLE = tuple(load_vectors()[0]["board"])  # points 11 11 8 11 0 8 0


def test_minimum_strike_plays_on_with_a_reply():
    m = CongkakModule(seed=1, board=EXAMPLE)
    press = m.press(3)
    assert press.verdict == "strike" and press.strike and m.strikes == 1
    assert press.your_turn.after == (2, 3, 0, 0, 1, 0, 1, 31, 1, 5, 1, 0, 1, 0, 3, 49)
    assert press.reply is not None and press.reply.before == press.your_turn.after
    assert m.board == press.reply.after and m.puzzles == 2 and not m.solved
    assert m.evaluation.board == m.board


def test_the_manual_minimum_that_the_module_lets_through():
    m = CongkakModule(seed=1, board=EXAMPLE)
    press = m.press(6)  # ties the minimum 8 but holds 4 seeds, not hole 3's 1
    assert press.verdict == "continue" and m.strikes == 0 and m.puzzles == 2


def test_empty_hole_strikes_and_nothing_moves():
    m = CongkakModule(seed=1, board=EXAMPLE)
    press = m.press(5)
    assert press.verdict == "empty" and m.strikes == 1
    assert press.your_turn is None and m.board == EXAMPLE and m.puzzles == 1


def test_solve_plays_the_turn_shows_gg_and_takes_no_more_presses():
    m = CongkakModule(seed=1, board=EXAMPLE)
    m.highlight(2)
    assert m.screen == "03"
    press = m.press(4)
    assert press.verdict == "solve" and m.solved and m.strikes == 0
    assert m.board == (press.reply.after if press.reply else press.your_turn.after)
    assert m.screen == "GG"
    m.highlight(9)
    assert m.screen == "GG"
    m.clear_highlight()
    assert m.screen == "GG"
    with pytest.raises(UserError, match="already solved"):
        m.press(1)


def test_screen_shows_two_digits_of_the_current_position():
    m = CongkakModule(seed=1, board=EXAMPLE)
    expected = [EXAMPLE[s] for s in (0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14)]
    assert [m.highlight(p) for p in range(1, 15)] == [f"{c:02d}" for c in expected]
    m.clear_highlight()
    assert m.screen == ""
    m.highlight(3)
    m.press(3)  # the position changes under the cursor: the screen follows it
    assert m.screen == f"{m.board[2]:02d}"


def test_bad_presses_and_positions():
    m = CongkakModule(seed=1, board=EXAMPLE)
    for hole in (0, 8, 14):
        with pytest.raises(UserError):
            m.press(hole)
    with pytest.raises(UserError):
        m.highlight(15)
    assert m.strikes == 0 and m.board == EXAMPLE


def test_opponent_with_no_seeds_passes():
    board = [1, 0, 0, 0, 0, 0, 0, 40, 0, 0, 0, 0, 0, 5, 0, 52]  # hole 1 captures slot 13
    m = CongkakModule(seed=1, board=board)
    press = m.press(1)
    assert press.verdict == "solve" and press.reply is None
    assert m.board == (0, 0, 0, 0, 0, 0, 0, 40, 0, 0, 0, 0, 0, 0, 0, 58)
    assert any("passes" in line for line in m.log)


def test_seeded_modules_are_reproducible():
    a, b = CongkakModule(seed="x"), CongkakModule(seed="x")
    assert a.board == b.board
    for hole in (1, 2, 3, 4, 5, 6, 7):
        if a.solved:
            break
        if a.board[hole - 1]:
            pa, pb = a.press(hole), b.press(hole)
            assert pa == pb and a.board == b.board


def test_reply_is_uniform_over_non_empty_holes():
    counts = {}
    for seed in range(600):
        m = CongkakModule(seed=seed, board=EXAMPLE)
        reply = m.press(3).reply
        counts[reply.start] = counts.get(reply.start, 0) + 1
    after = (2, 3, 0, 0, 1, 0, 1, 31, 1, 5, 1, 0, 1, 0, 3, 49)
    assert set(counts) == {s for s in range(8, 15) if after[s]}
    # 120 each expected; a hole weighted double would draw about 200, the others about 100.
    assert all(0.8 < count / (600 / len(counts)) < 1.2 for count in counts.values()), counts


def test_log_lines_in_the_community_format():
    m = CongkakModule(seed=1, board=EXAMPLE, module_id=4)
    m.press(3)
    m.press(m.evaluation.answer[0])
    assert all(line.startswith("[Congkak #4] ") for line in m.log)
    # The real module's wording, line for line (issue 10), then the project's own lines.
    assert m.log[:4] == [
        "[Congkak #4] Initial state: 2 3 1 1 0 4 0 31 0 4 0 1 0 1 2 48 ",
        "[Congkak #4] Total points gained after playing each hole (sum of seeds in player's holes + extra seeds "
        "in the store, if any): 11 11 8 11 0 8 0 ",
        "[Congkak #4] The maximum seeds in a hole is: 11, which is in the hole: 1.",
        "[Congkak #4] Puzzle 1 (c1-2311040-0401012-48-31); solving holes: 1, 2, 4"]
    assert m.log[4:6] == [
        "[Congkak #4] You selected the wrong hole (Hole #3), which returns the minimum of 8 seeds. Strike, and game continues.",
        "[Congkak #4] Why: 8 points; it is hole 3, the lowest hole with the smallest nonzero points (8)."]
    text = "\n".join(m.log)
    assert "[Congkak #4] Total points gained after playing each hole: " in text  # the second board's wording
    assert "Puzzle 2 (c1-" in text and "You selected the correct hole (Hole #" in text and text.count("Module solved.") == 1


def test_the_reply_is_logged_in_the_projects_words_not_a_code():
    from ktane_congkak.core.explain import END_WORDS
    m = CongkakModule(seed=1, board=EXAMPLE)
    press = m.press(3)
    (line,) = [line for line in m.log if "The opponent replied" in line]
    assert line == (f"[Congkak #1] The opponent replied from position {press.reply.start} "
                    f"({END_WORDS[press.reply.end]}).")
    assert "_" not in line  # no raw code such as opponent_empty


def test_an_empty_hole_is_logged_once_as_a_sentence():
    m = CongkakModule(seed=1, board=EXAMPLE)
    m.press(5)  # hole 5 holds nothing
    assert m.log[-2:] == ["[Congkak #1] You selected an empty hole (Hole #5). Strike.",  # the real module's words
                          "[Congkak #1] Why: the hole is empty."]


def test_a_side_with_nothing_to_score_solves_on_any_press():
    """Every hole scores 0: every press solves (shared/spec/module.md), an empty one too."""
    m = CongkakModule(seed=1, board=[0] * 7 + [40] + [7, 7, 7, 7, 0, 0, 2] + [30])
    press = m.press(1)
    assert press.verdict == "solve" and press.your_turn is None and m.solved and m.screen == "GG"
    assert m.board == tuple([0] * 7 + [40] + [7, 7, 7, 7, 0, 0, 2] + [30])
    m = CongkakModule(seed=1, board=[0, 0, 0, 0, 0, 0, 1] + [40] + [0, 7, 7, 7, 7, 7, 7] + [15])
    assert m.evaluation.points == (0,) * 7  # hole 7's seed ends in the opponent's empty hole 8
    press = m.press(3)
    assert press.verdict == "solve" and m.solved


def test_every_puzzle_carries_its_id():
    from ktane_congkak.core.ids import board_from_id

    m = CongkakModule(seed=4)
    assert board_from_id(m.puzzle_id, m.rules).slots == m.board
    m.press(m.evaluation.answer[0] % 7 + 1 if len(m.evaluation.answer) < 7 else 1)
    assert board_from_id(m.puzzle_id, m.rules).slots == m.board
    assert f"({m.puzzle_id})" in "\n".join(m.log) or m.solved
    unknown = CongkakModule(board=[2, 3, 1, 1, 0, 4, 0, 0, 0, 4, 0, 1, 0, 1, 2, 0], stores_known=False)
    assert unknown.puzzle_id == "c1-2311040-0401012"
