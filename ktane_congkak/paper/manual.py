"""The expert manual: its words, with every board, number and answer computed by the engine.

`manual_pages(rules)` builds the content once, as a list of pages of simple blocks
(headings, paragraphs, lists, tables, module diagrams, turn traces); `render_html` and
`render_pdf` turn the same blocks into a web page (with SVG diagrams) and a Letter PDF.
Nothing printed is typed in by hand: the example boards come from the module's own
generator with fixed random seeds (or, for the appendix, the board the module's author
kept as an example), and their points, verdicts and turns from `evaluate`/`play_turn`.
The output is deterministic (no dates; reportlab's invariant mode), so a test can
rebuild it and compare it with the committed `manual/`.

Text is written in the small markup reportlab's Paragraph and HTML share: <b>, <i>, &amp;.
"""

from __future__ import annotations

import random
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
    """A module diagram: `name`.svg on screen, drawn straight onto the PDF page."""

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
    """The blank worksheet (paper/worksheet.py), as worksheet.svg on screen."""

    caption: str


Block = Heading | Para | Bullets | Table | Figure | Beside | Worksheet


@dataclass
class Page:
    blocks: list = field(default_factory=list)

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
    """Hole and seeds (1 to a lap) to the first sowing's landing place."""
    n, laps = rules.holes_per_side, lap(rules)
    rows = []
    for hole in range(1, n + 1):
        cells = [place_name(landing_place(hole, seeds, laps), rules) for seeds in range(1, laps + 1)]
        rows.append([str(hole)] + [f"<b>{c}</b>" if c == STORE_MARK else c for c in cells])
    return Table(["Hole \\ seeds"] + [str(s) for s in range(1, laps + 1)], rows,
                 f"Where the last seed of the first sowing lands: 1 to {n} your holes, {n + 1} to {2 * n} the "
                 f"opponent's positions, {STORE_MARK} your store.", small=True)


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
    mine, theirs = rules.store(YOU), rules.store(OPPONENT)
    facing = [["faces position"] + [str(slot_to_position(rules.facing(h - 1), rules)) for h in range(1, n + 1)]]
    figure = Figure("module", fresh, "The module with a fresh board. Your row is outlined in yellow; "
                    "hovering hole 1 shows its count on the screen.", 230,
                    {"highlight": 0, "screen": f"{fresh[0]:02d}"})
    return Page().add(
        Heading("On the Subject of Congkak", 1),
        Beside([
            Para(FLAVOUR, "flavour"),
            Para(f"This module holds a congkak board: two rows of {n} holes and a big store at each end, "
                 f"{total} seeds in all. Press one of your holes. The module plays that turn for you and "
                 "judges the hole by how many seeds it leaves you with. The hole that leaves you with the "
                 "most solves the module."),
            Para("Hovering over a hole shows the number of seeds in it on the screen in the bottom-left "
                 "corner, as two digits. The stores are never shown, and you never need them."),
        ], figure),
        Heading("Which holes are yours"),
        Bullets([
            "The board runs diagonally from the top-left corner to the bottom-right corner.",
            f"<b>Your holes</b> are the row nearer the bottom-left corner. They are numbered 1 to {n}: "
            f"<b>hole 1</b> is at the bottom-right end, next to your store, and <b>hole {n}</b> is at the "
            "top-left end.",
            "<b>Your store</b> is the big hole at the bottom right. The big hole at the top left is the "
            "<b>opponent's store</b>. The stores have names, not numbers.",
            f"The opponent's holes are counted on from yours as <b>positions {n + 1} to {2 * n}</b>, starting "
            f"from the top-left end: position {n + 1} faces your hole {n}, and position {2 * n} faces your "
            "hole 1.",
            f"This manual names places only this way: holes 1 to {n}, positions {n + 1} to {2 * n}, and the "
            f"two stores by name. A defuser reads the {2 * n} counts in this order.",
        ]),
        Table(["Your hole"] + [str(h) for h in range(1, n + 1)], facing,
              "Each of your holes and the opponent's hole across from it."),
        Para(f"A fresh board has {fresh[0]} seeds in every hole, {fresh[mine]} in your store and "
             f"{fresh[theirs]} in the opponent's.", "note"),
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
        Para(f"The opponent's seeds go the same way round from its own side: {ring_words(rules, OPPONENT)}, "
             "skipping your store."),
        Figure("ring", rules.fresh_board(), f"Your seeds' way round: hole 1 to hole {n}, position {n + 1} to "
               f"{2 * n}, your store, hole 1 again. The opponent's store is never sown into by you.",
               190, {"counts": False}, overlay="ring"),
        Heading("One turn"),
        Para("Take every seed out of the chosen hole. Drop them one at a time into the following "
             "holes along the ring, one seed per hole, skipping the other player's store. The hole "
             "you started from is not skipped if the seeds come round to it again. Then look at where "
             "the <b>last</b> seed fell:"),
        Bullets([
            "<b>An empty hole of yours</b> (it now holds just that seed): <b>capture</b>. That seed and "
            "every seed in the opponent's hole facing it go into your store. If the facing hole is "
            "empty, the one seed goes alone. The turn ends.",
            "<b>Your store</b>: the turn ends. (Unlike the traditional game, you do not move again.)",
            "<b>An empty hole of the opponent's</b>: the turn ends.",
            "<b>A hole that already held seeds</b>, yours or the opponent's: <b>relay</b>. Pick up "
            "every seed in that hole, including the one just dropped, and keep sowing from there "
            "along the ring. A turn can relay many times.",
        ], numbered=True),
        Para("Every turn ends: each time the seeds pass your store they add one to it, so they "
             "cannot go round for ever.", "note"),
        Para(f"How long a turn takes: of the {facts.turns:,} turns of your holes on {facts.boards:,} "
             f"boards made the module's way (random seed {SURVEY_SEED}), half took {facts.median_drops} "
             f"drops or fewer; the longest took {facts.most_drops} drops, and the most relays in one turn "
             f"was {facts.most_relays}. The shortcuts below cut this work down.", "note"),
    )


