"""The traditional games on small hand-made positions, each checked against the seed's
wording (quoted beside each test), plus save/resume and undo.

Seven-hole boards (malaysia, congkak, traditional): South's holes are slots 0..6 (hole 1
= slot 0, sowing towards slot 6), South's store slot 7, North's holes 8..14, North's
store 15; slot s faces slot 14 - s. Mancala: 6 holes, stores 6 and 13, s faces 12 - s.
"""

from __future__ import annotations

import io
import random
from importlib import resources
import subprocess
import sys
from pathlib import Path

import pytest

from ktane_congkak.cli import main
from ktane_congkak.errors import UserError
from ktane_congkak.files import dump_yaml, read_yaml
from ktane_congkak.games.game import NORTH, SOUTH, Game
from ktane_congkak.games.positions import margin, round_over
from ktane_congkak.games.saves import game_from_dict, load_game
from ktane_congkak.games.session import Session
from ktane_congkak.games.terminal import play
from ktane_congkak.core.rules import load_ruleset, ruleset_from_dict
from ktane_congkak.core.sowing import Hand, lockstep_tick, pick_up, play_turn

from conftest import modules_loaded

RULESETS = ("module", "malaysia", "congkak", "mancala", "traditional")

@pytest.fixture(autouse=True)
def wide_output(monkeypatch):
    """The words unwrapped: tests/cli/test_widths.py checks how they are fitted to the terminal."""
    monkeypatch.setenv("COLUMNS", "1000")



def board7(south, south_store, north, north_store):
    """A 16-slot board from South's holes 1..7, stores and North's holes 8..14."""
    return [*south, south_store, *north, north_store]


def test_every_ruleset_loads_with_its_seed_numbers():
    shapes = {name: (load_ruleset(name).holes_per_side, load_ruleset(name).seeds_per_hole) for name in RULESETS}
    assert shapes == {"module": (7, 7), "malaysia": (7, 7), "congkak": (7, 7), "mancala": (6, 4), "traditional": (7, 7)}
    assert load_ruleset("mancala").total_seeds == 48  # "4 seeds in each pit, 48 in all"
    assert load_ruleset("congkak").total_seeds == 98  # "Every pit starts with seven seeds, 98 in all"
    # "owns the home to his left" / "your store is on your right": both right after your own row.
    assert [load_ruleset(n).store(SOUTH) for n in ("malaysia", "congkak", "mancala", "traditional")] == [7, 7, 6, 7]


@pytest.mark.parametrize("name", ["malaysia", "congkak", "traditional", "mancala"])
def test_last_seed_in_own_store_gives_another_turn(name):
    # congkak: "the last seed lands in your store, which gives you another move"
    n = load_ruleset(name).holes_per_side
    board = [0] * (2 * n + 2)
    board[n - 1], board[n - 2], board[n + 1] = 1, 3, 4  # South's last hole holds one seed
    game = Game.at(name, board)
    game.move(SOUTH, n - 1)
    assert game.board[n] == 1 and game.waiting == (SOUTH,)


def test_congkak_capture_takes_the_seed_and_the_seeds_opposite():
    # "An empty pit of your own captures: you take that seed and the seeds in the pit
    # opposite into your store."
    game = Game.at("congkak", board7([0, 0, 1, 0, 0, 0, 2], 0, [0, 0, 0, 5, 0, 0, 1], 0))
    game.move(SOUTH, 2)  # one seed into the empty slot 3, which faces slot 11 (5 seeds)
    assert game.board == board7([0, 0, 0, 0, 0, 0, 2], 6, [0, 0, 0, 0, 0, 0, 1], 0)
    assert game.waiting == (NORTH,)


def test_congkak_capture_with_nothing_opposite_still_banks_the_seed():
    # "take the seed and the seeds opposite, if any"
    game = Game.at("congkak", board7([0, 0, 1, 0, 0, 0, 2], 0, [0, 0, 0, 0, 3, 0, 1], 0))
    game.move(SOUTH, 2)
    assert game.board == board7([0, 0, 0, 0, 0, 0, 2], 1, [0, 0, 0, 0, 3, 0, 1], 0)


def test_malaysia_empty_opposite_captures_nothing():
    # "If the opposing hole is empty, no pieces are captured." (the last piece stays)
    game = Game.at("malaysia", board7([0, 0, 1, 0, 0, 0, 2], 0, [0, 0, 0, 0, 3, 0, 1], 0))
    game.move(SOUTH, 2)
    assert game.board == board7([0, 0, 0, 1, 0, 0, 2], 0, [0, 0, 0, 0, 3, 0, 1], 0)
    assert game.waiting == (NORTH,)


def test_malaysia_capture_with_seeds_opposite():
    # "captures all the pieces in the hole directly across ... (plus the last piece sown)"
    game = Game.at("malaysia", board7([0, 0, 1, 0, 0, 0, 2], 0, [0, 0, 0, 4, 0, 0, 1], 0))
    game.move(SOUTH, 2)
    assert game.board == board7([0, 0, 0, 0, 0, 0, 2], 5, [0, 0, 0, 0, 0, 0, 1], 0)


