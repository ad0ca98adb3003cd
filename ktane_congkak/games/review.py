"""A game looked back on, to learn from: one value for every position, each move marked.

Modelled on a chess site's computer analysis (lichess's). Every position the game went
through gets one value, from one side's view (`view`: yours; South's in a game of two
people): that side's final seeds minus the other's, in whole seeds, with best play from
there. Exact where the endgame search (or a search that reached the end of every line)
proves it, else the search's estimate rounded to whole seeds; every position is searched
with the same limits, so the values are comparable along the game. The position after a
move is the one before the next: it has one value, shown as both.

Each move is judged against the best move in the same search of the position before it:
the seeds it gives up (`loss`, in the mover's favour, 0 for a best move) make its mark
(MARKS), the side's accuracy is a mean of ACCURACY's formula over its moves, and a move
that worsens the result its side could expect (a win to a draw or a loss, a draw to a
loss) is a turning point. The terminal's table (review_text.py), the page (review_page.py)
and the window's panel all draw a `Review` and decide nothing.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from collections.abc import Callable

from ..errors import UserError
from .ai import sign
from .analysis import Analysis, Limits, analyse, whole_seeds
from .game import SIDE_NAMES, SOUTH, Game
from .positions import margin
from .saves import side_list
from .series import starts_fresh

# Each mark and the fewest seeds a move gives up to earn it (against the best move of the
# same search). In whole seeds: a club player shrugs at one seed, notices two or three,
# regrets four (a store's worth of a mancala capture) and calls eight a blunder (about a
# sixth of mancala's 48 seeds, a twelfth of congkak's 98). The one home of these numbers:
# docs/games.md, the help and every view read them from here.
MARKS: tuple[tuple[str, int], ...] = (("best", 0), ("good", 1), ("inaccuracy", 2), ("mistake", 4), ("blunder", 8))
MARK_NAMES = tuple(name for name, _ in MARKS)
# A move's accuracy is 100 * 0.5 ** (loss / ACCURACY_HALVING): 100 for a best move, 50 for
# one that gives up ACCURACY_HALVING seeds, 25 for twice that; a side's accuracy is the
# mean over its moves that had a choice (a forced move or an unseen choice is not counted).
ACCURACY_HALVING = 4


def mark_of(loss: int) -> str:
    """The mark of a move that gives up `loss` seeds (MARKS)."""
    return next(name for name, least in reversed(MARKS) if loss >= least)


def move_accuracy(loss: int) -> float:
    """A move's accuracy, 0 to 100 (ACCURACY)."""
    return 100 * 0.5 ** (loss / ACCURACY_HALVING)


@dataclass(frozen=True)
class ReviewedMove:
    number: int  # 1, 2, ... in the order played
    player: int
    hole: int
    value_before: int | None  # the view's value of the position before the move (None: unseen choices)
    value_after: int | None  # ... and after it: the next move's value_before
    exact_before: bool
    exact_after: bool
    best: tuple[int, ...]  # the holes that keep the most for the mover ((): no choice a search can value)
    loss: int | None  # seeds the move gives up against the best (None: not valued)
    forced: bool = False  # the only legal move

    @property
    def mark(self) -> str | None:
        return None if self.loss is None else mark_of(self.loss)

    @property
    def exact(self) -> bool:
        return self.exact_before and self.exact_after

    @property
    def side(self) -> str:
        return SIDE_NAMES[self.player].lower()

    def as_json(self) -> dict:
        return {"n": self.number, "side": self.side, "hole": self.hole, "value_before": self.value_before,
                "value_after": self.value_after, "best": list(self.best), "loss": self.loss, "mark": self.mark,
                "exact": self.exact}


