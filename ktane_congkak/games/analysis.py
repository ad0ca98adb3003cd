"""The value of every move in a position, for a player who wants to learn.

A move's value is the mover's final seeds minus the opponent's, the end-of-game count
included: exact (perfect play by both sides, from the endgame search or a search that
reached the end of every line) or the search's estimate at the depth it reached. The
search is the computer players' own (ai.searched_values), limited as a level, a depth or
a time budget limits it. `analyse` is what the command line, the terminal game, the
window and the review all ask.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Callable

from ..core.numbers import parse_whole_or_none
from ..core.rules import load_ruleset
from ..errors import UserError, clipped
from .ai import LEVEL_PLAY, searched_values
from .endgame import proven_moves
from .game import SIDE_NAMES, Game
from .positions import round_over
from .settings import BUDGET_DEPTH

ANALYSIS_LEVEL = "expert"  # the search an analysis makes unless told otherwise
# The share of a level's positions an analysis at that level searches: every move gets a
# full window, a position of which costs a little more than one of the level's own search,
# and the analysis must take no longer than the level's move (benchmarks/bench_endgame.py).
LEVEL_SHARE = 0.85


@dataclass(frozen=True)
class Limits:
    """How hard an analysis looks: `depth` moves, `nodes` positions, `budget` seconds (all
    the moves together); `exact`: try the exact endgame search first."""

    depth: int
    nodes: float = float("inf")
    budget: float = float("inf")
    exact: bool = True


def limits_for(level: str | None = None, depth: int | None = None, budget: float | None = None) -> Limits:
    """The limits of a level (its search, not its blunders), a fixed depth or a time budget."""
    if depth is not None:
        return Limits(depth=depth)
    if budget is not None:
        return Limits(depth=BUDGET_DEPTH, budget=budget)
    play = LEVEL_PLAY[level or ANALYSIS_LEVEL]
    return Limits(depth=play.depth, nodes=play.nodes * LEVEL_SHARE, exact=play.exact)


ESTIMATE_MARK = "~"  # before an estimated value ("~+6"); an exact value has none ("+6")
VALUE_MEANS = (f"A value is {{whose}} final seeds minus the other side's with best play from there, in whole seeds "
               f"({ESTIMATE_MARK}: the search's estimate; without {ESTIMATE_MARK}: exact, proven to the end).")


def whole_seeds(value: float) -> int:
    """A value rounded to whole seeds, halves away from zero (so a side's view and the
    other's stay each other's negation)."""
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


def worded(value: int | None, exact: bool) -> str:
    """+6, -2, 0 exact; ~+6 estimated; ? unknown (a choice made unseen)."""
    if value is None:
        return "?"
    said = f"{value:+d}" if value else "0"
    return said if exact else ESTIMATE_MARK + said


@dataclass(frozen=True)
class MoveValue:
    slot: int
    hole: int  # as the game numbers it
    value: float  # seeds: the final margin if exact, else the search's estimate (JSON keeps it so)
    exact: bool
    depth: int | None  # moves searched ahead; None: to the end of the game (the exact search)

    @property
    def seeds(self) -> int:
        """The value as a player is shown it: whole seeds."""
        return whole_seeds(self.value)

    @property
    def words(self) -> str:
        """ "+6" exact, "~+6" an estimate."""
        return worded(self.seeds, self.exact)


@dataclass(frozen=True)
class Analysis:
    rules_name: str
    board: tuple[int, ...]
    player: int
    moves: tuple[MoveValue, ...]

    @property
    def best(self) -> list[int]:
        """The holes of the highest value in whole seeds (as the player is shown them)."""
        top = max(m.seeds for m in self.moves)
        return [m.hole for m in self.moves if m.seeds == top]

    def value(self) -> MoveValue:
        """The position's value: its best move's."""
        return max(self.moves, key=lambda m: (m.value, m.exact))

    def as_json(self) -> dict:
        return {"rules": self.rules_name, "board": " ".join(map(str, self.board)),
                "to_move": SIDE_NAMES[self.player].lower(),
                "moves": [{"hole": m.hole, "value": m.value, "exact": m.exact, "depth": m.depth} for m in self.moves],
                "best": self.best}

    def table(self) -> list[str]:
        """The text table: a line a move in whole seeds, the best marked."""
        best = set(self.best)
        lines = [f"{SIDE_NAMES[self.player]} to move. " + VALUE_MEANS.format(whose="the mover's"),
                 "hole   value  depth  exact"]
        for m in self.moves:
            depth = "end" if m.depth is None else str(m.depth)
            mark = "  <- best" if m.hole in best else ""
            lines.append(f"{m.hole:>4}  {m.words:>6}  {depth:>5}  {'yes' if m.exact else 'no':>5}{mark}")
        return lines


def outcome_words(value: int) -> str:
    """ "wins by 6", "loses by 2", "draws": an exact value said."""
    if value > 0:
        return f"wins by {value}"
    return f"loses by {-value}" if value < 0 else "draws"


def analyse(game: Game, player: int | None = None, limits: Limits | None = None,
            on_depth: Callable[[Analysis], None] | None = None) -> Analysis:
    """Every legal move of `player` (the one to move) valued, in the game's hole order.
    `on_depth` is given the analysis of each depth the search completes (what a front end
    shows as progress, and keeps if Ctrl-C cuts the search short)."""
    limits = limits or limits_for()
    player = game.to_move() if player is None else player
    if game.over or game.lockstep or player is None or not game.legal(player):
        raise UserError("there is no move to analyse here: " + (
            "the game is over" if game.over else "both sides choose at once" if game.lockstep else "not this side's turn"))
    values = proven_moves(game.rules, game.board, player, game.burnt) if limits.exact else None
    if values:
        return _analysis(game, player, {slot: (value, None, True) for slot, value in values.items()})
    told = (lambda found: on_depth(_analysis(game, player, found))) if on_depth else None
    return _analysis(game, player, searched_values(game, player, limits.budget, limits.depth, limits.nodes, told))


def _analysis(game: Game, player: int, found: dict) -> Analysis:
    """The Analysis of the search's values (slot -> (value, depth, exact))."""
    moves = tuple(MoveValue(slot, game.hole_number(slot), _tidy(found[slot][0]), found[slot][2], found[slot][1])
                  for slot in sorted(game.legal(player), key=game.hole_number))
    return Analysis(game.rules_ref or game.rules.name, tuple(game.board), player, moves)


