"""The game window's analysis: A puts each of your holes' value on a tag on the hole (exact
ones marked, the best gold), V opens the review, Y redoes; at two sizes, read by the text
drawn and by pixel."""

from __future__ import annotations

import pytest

from ktane_congkak.games.commands import Command
from ktane_congkak.games.game import NORTH, SOUTH, Game
from ktane_congkak.games.window import geometry
from ktane_congkak.games.window.values import BEST_BACK, EXACT_MARK, VALUE_BACK, tag_text

SIZES = [(1000, 640), (1600, 900)]
ENDGAME = [1, 0, 2, 0, 0, 4, 15, 0, 0, 1, 2, 0, 3, 20]  # mancala, South to move, 13 seeds left


def tags(view) -> dict[int, str]:
    """slot -> the text of its value tag, as drawn."""
    labels = [mark for mark in view._value_marks if hasattr(mark, "text")]
    found = {}
    for label in labels:
        slot = min(view.places, key=lambda p: (p.x - label.x) ** 2 + (p.y - label.y) ** 2).slot
        found[slot] = label.text
    return found


@pytest.mark.parametrize("size", SIZES)
def test_a_shows_exact_values_on_your_holes_the_best_gold_and_hides_them(game_window, size):
    view = game_window(Game.at("mancala", ENDGAME, waiting=(SOUTH,)), size=size, opponent="expert", seed=1)
    view.run_command(Command("analyse"))
    view.wait(0.05)
    view.render()
    drawn = tags(view)
    # Each hole's final margin with best play by both, from a plain alpha-beta search of every
    # line (test_endgame.PlainSearch), not from the analysis the window draws.
    assert drawn == {0: "0" + EXACT_MARK, 2: "+2" + EXACT_MARK, 5: "-10" + EXACT_MARK}
    expected = {m.slot: m for m in view.session.analysis().moves}
    best = max(m.value for m in expected.values())
    for s, m in expected.items():  # on its own hole, clear of the count on the rim; the best gold, the rest dark
        label = _label_of(view, s)
        assert geometry.slot_at(view.places, label.x, label.y) == s
        margin = label.content_width / 2 + 0.2 * view.board.count_size  # in the tag's back, left of the text
        pixel = view.read_pixels(int(label.x - margin), int(label.y), 1, 1)[0][0]
        back = BEST_BACK if m.value == best else VALUE_BACK
        assert all(abs(a - b) <= 40 for a, b in zip(pixel, back[:3])), (s, pixel)
        count = view.counts[s]
        assert abs(count.y - label.y) > (count.content_height + label.content_height) / 2 - 2
    view.run_command(Command("analyse"))
    view.render()
    assert tags(view) == {}


def _label_of(view, slot):
    return min((m for m in view._value_marks if hasattr(m, "text")),
               key=lambda m: (view.places[slot].x - m.x) ** 2 + (view.places[slot].y - m.y) ** 2)


def press(view, symbol) -> None:
    view.window.dispatch_event("on_key_press", symbol, 0)
    view.render()  # the queued key is handled


def test_a_stays_on_each_of_your_turns_gets_its_values_v_reviews_y_redoes(game_window):
    from pyglet.window import key

    view = game_window(Game.at("mancala", ENDGAME, waiting=(SOUTH,)), opponent="expert", seed=1)
    press(view, key.A)
    view.wait(0.05)
    view.render()
    assert len(tags(view)) == 3
    press(view, key._6)  # the losing move: -10 where hole 3 keeps +2
    assert tags(view) == {}  # the values were the position's before it
    view.wait(30)
    view.render()
    assert len(view.game.moves) >= 2 and view.session.human_to_move() == SOUTH
    now = {m.slot: tag_text(m.value, m.exact) for m in view.session.analysis().moves}
    assert tags(view) == now and view.note.text.startswith("North sows")  # the move's story stays
    press(view, key.V)
    view.wait(0.05)
    view.render()
    text = view.panel_text.text
    assert view.panel == "review" and "blunder" in text
    line = next(line for line in text.splitlines() if "blunder" in line)
    assert line.split()[:8] == ["1", "South", "6", "+2", "-10", "12", "blunder", "3"]
    press(view, key.ESCAPE)
    moves = list(view.game.moves)
    press(view, key.U)
    assert view.game.moves == []
    press(view, key.Y)
    assert view.game.moves == moves and view.note.text == "Redone."


def test_values_are_for_their_position_not_for_a_count_of_moves(game_window):
    """An undo and another move reach as many moves as before: the old values are not the
    new position's. And values found in the background are drawn (the picture changes)."""
    view = game_window(Game.at("mancala", ENDGAME, waiting=(SOUTH,)), opponent="human", humans=(SOUTH, NORTH))
    view.run_command(Command("analyse"))
    key_before = view.picture_key()
    view.wait(0.05)
    assert view.picture_key() != key_before  # the values arrived: a frame is drawn
    view.run_command(Command("hole", 6))
    view.wait(3)  # North (a person too) to move: its values
    found = view.values
    assert found[0] == tuple(view.game.moves) and found[1]
    view.run_command(Command("undo"))
    view.run_command(Command("hole", 1))
    view.wait(3)
    assert len(view.game.moves) == 1 and view.values[0] == tuple(view.game.moves) != found[0]
    assert view.values[1] == {m.slot: m for m in view.session.analysis().moves}
