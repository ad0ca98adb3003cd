"""A practice session around one `CongkakModule`: the one way in for the terminal and the window.

Front ends turn typed lines, keys, clicks and `--commands` into commands of the practice
language (commands.py) and hand them to `PracticeSession.run`; they draw what this says
and decide nothing. Every rule is the core's: presses go to `CongkakModule.press`, the
screen text is `CongkakModule.screen`, the animation replays the core's turns. This adds
only practice things: modes and their clock, the strike limit, the strike flash, the
pointer and cycling (pointer.py), messages, panels, restarting, and the end of a session, which it
reports itself (`on_end`).
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import NamedTuple
from collections.abc import Callable

from ..core.board import position_to_slot
from .animation import DEFAULT_SPEED, SPEEDS, Animation, Frame, SessionClock, minutes_text
from ..errors import UserError
from ..files import shown_path
from ..core.evaluate import CONTINUE, SOLVE, VERDICT_WORDS, Evaluation
from ..core.explain import holes_words, plural, slot_name
from ..core.module import LIGHT_OFF, LIGHT_SOLVE, LIGHT_STRIKE, CongkakModule, Press
from ..core.numbers import whole_seconds
from .kind_tally import KindTally
from .pointer import PointerAndCycle
from .commands import KEYS, SCRIPT_ONLY, Command, command_summary, help_lines, hole_range, key_help, parse_command

ZEN, TIMED = "zen", "timed"
DEFUSED, EXPLODED, STOPPED = "defused", "exploded", "stopped"
TIME_LIMIT, STRIKE_LIMIT = 300.0, 3  # a timed bomb's defaults: five minutes, three strikes
FLASH_SECONDS = 1.0  # the light stays red this long after a strike
MESSAGE_SECONDS = 2.5
END_TITLES = {DEFUSED: "Defused!", EXPLODED: "The bomb exploded", STOPPED: "Session over"}
MODE_NAMES = {ZEN: "Zen practice", TIMED: "Timed bomb"}  # the modes as the panel and the terminal name them
PANELS = {"answer": "hint", "log": "log", "help": "help", "summary": "summary"}  # commands that open a panel
SWITCHES = {"on": True, "off": False}  # `sowing on|off`; `sowing` alone turns it over


def log_title(shown: int, total: int) -> str:
    """The log panel's title: it says when the panel holds only the last boards."""
    return "Log:" if shown >= total else f"Log (the last {plural(shown, 'board')} of {total}):"


class BoardPlayed(NamedTuple):
    """A board pressed on, as the lesson, the log panel, the end screen and the summary tell it."""

    number: int  # its place among the boards of the session (1 the first)
    puzzle_id: str
    hole: int
    verdict: str
    points: int
    most: int
    answer: tuple[int, ...]  # the holes that score the most (solve)
    why: str  # the core's reason for the verdict
    reply: str  # what the opponent did next, in words ("" when nothing moved or it solved)

    def line(self) -> str:
        """One line for the end screen and the summary: the pressed hole, its points, the right holes."""
        return f"{self.number}. {self.puzzle_id}: hole {self.hole} scored {self.points}; the most, {self.most}, at {holes_words(self.answer)}"

    def sentence(self, short: bool = False) -> str:
        """The board in full sentences, for the log panel (`short`: without the why and the reply)."""
        verdict = VERDICT_WORDS[self.verdict].long
        told = (f"Board {self.number} ({self.puzzle_id}): you pressed hole {self.hole}, {plural(self.points, 'point')}; "
                f"the most was {self.most}, at {holes_words(self.answer)}. {verdict[:1].upper()}{verdict[1:]}")
        return f"{told}." if short else f"{told}: {self.why}.{' ' + self.reply if self.reply else ''}"

    def lesson(self, again: str) -> list[str]:
        """What a press that did not solve teaches, said after it in zen mode: its points, the
        most and the holes that score them, why it struck or not, and the board's ID."""
        why = "Why no strike" if self.verdict == CONTINUE else "Why the strike"
        return [f"Hole {self.hole} scored {plural(self.points, 'point')}; the most was {self.most}, "
                f"at {holes_words(self.answer)}.",
                f"{why}: {self.why}.",
                f"That board was {self.puzzle_id} ({again} tries it again)."]


