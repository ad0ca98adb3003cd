"""Computer players: random, greedy, search (alpha-beta) and the levels built from them.

Greedy takes the best immediate gain; the levels (easy, medium, hard, expert) are the
search limited and made to blunder (`LEVEL_PLAY`).

The search has a transposition table and deepens iteratively under a time budget per move,
or a budget of positions (the levels': the same moves on every machine). Near the end of
a game the search and the hard and expert levels play the exact endgame (endgame.py).

Every player is `choose(game, player) -> slot`. In alternating play the search works on
bare positions through `sowing.sow`, the engine's fast path; at a simultaneous start
(where both choose without seeing the other's hole) it plays every pair of holes through
the game itself and keeps the hole whose worst reply is best (maximin).
"""

from __future__ import annotations

import gc
import random
import time
from dataclasses import dataclass
from typing import Protocol
from collections.abc import Callable, Sequence

from .endgame import proven_moves, worth_trying
from .game import Game
from .positions import margin, round_over
from .settings import BUDGET_DEPTH, DEFAULT_BUDGET, LEVELS, PLAYERS
from ..core.rules import Ruleset
from ..core.sowing import EXTRA_TURN, legal_starts, sow

WIN = 10_000  # added to a finished game's margin, so a sure win beats any heuristic
# Slots of the transposition table: its memory is bounded (about 300 bytes an entry, so
# some 20 MB at most) however long a search runs. A slot keeps the deeper of two entries.
TABLE_SLOTS = 1 << 16
# The depth stored for a settled position: one whose whole subtree reached the end of the
# game, so its value holds at any depth (and a slot keeps it before any other).
SETTLED = 1 << 30


class Player(Protocol):
    """A computer player: the slot it sows from, `player` to move in `game`."""

    def choose(self, game: Game, player: int) -> int: ...


class RandomPlayer:
    name = "random"

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()

    def choose(self, game: Game, player: int) -> int:
        return self.rng.choice(game.legal(player))


class GreedyPlayer:
    """The hole that puts the most seeds in its own store right now (an extra turn breaks
    ties, then chance); at the end of a game the seeds counted in."""

    name = "greedy"

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()

    def choose(self, game: Game, player: int) -> int:
        scored = [(immediate_gain(game, player, s), s) for s in game.legal(player)]
        best = max(score for score, _ in scored)
        return self.rng.choice([s for score, s in scored if score == best])


def immediate_gain(game: Game, player: int, slot: int) -> tuple[int, bool]:
    """(seeds the turn adds to the mover's store, does it give another turn), sowing alone."""
    rules = game.rules
    after, end = sow(game.board, rules, player, slot, game.burnt)
    gain = after[rules.store(player)] - game.board[rules.store(player)]
    if round_over(after, rules):
        gain = margin(after, rules, player) - margin(game.board, rules, player)
    return gain, end == EXTRA_TURN


