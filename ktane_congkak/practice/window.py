"""The practice window (pyglet): the module's face drawn from `layout`, driven by the core.

`PracticeWindow` draws a `PracticeSession` (session.py) and turns mouse, keys and
`--commands` into calls on it; it decides no rule. pyglet is imported inside functions
only: importing `pyglet.shapes` or `pyglet.text` opens a hidden window, and the core and
the other subcommands must never pay for pyglet.

Time comes from `tick(seconds)`: pyglet's clock feeds it real frame times when a person
plays; tests and `--commands` feed exact steps, so every run draws the same frames.
Opening the window, drawing, pixels, screenshots and stepping time are shared with the
game window (pyglet_view.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..paper import layout
from ..core.board import slot_to_position
from .animation import SPEEDS
from ..errors import UserError
from .history import load_history, save_session, summary_lines
from ..core.module import CongkakModule
from .commands import Command, parse_command, split_commands
from ..pyglet_view import PygletView, open_window, window_failure
from .session import TIMED, ZEN, PracticeSession

FACE_SIZE = 600  # pixels of the square module face
PANEL_WIDTH = 300  # the practice panel to the right of the face
FONT = ("DejaVu Sans Mono", "Courier New", "monospace")
LIGHT_COLOURS = {"off": layout.LIGHT_OFF, "strike": layout.LIGHT_STRIKE, "solve": layout.LIGHT_SOLVE}
HOLE_ACTIVE = (128, 82, 42)  # the hole seeds are falling into during the animation
PANEL_BACK = (34, 36, 40)
PANEL_TEXT = (225, 225, 225)
LABEL_TEXT = (190, 170, 140)
WINDOW_COMMANDS = ("wait", "screenshot")


class PracticeWindow(PygletView):
    """The face and the practice panel in one pyglet window."""

    def __init__(self, session: PracticeSession, window=None, face_size: int = FACE_SIZE, visible: bool = True):
        self.session = session
        self.rules = session.rules
        self.face = face_size
        self.window = window or open_window(face_size + PANEL_WIDTH, face_size, "Congkak practice", visible)
        self.spots = layout.spots(self.rules)
        self.closed = False
        self.on_end = None  # called once with the session when it ends (saves the history)
        self._build()
        self.window.push_handlers(self)

    # Geometry --------------------------------------------------------------------------
    def to_pixels(self, x: float, y: float) -> tuple[float, float]:
        """Unit square (y down) to window pixels (y up)."""
        return x * self.face, (1.0 - y) * self.face

    def to_unit(self, px: float, py: float) -> tuple[float, float]:
        return px / self.face, 1.0 - py / self.face

    def spot_centre(self, slot: int) -> tuple[float, float]:
        spot = self.spots[slot]
        return self.to_pixels(spot.x, spot.y)

    def position_at(self, px: float, py: float) -> int | None:
        """The highlight position (1-14) under a pixel; stores and the board's wood are None."""
        slot = layout.hit_test(self.spots, *self.to_unit(px, py))
        if slot is None or self.rules.owner(slot) is None:
            return None
        return slot_to_position(slot, self.rules)

    # Building the picture --------------------------------------------------------------
    def _build(self) -> None:
        import pyglet
        from pyglet import shapes

        f = self.face
        self.batch = pyglet.graphics.Batch()
        groups = [pyglet.graphics.Group(order=i) for i in range(6)]
        self.groups = groups
        b = self.batch
        # The face's colour is the clear colour (one fewer full-size layer for a software renderer).
        pyglet.gl.glClearColor(*(c / 255 for c in layout.FACE), 1.0)
        self.static = [shapes.Rectangle(f, 0, PANEL_WIDTH, f, color=PANEL_BACK, batch=b, group=groups[0])]
        outline = layout.boat_outline()
        cx, cy = layout.CENTRE
        edge = [(cx + (x - cx) * 1.025, cy + (y - cy) * 1.06) for x, y in outline]
        self.static.append(shapes.Polygon(*[self.to_pixels(*p) for p in edge], color=layout.BOAT_EDGE, batch=b, group=groups[1]))
        self.static.append(shapes.Polygon(*[self.to_pixels(*p) for p in outline], color=layout.BOAT, batch=b, group=groups[1]))
        self.holes = []
        for spot in self.spots:
            x, y = self.to_pixels(spot.x, spot.y)
            hole = shapes.Ellipse(x, y, spot.rx * f, spot.ry * f, segments=48, color=layout.HOLE, batch=b, group=groups[2])
            hole.rotation = spot.angle  # pyglet turns clockwise: along the boat, down to the right
            self.holes.append(hole)
        self._build_labels(pyglet)
        self._build_screen_and_light(shapes)
        self.balls: list[list] = [[] for _ in self.spots]  # the circles drawn in each slot
        self._ball_pool: list = []
        self._shown: tuple | None = None
        self._overlay = None
        self.refresh()

    def _build_labels(self, pyglet) -> None:
        f, b, g = self.face, self.batch, self.groups[4]
        nx, ny = layout.NORMAL
        self.static_labels = []
        for slot in self.rules.holes(0):  # your hole numbers, just outside your row
            spot = self.spots[slot]
            x, y = self.to_pixels(spot.x - nx * 0.075, spot.y - ny * 0.075)
            self.static_labels.append(pyglet.text.Label(str(slot + 1), x=x, y=y, anchor_x="center", anchor_y="center",
                                                        font_name=FONT, font_size=f * 0.022, color=(*LABEL_TEXT, 255), batch=b, group=g))
        px = f + 16
        self.status = pyglet.text.Label("", x=px, y=f - 20, width=PANEL_WIDTH - 32, multiline=True, anchor_y="top",
                                        font_name=FONT, font_size=13, color=(*PANEL_TEXT, 255), batch=b, group=g)
        self.hand = pyglet.text.Label("", x=px, y=f - 128, font_name=FONT, font_size=13, color=(*PANEL_TEXT, 255), batch=b, group=g)
        self.message = pyglet.text.Label("", x=px, y=f - 145, width=PANEL_WIDTH - 32, multiline=True, anchor_y="top",
                                         font_name=FONT, font_size=11, color=(255, 210, 120, 255), batch=b, group=g)
        self.panel = pyglet.text.Label("", x=px, y=f - 200, width=PANEL_WIDTH - 32, multiline=True, anchor_y="top",
                                       font_name=FONT, font_size=9, color=(*PANEL_TEXT, 255), batch=b, group=g)
        self.keys = pyglet.text.Label("\n".join(["1-7 press  arrows/Tab move", "Enter press  Space skip",
                                                 "+/- speed  N new  R again", "H hint  L log  ? help  Esc end"]),
                                      x=px, y=14, width=PANEL_WIDTH - 32, multiline=True, anchor_y="bottom",
                                      font_name=FONT, font_size=9, color=(150, 150, 150, 255), batch=b, group=g)

    def _build_screen_and_light(self, shapes) -> None:
        import pyglet

        f, b = self.face, self.batch
        sx, sy, sw, sh = layout.SCREEN
        x, y = self.to_pixels(sx, sy + sh)
        self.screen_rect = (x, y, sw * f, sh * f)
        self.screen_back = shapes.Rectangle(x, y, sw * f, sh * f, color=layout.SCREEN_BACK, batch=b, group=self.groups[2])
        self.screen_label = pyglet.text.Label("", x=x + sw * f / 2, y=y + sh * f / 2, anchor_x="center", anchor_y="center",
                                              font_name=FONT, font_size=sh * f * 0.5, weight="bold",
                                              color=(*layout.SCREEN_TEXT, 255), batch=b, group=self.groups[4])
        lx, ly, lr = layout.LIGHT
        x, y = self.to_pixels(lx, ly)
        self.light_rim = shapes.Circle(x, y, lr * f * 1.25, color=(24, 24, 24), batch=b, group=self.groups[1])
        self.light = shapes.Circle(x, y, lr * f, color=layout.LIGHT_OFF, batch=b, group=self.groups[2])

    # Keeping the picture in step with the session ---------------------------------------
    def refresh(self) -> None:
        """Bring every shape and label in line with the session (cheap when nothing changed)."""
        s = self.session
        frame = s.frame()
        if frame.board != self._shown:
            self._place_seeds(frame.board)
        lit, active = s.lit_slot, frame.slot
        for slot, hole in enumerate(self.holes):
            colour = layout.HOLE_HOVER if slot == lit else HOLE_ACTIVE if slot == active else layout.HOLE
            if hole.color[:3] != colour:
                hole.color = colour
        self._set_text(self.screen_label, s.screen)
        colour = LIGHT_COLOURS[s.light]
        if self.light.color[:3] != colour:
            self.light.color = colour
        self._set_text(self.status, "\n".join(s.status_lines()))  # changes at most once a second
        who = "You sow" if frame.player == 0 else "Opponent sows"
        self._set_text(self.hand, f"{who}: {frame.in_hand} in hand" if s.animating else "")
        self._set_text(self.message, s.message)
        self._set_panel(s.panel_lines())
        self._show_end(s.end_lines() if s.ended else None)

    def _set_panel(self, lines: list[str]) -> None:
        """The hint, log or help panel; the oldest lines after the title go when it is too tall."""
        if lines == getattr(self, "_panel_lines", None):
            return
        self._panel_lines = list(lines)
        room = self.panel.y - 90  # down to the key summary
        self.panel.text = "\n".join(lines)
        while self.panel.content_height > room and len(lines) > 2:
            lines = lines[:1] + lines[2:]
            self.panel.text = "\n".join(lines)

    @staticmethod
    def _set_text(label, text: str) -> None:
        if label.text != text:
            label.text = text

    def _place_seeds(self, board) -> None:
        """Redraw the balls of the slots whose count changed (one slot per dropped seed)."""
        old = self._shown
        for slot, count in enumerate(board):
            if old is None or old[slot] != count:
                self._fill(slot, count)
        self._shown = tuple(board)

    def _fill(self, slot: int, count: int) -> None:
        from pyglet import shapes

        f = self.face
        mine = self.balls[slot]
        spare = mine[count:]
        for circle in spare:
            circle.visible = False
        self._ball_pool.extend(spare)
        placed = mine[:count]
        for i, ball in enumerate(layout.seed_positions(count, self.spots[slot])):
            x, y = self.to_pixels(ball.x, ball.y)
            radius = ball.r * f
            colour = layout.SEED_COLOURS[(i * 3 + slot) % len(layout.SEED_COLOURS)]
            if i >= len(placed):
                if self._ball_pool:
                    placed.append(self._ball_pool.pop())
                    placed[i].visible = True
                else:
                    placed.append(shapes.Circle(x, y, radius, segments=12, color=colour, batch=self.batch, group=self.groups[3]))
                    continue
            circle = placed[i]
            if circle.position != (x, y):
                circle.position = (x, y)
            if circle.radius != radius:
                circle.radius = radius
            if circle.color[:3] != colour:
                circle.color = colour
        self.balls[slot] = placed

    def _show_end(self, lines) -> None:
        import pyglet
        from pyglet import shapes

        if lines is None:
            if self._overlay is not None:
                for item in self._overlay:
                    item.delete()
                self._overlay = None
            return
        if self._overlay is None:
            w, h = self.window.width, self.window.height
            back = shapes.Rectangle(0, 0, w, h, color=(0, 0, 0, 200), batch=self.batch, group=self.groups[5])
            top = pyglet.graphics.Group(order=6)
            text = pyglet.text.Label("\n".join(lines), x=w / 2, y=h / 2 + 40, width=w - 80, multiline=True, align="center",
                                     anchor_x="center", anchor_y="center", font_name=FONT, font_size=20,
                                     color=(255, 255, 255, 255), batch=self.batch, group=top)
            recent = self.session.history_lines
            past = pyglet.text.Label("\n".join(["Recent sessions:", *recent] if recent else []), x=w / 2, y=30,
                                     width=w - 80, multiline=True, align="center", anchor_x="center", anchor_y="bottom",
                                     font_name=FONT, font_size=11, color=(190, 190, 190, 255), batch=self.batch, group=top)
            self._overlay = (back, text, past)

    # Time ------------------------------------------------------------------------------
    def tick(self, seconds: float) -> None:
        was_ended = self.session.ended
        self.session.tick(seconds)
        if self.session.ended and not was_ended:
            self._ended()

    def _ended(self) -> None:
        if self.on_end:
            self.on_end(self.session)

    # Input -----------------------------------------------------------------------------
    def on_mouse_motion(self, x, y, dx, dy) -> bool:
        if not self.session.ended:
            self.session.point(self.position_at(x, y))
        return True

    def on_mouse_leave(self, x, y) -> bool:
        if not self.session.ended:
            self.session.point(None)
        return True

    def on_mouse_press(self, x, y, button, modifiers) -> bool:
        position = self.position_at(x, y)
        if position is not None and position <= self.rules.holes_per_side:
            self.press(position)
        elif position is not None:
            self.session.say("That is the opponent's hole: press one of yours (1-7)")
        return True

    def press(self, hole: int) -> None:
        was_ended = self.session.ended
        self.session.press(hole)
        if self.session.ended and not was_ended:
            self._ended()

    def on_key_press(self, symbol, modifiers) -> bool:
        from pyglet.window import key

        s = self.session
        if symbol == key.ESCAPE:
            self.escape()
            return True
        if s.ended:
            if symbol in (key.N, key.ENTER, key.RETURN):
                self.restart()
            return True
        digit = {getattr(key, f"_{i}"): i for i in range(1, 10)} | {getattr(key, f"NUM_{i}"): i for i in range(1, 10)}
        if symbol in digit and digit[symbol] <= self.rules.holes_per_side:
            self.press(digit[symbol])
        elif symbol == key.TAB:
            s.move_pointer("shift_tab" if modifiers & key.MOD_SHIFT else "tab")
        elif symbol in (key.LEFT, key.RIGHT, key.UP, key.DOWN):
            s.move_pointer({key.LEFT: "left", key.RIGHT: "right", key.UP: "up", key.DOWN: "down"}[symbol])
        elif symbol in (key.ENTER, key.RETURN):
            s.press_pointer()
        elif symbol == key.SPACE:
            s.skip()
        elif symbol in (key.PLUS, key.EQUAL, key.NUM_ADD):
            s.faster(1)
        elif symbol in (key.MINUS, key.NUM_SUBTRACT):
            s.faster(-1)
        else:
            self._panel_key(symbol, modifiers)
        return True

    def _panel_key(self, symbol, modifiers) -> None:
        from pyglet.window import key

        s = self.session
        if symbol == key.N:
            s.new_board()
        elif symbol == key.R:
            s.same_board()
        elif symbol == key.H:
            s.toggle("hint")
        elif symbol == key.L:
            s.toggle("log")
        elif symbol == key.QUESTION or (symbol == key.SLASH and modifiers & key.MOD_SHIFT) or symbol == key.F1:
            s.toggle("help")

    def escape(self) -> None:
        """Esc ends the session (end screen, history saved); Esc on the end screen quits."""
        if self.session.ended:
            self.close()
        else:
            self.session.end("stopped")
            self._ended()

    def restart(self) -> None:
        """A new session with the same settings and a fresh board."""
        old = self.session
        module = CongkakModule(seed=old.module.rng.random(), rules=old.rules)
        self.set_session(PracticeSession(module, old.mode, old.clock.limit or 300.0, old.strike_limit, old.speed_index))

    def set_session(self, session: PracticeSession) -> None:
        """Show another session in this window (a restart; tests reuse one window)."""
        self.session = session
        self.rules = session.rules
        self.refresh()

    def on_close(self) -> bool:
        self.close()
        return True

    def close(self) -> None:
        if not self.session.ended:
            self.session.end("stopped")
            self._ended()
        if not self.closed:
            self.closed = True
            self.window.close()

    # --commands ------------------------------------------------------------------------
    def run_command(self, cmd: Command) -> bool:
        """Run one command of the practice language (parsed by `parse_script`); False after "quit"."""
        s = self.session
        if cmd.name == "hole":
            self.press(cmd.arg)
        elif cmd.name == "highlight":
            s.point(cmd.arg)
        elif cmd.name == "cycle":
            self.cycle()
        elif cmd.name == "new":
            s.new_board()
        elif cmd.name in ("answer", "log", "help"):
            s.panel = {"answer": "hint", "log": "log", "help": "help"}[cmd.name]
        elif cmd.name == "wait":
            self.wait(cmd.arg)
        elif cmd.name == "screenshot":
            self.screenshot(cmd.arg)
        elif cmd.name == "quit":
            self.close()
            return False
        return True

    def cycle(self) -> None:
        """Twitch Plays' "cycle": the module highlights positions 1-14 in turn, a second each."""
        module = self.session.module
        for position in range(1, 2 * self.rules.holes_per_side + 1):
            module.highlight(position)
            self.wait(1.0)
        self.session.point(None)

    def run_script(self, commands: list[Command]) -> bool:
        """Run commands `parse_script` checked, drawing a frame before each; False after "quit"."""
        for cmd in commands:
            self.render()
            if not self.run_command(cmd):
                return False
        return True


