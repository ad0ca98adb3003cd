"""The game window names what it shows: each count on its own hole and each number past
the board, opaque panels, the result over any panel, each hand its colour and name at a
simultaneous start, the session's score; the review's graph drawn, a move picked in it."""

from __future__ import annotations

import pytest

from ktane_congkak.games.commands import Command
from ktane_congkak.games.game import NORTH, SOUTH, Game
from ktane_congkak.games.series import fresh_game, starter
from ktane_congkak.games.window import geometry
from ktane_congkak.games.window.board import HAND_COLOURS
from ktane_congkak.games.window.texts import BANNER, PANEL_BACK, PANEL_BACK_GROUP

ENDGAME = [1, 0, 2, 0, 0, 4, 15, 0, 0, 1, 2, 0, 3, 20]  # mancala, South to move, 13 seeds left


@pytest.mark.parametrize("rules", ["congkak", "module"])
def test_each_count_sits_on_its_own_hole_and_each_number_past_the_board(game_window, rules):
    view = game_window(Game(rules), opponent="greedy", seed=1)
    for place, count, number in zip(view.places, view.counts, view.numbers):
        assert geometry.slot_at(view.places, count.x, count.y) == place.slot
        assert geometry.slot_at(view.places, number.x, number.y) is None
        assert count.text == str(view.game.board[place.slot]) and count.weight == "bold" != number.weight


def test_panels_are_opaque_and_a_result_shows_over_them(game_window):
    view = game_window(Game("mancala"), opponent="greedy", seed=1)
    assert PANEL_BACK[3] == 255
    view.run_command(Command("help"))
    view.run_command(Command("concede"))  # typed while the help is open
    view.render()
    assert view.panel == "help" and view.banner.text == "North (greedy) wins"
    assert view.groups[BANNER].order > view.groups[PANEL_BACK_GROUP].order
    top = view.panel_back.y + view.panel_back.height
    assert view.banner.y - view.banner.content_height / 2 >= top - 4  # over the title, clear of the panel's text
    view.run_command(Command("help"))
    view.render()
    assert view.panel is None and abs(view.banner.y - view._text_places()[4][1]) < 1  # back over the board


def test_at_a_simultaneous_start_each_hand_has_its_colour_and_name(game_window):
    view = game_window(Game("traditional"), opponent="greedy", seed=2)
    view.run_command(Command("hole", 3))
    view.wait(0.4)
    view.render()
    assert len(view.shown().hands) == 2
    assert [label.text for label in view.hand_names] == ["South (you)", "North (greedy)"]
    assert [tuple(label.color[:3]) for label in view.hand_names] == list(HAND_COLOURS)
    assert HAND_COLOURS[SOUTH] != HAND_COLOURS[NORTH]


def test_the_score_is_beside_the_board_and_a_new_game_is_started_by_the_other_side(game_window):
    view = game_window(fresh_game("mancala", SOUTH), opponent="greedy", seed=1)
    view.run_command(Command("concede"))
    view.render()
    assert "Games: you 0, greedy 1, drawn 0; seeds " in view.status.text
    view.run_command(Command("review"))
    view.wait(1)
    view.run_command(Command("new"))  # the old game's review closes with it
    view.wait(3)
    view.render()
    assert starter(view.game) == NORTH and view.game.moves[0][0] == NORTH
    assert view.panel is None and view.panel_back is None and view._graph_shapes == []


def test_the_review_draws_its_graph_and_a_move_picked_shows_its_position(game_window):
    from pyglet import shapes

    view = game_window(Game.at("mancala", ENDGAME, waiting=(SOUTH,)), opponent="expert", seed=1)
    view.run_command(Command("hole", 6))  # the blunder: 12 seeds given up
    view.wait(30)
    view.run_command(Command("review"))
    view.wait(0.5)
    view.render()
    reviewed = view.reviewed[1]
    dots = [s for s in view._graph_shapes if isinstance(s, shapes.Circle)]
    assert len(dots) == len(reviewed.marked()) >= 1 and reviewed.moves[0].mark == "blunder"
    assert "?" not in view.panel_text.text.split("\n")[0] and "blunder" in view.panel_text.text
    chart, (x0, y0) = view._graph_chart()
    count = len(reviewed.values)
    view.on_mouse_press(x0 + chart.width * 1.5 / count, y0 - chart.height / 2, 1, 0)
    view.render()
    assert view.panel is None and view.picked is not None and list(view.shown().board) == ENDGAME
    assert view.shown().active == view.game.slot_of(SOUTH, 6)
    assert view.note.text.startswith("Before move 1: South sowed hole 6 (blunder, gave up 12, best 3)")
    view.run_command(Command("review"))
    view.render()
    assert view.panel == "review" and view.picked is None and list(view.shown().board) == view.game.board


def test_the_panel_marks_the_moves_the_json_marks(game_window):
    from ktane_congkak.games.analysis import Limits
    from ktane_congkak.games.review import review

    view = game_window(Game("mancala"), opponent="search", depth=2, seed=3)
    for hole in (1, 2, 6):
        view.run_command(Command("hole", hole))
        view.wait(3)
    view.run_command(Command("review"))
    view.wait(2)
    view.render()
    marked = review(view.game, Limits(depth=2)).marked()
    rows = [line.split() for line in view.panel_text.text.splitlines()[1:] if line.split()[:1] and line.split()[0].isdigit()]
    assert [(int(r[0]), r[6]) for r in rows] == [(m.number, m.mark) for m in marked]
    assert view.reviewed[1].marked() == marked and marked  # (some move of these was marked)
