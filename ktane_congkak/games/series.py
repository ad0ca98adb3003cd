"""Games one after another: who starts each (`--first`), the running score, the record.

The record: the games against the computer, kept in the data folder per ruleset and level.

In congkak the side that starts has the better of it, so a series alternates by default:
each new game is started by the side that did not start the one before. The traditional
ruleset starts every round at once (both hands), so who starts is not asked there.

The record file (`game --record` shows it) is read, added to and written back as one step
under files.locked, within files' size limit, and atomically; one that cannot be read is
moved aside (never lost) and a new one started.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..core.rules import Ruleset
from ..errors import UserError, shown
from ..files import LockHeld, dump_yaml, locked, read_yaml, write_atomic
from .game import NORTH, SIDE_NAMES, SOUTH, Game
from .positions import side_seeds

RECORD_NAME = "games.yaml"  # the record's file in the data folder
RECORD_KIND = "ktane-congkak game record"
RECORD_FORMAT = 1
MAX_RECORDS = 1_000  # ruleset-and-level rows a record keeps (a ruleset file adds rows); past it the oldest go
COUNTS = ("won", "lost", "drawn", "seeds_for", "seeds_against")  # a row's numbers, from the person's side


def starter(game: Game) -> int | None:
    """The side that started `game` (None: both at once)."""
    if game.rules.first_move == "simultaneous":
        return None
    waiting = game.start["waiting"] if game.start else [SIDE_NAMES[SOUTH].lower()]
    return SIDE_NAMES.index(waiting[0].capitalize()) if len(waiting) == 1 else None


def first_side(first: str, humans: tuple[int, ...], before: int | None = None) -> int:
    """Who starts a game: you (the first person), the computer (or the second person), or,
    alternating, the side that did not start the game `before` (you, for the first)."""
    you = humans[0]
    other = NORTH if you == SOUTH else SOUTH
    if first == "computer" or (first == "alternate" and before == you):
        return other
    return you


def fresh_game(rules: Ruleset | str, first: int | None) -> Game:
    """A new game with `first` to move (None: as the ruleset starts)."""
    game = Game(rules)
    if first is None or game.lockstep or game.to_move() == first:
        return game
    started = Game.at(game.rules, game.rules.fresh_board(), waiting=(first,))
    started.rules_ref = game.rules_ref
    return started


def starts_fresh(game: Game) -> bool:
    """Whether the game's set-up position is the ruleset's own start (only who moves first
    differs)."""
    start = game.start
    if not start:
        return False
    return list(start["board"]) == list(game.rules.fresh_board()) and not start["burnt"] \
        and start["round"] == 1


@dataclass
class Score:
    """The session's games so far, from South's and North's sides."""

    won: list[int] = field(default_factory=lambda: [0, 0])
    drawn: int = 0
    seeds: list[int] = field(default_factory=lambda: [0, 0])

    @property
    def games(self) -> int:
        return sum(self.won) + self.drawn

    def add(self, game: Game) -> None:
        winner = game.state.winner
        if winner is None:
            self.drawn += 1
        else:
            self.won[winner] += 1
        for side, seeds in enumerate(side_seeds(game.board, game.rules)):
            self.seeds[side] += seeds

    def words(self, names: tuple[str, str], first: int = SOUTH) -> str:
        """ "Games: you 2, medium 1, drawn 0; seeds 150 to 96" (`names`: South's and North's,
        the side `first` said first); "" before any game ended."""
        if not self.games:
            return ""
        one, two = first, 1 - first
        return (f"Games: {names[one]} {self.won[one]}, {names[two]} {self.won[two]}, drawn {self.drawn}; "
                f"seeds {self.seeds[one]} to {self.seeds[two]}")


# --- the record in the data folder ------------------------------------------------------

def record_game(path: Path, game: Game, you: int, opponent: str) -> str | None:
    """Add a finished game against `opponent` to the record at `path`; a warning line, or
    None when saved cleanly."""
    rules = game.rules_ref or game.rules.name
    seeds = side_seeds(game.board, game.rules)
    winner = game.state.winner
    outcome = "drawn" if winner is None else "won" if winner == you else "lost"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with locked(path):
            rows, warning = _read(path)
            row = next((r for r in rows if r["rules"] == rules and r["level"] == opponent), None)
            if row is None:
                row = {"rules": rules, "level": opponent, **dict.fromkeys(COUNTS, 0)}
            else:
                rows.remove(row)
            row[outcome] += 1
            row["seeds_for"] += seeds[you]
            row["seeds_against"] += seeds[1 - you]
            rows = (rows + [row])[-MAX_RECORDS:]  # the latest played last
            write_atomic(path, dump_yaml({"format": RECORD_FORMAT, "kind": RECORD_KIND, "records": rows}))
    except (LockHeld, OSError, UserError) as exc:
        return f"the game was not added to the record {path}: {exc}"
    return warning


def load_record(path: Path) -> tuple[list[dict], str | None]:
    """The record's rows and a warning (a damaged file moved aside), or None."""
    if not path.exists():
        return [], None
    with locked(path):
        return _read(path)


def _read(path: Path) -> tuple[list[dict], str | None]:
    if not path.exists():
        return [], None
    try:
        data = read_yaml(path)
        problem = _problem(data)
    except UserError as exc:
        problem = str(exc)
    if problem is None:
        return list(data["records"]) if data else [], None
    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}")
    try:
        os.replace(path, aside)
    except OSError as exc:
        raise UserError(f"{path} cannot be read as a record ({problem}) nor moved aside: {exc}") from None
    return [], f"the record {path} could not be read ({problem}); moved aside to {aside.name}, a new one started"


def _problem(data) -> str | None:
    if data is None:
        return None
    if not isinstance(data, dict) or data.get("kind") != RECORD_KIND or not isinstance(data.get("records"), list):
        return "not a ktane-congkak game record"
    for row in data["records"]:
        if (not isinstance(row, dict) or not isinstance(row.get("rules"), str) or not isinstance(row.get("level"), str)
                or not all(isinstance(row.get(k), int) and not isinstance(row.get(k), bool) and row[k] >= 0
                           for k in COUNTS)):
            return f"a row is {shown(row, 60)}"
    return None


def record_lines(rows: list[dict]) -> list[str]:
    """The record as a table: a row a ruleset and level, wins first."""
    if not rows:
        return ["No games recorded yet: a game against the computer is added when it ends."]
    lines = ["rules          level     games  won  lost  drawn  seeds for-against"]
    for r in sorted(rows, key=lambda r: (r["rules"], r["level"])):
        games = r["won"] + r["lost"] + r["drawn"]
        lines.append(f"{_short(r['rules']):<13}  {r['level']:<8}  {games:>5}  {r['won']:>3}  {r['lost']:>4}  "
                     f"{r['drawn']:>5}  {r['seeds_for']}-{r['seeds_against']}")
    return lines


def _short(rules: str) -> str:
    """A ruleset file's name without its folder (the table's column), a built-in as it is."""
    return os.path.basename(rules)[:13]
