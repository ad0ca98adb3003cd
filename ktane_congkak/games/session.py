"""A game against the computer as both front ends play it (the game's `Session`).

The game, who plays which side, the computer's moves, undo, hint and saving. The terminal
(terminal.py) and the window (window.py) only draw it.
"""

from __future__ import annotations

import copy
import os
import random
from pathlib import Path
from collections.abc import Callable, Iterable

from ..core.board import Slots
from ..core.explain import plural
from ..errors import UserError, shown
from ..core.rules import builtin_name
from ..files import check_name, check_not_in_use, same_file, write_atomic
from .ai import SearchPlayer, make_player
from .analysis import Analysis, Limits, analyse, limits_for, outcome_words
from .game import NORTH, SIDE_NAMES, SOUTH, Game
from .saves import side_list
from .series import Score, first_side, fresh_game, record_game, starter
from .settings import DEFAULT_BUDGET, DEFAULT_FIRST, DEFAULT_LEVEL, MAX_BUDGET, MAX_DEPTH, MIN_BUDGET, OPPONENTS

SAVE_NAME = "congkak-game.yaml"  # where `save` without a file name writes, in the current folder
MAX_SAVE_NUMBER = 999  # congkak-game-999.yaml at most: the search for a free name is bounded


class Session:
    """One game between people (`humans`) and the computer (`opponent` kind).

    The seed makes the random and greedy players' choices reproducible. The search player
    stops thinking when its `budget` (seconds a move) is spent, so its moves depend on the
    machine; with a `depth` it searches that many moves ahead, however long that
    takes (the budget is then unused), and its moves, and the hints, are reproducible."""

    def __init__(self, game: Game, humans: Iterable[int] = (SOUTH,), opponent: str = DEFAULT_LEVEL, seed: int | float | str | None = None,
                 budget: float = DEFAULT_BUDGET, save_path: str | None = None, hint_budget: float = 0.5,
                 depth: int | None = None, first: str = DEFAULT_FIRST, record_path: Path | None = None,
                 load_path: str | None = None):
        self.game, self.humans = game, tuple(sorted(set(humans)))
        self.load_path = load_path  # the file the game was loaded from (--load), which no save or export replaces
        self.first, self.record_path = first, record_path  # who starts each new game; the record's file (None: none)
        self.score = Score()  # the games of this session that ended
        self.record_warning: str | None = None  # why the latest game was not added to the record
        self._settled: Game | None = None  # the game last added to the score (a game counts once)
        if seed is None:  # a seed of its own, saved with the game, so a resumed game goes on identically
            seed = str(random.randrange(10**6))
        self.opponent, self.seed, self.budget, self.depth = opponent, seed, budget, depth
        self.save_path, self.hint_budget = save_path, hint_budget
        self.save_error: str | None = None  # why the latest autosave failed (the game goes on)
        self.saved_to: str | None = None  # the file a save without a name went to
        self.write: Callable[[str | os.PathLike, str], None] = write_atomic  # how the --save file is written (a window writes it in the background)
        self._redo: list[list[tuple[int, int]]] = []  # the moves each undo took back, latest last
        if opponent != "human":
            make_player(opponent)  # an unknown kind is a UserError now, not mid-game

    # --- who is who ----------------------------------------------------------------
    def name(self, player: int) -> str:
        if player in self.humans:
            return f"{SIDE_NAMES[player]} (you)" if len(self.humans) == 1 else SIDE_NAMES[player]
        return f"{SIDE_NAMES[player]} ({self.opponent})"

    def human_to_move(self) -> int | None:
        """The human whose choice the game waits for, if any."""
        for p in self.game.waiting:
            if p in self.humans and p not in self.game.state.pending:
                return p
        return None

    def computer_due(self) -> list[int]:
        """Computer players whose choice the game waits for (they choose before any person
        at a simultaneous start, so they never see a person's hole)."""
        game = self.game
        return [] if game.over else [p for p in game.waiting if p not in self.humans and p not in game.state.pending]

    # --- moves ---------------------------------------------------------------------
    def computer_moves(self, on_depth: Callable[[int, int], None] | None = None) -> list:
        """Let the computer play every choice it owes; returns what happened. `on_depth`
        (player, depth) hears the search's progress."""
        events = []
        while not self.game.over:
            choices = self.computer_choices(on_depth)
            if not choices:
                break
            events += self.apply(choices)
        return events

    def computer_choices(self, on_depth: Callable[[int, int], None] | None = None) -> list[tuple[int, int]]:
        """The (player, slot) choices the computer owes now, all made on the same position
        before any is applied (at a simultaneous start it cannot see the other hand's hole).
        Reads the game and changes nothing, so a window can run it in a thread."""
        return [(p, self._computer(p, on_depth).choose(self.game, p)) for p in self.computer_due()]

    def apply(self, choices: list[tuple[int, int]]) -> list:
        """Play the choices `computer_choices` made; returns what happened."""
        events = []
        for p, slot in choices:
            events += self.game.move(p, slot)
        return events

    def _computer(self, player: int, on_depth=None):
        # Seeded by the move number, so a resumed game goes on exactly as it would have.
        seed = f"{self.seed}:{len(self.game.moves)}:{player}"
        told = (lambda depth: on_depth(player, depth)) if on_depth else None
        if self.depth is not None:
            return make_player(self.opponent, seed=seed, budget=float("inf"), max_depth=self.depth, on_depth=told)
        return make_player(self.opponent, seed=seed, budget=self.budget, on_depth=told)

    def move(self, hole: int) -> list:
        """The person to move sows their hole `hole` (the computer's reply is not made yet)."""
        player = self.human_to_move()
        if player is None:
            raise UserError("the game is over" if self.game.over else "it is not your turn")
        slot = self.game.slot_of(player, hole)
        if len(self.humans) == 1 and slot not in self.game.legal(player):  # said to the player, as "you"
            raise UserError(f"you cannot sow from hole {hole}: {self.game.why_not(player, slot)}")
        events = self.game.move(player, slot)
        self._redo.clear()  # a new move: what was undone can no longer be played again
        return events

    def play(self, hole: int) -> list:
        """Your move and the computer's replies, then the autosave."""
        events = self.move(hole)
        events += self.computer_moves()
        self.autosave()
        return events

    def concede(self) -> None:
        """The person to move concedes (the first person playing, when none is to move),
        then the autosave."""
        player = self.human_to_move()
        self.game.concede(self.humans[0] if player is None else player)
        self._redo.clear()
        self.autosave()

    def new_game(self) -> None:
        """Once the game is over, a new one of the same rules between the same players (the
        finished one stays in the --save file until the new game's first move)."""
        if not self.game.over:
            raise UserError("the game is not over: a new one starts after its end (concede ends it)")
        self.settle()
        fresh = fresh_game(self.game.rules, first_side(self.first, self.humans, starter(self.game)))
        fresh.rules_ref = self.game.rules_ref
        self.game = fresh
        self._redo.clear()

    def settle(self) -> None:
        """Once the game is over: count it in the session's score and, against the computer,
        add it to the record (once a game; an undo does not take it back)."""
        game = self.game
        if not game.over or self._settled is game:
            return
        self._settled = game
        self.score.add(game)
        if self.record_path is not None and self.opponent != "human" and len(self.humans) == 1:
            self.record_warning = record_game(self.record_path, game, self.humans[0], self.opponent)

    def score_words(self) -> str:
        """The running score ("Games: you 2, medium 1, drawn 0; seeds ..."), "" before any ended."""
        south, north = ("you" if p in self.humans and len(self.humans) == 1 else
                        SIDE_NAMES[p] if p in self.humans else self.opponent for p in (SOUTH, NORTH))
        return self.score.words((south, north), self.humans[0])

    def undo(self) -> bool:
        """Back to the position before your last move (`redo` plays it again)."""
        game = self.game
        if not any(p in self.humans for p, _ in game.moves):
            return False
        undone = []
        while game.moves:
            undone.append(game.moves[-1])
            game.undo()
            if undone[-1][0] in self.humans and self.human_to_move() is not None:
                break
        self._redo.append(undone[::-1])
        self.autosave()
        return True

    def redo(self) -> bool:
        """Play again the moves the latest undo took back (yours and the replies as they were)."""
        if not self._redo:
            return False
        for player, slot in self._redo.pop():
            if slot < 0:
                self.game.concede(player)
            else:
                self.game.move(player, slot)
        self.autosave()
        return True

    # --- looking at the game --------------------------------------------------------
    def analysis_limits(self) -> Limits:
        """How hard `analyse` and the review look: as deep as --depth, else as the expert level."""
        return limits_for(depth=self.depth)

    def analysis(self) -> Analysis:
        """Every move of the person to move, valued."""
        player = self.human_to_move()
        if player is None:
            raise UserError("the game is over" if self.game.over else "it is not your turn")
        return analyse(self.game, player, self.analysis_limits())

    def detached(self) -> Session:
        """A copy on a clone of the game: a search in the background (a hint) reads it
        while the game itself goes on."""
        other = copy.copy(self)
        other.game = self.game.clone()
        return other

    def hint(self) -> tuple[int, str]:
        """(hole, how it was found) the search player would choose for you."""
        player = self.human_to_move()
        if player is None:
            raise UserError("no move of yours to hint at")
        if self.depth is not None:  # as deep as the computer plays, and as reproducible
            search = SearchPlayer(budget=float("inf"), max_depth=self.depth, rng=random.Random(0), exact_endgames=True)
        else:
            search = SearchPlayer(budget=self.hint_budget, rng=None, exact_endgames=True)
        slot = search.choose(self.game, player)
        if self.game.lockstep:
            how = "the best against every hole the other hand may start from"
        elif search.proven is not None:
            how = f"{outcome_words(search.proven)} with best play"
        elif len(self.game.legal(player)) == 1:
            how = "the only hole you can sow"
        else:
            how = f"searched {plural(search.depths[-1], 'move')} ahead"
        return self.game.hole_number(slot), how

    def settings(self) -> dict:
        """Who plays and how, saved beside the game (`load_settings` reads them back)."""
        return {"you": [SIDE_NAMES[p].lower() for p in self.humans],
                "opponent": self.opponent, "seed": str(self.seed),
                "budget": self.budget, **({"depth": self.depth} if self.depth is not None else {})}

    def files_in_use(self) -> list[tuple[str, str | None]]:
        """The files this game reads or writes, (what, path): no typed save or export may
        write over them (files.check_not_in_use compares them as files, not as path text)."""
        rules = self.game.rules_ref
        return [("the ruleset file of this game", None if rules is None or builtin_name(rules) else rules),
                ("the --load file (the game loaded)", self.load_path), ("the --save file", self.save_path),
                ("the record of your games", None if self.record_path is None else str(self.record_path))]

    def check_writable(self, path: str, save: bool) -> None:
        """Refuse `path` if it is a file in use. A save (`save`) may go to the --save file,
        its own place, and so to the --load file when that is the --save file too (the game
        goes on in it); an export to neither."""
        check_name(path)
        in_use = self.files_in_use()
        if save and self.save_path and same_file(path, self.save_path, to_be=True):
            in_use = [(what, used) for what, used in in_use if used not in (self.save_path, self.load_path)]
        check_not_in_use(path, in_use, to_be=True)  # the record, the --save file: made later

    def export(self, path: str, text: str) -> str:
        """Write the game's text record to `path`, never over a file in use; where it went."""
        self.check_writable(path, save=False)
        write_atomic(path, text)
        return str(path)

    def save(self, path: str | None = None) -> str:
        """Save to `path`, else the --save file, else a file of this game's own in the
        current folder (SAVE_NAME, numbered past any saved there before: another game's
        save is never overwritten). Never over the ruleset, the --load file (unless it is
        the --save file too) or the record. Returns where it went."""
        if path:
            self.check_writable(path, save=True)
        elif self.save_path:
            path = self.save_path
        else:
            if self.saved_to is None:
                self.saved_to = unused_name(SAVE_NAME)
            path = self.saved_to
        self.game.save(path, **self.settings())
        return str(path)

    def autosave(self) -> None:
        """Save to the --save file, if any. A failure does not stop the game: it is kept
        in `save_error` for the front end to show (None after a save that worked). A game
        that has just ended is counted first (`settle`)."""
        self.settle()
        self.save_error = None
        if self.save_path:
            try:
                self.write(self.save_path, self.game.save_text(**self.settings()))
            except UserError as exc:
                self.save_error = f"not saved: {exc}"
        if self.record_warning:  # said where a failed save is said, once
            self.save_error = "; ".join(filter(None, [self.save_error, self.record_warning]))
            self.record_warning = None

    # --- what to show --------------------------------------------------------------
    def thinking(self) -> str:
        """ "North (search) is thinking": the computer players whose choice is being searched."""
        due = self.computer_due()
        return f"{' and '.join(self.name(p) for p in due)} {'are' if len(due) > 1 else 'is'} thinking"

    def unseen(self, choices: list[tuple[int, int]]) -> list[str]:
        """A line for each of the computer's `choices` kept hidden until a person chooses
        (at a simultaneous start)."""
        return [f"{SIDE_NAMES[p]} has chosen a hole: it shows when you choose yours."
                for p, _ in choices if self.game.has_chosen(p)]

    def scores(self, board: Slots | None = None) -> str:
        """Both stores, from `board` (what is on screen) or the game's position."""
        board = self.game.board if board is None else board
        rules = self.game.rules
        return (f"{self.name(SOUTH)} {board[rules.store(SOUTH)]}, "
                f"{self.name(NORTH)} {board[rules.store(NORTH)]} in store")

    def status(self, board: Slots | None = None, round_number: int | None = None) -> str:
        """One line: the round (where the ruleset has rounds), the scores, whose turn.
        With `board` (a move still being shown, in round `round_number`) the scores are
        that board's and the rest waits for the move to land."""
        game = self.game
        round_number = game.state.round if round_number is None else round_number
        round_ = f"Round {round_number}: " if game.rules.rounds != "single" else ""
        if board is not None:
            return f"{round_}{self.scores(board)}."
        if game.over:
            return f"{round_}{self.scores()}. Game over: {game.state.result}"
        if len(game.waiting) == 2:
            turn = "Both choose a hole at once"
        else:
            turn = f"{self.name(game.waiting[0])} to move"
        hands = [h for h in game.state.hands or () if h is not None and h.seeds]
        held = "".join(f" ({SIDE_NAMES[h.player]}'s hand holds {plural(h.seeds)})" for h in hands)
        return f"{round_}{self.scores()}. {turn}{held}"




