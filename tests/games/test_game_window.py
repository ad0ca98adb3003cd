"""The game window as a player sees it: a real pyglet window under Xvfb (pytest-xvfb),
read by pixel and by the text it shows, driven by pyglet's own event queue and by
`--commands` scripts, at two sizes."""

from __future__ import annotations

import math

import pytest

from conftest import need_display, run

from ktane_congkak.board_art import HOUSING
from ktane_congkak.core.rules import load_ruleset, ruleset_from_dict
from ktane_congkak.games.window import geometry as board_geometry
from ktane_congkak.games.commands import parse_script
from ktane_congkak.games.game import NORTH, SOUTH, Game
from ktane_congkak.games.rules_text import rules_lines
from ktane_congkak.games.playback import STEP_SECONDS, Frame, frames_of
from ktane_congkak.games.window import GAME_OVER
from ktane_congkak.games.window.keys import key_legend

SIZES = [(1000, 640), (1600, 900)]
CAPTURE = [1, 0, 7, 7, 7, 7, 7, 0, 7, 7, 7, 7, 7, 7, 7, 0]  # South's hole 1: one seed into an empty hole
LAST_MOVE = [0, 0, 0, 0, 0, 0, 1, 60, 1, 1, 1, 1, 1, 1, 1, 30]  # South's hole 7 ends the game


def background_share(view, x: float, y: float, r: int = 6) -> float:
    """The share of the pixels around (x, y) that are the window's background."""
    rows = view.read_pixels(int(x) - r, int(y) - r, 2 * r, 2 * r)
    pixels = [c for row in rows for c in row]
    return sum(all(abs(a - b) <= 6 for a, b in zip(c, HOUSING)) for c in pixels) / len(pixels)


def hole_pixels(view, slot: int):
    p = view.places[slot]
    r = int(p.rx * 0.8)
    return view.read_pixels(int(p.x) - r, int(p.y) - r, 2 * r, 2 * r)


def changed(before, after) -> int:
    return sum(1 for row_a, row_b in zip(before, after) for a, b in zip(row_a, row_b) if a != b)


def off_the_board(view, x: float, y: float, radius: float) -> bool:
    """Whether a circle at (x, y) stays clear of the board's bar."""
    x0, y0, x1, y1, half = view.board.bar
    dx, dy = x1 - x0, y1 - y0
    t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
    return math.dist((x, y), (x0 + t * dx, y0 + t * dy)) >= half + radius


def run_script(view, text: str) -> bool:
    """Run a --commands script, then draw the frame it left."""
    going = view.run_script(parse_script(text))
    view.render()
    return going


