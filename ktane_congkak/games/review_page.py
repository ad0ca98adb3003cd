"""A review as one self-contained web page (`game --load F --review --html OUT`).

As the log report is: the report page's look (paper/report_page.py: inline SVG, the typewriter face,
light and dark themes, printable on Letter and A4), the value graph (review_chart.py), each
marked move's board with its best move, and every move in a table."""

from __future__ import annotations

from ..paper.chart import LIGHT, draw
from ..paper.render import SvgPainter, inline_svg
from ..paper.report_page import page, text
from .game import SIDE_NAMES, Game
from .positions import seat_rows
from .review import Review, replay_start
from .review_chart import MARK_SIGNS, value_chart
from .review_text import accuracy_line, mark_words, row, thresholds_words, turning_words, view_words, accuracy_words

GRAPH_SIZE = (680, 240)  # the graph's drawing, pixels (it scales to the page's width)
HOLE = 34  # a hole's diameter on a marked move's board, pixels
BEST_FILL = (217, 239, 214)  # a best hole: the report's "best" green (the dark theme inverts the drawing)
PLAYED = (163, 38, 27)  # the hole played: the report's "wrong" red
INK, SOFT, RIM = (17, 17, 17), (85, 85, 85), (153, 153, 153)

STYLE = """
figure.graph { margin: 0.05in 0; }
figure.graph svg, figure.position svg { display: block; width: 100%; height: auto; filter: var(--face-filter); }
figure.position { margin: 0; flex: none; width: 3.4in; }
table.moves { border-collapse: collapse; width: 100%; font-size: 8.5pt; }
table.moves th, table.moves td { border-bottom: 1px solid var(--rule); padding: 1px 4px; text-align: right; }
table.moves th.words, table.moves td.words { text-align: left; }
tr.inaccuracy td.mark { color: var(--note); font-weight: bold; }
tr.mistake td.mark, tr.blunder td.mark { color: var(--wrong); font-weight: bold; }
"""


def review_page(game: Game, reviewed: Review, source: str = "") -> str:
    """The whole page."""
    title = f"Game review: {reviewed.rules_title}"
    head = (f"<header><h1>{text(title)}</h1>"
            + (f'<p class="source">{text(source)}</p>' if source else "")
            + f"<p>{text(reviewed.result and 'Result: ' + reviewed.result or 'The game is not over.')}</p>"
            f"<p>{text(accuracy_line(reviewed))} {text(turning_words(reviewed))}</p></header>")
    body = [head, "<h2>The value over the game</h2>", f"<p>{text(view_words(reviewed))}</p>",
            f'<figure class="graph">{_graph(reviewed)}</figure>',
            "<p class=\"where\">" + text("  ".join(f"{sign} {name}" for name, sign in MARK_SIGNS.items())
                                         + ". " + thresholds_words()) + "</p>",
            _marked(game, reviewed), _table(reviewed),
            "<h2>How to read this review</h2>",
            f"<p>{text(thresholds_words())}</p><p>{text(accuracy_words())}</p>"]
    return page(title, "\n".join(body), STYLE)


def _graph(reviewed: Review) -> str:
    width, height = GRAPH_SIZE
    chart = value_chart(reviewed, 44, 16, width - 56, height - 44)
    painter = SvgPainter(1.0)
    painter.rect(0, 0, width, height, LIGHT.back)
    draw(painter, chart.marks, LIGHT)
    side = SIDE_NAMES[reviewed.view]
    return inline_svg(painter.svg(width, height), "value", f"{side}'s value over the game, the marked moves on it")


def _marked(game: Game, reviewed: Review) -> str:
    """Each move marked inaccuracy or worse: the board before it, the hole played and the best."""
    marked = {m.number: m for m in reviewed.marked()}
    if not marked:
        return "<h2>The marked moves</h2><p>No move gave up 2 seeds or more, as far as the search sees.</p>"
    parts, position = ["<h2>The marked moves</h2>"], replay_start(game)
    for move in reviewed.moves:
        if move.number in marked:
            parts.append(_move_section(position, move, reviewed.view))
        position.move(move.player, position.slot_of(move.player, move.hole))
    return "\n".join(parts)


def _move_section(position: Game, move, view: int) -> str:
    side = SIDE_NAMES[move.player]
    best = "/".join(map(str, move.best))
    head = f"Move {move.number}: {side} hole {move.hole}, {move.mark} {MARK_SIGNS[move.mark]} (gave up {move.loss})"
    said = (f"Best: hole {best}. {row(move)[3]} before it, {row(move)[4]} after it "
            f"({SIDE_NAMES[view]}'s view).")
    board = inline_svg(_board_svg(position, move), f"move-{move.number}",
                       f"The board before move {move.number}: hole {move.hole} played, {best} best")
    return (f'<section class="board" id="move-{move.number}"><h3>{text(head)}</h3><div class="beside">'
            f'<figure class="position">{board}</figure><div class="judged"><p>{text(said)}</p></div></div></section>')


def _board_svg(game: Game, move) -> str:
    """The position before `move`, from its mover's seat: the mover's row at the bottom, the
    hole played ringed in red, the best holes green; each hole's number under or over it."""
    rules, board = game.rules, game.board
    rows = seat_rows(rules, move.player)
    n = len(rows.top)
    width, height = (n + 2) * (HOLE + 8) + 8, 2 * HOLE + 64
    painter = SvgPainter(1.0)
    painter.rect(1, 1, width - 2, height - 2, (255, 255, 255), RIM, 1.5, radius=12)
    played = game.slot_of(move.player, move.hole)
    best = {game.slot_of(move.player, hole) for hole in move.best}
    for store, left in ((rows.left, 8), (rows.right, width - 8 - HOLE)):
        painter.rect(left, 22, HOLE, 2 * HOLE + 20, None, SOFT, 1.2, radius=HOLE / 2)
        painter.text(left + HOLE / 2, height / 2 + 4, str(board[store]), 13, INK, bold=True)
    for row_slots, y, label_y in ((rows.top, 22 + HOLE / 2, 14), (rows.bottom, height - 22 - HOLE / 2, height - 6)):
        for i, slot in enumerate(row_slots):
            x = 8 + (i + 1) * (HOLE + 8) + HOLE / 2
            fill = BEST_FILL if slot in best else None
            stroke, line = (PLAYED, 3.0) if slot == played else (SOFT, 1.2)
            painter.ellipse(x, y, HOLE / 2, HOLE / 2, 0.0, fill, stroke, line)
            painter.text(x, y + 5, str(board[slot]), 13, INK, bold=slot == played)
            painter.text(x, label_y, str(game.hole_number(slot)), 9, SOFT)
    return painter.svg(width, height)


def _table(reviewed: Review) -> str:
    header = ("move", "side", "hole", "before", "after", "loss", "mark", "best")
    words = {1, 6, 7}
    head = "".join(f'<th class="words">{h}</th>' if i in words else f"<th>{h}</th>" for i, h in enumerate(header))
    rows = []
    for move in reviewed.moves:
        cells = list(row(move))
        cells[6] = mark_words(move)
        tds = "".join(f'<td class="{"mark " if i == 6 else ""}words">{text(c)}</td>' if i in words else
                      f"<td>{text(c)}</td>" for i, c in enumerate(cells))
        rows.append(f'<tr class="{move.mark or "unseen"}">{tds}</tr>')
    return (f'<h2>Every move</h2><table class="moves"><thead><tr>{head}</tr></thead><tbody>'
            + "".join(rows) + "</tbody></table>")
