"""`ktane-congkak manual`: the shipped expert manual opened and named, built anew, or a guide by TOPIC.

`--out DIR` builds a fresh copy into DIR; a TOPIC prints one of the program's guides.
`--paper a4` is the A4 manual (index-a4.html, congkak-a4.pdf), shipped beside the Letter one.
The built manual (`manual/` in a clone) and the documents (`docs/*.md`) go with an install
(pyproject.toml's data-files), so an installed copy has them; nothing is written anywhere
unless `--out` says where.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..errors import UserError, closest, shown, warn
from ..paper import PAPERS  # the paper sizes alone: the package's __init__ imports nothing more
from ..files import shipped
from .common import open_in_browser, path_text



def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("manual", help="the expert manual (opened, its path printed), or a document by TOPIC",
                       description="Without options: open the expert manual that comes with the program in the "
                                   "browser (when there is a display) and print where its HTML and PDF are. "
                                   "--out DIR builds a fresh copy into DIR: every board, number and answer in it "
                                   "computed by the engine now. With a TOPIC, print that document of the "
                                   f"program instead (topics: {', '.join(doc_topics()) or 'none shipped'}).")
    p.add_argument("topic", nargs="?", metavar="TOPIC", help="a document to print, e.g. drill or window")
    p.add_argument("--out", type=path_text, metavar="DIR", help="build the manual (HTML with its diagrams and fonts, PDF) into this folder")
    p.add_argument("--no-pdf", action="store_true", help="with --out: write the HTML (and its fonts) only")
    p.add_argument("--no-open", action="store_true", help="print where the manual is without opening it")
    p.add_argument("--paper", choices=tuple(PAPERS), default="letter", type=str.lower,
                   help="the manual's paper, opened or built (default: letter)")
    p.set_defaults(run=run)


def doc_topics() -> list[str]:
    docs = shipped("docs", "drill.md")
    return sorted(p.stem for p in docs.glob("*.md")) if docs else []


def run(args: argparse.Namespace) -> int:
    if args.topic is not None:
        given = [name for name, value in (("--out", args.out), ("--no-pdf", args.no_pdf),
                                          ("--paper", args.paper != "letter")) if value]
        if given:
            raise UserError(f"manual {args.topic}: {given[0]} builds the expert manual, not a document")
        return print_doc(args.topic)
    if args.out is not None:
        return build(args.out, args.no_pdf, args.paper)
    if args.no_pdf:
        raise UserError("manual: --no-pdf applies to --out DIR (a fresh build)")
    return show(open_it=not args.no_open, paper=args.paper)


def print_doc(topic: str) -> int:
    """The guide TOPIC as plain text (its pictures named by where they are), through a pager
    when it is longer than the terminal's screen."""
    from ..core.text import fit, plain_markdown

    topics = doc_topics()
    if topic.lower() not in topics:
        close = closest(topic, topics)
        raise UserError(f"manual: no document {shown(topic)}; the topics: {', '.join(topics) or 'none shipped'}"
                        + (f"; did you mean {close}?" if close else ""))
    docs = shipped("docs", "drill.md")
    if docs is None:  # (no topics then: refused above)
        raise UserError("manual: the documents are not installed")
    lines = plain_markdown((docs / f"{topic.lower()}.md").read_text(encoding="utf-8"),
                           picture=lambda path: os.path.normpath(docs / path))
    lines += fit(examples_folder(lines, docs), hang=0)
    show_text("".join(line + "\n" for line in lines))
    return 0


def examples_folder(lines: list[str], docs: Path) -> list[str]:
    """Where the files the guide's examples read (docs/...) are, when they are not under the
    current folder (an installed copy): said, so that its examples can be run as shown."""
    if not any(line.lstrip().startswith("$ ") and "docs/" in line for line in lines) \
            or Path("docs").resolve() == docs.resolve():
        return []
    return ["", f"The files its examples read (docs/...) are under {docs.parent}; the commands find them "
                "there from any folder."]


def show_text(text: str) -> None:
    """`text` on standard output; through $PAGER (else less) when standard output is a
    terminal and the text is longer than its screen, never when piped; where no pager is
    found (Windows has no less), printed. A $PAGER that cannot be used, or that fails at
    once (PAGER=false: it exits with a failure), is said in one line and the text printed."""
    import shutil
    import signal
    import subprocess

    from .common import command_from_environment, environment_problem

    rows = shutil.get_terminal_size((80, 24)).lines
    pager = None
    if sys.stdout.isatty() and text.count("\n") > rows - 1:  # asked only then: a pipe never needs $PAGER
        pager = command_from_environment("PAGER", "less")
    if pager is None:
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    # Ctrl-C is the pager's while it runs (less stops a search with it and stays open), so
    # here it does nothing; a handler, not SIG_IGN, which the pager would inherit
    previous = signal.signal(signal.SIGINT, lambda *_: None)
    try:
        done = subprocess.run(pager, input=text.encode(sys.stdout.encoding or "utf-8", "replace"), check=False)
    except OSError as exc:  # the pager could not start after all: the text is still shown
        environment_problem("PAGER", exc.strerror or type(exc).__name__, "the text is printed without it")
        sys.stdout.write(text)
        return
    finally:
        signal.signal(signal.SIGINT, previous)
    if done.returncode > 0:  # a pager quit by the user exits 0 (less, more); one that failed may have shown nothing
        environment_problem("PAGER", f"it ended with status {done.returncode}", "the text is printed without it")
        sys.stdout.write(text)


def show(open_it: bool, paper: str = "letter") -> int:
    """Print the shipped manual's absolute paths; open its HTML where a browser can show it."""
    from ..paper.manual.model import manual_names

    names = manual_names(paper)
    folder = shipped("manual", names[0])
    if folder is None:
        option = "" if paper == "letter" else f" --paper {paper}"
        raise UserError(f"manual: this copy of the program has no built {paper} manual; "
                        f"build one with: ktane-congkak manual{option} --out DIR")
    for name in names:
        print(folder / name)
    if open_it:
        open_in_browser(folder / names[0])
    return 0


def build(out: str, no_pdf: bool, paper: str = "letter") -> int:
    from ..paper.manual import build_manual

    if out == "-":  # elsewhere "-" is standard output (generate --out -): a folder of files cannot go there
        raise UserError("manual: --out -: the manual is a folder of files: give the folder's name")
    from ..progress import Progress, stopped

    folder = Path(out)
    missing = [str(p) for p in reversed((folder, *folder.parents)) if not p.exists()]
    with Progress("manual") as progress:  # seconds: every board and figure in it is worked out again
        try:
            written = build_manual(folder, pdf=not no_pdf, paper=paper, say=progress.say)
        except KeyboardInterrupt as cut:  # each file is written whole or not at all
            stage = progress.said
            progress.close()
            name = stage.removeprefix("writing ")
            kept = (f"the files before {name} written anew in {folder}; {name} and those after it left as they were"
                    if stage.startswith("writing ") else f"nothing written in {folder} (it was {stage})")
            return stopped("manual", cut, kept)
    if missing:  # said, so that a mistyped --out does not leave folders nobody asked for unnoticed
        warn(f"made the missing folder{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    for path in written:
        print(path)
    return 0