def _page_scoring(rules: Ruleset) -> Page:
    n = rules.holes_per_side
    return Page().add(
        Heading("Scoring a hole"),
        Para("Play the turn of the hole on paper (no reply from the opponent). Its <b>points</b> are "
             f"the seeds in your {n} holes after the turn plus the seeds your store gained during it. "
             "An empty hole scores 0."),
        Para("What the stores held before does not matter, which is why the screen never shows them: "
             f"you only need the {2 * n} holes."),
        Heading("What pressing a hole does"),
        Bullets([
            "<b>The most points: solve.</b> If several holes tie for the most, any of them solves. "
            f"The screen then reads GG. When all {n} of your holes are empty, every hole scores 0, the most "
            "there is, so <b>any press solves</b>.",
            f"<b>An empty hole: strike</b> (unless all {n} are empty, as above). Nothing moves.",
            "<b>As many seeds as the weakest hole: strike.</b> Find the lowest-numbered hole with the "
            "smallest points above 0. Pressing any hole that holds as many seeds as that one strikes "
            "(unless it scores the most). The module compares seed counts, not points: see Appendix A.",
            "<b>Anything else: no strike, but not solved.</b> The module plays your turn, the opponent "
            "answers with a turn of its own, and you face a new board. Score it afresh.",
        ], numbered=True),
        Para("A hole that strikes by its seed count is still played, and the opponent still answers: the "
             "game carries on from the new board."),
        Heading("Shortcut 1: where the first sowing lands"),
        Para(f"Number the places of your ring 1 to {2 * n} as above and call your store {STORE_MARK}, "
             f"the {lap(rules)}th place. The last seed from hole <i>h</i> holding <i>s</i> seeds lands on "
             f"place <b><i>h</i> + <i>s</i></b>; above {lap(rules)}, take {lap(rules)} off. <i>Why: one seed "
             "goes into each place in turn.</i> The same sum works for every relay: from the place you pick "
             f"up at, count on the seeds you pick up. With {lap(rules)} seeds or more, every place first "
             f"gets one seed for each {lap(rules)}, the hole you emptied included; count on the rest."),
        landing_table(rules),
    )


