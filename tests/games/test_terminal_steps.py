"""The terminal game: your row nearest you, a move followed drop by drop (show, --steps)."""

from __future__ import annotations

import io

from ktane_congkak.games.game import NORTH, SOUTH
from ktane_congkak.games.series import fresh_game
from ktane_congkak.games.session import Session
from ktane_congkak.games.terminal import draw, play, run_command


def test_your_row_is_drawn_nearest_you_whichever_side():
    for side, bottom, top in ((SOUTH, "South holes", "North holes"), (NORTH, "North holes", "South holes")):
        session = Session(fresh_game("mancala", side), humans=(side,), opponent="greedy", seed="1")
        lines = draw(session)
        assert lines[0].split()[:2] == top.split() and lines[4].split()[:2] == bottom.split()
        assert lines[4].split()[2:] == ["1", "2", "3", "4", "5", "6"]  # read left to right from your seat
    session = Session(fresh_game("mancala", NORTH), humans=(NORTH,), opponent="greedy", seed="1")
    session.move(3)  # North's hole 3 empties: drawn third from the left on the bottom row
    assert draw(session)[3].split() == ["4", "4", "0", "5", "5", "5"]


def test_show_follows_the_last_move_drop_by_drop_and_steps_every_move():
    session = Session(fresh_game("mancala", SOUTH), opponent="greedy", seed="1")
    out = io.StringIO()
    run_command(session, "1", out)
    lines, _ = run_command(session, "show", out)
    turn = next(event[1] for event in session.game.last if event[0] == "turn")
    assert lines[0] == f"North sows hole {session.game.hole_number(turn.start)}, drop by drop:"
    assert lines[1].split()[:3] == ["1.", "Pick", "up"] and lines[-1].split()[1] == "End:"
    drops = " ".join(lines).count("(now ")
    assert drops == turn.drops
    out = io.StringIO()
    play(Session(fresh_game("mancala", SOUTH), opponent="greedy", seed="1"), io.StringIO("1\nquit\n"), out, steps=True)
    said = out.getvalue()
    assert said.index("South sows hole 1, drop by drop:") < said.index("North sows hole") < \
        said.index("drop by drop:", said.index("North sows hole"))
