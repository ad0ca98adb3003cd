"""Rulesets: the rules of one game as YAML data, validated into a `Ruleset`.

The ring has ``2n + 2`` slots for ``n`` holes a side, always numbered in sowing order:
``0..n-1`` the first player's holes ("you", South), slot ``n``, ``n+1..2n`` the second
player's holes, slot ``2n+1``. Which big slot is whose store is the ruleset's
``sowing.own_store``:

- ``after_own_row`` (traditional congkak, mancala): slot ``n`` is yours, ``2n+1`` theirs.
- ``after_opponent_row`` (the bomb module): ``2n+1`` is yours, ``n`` theirs, so your seeds
  run along the opponent's row before reaching your store.

Hole ``i`` of yours faces hole ``2n - i``. Both players sow towards higher slot numbers;
``direction`` only says how the ring is drawn.
"""

from __future__ import annotations

from functools import cache
import os

from ..errors import RulesetError, UserError, closest, shown, shown_as_text
from ..files import is_format, parse_yaml, read_text, shown_path
from .frozen import Frozen

YOU, OPPONENT = 0, 1
PLAYER_NAMES = ("you", "opponent")

# field -> allowed values; the first is the default where a field is optional.
CHOICES = {
    ("sowing", "own_store"): ("after_opponent_row", "after_own_row"),
    ("sowing", "direction"): ("clockwise", "anticlockwise"),
    ("last_seed", "own_store"): ("end_turn", "extra_turn"),
    ("last_seed", "occupied_hole"): ("relay", "end_turn"),
    # capture: the last seed and whatever is opposite (maybe nothing) go to the store;
    # capture_if_opposite: only when the opposite hole has seeds (mancala); none: no capture.
    ("last_seed", "own_empty_hole"): ("capture", "capture_if_opposite", "none"),
    ("last_seed", "opponent_empty_hole"): ("end_turn",),
    # The whole game (ktane_congkak.games.game); the sowing engine never reads these.
    ("game", "first_move"): ("south", "simultaneous"),
    # either_side_empty: the game (or round) ends once a side has no seeds in its holes;
    # all_holes_empty: a player without seeds passes, and it ends when no hole holds any.
    ("game", "ends_when"): ("either_side_empty", "all_holes_empty"),
    # single: one round; until_no_houses: refill from the store, burn what cannot be filled.
    ("game", "rounds"): ("single", "until_no_houses"),
    ("game", "burnt_houses"): ("refill_each_round", "permanent"),
}
FLAGS = {("sowing", "skip_opponent_store"): True}
SECTIONS = ("sowing", "last_seed", "game")
TOP_LEVEL = ("format", "name", "title", "source", "holes_per_side", "seeds_per_hole")
FORMAT = 1
MAX_NAME = 60  # characters of a ruleset's name (it is shown in files, sheets and messages)
# A plain path: importlib.resources (40 ms) and pathlib (5 ms) would slow `solve`'s start.
BUILTIN_FOLDER = os.path.join(os.path.dirname(__file__), "rulesets")


def attribute(section: str, key: str) -> str:
    """The Ruleset attribute of a YAML rule field: `last_seed.own_store` is `on_own_store`,
    any other `section.key` is `key`."""
    return f"on_{key}" if section == "last_seed" else key


# Every rule's attribute and default, in the YAML's order (sowing, last_seed, game).
RULE_DEFAULTS = {attribute(*field): default for field, default in sorted(
    [*((field, allowed[0]) for field, allowed in CHOICES.items()), *FLAGS.items()],
    key=lambda item: SECTIONS.index(item[0][0]))}