class SearchPlayer:
    """Alpha-beta (negamax) with a transposition table and iterative deepening; it stops
    deepening when `budget` seconds are spent, after `max_nodes` positions in a move (the
    last depth it completed decides), or at `max_depth`. Extra turns keep the
    same player to move, so the value is negated only when the mover changes."""

    name = "search"

    def __init__(self, budget: float = DEFAULT_BUDGET, max_depth: int = BUDGET_DEPTH, rng: random.Random | None = None,
                 on_depth: Callable[[int], None] | None = None, max_nodes: float = float("inf"),
                 exact_endgames: bool = False):
        self.budget, self.max_depth, self.max_nodes = budget, max_depth, max_nodes
        self.exact_endgames = exact_endgames
        self.proven: int | None = None  # the last move's exact value (the final margin), if proven
        self.rng = rng or random.Random()
        self.on_depth = on_depth  # told each depth as it is completed (front ends show progress)
        self.nodes = 0  # positions searched, over this player's whole life
        self.seconds = 0.0
        self.depths: list[int] = []  # the depth completed for each move

    def choose(self, game: Game, player: int) -> int:
        start = time.perf_counter()
        collecting = gc.isenabled()
        gc.disable()  # the table holds only tuples of numbers: a collection pass would just stall the clock
        try:
            if game.lockstep:
                return self._lockstep(game, player)
            return self._search(game, player, start)
        finally:
            if collecting:
                gc.enable()
            self.seconds += time.perf_counter() - start

    # --- alternating play -------------------------------------------------------------
    def _search(self, game: Game, player: int, start: float) -> int:
        moves = game.legal(player)
        self.proven = None
        if self.exact_endgames:
            values = proven_moves(game.rules, game.board, player, game.burnt)
            if values:
                self.proven = max(values.values())
                self.depths.append(0)
                return self.rng.choice([slot for slot, value in values.items() if value == self.proven])
        if len(moves) == 1:
            self.depths.append(0)
            return moves[0]
        # 5 % of the budget is left for the last node's return and freeing the table.
        search = _Search(game.rules, game.burnt, start + 0.95 * self.budget, self.max_nodes)
        board = tuple(game.board)
        best, depth = moves[0], 0
        for d in range(1, self.max_depth + 1):
            search.exact = True
            try:
                value, move = search.negamax(board, player, d, -float("inf"), float("inf"))
            except _Timeout:
                break
            best, depth = move, d
            if self.on_depth:
                self.on_depth(d)
            if search.exact:  # the whole tree was searched to the end: its value is proven
                self.proven = round(in_seeds(value))
                break
        self.nodes += search.nodes
        self.depths.append(depth)
        return best

    # --- the simultaneous start ---------------------------------------------------------
    def _lockstep(self, game: Game, player: int) -> int:
        other = 1 - player
        both = other in game.waiting  # a choice the other already made stays unseen
        worst = {}
        for mine in game.legal(player):
            replies = legal_starts(game.board, game.rules, other) if both else [None]
            values = []
            for theirs in replies:
                trial = game.clone_unchosen(other)
                trial.move(player, mine)
                if theirs is not None:
                    trial.move(other, theirs)
                _finish_lockstep(trial)
                values.append(margin(trial.board, game.rules, player) + _settled_bonus(trial, player))
                self.nodes += 1
            worst[mine] = min(values)
        best = max(worst.values())
        return self.rng.choice([m for m, v in worst.items() if v == best])


def _settled_bonus(game: Game, player: int) -> int:
    """Being the one to move after the simultaneous start is worth a little."""
    return 1 if game.waiting == (player,) else 0


def _finish_lockstep(game: Game) -> None:
    """Play a simultaneous start on to its end, each later choice greedy."""
    greedy = GreedyPlayer(random.Random(0))
    while game.lockstep and not game.over:
        for p in game.waiting:
            if not game.has_chosen(p):
                game.move(p, greedy.choose(game, p))


class _Timeout(Exception):
    pass


def searched_values(game: Game, player: int, budget: float, max_depth: int, max_nodes: float = float("inf"),
                    on_depth: Callable[[dict], None] | None = None) -> dict:
    """Every legal move's value as the search sees it: slot -> (value in seeds, depth,
    settled). The moves share one search, its table and its limits (`budget` seconds,
    `max_nodes` positions, `max_depth` moves, the move itself the first), deepened together
    one depth at a time; the values are those of the last depth every move completed (an
    odd and an even depth differ too much to be shown side by side). A settled value is
    the game's final margin with perfect play. `on_depth` is given the values of each depth
    completed (what Ctrl-C keeps)."""
    start = time.perf_counter()
    search = _Search(game.rules, game.burnt, float("inf"))  # depth 1 (each move's estimate) always completes
    children = search._children(tuple(game.board), player, None)
    found: dict = {}
    for depth in range(1, max_depth + 1):
        if depth == 2:
            search.deadline, search.max_nodes = start + 0.95 * budget, max_nodes
        deeper = {}
        try:
            for _, move, after, mover in children:
                search.exact = True
                value = search.negamax(after, mover, depth - 1, -float("inf"), float("inf"))[0]
                deeper[move] = (in_seeds(value if mover == player else -value), depth, search.exact)
        except _Timeout:
            break
        found = deeper
        if on_depth:
            on_depth(found)
        if all(settled for _, _, settled in found.values()):
            break
    return found


