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

from ..core.board import format_board, slot_to_position
from ..core.evaluate import CONTINUE, EMPTY, STRIKE, VERDICT_WORDS, Evaluation, evaluate
from ..core.explain import describe_turn, plural
from ..core.generator import module_board
from ..core.rules import OPPONENT, YOU, Ruleset, load_ruleset
from ..core.sowing import CAPTURE, Turn, play_turn

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


class Figure(NamedTuple):
    """A module diagram: `name`.svg on screen, drawn straight onto the PDF page."""

    name: str
    slots: tuple[int, ...]
    caption: str
    size: int = 260  # points on the PDF page; the SVG is drawn at the same size in pixels
    options: dict = {}
    beside: bool = False  # on screen, float it beside the text (the first page's picture)


class Trace(NamedTuple):
    """A turn told drop by drop: describe_turn's lines."""

    lines: list[str]


Block = Heading | Para | Bullets | Table | Figure | Trace


@dataclass
class Page:
    blocks: list = field(default_factory=list)

    def add(self, *blocks) -> "Page":
        self.blocks.extend(blocks)
        return self


# --- facts the manual prints, all from the engine ---------------------------------------

class Example(NamedTuple):
    seed: int | None  # the generator's random seed, None for a board given by the module's author
    slots: tuple[int, ...]
    evaluation: Evaluation
    best: int  # the hole the example follows (1-based)
    turn: Turn


def generated_board(rules: Ruleset, seed: int) -> tuple[int, ...]:
    return module_board(rules, random.Random(seed))


def worked_example(rules: Ruleset) -> Example:
    """The first generated board whose one best hole's turn shows everything the manual
    teaches: a relay, a pass through the opponent's row and the store, and a capture;
    short enough to follow by hand, with a minimum-strike hole and an empty hole too, and
    no hole where the module's strike rule and its manual's wording disagree."""
    for seed in range(EXAMPLE_SEARCH_FROM, EXAMPLE_SEARCH_FROM + SEARCH_LIMIT):
        slots = generated_board(rules, seed)
        ev = evaluate(slots, rules)
        if len(ev.answer) == 1 and EMPTY in ev.module and STRIKE in ev.module and not ev.disagreements:
            best = ev.answer[0]
            turn = play_turn(slots, rules, YOU, ev.holes[best - 1])
            if (turn.end == CAPTURE and 1 <= turn.relays <= 2 and 10 <= turn.drops <= 20
                    and turn.after[rules.store(YOU)] > slots[rules.store(YOU)] + turn.captured):
                return Example(seed, slots, ev, best, turn)
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


def ring_order(rules: Ruleset, player: int) -> list[int]:
    """One lap of the mover's sowing, starting at its first hole."""
    nxt, first = rules.next_slot(player), rules.holes(player)[0]
    lap, slot = [first], nxt[first]
    while slot != first:
        lap.append(slot)
        slot = nxt[slot]
    return lap


def ring_numbers(rules: Ruleset) -> tuple[int, ...]:
    """Each slot's place (1, 2, ...) in your lap from hole 1; 0 for the skipped store."""
    numbers = [0] * rules.size
    for place, slot in enumerate(ring_order(rules, YOU), 1):
        numbers[slot] = place
    return tuple(numbers)


def ring_words(rules: Ruleset, player: int) -> str:
    names = []
    for slot in ring_order(rules, player):
        if rules.owner(slot) is None:
            names.append("your store" if slot == rules.store(YOU) else "the opponent's store")
        elif slot < rules.holes_per_side:
            names.append(f"hole {slot + 1}")
        else:
            names.append(f"position {slot_to_position(slot, rules)}")
    return ", ".join(names)


# --- the pages --------------------------------------------------------------------------

def manual_pages(rules: Ruleset | None = None) -> list[Page]:
    rules = rules or load_ruleset("module")
    n, total = rules.holes_per_side, rules.total_seeds
    ex, facts = worked_example(rules), survey(rules)
    return [_page_board(rules, n, total), _page_turn(rules, facts), _page_scoring(rules, ex),
            _page_example(rules, ex), _page_appendix(rules, facts)]


