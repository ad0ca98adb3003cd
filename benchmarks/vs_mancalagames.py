"""`expert` against the minimax player of MancalaGames (github.com/StoneShark/MancalaGames),
from random two-move openings, each opening played once with each colour. Prints every
game and the tally of opening pairs; asserts nothing.

MancalaGames is not part of this project and nothing of it is copied here: give the folder
of a checkout of it (its `src/` and `GameProps/`), which this script imports from. Our
engine referees every game (its rules decide what is legal and who won); before each of
its moves the other program's game is set to our position, and its minimax (a fixed
depth: no clock in it) chooses the move.

    git clone https://github.com/StoneShark/MancalaGames /tmp/mg   # or any copy of it
    PYTHONPATH=. python3 benchmarks/vs_mancalagames.py --mancalagames /tmp/mg --rules mancala --pairs 12

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
from ktane_congkak.games.game import NORTH, SOUTH

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
        n = game.rules.holes_per_side
        board = game.board
        theirs = [board[s] for s in range(n)] + [board[s] for s in range(n + 1, 2 * n + 1)]
        stores = (board[game.rules.store(SOUTH)], board[game.rules.store(NORTH)])
        self.game.state = dataclasses.replace(self.game.state, board=tuple(theirs), store=stores,
                                              _turn=player == NORTH, rturn_cnt=0, mdata_state=None)
        pos = self.ai.pick_move()
        pos = pos.pos if hasattr(pos, "pos") else pos
        # Their position counts from the left of the mover's row; loc n + i is our slot n + 1 + i.
        slot = pos if player == SOUTH else (2 * n - 1 - pos) + 1
        self.seconds += time.process_time() - start
        self.moves += 1
        if slot not in game.legal(player):
            raise RuntimeError(f"MancalaGames chose {pos}, not a legal move here: {board}")
        return slot


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
    args = parser.parse_args()
    theirs = TheirPlayer(args.mancalagames, args.rules, args.depth)
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
