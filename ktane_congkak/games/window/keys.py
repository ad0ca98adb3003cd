"""The game window's keys: one table of the keys and the commands they type.

The legend, the help panel and `key_command` are all made from `KEYS`; pyglet is imported
inside `key_command` only.
"""

from __future__ import annotations

from ...pyglet_view import digit_of
from ..commands import QUIT, Command

# The window's keys, each typing one command: (the key as the legend says it, the command, the legend's word).
KEYS = (("1-N", "hole", "sow"), ("U", "undo", "undo"), ("Y", "redo", "redo"), ("H", "hint", "hint"),
        ("A", "analyse", "values"), ("V", "review", "review"), ("S", "save", "save"), ("R", "rules", "rules"),
        ("N", "new", "new"), ("?", "help", "help"), ("Space", "skip", "skip"), ("Esc", QUIT, "quit"))
# pyglet's names for a key of KEYS whose legend is not its name, and second keys (Backspace, F1).
PYGLET_NAMES = {"U": ("U", "BACKSPACE"), "?": ("QUESTION", "F1"), "Space": ("SPACE",), "Esc": ("ESCAPE",)}


def key_legend(holes: int) -> str:
    """The keys in one line: "1-7 sow   U undo ..."."""
    return "   ".join(f"{key_name(key, holes)} {what}" for key, _, what in KEYS)


def key_name(key: str, holes: int) -> str:
    """A key of KEYS as the legend says it: the hole keys as the ruleset's range."""
    return f"1-{min(holes, 9)}" if key == "1-N" else key


def key_command(symbol: int, modifiers: int, holes: int) -> Command | None:
    """The command a key types, read from KEYS (a digit sows that hole; Shift-/ is ?)."""
    from pyglet.window import key

    digit = digit_of(symbol)
    if digit is not None:
        return Command("hole", digit) if 1 <= digit <= holes else None
    if symbol == key.SLASH and modifiers & key.MOD_SHIFT:
        symbol = key.QUESTION
    for label, command, _ in KEYS[1:]:
        if any(symbol == getattr(key, name) for name in PYGLET_NAMES.get(label, (label,))):
            return Command(command)
    return None


__all__ = ["KEYS", "key_command", "key_legend", "key_name"]
