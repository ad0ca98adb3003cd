"""The drill in a pyglet window: the board read out as text, the hole typed, the verdict, the progress chart.

The window decides nothing: a `Drill` (drill/session.py) chooses, grades and times (on the
window's own clock, so a `--commands` script draws the same frames every run); the
verdict is the terminal's text (drill/terminal.py), the chart the SVG's marks
(drill/chart.py). pyglet is imported inside functions only.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.numbers import to_next_second, whole_seconds
from ..core.rules import your_holes
from ..core.text import hanging
from ..errors import UserError
from ..practice.animation import minutes_text
from ..pyglet_view import (PygletView, check_screenshot, digit_of, open_window, set_text, split_commands,
                           wait_seconds, window_refused)
from .session import Drill, kind_lines, parse_hole, kind_tallies, progress, read_out
from ..paper.chart import DARK, Chart, window_shapes
from .chart import plot, sessions_shown
from .terminal import board_lines, score_lines, verdict_lines

WIDTH, HEIGHT = 900, 640  # the layout's size, and the window's by default (--size scales it)
MIN_SIZE = (720, 480)  # --size: the least the layout's texts stay legible at (the trace's 7.5 points)
FONT = ("DejaVu Sans Mono", "Courier New", "monospace")
BACK, TEXT, DIM = (30, 32, 36), (230, 230, 230), (150, 150, 150)
RIGHT_COLOUR, WRONG_COLOUR = (40, 140, 60), (170, 45, 45)
CHART = (60, 84, 520, 200)  # left, bottom, width, height of the end screen's chart's plot (y up)
CHART_TEXT = 12  # pixels: its figures' size (9 points)
BANNER = (20, 372, 860, 34)  # the verdict's coloured strip: left, bottom, width, height
ASK, VERDICT, END = "ask", "verdict", "end"
TRACE_LINES = 16  # rows of the verdict's text the window has room for (Up and Down scroll the rest)
BODY_SIZE = 10  # points: the verdict's text
TRACE_HANG = "    "  # a long line of the trace goes on under its own text, this much further in


class Step(NamedTuple):
    name: str  # hole, next, end, wait, screenshot, quit
    arg: int | float | str | None = None


class DrillWindow(PygletView):
    """The drill's window. Keys: digits and Enter answer, Enter goes on, Esc ends the drill
    (then Esc or Q closes)."""

    def __init__(self, drill: Drill, visible: bool = True, size: tuple[int, int] = (WIDTH, HEIGHT)):
        self.drill = drill
        self.elapsed = 0.0  # the window's clock: real frame times, or a script's waits
        drill.clock = lambda: self.elapsed
        self.window = open_window(*size, "Congkak drill", visible=visible)
        # The layout (WIDTH x HEIGHT) scaled to fit the window, centred: every place and size through at()
        self.k = min(size[0] / WIDTH, size[1] / HEIGHT)
        self.ox, self.oy = (size[0] - WIDTH * self.k) / 2, (size[1] - HEIGHT * self.k) / 2
        self.window.push_handlers(self)
        self.typed = ""
        self.refused = ""  # the last typed number that is no hole, said beside the prompt
        self.scroll = 0  # verdict lines scrolled past
        self.phase = ASK
        self._build()
        self._advance()

    # State ------------------------------------------------------------------------------
    def _advance(self) -> None:
        """The next board, or the end screen when there is none."""
        self.typed = self.refused = ""
        board = self.drill.next_board()
        if board is None:
            self.end()
        else:
            self.phase = ASK
            first, second = read_out(board.slots, self.drill.rules)  # once a board, not once a frame
            self.board_text = (board_lines(self.drill)[0], f"Defuser reads:\n{first}\n{second}")

    def answer(self, hole: int) -> None:
        if self.phase != ASK:
            raise UserError(f"no board is waiting for an answer (hole {hole})")
        headline, *trace = verdict_lines(self.drill.answer(hole), self.drill)
        self.title, said = headline.split(": ", 1)  # "Wrong (12.5 s)" on the banner, the rest below it
        self.rows = hanging([said[:1].upper() + said[1:], *trace], self.columns, TRACE_HANG, under_indent=True)
        self.scroll = 0
        self.phase = VERDICT

    def go_on(self) -> None:
        if self.phase == VERDICT:
            self._advance()

    def end(self) -> None:
        """Stop drilling: the end screen with the score and the chart over sessions."""
        if self.phase == END:
            return
        self.phase = END
        self.drill.board = None
        sessions = self.sessions()
        # The end screen's text, made once: it never changes (the history is not read per frame).
        over_all = (["", "All sessions:"] + kind_lines(kind_tallies(sessions)) if sessions
                    else ["", "No drill sessions yet: the history starts with the first board answered."])
        self.end_text = score_lines(self.drill) + over_all
        if sessions:  # no empty chart over no sessions
            self._build_chart(sessions)

    def sessions(self) -> list[dict]:
        """The history's sessions with this one added (the command saves it when the window closes)."""
        return self.drill.past + ([self.drill.record()] if self.drill.answers else [])

    def tick(self, seconds: float) -> None:
        self.elapsed += seconds

    def picture_key(self) -> object:
        """The clock's second: what time changes in the picture (keys and answers stir a frame)."""
        return whole_seconds(self.drill.seconds_on_board()), self.phase

    def rest_seconds(self) -> float:
        """Until the clock's next second, a hair after."""
        return to_next_second(self.drill.seconds_on_board()) + 0.002

    # Drawing ----------------------------------------------------------------------------
    def at(self, x: float, y: float) -> tuple[float, float]:
        """A point of the layout (WIDTH x HEIGHT, y up) in the window's pixels."""
        return self.ox + x * self.k, self.oy + y * self.k

    def _build(self) -> None:
        import pyglet

        red, green, blue = (c / 255 for c in BACK)
        pyglet.gl.glClearColor(red, green, blue, 1.0)
        self.batch = pyglet.graphics.Batch()
        back, front = pyglet.graphics.Group(order=0), pyglet.graphics.Group(order=1)
        self.front = front

        k = self.k

        def label(y, size, colour=TEXT, width=None, **more):
            x, y = self.at(20, y)
            return pyglet.text.Label("", x=x, y=y, font_name=list(FONT), font_size=size * k, color=(*colour, 255),
                                     batch=self.batch, group=front, anchor_y="top",
                                     **({"width": width * k} if width else {}), **more)

        self.header = label(HEIGHT - 16, 14)
        self.clock_label = label(HEIGHT - 16, 14, DIM, anchor_x="right")
        self.clock_label.x = self.at(WIDTH - 20, 0)[0]
        self.reading = label(HEIGHT - 60, 18, multiline=True, width=WIDTH - 40)
        self.prompt = label(HEIGHT - 150, 18)
        self.body = label(BANNER[1] - 10, BODY_SIZE, multiline=True, width=WIDTH - 40)
        sample = pyglet.text.Label("0" * 100, font_name=list(FONT), font_size=BODY_SIZE * k)  # a monospaced font
        self.columns = int((WIDTH - 40) * k * 100 / sample.content_width)
        self.keys = label(24, 10, DIM)
        left, bottom, width, height = BANNER
        self.banner = pyglet.shapes.Rectangle(*self.at(left, bottom), width * k, height * k, color=BACK,
                                              batch=self.batch, group=back)
        self.banner_text = label(BANNER[1] + BANNER[3] - 8, 13)
        self.chart_shapes: list = []
        self._shown: tuple | None = None  # what the texts were last set for (`refresh`)

    def refresh(self) -> None:
        drill, phase = self.drill, self.phase
        set_text(self.clock_label, minutes_text(whole_seconds(drill.seconds_on_board())) if phase == ASK else "")
        # The rest changes only with a key or an answer: not set again every frame (moving
        # a label, even to where it is, places all its glyphs again).
        shown = (phase, drill.shown, len(drill.answers), self.typed, self.refused, self.scroll)
        if shown == self._shown:
            return
        self._shown = shown
        self.banner.visible = phase == VERDICT
        if phase == END:
            self.header.text = self.end_text[0]
            self.reading.text = ""
            self.prompt.text = ""
            self.banner_text.text = ""
            self.body.text = "\n".join(self.end_text[1:])
            self.body.y = self.at(0, HEIGHT - 50)[1]
            self.keys.text = "Esc or Q: close"
            return
        self.header.text, self.reading.text = self.board_text
        self.body.y = self.at(0, BANNER[1] - 10)[1]
        if phase == ASK:
            n = drill.rules.holes_per_side
            refused = f"   ({self.refused} is not a hole: {your_holes(n)})" if self.refused and not self.typed else ""
            self.prompt.text = f"Hole ({drill.rules.hole_range()}): {self.typed}_{refused}"
            self.banner_text.text = ""
            self.body.text = ""
            self.keys.text = "Type the hole and press Enter.  Esc: end the drill"
            return
        answer = drill.answers[-1]
        self.prompt.text = f"Hole ({drill.rules.hole_range()}): {answer.hole}"
        self.banner.color = RIGHT_COLOUR if answer.right else WRONG_COLOUR
        self.banner_text.text = self.title
        more = len(self.rows) > TRACE_LINES + self.scroll
        self.body.text = "\n".join(self.rows[self.scroll:TRACE_LINES + self.scroll] + (["  ..."] if more else []))
        scrolls = "  Up/Down: scroll" if len(self.rows) > TRACE_LINES else ""
        self.keys.text = f"Enter: next board.  Esc: end the drill.{scrolls}"

    def _build_chart(self, sessions: list[dict]) -> None:
        """Progress over sessions: the SVG's plot (drill/chart.py), with the window's own title and legend."""
        left, bottom, width, height = CHART
        chart = plot(progress(sessions), Chart(left, HEIGHT - bottom - height, width, height, text=CHART_TEXT))
        chart.label(left, chart.top - 12, "Progress over sessions", size=CHART_TEXT + 3)
        shown = sessions_shown(len(progress(sessions)))
        chart.label(left, chart.bottom + 36, f"{shown[:1].upper()}{shown[1:]}, oldest first. "
                    "Line: share right.  Bars: median seconds a board.", size=CHART_TEXT + 1, role="soft")
        self.chart_shapes = window_shapes(chart.marks, DARK, lambda x, y: self.at(x, HEIGHT - y), self.k,
                                          self.batch, self.front, FONT)

    # Input ------------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        from pyglet.window import key

        if symbol == key.ESCAPE:
            self.close() if self.phase == END else self.end()
        elif self.phase == END:
            if symbol == key.Q:
                self.close()
        elif symbol in (key.ENTER, key.RETURN):
            self._enter()
        elif symbol in (key.UP, key.DOWN) and self.phase == VERDICT:
            room = max(0, len(self.rows) - TRACE_LINES)
            self.scroll = min(room, max(0, self.scroll + (1 if symbol == key.DOWN else -1)))
        elif symbol == key.BACKSPACE:
            self.typed = self.typed[:-1]
        elif (digit := digit_of(symbol)) is not None and self.phase == ASK and len(self.typed) < 2:
            self.typed += str(digit)
            self.refused = ""
        return True

    def _enter(self) -> None:
        if self.phase == VERDICT:
            self.go_on()
        elif (hole := _hole_or_none(self.typed, self.drill.rules.holes_per_side)) is not None:
            self.answer(hole)
        else:
            self.refused, self.typed = self.typed, ""

    def close(self) -> None:
        self.end()
        super().close()

    # --commands -------------------------------------------------------------------------
    def run_script(self, steps: list[Step]) -> bool:
        """Run checked steps, drawing a frame before each; False after "quit"."""
        for step in steps:
            self.render()
            if step.name == "hole":
                assert isinstance(step.arg, int), step  # _parse_step made it a hole
                self.answer(step.arg)
            elif step.name == "next":
                self.go_on()
            elif step.name == "end":
                self.end()
            elif step.name == "wait":
                assert isinstance(step.arg, (int, float)), step
                self.wait(step.arg)
            elif step.name == "screenshot":
                assert isinstance(step.arg, str), step
                self.screenshot(step.arg)
            else:
                self.close()
                return False
        return True


