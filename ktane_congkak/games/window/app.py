"""The traditional games in a pyglet window, against the computer.

The board seen from your seat (geometry.py: the straight boat, or the module's
diagonal one), drawn as the module looks (board_art/, shared with the practice window);
the seeds move drop by drop, the seeds in hand beside the hole they are over; the score,
whose turn, a key legend, a help panel (?) and the rules of the game (R) always at hand.

It draws a `session.Session` and decides no rule. Every key, click and `--commands` line
is a `commands.Command` carried out by `GameWindow.run_command`, the one entry for input. pyglet is
imported inside functions only. Time comes from `tick(seconds)`, so tests step animations
exactly. The computer's move and your hint are searched in the background
(`thinking.Thinking`: a child process on Linux), so the window keeps drawing while they
are; `wait` (scripts and tests) lets a search finish first, so scripted runs are exact.

The window's parts each have a module: a move's frames (../playback.py), the board drawn
(board.py), its words and panels (texts.py), its keys (keys.py), its analysis (values.py);
this one lays them out, keeps time and takes input.
"""

from __future__ import annotations


from ...board_art import Layer, SeedTracker
from ...errors import UserError
from ...files import dump_yaml
from ...pyglet_view import FRAME_SECONDS, MAX_REST_SECONDS, PygletView, open_window, window_refused
from . import geometry
from ..commands import QUIT, Command, parse_script
from ..game import NORTH, SOUTH
from ..playback import MOVE_SECONDS, STEP_SECONDS, Frame, Playback, frames_of, still_frame
from ..session import Session
from ..settings import MIN_WINDOW_SIZE, WINDOW_SIZE
from ..thinking import BackgroundWriter, SearchLost, Thinking
from .board import BACKGROUND, BASE, BOARD_BAND, BoardDrawing
from .keys import key_command
from .texts import GROUPS, GameTexts
from .values import MoveValues

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    import pyglet

    from ..game import Game

PANELS = ("help", "rules", "review")
QUIT_ASKED = "Esc again quits: this game is not saved (S saves it)"
WELCOME = "Click one of your holes (or type its number). ? help, R rules."
GAME_OVER = "The game is over: V reviews it, N starts a new one, U undoes your last move"