def test_relay_picks_up_an_occupied_hole_on_either_side():
    # "If the last piece falls into an occupied hole then all the pieces are removed from
    # that hole, and are sown in the same way"
    game = Game.at("congkak", board7([0, 0, 0, 0, 0, 1, 0], 0, [2, 0, 0, 0, 0, 0, 3], 0))
    turn = game.move(SOUTH, 5)[0][1]
    # 5 -> 6 (empty, own): capture of slot 8 (2 seeds) + the seed: no relay here
    assert turn.end == "capture" and game.board[7] == 3
    game = Game.at("congkak", board7([0, 0, 0, 0, 0, 2, 0], 0, [2, 0, 0, 0, 0, 0, 3], 0))
    turn = game.move(SOUTH, 5)[0][1]
    # 5 -> 6, 7 (store): extra turn; then from 6 (1 seed) -> 7 again: a second extra turn
    assert turn.end == "extra_turn" and game.waiting == (SOUTH,)
    game = Game.at("congkak", board7([0, 0, 0, 0, 0, 0, 3], 0, [2, 0, 0, 0, 0, 0, 3], 0))
    turn = game.move(SOUTH, 6)[0][1]
    # 6 -> 7, 8, 9: slot 9 was empty (North's): the turn ends; the seed stays there
    assert turn.end == "opponent_empty" and list(turn.after[:10]) == [0, 0, 0, 0, 0, 0, 0, 1, 3, 1]
    game = Game.at("congkak", board7([0, 0, 0, 0, 0, 0, 2], 0, [2, 0, 0, 0, 0, 0, 3], 0))
    turn = game.move(SOUTH, 6)[0][1]
    # 6 -> 7, 8: slot 8 held 2 ("on either side of the board"): relay 3 seeds 9, 10, 11
    assert turn.sows == ((6, 2), (8, 3)) and turn.end == "opponent_empty"


def test_mancala_occupied_pit_ends_the_turn_and_empty_opposite_captures_nothing():
    # "Last seed in an occupied pit: Your turn ends." "On your side with seeds opposite:
    # take both. Otherwise your turn ends."
    rules = load_ruleset("mancala")
    game = Game.at(rules, [1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 4, 0])
    game.move(SOUTH, 0)  # one seed into slot 1 (2 seeds there): the turn just ends
    assert game.board[:2] == [0, 3] and game.waiting == (NORTH,)
    game = Game.at(rules, [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 4, 0])
    game.move(SOUTH, 1)  # into empty slot 2, facing slot 10: empty, no capture
    assert game.board[2] == 1 and game.board[6] == 0
    game = Game.at(rules, [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 3, 2, 4, 0])
    game.move(SOUTH, 1)  # facing slot 10 holds 3: "take both"
    assert game.board[6] == 4 and game.board[10] == 0 and game.board[2] == 0


def test_mancala_sows_through_own_store_and_skips_the_other():
    # "Anticlockwise, through your own store and skipping your opponent's."
    rules = load_ruleset("mancala")
    board = [0, 0, 0, 0, 0, 9, 0, 1, 1, 1, 1, 1, 1, 0]
    turn = play_turn(board, rules, SOUTH, 5)
    drops = [step[1] for step in turn.steps(rules) if step[0] == "drop"]
    assert drops == [6, 7, 8, 9, 10, 11, 12, 0, 1]  # slot 13, North's store, skipped


def test_malaysia_a_player_without_seeds_passes():
    # "If a player has no pieces on his side of the board when it is his turn, then he
    # must pass."
    game = Game.at("malaysia", board7([0, 0, 0, 0, 0, 0, 1], 0, [0, 0, 0, 0, 0, 2, 1], 0))
    events = game.move(SOUTH, 6)  # into the store: another turn, but no seeds left
    assert ("pass", SOUTH) in events and game.waiting == (NORTH,) and not game.over
    game.move(NORTH, 14)  # North's last seed into its store: another turn
    assert game.waiting == (NORTH,)
    game.move(NORTH, 13)  # 2 seeds: 14, 15 -> another turn; then 14 -> 15
    game.move(NORTH, 14)
    # "The game ends when no pieces are left in any hole on both sides of the board."
    assert game.over and game.board == board7([0] * 7, 1, [0] * 7, 3) and game.state.winner == NORTH


def test_malaysia_goes_on_while_one_side_still_has_seeds():
    game = Game.at("malaysia", board7([0, 0, 0, 0, 0, 0, 1], 0, [0, 0, 0, 0, 3, 0, 0], 0))
    game.move(SOUTH, 6)
    assert not game.over and game.waiting == (NORTH,)


def test_congkak_game_ends_when_a_side_is_empty_and_each_counts_their_own_side():
    # "The game ends as soon as either side has no seeds left. Each player then adds the
    # seeds on their own side to their store, and the bigger store wins."
    game = Game.at("congkak", board7([0, 0, 0, 0, 0, 0, 1], 40, [5, 0, 0, 0, 0, 0, 9], 43))
    game.move(SOUTH, 6)  # into the store (an extra turn), but South's side is now empty
    assert game.over
    assert game.board == board7([0] * 7, 41, [0] * 7, 57)
    assert game.state.winner == NORTH and game.state.round_scores == [(41, 57)]


def test_mancala_end_counts_the_remaining_seeds_to_their_owner():
    game = Game.at("mancala", [0, 0, 0, 0, 0, 1, 20, 1, 0, 0, 0, 0, 2, 24])
    game.move(SOUTH, 5)
    assert game.over and game.state.round_scores == [(21, 27)] and game.state.winner == NORTH


