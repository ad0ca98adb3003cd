"""A finished (or unfinished) game looked back on: its record as text, and its review.

The review replays the game from its start and analyses the position before every move
(analysis.analyse): the value the mover could have had (its best move's) and the value of
the move played, both the mover's final seeds minus the opponent's. The moves that turned
the result (a win given away, or a draw) and the biggest drops are marked, as a chess
program's review marks a game's mistakes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UserError
from .ai import sign
from .analysis import Limits, analyse, worded_value
from .game import SIDE_NAMES, Game
from .saves import side_list

MARKED_DROPS = 3  # the biggest drops marked, beside every move that turned the result
SMALLEST_DROP = 1  # seeds: a smaller loss is not a mistake worth marking


@dataclass(frozen=True)
class ReviewedMove:
    number: int  # 1, 2, ... in the order played
    player: int
    hole: int
    before: float  # the best value the mover had
    after: float  # the value of the move played
    exact: bool  # both values exact
    best: tuple[int, ...]  # the holes that kept `before`
    unvalued: str = ""  # why the move has no values: "the only move", "both sides at once"

    @property
    def drop(self) -> float:
        return self.before - self.after

    @property
    def turned(self) -> bool:
        """A win given away, or a draw turned into a loss."""
        return sign(self.after) < sign(self.before)


def replay_start(game: Game) -> Game:
    """A new game at `game`'s start (its set-up position, if it had one)."""
    start = game.start
    if not start:
        return Game(game.rules)
    return Game.at(game.rules, start["board"], side_list(start["waiting"]), start["burnt"], start["round"])


def review(game: Game, limits: Limits) -> list[ReviewedMove]:
    """Every move of `game` (up to a concession) with the values before and after it."""
    if game.rules.rounds != "single":
        raise UserError(f"a review takes single-round games; '{game.rules.name}' is played in rounds")
    replayed = replay_start(game)
    reviewed = []
    for number, (player, slot) in enumerate(game.moves, 1):
        if slot < 0:  # a concession ends the game
            break
        reviewed.append(_reviewed_move(replayed, number, player, slot, limits))
        replayed.move(player, slot)
    return reviewed


def _reviewed_move(game: Game, number: int, player: int, slot: int, limits: Limits) -> ReviewedMove:
    """One move valued before it is played. A forced move loses nothing, and a choice made
    at a simultaneous start (neither side sees the other's) has no value a search can give."""
    unvalued = "both sides at once" if game.lockstep else "the only move" if len(game.legal(player)) < 2 else ""
    if unvalued:
        return ReviewedMove(number, player, game.hole_number(slot), 0, 0, False, (), unvalued)
    analysis = analyse(game, player, limits)
    played = next(m for m in analysis.moves if m.slot == slot)
    best = analysis.value()
    return ReviewedMove(number, player, played.hole, best.value, played.value, best.exact and played.exact,
                        tuple(analysis.best))


def marked(moves: list[ReviewedMove]) -> dict[int, str]:
    """move number -> its mark: "turned the result" or "big drop"."""
    marks = {m.number: "turned the result" for m in moves if m.turned and m.drop >= SMALLEST_DROP}
    drops = sorted((m for m in moves if m.drop >= SMALLEST_DROP and m.number not in marks),
                   key=lambda m: -m.drop)
    marks.update({m.number: "big drop" for m in drops[:MARKED_DROPS]})
    return marks


def review_lines(game: Game, moves: list[ReviewedMove]) -> list[str]:
    """The review as a table: a line a move, the turning points and big drops marked."""
    marks = marked(moves)
    lines = ["Values: the mover's final seeds minus the opponent's (exact: with perfect play).",
             "move  side   hole  before   after   drop  best"]
    for m in moves:
        if m.unvalued:
            lines.append(f"{m.number:>4}  {SIDE_NAMES[m.player]:<5}  {m.hole:>4}  ({m.unvalued})")
            continue
        drop = worded_value(m.drop).lstrip("+") if m.drop else ""
        best = "" if m.hole in m.best else "/".join(map(str, m.best))
        mark = f"  <- {marks[m.number]}" if m.number in marks else ""
        lines.append(f"{m.number:>4}  {SIDE_NAMES[m.player]:<5}  {m.hole:>4}  {worded_value(m.before):>6}  "
                     f"{worded_value(m.after):>6}  {drop:>5}  {best:<4}{' exact' if m.exact else ''}{mark}".rstrip())
    lines.append(f"Result: {game.state.result}" if game.over else "The game is not over.")
    return lines


def record_lines(game: Game) -> list[str]:
    """The game as text: the ruleset, any set-up position, its moves in order, the result."""
    lines = [f"{game.rules.title} ({game.rules_ref or game.rules.name})"]
    if game.start:
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
