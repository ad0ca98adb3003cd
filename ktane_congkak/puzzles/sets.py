"""Puzzles: the generator's filters and difficulty, and the puzzle-file format.

Boards come from the module's own algorithm (`generator.module_board`), one seed ID per
draw ("#<seed>-<draw number>"), so every puzzle can be regenerated from its seed ID and
read back from its descriptive ID (`ids`). Filters only skip draws; they never bend the
distribution of the boards that pass them.

Difficulty is measured on the board (thresholds chosen from the distribution over the
module's boards, see docs/puzzles.md; defined in difficulty.py):
- margin: the best hole's points minus the next best hole's (0 when holes tie);
- relays: relay sowings in the best hole's turn (the most among tied holes);
- ties: how many holes share the maximum.

    easy    one correct hole, margin >= 4, best turn with at most 1 relay
    hard    one correct hole, margin <= 2, best turn with at least 3 relays
    medium  everything else

A puzzle file (YAML, `format: 1`):

    format: 1
    title: Starter set
    rules: module                  # a built-in ruleset name or a ruleset file
    generator: {algorithm: module, seed_version: 1, seed: club, count: 6, filters: {...}}
    puzzles:
    - id: c1-12h1000-0130040-32-37 # the descriptive ID; it must spell `board`
      seed: '#club-3'              # optional: the seed ID that made it
      board: [16 slot counts in ring order]
      answer: [1, 4]               # the holes that solve
      points: [24, 22, 13, 24, 0, 0, 0]
      difficulty: medium           # optional on reading; checked when given
      disagree: [3]                # optional: holes where module and manual verdicts differ
      note: free text              # optional

Only `board` is required (and `format`, `rules` and `title` may be left out too):

    puzzles:
    - board: [13, 1, 0, 0, 1, 0, 0, 41, 0, 0, 0, 0, 6, 3, 2, 31]

On reading, the id, answer, points, difficulty and disagree are computed where missing and
checked where given, so a hand-edited file cannot carry a wrong key.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import NamedTuple

from ..errors import UserError, clipped, closest, shown, shown_as_text
from ..files import MAX_FILE_BYTES, example_file, dump_yaml, is_format, read_yaml, shown_path, write_atomic
from ..core.evaluate import Evaluation, evaluate
from ..core.board import Board, Slots
from ..core.kinds import best_relays
from ..core.ids import PREFIX, SEED_VERSION, board_from_id, board_from_text, descriptive_id, is_puzzle_id, is_seed_id, seed_board
from ..core.rules import DEFAULT, OPPONENT, YOU, Ruleset, is_builtin, load_ruleset, ruleset_from_dict, ruleset_to_dict
from .difficulty import DIFFICULTIES, EASY_MARGIN, EASY_RELAYS, HARD_MARGIN, HARD_RELAYS, classify  # noqa: F401

FORMAT = 1
MAX_TITLE, MAX_SEED = 200, 200  # characters; a sheet prints the title, a seed ID is typed
TRIES_PER_PUZZLE = 5000  # draws allowed per wanted puzzle before giving up


class Properties(NamedTuple):
    """What a board asks of the player, measured."""

    answer: tuple[int, ...]  # holes (1-based) that solve
    points: tuple[int, ...]
    ties: int
    margin: int
    relays: int  # relays in the best turn
    disagree: tuple[int, ...]  # holes whose module and manual verdicts differ

    @property
    def difficulty(self) -> str:
        return classify(self.ties, self.margin, self.relays)


def measure(slots: Slots, rules: Ruleset) -> Properties:
    return properties(evaluate(slots, rules))


def properties(ev: Evaluation) -> Properties:
    """The measured properties of an evaluated board."""
    played = sorted((p for p, s in zip(ev.points, ev.seeds) if s), reverse=True)
    # A lone playable hole has no rival: its margin is its whole score.
    margin = played[0] - played[1] if len(played) > 1 else (played[0] if played else 0)
    return Properties(tuple(ev.answer), tuple(ev.points), len(ev.answer), margin, best_relays(ev), tuple(ev.disagreements))


@dataclass(frozen=True)
class Filters:
    unique: bool = False  # one correct hole
    agree: bool = False  # module and manual verdicts agree on every hole
    disagree: bool = False  # they differ on at least one hole (the experts' set)
    difficulty: str | None = None

    def passes(self, props: Properties) -> bool:
        if self.unique and props.ties != 1:
            return False
        if self.agree and props.disagree:
            return False
        if self.disagree and not props.disagree:
            return False
        return self.difficulty is None or props.difficulty == self.difficulty

    def check(self) -> None:
        """Refuse filters no board can pass, or a difficulty that does not exist."""
        if self.difficulty is not None and self.difficulty not in DIFFICULTIES:
            raise UserError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, got {self.difficulty!r}")
        if self.agree and self.disagree:
            raise UserError("--agree and --disagree exclude each other")

    @property
    def given(self) -> bool:
        """Whether any filter is set (the default Filters keeps every board)."""
        return self != Filters()

    def words(self) -> str:
        """The filters as the options that set them: "--difficulty hard --unique" ("" for none)."""
        flags = [f"--{name}" for name in ("unique", "agree", "disagree") if getattr(self, name)]
        return " ".join(([f"--difficulty {self.difficulty}"] if self.difficulty else []) + flags)

    def as_dict(self) -> dict:
        return {"unique": self.unique, "agree": self.agree, "disagree": self.disagree, "difficulty": self.difficulty}


@dataclass(frozen=True)
class Puzzle:
    id: str
    board: tuple[int, ...]
    answer: tuple[int, ...]
    points: tuple[int, ...]
    difficulty: str
    disagree: tuple[int, ...] = ()
    seed: str | None = None
    note: str | None = None
    stores_known: bool = True  # False only for an ID given without its stores (print draws them as "?")


@dataclass
class PuzzleSet:
    rules: Ruleset
    puzzles: list[Puzzle]
    title: str = ""
    generator: dict = field(default_factory=dict)
    source: str = ""


def make_puzzle(slots: Slots, rules: Ruleset, seed: str | None = None, note: str | None = None,
                stores_known: bool = True) -> Puzzle:
    puzzle = _measured(descriptive_id(slots, rules, stores_known), tuple(slots), measure(slots, rules), seed, note)
    return puzzle if stores_known else replace(puzzle, stores_known=False)


def _measured(pid: str, slots: tuple[int, ...], props: Properties, seed: str | None, note: str | None = None) -> Puzzle:
    """The Puzzle of a board whose ID and properties are known."""
    return Puzzle(pid, slots, props.answer, props.points, props.difficulty, props.disagree, seed, note)


def new_seed() -> str:
    import secrets  # here, not at the top: `solve` loads this module and never needs it

    return secrets.token_hex(3)


def generate(rules: Ruleset, count: int, seed: str | None = None, filters: Filters = Filters()) -> PuzzleSet:
    """`count` puzzles passing `filters`: draw k uses seed ID '#<seed>-<k>'."""
    making = Generation(rules, count, seed, filters)
    for _ in making.run():
        pass
    return making.result()


class Generation:
    """A puzzle set being made: `run()` yields how many puzzles are made after each one, and
    `result()` is the set of those made so far, whole once `run` ends, or the finished part
    after Ctrl-C (its `count` says how many: the same seed and that count make it again)."""

    def __init__(self, rules: Ruleset, count: int, seed: str | None = None, filters: Filters = Filters()) -> None:
        if count < 1:
            raise UserError(f"--count must be at least 1, got {count}")
        filters.check()
        self.rules, self.count, self.filters = rules, count, filters
        self.seed = new_seed() if seed is None else seed
        self.limit = TRIES_PER_PUZZLE * count
        if len(f"#{self.seed}-{self.limit}") > MAX_SEED:  # every seed ID must be one a puzzle file can be read back with
            raise UserError(f"--seed {shown(self.seed)}: at most {MAX_SEED - 2 - len(str(self.limit))} characters "
                            f"(its puzzles' seed IDs must stay within {MAX_SEED})")
        self.made: list[tuple[Puzzle, int]] = []  # each puzzle with the draw that made it: one append, so
        self.draws = 0  # Ctrl-C never parts a puzzle from its draw

    def run(self) -> Iterator[int]:
        """Draw until `count` puzzles are made; yields how many are made after each one."""
        seen: set[str] = set()
        while len(self.made) < self.count:
            if self.draws >= self.limit:
                raise UserError(f"found only {len(self.made)} of {self.count} boards passing the filters in "
                                f"{self.limit} draws")
            text = f"{self.seed}-{self.draws + 1}"
            slots = seed_board(text, self.rules)
            props = measure(slots, self.rules)
            key = descriptive_id(slots, self.rules)
            self.draws += 1
            if key in seen or not self.filters.passes(props):
                continue
            seen.add(key)
            self.made.append((_measured(key, slots, props, f"#{text}"), self.draws))
            yield len(self.made)

    def result(self) -> PuzzleSet:
        made = list(self.made)
        params = {"algorithm": "module", "seed_version": SEED_VERSION, "seed": self.seed, "count": len(made),
                  "draws": made[-1][1] if made else 0, "filters": self.filters.as_dict()}
        return PuzzleSet(self.rules, [puzzle for puzzle, _ in made], generator=params)


# --- files ---------------------------------------------------------------------------

def to_data(puzzle_set: PuzzleSet) -> dict:
    data: dict[str, object] = {"format": FORMAT}
    if puzzle_set.title:
        data["title"] = puzzle_set.title
    rules = puzzle_set.rules
    data["rules"] = rules.name if is_builtin(rules) else ruleset_to_dict(rules)  # a rules file may not travel with it
    if puzzle_set.generator:
        data["generator"] = puzzle_set.generator
    data["puzzles"] = [_puzzle_data(p, rules) for p in puzzle_set.puzzles]
    return data


def _puzzle_data(p: Puzzle, rules: Ruleset) -> dict:
    item: dict[str, object] = {"id": p.id}
    if p.seed:
        item["seed"] = p.seed
    # a board whose stores are unknown is written as its 14 holes, as it was given
    board = list(p.board) if p.stores_known else [p.board[s] for s in (*rules.holes(YOU), *rules.holes(OPPONENT))]
    item.update(board=board, answer=list(p.answer), points=list(p.points), difficulty=p.difficulty)
    if p.disagree:
        item["disagree"] = list(p.disagree)
    if p.note:
        item["note"] = p.note
    return item


def dumps(puzzle_set: PuzzleSet) -> str:
    return "# ktane-congkak puzzles: `ktane-congkak print FILE --out sheet.pdf` makes a sheet of them\n" + _flow_lists(dump_yaml(to_data(puzzle_set)))


def _flow_lists(text: str) -> str:
    """Block lists of numbers ('- 7' lines) folded into '[7, 7, ...]' for readable files."""
    import re

    def fold(match):
        key, items = match.group(1), re.findall(r"-\s+(\d+)", match.group(2))
        return f"{key} [{', '.join(items)}]\n"

    return re.sub(r"^(\s*(?:- )?\w+:)\n((?:\s*- \d+\n)+)", fold, text, flags=re.M)


def save(puzzle_set: PuzzleSet, path: str | Path) -> None:
    """Write a puzzle file, only one that can be read back (within MAX_FILE_BYTES)."""
    write_atomic(path, file_bytes(puzzle_set, shown_path(path)))


SMALLEST_ENTRY = 165  # bytes of the smallest puzzle in a file, its seed ID's seed aside (measured: 173 with a 1-character seed)
TYPICAL_ENTRY = 185  # and of a typical one (the mean: 188 with a 1-character seed)


def check_fits(count: int, seed: str, origin: str) -> None:
    """Refuse, before any work, a number of puzzles whose file could never be read back
    (more than MAX_FILE_BYTES whatever the boards), so that `generate -n 100000 --out F`
    does not draw for a minute only to be refused; a count near the limit is checked at the
    end (file_bytes), when the file's size is known."""
    seed_bytes = len(seed.encode("utf-8"))
    if count > MAX_FILE_BYTES // (SMALLEST_ENTRY + seed_bytes):
        fit = MAX_FILE_BYTES // (TYPICAL_ENTRY + seed_bytes)
        raise UserError(f"{origin}: {count} puzzles make more than a puzzle file can be read back with "
                        f"({MAX_FILE_BYTES // 2**20} MB): make at most about {fit // 100 * 100} in a file")


