"""The module in a terminal: feeds typed lines to a `PracticeSession` and prints what it says.

Reads commands from a stream (standard input by default), so it can be scripted: commands
from a pipe or a file make a scripted session, kept in the history marked as such and left
out of the player's figures (unless `keep`). At the program's own terminal the prompt has
line editing and history where the platform has them (line_editing.py). The session
decides everything (commands, strikes, the clock, the end); this only draws the board as
text, with no count and no ID while it is played: counts are read from the holes. Time is
read from `clock` before each command (and, at a terminal, while waiting for one), so a
timed bomb explodes at zero even while nobody types. Ctrl-C ends the session as "quit" does.
"""

from __future__ import annotations

import select
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from ..core.board import position_to_slot
from ..core.explain import plural, slot_name
from ..core.module import LIGHT_OFF, LIGHT_SOLVE, LIGHT_STRIKE, CongkakModule, Press
from ..core.rules import OPPONENT, YOU
from ..core.text import fit, output_width
from ..errors import warn
from ..typed import line_problem, read_line
from . import line_editing
from .commands import split_commands
from .history import load_history, save_history
from .session import DEFUSED, EXPLODED, MODE_NAMES, STOPPED, STRIKE_LIMIT, TIME_LIMIT, TIMED, ZEN, PracticeSession

DOTS = 8  # seeds drawn as dots at most; more show as "oooooooo+"
MIN_WIDTH, MAX_WIDTH = 60, 80  # the board fits the terminal's width, kept within these
UNREAD = "The bomb's session is over: the rest of the input is not run."
BLANK_LINES = 100  # blank lines read past, at most, to learn whether any command was left unread
LIGHT_WORDS = {LIGHT_SOLVE: "green, solved", LIGHT_STRIKE: "red, strike", LIGHT_OFF: "off"}


def legend(dots: int = DOTS) -> str:
    return f"(o = a seed; {'o' * dots}+ = more than {dots}: highlight the hole to read its count)"


def seeds_text(count: int, dots: int = DOTS) -> str:
    """A hole's seeds as dots, like the balls on the module (numbers come from the screen)."""
    return "o" * min(count, dots) + ("+" if count > dots else "")


def terminal_width() -> int:
    """The columns to draw in: the output's (core.text), from MIN_WIDTH to MAX_WIDTH."""
    return max(MIN_WIDTH, min(MAX_WIDTH, output_width()))


