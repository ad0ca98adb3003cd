"""The printed face, Courier Prime: registered for every PDF, loaded by the HTML manual.

The font files and their licence (SIL Open Font License) are shipped in paper/fonts/.

Typewriter type is what the KTANE community's manuals are set in. The PDF fonts are
embedded (subset) by reportlab, so a sheet prints the same on every machine; the 14 standard
PDF fonts (Helvetica, Courier) are never used, as those are the reader's own.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import IO

    from reportlab.pdfgen.canvas import Canvas

FAMILY = "Courier Prime"  # the CSS family name; the SVGs name it first too
# The PDF font names (the files' own PostScript names), and the file each comes from.
REGULAR, BOLD, ITALIC, BOLD_ITALIC = "CourierPrime-Regular", "CourierPrime-Bold", "CourierPrime-Italic", "CourierPrime-BoldItalic"
FILES = {REGULAR: "CourierPrime-Regular.ttf", BOLD: "CourierPrime-Bold.ttf", ITALIC: "CourierPrime-Italic.ttf",
         BOLD_ITALIC: "CourierPrime-BoldItalic.ttf"}
LICENCE = "OFL.txt"
CSS_FALLBACK = '"Courier New", "Liberation Mono", Courier, monospace'  # a face of the same widths


def face(bold: bool = False, italic: bool = False) -> str:
    """The PDF font name of a weight and slant (registered by `register`)."""
    return ((REGULAR, ITALIC), (BOLD, BOLD_ITALIC))[bold][italic]


def font_file(name: str) -> bytes:
    """A file of paper/fonts/ (a font or its licence) as bytes."""
    return resources.files(__package__).joinpath("fonts", name).read_bytes()


@cache
def register() -> str:
    """Register Courier Prime with reportlab (once) as a family, so <b> and <i> in a Paragraph
    pick the right file; the regular face's name."""
    import io

    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, filename in FILES.items():
        pdfmetrics.registerFont(TTFont(name, io.BytesIO(font_file(filename))))
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(REGULAR, bold, italic, face(bool(bold), bool(italic)))
    return REGULAR


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Points `text` takes in the printed face at `size` points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register()
    return stringWidth(text, face(bold), size)


def pdf_canvas(out: str | IO[bytes], pagesize: tuple[float, float], title: str) -> Canvas:
    """A reportlab canvas writing to `out` whose pages start in the printed face (reportlab's
    default start, Helvetica, would be an unembedded font in every page), deterministic
    (no dates), titled."""
    from reportlab.pdfgen import canvas

    pdf = canvas.Canvas(out, pagesize=pagesize, invariant=1, initialFontName=register())
    pdf.setTitle(title)
    pdf.setCreator("ktane-congkak")
    return pdf


def css_font_faces(folder: str = "", names: Iterable[str] = tuple(FILES), embed: bool = False) -> str:
    """@font-face rules for the faces `names` (all four by default): loading the files from
    `folder` (beside the HTML), or with `embed` holding them as data, for a page that loads nothing."""
    import base64

    rules = []
    for name in names:
        filename = FILES[name]
        weight = "bold" if "Bold" in name else "normal"
        style = "italic" if "Italic" in name else "normal"
        source = (f"data:font/ttf;base64,{base64.b64encode(font_file(filename)).decode('ascii')}" if embed else
                  f"{folder}{filename}")
        rules.append(f'@font-face {{ font-family: "{FAMILY}"; src: url("{source}") format("truetype"); '
                     f"font-weight: {weight}; font-style: {style}; }}")
    return "\n".join(rules)


__all__ = ["FAMILY", "FILES", "LICENCE", "CSS_FALLBACK", "face", "font_file", "register", "text_width", "pdf_canvas",
           "css_font_faces"]
