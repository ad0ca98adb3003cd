"""The expert manual: its words, with every board, number and answer computed by the engine.

For the expert, printed or read on screen: `manual_pages(rules)` (pages.py) builds the
content once, as a list of pages of simple blocks (model.py: headings, paragraphs, lists,
tables, module diagrams, turn traces) from the engine's facts (facts.py); `render_html`
(html_render.py) and `render_pdf` (pdf_render.py) turn the same blocks into a web page (its
diagrams SVG drawn inside it) and a PDF, on Letter or A4 (`manual_names`). Nothing printed is typed in by hand. The
output is deterministic (no dates; reportlab's invariant mode), so a test can rebuild it
and compare it with the committed `manual/`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ...core.rules import DEFAULT, Ruleset, load_ruleset
from .. import fonts
from .facts import (LANDING_CORNER, SURVEY_BOARDS, SURVEY_SEED, about, author_board, generated_board, place_name,
                    round_down, same_seeds_example, savings, survey, verdict_word, worked_example)
from .html_render import PAPER_COLOUR, render_html
from .model import BODY_PT, FLAVOUR, HTML_NAME, PDF_NAME, Beside, Heading, Page, Table, manual_names
from .pages import manual_pages
from .pdf_render import render_pdf


def build_files(rules: Ruleset | None = None, pdf: bool = True, paper: str = "letter",
                say: Callable[[str], None] | None = None) -> dict[str, bytes]:
    """Every file of the manual on `paper` by name: its HTML (index.html; index-a4.html on A4,
    its diagrams inside it), the font files it loads with their licence (OFL.txt), its PDF
    (congkak.pdf; congkak-a4.pdf). `say` is told each stage (a progress line)."""
    say = say or (lambda stage: None)
    rules = rules or load_ruleset(DEFAULT)
    say("working out the pages")
    pages = manual_pages(rules)
    html_name, pdf_name = manual_names(paper)
    say(f"drawing {html_name}")
    files = {html_name: render_html(pages, rules, paper).encode("utf-8")}
    files.update({name: fonts.font_file(name) for name in (*fonts.FILES.values(), fonts.LICENCE)})  # the HTML's face
    if pdf:
        say(f"drawing {pdf_name}")
        files[pdf_name] = render_pdf(pages, rules, paper)
    return files


def build_manual(out: str | Path, pdf: bool = True, rules: Ruleset | None = None, paper: str = "letter",
                 say: Callable[[str], None] | None = None) -> list[Path]:
    """Write the manual on `paper` into folder `out` (made if missing); the paths written.
    `say` is told each stage, "writing NAME" before each file."""
    from ...files import os_problem, write_atomic

    from ...errors import UserError

    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UserError(f"{out}: not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise os_problem(out, exc, "make the folder") from None
    written = []
    for name, data in build_files(rules, pdf, paper, say).items():
        if say:
            say(f"writing {name}")
        # A new file readable as usual (umask), an old one's mode kept; a symlink in the
        # folder is replaced, never written through to a file outside it.
        write_atomic(out / name, data, follow_links=False)
        written.append(out / name)
    return written


__all__ = ["BODY_PT", "FLAVOUR", "HTML_NAME", "LANDING_CORNER", "PAPER_COLOUR", "PDF_NAME", "SURVEY_BOARDS", "SURVEY_SEED",
           "Beside", "Heading", "Page", "Table", "about", "author_board", "build_files", "build_manual",
           "generated_board", "manual_names", "manual_pages", "place_name", "render_html", "render_pdf", "round_down",
           "same_seeds_example", "savings", "survey", "verdict_word", "worked_example"]