@pytest.mark.parametrize("size", SIZES)
def test_a_game_scripted_idle_mid_sowing_capture_end_help_and_rules(game_window, size):
    view = game_window(Game.at("congkak", CAPTURE), size=size, opponent="greedy", seed=1)
    assert (view.window.width, view.window.height) == size
    # Idle: every hole's seeds drawn, the key legend, the hole numbers, nothing in hand.
    assert view.keys.text == key_legend(7) and "U undo" in view.keys.text and "? help" in view.keys.text
    assert view.status.text == "South (you) 0, North (greedy) 0 in store. South (you) to move"
    assert [label.text for label in view.counts] == [str(c) for c in CAPTURE]
    idle_hole_3 = hole_pixels(view, 2)
    hand_place = board_geometry.hand_centre(view.places[0], view.board.hand_radius * 0.6)
    assert background_share(view, *hand_place) == 1.0
    # A capture: South's hole 1 sows its seed into the empty hole 2, which takes hole 13's 7.
    run_script(view, "1")
    assert view.playback is not None and view.note.text == "South sows hole 1"  # said as it starts
    run_script(view, "wait 0.13")  # picked up
    assert view.shown().hands == ((SOUTH, 0, 1),) and view.shown().board[0] == 0
    assert background_share(view, *hand_place) < 0.9  # the seed in hand, beside hole 1, off the board
    assert off_the_board(view, *hand_place, view.board.hand_radius * 0.6)
    run_script(view, "wait 0.26")  # dropped, then the capture
    assert view.note.text == "South captures: 8 seeds to the store"
    assert view.counts[7].text == "8" and view.status.text.startswith("South (you) 8, North (greedy) 0")
    assert background_share(view, *hand_place) == 1.0  # nothing in hand any more
    assert view.message == "South sows hole 1: 1 drop, 0 relays; the last seed captures"  # said once landed
    # The computer replies: mid-sowing its seeds in hand are beside North's row, never over the board.
    run_script(view, "wait 0.5")
    frame = view.shown()
    assert frame.hands and view.note.text.startswith("North sows hole")
    (player, slot, seeds), = frame.hands
    x, y = view.hand_at[NORTH]  # where it is drawn (it glides from hole to hole)
    assert player == NORTH and y > view.places[slot].y and off_the_board(view, x, y, view.hand_radius(seeds))
    assert view.hand_counts[0].text == str(seeds) and background_share(view, x, y) < 0.9
    run_script(view, "wait 20")
    assert view.session.human_to_move() == SOUTH and view.playback is None
    assert (changed(idle_hole_3, hole_pixels(view, 2)) > 0) == (view.game.board[2] != CAPTURE[2])
    # Help and the rules, over the board; ? and R again close them.
    run_script(view, "help")
    assert view.panel_title.text == "Help" and "undo: take back your last move" in view.panel_text.text
    assert "U: undo" in view.panel_text.text and view.panel_back is not None
    run_script(view, "rules")
    assert view.panel_title.text == "The rules: Congkak (single round)"
    assert [line.lstrip("\u2022 ") for line in view.panel_text.text.splitlines()[:len(rules_lines(view.rules)) - 1]] \
        == rules_lines(view.rules)[1:]
    assert "Relay sowing" in view.panel_text.text and "Captures" in view.panel_text.text
    for label in (view.panel_title, view.panel_text):  # inside the window
        assert label.content_width <= view.window.width and label.y - label.content_height >= 0
    run_script(view, "rules")
    assert view.panel is None and view.panel_title.text == ""


@pytest.mark.parametrize("size", SIZES)
def test_the_end_of_a_game_is_shown_once_the_seeds_have_landed(game_window, size):
    view = game_window(Game.at("congkak", LAST_MOVE), size=size, opponent="greedy")
    run_script(view, "7")
    assert view.game.over and view.banner.text == ""  # the seeds still move: no result yet
    run_script(view, "wait 3")
    assert view.banner.text == "You win" and view.banner_back is not None
    assert "Game over: South wins (South 61 - North 37)" in view.status.text
    cx, cy = view.banner.x, view.banner.y
    assert background_share(view, cx, cy + view.banner.content_height) < 1.0  # its backing drawn
    over = "The game is over: V reviews it, N starts a new one, U undoes your last move"
    assert view.note.text.endswith(" | " + over) and "Game over" not in view.note.text  # said once, by the status line
    view.message = ""
    click(view, 2)  # a hole clicked once it is over: what can come next, not "not one of your holes"
    view.render()
    assert view.note.text == over
    run_script(view, "3")
    assert view.note.text == over
    run_script(view, "new")  # N: a new game of the same rules and players
    assert not view.game.over and view.game is view.session.game and view.game.moves == []
    assert view.banner.text == "" and view.shown().board == tuple(view.rules.fresh_board())
    run_script(view, "new")  # not over: said, nothing lost
    assert view.note.text.startswith("The game is not over") and view.game is view.session.game
    run_script(view, "concede")
    assert "Game over: North wins (South concedes)" in view.status.text
    assert view.note.text == GAME_OVER  # what comes next, not the status's words again


def test_a_finished_game_loaded_says_what_can_come_next(game_window):
    game = Game.at("congkak", LAST_MOVE)
    game.move(SOUTH, 6)  # South's hole 7: the end
    view = game_window(game, opponent="greedy")
    assert game.over and view.note.text == "The game is over: V reviews it, N starts a new one, U undoes your last move"


