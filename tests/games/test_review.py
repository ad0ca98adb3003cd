"""The review to learn from: one value a position, marks by the seeds given up, accuracy,
turning points; the same marks in the JSON, the terminal's table and its graph."""

from __future__ import annotations

import json

import pytest

from conftest import run
from ktane_congkak.games.ai import make_player
from ktane_congkak.games.analysis import Limits
from ktane_congkak.games.endgame import proven_moves
from ktane_congkak.games.game import NORTH, SOUTH, Game
from ktane_congkak.games.positions import margin
from ktane_congkak.games.analysis import whole_seeds
from ktane_congkak.games.review import ACCURACY_HALVING, MARKS, mark_of, move_accuracy, replay_start, review
from ktane_congkak.games.review_text import graph_columns, graph_lines, review_lines, thresholds_words
from ktane_congkak.games.session import Session


def played(rules: str, levels=("easy", "medium"), seed: str = "1") -> Game:
    """A whole game between two levels."""
    game = Game(rules)
    players = [make_player(level, seed=f"{seed}:{side}") for side, level in enumerate(levels)]
    while not game.over:
        player = game.waiting[0]
        game.move(player, players[player].choose(game, player))
    return game


def check_review(game: Game, reviewed) -> None:
    """What every review must hold: consecutive values agree, a best move loses 0 and a
    move that loses 0 is a best one, marks follow MARKS, a proven position is exact."""
    moves = reviewed.moves
    assert len(moves) == len(game.moves)
    for before, after in zip(moves, moves[1:]):
        assert before.value_after == after.value_before and before.exact_after == after.exact_before
    for m in moves:
        assert (m.loss == 0) == (m.hole in m.best) and m.mark == mark_of(m.loss)
    assert moves[-1].value_after == margin(game.board, game.rules, SOUTH)
    assert moves[-1].exact_after
    position = replay_start(game)
    for m in moves:
        proven = proven_moves(game.rules, position.board, m.player, position.burnt) if len(position.legal(m.player)) > 1 \
            else None
        if proven:  # the endgame search proves it: exact, and the very value
            best = max(proven.values())
            assert m.exact_before and m.value_before == (best if m.player == SOUTH else -best)
            assert m.loss == best - proven[position.slot_of(m.player, m.hole)]
        position.move(m.player, position.slot_of(m.player, m.hole))


@pytest.mark.parametrize("rules", ["mancala", "congkak"])
def test_a_whole_game_reviewed_holds_together(rules):
    game = played(rules)
    reviewed = review(game, Limits(depth=2))
    check_review(game, reviewed)
    assert reviewed.result == game.state.result
    marks = [m.mark for m in reviewed.moves]
    assert "best" in marks and set(marks) <= {name for name, _ in MARKS}


def test_thresholds_and_accuracy_are_said_from_their_one_home():
    assert [mark_of(least) for _, least in MARKS] == [name for name, _ in MARKS]
    assert thresholds_words() == ("Marks by the seeds a move gives up against the best: good: 1, inaccuracy: 2 to 3, "
                                  "mistake: 4 to 7, blunder: 8 or more.")
    assert move_accuracy(0) == 100 and move_accuracy(ACCURACY_HALVING) == 50
    assert [whole_seeds(v) for v in (2.5, -2.5, 0.25, -0.75, 48.5)] == [3, -3, 0, -1, 49]


def test_the_json_the_table_and_the_graph_say_the_same_marks(capsys, tmp_path):
    game = played("mancala", seed="4")
    saved = tmp_path / "g.yaml"
    Session(game, opponent="medium", seed="1").save(str(saved))
    code, out, err = run(capsys, "game", "--load", str(saved), "--review", "--json", "--depth", "2")
    data = json.loads(out)
    assert code == 0 and set(data) == {"view", "moves", "accuracy"} and data["view"] == "south"
    assert set(data["accuracy"]) == {"south", "north"}
    assert all(set(m) == {"n", "side", "hole", "value_before", "value_after", "best", "loss", "mark", "exact"}
               for m in data["moves"])
    code, out, _ = run(capsys, "game", "--load", str(saved), "--review", "--depth", "2")
    lines = out.splitlines()
    assert code == 0 and all(len(line) <= 80 for line in lines)
    header = next(i for i, line in enumerate(lines) if line.split()[:3] == ["move", "side", "hole"])
    rows = [line.split() for line in lines[header + 1:header + 1 + len(data["moves"])]]
    assert [(int(r[0]), r[6]) for r in rows] == [(m["n"], m["mark"]) for m in data["moves"]]
    reviewed = review(game, Limits(depth=2))
    assert [m.as_json() for m in reviewed.moves] == data["moves"]
    letters = graph_lines(reviewed)[2] if len(graph_lines(reviewed)) > 2 else ""
    worst = [mark for _, mark in graph_columns(reviewed)]
    assert [c for c in letters if c != " "] == [{"inaccuracy": "i", "mistake": "m", "blunder": "B"}[m]
                                               for m in worst if m in ("inaccuracy", "mistake", "blunder")]