def parse_script(text: str, holes: int) -> list[Command]:
    """Every command of a `;`- or newline-separated script, checked before any runs: a bad
    one (or a screenshot that could not be saved where asked) is a UserError."""
    commands = [parse_command(part, holes, extra=WINDOW_COMMANDS) for part in split_commands(text)]
    for cmd in commands:
        if cmd.name == "screenshot":
            path = Path(cmd.arg)
            if path.suffix.lower() != ".png":
                raise UserError(f'screenshots are PNG files: "screenshot {cmd.arg}" needs a name ending in .png')
            folder = path.parent
            if not folder.is_dir():
                raise UserError(f'cannot save the screenshot {cmd.arg}: folder {folder} does not exist')
    return commands


# The subcommand's entry point ----------------------------------------------------------
def new_session(module: CongkakModule, mode: str = ZEN, time_limit: float = 300.0, strike_limit: int = 3,
                speed: float | None = None) -> PracticeSession:
    """A session on `module` (the caller chose its rules, seed and first board)."""
    session = PracticeSession(module, mode, time_limit, strike_limit)
    if speed is not None:
        session.speed_index = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - speed))
    return session


def save_history(session: PracticeSession) -> None:
    """Add the ended session to the history and show the recent ones on the end screen."""
    warning = save_session(session.record())
    if warning:
        print(f"ktane-congkak: {warning}", file=sys.stderr)
    session.history_lines = summary_lines(load_history()[0], last=4)