def test_the_seeds_keep_their_colours_through_the_hand(game_window):
    """As in practice: the seeds picked up from a hole are the ones in hand, and the ones that
    land in the next holes, by their colours (board_art.SeedTracker)."""
    view = game_window(Game("congkak"), opponent="greedy", seed=1)
    picked = list(view.seeds.slots[3])  # South's hole 4: slot 3
    run_script(view, f"4; wait {STEP_SECONDS * 1.1}")  # picked up
    view.render()
    assert sorted(view.seeds.hand) == sorted(picked) and view.seeds.slots[3] == []
    run_script(view, f"wait {STEP_SECONDS}")  # the first seed has landed in hole 5 (slot 4), on its 7
    view.render()
    assert len(view.seeds.slots[4]) == 8 and view.seeds.slots[4][-1] in picked and len(view.seeds.hand) == 6


def test_a_capture_shows_in_the_seeds_drawn(game_window):
    view = game_window(Game.at("congkak", CAPTURE), opponent="human", humans=(SOUTH, NORTH))
    facing = hole_pixels(view, 13)
    run_script(view, "1; wait 2")
    assert view.game.board[13] == 0 and view.counts[13].text == "0"
    assert changed(facing, hole_pixels(view, 13)) > 50  # North's 7 seeds gone from the hole opposite


def test_messages_keep_step_with_the_seeds_at_a_simultaneous_start(game_window):
    view = game_window(Game("traditional"), opponent="greedy", seed=4)
    run_script(view, "wait 0.1; 3")
    seen = []
    while view.playback is not None:
        seen.append((view.note.text, bool(view.shown().hands)))
        view.wait(0.05)
        view.render()
    moving = [note for note, hands in seen if hands]
    assert moving and all("Both hands have stopped" not in note for note, _ in seen)
    assert any("Both hands sow at once" in note for note in moving)
    assert "Both hands have stopped" in view.note.text  # said once the seeds have stopped


def test_both_hands_are_drawn_at_a_simultaneous_start():
    rules = ruleset_from_dict({"name": "tiny", "holes_per_side": 3, "seeds_per_hole": 3,
                               "sowing": {"own_store": "after_own_row"},
                               "last_seed": {"own_store": "extra_turn"},
                               "game": {"first_move": "simultaneous"}})
    before = [1, 0, 2, 0, 0, 3, 0, 0]
    game = Game.at(rules, before, waiting=(SOUTH, NORTH))
    game.move(SOUTH, 0)
    events = game.move(NORTH, 5)
    frames = frames_of(events, game, Frame(tuple(before), None, (), ""))
    ticks = [board for board, _ in events[0][1]]
    assert [frame.board for frame in frames] == [tuple(before), *ticks, tuple(game.board)]
    assert frames[1].hands == ((SOUTH, 0, 1), (NORTH, 5, 3))  # both picked up
    assert frames[2].hands == ((NORTH, 6, 2),)  # South's one seed captured; North's hand went on
    assert frames[2].caption == "South's hand stops: the last seed captures"


@pytest.mark.parametrize("size", SIZES)
def test_the_module_ruleset_is_drawn_diagonally_like_the_module(game_window, size):
    view = game_window(Game("module"), size=size, opponent="greedy", seed=1)
    rules = view.rules
    your_store, their_store = view.places[rules.store(SOUTH)], view.places[rules.store(NORTH)]
    assert your_store.x > their_store.x and your_store.y < their_store.y  # bottom right, top left
    hole_1, hole_7 = view.places[0], view.places[6]
    assert hole_1.x > hole_7.x and hole_1.y < hole_7.y  # your row runs down to the right
    assert view.places[rules.facing(0)].x > hole_1.x  # the other row is above-right of yours
    x0, y0, x1, y1, _ = view.board.bar
    assert x1 > x0 and y1 < y0
    assert background_share(view, hole_1.x, hole_1.y, 3) == 0.0  # the board is drawn there
    run_script(view, "4; wait 0.3")
    (player, slot, seeds), = view.shown().hands
    x, y = view.hand_at[SOUTH]
    assert off_the_board(view, x, y, view.hand_radius(seeds)) and x < view.places[slot].x  # on your side
    assert background_share(view, x, y) < 0.9


