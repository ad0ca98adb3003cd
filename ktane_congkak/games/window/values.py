"""The game window's analysis: each of your holes' value on the hole (A), and the review (V).

`MoveValues` is mixed into `GameWindow` (app.py). Both are searched in the background
(`thinking.Thinking`, as the hint is) on a copy of the game, and shown once found, for the
position they were found for only: a move, an undo or a redo takes the values away, and
while A is on each of your turns is analysed in its turn. The review panel draws the
review's value graph (review_chart.py, with paper/chart.py's pyglet shapes) over its
marked moves; a click on the graph shows the position before the move picked.
"""

from __future__ import annotations

import copy
import math
from typing import TypeGuard, TypeVar

from ...paper.chart import DARK, window_shapes
from ..game import SIDE_NAMES
from ..playback import Frame
from ..analysis import ESTIMATE_MARK, whole_seeds, worded
from ..review import Review, replay_start, review, until_concession, view_of
from ..review_chart import position_at, value_chart
from ..review_text import accuracy_line, table_lines, turning_words
from ..thinking import Thinking
from .host import GameHost

EXACT_MARK = "\u2713"  # after a value proven with perfect play (an estimate has ESTIMATE_MARK before it)
VALUE_TEXT = (255, 236, 170)
EXACT_TEXT = (150, 240, 150)
VALUE_BACK = (16, 4, 8, 235)
BEST_BACK = (236, 190, 60, 255)  # the best move's tag: gold, its value dark
BEST_TEXT = (30, 12, 4)
T = TypeVar("T")
ANALYSING = "Analysing your holes ..."
VALUES_SAID = f"Values: your seeds minus theirs at the end ({ESTIMATE_MARK} estimate, {EXACT_MARK} exact, gold best)."
GRAPH_BOX = (110, 560, 840, 150)  # the review's graph in the panel: left, top, width, height (layout units, y up)
GRAPH_ROOM = 186  # the layout's height the graph and its move numbers take above the panel's text


def tag_text(value: float, exact: bool) -> str:
    """A hole's value as its tag says it: whole seeds, "~+6" estimated, "+6\u2713" exact."""
    return worded(whole_seeds(value), exact) + (EXACT_MARK if exact else "")


def review_summary(reviewed: Review) -> list[str]:
    """The review as the window's panel says it: the moves marked inaccuracy or worse with
    what was better, each side's accuracy, the turning points, the result."""
    table, marked = table_lines(reviewed), {m.number for m in reviewed.marked()}
    lines = table[:1] + [line for m, line in zip(reviewed.moves, table[1:]) if m.number in marked]
    if not marked:
        lines.append("(no move gave up 2 seeds or more, as far as the search sees)")
    return lines + [accuracy_line(reviewed), turning_words(reviewed),
                    f"Result: {reviewed.result}" if reviewed.result else "The game is not over."]


