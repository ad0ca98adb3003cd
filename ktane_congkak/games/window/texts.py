"""The game window's words: title, counts, numbers, status and note, the help and rules panels, the banner.

`GameTexts` is mixed into `GameWindow` (app.py), which owns the batch, its groups, the
layout's scale and the game and session read here.
"""

from __future__ import annotations

from ...board_art import BADGE_TEXT
from ...pyglet_view import set_text
from ..commands import WINDOW, help_lines
from ..game import SIDE_NAMES
from ..positions import NORTH, SOUTH
from ..playback import Frame
from ..rules_text import rules_lines
from .board import BASE, HAND_COLOURS, MARGIN
from .keys import KEYS, key_legend, key_name
from .host import GameHost

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    import pyglet

FONT = ("DejaVu Sans", "Arial", "sans-serif")
MONO = ("DejaVu Sans Mono", "Consolas", "Courier New", "monospace")
TEXT = (240, 232, 220)
LABEL_TEXT = (246, 200, 150)
MESSAGE_TEXT = (255, 214, 120)
KEYS_TEXT = (205, 170, 160)
PANEL_BACK = (16, 4, 8, 255)  # opaque: nothing of the board shows through a panel's text
COUNT_BACK = (22, 8, 4, 215)  # the pill a hole's count sits on, on the hole's rim
# The window's drawing order over the board's layers (0 to 4: the still board, the sown
# bowl, the seeds, the hands, their badges): a layer draws over every lower one.
PILLS, LABELS, TAG_BACKS, TAGS, PANEL_BACK_GROUP, PANEL, BANNER_BACK, BANNER = range(5, 13)
GROUPS = 13


