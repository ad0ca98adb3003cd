"""`expert` against the minimax player of MancalaGames (github.com/StoneShark/MancalaGames),
from random two-move openings, each opening played once with each colour. Prints every
game and the tally of opening pairs; asserts nothing.

MancalaGames is not part of this project and nothing of it is copied here: give the folder
of a checkout of it (its `src/` and `GameProps/`), which this script imports from. Our
engine referees every game (its rules decide what is legal and who won); before each of
its moves the other program's game is set to our position, and its minimax (a fixed
depth: no clock in it) chooses the move.

    git clone https://github.com/StoneShark/MancalaGames /tmp/mg && git -C /tmp/mg checkout 2b1c596
    PYTHONPATH=. python3 benchmarks/vs_mancalagames.py --mancalagames /tmp/mg --rules mancala --pairs 12

`--compare GAMES` plays random games move for move in both engines instead and counts the
positions that differ (none should: the same game).

docs/games.md has the results.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import sys
import time

from ktane_congkak.games.ai import make_player, random_opening
from ktane_congkak.games.game import NORTH, SOUTH, Game

# Their configuration of each of our rulesets: Kalah is our mancala; our single-round
# relay congkak is their Dakon without its rounds and blocks.
THEIR_GAME = {"mancala": ("Kalah.txt", {}),
              "congkak": ("Dakon.txt", {"rounds": 0, "blocks": False, "round_fill": 0, "round_starter": 0,
                                        "goal_param": 0, "xcpickown": 2})}


class TheirPlayer:
    """MancalaGames' minimax at a fixed depth, choosing for our game's position."""

    name = "mancalagames"

    def __init__(self, folder: str, rules_name: str, depth: int):
        sys.path.insert(0, os.path.join(folder, "src"))
        import animator
        import ai_player
        import man_config

        animator.ENABLED = False
        props, changes = THEIR_GAME[rules_name]
        config = man_config.read_game(os.path.join(folder, "GameProps", props))
        for key, value in changes.items():
            config["game_info"].pop(key, None) if not value else config["game_info"].__setitem__(key, value)
        self.game = man_config.game_from_config(config)
        player = dict(config["player"], algorithm="minimaxer")
        self.ai = ai_player.AiPlayer(self.game, player)
        self.ai.algo.set_params(depth)
        self.seconds, self.moves = 0.0, 0

    def choose(self, game, player: int) -> int:
        start = time.process_time()
        self.set_position(game, player)
        pos = self.ai.pick_move()
        pos = pos.pos if hasattr(pos, "pos") else pos
        slot = our_slot(game, player, pos)
        self.seconds += time.process_time() - start
        self.moves += 1
        if slot not in game.legal(player):
            raise RuntimeError(f"MancalaGames chose {pos}, not a legal move here: {board}")
        return slot


    def set_position(self, game, player: int) -> None:
        """Their game set to our position, `player` to move."""
        board = game.board
        self.game.state = dataclasses.replace(self.game.state, board=their_holes(game, board),
                                              store=their_stores(game, board),
                                              _turn=player == NORTH, rturn_cnt=0, mdata_state=None)

    def position_after(self, game, player: int, slot: int):
        """(holes, stores, North to move next) in their engine after `player` sows `slot`
        from our position; None where their game ends there."""
        self.set_position(game, player)
        n = game.rules.holes_per_side
        if self.game.move(slot if player == SOUTH else 2 * n - slot) is not None:
            return None
        return tuple(self.game.board), tuple(self.game.store), self.game.turn


def their_holes(game, board) -> tuple:
    """Our holes in their order: South's row from the left, then North's."""
    n = game.rules.holes_per_side
    return tuple(board[s] for s in range(n)) + tuple(board[s] for s in range(n + 1, 2 * n + 1))


def their_stores(game, board) -> tuple:
    return board[game.rules.store(SOUTH)], board[game.rules.store(NORTH)]


def our_slot(game, player: int, pos: int) -> int:
    """Their position counts from the left of the mover's row; loc n + i is our slot n + 1 + i."""
    return pos if player == SOUTH else 2 * game.rules.holes_per_side - pos