def file_bytes(puzzle_set: PuzzleSet, origin: str) -> bytes:
    """A puzzle file's bytes (UTF-8), refused with one UserError naming `origin` if they
    could not be read back (more than MAX_FILE_BYTES)."""
    data = dumps(puzzle_set).encode("utf-8")
    if len(data) > MAX_FILE_BYTES:
        fit = len(puzzle_set.puzzles) * MAX_FILE_BYTES // len(data)
        raise UserError(f"{origin}: {len(puzzle_set.puzzles)} puzzles make {len(data) / 2**20:.1f} MB, more "
                        f"than a puzzle file can be read back with ({MAX_FILE_BYTES // 2**20} MB): "
                        f"make at most about {fit // 100 * 100} in a file")
    return data


def check_title(title: object, origin: str) -> str:
    """A puzzle file's title as text, else one UserError naming `origin`."""
    if not isinstance(title, (str, int)) or isinstance(title, bool) or len(str(title)) > MAX_TITLE:
        raise UserError(f"{origin}: title must be text of at most {MAX_TITLE} characters, got {shown_as_text(title)}")
    return str(title)


# The curated sets ship inside the package (one copy; the repository's puzzles/ points here).
CURATED = Path(__file__).resolve().parent / "curated"


def set_names() -> list[str]:
    """The names of the curated sets, as commands accept them (`print starter`)."""
    return sorted(p.stem for p in CURATED.glob("*.yaml"))