class Ruleset(Frozen):
    """The rules of one game, validated: build one with `load_ruleset` or `ruleset_from_dict`
    (or give the rules by keyword; each left out takes its default).

    Immutable, and compared and hashed by identity, which keeps the per-turn cache
    look-ups cheap (`load_ruleset` returns one object per name)."""

    __slots__ = ("name", "title", "holes_per_side", "seeds_per_hole", *RULE_DEFAULTS, "source")
    name: str
    title: str
    holes_per_side: int
    seeds_per_hole: int
    source: str
    # The rules (RULE_DEFAULTS), each one of CHOICES' words or a FLAGS' bool.
    own_store: str
    direction: str
    skip_opponent_store: bool
    on_own_store: str
    on_occupied_hole: str
    on_own_empty_hole: str
    on_opponent_empty_hole: str
    first_move: str
    ends_when: str
    rounds: str
    burnt_houses: str

    def __init__(self, name: str, title: str, holes_per_side: int, seeds_per_hole: int, *,
                 source: str = "", **rules: str | bool):
        unknown = set(rules) - set(RULE_DEFAULTS)
        if unknown:
            raise TypeError(f"Ruleset() got unknown rules: {', '.join(sorted(unknown))}")
        self._set(name=name, title=title, holes_per_side=holes_per_side, seeds_per_hole=seeds_per_hole,
                  **{**RULE_DEFAULTS, **rules}, source=source)

    def __copy__(self):  # one object per ruleset: a copy would compare unequal to it
        return self

    def __deepcopy__(self, memo):
        return self

    # Derived geometry, computed once per ruleset.
    @property
    def size(self) -> int:
        return 2 * self.holes_per_side + 2

    @property
    def total_seeds(self) -> int:
        return 2 * self.holes_per_side * self.seeds_per_hole

    def store(self, player: int) -> int:
        n = self.holes_per_side
        yours = 2 * n + 1 if self.own_store == "after_opponent_row" else n
        return yours if player == YOU else (yours + n + 1) % self.size

    def holes(self, player: int) -> range:
        n = self.holes_per_side
        return range(n) if player == YOU else range(n + 1, 2 * n + 1)

    def owner(self, slot: int) -> int | None:
        """Who owns the hole at `slot` (None for a store)."""
        n = self.holes_per_side
        if slot < n:
            return YOU
        if n < slot < 2 * n + 1:
            return OPPONENT
        return None

    def side(self, slot: int) -> int:
        """Whose side `slot` is on: a hole's owner, a store's owner."""
        owner = self.owner(slot)
        return owner if owner is not None else (YOU if slot == self.store(YOU) else OPPONENT)

    def hole_range(self, player: int = YOU) -> str:
        """How the player numbers `player`'s holes, as a range: "1-7" yours and "8-14" the
        opponent's on the module (the `highlight` positions)."""
        n = self.holes_per_side
        return number_range(1, n) if player == YOU else number_range(n + 1, 2 * n)

    def position_range(self) -> str:
        """Every `highlight` position, yours then the opponent's: "1-14" on the module."""
        return number_range(1, 2 * self.holes_per_side)

    def facing(self, slot: int) -> int:
        return 2 * self.holes_per_side - slot

    def path(self, player: int) -> tuple[int, ...]:
        """The slots `player` sows into, in order, starting after slot 0's predecessor."""
        return _path(self, player)

    def next_slot(self, player: int) -> tuple[int, ...]:
        """`next_slot(p)[s]`: the slot a seed of `p`'s goes to after slot `s`."""
        return _next_slot(self, player)

    def fresh_board(self) -> tuple[int, ...]:
        board = [self.seeds_per_hole] * self.size
        board[self.store(YOU)] = board[self.store(OPPONENT)] = 0
        return tuple(board)


@cache
def _path(rules: Ruleset, player: int) -> tuple[int, ...]:
    skip = rules.store(1 - player) if rules.skip_opponent_store else None
    return tuple(s for s in range(rules.size) if s != skip)


@cache
def _next_slot(rules: Ruleset, player: int) -> tuple[int, ...]:
    path = rules.path(player)
    after = {path[i]: path[(i + 1) % len(path)] for i in range(len(path))}
    skipped = [s for s in range(rules.size) if s not in after]
    for s in skipped:  # sowing never starts in a skipped slot; map it on for safety
        after[s] = after[(s - 1) % rules.size]
    return tuple(after[s] for s in range(rules.size))


