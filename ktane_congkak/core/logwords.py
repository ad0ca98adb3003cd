"""The real module's log lines as it words them, release by release, and as practice writes them.

The module writes, each line prefixed `[Congkak #N] ` (N: the module's number, counted
across every bomb of one game launch):

    Initial state: S0 S1 ... S15                (16 slot counts, each followed by a space)
    Total points gained after playing each hole (sum of ...): P1 ... P7   (first board)
    Total points gained after playing each hole: P1 ... P7                (later boards)
    The maximum seeds in a hole is: M, which is in the hole: H.
    You selected the correct hole (Hole #H), which returns the maximum of P seeds. Module solved.
    ... (one press line for each verdict: see PRESS_LINES)

Earlier releases worded some lines otherwise (RELEASE_WORDING; docs/releases.md): the first
one tagged its lines `[Congkak N] `, without the "#", and the first two put two blanks
between a list line's words and its numbers. After a solve every release logs one of
AFTER_SOLVE_PHRASES untagged, on a press of the solved module.

The module's ID in the game (MODULE_ID) appears in a bomb's log only in the game's own
lines (the bomb generator's), never in the module's: nothing reads it. `modlog` reads
these lines back.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable, Sequence

from .evaluate import CONTINUE, EMPTY, SOLVE, STRIKE
from .releases import RELEASE_DATES

MODULE_NAME = "Congkak"
MODULE_ID = "congkakMQEktane1"  # its type in the game (every release's), as the game's own log lines name it
INITIAL_STATE = "Initial state:"
POINTS_FIRST = ("Total points gained after playing each hole (sum of seeds in player's holes + extra seeds "
                "in the store, if any):")
POINTS_LATER = "Total points gained after playing each hole:"
POINTS_AFTER = "Total points after playing each hole:"  # the releases before 2023-07-27
POINTS_HEADS = (POINTS_FIRST, POINTS_LATER, POINTS_AFTER)
MAXIMUM_LINE = "The maximum seeds in a hole is: {maximum}, which is in the hole: {hole}."
PRESS_LINES = {
    SOLVE: "You selected the correct hole (Hole #{hole}), which returns the maximum of {points} seeds. Module solved.",
    STRIKE: ("You selected the wrong hole (Hole #{hole}), which returns the minimum of {points} seeds. "
             "Strike, and game continues."),
    CONTINUE: "You selected the wrong hole (Hole #{hole}), which returns {points} seeds. Game continues.",
    EMPTY: "You selected an empty hole (Hole #{hole}). Strike.",
}
# The releases up to 2023-04-24 named no hole in their press lines (and logged no other verdicts).
UNNAMED_PRESS_LINES = {SOLVE: "You selected the correct hole. Module solved.",
                       STRIKE: "You selected the wrong hole. Strike."}
# 2023-04-24's debug lines (its switch was on): how each hole's turn went, each
# hole's opened by DEBUG_PLAYING and summed up by DEBUG_POINTS (its points and seeds).
DEBUG_PLAYING = "----------------- PLAYING HOLE {hole}:"
DEBUG_POINTS = "Points gained if the player played this hole: {points} with value {seeds}"
DEBUG_HEADS = (DEBUG_PLAYING.split("{")[0], "Ended in hole:", "Capturing hole", "Total number of seeds:",
               DEBUG_POINTS.split("{")[0])
# Logged without the tag when a solved module is pressed again (every release).
AFTER_SOLVE_PHRASES = ("What are you doing. Stop.", 'No, you can\'t eat those "seeds"',
                       "Please, go solve the rest of the bomb; this module is already solved",
                       "What do you want from me? TwT", "If you REALLY are bored, better check THIS out: ")
# Unity's first line of every game launch: the module numbers start again at 1 after it.
LAUNCH_LINE = "Initialize engine version"
TAG_MARK = "#"  # before the module's number in its tag, "[Congkak #1]"; the first release wrote none
# The game's line as it generates each bomb of a launch (the modules it logs next are on it).
BOMB_LINE = "[BombGenerator] Generating bomb"
# The game's line as a round begins: the bombs generated after it are that round's. Several
# bombs of one round (the Multiple Bombs mod) are all generated before any module logs, so
# a module's line cannot tell which of them it is on.
ROUND_LINE = "[State] Enter GameplayState"


class Wording(namedtuple("Wording", "points_first points_later names_hole debug tag_mark list_gap",
                         defaults=(TAG_MARK, 1))):
    """How a release words its log: the points line of its first board and of later
    ones (None: it has no later boards), whether press lines name the hole, whether it
    writes DEBUG_HEADS lines (before every board's points line), the mark before the
    module's number in its tag ("#", or "" in the first release), and how many blanks
    part a list line's words from its numbers."""

    __slots__ = ()


RELEASE_WORDING = {
    "2021-07-07": Wording(POINTS_AFTER, None, names_hole=False, debug=False, tag_mark="", list_gap=2),
    "2021-07-08": Wording(POINTS_AFTER, None, names_hole=False, debug=False, list_gap=2),
    "2021-09-18": Wording(POINTS_AFTER, None, names_hole=False, debug=False),
    "2023-04-24": Wording(POINTS_AFTER, None, names_hole=False, debug=True),
    "2023-04-26": Wording(POINTS_AFTER, POINTS_AFTER, names_hole=True, debug=False),
    "2023-05-22": Wording(POINTS_AFTER, POINTS_LATER, names_hole=True, debug=False),
    "2023-07-27": Wording(POINTS_FIRST, POINTS_LATER, names_hole=True, debug=False),
}
assert tuple(RELEASE_WORDING) == RELEASE_DATES

def prefix(module: int) -> str:
    return f"[{MODULE_NAME} {TAG_MARK}{module}] "


# Writing: the lines practice puts in its log ------------------------------------------------
def numbers_text(numbers: Iterable[int]) -> str:
    """The module's list format: every number followed by a space."""
    return "".join(f"{n} " for n in numbers)


def board_lines(board: Iterable[int], points: Sequence[int], first: bool) -> list[str]:
    """A new board's three lines (without the prefix), as the module writes them."""
    maximum = max(points)
    return [f"{INITIAL_STATE} {numbers_text(board)}",
            f"{POINTS_FIRST if first else POINTS_LATER} {numbers_text(points)}",
            MAXIMUM_LINE.format(maximum=maximum, hole=list(points).index(maximum) + 1)]


def press_line(hole: int, verdict: str, points: int) -> str:
    return PRESS_LINES[verdict].format(hole=hole, points=points)