def set_name(source: str) -> str | None:
    """The curated set `source` names, in any case ("Hard" is hard), or None."""
    lowered = str(source).lower()
    return lowered if lowered in set_names() else None


def _no_set(source, what: str, more: str = "`ktane-congkak sets` lists them") -> UserError:
    """`source` is none of `what`: one line naming the sets, and the one it is close to."""
    close = closest(str(source), set_names())
    hint = f"; did you mean {close}?" if close else ""
    return UserError(f"{clipped(str(source))}: {what} (the sets: {', '.join(set_names())}; {more}){hint}")


def set_path(source: str | Path) -> Path:
    """A puzzle file, or the file of a curated set named `source`. A file that exists
    wins over a set of the same name; anything else is one line naming what to give."""
    path = Path(example_file(source))  # a guide's example set (docs/examples/...) is found where it was installed
    if os.path.isfile(path):  # (os.path: a name too long is simply not a file)
        return path
    name = set_name(str(source))
    if name:
        return CURATED / f"{name}.yaml"
    if path.stem in set_names():  # e.g. the old puzzles/starter.yaml
        raise UserError(f"{source}: no such file (the curated set is installed: give its name, {path.stem})")
    raise _no_set(source, "no such file or curated set")


def is_set_source(source: str) -> bool:
    """Whether `source` names a puzzle file or a curated set (rather than a puzzle ID)."""
    return source.lower().endswith((".yaml", ".yml")) or os.path.isfile(source) or set_name(source) is not None