def _page_shortcuts(rules: Ruleset, saved: Savings) -> Page:
    n, laps, boards = rules.holes_per_side, lap(rules), saved.boards
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
        Para(f"Work out the landing place <i>h</i> + <i>s</i> (with fewer than {laps} seeds). If it is not a "
             "place holding seeds, the turn ends at once and its points are:"),
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
        Para(f"On {boards:,} boards made the module's way (random seed {SURVEY_SEED}), this settles "
             f"<b>{percent(settled, holes)}</b> of the {holes:,} holes that hold seeds "
             f"({percent(kinds[ENDS_IN_STORE], holes)} end in the store, {percent(kinds[ENDS_EMPTY], holes)} on "
             f"an empty position, {percent(kinds[CAPTURES], holes)} capture), and a best hole is one of them "
             f"on {percent(saved.best_settled, boards)} of the boards. The settled holes are the short "
             f"turns: the median board still needs {saved.median_drops_left} of its {saved.median_drops} drops.",
             "note"),
        Heading("Shortcut 4: count in jumps, not drops"),
        Para("Never drop seeds one by one. For each pick-up write one row on the worksheet (Appendix B): "
             "the place you pick up from, the seeds, the landing place (Shortcut 1) and what the landing "
             "place holds now: its count before, plus one for every row that passed over it, minus "
             "what was picked up there. The strip of boxes keeps that count: strike through each box a "
             "row passes."),
        Para(f"Measured: the median board takes {saved.median_drops} single drops to score every hole but "
             f"only <b>{saved.median_pickups} pick-ups</b>; a board at the 90th percentile takes "
             f"{saved.p90_drops} drops but {saved.p90_pickups} pick-ups.", "note"),
    )


def _page_routine(rules: Ruleset, saved: Savings, ex: Example) -> Page:
    n, laps, boards = rules.holes_per_side, lap(rules), saved.boards
    kinds, holes = saved.kinds, saved.holes
    return Page().add(
        Heading("Shortcut 5: the most any hole can score"),
        Para(f"No hole scores more than the {2 * n} counts' total (Shortcut 2, with positions {n + 1} to "
             f"{2 * n} left empty). A hole that leaves positions {n + 1} to {2 * n} empty is therefore a best "
             f"hole: stop and press it. It is rare: {saved.bound_boards:,} of the {boards:,} boards.", ),
        Heading("The traps"),
        Bullets([
            f"<b>Relay chains.</b> A landing place holding seeds relays, and the relay may land on seeds "
            f"again. You see the first relay coming (Shortcut 1) but not its length: "
            f"{percent(kinds[RELAYS], holes)} of holes relay. Trace them last, in jumps.",
            f"<b>{laps} seeds or more</b> ({percent(kinds[LONG], holes)} of holes) go round more than once: "
            "share the whole laps out first (Shortcut 1).",
            "<b>The strike rule.</b> Press only a hole with the most points and the strike rule never "
            "matters (Appendix A).",
        ]),
        Heading("The routine"),
        Bullets([
            f"The defuser reads the {2 * n} counts: holes 1 to {n}, then positions {n + 1} to {2 * n} (hover "
            "over each hole; the screen shows two digits). Write them in the worksheet's board strip.",
            f"Add your row (holes 1 to {n}) and the {2 * n}-count total.",
            f"An empty hole scores 0; if all {n} are empty, press any hole (it solves).",
            "For every other hole work out the landing place (Shortcut 1). Score the holes that end at once "
            "(Shortcut 3).",
            "Trace the relay holes in jumps (Shortcut 4); score each and check it with the check total "
            "(Shortcut 2). If one empties the opponent's row, stop (Shortcut 5).",
            "Have the defuser press a hole with the most points. If the module goes on instead (it plays "
            "your turn and the opponent's), the board is new: read all the counts again and start over.",
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
             f"{2 * n} counts is <b>{total}</b>. (This board came from the module's own way of making puzzles, "
             f"random seed {ex.seed}.)"),
        Figure("example", ex.slots, "The example board. The stores are shown as \u201c?\u201d: the screen "
               "never reveals them.", 200, {"stores_known": False}),
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
             "The module itself decides differently. It finds the <b>lowest-numbered hole with the "
             "smallest points above zero</b> (the reference hole) and strikes every hole, the reference "
             "hole included, that holds the <b>same number of seeds</b> as it, unless it scores the most. It "
             "compares seed counts, not points. The most points always solve, and an empty hole strikes "
             f"(unless all {n} are empty), so the answer is the same under both readings; only wrong presses "
             "are judged differently."),
        Para("<b>A hole can tie for the least and not strike.</b> The module's author kept this board "
             f"as an example: holes 1 to {n} hold {_counts(slots, rules.holes(YOU))}, positions {n + 1} to "
             f"{2 * n} hold {_counts(slots, rules.holes(OPPONENT))}."),
        points_table(ev, "The author's example: the module and the manual's wording side by side.", manual=True),
        Para(f"Hole {k + 1} is the reference hole ({ev.points[k]} points, {plural(ev.seeds[k])}). "
             + "".join(f"Hole {h} also scores {ev.points[h - 1]} but holds {plural(ev.seeds[h - 1])}, "
                       "so the module lets the game go on, where the manual's wording says strike. "
                       for h in tie)),
        Para("<b>A hole can score above the least and still strike.</b> On a generated board "
             f"(random seed {seed}; holes 1 to {n}: {_counts(other_slots, rules.holes(YOU))}, positions "
             f"{n + 1} to {2 * n}: {_counts(other_slots, rules.holes(OPPONENT))}), the reference hole is hole "
             f"{ok + 1} ({other.points[ok]} points, {plural(other.seeds[ok])}). Hole {struck} scores "
             f"{other.points[struck - 1]}, more than the least ({least_other}), but it also holds "
             f"{plural(other.seeds[struck - 1])}, so the module strikes it."),
        Para("<b>What this means in play.</b> Press only a hole that scores the most and neither rule "
             "matters. If you must press some other hole (say, to change the board), avoid every hole "
             "holding as many seeds as the reference hole; a hole tying for the least with a different "
             "seed count is safe on the module."),
        Para(f"How often it matters: of {facts.boards:,} boards made the module's way (random seed "
             f"{SURVEY_SEED}), the two readings judge at least one hole differently on "
             f"{percent(facts.disagree, facts.boards)} of them: a hole tying for the least is spared on "
             f"{percent(facts.tie_spared, facts.boards)}, and a hole above the least strikes on "
             f"{percent(facts.seeds_struck, facts.boards)}. {percent(facts.several, facts.boards)} of the "
             "boards have more than one correct hole.", "note"),
    )