def test_draw():
    game = Game.at("congkak", board7([0, 0, 0, 0, 0, 0, 1], 48, [0, 0, 0, 0, 0, 0, 1], 48))
    game.move(SOUTH, 6)
    assert game.over and game.state.winner is None and "draw" in game.state.result


# --- traditional: rounds, refills and burnt houses ---------------------------------------

def test_round_end_refills_left_to_right_burns_the_rest_and_the_loser_starts():
    # "Beginning from left to right, seven shells are placed in each 'house'. If a player
    # does not have sufficient shells to fill his own 'houses', the remaining cups are
    # left empty and are considered 'burnt'. The leftover shells are deposited into his
    # own 'storehouse.'" "The loser gets to start the second round."
    game = Game.at("traditional", board7([0, 0, 0, 0, 0, 0, 1], 29, [0] * 6 + [5], 63))
    game.move(SOUTH, 6)  # South's side empties: the round ends, South 30 - North 68
    assert not game.over and game.state.round == 2
    # South's home is on the left, next to slot 6: slots 6, 5, 4, 3 are filled, 2 seeds left.
    assert game.board == board7([0, 0, 0, 7, 7, 7, 7], 2, [7] * 7, 19)
    assert game.burnt == {0, 1, 2}
    assert game.waiting == (SOUTH,) and not game.lockstep  # the loser starts


def test_sowing_bypasses_burnt_houses():
    # "players will bypass 'burnt houses' for instance no shells are to be dropped into
    # these houses"
    game = Game.at("traditional", board7([0, 0, 0, 7, 7, 7, 7], 2, [7] * 7, 19), waiting=(NORTH,),
                   burnt={0, 1, 2}, round=2)
    turn = game.move(NORTH, 14)[0][1]
    drops = [step[1] for step in turn.steps(game.rules) if step[0] == "drop"][:7]
    assert drops == [15, 3, 4, 5, 6, 8, 9]  # slots 0-2 burnt, South's store skipped
    assert all(game.board[s] == 0 for s in (0, 1, 2))
    assert sum(game.board) == 98


def test_burnt_houses_stay_burnt_and_a_player_without_houses_loses():
    # "Play continues until one player loses all his 'houses'"
    game = Game.at("traditional", board7([0, 0, 0, 0, 0, 0, 1], 5, [0] * 6 + [5], 87), burnt={0, 1, 2}, round=3)
    game.move(SOUTH, 6)  # the round ends: South 6 seeds, not enough for one house
    assert game.over and game.state.winner == NORTH and "cannot fill a single house" in game.state.result
    # With enough seeds South refills only the houses it still has (burnt stay burnt).
    game = Game.at("traditional", board7([0, 0, 0, 0, 0, 0, 1], 60, [0] * 6 + [5], 32), burnt={0, 1, 2}, round=3)
    game.move(SOUTH, 6)
    # South 61: its four houses (28), 33 stay in the store; North 37: five houses, 2 left.
    assert game.board == board7([0, 0, 0, 7, 7, 7, 7], 33, [0, 0, 7, 7, 7, 7, 7], 2)
    assert game.burnt == {0, 1, 2, 8, 9} and game.waiting == (NORTH,)


def test_a_tied_round_starts_simultaneously_again():
    game = Game.at("traditional", board7([0, 0, 0, 0, 0, 0, 1], 48, [0] * 6 + [1], 48))
    game.move(SOUTH, 6)
    assert game.state.round == 2 and game.lockstep and game.waiting == (SOUTH, NORTH)
    assert game.board == board7([7] * 7, 0, [7] * 7, 0)


def test_concede():
    # "or concedes defeat"
    game = Game("traditional")
    game.concede(NORTH)
    assert game.over and game.state.winner == SOUTH


# --- the simultaneous (lockstep) start ---------------------------------------------------

TINY = ruleset_from_dict({
    "name": "tiny", "holes_per_side": 3, "seeds_per_hole": 3,
    "sowing": {"own_store": "after_own_row"},
    "last_seed": {"own_store": "extra_turn", "occupied_hole": "relay", "own_empty_hole": "capture"},
    "game": {"first_move": "simultaneous", "rounds": "until_no_houses", "burnt_houses": "permanent"},
})  # slots: South 0, 1, 2, store 3; North 4, 5, 6, store 7; slot s faces 6 - s


def test_traditional_starts_with_both_players_at_once():
    # "Both players begin simultaneously by scooping up all the shells in any house on
    # their side."
    game = Game("traditional")
    assert game.lockstep and game.waiting == (SOUTH, NORTH)
    game.move(NORTH, 10)  # the order the two choices arrive in does not matter
    assert game.board == list(game.rules.fresh_board())  # nothing moves until both chose
    events = game.move(SOUTH, 2)
    ticks = events[0][1]  # (board after the tick, what happened in it), the pick-ups first
    assert [e[:3] for e in ticks[0][1]] == [("pickup", SOUTH, 2), ("pickup", NORTH, 10)]
    assert ticks[0][0] == tuple(0 if s in (2, 10) else game.rules.fresh_board()[s] for s in range(16))
    assert ticks[-1][0] == tuple(game.board)
    assert sum(game.board) + sum(h.seeds for h in game.state.hands or () if h is not None) == 98


