"""The expert manual: its words, with every board, number and answer computed by the engine.

`manual_pages(rules)` builds the content once, as a list of pages of simple blocks
(headings, paragraphs, lists, tables, module diagrams, turn traces); `render_html` and
`render_pdf` turn the same blocks into a web page (its diagrams SVG drawn inside it) and a Letter PDF.
Nothing printed is typed in by hand: the example boards come from the module's own
generator with fixed random seeds (or, for the appendix, the board the module's author
kept as an example), and their points, verdicts and turns from `evaluate`/`play_turn`.
The output is deterministic (no dates; reportlab's invariant mode), so a test can
rebuild it and compare it with the committed `manual/`.

Text is written in the small markup reportlab's Paragraph and HTML share: <b>, <i>, &amp;.
"""

from __future__ import annotations

import random
import re
import string
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from ..core.board import slot_to_position
from ..core.evaluate import CONTINUE, EMPTY, STRIKE, VERDICT_WORDS, Evaluation, evaluate
from ..core.explain import plural
from ..core.generator import module_board
from ..core.rules import DEFAULT, OPPONENT, YOU, Ruleset, load_ruleset
from ..core.shortcuts import (CAPTURES, ENDS_EMPTY, ENDS_IN_STORE, LONG, RELAYS, SETTLED, STORE_MARK, Jump, QuickRead,
                              Savings, facing_place, holes_total, jumps, landing_place, lap, measure_savings, place_name,
                              place_slot, quick_reads, row_total)
from ..core.sowing import CAPTURE, OPPONENT_EMPTY, STORE, play_turn
from . import fonts

MODULE = "Congkak"
DOC_TITLE = "Keep Talking and Nobody Explodes Mod"
FLAVOUR = ("Every seed you sow has to pass your opponent's whole row before it gets home. "
           "Count twice, press once.")
PDF_NAME = "congkak.pdf"
HTML_NAME = "index.html"

# The random seeds the example boards are drawn from, and how many boards the appendix's
# figures are measured on. Changing them changes the manual; the test then asks for a rebuild.
EXAMPLE_SEARCH_FROM = 1
SAME_SEEDS_SEARCH_FROM = 1
SURVEY_SEED, SURVEY_BOARDS = 2026, 4000
SEARCH_LIMIT = 10_000  # seeds tried for an example board before giving up


# --- the content model ----------------------------------------------------------------

class Heading(NamedTuple):
    text: str
    level: int = 2


class Para(NamedTuple):
    text: str
    style: str = "body"  # body, flavour, note, caption


class Bullets(NamedTuple):
    items: list[str]
    numbered: bool = False


class Table(NamedTuple):
    header: list[str]
    rows: list[list[str]]
    caption: str = ""
    mark_rows: tuple[int, ...] = ()  # rows to emphasise (the answer)
    small: bool = False  # a wide table in a smaller type


class Figure(NamedTuple):
    """A module diagram: an SVG with the id figure-`name` in the HTML, drawn straight onto the PDF page."""

    name: str
    slots: tuple[int, ...]
    caption: str
    size: int = 260  # points on the PDF page; the SVG is drawn at the same size in pixels
    options: dict = {}
    overlay: str = ""  # "ring": arrows along your sowing order


class Beside(NamedTuple):
    """Text blocks with a figure beside them (the first page's picture, as KTANE pages have it)."""

    blocks: list
    figure: Figure


class Worksheet(NamedTuple):
    """The blank worksheet (paper/worksheet.py), an SVG in the HTML; `caption` is what a screen reader says."""

    caption: str


Block = Heading | Para | Bullets | Table | Figure | Beside | Worksheet


@dataclass
class Page:
    blocks: list = field(default_factory=list)
    wide: bool = False  # narrow side margins: a full-page drawing (the worksheet) at nearly its own size

    def add(self, *blocks) -> "Page":
        self.blocks.extend(blocks)
        return self


# --- facts the manual prints, all from the engine ---------------------------------------

class Example(NamedTuple):
    seed: int  # the generator's random seed
    slots: tuple[int, ...]
    evaluation: Evaluation
    best: int  # the hole the example follows (1-based)
    reads: list  # shortcuts.quick_reads of the board
    jumps: list  # shortcuts.jumps of the best hole


def generated_board(rules: Ruleset, seed: int) -> tuple[int, ...]:
    return module_board(rules, random.Random(seed))


def worked_example(rules: Ruleset) -> Example:
    """The first generated board that shows the routine at work: holes settled without
    sowing (at least two kinds), relay holes to trace, an empty hole and a minimum
    strike; one best hole, a relay turn of 2 to 4 pick-ups; no hole where the module's
    strike rule and its manual's wording disagree."""
    for seed in range(EXAMPLE_SEARCH_FROM, EXAMPLE_SEARCH_FROM + SEARCH_LIMIT):
        slots = generated_board(rules, seed)
        ev = evaluate(slots, rules)
        if len(ev.answer) != 1 or EMPTY not in ev.module or STRIKE not in ev.module or ev.disagreements:
            continue
        reads = quick_reads(slots, rules)
        kinds = [r.kind for r in reads if r is not None]
        best = ev.answer[0]
        if len(set(kinds) & set(SETTLED)) < 2 or kinds.count(RELAYS) < 2 or reads[best - 1].kind != RELAYS:
            continue
        path = jumps(slots, rules, best)
        if 2 <= len(path) <= 4 and sum(j.seeds for j in path) <= 30:
            return Example(seed, slots, ev, best, reads, path)
    raise RuntimeError("no generated board fits the worked example; widen the search")


def same_seeds_example(rules: Ruleset) -> tuple[int, tuple[int, ...], Evaluation, int]:
    """The first generated board where a hole that does NOT score the least strikes,
    because it holds as many seeds as the module's reference hole."""
    for seed in range(SAME_SEEDS_SEARCH_FROM, SAME_SEEDS_SEARCH_FROM + SEARCH_LIMIT):
        slots = generated_board(rules, seed)
        ev = evaluate(slots, rules)
        for i, verdict in enumerate(ev.module):
            if verdict == STRIKE and ev.manual[i] != STRIKE:
                return seed, slots, ev, i + 1
    raise RuntimeError("no generated board shows a same-seed-count strike; widen the search")


def author_board() -> tuple[int, ...]:
    """The board the module's author kept as an example (the first public vector)."""
    return (2, 3, 1, 1, 0, 4, 0, 31, 0, 4, 0, 1, 0, 1, 2, 48)


class Survey(NamedTuple):
    boards: int
    disagree: int  # boards where some hole's module and manual verdicts differ
    several: int  # boards with more than one correct hole
    tie_spared: int  # boards where a hole tying for the least does not strike
    seeds_struck: int  # boards where a hole above the least strikes
    turns: int  # turns scored (every non-empty hole of yours on every board)
    median_drops: int
    most_drops: int
    most_relays: int


