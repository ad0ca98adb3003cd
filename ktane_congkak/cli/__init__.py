"""The `ktane-congkak` command line: one module per subcommand, each with `register`.

For every user, the defuser, the expert, the printer and the player: a subcommand parses
its arguments, hands them to the room that does the work (core/, puzzles/, paper/,
practice/, drill/, games/) and prints what comes back; it decides nothing itself.
`ktane-congkak CMD` loads and registers CMD's module alone (`--help` loads them all).
Registering imports only light modules (argparse, the core's rules, boards and IDs; `drill`
and `practice` also the drill's logic, for its kinds of board); each
`run` imports what else it needs, so `solve` never loads pyglet or reportlab
(tests/test_layers.py checks).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import re
import sys

from .. import __version__
from ..core.text import fit, output_width
from ..errors import PROGRAM, SHOWN_LIMIT, UserError, closest, shown, undecodable
from ..files import os_problem
from ..typed import tolerant_stdin
from .output import OutputError, finish_output, guarded_stdout, quiet_closed_stdout
from .signals import exit_code, stopping_on_signals

# Subcommand modules, in the order `--help` lists them.
COMMANDS = ("solve", "turn", "practice", "drill", "verify", "manual", "generate", "sets", "print_", "stats", "game", "match", "analyse", "rules")
# Other names a player types for a command: the other spelling, and `help [COMMAND]` for --help.
ALIASES = {"practise": "practice", "analyze": "analyse"}
HELP = "help"


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter, which asks the terminal's width only when it writes help:
    argparse makes one for every add_argument too, and asking (shutil) costs `solve` 3 ms."""

    def __init__(self, prog, **options):
        super().__init__(prog, **{"width": 80, **options})  # a stand-in until format_help
        self._ask_width = "width" not in options

    def format_help(self) -> str:
        if self._ask_width:  # every section is laid out here, so the width is in time
            sized = argparse.HelpFormatter(self._prog, width=output_width() - 2)  # as argparse's own margin
            self._width, self._max_help_position = sized._width, sized._max_help_position
        return super().format_help()

    def _split_lines(self, text, width):  # never "ktane-\ncongkak" or "practice-\ncommands"
        import textwrap

        return textwrap.wrap(self._whitespace_matcher.sub(" ", text).strip(), width, break_on_hyphens=False)

    def _fill_text(self, text, width, indent):
        import textwrap

        return textwrap.fill(self._whitespace_matcher.sub(" ", text).strip(), width, initial_indent=indent,
                             subsequent_indent=indent, break_on_hyphens=False)


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad option is one line and exit 2 (no usage dump), and no option
    is guessed from a prefix (`--rule` is never read as `--rules`)."""

    def __init__(self, *args, **options):
        super().__init__(*args, **{"formatter_class": _Formatter, "allow_abbrev": False, **options})

    def error(self, message):
        """argparse's own complaints in our form: "ktane-congkak: print: ..." (main adds the name)."""
        command = self.prog.partition(" ")[2]
        said = f"{_QUOTED.sub(lambda m: shown(m[1]), message)}{did_you_mean(message)}"
        raise UserError(f"{command}: {said}" if command else said)

    def parse_args(self, args=None, namespace=None):
        """argparse's, but stray arguments are quoted one, within the usual limit, and
        counted (argparse joins them all into its message, however many there are); a
        mistyped option gets a did-you-mean from the command's own options."""
        known, stray = self.parse_known_args(args, namespace)
        if stray:
            more = f" (and {len(stray) - 1} more)" if len(stray) > 1 else ""
            command = getattr(known, "command", None)  # a subcommand's strays come back up here: name it
            guess = self._option_guess(stray[0], command)
            self.error(f"{command + ': ' if command else ''}unrecognized argument {shown(stray[0])}{more}{guess}")
        return known

    def _option_guess(self, word: str, command: str | None) -> str:
        """"; did you mean --level?" for a mistyped option of `command` (or of the program)."""
        if not word.startswith("--"):
            return ""
        parser: argparse.ArgumentParser = self
        if command and self._subparsers is not None:
            choices = self._subparsers._group_actions[0].choices
            parser = choices.get(command, self) if isinstance(choices, dict) else self
        close = closest(word.partition("=")[0], [o for o in parser._option_string_actions if o.startswith("--")])
        return f"; did you mean {close}?" if close else ""


# A value argparse quotes in a message (an invalid choice, a bad type): quoted again within
# errors.SHOWN_LIMIT, since argparse quotes it whole, however long.
_QUOTED = re.compile(r"'([^']{%d,})'" % (SHOWN_LIMIT + 1))