class MoveValues(GameHost):
    """A toggles the values beside your holes; V opens the review panel."""

    _values_drawn: tuple | None  # the tags drawn: (slot, value, exact) a hole

    def _init_values(self) -> None:
        self.values_on = False
        self.values: tuple[tuple, dict] | None = None  # (moves played then, slot -> MoveValue)
        self.reviewed: tuple[tuple, Review] | None = None  # (moves played then, their review)
        self.looking: Thinking | None = None  # an analysis or a review being searched
        self._looking_for: tuple[str, tuple] | None = None
        self._value_marks: list = []
        self._values_drawn = None
        self._graph_shapes: list = []
        self.picked: Frame | None = None  # a position of the reviewed game shown (a move picked in the graph)

    # --- the commands ---------------------------------------------------------------------
    def analyse(self) -> None:
        self.values_on = not self.values_on
        if self.values_on and not self._current(self.values):
            if self.session.human_to_move() is None:  # (shown on your turn, once the computer has moved)
                self.values_on = not self.game.over
                self.message = "The game is over" if self.game.over else "Values: on your turn"
                return
            self._analyse_position()
            self.message = ANALYSING

    def _keep_values(self) -> None:
        """While A is on, each of your turns gets its values once the seeds have landed (the
        move's story stays the message)."""
        if (self.values_on and self.looking is None and self.playback is None and not self._current(self.values)
                and self.session.human_to_move() is not None):
            self._analyse_position()

    def _analyse_position(self) -> None:
        position = self.session.detached()
        self._look("values", lambda on_depth: {m.slot: m for m in position.analysis().moves})

    def review_panel(self) -> None:
        self.panel = None if self.panel == "review" else "review"
        self.picked = None
        if self.panel == "review" and not self._current(self.reviewed):
            game, limits, view = copy.deepcopy(self.game), self.session.analysis_limits(), view_of(self.session.humans)
            self._look("review", lambda on_depth: review(game, limits, view, lambda done, total: on_depth(done)))

    def _current(self, found: tuple[tuple, T] | None) -> TypeGuard[tuple[tuple, T]]:
        return found is not None and found[0] == self._position()

    def _look(self, kind: str, work) -> None:
        if self.looking is not None:
            self.looking.cancel()
        self.looking, self._looking_for = Thinking(work), (kind, self._position())

    def _position(self) -> tuple:
        """The moves played: what a value or a review is for (a count alone would take an
        undo and another move for the same position)."""
        return tuple(self.game.moves)

    # --- in the background ----------------------------------------------------------------
    def _poll_looking(self) -> None:
        if self.looking is None or not self.looking.poll():
            return
        looking, self.looking = self.looking, None
        assert self._looking_for is not None, "set with self.looking"
        kind, moves = self._looking_for
        if looking.error is not None:
            if kind == "values":  # (no values for this position: not asked again)
                self.values = (moves, {})
            self.message = str(looking.error)
            return
        if moves != self._position():  # the game went on meanwhile
            return
        if kind == "values":
            self.values = (moves, looking.result)
            if self.message == ANALYSING:  # (asked for by A, not a later turn's)
                self.message = VALUES_SAID
        else:
            self.reviewed = (moves, looking.result)
            self._panel_shown = None  # drawn again, with the review in it

    def reviewing(self) -> int | None:
        """The positions the review being searched has done (None: no review is)."""
        if self.looking is None or self._looking_for is None or self._looking_for[0] != "review":
            return None
        return self.looking.depth

    def review_lines_shown(self) -> list[str]:
        if self._current(self.reviewed):
            return review_summary(self.reviewed[1])
        done = self.reviewing()
        total = len(until_concession(self.game.moves)) + 1
        return [f"Reviewing the game: {done or 0} of {total} positions searched ..."]

    # --- drawn ----------------------------------------------------------------------------
    def looks_key(self) -> tuple:
        """What the analysis adds to the picture: the positions (moves played) its values
        and its review are for (and how far a review being searched has got); a frame is
        drawn when one changes."""
        return (self.values or (None,))[0], (self.reviewed or (None,))[0], self.reviewing()

    def _shown_values(self) -> dict:
        if (not self.values_on or self.playback is not None or self.panel is not None or self.picked is not None
                or not self._current(self.values)):
            return {}
        return self.values[1]

    def _draw_values(self) -> None:
        """Each value on a tag over its own hole's middle (the seeds under it are counted on
        the rim): whole seeds, the best gold, an exact one marked."""
        from pyglet import shapes

        from .texts import TAG_BACKS, TAGS

        shown = self._shown_values()
        key = tuple(sorted((slot, m.value, m.exact) for slot, m in shown.items()))
        if key == self._values_drawn:
            return
        self._values_drawn = key
        for mark in self._value_marks:
            mark.delete()
        self._value_marks = []
        size = self.board.count_size
        best = max((whole_seeds(m.value) for m in shown.values()), default=None)
        for slot, m in shown.items():
            p = self.places[slot]
            top = whole_seeds(m.value) == best
            colour = BEST_TEXT if top else EXACT_TEXT if m.exact else VALUE_TEXT
            inward = -0.55 * math.hypot(p.count_at[0] - p.x, p.count_at[1] - p.y)  # off the count on the outer rim
            x, y = p.x + p.out[0] * inward, p.y + p.out[1] * inward
            label = self._label(tag_text(m.value, m.exact), size, colour, group=TAGS, x=x, y=y,
                                anchor_x="center", anchor_y="center", weight="bold")
            w, h = label.content_width + 0.8 * size, label.content_height + 0.3 * size
            back = shapes.RoundedRectangle(round(x - w / 2), round(y - h / 2), w, h, h / 4,
                                           color=BEST_BACK if top else VALUE_BACK, batch=self.batch,
                                           group=self.groups[TAG_BACKS])
            self._value_marks += [back, label]

    # --- the review's graph, and a move picked in it --------------------------------------
    def graph_room(self) -> float:
        """The height the review's graph takes at the panel's top (none while it is searched)."""
        return GRAPH_ROOM * self.k if self.panel == "review" and self._current(self.reviewed) else 0.0

    def _graph_chart(self):
        """The chart in window pixels (y down from the graph's top), and where its (0, 0) is."""
        left, top, width, height = GRAPH_BOX
        x0, y0 = self.at(left, top)
        chart = value_chart(self.reviewed[1], 0, 0, width * self.k, height * self.k, 11 * self.k)
        return chart, (x0, y0)

    def _draw_graph(self) -> None:
        """The review's value graph in the open review panel (drawn again when the panel is)."""
        from .texts import FONT, PANEL

        self._graph_shapes = []
        if not self.graph_room():
            return
        chart, (x0, y0) = self._graph_chart()
        self._graph_shapes = window_shapes(chart.marks, DARK, lambda x, y: (x0 + x, y0 - y), 1.0, self.batch,
                                           self.groups[PANEL], font=FONT)

    def pick_in_graph(self, x: float, y: float) -> bool:
        """A click on the review's graph: the position before the move picked is shown (the
        panel closes; V opens it again). Whether the click was on the graph."""
        if not self.graph_room() or self.reviewed is None:  # (a graph is drawn for a review only)
            return False
        chart, (x0, y0) = self._graph_chart()
        if not (x0 <= x <= x0 + chart.width and y0 - chart.height - 20 * self.k <= y <= y0):
            return False
        self.show_move(max(1, position_at(self.reviewed[1], chart, x - x0)))
        return True

    def show_move(self, number: int) -> None:
        """Show the position before move `number` of the review, the move's hole lit, and
        say what the review says of it."""
        assert self.reviewed is not None, "a move is picked in the review"
        reviewed = self.reviewed[1]
        move = reviewed.moves[number - 1]
        game = replay_start(self.game)
        for player, slot in self.game.moves[:number - 1]:
            game.move(player, slot)
        played = game.slot_of(move.player, move.hole)
        self.picked = Frame(tuple(game.board), played, (), "", game.burnt, game.state.round)
        self.panel = None
        said = f", best {'/'.join(map(str, move.best))}" if move.mark not in (None, "best") else ""
        self.message = (f"Before move {number}: {SIDE_NAMES[move.player]} sowed hole {move.hole} "
                        f"({move.mark or 'chosen unseen'}{f', gave up {move.loss}' if move.loss else ''}{said}). "
                        "V: back to the review; any other key: the game.")

    def _forget_values(self) -> None:
        """The batch was made again (a resize): the tags and the graph are drawn anew."""
        self._value_marks, self._values_drawn, self._graph_shapes = [], None, []