def _page_worksheet(rules: Ruleset) -> Page:
    return Page().add(
        Heading("Appendix B: the worksheet"),
        Para("Copy this page, or print one with the board filled in: <i>ktane-congkak print --worksheet "
             "BOARD --out sheet.pdf</i>."),
        Worksheet("A blank worksheet: the board strip, then a block per hole with a row per pick-up."),
    )


# --- HTML -----------------------------------------------------------------------------

WORKSHEET_WIDTH = 590  # CSS pixels: the blank worksheet fills the page's width and height

CSS = """
:root { --paper: #fff; --ink: #111; --rule: #333; --soft: #555; --desk: #ddd; --mark: #fff2b3; }
@media (prefers-color-scheme: dark) {
  :root { --paper: #1f2022; --ink: #e4e4e4; --rule: #aaa; --soft: #b0b0b0; --desk: #111; --mark: #4a4220; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--desk); color: var(--ink);
       font: 10.5pt/1.35 Helvetica, Arial, "Liberation Sans", "DejaVu Sans", sans-serif; }
.page { width: 8.5in; min-height: 11in; margin: 0.3in auto; padding: 0.5in 0.75in 0.6in;
        background: var(--paper); position: relative; box-shadow: 0 0 8px rgba(0,0,0,.4); }
.page-header { display: flex; justify-content: space-between; border-bottom: 1px solid var(--rule);
               font-size: 10pt; color: var(--soft); margin-bottom: 0.2in; }
.page-footer { position: absolute; bottom: 0.35in; left: 0; right: 0; text-align: center;
               font-size: 10pt; color: var(--soft); }
h1 { font: bold 22pt/1.2 "Courier New", "Liberation Mono", Courier, monospace; margin: 0.1in 0 0.05in; }
h2 { font: bold 14pt/1.2 "Courier New", "Liberation Mono", Courier, monospace; margin: 0.18in 0 0.05in;
     border-bottom: 1px solid var(--rule); }
p { margin: 0.06in 0; }
p.flavour { font-style: italic; margin-bottom: 0.15in; }
p.note { color: var(--soft); font-size: 10pt; }
figure { margin: 0.1in auto; text-align: center; }
figure img { display: block; margin: 0 auto; }
figcaption, .caption { font-size: 9pt; color: var(--soft); max-width: 3.4in; margin: 0.04in auto; }
table { border-collapse: collapse; margin: 0.08in auto; font-size: 10pt; }
th, td { border: 1px solid var(--rule); padding: 2px 10px; text-align: center; }
table.small { font-size: 9pt; }
table.small th, table.small td { padding: 1px 4px; }
.beside-wrap { display: flex; gap: 0.2in; align-items: flex-start; }
.beside-wrap > div { flex: 1; }
.beside-wrap figure { margin: 0; }
img.worksheet { display: block; margin: 0.05in auto; background: #fff; }
tr.mark td { background: var(--mark); font-weight: bold; }
ol, ul { margin: 0.05in 0; padding-left: 0.3in; }
li { margin: 0.03in 0; }
@media print {
  @page { size: letter; margin: 0; }
  :root { --paper: #fff; --ink: #000; --rule: #333; --soft: #444; --desk: #fff; --mark: #eee; }
  body { background: #fff; }
  .page { margin: 0; box-shadow: none; page-break-after: always; break-after: page; }
  .page:last-child { page-break-after: auto; break-after: auto; }
}
""".strip()


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

    spots = layout.spots(rules)
    nxt = rules.next_slot(YOU)
    for slot in list(rules.holes(YOU)) + list(rules.holes(OPPONENT)) + [rules.store(YOU)]:
        here, there = spots[slot], spots[nxt[slot]]
        dx, dy = there.x - here.x, there.y - here.y
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        reach, wing, notch = 0.022, 0.017, 0.008  # an arrowhead with a notched back, like a chevron

        def at(along: float, across: float) -> tuple[float, float]:
            return here.x + along * ux - across * uy, here.y + along * uy + across * ux

        painter.polygon([at(reach, 0), at(-reach, wing), at(-notch, 0), at(-reach, -wing)], (255, 255, 255))