def load_puzzle_set(source: str | Path, rules: Ruleset | None = None) -> PuzzleSet:
    """Read and check a puzzle file or a curated set by name; every problem is one line
    naming file and puzzle."""
    path = set_path(source)
    origin = str(source) if path.parent == CURATED or path != Path(source) else str(path)  # as given
    return from_data(read_yaml(path), origin, rules)


def load_puzzles(source: str, rules: Ruleset | None = None) -> PuzzleSet:
    """What every command's --puzzles (and print's sources) take: a curated set, a puzzle
    file, or one puzzle's ID, a set of that one board (`rules` reads the ID; the module's
    by default). An ID without its stores keeps them unknown, as print draws them ("?")."""
    if is_set_source(source):
        return load_puzzle_set(source, rules)
    rules = rules or load_ruleset()
    if is_puzzle_id(source):
        board = board_from_id(source, rules)
    else:  # a board as typed anywhere else (numbers, its two rows, read out), else a mistyped name
        try:
            board = board_from_text(source, rules)
        except UserError:
            raise _no_set(source, "not a curated set, a puzzle file, a puzzle ID or a board",
                          f"IDs start with {PREFIX}- or #") from None
    seed = source.strip() if is_seed_id(source.strip()) else None
    return PuzzleSet(rules, [make_puzzle(board.slots, rules, seed, stores_known=board.stores_known)])


