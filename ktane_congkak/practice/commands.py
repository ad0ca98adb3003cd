"""The practice command language and the keys that type it, shared by the terminal and the window.

The Twitch Plays commands the module accepts (`hole N`, `highlight N`, `cycle`), practice
ones (`new`, `again`, `answer`, `board`, ...), and two the window's `--commands` scripts
add (`wait`, `screenshot`). Every key and click of the window maps to one of these
commands, and `PracticeSession.run` is the only place that carries them out. Commands are
separated by newlines or `;`; each may start with Twitch Plays' `!1` prefix.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.numbers import parse_whole_or_none
from ..core.rules import load_ruleset, number_range, your_holes
from ..errors import UserError, clipped
from ..typed import QUIT_WORDS
from ..pyglet_view import split_commands, wait_seconds  # noqa: F401 (split_commands: the script's one splitter)

TOO_MANY = "Too many parameters!"  # what the module's Twitch Plays handler answers
TWITCH_PREFIX = "!1"  # Twitch Plays addresses module 1 this way; accepted and ignored


class CommandSpec(NamedTuple):
    usage: str  # as typed, e.g. "hole N"
    text: str  # what it does, for `help` ("{holes}" and "{positions}" are the ranges)
    arg: str | None = None  # None, "hole", "position", "direction", "switch" (on/off, or none), "seconds" or "path"
    aliases: tuple[str, ...] = ()


MODULE_COMMANDS = {
    "hole": CommandSpec("hole N", "press your hole N ({holes})", "hole", ("press", "play")),
    "highlight": CommandSpec("highlight N", "show the count of position N ({positions}) on the screen", "position"),
    "cycle": CommandSpec("cycle", "highlight the holes {positions} in turn, a second each"),
}
PRACTICE_COMMANDS = {
    "new": CommandSpec("new", "a new board (after the end of a session: a new session)"),
    "again": CommandSpec("again", "the board of your last press again", aliases=("retry",)),
    "answer": CommandSpec("answer", "the points of every hole and the solving holes", aliases=("hint",)),
    "board": CommandSpec("board", "draw the board again"),
    "log": CommandSpec("log", "the module's log so far"),
    "clear": CommandSpec("clear", "clear the highlight"),
    "move": CommandSpec("move D", "move the pointer: left, right, up, down, next or back", "direction"),
    "select": CommandSpec("select", "press the hole the pointer is on"),
    "sowing": CommandSpec("sowing [on|off]", "show a press's sowing seed by seed, or not (a learning aid: on in zen "
                          "mode, off on a timed bomb, whose clock stops while it plays)", "switch"),
    "skip": CommandSpec("skip", "finish the moving seeds at once"),
    "faster": CommandSpec("faster", "animate faster"),
    "slower": CommandSpec("slower", "animate slower"),
    "help": CommandSpec("help", "this list"),
    "summary": CommandSpec("summary", "your record over sessions, as practice --summary says it (at the end of a session)"),
    "end": CommandSpec("end", "end the session and show its summary (on the summary: quit)"),
    QUIT_WORDS[0]: CommandSpec(QUIT_WORDS[0], "stop", aliases=QUIT_WORDS[1:]),
}
WINDOW_COMMANDS = {
    "wait": CommandSpec("wait S", "let S seconds pass (animations run)", "seconds"),
    "screenshot": CommandSpec("screenshot PATH", "save the window as a PNG", "path"),
    "mute": CommandSpec("mute", "turn the sound off or on"),
    "labels": CommandSpec("labels", "position numbers on the board on or off (the module has none)"),
    "copy": CommandSpec("copy", "copy the saved log's full path (on the end screen)"),
}
SCRIPT_ONLY = tuple(WINDOW_COMMANDS)  # what `--commands` adds to the language
DIRECTIONS = ("left", "right", "up", "down", "next", "back")
# The window's keys, each typing one command; the key help is made from this table.
DEFAULT_HOLES = load_ruleset().holes_per_side  # for texts made before a ruleset is chosen
HOLE_KEYS = "1-N"  # the digit keys, shown as the ruleset's range (`key_help`)
LAST_DIGIT = 9  # the digit keys press holes 1 to 9 at most
# The window's keys, each typing a command: (the key as the help says it, the command, the help's word);
# window/keys.py's key_command reads this table.
KEYS = [(HOLE_KEYS, "hole N", "press a hole"), ("arrows/Tab", "move D", "move"), ("Enter", "select", "press"),
        ("Space", "skip", "skip"), ("W", "sowing", "sowing"), ("+/-", "faster", "speed"), ("N", "new", "new"),
        ("R", "again", "again"),
        ("H", "answer", "hint"), ("L", "log", "log"), ("?", "help", "help"), ("M", "mute", "sound"),
        ("P", "labels", "numbers"), ("S", "summary", "record"), ("C", "copy", "copy log path"), ("Esc", "end", "end")]


class Command(NamedTuple):
    name: str
    arg: int | float | str | None = None


def hole_range(holes: int = DEFAULT_HOLES) -> str:
    """Your holes as players write them: "1-7" (`Ruleset.hole_range`'s format)."""
    return number_range(1, holes)


def position_range(holes: int = DEFAULT_HOLES) -> str:
    """Every highlight position: "1-14"."""
    return number_range(1, 2 * holes)


def hole_keys(holes: int) -> str:
    """The digit keys that press your holes: "1-7" (digits stop at LAST_DIGIT)."""
    return hole_range(min(holes, LAST_DIGIT))


def _number(name: str, word: str | None, low: int, high: int) -> int:
    number = parse_whole_or_none(word)
    if number is None or not low <= number <= high:
        raise UserError(f'"{name}" needs a number from {low} to {high}, e.g. "{name} {low}"')
    return number


def _all_commands(extra: tuple[str, ...]) -> dict[str, CommandSpec]:
    return MODULE_COMMANDS | PRACTICE_COMMANDS | {e: WINDOW_COMMANDS[e] for e in extra if e in WINDOW_COMMANDS}


def _canonical(word: str, commands: dict[str, CommandSpec]) -> str | None:
    for name, spec in commands.items():
        if word == name or word in spec.aliases:
            return name
    return None


def parse_command(text: str, holes: int = DEFAULT_HOLES, extra: tuple[str, ...] = ()) -> Command:
    """Parse one command as the module's Twitch Plays handler does: extra words are refused
    ("Too many parameters!"), a number out of range is refused with the range."""
    words = text.strip().split()
    if words and words[0] == TWITCH_PREFIX:
        words = words[1:]
    if not words:
        raise UserError("empty command")
    commands = _all_commands(extra)
    name = _canonical(words[0].lower(), commands)
    if name is None:
        raise UserError(f'invalid command "{clipped(text.strip())}": try "hole {hole_range(holes)}", '
                        f'"highlight {position_range(holes)}", "cycle" or "help"')
    spec, rest = commands[name], words[1:]
    if name == "screenshot":  # a path may hold spaces
        if not rest:
            raise UserError('"screenshot" needs a file name, e.g. "screenshot out.png"')
        body = text.strip()
        body = body[len(TWITCH_PREFIX):] if body.startswith(TWITCH_PREFIX) else body
        return Command(name, body.split(None, 1)[1])
    if len(rest) > (1 if spec.arg else 0):
        raise UserError(TOO_MANY)
    return Command(name, _argument(name, spec.arg, rest[0].lower() if rest else None, holes))


def _argument(name: str, kind: str | None, word: str | None, holes: int):
    if kind is None:
        return None
    if kind == "hole":
        if holes < (parse_whole_or_none(word) or 0) <= 2 * holes:
            raise UserError(f"position {word} is the opponent's hole: {your_holes(holes)}")
        return _number(name, word, 1, holes)
    if kind == "position":
        return _number(name, word, 1, 2 * holes)
    if kind == "switch":
        if word not in (None, "on", "off"):
            raise UserError(f'"{name}" takes on or off (or nothing, to turn it over)')
        return word
    if kind == "direction":
        if word not in DIRECTIONS:
            raise UserError(f'"move" needs a direction: {", ".join(DIRECTIONS)}')
        return word
    return wait_seconds(word)


ANIMATION_COMMANDS = ("sowing", "skip", "faster", "slower")  # nothing moves in the terminal


def help_lines(holes: int = DEFAULT_HOLES, extra: tuple[str, ...] = (), animated: bool = True) -> list[str]:
    """Every command, its aliases and the `!1` prefix: the one help text of the language
    (without the animation's commands where nothing is animated)."""
    ranges = {"holes": hole_range(holes), "positions": position_range(holes)}
    lines = []
    for name, spec in _all_commands(extra).items():
        if name in ANIMATION_COMMANDS and not animated:
            continue
        rest = spec.usage[len(spec.usage.split()[0]):]
        also = f" (or {', '.join(a + rest for a in spec.aliases)})" if spec.aliases else ""
        lines.append(f"{spec.usage}{also}: {spec.text.format(**ranges)}")
    lines.append(f'Any command may start with "{TWITCH_PREFIX}", as in Twitch Plays: "{TWITCH_PREFIX} hole 3"')
    return lines


def command_summary(extra: tuple[str, ...] = ()) -> str:
    """Every command's usage on one line, for a panel with room for no more."""
    usages = [spec.usage for spec in _all_commands(extra).values()]
    return ", ".join(usages) + f' (each may start with "{TWITCH_PREFIX}")'


def key_help(holes: int = DEFAULT_HOLES, columns: int = 36) -> list[str]:
    """The window's keys, packed into lines of at most `columns` characters: the one key help."""
    lines: list[str] = []
    for item in (f"{hole_keys(holes) if key == HOLE_KEYS else key} {what}" for key, _, what in KEYS):
        if lines and len(lines[-1]) + 2 + len(item) <= columns:
            lines[-1] += "  " + item
        else:
            lines.append(item)
    return lines
