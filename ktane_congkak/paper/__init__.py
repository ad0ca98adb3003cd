"""Paper: the module face's geometry, its SVG and PDF painter, printable sheets and the manual.

For the printer and the expert: `sheets.py` (puzzles and an answer key), `worksheet.py`
(the expert's worksheet), `manual/` (the expert manual, HTML and PDF) and the bomb log's
report, all drawn by one painter (`render.py`) on one geometry (`layout.py`, which the
windows use too). The only room that imports reportlab, and only when it prints.
"""

PAPERS = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}  # the papers printed on: (width, height) in points
PAPER_COLOUR = "#fbf8ef"  # an HTML page on screen (manual, log report): a warm white, like the community's paper