def unused_name(name: str) -> str:
    """`name`, or the first of name-2, name-3, ... (before its extension) that no file has."""
    stem, dot, extension = name.rpartition(".")
    for number in range(1, MAX_SAVE_NUMBER + 1):
        candidate = name if number == 1 else f"{stem}-{number}{dot}{extension}"
        if not os.path.exists(candidate):
            return candidate
    raise UserError(f"{MAX_SAVE_NUMBER} saved games named {name} here already: save FILE names another")


def load_settings(data: dict, origin: str) -> dict:
    """The session settings of a saved game (`Session.settings`), each checked: returns
    the ones the file gives as {"humans", "opponent", "seed", "budget", "depth"}; a bad one is a
    UserError naming `origin` and the field."""
    settings = {}
    if data.get("opponent") is not None:
        opponent = data["opponent"]
        if opponent not in OPPONENTS:
            raise UserError(f"{origin}: 'opponent' must be one of {', '.join(OPPONENTS)}, got {shown(opponent)}")
        settings["opponent"] = opponent
    if data.get("you") is not None:
        you = data["you"]
        humans = side_list([you] if isinstance(you, str) else you)
        if not humans:
            raise UserError(f"{origin}: 'you' must be a list of south and north, got {shown(data['you'])}")
        settings["humans"] = tuple(humans)
    if data.get("seed") is not None:
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, (str, int)):
            raise UserError(f"{origin}: 'seed' must be a word or a number, got {shown(seed)}")
        settings["seed"] = str(seed)
    if data.get("budget") is not None:
        budget = data["budget"]
        if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not MIN_BUDGET <= budget <= MAX_BUDGET:
            raise UserError(f"{origin}: 'budget' must be from {MIN_BUDGET:g} to {MAX_BUDGET:g} seconds, "
                            f"got {shown(budget)}")
        settings["budget"] = float(budget)
    if data.get("depth") is not None:
        depth = data["depth"]
        if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= MAX_DEPTH:
            raise UserError(f"{origin}: 'depth' must be a whole number from 1 to {MAX_DEPTH}, got {shown(depth)}")
        settings["depth"] = depth
    return settings
