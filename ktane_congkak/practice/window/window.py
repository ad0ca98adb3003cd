"""The practice window (pyglet): the module as it looks on the bomb, driven by the core.

`PracticeWindow` draws a `PracticeSession` (session.py) and turns mouse, keys and
`--commands` into calls on it; it decides no rule. pyglet is imported inside functions
only: importing `pyglet.shapes` or `pyglet.text` opens a hidden window, and the core and
the other subcommands must never pay for pyglet.

Time comes from `tick(seconds)`: pyglet's clock feeds it real frame times when a person
plays; tests and `--commands` feed exact steps, so every run draws the same frames.
Opening the window, drawing, pixels, screenshots and stepping time are shared with the
game window (pyglet_view.py). The module's look (bar, bowls, seeds, paisley, housing,
screen, light) is drawn by board_art/ where paper/layout.py puts things, the bomb's clock
is geometry from practice/bomb.py, and the sounds are practice/sound.py's. The window's
parts each have a file beside this one in practice/window/: the panel's texts and clock
(panel.py), the seeds in the bowls and in hand (seeds.py), the end screen (end.py), the
keys (keys.py); this one lays them out and drives them.
"""

from __future__ import annotations

import math
import weakref

from ...paper import layout
from ...core.board import slot_to_position
from ..animation import SPEEDS
from ...errors import UserError, warn
from ..history import load_history, save_history
from ...core.module import CongkakModule
from ..commands import SCRIPT_ONLY, Command, parse_command, split_commands
from ...pyglet_view import (PygletView, check_screenshot, on_display_lost, opaque_shape_options, open_window,
                           window_refused)
from .. import bomb
from ... import board_art as art
from ..pointer import CYCLE_SECONDS
from ..session import (EXPLODED, STOPPED, STRIKE_LIMIT, TIME_LIMIT, TIMED, ZEN,
                      PracticeSession)
from ..sound import TICK_SECONDS, Sounds
from .end import EndScreen
from .progress import EndProgress
from .keys import key_command
from .panel import PanelTexts
from .seeds import DrawnSeed, SeedsDrawing

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from collections.abc import Callable

    import pyglet

FACE_SIZE = 600  # pixels of the square module face at the default size
PANEL_WIDTH = 300  # the practice panel to the right of the face, at the default size
DEFAULT_SIZE = (FACE_SIZE + PANEL_WIDTH, FACE_SIZE)
PANEL_SHARE = PANEL_WIDTH / FACE_SIZE  # the panel's least width beside the face, of the face's side
PANEL_BESIDE_MAX = 0.9  # a wide window's panel grows to this share of the face's side
PANEL_BELOW_SHARE = 0.45  # the panel's least height under the face (a tall window), and most:
PANEL_BELOW_MAX = 0.6
MIN_SIZE = (720, 480)  # below this the panel's smallest text (11 pixels) would not fit its lines
LIGHT_COLOURS = layout.LIGHT_COLOURS
RESIZE_SETTLE_SECONDS = 0.25  # a resize this still: the still picture is drawn again at the new size


