"""`ktane-congkak drill`: the expert's drill, in the terminal (answers one a line) or a window."""

from __future__ import annotations

import argparse
import sys

from ..core.rules import OPPONENT, YOU
from ..drill.session import KINDS as FOCUS_KINDS  # the kinds of board, defined there once
from ..errors import warn
from .common import add_puzzles_option, check_output, help_rules, path_text, whole_number, window_available, window_size

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from ..drill.session import Drill, SeedBoards, SetBoards


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("drill", help="drill the expert's work: boards read out, answers timed and graded",
                       description="The expert's drill: each board is read out as the defuser reads it "
                                   f"(holes {help_rules().hole_range(YOU)}, then positions "
                                   f"{help_rules().hole_range(OPPONENT)}); type the hole to press, one a line. "
                                   "Right or wrong comes with the turns traced; the history keeps accuracy "
                                   "and time per kind of board, and the drill returns to the kinds you miss.")
    source = p.add_mutually_exclusive_group()
    add_puzzles_option(source, "drill a puzzle set's boards, in order", "--set")
    source.add_argument("--seed", help="seed for the generated boards (a drill can be replayed from it)")
    add_drill_options(p)
    p.add_argument("--summary", action="store_true", help="show progress per kind (and --chart) without drilling")
    p.add_argument("--window", action="store_true", help="drill in a window (without a display: in the terminal)")
    add_drill_window_size(p)
    p.add_argument("--commands", type=path_text, metavar="SCRIPT",
                   help='window: run commands first, e.g. "3; wait 1; screenshot out.png; quit"')
    p.add_argument("--keep", action="store_true",
                   help="count a drill whose answers come from --commands, a pipe or a file in the summary "
                        "(kept in the history marked as scripted, out of it, without this)")
    p.set_defaults(run=run)


DEFAULT_WINDOW_SIZE = "900x640"  # drill.window's WIDTH x HEIGHT, written out: registering loads no window (a test)


def add_drill_window_size(parser: argparse._ActionsContainer) -> None:
    """--size WxH: the drill window's (`drill --window`, `practice --mode drill`)."""
    parser.add_argument("--size", type=window_size(_window_minimum), default=None, metavar="WxH",
                        help=f"window: its size (default {DEFAULT_WINDOW_SIZE}; the layout scales to it)")


def _window_minimum() -> tuple[int, int]:
    from ..drill.window import MIN_SIZE

    return MIN_SIZE


def add_drill_options(parser: argparse._ActionsContainer) -> None:
    """--count, --focus and --chart: the drill's own options, also `practice --mode drill`'s."""
    parser.add_argument("--count", type=whole_number(1), metavar="N", help="stop after this many boards")
    parser.add_argument("--focus", choices=FOCUS_KINDS, metavar="KIND",
                        help=f"one kind of board: {', '.join(FOCUS_KINDS)}")
    parser.add_argument("--chart", type=path_text, metavar="FILE.svg", help="write the progress chart over sessions as SVG")


def run(args: argparse.Namespace) -> int:
    from ..errors import UserError
    from ..drill import session as drills

    if args.summary:
        given = [f"--{name}" for name in ("puzzles", "seed", "count", "focus", "window", "commands", "size")
                 if getattr(args, name)]
        if given:
            raise UserError(f"--summary shows the history and takes only --chart, not {given[0]}")
    if args.commands and not args.window:
        raise UserError("--commands drives the window: add --window (for the terminal, pipe the answers in)")
    if args.size and not args.window:  # as practice --text does: said, then the terminal
        warn("drilling in the terminal; --size applies to the window only (add --window)")
    if args.chart:
        check_chart_path(args.chart)
    past, warning = drills.load()
    if warning:
        warn(warning)
    if args.summary:
        return summary(past, args.chart)
    window = args.window and window_available()
    if args.window and not window:  # as practice does: the terminal, said in one line
        if args.commands:
            raise UserError("--commands drives the drill's window, which needs a display (try xvfb-run); "
                            "for the terminal, pipe the answers in: echo 3 | ktane-congkak drill")
        print("No display here: drilling in the terminal.", file=sys.stderr)
    drill = drills.Drill(boards_from(args), count=args.count, focus=args.focus, past=past)
    try:
        if window:
            from ..drill.window import run_drill_window

            run_drill_window(drill, commands=args.commands, keep=bool(getattr(args, "keep", False)),
                             **({"size": args.size} if args.size else {}))
        else:
            from ..drill.terminal import run as run_terminal

            drill.scripted = not getattr(args, "keep", False) and not _typed(sys.stdin)  # answers piped in
            run_terminal(drill)
    except (KeyboardInterrupt, OSError):  # SIGTERM, a hang-up, a closed pipe or terminal: the boards answered count
        finish(drill, None)
        raise
    except UserError as exc:  # a --commands script that failed part-way: the boards answered count, and it says so
        if not drill.answers:
            raise
        finish(drill, None)
        from ..core.explain import plural

        raise UserError(f"{exc} (the script stopped there; the drill history keeps the "
                        f"{plural(len(drill.answers), 'board')} answered)") from None
    return finish(drill, args.chart)


def _typed(stream) -> bool:
    """Whether `stream` is a person's terminal (not a pipe or a file)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def check_chart_path(path: str) -> None:
    """Refuse a chart that could not be written before the drill, not after it."""
    from ..errors import UserError

    if not path.lower().endswith(".svg"):
        raise UserError(f"--chart {path}: the chart is an SVG file: name it FILE.svg")
    check_output("--chart", path)


def boards_from(args: argparse.Namespace) -> SetBoards | SeedBoards:
    """Where the boards come from: the puzzle set, else boards generated from the seed."""
    from ..core.rules import DEFAULT, load_ruleset
    from ..drill.session import SeedBoards, SetBoards

    from ..puzzles.sets import load_puzzles

    if args.puzzles:
        return SetBoards(load_puzzles(args.puzzles), args.focus)
    return SeedBoards(load_ruleset(DEFAULT), args.seed)


def finish(drill: Drill, chart: str | None) -> int:
    """Save the session in the drill history and write the chart if asked."""
    from ..drill import session as drills

    sessions = drill.past
    if drill.answers:
        sessions, warning = drills.save(drill)
        if warning:
            warn(warning)
    if chart:  # the history as just written (or as read at the start): not read again
        write_chart(sessions, chart)
    return 0


def summary(sessions: list[dict], chart: str | None) -> int:
    from ..drill.session import summary_lines

    from .output import print_lines

    print_lines(summary_lines(sessions))
    if chart:
        write_chart(sessions, chart)
    return 0


def write_chart(sessions: list[dict], path: str) -> None:
    from ..files import write_atomic
    from ..drill.session import kind_lines, kind_tallies, progress
    from ..drill.chart import progress_svg

    write_atomic(path, progress_svg(progress(sessions), kind_lines(kind_tallies(sessions))))
    print(f"Chart written to {path}")
