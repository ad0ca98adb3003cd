"""Helpers every subcommand shares: reading boards, writing JSON and files."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable

from ..core.board import Board, board_words
from ..core.ids import board_from_text
from ..errors import UserError, clipped, shown, warn
from ..core.rules import DEFAULT, OPPONENT, YOU, Ruleset, load_ruleset

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import TextIO


def add_board_arguments(parser: argparse._ActionsContainer, rules_option: bool = True) -> None:
    """BOARD as 14 or 16 numbers (one argument or several words), or --puzzle ID; and
    --rules, unless the command places it elsewhere (`rules_option`).

    BOARD words are optional to argparse so that --puzzle can stand in for them;
    `board_from_args` insists on one of the two."""
    rules = help_rules()
    parser.add_argument("board", nargs="*", metavar="BOARD",
                        help=f"{board_words(rules)}; separated by spaces, commas or |")
    parser.add_argument("--puzzle", metavar="ID",
                        help="an ID instead of BOARD: c1-... or '#text' (quoted)")
    if rules_option:
        add_rules_argument(parser)


def add_rules_argument(parser: argparse._ActionsContainer, what: str = "ruleset name or YAML file", default: str = DEFAULT) -> None:
    parser.add_argument("--rules", default=default, type=path_text, help=f"{what} (default: {default})")


def board_sizes(rules: Ruleset) -> str:
    """How many numbers a BOARD takes: "14 or 16" on the module (the holes, or every slot)."""
    return f"{2 * rules.holes_per_side} or {rules.size}"


def help_rules() -> Ruleset:
    """The default ruleset, for help texts written before --rules is read (hole ranges)."""
    return load_ruleset(DEFAULT)


def rules_from(args: argparse.Namespace) -> Ruleset:
    return load_ruleset(args.rules)


def board_from_args(args: argparse.Namespace, rules: Ruleset) -> Board:
    """The board the command was given (its BOARD words).

    Every subcommand that takes a board reads it through here, so a new way of naming a
    board (a puzzle ID) is added once, here and in `add_board_arguments`."""
    puzzle = getattr(args, "puzzle", None)
    if puzzle is not None:
        if args.board:
            raise UserError("give either BOARD or --puzzle, not both")
        return board_from_text(puzzle, rules)
    if not args.board:
        raise UserError(f"give a BOARD ({board_sizes(rules)} numbers) or --puzzle ID")
    return board_from_text(" ".join(args.board), rules)


def check_output(option: str, path: str, inputs: Iterable[tuple[str, str | os.PathLike | int | None]] = ()) -> None:
    """Refuse a file `option` names that could never be written (no folder, a folder, a
    name too long...) or that is one of the command's `inputs` ((option, path or descriptor)
    pairs), before the work starts, not after it: one line naming the option."""
    from ..files import check_not_in_use, check_writable

    try:
        check_writable(path)
        check_not_in_use(path, [(f"the {source} file", used) for source, used in inputs])
    except UserError as exc:
        raise UserError(f"{option} {exc}") from None


def commands_refused(text: bool, piped: str, what: str = "commands") -> UserError:
    """Why --commands cannot run: with --text the two options clash (--commands scripts the
    window, --text asks for the terminal); otherwise there is no display for the window.
    `piped`: the terminal's way, the same lines piped in."""
    way = f"for the terminal, pipe the {what} in: {piped}"
    if text:
        return UserError(f"--text and --commands do not go together: --commands scripts the window, "
                         f"--text plays in the terminal; {way}")
    return UserError(f"--commands drives the window, which needs a display (try xvfb-run); {way}")


def has_display() -> bool:
    """A window (or a browser) can be shown: Windows and macOS always have a screen;
    elsewhere X or Wayland says so."""
    return sys.platform in ("win32", "darwin") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


CONSOLE_BROWSERS = ("www-browser", "links", "elinks", "lynx", "w3m")  # webbrowser's text-mode fallbacks


def open_in_browser(path: Path) -> None:
    """Open a page (a Path) in the browser where there is a display; the caller has
    printed where it is, which is the answer where none opens. A $BROWSER that cannot be
    used (an unbalanced quote, a program that does not start) is one line naming it."""
    if not has_display():
        return
    import webbrowser

    try:
        browser = webbrowser.get()
        if getattr(browser, "name", "") in CONSOLE_BROWSERS:  # one would take over this terminal
            return
        opened = browser.open(path.as_uri())
    except webbrowser.Error:  # no browser known
        return
    except (ValueError, OSError) as exc:  # webbrowser splits $BROWSER as a shell would, and runs it
        return environment_problem("BROWSER", str(exc).lower() if isinstance(exc, ValueError) else
                                   exc.strerror or type(exc).__name__, f"open {path} yourself")
    if not opened and os.environ.get("BROWSER"):
        environment_problem("BROWSER", "it failed or did not start", f"open {path} yourself")


def environment_problem(variable: str, problem: str, instead: str) -> None:
    """One line for an environment variable whose value cannot be used: its name, its value
    (as shown), why, and what the program does instead; then the program goes on."""
    warn(f"${variable} {shown(os.environ.get(variable, ''))} cannot be used ({problem}): {instead}")


