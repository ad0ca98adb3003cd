"""Computer players: games between them always end and conserve seeds; the search sees
what greedy cannot; the match and game commands. Tiny search budgets keep this quick."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from ktane_congkak.games.ai import GreedyPlayer, RandomPlayer, SearchPlayer, make_player, play_game
from ktane_congkak.cli import main
from ktane_congkak.errors import UserError
from ktane_congkak.games.game import NORTH, SOUTH, Game
from ktane_congkak.core.rules import ruleset_from_dict

RULESETS = ("module", "malaysia", "congkak", "mancala", "traditional")


def seeds_in_hands(game):
    """Seeds held by sowing hands at a simultaneous start."""
    return sum(hand.seeds for hand in game.state.hands or () if hand is not None)


def checked(player, log):
    """Wrap a player: before each choice, seeds on the board and in hands add up."""

    class Checked:
        def choose(self, game, p):
            assert sum(game.board) + seeds_in_hands(game) == game.rules.total_seeds
            assert all(game.board[s] == 0 for s in game.burnt)
            slot = player.choose(game, p)
            assert slot in game.legal(p)
            log.append(slot)
            return slot

    return Checked()


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("kinds", [("random", "greedy"), ("search", "random")])
def test_computer_games_end_and_conserve_seeds(name, kinds):
    for seed in range(3 if kinds[0] == "random" else 1):
        log = []
        players = [checked(make_player(k, seed=f"{seed}{k}", budget=0.002, max_depth=2), log) for k in kinds]
        game = play_game(name, players)
        assert game.over and game.state.hands is None
        assert_the_result_follows_the_rules(game)
        assert log


def assert_the_result_follows_the_rules(game):
    """The game ended with every seed in a store, and the winner is the one the rules say."""
    rules = game.rules
    assert sum(game.board) == rules.total_seeds
    assert all(not game.board[s] for p in (SOUTH, NORTH) for s in rules.holes(p)) or rules.rounds != "single"
    south, north = game.store(SOUTH), game.store(NORTH)
    if rules.rounds == "single":  # the bigger store wins
        assert game.state.winner == (None if south == north else int(north > south))
        assert game.state.result.endswith(f"(South {south} - North {north})")
    elif "cannot fill" in game.state.result:  # the loser has fewer seeds than one house
        loser = 1 - game.state.winner
        assert game.store(loser) < rules.seeds_per_hole <= game.store(game.state.winner)
    else:  # the safety net: the last round's count decides
        assert game.state.round == 40


@pytest.mark.parametrize("holes,seeds", [(3, 3), (5, 5), (9, 2)])
def test_any_board_size_plays_to_the_end(holes, seeds):
    for mode in ("single", "until_no_houses"):
        rules = ruleset_from_dict({"name": f"t{holes}", "holes_per_side": holes, "seeds_per_hole": seeds,
                                   "sowing": {"own_store": "after_own_row"},
                                   "last_seed": {"own_store": "extra_turn"},
                                   "game": {"first_move": "simultaneous", "rounds": mode, "burnt_houses": "permanent"}})
        game = play_game(rules, [RandomPlayer(random.Random(1)), GreedyPlayer(random.Random(2))])
        assert game.over and game.state.hands is None
        assert_the_result_follows_the_rules(game)


@pytest.mark.parametrize("name", RULESETS)
def test_search_beats_random(name):
    # Even a two-move search (a fixed depth, so the result does not depend on the
    # machine's speed) wins nearly every game against random, on either side: 99 of 100
    # over ten seeds a side and these five rulesets; here five seeds a side.
    wins = 0
    for seed in range(5):
        for side in (SOUTH, NORTH):
            players = [RandomPlayer(random.Random(f"random {seed}"))] * 2
            players[side] = SearchPlayer(budget=60, max_depth=2, rng=random.Random(seed))
            wins += play_game(name, players).state.winner == side
    assert wins >= 9


def board7(south, south_store, north, north_store):
    return [*south, south_store, *north, north_store]


def test_greedy_takes_the_biggest_capture():
    # Slot 1 (1 seed) lands in empty slot 2, facing slot 12 (9 seeds): 10 to the store;
    # slot 5 (1 seed) lands in empty slot 6, facing slot 8 (3 seeds): only 4.
    game = Game.at("congkak", board7([0, 1, 0, 0, 0, 1, 0], 0, [3, 0, 0, 0, 9, 0, 0], 0))
    assert GreedyPlayer(random.Random(0)).choose(game, SOUTH) == 1


def test_search_plays_extra_turns_in_the_right_order():
    # Slot 6 (1 seed) reaches the store: another turn; then slot 5 (2 seeds) does too.
    # Sowing slot 5 or 4 first would spoil the chain.
    game = Game.at("congkak", board7([0, 0, 0, 0, 3, 2, 1], 0, [1, 1, 1, 1, 1, 1, 1], 0))
    search = SearchPlayer(budget=5, max_depth=6, rng=random.Random(0))
    assert search.choose(game, SOUTH) == 6
    game.move(SOUTH, 6)
    assert search.choose(game, SOUTH) == 5


def play_out(game, depth=40):
    """Both sides searched to the end of this small endgame."""
    while not game.over:
        p = game.waiting[0]
        game.move(p, SearchPlayer(budget=30, max_depth=depth, rng=random.Random(0)).choose(game, p))
    return game


def test_search_wins_an_endgame_greedy_only_draws():
    # Mancala, South to move: greedy grabs the capture from slot 0 (2 seeds) and the
    # game is then a draw at best; slot 2 or 5 wins with best play on both sides.
    board = [1, 0, 1, 0, 0, 1, 19, 0, 0, 0, 2, 1, 2, 21]
    game = Game.at("mancala", board)
    assert GreedyPlayer(random.Random(0)).choose(game, SOUTH) == 0
    choice = SearchPlayer(budget=30, max_depth=40, rng=random.Random(0)).choose(game, SOUTH)
    assert choice in (2, 5)
    outcomes = {}
    for slot in (0, choice):
        trial = Game.at("mancala", board)
        trial.move(SOUTH, slot)
        outcomes[slot] = play_out(trial).state.winner
    assert outcomes == {0: None, choice: SOUTH}


def test_search_is_deterministic_at_a_fixed_depth_and_counts_positions():
    game = Game("congkak")
    a = SearchPlayer(budget=60, max_depth=4, rng=random.Random(0))
    b = SearchPlayer(budget=60, max_depth=4, rng=random.Random(9))
    assert a.choose(game, SOUTH) == b.choose(game, SOUTH)
    assert a.nodes > 100 and a.depths == [4]


def test_search_at_the_simultaneous_start_does_not_see_the_other_hole():
    # North's choice is the same whether South has not chosen yet or has chosen any hole
    # (a search that used South's hole would answer each differently: the best reply to
    # a known hole is 12, 8, 9, 10, 14, 11, 13 for South's holes 1 to 7).
    unseen = Game("traditional")
    slot = SearchPlayer(budget=0.01, rng=random.Random(0)).choose(unseen, NORTH)
    assert slot in unseen.legal(NORTH) and unseen.board == list(unseen.rules.fresh_board())
    for south in unseen.legal(SOUTH):
        game = Game("traditional")
        game.move(SOUTH, south)
        assert SearchPlayer(budget=0.01, rng=random.Random(0)).choose(game, NORTH) == slot
        assert game.state.pending == {SOUTH: south}  # and the choice made stays as it was


def test_unknown_player_is_a_user_error():
    with pytest.raises(UserError):
        make_player("clever")


# --- the commands ------------------------------------------------------------------------

def test_match_prints_the_results_table(capsys):
    assert main(["match", "--rules", "mancala", "--players", "greedy,random", "--games", "6", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Standard Mancala: 6 games")
    rows = {line.split()[0]: line.split() for line in lines[2:4]}
    assert set(rows) == {"greedy", "random"}
    wins = int(rows["greedy"][1]) + int(rows["random"][1])
    draws = int(rows["greedy"][3])
    assert wins + draws == 6 and rows["greedy"][2] == rows["random"][1]


def test_match_with_search_reports_positions(capsys):
    assert main(["match", "--rules", "congkak", "--players", "search,random", "--games", "2",
                 "--budget", "0.01", "--max-depth", "2"]) == 0
    out = capsys.readouterr().out
    assert "positions searched" in out and "search budget 0.01 s" in out
    assert out.splitlines()[0].endswith("search budget 0.01 s a move, at most 2 moves deep")


def test_match_depth_is_game_depth_exact_and_the_same_everywhere(capsys, monkeypatch):
    """`match --depth` meant a cap under a budget (1-200) while `game --depth` is exact
    (1-12): now both are exact, so positions and mean depth do not depend on the machine,
    however slow it is (the clock runs 1000x slower here, and nothing changes)."""
    argv = ["match", "--rules", "mancala", "--players", "search,greedy", "--games", "2", "--seed", "1", "--depth", "4"]
    assert main(argv) == 0
    fast = capsys.readouterr().out.splitlines()
    import time

    real = time.perf_counter
    monkeypatch.setattr(time, "perf_counter", lambda: real() * 1000)
    assert main(argv) == 0
    slow = capsys.readouterr().out.splitlines()
    assert fast[0].endswith("seed 1, search 4 moves ahead")
    assert fast[-1].split(" a second")[0].split(",")[0] == slow[-1].split(" a second")[0].split(",")[0]
    assert fast[-1].split("mean depth")[1] == slow[-1].split("mean depth")[1]
    assert [row.split()[:6] for row in fast[2:4]] == [row.split()[:6] for row in slow[2:4]]
    assert main(["match", "--depth", "13"]) == 2 and "1 to 12" in capsys.readouterr().err
    assert main(["match", "--depth", "3", "--budget", "1"]) == 2 and "not allowed with" in capsys.readouterr().err


def test_the_budget_depth_has_one_home(capsys, monkeypatch):
    """The default depth of `match` and of the search player is settings.BUDGET_DEPTH: what
    the match plays with when no --max-depth is given (read from that name, not a copy of
    its value: a different value there is followed), and its header names no depth then."""
    from ktane_congkak.cli import match as match_command
    from ktane_congkak.games import match
    from ktane_congkak.games.ai import SearchPlayer, make_player
    from ktane_congkak.games.settings import BUDGET_DEPTH

    assert make_player("search").max_depth == SearchPlayer().max_depth == BUDGET_DEPTH
    monkeypatch.setattr(match_command, "BUDGET_DEPTH", 50)
    deepest = []
    play = match.play_match
    monkeypatch.setattr(match, "play_match", lambda *a, **k: (deepest.append(a[5]), play(*a, **k))[1])
    assert main(["match", "--players", "search,random", "--games", "1", "--budget", "0.01"]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("search budget 0.01 s a move")
    assert main(["match", "--players", "search,random", "--games", "1", "--budget", "0.01", "--max-depth", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("search budget 0.01 s a move, at most 3 moves deep")
    assert deepest == [50, 3]


def test_match_rejects_bad_players(capsys):
    assert main(["match", "--players", "search"]) == 2
    assert "--players needs two" in capsys.readouterr().err


def run_cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "ktane_congkak", *args], input=stdin, capture_output=True,
                          text=True, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": "."}, timeout=60)


def test_game_in_the_terminal_is_scriptable_and_resumes(tmp_path):
    save = tmp_path / "g.yaml"
    first = run_cli("game", "--rules", "congkak", "--opponent", "greedy", "--seed", "5", "--text",
                    stdin=f"3\nhint\nsave {save}\nquit\n")
    assert first.returncode == 0, first.stderr
    out = first.stdout
    assert "South sows hole 3" in out and "North sows hole" in out and "Hint: hole" in out
    assert "(you)" in out and "to move" in out  # the score and whose turn
    assert save.exists()
    again = run_cli("game", "--load", str(save), "--text", stdin="board\nundo\nquit\n")
    assert again.returncode == 0, again.stderr
    boards = again.stdout.split("South (you)")
    assert "Undone." in again.stdout and "Round" not in out  # congkak has no rounds
    # the resumed board is the one the first session ended with
    last_before = out[out.rindex("North holes"):].split("South (you)")[0]
    assert last_before in again.stdout
    assert len(boards) >= 3


def test_game_errors_are_one_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("moves: [south 3]\n")
    result = run_cli("game", "--load", str(bad), "--text")
    assert result.returncode == 2 and result.stderr.strip() == f"ktane-congkak: game: {bad}: not a saved ktane-congkak game"
    result = run_cli("game", "--rules", "nope", "--text")
    assert result.returncode == 2 and "no ruleset 'nope'" in result.stderr
    played = run_cli("game", "--rules", "mancala", "--opponent", "random", "--text", stdin="9\nhole x\n1\n")
    assert "! hole 9 does not exist" in played.stdout and "! hole 'x' is not a whole number" in played.stdout


def test_two_people_can_play_and_concede():
    played = run_cli("game", "--rules", "traditional", "--opponent", "human", "--text", stdin="1\n7\nconcede\n")
    assert played.returncode == 0
    assert "Round 1: South 0, North 0 in store. Both choose a hole at once" in played.stdout
    assert "concedes" in played.stdout


def test_the_session_says_who_concedes():
    from ktane_congkak.games.session import Session

    waiting = Session(Game("mancala"), humans=(NORTH,), opponent="greedy", seed=1)  # South, the computer, moves
    waiting.concede()  # no person to move: the person playing concedes
    assert waiting.game.state.winner == SOUTH and waiting.game.log[-1].startswith("Game over: South wins (North concedes)")
    both = Session(Game("mancala"), humans=(SOUTH, NORTH), opponent="human")
    both.move(1)
    both.concede()  # North is to move
    assert both.game.state.winner == SOUTH


def test_the_search_stops_deepening_once_the_endgame_is_settled():
    """With 15 seeds left the whole game tree is searched within a few moves' depth: the
    search stops there (its result exact) rather than deepening on to its maximum, even
    when transpositions bring back positions already settled."""
    from ktane_congkak.core.rules import load_ruleset
    from ktane_congkak.games.settings import BUDGET_DEPTH

    rules = load_ruleset("congkak")
    board = [0] * rules.size
    for side, counts in ((SOUTH, (0, 1, 0, 0, 2, 5, 2)), (NORTH, (1, 0, 1, 2, 0, 1, 0))):
        for slot, count in zip(rules.holes(side), counts):
            board[slot] = count
    board[rules.store(SOUTH)], board[rules.store(NORTH)] = 10, 73
    game = Game.at(rules, board, waiting=(NORTH,))
    deep = SearchPlayer(budget=60)
    assert deep.choose(game, NORTH) in game.legal(NORTH)
    assert deep.depths[-1] < 30 < BUDGET_DEPTH  # settled near 14 moves deep, not deepened to 64


def test_the_search_keeps_to_its_budget_on_the_clock_it_reads(monkeypatch):
    """The search reads the clock every 256 positions: on a clock that moves 10 ms a reading,
    a 0.5 s budget runs out within 50 readings, however fast or busy the machine is."""
    import types

    from ktane_congkak.games import ai

    readings = iter(range(10**6))
    monkeypatch.setattr(ai, "time", types.SimpleNamespace(perf_counter=lambda: next(readings) / 100))
    player = SearchPlayer(budget=0.5, max_depth=40, rng=random.Random(0))
    game = Game("mancala")
    assert player.choose(game, SOUTH) in game.legal(SOUTH)
    assert 0 < player.seconds <= 0.5 and 0 < player.nodes <= 50 * 256 and player.depths[0] >= 1