def render_html(pages: list[Page], rules: Ruleset) -> tuple[str, dict[str, str]]:
    """The manual as one HTML document, and its SVG files by name."""
    svgs: dict[str, str] = {}
    body = []
    for number, page in enumerate(pages, 1):
        parts = [f'<div class="page" id="page-{number}">',
                 f'<div class="page-header"><span>{DOC_TITLE}</span><span>{MODULE}</span></div>']
        for block in page.blocks:
            parts.append(_html_block(block, svgs, rules))
        parts.append(f'<div class="page-footer">Page {number} of {len(pages)}</div>')
        parts.append("</div>")
        body.append("\n".join(parts))
    html = ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<meta name=\"color-scheme\" content=\"light dark\">\n"
            f"<title>{MODULE} \u2014 {DOC_TITLE}</title>\n<style>\n{CSS}\n</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")
    return html, svgs


def _html_block(block, svgs: dict[str, str], rules: Ruleset) -> str:
    if isinstance(block, Heading):
        return f"<h{block.level}>{block.text}</h{block.level}>"
    if isinstance(block, Para):
        cls = f' class="{block.style}"' if block.style != "body" else ""
        return f"<p{cls}>{block.text}</p>"
    if isinstance(block, Bullets):
        tag = "ol" if block.numbered else "ul"
        return f"<{tag}>" + "".join(f"<li>{item}</li>" for item in block.items) + f"</{tag}>"
    if isinstance(block, Beside):
        inner = "\n".join(_html_block(b, svgs, rules) for b in block.blocks)
        return f'<div class="beside-wrap"><div>{inner}</div>{_html_block(block.figure, svgs, rules)}</div>'
    if isinstance(block, Worksheet):
        from .worksheet import worksheet_svg

        svgs["worksheet.svg"] = worksheet_svg(rules, page=False)
        return (f'<figure><img class="worksheet" src="worksheet.svg" width="{WORKSHEET_WIDTH}" '
                f'alt="A blank worksheet"><figcaption>{block.caption}</figcaption></figure>')
    if isinstance(block, Table):
        head = "<tr>" + "".join(f"<th>{h}</th>" for h in block.header) + "</tr>"
        rows = "".join(
            ('<tr class="mark">' if i in block.mark_rows else "<tr>") + "".join(f"<td>{c}</td>" for c in row) + "</tr>"
            for i, row in enumerate(block.rows))
        caption = f'<p class="caption">{block.caption}</p>' if block.caption else ""
        cls = ' class="small"' if block.small else ""
        return f"<table{cls}>{head}{rows}</table>{caption}"
    if isinstance(block, Figure):
        svgs[f"{block.name}.svg"] = _figure_svg(block, rules)
        return (f'<figure><img src="{block.name}.svg" width="{block.size}" height="{block.size}" '
                f'alt="Diagram of the Congkak module"><figcaption>{block.caption}</figcaption></figure>')
    raise TypeError(f"unknown block {block!r}")


# --- PDF ------------------------------------------------------------------------------

PDF_MARGIN = 54.0  # points, left and right
PDF_TEXT_WIDTH = 612.0 - 2 * PDF_MARGIN - 12  # the frame pads 6 points a side

