"""The module in a terminal: feeds typed lines to a `PracticeSession` and prints what it says.

Reads commands from a stream (standard input by default), so it can be scripted. The
session decides everything (commands, strikes, the clock, the end); this only draws
the board as text. Time is read from `clock` before each command (and, at a terminal,
while waiting for one), so a timed bomb explodes at zero even while nobody types.
"""

from __future__ import annotations

import select
import sys
import time

from ..core.explain import plural, slot_name
from ..core.module import LIGHT_OFF, LIGHT_SOLVE, LIGHT_STRIKE, Press
from ..core.rules import OPPONENT, YOU
from ..files import read_line
from .commands import split_commands
from .history import load_history, save_history
from .session import STOPPED, STRIKE_LIMIT, TIME_LIMIT, ZEN, PracticeSession

DOTS = 8  # seeds drawn as dots; more show as "oooooooo+"
LEGEND = f"(o = a seed; {'o' * DOTS}+ = more than {DOTS}: highlight the hole to read its count)"
LIGHT_WORDS = {LIGHT_SOLVE: "green, solved", LIGHT_STRIKE: "red, strike", LIGHT_OFF: "off"}


def seeds_text(count: int) -> str:
    """A hole's seeds as dots, like the balls on the module (numbers come from the screen)."""
    return "o" * min(count, DOTS) + ("+" if count > DOTS else "")


def draw(session: PracticeSession) -> list[str]:
    """The board laid out as on the module, top-left end on the left, under the status."""
    module = session.module
    rules, board = module.rules, module.board
    n = rules.holes_per_side
    width = DOTS + 2
    top = [f"{p:>2}:{seeds_text(board[p]):<{width}}" for p in range(n + 1, 2 * n + 1)]
    bottom = [f"{s + 1:>2}:{seeds_text(board[s]):<{width}}" for s in reversed(range(n))]
    status = session.status_lines()
    lines = [
        f"Puzzle {module.puzzle_id}",
        f"{status[0]}   {status[1]}",
        f"opponent's store: {seeds_text(board[rules.store(OPPONENT)])}".ljust(40) + f"[light: {LIGHT_WORDS[session.light]}]",
        "  " + " ".join(top),
        "  " + " ".join(bottom),
        f"[screen {session.screen or '  '}]".ljust(40) + f"your store: {seeds_text(board[rules.store(YOU)])}",
    ]
    if any(count > DOTS for count in board):
        lines.append(LEGEND)
    return lines


def turn_lines(press: Press, session: PracticeSession) -> list[str]:
    """What moved after a press (the verdict itself is the session's line)."""
    if not press.your_turn:
        return []
    lines = [f"  You sowed {plural(press.your_turn.drops)}, {plural(press.your_turn.relays, 'relay')}."]
    if press.reply:
        lines.append(f"  The opponent replied from {slot_name(press.reply.start, session.rules)}.")
    else:
        lines.append("  The opponent has no seeds and passes.")
    return lines


class Terminal:
    """One practice session at a terminal."""

    def __init__(self, session: PracticeSession, stream, out, prompt: bool, clock, keep_history: bool = False):
        self.session, self.stream, self.out, self.prompt, self.clock = session, stream, out, prompt, clock
        self.keep_history = keep_history
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
            summary = self.session.end_lines()
            summary = summary[:-2] if final else summary  # no "how to go on" when the program stops
            recent = self.session.history_lines
            lines = lines + summary + (["", "Recent sessions:", *recent] if recent else [])
        if lines:
            print("\n".join(lines), file=self.out, flush=True)

    def tick(self) -> None:
        now = self.clock()
        self.session.tick(max(0.0, now - self.last))
        self.last = now
        self.show([])

    def run(self, text: str) -> bool:
        """One command; False when the front end should stop."""
        self.tick()
        reply = self.session.run(text)
        lines = list(reply.lines)
        if reply.press is not None:
            lines += turn_lines(reply.press, self.session)
        if reply.board and not (reply.press is not None and self.session.module.solved):
            lines += draw(self.session)
        self.show(lines, final=reply.quit)
        return not reply.quit

    def read_line(self) -> str | None:
        """The next line ("" at the end of input), or None when the bomb's time ran out meanwhile."""
        remaining = self.session.clock.remaining
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

    def loop(self) -> int:
        self.show(draw(self.session) + ['Type "help" for the commands.'])
        while True:
            if self.prompt:
                print("> ", end="", file=self.out, flush=True)
            line = self.read_line()
            if line is None:
                continue
            if not line:
                break
            for part in split_commands(line):
                if not self.run(part):
                    print("bye", file=self.out, flush=True)
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


def play(session: PracticeSession, stream=None, out=None, prompt: bool | None = None, clock=time.monotonic,
         keep_history: bool = False) -> int:
    """Practise at the terminal until "quit" or the end of input; `clock` gives seconds.
    With `keep_history` the ended sessions are added to the practice history."""
    stream = stream or sys.stdin
    out = out or sys.stdout
    prompt = _waitable(stream) if prompt is None else prompt
    if keep_history:
        _, warning = load_history()
        if warning:
            print(f"ktane-congkak: {warning}", file=sys.stderr)
    terminal = Terminal(session, stream, out, prompt, clock, keep_history)
    try:
        return terminal.loop()
    except (KeyboardInterrupt, OSError):  # Ctrl-C, SIGTERM, a hang-up, a closed pipe or terminal: kept as at "quit"
        session.end(STOPPED)
        raise


def play_module(module, mode: str = ZEN, time_limit: float = TIME_LIMIT, strike_limit: int = STRIKE_LIMIT,
                **play_options) -> int:
    """Practise on `module` at the terminal, in zen or timed mode."""
    return play(PracticeSession(module, mode, time_limit, strike_limit, live=False), **play_options)
