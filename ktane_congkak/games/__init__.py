"""The traditional games: rules of play, saved games, computer players and both front ends.

For the player of congkak (and its cousins) against the computer or a friend: `game.py`
plays a whole game on the core's sowing (`positions.py`: a position seen whole), `ai.py`
and `settings.py` are the computer players, `match.py` plays them against each other,
`analysis.py` and `review.py` value moves; `session.py` is what both front ends
draw, the terminal (`terminal.py`) and the window (`window/`, with `playback.py` and
the module's look from board_art/).
Nothing here imports practice/, nor practice games/.
"""
