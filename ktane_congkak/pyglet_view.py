"""The pyglet plumbing both windows share (practice/window/ and games/window/).

Opening a window with an 8-bit framebuffer, drawing a frame, reading pixels back,
screenshots, stepping time exactly and handing over to pyglet's event loop.

pyglet is imported inside functions only: importing `pyglet.shapes` or `pyglet.text` opens
a hidden window, and the core and the other subcommands (`solve` above all) must never pay
for pyglet.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from pathlib import Path

from .core.numbers import parse_decimal_or_none, parse_whole_or_none
from .errors import UserError, clipped, warn
from .files import write_atomic

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from typing import Any, Protocol

    import pyglet

    class Text(Protocol):
        """A pyglet label, or what is used like one (board_art.ScreenText)."""

        text: str

        def begin_update(self) -> None: ...

        def end_update(self) -> None: ...

FRAME_SECONDS = 1 / 60
MAX_REST_SECONDS = 1.0  # the longest an idle window sleeps between looks at its time
# The events after which a window draws a new frame (input, and what the window manager
# asks for); otherwise it draws only when its picture_key changes (pyglet_view.PygletView).
STIRRING_EVENTS = ("on_key_press", "on_key_release", "on_text", "on_text_motion", "on_mouse_motion",
                   "on_mouse_press", "on_mouse_release", "on_mouse_drag", "on_mouse_scroll", "on_mouse_enter",
                   "on_mouse_leave", "on_resize", "on_expose", "on_show", "on_activate", "on_deactivate")

# pyglet's shape fragment shader less its `discard` of clear pixels (none is clear here).
OPAQUE_FRAGMENT = """#version 150 core
    in vec4 vertex_colors;
    out vec4 final_color;

    void main()
    {
        final_color = vertex_colors;
    }
