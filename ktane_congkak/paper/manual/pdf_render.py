"""The manual as a Letter or A4 PDF (reportlab, imported inside functions): the same blocks as the HTML.

Both papers carry the same text block, centred: A4 is a little narrower and taller than
Letter, so every line breaks where it does on Letter and every page holds what it does.
"""

from __future__ import annotations

import re

from ...core.rules import Ruleset
from .. import PAPERS, fonts
from .model import (BODY_PT, CAPTION_PT, DOC_TITLE, MODULE, NOTE_PT, Beside, Bullets, Figure, Heading, Page, Para,
                    Table, Worksheet, draw_figure)


TEXT_BLOCK = 504.0  # points: the frame's width, Letter's less 54-point (0.75 in) margins, on every paper
WIDE_BLOCK = 552.0  # points: a wide page's frame (Letter less 30-point margins), for a drawing at nearly its size
TEXT, WIDE = "text", "wide"  # the PDF's page templates: the usual margins, and narrow ones (Page.wide)
PDF_TEXT_WIDTH = TEXT_BLOCK - 12  # the frame pads 6 points a side
WIDE_INDENT = (WIDE_BLOCK - TEXT_BLOCK) / 2  # a wide page's heading starts where the text's margin is


def render_pdf(pages: list[Page], rules: Ruleset, paper: str = "letter") -> bytes:
    """The manual as a PDF on `paper` (letter or a4), the same blocks as the HTML, one page per page."""
    import io

    from reportlab.lib.units import inch
    from reportlab.platypus import BaseDocTemplate, Frame, NextPageTemplate, PageBreak, PageTemplate

    styles = _pdf_styles()
    story = []
    for number, page in enumerate(pages, 1):
        for block in page.blocks:
            wide_heading = page.wide and isinstance(block, Heading)
            story.extend(_pdf_block(block, styles, rules, indent=WIDE_INDENT if wide_heading else 0))
        if number < len(pages):
            story += [NextPageTemplate(WIDE if pages[number].wide else TEXT), PageBreak()]
    out = io.BytesIO()
    size = PAPERS[paper]
    doc = BaseDocTemplate(out, pagesize=size, title=f"{MODULE} - {DOC_TITLE}", author="ktane-congkak",
                          creator="ktane-congkak", producer="ktane-congkak", subject="Expert manual", invariant=1,
                          initialFontName=fonts.register())
    width, height = size
    decoration = _page_decoration(len(pages), width, height)
    doc.addPageTemplates([
        PageTemplate(TEXT, [Frame((width - TEXT_BLOCK) / 2, 0.75 * inch, TEXT_BLOCK, height - 1.6 * inch)],
                     onPage=decoration),
        PageTemplate(WIDE, [Frame((width - WIDE_BLOCK) / 2, 0.5 * inch, WIDE_BLOCK, height - 1.2 * inch)],
                     onPage=decoration),
    ])
    doc.build(story)
    return out.getvalue()