def in_seeds(value: float) -> float:
    """A search value in seeds: a finished game's margin, else the estimate's store-seeds."""
    if abs(value) >= WIN // 2:
        value -= sign(value) * WIN
    return value / 4


class _Search:
    """One move's search: positions are (board tuple, player to move)."""

    def __init__(self, rules: Ruleset, burnt: frozenset, deadline: float, max_nodes: float = float("inf")):
        self.rules, self.burnt, self.deadline, self.max_nodes = rules, burnt, deadline, max_nodes
        # slot -> (board, player, depth, flag, value, best move); see TABLE_SLOTS
        self.table: list = [None] * TABLE_SLOTS
        self.nodes = 0
        self.exact = True  # no leaf of the last iteration was cut off by depth
        self.holes = (rules.holes(0), rules.holes(1))
        self.stores = (rules.store(0), rules.store(1))

    def negamax(self, board: tuple, player: int, depth: int, alpha: float, beta: float):
        self.nodes += 1
        if not self.nodes & 255 and (self.nodes > self.max_nodes or time.perf_counter() > self.deadline):
            raise _Timeout
        if round_over(board, self.rules):
            final = margin(board, self.rules, player)
            return final * 4 + sign(final) * WIN, None
        if depth == 0:
            self.exact = False
            return self._estimate(board, player), None
        slot = hash((board, player)) & (TABLE_SLOTS - 1)
        entry = self.table[slot]
        first = None
        if entry is not None and entry[1] == player and entry[0] == board:
            _, _, e_depth, flag, value, first = entry
            if e_depth >= depth:
                if flag == 0 or (flag < 0 and value <= alpha) or (flag > 0 and value >= beta):
                    # only a settled value leaves the search exact; another may rest on a depth cut-off
                    self.exact = self.exact and e_depth == SETTLED
                    return value, first
        outer, self.exact = self.exact, True  # from here: whether this position's subtree settles
        best_value, best_move = self._expand(board, player, depth, alpha, beta, first)
        settled, self.exact = self.exact, outer and self.exact
        flag = -1 if best_value <= alpha else (1 if best_value >= beta else 0)
        depth = SETTLED if settled else depth
        old = self.table[slot]
        if old is None or old[2] <= depth:  # depth-preferred: a deep result is costlier to redo
            self.table[slot] = (board, player, depth, flag, best_value, best_move)
        return best_value, best_move

    def _expand(self, board: tuple, player: int, depth: int, alpha: float, beta: float, first):
        """A position's value and best move from its children (or a pass)."""
        children = self._children(board, player, first)
        if not children:  # no seeds, the game goes on: a pass
            value, _ = self.negamax(board, 1 - player, depth - 1, -beta, -alpha)
            return -value, None
        best_value, best_move = -float("inf"), children[0][1]
        for _, move, after, mover in children:
            if mover == player:
                value = self.negamax(after, mover, depth - 1, alpha, beta)[0]
            else:
                value = -self.negamax(after, mover, depth - 1, -beta, -alpha)[0]
            if value > best_value:
                best_value, best_move = value, move
            if value > alpha:
                alpha = value
            if alpha >= beta:
                break
        return best_value, best_move

    def _children(self, board: tuple, player: int, first):
        """(order key, move, position after, player to move next), best-looking first."""
        store = self.stores[player]
        children = []
        for s in self.holes[player]:
            if not board[s]:
                continue
            after, end = sow(board, self.rules, player, s, self.burnt)
            mover = player if end == EXTRA_TURN else 1 - player
            order = (s == first) * 1000 + (mover == player) * 100 + after[store] - board[store]
            children.append((order, s, tuple(after), mover))
        children.sort(reverse=True)
        return children

    def _estimate(self, board: tuple, player: int) -> int:
        """A seed in a store is banked; one on your side often ends up yours (the final
        count gives it to you) but may still be taken: stores weigh 4, sides 1, and a
        finished game's exact margin weighs 4. (Against greedy, 4:1 won more games than
        2:1 or stores alone.)"""
        mine, theirs = self.holes[player], self.holes[1 - player]
        stores = board[self.stores[player]] - board[self.stores[1 - player]]
        return 4 * stores + sum(board[s] for s in mine) - sum(board[s] for s in theirs)


