"""The manual as a web page: its blocks in HTML, the module diagrams SVG drawn inside it.

Its pages are the PDF's (Letter or A4, the same text block), and it follows the reader's
colour scheme: on a dark screen the paper is dark and the drawings are shown inverted
(their hues kept); printed, it is black on white.
"""

from __future__ import annotations

import string

from ...core.rules import Ruleset
from .. import PAPER_COLOUR, PAPERS, fonts
from ..render import inline_svg
from .model import (BODY_PT, CAPTION_PT, DOC_TITLE, MODULE, NOTE_PT, Beside, Bullets, Figure, Heading, Page, Para,
                    Table, Worksheet, draw_figure)
from .pdf_render import TEXT_BLOCK



CSS_TEMPLATE = string.Template("""
$faces
:root { --paper: $paper; --ink: #111; --rule: #333; --soft: #333; --desk: #d9d6cf; --mark: #e4e0d4; }
@media (prefers-color-scheme: dark) {
  :root { --paper: #1f2022; --ink: #e4e4e4; --rule: #aaa; --soft: #b0b0b0; --desk: #111; --mark: #4a4220; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--desk); color: var(--ink); font: ${body}pt/1.3 $family; }
.page { width: $width; min-height: $height; margin: 0.3in auto; padding: 0.5in calc(($width - $text) / 2) 0.6in;
        background: var(--paper); position: relative; box-shadow: 0 0 8px rgba(0,0,0,.4); }
.page.wide { padding: 0.3in calc(($width - $text) / 2 - $widen) 0.45in; }
.page.wide .page-header, .page.wide h2 { margin-left: $widen; margin-right: $widen; }  /* the text's margins */
.page-header { display: flex; justify-content: space-between; border-bottom: 1px solid var(--rule);
               font-size: 10pt; color: var(--soft); margin-bottom: 0.2in; }
.page-footer { position: absolute; bottom: 0.35in; left: 0; right: 0; text-align: center;
               font-size: 10pt; color: var(--soft); }
h1 { font: bold 21pt/1.2 $family; margin: 0.1in 0 0.05in; }
h2 { font: bold 13pt/1.2 $family; margin: 0.16in 0 0.05in; }  /* as the PDF sets it: no rule under it */
p { margin: 0.05in 0; }
p.flavour { font-style: italic; margin-bottom: 0.15in; }
p.note { color: var(--soft); font-size: ${note}pt; }
figure { margin: 0.1in auto; text-align: center; }
figure svg { display: block; margin: 0 auto; background: #fff; }
figure svg.face { width: var(--size); height: var(--size); }  /* as big as on the printed page */
@media (prefers-color-scheme: dark) {
  figure svg { filter: invert(0.9) hue-rotate(180deg); }  /* light lines on dark paper, colours kept */
}
figcaption, .caption { font-size: ${caption}pt; color: var(--soft); margin: 0.04in auto; text-align: center; }
figcaption { max-width: 4.2in; }  /* a table's caption is as wide as the line, as in the PDF */
table { border-collapse: collapse; margin: 0.08in auto; font-size: ${note}pt; width: 100%; }  /* the PDF fills the line */
th, td { border: 1px solid var(--rule); padding: 2px 8px; text-align: center; }
table.small { font-size: ${caption}pt; }
table.small th, table.small td { padding: 0 3px; }
.beside-wrap { display: flex; gap: 0.2in; align-items: flex-start; }
.beside-wrap > div { flex: 1; }
.beside-wrap figure { margin: 0; }
figure.worksheet svg { width: 100%; height: auto; margin: 0.05in auto; background: none; }  /* the page's own paper */
tr.mark td { background: var(--mark); font-weight: bold; }
ol, ul { margin: 0.05in 0; padding-left: 0.3in; }
li { margin: 0.03in 0; }
@media print {
  @page { size: $width $height; margin: 0; }
  :root { --paper: #fff; --ink: #000; --rule: #333; --soft: #333; --desk: #fff; --mark: #e4e4e4; }
  body { background: #fff; }
  figure svg { filter: none; }
  .page { margin: 0; box-shadow: none; page-break-after: always; break-after: page; }
  .page:last-child { page-break-after: auto; break-after: auto; }
}
""")