def test_your_store_is_where_the_ruleset_puts_it():
    def store_side(name, seat):
        rules = load_ruleset(name)
        spots = board_geometry.board(rules, seat, (0, 0, 1000, 400)).places
        store = spots[rules.store(seat)].x
        holes = [spots[s].x for s in range(rules.size) if rules.owner(s) is not None]
        return "left" if store < min(holes) else "right" if store > max(holes) else "?"

    # "owns the home to his left", "your store is on your left", "your store is on your
    # right" (mancala), "Your store is the big hole on the bottom right" (the module).
    assert [store_side(n, SOUTH) for n in ("malaysia", "congkak", "traditional", "mancala", "module")] == \
        ["left", "left", "left", "right", "right"]
    assert store_side("congkak", NORTH) == "left"  # North sits across: its store on its left too
    rules = load_ruleset("congkak")
    south = board_geometry.board(rules, SOUTH, (0, 0, 1000, 400)).places
    assert all(south[s].y < south[rules.facing(s)].y for s in rules.holes(SOUTH))  # your row at the bottom


def click(view, slot):
    p = view.places[slot]
    view.window.dispatch_event("on_mouse_press", p.x, p.y, 1, 0)
    view.render()


def test_clicking_a_hole_sows_it_and_the_computer_replies(game_window):
    view = game_window(Game("congkak"), opponent="greedy", seed=1)
    click(view, 3)
    assert view.game.moves[0] == (SOUTH, 3)
    view.wait(0.3)
    shown = view.shown().board
    assert view.playback is not None and shown != tuple(view.game.board) and shown[3] == 0
    view.wait(60)
    view.render()
    board = view.game.board
    assert view.game.moves[-1][0] == NORTH and view.session.human_to_move() == SOUTH
    assert view.shown().board == tuple(board)
    assert [label.text for label in view.counts] == [str(c) for c in board]
    assert "South (you)" in view.status.text and "to move" in view.status.text


def test_keys_undo_hint_help_rules_and_esc(game_window):
    from pyglet.window import key

    view = game_window(Game("mancala"), opponent="greedy", seed=2)
    view.window.dispatch_event("on_key_press", key._3, 0)
    view.render()
    view.wait(60)
    assert view.game.moves
    view.window.dispatch_event("on_key_press", key.U, 0)
    view.render()
    assert view.game.moves == [] and view.note.text == "Undone."
    view.session.hint_budget = 0.05
    view.window.dispatch_event("on_key_press", key.H, 0)
    view.render()
    assert view.note.text == "Hint: searching ..." and view.hinting is not None
    view.wait(0.02)
    view.render()
    assert view.note.text.startswith("Hint: hole ") and view.hinting is None
    view.window.dispatch_event("on_key_press", key.R, 0)
    view.render()
    assert view.panel == "rules" and view.panel_title.text == "The rules: Standard Mancala"
    view.window.dispatch_event("on_key_press", key.QUESTION, 0)
    view.render()
    assert view.panel == "help"
    view.window.dispatch_event("on_key_press", key.ESCAPE, 0)  # closes the panel, not the window
    view.render()
    assert view.panel is None and not view.closed
    view.on_key_press(key.ESCAPE, 0)  # (handed over directly: pyglet reads on from a window that closed)
    assert view.closed


def test_the_window_resizes_and_lays_itself_out_again(game_window):
    view = game_window(Game("congkak"), opponent="greedy")
    small = view.places[0]
    view.window.set_size(1500, 960)
    view.window.dispatch_event("on_resize", 1500, 960)
    view.render()
    big = view.places[0]
    assert big.rx == pytest.approx(small.rx * 1.5, rel=0.02) and big.x > small.x
    for label in (view.title, view.keys, *view.numbers):
        assert 0 <= label.x - label.content_width / 2 and label.x + label.content_width / 2 <= 1500