def ruleset_from_dict(data: object, origin: str = "ruleset") -> Ruleset:
    """Validate parsed YAML into a Ruleset; any problem is one RulesetError line."""
    if not isinstance(data, dict):
        raise RulesetError(f"{origin}: expected a mapping of rule fields, got {type(data).__name__}")
    if not is_format(data.get("format", FORMAT), FORMAT):
        raise RulesetError(f"{origin}: format {shown(data.get('format'))} is not supported (expected {FORMAT})")
    for key in ("name", "holes_per_side", "seeds_per_hole"):
        if key not in data:
            raise RulesetError(f"{origin}: missing field '{key}'")
    for section in SECTIONS:
        if not isinstance(data.get(section, {}), dict):
            raise RulesetError(f"{origin}: '{section}' must be a mapping")
    _reject_unknown_keys(data, origin)
    holes, seeds = data["holes_per_side"], data["seeds_per_hole"]
    if not isinstance(holes, int) or isinstance(holes, bool) or not 3 <= holes <= 9:
        raise RulesetError(f"{origin}: holes_per_side must be a whole number from 3 to 9, got {shown(holes)}")
    if not isinstance(seeds, int) or isinstance(seeds, bool) or not 1 <= seeds <= 12:
        raise RulesetError(f"{origin}: seeds_per_hole must be a whole number from 1 to 12, got {shown(seeds)}")
    for key in ("name", "title", "source"):
        if key in data and (not isinstance(data[key], (str, int)) or isinstance(data[key], bool)):
            raise RulesetError(f"{origin}: {key} must be text, got {shown_as_text(data[key])}")
    if not 1 <= len(str(data["name"])) <= MAX_NAME:
        raise RulesetError(f"{origin}: name must be 1 to {MAX_NAME} characters, got {shown(data['name'])}")
    chosen = {}
    for (section, key), allowed in CHOICES.items():
        value = data.get(section, {}).get(key, allowed[0])
        if value not in allowed:
            raise RulesetError(f"{origin}: {section}.{key} must be one of {', '.join(allowed)}, got {shown(value)}")
        chosen[attribute(section, key)] = value
    for (section, key), default in FLAGS.items():
        value = data.get(section, {}).get(key, default)
        if not isinstance(value, bool):
            raise RulesetError(f"{origin}: {section}.{key} must be true or false, got {shown(value)}")
        chosen[attribute(section, key)] = value
    return Ruleset(name=str(data["name"]), title=str(data.get("title", data["name"])),
                   source=str(data.get("source", "")), holes_per_side=holes, seeds_per_hole=seeds, **chosen)


def ruleset_to_dict(rules: Ruleset) -> dict:
    """The YAML data `ruleset_from_dict` reads back into `rules` (a puzzle file made with a
    ruleset file keeps the rules themselves, so it is read without that file)."""
    data: dict = {"format": FORMAT, "name": rules.name, "title": rules.title}
    if rules.source:
        data["source"] = rules.source
    data.update(holes_per_side=rules.holes_per_side, seeds_per_hole=rules.seeds_per_hole)
    for section, key in [*CHOICES, *FLAGS]:
        data.setdefault(section, {})[key] = getattr(rules, attribute(section, key))
    return data


def is_builtin(rules: Ruleset) -> bool:
    """Whether `rules` is a built-in ruleset, which its name alone gives back."""
    return rules.name in builtin_names() and load_ruleset(rules.name) == rules


def _reject_unknown_keys(data: dict, origin: str) -> None:
    """A misspelt rule must not fall back to a default without a word."""
    for key in data:
        if key not in TOP_LEVEL and key not in SECTIONS:
            raise RulesetError(f"{origin}: unknown field {shown(key)}")
    known = set(CHOICES) | set(FLAGS)
    for section in SECTIONS:
        for key in data.get(section, {}):
            if (section, key) not in known:
                raise RulesetError(f"{origin}: unknown field {shown(f'{section}.{key}')}")


DEFAULT = "module"  # the ruleset every command uses unless told otherwise


def builtin_names() -> list[str]:
    return sorted(name[:-5] for name in os.listdir(BUILTIN_FOLDER) if name.endswith(".yaml"))


# Other names players know a built-in ruleset by: Kalah is the usual name of standard mancala.
ALIASES = {"kalah": "mancala"}


def builtin_name(name: str) -> str | None:
    """The built-in ruleset `name` names, in any case or by an alias ("Kalah" is mancala), or None."""
    if "/" in name or len(name) > MAX_NAME:
        return None
    lowered = ALIASES.get(name.lower(), name.lower())
    return lowered if lowered in builtin_names() else None


def number_range(first: int, last: int) -> str:
    """A run of numbers as players write it ("1-7"): the one format of every hole range."""
    return f"{first}-{last}"


