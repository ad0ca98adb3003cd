"""A game's settings: the opponents and the search's limits, defined once for all.

A module of its own, importing nothing, so the command line's `--help` offers them without
loading the game; the session checks a saved game's settings against the same values.
"""

OPPONENTS = ("random", "greedy", "search", "human")
MIN_BUDGET, MAX_BUDGET = 0.01, 60.0  # seconds a search move may take (--budget, and a saved game's)
BUDGET_DEPTH = 64  # the deepest a search with a time budget goes: in practice the budget decides
MAX_DEPTH = 20  # moves a fixed-depth search looks ahead (12 takes 1 to 5 s a move in congkak)
