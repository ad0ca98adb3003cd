"""Input typed or piped in, a line at a time: bounded, checked, and the words that quit.

For every typed session (the defuser's practice terminal, the expert's drill, the player's
game, `solve -` and `verify --log`): a line is read whole or refused with one reason, never
held past MAX_LINE characters, and a byte that is not UTF-8 spoils only its own line.
"""

from __future__ import annotations

import os

from .errors import undecodable

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from typing import IO

MAX_LINE = 64 * 1024  # characters of one line of typed or piped input
# The words that stop any typed session (practice, drill, game); the first is the one help shows.
QUIT_WORDS = ("quit", "exit", "q")


def read_at_most(stream: IO[str], ends: tuple[str, ...] = ("\n",)) -> tuple[str, bool]:
    """The next line ("" at the end), at most MAX_LINE characters, and whether it was cut:
    the rest of a longer line is read past, never held."""
    line = stream.readline(MAX_LINE)
    if len(line) < MAX_LINE or line.endswith(ends):
        return line, False
    while (rest := stream.readline(MAX_LINE)) and not rest.endswith(ends):
        pass
    return line, True


def read_line(stream: IO[str]) -> tuple[str | None, str | None]:
    """One line of input: (text, None), (None, why it is refused), or (None, None) at the
    end. A line that is not UTF-8 (standard input is read with surrogateescape) or longer
    than MAX_LINE is refused whole, and reading goes on with the next line."""
    line, cut = read_at_most(stream)
    if not line:
        return None, None
    problem = line_problem(line, cut)
    return (None, problem) if problem else (line, None)


def line_problem(line: str, cut: bool = False) -> str | None:
    """Why a line read (or typed at a line editor) is refused, or None: longer than MAX_LINE, or not UTF-8."""
    if cut or len(line) > MAX_LINE:
        return f"a line longer than {MAX_LINE} characters, ignored"
    if undecodable(line):
        return "a line that is not UTF-8 text, ignored"
    return None


def tolerant_stdin() -> None:
    """Read standard input with surrogateescape: a byte that is not UTF-8 spoils only its
    own line (see read_line), not the rest of the input. A closed standard input (`<&-`,
    or none at all, as under some launchers) reads as an empty one."""
    import sys

    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8", errors="surrogateescape")
    elif hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="surrogateescape")
