"""Statistics over boards from the module's generator: answers, ties, disagreements, points.

Boards are made in chunks of CHUNK, chunk k from its own stream seeded by
"<seed>/<k>", so the figures for a seed and a count are the same whatever --jobs is.
The hot loop calls the engine's own sowing (`sowing._sow`) in place on one list instead
of the public helpers, which copy positions and build the `after` tuples that statistics
never read; the rules of a turn are still decided in one place only.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from .evaluate import SOLVE, verdicts
from .puzzles import classify
from .rules import OPPONENT, YOU, Ruleset, load_ruleset
from .sowing import _plan, _sow

CHUNK = 10_000


@dataclass
class Tally:
    """Counts that add up across chunks and processes."""

    boards: int = 0
    solves: Counter = field(default_factory=Counter)  # hole -> boards where it solves
    unique: Counter = field(default_factory=Counter)  # hole -> boards where it alone solves
    ties: Counter = field(default_factory=Counter)  # correct holes -> boards
    disagree: int = 0  # boards where module and manual differ on a hole
    disagree_holes: Counter = field(default_factory=Counter)  # hole -> boards where it differs
    best: Counter = field(default_factory=Counter)  # the maximum points -> boards
    points: Counter = field(default_factory=Counter)  # points of every non-empty hole -> holes
    margin: Counter = field(default_factory=Counter)
    relays: Counter = field(default_factory=Counter)  # relays in the best turn
    choices: Counter = field(default_factory=Counter)  # non-empty holes -> boards
    difficulty: Counter = field(default_factory=Counter)

    def add(self, other: "Tally") -> None:
        self.boards += other.boards
        self.disagree += other.disagree
        for name in ("solves", "unique", "ties", "disagree_holes", "best", "points", "margin", "relays",
                     "choices", "difficulty"):
            getattr(self, name).update(getattr(other, name))


# The first turns of the module's generator start from the same fresh board, so they
# reach few positions (at most 7**k after k turns): those are kept in a tree and each is
# sown once per process. Deeper positions are sown as they come.
TREE_DEPTH = 6


class _Node:
    """A position with the mover's choices (its non-empty holes) and the positions they
    lead to, made when first drawn. A mover with no choice passes (one child)."""

    __slots__ = ("board", "starts", "children")

    def __init__(self, board: list[int], holes: tuple[int, ...]) -> None:
        self.board = board
        self.starts = [s for s in holes if board[s]]
        self.children: list[_Node | None] = [None] * max(1, len(self.starts))


_TREES: dict = {}


def _tree(rules: Ruleset, first: int) -> _Node:
    key = (rules, first)
    if key not in _TREES:
        _TREES[key] = _Node(list(rules.fresh_board()), tuple(rules.holes(first)))
    return _TREES[key]


def module_boards(rules: Ruleset, rng: random.Random, count: int):
    """`count` boards, exactly as `generator.module_board` makes them from `rng` (the same
    draws from the stream: rng.choice(seq) is seq[rng._randbelow(len(seq))])."""
    plans = (_plan(rules, YOU), _plan(rules, OPPONENT))
    holes = (tuple(rules.holes(YOU)), tuple(rules.holes(OPPONENT)))
    roots = (_tree(rules, YOU), _tree(rules, OPPONENT))
    randint = rng.randint
    below = getattr(rng, "_randbelow", None) or (lambda n: rng.choice(range(n)))
    for _ in range(count):
        turns = randint(8, 15) + 1
        player = OPPONENT if turns % 2 == 0 else YOU  # T odd (turns even): the opponent first
        node = roots[player]
        for _ in range(min(turns, TREE_DEPTH)):
            starts = node.starts
            i = below(len(starts)) if starts else 0
            child = node.children[i]
            if child is None:
                board = node.board[:]
                if starts:
                    _sow(board, plans[player], starts[i])
                child = node.children[i] = _Node(board, holes[1 - player])
            node = child
            player = 1 - player
        board = node.board[:]
        for _ in range(turns - TREE_DEPTH):
            starts = [s for s in holes[player] if board[s]]
            if starts:
                _sow(board, plans[player], starts[below(len(starts))])
            player = 1 - player
        yield board


def tally_boards(rules: Ruleset, boards) -> Tally:
    """Score every board (as `evaluate` does, without keeping positions) and count."""
    t = Tally()
    plan = _plan(rules, YOU)
    holes = tuple(rules.holes(YOU))
    first, stop, store = holes[0], holes[-1] + 1, rules.store(YOU)
    for board in boards:
        before = board[store]
        seeds = board[first:stop]
        points, relays = [0] * len(holes), [0] * len(holes)
        for i, slot in enumerate(holes):
            if board[slot]:
                position = board[:]
                sows = _sow(position, plan, slot)[2]
                points[i] = sum(position[first:stop]) + position[store] - before
                relays[i] = len(sows) - 1
        _count(t, points, relays, seeds)
    return t


def _count(t: Tally, points: list[int], relays: list[int], seeds) -> None:
    t.boards += 1
    module, manual, _ = verdicts(points, seeds)
    answer = [i for i, v in enumerate(module) if v == SOLVE]
    for i in answer:
        t.solves[i + 1] += 1
    if len(answer) == 1:
        t.unique[answer[0] + 1] += 1
    t.ties[len(answer)] += 1
    differ = [i + 1 for i in range(len(points)) if module[i] != manual[i]]
    if differ:
        t.disagree += 1
        t.disagree_holes.update(differ)
    played = sorted((p for p, s in zip(points, seeds) if s), reverse=True)
    t.points.update(played)
    t.best[played[0] if played else 0] += 1
    margin = played[0] - played[1] if len(played) > 1 else (played[0] if played else 0)
    t.margin[margin] += 1
    best_relays = max((relays[i] for i in answer if seeds[i]), default=0)
    t.relays[best_relays] += 1
    t.choices[len(played)] += 1
    t.difficulty[classify(len(answer), margin, best_relays)] += 1


def run_chunk(job: tuple[str, str, int, int]) -> Tally:
    """One chunk (picklable for multiprocessing): rules name, seed, chunk number, size."""
    rules_name, seed, number, size = job
    rules = load_ruleset(rules_name)
    rng = random.Random(f"ktane-congkak-stats/{seed}/{number}")
    return tally_boards(rules, module_boards(rules, rng, size))


def chunks(rules_name: str, seed: str, count: int) -> list[tuple[str, str, int, int]]:
    return [(rules_name, seed, k, min(CHUNK, count - k * CHUNK)) for k in range((count + CHUNK - 1) // CHUNK)]


def collect(rules_name: str, seed: str, count: int, jobs: int = 1, progress=None) -> Tally:
    """The tally of `count` boards; `progress(done, count)` after every chunk."""
    total = Tally()
    work = chunks(rules_name, seed, count)
    if jobs <= 1 or len(work) == 1:
        results = map(run_chunk, work)
        pool = None
    else:
        import multiprocessing

        pool = multiprocessing.get_context("fork").Pool(jobs)
        results = pool.imap_unordered(run_chunk, work)
    try:
        for part in results:
            total.add(part)
            if progress:
                progress(total.boards, count)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return total


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "  -  "


def _quantiles(counter: Counter, fractions=(0.0, 0.1, 0.5, 0.9, 1.0)) -> list[int]:
    items = sorted(counter.items())
    total = sum(counter.values())
    out, running, k = [], 0, 0
    targets = [max(1, round(f * total)) if f else 1 for f in fractions]
    for value, n in items:
        running += n
        while k < len(targets) and running >= targets[k]:
            out.append(value)
            k += 1
    return out


def _mean(counter: Counter) -> float:
    total = sum(counter.values())
    return sum(v * n for v, n in counter.items()) / total if total else 0.0


def report_lines(t: Tally, holes: int = 7) -> list[str]:
    n = t.boards
    lines = [f"Boards: {n} from the module's generator", "",
             "hole  solves  only correct hole  strike rules differ"]
    for h in range(1, holes + 1):
        lines.append(f"{h:>4}  {_percent(t.solves[h], n):>6}  {_percent(t.unique[h], n):>17}  "
                     f"{_percent(t.disagree_holes[h], n):>19}")
    lines.append("")
    lines.append("correct holes: " + ", ".join(f"{k}: {_percent(v, n).strip()}" for k, v in sorted(t.ties.items())))
    lines.append(f"boards where the module's and the manual's strike rules differ: {_percent(t.disagree, n).strip()}")
    q = _quantiles(t.best)
    lines.append(f"best points: min {q[0]}, 10% {q[1]}, median {q[2]}, mean {_mean(t.best):.1f}, "
                 f"90% {q[3]}, max {q[4]}")
    q = _quantiles(t.points)
    lines.append(f"points of every non-empty hole: min {q[0]}, median {q[2]}, mean {_mean(t.points):.1f}, max {q[4]}")
    q = _quantiles(t.margin)
    lines.append(f"margin (best minus next best): median {q[2]}, 90% {q[3]}, max {q[4]}")
    q = _quantiles(t.relays)
    lines.append(f"relays in the best turn: median {q[2]}, 90% {q[3]}, max {q[4]}")
    lines.append("holes to choose from: " + ", ".join(f"{k}: {_percent(v, n).strip()}" for k, v in sorted(t.choices.items())))
    lines.append("difficulty: " + ", ".join(f"{d} {_percent(t.difficulty[d], n).strip()}" for d in ("easy", "medium", "hard")))
    return lines


def to_json(t: Tally) -> dict:
    def keyed(counter: Counter) -> dict:
        return {str(k): v for k, v in sorted(counter.items())}

    return {"boards": t.boards, "solves": keyed(t.solves), "unique": keyed(t.unique), "ties": keyed(t.ties),
            "disagree": t.disagree, "disagree_holes": keyed(t.disagree_holes), "best": keyed(t.best),
            "points": keyed(t.points), "margin": keyed(t.margin), "relays": keyed(t.relays),
            "choices": keyed(t.choices), "difficulty": {d: t.difficulty[d] for d in ("easy", "medium", "hard")}}


__all__ = ["Tally", "module_boards", "tally_boards", "collect", "run_chunk", "report_lines", "to_json", "CHUNK"]