def draw(session: PracticeSession, width: int | None = None) -> list[str]:
    """The board laid out as on the module, top-left end on the left, under the status:
    each row of holes between its position numbers, the stores at their ends, within
    `width` columns (the terminal's) and without trailing spaces."""
    module = session.module
    rules, board = module.rules, module.board
    n = rules.holes_per_side
    width = width or terminal_width()
    dots = min(DOTS, (width + 1) // n - 2)  # a hole's column: its dots, "+", a space
    pitch = dots + 2
    row_width = n * pitch - 1

    def row(cells) -> str:
        return "".join(f"{cell:<{pitch}}" for cell in cells).rstrip()

    def ends(left: str, right: str) -> str:  # an empty store leaves "your store: " bare: no trailing space
        return (left + right.rjust(max(row_width - len(left), len(right) + 1))).rstrip()

    top, bottom = range(n + 1, 2 * n + 1), [s + 1 for s in reversed(range(n))]  # positions, left to right
    clock = f"{session.clock.text()} left" if session.mode == TIMED else session.clock.text()
    lines = [
        f"{MODE_NAMES[session.mode]}  {clock}  {session.status_lines()[1]}",
        ends(f"opponent's store: {seeds_text(board[rules.store(OPPONENT)], dots)}", f"[light: {LIGHT_WORDS[session.light]}]"),
        row(top),
        row(seeds_text(board[position_to_slot(p, rules)], dots) for p in top),
        row(seeds_text(board[position_to_slot(p, rules)], dots) for p in bottom),
        row(bottom),
        ends(f"[screen {session.screen or '  '}]", f"your store: {seeds_text(board[rules.store(YOU)], dots)}"),
    ]
    if any(count > dots for count in board):
        lines += fit([legend(dots)], width)
    return lines


def turn_lines(press: Press, session: PracticeSession) -> list[str]:
    """What moved after a press (the verdict itself is the session's line), and in zen mode
    what the press teaches; a timed bomb says nothing (its light and strikes do)."""
    if session.mode == TIMED:
        return []
    lesson = [f"  {line}" for line in session.lesson]
    if not press.your_turn:
        return lesson
    lines = [f"  You sowed {plural(press.your_turn.drops)}, {plural(press.your_turn.relays, 'relay')}."]
    if press.reply:
        lines.append(f"  The opponent replied from {slot_name(press.reply.start, session.rules)}.")
    else:
        lines.append("  The opponent has no seeds and passes.")
    return lines + lesson


class Terminal:
    """One practice session at a terminal."""

    def __init__(self, session: PracticeSession, stream: TextIO, out: TextIO, prompt: bool, clock: Callable[[], float],
                 keep_history: bool = False):
        self.session, self.stream, self.out, self.prompt, self.clock = session, stream, out, prompt, clock
        self.keep_history = keep_history
        self.editing = prompt and line_editing.available(stream, out)
        self.just_ended = False
        session.on_end = self._ended
        self.last = clock()

    def _ended(self, session) -> None:
        self.just_ended = True
        if self.keep_history:
            save_history(session)

    def show(self, lines: list[str], final: bool = False) -> None:
        """Print `lines`, then the summary if the session just ended (`final`: without
        the line on how to go on, since the program stops)."""
        if self.just_ended:  # the summary comes after what led to it
            self.just_ended = False
            summary, keys = self.session.end_lines()[:-2], self.session.end_lines()[-2:]
            boards = self.session.board_lines()
            # no "how to go on" when the program stops
            summary = summary + (["", *boards] if boards else []) + ([] if final else keys)
            recent = self.session.history_lines
            lines = lines + summary + (["", "Recent sessions:", *recent] if recent else [])
        width = terminal_width()
        if any(len(line) > width for line in lines):
            lines = fit(lines, width, verbatim=set(self.session.module.log))
        if lines:
            print("\n".join(lines), file=self.out, flush=True)

    def tick(self) -> None:
        now = self.clock()
        self.session.tick(max(0.0, now - self.last))
        self.last = now
        self.show([], final=self.bomb_over())

    def run(self, text: str) -> bool:
        """One command; False when the front end should stop."""
        self.tick()
        reply = self.session.run(text)
        lines = list(reply.lines)
        if reply.press is not None:
            lines += turn_lines(reply.press, self.session)
        ended_by_press = reply.press is not None and (self.session.module.solved or self.session.ended)
        if reply.board and not ended_by_press:  # a solve or an explosion shows no next board
            lines += draw(self.session)
        stop = reply.quit or self.bomb_over()
        self.show(lines, final=stop)
        return not stop

    def more_input(self) -> bool:
        """Whether a command is left in the input (read, never run: the program stops);
        past BLANK_LINES blank lines, as if one were (an endless input must not hang it)."""
        for _ in range(BLANK_LINES):
            line, problem = read_line(self.stream)
            if problem or (line and line.strip()):
                return True
            if not line:
                return False
        return True

    def bomb_over(self) -> bool:
        """Piped commands stop at the bomb's end (defused or exploded): the script
        could not know when it would come, so what it says next was meant for a bomb
        still ticking. At a terminal the player reads the end and may type "new"."""
        return not self.prompt and self.session.ended in (DEFUSED, EXPLODED)

    def prompt_text(self) -> str:
        """"> ", after the time left while a timed bomb ticks."""
        clock = self.session.clock
        return f"{clock.text()} > " if clock.limit is not None and not self.session.ended else "> "

    def read_line(self, prompt: str = "") -> str | None:
        """The next line ("" at the end of input), or None when the bomb's time ran out meanwhile
        (or the line was refused, and said so). `prompt` is shown by the line editor, if any."""
        remaining = self.session.clock.remaining
        if self.editing:
            return self._read_edited(prompt, None if remaining is None or self.session.ended else remaining + 0.05)
        if remaining is not None and not self.session.ended and _waitable(self.stream):
            try:
                ready, _, _ = select.select([self.stream], [], [], remaining + 0.05)
            except (OSError, ValueError):  # a console select cannot wait on (Windows)
                ready = [self.stream]
            if not ready:
                if self.prompt:
                    print(file=self.out)
                self.tick()
                return None
        line, problem = read_line(self.stream)
        if problem:  # not UTF-8, or far too long: said, and the session goes on
            print(problem[0].upper() + problem[1:], file=self.out, flush=True)
            return None
        return line or ""

    def _read_edited(self, prompt: str, timeout: float | None) -> str | None:
        """A line from the line editor, refused as typed.read_line refuses one."""
        line = line_editing.read_edited(prompt, timeout)
        if line is None:  # the time ran out
            print(file=self.out)
            self.tick()
            return None
        problem = line_problem(line)
        if problem:
            print(problem[0].upper() + problem[1:], file=self.out, flush=True)
            return None
        return line

    def loop(self) -> int:
        place = [self.session.set_place()] if self.session.set_place() else []
        self.show(place + draw(self.session) + ['Type "help" for the commands.'])
        while True:
            prompt = ""
            if self.prompt:
                self.tick()
                prompt = self.prompt_text()
                if not self.editing:
                    print(prompt, end="", file=self.out, flush=True)
            line = self.read_line(prompt)
            if line is None:
                continue
            if not line:
                break
            parts = split_commands(line)
            for k, part in enumerate(parts):
                self.tick()
                if self.bomb_over():  # the time ran out before this command came
                    print(UNREAD, file=self.out, flush=True)
                    return 0
                if not self.run(part):
                    if not self.bomb_over():
                        print("bye", file=self.out, flush=True)
                    elif parts[k + 1:] or self.more_input():
                        print(UNREAD, file=self.out, flush=True)
                    return 0
        if self.prompt:
            print(file=self.out)  # the shell's prompt on a line of its own
        self.tick()
        self.session.end(STOPPED)
        self.show([], final=True)
        return 0


def _waitable(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def play(session: PracticeSession, stream: TextIO | None = None, out: TextIO | None = None, prompt: bool | None = None,
         clock: Callable[[], float] = time.monotonic,
         keep_history: bool = False, keep: bool = False) -> int:
    """Practise at the terminal until "quit" or the end of input; `clock` gives seconds.
    With `keep_history` the ended sessions are added to the practice history; commands
    from a pipe or a file mark them scripted (left out of the player's figures) unless `keep`.
    Ctrl-C ends the session as "quit" does: its summary, its log kept, and 0."""
    stream = stream or sys.stdin
    out = out or sys.stdout
    prompt = _waitable(stream) if prompt is None else prompt
    session.scripted = not prompt and not keep
    if keep_history:
        _, warning = load_history()
        if warning:
            warn(warning)
    terminal = Terminal(session, stream, out, prompt, clock, keep_history)
    try:
        return terminal.loop()
    except KeyboardInterrupt as interrupt:
        session.end(STOPPED)
        if type(interrupt) is not KeyboardInterrupt:  # SIGTERM, a hang-up: kept, and the caller says so
            raise
        print(file=out)  # after the ^C the terminal echoed
        terminal.show([], final=True)
        print("bye", file=out, flush=True)
        return 0
    except OSError:  # a closed pipe or terminal: kept as at "quit"
        session.end(STOPPED)
        raise


def play_module(module: CongkakModule, mode: str = ZEN, time_limit: float = TIME_LIMIT, strike_limit: int = STRIKE_LIMIT,
                **play_options: Any) -> int:
    """Practise on `module` at the terminal, in zen or timed mode."""
    return play(PracticeSession(module, mode, time_limit, strike_limit, live=False), **play_options)
