"""The review of whole games against each level: its figures, and what every review must hold.

For congkak and mancala, a game between you (played by a level one step weaker, or `easy`
against `easy`) and each level, played to its end, then reviewed with one set of limits
for every position (--depth D, else the expert level's). Printed for each: moves, the
seconds the review took, the marks counted, each side's accuracy; and checked (as
tests/games/test_review.py checks its smaller games): consecutive values agree, a best
move loses 0 and a move that loses 0 is a best one, marks follow review.MARKS, a position
the endgame search proves is exact with the proven value, the last value is the final count.

    PYTHONPATH=. python3 benchmarks/bench_review.py [--depth D] [--rules congkak,mancala]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ktane_congkak.games.ai import make_player
from ktane_congkak.games.analysis import Limits, limits_for
from ktane_congkak.games.endgame import proven_moves
from ktane_congkak.games.game import SOUTH, Game
from ktane_congkak.games.positions import margin
from ktane_congkak.games.review import MARK_NAMES, mark_of, replay_start, review
from ktane_congkak.games.settings import LEVELS


def played(rules: str, you: str, level: str, seed: str) -> Game:
    game = Game(rules)
    players = [make_player(you, seed=f"{seed}:0"), make_player(level, seed=f"{seed}:1")]
    while not game.over:
        player = game.waiting[0]
        game.move(player, players[player].choose(game, player))
    return game


def problems(game: Game, reviewed) -> list[str]:
    """What does not hold, in words (none: the review holds together)."""
    found, moves = [], reviewed.moves
    for a, b in zip(moves, moves[1:]):
        if (a.value_after, a.exact_after) != (b.value_before, b.exact_before):
            found.append(f"move {a.number}'s value after is not move {b.number}'s before")
    for m in moves:
        if (m.loss == 0) != (m.hole in m.best) or m.mark != mark_of(m.loss):
            found.append(f"move {m.number}: loss {m.loss}, mark {m.mark}, best {m.best}")
    if moves[-1].value_after != margin(game.board, game.rules, SOUTH) or not moves[-1].exact_after:
        found.append("the last value is not the final count")
    position = replay_start(game)
    for m in moves:
        if len(position.legal(m.player)) > 1:
            proven = proven_moves(game.rules, position.board, m.player, position.burnt)
            if proven:
                best = max(proven.values())
                if not m.exact_before or m.value_before != (best if m.player == SOUTH else -best):
                    found.append(f"move {m.number}: proven {best}, shown {m.value_before} exact={m.exact_before}")
        position.move(m.player, position.slot_of(m.player, m.hole))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=None, help="the review's depth (default: the expert's limits)")
    parser.add_argument("--rules", default="congkak,mancala")
    args = parser.parse_args()
    limits: Limits = limits_for(depth=args.depth)
    failed = 0
    print(f"{'rules':<9} {'you':<7} {'level':<7} {'moves':>5} {'review s':>8}  marks (best/good/inacc/mistake/blunder)"
          f"  accuracy you/level  holds")
    for rules in args.rules.split(","):
        for i, level in enumerate(LEVELS):
            you = LEVELS[max(0, i - 1)]
            game = played(rules, you, level, seed=f"{rules}{level}")
            start = time.process_time()
            reviewed = review(game, limits)
            seconds = time.process_time() - start
            marks = Counter(m.mark for m in reviewed.moves)
            wrong = problems(game, reviewed)
            failed += bool(wrong)
            accuracy = reviewed.accuracy()
            print(f"{rules:<9} {you:<7} {level:<7} {len(game.moves):>5} {seconds:>8.1f}  "
                  f"{'/'.join(str(marks[name]) for name in MARK_NAMES):<38}  "
                  f"{accuracy['south']}/{accuracy['north']:<16}  {'yes' if not wrong else '; '.join(wrong[:3])}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
