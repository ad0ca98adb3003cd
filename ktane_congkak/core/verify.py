"""Grading answers: is a pressed hole right, and a whole answer sheet's score.

Pure core: no printing, no files. An answer is RIGHT exactly when the hole solves (it
ties for the most points); the answer is the same under the module's and the manual's
strike rules, which only differ on which WRONG holes strike (docs/module-spec.md).
`rule` picks whose strike rule judges a wrong hole.

Answer sheets (`ktane-congkak verify --puzzles SET.yaml --answers ANSWERS.yaml`, the set
read by `puzzles.load_puzzles`): the answers file is YAML of this shape (documented in
docs/manual.md)::

    format: ktane-congkak-answers 1     # optional
    answers:                            # puzzle -> hole number 1..7
      1: 3                              # by its number on the printed sheet ("Puzzle 1") ...
      c1-12h1000-0130040-32-37: 5       # ... or by its ID
      3:                                # left blank: reported as missing

or `answers:` as a list in the sheet's order (`[3, 5, null]`). A hole is a whole number
1..7, also written "3" or "hole 3"; anything else names no hole and is reported so.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .board import BoardLike
from ..errors import SHOWN_LIMIT, UserError, clipped, shown
from .numbers import parse_whole_or_none
from .evaluate import EMPTY, MANUAL_RULE, MODULE_RULE, RULE_NAMES, SOLVE, STRIKE_RULES, STRIKES, Evaluation, evaluate
from .explain import turn_summary
from .text import table
from .releases import CURRENT, Release, release_json
from .rules import YOU, Ruleset, your_holes

ANSWERS_FORMAT = "ktane-congkak-answers 1"

# Per-puzzle outcomes of a graded sheet.
RIGHT, WRONG, MISSING, NO_HOLE = "right", "wrong", "missing", "no-hole"

_HOLE_WORDS = re.compile(r"^\s*(?:hole\s*)?([0-9]+)\s*$", re.IGNORECASE)


class Check(NamedTuple):
    """One answer judged against one board."""

    hole: int  # 1-based
    rule: str
    evaluation: Evaluation

    @property
    def right(self) -> bool:
        return self.evaluation.module[self.hole - 1] == SOLVE

    @property
    def verdict(self) -> str:
        """What pressing the hole does under `rule`: solve, strike, empty or continue."""
        return self.evaluation.verdicts(self.rule)[self.hole - 1]

    @property
    def strikes(self) -> bool:
        return self.verdict in STRIKES

    @property
    def why(self) -> str:
        return self.evaluation.why(self.hole, self.rule)

    @property
    def correct(self) -> list[int]:
        return self.evaluation.answer

    @property
    def other_rule(self) -> str:
        return MANUAL_RULE if self.rule == MODULE_RULE else MODULE_RULE

    def other_verdict(self) -> str | None:
        """The other rule's verdict for this hole when it differs, else None."""
        theirs = self.evaluation.verdicts(self.other_rule)[self.hole - 1]
        return theirs if theirs != self.verdict else None

    @property
    def traced(self) -> list[int]:
        """The holes a trace follows: the answered hole, then the first best hole if the
        answer was not one."""
        return [self.hole] if self.right or not self.correct else [self.hole, self.correct[0]]

    def sentence(self) -> str:
        """One line: right or wrong, and what the press would do."""
        ev, h = self.evaluation, self.hole
        if self.right:
            return f"RIGHT: hole {h} solves: {self.why}."
        if self.verdict == EMPTY:
            outcome = "would strike: the hole is empty"
        elif self.strikes:
            outcome = f"would strike ({self.why})"
        else:
            outcome = f"would not strike, the game would go on ({self.why})"
        return (f"WRONG: hole {h} scores {ev.points[h - 1]}, the maximum is {ev.maximum}; "
                f"under {RULE_NAMES[self.rule]} it {outcome}.")


