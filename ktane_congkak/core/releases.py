"""The module's published releases, each one's rules as data (docs/releases.md).

The real module's source (`Assets/BORDGAEMXD.cs`) changed its rules twice after its
first release; logs from every release are still around, so the engine can play and
judge by any of them. A release differs from today's in four rules:

- `sows_single_seed`: the turn loop tests "last seed in the own store or an empty hole"
  after sowing (today's `do ... while`), or before it (the first two releases' `while`),
  which leaves a hole holding exactly one seed unsown: the turn moves nothing;
- `store_gain`: a hole's points count what the store gained (today's) or the whole store;
- `minimum_strike`: a wrong press strikes by the minimum rule and the game goes on
  (today's), or every press that does not solve strikes (the first release);
- `replies`: the opponent replies and the resulting position is the next board, or the
  module keeps its one board.

Wording (what each release writes in its log) lives with the log's other words, in `modlog`.
"""

from __future__ import annotations

from collections import namedtuple

from .rules import Ruleset
from .sowing import NOT_SOWN, Turn, play_turn


class Release(namedtuple("Release", "date sows_single_seed store_gain minimum_strike replies")):
    """One release's rules (fields above); `date` names it ("2023-04-26")."""

    __slots__ = ()

    @property
    def rules_key(self) -> tuple:
        """What its rules are: two releases with the same key judge every board alike."""
        return tuple(self[1:])

    def sows(self, seeds: int) -> bool:
        """Whether a pressed hole holding `seeds` is sown: not an empty one, nor one of a
        single seed where the release's loop tests before sowing."""
        return seeds > 1 or (seeds == 1 and self.sows_single_seed)


RELEASES = {r.date: r for r in (
    Release("2023-04-24", sows_single_seed=False, store_gain=False, minimum_strike=False, replies=False),
    Release("2023-04-26", sows_single_seed=False, store_gain=False, minimum_strike=True, replies=True),
    Release("2023-05-22", sows_single_seed=True, store_gain=True, minimum_strike=True, replies=True),
    Release("2023-07-27", sows_single_seed=True, store_gain=True, minimum_strike=True, replies=True),
)}
RELEASE_DATES = tuple(RELEASES)  # oldest first
CURRENT = RELEASES[RELEASE_DATES[-1]]  # today's module (2023-11-13 changed Twitch Plays only)
SAME_AS = {"2023-11-13": CURRENT.date}  # later releases that changed nothing a log or a board shows


def release_named(date: str) -> Release:
    """The release of `date` (one of RELEASE_DATES, or a later date in SAME_AS); KeyError otherwise."""
    return RELEASES[SAME_AS.get(date, date)]


def release_json(release: Release) -> dict:
    """What a JSON answer adds for `release`: {"release": date} for an earlier one, nothing
    for today's (its output stays as it was)."""
    return {} if release == CURRENT else {"release": release.date}


def release_turn(board, rules: Ruleset, player: int, start: int, release: Release = CURRENT) -> Turn:
    """`player`'s turn from slot `start` under `release`: a hole holding one seed stays
    unsown where the release's loop tests before sowing."""
    if board[start] and not release.sows(board[start]):
        board = tuple(board)
        return Turn(board, board, player, start, (), NOT_SOWN, start)
    return play_turn(board, rules, player, start)


def rule_changes(release: Release) -> list[str]:
    """What `release` did otherwise than today's module, in words (empty for today's rules)."""
    words = []
    if not release.sows_single_seed:
        words.append("a hole holding one seed is not sown (pressing it moves nothing)")
    if not release.store_gain:
        words.append("points count the whole store, not what it gained")
    if not release.minimum_strike:
        words.append("every press that does not solve strikes")
    if not release.replies:
        words.append("the opponent never replies: the module keeps its one board")
    return words