def test_a_choice_of_the_simultaneous_start_is_hidden_in_the_other_players_copy():
    game = Game("traditional")
    game.move(NORTH, 10)
    assert game.has_chosen(NORTH) and not game.has_chosen(SOUTH) and game.legal(NORTH) == []
    trial = game.clone_unchosen(NORTH)  # what South may reason about: North's choice unseen
    assert not trial.has_chosen(NORTH) and 10 in trial.legal(NORTH) and 12 in trial.legal(NORTH)
    trial.move(NORTH, 12)
    ticks = trial.move(SOUTH, 2)[0][1]
    assert [e[:3] for e in ticks[0][1]] == [("pickup", SOUTH, 2), ("pickup", NORTH, 12)]  # not 10
    assert game.has_chosen(NORTH) and game.board == list(game.rules.fresh_board())  # the game itself is untouched


def test_lockstep_both_hands_reach_their_stores_together_then_both_choose_again():
    game = Game.at(TINY, [3, 3, 3, 0, 3, 3, 3, 0], waiting=(SOUTH, NORTH))
    game.move(SOUTH, 0)
    events = game.move(NORTH, 4)
    ticks = events[0][1]
    drops = [e for _, happened in ticks for e in happened if e[0] == "drop"]
    # One seed each per tick, South's first: 1|5, 2|6, South's store 3|North's store 7.
    assert [(e[1], e[2]) for e in drops] == [(0, 1), (1, 5), (0, 2), (1, 6), (0, 3), (1, 7)]
    # The game records the board after the pick-ups and after every tick.
    assert [board for board, _ in ticks] == [(0, 3, 3, 0, 0, 3, 3, 0), (0, 4, 3, 0, 0, 4, 3, 0),
                                             (0, 4, 4, 0, 0, 4, 4, 0), (0, 4, 4, 1, 0, 4, 4, 1)]
    assert game.board == [0, 4, 4, 1, 0, 4, 4, 1] and game.waiting == (SOUTH, NORTH)


def test_lockstep_boards_include_captures():
    # Tick 1: South's seed into its empty slot 1: a capture (the seed goes to the store);
    # tick 3: North's last seed lands in South's slot 0, emptied by South's pick-up.
    game = Game.at(TINY, [1, 0, 2, 0, 0, 3, 0, 0], waiting=(SOUTH, NORTH))
    game.move(SOUTH, 0)
    ticks = game.move(NORTH, 5)[0][1]
    assert [board for board, _ in ticks] == [(0, 0, 2, 0, 0, 0, 0, 0), (0, 0, 2, 1, 0, 0, 1, 0),
                                             (0, 0, 2, 1, 0, 0, 1, 1), (1, 0, 2, 1, 0, 0, 1, 1)]
    assert ("capture", SOUTH, 1, 5, 1) in ticks[1][1]


def test_lockstep_the_hand_that_stops_first_moves_next():
    game = Game.at(TINY, [1, 0, 2, 0, 0, 3, 0, 0], waiting=(SOUTH, NORTH))
    game.move(SOUTH, 0)
    game.move(NORTH, 5)
    # Tick 1: South's seed into its empty slot 1: capture, nothing opposite (North took
    # slot 5 up): South's hand stops; North's seed into 6. Tick 2: North into its store.
    # Tick 3: North's last seed into South's emptied slot 0: North's hand stops.
    assert game.board == [1, 0, 2, 1, 0, 0, 1, 1]
    assert game.waiting == (SOUTH,) and not game.lockstep


def test_lockstep_two_hands_in_the_same_hole_in_the_same_tick():
    # South's last seed lands first (an empty hole of North's: South stops), then North's
    # lands on it: the hole holds 2 and North relays both.
    slots = [0, 0, 0, 0, 0, 0, 0, 0]
    hands = [Hand(SOUTH, 3, 1), Hand(NORTH, 2, 1)]
    lockstep_tick(slots, TINY, hands)
    assert hands[0].end == "opponent_empty" and hands[1].seeds == 2 and hands[1].end == "sowing"
    assert slots[4] == 0


def test_a_hand_sowing_alone_ends_exactly_as_play_turn():
    rules = load_ruleset("traditional")
    rng = random.Random(5)
    for _ in range(200):
        board = [rng.randrange(0, 9) for _ in range(rules.size)]
        player = rng.randrange(2)
        starts = [s for s in rules.holes(player) if board[s]]
        if not starts:
            continue
        start = rng.choice(starts)
        burnt = frozenset(s for s in range(rules.size) if rules.owner(s) is not None and s != start
                          and not board[s] and rng.random() < 0.5)
        turn = play_turn(board, rules, player, start, burnt)
        slots = list(board)
        hands = [None, None]
        hands[player] = pick_up(slots, player, start, rules)
        while hands[player].end == "sowing":
            lockstep_tick(slots, rules, hands, burnt)
        assert tuple(slots) == turn.after and hands[player].end == turn.end


# --- undo, save and resume ---------------------------------------------------------------

def _play_randomly(game, moves, rng):
    for _ in range(moves):
        if game.over:
            break
        for p in game.waiting:
            game.move(p, rng.choice(game.legal(p)))