def survey(rules: Ruleset, boards: int = SURVEY_BOARDS, seed: int = SURVEY_SEED) -> Survey:
    rng = random.Random(seed)
    disagree = several = spared = struck = 0
    drops, relays = [], []
    for _ in range(boards):
        slots = module_board(rules, rng)
        ev = evaluate(slots, rules)
        for slot in ev.holes:
            if slots[slot]:
                turn = play_turn(slots, rules, YOU, slot)
                drops.append(turn.drops)
                relays.append(turn.relays)
        differ = ev.disagreements
        disagree += bool(differ)
        several += len(ev.answer) > 1
        spared += any(ev.manual[h - 1] == STRIKE for h in differ)
        struck += any(ev.module[h - 1] == STRIKE for h in differ)
    drops.sort()
    return Survey(boards, disagree, several, spared, struck, len(drops), drops[len(drops) // 2], drops[-1], max(relays))


def savings(rules: Ruleset) -> Savings:
    """What the shortcuts save, on the survey's boards."""
    return measure_savings(rules, SURVEY_BOARDS, SURVEY_SEED)


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%"


NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 10: "ten",
                20: "twenty", 25: "twenty-five", 50: "fifty", 100: "a hundred"}
SIMPLE_SHARES = [(1, 2), (1, 3), (2, 3), (1, 4), (3, 4), (1, 5), (2, 5), (3, 5), (4, 5), (1, 6), (1, 8), (1, 10), (7, 10),
                 (1, 20), (1, 25), (1, 50), (1, 100)]


def about(part: int, whole: int, noun: str) -> str:
    """A measured share as a fact of the module, in words an expert keeps in mind:
    'about one hole in four', 'about half the holes' (the sample it came from is docs/')."""
    share = part / whole
    if share < 0.01:
        return f"fewer than one {noun} in a hundred"
    top, bottom = min(SIMPLE_SHARES, key=lambda f: abs(f[0] / f[1] - share) / (f[0] / f[1]))
    if (top, bottom) == (1, 2):
        return f"about half the {noun}s"
    return f"about {NUMBER_WORDS[top]} {noun}{'s' * (top > 1)} in {NUMBER_WORDS[bottom]}"


def verdict_word(verdict: str) -> str:
    return VERDICT_WORDS[verdict].short


def points_table(ev: Evaluation, caption: str, manual: bool = False) -> Table:
    header = ["Hole", "Seeds", "Points", "Module"] + (["Manual's wording"] if manual else [])
    rows = []
    for i in range(len(ev.holes)):
        row = [str(i + 1), str(ev.seeds[i]), str(ev.points[i]), verdict_word(ev.module[i])]
        rows.append(row + ([verdict_word(ev.manual[i])] if manual else []))
    return Table(header, rows, caption, tuple(h - 1 for h in ev.answer))


def holes_list(holes: list[int]) -> str:
    words = [str(h) for h in holes]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def landing_sum(place: int, seeds: int, rules: Ruleset) -> str:
    """The landing sum as the expert writes it: '2 + 3 = 5', '9 + 9 - 15 = 3', '4 + 11 = 15: S'."""
    total, landed = place + seeds, landing_place(place, seeds, lap(rules))
    land = place_name(landed, rules)
    if total == landed:
        return f"{place} + {seeds} = {total}: {land}" if land == STORE_MARK else f"{place} + {seeds} = {land}"
    return f"{place} + {seeds} - {total - landed} = {land}"  # the whole laps core's landing_place took off


def ring_words(rules: Ruleset, player: int) -> str:
    """One lap of `player`'s sowing in words, from its first hole."""
    names = []
    path = rules.path(player)
    first = path.index(rules.holes(player)[0])
    for slot in path[first:] + path[:first]:
        if rules.owner(slot) is None:
            names.append("your store" if slot == rules.store(YOU) else "the opponent's store")
        elif slot < rules.holes_per_side:
            names.append(f"hole {slot + 1}")
        else:
            names.append(f"position {slot_to_position(slot, rules)}")
    return ", ".join(names)


def landing_table(rules: Ruleset) -> Table:
    """Every place seeds can be picked up at (1 to 2n) and seeds (1 to a lap) to where the last one lands."""
    n, laps = rules.holes_per_side, lap(rules)
    rows = []
    for start in range(1, 2 * n + 1):
        cells = [place_name(landing_place(start, seeds, laps), rules) for seeds in range(1, laps + 1)]
        rows.append([f"<b>{start}</b>"] + [f"<b>{c}</b>" if c == STORE_MARK else c for c in cells])
    return Table([LANDING_CORNER] + [str(s) for s in range(1, laps + 1)], rows,
                 f"Rows: the place the seeds are picked up from (your holes 1 to {n}, positions {n + 1} to {2 * n}). "
                 f"Columns: how many seeds. Each cell: the place the last seed lands, {STORE_MARK} being your store. "
                 f"{laps} seeds land back on the place they came from; with more seeds, take {laps} off the seeds "
                 f"until {laps} or fewer are left.",
                 small=True)


LANDING_CORNER = "From \\ seeds"  # the landing table's corner: rows are places, columns seed counts


# --- the pages --------------------------------------------------------------------------

def manual_pages(rules: Ruleset | None = None) -> list[Page]:
    rules = rules or load_ruleset(DEFAULT)
    n, total = rules.holes_per_side, rules.total_seeds
    ex, facts, saved = worked_example(rules), survey(rules), savings(rules)
    return [_page_board(rules, n, total), _page_turn(rules, facts), _page_scoring(rules),
            _page_shortcuts(rules, saved), _page_routine(rules, saved, ex), _page_example(rules, ex),
            _page_appendix(rules, facts), _page_worksheet(rules)]


def _page_board(rules: Ruleset, n: int, total: int) -> Page:
    fresh = rules.fresh_board()
    facing = [["faces position"] + [str(slot_to_position(rules.facing(h - 1), rules)) for h in range(1, n + 1)]]
    figure = Figure("module", fresh, f"The module. Your row (holes 1 to {n}) and your store have heavy "
                    "rings; hovering hole 1 shows its count on the screen.", 230,
                    {"highlight": 0, "screen": f"{fresh[0]:02d}"})
    return Page().add(
        Heading("On the Subject of Congkak", 1),
        Beside([
            Para(FLAVOUR, "flavour"),
            Para(f"This module holds a congkak board: two rows of {n} holes and a big store at each end, "
                 f"{total} seeds in all. Press one of your holes: the module plays that turn and judges the "
                 "hole by how many seeds it leaves you with."),
            Para("Hovering over a hole shows how many seeds it holds on the screen in the bottom-left corner, "
                 "as two digits. The stores are never shown, and you never need them."),
        ], figure),
        Heading("What to press"),
        Bullets([
            f"Have the defuser read out the {2 * n} counts: your holes 1 to {n}, then positions {n + 1} to "
            f"{2 * n} (hover over each).",
            "Score every hole of yours that holds seeds: its <b>points</b> are the seeds in your holes after "
            "its turn plus what your store gained (the next pages show how, and how to do it fast).",
            "<b>Press a hole with the most points.</b> That solves the module; if several tie, any of them does.",
            f"Never press an empty hole: it strikes (when all {n} are empty, any press solves). A hole that "
            "scores little can strike too (Appendix A).",
        ], numbered=True),
        Heading("Which holes are yours"),
        Bullets([
            "The board runs diagonally from the top-left corner to the bottom-right corner.",
            f"<b>Your holes</b> are the row nearer the bottom-left corner, numbered 1 to {n}: <b>hole 1</b> "
            f"is at the bottom-right end, next to your store, and <b>hole {n}</b> at the top-left end.",
            "<b>Your store</b> is the big hole at the bottom right; the big hole at the top left is the "
            "<b>opponent's store</b>. The stores have names, not numbers.",
            f"The opponent's holes are counted on from yours as <b>positions {n + 1} to {2 * n}</b>, from the "
            f"top-left end: position {n + 1} faces your hole {n}, and position {2 * n} faces your hole 1.",
        ]),
        Table(["Your hole"] + [str(h) for h in range(1, n + 1)], facing,
              "Each of your holes and the opponent's hole across from it."),
    )


def _page_turn(rules: Ruleset, facts: Survey) -> Page:
    n = rules.holes_per_side
    return Page().add(
        Heading("The ring"),
        Para("Seeds travel round the board in one direction only. Starting from your hole 1, "
             f"<b>your</b> seeds go: {ring_words(rules, YOU)}, and on round again. The opponent's "
             "store is skipped."),
        Para("So a seed you sow runs up your row, then along the <b>whole of the opponent's row</b>, "
             "and only then reaches your store. Seeds you drop in the opponent's holes are gifts to "
             "the opponent unless a relay or a capture brings them back."),
        Figure("ring", rules.fresh_board(), f"Your seeds' way round: hole 1 to hole {n}, position {n + 1} to "
               f"{2 * n}, your store, hole 1 again. You never sow into the opponent's store.",
               215, {"counts": False}, overlay="ring"),
        Heading("One turn"),
        Para("Take every seed out of the chosen hole. Drop them one at a time into the following "
             "places along the ring, one seed per place, skipping the opponent's store. The hole "
             "you started from is not skipped if the seeds come round to it again. Then look at where "
             "the <b>last</b> seed fell:"),
        Bullets([
            "<b>An empty hole of yours</b> (it now holds just that seed): <b>capture</b>. That seed and "
            "every seed in the opponent's hole facing it go into your store. If the facing hole is "
            "empty, the one seed goes alone. The turn ends.",
            "<b>Your store</b>: the turn ends. (Unlike the traditional game, you do not move again.)",
            "<b>An empty hole of the opponent's</b> (it now holds just that seed): the turn ends.",
            "<b>A hole that already held seeds</b>, yours or the opponent's: <b>relay</b>. Pick up "
            "every seed in that hole, including the one just dropped, and keep sowing from there "
            "along the ring. A turn can relay many times.",
        ], numbered=True),
        Para("Every turn ends: each time the seeds pass your store they add one to it, so they "
             f"cannot go round for ever. Half of the module's turns take {facts.median_drops} drops or fewer, "
             f"but a long relay chain can take over {_round_down(facts.most_drops)}; the shortcuts cut this "
             "work down.", "note"),
    )


def _round_down(value: int) -> int:
    """A figure rounded down to two significant digits: 'over 280', not the sample's exact longest."""
    step = 10 ** max(0, len(str(value)) - 2)
    return value // step * step


def _page_scoring(rules: Ruleset) -> Page:
    n, laps = rules.holes_per_side, lap(rules)
    return Page().add(
        Heading("Scoring a hole"),
        Para("Play the turn of the hole on paper (no reply from the opponent). Its <b>points</b> are "
             f"the seeds in your {n} holes after the turn plus the seeds your store gained during it. "
             "An empty hole scores 0; so does a hole with seeds whose turn leaves all your holes empty and "
             "adds nothing to your store."),
        Para("What the stores held before does not matter, which is why the screen never shows them: "
             f"you only need the {2 * n} holes."),
        Heading("What pressing a hole does"),
        Bullets([
            "<b>The most points: solve.</b> If several holes tie for the most, any of them solves. "
            "The screen then reads GG.",
            "<b>Every hole scores 0</b> (all your holes empty, or every turn leaves you nothing): <b>any press "
            "solves</b>, an empty hole's too.",
            "<b>An empty hole: strike</b>, whenever some hole scores more than 0. Nothing moves.",
            "<b>A hole that scores little: it may strike.</b> The module strikes every hole holding as many "
            "seeds as the lowest-numbered hole with the fewest points above 0 (Appendix A). Strike or not, "
            "the module then plays your turn and the opponent answers: a new board.",
            "<b>Anything else: no strike, but not solved.</b> The module plays your turn, the opponent "
            "answers with a turn of its own, and you face a new board. Score it afresh.",
        ]),
        Heading("Shortcut 1: where the first sowing lands"),
        Para(f"Number the places of your ring 1 to {2 * n} as above and call your store {STORE_MARK}, "
             f"the {laps}th place. The last seed from place <i>p</i> holding <i>s</i> seeds lands on "
             f"place <b><i>p</i> + <i>s</i></b>; while that is above {laps}, take {laps} off. <i>Why: one seed "
             "goes into each place in turn.</i> The same sum works for every relay: from the place you pick "
             f"up at, count on the seeds you pick up. Exactly {laps} seeds land back in the hole you emptied, "
             f"which then holds just that seed: in your row a capture, in positions {n + 1} to {2 * n} the turn "
             f"ends ({2 * laps} land there too, but it then holds 2: a relay). With more than {laps}, "
             f"every place gets one seed for each whole {laps}, the emptied hole included; count on the rest."),
        landing_table(rules),
    )


def _page_shortcuts(rules: Ruleset, saved: Savings) -> Page:
    n, laps = rules.holes_per_side, lap(rules)
    kinds, holes = saved.kinds, saved.holes
    settled = sum(kinds[k] for k in SETTLED)
    return Page().add(
        Heading("Shortcut 2: points are your row plus what the opponent lost"),
        Para(f"A hole's points are <b>your row</b> (the seeds in your holes 1 to {n} before the turn) "
             f"<b>plus what positions {n + 1} to {2 * n} lost</b> during it; a seed you leave there is one "
             f"point less. <i>Why: seeds are never made or lost, and your seeds never go into the opponent's "
             "store.</i> Every hole starts from the same row, so only the change tells holes apart."),
        Para(f"<b>The check total.</b> Add all {2 * n} counts before the turn; after it, subtract the seeds "
             f"in positions {n + 1} to {2 * n}. That is the hole's points again, counted from other seeds: "
             "if the two sums differ, you slipped."),
        Heading("Shortcut 3: holes you score without sowing"),
        Para(f"Work out the landing place <i>h</i> + <i>s</i> (with fewer than {laps} seeds). If that place "
             "held <b>no seeds on the board as read</b> (or it is your store), the turn ends at once and its "
             "points are:"),
        Bullets([
            f"<b>{STORE_MARK}, your store</b> (<i>h</i> + <i>s</i> = {laps}): the turn ends. "
            f"<b>Points = row - {n}.</b> <i>Exactly one seed fell in each of positions {n + 1} to {2 * n}.</i>",
            f"<b>An empty position</b> <i>p</i>: the turn ends. <b>Points = row + {n} - <i>p</i>.</b> "
            f"<i>Seeds fell on positions {n + 1} to p, that is p - {n} of them.</i>",
            f"<b>An empty hole of yours, before your store</b> (<i>h</i> + <i>s</i> \u2264 {n}): capture. "
            "<b>Points = row + the facing position's seeds.</b> <i>No seed left your row, and the capture "
            "brings the facing seeds home.</i>",
            f"<b>An empty hole of yours, after your store</b> (<i>h</i> + <i>s</i> above {laps}): capture. "
            f"<b>Points = row + the facing position's seeds - {n - 1}.</b> <i>{n} seeds fell on the "
            "opponent's row; the capture brings back the facing one of them with the seeds already there.</i>",
        ]),
        Para(f"Of the holes holding seeds, this settles {about(settled, holes, 'hole')}, and on "
             f"{about(saved.best_settled, saved.boards, 'board')} a best hole is one of them. They are the "
             "short turns, though: the long ones still need tracing.", "note"),
        Heading("Shortcut 4: count in jumps, not drops"),
        Para("Never drop seeds one by one. For each pick-up write one row on the worksheet (Appendix B): "
             "the place you pick up from, the seeds, and the landing place (Shortcut 1). Then write what the "
             "landing place <b>holds now, counting the seed that just landed</b>: its count on the board as "
             "read, plus one for every seed this hole's rows dropped there (this row's last seed included; a "
             f"row of {laps} seeds or more drops into some places twice), minus what this hole's turn picked up "
             "there: every hole starts again from the board as read. The strip of boxes keeps that count: "
             "strike through each box a row drops a seed in."),
        Para(f"<b>Holds now 1 means the place was empty</b> before the last seed fell: in your holes 1 to {n} "
             f"that is a capture; in positions {n + 1} to {2 * n} the turn ends. Holds now 2 or more is a relay; "
             f"{STORE_MARK} ends the turn."),
        Para(f"Scoring a whole board takes about {saved.median_pickups} such rows instead of about "
             f"{_round_down(saved.median_drops)} single drops.", "note"),
    )


def _page_routine(rules: Ruleset, saved: Savings, ex: Example) -> Page:
    n, laps = rules.holes_per_side, lap(rules)
    kinds, holes = saved.kinds, saved.holes
    return Page().add(
        Heading("Shortcut 5: the most any hole can score"),
        Para(f"No hole scores more than the {2 * n} counts' total (Shortcut 2, with positions {n + 1} to "
             f"{2 * n} left empty). A hole that leaves positions {n + 1} to {2 * n} empty is therefore a best "
             f"hole: stop and press it. It is rare: {about(saved.bound_boards, saved.boards, 'board')}."),
        Heading("The traps"),
        Bullets([
            "<b>Relay chains.</b> A last seed landing where seeds already were relays, and the relay may land "
            "on seeds again. You see the first relay coming (Shortcut 1) but not its length, and relays are the "
            f"common case ({about(kinds[RELAYS], holes, 'hole')}). Trace them last, in jumps.",
            f"<b>{laps} seeds or more</b> ({about(kinds[LONG], holes, 'hole')}) go all the way "
            "round the ring to the place they left: share the whole laps out first (Shortcut 1).",
            "<b>The strike rule.</b> Press only a hole with the most points and the strike rule never "
            "matters (Appendix A).",
        ]),
        Heading("The routine"),
        Bullets([
            f"The defuser reads the {2 * n} counts: holes 1 to {n}, then positions {n + 1} to {2 * n}. "
            "Write them in the worksheet's board strip.",
            f"Add your row (holes 1 to {n}) and the {2 * n}-count total.",
            "An empty hole scores 0. If every hole of yours is empty, press any of them (it solves).",
            "For every other hole work out the landing place (Shortcut 1). Score the holes that end at once "
            "(Shortcut 3).",
            "Trace the relay holes in jumps (Shortcut 4); score each and check it with the check total "
            "(Shortcut 2). If one empties the opponent's row, stop (Shortcut 5).",
            "Have the defuser press a hole with the most points. If the module does not solve, it plays your "
            "turn and the opponent's (strike or not, unless the hole was empty): the board is new, so read all "
            "the counts again and start over.",
        ], numbered=True),
        *_example_board(rules, ex),
    )


def _example_board(rules: Ruleset, ex: Example) -> list:
    n = rules.holes_per_side
    row, total = row_total(ex.slots, rules), holes_total(ex.slots, rules)
    return [
        Heading("A worked example"),
        Para(f"Your holes 1 to {n} hold {_counts(ex.slots, rules.holes(YOU))}; positions {n + 1} to {2 * n} "
             f"hold {_counts(ex.slots, rules.holes(OPPONENT))}. Your row is <b>{row}</b> and the total of the "
             f"{2 * n} counts is <b>{total}</b>."),
        Figure("example", ex.slots, "The example board. The stores are shown as \u201c?\u201d: the screen "
               "never reveals them.", 210, {"stores_known": False}),
    ]


def _counts(slots, holes) -> str:
    return " ".join(str(slots[s]) for s in holes)


def _read_words(read: QuickRead | None, rules: Ruleset, row: int) -> tuple[str, str]:
    """(what the landing place says, the points or 'trace') for the quick-read table."""
    n = rules.holes_per_side
    if read is None:
        return "empty hole", "0"
    if read.kind == ENDS_IN_STORE:
        return f"your store: row - {n}", f"{row} - {n} = {read.points}"
    if read.kind == ENDS_EMPTY:
        return f"empty position {read.place}: row + {n} - {read.place}", \
            f"{row} + {n} - {read.place} = {read.points}"
    if read.kind == CAPTURES:
        extra = read.points - row
        sign = "+" if extra >= 0 else "-"
        return f"empty hole {read.place}, capture facing {read.facing}", f"{row} {sign} {abs(extra)} = {read.points}"
    if read.kind == RELAYS:
        return f"place {place_name(read.place, rules)} holds seeds: relay", "trace"
    return f"{read.seeds} seeds: a lap or more", "trace"


def _reads_table(rules: Ruleset, ex: Example) -> Table:
    row = row_total(ex.slots, rules)
    rows = []
    for hole, read in enumerate(ex.reads, 1):
        says, points = _read_words(read, rules, row)
        lands = "" if read is None else landing_sum(hole, read.seeds, rules)
        rows.append([str(hole), str(ex.slots[hole - 1]), lands, says, points])
    return Table(["Hole", "Seeds", "Lands on", "So", "Points"], rows,
                 "Steps 2 to 4: the landing place of every hole, and the holes settled at once.")


def _page_example(rules: Ruleset, ex: Example) -> Page:
    n, ev, laps = rules.holes_per_side, ex.evaluation, lap(rules)
    after = ev.after[ex.best - 1]
    store_gain = after[rules.store(YOU)] - ex.slots[rules.store(YOU)]
    mine, theirs = row_total(after, rules), row_total(after, rules, OPPONENT)
    total = holes_total(ex.slots, rules)
    traced = [h for h, r in enumerate(ex.reads, 1) if r is not None and r.kind not in SETTLED]
    others = [h for h in traced if h != ex.best]
    jump_rows = [[str(i), place_name(j.start, rules), str(j.seeds), landing_sum(j.start, j.seeds, rules),
                  str(j.count), _then_words(j, rules)] for i, j in enumerate(ex.jumps, 1)]
    strip = [place_name(p, rules) for p in range(1, laps + 1)]
    values = [str(after[place_slot(rules, p)]) for p in range(1, laps)] + [f"+{store_gain}"]
    return Page().add(
        Heading("The worked example, continued"),
        _reads_table(rules, ex),
        Para(f"Step 5: trace the relay hole{'s' * (len(traced) > 1)} {holes_list(traced)} in jumps. Hole "
             f"{ex.best}:"),
        Table(["Pick-up", "From", "Seeds", "Lands on", "Holds now", "Then"], jump_rows,
              f"Hole {ex.best}'s turn, one row per pick-up, as on the worksheet."),
        Table(["Place"] + strip, [["After"] + values],
              f"The board after hole {ex.best}'s turn ({STORE_MARK}: what your store gained).", small=True),
        Para(f"Points: your holes 1 to {n} now hold {mine} and your store gained {store_gain}, so hole "
             f"{ex.best} scores {mine} + {store_gain} = <b>{mine + store_gain}</b>. Check total: {total} "
             f"- {theirs} (positions {n + 1} to {2 * n} after) = {total - theirs}."),
        Para("The other relay holes, traced the same way: "
             + "; ".join(f"hole {h} scores {ev.points[h - 1]} ({plural(ev.relays[h - 1] + 1, 'pick-up')})"
                         for h in others) + "." if others else ""),
        points_table(ev, "The example board scored. The emphasised row is the answer."),
        Para(_scoring_sentence(ev, ex.best)),
    )


def _then_words(jump: Jump, rules: Ruleset) -> str:
    if jump.then == CAPTURE:
        return f"capture (facing {facing_place(rules, jump.land)})"
    return JUMP_WORDS[jump.then]


JUMP_WORDS = {RELAYS: "relay", CAPTURE: "capture", STORE: "ends in your store", OPPONENT_EMPTY: "ends (empty position)"}


def _scoring_sentence(ev: Evaluation, best: int) -> str:
    """Why each hole of the example gets its verdict (the example has no disagreement)."""
    least = ev.least
    lowest = [i + 1 for i, (p, s) in enumerate(zip(ev.points, ev.seeds)) if s and p == least]
    empty = [i + 1 for i, s in enumerate(ev.seeds) if not s]
    goes_on = [i + 1 for i, v in enumerate(ev.module) if v == CONTINUE]
    words = [f"Hole {best} scores the most, {ev.maximum} points, so it solves: press hole {best}."]
    words.append(f"Hole {lowest[0]} scores the least, {least}, and strikes." if len(lowest) == 1 else
                 f"Holes {holes_list(lowest)} score the least, {least}, and strike.")
    if empty:
        words.append(f"Hole {empty[0]} is empty and strikes." if len(empty) == 1 else
                     f"Holes {holes_list(empty)} are empty and strike.")
    if goes_on:
        words.append(f"Pressing hole {goes_on[0]} lets the game go on." if len(goes_on) == 1 else
                     f"Pressing holes {holes_list(goes_on)} lets the game go on.")
    return " ".join(words)


def _page_appendix(rules: Ruleset, facts: Survey) -> Page:
    n = rules.holes_per_side
    slots = author_board()
    ev = evaluate(slots, rules)
    k = ev.min_hole
    tie = [h for h in ev.disagreements if ev.manual[h - 1] == STRIKE]
    seed, other_slots, other, struck = same_seeds_example(rules)
    ok = other.min_hole
    least_other = other.least
    return Page().add(
        Heading("Appendix A: the strike rule, exactly"),
        Para("The module's original manual says a hole strikes if it \u201creturns the least\u201d. "
             "The module itself decides this way:"),
        Bullets([
            "The holes with the most points solve. If that most is 0, every press solves, an empty hole's too.",
            "Otherwise an empty hole strikes.",
            "Otherwise the module finds the <b>reference hole</b>: the lowest-numbered hole with the smallest "
            "points <b>above 0</b>. A hole holding seeds that scores 0 is never the reference hole.",
            "Every hole holding the <b>same number of seeds</b> as the reference hole strikes, the reference "
            "hole included. The module compares seed counts, not points.",
            "Every other hole lets the game go on without a strike. After a strike of step 4 the game goes "
            "on too: the module plays your turn and the opponent's, and the board is new.",
        ], numbered=True),
        Para("The answer is the same under both readings; only wrong presses are judged differently. "
             f"The two differ on {about(facts.disagree, facts.boards, 'board')}."),
        Para("<b>A hole can tie for the least and not strike.</b> On this board, holes 1 to "
             f"{n} hold {_counts(slots, rules.holes(YOU))} and positions {n + 1} to "
             f"{2 * n} hold {_counts(slots, rules.holes(OPPONENT))}:"),
        points_table(ev, "The module's verdicts and the original manual's wording side by side.", manual=True),
        Para(f"Hole {k + 1} is the reference hole ({ev.points[k]} points, {plural(ev.seeds[k])}). "
             + "".join(f"Hole {h} also scores {ev.points[h - 1]} but holds {plural(ev.seeds[h - 1])}, "
                       "so the module lets the game go on, where the original wording says strike. "
                       for h in tie)),
        Para("<b>A hole can score above the least and still strike.</b> On the board with holes 1 to "
             f"{n}: {_counts(other_slots, rules.holes(YOU))} and positions {n + 1} to {2 * n}: "
             f"{_counts(other_slots, rules.holes(OPPONENT))}, the reference hole is hole "
             f"{ok + 1} ({other.points[ok]} points, {plural(other.seeds[ok])}). Hole {struck} scores "
             f"{other.points[struck - 1]}, more than the least ({least_other}), but it also holds "
             f"{plural(other.seeds[struck - 1])}, so the module strikes it."),
        Para("<b>What this means in play.</b> Press only a hole that scores the most and neither rule "
             "matters. If you must press some other hole (say, to change the board), avoid every hole "
             "holding as many seeds as the reference hole; a hole tying for the least with a different "
             "seed count is safe on the module."),
    )


def _page_worksheet(rules: Ruleset) -> Page:
    return Page(wide=True).add(
        Heading(WORKSHEET_HEADING),
        Worksheet("A blank worksheet"),
    )


WORKSHEET_HEADING = "Appendix B: the worksheet (copy this page)"


# --- HTML -----------------------------------------------------------------------------

WORKSHEET_WIDTH = 676  # CSS pixels: on its wide page the blank worksheet prints at 94% of its size (7 pt text)

PAPER_COLOUR = "#fbf8ef"  # the page on screen: a warm white, like the community's paper; printed white

CSS_TEMPLATE = string.Template("""
$faces
:root { --paper: $paper; --ink: #111; --rule: #333; --soft: #333; --desk: #d9d6cf; --mark: #e4e0d4; }
@media (prefers-color-scheme: dark) {
  :root { --paper: #1f2022; --ink: #e4e4e4; --rule: #aaa; --soft: #b0b0b0; --desk: #111; --mark: #4a4220; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--desk); color: var(--ink); font: ${body}pt/1.3 $family; }
.page { width: 8.5in; min-height: 11in; margin: 0.3in auto; padding: 0.5in 0.75in 0.6in;
        background: var(--paper); position: relative; box-shadow: 0 0 8px rgba(0,0,0,.4); }
.page.wide { padding: 0.3in 0.35in 0.45in; }
.page-header { display: flex; justify-content: space-between; border-bottom: 1px solid var(--rule);
               font-size: 10pt; color: var(--soft); margin-bottom: 0.2in; }
.page-footer { position: absolute; bottom: 0.35in; left: 0; right: 0; text-align: center;
               font-size: 10pt; color: var(--soft); }
h1 { font: bold 21pt/1.2 $family; margin: 0.1in 0 0.05in; }
h2 { font: bold 13pt/1.2 $family; margin: 0.16in 0 0.05in; }  /* as the PDF sets it: no rule under it */
p { margin: 0.05in 0; }
p.flavour { font-style: italic; margin-bottom: 0.15in; }
p.note { color: var(--soft); font-size: ${note}pt; }
figure { margin: 0.1in auto; text-align: center; }
figure svg { display: block; margin: 0 auto; background: #fff; }
figcaption, .caption { font-size: ${caption}pt; color: var(--soft); margin: 0.04in auto; text-align: center; }
figcaption { max-width: 4.2in; }  /* a table's caption is as wide as the line, as in the PDF */
table { border-collapse: collapse; margin: 0.08in auto; font-size: ${note}pt; width: 100%; }  /* the PDF fills the line */
th, td { border: 1px solid var(--rule); padding: 2px 8px; text-align: center; }
table.small { font-size: ${caption}pt; }
table.small th, table.small td { padding: 0 3px; }
.beside-wrap { display: flex; gap: 0.2in; align-items: flex-start; }
.beside-wrap > div { flex: 1; }
.beside-wrap figure { margin: 0; }
figure.worksheet svg { width: ${worksheet}px; height: auto; margin: 0.05in auto; }
tr.mark td { background: var(--mark); font-weight: bold; }
ol, ul { margin: 0.05in 0; padding-left: 0.3in; }
li { margin: 0.03in 0; }
@media print {
  @page { size: letter; margin: 0; }
  :root { --paper: #fff; --ink: #000; --rule: #333; --soft: #333; --desk: #fff; --mark: #e4e4e4; }
  body { background: #fff; }
  .page { margin: 0; box-shadow: none; page-break-after: always; break-after: page; }
  .page:last-child { page-break-after: auto; break-after: auto; }
}
""")


def css() -> str:
    """The HTML's style: the PDF's face and type sizes, the font files loaded from beside it."""
    return CSS_TEMPLATE.substitute(faces=fonts.css_font_faces(), paper=PAPER_COLOUR, body=BODY_PT, note=NOTE_PT,
                                   caption=CAPTION_PT, worksheet=WORKSHEET_WIDTH,
                                   family=f'"{fonts.FAMILY}", {fonts.CSS_FALLBACK}').strip()


def _figure_svg(fig: Figure, rules: Ruleset) -> str:
    from .render import SvgPainter, draw_face

    painter = SvgPainter(fig.size)
    _draw_figure(painter, fig, rules, draw_face)
    return painter.svg()


def _draw_figure(painter, fig: Figure, rules: Ruleset, draw_face) -> None:
    draw_face(painter, fig.slots, rules, **fig.options)
    if fig.overlay == "ring":
        _ring_arrows(painter, rules)


def _ring_arrows(painter, rules: Ruleset) -> None:
    """An arrowhead in each hole and in your store, pointing to the next place your seeds go."""
    import math

    from . import layout
    from .render import LINE

    spots = layout.spots(rules)
    nxt = rules.next_slot(YOU)
    for slot in list(rules.holes(YOU)) + list(rules.holes(OPPONENT)) + [rules.store(YOU)]:
        here, there = spots[slot], spots[nxt[slot]]
        dx, dy = there.x - here.x, there.y - here.y
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        reach, wing, notch = 0.02, 0.017, 0.007  # an arrowhead with a notched back, inside the drawn hole

        def at(along: float, across: float) -> tuple[float, float]:
            return here.x + along * ux - across * uy, here.y + along * uy + across * ux

        painter.polygon([at(reach, 0), at(-reach, wing), at(-notch, 0), at(-reach, -wing)], LINE.arrow)


def render_html(pages: list[Page], rules: Ruleset) -> str:
    """The manual as one HTML document, its diagrams drawn inside it."""
    body = []
    for number, page in enumerate(pages, 1):
        parts = [f'<div class="page{" wide" * page.wide}" id="page-{number}">',
                 f'<div class="page-header"><span>{DOC_TITLE}</span><span>{MODULE}</span></div>']
        for block in page.blocks:
            parts.append(_html_block(block, rules))
        parts.append(f'<div class="page-footer">Page {number} of {len(pages)}</div>')
        parts.append("</div>")
        body.append("\n".join(parts))
    html = ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<meta name=\"color-scheme\" content=\"light dark\">\n"
            f"<title>{MODULE} \u2014 {DOC_TITLE}</title>\n<style>\n{css()}\n</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")
    return html


