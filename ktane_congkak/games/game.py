"""A whole game under a ruleset: whose turn, the end, rounds and the simultaneous start.

It decides extra turns, passes, the end and the final count, rounds with refills and burnt
houses, and the simultaneous (lockstep) start.

Players are SOUTH (= YOU, slot 0 side) and NORTH (= OPPONENT). The sowing itself is
`ktane_congkak.core.sowing`; this module only decides who moves and when the game ends.

The simultaneous start (`game.first_move: simultaneous`), precisely:

1. Both players choose a hole without seeing the other's choice; then South's hand
   picks up, then North's.
2. Each tick every sowing hand drops one seed: South's hand first, and if that was its
   last seed it is resolved (relay, capture, store...) before North's hand drops. So two
   hands reaching the same hole in one tick both drop there, South's seed first, and a
   relay pick-up takes every seed in the hole, the other hand's included.
3. A hand whose last seed lands in its own store (an extra turn) stops the clock: that
   player chooses another hole on the board as it is, then the ticks go on. With no
   seeds on its side it simply stops.
4. Once both hands have stopped, the player whose hand stopped first moves next (when
   it stopped, "it is the opponent's turn now", and the opponent's turn was still
   running); hands stopping in the same tick stop in the order of rule 2, South first.
   From then on turns alternate as usual.

Rounds (`game.rounds: until_no_houses`): when a round ends each player refills their
houses from their store, `seeds_per_hole` to a house, starting with the house next to
their store; houses that cannot be filled are burnt and skipped by all sowing (with
`game.burnt_houses: permanent` a burnt house is never filled again). A player
who cannot fill a single house has lost. The loser of a round (fewer seeds) starts the
next one; after a tie both start simultaneously again (or South, without a simultaneous
start). Seed 000 ends the game only when a player "loses all his houses or concedes
defeat", and two players who each keep more seeds than their houses hold can go round
for ever: after MAX_ROUNDS rounds the player with fewer seeds concedes (the more seeds
win, a tie is a draw). A round also ends after MAX_TURNS turns, a safety net only.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..core.board import Slots
from ..errors import UserError
from ..core.explain import plural
from ..files import dump_yaml, write_atomic
from ..core.rules import Ruleset, builtin_name, builtin_names, load_ruleset, spoken_range
from ..core.sowing import EXTRA_TURN, SOWING, Hand, legal_starts, lockstep_tick, pick_up, play_turn
from .positions import NORTH, SOUTH, end_words, round_over
from .settings import GAME_RULES

SIDE_NAMES = ("South", "North")
MAX_TURNS = 3000  # per round
MAX_ROUNDS = 40
MAX_SEEDS = 1000  # in a position set up by hand (a loaded game's start): the rulesets have at most 216
SAVE_FORMAT = 1
SAVE_FIELDS = ("format", "kind", "rules", "start", "moves", "position")


@dataclass
class State:
    """Everything that changes during a game (copied whole for undo)."""

    board: list[int]
    burnt: frozenset = frozenset()
    waiting: tuple[int, ...] = ()  # players who must choose a hole now
    hands: list[Hand | None] | None = None  # lockstep: a Hand (or None: choosing) per player
    stopped: list[int] = field(default_factory=list)  # lockstep: hands in the order they stopped
    pending: dict = field(default_factory=dict)  # lockstep: choices waiting for the other's
    round: int = 1
    turns: int = 0  # turns played this round
    over: bool = False
    winner: int | None = None  # None with `over`: a draw
    result: str = ""
    round_scores: list = field(default_factory=list)  # (south, north) seeds at each round's end


class Game:
    """A game in progress. `waiting` says who must choose; `move(player, slot)` plays."""

    def __init__(self, rules: Ruleset | str = GAME_RULES):
        self.rules = load_ruleset(rules) if isinstance(rules, str) else rules
        # How a save names the ruleset: a built-in name or a ruleset file's absolute path
        # (None: a ruleset made in code, which a save could not load again).
        self.rules_ref = ruleset_ref(rules) if isinstance(rules, str) else (
            self.rules.name if _is_builtin(self.rules) else None)
        self.state = State(board=list(self.rules.fresh_board()))
        self.moves: list[tuple[int, int]] = []  # (player, slot): the whole game, for saving
        self.log: list[str] = []  # what happened, in words
        # What the latest move did: ('turn', Turn), ('lockstep', ticks) with ticks a tuple
        # of (board after the tick, the tick's events), ('pass', player), ('round_end', round,
        # scores, the board counted, words), ('refill', board, burnt, words), ('game_over', ...).
        self.last: list = []
        self._undo: list = []
        self.start: dict | None = None  # a position the game was set up from (saved with it)
        self._begin_round(self.rules.first_move == "simultaneous")

    @classmethod
    def at(cls, rules: Ruleset | str, board: Slots, waiting: Sequence[int] = (SOUTH,), burnt: Iterable[int] = (),
           round: int = 1) -> Game:
        """A game from a given position: `waiting` (SOUTH,), (NORTH,) or both (a
        simultaneous start)."""
        game = cls(rules)
        board = [int(x) for x in board]
        if len(board) != game.rules.size or min(board) < 0 or sum(board) > MAX_SEEDS:
            raise UserError(f"a position needs {game.rules.size} counts, none negative, "
                            f"at most {MAX_SEEDS} seeds in all")
        if any(not 0 <= s < game.rules.size or game.rules.owner(s) is None or board[s] for s in burnt):
            raise UserError("only holes can be burnt, and a burnt house holds no seeds")
        waiting = tuple(sorted(set(waiting)))
        if not waiting or not set(waiting) <= {SOUTH, NORTH}:
            raise UserError("someone must be waiting to move: South, North or both")
        if not 1 <= round <= MAX_ROUNDS:
            raise UserError(f"the round must be from 1 to {MAX_ROUNDS}")
        game.state = State(board=board, burnt=frozenset(burnt), round=round)
        game.log = []
        game._begin_round(len(waiting) == 2, first=waiting[0])
        if len(waiting) == 1:
            game._next(waiting[0])  # a position already at its end is counted; a player without seeds passes
        game.start = {"board": board, "burnt": sorted(burnt), "round": round,
                      "waiting": [SIDE_NAMES[p].lower() for p in waiting]}
        return game

    # --- what a player sees ---------------------------------------------------------
    @property
    def board(self) -> list[int]:
        return self.state.board

    @property
    def waiting(self) -> tuple[int, ...]:
        return self.state.waiting

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def burnt(self) -> frozenset:
        return self.state.burnt

    @property
    def lockstep(self) -> bool:
        return self.state.hands is not None

    def to_move(self) -> int | None:
        """The one player to move in alternating play (the first waiting one otherwise);
        benchmarks/bench_ai.py uses it."""
        return self.state.waiting[0] if self.state.waiting else None

    def legal(self, player: int) -> list[int]:
        if self.state.over or player not in self.state.waiting or player in self.state.pending:
            return []
        return legal_starts(self.state.board, self.rules, player)

    def why_not(self, player: int, slot: int) -> str:
        """Why `player` may not sow from `slot` now, in words that fit any speaker."""
        if slot in self.state.burnt:
            return "it is burnt"
        if self.rules.owner(slot) != player:
            return "it is on the other side"
        return "it is empty" if not self.state.board[slot] else "not now"

    def store(self, player: int) -> int:
        return self.state.board[self.rules.store(player)]

    def hole_number(self, slot: int) -> int:
        """1..n: a player's holes counted in sowing order."""
        return slot + 1 if slot < self.rules.holes_per_side else slot - self.rules.holes_per_side

    def slot_of(self, player: int, hole: int) -> int:
        n = self.rules.holes_per_side
        if not 1 <= hole <= n:
            raise UserError(f"hole {hole} does not exist: holes are {spoken_range(1, n)}")
        return hole - 1 if player == SOUTH else n + hole

    # --- playing --------------------------------------------------------------------
    def move(self, player: int, slot: int) -> list:
        """`player` sows from `slot`; returns (and keeps in `last`) what happened."""
        if self.state.over:
            raise UserError("the game is over")
        if player not in self.state.waiting or player in self.state.pending:
            raise UserError(f"it is not {SIDE_NAMES[player]}'s turn")
        if slot not in self.legal(player):
            raise UserError(f"{SIDE_NAMES[player]} cannot sow from hole {self.hole_number(slot)}: "
                            f"{self.why_not(player, slot)}")
        self._undo.append((copy.deepcopy(self.state), len(self.moves), len(self.log)))
        self.moves.append((player, slot))
        self.last = []
        if self.state.hands is not None:
            self._lockstep_choice(player, slot)
        else:
            self._turn(player, slot)
        return self.last

    def clone(self) -> Game:
        """A copy to try moves on (no history, no undo): the computer players' scratch pad."""
        other = Game.__new__(Game)
        other.rules, other.rules_ref, other.state = self.rules, self.rules_ref, copy.deepcopy(self.state)
        other.moves, other.log, other.last, other._undo = [], [], [], []
        return other

    def has_chosen(self, player: int) -> bool:
        """Whether `player` has chosen its hole of a simultaneous start, to be sown with the
        other's choice."""
        return player in self.state.pending

    def clone_unchosen(self, player: int) -> Game:
        """A `clone` in which `player` has not yet chosen its hole of a simultaneous start:
        the game as the other player may reason about it (a choice made is not seen)."""
        other = self.clone()
        other.state.pending.pop(player, None)
        return other

    def concede(self, player: int) -> None:
        """`player` concedes defeat ("or concedes defeat"): the other wins."""
        if self.state.over:
            raise UserError("the game is over")
        self._undo.append((copy.deepcopy(self.state), len(self.moves), len(self.log)))
        self.moves.append((player, -1))
        self.last = []
        self._finish(1 - player, f"{SIDE_NAMES[player]} concedes")

    def undo(self) -> bool:
        """Take back the latest move (a lockstep choice counts as one)."""
        if not self._undo:
            return False
        self.state, moves, logs = self._undo.pop()
        del self.moves[moves:], self.log[logs:]
        self.last = []
        return True

    def _turn(self, player: int, slot: int) -> None:
        turn = play_turn(self.state.board, self.rules, player, slot, self.state.burnt)
        self.state.board = list(turn.after)
        self.state.turns += 1
        self.last.append(("turn", turn))
        self._say(f"{SIDE_NAMES[player]} sows hole {self.hole_number(slot)}: {self._turn_words(turn)}")
        self._next(player if turn.end == EXTRA_TURN else 1 - player)

    def _turn_words(self, turn) -> str:
        """ "15 drops, 1 relay; the last seed captures": relays only where the ruleset has them."""
        relays = f", {plural(turn.relays, 'relay')}" if self.rules.on_occupied_hole == "relay" else ""
        return f"{plural(turn.drops, 'drop')}{relays}; {end_words(turn.end, turn.after, self.rules, turn.player)}"

    def _next(self, player: int) -> None:
        """A turn has ended and `player` is due to move: end the round, pass, or wait."""
        st = self.state
        if self._round_over():
            self._end_round()
            return
        if not legal_starts(st.board, self.rules, player):  # only with all_holes_empty
            self._say(f"{SIDE_NAMES[player]} has no seeds and passes")
            self.last.append(("pass", player))
            player = 1 - player
        st.waiting = (player,)

    def _round_over(self) -> bool:
        return self.state.turns >= MAX_TURNS or round_over(self.state.board, self.rules)

    # --- the simultaneous start ---------------------------------------------------------
    def _lockstep_choice(self, player: int, slot: int) -> None:
        st = self.state
        st.pending[player] = slot
        if set(st.pending) != set(st.waiting):
            return  # the other hand has not chosen yet
        hands = st.hands
        assert hands is not None, "only a simultaneous start has hands to choose"
        pickups = []
        for p in sorted(st.pending):
            hand = hands[p] = pick_up(st.board, p, st.pending[p], self.rules)
            pickups.append(("pickup", p, st.pending[p], hand.seeds))
            self._say(f"{SIDE_NAMES[p]} picks up hole {self.hole_number(st.pending[p])} "
                      f"({plural(hand.seeds)})")
        st.pending = {}
        st.waiting = ()
        self._run_lockstep([(tuple(st.board), tuple(pickups))])

    def _run_lockstep(self, ticks: list) -> None:
        """Tick the hands on until someone must choose or both have stopped. Each tick is
        recorded as (the board after it, what happened in it): the front ends show those
        boards and apply nothing themselves."""
        st = self.state
        hands = st.hands
        assert hands is not None, "only a simultaneous start has hands to tick"
        for _ in range(100_000):  # every lap feeds a store: this always ends far sooner
            choosing = []
            for p in (SOUTH, NORTH):
                hand = hands[p]
                if hand is None or hand.end == SOWING or p in st.stopped:
                    continue
                if hand.end == EXTRA_TURN and legal_starts(st.board, self.rules, p):
                    hands[p] = None
                    choosing.append(p)
                    self._say(f"{SIDE_NAMES[p]}'s last seed is in their store: another hole")
                else:
                    st.stopped.append(p)
                    self._say(f"{SIDE_NAMES[p]}'s hand stops: {end_words(hand.end, st.board, self.rules, p)}")
            if choosing:
                st.waiting = tuple(choosing)
                break
            if len(st.stopped) == 2:
                break
            happened: list[tuple] = []
            lockstep_tick(st.board, self.rules, hands, st.burnt, happened)
            ticks.append((tuple(st.board), tuple(happened)))
        self.last.append(("lockstep", tuple(ticks)))
        if len(st.stopped) == 2:
            first = st.stopped[0]
            st.hands, st.stopped = None, []
            st.turns += 1
            self._say(f"Both hands have stopped; {SIDE_NAMES[first]}'s stopped first")
            self._next(first)

    # --- rounds and the end -------------------------------------------------------------
    def _begin_round(self, simultaneous: bool, first: int = SOUTH) -> None:
        st = self.state
        st.turns = 0
        round_ = f"Round {st.round}: " if self.rules.rounds != "single" else ""
        if simultaneous:
            st.hands, st.stopped, st.pending = [None, None], [], {}
            st.waiting = (SOUTH, NORTH)
            self._say(f"{round_}{'b' if round_ else 'B'}oth players start at once")
        else:
            st.waiting = (first,)
            self._say(f"{round_}{SIDE_NAMES[first]} starts")

    def _end_round(self) -> None:
        st, rules = self.state, self.rules
        for p in (SOUTH, NORTH):  # the seeds left on a side go to its owner's store
            for s in rules.holes(p):
                st.board[rules.store(p)] += st.board[s]
                st.board[s] = 0
        scores = (self.store(SOUTH), self.store(NORTH))
        st.round_scores.append(scores)
        self._say(f"{'Round ' + str(st.round) if rules.rounds != 'single' else 'The game'} ends: "
                  f"South {scores[0]}, North {scores[1]}")
        self.last.append(("round_end", st.round, scores, tuple(st.board), self.log[-1]))
        leader = None if scores[0] == scores[1] else int(scores[1] > scores[0])
        if rules.rounds == "single":
            self._finish(leader, f"South {scores[0]} - North {scores[1]}")
            return
        if st.round >= MAX_ROUNDS:  # the player behind concedes (see the module docstring)
            self._finish(leader, f"South {scores[0]} - North {scores[1]} after {MAX_ROUNDS} rounds: "
                                 "the player behind concedes")
            return
        houses = [self._refill(p) for p in (SOUTH, NORTH)]
        for p in (SOUTH, NORTH):
            if not houses[p]:
                self._finish(1 - p, f"{SIDE_NAMES[p]} cannot fill a single house")
                return
        st.burnt = frozenset(s for p in (SOUTH, NORTH) for s in rules.holes(p) if s not in houses[p])
        said = len(self.log)
        for p in (SOUTH, NORTH):
            for s in houses[p]:
                st.board[s] = rules.seeds_per_hole
                st.board[rules.store(p)] -= rules.seeds_per_hole
            if st.burnt & set(rules.holes(p)):
                burnt = sorted(self.hole_number(s) for s in st.burnt if rules.owner(s) == p)
                self._say(f"{SIDE_NAMES[p]}'s burnt houses: {', '.join(map(str, burnt))}")
        st.round += 1
        if leader is None:
            self._begin_round(rules.first_move == "simultaneous")
        else:
            self._begin_round(False, first=1 - leader)  # "The loser gets to start"
        self.last.append(("refill", tuple(st.board), st.burnt, ". ".join(self.log[said:])))

    def fill_order(self, player: int) -> list[int]:
        """The houses a player refills, first to last: the one next to their store first
        ("Beginning from left to right" from the player's seat, the store on the left)."""
        store, size = self.rules.store(player), self.rules.size
        return sorted(self.rules.holes(player), key=lambda s: min((store - s) % size, (s - store) % size))

    def _refill(self, player: int) -> list[int]:
        """The houses `player` can fill this round from their store."""
        order = self.fill_order(player)
        if self.rules.burnt_houses == "permanent":
            order = [s for s in order if s not in self.state.burnt]
        return order[: self.store(player) // self.rules.seeds_per_hole]

    def _finish(self, winner: int | None, how: str) -> None:
        st = self.state
        st.over, st.winner, st.waiting = True, winner, ()
        st.hands, st.pending = None, {}
        who = "a draw" if winner is None else f"{SIDE_NAMES[winner]} wins"
        st.result = f"{who} ({how})"
        self.last.append(("game_over", winner, st.result))
        self._say(f"Game over: {st.result}")

    def _say(self, line: str) -> None:
        self.log.append(line)

    # --- saving and resuming ------------------------------------------------------------
    def to_dict(self, **extra: object) -> dict:
        """The game as YAML-ready data: the ruleset, every move, and the position reached
        (checked when the game is loaded)."""
        if self.rules_ref is None:
            raise UserError(f"the ruleset '{self.rules.name}' is neither built in nor a file: "
                            "a game under it cannot be saved")
        moves = self.move_words()
        st = self.state
        return {
            "format": SAVE_FORMAT,
            "kind": "ktane-congkak game",
            "rules": self.rules_ref,
            **{k: v for k, v in extra.items() if k not in SAVE_FIELDS},
            **({"start": self.start} if self.start else {}),
            "moves": moves,
            "position": {"board": " ".join(map(str, st.board)), "burnt": sorted(st.burnt), "round": st.round,
                         "waiting": [SIDE_NAMES[p].lower() for p in st.waiting], "over": st.over},
        }

    def move_words(self) -> list[str]:
        """Every move as a save writes it: "south 4", "north concedes"."""
        return [f"{SIDE_NAMES[p].lower()} {'concedes' if s < 0 else self.hole_number(s)}" for p, s in self.moves]

    def save(self, path: str | os.PathLike, **extra: object) -> None:
        write_atomic(path, self.save_text(**extra))

    def save_text(self, **extra: object) -> str:
        """The saved game's text (`save` writes it)."""
        return "# A ktane-congkak game: `ktane-congkak game --load FILE` resumes it.\n" + dump_yaml(self.to_dict(**extra))


def _is_builtin(rules: Ruleset) -> bool:
    return rules.name in builtin_names() and load_ruleset(rules.name) is rules


def ruleset_ref(name_or_path: str) -> str:
    """How a save names a ruleset given as `name_or_path`: a built-in name as it is, a
    file by its absolute path (so the save loads from any folder)."""
    return builtin_name(name_or_path) or os.path.abspath(name_or_path)


# --- loading a saved game: every field checked, any problem one line naming it -----------
