"""Statistics over boards from the module's generator: answers, ties, disagreements, points.

Boards are made in chunks of CHUNK, chunk k from its own stream seeded by
"<seed>/<k>", so the figures for a seed and a count are the same whatever --jobs is.
Boards come from `generator.module_board` and are scored by `evaluate`, as everywhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from collections import Counter
from dataclasses import dataclass, field, fields

from ..core.board import Slots
from ..core.evaluate import Evaluation, evaluate
from ..core.explain import plural
from ..core.generator import module_board
from ..core.kinds import best_drops
from .sets import DIFFICULTIES, Filters, properties
from ..core.rules import Ruleset, load_ruleset
from ..workers import run_in_workers, usable_jobs

CHUNK = 10_000


@dataclass
class Tally:
    """Counts that add up across chunks and processes."""

    boards: int = 0  # counted: those that pass the filters
    drawn: int = 0  # made by the generator, counted or not
    solves: Counter = field(default_factory=Counter)  # hole -> boards where it solves
    unique: Counter = field(default_factory=Counter)  # hole -> boards where it alone solves
    ties: Counter = field(default_factory=Counter)  # correct holes -> boards
    disagree: int = 0  # boards where module and manual differ on a hole
    disagree_holes: Counter = field(default_factory=Counter)  # hole -> boards where it differs
    best: Counter = field(default_factory=Counter)  # the maximum points -> boards
    points: Counter = field(default_factory=Counter)  # points of every non-empty hole -> holes
    margin: Counter = field(default_factory=Counter)
    relays: Counter = field(default_factory=Counter)  # relays in the best turn
    drops: Counter = field(default_factory=Counter)  # seeds dropped in the best turn (its length by hand)
    choices: Counter = field(default_factory=Counter)  # non-empty holes -> boards
    difficulty: Counter = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        """Add `other`'s counts to these, every field (a new one cannot be forgotten here)."""
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if isinstance(mine, Counter):
                mine.update(theirs)
            else:
                setattr(self, f.name, mine + theirs)


def tally_boards(rules: Ruleset, boards: Iterable[Slots], filters: Filters | None = None) -> Tally:
    """Evaluate every board and count those that pass `filters`."""
    t = Tally()
    for board in boards:
        _count(t, evaluate(board, rules), rules, filters)
    return t


def _count(t: Tally, ev: Evaluation, rules: Ruleset, filters: Filters | None = None) -> None:
    """Count one board, if it passes `filters` (generate's: None counts every board)."""
    props = properties(ev)
    t.drawn += 1
    if filters is not None and not filters.passes(props):
        return
    t.boards += 1
    for hole in props.answer:
        t.solves[hole] += 1
    if props.ties == 1:
        t.unique[props.answer[0]] += 1
    t.ties[props.ties] += 1
    if props.disagree:
        t.disagree += 1
        t.disagree_holes.update(props.disagree)
    played = [p for p, s in zip(ev.points, ev.seeds) if s]
    t.points.update(played)
    t.best[ev.maximum] += 1
    t.margin[props.margin] += 1
    t.relays[props.relays] += 1
    t.drops[best_drops(ev, rules)] += 1
    t.choices[len(played)] += 1
    t.difficulty[props.difficulty] += 1


Job = tuple[str, str, int, int, Filters | None]  # rules name, seed, chunk number, size, filters


def run_chunk(job: Job) -> Tally:
    """One chunk (picklable for multiprocessing)."""
    rules = load_ruleset(job[0])
    return tally_boards(rules, chunk_boards(job, rules), job[4])


def chunk_boards(job: Job, rules: Ruleset) -> Iterator[tuple[int, ...]]:
    """The boards of one chunk, made one at a time from the chunk's own stream."""
    _, seed, number, size, _ = job
    rng = random.Random(f"ktane-congkak-stats/{seed}/{number}")
    return (module_board(rules, rng) for _ in range(size))


