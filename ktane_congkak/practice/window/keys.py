"""The practice window's keys: the command each key types, read from the one table of keys.

`commands.KEYS` lists the keys (the help panel shows it); `key_command` turns a pyglet key
into the command it types, and pyglet is imported inside it only.
"""

from __future__ import annotations

from ...pyglet_view import digit_of
from ..commands import HOLE_KEYS, KEYS, LAST_DIGIT

# pyglet's names for the keys of commands.KEYS whose label is no key's name (a letter's is),
# each with the command it types where one label stands for several keys and commands.
KEY_NAMES = {"arrows/Tab": (("LEFT", "move left"), ("RIGHT", "move right"), ("UP", "move up"),
                            ("DOWN", "move down"), ("TAB", "move next")),
             "Enter": (("ENTER", None), ("RETURN", None)), "Space": (("SPACE", None),),
             "+/-": (("PLUS", "faster"), ("EQUAL", "faster"), ("NUM_ADD", "faster"), ("MINUS", "slower"),
                     ("NUM_SUBTRACT", "slower")),
             "?": (("QUESTION", None), ("F1", None)), "Esc": (("ESCAPE", None),)}


def key_command(symbol: int, modifiers: int, holes: int) -> str | None:
    """The command a key types, read from commands.KEYS (a digit presses that hole;
    Shift-Tab moves back; Shift-/ is ?)."""
    from pyglet.window import key

    digit = digit_of(symbol)
    if digit is not None:
        return f"hole {digit}" if 1 <= digit <= min(holes, LAST_DIGIT) else None
    if symbol == key.TAB and modifiers & key.MOD_SHIFT:
        return "move back"
    if symbol == key.SLASH and modifiers & key.MOD_SHIFT:
        symbol = key.QUESTION
    for label, typed, _ in KEYS:
        for name, command in KEY_NAMES.get(label, ((label, None),)):
            if label != HOLE_KEYS and symbol == getattr(key, name):
                return command or typed
    return None
