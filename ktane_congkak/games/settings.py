"""A game's settings: the opponents and the search's limits, defined once for all.

A module of its own, importing nothing, so the command line's `--help` offers them without
loading the game; the session checks a saved game's settings against the same values.
"""

GAME_RULES = "congkak"  # the ruleset a game and a match play unless told otherwise
LEVELS = ("easy", "medium", "hard", "expert")  # the computer's levels, weakest first (ai.LEVEL_PLAY says how each plays)
DEFAULT_LEVEL = "medium"  # the computer a game plays unless told otherwise
ALGORITHMS = ("random", "greedy", "search")  # the computer players by the way they choose
SEARCHING = LEVELS + ("search",)  # the players that search (and tell each depth they complete)
PLAYERS = LEVELS + ALGORITHMS  # every computer player: `game --opponent` and `match --players` take each
OPPONENTS = PLAYERS + ("human",)  # a game's other side: a computer player, or people taking turns
FIRST_CHOICES = ("you", "computer", "alternate")  # who starts a game (--first; series.first_side)
DEFAULT_FIRST = "alternate"  # a new game is started by the side that did not start the one before
MIN_BUDGET, MAX_BUDGET = 0.01, 60.0  # seconds a search move may take (--budget, and a saved game's)
DEFAULT_BUDGET = 1.0  # seconds a search move takes when no --budget or --depth is given (game, match)
BUDGET_DEPTH = 64  # the deepest a search with a time budget goes: in practice the budget decides
# Moves a fixed-depth search looks ahead. It has no time budget, so the cap is what keeps
# a move or a hint short: 12 takes 1 to 10 s a move (benchmarks/bench_depth.py; each
# more doubles it or worse, 20 would take most of an hour).
MAX_DEPTH = 12
# The game window: its size at start (--size), the smallest it may be made (below it the
# panel's text would be unreadable); `pyglet_view.MAX_WINDOW_SIZE` is the largest.
WINDOW_SIZE = (1000, 640)
MIN_WINDOW_SIZE = (720, 460)