def command_from_environment(variable: str, default: str) -> list[str] | None:
    """The command line in $VARIABLE (else `default`), split as a shell would (a Windows
    path's backslashes kept); None, said in one line, when it cannot be split (an unbalanced
    quote) or its program is not found."""
    import shlex
    import shutil

    value = os.environ.get(variable) or default
    try:
        words = shlex.split(value, posix=os.name != "nt")
    except ValueError as exc:  # "No closing quotation"
        environment_problem(variable, str(exc).lower(), "going on without it")
        return None
    if not words or not shutil.which(words[0]):
        if value != default:  # the user's choice, not found: said (a default that is missing is no one's mistake)
            environment_problem(variable, "no such program" if words else "it is blank", "going on without it")
        return None
    return words


def window_available() -> bool:
    """A window needs a display (or pyglet's headless mode) and the window module
    (`game` and `practice` both ask, before choosing the window or the terminal)."""
    if not (has_display() or os.environ.get("PYGLET_HEADLESS")):
        return False
    import importlib.util

    return importlib.util.find_spec("ktane_congkak.practice.window") is not None


def print_json(obj: object, stream: TextIO | None = None) -> None:
    (stream or sys.stdout).write(json_line(obj))


def json_line(obj: object) -> str:
    """`obj` as one line of compact JSON (the form every `--json` prints)."""
    global _ENCODE
    if _ENCODE is None:
        import json  # here: most commands print text

        _ENCODE = json.JSONEncoder(separators=(",", ":")).encode
    return _ENCODE(obj) + "\n"


_ENCODE: Callable[[object], str] | None = None


def board_header(board: Board, rules: Ruleset) -> list[str]:
    """The lines every command that shows a board starts with: its ID, then its slots."""
    from ..core.board import format_board
    from ..core.ids import board_id

    n = rules.holes_per_side
    big = ["opponent's store", "your store"] if rules.store(0) == 2 * n + 1 else ["your store", "opponent's store"]
    key = f"your holes {rules.hole_range(YOU)} | {big[0]} | positions {rules.hole_range(OPPONENT)} | {big[1]}"
    lines = [f"Puzzle: {board_id(board, rules)}", f"Board: {format_board(board.slots, rules)}", f"       ({key})"]
    if not board.stores_known:
        lines.append("Stores not given: shown as 0 (they never change points or verdicts).")
    return lines


def path_text(text: str) -> str:
    """An argparse type for every option naming a file or folder (or a ruleset, a set, which
    may be files): '' refused, as files.check_name refuses it, before it is taken as unset
    or as the current folder."""
    import argparse

    from ..files import check_name

    try:
        check_name(text)
    except UserError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` (to `high`), else one clear error."""
    import argparse

    def parse(text: str) -> int:
        from ..core.numbers import parse_whole

        try:
            return parse_whole(text, "", low, high)
        except UserError as exc:
            raise argparse.ArgumentTypeError(str(exc).strip()) from None

    return parse


def seconds(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds from `low` to `high`."""
    import argparse

    def parse(text: str) -> float:
        from ..core.numbers import parse_decimal_or_none

        value = parse_decimal_or_none(text)
        if value is None:
            raise argparse.ArgumentTypeError(f"{shown(text)} is not a number of seconds")
        if not low <= value <= high:
            # as typed: 60.0000001 is not 60 (which `:g` would show, and which is allowed)
            raise argparse.ArgumentTypeError(f"{clipped(text)} seconds is not from {low:g} to {high:g}")
        return value

    return parse


def window_size(minimum: Callable[[], tuple[int, int]]) -> Callable[[str], tuple[int, int]]:
    """An argparse type for --size WxH within a window's limits: `minimum()` gives its
    smallest size (called only when --size is given: registering must not load a window)."""
    import argparse

    def parse(text: str) -> tuple[int, int]:
        from ..pyglet_view import parse_size

        try:
            return parse_size(text, minimum())
        except UserError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse




def add_search_limits(parser: argparse._ActionsContainer, budget_default: str, depth_gives: str) -> None:
    """--budget or --depth (not both): how long, or how deep, the search player thinks (game, match)."""
    from ..games.settings import MAX_BUDGET, MAX_DEPTH, MIN_BUDGET

    limits = parser.add_mutually_exclusive_group()
    limits.add_argument("--budget", type=seconds(MIN_BUDGET, MAX_BUDGET), default=None, metavar="S",
                        help=f"seconds a move, {MIN_BUDGET:g} to {MAX_BUDGET:g} (default {budget_default}): "
                             "how deep depends on the machine")
    limits.add_argument("--depth", type=whole_number(1, MAX_DEPTH), default=None, metavar="N",
                        help=f"instead: look N moves ahead (1 to {MAX_DEPTH}) however long it takes, {depth_gives}")


def add_puzzles_option(parser: argparse._ActionsContainer, what: str, *aliases: str) -> None:
    """--puzzles SET, the one name every command gives a puzzle set (`practice` and `drill`
    take --set too); puzzles.sets.load_puzzles reads it."""
    parser.add_argument("--puzzles", *aliases, dest="puzzles", metavar="SET", type=path_text,
                        help=f"{what}; SET: a set's name (`ktane-congkak sets`), a puzzle file or ID")