def sign(x: float) -> int:
    """1, 0 or -1 as the margin `x` is a win, a draw or a loss."""
    return (x > 0) - (x < 0)


@dataclass(frozen=True)
class Level:
    """How a level plays: a search `depth` moves ahead, stopped sooner after `nodes`
    positions in a move (no clock: the same moves on every machine), which for a share
    `blunders` of its moves plays a random hole instead (mistakes a beginner can punish);
    with `exact`, a proven endgame perfectly (no blunder there)."""

    depth: int
    nodes: float = float("inf")
    blunders: float = 0.0
    exact: bool = False


# The levels, each winning most games against the one before (docs/games.md has the
# matches). Above 4 moves deep a fixed depth hardly helps in relay congkak, where the
# random first moves decide many games; the blunders make the steps there.
LEVEL_PLAY = {
    "easy": Level(depth=1, blunders=0.5),
    "medium": Level(depth=3, blunders=0.3),
    "hard": Level(depth=6, blunders=0.1, exact=True),
    "expert": Level(depth=BUDGET_DEPTH, nodes=20_000, exact=True),
}


class LevelPlayer(SearchPlayer):
    """The search as one of the `LEVEL_PLAY` levels plays it."""

    def __init__(self, level: str, rng: random.Random | None = None, on_depth: Callable[[int], None] | None = None):
        play = LEVEL_PLAY[level]
        super().__init__(budget=float("inf"), max_depth=play.depth, rng=rng, on_depth=on_depth, max_nodes=play.nodes,
                         exact_endgames=play.exact)
        self.name, self.blunders = level, play.blunders

    def choose(self, game: Game, player: int) -> int:
        if self.blunders and self.rng.random() < self.blunders and not self._proven_endgame(game):
            return self.rng.choice(game.legal(player))
        return super().choose(game, player)

    def _proven_endgame(self, game: Game) -> bool:
        """Near the end an exact level plays the proven endgame: no blunder there."""
        return self.exact_endgames and not game.lockstep and worth_trying(game.rules, game.board, game.burnt)


def make_player(kind: str, seed: int | float | str | None = None, budget: float = DEFAULT_BUDGET, max_depth: int = BUDGET_DEPTH,
                on_depth: Callable[[int], None] | None = None) -> Player:
    """A computer player by name: a level (easy, medium, hard, expert), or random, greedy
    or search (a budget in seconds a move; `on_depth` is told each depth the search
    completes). A level sets its own limits: `budget` and `max_depth` are the search's."""
    rng = random.Random(seed)
    if kind in LEVELS:
        return LevelPlayer(kind, rng, on_depth)
    if kind == "random":
        return RandomPlayer(rng)
    if kind == "greedy":
        return GreedyPlayer(rng)
    if kind == "search":
        return SearchPlayer(budget=budget, max_depth=max_depth, rng=rng, on_depth=on_depth, exact_endgames=True)
    from ..errors import UserError

    raise UserError(f"no computer player '{kind}' (choose from {', '.join(PLAYERS)})")


def random_opening(rules: Ruleset | str, moves: int, rng: random.Random) -> Game:
    """A game after `moves` random choices (at a simultaneous start, one by each side),
    or fewer if it ends first."""
    game = Game(rules)
    for _ in range(moves):
        if game.over:
            break
        for p in game.waiting:
            game.move(p, rng.choice(game.legal(p)))
    return game


def play_game(rules: Ruleset | str, players: Sequence[Player], on_move: Callable[[Game, int, int], None] | None = None,
              game: Game | None = None) -> Game:
    """Play one game between two computer players (South first in `players`), from the
    start or on from `game`."""
    game = game or Game(rules)
    while not game.over:
        # Everyone waiting chooses on the same position before any choice is applied.
        choices = [(p, players[p].choose(game, p)) for p in game.waiting]
        for p, slot in choices:
            game.move(p, slot)
            if on_move:
                on_move(game, p, slot)
    return game