class PracticeWindow(PanelTexts, SeedsDrawing, EndScreen, EndProgress, PygletView):
    """The module, the bomb's clock and the practice panel in one pyglet window.

    Everything is laid out from the window's size: the face as big as it can be with the
    panel beside it (wide windows) or under it (tall ones), both centred; the panel's texts
    are stacked by their measured heights, so none overlaps another whatever it says."""

    def __init__(self, session: PracticeSession, window: pyglet.window.Window | None = None, size: tuple[int, int] = DEFAULT_SIZE,
                 visible: bool = True, muted: bool = False, labels: bool = False):
        self.session = session
        self.rules = session.rules
        art.prepare_picture()  # loaded aside while the window opens
        self.window = window or open_window(*size, "Congkak practice", visible, resizable=True,
                                                  multisample=True)
        self.window.set_minimum_size(*MIN_SIZE)
        self.spots = layout.spots(self.rules)
        # Called once with the session when it ends (saves the history).
        self.on_end: Callable[[PracticeSession], None] | None = None
        session.on_end = self._ended
        self.sound = Sounds(muted)
        self.labels_on = labels  # position numbers beside your row: a practice aid, off as on the module
        self.live = False  # True once the event loop runs (a person, not a script or a test, drives it)
        self.now = 0.0  # window time, for the sounds' pacing
        self._hand_at: float | None = None  # the hand's place, kept by the clock (not by redrawing)
        self._build()
        self.window.push_handlers(self)

    # Geometry --------------------------------------------------------------------------
    def to_pixels(self, x: float, y: float) -> tuple[float, float]:
        """Unit square of the face (y down) to window pixels (y up)."""
        return self.ox + x * self.face, self.oy + (1.0 - y) * self.face

    def to_unit(self, px: float, py: float) -> tuple[float, float]:
        return (px - self.ox) / self.face, 1.0 - (py - self.oy) / self.face

    def spot_centre(self, slot: int) -> tuple[float, float]:
        spot = self.spots[slot]
        return self.to_pixels(spot.x, spot.y)

    def position_at(self, px: float, py: float) -> int | None:
        """The highlight position (1-14) under a pixel; stores and the board's wood are None."""
        slot = layout.hit_test(self.spots, *self.to_unit(px, py))
        if slot is None or self.rules.owner(slot) is None:
            return None
        return slot_to_position(slot, self.rules)

    def _measure(self) -> None:
        """The face's and the panel's places for the window's size: the panel beside the
        face in a wide window, under it (in two columns) in a tall one, whichever leaves
        the face bigger; the texts scale with the face."""
        w, h = self.window.width, self.window.height
        beside = min(h, w / (1 + PANEL_SHARE))
        below = min(w, h / (1 + PANEL_BELOW_SHARE))
        self.panel_below = below > beside
        self.face = face = below if self.panel_below else beside
        self.scale = face / FACE_SIZE
        if self.panel_below:
            panel_h = min(h - face, face * PANEL_BELOW_MAX)
            self.ox, self.oy = (w - face) / 2, (h - face - panel_h) / 2 + panel_h
            self.panel_box = bomb.Box(self.ox, self.oy - panel_h, face, panel_h)
        else:
            panel_w = min(w - face, face * PANEL_BESIDE_MAX)
            self.ox, self.oy = (w - face - panel_w) / 2, (h - face) / 2
            self.panel_box = bomb.Box(self.ox + face, self.oy, panel_w, face)
        self.columns = 2 if self.panel_box.w >= 2 * PANEL_WIDTH * self.scale else 1
        self.column_width = self.panel_box.w / self.columns

    def on_resize(self, width: int, height: int) -> None:
        if (width, height) != self._built_for:  # (the window's first resize is the size it was built at)
            self._build(defer_backdrop=self.live)  # pyglet's own handler then sets the viewport

    def _redraw_backdrop(self, dt: float = 0.0) -> None:
        """Everything laid out again with the still picture drawn at the window's size
        (once a resize has settled)."""
        if not self.closed:
            self._build()
            self._stir()  # a new picture, with nothing else to ask for a frame: drawn at once

    # Building the picture --------------------------------------------------------------
    def _build(self, defer_backdrop: bool = False) -> None:
        """Lay everything out for the window's size. With `defer_backdrop` (a person dragging
        the window's edge) the still picture is stretched for now and drawn again once the
        size has not changed for a moment."""
        import pyglet

        self.window.switch_to()  # vertex arrays belong to the context they are made in
        self._built_for = (self.window.width, self.window.height)
        self._measure()
        old = getattr(self, "backdrop", None)
        if old is not None and not defer_backdrop:
            old.delete()
        self.batch = pyglet.graphics.Batch()
        self._fitted = weakref.WeakKeyDictionary()  # label -> (text, size, room) it was last fitted to
        self.groups = [pyglet.graphics.Group(order=i) for i in range(9)]
        self.art = [art.Layer(self.batch, 0, parent=group) for group in self.groups]  # meshes, under each group's shapes
        red, green, blue = (c / 255 for c in bomb.CASING)
        pyglet.gl.glClearColor(red, green, blue, 1.0)
        self.opaque = opaque_shape_options()  # every shape but the translucent ones (badges, end screen)
        pyglet.clock.unschedule(self._redraw_backdrop)
        if old is not None and defer_backdrop:
            self.backdrop = old.stretched(self.ox, self.oy, (self.face, self.face), self.batch, self.groups[0])
            pyglet.clock.schedule_once(self._redraw_backdrop, RESIZE_SETTLE_SECONDS)
        else:
            self.backdrop = self._new_backdrop()
        self._build_labels()
        self._build_screen_and_light()
        self._clock_key = None  # the clock is built by the first refresh
        self.seed_lists: list = [None] * len(self.spots)  # each slot's seeds: one vertex list
        self.balls: list[list[DrawnSeed]] = [[] for _ in self.spots]  # the seeds drawn in each slot
        self.hand_balls: list[DrawnSeed] = []  # the seeds in hand drawn
        self.badges: dict[int, tuple] = {}  # slot -> (backing circle, count label) when past what fits
        self._capacity = [self._fits(spot) for spot in self.spots]
        self.seeds = None  # a SeedTracker, made at the first refresh
        self.places = None  # where the seeds lie (a SeedPlaces), made with it
        self._laid_for: tuple | None = None  # the board the seeds were last laid out for
        self._followed = None  # the animation the seeds were last followed through
        self._followed_count = 0  # how many of its frames
        self._hand_lists: tuple = ()  # the heap and the badge's disc, each one vertex list
        self._hand_seeds: list[DrawnSeed] = []  # the heap's seeds around its centre
        self._hand_key = None
        self._tints: tuple | None = None  # the lit and sown bowls drawn over the still ones
        self._tint_list = None
        self._light_list = None
        self._light_shown: tuple | None = None
        self._overlay = None
        self._overlay_shown = None  # (the record (S) shown, not the end screen; the message shown)
        self._panel_shown = None
        self._panel_fill = None
        self._heard: tuple | None = None
        self.refresh()

    def draw_under(self) -> None:
        self.backdrop.draw()

    def _new_backdrop(self):
        """The still picture over the face's square only: the panel and the margins are the
        clear colour, which costs less."""
        x0, y0 = math.floor(self.ox), math.floor(self.oy)
        side = math.ceil(self.ox + self.face) - x0, math.ceil(self.oy + self.face) - y0
        picture = round(self.face)
        return art.Backdrop(*side, bomb.CASING, self._still_meshes(), self.batch, self.groups[0], origin=(x0, y0),
                            copy=True, picture=(art.picture_bytes(picture), picture, round(self.ox), round(self.oy)))

    def _still_meshes(self) -> list:
        """What never moves, drawn once into the backdrop over the module's still picture
        (its housing, paisley face and the light's housing): the board with its bowls,
        the screen."""
        f = self.face
        board = art.Mesh()
        (ax, ay), (bx, by) = (self.to_pixels(*end) for end in art.bar_ends())
        art.add_bar(board, ax, ay, bx, by, art.BAR_HALF_WIDTH * f, art.BAR_DEPTH * f)
        for spot in self.spots:
            art.add_bowl(board, *self.spot_centre(spot.slot), spot.rx * f, spot.ry * f, spot.angle)
        sx, sy, sw, sh = self.screen_rect
        art.add_screen(board, sx, sy, sw, sh)
        return [board]

    @property
    def screen_rect(self) -> tuple[float, float, float, float]:
        """The highlight display's (x, y, width, height) in pixels (y up): a square."""
        sx, sy, side = art.SCREEN_SQUARE
        x, y = self.to_pixels(sx, sy + side)
        return x, y, side * self.face, side * self.face

    def _build_screen_and_light(self) -> None:
        x, y, w, h = self.screen_rect
        self.screen_label = art.ScreenText(self.batch, self.art[3], (x, y, w))  # the stamped digits

    def _show_light(self) -> None:
        """The status light's dome in the colour of the module's light."""
        colour = LIGHT_COLOURS[self.session.light]
        if colour == self._light_shown:
            return
        self._light_shown = colour
        if self._light_list is not None:
            self._light_list.delete()
        lx, ly, lr = layout.LIGHT
        mesh = art.Mesh()
        art.add_light(mesh, *self.to_pixels(lx, ly), lr * self.face, colour)
        self._light_list = mesh.build(self.batch, self.art[2])

    def _show_tints(self, lit: int | None, active: int | None) -> None:
        """The hovered bowl (green) and the one being sown (magenta), over the still bowls."""
        if (lit, active) == self._tints:
            return
        self._tints = (lit, active)
        if self._tint_list is not None:
            self._tint_list.delete()
        mesh = art.Mesh()
        for slot, colour in ((active, layout.HOLE_ACTIVE), (lit, layout.HOLE_HOVER)):
            if slot is not None:
                spot = self.spots[slot]
                art.add_bowl(mesh, *self.spot_centre(slot), spot.rx * self.face, spot.ry * self.face, spot.angle, colour)
        self._tint_list = mesh.build(self.batch, self.art[1])

    # Keeping the picture in step with the session ---------------------------------------
    def refresh(self) -> None:
        """Bring every shape and label in line with the session (cheap when nothing changed)."""
        s = self.session
        frame = s.frame()
        self._place_seeds(frame)
        self._show_tints(s.lit_slot, frame.slot)
        self._set_text(self.screen_label, s.screen)
        self._show_light()
        self._show_clock()
        self._lay_out_panel(frame)
        self._show_end(bool(s.ended))
        self._sounds()

    # Sound -----------------------------------------------------------------------------
    def _sounds(self) -> None:
        """The strike buzzer, the solve chime, the explosion and the clock's last ticks,
        each once, when the picture shows it."""
        s = self.session
        left = s.clock.remaining
        tick = math.ceil(left) if left is not None and 0 < left <= TICK_SECONDS and not s.ended else None
        heard = (id(s), s.module.strikes, s.module.solved, s.ended, tick)
        if self._heard is not None and self._heard[0] == heard[0]:
            _, strikes, solved, ended, ticked = self._heard
            if ended != heard[3] and heard[3] == EXPLODED:
                self.sound.play("boom")
            elif heard[1] > strikes:
                self.sound.play("buzzer")
            if heard[2] and not solved:
                self.sound.play("chime")
            if tick is not None and tick != ticked:
                self.sound.play("tick", volume=0.6)
        self._heard = heard

    def started(self) -> None:
        import pyglet

        self.live = True  # a person may resize the window now
        pyglet.clock.schedule_once(lambda dt: self.sound.prepare(), 0.2)

    def _show_labels(self) -> None:
        """The position numbers, light on dark tags, when asked for."""
        shown = self.labels_on and getattr(self, "_overlay", None) is None
        for label in self.static_labels:
            label.visible = shown
        if self._label_list is not None:
            self._label_list.delete()
            self._label_list = None
        if shown:
            mesh = art.Mesh()
            for label in self.static_labels:
                art.add_tag(mesh, label.x, label.y, self.face * art.LABEL_LANE * 0.4)
            self._label_list = mesh.build(self.batch, self.art[4])

    def toggle_labels(self) -> None:
        """Position numbers beside your row on or off (a practice aid: the module has none)."""
        self.labels_on = not self.labels_on
        self._show_labels()
        self.session.say("Position numbers on (P hides them)" if self.labels_on else "Position numbers off")

    def copy_log_path(self) -> None:
        """The saved log's full path to the clipboard (printed instead where there is none)."""
        path = self.session.log_file
        if path is None:
            self.session.say("No log is saved yet: it is saved at the end of a session with a press")
            return
        try:
            self.window.set_clipboard_text(str(path))
        except Exception:  # no clipboard here (pyglet's platforms raise their own errors)
            print(path, flush=True)
            self.session.say("The log's full path is printed in the terminal")
            return
        self.session.say("The log's full path is copied")

    def toggle_sound(self) -> None:
        self.session.say("Sound on" if self.sound.toggle() else "Sound off (M turns it on)")

    # Time ------------------------------------------------------------------------------
    def tick(self, seconds: float) -> None:
        self.now += seconds
        self.session.tick(seconds)
        self._glide_hand(seconds)

    def picture_key(self) -> object:
        """What time changes in the picture (pyglet_view draws a frame when it changes): the
        clock's second, the message, the strike's flash, the end; every frame while seeds
        move or the holes are cycled."""
        s = self.session
        if s.animating or s.cycling:
            return None
        return id(s), s.clock.text(), s.message, s.flash > 0, s.ended

    def rest_seconds(self) -> float:
        """Until the clock's next second (and its last ticks' sound), the strike's flash or the
        message ends; a hair after, so the change has come. Moving things are looked at every frame."""
        s = self.session
        changes = [s.clock.seconds_to_change()] + [left for left in (s.flash, s.message_left) if left > 0]
        return min(changes) + 0.002

    def _ended(self, session: PracticeSession) -> None:
        """The session reports its end (strike limit, time, Esc, quit): save it, show it."""
        if self.on_end:
            self.on_end(session)

    # Input: every key, click and script line is a command for `PracticeSession.run` ---------
    def run_text(self, command: str | Command) -> bool:
        """Hand one command to the session; False (and the window closes) when it says quit."""
        if command == "mute":  # the window's own device, not the session's
            self.toggle_sound()
            return True
        if command == "labels":
            self.toggle_labels()
            return True
        if command == "copy":
            self.copy_log_path()
            return True
        reply = self.session.run(command)
        if reply.quit:
            self.close()
        return not reply.quit

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        position = self.position_at(x, y)
        if position != self.session.pointer:
            self.run_text("clear" if position is None else f"highlight {position}")
        return True

    def on_mouse_leave(self, x: int, y: int) -> bool:
        self.run_text("clear")
        return True

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        position = self.position_at(x, y)
        if position is not None:
            self.run_text(f"hole {position}")  # the opponent's holes are refused with the range
        return True

    def press(self, hole: int) -> None:
        self.run_text(f"hole {hole}")

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        command = key_command(symbol, modifiers, self.rules.holes_per_side)
        if command:
            self.run_text(command)
        return True

    def set_session(self, session: PracticeSession) -> None:
        """Show another session in this window (tests reuse one window)."""
        self.session = session
        self.rules = session.rules
        session.on_end = self._ended
        self._build()

    def close(self) -> None:
        self.session.end(STOPPED)  # the session reports it, once
        super().close()

    # --commands ------------------------------------------------------------------------
    def run_command(self, cmd: Command) -> bool:
        """Run one command of a script (parsed by `parse_script`); False after "quit"."""
        if cmd.name in ("mute", "labels", "copy"):
            self.run_text(cmd.name)
        elif cmd.name == "wait":
            assert isinstance(cmd.arg, (int, float)), cmd  # parse_command made it seconds
            self.wait(cmd.arg)
        elif cmd.name == "screenshot":
            assert isinstance(cmd.arg, str), cmd  # parse_command made it a path
            self.screenshot(cmd.arg)
        elif not self.run_text(cmd):
            return False
        elif cmd.name == "cycle":
            while self.session.cycling:  # a script's cycle takes its 14 seconds
                self.wait(CYCLE_SECONDS)
        return True