@pytest.mark.parametrize("name", RULESETS)
def test_a_saved_game_resumes_identically(name, tmp_path):
    rng = random.Random(11)
    game = Game(name)
    _play_randomly(game, 60, rng)
    path = tmp_path / "game.yaml"
    game.save(path, opponent="greedy")
    loaded, data = load_game(path)
    assert loaded.state == game.state and loaded.log == game.log
    assert data["opponent"] == "greedy" and data["rules"] == name
    # both go on the same way
    rng1, rng2 = random.Random(3), random.Random(3)
    _play_randomly(game, 40, rng1)
    _play_randomly(loaded, 40, rng2)
    assert loaded.state == game.state


def test_a_game_from_a_set_position_saves_its_start(tmp_path):
    game = Game.at("traditional", board7([0, 0, 0, 7, 7, 7, 7], 2, [7] * 7, 19), waiting=(NORTH,),
                   burnt={0, 1, 2}, round=2)
    game.move(NORTH, 14)
    game.save(tmp_path / "g.yaml")
    again, _ = load_game(tmp_path / "g.yaml")
    assert again.state == game.state and again.burnt == {0, 1, 2}


def test_a_game_under_a_ruleset_file_saves_its_path_and_loads_anywhere(tmp_path, monkeypatch, capsys):
    # The ruleset's `source` (documentation: the seed it comes from) is not where it is.
    text = (resources.files("ktane_congkak.core") / "rulesets" / "congkak.yaml").read_text()
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "house.yaml").write_text(text.replace("name: congkak", "name: house"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("3\nquit\n"))
    assert main(["game", "--rules", "mine/house.yaml", "--opponent", "greedy", "--seed", "2", "--text",
                 "--save", "g.yaml"]) == 0
    data = read_yaml(tmp_path / "g.yaml")
    assert data["rules"] == str(tmp_path / "mine" / "house.yaml") and "source" not in data
    first, _ = load_game(tmp_path / "g.yaml")
    assert first.rules.name == "house" and first.moves[0] == (SOUTH, 2)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))  # the same file given again: fine
    assert main(["game", "--rules", "mine/house.yaml", "--load", "g.yaml", "--text"]) == 0
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    loaded, _ = load_game(tmp_path / "g.yaml")
    assert loaded.state == first.state and loaded.rules.name == "house"
    monkeypatch.setattr(sys, "stdin", io.StringIO("board\nquit\n"))
    capsys.readouterr()
    assert main(["game", "--load", str(tmp_path / "g.yaml"), "--text"]) == 0
    assert "North (greedy)" in capsys.readouterr().out


def test_a_ruleset_made_in_code_cannot_be_saved(tmp_path):
    with pytest.raises(UserError, match="cannot be saved"):
        Game.at(TINY, [3, 3, 3, 0, 3, 3, 3, 0]).save(tmp_path / "g.yaml")
    assert not (tmp_path / "g.yaml").exists()


def test_a_tampered_save_is_refused():
    game = Game("congkak")
    game.move(SOUTH, 3)
    data = game.to_dict()
    data["position"]["board"] = "1 " + data["position"]["board"]
    with pytest.raises(UserError, match="board must be 16"):
        game_from_dict(data)
    data["position"]["board"] = "1 " + game.to_dict()["position"]["board"][2:]
    with pytest.raises(UserError, match="saved board does not match"):
        game_from_dict(data)
    data = game.to_dict()
    data["moves"] = ["south 3", "south 3"]
    with pytest.raises(UserError, match="move 2"):
        game_from_dict(data)
    with pytest.raises(UserError, match="not a saved"):
        game_from_dict({"just": "text"})


# --- malformed saved games: one line naming the file and the field, exit 2 ------------------

def _saved(tmp_path) -> dict:
    session = Session(Game.at("traditional", board7([0, 0, 0, 7, 7, 7, 7], 2, [7] * 7, 19), waiting=(NORTH,),
                              burnt={0, 1, 2}, round=2), opponent="greedy", seed=1)
    session.game.move(NORTH, 14)
    return session.game.to_dict(**session.settings())


def _set(path, value):
    """A change to the saved data: `path` like 'start.board'; value DELETE removes it."""
    def change(data):
        *parents, key = path.split(".")
        for parent in parents:
            data = data[parent]
        data[key] = value
    return change