def check_json(check: Check, board_id: str, rules: Ruleset, trace: bool = False) -> dict:
    """The JSON object of `verify BOARD --answer N --json` (`board_id`: the board as given,
    stores known or not); with `trace`, the facts of each traced hole's turn."""
    ev = check.evaluation
    out = {
        "id": board_id,
        "board": list(ev.board),
        "answer": check.hole,
        "right": check.right,
        "rule": check.rule,
        "verdict": check.verdict,
        "strikes": check.strikes,
        "why": check.why,
        "points": list(ev.points),
        "correct": check.correct,
        "maximum": ev.maximum,
        "verdicts": list(ev.verdicts(check.rule)),
        "other_rule": {"rule": check.other_rule, "verdict": check.other_verdict()},
        **release_json(ev.release),
    }
    if trace:
        out["turns"] = {str(h): turn_summary(ev.turn(h, rules))
                        for h in check.traced if ev.seeds[h - 1]}
    return out


def check_rule(rule: str) -> str:
    if rule not in STRIKE_RULES:
        raise UserError(f"rule must be one of {', '.join(STRIKE_RULES)}, not {rule!r}")
    return rule


def hole_number(value: object, rules: Ruleset) -> int:
    """A user's answer as a hole number 1..n; UserError when it names no hole."""
    n = rules.holes_per_side
    number = parse_whole_or_none(value)
    if number is None and isinstance(value, str):
        match = _HOLE_WORDS.match(value[:80])
        number = parse_whole_or_none(match.group(1)) if match else None
    if number is None or not 1 <= number <= n:
        raise UserError(f"answer {shown(value)} names no hole ({your_holes(n)})")
    return number


def check_answer(slots: BoardLike, rules: Ruleset, answer: object, rule: str = MODULE_RULE, evaluation: Evaluation | None = None) -> Check:
    """Judge `answer` (a hole 1..n, or text naming one) on the board `slots`."""
    ev = evaluation or evaluate(slots, rules, YOU)
    return Check(hole_number(answer, rules), check_rule(rule), ev)


# --- answer sheets ---------------------------------------------------------------------


class Puzzle(NamedTuple):
    """What grading needs of a puzzle: its ID and its 16-slot position."""

    id: str
    slots: tuple[int, ...]


class Grade(NamedTuple):
    """One puzzle of a sheet: the outcome, the answer given, and the holes that solve."""

    number: int  # its place on the sheet, from 1
    id: str
    status: str  # RIGHT, WRONG, MISSING or NO_HOLE
    given: object  # the answer as written (None when missing)
    correct: list[int]
    maximum: int
    points: tuple[int, ...]
    check: Check | None  # the judged answer when it named a hole
    note: str  # one line for a person

    @property
    def right(self) -> bool:
        return self.status == RIGHT


class SheetGrade(NamedTuple):
    grades: list[Grade]
    unknown: list[str]  # answers naming puzzle IDs that are not in the set
    rule: str
    release: Release = CURRENT  # whose rules graded it

    @property
    def score(self) -> int:
        return sum(g.right for g in self.grades)

    @property
    def total(self) -> int:
        return len(self.grades)

    def count(self, status: str) -> int:
        return sum(g.status == status for g in self.grades)


def grade_sheet(puzzles: list[Puzzle], answers: dict[str, object], rules: Ruleset,
                rule: str = MODULE_RULE, unknown: list[str] | None = None, release: Release = CURRENT) -> SheetGrade:
    """Grade `answers` (puzzle ID -> answer as written; absent or None = missing) by the
    rules of the module's `release`."""
    check_rule(rule)
    grades = [_grade(number, p, answers.get(p.id), rules, rule, release) for number, p in enumerate(puzzles, 1)]
    ids = {p.id for p in puzzles}
    extra = list(unknown or []) + [k for k in answers if k not in ids]
    return SheetGrade(grades, extra, rule, release)


def _grade(number: int, puzzle: Puzzle, given, rules: Ruleset, rule: str, release: Release) -> Grade:
    ev = evaluate(puzzle.slots, rules, YOU, release)
    correct, mx = ev.answer, ev.maximum
    if given is None or (isinstance(given, str) and not given.strip()):
        return Grade(number, puzzle.id, MISSING, None, correct, mx, ev.points, None, "no answer given")
    try:
        check = check_answer(puzzle.slots, rules, given, rule, ev)
    except UserError as exc:
        return Grade(number, puzzle.id, NO_HOLE, given, correct, mx, ev.points, None, str(exc))
    status = RIGHT if check.right else WRONG
    return Grade(number, puzzle.id, status, given, correct, mx, ev.points, check, check.sentence())