def chunks(rules_name: str, seed: str, count: int, filters: Filters | None = None) -> Iterator[Job]:
    """The chunks of work, made one at a time (a huge count never builds a list)."""
    for k in range((count + CHUNK - 1) // CHUNK):
        yield rules_name, seed, k, min(CHUNK, count - k * CHUNK), filters


PROGRESS_EVERY = 250  # boards counted between two calls of `progress` in one process


def collect(rules_name: str, seed: str, count: int, jobs: int = 1, progress: Callable[[int, int], None] | None = None, total: Tally | None = None,
            filters: Filters | None = None, paced: Callable[[Iterator], Iterable] = iter) -> Tally:
    """The tally of `count` boards drawn (those passing `filters`, generate's, counted), added into `total` (a new Tally if None), which holds the
    boards counted so far if Ctrl-C cuts the work short; `progress(done, count)` as it goes.

    In one process the boards are counted one by one, so what Ctrl-C keeps is the figures of
    the first N boards (those of `--count N`). With several jobs the chunks go to the workers
    one at a time each (workers.run_in_workers), so memory does not grow with `count`, a worker
    killed from outside has its chunk done again by another, and Ctrl-C keeps the chunks
    finished. On Ctrl-C, SIGTERM or a hang-up (signals.Stopped) the workers (which ignore
    SIGINT themselves) are terminated at once. `paced` wraps what is counted (the boards, or
    the workers' chunks): the command line's progress.Stoppable ends it cleanly on Ctrl-C,
    between two boards, never in the middle of counting one."""
    rules = load_ruleset(rules_name)
    module_board(rules, random.Random(seed))  # a ruleset that makes no board fails here, once
    total = Tally() if total is None else total
    jobs = usable_jobs(jobs, count, CHUNK)
    if jobs <= 1:
        boards = (board for job in chunks(rules_name, seed, count, filters) for board in chunk_boards(job, rules))
        for board in paced(boards):
            _count(total, evaluate(board, rules), rules, filters)
            if progress and total.drawn % PROGRESS_EVERY == 0:
                progress(total.drawn, count)
        if progress:
            progress(total.drawn, count)
        return total
    for part in paced(run_in_workers(run_chunk, chunks(rules_name, seed, count, filters), jobs)):  # taken as workers need them
        total.add(part)
        if progress:
            progress(total.drawn, count)
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


def _share_of_holes(counter: Counter, boards: int) -> str:
    """"1 hole 77.2%, 2 holes 18.0%": counts of holes (not hole numbers), each with its share of boards."""
    return ", ".join(f"{plural(k, 'hole')} {_percent(v, boards).strip()}" for k, v in sorted(counter.items()))


def report_lines(t: Tally, holes: int = 7) -> list[str]:
    n = t.boards
    lines = [f"Boards: {n} from the module's generator", "",
             "hole  solves  only correct hole  strike rules differ"]
    for h in range(1, holes + 1):
        lines.append(f"{h:>4}  {_percent(t.solves[h], n):>6}  {_percent(t.unique[h], n):>17}  "
                     f"{_percent(t.disagree_holes[h], n):>19}")
    lines.append("")
    lines.append("boards by how many holes are correct: " + _share_of_holes(t.ties, n))
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
    q = _quantiles(t.drops)
    lines.append(f"seeds dropped in the best turn: median {q[2]}, 90% {q[3]}, max {q[4]}")
    lines.append("boards by how many holes hold seeds (to choose from): " + _share_of_holes(t.choices, n))
    lines.append("difficulty: " + ", ".join(f"{d} {_percent(t.difficulty[d], n).strip()}" for d in DIFFICULTIES))
    return lines


def to_json(t: Tally) -> dict:
    def keyed(counter: Counter) -> dict:
        return {str(k): v for k, v in sorted(counter.items())}

    return {"boards": t.boards, "drawn": t.drawn, "solves": keyed(t.solves), "unique": keyed(t.unique), "ties": keyed(t.ties),
            "disagree": t.disagree, "disagree_holes": keyed(t.disagree_holes), "best": keyed(t.best),
            "points": keyed(t.points), "margin": keyed(t.margin), "relays": keyed(t.relays), "drops": keyed(t.drops),
            "choices": keyed(t.choices), "difficulty": {d: t.difficulty[d] for d in DIFFICULTIES}}


__all__ = ["Tally", "tally_boards", "collect", "run_chunk", "report_lines", "to_json", "CHUNK"]