def _tidy(value: float) -> float:
    """A whole number of seeds as an int (JSON prints 6, not 6.0); else two decimals."""
    return int(value) if value == int(value) else round(value, 2)


# --- a position given as counts -------------------------------------------------------

def position_from_counts(rules_name: str, counts: str, to_move: str) -> Game:
    """The game at the position COUNTS (a save file's `position.board` order) with
    `to_move` ("south" or "north") to move; every problem one UserError line."""
    rules = load_ruleset(rules_name)
    if rules.rounds != "single":
        raise UserError(f"analyse takes single-round rulesets; '{rules.name}' is played in rounds")
    words = counts.replace(",", " ").split()
    board = [parse_whole_or_none(word) for word in words]
    if len(words) != rules.size:
        raise UserError(f"a {rules.name} position has {rules.size} counts, got {len(words)}")
    bad = next((word for word, number in zip(words, board) if number is None or number < 0), None)
    if bad is not None:
        raise UserError(f"count {clipped(bad)!r} is not a whole number of seeds (none negative)")
    slots = [number for number in board if number is not None]  # every one (no bad count)
    if sum(slots) != rules.total_seeds:
        raise UserError(f"a {rules.name} position holds {rules.total_seeds} seeds in all, got {sum(slots)}")
    if round_over(slots, rules):
        raise UserError("the game is over at this position: nothing to analyse")
    player = SIDE_NAMES.index(to_move.capitalize())
    game = Game.at(rules_name, slots, waiting=(player,))
    if not game.legal(player):  # (only where the game ends with every hole empty)
        raise UserError(f"{to_move} has no seeds to sow here and passes: give --to-move {SIDE_NAMES[1 - player].lower()}")
    return game
