"""The game window as a player sees it: a real pyglet window under Xvfb (pytest-xvfb),
read by pixel, driven through pyglet's own event queue."""

from __future__ import annotations

from ktane_congkak.paper import layout
from ktane_congkak.games.game import NORTH, SOUTH, Game
from ktane_congkak.games.window import BURNT, frames_of, places
from ktane_congkak.core.rules import load_ruleset, ruleset_from_dict


def test_your_store_is_where_the_ruleset_puts_it():
    def store_side(name, seat):
        rules = load_ruleset(name)
        spots = places(rules, seat)
        store = spots[rules.store(seat)].x
        holes = [spots[s].x for s in range(rules.size) if rules.owner(s) is not None]
        return "left" if store < min(holes) else "right" if store > max(holes) else "?"

    # "owns the home to his left", "your store is on your left", "your store is on your
    # right" (mancala), "Your store is the big hole on the bottom right" (the module).
    assert [store_side(n, SOUTH) for n in ("malaysia", "congkak", "traditional", "mancala", "module")] == \
        ["left", "left", "left", "right", "right"]
    assert store_side("congkak", NORTH) == "left"  # North sits across: its store on its left too
    rules = load_ruleset("congkak")
    south = places(rules, SOUTH)
    assert all(south[s].y < south[rules.facing(s)].y for s in rules.holes(SOUTH))  # your row at the bottom


def ball_pixels(view, slot):
    """Pixels inside the hole at `slot` that are neither hole colour (nor burnt)."""
    p = view.places[slot]
    r = int(min(p.rx, p.ry) * 0.9)
    rows = view.read_pixels(int(p.x) - r, int(p.y) - r, 2 * r, 2 * r)
    return sum(1 for j, row in enumerate(rows) for i, c in enumerate(row)
               if (i - r) ** 2 + (j - r) ** 2 <= r * r
               and not any(all(abs(a - b) <= 8 for a, b in zip(c, back)) for back in (layout.HOLE, BURNT)))


def click(view, slot):
    p = view.places[slot]
    view.window.dispatch_event("on_mouse_press", p.x, p.y, 1, 0)
    view.render()


def test_clicking_a_hole_sows_it_and_the_computer_replies(game_window):
    view = game_window(Game("congkak"), opponent="greedy", seed=1)
    assert ball_pixels(view, 3) > 100  # 7 seeds drawn in hole 4
    click(view, 3)
    assert view.game.moves[0] == (SOUTH, 3)
    view.wait(0.3)  # mid-animation: a few seeds dropped, not yet the final position
    shown = view.shown()[0]
    assert view.playback is not None and shown != tuple(view.game.board) and shown[3] == 0
    view.wait(60)  # the animation, then the computer's reply and its animation
    view.render()
    board = view.game.board
    assert view.game.moves[-1][0] == NORTH and view.session.human_to_move() == SOUTH
    assert view.shown()[0] == tuple(board)
    assert [label.text for label in view.counts] == [str(c) for c in board]
    for slot in view.game.rules.holes(SOUTH):
        assert (ball_pixels(view, slot) > 20) == (board[slot] > 0)
    assert "South (you)" in view.status.text and "to move" in view.status.text


def test_undo_and_hint_keys(game_window):
    from pyglet.window import key

    view = game_window(Game("mancala"), opponent="greedy", seed=2)
    view.window.dispatch_event("on_key_press", key._3, 0)
    view.render()
    view.wait(60)
    assert view.game.moves
    view.window.dispatch_event("on_key_press", key.U, 0)
    view.render()
    assert view.game.moves == [] and view.note.text == "Undone."
    assert view.game.board == list(view.game.rules.fresh_board())
    view.session.hint_budget = 0.05
    view.window.dispatch_event("on_key_press", key.H, 0)
    view.render()
    assert view.note.text == "Hint: searching ..." and view.hinting is not None  # the window goes on meanwhile
    view.wait(0.02)
    view.render()
    assert view.note.text.startswith("Hint: hole ") and view.hinting is None


def test_nothing_starts_while_the_computer_thinks(game_window):
    # A simultaneous start: the computer chooses first, and your hint, undo and move wait for it.
    view = game_window(Game("traditional"), opponent="greedy", seed=4)
    view.tick(0.01)
    assert view.thinking is not None and view.session.human_to_move() == SOUTH
    for act in (view.hint, view.undo, lambda: view.sow(2)):
        view.message = ""
        act()
        assert view.message == "Wait: the computer is thinking"
    assert view.game.moves == []
    view.wait(0.1)
    view.hint()
    view.wait(0.02)
    assert view.message.startswith("Hint: hole ")


