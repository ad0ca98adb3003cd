"""Games one after another: who starts each (--first, alternating by default), the
session's running score, and the record kept in the data folder (game --record)."""

from __future__ import annotations

import contextlib
import io

from conftest import run
from ktane_congkak.files import data_folder
from ktane_congkak.games import series
from ktane_congkak.games.game import NORTH, SOUTH
from ktane_congkak.games.review import record_lines as game_text
from ktane_congkak.games.saves import game_from_dict
from ktane_congkak.games.series import RECORD_NAME, first_side, fresh_game, load_record, starter
from ktane_congkak.games.session import Session
from ktane_congkak.games.terminal import play


def test_who_starts_you_the_computer_or_each_in_turn():
    assert [first_side("you", (NORTH,)), first_side("computer", (NORTH,)), first_side("computer", (SOUTH,))] == \
        [NORTH, SOUTH, NORTH]
    assert [first_side("alternate", (SOUTH,), before) for before in (None, SOUTH, NORTH)] == [SOUTH, NORTH, SOUTH]
    north_first = fresh_game("congkak", NORTH)
    assert north_first.waiting == (NORTH,) and starter(north_first) == NORTH
    assert north_first.board == list(north_first.rules.fresh_board())
    again = game_from_dict(north_first.to_dict(), "saved")  # a save keeps who started
    assert again.waiting == (NORTH,) and starter(again) == NORTH
    assert fresh_game("traditional", NORTH).lockstep  # its rounds start at once, as they always have


def test_a_series_alternates_who_starts_and_keeps_its_score():
    session = Session(fresh_game("mancala", SOUTH), opponent="greedy", seed="1")
    starters = []
    for _ in range(3):
        starters.append(starter(session.game))
        session.computer_moves()
        session.concede()
        session.new_game()
    assert starters == [SOUTH, NORTH, SOUTH]
    assert session.score.won == [0, 3] and session.score.drawn == 0
    assert session.score_words().startswith("Games: you 0, greedy 3, drawn 0; seeds ")


def test_who_started_is_said_in_the_game_as_text():
    out = io.StringIO()
    session = Session(fresh_game("mancala", NORTH), opponent="greedy", seed="1")
    play(session, io.StringIO("export\nquit\n"), out)
    assert session.game.moves[0][0] == NORTH
    assert game_text(session.game)[1] == "North starts"


def test_the_record_counts_each_game_once_under_the_lock(monkeypatch):
    locks = []
    real = series.locked

    @contextlib.contextmanager
    def watched(path, *args, **kwargs):
        locks.append(path)
        with real(path, *args, **kwargs):
            yield

    monkeypatch.setattr(series, "locked", watched)
    path = data_folder() / RECORD_NAME
    session = Session(fresh_game("mancala", SOUTH), opponent="easy", seed="1", record_path=path)
    session.concede()
    session.undo()  # undone and ended again: still one game
    session.concede()
    session.new_game()
    session.computer_moves()
    session.concede()
    rows, warning = load_record(path)
    assert warning is None and locks[:2] == [path, path]
    assert rows == [{"rules": "mancala", "level": "easy", "won": 0, "lost": 2, "drawn": 0,
                     "seeds_for": rows[0]["seeds_for"], "seeds_against": rows[0]["seeds_against"]}]
    assert rows[0]["seeds_for"] + rows[0]["seeds_against"] == 2 * 48


def test_a_damaged_record_is_moved_aside_not_lost():
    path = data_folder() / RECORD_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("records: [1, 2\n")
    session = Session(fresh_game("mancala", SOUTH), opponent="easy", seed="1", record_path=path)
    session.concede()
    assert "moved aside" in (session.save_error or "")
    aside = [p for p in path.parent.iterdir() if p.name.startswith(f"{RECORD_NAME}.damaged-")]
    assert len(aside) == 1 and aside[0].read_text() == "records: [1, 2\n"
    assert load_record(path)[0][0]["lost"] == 1


def test_game_record_prints_the_table(capsys, monkeypatch):
    code, out, _ = run(capsys, "game", "--record")
    assert code == 0 and "No games recorded yet" in out
    code, out, err = run(capsys, "game", "--text", "--rules", "mancala", "--opponent", "greedy", "--first", "computer",
                         stdin="concede\nquit\n", monkeypatch=monkeypatch)
    assert code == 0 and out.index("North sows") < out.index("concedes")
    assert "Games: you 0, greedy 1, drawn 0" in out
    code, out, _ = run(capsys, "game", "--record")
    row = next(line.split() for line in out.splitlines() if line.startswith("mancala"))
    assert code == 0 and row[:6] == ["mancala", "greedy", "1", "0", "1", "0"]