def compare(rules_name: str, theirs: TheirPlayer, games: int, seed: str) -> None:
    """Random games played move for move in both engines: every position their engine
    reaches (to the last move before an end) must be ours."""
    moves = differing = 0
    for number in range(games):
        rng = random.Random(f"{seed}:compare:{number}")
        game = Game(rules_name)
        while not game.over:
            player = game.to_move()
            slot = rng.choice(game.legal(player))
            after = theirs.position_after(game, player, slot)
            game.move(player, slot)
            if after is None or game.over:
                continue
            moves += 1
            ours = (their_holes(game, game.board), their_stores(game, game.board), game.to_move() == NORTH)
            if after != ours:
                differing += 1
                print(f"game {number + 1}: {game.move_words()[-1]} differs: theirs {after}, ours {ours}")
    print(f"{rules_name}: {moves} moves of {games} random games compared, {differing} differing")


class Timed:
    """Our player, its CPU time counted."""

    def __init__(self, player):
        self.player, self.seconds, self.moves = player, 0.0, 0

    def choose(self, game, player):
        start = time.process_time()
        slot = self.player.choose(game, player)
        self.seconds += time.process_time() - start
        self.moves += 1
        return slot


def play(game, players):
    while not game.over:
        player = game.to_move()
        game.move(player, players[player].choose(game, player))
    return game


def distinct_openings(rules_name: str, seed: str, count: int) -> list[str]:
    """Seeds of `count` different random two-move openings."""
    seeds, seen, number = [], set(), 0
    while len(seeds) < count and number < 100 * count:
        moves = tuple(random_opening(rules_name, 2, random.Random(f"{seed}:{number}")).move_words())
        if moves not in seen:
            seen.add(moves)
            seeds.append(f"{seed}:{number}")
        number += 1
    return seeds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mancalagames", required=True, help="a checkout of StoneShark/MancalaGames")
    parser.add_argument("--rules", default="mancala", choices=sorted(THEIR_GAME))
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--depth", type=int, default=7, help="their minimax's depth (their hardest level: 7)")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--compare", type=int, metavar="GAMES",
                        help="instead: play GAMES random games in both engines and count the positions that differ")
    args = parser.parse_args()
    theirs = TheirPlayer(args.mancalagames, args.rules, args.depth)
    if args.compare:
        return compare(args.rules, theirs, args.compare, args.seed)
    random.seed(args.seed)  # their minimax breaks ties with the random module
    ours = Timed(make_player(args.level, seed=args.seed))
    won = lost = even = 0
    for number, opening_seed in enumerate(distinct_openings(args.rules, args.seed, args.pairs)):
        margins = []
        for ours_side in (SOUTH, NORTH):
            game = random_opening(args.rules, 2, random.Random(opening_seed))
            players = {ours_side: ours, 1 - ours_side: theirs}
            opening = " ".join(game.move_words())
            play(game, players)
            margin = game.store(ours_side) - game.store(1 - ours_side)
            margins.append(margin)
            print(f"pair {number + 1:>2}, {args.level} {'South' if ours_side == SOUTH else 'North'}, "
                  f"opening {opening}: {game.state.result} ({args.level} {margin:+d})", flush=True)
        score = sum((m > 0) - (m < 0) for m in margins)
        verdict = score or (sum(margins) > 0) - (sum(margins) < 0)
        won, lost, even = won + (verdict > 0), lost + (verdict < 0), even + (verdict == 0)
    print(f"{args.rules}: {args.level} won {won} opening pairs, lost {lost}, drew {even}; CPU a move: "
          f"{args.level} {ours.seconds / max(1, ours.moves):.3f} s, MancalaGames minimax depth {args.depth} "
          f"{theirs.seconds / max(1, theirs.moves):.3f} s")


if __name__ == "__main__":
    main()