def inline_svg(svg: str, name: str, label: str) -> str:
    """An SVG document as a drawing inside the page, id figure-`name`: its text is then set in
    the page's web font (an <img> cannot load one, and would fall back to the reader's fonts)."""
    return svg.replace("<svg ", f'<svg id="figure-{name}" role="img" aria-label="{label}" ', 1).strip()


def _html_block(block, rules: Ruleset) -> str:
    if isinstance(block, Heading):
        return f"<h{block.level}>{block.text}</h{block.level}>"
    if isinstance(block, Para):
        cls = f' class="{block.style}"' if block.style != "body" else ""
        return f"<p{cls}>{block.text}</p>"
    if isinstance(block, Bullets):
        tag = "ol" if block.numbered else "ul"
        return f"<{tag}>" + "".join(f"<li>{item}</li>" for item in block.items) + f"</{tag}>"
    if isinstance(block, Beside):
        inner = "\n".join(_html_block(b, rules) for b in block.blocks)
        return f'<div class="beside-wrap"><div>{inner}</div>{_html_block(block.figure, rules)}</div>'
    if isinstance(block, Worksheet):
        from .worksheet import worksheet_svg

        drawing = inline_svg(worksheet_svg(rules, page=False), "worksheet", block.caption)
        return f'<figure class="worksheet">{drawing}</figure>'  # no caption: the sheet explains itself
    if isinstance(block, Table):
        head = "<tr>" + "".join(f"<th>{h}</th>" for h in block.header) + "</tr>"
        rows = "".join(
            ('<tr class="mark">' if i in block.mark_rows else "<tr>") + "".join(f"<td>{c}</td>" for c in row) + "</tr>"
            for i, row in enumerate(block.rows))
        caption = f'<p class="caption">{block.caption}</p>' if block.caption else ""
        cls = ' class="small"' if block.small else ""
        return f"<table{cls}>{head}{rows}</table>{caption}"
    if isinstance(block, Figure):
        drawing = inline_svg(_figure_svg(block, rules), block.name, "Diagram of the Congkak module")
        return f"<figure>{drawing}<figcaption>{block.caption}</figcaption></figure>"
    raise TypeError(f"unknown block {block!r}")


