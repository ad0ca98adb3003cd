"""Saved games read back: every field validated before a `Game` is rebuilt from its moves."""

from __future__ import annotations

import os

from ..core.numbers import is_whole, parse_whole, parse_whole_or_none
from ..core.rules import Ruleset, builtin_name, load_ruleset
from ..errors import UserError, shown
from ..files import read_yaml
from .game import MAX_ROUNDS, MAX_SEEDS, SAVE_FORMAT, SIDE_NAMES, Game
from .settings import GAME_RULES

_START_FIELDS = ("board", "burnt", "round", "waiting")


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def side_list(value: object) -> list[int] | None:
    """A saved list of sides ("south", "north", any case) as the sides, sorted and each once;
    None when `value` is not such a list."""
    names = [n.lower() for n in SIDE_NAMES]
    if not isinstance(value, list) or not all(isinstance(w, str) and w.lower() in names for w in value):
        return None
    return sorted({names.index(w.lower()) for w in value})


def _position(data, rules: Ruleset, where: str, fields: tuple) -> dict:
    """A saved position's fields (`fields` allowed), checked for type and range."""
    if not isinstance(data, dict):
        raise UserError(f"{where} must be a mapping of {', '.join(fields)}")
    unknown = [k for k in data if k not in fields]
    if unknown:
        raise UserError(f"{where}: unknown field {shown(unknown[0])} (fields: {', '.join(fields)})")
    if "board" not in data:
        raise UserError(f"{where}: missing field 'board'")
    position: dict[str, object] = {}
    board = data["board"]
    if isinstance(board, str):
        board = board.split()
        if all(is_whole(x) for x in board):
            board = [parse_whole_or_none(x) for x in board]
    if (not isinstance(board, list) or len(board) != rules.size
            or not all(_is_int(x) and 0 <= x <= MAX_SEEDS for x in board)):
        raise UserError(f"{where}.board must be {rules.size} whole numbers, none negative, got {shown(data['board'])}")
    position["board"] = board
    burnt = data.get("burnt", [])
    if not isinstance(burnt, list) or not all(_is_int(s) and rules.owner(s) is not None and 0 <= s < rules.size
                                              for s in burnt):
        raise UserError(f"{where}.burnt must be a list of hole slots (0 to {rules.size - 1}, "
                        f"not a store), got {shown(burnt)}")
    position["burnt"] = sorted(set(burnt))
    number = data.get("round", 1)
    if not _is_int(number) or not 1 <= number <= MAX_ROUNDS:
        raise UserError(f"{where}.round must be a whole number from 1 to {MAX_ROUNDS}, got {shown(number)}")
    position["round"] = number
    waiting = data.get("waiting", ["south"])
    sides = side_list(waiting)
    if sides is None:
        raise UserError(f"{where}.waiting must be a list of south and north, got {shown(waiting)}")
    position["waiting"] = sides
    if "over" in fields:
        over = data.get("over", False)
        if not isinstance(over, bool):
            raise UserError(f"{where}.over must be true or false, got {shown(over)}")
        position["over"] = over
    return position


def _replay(game: Game, moves, origin: str) -> None:
    if moves is None:
        moves = []
    if not isinstance(moves, list):
        raise UserError(f"{origin}: 'moves' must be a list like [south 3, north 5], got {shown(moves)}")
    for number, text in enumerate(moves, 1):
        words = text.split() if isinstance(text, str) else []
        if (len(words) != 2 or words[0].capitalize() not in SIDE_NAMES
                or not (words[1] == "concedes" or is_whole(words[1]))):
            raise UserError(f"{origin}: move {number} {shown(text)} is not like 'south 3' or 'north concedes'")
        player = SIDE_NAMES.index(words[0].capitalize())
        try:
            if words[1] == "concedes":
                game.concede(player)
            else:
                game.move(player, game.slot_of(player, parse_whole(words[1], "hole")))
        except UserError as exc:
            raise UserError(f"{origin}: move {number} ({' '.join(words)}): {exc}") from None


def game_from_dict(data: object, origin: str = "game") -> Game:
    """Replay a saved game move by move; the position reached must match the saved one.
    Every field is checked: a problem is a UserError naming `origin` and the field."""
    if not isinstance(data, dict) or data.get("kind") != "ktane-congkak game":
        raise UserError(f"{origin}: not a saved ktane-congkak game")
    if not _is_int(data.get("format")) or data.get("format") != SAVE_FORMAT:
        raise UserError(f"{origin}: save format {shown(data.get('format'))} is not supported")
    rules_ref = data.get("rules", GAME_RULES)
    if not isinstance(rules_ref, str) or not rules_ref.strip() or not rules_ref.isprintable():
        raise UserError(f"{origin}: 'rules' must be a ruleset name or a YAML file, got {shown(rules_ref)}")
    try:
        rules = load_ruleset(rules_ref)
    except UserError as exc:
        raise UserError(f"{origin}: 'rules': {exc}") from None
    except (OSError, ValueError) as exc:  # a name no file system accepts (too long, a NUL...)
        raise UserError(f"{origin}: 'rules': cannot load {shown(rules_ref)}: {exc}") from None
    if data.get("start") is None:
        game = Game(rules_ref)
    else:
        start = _position(data["start"], rules, f"{origin}: 'start'", _START_FIELDS)
        try:
            game = Game.at(rules_ref, start["board"], start["waiting"], start["burnt"], start["round"])
        except UserError as exc:
            raise UserError(f"{origin}: 'start': {exc}") from None
    _replay(game, data.get("moves"), origin)
    if data.get("position") is not None:
        saved = _position(data["position"], rules, f"{origin}: 'position'", (*_START_FIELDS, "over"))
        reached = {"board": game.board, "burnt": sorted(game.burnt), "round": game.state.round,
                   "waiting": list(game.waiting), "over": game.over}
        for key, value in saved.items():  # the fields the file gives (a save gives them all)
            if key in data["position"] and value != reached[key]:
                raise UserError(f"{origin}: 'position': the saved {key} does not match the moves")
    return game


def load_game(path: str | os.PathLike) -> tuple[Game, dict]:
    """A saved game and the file's data (the CLI keeps its settings there). A relative
    `rules:` path (a save written by hand: the program writes a file's absolute path) is
    looked up beside the save first, then in the current folder (as --rules is)."""
    data = read_yaml(path)
    if isinstance(data, dict):
        ref = data.get("rules")
        if isinstance(ref, str) and ref.strip() and not os.path.isabs(ref) and builtin_name(ref) is None:
            beside = os.path.join(os.path.dirname(os.path.abspath(path)), ref)
            if os.path.isfile(beside):
                data["rules"] = beside
    return game_from_dict(data, str(path)), data