def run_practice(module: CongkakModule, mode: str = ZEN, time_limit: float = 300.0, strike_limit: int = 3,
                 speed: float | None = None, commands: str | None = None) -> int:
    """Practise on `module` in the window: run the `commands` script (if any), then play.

    Without a window (no display, or pyglet fails) this falls back to the terminal,
    except for a script: that is a UserError, since only the window can run it."""
    script = parse_script(commands, module.rules.holes_per_side) if commands else []  # before touching anything
    _, warning = load_history()
    if warning:
        print(f"ktane-congkak: {warning}", file=sys.stderr)
    session = new_session(module, mode, time_limit, strike_limit, speed)
    try:
        view = PracticeWindow(session)
    except Exception as exc:  # pyglet's display, context and config errors share no base class
        if commands:
            raise UserError(f"cannot open a window for --commands: {window_failure(exc)}") from None
        print(f"ktane-congkak: cannot open a window ({window_failure(exc)}): practising in the terminal.", file=sys.stderr)
        from .terminal import play

        return play(session.module)
    view.on_end = save_history
    try:
        if not view.run_script(script):
            return 0
    except UserError:
        view.on_end = None  # a script that failed is not a practice session worth keeping
        view.close()
        raise
    if not view.closed:
        view.run()
    return 0


__all__ = ["PracticeWindow", "new_session", "parse_script", "run_practice", "TIMED", "ZEN"]