class GameTexts(GameHost):
    """Every label of the window, and the panel or banner over the board."""

    banner_back: pyglet.shapes.Rectangle | None
    panel_back: pyglet.shapes.Rectangle | None
    _banner_shown: tuple[str, bool] | None

    def _label(self, text="", size=12.0, colour=TEXT, group=LABELS, **options):
        import pyglet

        for axis in ("x", "y"):  # on whole pixels: a glyph set half a pixel off loses its top row
            if axis in options:
                options[axis] = round(options[axis])
        return pyglet.text.Label(text, font_name=FONT, font_size=size, color=(*colour[:3], 255),
                                 batch=self.batch, group=self.groups[group], **options)

    def _build_labels(self) -> None:
        k, b = self.k, self.board
        left, width, status_top, note_top, middle = self._text_places()
        from pyglet import shapes

        self.counts, self.numbers, self.count_pills = [], [], []
        w, h = b.count_size * 2.0, b.count_size * 1.45  # room for two digits
        for p in self.places:  # each count on a pill on its own hole's rim; the number past the board
            self.count_pills.append(shapes.RoundedRectangle(p.count_at[0] - w / 2, p.count_at[1] - h / 2, w, h,
                                                            h / 2, color=COUNT_BACK, batch=self.batch,
                                                            group=self.groups[PILLS]))
            self.counts.append(self._label("", b.count_size, TEXT, x=p.count_at[0], y=p.count_at[1],
                                           anchor_x="center", anchor_y="center", weight="bold"))
            self.numbers.append(self._label(self._slot_name(p.slot), b.label_size, LABEL_TEXT, x=p.label_at[0],
                                            y=p.label_at[1], anchor_x="center", anchor_y="center"))
        self.title = self._label(self._title(), 14 * k, LABEL_TEXT, x=self.at(500, 0)[0], y=self.at(0, 618)[1],
                                 anchor_x="center", anchor_y="center", weight="bold")
        self.status = self._label("", 13 * k, TEXT, x=left, y=status_top, width=width, multiline=True, anchor_y="top")
        self.note = self._label("", 11 * k, MESSAGE_TEXT, x=left, y=note_top, width=width, multiline=True,
                                anchor_y="top")
        while self.title.content_width > (BASE[0] - 48) * k and self.title.font_size > 8 * k:  # a long title
            self.title.font_size -= 0.5 * k
        self.keys = self._label(key_legend(self.rules.holes_per_side), 10.5 * k, KEYS_TEXT, x=self.at(500, 0)[0],
                                y=self.at(0, 14)[1], anchor_x="center", anchor_y="bottom")
        self.hand_counts = [self._label("", 1, BADGE_TEXT, group=TAGS, anchor_x="center", anchor_y="center",
                                        weight="bold") for _ in (SOUTH, NORTH)]
        self.hand_names = [self._label("", 11 * k, HAND_COLOURS[side], group=TAGS, anchor_x="center",
                                       anchor_y="center", weight="bold") for side in (SOUTH, NORTH)]
        self.banner = self._label("", 26 * k, (255, 255, 255), group=BANNER, x=middle[0], y=middle[1],
                                  anchor_x="center", anchor_y="center", weight="bold")
        self.banner_back = None
        self._banner_shown = None
        self.panel_title = self._label("", 15 * k, LABEL_TEXT, group=PANEL, x=self.at(60, 0)[0], y=self.at(0, 588)[1],
                                       anchor_y="top", weight="bold")
        self.panel_text = self._label("", 11 * k, TEXT, group=PANEL, x=self.at(60, 0)[0], y=self.at(0, 588)[1] - 32 * k,
                                      width=(BASE[0] - 120) * k, multiline=True, anchor_y="top")
        self.panel_back = None
        self._panel_shown = None

    def _text_places(self) -> tuple:
        """(left, width, the status's top, the note's top, the banner's centre): the texts
        under the board, or in the column beside the module's diagonal board."""
        k = self.k
        if not self.beside:
            return (self.at(24, 0)[0], (BASE[0] - 48) * k, self.at(0, 176)[1], self.at(0, 118)[1],
                    (self.at(500, 0)[0], self.at(0, 400)[1]))
        x, y, w, h = self.board_box()
        left = x + w + MARGIN * k
        top = y + h - 20 * k
        return left, self.window.width - left - MARGIN * k, top, top - 150 * k, (x + w / 2, y + h / 2)

    def _slot_name(self, slot: int) -> str:
        """A hole's number (its owner's count, from 1), or whose store it is."""
        if self.rules.owner(slot) is not None:
            return str(self.game.hole_number(slot))
        owner = self.rules.side(slot)
        return "your store" if owner == self.seat and len(self.session.humans) == 1 else f"{SIDE_NAMES[owner]}'s store"

    def _title(self) -> str:
        you = " and ".join(SIDE_NAMES[p] for p in self.session.humans)
        if len(self.session.humans) == 1:
            return f"{self.rules.title}: you play {you}, the row nearer you"
        return f"{self.rules.title}: {you}"

    def _status(self, frame: Frame) -> str:
        if self.playback is not None:  # the scores of the board on screen, as the seeds land
            status = self.session.status(frame.board, frame.round)
        else:
            status = self.session.status()
        if self.session.score_words():  # the session's games so far, beside the board
            status += f"\n{self.session.score_words()}"
        if self.thinking:
            status += f"\n{self._thinking_sign()}"
        return status

    def _note(self, frame: Frame) -> str:
        """During a move, what is happening now; then the move's story and any message."""
        if self.playback is not None:  # a failed save is said at once
            return frame.caption + (f"\n{self._save_error}" if self._save_error else "")
        status = self.session.status()  # what it already says ("Game over: ...") is not said twice
        return " | ".join(part for part in self.message.split(" | ") if part not in status)

    _set_text = staticmethod(set_text)

    def panel_lines(self) -> tuple[str, list[str]]:
        """The open panel's title and lines (none when no panel is open)."""
        if self.panel == "rules":
            title, *sentences = rules_lines(self.rules)
            return f"The rules: {title}", [f"\u2022 {line}" for line in sentences] + ["", "R or Esc closes this panel."]
        if self.panel == "review":
            return "Review: the value over the game, the moves that cost the most", [
                *self.review_lines_shown(), "", "Click the graph to see a move's position. V or Esc closes this panel."]
        if self.panel == "help":
            keys = [f"{key_name(key, self.rules.holes_per_side)}: {what}" for key, _, what in KEYS]
            return "Help", ["Keys: " + ",  ".join(keys) + ". Click one of your holes to sow it.", "",
                            "What each does:", *help_lines(WINDOW), "", "? or Esc closes this panel."]
        return "", []

    def _draw_panel(self) -> None:
        from pyglet import shapes

        shown = (self.panel, self.reviewing())  # a review being searched says how far it has got
        if self._panel_shown == shown:
            return
        self._panel_shown = shown
        for shape in self._graph_shapes:
            shape.delete()
        self._graph_shapes = []
        title, lines = self.panel_lines()
        if self.panel_back is not None:
            self.panel_back.delete()
            self.panel_back = None
        self.panel_title.text = title
        self.panel_text.font_name = MONO if self.panel == "review" else FONT  # the review is a table
        self.panel_text.text = "\n".join(lines)
        for label in (self.status, self.note):  # under the panel: hidden, not showing through
            label.visible = self.panel is None
        if self.panel is None:
            return
        (x, y), (_, top) = self.at(16, 44), self.at(16, 602)  # over the board and the status: the legend in sight
        self.panel_back = shapes.Rectangle(x, y, (BASE[0] - 32) * self.k, top - y, color=PANEL_BACK,
                                           batch=self.batch, group=self.groups[PANEL_BACK_GROUP])
        size = 12 * self.k
        self.panel_text.font_size = size
        self.panel_text.y = self.at(0, 588)[1] - 32 * self.k - self.graph_room()  # the review's graph above it
        room = self.panel_text.y - self.at(0, 56)[1]
        while self.panel_text.content_height > room and size > 6 * self.k:  # a long text: smaller
            size -= 0.5
            self.panel_text.font_size = size
        self._draw_graph()

    def _draw_banner(self) -> None:
        from pyglet import shapes

        text = self.end_title() if self.game.over and self.playback is None and self.picked is None else ""
        key = (text, self.panel is None)
        if key == self._banner_shown:
            return
        self._banner_shown = key
        self.banner.text = text
        if self.banner_back is not None:
            self.banner_back.delete()
            self.banner_back = None
        if text:  # over the board; with a panel open, over the title above it (the panel stays readable)
            middle = self._text_places()[4] if self.panel is None else (self.at(500, 0)[0], self.at(0, 620)[1])
            self.banner.font_size = (26 if self.panel is None else 15) * self.k
            self.banner.position = (round(middle[0]), round(middle[1]), 0)
            w, h = self.banner.content_width + 60 * self.k, self.banner.content_height + 16 * self.k
            if self.panel is not None:  # the title's whole strip: the result instead of it
                w, h = (BASE[0] - 32) * self.k, max(h, 36 * self.k)
            self.banner_back = shapes.Rectangle(self.banner.x - w / 2, self.banner.y - h / 2, w, h, color=PANEL_BACK,
                                                batch=self.batch, group=self.groups[BANNER_BACK])

    def end_title(self) -> str:
        """Who won, in a few words: "You win", "North wins", "A draw"."""
        winner = self.game.state.winner
        if winner is None:
            return "A draw"
        if len(self.session.humans) == 1:
            return "You win" if winner in self.session.humans else f"{self.session.name(winner)} wins"
        return f"{SIDE_NAMES[winner]} wins"