# --- PDF ------------------------------------------------------------------------------

PDF_MARGIN = 54.0  # points, left and right
BODY_PT, NOTE_PT, CAPTION_PT = 9.5, 8.8, 8.0  # the type sizes; nothing in the manual is under 7 pt
TEXT, WIDE = "text", "wide"  # the PDF's page templates: the usual margins, and narrow ones (Page.wide)
WIDE_MARGIN = 30.0  # points, left and right, on a wide page
PDF_TEXT_WIDTH = 612.0 - 2 * PDF_MARGIN - 12  # the frame pads 6 points a side

def render_pdf(pages: list[Page], rules: Ruleset) -> bytes:
    """The manual as a Letter PDF, the same blocks as the HTML, one page per page."""
    import io

    from reportlab.lib.pagesizes import letter
    from reportlab.lib.units import inch
    from reportlab.platypus import BaseDocTemplate, Frame, NextPageTemplate, PageBreak, PageTemplate

    styles = _pdf_styles()
    story = []
    for number, page in enumerate(pages, 1):
        for block in page.blocks:
            story.extend(_pdf_block(block, styles, rules))
        if number < len(pages):
            story += [NextPageTemplate(WIDE if pages[number].wide else TEXT), PageBreak()]
    out = io.BytesIO()
    doc = BaseDocTemplate(out, pagesize=letter, title=f"{MODULE} - {DOC_TITLE}", author="ktane-congkak",
                          creator="ktane-congkak", producer="ktane-congkak", subject="Expert manual", invariant=1,
                          initialFontName=fonts.register())
    decoration = _page_decoration(len(pages))
    width, height = letter
    doc.addPageTemplates([
        PageTemplate(TEXT, [Frame(PDF_MARGIN, 0.75 * inch, width - 2 * PDF_MARGIN, height - 1.6 * inch)],
                     onPage=decoration),
        PageTemplate(WIDE, [Frame(WIDE_MARGIN, 0.5 * inch, width - 2 * WIDE_MARGIN, height - 1.2 * inch)],
                     onPage=decoration),
    ])
    doc.build(story)
    return out.getvalue()


