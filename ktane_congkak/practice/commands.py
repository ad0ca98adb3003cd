"""The practice command language, shared by the terminal and the window.

Twitch Plays style commands the module accepts (`hole N`, `highlight N`, `cycle`) plus
practice ones (`new`, `answer`, `log`, `help`, `quit`); front ends may allow more (the
window adds `wait` and `screenshot`). Commands are separated by newlines or `;`.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.numbers import parse_whole_or_none
from ..errors import UserError, clipped

MODULE_COMMANDS = {"hole": "hole N: press your hole N (1-7)", "highlight": "highlight N: show the count of position N (1-14)", "cycle": "cycle: highlight the 14 holes in turn"}
PRACTICE_COMMANDS = {"new": "new: a new board", "answer": "answer: the points of every hole and the solving holes", "log": "log: the module's log so far", "help": "help: this list", "quit": "quit: stop"}
WINDOW_COMMANDS = {"wait": "wait S: let S seconds pass (animations run)", "screenshot": "screenshot PATH: save the window as a PNG"}


class Command(NamedTuple):
    name: str
    arg: int | float | str | None = None


def _number(name: str, word: str | None, low: int, high: int) -> int:
    number = parse_whole_or_none(word)
    if number is None or not low <= number <= high:
        raise UserError(f'"{name}" needs a number from {low} to {high}, e.g. "{name} {low}"')
    return number


def parse_command(text: str, holes: int = 7, extra: tuple[str, ...] = ()) -> Command:
    """Parse one command; a bad one raises UserError with a message in the module's style."""
    words = text.strip().lower().split()
    if words and words[0] == "!1":  # Twitch Plays prefix for module 1, accepted as is
        words = words[1:]
    if not words:
        raise UserError("empty command")
    name, rest = words[0], words[1:]
    arg = rest[0] if rest else None
    if name in ("press", "play"):
        name = "hole"
    if name == "hole":
        if holes < (parse_whole_or_none(arg) or 0) <= 2 * holes:
            raise UserError(f"position {arg} is the opponent's hole: you can only press holes 1 to {holes}")
        return Command(name, _number(name, arg, 1, holes))
    if name == "highlight":
        return Command(name, _number(name, arg, 1, 2 * holes))
    if name in ("cycle", "new", "answer", "log", "help", "quit", "exit") and len(rest) == 0:
        return Command("quit" if name == "exit" else name)
    if name == "wait" and "wait" in extra:
        try:
            seconds = float(arg)
        except (TypeError, ValueError):
            raise UserError('"wait" needs a number of seconds, e.g. "wait 1"') from None
        if not 0 <= seconds <= 600:
            raise UserError('"wait" takes 0 to 600 seconds')
        return Command(name, seconds)
    if name == "screenshot" and "screenshot" in extra:
        if not arg:
            raise UserError('"screenshot" needs a file name, e.g. "screenshot out.png"')
        return Command(name, text.strip().split(None, 1)[1])
    raise UserError(f'invalid command "{clipped(text.strip())}": try "hole 1-{holes}", "highlight 1-{2 * holes}", "cycle" or "help"')


def split_commands(text: str) -> list[str]:
    return [part.strip() for line in text.splitlines() for part in line.split(";") if part.strip()]


def help_lines(extra: tuple[str, ...] = ()) -> list[str]:
    texts = list(MODULE_COMMANDS.values()) + list(PRACTICE_COMMANDS.values())
    texts += [WINDOW_COMMANDS[e] for e in extra if e in WINDOW_COMMANDS]
    return texts