def render_pdf(pages: list[Page], rules: Ruleset) -> bytes:
    """The manual as a Letter PDF, the same blocks as the HTML, one page per page."""
    import io

    from reportlab.lib.pagesizes import letter
    from reportlab.lib.units import inch
    from reportlab.platypus import PageBreak, SimpleDocTemplate

    styles = _pdf_styles()
    story = []
    for number, page in enumerate(pages, 1):
        for block in page.blocks:
            story.extend(_pdf_block(block, styles, rules))
        if number < len(pages):
            story.append(PageBreak())
    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=letter, leftMargin=PDF_MARGIN, rightMargin=PDF_MARGIN,
                            topMargin=0.85 * inch, bottomMargin=0.75 * inch, title=f"{MODULE} - {DOC_TITLE}",
                            author="ktane-congkak", creator="ktane-congkak", producer="ktane-congkak",
                            subject="Expert manual", invariant=1)
    frame = _page_decoration(len(pages))
    doc.build(story, onFirstPage=frame, onLaterPages=frame)
    return out.getvalue()


def _page_decoration(total: int):
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.units import inch

    width, height = letter

    def draw(canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont("Helvetica", 10)
        canvas.setFillGray(0.3)
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

    body = ParagraphStyle("body", fontName="Helvetica", fontSize=10.5, leading=14, spaceBefore=2, spaceAfter=3)
    return {
        "body": body,
        "h1": ParagraphStyle("h1", fontName="Courier-Bold", fontSize=21, leading=25, spaceBefore=4, spaceAfter=4),
        "h2": ParagraphStyle("h2", fontName="Courier-Bold", fontSize=13.5, leading=17, spaceBefore=8, spaceAfter=3),
        "flavour": ParagraphStyle("flavour", parent=body, fontName="Helvetica-Oblique", spaceAfter=8),
        "note": ParagraphStyle("note", parent=body, fontSize=9.5, leading=12.5, textColor="#444444"),
        "caption": ParagraphStyle("caption", parent=body, fontSize=8.5, leading=11, textColor="#444444",
                                  alignment=TA_CENTER),
        "item": ParagraphStyle("item", parent=body, spaceBefore=1, spaceAfter=1),
        "cell": ParagraphStyle("cell", parent=body, fontSize=9.5, leading=11, alignment=TA_CENTER,
                               spaceBefore=0, spaceAfter=0),
        "small_cell": ParagraphStyle("small_cell", parent=body, fontSize=8.5, leading=10, alignment=TA_CENTER,
                                     spaceBefore=0, spaceAfter=0),
    }


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
        return [ListFlowable(items, leftIndent=16, bulletFontSize=10, **kind)]
    if isinstance(block, Beside):
        from reportlab.platypus import Table as Columns

        text = [f for b in block.blocks for f in _pdf_block(b, styles, rules)]
        figure = [_FaceFlowable(block.figure, rules), Paragraph(block.figure.caption, styles["caption"])]
        side = block.figure.size + 12
        columns = Columns([[text, figure]], colWidths=[PDF_TEXT_WIDTH - side, side])
        columns.setStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                          ("RIGHTPADDING", (0, 0), (0, 0), 10), ("RIGHTPADDING", (1, 0), (1, 0), 0)])
        return [columns]
    if isinstance(block, Worksheet):
        return [_WorksheetFlowable(rules), Paragraph(block.caption, styles["caption"])]
    if isinstance(block, Table):
        cell = styles["small_cell" if block.small else "cell"]
        data = [[Paragraph(f"<b>{h}</b>", cell) for h in block.header]]
        data += [[Paragraph(f"<b>{c}</b>" if i in block.mark_rows else c, cell) for c in row]
                 for i, row in enumerate(block.rows)]
        table = RLTable(data, hAlign="CENTER")
        pad = 2 if block.small else 6
        style = [("GRID", (0, 0), (-1, -1), 0.6, colors.black), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
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
            self.scale = min(available_width / WIDTH, (available_height - 16) / HEIGHT)
            self.offset = (available_width - WIDTH * self.scale) / 2
            return available_width, HEIGHT * self.scale

        def draw(self):
            draw_worksheet_pdf(self.canv, self.offset, 0, rules, scale=self.scale)

    return Sheet()


# --- building -------------------------------------------------------------------------

def build_files(rules: Ruleset | None = None, pdf: bool = True) -> dict[str, bytes]:
    """Every file of the manual by name: index.html, the SVG diagrams, congkak.pdf."""
    rules = rules or load_ruleset(DEFAULT)
    pages = manual_pages(rules)
    html, svgs = render_html(pages, rules)
    files = {HTML_NAME: html.encode("utf-8")}
    files.update({name: text.encode("utf-8") for name, text in sorted(svgs.items())})
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
