"""A review as text: the terminal's table, its value graph in block characters, the marks in words.

The table fits 80 columns; the window's V panel uses the same words."""

from __future__ import annotations

from .game import SIDE_NAMES
from .analysis import VALUE_MEANS, worded
from .review import ACCURACY_HALVING, MARK_NAMES, MARKS, Review, ReviewedMove

BLOCKS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588"  # the graph's eight heights, lowest first
GRAPH_WIDTH = 76  # columns the graph takes at most (an 80-column terminal, with its margin)
# One letter under the graph for each mark worth a look (the worse of a column's moves).
MARK_LETTERS = {"inaccuracy": "i", "mistake": "m", "blunder": "B"}
HEADER = ("move", "side", "hole", "before", "after", "loss", "mark", "best")


def thresholds_words() -> str:
    """ "good: 1 seed given up, inaccuracy: 2 to 3, mistake: 4 to 7, blunder: 8 or more" (MARKS)."""
    said = []
    for (name, least), following in zip(MARKS[1:], [*MARKS[2:], None]):
        most = following[1] - 1 if following else None
        said.append(f"{name}: {least}" + (" or more" if most is None else "" if most == least else f" to {most}"))
    return "Marks by the seeds a move gives up against the best: " + ", ".join(said) + "."


def accuracy_words() -> str:
    return (f"Accuracy: the mean over a side's moves that had a choice of 100 x 0.5^(loss / {ACCURACY_HALVING}) "
            f"(100: always best; a move that gives up {ACCURACY_HALVING} seeds scores 50).")


def view_words(reviewed: Review, you: bool = True) -> str:
    """What a value means, for the review's side ("your (North's)", or "South's")."""
    side = f"{SIDE_NAMES[reviewed.view]}'s"
    return VALUE_MEANS.format(whose=f"your ({side})" if you else side)


def mark_words(move: ReviewedMove) -> str:
    """The mark as the table says it: "blunder", "best (only move)", "(chosen unseen)"."""
    if move.mark is None:
        return "(chosen unseen)"
    return f"{move.mark} (only move)" if move.forced else move.mark


def row(move: ReviewedMove) -> tuple[str, ...]:
    """One move's cells of the table."""
    better = "" if move.mark in (None, "best") else "/".join(map(str, move.best))
    return (str(move.number), SIDE_NAMES[move.player], str(move.hole), worded(move.value_before, move.exact_before),
            worded(move.value_after, move.exact_after), "" if move.loss is None else str(move.loss),
            mark_words(move), better)


def table_lines(reviewed: Review) -> list[str]:
    """The moves, a line each, aligned: 71 columns at most."""
    widths = (4, 5, 4, 6, 6, 4, 16, 10)
    lines = ["  ".join(h.rjust(w) if i not in (1, 6, 7) else h.ljust(w) for i, (h, w) in enumerate(zip(HEADER, widths)))]
    for move in reviewed.moves:
        cells = row(move)
        lines.append("  ".join(c.rjust(w) if i not in (1, 6, 7) else c.ljust(w)
                               for i, (c, w) in enumerate(zip(cells, widths))).rstrip())
    return [line.rstrip() for line in lines]


def graph_columns(reviewed: Review, width: int = GRAPH_WIDTH) -> list[tuple[int | None, str | None]]:
    """(value, worst mark) of each column of the graph: a position each, or, for a game
    longer than `width`, a run of positions each (its last value, its worst mark)."""
    values = [value for value, _ in reviewed.values]
    marks: list[str | None] = [None, *(m.mark for m in reviewed.moves)]  # a position's mark: the move that led there
    per = max(1, -(-len(values) // width))
    columns = []
    for start in range(0, len(values), per):
        run = range(start, min(start + per, len(values)))
        worst = max((marks[i] for i in run if marks[i]), key=MARK_NAMES.index, default=None)
        columns.append((values[run[-1]], worst))
    return columns


def graph_lines(reviewed: Review, width: int = GRAPH_WIDTH) -> list[str]:
    """The value over the game in block characters, higher for the view's side, with a
    letter under each move worth a look."""
    columns = graph_columns(reviewed, width)
    known = [v for v, _ in columns if v is not None]
    if not known:
        return []
    low, high = min(known + [0]), max(known + [0])
    span = (high - low) or 1

    def block(value):
        return " " if value is None else BLOCKS[round((value - low) / span * (len(BLOCKS) - 1))]

    line = "".join(block(v) for v, _ in columns)
    letters = "".join(MARK_LETTERS.get(m or "", " ") for _, m in columns).rstrip()
    legend = ", ".join(f"{letter} {name}" for name, letter in MARK_LETTERS.items())
    side = SIDE_NAMES[reviewed.view]
    return [f"{side}'s value over the game, from {low:+d} (lowest block) to {high:+d} (highest); {legend}:",
            line] + ([letters] if letters else [])


def turning_words(reviewed: Review) -> str:
    if not reviewed.turning:
        return "Turning points: none (no move worsened its side's expected result)."
    moves = {m.number: m for m in reviewed.moves}
    said = [f"{n} ({SIDE_NAMES[moves[n].player]} hole {moves[n].hole}, best {'/'.join(map(str, moves[n].best))})"
            for n in reviewed.turning]
    return "Turning points (a win or a draw given away): move " + ", ".join(said) + "."


def accuracy_line(reviewed: Review) -> str:
    said = [f"{name.capitalize()} {'-' if percent is None else f'{percent}%'}"
            for name, percent in reviewed.accuracy().items()]
    return "Accuracy: " + ", ".join(said) + "."


def review_lines(reviewed: Review, you: bool = True) -> list[str]:
    """The whole review for a terminal: what the values mean, the table, the graph, each
    side's accuracy, the turning points and the result (fit to the width by the caller)."""
    return ([f"Review of {reviewed.rules_title}.", view_words(reviewed, you), thresholds_words(), accuracy_words(),
             *table_lines(reviewed), *graph_lines(reviewed), accuracy_line(reviewed), turning_words(reviewed)]
            + [f"Result: {reviewed.result}" if reviewed.result else "The game is not over."])