def parse_script(text: str, holes: int) -> list[Command]:
    """Every command of a `;`- or newline-separated script, checked before any runs: a bad
    one (or a screenshot that could not be saved where asked) is a UserError."""
    commands = [parse_command(part, holes, extra=SCRIPT_ONLY) for part in split_commands(text)]
    for cmd in commands:
        if cmd.name == "screenshot":
            assert isinstance(cmd.arg, str), cmd  # parse_command made it a path
            check_screenshot(cmd.arg)
    return commands


# The subcommand's entry point ----------------------------------------------------------
def new_session(module: CongkakModule, mode: str = ZEN, time_limit: float = TIME_LIMIT, strike_limit: int = STRIKE_LIMIT,
                speed: float | None = None, sowing: bool | None = None) -> PracticeSession:
    """A session on `module` (the caller chose its rules, seed and first board); `sowing`
    None shows it in zen mode only."""
    session = PracticeSession(module, mode, time_limit, strike_limit, sowing=sowing)
    if speed is not None:
        session.speed_index = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - speed))
    return session


def run_practice(module: CongkakModule, mode: str = ZEN, time_limit: float = TIME_LIMIT, strike_limit: int = STRIKE_LIMIT,
                 speed: float | None = None, commands: str | None = None, size: tuple[int, int] = DEFAULT_SIZE,
                 muted: bool = False, labels: bool = False, sowing: bool | None = None, keep: bool = False) -> int:
    """Practise on `module` in the window: run the `commands` script (if any), then play.
    A session that ends inside the script is marked scripted in the history unless `keep`.
    Ctrl-C ends it as Esc does (saved; where its log is kept is printed) and returns 0.

    Without a window (no display, or pyglet fails) this falls back to the terminal,
    except for a script: that is a UserError, since only the window can run it."""
    script = parse_script(commands, module.rules.holes_per_side) if commands else []  # before touching anything
    _, warning = load_history()
    if warning:
        warn(warning)
    session = new_session(module, mode, time_limit, strike_limit, speed, sowing)
    try:
        view = PracticeWindow(session, size=size, muted=muted, labels=labels)
    except Exception as exc:  # pyglet's display, context and config errors share no base class
        window_refused(exc, commands, "practising")
        from ..terminal import play_module

        return play_module(session.module, mode, time_limit, strike_limit, keep_history=True, keep=keep)
    view.on_end = save_history
    on_display_lost(lambda: _kept(session))
    session.scripted = bool(script) and not keep  # a session that ends inside the script is no practice of the player's
    try:
        if not view.run_script(script):
            return 0
        session.scripted = False  # the player goes on from where the script left the board
    except UserError as exc:  # the script failed part-way: what it did is kept, as at Esc, and said
        view.close()
        if session.log_file is None:
            raise
        raise UserError(f"{exc} (the script stopped there; {_kept(session)})") from None
    if not view.closed:
        try:
            view.run()
        except KeyboardInterrupt as interrupt:  # Ctrl-C ends the session as Esc and quit do
            view.close()
            if type(interrupt) is not KeyboardInterrupt:  # SIGTERM, a hang-up: kept, and the caller says so
                raise
            print(f"\nPractice ended: {_kept(session)}.", flush=True)
        except BrokenPipeError:  # a hang-up: kept as at Esc
            view.close()
            raise
    return 0


def _kept(session: PracticeSession) -> str:
    """End the session as at Esc (saving it) and say where it is kept."""
    session.end(STOPPED)  # saved once, however often asked
    if session.log_file is None:
        return "nothing was pressed, so there was no session to keep"
    return f"the session so far is kept in the history, its log in {session.log_file}"


__all__ = ["PracticeWindow", "new_session", "parse_script", "run_practice", "TIMED", "ZEN"]