_INVALID_CHOICE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)$")


def did_you_mean(message: str) -> str:
    """"; did you mean solve?" after argparse's invalid choice, when one choice is close
    (argparse's own suggest_on_error comes only with Python 3.14)."""
    found = _INVALID_CHOICE.search(message)
    if not found:
        return ""
    close = closest(found[1], [choice.strip().strip("'") for choice in found[2].split(",")])
    return f"; did you mean {close}?" if close else ""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with `only` (a subcommand's name), just that subcommand,
    which spares `ktane-congkak solve BOARD` loading and building the others."""
    parser = _Parser(
        prog=PROGRAM,
        description="Simulator of the Congkak bomb module: practise, verify, print, and play the traditional "
                    "games. With no COMMAND it opens practice: the window, or the terminal without a display.",
    )
    parser.add_argument("--version", action="version", version=f"ktane-congkak {__version__}")
    # prog given: argparse would lay out the usage line to learn it (the width, above)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser, prog=parser.prog)
    for name in COMMANDS:
        if only is None or name.rstrip("_") == only:
            importlib.import_module(f"{__name__}.{name}").register(sub)
    return parser


def check_arguments(argv: list[str]) -> None:
    """Every argument must be text: bytes that are not UTF-8 (Python hands them over as
    surrogates) could be neither printed, nor seeded, nor written to a file."""
    for number, arg in enumerate(argv, 1):
        if undecodable(arg):
            raw = os.fsencode(arg)
            raise UserError(f"argument {number} is not UTF-8 text: {shown(raw)}")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    tolerant_stdin()
    with guarded_stdout():
        try:
            code = _run(argv)
        except SystemExit:  # argparse's --help and --version (its errors are UserErrors): their text goes out too
            if _finished(0):
                raise SystemExit(2) from None
            raise
        return _finished(code)


def _finished(code: int) -> int:
    """The exit code, once standard output has taken all that is left (2 if it could not)."""
    failed = finish_output()
    if failed is not None and code == 0:  # all was done but its last words could not be written
        _say(os_problem(failed.filename, failed, "write"))
        return 2
    return code


def with_aliases(argv: list[str]) -> list[str]:
    """The arguments with a command's other name put right: `practise` is `practice`, and
    `help` (`help COMMAND`) asks for --help (the command's)."""
    if not argv:
        return argv
    if argv[0] == HELP:
        return [*with_aliases(argv[1:2]), "--help"]
    return [ALIASES.get(argv[0], argv[0]), *argv[1:]]


def _run(argv: list[str]) -> int:
    command = None  # the command an error line names: "ktane-congkak: COMMAND: ..."
    try:
        check_arguments(argv)
        argv = with_aliases(argv)
        with stopping_on_signals():
            named = argv[0] if argv and argv[0] in {name.rstrip("_") for name in COMMANDS} else None
            command = named
            args = build_parser(named).parse_args(argv or ["practice"])
            if not getattr(args, "run", None):
                args = build_parser().parse_args(["practice", *argv])
            command = getattr(args, "command", None) or "practice"
            code = args.run(args) or 0
            sys.stdout.flush()  # here, so that a full standard output is one line too
            return code
    except UserError as exc:
        _say(exc, command)
        return 2
    except BrokenPipeError:  # the reader went away (`| head -1`): an ordinary end
        quiet_closed_stdout()
        return 0
    except OSError as exc:  # a read or write no reader caught (standard output's among them): one line, exit 2
        _say(os_problem(exc.filename or "?", exc, "write" if isinstance(exc, OutputError) else "use"), command)
        return 2
    except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM, a hang-up: end the line it cut, so the shell's prompt starts a new one
        with contextlib.suppress(OSError, ValueError):
            print(file=sys.stderr)
        return exit_code(exc)


def error_line(error: BaseException | str, command: str | None = None) -> str:
    """The one form of every error line: "ktane-congkak: COMMAND: what is wrong" (the command
    named once, whether or not the message names it already)."""
    said = str(error)
    if said.startswith(f"{PROGRAM}: "):
        said = said[len(PROGRAM) + 2:]
    if command and not said.startswith((f"{command}: ", f"{command} ")):
        said = f"{command}: {said}"
    return f"{PROGRAM}: {said}"


def _say(error: UserError | str, command: str | None = None) -> None:
    """An error's one line on standard error (which may be closed too: then nothing), fitted
    to a terminal's width (to a pipe or a log it stays one line, for grep)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        line = error_line(error, command)
        print("\n".join(fit([line])) if sys.stderr.isatty() else line, file=sys.stderr)