@dataclass(frozen=True)
class Review:
    rules_title: str
    view: int  # whose final seeds minus the other's every value is
    moves: tuple[ReviewedMove, ...]
    turning: tuple[int, ...]  # the numbers of the moves that worsened their side's expected result
    result: str  # the game's result, or "" for a game not over (or a review cut short)
    interrupted: KeyboardInterrupt | None = None  # the Ctrl-C that cut the review short

    @property
    def values(self) -> list[tuple[int | None, bool]]:
        """(value, exact) of every position, the start first: the graph's points."""
        if not self.moves:
            return []
        first = self.moves[0]
        return [(first.value_before, first.exact_before)] + [(m.value_after, m.exact_after) for m in self.moves]

    def accuracy(self) -> dict[str, int | None]:
        """Each side's accuracy in whole percent (None: it had no choice to judge)."""
        found: dict[str, int | None] = {}
        for player, name in enumerate(SIDE_NAMES):
            scored = [move_accuracy(m.loss) for m in self.moves if m.player == player and m.loss is not None
                      and not m.forced]
            found[name.lower()] = round(sum(scored) / len(scored)) if scored else None
        return found

    def marked(self, least: str = "inaccuracy") -> list[ReviewedMove]:
        """The moves marked `least` or worse."""
        worst = MARK_NAMES[MARK_NAMES.index(least):]
        return [m for m in self.moves if m.mark in worst]

    def as_json(self) -> dict:
        return {"view": SIDE_NAMES[self.view].lower(), "moves": [m.as_json() for m in self.moves],
                "accuracy": self.accuracy()}


@dataclass(frozen=True)
class _Position:
    """What the search says of one position. `kind`: "searched" (`analysis` has every move's
    value, from the mover's view), "forced" (one legal move: valued as the position it
    leads to), "unseen" (choices made at once at a simultaneous start, or nobody to move:
    no value a search can give), "over" (`count`: South's final margin)."""

    kind: str
    player: int | None = None
    analysis: Analysis | None = None
    count: int = 0

    def value(self, slot: int | None = None) -> int:
        """The mover's value in whole seeds: its best move's, or the move `slot`'s."""
        moves = self.analysis.moves if self.analysis else ()
        return max(whole_seeds(m.value) for m in moves if slot is None or m.slot == slot)

    def best_holes(self) -> tuple[int, ...]:
        """The holes worth the best value in whole seeds (they give up nothing)."""
        top = self.value()
        return tuple(m.hole for m in self.analysis.moves if whole_seeds(m.value) == top) if self.analysis else ()

    def exact(self) -> bool:
        return self.analysis is not None and all(m.exact for m in self.analysis.moves)


def replay_start(game: Game) -> Game:
    """A new game at `game`'s start (its set-up position, if it had one)."""
    start = game.start
    if not start:
        return Game(game.rules)
    waiting = side_list(start["waiting"])
    assert waiting is not None, "Game.at writes the start's sides as names side_list reads"
    return Game.at(game.rules, start["board"], waiting, start["burnt"], start["round"])


def view_of(humans: tuple[int, ...]) -> int:
    """Whose view a review takes: the one person's side; South's in a game of two."""
    return humans[0] if len(humans) == 1 else SOUTH


def review(game: Game, limits: Limits, view: int = SOUTH, progress: Callable[[int, int], None] | None = None,
           keep_on_interrupt: bool = False) -> Review:
    """Every move of `game` (up to a concession) valued and marked, every position searched
    with `limits`. `progress(done, total)` hears each position searched. With
    `keep_on_interrupt`, Ctrl-C ends the review at the moves whose positions before and after
    were searched, the interrupt kept in `interrupted`."""
    if game.rules.rounds != "single":
        raise UserError(f"a review takes single-round games; '{game.rules.name}' is played in rounds")
    played = until_concession(game.moves)
    replayed, positions = replay_start(game), []
    interrupted = None
    try:
        for done, (player, slot) in enumerate(played):
            positions.append(_searched(replayed, player, limits))
            replayed.move(player, slot)
            if progress:
                progress(done + 1, len(played) + 1)
        positions.append(_final(replayed, limits))
    except KeyboardInterrupt as interrupt:
        if not keep_on_interrupt:
            raise
        interrupted, played = interrupt, played[:max(len(positions) - 1, 0)]
        positions = positions[:len(played) + 1]
    reviewed = _judged(game, played, positions, view)
    return dataclasses.replace(reviewed, interrupted=interrupted, result="" if interrupted else reviewed.result)


