"""The game's command language, shared by the terminal and the window (its keys and `--commands`).

A hole number (or `hole N`), `undo`, `redo`, `hint`, `analyse`, `review`, `save [FILE]`,
`rules`, `concede`, `help`, `quit`; the terminal adds `export [FILE]`, `board`, `show` and `log`,
the window's scripts `wait S`, `screenshot PATH` and `skip`. `parse` reads one command; each front end carries it out.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.numbers import parse_whole
from ..errors import UserError, clipped, closest
from ..typed import QUIT_WORDS
from ..pyglet_view import check_screenshot, split_commands, wait_seconds

HOLE_WORDS = ("hole", "sow", "play")  # each followed by a hole number
QUIT = QUIT_WORDS[0]
# name -> (as typed, what it does); the help of both front ends is made from these.
COMMANDS = {
    "hole": ("N or hole N", "sow your hole N (holes count from 1 in the direction you sow)"),
    "undo": ("undo", "take back your last move (and the computer's replies)"),
    "redo": ("redo", "play again what undo took back"),
    "hint": ("hint", "the computer's suggestion for you"),
    "analyse": ("analyse", "each of your holes' value: your final seeds minus the other side's with best play, in "
                           "whole seeds (~ an estimate); the window shows or hides them"),
    "review": ("review", "every move so far: the value before and after it, marked best to blunder by the seeds "
                         "it gave up"),
    "save": ("save [FILE]", "save the game (resume with --load FILE)"),
    "export": ("export [FILE]", "the game as text: its moves in order and the result"),
    "board": ("board", "draw the board again"),
    "show": ("show", "the last move again, drop by drop (--steps: every move)"),
    "rules": ("rules", "the rules of this game, in plain words"),
    "log": ("log", "everything that happened"),
    "concede": ("concede", "give up the game"),
    "new": ("new", "once the game is over, a new one (the same rules and players)"),
    "help": ("help", "this list"),
    QUIT: (f"{QUIT} (or {', '.join(QUIT_WORDS[1:])})", "stop (the game is not saved unless you save it)"),
    "skip": ("skip", "finish the moving seeds at once"),
    "wait": ("wait S", "let S seconds pass (the seeds move, the computer thinks)"),
    "screenshot": ("screenshot PATH", "save the window as a PNG"),
}
TERMINAL = ("hole", "undo", "redo", "hint", "analyse", "review", "save", "export", "board", "show", "rules", "log", "concede",
            "new", "help", QUIT)
WINDOW = ("hole", "undo", "redo", "hint", "analyse", "review", "save", "rules", "concede", "new", "help", QUIT, "skip")
SCRIPT = WINDOW + ("wait", "screenshot")  # what a window's --commands may say


class Command(NamedTuple):
    name: str
    arg: int | float | str | None = None  # the hole, the seconds, the file

    def hole(self) -> int:
        """A "hole" command's hole (`parse` made it a whole number)."""
        assert isinstance(self.arg, int), self
        return self.arg

    def seconds(self) -> float:
        """A "wait" command's seconds."""
        assert isinstance(self.arg, (int, float)), self
        return self.arg

    def path(self) -> str | None:
        """The file a "save", "export" or "screenshot" command names, as typed (None: none given)."""
        assert self.arg is None or isinstance(self.arg, str), self
        return self.arg


def names_a_number(word: str) -> bool:
    """Whether a bare word is meant as a hole number ('3', '+3', but also '²' or '٣', which
    `parse_whole` then refuses by name) rather than as a command."""
    return word[:1] in ("+", "-") or word[:1].isnumeric()


def parse(text: str, allowed: tuple[str, ...] = TERMINAL) -> Command:
    """One command, checked: an unknown word, a missing number or file is a UserError."""
    words = text.strip().split()
    if not words:
        raise UserError("empty command")
    name, rest = words[0].lower(), words[1:]
    argument = text.strip().split(None, 1)[1] if rest else None  # as typed: a file name keeps its case and spaces
    if names_a_number(name) or name in HOLE_WORDS:
        if name in HOLE_WORDS and not rest:
            raise UserError(f'"{name}" needs a hole number, e.g. "{name} 3"')
        return Command("hole", parse_whole(rest[0] if name in HOLE_WORDS else name, "hole"))
    name = QUIT if name in QUIT_WORDS else name
    if name not in allowed:
        close = closest(name, [word for word in allowed if word != "hole"] + list(HOLE_WORDS))
        advice = f'did you mean "{close}"?' if close else 'try a hole number, "undo", "hint" or "help"'
        raise UserError(f'invalid command "{clipped(text.strip())}": {advice}')
    if name == "wait":
        return Command(name, wait_seconds(rest[0] if len(rest) == 1 else None))
    if name == "screenshot":
        if not argument:
            raise UserError('"screenshot" needs a file name, e.g. "screenshot out.png"')
        return Command(name, check_screenshot(argument))
    if name in ("save", "export"):
        return Command(name, argument)
    if rest:
        raise UserError(f'"{name}" takes nothing after it')
    return Command(name)


def help_lines(allowed: tuple[str, ...] = TERMINAL) -> list[str]:
    """One line a command: how it is typed and what it does."""
    return [f"{COMMANDS[name][0]}: {COMMANDS[name][1]}" for name in COMMANDS if name in allowed]


def parse_script(text: str) -> list[Command]:
    """A window's --commands, every one checked before any runs."""
    return [parse(part, SCRIPT) for part in split_commands(text)]


__all__ = ["COMMANDS", "Command", "HOLE_WORDS", "SCRIPT", "TERMINAL", "WINDOW", "help_lines", "parse", "parse_script"]