class GameWindow(MoveValues, GameTexts, BoardDrawing, PygletView):
    """The board, the seeds and the panel in one resizable pyglet window."""

    def __init__(self, session: Session, window: pyglet.window.Window | None = None, size: tuple[int, int] = WINDOW_SIZE, visible: bool = True):
        self.session = session
        self.rules = session.game.rules  # (a new game keeps them)
        self.seat = NORTH if session.humans == (NORTH,) else SOUTH
        self.window = window or open_window(*size, "Congkak", visible, resizable=True)
        self.window.set_minimum_size(*MIN_WINDOW_SIZE)
        self.playback: Playback | None = None
        self.message = GAME_OVER if self.game.over else WELCOME  # (a finished game loaded)
        self.panel: str | None = None  # "help" or "rules" when one is open
        self._saved_moves = tuple(self.game.moves)  # the moves a save (or the loaded game) holds
        self._quit_asked = False  # Esc was pressed once on a game that is not saved
        self.thinking: Thinking | None = None  # the computer's move being searched
        self.hinting: Thinking | None = None  # a hint being searched
        self._search_lost = False  # this move's search was killed from outside once already
        self.saver = BackgroundWriter()  # the --save file, written off the frame
        session.write = self.saver.write
        self._save_error: str | None = None  # the saver's error last shown
        if session.save_path:
            dump_yaml({})  # the YAML library loaded now, not in the frame of the first move
        self._init_values()
        self.seeds: SeedTracker | None = None  # which seed is which, made at the first refresh
        self._followed: tuple[Playback, int] | None = None  # (the playback, the index of its frame) the seeds were last followed to
        self._build()
        self.window.push_handlers(self)

    @property
    def game(self) -> Game:
        """The session's game (a new one after `new`): never a copy kept apart from it."""
        return self.session.game

    # --- the picture --------------------------------------------------------------------
    def _measure(self) -> None:
        w, h = self.window.width, self.window.height
        self.k = min(w / BASE[0], h / BASE[1])
        spare = h - BASE[1] * self.k  # a tall window's height beyond the layout's
        self.lift = min(spare, self._board_room())
        self.ox, self.oy = (w - BASE[0] * self.k) / 2, (spare - self.lift) / 2
        # The module's diagonal board beside the texts when that makes it bigger (a wide
        # window, the default's among them), rather than above them.
        self.beside = geometry.diagonal(self.rules) and self._beside_face() > self._above_face()
        if self.beside:
            self.lift, self.oy = 0.0, spare / 2

    def at(self, x: float, y: float) -> tuple[float, float]:
        """A point of the BASE layout in window pixels: the board's band stretched by
        `lift` in a tall window, what is above it moved up as much."""
        low, high = BOARD_BAND
        stretch = self.lift * min(1.0, max(0.0, (y - low) / (high - low)))
        return self.ox + x * self.k, self.oy + y * self.k + stretch

    def on_resize(self, width: int, height: int) -> None:
        if (width, height) != self._built_for:  # (the window's first resize is the size it was built at)
            self._build()  # pyglet's own handler then sets the viewport

    def _build(self) -> None:
        import pyglet

        self.window.switch_to()
        self._built_for = (self.window.width, self.window.height)
        self._measure()
        if hasattr(self, "batch"):  # built before: a resize
            self._delete_meshes()
        self.batch = pyglet.graphics.Batch()
        self.groups = [pyglet.graphics.Group(order=i) for i in range(GROUPS)]
        self.layers = {name: Layer(self.batch, order) for name, order in
                       (("active", 1), ("seeds", 2), ("hands", 3), ("badges", 4))}
        red, green, blue = (c / 255 for c in BACKGROUND)
        pyglet.gl.glClearColor(red, green, blue, 1.0)
        self.board = geometry.board(self.rules, self.seat, self.board_box())
        self.places = self.board.places
        self.backdrop, self._backdrop_burnt = None, None
        self.slot_lists: list = [None] * len(self.places)
        self.active_list = self.hand_list = self.badge_list = None
        self._build_labels()
        self._forget_values()
        self._shown: Frame | None = None
        self._hands_drawn: tuple | None = None
        self.refresh()


    def shown(self) -> Frame:
        """The frame on screen now."""
        if self.playback is not None:
            return self.playback.current()
        return self.picked or still_frame(self.game)

    def _follow_seeds(self, frame: Frame) -> set[int]:
        """Follow the seeds (their colours) through every frame of the move shown since the
        last call, as practice does; the slots whose seeds changed. A board that does not
        follow from the last (a new game, an undo, a loaded one) starts afresh."""
        in_hand = sum(seeds for _, _, seeds in frame.hands)
        if self.seeds is None:
            self.seeds = SeedTracker(frame.board, in_hand)
            return set(range(len(frame.board)))
        playback = self.playback
        passed = [frame]
        if playback is not None and self._followed and self._followed[0] is playback:
            passed = playback.frames[self._followed[1] + 1:playback.index + 1] or []
        self._followed = (playback, playback.index) if playback is not None else None
        moved = set()
        for shown in passed:
            moved |= self.seeds.follow(shown.board, sum(seeds for _, _, seeds in shown.hands))[0]
        if self.seeds.counts() != frame.board:  # not where the seeds went
            self.seeds.reset(frame.board, in_hand)
            moved = set(range(len(frame.board)))
        return moved

    def refresh(self) -> None:
        """Bring the picture in line with the game (cheap when nothing changed)."""
        frame = self.shown()
        if self._backdrop_burnt != frame.burnt:
            self._draw_backdrop(frame.burnt)
        before = self._shown
        moved = self._follow_seeds(frame)
        if before is None or before.board != frame.board or before.burnt != frame.burnt or moved:
            for slot, count in enumerate(frame.board):
                if before is None or before.board[slot] != count or before.burnt != frame.burnt or slot in moved:
                    self._draw_seeds(slot, count)
                    self._set_text(self.counts[slot], "" if slot in frame.burnt else str(count))
        if before is None or before.active != frame.active:
            self._draw_active(frame.active)
        at = self.hand_at  # (worked out once a frame: it follows two frames' hands)
        hands = (frame.hands, tuple(sorted(at.items())))  # the hands move between frames too
        if hands != self._hands_drawn:
            self._draw_hands(frame.hands, at)
            self._hands_drawn = hands
        self._shown = frame
        self._set_text(self.status, self._status(frame))
        self._set_text(self.note, self._note(frame))
        self._draw_panel()
        self._draw_banner()
        self._draw_values()

    # --- time ---------------------------------------------------------------------------
    def tick(self, seconds: float) -> None:
        """Animations advance; when they are done a computer player due to move starts
        thinking in the background, and its move is played once that is done; a hint found
        meanwhile is shown."""
        if self.hinting is not None and self.hinting.poll():
            self._hinted()
        self._poll_looking()
        self._keep_values()
        if self.saver.error != self._save_error:  # a background save failed (or works again)
            self._save_error = self.saver.error
            if self._save_error:
                self.message = self._save_error
        if self.playback is not None:
            self.playback.advance(seconds)
            if self.playback.done:
                self.playback = None
            return
        if self.thinking is not None:
            self.thinking.seconds += seconds
            if self.thinking.poll():
                self._computer_moved()
            return
        if self.session.computer_due():
            self.thinking = Thinking(self.session.computer_choices)

    def rest_seconds(self) -> float:
        """While a search runs or is due (the computer's move, a hint, values) it is looked for
        every frame; else nothing changes by itself but a background save's failure."""
        searching = any(search is not None for search in (self.hinting, self.thinking, self.looking))
        return FRAME_SECONDS if searching or self.session.computer_due() else MAX_REST_SECONDS

    def picture_key(self) -> object:
        """What time changes in the picture (pyglet_view draws a frame when it changes): every
        frame while a move is played; else the texts (the thinking dots turn 3 times a second)."""
        if self.playback is not None:
            return None
        return (self._status(self.shown()), self.message, self._save_error, self.game.over, len(self.game.log),
                self.looks_key())

    def _computer_moved(self) -> None:
        thinking, self.thinking = self.thinking, None
        assert thinking is not None, "called once the computer's search is done"
        if isinstance(thinking.error, SearchLost):  # killed from outside: searched again, once
            if self._search_lost:
                raise UserError(f"{thinking.error} twice (its process was killed from outside, or by the system "
                                "out of memory)")
            self._search_lost = True
            self.thinking = Thinking(self.session.computer_choices)
            return
        self._search_lost = False
        if thinking.error is not None:
            raise thinking.error
        before, logged = still_frame(self.game), len(self.game.log)
        events = self.session.apply(thinking.result)
        self.session.autosave()
        self._animate(events, before, logged)
        unseen = self.session.unseen(thinking.result)
        if unseen:
            self.message = unseen[0]

    def _thinking_sign(self) -> str:
        """ "North (search) is thinking (depth 5 reached) ..", the dots turning while it thinks."""
        thinking = self.thinking
        assert thinking is not None, "said while the computer thinks"
        dots = "." * (1 + int(thinking.seconds * 3) % 3)  # at the end, so nothing else moves
        depth = f" (depth {thinking.depth} reached)" if thinking.depth else ""
        return f"{self.session.thinking()}{depth} {dots}"

    def wait(self, seconds: float) -> None:
        """Scripted time: the computer's thinking takes none of it (the search is waited
        for), so scripts and tests see the same frames on every machine."""
        left = seconds
        while left > 1e-9:
            for search in (self.hinting, self.thinking, self.looking):
                if search is not None:
                    search.join()
            step = min(FRAME_SECONDS, left)
            self.tick(step)
            left -= step

    def _animate(self, events, before: Frame, logged: int) -> None:
        frames = frames_of(events, self.game, before)
        drops = max(1, len(frames) - 1)
        self.playback = Playback(frames, min(STEP_SECONDS, MOVE_SECONDS / drops))
        # Shown once the seeds have landed (the note says what happens meanwhile); at the
        # end, what can come next.
        said = self.game.log[logged:][-3:] + ([GAME_OVER] if self.game.over else [])
        self.message = self.saver.error or " | ".join(said)

    # --- input: every key, click and script line is a Command for `run` ------------------
    def run_command(self, command: Command) -> bool:
        """Carry out one command (a key's, a click's or a script's); False once it has
        closed the window."""
        name = command.name
        if name not in ("review", "wait", "screenshot", "skip"):  # back from a position picked in the review
            self.picked = None
        if name == "hole":
            self._sow_hole(command.hole())
        elif name == "review":
            self.review_panel()
        elif name in PANELS:
            self.panel = None if self.panel == name else name
        elif name == "skip":
            if self.playback is not None:
                self.playback.skip()
        elif name == "wait":
            self.wait(command.seconds())
        elif name == "screenshot":
            path = command.path()
            assert path is not None, "parse refuses a screenshot without a file"
            self.screenshot(path)
        elif name == QUIT:
            self.close()
            return False
        elif name == "save":
            self.save(command.path())
        else:
            {"undo": self.undo, "redo": self.redo, "hint": self.hint, "analyse": self.analyse,
             "concede": self.concede, "new": self.new_game}[name]()
        return True

    def _computer_thinking(self) -> bool:
        """Whether the computer's search is running (then nothing else may start: it says so)."""
        if self.thinking is not None:
            self.message = "Wait: the computer is thinking"
        return self.thinking is not None

    def _forget_hint(self) -> None:
        """The position changed: a hint still being searched would be about the old one."""
        if self.hinting is not None:
            self.hinting.cancel()
            self.hinting = None

    def slot_at(self, x: float, y: float) -> int | None:
        return geometry.slot_at(self.places, x, y)

    def _sow_hole(self, hole: int) -> None:
        human = self.session.human_to_move()
        if human is None:
            self.message = GAME_OVER if self.game.over else "Wait for your turn"
            return
        try:
            self.sow(self.game.slot_of(human, hole))
        except UserError as exc:
            self.message = str(exc)

    def sow(self, slot: int) -> None:
        """The human to move sows from `slot` (a slot of theirs)."""
        if self._computer_thinking():
            return
        self.playback = None  # a move still shown gives way: the board shows the game as it is
        human = self.session.human_to_move()
        if human is None or self.rules.owner(slot) != human:
            self.message = (GAME_OVER if self.game.over else "Wait for your turn") if human is None \
                else "That is not one of your holes"
            return
        before, logged = still_frame(self.game), len(self.game.log)
        try:
            events = self.session.move(self.game.hole_number(slot))  # a refusal is said to the player
        except UserError as exc:
            self.message = str(exc)[:1].upper() + str(exc)[1:]
            return
        self._forget_hint()
        self.panel = None
        self.session.autosave()
        self._animate(events, before, logged)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        self._quit_asked = False  # Esc must be pressed twice in a row
        if self.panel == "review" and self.pick_in_graph(x, y):
            return True
        if self.picked is not None:  # a click leaves the position picked in the review
            self.picked = None
            return True
        slot = self.slot_at(x, y)
        if slot is not None and self.rules.owner(slot) is not None:
            self.sow(slot)
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        from pyglet.window import key

        if symbol == key.ESCAPE and (self.panel is not None or self.picked is not None):  # first closes these
            self.panel = self.picked = None
            return True
        asked, self._quit_asked = self._quit_asked, False
        if symbol == key.ESCAPE and not asked and self._unsaved():  # one stray key must not lose a game
            self._quit_asked = True
            self.message = QUIT_ASKED
            return True
        command = key_command(symbol, modifiers, self.rules.holes_per_side)
        if command is not None:
            self.run_command(command)
        return True

    def _unsaved(self) -> bool:
        """Whether quitting now would lose moves: a game going on, moved in since it was
        last saved, without a --save file that keeps it (the moves, not their count: an undo
        and another move keep the count)."""
        game = self.game
        return not game.over and not self.session.save_path and tuple(game.moves) != self._saved_moves

    def undo(self) -> None:
        if self._computer_thinking():
            return
        self.playback = None
        self._forget_hint()
        self.message = "Undone." if self.session.undo() else "Nothing of yours to undo."
        if self.saver.error:
            self.message += f" ({self.saver.error})"

    def redo(self) -> None:
        if self._computer_thinking():
            return
        self.playback = None  # a move still shown gives way: the board shows the game as it is
        self._forget_hint()
        self.message = "Redone." if self.session.redo() else "Nothing undone to redo."

    def new_game(self) -> None:
        """N after the game's end: a new game, the same rules and players."""
        try:
            self.session.new_game()
        except UserError as exc:
            self.message = str(exc)[:1].upper() + str(exc)[1:]
            return
        self.playback = None
        self._forget_hint()
        for shape in self._graph_shapes:  # the old game's review goes with its panel
            shape.delete()
        self._init_values()
        self.panel = None
        self._saved_moves = ()
        self.message = "A new game. Click one of your holes (or type its number)."

    def concede(self) -> None:
        if self._computer_thinking():
            return
        try:
            self.session.concede()
        except UserError as exc:
            self.message = str(exc)
            return
        self.message = GAME_OVER  # what can come next; the status line says who won

    def hint(self) -> None:
        """Search a hint in the background; `_hinted` shows it."""
        if self._computer_thinking():  # a second search at once would halve the computer's time
            return
        if self.hinting is None:
            position = self.session.detached()  # a move made meanwhile must not change what it reads
            self.hinting = Thinking(lambda on_depth: position.hint())
            self.message = "Hint: searching ..."

    def _hinted(self) -> None:
        hinting, self.hinting = self.hinting, None
        assert hinting is not None, "called once the hint's search is done"
        if isinstance(hinting.error, UserError):
            self.message = str(hinting.error)
        elif isinstance(hinting.error, SearchLost):
            self.message = "Hint: the search was stopped from outside; ask again"
        elif hinting.error is not None:
            raise hinting.error
        else:
            hole, how = hinting.result
            self.message = f"Hint: hole {hole} ({how})"

    def save(self, path: str | None = None) -> None:
        try:
            self.message = f"Saved to {self.session.save(path)}"
            self._saved_moves = tuple(self.game.moves)
        except UserError as exc:
            self.message = str(exc)

    def close(self) -> None:
        for search in (self.hinting, self.thinking, self.looking):  # nothing they find is wanted any more
            if search is not None:
                search.cancel()
        self.saver.flush()  # the last move is in the --save file before the window goes
        super().close()




def run_game(session: Session, size: tuple[int, int] = WINDOW_SIZE, commands: str | None = None) -> int:
    """`ktane-congkak game` with a display: the window (after the `commands` script, if
    any), or the terminal if no window opens (a script needs the window: a UserError)."""
    script = parse_script(commands) if commands else []  # checked before anything opens
    for command in script:
        if command.name == "hole":
            session.game.slot_of(SOUTH, command.hole())  # a hole the board has not: refused now, with the range
    try:
        view = GameWindow(session, size=size)
    except Exception as exc:  # pyglet's display and context errors share no base class
        window_refused(exc, commands, "playing")
        from ..terminal import play

        return play(session)
    try:
        if not view.run_script(script):
            return 0
    except UserError:
        view.close()
        raise
    if not view.closed:
        view.run()
    return 0


__all__ = ["GameWindow", "run_game"]