def _page_board(rules: Ruleset, n: int, total: int) -> Page:
    fresh = rules.fresh_board()
    mine, theirs = rules.store(YOU), rules.store(OPPONENT)
    facing = [["faces position"] + [str(slot_to_position(rules.facing(h - 1), rules)) for h in range(1, n + 1)]]
    return Page().add(
        Figure("module", fresh, "The module with a fresh board. Your row is outlined in yellow; "
               "hovering hole 1 shows its count on the screen.", 250,
               {"highlight": 0, "screen": f"{fresh[0]:02d}"}, beside=True),
        Heading("On the Subject of Congkak", 1),
        Para(FLAVOUR, "flavour"),
        Para(f"This module holds a congkak board: two rows of {n} holes and a big store at each end, "
             f"{total} seeds in all. Press one of your holes. The module plays that turn for you and "
             "judges the hole by how many seeds it leaves you with. The hole that leaves you with the "
             "most solves the module."),
        Para("Hovering over a hole shows the number of seeds in it on the screen in the bottom-left "
             "corner, as two digits. The stores are never shown, and you never need them."),
        Heading("Which holes are yours"),
        Bullets([
            "The board runs diagonally from the top-left corner to the bottom-right corner.",
            f"<b>Your holes</b> are the row nearer the bottom-left corner. They are numbered 1 to {n}: "
            f"<b>hole 1</b> is at the bottom-right end, next to your store, and <b>hole {n}</b> is at the "
            "top-left end.",
            "<b>Your store</b> is the big hole at the bottom right. The big hole at the top left is the "
            "opponent's store.",
            f"The opponent's holes are counted on from yours as positions {n + 1} to {2 * n}, starting "
            f"from the top-left end: position {n + 1} faces your hole {n}, and position {2 * n} faces your "
            "hole 1.",
        ]),
        Table(["Your hole"] + [str(h) for h in range(1, n + 1)], facing,
              "Each of your holes and the opponent's hole across from it."),
        Para(f"A fresh board has {fresh[0]} seeds in every hole, {fresh[mine]} in your store and "
             f"{fresh[theirs]} in the opponent's.", "note"),
    )


def _page_turn(rules: Ruleset, facts: Survey) -> Page:
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
        Figure("ring", ring_numbers(rules), "The order of your ring: each hole shows where it comes when "
               "you sow from hole 1. Your store comes last; the opponent's store (0) is never sown into.",
               180, {"labels": False}),
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
             f"was {facts.most_relays}. Keep count on paper.", "note"),
    )


def _page_scoring(rules: Ruleset, ex: Example) -> Page:
    ev, n = ex.evaluation, rules.holes_per_side
    return Page().add(
        Heading("Scoring a hole"),
        Para("Play the turn of the hole on paper (no reply from the opponent). Its <b>points</b> are "
             f"the seeds in your {n} holes after the turn plus the seeds your store gained during it. "
             "An empty hole scores 0."),
        Para("What the stores held before does not matter, which is why the screen never shows them: "
             "you only need the 14 holes."),
        Heading("What pressing a hole does"),
        Bullets([
            "<b>The most points: solve.</b> If several holes tie for the most, any of them solves. "
            "The screen then reads GG.",
            "<b>An empty hole: strike.</b> Nothing moves.",
            "<b>As many seeds as the weakest hole: strike.</b> Find the lowest-numbered hole with the "
            "smallest points above 0. Pressing any hole that holds as many seeds as that one strikes "
            "(unless it scores the most). The module compares seed counts, not points: see the appendix.",
            "<b>Anything else: no strike, but not solved.</b> The module plays your turn, the opponent "
            "answers with a turn of its own, and you face a new board. Score it afresh.",
        ], numbered=True),
        Para("A hole that strikes this way is still played, and the opponent still answers: the game "
             "carries on from the new board."),
        points_table(ev, "The worked example board overleaf, scored. The emphasised row is the answer."),
        Para(_scoring_sentence(ev, ex.best)),
        Heading("The routine"),
        Bullets([
            f"Have the defuser read you the {2 * n} counts: holes 1 to {n}, then positions {n + 1} to {2 * n} "
            "(hover over each hole; the screen shows two digits).",
            "Score every non-empty hole of the defuser's, as above.",
            "Have them press a hole with the most points.",
            "If you struck on an empty hole, nothing moved: choose again. Any other press that did not "
            "solve played your turn and the opponent's answer: the board is new. Read all the counts "
            "again and start over.",
        ], numbered=True),
    )


