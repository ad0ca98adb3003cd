"""The game talks while it thinks: your move at once, the computer thinking (and how deep),
then its reply; words that fit the ruleset; a window that keeps drawing while it thinks."""

from __future__ import annotations

import io

import pytest

from conftest import wait_until

from ktane_congkak.games.game import NORTH, SOUTH, Game
from ktane_congkak.games.session import Session
from ktane_congkak.games.terminal import play


def test_the_terminal_prints_your_move_before_the_computer_has_chosen():
    session = Session(Game("mancala"), opponent="search", depth=5, seed=1)
    out = io.StringIO()
    seen_while_thinking = []
    real = session.computer_choices

    def choices(on_depth=None):
        seen_while_thinking.append(out.getvalue())  # what the player has read when the search starts
        return real(on_depth)

    session.computer_choices = choices
    play(session, io.StringIO("1\nquit\n"), out)
    (before,) = [text for text in seen_while_thinking if "South sows" in text]
    assert "South sows hole 1: 4 drops; the last seed lands in an occupied hole" in before
    assert before.rstrip().endswith("North (search) is thinking...") and "North sows" not in before
    after = out.getvalue()[len(before):]
    assert after.startswith(" depth 1 2 3 4 5.\nNorth sows hole ")


@pytest.mark.parametrize("deepest, told", [
    (64, " depth 1 2 3 4 5 6 7 8 9 10 11 12 20 30 40 50 60 ... 64."),
    (30, " depth 1 2 3 4 5 6 7 8 9 10 11 12 20 30."),
])
def test_a_deep_search_is_told_in_one_short_line(deepest, told):
    """An endgame the search sees to its end reaches depth 60 and more: every depth to 12,
    then every tenth and the last, rather than 64 numbers."""
    session = Session(Game("mancala"), opponent="search", depth=5, seed=1)
    real = session.computer_choices

    def choices(on_depth=None):
        for depth in range(1, deepest - 4):  # as a deeper search would tell them, before the real 5
            on_depth(SOUTH, depth)
        return real(lambda player, depth: on_depth(player, depth + deepest - 5))

    session.computer_choices = choices
    out = io.StringIO()
    play(session, io.StringIO("1\nquit\n"), out)
    assert f"North (search) is thinking...{told}\nNorth sows hole " in out.getvalue()


def test_words_fit_the_ruleset():
    mancala = Session(Game("mancala"), opponent="greedy", seed=1)
    assert mancala.status() == "South (you) 0, North (greedy) 0 in store. South (you) to move"
    mancala.play(1)
    assert not [line for line in mancala.game.log if "relay" in line or "ends:" in line]
    traditional = Session(Game("traditional"), opponent="greedy", seed=1)
    assert traditional.status().startswith("Round 1: South (you) 0, North (greedy) 0 in store. Both choose")


def test_a_hint_at_the_simultaneous_start_says_how_it_was_found():
    session = Session(Game("traditional"), opponent="greedy", seed=1, depth=2)
    hole, how = session.hint()
    assert 1 <= hole <= 7 and "0 moves" not in how and how == "the best against every hole the other hand may start from"
    mancala = Session(Game("mancala"), opponent="greedy", seed=1, depth=3)
    assert mancala.hint()[1] == "searched 3 moves ahead"


def held_search(view, gate):
    """The window's computer search waits until file `gate` exists (a file, which the search's
    child process sees too): while it waits, the test sees what the window does meanwhile,
    however fast or busy the machine."""
    import time

    choices = view.session.computer_choices

    def held(on_depth=None):
        while not gate.exists():
            time.sleep(0.01)
        return choices(on_depth)

    view.session.computer_choices = held  # the name the window's Thinking calls


def your_move_played(view):
    view.sow(view.game.slot_of(SOUTH, 1))
    view.playback.skip()
    view.tick(0.0)  # your move's animation ends
    view.tick(0.02)  # the computer starts thinking, in a child process


def test_the_window_keeps_drawing_while_the_computer_thinks(game_window, tmp_path):
    view = game_window(Game("mancala"), opponent="search", budget=0.1, seed=1)
    held_search(view, tmp_path / "go")
    moves = len(view.game.moves) + 1
    your_move_played(view)
    for _ in range(3):  # frames drawn while it thinks
        assert view.thinking is not None and len(view.game.moves) == moves  # it has not moved
        view.render()
        assert "North (search) is thinking" in view.status.text
        view.tick(0.02)
    (tmp_path / "go").touch()
    wait_until(lambda: view.tick(0.02) or view.thinking is None, "the computer moves")
    assert view.game.moves[-1][0] == NORTH and len(view.game.moves) == moves + 1


def test_clicks_while_the_computer_thinks_are_refused(game_window, tmp_path):
    view = game_window(Game("mancala"), opponent="search", budget=0.1, seed=1)
    held_search(view, tmp_path / "go")
    your_move_played(view)
    assert view.thinking is not None
    board = list(view.game.board)
    view.sow(view.game.slot_of(SOUTH, 2))
    view.undo()
    assert view.game.board == board and "thinking" in view.message
    (tmp_path / "go").touch()  # (closing the window ends the search anyway)


def test_counts_sit_beside_their_own_holes(game_window):
    view = game_window(Game("mancala"), opponent="greedy", seed=1)
    rules = view.rules
    for slot in list(rules.holes(SOUTH)) + list(rules.holes(NORTH)):
        place, label = view.places[slot], view.counts[slot]
        facing = view.places[rules.facing(slot)]
        assert abs(label.x - place.x) < 1
        # nearer its own hole than the facing one, on the side away from it
        assert abs(label.y - place.y) < abs(label.y - facing.y)
        assert (label.y - place.y) * (facing.y - place.y) < 0


def test_the_scores_change_as_the_seeds_land(game_window):
    view = game_window(Game("mancala"), opponent="greedy", seed=1)
    view.sow(view.game.slot_of(SOUTH, 3))  # 4 seeds, the last into South's store
    assert view.game.store(SOUTH) == 1
    assert "South (you) 0," in view.status.text  # the seed has not landed yet
    view.render()
    scores = set()
    while view.playback is not None:
        view.tick(0.05)
        view.refresh()
        scores.add(view.status.text.split(",")[0])
    assert scores >= {"South (you) 0", "South (you) 1"}