def test_the_view_is_yours_and_a_forced_move_is_valued_as_where_it_leads():
    # North to move with one seed left in its only hole: forced; the game ends after it.
    game = Game.at("mancala", [1, 0, 0, 0, 0, 0, 20, 0, 0, 0, 0, 0, 1, 26], waiting=(NORTH,))
    game.move(NORTH, 12)
    south, north = review(game, Limits(depth=2)).moves[0], review(game, Limits(depth=2), NORTH).moves[0]
    assert south.forced and south.mark == "best" and south.loss == 0 and south.best == (south.hole,)
    assert south.value_before == south.value_after == -north.value_after and south.exact
    assert review(game, Limits(depth=2)).accuracy() == {"south": None, "north": None}


def test_a_long_game_graph_fits_the_terminal():
    game = played("congkak", seed="2")
    reviewed = review(game, Limits(depth=1))
    lines = review_lines(reviewed)
    assert all(len(line) <= 80 for line in graph_lines(reviewed)[1:])  # (the heading is words: fit wraps them)
    squeezed = graph_columns(reviewed, 5)
    assert len(squeezed) == 5 and squeezed[-1][0] == reviewed.moves[-1].value_after
    assert "blunder" in [mark for _, mark in squeezed] if any(m.mark == "blunder" for m in reviewed.moves) else True
    assert lines[-1] == f"Result: {game.state.result}"


def test_ctrl_c_keeps_the_moves_reviewed(monkeypatch):
    game = played("mancala", seed="3")
    asked = []

    def progress(done, total):
        asked.append(done)
        if done == 5:
            raise KeyboardInterrupt

    reviewed = review(game, Limits(depth=1), progress=progress, keep_on_interrupt=True)
    assert isinstance(reviewed.interrupted, KeyboardInterrupt) and len(reviewed.moves) == 4
    assert reviewed.result == "" and reviewed.moves[-1].value_after is not None
    with pytest.raises(KeyboardInterrupt):
        review(game, Limits(depth=1), progress=progress)


def test_the_docs_say_the_thresholds_and_the_accuracy_from_their_one_home():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    guide, readme = (root / "docs" / "games.md").read_text(encoding="utf-8"), (root / "README.md").read_text("utf-8")
    assert thresholds_words() in guide
    ranges = [f"{least} to {following - 1}" if following - 1 > least else str(least)
              for (_, least), (_, following) in zip(MARKS[1:], MARKS[2:])] + [f"{MARKS[-1][1]} or more"]
    assert f"({', '.join(ranges)}: `review.MARKS`)" in readme
    assert f"100 × 0.5^(loss / {ACCURACY_HALVING})" in guide and f"100 × 0.5^(loss / {ACCURACY_HALVING})" in readme


def test_ctrl_c_in_a_review_at_the_command_line_prints_what_was_reviewed(capsys, tmp_path, monkeypatch):
    from ktane_congkak.games import review as review_module

    game = played("mancala", seed="3")
    saved = tmp_path / "g.yaml"
    Session(game, opponent="medium", seed="1").save(str(saved))
    real, calls = review_module.analyse, []

    def cut_short(*args, **kwargs):
        calls.append(1)
        if len(calls) == 6:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(review_module, "analyse", cut_short)
    code, out, err = run(capsys, "game", "--load", str(saved), "--review", "--depth", "1")
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:3] == ["move", "side", "hole"]) + 1
    rows = [line.split() for line in lines[start:start + len(game.moves)]
            if line.split()[0].isdigit() and line.split()[1:2] in (["South"], ["North"])]
    assert code == 130 and rows and [int(r[0]) for r in rows] == list(range(1, len(rows) + 1))
    assert len(rows) < len(game.moves) and out.splitlines()[-1] == "The game is not over."
    assert err.startswith("ktane-congkak: ") and f"stopped: reviewed {len(rows)} of {len(game.moves)} moves" in err