def until_concession(moves: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The moves played on the board: up to a concession (a slot below 0), if any."""
    return moves[:next((i for i, (_, slot) in enumerate(moves) if slot < 0), len(moves))]


def _searched(game: Game, player: int, limits: Limits) -> _Position:
    if game.lockstep:
        return _Position("unseen", player)
    if len(game.legal(player)) < 2:
        return _Position("forced", player)
    return _Position("searched", player, analyse(game, player, limits))


def _final(game: Game, limits: Limits) -> _Position:
    """The last position: a finished game's count, else searched (even a single move)."""
    if game.over:
        return _Position("over", count=margin(game.board, game.rules, SOUTH))
    mover = game.to_move()
    if mover is None or game.lockstep:
        return _Position("unseen", mover)
    return _Position("searched", mover, analyse(game, mover, limits))


def _judged(game: Game, played: list[tuple[int, int]], positions: list[_Position], view: int) -> Review:
    """The values of every position (the view's), then each move's loss and mark."""
    values = position_values(positions, view)
    moves, turning = [], []
    for number, ((player, slot), at) in enumerate(zip(played, positions), 1):
        (before, exact_before), (after, exact_after) = values[number - 1], values[number]
        hole = game.hole_number(slot)
        if at.kind == "searched":
            best, chosen = at.value(), at.value(slot)
            moves.append(ReviewedMove(number, player, hole, before, after, exact_before, exact_after,
                                      at.best_holes(), best - chosen))
            if sign(chosen) < sign(best):
                turning.append(number)
        else:
            forced = at.kind == "forced"
            moves.append(ReviewedMove(number, player, hole, before, after, exact_before, exact_after,
                                      (hole,) if forced else (), 0 if forced else None, forced))
    return Review(game.rules.title, view, tuple(moves), tuple(turning), game.state.result if game.over else "")


def position_values(positions: list[_Position], view: int) -> list[tuple[int | None, bool]]:
    """(value from `view`, exact) of each position; a forced move's position has the value
    of the one after it (its only move leads there), so they are found from the end back."""
    found: list[tuple[int | None, bool]] = [(None, False)] * len(positions)
    for i in range(len(positions) - 1, -1, -1):
        at = positions[i]
        if at.kind == "over":
            found[i] = (at.count if view == SOUTH else -at.count, True)
        elif at.kind == "searched":
            found[i] = (at.value() if at.player == view else -at.value(), at.exact())
        elif at.kind == "forced" and i + 1 < len(positions):
            found[i] = found[i + 1]
    return found


def record_lines(game: Game) -> list[str]:
    """The game as text: the ruleset, any set-up position, its moves in order, the result."""
    lines = [f"{game.rules.title} ({game.rules_ref or game.rules.name})"]
    if game.start and starts_fresh(game):
        lines.append(f"{' and '.join(game.start['waiting']).capitalize()} starts")
    elif game.start:
        lines.append(f"Set up: {' '.join(map(str, game.start['board']))}, "
                     f"{' and '.join(game.start['waiting'])} to move")
    for number, (player, slot) in enumerate(game.moves, 1):
        what = "concedes" if slot < 0 else f"hole {game.hole_number(slot)}"
        lines.append(f"{number:>3}. {SIDE_NAMES[player]} {what}")
    if game.over:
        lines.append(f"Result: {game.state.result}")
    else:
        lines.append(f"Not over: {' and '.join(SIDE_NAMES[p] for p in game.waiting)} to move")
    return lines
