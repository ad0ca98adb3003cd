"""What the practice window's parts use of the window that joins them, for the type checker.

seeds.py, end.py and panel.py are mixed into window.PracticeWindow, which sets all this
(each part its own). At run time `PracticeHost` is an empty class, so the window's methods
and their order are window.PracticeWindow's own."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    import weakref
    from typing import Any

    import pyglet

    from ...core.rules import Ruleset
    from ...paper.layout import Spot
    from ...pyglet_view import PygletView as WindowBase
    from ...pyglet_view import Text
    from ...board_art import ScreenText
    from ..bomb import Box
    from ..session import PracticeSession
    from ..sound import Sounds
    from .seeds import DrawnSeed
else:
    WindowBase = object


class PracticeHost(WindowBase):
    """The practice window's state its parts share."""

    # window.PracticeWindow's
    session: PracticeSession
    rules: Ruleset
    window: pyglet.window.Window
    spots: list[Spot]
    sound: Sounds
    now: float  # window time, for the sounds' pacing
    face: float  # the face's side in pixels
    scale: float  # the texts' scale: the face's side over its default
    ox: float
    oy: float
    batch: pyglet.graphics.Batch
    groups: list[pyglet.graphics.Group]
    art: list[pyglet.graphics.Group]  # board_art.Layer's: the meshes under each group's shapes
    opaque: dict[str, Any]  # pyglet_view.opaque_shape_options()
    seed_lists: list  # each slot's seeds: one vertex list (or None)
    balls: list[list[DrawnSeed]]
    badges: dict[int, tuple]
    _capacity: list[int]
    panel_box: Box  # the panel's place
    columns: int  # the panel's columns: 1 beside the face, 2 under it when wide enough
    column_width: float
    _fitted: weakref.WeakKeyDictionary  # label -> (text, size, room) it was last fitted to
    screen_label: ScreenText  # the screen's stamped digits
    # end.EndScreen's
    _overlay: tuple | None  # its shapes and labels, while it shows
    # panel.PanelTexts'
    hand_count: pyglet.text.Label

    if TYPE_CHECKING:  # the window's methods its parts call
        def to_pixels(self, x: float, y: float) -> tuple[float, float]: ...
        def to_unit(self, px: float, py: float) -> tuple[float, float]: ...
        def spot_centre(self, slot: int) -> tuple[float, float]: ...
        def _label(self, *args: Any, **options: Any) -> pyglet.text.Label: ...
        def _points(self, size: float) -> float: ...
        def _fit_width(self, label: Any, size: float, width: float, smallest: float = 6.0) -> None: ...
        def _line_height(self, label: Any) -> float: ...
        @staticmethod
        def _char_width(points: float) -> float: ...
        def _show_panel_texts(self, visible: bool) -> None: ...
        def _chart_room(self) -> float: ...
        def _progress_chart(self, bottom: float) -> list: ...
        def _record_texts(self) -> list: ...
        @staticmethod
        def _set_text(label: Text, text: str) -> None: ...
        def _show_labels(self) -> None: ...
