"""What the window's parts use of the window that joins them, declared for the type checker.

board.py, texts.py and values.py are mixed into app.GameWindow, which sets all this (each
part its own). At run time `GameHost` is an empty class, so the window's methods and their
order are app.GameWindow's own."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    import pyglet

    from ...board_art import Backdrop, SeedTracker
    from ...core.rules import Ruleset
    from ...pyglet_view import PygletView as WindowBase
    from ..game import Game
    from ..playback import Frame, Playback
    from ..review import Review
    from ..session import Session
    from ..thinking import Thinking
    from .geometry import Board, Place
else:
    WindowBase = object


class GameHost(WindowBase):
    """The game window's state its parts share."""

    # app.GameWindow's
    session: Session
    rules: Ruleset
    seat: int
    window: pyglet.window.Window
    playback: Playback | None
    message: str
    panel: str | None  # "help", "rules" or "review" when one is open
    picked: Frame | None  # a position picked in the review's graph
    thinking: Thinking | None
    k: float
    lift: float
    beside: bool
    batch: pyglet.graphics.Batch
    groups: list[pyglet.graphics.Group]
    layers: dict[str, pyglet.graphics.Group]  # board_art.Layer's
    board: Board
    places: list[Place]
    seeds: SeedTracker | None
    backdrop: Backdrop | None
    _save_error: str | None
    # texts.GameTexts'
    hand_counts: list[pyglet.text.Label]
    hand_names: list[pyglet.text.Label]
    _panel_shown: object
    # values.MoveValues'
    reviewed: tuple[tuple, Review] | None
    _graph_shapes: list
    # board.BoardDrawing's
    slot_lists: list

    if TYPE_CHECKING:  # the window's methods its parts call
        @property
        def game(self) -> Game: ...
        def at(self, x: float, y: float) -> tuple[float, float]: ...
        def shown(self) -> Frame: ...
        def _thinking_sign(self) -> str: ...
        def _label(self, *args: object, **options: object) -> pyglet.text.Label: ...
        def graph_room(self) -> float: ...
        def reviewing(self) -> int | None: ...
        def review_lines_shown(self) -> list[str]: ...
        def _draw_graph(self) -> None: ...
        def board_box(self) -> tuple[float, float, float, float]: ...
        @staticmethod
        def _set_text(label: pyglet.text.Label, text: str) -> None: ...