class Reply(NamedTuple):
    """What one command did, for a front end to show."""
    lines: list[str]  # what the session said (the window shows the last as its message)
    press: Press | None = None  # the press it made, if any
    board: bool = False  # the board changed or was asked for: draw it
    quit: bool = False  # the front end should stop


class OnScreen(NamedTuple):
    """What the panel says of a board while its moves are still played out."""

    puzzle_id: str
    puzzles: int
    evaluation: Evaluation


class PracticeSession(PointerAndCycle):
    """The state of one practice session; `run(command)` is its only input and
    `tick(seconds)` its only source of time.

    `live` sessions (the window) animate the seeds and cycle a hole a second; the
    terminal's are not live: a turn and a cycle happen at once."""

    def __init__(self, module: CongkakModule, mode: str = ZEN, time_limit: float = TIME_LIMIT,
                 strike_limit: int = STRIKE_LIMIT, speed_index: int = DEFAULT_SPEED, live: bool = True,
                 on_end: Callable[[PracticeSession], None] | None = None, sowing: bool | None = None):
        self.rules = module.rules
        self.mode = mode
        self.time_limit = time_limit
        self.strike_limit = strike_limit
        self.live = live
        # The seed-by-seed sowing, a learning aid: on in zen mode; a timed bomb plays a press at once, as the module.
        self.sowing = mode == ZEN if sowing is None else sowing
        self.on_end = on_end  # called once, with the session, when it ends
        self.speed_index = speed_index
        self.history_lines: list[str] = []  # recent sessions, for the end screen (set by the front end)
        self.history: list[dict] = []  # the history as saved with this session, for its record (set with history_lines)
        self.scripted = False  # commands from a script or a pipe: kept in the history marked, not as practice
        self._start(module)

    def _start(self, module: CongkakModule) -> None:
        """A session's own state, fresh, on `module`: what `restart` makes new (the settings,
        the listener, the history and the speed stay)."""
        self.module = module
        self.clock = SessionClock(self.time_limit if self.mode == TIMED else None)
        self.animation: Animation | None = None
        self.pointer: int | None = None  # the position the mouse or the keys point at
        self.cycling: list[int] = []  # positions the cycle has still to show
        self.cycle_left = 0.0
        self.flash = 0.0
        self.message = ""
        self.message_left = 0.0
        self._said: list[str] = []
        self.panel: str | None = None  # None, "hint", "log" or "help"
        self.ended: str | None = None
        self.solves = 0
        self.ignored = 0  # presses refused because seeds were moving
        self.last_press: Press | None = None  # (None: no press taken, and history.save_history keeps nothing)
        self.played: list[BoardPlayed] = []  # every press, with the board it was judged on
        self.lesson: list[str] = []  # zen mode: what the last press that did not solve teaches, until the next
        self.retry_board = module.board
        self.on_screen: OnScreen | None = None  # the board still being played out, while it is
        self.log_file: Path | None = None  # where the history saved this session's log (set with history_lines)
        self.unseen_boards = 0  # boards the module dealt that the player was never shown
        self.kinds = KindTally()  # the kinds of board pressed on and struck on (practice --summary)
        self.started = datetime.datetime.now().isoformat(timespec="seconds")
        if self.set_place():  # a set's first board is announced as its others are
            self.message, self.message_left = self.set_place(), MESSAGE_SECONDS

    # The one way in --------------------------------------------------------------------
    def run(self, command: str | Command) -> Reply:
        """Carry out one command (text, or one already parsed); a bad one is said, not raised."""
        self._said = []
        try:
            cmd = command if isinstance(command, Command) else parse_command(command, self.rules.holes_per_side)
            if self.ended:
                return self._run_ended(cmd)
            return self._dispatch(cmd)
        except UserError as exc:
            text = str(exc)
            self.say(text[:1].upper() + text[1:])  # a sentence of its own here
            return Reply(self._said)

    def _dispatch(self, cmd: Command) -> Reply:
        name, arg = cmd
        if name == "hole":
            assert isinstance(arg, int), cmd  # parse_command made it a hole
            press = self.press(arg)
            return Reply(self._said, press, board=press is not None)
        if name == "select":
            press = self.press_pointer()
            return Reply(self._said, press, board=press is not None)
        if name in ("new", "again", "board"):
            {"new": self.new_board, "again": self.same_board, "board": lambda: None}[name]()
            return Reply(self._said, board=True)
        if name in PANELS:
            self.toggle(PANELS[name])
            return Reply(self._said + self.panel_lines(PANELS[name]))
        if name == "end":
            self.end(STOPPED)
            return Reply(self._said)
        if name == "quit":
            self.end(STOPPED)
            return Reply(self._said, quit=True)
        self._small_command(name, arg)
        return Reply(self._said)

    def _small_command(self, name: str, arg) -> None:
        if name == "highlight":
            self.point(arg)
            self.note(f"Position {arg}: the screen shows {self.module.screen or 'nothing (seeds are moving)'}")
        elif name == "clear":
            self.point(None)
        elif name == "cycle":
            self.cycle()
        elif name == "move":
            self.move_pointer(arg)
            if not self.live:  # the window draws the pointer; the terminal says where it went
                self.note(self.pointer_words())
        elif name in ("skip", "faster", "slower", "sowing") and not self.live:  # nothing moves: say so, not a speed
            self.say(f'"{name}" is for the window\'s animation: here every turn is played at once')
        elif name == "sowing":
            self.set_sowing(SWITCHES.get(arg, not self.sowing))
        elif name == "skip":
            self.skip()
        elif name in ("faster", "slower"):
            self.faster(1 if name == "faster" else -1)
        else:  # "wait" and "screenshot" belong to the window's scripts
            self.say(f'"{name}" works only in the window\'s --commands')

    def _run_ended(self, cmd: Command) -> Reply:
        """Once the session is over: a new session, or quit."""
        if cmd.name == "new":
            self.restart()
            return Reply(self._said, board=True)
        if cmd.name in ("end", "quit"):
            return Reply(self._said, quit=True)
        if cmd.name in ("help", "log", "board", "summary"):
            return self._dispatch(cmd)
        if cmd.name in ("highlight", "clear", "move"):
            return Reply(self._said)  # the mouse wandering over the end screen says nothing
        self.say(f"The session is over: {self.how('new')} to practise again, {self.how('end')} to quit")
        return Reply(self._said)

    def how(self, command: str) -> str:
        """How to give `command` here: its key in the window, the word in the terminal."""
        if not self.live:
            return f'"{command}"'
        return next(key for key, typed, _ in KEYS if typed == command)

    # What is shown ---------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return self.animation is not None and not self.animation.done

    def frame(self) -> Frame:
        """The board to draw: the animation's while seeds move, else the core's."""
        if self.animating:
            assert self.animation is not None  # (animating says so)
            return self.animation.frame()
        return Frame(tuple(self.module.board), None, 0, None)

    @property
    def screen(self) -> str:
        """The module's screen: "GG" from the solving press, as on the module; blank while
        the sowing of a press that did not solve is shown (its counts are not the next board's yet)."""
        if self.animating and not self.module.solved:
            return ""
        return self.module.screen

    @property
    def lit_slot(self) -> int | None:
        """The hole drawn lit: the highlighted one, never while moving or once solved."""
        if self.animating or self.module.solved or self.module.highlighted is None:
            return None
        return position_to_slot(self.module.highlighted, self.rules)

    @property
    def light(self) -> str:
        """The status light: LIGHT_SOLVE (green for good), LIGHT_STRIKE (red) or LIGHT_OFF."""
        if self.module.solved:
            return LIGHT_SOLVE
        if self.flash > 0 or self.ended == EXPLODED:
            return LIGHT_STRIKE
        return LIGHT_OFF

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def status_lines(self) -> list[str]:
        """The mode and the score as a player says them (the clock and the strike marks are the
        bomb's own); no count of the board and no ID while it is played: those are read from the holes."""
        limit, strikes, solved = self.strike_limit, self.module.strikes, plural(self.solves, 'board')
        if self.mode == TIMED:
            return [f"{MODE_NAMES[TIMED]}: out at {plural(limit, 'strike')}", f"{solved} solved, {strikes} of {limit} strikes"]
        return [f"{MODE_NAMES[ZEN]}: no time limit", f"{solved} solved, {plural(strikes, 'strike')}"]

    def sowing_line(self) -> str:
        """Whether a press's sowing is shown seed by seed (the window's learning aid)."""
        if not self.sowing:
            return f"Sowing not shown ({self.how('sowing')} shows it)"
        if self.mode == TIMED:  # the bomb's clock stops while it plays
            return f"Sowing shown, clock stopped ({self.how('sowing')})"
        return f"Sowing shown at x{self.speed:g} ({self.how('sowing')} hides it)"

    def panel_lines(self, panel: str | None = None) -> list[str]:
        """The hint, log or help panel (the one open, unless `panel` is named)."""
        panel = panel or self.panel
        holes = self.rules.holes_per_side
        ev = self.on_screen.evaluation if self.on_screen is not None and self.showing_old_board else self.module.evaluation
        if panel == "hint":
            return [f"Hint (points of holes {hole_range(holes)}):", "  ".join(f"{h}:{p}" for h, p in enumerate(ev.points, 1)),
                    f"Solving holes: {', '.join(map(str, ev.answer))}"]
        if panel == "log":
            return self.log_panel() if self.live else self.log_printed()
        if panel == "help":
            if not self.live:
                return ["Commands:"] + help_lines(holes, animated=False)
            return ["Keys:"] + key_help(holes) + ["Commands (--commands):", command_summary(SCRIPT_ONLY)]
        if panel == "summary":
            from .summary import record_lines

            return record_lines(self)
        return []

    def log_panel(self, short: bool = False) -> list[str]:
        """The window's log panel: each board pressed on in full sentences (`short`: without
        the why, for a small window, which then drops the oldest that do not fit), then the
        board on the module, whose counts and ID are read from the holes until it is over."""
        boards = [board.sentence(short) for board in self.played]
        lines = [log_title(len(boards), len(boards)), *boards]
        if not self.module.solved and not self.ended:
            lines.append(f"Board {self.boards_seen} is on the module: its ID comes once it is over.")
        if not self.played:
            lines.append("Each board you press on is told here: the hole, its points, the most and why.")
        return lines

    def log_printed(self) -> list[str]:
        """The terminal's `log`: the module's log as the bomb writes it, up to the board being
        played (its lines spell its counts, which are read from the holes until it is over)."""
        log = self.module.log
        if self.module.solved or self.ended:
            return ["Log:", *log]
        return ["Log:", *log[:self.module.board_log_start],
                "(The board being played is logged once it is over: read its counts from the holes.)"]

    # What the commands do --------------------------------------------------------------
    def _go_on(self) -> str:
        return f"{self.how('new')} for a new board, {self.how('again')} to try it again"

    def _solved_line(self) -> str:
        return f"Solved. {self._go_on()}"

    def say(self, text: str) -> None:
        """A message: the window shows it a while, the terminal prints it."""
        self.message, self.message_left = text, MESSAGE_SECONDS
        self._said.append(text)

    def note(self, text: str) -> None:
        """A line for the reply only (the window shows the same thing on the face)."""
        self._said.append(text)

    def press(self, hole: int) -> Press | None:
        """Press your hole `hole`; refused (with a message) while seeds move or at the end."""
        if self.ended:
            return None
        if self.animating:
            self.ignored += 1
            self.say(f"Wait: seeds are still moving ({self.how('skip')} skips)")
            return None
        if self.module.solved:
            self.say(self._solved_line())
            return None
        board = self.module.board
        on_screen = OnScreen(self.module.puzzle_id, self.module.puzzles, self.module.evaluation)
        try:
            press = self.module.press(hole)
        except UserError as exc:
            self.say(str(exc))
            return None
        self.retry_board, self.last_press = board, press
        self._keep(press, on_screen)
        self._judged(press, on_screen)
        return press

    def _keep(self, press: Press, on_screen: OnScreen) -> None:
        """The press and its board for the log panel, the end screen and, in zen mode, the lesson."""
        ev = press.evaluation
        if press.reply is not None:
            reply = f"The opponent replied from {slot_name(press.reply.start, self.rules)}."
        else:
            reply = "The opponent had no seeds and passed." if press.your_turn is not None else ""
        played = BoardPlayed(on_screen.puzzles - self.unseen_boards, on_screen.puzzle_id,
                             press.hole, press.verdict, press.points, ev.maximum, tuple(ev.answer), press.why,
                             "" if press.verdict == SOLVE else reply)
        self.played.append(played)
        if self.mode == ZEN:
            self.lesson = [] if press.verdict == SOLVE else played.lesson(self.how("again"))

    @property
    def showing_old_board(self) -> bool:
        """True while a press's moves are played out: the panel still speaks of that board."""
        return self.animating and self.on_screen is not None

    def _judged(self, press: Press, on_screen: OnScreen) -> None:
        """After a press: the verdict (in zen mode; a timed bomb says nothing, as the module:
        its light, strike marks and screen do), the flash, the sowing, and maybe the end."""
        self.kinds.judged(on_screen.puzzles, on_screen.evaluation, self.rules, press.strike)
        if self.mode == ZEN:
            verdict = f"Hole {press.hole}: {VERDICT_WORDS[press.verdict].headline}"
            if press.verdict == SOLVE:
                verdict += f" {self._go_on()} (that board was {on_screen.puzzle_id})"
            self.say(verdict)
        self.cycling = []
        if press.strike:
            self.flash = FLASH_SECONDS
        if press.verdict == SOLVE:
            self.solves += 1
            self.module.clear_highlight()
        if press.your_turn is not None and self.live and self.sowing:
            self.animation = Animation([press.your_turn, press.reply], self.rules, self.speed)
            self.on_screen = on_screen
        if self.mode == TIMED and self.module.strikes >= self.strike_limit:
            # The strike dealt the next board, which the bomb's end comes before: no board the player could press.
            self.unseen_boards = int(press.your_turn is not None)
            self.end(EXPLODED)
        elif self.mode == TIMED and self.module.solved:
            self.end(DEFUSED)  # at the solve, as on the bomb: the moves after it need not be watched
        elif not self.animating:
            self._after_animation()

    def skip(self) -> None:
        if self.animating:
            assert self.animation is not None  # (animating says so)
            self.animation.skip()
            self._after_animation()

    def set_sowing(self, on: bool) -> None:
        """Show a press's sowing seed by seed, or play it at once (turned off mid-sowing: its end at once)."""
        self.sowing = on
        if not on:
            self.skip()
        self.say(self.sowing_line())

    def faster(self, step: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))
        if self.animation:
            self.animation.speed = self.speed
        self.say(f"Animation speed x{self.speed:g}")

    def new_board(self) -> None:
        if self.ended:
            return
        self.animation = None
        self.flash = 0.0
        self.module.new_puzzle()
        self.retry_board = self.module.board
        self.lesson = []
        self._show_pointer()
        self.say(self._new_board_words())

    def _new_board_words(self) -> str:
        """"A new board", or where it stands in the set being practised (and when the set starts again)."""
        if not self.module.boards:
            return "A new board"
        if self.module.boards_dealt > 1 and self._place_in_set() == 1:
            return f"The set starts again: board 1 of {len(self.module.boards)}"
        return self.set_place()

    def set_place(self) -> str:
        """"Board K of N of the set" when practising a set (the first board too), else ""."""
        boards = len(self.module.boards)
        return f"Board {self._place_in_set()} of {boards} of the set" if boards else ""

    def _place_in_set(self) -> int:
        return (self.module.boards_dealt - 1) % len(self.module.boards) + 1

    def same_board(self) -> None:
        """The board your last press was judged on, again (or the current one)."""
        if self.ended:
            return
        if self.module.board == self.retry_board and not self.module.solved and not self.animating:
            self.say("Nothing has moved yet: this is the board to try")  # no board seen again
            return
        self.animation = None
        self.flash = 0.0
        self.module.new_puzzle(self.retry_board)
        self.lesson = []
        self._show_pointer()
        self.say("The same board again")

    def toggle(self, panel: str) -> None:
        self.panel = None if self.panel == panel else panel

    def restart(self) -> None:
        """A new session in place: the same settings and listener, a fresh board (a set's
        first board again when practising a set)."""
        self._start(CongkakModule(seed=self.module.rng.random(), rules=self.rules, boards=self.module.boards))
        self.say(f"A new session: {self.set_place().lower()}" if self.set_place() else "A new session")

    # Time ------------------------------------------------------------------------------
    def tick(self, seconds: float) -> None:
        if not self.ended and not (self.mode == TIMED and self.animating):  # the sowing is outside the bomb's time
            self.clock.advance(seconds)
        self.flash = max(0.0, self.flash - seconds)
        self.message_left = max(0.0, self.message_left - seconds)
        if self.message_left == 0.0:  # a solved board keeps saying how to go on
            self.message = self._solved_line() if self.module.solved and not self.animating and not self.ended else ""
        if self.cycling:
            self._advance_cycle(seconds)
        if self.animating:
            assert self.animation is not None  # (animating says so)
            self.animation.advance(seconds)
            if self.animation.done:
                self._after_animation()
        if not self.ended and self.clock.expired:
            self.end(EXPLODED)

    def _after_animation(self) -> None:
        self._show_pointer()
        if self.mode == TIMED and self.module.solved and not self.ended:
            self.end(DEFUSED)

    def end(self, result: str) -> None:
        """End the session (once) and tell the listener."""
        if self.ended:
            return
        self.ended = result
        self.message, self.message_left = "", 0.0  # the last press's words are the board's, not the end screen's
        self.clock.running = False
        self.cycling = []
        if self.on_end:
            self.on_end(self)

    def record(self) -> dict:
        """The session as the history keeps it."""
        return {"started": self.started, "mode": self.mode, "result": self.ended or STOPPED,
                "seconds": round(self.clock.elapsed, 1), "strikes": self.module.strikes,
                "boards": self.boards_seen, "solves": self.solves, **self.kinds.record(),
                **({"scripted": True} if self.scripted else {})}

    @property
    def boards_seen(self) -> int:
        return self.module.puzzles - self.unseen_boards

    def end_lines(self) -> list[str]:
        """The end screen's and the summary's lines: the result, the time, the score, this
        session beside the earlier ones, the log; the keys last (the boards played are `board_lines`)."""
        score = (f"{plural(self.solves, 'board')} solved of {self.boards_seen} seen, "
                 f"{plural(self.module.strikes, 'strike')}")
        return [END_TITLES[self.ended or STOPPED], *self.time_lines(), score, *self.progress_lines(),
                *self.log_lines(), "",
                f"{self.how('new')}: practise again   {self.how('summary')}: your record   {self.how('end')}: quit"]

    def progress_lines(self) -> list[str]:
        """This session beside the earlier ones ("1:42 a board, your best this week"), once the history is saved."""
        from .summary import session_line

        line = session_line(self.record(), self.history) if self.history else None
        return [line] if line else []

    def log_lines(self) -> list[str]:
        """Where the log was saved: its file name in the window (a key copies the whole path),
        the path in the terminal (selected and copied there)."""
        if self.log_file is None:
            return []
        if self.live:
            return [f"Log saved: {self.log_file.name} ({self.how('copy')} copies its full path)"]
        return [f"Log saved: {shown_path(self.log_file, limit=None)}"]

    def board_lines(self) -> list[str]:
        """Each board pressed on: the pressed hole, its points and the right holes (with the ID,
        now that the boards are over)."""
        return ["Boards played:",
                *[b.line() for b in self.played]] if self.played else []

    def time_lines(self) -> list[str]:
        """The session's time as its end screen says it: what the bomb's clock shows (the
        time left on a timed bomb, the time so far in zen), and on a timed bomb the time used."""
        if self.clock.limit is None:
            return [f"Time {self.clock.text()}"]
        return [f"Time left {self.clock.text()}", f"Time used {minutes_text(whole_seconds(self.clock.elapsed))}"]