def test_burnt_houses_are_drawn_burnt_and_empty(game_window):
    board = [0, 0, 0, 7, 7, 7, 7, 2, 7, 7, 7, 7, 7, 7, 7, 19]
    view = game_window(Game.at("traditional", board, burnt={0, 1, 2}, round=2), opponent="greedy")
    for slot in (0, 1, 2):
        assert view.holes[slot].color[:3] == BURNT and ball_pixels(view, slot) == 0
        assert view.counts[slot].text == ""
    assert view.holes[3].color[:3] == layout.HOLE and ball_pixels(view, 3) > 100


def test_at_a_simultaneous_start_the_computer_chooses_first_unseen(game_window):
    view = game_window(Game("traditional"), opponent="greedy", seed=4)
    view.wait(0.1)  # a frame saying "thinking", then its choice: kept hidden, nothing moves
    assert list(view.game.state.pending) == [NORTH]
    assert view.game.board == list(view.game.rules.fresh_board())
    assert "Both choose a hole at once" in view.status.text
    assert view.message == "North has chosen a hole: it shows when you choose yours."
    click(view, 2)
    assert view.game.moves[:2] == [(NORTH, view.game.moves[0][1]), (SOUTH, 2)]
    frames = view.playback.frames
    assert any(frame[1] is not None and view.rules.owner(frame[1]) == NORTH for frame in frames)
    view.wait(120)
    view.render()
    assert view.shown()[0] == tuple(view.game.board)
    hands = sum(hand.seeds for hand in view.game.state.hands or () if hand is not None)
    assert sum(view.game.board) + hands == 98


def test_a_simultaneous_start_is_shown_with_the_boards_the_game_recorded():
    # Both hands: South's into an empty hole of its own (a capture), North's round into
    # its store and on. The window shows the game's board after each tick and works
    # nothing out itself.
    rules = ruleset_from_dict({"name": "tiny", "holes_per_side": 3, "seeds_per_hole": 3,
                               "sowing": {"own_store": "after_own_row"},
                               "last_seed": {"own_store": "extra_turn"},
                               "game": {"first_move": "simultaneous"}})
    before = [1, 0, 2, 0, 0, 3, 0, 0]
    game = Game.at(rules, before, waiting=(SOUTH, NORTH))
    game.move(SOUTH, 0)
    events = game.move(NORTH, 5)
    frames = frames_of(events, game, before)
    ticks = [board for board, _ in events[0][1]]
    assert [board for board, _, _ in frames] == [tuple(before), *ticks, tuple(game.board)]
    assert ticks[1] == (0, 0, 2, 1, 0, 0, 1, 0)  # South's capture: its seed went to the store
    assert [slot for _, slot, _ in frames[1:-1]] == [5, 6, 7, 0]  # the last slot each tick touched


def test_a_failed_autosave_is_shown_and_the_game_goes_on(game_window, tmp_path):
    from pyglet.window import key

    missing = tmp_path / "no" / "g.yaml"
    view = game_window(Game("mancala"), opponent="greedy", seed=2, save_path=missing)
    click(view, 3)
    assert view.game.moves[0] == (SOUTH, 3) and not view.closed
    assert view.note.text.startswith(f"not saved: {missing}: folder")
    view.wait(60)
    assert view.session.human_to_move() == SOUTH and view.game.moves[-1][0] == NORTH
    view.window.dispatch_event("on_key_press", key.S, 0)
    view.render()
    assert view.note.text == f"{missing}: folder {missing.parent} does not exist"


def test_both_stores_are_named_by_whose_they_are(game_window):
    """"your store" and the other side's by name ("North's store"), never a bare "store"."""
    for seat, other in ((SOUTH, "North"), (NORTH, "South")):
        view = game_window(Game("congkak"), opponent="greedy", humans=(seat,), seed=1)
        names = sorted(label.text for label in view.numbers if "store" in label.text)
        assert names == sorted(["your store", f"{other}'s store"])
        for label in view.numbers:  # every label inside the window
            assert 0 <= label.x - label.content_width / 2 and label.x + label.content_width / 2 <= view.window.width


def test_clicking_an_empty_hole_of_yours_is_refused_to_you_with_why(game_window):
    """The window showed "South cannot sow from hole 1: it is empty or not theirs"."""
    from ktane_congkak.core.rules import load_ruleset

    game = Game("congkak")
    game.state.board = [0] + list(game.state.board[1:])
    view = game_window(game, opponent="greedy", seed=1)
    click(view, 0)
    assert view.message == "You cannot sow from hole 1: it is empty" and view.game.moves == []
    assert load_ruleset("congkak").owner(0) == SOUTH
