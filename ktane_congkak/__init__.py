"""ktane-congkak: the Congkak bomb module of Keep Talking and Nobody Explodes, simulated.

The core, with no pyglet in it:

    >>> from ktane_congkak import load_ruleset, parse_board, evaluate
    >>> rules = load_ruleset("module")
    >>> board = parse_board("2 3 1 1 0 4 0 31 0 4 0 1 0 1 2 48", rules)
    >>> evaluate(board.slots, rules).answer
    [1, 2, 4]
"""

__version__ = "0.1.0"

from .core.board import Board, parse_board
from .errors import UserError
from .core.evaluate import Evaluation, evaluate
from .core.module import CongkakModule
from .core.rules import OPPONENT, YOU, Ruleset, load_ruleset
from .core.sowing import Turn, play_turn

__all__ = ["Board", "parse_board", "UserError", "Evaluation", "evaluate", "CongkakModule", "OPPONENT", "YOU",
           "Ruleset", "load_ruleset", "Turn", "play_turn", "__version__"]