def _scoring_sentence(ev: Evaluation, best: int) -> str:
    """Why each hole of the example gets its verdict (the example has no disagreement)."""
    least = min(p for p, s in zip(ev.points, ev.seeds) if s)
    lowest = [i + 1 for i, (p, s) in enumerate(zip(ev.points, ev.seeds)) if s and p == least]
    empty = [i + 1 for i, s in enumerate(ev.seeds) if not s]
    goes_on = [i + 1 for i, v in enumerate(ev.module) if v == CONTINUE]
    words = [f"Here hole {best} scores the most, {ev.maximum} points, so it solves."]
    words.append(f"Hole {lowest[0]} scores the least, {least}, and strikes." if len(lowest) == 1 else
                 f"Holes {holes_list(lowest)} score the least, {least}, and strike.")
    if empty:
        words.append(f"Hole {empty[0]} is empty and strikes." if len(empty) == 1 else
                     f"Holes {holes_list(empty)} are empty and strike.")
    if goes_on:
        words.append(f"Pressing hole {goes_on[0]} lets the game go on." if len(goes_on) == 1 else
                     f"Pressing holes {holes_list(goes_on)} lets the game go on.")
    return " ".join(words)


def _page_example(rules: Ruleset, ex: Example) -> Page:
    turn, store = ex.turn, rules.store(YOU)
    mine = sum(turn.after[s] for s in rules.holes(YOU))
    gained = turn.after[store] - turn.before[store]
    visible = [ex.slots[s] for s in rules.holes(YOU)] + [ex.slots[s] for s in rules.holes(OPPONENT)]
    return Page().add(
        Heading("A worked example"),
        Para(f"Your holes 1 to {rules.holes_per_side} hold {' '.join(map(str, visible[:7]))}; "
             f"positions 8 to 14 hold {' '.join(map(str, visible[7:]))}. "
             f"(This board came from the module's own way of making puzzles, random seed {ex.seed}.)"),
        Figure("example", ex.slots, f"The example board before hole {ex.best} is pressed. The stores are "
               "shown as \u201c?\u201d: the screen never reveals them.", 230,
               {"highlight": ex.evaluation.holes[ex.best - 1], "stores_known": False}),
        Para(f"Follow hole {ex.best}, the answer, drop by drop ({plural(turn.drops, 'drop')}, "
             f"{plural(turn.relays, 'relay')}):"),
        Trace(describe_turn(turn, rules, stores_known=False)),
        Para(f"After the turn your holes hold {' + '.join(str(turn.after[s]) for s in rules.holes(YOU))} "
             f"= {mine} seeds and your store gained {gained}, so hole {ex.best} scores "
             f"{mine} + {gained} = <b>{mine + gained}</b> points, the most of any hole: press hole "
             f"{ex.best}."),
    )


