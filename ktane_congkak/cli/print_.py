"""`ktane-congkak print`: printable sheets of puzzles (PDF or SVG), with an answer key; or the expert's worksheet."""

from __future__ import annotations

import argparse

from .common import add_rules_argument, check_output, path_text

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..core.rules import Ruleset
    from ..puzzles.sets import Puzzle

DEFAULT_LAYOUT = "2x3"


def register(sub: argparse._SubParsersAction) -> None:
    from ..core.board import board_words
    from ..paper.render import DEFAULT_STYLE, STYLES
    from .common import help_rules

    p = sub.add_parser("print", help="printable sheets of puzzles (PDF or SVG), or the expert's worksheet",
                       description="Draw puzzles (from puzzle files and/or puzzle IDs) as the module's board, "
                                   "several to a page, with an optional answer key; or, with --worksheet, the "
                                   "expert's worksheet for tracing turns by hand.")
    p.add_argument("sources", type=path_text, nargs="*", metavar="SET|F.yaml|ID",
                   help="curated sets by name (starter, hard, ...: see `ktane-congkak sets`), puzzle files, "
                        "descriptive IDs (c1-...; one without its stores prints them as ?) or seed IDs "
                        "('#text', quoted in a shell)")
    p.add_argument("--worksheet", nargs="+", metavar="BOARD|ID",
                   help=f"print the expert's worksheet for this board instead ({board_words(help_rules())}; or a puzzle ID; "
                        "'blank' for an empty one)")
    p.add_argument("--out", "-o", type=path_text, metavar="sheet.pdf|sheet.svg",
                   help="the sheet to write (default for one set: SET.pdf, beside a puzzle file or in this "
                        "folder for a curated set or an ID; never over a file already there)")
    p.add_argument("--layout", default=DEFAULT_LAYOUT, help=f"COLUMNSxROWS of boards on a page (default {DEFAULT_LAYOUT})")
    p.add_argument("--paper", default="letter", choices=("letter", "a4"), type=str.lower,
                   help="paper size, of the sheets and of the worksheet (default letter)")
    p.add_argument("--with-solutions", action="store_true",
                   help="add an answer key (under the last puzzles when it fits, else on a page of its own)")
    p.add_argument("--style", choices=tuple(STYLES), type=str.lower,
                   help=f"how the boards are inked: line (black lines on white, light on toner and clear in a "
                        f"grey photocopy) or dark (the module's own colours) (default {DEFAULT_STYLE})")
    p.add_argument("--title", help="the title on every page (default: the puzzle file's title)")
    add_rules_argument(p, "ruleset for puzzle IDs")
    p.set_defaults(run=run)


def puzzles_from_sources(sources: Iterable[str], rules_name: str) -> tuple[Ruleset | None, list[Puzzle], str]:
    """(rules, puzzles, title): every source read, files checked, IDs resolved."""
    from ..core.rules import load_ruleset
    from ..puzzles.sets import is_set_source, load_puzzles

    rules, puzzles, titles = None, [], []
    for source in sources:
        found = load_puzzles(source, rules if is_set_source(source) else rules or load_ruleset(rules_name))
        rules = found.rules
        puzzles += found.puzzles
        if found.title:
            titles.append(found.title)
    return rules, puzzles, " + ".join(titles) or "Congkak puzzles"


def run(args: argparse.Namespace) -> int:
    from ..errors import UserError

    if args.out is None:
        args.out = default_out(args)
    if not args.out.lower().endswith((".pdf", ".svg")):
        raise UserError(f"print: --out {args.out} must end in .pdf or .svg")
    if args.worksheet:
        if args.sources:
            raise UserError("print: give either puzzle files/IDs or --worksheet BOARD, not both")
        sheet_only = [name for name, given in (("--layout", args.layout != DEFAULT_LAYOUT),
                                               ("--with-solutions", args.with_solutions), ("--title", args.title),
                                               ("--style", args.style))
                      if given]
        if sheet_only:  # said, rather than silently ignored
            raise UserError(f"print --worksheet: {', '.join(sheet_only)} "
                            f"{'applies' if len(sheet_only) == 1 else 'apply'} to puzzle sheets only")
        return run_worksheet(args)
    if not args.sources:
        raise UserError("print: give a set (ktane-congkak sets), puzzle files or IDs, or --worksheet BOARD")
    return run_sheets(args)