def answers_from_data(data: object, puzzle_ids: list[str], origin: str = "answers") -> tuple[dict[str, object], list[str]]:
    """The answers file's content -> ({puzzle ID: answer as written}, keys naming no puzzle).

    `answers:` is a mapping keyed by sheet number (1..N) or puzzle ID (any case), or a list
    in sheet order. A list longer than the sheet, or a puzzle answered twice (by number and
    by ID), is an error; keys naming no puzzle are returned, not dropped."""
    if not isinstance(data, dict) or "answers" not in data:
        raise UserError(f"{origin}: expected a mapping with an 'answers:' key")
    fmt = data.get("format")
    if fmt is not None and (not isinstance(fmt, (str, int)) or isinstance(fmt, bool) or str(fmt) != ANSWERS_FORMAT):
        raise UserError(f"{origin}: format {shown(fmt)} is not {ANSWERS_FORMAT!r}")
    raw = data["answers"]
    if raw is None:
        return {}, []
    if isinstance(raw, list):
        if len(raw) > len(puzzle_ids):
            raise UserError(f"{origin}: {len(raw)} answers for a sheet of {len(puzzle_ids)} puzzles")
        return dict(zip(puzzle_ids, raw)), []
    if not isinstance(raw, dict):
        raise UserError(f"{origin}: 'answers:' must be a mapping of puzzles or a list, not {type(raw).__name__}")
    answers, unknown = {}, []
    by_lower = {pid.lower(): pid for pid in puzzle_ids}  # IDs are read in any case
    for key, value in raw.items():
        pid = _puzzle_for_key(key, puzzle_ids, by_lower)
        if pid is None:
            unknown.append(key if isinstance(key, str) and len(key) <= SHOWN_LIMIT else shown(key))
        elif pid in answers:
            raise UserError(f"{origin}: puzzle {puzzle_ids.index(pid) + 1} ({pid}) is answered twice")
        else:
            answers[pid] = value
    return answers, unknown


def _puzzle_for_key(key, puzzle_ids: list[str], by_lower: dict[str, str]) -> str | None:
    """The puzzle ID an answers key names: a sheet number 1..N or an ID (`by_lower`: the
    IDs by their lower case), else None."""
    number = parse_whole_or_none(key)
    if number is not None:
        return puzzle_ids[number - 1] if 1 <= number <= len(puzzle_ids) else None
    if not isinstance(key, str):
        return None
    return by_lower.get(key.strip().lower())


def summary_lines(sheet: SheetGrade) -> list[str]:
    """The graded sheet for a person: a row per puzzle and its note under it, then the score."""
    rows = [(str(g.number), g.id, g.status.upper(), "-" if g.given is None else clipped(
        str(g.given) if isinstance(g.given, (str, int)) else shown(g.given), 12), ",".join(map(str, g.correct)))
        for g in sheet.grades]
    head, *drawn = table(("#", "puzzle", "status", "answer", "correct"), rows, right=1)
    lines = [head]
    for row, g in zip(drawn, sheet.grades):
        lines += [row, f"     {g.note}"]
    for key in sheet.unknown:
        lines.append(f"  ?  {clipped(str(key))}: ignored, no puzzle with this number or ID in the set")
    parts = [f"{sheet.count(s)} {s}" for s in (WRONG, MISSING, NO_HOLE) if sheet.count(s)]
    tail = f" ({', '.join(parts)})" if parts else ""
    lines.append(f"Score: {sheet.score}/{sheet.total}{tail}")
    return lines


def sheet_json(sheet: SheetGrade) -> dict:
    return {
        "score": sheet.score,
        "total": sheet.total,
        "rule": sheet.rule,
        "puzzles": [{
            "number": g.number, "id": g.id, "status": g.status, "given": _plain(g.given), "correct": g.correct,
            "maximum": g.maximum, "points": list(g.points),
            "verdict": g.check.verdict if g.check else None, "note": g.note,
        } for g in sheet.grades],
        "unknown": sheet.unknown,
        **release_json(sheet.release),
    }


def _plain(value):
    """An answer as written, made JSON-safe (YAML can give dates, lists, ...)."""
    if value is None or isinstance(value, int) or (isinstance(value, str) and len(value) <= SHOWN_LIMIT):
        return value
    return shown(value)