def spoken_range(first: int, last: int) -> str:
    """A run of numbers as a sentence says it ("1 to 7"); labels and lists write `number_range`."""
    return f"{first} to {last}"


def your_holes(holes: int) -> str:
    """The one wording of a refused hole's way out: "your holes are 1 to 7"."""
    return f"your holes are {spoken_range(1, holes)}"


@cache
def load_ruleset(name_or_path: str = DEFAULT) -> Ruleset:
    """A built-in ruleset by name ("module", in any case or by an alias) or a ruleset YAML file by path."""
    name = builtin_name(name_or_path)
    if name:
        return _load_builtin(name)
    if not os.path.lexists(name_or_path):
        names = ", ".join(builtin_names())
        close = closest(name_or_path, [*builtin_names(), *ALIASES])
        hint = f"; did you mean {ALIASES.get(close, close)}?" if close else ""
        raise RulesetError(f"no ruleset {shown(name_or_path)} (built in: {names}, or {alias_words()}; "
                           f"or give a YAML file){hint}")
    try:
        text, origin = read_text(name_or_path), shown_path(name_or_path)
    except UserError as exc:
        raise RulesetError(str(exc)) from None
    return ruleset_from_dict(parse_yaml(text, origin), origin)


@cache
def _load_builtin(name: str) -> Ruleset:
    """The built-in ruleset `name` (exactly as builtin_names has it): one object however it was named."""
    origin = f"{name}.yaml"
    return ruleset_from_dict(_builtin_data(name, read_text(os.path.join(BUILTIN_FOLDER, origin)), origin), origin)


def alias_words() -> str:
    """The aliases as a sentence says them: "kalah for mancala"."""
    return ", ".join(f"{alias} for {name}" for alias, name in ALIASES.items())


# --- built-in rulesets, compiled ---------------------------------------------------------
# Importing PyYAML costs 20 ms, more than the rest of `solve`'s start. So the YAML of
# every built-in ruleset is parsed ahead of time into `compiled_rulesets.py`, each entry
# keyed by the fingerprint of the text it came from (as a hash-based .pyc is keyed by its
# source): a YAML file edited since is parsed again, never read stale.
COMPILED_MODULE = os.path.join(os.path.dirname(__file__), "compiled_rulesets.py")


def text_fingerprint(text: str) -> tuple[int, int]:
    """What identifies a YAML text for `compiled_rulesets`: its UTF-8 length and CRC-32."""
    import zlib  # built in: no cost to speak of

    data = text.encode("utf-8")
    return len(data), zlib.crc32(data)


def _builtin_data(name: str, text: str, origin: str):
    """The built-in ruleset `name`'s parsed YAML `text`: compiled ahead if it still matches."""
    try:
        from .compiled_rulesets import COMPILED

        fingerprint, data = COMPILED[name]
        if fingerprint == text_fingerprint(text):
            return data
    except Exception:  # missing, or damaged (a merge conflict): a cache never stops a command
        pass
    return parse_yaml(text, origin)


def compiled_rulesets_source() -> str:
    """What `compiled_rulesets.py` should hold: every built-in ruleset's YAML, parsed by the
    one YAML reader (`files.parse_yaml`). `scripts/compile-rulesets` writes it; a test
    checks that it is up to date."""
    import ast
    import pprint

    entries = {}
    for name in builtin_names():
        text = read_text(os.path.join(BUILTIN_FOLDER, f"{name}.yaml"))
        entries[name] = (text_fingerprint(text), parse_yaml(text, f"{name}.yaml"))
    literal = pprint.pformat(entries, sort_dicts=False, width=100)
    try:
        written = ast.literal_eval(literal) == entries
    except (ValueError, SyntaxError):
        written = False
    if not written:  # e.g. a date, or .nan (not equal to itself)
        raise RulesetError("a built-in ruleset holds a value that cannot be written as a Python literal")
    return ('"""The built-in rulesets (core/rulesets/*.yaml) parsed ahead: written by scripts/compile-rulesets."""\n\n'
            "# Generated from the YAML files by `rules.compiled_rulesets_source`: do not edit. An entry\n"
            "# whose fingerprint no longer matches its YAML file is ignored (the YAML is parsed).\n"
            f"COMPILED = {literal}\n")