def default_out(args: argparse.Namespace) -> str:
    """The sheet's name when --out is not given: one set's, as a PDF beside its puzzle file (a
    curated set's or a descriptive ID's in this folder). Never a file already there: that is
    said, with the way to write over it."""
    import os

    from ..errors import UserError
    from ..puzzles.sets import set_name

    if args.worksheet or len(args.sources) != 1 or args.sources[0].strip().startswith("#"):
        what = "--worksheet" if args.worksheet else "more than one source" if len(args.sources) > 1 else \
            "a seed ID" if args.sources else "no set"
        raise UserError(f"print: give --out FILE.pdf (or .svg): with {what} there is no set to name the sheet after")
    source = args.sources[0].strip()
    if set_name(source) is not None and not os.path.isfile(source):
        out = f"{set_name(source)}.pdf"
    else:
        stem, ext = os.path.splitext(source)
        out = f"{stem if ext.lower() in ('.yaml', '.yml') else source}.pdf"
    if os.path.exists(out):
        raise UserError(f"print: {out} is there already; give --out {out} to write over it, or another name")
    return out


def run_worksheet(args: argparse.Namespace) -> int:
    from ..errors import UserError
    from ..files import write_atomic
    from ..paper.worksheet import worksheet_pdf, worksheet_svg
    from ..core.ids import board_id
    from ..core.rules import load_ruleset
    from ..core.shortcuts import module_shaped
    from .common import board_from_text

    check_output("--out", args.out, [("--rules", args.rules)])
    rules = load_ruleset(args.rules)
    if not module_shaped(rules):
        raise UserError(f"print --worksheet: the worksheet follows the module's rules, not {rules.name!r}")
    text = " ".join(args.worksheet)
    board = None if text.strip().lower() == "blank" else board_from_text(text, rules)
    slots, caption = (None, "") if board is None else (board.slots, board_id(board, rules))
    data: bytes | str
    if args.out.lower().endswith(".pdf"):
        data = worksheet_pdf(rules, slots, caption, args.paper)
    else:
        data = worksheet_svg(rules, slots, caption, paper=args.paper)
    write_atomic(args.out, data)
    print(f"wrote {args.out}: the worksheet" + (f" for {caption}" if caption else " (blank)"))
    return 0


def run_sheets(args: argparse.Namespace) -> int:
    from ..core.explain import plural
    from ..paper.render import DEFAULT_STYLE
    from ..paper.sheets import check_layout, parse_layout, puzzle_pages
    from ..progress import Progress, stopped

    from ..puzzles.sets import check_title

    if args.title is not None:  # the limit a puzzle file's title has, so a sheet's title is as long as one can be
        check_title(args.title, "--title")
    layout = parse_layout(args.layout)
    check_layout(layout, args.paper)
    inputs = [("--rules", args.rules), *(("puzzle", source) for source in args.sources)]
    check_output("--out", args.out, inputs)
    rules, puzzles, title = puzzles_from_sources(args.sources, args.rules)
    title = args.title or title
    options = dict(layout=layout, paper=args.paper, solutions=args.with_solutions, title=title,
                   style=args.style or DEFAULT_STYLE)
    with Progress("print", unit="page") as progress:
        files: list[str] = []  # the files written so far
        try:
            written = _write_sheets(args, puzzles, rules, options, inputs, progress, files)
        except KeyboardInterrupt as cut:  # a sheet is one whole (its page numbers, its key): none is half written
            progress.close()
            if files:
                return stopped("print", cut, f"{len(files)} of the SVG pages written ({files[0]} to {files[-1]}); "
                               "the rest left as they were")
            return stopped("print", cut, f"{progress.done:,} of {progress.total or '?'} pages drawn; nothing "
                           f"written, {args.out} left as it was (print fewer puzzles at once)")
    pages = puzzle_pages(len(puzzles), layout)
    print(f"wrote {written}: {plural(len(puzzles), 'puzzle')} on {plural(pages, 'page')}"
          + (" and an answer key" if args.with_solutions else ""))
    return 0


def _write_sheets(args: argparse.Namespace, puzzles, rules, options: dict, inputs: list, progress, files: list[str]) -> str:
    """The sheet drawn (a page at a time, told to `progress`) and written (each SVG page's
    name added to `files` once written); what was written, said."""
    from ..files import write_atomic
    from ..paper.sheets import sheet_pdf, sheet_svg

    if args.out.lower().endswith(".pdf"):
        data = sheet_pdf(puzzles, rules, **options, on_page=progress.update)
        progress.say(f"writing {args.out}")
        write_atomic(args.out, data)
        return args.out
    pages = sheet_svg(puzzles, rules, **options, on_page=progress.update)
    names = svg_page_names(args.out, len(pages))
    for name in names:  # the pages' own names, each checked before any is written (p-1.svg may be an input)
        check_output("--out", name, inputs)
    progress.say(f"writing {len(names)} pages")
    for name, page in zip(names, pages):
        write_atomic(name, page)
        files.append(name)
    return names[0] if len(names) == 1 else f"{', '.join(names)} (a page each)"


def svg_page_names(out: str, pages: int) -> list[str]:
    """One SVG file per page: `out` itself for a single page, else sheet-1.svg, sheet-2.svg, ..."""
    if pages == 1:
        return [out]
    stem = out[: -len(".svg")]
    return [f"{stem}-{k}.svg" for k in range(1, pages + 1)]