WIDEN = "0.4in"  # how much wider than the text a wide page's drawing may be, each side


def css(paper: str = "letter") -> str:
    """The HTML's style: the PDF's face, type sizes and page (`paper`), the font files loaded from beside it."""
    width, height = PAPERS[paper]
    return CSS_TEMPLATE.substitute(faces=fonts.css_font_faces(), paper=PAPER_COLOUR, body=BODY_PT, note=NOTE_PT,
                                   caption=CAPTION_PT, width=f"{width:g}pt",
                                   height=f"{height:g}pt", text=f"{TEXT_BLOCK:g}pt", widen=WIDEN,
                                   family=f'"{fonts.FAMILY}", {fonts.CSS_FALLBACK}').strip()


def _figure_svg(fig: Figure, rules: Ruleset) -> str:
    from ..render import SvgPainter, draw_face

    painter = SvgPainter(fig.size)
    draw_figure(painter, fig, rules, draw_face)
    return painter.svg()


def render_html(pages: list[Page], rules: Ruleset, paper: str = "letter") -> str:
    """The manual as one HTML document on `paper`'s pages, its diagrams drawn inside it."""
    body = []
    for number, page in enumerate(pages, 1):
        parts = [f'<div class="page{" wide" * page.wide}" id="page-{number}">',
                 f'<div class="page-header"><span>{DOC_TITLE}</span><span>{MODULE}</span></div>']
        for block in page.blocks:
            parts.append(_html_block(block, rules))
        parts.append(f'<div class="page-footer">Page {number} of {len(pages)}</div>')
        parts.append("</div>")
        body.append("\n".join(parts))
    html = ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<meta name=\"color-scheme\" content=\"light dark\">\n"
            f"<title>{MODULE} \u2014 {DOC_TITLE}</title>\n<style>\n{css(paper)}\n</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")
    return html


def _html_block(block, rules: Ruleset) -> str:
    if isinstance(block, Heading):
        return f"<h{block.level}>{block.text}</h{block.level}>"
    if isinstance(block, Para):
        cls = f' class="{block.style}"' if block.style != "body" else ""
        return f"<p{cls}>{block.text}</p>"
    if isinstance(block, Bullets):
        tag = "ol" if block.numbered else "ul"
        return f"<{tag}>" + "".join(f"<li>{item}</li>" for item in block.items) + f"</{tag}>"
    if isinstance(block, Beside):
        inner = "\n".join(_html_block(b, rules) for b in block.blocks)
        return f'<div class="beside-wrap"><div>{inner}</div>{_html_block(block.figure, rules)}</div>'
    if isinstance(block, Worksheet):
        from ..worksheet import worksheet_svg

        drawing = inline_svg(worksheet_svg(rules, page=False, rows=block.rows), "worksheet", block.caption)
        return f'<figure class="worksheet">{drawing}</figure>'  # no caption: the sheet explains itself
    if isinstance(block, Table):
        head = "<tr>" + "".join(f"<th>{h}</th>" for h in block.header) + "</tr>"
        rows = "".join(
            ('<tr class="mark">' if i in block.mark_rows else "<tr>") + "".join(f"<td>{c}</td>" for c in row) + "</tr>"
            for i, row in enumerate(block.rows))
        caption = f'<p class="caption">{block.caption}</p>' if block.caption else ""
        cls = ' class="small"' if block.small else ""
        return f"<table{cls}>{head}{rows}</table>{caption}"
    if isinstance(block, Figure):
        drawing = inline_svg(_figure_svg(block, rules), block.name, "Diagram of the Congkak module",
                             f'class="face" style="--size: {block.size}pt" ')
        return f"<figure>{drawing}<figcaption>{block.caption}</figcaption></figure>"
    raise TypeError(f"unknown block {block!r}")
