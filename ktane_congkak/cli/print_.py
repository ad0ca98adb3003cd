"""`ktane-congkak print`: printable sheets of puzzles (PDF or SVG), with an answer key."""

from __future__ import annotations


def register(sub) -> None:
    p = sub.add_parser("print", help="printable sheets of puzzles (PDF or SVG)",
                       description="Draw puzzles (from puzzle files and/or puzzle IDs) as the module's board, "
                                   "several to a page, with an optional answer key.")
    p.add_argument("sources", nargs="+", metavar="F.yaml|ID",
                   help="puzzle files, descriptive IDs (c1-...) or seed IDs ('#text', quoted in a shell)")
    p.add_argument("--out", "-o", required=True, metavar="sheet.pdf|sheet.svg", help="the sheet to write")
    p.add_argument("--layout", default="2x3", help="COLUMNSxROWS of boards on a page (default 2x3)")
    p.add_argument("--paper", default="letter", choices=("letter", "a4"), help="paper size (default letter)")
    p.add_argument("--with-solutions", action="store_true", help="add an answer key after the puzzles")
    p.add_argument("--title", help="the title on every page (default: the puzzle file's title)")
    p.add_argument("--rules", default="module", help="ruleset for puzzle IDs (default: module)")
    p.set_defaults(run=run)


def puzzles_from_sources(sources, rules_name: str):
    """(rules, puzzles, title): every source read, files checked, IDs resolved."""
    import os

    from ..errors import UserError, shown
    from ..core.ids import board_from_id
    from ..puzzles.sets import load_puzzle_set, make_puzzle
    from ..core.rules import load_ruleset

    rules, puzzles, titles = None, [], []
    for source in sources:
        if source.lower().endswith((".yaml", ".yml")) or os.path.isfile(source):
            found = load_puzzle_set(source, rules)
            rules = found.rules
            puzzles += found.puzzles
            if found.title:
                titles.append(found.title)
            continue
        rules = rules or load_ruleset(rules_name)
        board = board_from_id(source, rules)
        if not board.stores_known:
            raise UserError(f"puzzle ID {shown(source)}: a printed puzzle needs its stores (a full ID ends with -YOURS-THEIRS)")
        puzzles.append(make_puzzle(board.slots, rules, source if source.startswith("#") else None))
    return rules, puzzles, " + ".join(titles) or "Congkak puzzles"


def run(args) -> int:
    from ..errors import UserError, shown
    from ..files import write_atomic
    from ..paper.sheets import parse_layout, sheet_pdf, sheet_svg

    out = args.out.lower()
    if not out.endswith((".pdf", ".svg")):
        raise UserError(f"print: --out {args.out} must end in .pdf or .svg")
    layout = parse_layout(args.layout)
    rules, puzzles, title = puzzles_from_sources(args.sources, args.rules)
    title = args.title or title
    make = sheet_pdf if out.endswith(".pdf") else sheet_svg
    data = make(puzzles, rules, layout=layout, paper=args.paper, solutions=args.with_solutions, title=title)
    write_atomic(args.out, data)
    per_page = layout[0] * layout[1]
    pages = -(-len(puzzles) // per_page)
    print(f"wrote {args.out}: {len(puzzles)} puzzles on {pages} page{'s' * (pages != 1)}"
          + (" and an answer key" if args.with_solutions else ""))
    return 0
