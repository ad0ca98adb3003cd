"""The game window's analysis: each of your holes' value past its number (A), and the review (V).

`MoveValues` is mixed into `GameWindow` (app.py). Both are searched in the background
(`thinking.Thinking`, as the hint is) on a copy of the game, and shown once found, for the
position they were found for only: a move, an undo or a redo takes the values away, and
while A is on each of your turns is analysed in its turn.
"""

from __future__ import annotations

import copy

from ..analysis import worded_value
from ..review import Review, review, view_of
from ..review_text import accuracy_line, table_lines, turning_words
from ..thinking import Thinking

EXACT_MARK = "\u2713"  # after a value proven with perfect play
VALUE_TEXT = (255, 236, 170)
EXACT_TEXT = (150, 240, 150)
VALUE_BACK = (16, 4, 8, 215)
ANALYSING = "Analysing your holes ..."
VALUES_SAID = f"Values: your final seeds minus the opponent's ({EXACT_MARK} exact). A hides them."


def review_summary(reviewed: Review) -> list[str]:
    """The review as the window's panel says it: the moves marked inaccuracy or worse with
    what was better, each side's accuracy, the turning points, the result."""
    table, marked = table_lines(reviewed), {m.number for m in reviewed.marked()}
    lines = table[:1] + [line for m, line in zip(reviewed.moves, table[1:]) if m.number in marked]
    if not marked:
        lines.append("(no move gave up 2 seeds or more, as far as the search sees)")
    return lines + [accuracy_line(reviewed), turning_words(reviewed),
                    f"Result: {reviewed.result}" if reviewed.result else "The game is not over."]


class MoveValues:
    """A toggles the values beside your holes; V opens the review panel."""

    def _init_values(self) -> None:
        self.values_on = False
        self.values: tuple[tuple, dict] | None = None  # (moves played then, slot -> MoveValue)
        self.reviewed: tuple[tuple, Review] | None = None  # (moves played then, their review)
        self.looking: Thinking | None = None  # an analysis or a review being searched
        self._looking_for: tuple[str, tuple] | None = None
        self._value_marks: list = []
        self._values_drawn = None

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
        if self.panel == "review" and not self._current(self.reviewed):
            game, limits, view = copy.deepcopy(self.game), self.session.analysis_limits(), view_of(self.session.humans)
            self._look("review", lambda on_depth: review(game, limits, view))

    def _current(self, found) -> bool:
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

    def review_lines_shown(self) -> list[str]:
        if self._current(self.reviewed):
            return review_summary(self.reviewed[1])
        return ["Reviewing the game ..."]

    # --- drawn ----------------------------------------------------------------------------
    def looks_key(self) -> tuple:
        """What the analysis adds to the picture: the positions (moves played) its values
        and its review are for; a frame is drawn when one arrives."""
        return (self.values or (None,))[0], (self.reviewed or (None,))[0]

    def _shown_values(self) -> dict:
        if not self.values_on or self.playback is not None or self.panel is not None or not self._current(self.values):
            return {}
        return self.values[1]

    def _draw_values(self) -> None:
        """Each value on a dark tag past its hole's number, off the board (on the rim it hid
        the seeds the player counts)."""
        from pyglet import shapes

        shown = self._shown_values()
        key = tuple(sorted((slot, m.value, m.exact) for slot, m in shown.items()))
        if key == self._values_drawn:
            return
        self._values_drawn = key
        for mark in self._value_marks:
            mark.delete()
        self._value_marks = []
        size = self.board.label_size
        for slot, m in shown.items():
            p = self.places[slot]
            past = 1.9 * size  # from the number's centre to the tag's: half of each and a gap
            x, y = p.label_at[0] + p.out[0] * past, p.label_at[1] + p.out[1] * past
            text = worded_value(m.value) + (EXACT_MARK if m.exact else "")  # as the table says it (-1.25, not -1.2)
            label = self._label(text, size, EXACT_TEXT if m.exact else VALUE_TEXT, group=7, x=x, y=y,
                                anchor_x="center", anchor_y="center", weight="bold")
            w, h = label.content_width + 0.8 * size, label.content_height + 0.2 * size
            back = shapes.Rectangle(round(x - w / 2), round(y - h / 2), w, h, color=VALUE_BACK,
                                    batch=self.batch, group=self.groups[6])
            self._value_marks += [back, label]

    def _forget_values(self) -> None:
        """The batch was made again (a resize): the tags are drawn anew."""
        self._value_marks, self._values_drawn = [], None