MALFORMED = [
    (_set("start.waiting", []), "'start': someone must be waiting"),
    (_set("start.waiting", "south"), "'start'.waiting must be a list"),
    (_set("start", 5), "'start' must be a mapping"),
    (_set("start.colour", "red"), "'start': unknown field 'colour'"),
    (lambda d: d["start"].pop("board"), "'start': missing field 'board'"),
    (_set("start.board", "1 2 3"), "'start'.board must be 16 whole numbers"),
    (_set("start.board", [-1] + [7] * 15), "'start'.board must be 16"),
    (_set("start.board", [1.5] * 16), "'start'.board must be 16"),
    (_set("start.burnt", [15]), "'start'.burnt must be a list of hole slots"),
    (_set("start.burnt", [-1]), "'start'.burnt must be a list of hole slots"),
    (_set("start.burnt", "0 1"), "'start'.burnt must be a list"),
    (_set("start.burnt", [3]), "'start': only holes can be burnt, and a burnt house holds no seeds"),
    (_set("start.round", 0), "'start'.round must be a whole number from 1"),
    (_set("start.round", "abc"), "'start'.round must be"),
    (_set("position", 5), "'position' must be a mapping"),
    (_set("position.over", "maybe"), "'position'.over must be true or false"),
    (_set("position.waiting", ["north"]), "'position': the saved waiting does not match the moves"),
    (_set("position.round", 3), "'position': the saved round does not match the moves"),
    (_set("rules", 5), "'rules' must be a ruleset name or a YAML file"),
    (_set("rules", "nope"), "'rules': no ruleset 'nope'"),
    (_set("rules", "mancala"), "'start'.board must be 14 whole numbers"),
    (_set("format", 2), "save format 2 is not supported"),
    (_set("format", True), "save format True is not supported"),
    (_set("moves", "north 7"), "'moves' must be a list"),
    (_set("moves", ["north 9"]), "move 1 (north 9): hole 9 does not exist"),
    (_set("moves", ["north ²"]), "move 1 'north ²' is not like 'south 3'"),
    (_set("moves", [[1, 2]]), "move 1 [1, 2] is not like"),
    (_set("moves", ["north 7", "south concedes", "north concedes"]), "move 3 (north concedes): the game is over"),
    (_set("budget", "abc"), "'budget' must be from 0.01 to 60 seconds, got 'abc'"),
    (_set("budget", 0), "'budget' must be from 0.01 to 60 seconds, got 0"),
    (_set("budget", 61), "'budget' must be from 0.01 to 60 seconds, got 61"),
    (_set("budget", True), "'budget' must be"),
    (_set("depth", 0), "'depth' must be a whole number from 1 to 12, got 0"),
    (_set("depth", 13), "'depth' must be a whole number from 1 to 12"),
    (_set("depth", 2.5), "'depth' must be a whole number"),
    (_set("depth", True), "'depth' must be a whole number"),
    (_set("you", 5), "'you' must be a list of south and north, got 5"),
    (_set("you", []), "'you' must be a list"),
    (_set("opponent", "clever"), "'opponent' must be one of easy, medium, hard, expert, random, greedy, search, human"),
    (_set("seed", [1]), "'seed' must be a word or a number"),
]