def from_data(data: object, origin: str, rules: Ruleset | None = None) -> PuzzleSet:
    if not isinstance(data, dict):
        raise UserError(f"{origin}: not a puzzle file (expected 'puzzles:' and a list of boards, such as 'puzzles: [{{board: [16 numbers]}}]')")
    if not is_format(data.get("format", FORMAT), FORMAT):  # a hand-written file may leave it out
        raise UserError(f"{origin}: format {shown(data['format'])} is not supported (this version reads format {FORMAT})")
    rules = _file_rules(data, origin, rules)
    items = data.get("puzzles")
    if not isinstance(items, list) or not items:
        raise UserError(f"{origin}: 'puzzles' must be a non-empty list")
    generator = data.get("generator") or {}
    if not isinstance(generator, dict):
        raise UserError(f"{origin}: 'generator' must be a mapping")
    check_seeds = generator.get("seed_version", SEED_VERSION) == SEED_VERSION
    puzzles, seen = [], set()
    for number, item in enumerate(items, 1):
        puzzle = _read_puzzle(item, rules, f"{origin}: puzzle {number}", check_seeds)
        if puzzle.id in seen:
            raise UserError(f"{origin}: puzzle {number} ({puzzle.id}): the same board appears twice")
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    unknown = set(data) - {"format", "title", "rules", "generator", "puzzles"}
    if unknown:
        raise UserError(f"{origin}: unknown key {shown(min(map(str, unknown)))}")
    title = check_title("" if data.get("title") is None else data["title"], origin)  # `title: no` is false, not none
    return PuzzleSet(rules, puzzles, title, generator, origin)


def _file_rules(data: dict, origin: str, rules: Ruleset | None) -> Ruleset:
    name = data.get("rules", DEFAULT)
    if isinstance(name, dict):  # the rules themselves (a file made with --rules FILE.yaml)
        written = ruleset_from_dict(name, f"{origin}: rules")
        if rules is not None and ruleset_to_dict(rules) != ruleset_to_dict(written):
            raise UserError(f"{origin}: the puzzles are for rules {shown(written.name)}, not '{rules.name}'")
        return written
    if not isinstance(name, str):
        raise UserError(f"{origin}: 'rules' must be a ruleset name, got {shown(name)}")
    if rules is not None and rules.name != name:
        raise UserError(f"{origin}: the puzzles are for rules {shown(name)}, not '{rules.name}' (use --rules {clipped(name)})")
    if rules is None:
        try:
            rules = load_ruleset(name)
        except UserError as exc:
            raise UserError(f"{origin}: {exc}") from None
    return rules


_PUZZLE_KEYS = {"id", "seed", "board", "answer", "points", "difficulty", "disagree", "note"}


