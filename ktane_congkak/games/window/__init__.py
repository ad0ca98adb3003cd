"""The traditional games in a pyglet window: the only part of games/ that imports pyglet.

`app.py` lays the window out, keeps time and takes input; `board.py` draws the board with
board_art, `geometry.py` says where each slot is, `texts.py` its words and panels,
`values.py` the analysis (A) and the review (V), `keys.py` the one table of keys.
"""

from .app import GAME_OVER, QUIT_ASKED, GameWindow, run_game

__all__ = ["GAME_OVER", "QUIT_ASKED", "GameWindow", "run_game"]