def test_nothing_starts_while_the_computer_thinks(game_window):
    view = game_window(Game("traditional"), opponent="greedy", seed=4)
    view.tick(0.01)
    assert view.thinking is not None and view.session.human_to_move() == SOUTH
    for command in ("hint", "undo", "3"):
        view.message = ""
        run_script(view, command)
        assert view.message == "Wait: the computer is thinking"
    assert view.game.moves == []
    view.wait(0.1)
    view.hint()
    view.wait(0.02)
    assert view.message.startswith("Hint: hole ")


def test_burnt_houses_are_drawn_burnt_and_empty(game_window):
    board = [0, 0, 0, 7, 7, 7, 7, 2, 7, 7, 7, 7, 7, 7, 7, 19]
    view = game_window(Game.at("traditional", board, burnt={0, 1, 2}, round=2), opponent="greedy")
    burnt = hole_pixels(view, 0)
    empty = game_window(Game.at("traditional", [0] + board[1:], round=2), opponent="greedy")
    assert view.counts[0].text == "" and empty.counts[0].text == "0"
    assert changed(burnt, hole_pixels(empty, 0)) > 100  # a burnt house is darker than an empty one
    assert sum(map(sum, (c for row in burnt for c in row))) < sum(map(sum, (c for row in hole_pixels(empty, 0) for c in row)))


def test_a_failed_autosave_is_shown_and_the_game_goes_on(game_window, tmp_path):
    from pyglet.window import key

    missing = tmp_path / "no" / "g.yaml"
    view = game_window(Game("mancala"), opponent="greedy", seed=2, save_path=missing)
    click(view, 3)
    assert view.game.moves[0] == (SOUTH, 3) and not view.closed
    view.saver.flush()  # the save is written in the background
    view.tick(0.0)
    view.render()
    assert view.note.text.startswith("South sows hole 4\nnot saved: ") and f"{missing}: folder" in view.note.text
    view.wait(60)
    view.render()
    assert view.session.human_to_move() == SOUTH and view.game.moves[-1][0] == NORTH
    view.window.dispatch_event("on_key_press", key.S, 0)
    view.render()
    assert view.note.text == f"{missing}: folder {missing.parent} does not exist"


def test_both_stores_are_named_by_whose_they_are(game_window):
    for seat, other in ((SOUTH, "North"), (NORTH, "South")):
        view = game_window(Game("congkak"), opponent="greedy", humans=(seat,), seed=1)
        names = sorted(label.text for label in view.numbers if "store" in label.text)
        assert names == sorted(["your store", f"{other}'s store"])
        for label in view.numbers:
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


def test_game_commands_draws_screenshots_at_the_size_asked(capsys, tmp_path):
    need_display()
    import pyglet

    shot = tmp_path / "mid.png"
    rules_shot = tmp_path / "rules.png"
    code, _, err = run(capsys, "game", "--rules", "mancala", "--opponent", "greedy", "--seed", "1",
                       "--size", "1200x700", "--commands",
                       f"3; wait 0.2; screenshot {shot}; rules; screenshot {rules_shot}; quit")
    assert code == 0, err
    image = pyglet.image.load(str(shot))
    assert (image.width, image.height) == (1200, 700)
    mid = image.get_image_data().get_data("RGB", 1200 * 3)
    panel = pyglet.image.load(str(rules_shot)).get_image_data().get_data("RGB", 1200 * 3)
    assert mid != panel  # the rules panel drawn over the board


def test_bad_window_options_are_one_line_and_exit_2(capsys, tmp_path):
    for argv, words in ((["--size", "10x10"], "give 720x460 to"), (["--size", "big"], "is not a window size"),
                        (["--commands", "4; dance"], 'invalid command "dance"'),
                        (["--commands", "wait soon"], '"wait" needs a number of seconds'),
                        (["--commands", "wait 1; 8"], "hole 8 does not exist: holes are 1 to 7"),
                        (["--commands", f"screenshot {tmp_path}/no/x.png"], "does not exist"),
                        (["--text", "--commands", "4"], "--text and --commands do not go together")):
        code, out, err = run(capsys, "game", "--opponent", "greedy", *argv)
        assert code == 2 and len(err.strip().splitlines()) == 1 and words in err, (argv, err)