"""


SAMPLES = 4  # multisampling, where the GL config offers it and a GPU does it
# Renderers that draw on the processor: multisampling would multiply their work per pixel
# (llvmpipe: a 900x600 practice frame from about 2 to 5.7 ms), so they go without it
# (board_art's edges fade out over a pixel, which smooths them anyway).
SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast", "swiftshader", "software", "gdi generic")


_WATCHERS: list = []  # the X I/O error handlers set, kept alive while Xlib may call them


def on_display_lost(keep: Callable[[], str]) -> None:
    """Where pyglet draws through X11: if the X server goes away (its connection lost),
    `keep()` saves what Ctrl-C would keep and returns a line saying so; the line is said and
    the program ends with exit code 2. Xlib would otherwise end the program at once, and
    the session with it. Elsewhere (Windows, macOS, headless) there is nothing to watch."""
    import os
    import sys

    try:
        from pyglet.libs.x11 import xlib
    except Exception:  # no X11 here (or no Xlib to load)
        return

    def lost(display) -> int:
        try:
            said = keep()
        except BaseException as exc:  # whatever happens, the program ends here, not in Xlib
            said = f"could not keep the session: {exc}"
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            print(f"ktane-congkak: the display went away: {said}", file=sys.stderr, flush=True)
        os._exit(2)

    handler = xlib.XIOErrorHandler(lost)
    _WATCHERS.append(handler)
    xlib.XSetIOErrorHandler(handler)


def gl_config(samples: int = 0) -> pyglet.gl.Config:
    """An explicit 8-bit-per-channel framebuffer, so pixels read back are the colours drawn,
    multisampled `samples` times (0: not)."""
    import pyglet

    multisample = {"sample_buffers": 1, "samples": samples} if samples else {}
    # pyglet.gl.Config is the platform's own config class at run time; its stub is abstract.
    return pyglet.gl.Config(double_buffer=True, red_size=8, green_size=8, blue_size=8, alpha_size=8, **multisample)  # type: ignore[abstract]


def software_renderer() -> bool:
    """True when the current GL context draws on the processor (no GPU)."""
    from pyglet.gl import gl_info

    return any(name in gl_info.get_renderer().lower() for name in SOFTWARE_RENDERERS)


def open_window(width: int, height: int, caption: str, visible: bool = True, resizable: bool = False,
                multisample: bool = False) -> pyglet.window.Window:
    """A pyglet window with `gl_config()`, or the display's default config if it has none such;
    `multisample` asks for smooth edges by multisampling first (dropped on a software renderer).

    A resizable window lays itself out again at every size, so it is also DPI-aware
    (pyglet's "scaled": on a HiDPI screen its size is in real pixels and text is drawn
    sharp at that size rather than stretched)."""
    import pyglet

    # No glGetError after every GL call (pyglet's own advice for speed: about 0.1 ms a frame
    # here); it takes effect when pyglet.gl is first loaded, which opening a window does.
    pyglet.options["debug_gl"] = False
    if resizable:
        pyglet.options["dpi_scaling"] = "scaled"
    options = {"caption": caption, "visible": visible, "resizable": resizable}
    if multisample and not software_renderer():  # asked of the hidden context pyglet.gl makes on import
        try:
            return pyglet.window.Window(width, height, config=gl_config(SAMPLES), **options)
        except pyglet.window.NoSuchConfigException:
            pass
    try:
        return pyglet.window.Window(width, height, config=gl_config(), **options)
    except pyglet.window.NoSuchConfigException:
        return pyglet.window.Window(width, height, **options)


def digit_of(symbol: int) -> int | None:
    """The digit 0-9 a key types, on the top row or the keypad; None for any other key."""
    from pyglet.window import key

    return next((i for i in range(10) if symbol in (getattr(key, f"_{i}"), getattr(key, f"NUM_{i}"))), None)


MAX_WINDOW_SIZE = (7680, 4320)  # the largest --size either window takes
MAX_WAIT_SECONDS = 600  # the longest "wait S" of a script


def parse_size(text: str, minimum: tuple[int, int]) -> tuple[int, int]:
    """--size WxH: a window's size in pixels, from `minimum` to MAX_WINDOW_SIZE; a bad one
    is a UserError naming what is wrong."""
    parts = [parse_whole_or_none(part) for part in text.lower().split("x")]  # ASCII digits only
    if len(parts) != 2 or parts[0] is None or parts[1] is None:
        raise UserError(f'"{clipped(text)}" is not a window size: give width x height in pixels, e.g. 1280x800')
    size = (parts[0], parts[1])
    if not all(low <= v <= high for v, low, high in zip(size, minimum, MAX_WINDOW_SIZE)):
        raise UserError(f"window size {clipped(text)}: give {minimum[0]}x{minimum[1]} to "
                        f"{MAX_WINDOW_SIZE[0]}x{MAX_WINDOW_SIZE[1]} pixels")
    return size


def split_commands(text: str) -> list[str]:
    """A script's commands: separated by newlines or `;`, blanks dropped."""
    return [part.strip() for line in text.splitlines() for part in line.split(";") if part.strip()]


def wait_seconds(word: str | None) -> float:
    """The S of a script's "wait S": 0 to MAX_WAIT_SECONDS seconds, else a UserError."""
    seconds = parse_decimal_or_none(word)  # ASCII digits only, as every number a user gives
    if seconds is None:
        raise UserError('"wait" needs a number of seconds, e.g. "wait 1"')
    if not 0 <= seconds <= MAX_WAIT_SECONDS:
        raise UserError(f'"wait" takes 0 to {MAX_WAIT_SECONDS} seconds')
    return seconds


def check_screenshot(path: str) -> str:
    """A `screenshot PATH` of a window's script, checked before the window opens: a PNG
    name in a folder that exists; else a UserError naming what is wrong."""
    if Path(path).suffix.lower() != ".png":
        raise UserError(f'screenshots are PNG files: "screenshot {path}" needs a name ending in .png')
    folder = Path(path).parent
    if not folder.is_dir():
        raise UserError(f'cannot save the screenshot {path}: folder {folder} does not exist')
    return path


def opaque_shape_options() -> dict:
    """Keyword arguments for a pyglet shape of an opaque colour: the same pixels, filled
    faster by a software renderer (Mesa's llvmpipe: about a third less per pixel).

    pyglet's shader may discard a pixel and its blending reads the pixel below; with a
    shader that never discards and blending that copies the colour (ONE, ZERO) neither
    happens, and an opaque colour comes out exactly as blended."""
    import pyglet
    from pyglet import gl, shapes

    context = pyglet.gl.current_context
    assert context is not None, "called with a window's context current"
    program = context.create_program((shapes.vertex_source, "vertex"), (OPAQUE_FRAGMENT, "fragment"))
    return {"program": program, "blend_src": gl.GL_ONE, "blend_dest": gl.GL_ZERO}