@pytest.mark.parametrize("change,message", MALFORMED, ids=[m for _, m in MALFORMED])
def test_a_malformed_save_is_one_line_naming_the_field(change, message, tmp_path, capsys):
    data = _saved(tmp_path)
    change(data)
    path = tmp_path / "bad.yaml"
    path.write_text(dump_yaml(data))
    assert main(["game", "--load", str(path), "--text"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"ktane-congkak: game: {path}: ") and message in err, err


def test_a_valid_save_loads_and_bad_files_give_no_traceback(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text(dump_yaml(_saved(tmp_path)))
    bad = tmp_path / "bad.yaml"
    bad.write_text(dump_yaml({**_saved(tmp_path), "position": 5}))
    not_yaml = tmp_path / "broken.yaml"
    not_yaml.write_text("moves: [south 3\n")
    run = [sys.executable, "-m", "ktane_congkak", "game", "--text", "--load"]
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    result = subprocess.run([*run, str(good)], input="board\nquit\n", capture_output=True, text=True, env=env,
                            timeout=60)
    assert result.returncode == 0 and "Round 2:" in result.stdout and not result.stderr
    for path in (bad, not_yaml):
        result = subprocess.run([*run, str(path)], capture_output=True, text=True, env=env, timeout=60)
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result.stderr
        assert result.stderr.startswith(f"ktane-congkak: game: {path}") and "Traceback" not in result.stderr


# --- a failed save in a running game ------------------------------------------------------

def test_saving_to_a_bad_path_reports_one_line_and_the_game_goes_on(tmp_path):
    session = Session(Game("congkak"), opponent="greedy", seed=3)
    out = io.StringIO()
    missing = tmp_path / "no" / "g.yaml"
    play(session, io.StringIO(f"save /\nsave {missing}\n3\nsave {tmp_path / 'ok.yaml'}\nquit\n"), out)
    lines = out.getvalue().splitlines()
    problems = [line for line in lines if line.startswith("! ") or "! " in line and "your hole>" in line]
    assert len(problems) == 2
    assert "/: is a folder, not a file" in problems[0] and f"{missing}: folder" in problems[1]
    assert session.game.moves[0] == (SOUTH, 2) and "South sows hole 3" in out.getvalue()
    assert (tmp_path / "ok.yaml").exists() and not missing.exists()


def test_autosaving_to_a_bad_path_reports_each_failure_and_the_game_goes_on(tmp_path):
    missing = tmp_path / "no" / "g.yaml"
    session = Session(Game("mancala"), opponent="greedy", seed=3, save_path=missing)
    out = io.StringIO()
    play(session, io.StringIO("3\nundo\n3\nquit\n"), out)
    text = out.getvalue()
    assert text.count(f"! not saved: {missing}: folder") == 3
    assert "Undone." in text and session.game.moves[0] == (SOUTH, 2) and not missing.exists()


def test_undo_takes_back_moves_one_at_a_time():
    import copy

    game = Game("traditional")
    before = copy.deepcopy(game.state)
    game.move(SOUTH, 3)
    middle = copy.deepcopy(game.state)
    assert game.state.pending == {SOUTH: 3}
    game.move(NORTH, 9)
    assert game.state != middle
    assert game.undo() and game.state == middle
    assert game.undo() and game.state == before and game.moves == []
    assert not game.undo()


def test_round_over_and_margin_of_a_position():
    rules = load_ruleset("congkak")
    board = board7([0] * 7, 40, [5, 0, 0, 0, 0, 0, 9], 43)
    assert round_over(board, rules) and margin(board, rules, SOUTH) == 40 - 57 == -margin(board, rules, NORTH)
    assert not round_over(board, load_ruleset("malaysia"))  # there a round goes on while a side has seeds
    assert not round_over(load_ruleset("congkak").fresh_board(), rules)


def test_illegal_moves_are_one_line_errors():
    game = Game.at("traditional", board7([0, 0, 0, 7, 7, 7, 7], 2, [7] * 7, 19), burnt={0, 1, 2}, round=2)
    with pytest.raises(UserError, match="burnt"):
        game.move(SOUTH, 0)
    with pytest.raises(UserError, match="not North's turn"):
        game.move(NORTH, 10)


# --- the game command's options: one range each, reproducible games, the save file --------

@pytest.mark.parametrize("argv,message", [
    (["game", "--budget", "0"], "game: argument --budget: 0 seconds is not from 0.01 to 60"),
    (["game", "--budget", "100"], "game: argument --budget: 100 seconds is not from 0.01 to 60"),
    (["match", "--budget", "100"], "match: argument --budget: 100 seconds is not from 0.01 to 60"),
    (["match", "--budget", "0"], "match: argument --budget: 0 seconds is not from 0.01 to 60"),
    (["match", "--depth", "0"], "match: argument --depth: 0 is not from 1 to 12"),
    (["match", "--max-depth", "0"], "match: argument --max-depth: 0 is not from 1 to 200"),
    (["game", "--depth", "0"], "game: argument --depth: 0 is not from 1 to 12"),
    (["game", "--depth", "13"], "game: argument --depth: 13 is not from 1 to 12"),
    (["game", "--depth", "3", "--budget", "1"], "game: argument --budget: not allowed with argument --depth"),
])
def test_budget_and_depth_have_one_range_and_one_message_each(argv, message, capsys):
    assert main([*argv, "--text"] if argv[0] == "game" else argv) == 2
    assert capsys.readouterr().err == f"ktane-congkak: {message}\n"


def _game_output(monkeypatch, capsys, argv, commands) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(commands))
    capsys.readouterr()
    assert main(["game", *argv, "--text"]) == 0
    return capsys.readouterr().out


def test_the_same_seed_and_depth_play_the_same_game(monkeypatch, capsys):
    argv = ["--rules", "mancala", "--seed", "7", "--depth", "6"]
    commands = "3\nhint\n1\nhint\n5\nlog\nquit\n"
    first = _game_output(monkeypatch, capsys, argv, commands)
    assert "North sows hole" in first and "(searched 6 moves ahead)" in first
    assert _game_output(monkeypatch, capsys, argv, commands) == first
    # another depth is another game (the same seed alone does not fix the search's moves)
    assert _game_output(monkeypatch, capsys, ["--rules", "mancala", "--seed", "7", "--depth", "1"], commands) != first


def test_a_saved_depth_resumes_the_game_identically(tmp_path, monkeypatch, capsys):
    path = tmp_path / "g.yaml"
    whole = _game_output(monkeypatch, capsys, ["--rules", "congkak", "--seed", "3", "--depth", "4"],
                         "3\n6\nlog\nquit\n")
    _game_output(monkeypatch, capsys, ["--rules", "congkak", "--seed", "3", "--depth", "4", "--save", str(path)],
                 "3\nquit\n")
    assert read_yaml(path)["depth"] == 4 and read_yaml(path)["seed"] == "3"
    resumed = _game_output(monkeypatch, capsys, ["--load", str(path)], "6\nlog\nquit\n")
    log = resumed[resumed.rindex("South sows hole 3"):]
    assert log in whole
    # --budget given on loading replaces the saved depth (and --depth the saved budget)
    from ktane_congkak.cli import build_parser
    from ktane_congkak.cli.game import session_from_args

    assert session_from_args(build_parser().parse_args(["game", "--load", str(path)])).depth == 4
    again = session_from_args(build_parser().parse_args(["game", "--load", str(path), "--budget", "0.5"]))
    assert again.depth is None and again.budget == 0.5
    assert session_from_args(build_parser().parse_args(["game", "--load", str(path), "--depth", "2"])).depth == 2


def test_a_save_file_that_cannot_be_written_is_refused_before_the_game(tmp_path, monkeypatch, capsys):
    missing = tmp_path / "nodir" / "x.yaml"
    monkeypatch.setattr(sys, "stdin", io.StringIO("3\nquit\n"))
    assert main(["game", "--rules", "mancala", "--opponent", "greedy", "--save", str(missing), "--text"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"ktane-congkak: game: --save {missing}: folder {missing.parent} does not exist\n"
    assert main(["game", "--save", str(tmp_path), "--text"]) == 2
    assert capsys.readouterr().err == f"ktane-congkak: game: --save {tmp_path}: is a folder, not a file\n"
    assert sys.stdin.read() == "3\nquit\n"  # nothing was played


def test_quit_ends_the_prompt_line():
    out = io.StringIO()
    play(Session(Game("mancala"), opponent="greedy", seed=1), io.StringIO("quit\n"), out)
    assert out.getvalue().endswith("South, your hole> bye\n")
    out = io.StringIO()
    play(Session(Game("mancala"), opponent="greedy", seed=1), io.StringIO(""), out)  # end of input
    assert out.getvalue().endswith("South, your hole> \n")


@pytest.mark.parametrize("typed, refusal", [
    ("²", "! hole '²' is not a whole number"),
    ("hole ٣", "! hole '٣' is not a whole number"),
    ("sow 1_0", "! hole '1_0' is not a whole number"),
    ("3" * 30, f"! hole '{'3' * 30}' has more than 18 digits"),
    ("play " + "3" * 30, f"! hole '{'3' * 30}' has more than 18 digits"),
])
def test_a_hole_that_is_no_whole_number_is_one_line_and_the_game_goes_on(typed, refusal):
    session = Session(Game("mancala"), opponent="greedy", seed=1)
    out = io.StringIO()
    play(session, io.StringIO(f"{typed}\n1\nquit\n"), out)
    lines = out.getvalue().splitlines()
    assert [line for line in lines if "! " in line] == [f"South, your hole> {refusal}"]
    assert session.game.log[1] == "South sows hole 1: 4 drops; the last seed lands in an occupied hole"


@pytest.mark.parametrize("word", ["quit", "exit", "q", " Q "])
def test_every_typed_session_stops_on_the_same_quit_words(word):
    from ktane_congkak.core.rules import load_ruleset
    from ktane_congkak.practice.commands import parse_command
    from ktane_congkak.drill.session import parse_hole

    out = io.StringIO()
    assert play(Session(Game("mancala"), opponent="greedy", seed=1), io.StringIO(f"{word}\n1\n"), out) == 0
    assert out.getvalue().endswith("South, your hole> bye\n")  # stopped: the "1" after it was never played
    assert parse_command(word).name == "quit"
    assert parse_hole(word, load_ruleset()) is None


def test_the_log_names_relays_only_where_the_ruleset_has_them():
    game = Game("mancala")
    game.move(SOUTH, 0)  # hole 1: 4 seeds into holes 2-5
    assert game.log[-1] == "South sows hole 1: 4 drops; the last seed lands in an occupied hole"


def test_the_game_log_says_one_relay_not_one_relays():
    game = Game("congkak")
    game.move(SOUTH, 3)  # hole 4: 15 drops and one relay (docs/games.md)
    assert game.log[-1] == "South sows hole 4: 15 drops, 1 relay; the last seed captures"
    one = Game.at("congkak", board7([1, 0, 0, 0, 0, 0, 7], 40, [7] * 7, 42))
    one.move(SOUTH, 0)
    assert "South sows hole 1: 1 drop, 0 relays; the last seed captures" in one.log
    lockstep = Game.at(TINY, [1, 0, 2, 0, 0, 3, 0, 0], waiting=(SOUTH, NORTH))
    lockstep.move(SOUTH, 0)
    lockstep.move(NORTH, 5)
    assert "South picks up hole 1 (1 seed)" in lockstep.log and "North picks up hole 2 (3 seeds)" in lockstep.log


def test_the_game_command_loads_nothing_of_practice(tmp_path):
    """`game` asks cli.common whether a window can open: it loads no practice module (nor
    the practice subcommand's) to play in the terminal."""
    loaded = modules_loaded(["game", "--text", "--opponent", "greedy"], "quit\n", tmp_path)
    assert "ktane_congkak.games.terminal" in loaded
    assert [m for m in loaded if m.startswith(("ktane_congkak.practice", "ktane_congkak.cli.practice"))] == []


def test_a_refused_hole_is_said_to_you_and_says_why():
    """It said "South cannot sow from hole 1: it is empty or not theirs" to the player."""
    session = Session(Game("mancala"), opponent="greedy", seed=1)
    out = io.StringIO()
    play(session, io.StringIO("1\n1\n1\nquit\n"), out)  # the third: hole 1 is empty by then
    refusals = [line.split("> ", 1)[1] for line in out.getvalue().splitlines() if "! " in line]
    assert session.game.state.board[0] == 0
    assert refusals == ["! you cannot sow from hole 1: it is empty"]
    hot_seat = Game("mancala")
    hot_seat.move(SOUTH, 0)
    with pytest.raises(UserError, match="^North cannot sow from hole 1: it is on the other side$"):
        hot_seat.move(NORTH, 0)


def test_new_starts_a_new_game_once_this_one_is_over():
    session = Session(Game("congkak"), opponent="greedy", seed=3)
    out = io.StringIO()
    play(session, stream=io.StringIO("new\n4\nconcede\nnew\nquit\n"), out=out)
    text = out.getvalue()
    assert "! the game is not over: a new one starts after its end (concede ends it)" in text
    assert "The game is over: review, show, export, new, undo, save, log or quit." in text
    # A series alternates: the computer opens the new game, and it is said after "A new game."
    assert text.index("North sows", text.index("A new game.")) > text.index("A new game.")
    assert not session.game.over and session.game.moves[0][0] == NORTH and session.game.start["waiting"] == ["north"]
    assert session.game.start["board"] == list(session.game.rules.fresh_board())
    assert "Games: you 0, greedy 1, drawn 0" in text


def test_save_dash_is_refused_not_a_file_named_dash(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["game", "--save", "-", "--text"]) == 2
    assert capsys.readouterr().err == ("ktane-congkak: game: --save -: a game is saved to a file after every move: "
                                       "give the file's name\n")
    assert not (tmp_path / "-").exists()