def test_saving_after_every_move_never_holds_up_a_frame(game_window, tmp_path, monkeypatch):
    """A --save file is flushed to the disk, which a busy disk can take long over: the
    window writes it from a thread, and its frames go on meanwhile. The stand-in disk
    holds every write until the test lets it go: the frames after the move are drawn
    while the save still waits, which they could not be if the frame did the writing."""
    import sys
    import threading

    from ktane_congkak.games.thinking import BackgroundWriter

    writer_module = sys.modules[BackgroundWriter.__module__]  # the name is patched where the writer uses it
    real_write = writer_module.write_atomic
    writing, let_go, writers = threading.Event(), threading.Event(), []

    def held_disk(path, data):
        writers.append(threading.current_thread())
        writing.set()
        if threading.current_thread() is not threading.main_thread():  # (on the frame it would hang the test)
            assert let_go.wait(60), "the test never let the save go"
        real_write(path, data)

    monkeypatch.setattr(writer_module, "write_atomic", held_disk)
    saved = tmp_path / "g.yaml"
    view = game_window(Game("mancala"), opponent="greedy", seed=2, save_path=saved)
    click(view, 3)  # your hole 4, saved
    assert writing.wait(60)  # the save has begun...
    view.wait(0.05)
    view.render()  # ...and frames are drawn while it is held
    assert threading.main_thread() not in writers and not saved.exists()
    let_go.set()
    view.close()  # waits for the save: nothing is lost
    assert "moves:\n- south 4" in saved.read_text()


def test_size_in_the_terminal_is_said_to_apply_to_the_window_only(capsys, monkeypatch):
    code, out, err = run(capsys, "game", "--text", "--size", "800x600", "--opponent", "greedy", stdin="quit\n",
                         monkeypatch=monkeypatch)
    assert code == 0 and err.strip() == "ktane-congkak: --text: playing in the terminal; --size applies to the window only"


def test_the_hand_glides_from_hole_to_hole(game_window):
    view = game_window(Game("congkak"), opponent="human", humans=(SOUTH, NORTH))
    run_script(view, "4; wait 0.13")  # picked up: the hand appears beside hole 4 at once
    assert view.hand_at[SOUTH] == view.hand_targets(view.shown())[SOUTH]
    run_script(view, "wait 0.115")  # the first seed dropped: the hand on its way to the next hole
    start = view.hand_targets(view.playback.frames[1])[SOUTH]
    x, y = view.hand_at[SOUTH]
    tx, ty = view.hand_targets(view.shown())[SOUTH]
    assert start[0] < x < tx or tx < x < start[0]  # between the two
    run_script(view, "wait 0.05")
    assert view.hand_at[SOUTH] == view.hand_targets(view.shown())[SOUTH]  # there within a drop's time


def test_a_hand_waiting_at_a_simultaneous_start_stays_drawn(game_window):
    # South's hole 1 ends in South's store (an extra turn) while North's hand still holds
    # seeds: that hand waits, drawn beside its hole, while South chooses, and sows on after.
    view = game_window(Game("traditional"), opponent="greedy", seed=4)
    run_script(view, "wait 0.1; 1; wait 10")
    (waiting,) = [hand for hand in view.game.state.hands if hand is not None]
    assert view.session.human_to_move() == SOUTH and waiting.player == NORTH and waiting.seeds > 0
    assert view.shown().hands == ((NORTH, waiting.slot, waiting.seeds),)
    assert sum(view.shown().board) + waiting.seeds == 98
    x, y = view.hand_at[NORTH]
    assert off_the_board(view, x, y, view.hand_radius(waiting.seeds)) and background_share(view, x, y) < 0.9
    assert view.hand_counts[0].text == str(waiting.seeds)
    run_script(view, "2")  # South sows again: North's hand goes on from where it waited
    frames = view.playback.frames
    assert frames[0].hands == ((NORTH, waiting.slot, waiting.seeds),)
    assert NORTH in [player for player, _, _ in frames[1].hands]
    assert all(sum(f.board) + sum(seeds for _, _, seeds in f.hands) == 98 for f in frames[:-1])