def window_failure(exc: Exception) -> str:
    """Why a window did not open, in words a user can act on. pyglet names the display
    it was given, which is "None" when it used $DISPLAY: name that display instead."""
    import os

    text = str(exc)
    if "Cannot connect to" in text:
        display = os.environ.get("DISPLAY")
        return f"no display answers at DISPLAY={display}" if display else "DISPLAY is not set"
    return text


def set_text(label: Text, text: str) -> None:
    """Change a label's text when it changes, laid out once (pyglet lays a label out again
    when its old text goes and again when the new one comes, unless told to wait)."""
    if label.text != text:
        label.begin_update()
        label.text = text
        label.end_update()


def window_refused(exc: Exception, commands: object, doing: str) -> None:
    """A window that could not open: for a --commands script, which needs it, a UserError;
    else said in one line, and the caller goes on `doing` in the terminal ("practising")."""
    if commands:
        raise UserError(f"cannot open a window for --commands: {window_failure(exc)}") from None
    warn(f"cannot open a window ({window_failure(exc)}): {doing} in the terminal.")


class PygletView:
    """Drawing, pixels, time, scripts and closing for a window class that has `self.window`
    (a pyglet window), `self.batch` (everything drawn), `refresh()` (brings the shapes in
    line with the state), `tick(seconds)` (lets time pass) and `run_command(command)`
    (carries out one command of its language; False once it closed the window); and, if
    it has them, `draw_under()` and `picture_key()`.

    At rest a window draws nothing: a frame is drawn after input (STIRRING_EVENTS) and when
    `picture_key()` changes (the clock's second, an animation's every frame). Nor does it
    wake 60 times a second: between changes it sleeps `rest_seconds()`, and input wakes it
    at once."""

    closed = False  # True once `close()` has closed the window
    stirred = True  # an event came since the last frame drawn: draw one
    _drawn_key = None  # the picture_key of the last frame drawn
    window: pyglet.window.Window
    batch: pyglet.graphics.Batch

    if TYPE_CHECKING:  # the window class's own (see above)
        def refresh(self) -> None: ...
        def tick(self, seconds: float) -> None: ...
        def run_command(self, command: Any) -> bool: ...

    def rest_seconds(self) -> float:
        """How long the picture stays as it is if nothing is pressed (until the clock's next
        second, a message's end); the loop sleeps that long (at most MAX_REST_SECONDS) between
        frames at rest. Here a frame (1/60 s): time is looked at every frame."""
        return FRAME_SECONDS

    def picture_key(self) -> object:
        """What the picture shows that time changes: a new frame is drawn when it changes
        (a moving thing gives a new key every frame). None: draw every frame."""
        return None

    def on_close(self) -> bool:
        """The window manager's close button: `close()`, instead of pyglet's own handler."""
        self.close()
        return True

    def close(self) -> None:
        """Close the window, once. A window that has things to finish first (a session to
        end) does them, then calls this."""
        if not self.closed:
            self.closed = True
            self.window.close()

    def on_draw(self) -> bool:
        self.window.switch_to()
        self.window.clear()
        self.refresh()
        self.draw_under()
        self.batch.draw()
        return True

    def draw_under(self) -> None:
        """Drawn after the clear, before the batch: a window's still picture (board_art.Backdrop)."""

    def render(self) -> None:
        """Handle queued events and draw one frame into the back buffer (not shown yet).
        The frame is flushed to the driver: frames drawn but never shown (a script's) would
        otherwise queue up in it without end (10,000 of them took 1.3 GB)."""
        from pyglet import gl

        self.window.switch_to()
        self.window.dispatch_events()
        self.on_draw()
        gl.glFlush()

    def pixels(self) -> tuple[int, int, bytes]:
        """The frame just drawn as (width, height, RGB bytes), bottom row first."""
        import pyglet

        image = pyglet.image.get_buffer_manager().get_color_buffer().get_image_data()
        return image.width, image.height, image.get_data("RGB", image.width * 3)

    def read_pixels(self, x: int, y: int, width: int, height: int) -> list[list[tuple[int, int, int]]]:
        """RGB rows of a rectangle of the frame just drawn, bottom row first (fast: one read)."""
        import ctypes

        from pyglet import gl

        buffer = (ctypes.c_ubyte * (width * height * 4))()
        gl.glReadPixels(int(x), int(y), width, height, gl.GL_RGBA, gl.GL_UNSIGNED_BYTE, buffer)
        data = bytes(buffer)
        return [[(data[i], data[i + 1], data[i + 2]) for i in range(row * width * 4, (row + 1) * width * 4, 4)] for row in range(height)]

    def screenshot(self, path: str) -> None:
        """Draw a frame and save it as a PNG at `path`, atomically (never half a file).

        The PNG is encoded in memory (pyglet picks its encoder by the name's extension, so
        the name given to it ends in .png whatever `path` is), then written in one go."""
        import io

        import pyglet

        self.render()
        png = io.BytesIO()
        pyglet.image.get_buffer_manager().get_color_buffer().save("screenshot.png", file=png)
        try:
            write_atomic(path, png.getvalue())
        except UserError as exc:  # one line naming the path
            raise UserError(f"cannot save the screenshot: {exc}") from None

    def wait(self, seconds: float) -> None:
        """Let `seconds` pass in frame-sized steps (exact, whatever the real time)."""
        left = seconds
        while left > 1e-9:
            step = min(FRAME_SECONDS, left)
            self.tick(step)
            left -= step

    def run_script(self, commands: list) -> bool:
        """Run a script's commands (checked before), drawing a frame before each; False
        after one closed the window ("quit"). Each is the window's own `run_command`."""
        for command in commands:
            self.render()
            if not self.run_command(command):
                return False
        return True

    def run(self) -> None:
        """Hand the window to pyglet's event loop until it closes; real frame times drive `tick`."""
        import pyglet

        self.wake_on_input()
        self._looked_at = time.perf_counter()
        self._wake_in(FRAME_SECONDS)
        self.started()
        try:
            pyglet.app.run(interval=None)  # no redraw of its own at 60 frames a second: _next_frame decides
        finally:
            pyglet.clock.unschedule(self._look_again)

    _resting = False  # the loop sleeps longer than a frame: input must wake it
    _looked_at = 0.0  # perf_counter at the last look

    def _wake_in(self, seconds: float) -> None:
        """Look again (`_look_again`) in `seconds`, and not before, whatever was asked earlier."""
        import pyglet

        pyglet.clock.unschedule(self._look_again)
        pyglet.clock.schedule_once(self._look_again, seconds)
        self._resting = seconds > FRAME_SECONDS

    def _look_again(self, _dt: float) -> None:
        """pyglet's call: `_next_frame` with the time since the last look (pyglet's own dt
        leaves out a rest cut short by input)."""
        now = time.perf_counter()
        elapsed, self._looked_at = now - self._looked_at, now
        rest = self._next_frame(elapsed)
        if rest is not None:
            self._wake_in(rest)

    def started(self) -> None:
        """Called as the event loop starts (the first frame is up): warm-ups go here."""

    def wake_on_input(self) -> None:
        """From now on a frame is drawn after any of STIRRING_EVENTS: a handler on top of the
        window's own, returning None, so the event goes on to them."""
        self.window.push_handlers(**dict.fromkeys(STIRRING_EVENTS, self._stir))

    def _stir(self, *event) -> None:
        self.stirred = True
        if self._resting and not self.closed:  # answer at once, not after the rest
            self._wake_in(0)

    def _next_frame(self, dt: float) -> float | None:
        """Time passes; a frame is drawn if anything was stirred or the picture changed.
        Returns when to look again: in a frame's time while things move or input comes (at
        most 60 frames a second), else after `rest_seconds()`; None once closed."""
        self.tick(dt)
        if self.closed:
            return None
        key, stirred = self.picture_key(), self.stirred
        if stirred or key is None or key != self._drawn_key:
            self.stirred, self._drawn_key = False, key
            self.window.draw(dt)
        return FRAME_SECONDS if key is None or stirred else min(MAX_REST_SECONDS, max(FRAME_SECONDS, self.rest_seconds()))


__all__ = ["FRAME_SECONDS", "MAX_WINDOW_SIZE", "STIRRING_EVENTS", "PygletView", "check_screenshot", "digit_of",
           "gl_config", "opaque_shape_options", "open_window", "parse_size", "set_text", "software_renderer",
           "split_commands", "wait_seconds"]
