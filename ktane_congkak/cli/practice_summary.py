"""`ktane-congkak practice --summary`: the defuser's record from the practice history (practice/summary.py)."""

from __future__ import annotations

import argparse

from ..errors import UserError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from ..practice.summary import Summary

ALONG = ("chart", "json")  # what --summary takes beside itself


def run_summary(args: argparse.Namespace) -> int:
    """Print the summary (or its JSON) and write its chart when --chart names one."""
    from ..errors import warn
    from ..practice.history import load_history
    from ..practice.summary import summary, summary_json, summary_lines
    from .common import print_json
    from .drill import check_chart_path
    from .output import print_lines

    given = [f"--{name.replace('_', '-')}" for name, value in vars(args).items()
             if name not in ("command", "run", "summary", *ALONG) and value not in (None, False)]
    if given:  # it starts no session: any other option would be silently lost
        raise UserError(f"--summary reads the practice history and takes only --chart and --json, not {given[0]}")
    if args.chart:
        check_chart_path(args.chart)
    sessions, warning = load_history()
    if warning:
        warn(warning)
    figures = summary(sessions)
    if args.json:
        print_json(summary_json(figures))
    else:
        print_lines(summary_lines(figures))
    if args.chart:
        write_chart(figures, args.chart, quiet=args.json)
    return 0


def write_chart(figures: Summary, path: str, quiet: bool = False) -> None:
    import sys

    from ..files import write_atomic
    from ..practice.summary import summary_svg

    write_atomic(path, summary_svg(figures))
    print(f"Chart written to {path}", file=sys.stderr if quiet else sys.stdout)