def _page_decoration(total: int):
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.units import inch

    width, height = letter

    def draw(canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont(fonts.face(), 10)
        canvas.setFillGray(0.2)
        top = height - 0.55 * inch
        canvas.drawString(0.75 * inch, top, DOC_TITLE)
        canvas.drawRightString(width - 0.75 * inch, top, MODULE)
        canvas.setLineWidth(0.6)
        canvas.line(0.75 * inch, top - 4, width - 0.75 * inch, top - 4)
        canvas.drawCentredString(width / 2, 0.4 * inch, f"Page {doc.page} of {total}")
        canvas.restoreState()

    return draw


def _pdf_styles() -> dict:
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle

    face = fonts.register()  # one typewriter family: <b> and <i> pick its other files
    body = ParagraphStyle("body", fontName=face, fontSize=BODY_PT, leading=BODY_PT * 1.3, spaceBefore=2, spaceAfter=3)
    return {
        "body": body,
        "h1": ParagraphStyle("h1", fontName=fonts.face(bold=True), fontSize=21, leading=25, spaceBefore=4,
                             spaceAfter=4),
        "h2": ParagraphStyle("h2", fontName=fonts.face(bold=True), fontSize=13, leading=16, spaceBefore=7,
                             spaceAfter=3),
        "flavour": ParagraphStyle("flavour", parent=body, fontName=fonts.face(italic=True), spaceAfter=8),
        "note": ParagraphStyle("note", parent=body, fontSize=NOTE_PT, leading=NOTE_PT * 1.3, textColor="#333333"),
        "caption": ParagraphStyle("caption", parent=body, fontSize=CAPTION_PT, leading=CAPTION_PT * 1.3,
                                  textColor="#333333", alignment=TA_CENTER),
        "item": ParagraphStyle("item", parent=body, spaceBefore=1, spaceAfter=1),
        "cell": ParagraphStyle("cell", parent=body, fontSize=NOTE_PT, leading=NOTE_PT * 1.15, alignment=TA_CENTER,
                               spaceBefore=0, spaceAfter=0),
        "small_cell": ParagraphStyle("small_cell", parent=body, fontSize=CAPTION_PT, leading=CAPTION_PT * 1.15,
                                     alignment=TA_CENTER, spaceBefore=0, spaceAfter=0),
    }


def table_font() -> tuple:
    """A reportlab table's own font (it sets one, Helvetica unless told, even when every cell is a Paragraph)."""
    return ("FONTNAME", (0, 0), (-1, -1), fonts.face())


def _pdf_block(block, styles: dict, rules: Ruleset) -> list:
    from reportlab.lib import colors
    from reportlab.platypus import KeepTogether, ListFlowable, ListItem, Paragraph, Spacer
    from reportlab.platypus import Table as RLTable
    from reportlab.platypus import TableStyle

    if isinstance(block, Heading):
        return [Paragraph(block.text, styles["h1" if block.level == 1 else "h2"])]
    if isinstance(block, Para):
        return [Paragraph(block.text, styles[block.style])]
    if isinstance(block, Bullets):
        items = [ListItem(Paragraph(item, styles["item"]), leftIndent=16) for item in block.items]
        kind = dict(bulletType="1", bulletFormat="%s.") if block.numbered else dict(bulletType="bullet", start="\u2022")
        return [ListFlowable(items, leftIndent=16, bulletFontSize=BODY_PT, bulletFontName=fonts.face(), **kind)]
    if isinstance(block, Beside):
        from reportlab.platypus import Table as Columns

        text = [f for b in block.blocks for f in _pdf_block(b, styles, rules)]
        figure = [_FaceFlowable(block.figure, rules), Paragraph(block.figure.caption, styles["caption"])]
        side = block.figure.size + 12
        columns = Columns([[text, figure]], colWidths=[PDF_TEXT_WIDTH - side, side])
        columns.setStyle([table_font(), ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                          ("RIGHTPADDING", (0, 0), (0, 0), 10), ("RIGHTPADDING", (1, 0), (1, 0), 0)])
        return [columns]
    if isinstance(block, Worksheet):
        return [_WorksheetFlowable(rules)]
    if isinstance(block, Table):
        cell = styles["small_cell" if block.small else "cell"]
        data = [[Paragraph(f"<b>{h}</b>", cell) for h in block.header]]
        data += [[Paragraph(f"<b>{c}</b>" if i in block.mark_rows else c, cell) for c in row]
                 for i, row in enumerate(block.rows)]
        pad = 2 if block.small else 6
        table = RLTable(data, colWidths=_column_widths(block, cell.fontSize, pad), hAlign="CENTER")
        style = [table_font(), ("GRID", (0, 0), (-1, -1), 0.6, colors.black), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                 ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
                 ("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad)]
        style += [("BACKGROUND", (0, i + 1), (-1, i + 1), colors.HexColor("#eeeeee")) for i in block.mark_rows]
        table.setStyle(TableStyle(style))
        parts = [Spacer(1, 3), table]
        if block.caption:
            parts.append(Paragraph(block.caption, styles["caption"]))
        return [KeepTogether(parts)]
    if isinstance(block, Figure):
        return [KeepTogether([_FaceFlowable(block, rules), Paragraph(block.caption, styles["caption"]),
                              Spacer(1, 4)])]
    raise TypeError(f"unknown block {block!r}")


def _column_widths(block: Table, size: float, pad: float, room: float = PDF_TEXT_WIDTH) -> list[float]:
    """Each column as wide as its longest cell, the room left shared out evenly: the table fills
    the line and no short cell wraps (the landing table's corner "From \\ seeds" stays one line)."""
    from html import unescape

    natural = [max(fonts.text_width(unescape(re.sub(r"<[^>]+>", "", cell)), size, bold=True) for cell in column)
               + 2 * pad + 2 for column in zip(block.header, *block.rows)]
    spare = room - sum(natural)
    if spare < 0:  # too wide for the line: every column gives up its share
        return [width * room / sum(natural) for width in natural]
    return [width + spare / len(natural) for width in natural]


def _FaceFlowable(fig: Figure, rules: Ruleset):
    """A flowable that draws the module face with render.draw_face on a PdfPainter."""
    from reportlab.platypus import Flowable

    class Face(Flowable):
        def wrap(self, available_width, available_height):
            self.offset = (available_width - fig.size) / 2
            return available_width, fig.size

        def draw(self):
            from .render import PdfPainter, draw_face

            _draw_figure(PdfPainter(self.canv, self.offset, 0, fig.size), fig, rules, draw_face)

    return Face()


def _WorksheetFlowable(rules: Ruleset):
    """The blank worksheet, scaled to the room left on the page."""
    from reportlab.platypus import Flowable

    from .worksheet import HEIGHT, WIDTH, draw_worksheet_pdf

    class Sheet(Flowable):
        def wrap(self, available_width, available_height):
            self.scale = min(available_width / WIDTH, (available_height - 2) / HEIGHT)
            self.offset = (available_width - WIDTH * self.scale) / 2
            return available_width, HEIGHT * self.scale

        def draw(self):
            draw_worksheet_pdf(self.canv, self.offset, 0, rules, scale=self.scale)

    return Sheet()


# --- building -------------------------------------------------------------------------

def build_files(rules: Ruleset | None = None, pdf: bool = True) -> dict[str, bytes]:
    """Every file of the manual by name: index.html (its diagrams inside it), the font files it
    loads with their licence (OFL.txt), congkak.pdf."""
    rules = rules or load_ruleset(DEFAULT)
    pages = manual_pages(rules)
    files = {HTML_NAME: render_html(pages, rules).encode("utf-8")}
    files.update({name: fonts.font_file(name) for name in (*fonts.FILES.values(), fonts.LICENCE)})  # the HTML's face
    if pdf:
        files[PDF_NAME] = render_pdf(pages, rules)
    return files


def build_manual(out: str | Path, pdf: bool = True, rules: Ruleset | None = None) -> list[Path]:
    """Write the manual into folder `out` (made if missing); the paths written."""
    from ..files import os_problem, write_atomic

    from ..errors import UserError

    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UserError(f"{out}: not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise os_problem(out, exc, "make the folder") from None
    written = []
    for name, data in build_files(rules, pdf).items():
        # A new file readable as usual (umask), an old one's mode kept; a symlink in the
        # folder is replaced, never written through to a file outside it.
        write_atomic(out / name, data, follow_links=False)
        written.append(out / name)
    return written
