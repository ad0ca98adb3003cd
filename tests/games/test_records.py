"""A game's records: undo and redo, the game as text, the analysis and the review, in the
terminal game and from a saved game."""

from __future__ import annotations

import io

from ktane_congkak.games.game import NORTH, SOUTH, Game
from ktane_congkak.games.review import mark_of, record_lines, review
from ktane_congkak.games.analysis import Limits
from ktane_congkak.games.session import Session
from ktane_congkak.games.terminal import run_command
from tests.conftest import run


def session(**options):
    return Session(Game("mancala"), opponent="search", seed="1", depth=2, **options)


def test_redo_plays_again_what_undo_took_back_and_a_new_move_forgets_it():
    s = session()
    s.play(3)
    s.play(6)
    moves, board = list(s.game.moves), list(s.game.board)
    assert s.undo() and len(s.game.moves) < len(moves)
    assert s.redo() and s.game.moves == moves and s.game.board == board
    assert not s.redo()
    s.undo()
    s.play(1)
    assert not s.redo() and s.game.moves[-1][0] == NORTH


def test_the_record_lists_every_move_and_the_result():
    game = Game("mancala")
    for player, hole in ((SOUTH, 3), (SOUTH, 6), (NORTH, 2)):
        game.move(player, game.slot_of(player, hole))
    game.concede(SOUTH)
    assert record_lines(game) == ["Standard Mancala (mancala)", "  1. South hole 3", "  2. South hole 6",
                                  "  3. North hole 2", "  4. South concedes", f"Result: {game.state.result}"]


def test_the_terminal_analyses_reviews_exports_and_redoes(tmp_path):
    s = session()
    out = io.StringIO()
    for command in ("3", "6"):
        run_command(s, command, out)
    table, _ = run_command(s, "analyse", out)
    assert table[1].split() == ["hole", "value", "depth", "exact"]
    assert {int(line.split()[0]) for line in table[2:]} == {s.game.hole_number(x) for x in s.game.legal(SOUTH)}
    assert sum("<- best" in line for line in table) >= 1
    lines, _ = run_command(s, "review", out)
    assert [int(row[0]) for row in table_rows(lines)] == list(range(1, len(s.game.moves) + 1))
    assert run_command(s, "undo", out)[0][0] == "Undone." and run_command(s, "redo", out)[0][0] == "Redone."
    target = tmp_path / "game.txt"
    assert run_command(s, f"export {target}", out)[0] == [f"Exported to {target}"]
    assert target.read_text().splitlines() == record_lines(s.game)


def test_export_never_overwrites_the_save_file(tmp_path):
    saved = tmp_path / "g.yaml"
    s = session(save_path=str(saved))
    run_command(s, "3", io.StringIO())
    before = saved.read_text()
    lines, _ = run_command(s, f"export {saved}", io.StringIO())
    assert "--save file" in lines[0] and saved.read_text() == before


def test_a_move_that_gives_seeds_away_in_a_proven_endgame_is_marked():
    game = Game.at("mancala", [0, 0, 0, 0, 2, 1, 20, 0, 0, 0, 0, 0, 1, 24], waiting=(SOUTH,))
    # Hole 6 first (its seed lands in the store: another turn) then hole 5 takes every seed
    # left; hole 5 first leaves a seed in hole 6 when the turn ends.
    reviewed = review(game_after(game, [(SOUTH, 4)]), Limits(depth=6))
    first = reviewed.moves[0]
    assert first.exact and first.value_before > first.value_after and first.loss == first.value_before - first.value_after
    assert first.mark == mark_of(first.loss) == "inaccuracy" and first.best == (6,)


def game_after(game, moves):
    for player, slot in moves:
        game.move(player, slot)
    return game


def table_rows(lines):
    """The review table's rows, split into words: from the header to the graph's heading."""
    start = next(i for i, line in enumerate(lines) if line.split()[:3] == ["move", "side", "hole"])
    rows = []
    for line in lines[start + 1:]:
        if not line.split() or not line.split()[0].isdigit():
            break
        rows.append(line.split())
    return rows


def test_marks_follow_the_thresholds_in_seeds():
    assert [mark_of(loss) for loss in range(10)] == ["best", "good", "inaccuracy", "inaccuracy", "mistake",
                                                     "mistake", "mistake", "mistake", "blunder", "blunder"]


def test_review_and_export_of_a_saved_game(capsys, tmp_path):
    saved = tmp_path / "g.yaml"
    s = session(save_path=str(saved))
    s.play(3)
    s.play(6)
    code, out, _ = run(capsys, "game", "--load", str(saved), "--review", "--depth", "2")
    lines = out.splitlines()
    assert code == 0 and len(table_rows(lines)) == len(s.game.moves) and lines[-1] == "The game is not over."
    code, out, _ = run(capsys, "game", "--load", str(saved), "--export")
    assert code == 0 and out.splitlines() == record_lines(s.game)
    code, _, err = run(capsys, "game", "--review")
    assert code == 2 and "--load" in err



def test_a_simultaneous_start_is_reviewed_past_its_unseen_choices(tmp_path):
    """Choices made at once (neither side sees the other's) have no value a search can give:
    said so, and the moves after them reviewed, not the whole review refused."""
    from pathlib import Path

    import ktane_congkak.core

    congkak = (Path(ktane_congkak.core.__file__).parent / "rulesets" / "congkak.yaml").read_text()
    rules = tmp_path / "together.yaml"
    rules.write_text(congkak.replace("first_move: south", "first_move: simultaneous"))
    game = Game(str(rules))
    assert game.lockstep
    while game.lockstep:
        for player in game.waiting:
            game.move(player, game.legal(player)[0])
    started = len(game.moves)
    game.move(game.to_move(), game.legal(game.to_move())[-1])
    moves = review(game, Limits(depth=2)).moves
    assert [(m.mark, m.loss, m.value_before) for m in moves[:started]] == [(None, None, None)] * started
    assert moves[-1].mark is not None and moves[-1].best and moves[-1].value_before is not None


def test_a_game_against_a_level_is_reviewed_as_deep_as_asked(capsys, tmp_path):
    """--depth is the review's own there, not the search player's (which a level is not)."""
    saved = tmp_path / "g.yaml"
    s = Session(Game("mancala"), opponent="easy", seed=1, save_path=str(saved))
    s.play(3)
    s.play(6)
    code, out, err = run(capsys, "game", "--load", str(saved), "--review", "--depth", "1")
    rows = table_rows(out.splitlines())
    assert code == 0 and err == "" and len(rows) == len(s.game.moves)
    assert rows[0][:3] == ["1", "South", "3"]