def test_a_round_ends_and_the_next_is_refilled_in_step_with_the_picture(game_window):
    # South's last seed ends round 1 (61 to 37): North can fill 5 houses, 1 and 2 burn.
    view = game_window(Game.at("traditional", LAST_MOVE), opponent="greedy", seed=1)
    north_1 = view.game.slot_of(NORTH, 1)
    unburnt = hole_pixels(view, north_1)
    run_script(view, "7; wait 0.3")  # the seed has landed; the round is not counted yet
    assert view.status.text.startswith("Round 1: South (you) 61, North (greedy) 30")
    assert view.counts[north_1].text == "1" and changed(unburnt, hole_pixels(view, north_1)) < 50
    seen = []
    while view.playback is not None:
        seen.append((view.note.text, view.status.text.split(":")[0], view.counts[north_1].text))
        view.wait(0.1)
        view.render()
    # The count to the stores, then the refill, each in sight for a while, said as shown.
    ends = [row for row in seen if row[0] == "Round 1 ends: South 61, North 37"]
    refill = [row for row in seen if row[0] == "North's burnt houses: 1, 2. Round 2: North starts"]
    assert len(ends) >= 10 and all(row[1:] == ("Round 1", "0") for row in ends)
    assert len(refill) >= 10 and all(row[1:] == ("Round 2", "") for row in refill)
    assert seen.index(ends[-1]) < seen.index(refill[0])


def test_a_tall_window_gives_the_module_s_diagonal_board_its_height(game_window):
    def drawn(size):
        view = game_window(Game("module"), size=size, opponent="greedy", seed=1)
        x0, y0, x1, y1, half = view.board.bar
        run_script(view, "rules")
        texts = [view.title, view.panel_title, view.panel_text, view.status, view.keys]
        return view, math.dist((x0, y0), (x1, y1)), texts

    wide, wide_length, _ = drawn((720, 460))
    tall, tall_length, (title, panel_title, panel_text, status, keys) = drawn((720, 1100))
    assert abs(wide.k - tall.k) < 0.01 and tall_length > 1.5 * wide_length  # the board grows, not only the gaps
    top_row = max(p.y + p.ry for p in tall.places)
    bottom_row = min(p.y - p.ry for p in tall.places)
    assert status.y < bottom_row and top_row < title.y - title.content_height / 2 <= 1100
    assert panel_title.y - panel_text.y < 40 * tall.k  # the panel's text under its title, not down the board
    assert keys.y >= 0 and status.y - status.content_height > keys.y


def test_at_the_default_size_the_module_s_diagonal_board_fills_the_window_beside_the_texts(game_window):
    """The texts go beside the diagonal board in a wide window, so the board takes the
    window's height (its bar was 332 px long at 1000x640 with the texts under it)."""
    view = game_window(Game("module"), opponent="greedy", seed=1)
    x0, y0, x1, y1, _ = view.board.bar
    assert view.beside and math.dist((x0, y0), (x1, y1)) > 0.65 * view.window.height
    right = max(p.x + p.rx for p in view.places)
    assert view.status.x > right and view.note.x > right  # beside it, not over it
    assert view.status.x + view.status.width <= view.window.width
    assert not game_window(Game("congkak"), opponent="greedy").beside  # a straight board fills the width already


