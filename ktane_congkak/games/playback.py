"""A move shown seed by seed: the frames of what it did, and their playback in time.

The game window (window.py) draws the frame on screen now; this says nothing of pixels
and imports no pyglet. Each frame says what is happening as it happens: a hole sown, a
relay, a capture, both hands at a simultaneous start, a round's end and the refill.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.explain import plural
from ..core.sowing import replay
from .game import SIDE_NAMES, Game
from .positions import end_words

STEP_SECONDS = 0.12  # one dropped seed
MOVE_SECONDS = 5.0  # the longest a single move's drops may take
ROUND_PAUSE = 1.5  # seconds a round's end, and the next round's refilled board, stay in sight


class Frame(NamedTuple):
    """One picture of a move being shown: the board, the slot just sown (None: none),
    the hands holding seeds ((player, slot over, seeds), ...), what is happening, the
    burnt houses and the round then, and how much longer than a drop it stays."""

    board: tuple
    active: int | None
    hands: tuple
    caption: str
    burnt: frozenset = frozenset()
    round: int = 1
    pause: float = 0.0  # seconds beyond a drop's: a round's end and the next round's start


class Playback:
    """The latest move replayed seed by seed."""

    def __init__(self, frames: list[Frame], step: float):
        self.frames, self.step, self.index, self.wait = frames, step, 0, step

    @property
    def done(self) -> bool:
        return self.index >= len(self.frames) - 1

    def current(self) -> Frame:
        return self.frames[min(self.index, len(self.frames) - 1)]

    def advance(self, seconds: float) -> None:
        self.wait -= seconds
        while self.wait <= 0 and not self.done:
            self.index += 1
            self.wait += self.step + self.frames[self.index].pause

    def skip(self) -> None:
        self.index = len(self.frames) - 1


def held_hands(game: Game) -> tuple:
    """The hands holding seeds while the game waits ((player, slot over, seeds), ...): at a
    simultaneous start one hand waits, full, while the other player chooses another hole."""
    return tuple((hand.player, hand.slot, hand.seeds) for hand in game.state.hands or () if hand and hand.seeds)


def still_frame(game: Game) -> Frame:
    """The position the game waits in, as a frame."""
    return Frame(tuple(game.board), None, held_hands(game), "", game.burnt, game.state.round)


def frames_of(events: list, game: Game, before: Frame) -> list[Frame]:
    """Frames for what a move did from `before` (`still_frame` before the move): every
    drop of every turn, every tick of both hands at a simultaneous start (the boards the
    game recorded), a round's end (the seeds counted to the stores) and the next round's
    refill, each held for ROUND_PAUSE, then the position the game is in now. Each says
    what is happening as it happens."""
    frames, burnt, round_ = [before], before.burnt, before.round
    for event in events:
        if event[0] == "turn":
            shown = _turn_frames(event[1], game)
        elif event[0] == "lockstep":
            shown = _lockstep_frames(event[1], game, before.hands)
        elif event[0] == "round_end":
            shown = [Frame(event[3], None, (), event[4], pause=ROUND_PAUSE)]
        elif event[0] == "refill":
            burnt, round_ = event[2], round_ + 1
            shown = [Frame(event[1], None, (), event[3], pause=ROUND_PAUSE)]
        else:
            continue
        frames += [frame._replace(burnt=burnt, round=round_) for frame in shown]
    frames.append(still_frame(game))
    if len(frames) > 2:  # before the first seed moves, it says what is about to happen
        frames[0] = frames[0]._replace(caption=frames[1].caption)
    return frames


def _turn_frames(turn, game) -> list[Frame]:
    who = SIDE_NAMES[turn.player]
    caption, frames = "", []
    for shown in replay(turn, game.rules):
        kind = shown.step[0]
        if kind == "pickup":
            caption = (f"{who} sows hole {game.hole_number(shown.slot)}" if not caption else
                       f"{who}'s last seed fell on seeds: relay, {shown.in_hand} picked up")
        elif kind == "capture":
            caption = f"{who} captures: {plural(shown.step[3])} to the store"
        elif kind == "end":
            caption = f"{who}: {end_words(turn.end, turn.after, game.rules, turn.player)}"
        hands = ((turn.player, shown.slot, shown.in_hand),) if shown.in_hand and shown.slot is not None else ()
        frames.append(Frame(shown.board, shown.slot, hands, caption))
    return frames


def _lockstep_frames(ticks, game, held: tuple) -> list[Frame]:
    """Both hands at once: each hand's place and seeds (from `held`, a hand that waited)
    followed through the ticks' events."""
    hands: dict[int, tuple] = {hand[0]: hand for hand in held}
    caption, frames = "Both hands sow at once", []
    for board, happened in ticks:
        active = None
        for event in happened:
            kind, player = event[0], event[1]
            if kind == "pickup":
                hands[player] = (player, event[2], event[3])
            elif kind == "drop" and player in hands:
                hands[player] = (player, event[2], hands[player][2] - 1)
            elif kind == "end":
                hands.pop(player, None)
                caption = f"{SIDE_NAMES[player]}'s hand stops: {end_words(event[2], board, game.rules, player)}"
            if kind in ("pickup", "drop", "capture"):
                active = event[2]
        drawn = tuple(hand for hand in sorted(hands.values()) if hand[2] > 0)
        frames.append(Frame(board, active, drawn, caption))
    return frames