SCRIPT_WORDS = "N or hole N (answer), next, end, wait S, screenshot FILE.png, quit"


def parse_script(text: str, holes: int) -> list[Step]:
    """Every step of a `;`- or newline-separated script, checked before any runs."""
    return [_parse_step(part, holes) for part in split_commands(text)]


def _hole_or_none(text: str, holes: int) -> int | None:
    """The hole an answer names (as the drill reads answers), or None for anything else."""
    try:
        return parse_hole(text, holes) if text else None
    except UserError:
        return None


def _parse_step(text: str, holes: int) -> Step:
    words = text.split()
    name = words[0].lower()
    number = _hole_or_none(text, holes)
    if number is not None:
        return Step("hole", number)
    if name in ("next", "end", "quit") and len(words) == 1:
        return Step(name)
    if name == "wait" and len(words) == 2:
        return Step("wait", wait_seconds(words[1]))
    if name == "screenshot" and len(words) >= 2:
        return Step("screenshot", check_screenshot(text.split(None, 1)[1]))
    raise UserError(f'"{text}" is not a drill command: use {SCRIPT_WORDS}')


def run_drill_window(drill: Drill, commands: str | None = None, size: tuple[int, int] = (WIDTH, HEIGHT),
                     keep: bool = False) -> None:
    """Drill in the window (at `size`): run the `commands` script (if any), then hand over to
    the player. A window that does not open leaves the drill in the terminal, as practice
    does; a script still needs the window (a UserError). A drill that ends inside the script
    is marked scripted in its history unless `keep`."""
    steps = parse_script(commands, drill.rules.holes_per_side) if commands else []
    try:
        view = DrillWindow(drill, size=size)
    except Exception as exc:  # pyglet's display, context and config errors share no base class
        window_refused(exc, commands, "drilling")
        from .terminal import run as run_terminal

        run_terminal(drill)
        return
    drill.scripted = bool(steps) and not keep  # a session that ends inside the script is no drill of the expert's
    if view.run_script(steps) and not view.closed:
        drill.scripted = False  # the expert goes on from where the script left off
        view.run()


__all__ = ["DrillWindow", "parse_script", "run_drill_window"]
