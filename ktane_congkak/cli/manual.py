"""`ktane-congkak manual --out DIR`: build the expert manual (HTML, PDF)."""

from __future__ import annotations


def register(sub) -> None:
    p = sub.add_parser("manual", help="build the expert manual (HTML and PDF)",
                       description="Build the expert manual: every board, number and answer in it is "
                                   "computed by the engine now. Writes index.html (its diagrams drawn inside it), the font files it loads and "
                                   "congkak.pdf.")
    p.add_argument("--out", default="manual", metavar="DIR", help="folder to write into (default: manual)")
    p.add_argument("--no-pdf", action="store_true", help="write the HTML (and its fonts) only")
    p.set_defaults(run=run)


def run(args) -> int:
    import sys
    from pathlib import Path

    from ..paper.manual import build_manual

    out = Path(args.out)
    missing = [str(p) for p in reversed((out, *out.parents)) if not p.exists()]
    written = build_manual(out, pdf=not args.no_pdf)
    if missing:  # said, so that a mistyped --out does not leave folders nobody asked for unnoticed
        print(f"ktane-congkak: made the missing folder{'s' if len(missing) > 1 else ''} {', '.join(missing)}",
              file=sys.stderr)
    for path in written:
        print(path)
    return 0