def _page_decoration(total: int, width: float, height: float):
    from reportlab.lib.units import inch

    left, right = (width - TEXT_BLOCK) / 2, (width + TEXT_BLOCK) / 2  # the header spans the text block

    def draw(canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont(fonts.face(), 10)
        canvas.setFillGray(0.2)
        top = height - 0.55 * inch
        canvas.drawString(left, top, DOC_TITLE)
        canvas.drawRightString(right, top, MODULE)
        canvas.setLineWidth(0.6)
        canvas.line(left, top - 4, right, top - 4)
        canvas.drawCentredString(width / 2, 0.4 * inch, f"Page {doc.page} of {total}")
        canvas.restoreState()

    return draw


def _pdf_styles() -> dict:
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle

    face = fonts.register()  # one typewriter family: <b> and <i> pick its other files
    body = ParagraphStyle("body", fontName=face, fontSize=BODY_PT, leading=BODY_PT * 1.3, spaceBefore=2, spaceAfter=3)
    return {
        "body": body,
        "h1": ParagraphStyle("h1", fontName=fonts.face(bold=True), fontSize=21, leading=25, spaceBefore=4,
                             spaceAfter=4),
        "h2": ParagraphStyle("h2", fontName=fonts.face(bold=True), fontSize=13, leading=16, spaceBefore=7,
                             spaceAfter=3),
        "flavour": ParagraphStyle("flavour", parent=body, fontName=fonts.face(italic=True), spaceAfter=8),
        "note": ParagraphStyle("note", parent=body, fontSize=NOTE_PT, leading=NOTE_PT * 1.3, textColor="#333333"),
        "caption": ParagraphStyle("caption", parent=body, fontSize=CAPTION_PT, leading=CAPTION_PT * 1.3,
                                  textColor="#333333", alignment=TA_CENTER),
        "item": ParagraphStyle("item", parent=body, spaceBefore=1, spaceAfter=1),
        "cell": ParagraphStyle("cell", parent=body, fontSize=NOTE_PT, leading=NOTE_PT * 1.15, alignment=TA_CENTER,
                               spaceBefore=0, spaceAfter=0),
        "small_cell": ParagraphStyle("small_cell", parent=body, fontSize=CAPTION_PT, leading=CAPTION_PT * 1.15,
                                     alignment=TA_CENTER, spaceBefore=0, spaceAfter=0),
    }


def table_font() -> tuple:
    """A reportlab table's own font (it sets one, Helvetica unless told, even when every cell is a Paragraph)."""
    return ("FONTNAME", (0, 0), (-1, -1), fonts.face())


def _pdf_block(block, styles: dict, rules: Ruleset, indent: float = 0) -> list:
    from reportlab.lib import colors
    from reportlab.platypus import KeepTogether, ListFlowable, ListItem, Paragraph, Spacer
    from reportlab.platypus import Table as RLTable
    from reportlab.platypus import TableStyle

    if isinstance(block, Heading):
        style = styles["h1" if block.level == 1 else "h2"]
        return [Paragraph(block.text, style.clone(style.name, leftIndent=indent) if indent else style)]
    if isinstance(block, Para):
        return [Paragraph(block.text, styles[block.style])]
    if isinstance(block, Bullets):
        items = [ListItem(Paragraph(item, styles["item"]), leftIndent=16) for item in block.items]
        kind = dict(bulletType="1", bulletFormat="%s.") if block.numbered else dict(bulletType="bullet", start="\u2022")
        return [ListFlowable(items, leftIndent=16, bulletFontSize=BODY_PT, bulletFontName=fonts.face(), **kind)]
    if isinstance(block, Beside):
        from reportlab.platypus import Table as Columns

        text = [f for b in block.blocks for f in _pdf_block(b, styles, rules)]
        figure = [_FaceFlowable(block.figure, rules), Paragraph(block.figure.caption, styles["caption"])]
        side = block.figure.size + 12
        columns = Columns([[text, figure]], colWidths=[PDF_TEXT_WIDTH - side, side])
        columns.setStyle([table_font(), ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                          ("RIGHTPADDING", (0, 0), (0, 0), 10), ("RIGHTPADDING", (1, 0), (1, 0), 0)])
        return [columns]
    if isinstance(block, Worksheet):
        return [_WorksheetFlowable(rules, block.rows)]
    if isinstance(block, Table):
        cell = styles["small_cell" if block.small else "cell"]
        data = [[Paragraph(f"<b>{h}</b>", cell) for h in block.header]]
        data += [[Paragraph(f"<b>{c}</b>" if i in block.mark_rows else c, cell) for c in row]
                 for i, row in enumerate(block.rows)]
        pad = 2 if block.small else 6
        table = RLTable(data, colWidths=_column_widths(block, cell.fontSize, pad), hAlign="CENTER")
        style = [table_font(), ("GRID", (0, 0), (-1, -1), 0.6, colors.black), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                 ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
                 ("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad)]
        style += [("BACKGROUND", (0, i + 1), (-1, i + 1), colors.HexColor("#eeeeee")) for i in block.mark_rows]
        table.setStyle(TableStyle(style))
        parts = [Spacer(1, 3), table]
        if block.caption:
            parts.append(Paragraph(block.caption, styles["caption"]))
        return [KeepTogether(parts)]
    if isinstance(block, Figure):
        return [KeepTogether([_FaceFlowable(block, rules), Paragraph(block.caption, styles["caption"]),
                              Spacer(1, 4)])]
    raise TypeError(f"unknown block {block!r}")


def _column_widths(block: Table, size: float, pad: float, room: float = PDF_TEXT_WIDTH) -> list[float]:
    """Each column as wide as its longest cell, the room left shared out evenly: the table fills
    the line and no short cell wraps (the landing table's corner "From \\ seeds" stays one line)."""
    from html import unescape

    natural = [max(fonts.text_width(unescape(re.sub(r"<[^>]+>", "", cell)), size, bold=True) for cell in column)
               + 2 * pad + 2 for column in zip(block.header, *block.rows)]
    spare = room - sum(natural)
    if spare < 0:  # too wide for the line: every column gives up its share
        return [width * room / sum(natural) for width in natural]
    return [width + spare / len(natural) for width in natural]


def _FaceFlowable(fig: Figure, rules: Ruleset):
    """A flowable that draws the module face with render.draw_face on a PdfPainter."""
    from reportlab.platypus import Flowable

    class Face(Flowable):
        def wrap(self, available_width, available_height):
            self.offset = (available_width - fig.size) / 2
            return available_width, fig.size

        def draw(self):
            from ..render import PdfPainter, draw_face

            draw_figure(PdfPainter(self.canv, self.offset, 0, fig.size), fig, rules, draw_face)

    return Face()


def _WorksheetFlowable(rules: Ruleset, rows: int):
    """The blank worksheet without its header, as wide as the text column (smaller only if the
    page has not the room)."""
    from reportlab.platypus import Flowable

    from ..worksheet import WIDTH, draw_worksheet_pdf, drawing_bottom

    height = drawing_bottom(rules, False, rows) + 1  # the bottom line's half-width

    class Sheet(Flowable):
        def wrap(self, available_width, available_height):
            self.scale = min(available_width / WIDTH, (available_height - 2) / height)
            self.offset = (available_width - WIDTH * self.scale) / 2
            return available_width, height * self.scale

        def draw(self):
            draw_worksheet_pdf(self.canv, self.offset, 0, rules, scale=self.scale, header=False, rows=rows,
                               height=height)

    return Sheet()
