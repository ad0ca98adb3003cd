"""The module's published releases, each one's rules as data (docs/releases.md).

The module was first published in 2021 (Steam workshop item 2538232814, its source
`jam/Assets/BORDGAEMXD.cs` of MasQueElite/BORDGAEMZXDDDDJAM): its three releases, up to
2022, play by the rules of 2023-04-24 and differ from it and each other only in their
log's wording. Republished in 2023 (`Assets/BORDGAEMXD.cs` of KtaneModules/ktane1Congkak-ktane1),
it changed its rules twice more; logs from every release are still around, so the engine
can play and judge by any of them. A release differs from today's in four rules:

- `sows_single_seed`: the turn loop tests "last seed in the own store or an empty hole"
  after sowing (today's `do ... while`), or before it (the `while` of 2021-07-07 to
  2023-04-26), which leaves a hole holding exactly one seed unsown: the turn moves nothing;
- `store_gain`: a hole's points count what the store gained (today's) or the whole store
  (2021-07-07 to 2023-04-26);
- `minimum_strike`: a wrong press strikes by the minimum rule and the game goes on
  (today's), or every press that does not solve strikes (2021-07-07 to 2023-04-24);
- `replies`: the opponent replies and the resulting position is the next board, or the
  module keeps its one board (2021-07-07 to 2023-04-24).

Wording (what each release writes in its log) lives with the log's other words, in `logwords`.
"""

from __future__ import annotations

from collections import namedtuple

from .board import Slots

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


# The first publication's three releases have the rules of 2023-04-24 (its code, with the debug
# switch off). The builds between them changed nothing a log shows: 2021-07-12 how a press finds
# its hole (the same one) and the seeds' colours, 2021-08-22 the icon, 2021-11-19 and 2022-07-06
# where the seeds lie in their holes.
_FIRST_RULES = dict(sows_single_seed=False, store_gain=False, minimum_strike=False, replies=False)
RELEASES = {r.date: r for r in (
    Release("2021-07-07", **_FIRST_RULES),
    Release("2021-07-08", **_FIRST_RULES),
    Release("2021-09-18", **_FIRST_RULES),
    Release("2023-04-24", **_FIRST_RULES),
    Release("2023-04-26", sows_single_seed=False, store_gain=False, minimum_strike=True, replies=True),
    Release("2023-05-22", sows_single_seed=True, store_gain=True, minimum_strike=True, replies=True),
    Release("2023-07-27", sows_single_seed=True, store_gain=True, minimum_strike=True, replies=True),
)}
RELEASE_DATES = tuple(RELEASES)  # oldest first
CURRENT = RELEASES[RELEASE_DATES[-1]]  # today's module (2023-11-13 changed Twitch Plays only)
# Later releases that changed nothing a log or a board shows: {date: the release they are}.
SAME_AS = {"2021-07-12": "2021-07-08", "2021-08-22": "2021-07-08", "2021-11-19": "2021-09-18",
           "2022-07-06": "2021-09-18", "2023-11-13": CURRENT.date}


PUBLISHED = tuple(sorted((*RELEASE_DATES, *SAME_AS)))  # every date a build was published, oldest first


def release_on(day: str) -> Release:
    """The release in force on `day` (YYYY-MM-DD, any date from the first release on): the
    latest one published on or before it. A UserError for anything else, naming the dates."""
    import datetime  # here: `solve` reads it only when --release is given

    from ..errors import UserError, shown

    try:
        when = datetime.date.fromisoformat(day.strip()).isoformat() if len(day) < 40 else ""
    except ValueError:
        when = ""
    if not when:
        raise UserError(f"--release {shown(day, 40)} is not a date (YYYY-MM-DD); the module's releases: "
                        f"{', '.join(PUBLISHED)}")
    if when < PUBLISHED[0]:
        raise UserError(f"--release {when} is before the module's first release ({PUBLISHED[0]}): give a date "
                        f"from {PUBLISHED[0]} on (each means the release in force on it)")
    return release_named(max(d for d in PUBLISHED if d <= when))


def published_on(day: str) -> str:
    """The date of the build in force on `day` (a date release_on takes)."""
    import datetime

    when = datetime.date.fromisoformat(day.strip()).isoformat()
    return max(d for d in PUBLISHED if d <= when)


def release_named(date: str) -> Release:
    """The release of `date` (one of RELEASE_DATES, or a later date in SAME_AS); KeyError otherwise."""
    return RELEASES[SAME_AS.get(date, date)]


def release_json(release: Release) -> dict:
    """What a JSON answer adds for `release`: {"release": date} for an earlier one, nothing
    for today's (its output stays as it was)."""
    return {} if release == CURRENT else {"release": release.date}


def release_turn(board: Slots, rules: Ruleset, player: int, start: int, release: Release = CURRENT) -> Turn:
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