def _page_appendix(rules: Ruleset, facts: Survey) -> Page:
    slots = author_board()
    ev = evaluate(slots, rules)
    k = ev.min_hole
    tie = [h for h in ev.disagreements if ev.manual[h - 1] == STRIKE]
    seed, other_slots, other, struck = same_seeds_example(rules)
    ok = other.min_hole
    facts = survey(rules)
    least_other = min(p for p, s in zip(other.points, other.seeds) if s)
    return Page().add(
        Heading("Appendix: the strike rule, exactly"),
        Para("The module's original manual says a hole strikes if it \u201creturns the least\u201d. "
             "The module itself decides differently. It finds the <b>lowest-numbered hole with the "
             "smallest points above zero</b> (the reference hole) and strikes every hole, the reference "
             "hole included, that holds the <b>same number of seeds</b> as it, unless it scores the most. It "
             "compares seed counts, not points. The most points always solve, and an empty hole always strikes, "
             "so the answer is the same under both readings; only wrong presses are judged "
             "differently."),
        Para("<b>A hole can tie for the least and not strike.</b> The module's author kept this board "
             f"as an example: {format_board(slots, rules)} (holes 1 to 7, the opponent's store, "
             "positions 8 to 14, your store)."),
        points_table(ev, "The author's example: the module and the manual's wording side by side.", manual=True),
        Para(f"Hole {k + 1} is the reference hole ({ev.points[k]} points, {plural(ev.seeds[k])}). "
             + "".join(f"Hole {h} also scores {ev.points[h - 1]} but holds {plural(ev.seeds[h - 1])}, "
                       "so the module lets the game go on, where the manual's wording says strike. "
                       for h in tie)),
        Para("<b>A hole can score above the least and still strike.</b> On a generated board "
             f"(random seed {seed}), {format_board(other_slots, rules)}, the reference hole is hole "
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


# --- HTML -----------------------------------------------------------------------------

CSS = """
:root { --paper: #fff; --ink: #111; --rule: #333; --soft: #555; --desk: #ddd; --mark: #fff2b3; }
@media (prefers-color-scheme: dark) {
  :root { --paper: #1f2022; --ink: #e4e4e4; --rule: #aaa; --soft: #b0b0b0; --desk: #111; --mark: #4a4220; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--desk); color: var(--ink);
       font: 10.5pt/1.35 "Trebuchet MS", "DejaVu Sans", Helvetica, Arial, sans-serif; }
.page { width: 8.5in; min-height: 11in; margin: 0.3in auto; padding: 0.5in 0.75in 0.6in;
        background: var(--paper); position: relative; box-shadow: 0 0 8px rgba(0,0,0,.4); }
.page-header { display: flex; justify-content: space-between; border-bottom: 1px solid var(--rule);
               font-size: 10pt; color: var(--soft); margin-bottom: 0.2in; }
.page-footer { position: absolute; bottom: 0.35in; left: 0; right: 0; text-align: center;
               font-size: 10pt; color: var(--soft); }
h1 { font: bold 22pt/1.2 "Special Elite", "Courier New", monospace; margin: 0.1in 0 0.05in; }
h2 { font: bold 14pt/1.2 "Special Elite", "Courier New", monospace; margin: 0.18in 0 0.05in;
     border-bottom: 1px solid var(--rule); }
p { margin: 0.06in 0; }
p.flavour { font-style: italic; margin-bottom: 0.15in; }
p.note { color: var(--soft); font-size: 10pt; }
figure { margin: 0.1in auto; text-align: center; }
figure.beside { float: right; margin: 0 0 0.1in 0.2in; }
figure img { display: block; margin: 0 auto; }
figcaption, .caption { font-size: 9pt; color: var(--soft); max-width: 3.4in; margin: 0.04in auto; }
table { border-collapse: collapse; margin: 0.08in auto; font-size: 10pt; }
th, td { border: 1px solid var(--rule); padding: 2px 10px; text-align: center; }
tr.mark td { background: var(--mark); font-weight: bold; }
ol, ul { margin: 0.05in 0; padding-left: 0.3in; }
li { margin: 0.03in 0; }
.trace { font: 9pt/1.35 "DejaVu Sans Mono", "Courier New", monospace; margin: 0.08in 0 0.08in 0.1in; }
.trace p { margin: 0; }
.trace p.drops { padding-left: 0.25in; }
@media print {
  @page { size: letter; margin: 0; }
  :root { --paper: #fff; --ink: #000; --rule: #333; --soft: #444; --desk: #fff; --mark: #eee; }
  body { background: #fff; }
  .page { margin: 0; box-shadow: none; page-break-after: always; break-after: page; }
  .page:last-child { page-break-after: auto; break-after: auto; }
}
""".strip()


def _figure_svg(fig: Figure, rules: Ruleset) -> str:
    from .render import face_svg

    return face_svg(fig.slots, rules, size=fig.size, **fig.options)


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
    if isinstance(block, Table):
        head = "<tr>" + "".join(f"<th>{h}</th>" for h in block.header) + "</tr>"
        rows = "".join(
            ('<tr class="mark">' if i in block.mark_rows else "<tr>") + "".join(f"<td>{c}</td>" for c in row) + "</tr>"
            for i, row in enumerate(block.rows))
        caption = f'<p class="caption">{block.caption}</p>' if block.caption else ""
        return f"<table>{head}{rows}</table>{caption}"
    if isinstance(block, Figure):
        svgs[f"{block.name}.svg"] = _figure_svg(block, rules)
        cls = ' class="beside"' if block.beside else ""
        return (f'<figure{cls}><img src="{block.name}.svg" width="{block.size}" height="{block.size}" '
                f'alt="Diagram of the Congkak module"><figcaption>{block.caption}</figcaption></figure>')
    if isinstance(block, Trace):
        lines = "".join(f'<p class="drops">{_esc(line.strip())}</p>' if line.startswith(" ")
                        else f"<p>{_esc(line)}</p>" for line in block.lines)
        return f'<div class="trace">{lines}</div>'
    raise TypeError(f"unknown block {block!r}")


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# --- PDF ------------------------------------------------------------------------------

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
    doc = SimpleDocTemplate(out, pagesize=letter, leftMargin=0.75 * inch, rightMargin=0.75 * inch,
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
        "trace": ParagraphStyle("trace", fontName="Courier", fontSize=8.3, leading=10.5, leftIndent=6),
        "drops": ParagraphStyle("drops", fontName="Courier", fontSize=8.3, leading=10.5, leftIndent=24),
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
    if isinstance(block, Table):
        data = [[Paragraph(f"<b>{h}</b>", styles["cell"]) for h in block.header]]
        data += [[Paragraph(f"<b>{c}</b>" if i in block.mark_rows else c, styles["cell"]) for c in row]
                 for i, row in enumerate(block.rows)]
        table = RLTable(data, hAlign="CENTER")
        style = [("GRID", (0, 0), (-1, -1), 0.6, colors.black), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                 ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5)]
        style += [("BACKGROUND", (0, i + 1), (-1, i + 1), colors.HexColor("#eeeeee")) for i in block.mark_rows]
        table.setStyle(TableStyle(style))
        parts = [Spacer(1, 3), table]
        if block.caption:
            parts.append(Paragraph(block.caption, styles["caption"]))
        return [KeepTogether(parts)]
    if isinstance(block, Figure):
        return [KeepTogether([_FaceFlowable(block, rules), Paragraph(block.caption, styles["caption"]),
                              Spacer(1, 4)])]
    if isinstance(block, Trace):
        return [Paragraph(_esc(line.strip()), styles["drops" if line.startswith(" ") else "trace"])
                for line in block.lines]
    raise TypeError(f"unknown block {block!r}")


def _FaceFlowable(fig: Figure, rules: Ruleset):
    """A flowable that draws the module face with render.draw_face_pdf."""
    from reportlab.platypus import Flowable

    from .render import draw_face_pdf

    class Face(Flowable):
        def wrap(self, available_width, available_height):
            self.offset = (available_width - fig.size) / 2
            return available_width, fig.size

        def draw(self):
            draw_face_pdf(self.canv, self.offset, 0, fig.size, fig.slots, rules, **fig.options)

    return Face()


# --- building -------------------------------------------------------------------------

def build_files(rules: Ruleset | None = None, pdf: bool = True) -> dict[str, bytes]:
    """Every file of the manual by name: index.html, the SVG diagrams, congkak.pdf."""
    rules = rules or load_ruleset("module")
    pages = manual_pages(rules)
    html, svgs = render_html(pages, rules)
    files = {HTML_NAME: html.encode("utf-8")}
    files.update({name: text.encode("utf-8") for name, text in sorted(svgs.items())})
    if pdf:
        files[PDF_NAME] = render_pdf(pages, rules)
    return files


def build_manual(out: str | Path, pdf: bool = True, rules: Ruleset | None = None) -> list[Path]:
    """Write the manual into folder `out` (made if missing); the paths written."""
    from ..files import write_atomic

    from ..errors import UserError

    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UserError(f"{out}: not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{out}: cannot make the folder: {exc.strerror}") from None
    written = []
    mode = _file_mode()
    for name, data in build_files(rules, pdf).items():
        write_atomic(out / name, data)
        (out / name).chmod(mode)  # a temporary file is private; the manual is for reading
        written.append(out / name)
    return written


def _file_mode() -> int:
    import os

    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