def _read_puzzle(item, rules: Ruleset, where: str, check_seed: bool) -> Puzzle:
    if not isinstance(item, dict):
        raise UserError(f"{where}: expected a mapping with at least a board, e.g. {{board: [{rules.size} numbers]}}")
    unknown = set(item) - _PUZZLE_KEYS
    if unknown:  # before "missing": a misspelt key is named as such
        raise UserError(f"{where}: unknown key {shown(min(map(str, unknown)))}")
    if "board" not in item and "id" not in item:
        raise UserError(f"{where}: missing 'board' ({BOARD_FORMS}) or 'id'")
    given = f"{where} ({_shown_id(item['id'])})" if "id" in item else where
    board = _read_board(item["board"] if "board" in item else item["id"], rules, given)
    slots, stores_known = board.slots, board.stores_known
    spelled = descriptive_id(slots, rules, stores_known)
    if "id" in item and "board" in item and (not isinstance(item["id"], str) or item["id"].strip().lower() != spelled):
        raise UserError(f"{given}: the id does not spell the board (the board's ID is {spelled})")
    where = f"{where} ({spelled})"
    props = measure(slots, rules)
    if "answer" in item:
        _expect(item["answer"], list(props.answer), "answer", where)
    if "points" in item:
        _expect(item["points"], list(props.points), "points", where)
    if "difficulty" in item:
        _expect(item["difficulty"], props.difficulty, "difficulty", where)
    if "disagree" in item:
        _expect(item["disagree"], list(props.disagree), "disagree", where)
    seed = item.get("seed")
    if seed is None and "board" not in item and isinstance(item["id"], str) and is_seed_id(item["id"].strip()):
        seed = item["id"].strip()  # an entry of a seed ID alone: the seed that made its board
    if seed is not None:
        if not isinstance(seed, str) or len(seed) > MAX_SEED:
            raise UserError(f"{where}: seed must be '#' and at most {MAX_SEED - 1} characters, got {shown(seed)}")
        if not is_seed_id(seed):
            raise UserError(f"{where}: seed {shown(seed)} must start with '#'")
        if check_seed and seed_board(seed[1:], rules) != slots:
            raise UserError(f"{where}: seed {seed} makes a different board")
    note = item.get("note")
    puzzle = _measured(spelled, slots, props, seed, None if note is None else str(note))
    return puzzle if stores_known else replace(puzzle, stores_known=False)


def _shown_id(value) -> str:
    return clipped(value, 40) if isinstance(value, str) else shown(value, 40)


# The forms a puzzle file's board takes: every form a board is typed in (core.ids.board_from_text).
BOARD_FORMS = "14 hole counts, 16 slot counts in ring order, the two rows '2311040 0401012' or an ID"


def _read_board(value, rules: Ruleset, where: str) -> Board:
    """A puzzle file's board (or an entry's id alone) in any form a board is typed: a list of
    14 hole counts (stores unknown) or 16 slot counts, or text (numbers, rows, read-out, an ID)."""
    if isinstance(value, list):
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
            raise UserError(f"{where}: board must hold whole numbers of seeds, not {shown(value)}")
        if len(value) not in (2 * rules.holes_per_side, rules.size):
            raise UserError(f"{where}: board must be {BOARD_FORMS}; a list of {len(value)} numbers is neither")
        value = " ".join(map(str, value))
    if not isinstance(value, str):
        raise UserError(f"{where}: board must be {BOARD_FORMS}, not {shown(value)}")
    try:
        return board_from_text(value, rules)
    except UserError as exc:
        raise UserError(f"{where}: {exc}") from None


def _expect(given, actual, what: str, where: str) -> None:
    if given != actual:
        raise UserError(f"{where}: {what} is {shown(given)} but the board's {what} is {shown(actual)}")


__all__ = ["Puzzle", "PuzzleSet", "Filters", "Properties", "measure", "classify", "generate", "make_puzzle",
           "load_puzzle_set", "from_data", "to_data", "dumps", "save", "DIFFICULTIES", "FORMAT"]