def test_esc_on_a_game_not_saved_asks_again_before_quitting(game_window, tmp_path, monkeypatch):
    from pyglet.window import key

    from ktane_congkak.games.window import QUIT_ASKED

    monkeypatch.chdir(tmp_path)
    view = game_window(Game("congkak"), opponent="greedy", seed=2)
    run_script(view, "3; wait 30")
    view.on_key_press(key.ESCAPE, 0)
    view.render()
    assert not view.closed and view.note.text == QUIT_ASKED
    view.on_key_press(key.H, 0)  # another key: the question is forgotten
    view.on_key_press(key.ESCAPE, 0)
    assert not view.closed
    view.on_mouse_press(1, 1, 1, 0)  # a click too
    view.on_key_press(key.ESCAPE, 0)
    assert not view.closed
    view.on_key_press(key.ESCAPE, 0)  # asked twice in a row: it quits
    assert view.closed
    saved = game_window(Game("congkak"), opponent="greedy", seed=2)
    run_script(saved, "3; wait 30; save")
    assert (tmp_path / "congkak-game.yaml").exists()
    saved.on_key_press(key.ESCAPE, 0)  # nothing to lose: at once
    assert saved.closed


def test_esc_after_an_undo_and_another_move_since_the_save_asks_again(game_window, tmp_path, monkeypatch):
    from pyglet.window import key

    monkeypatch.chdir(tmp_path)
    view = game_window(Game("congkak"), opponent="greedy", seed=2)
    run_script(view, "1; wait 5; save; undo; 2")  # saved: hole 1 (another turn); now hole 2, as many moves
    view.on_key_press(key.ESCAPE, 0)
    assert not view.closed


def test_a_last_seed_in_the_store_that_ends_the_game_promises_no_other_turn(game_window):
    view = game_window(Game.at("congkak", LAST_MOVE), opponent="greedy")
    run_script(view, "7")
    captions = [frame.caption for frame in view.playback.frames]
    run_script(view, "wait 5")
    assert "South: the last seed lands in the store" in captions
    assert not any("another turn" in words for words in captions + view.game.log)
    assert view.note.text.startswith("South sows hole 7: 1 drop, 0 relays; the last seed lands in the store | ")


@pytest.mark.parametrize("rules", ["traditional", "module"])
def test_two_hands_over_one_hole_are_drawn_side_by_side(game_window, rules):
    from ktane_congkak.games.playback import Playback

    view = game_window(Game(rules), opponent="greedy")
    board = list(view.game.board)
    frame = Frame(tuple(board), 3, ((SOUTH, 3, 12), (NORTH, 3, 5)), "Both hands sow at once")
    view.playback = Playback([frame, frame, frame], 10.0)
    view.render()
    (sx, sy), (nx, ny) = view.hand_at[SOUTH], view.hand_at[NORTH]
    assert math.dist((sx, sy), (nx, ny)) >= view.hand_radius(12) + view.hand_radius(5)
    for x, y, seeds in ((sx, sy, 12), (nx, ny, 5)):
        assert off_the_board(view, x, y, view.hand_radius(seeds)) and background_share(view, x, y, 3) < 0.5
    assert sorted(label.text for label in view.hand_counts) == ["12", "5"]
    view.playback = None


def test_a_save_without_a_name_never_overwrites_another_game_s(game_window, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "congkak-game.yaml").write_text("# an earlier game\n")
    view = game_window(Game("congkak"), opponent="greedy", seed=2)
    run_script(view, "3; wait 30; save")
    assert view.note.text == "Saved to congkak-game-2.yaml"
    assert (tmp_path / "congkak-game.yaml").read_text() == "# an earlier game\n"
    run_script(view, "5; wait 30; save")  # this game's own save is kept up to date
    assert view.note.text == "Saved to congkak-game-2.yaml" and not (tmp_path / "congkak-game-3.yaml").exists()
    assert "moves:" in (tmp_path / "congkak-game-2.yaml").read_text()


def test_text_sits_on_whole_pixels_at_any_size(game_window):
    # A label half a pixel off its grid had its glyphs' top row cut (the status at 720x460).
    view = game_window(Game("traditional"), size=(733, 467), opponent="greedy", seed=4)
    run_script(view, "wait 0.1; 1; wait 0.3")
    labels = [view.title, view.status, view.note, view.keys, view.banner, view.panel_title, view.panel_text,
              *view.counts, *view.numbers, *view.hand_counts]
    assert any(label.text for label in view.hand_counts)
    assert all(label.x == int(label.x) and label.y == int(label.y) for label in labels)
