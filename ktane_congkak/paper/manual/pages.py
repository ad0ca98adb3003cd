"""The manual's content, section by section: each page's blocks, made from the engine's facts."""

from __future__ import annotations

from ...core.board import slot_to_position
from ...core.evaluate import CONTINUE, STRIKE, Evaluation, evaluate
from ...core.explain import plural
from ...core.rules import DEFAULT, OPPONENT, YOU, Ruleset, load_ruleset
from ...core.shortcuts import (CAPTURES, ENDS_EMPTY, ENDS_IN_STORE, LONG, RELAYS, SETTLED, STORE_MARK, Jump, QuickRead,
                               Savings, facing_place, holes_total, lap, place_name, place_slot, row_total)
from ...core.sowing import CAPTURE, OPPONENT_EMPTY, STORE
from .model import FLAVOUR, Beside, Bullets, Figure, Heading, Page, Para, Table, Worksheet
from .facts import (Example, Survey, about, author_board, holes_list, landing_sum, landing_table, points_table,
                    ring_words, round_down, same_seeds_example, savings, survey, worked_example)


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
                    "rings; hovering hole 1 shows its count on the screen. This drawing writes each hole's "
                    "count in it; the module does not.", 230,
                    {"highlight": 0, "screen": f"{fresh[0]:02d}", "stores_known": False})
    return Page().add(
        Heading("On the Subject of Congkak", 1),
        Beside([
            Para(FLAVOUR, "flavour"),
            Para(f"This module holds a congkak board: two rows of {n} holes and a big store at each end, "
                 f"{total} seeds in all. Press one of your holes: the module plays that turn and judges the "
                 "hole by its <b>points</b>: the seeds in your holes after the turn plus what your store gained."),
            Para("No hole shows a number. Hovering over one shows its <b>seed count</b> (how many seeds it "
                 "holds) on the screen in the bottom-left corner, as two digits. The stores show no count "
                 "at all (\u201c?\u201d in this manual's drawings), and you never need them."),
        ], figure),
        Heading("What to press"),
        Bullets([
            f"Have the defuser read out the {2 * n} counts: your holes 1 to {n}, then positions {n + 1} to "
            f"{2 * n} (hover over each).",
            "Score every hole of yours that holds seeds: its <b>points</b> are the seeds in your holes after "
            "its turn plus what your store gained (the next pages show how, and how to do it fast).",
            "<b>Press a hole with the most points.</b> That solves the module; if several tie, any of them does.",
            f"Never press an empty hole: it strikes, unless every hole scores 0 (all {n} empty, or every turn "
            "leaves you nothing): then any press solves (page 3).",
            "Press no other hole: none of them solves, and some strike. Which ones strike, exactly: "
            "Appendix A, step 4.",
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
             "places along the ring, one seed per place, skipping the opponent's store and no other "
             "place: a hole the seeds were just picked up from (the first one, or a relay's) gets a seed like "
             "any other if the seeds come round to it again. Then look at where the <b>last</b> seed fell:"),
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
             f"but a long relay chain can take over {round_down(facts.most_drops)}; the shortcuts cut this "
             "work down.", "note"),
    )


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
            "<b>The reference hole</b> is the lowest-numbered hole with the fewest points above 0. "
            "<b>A hole with the same seed count as the reference hole, the reference hole included: strike</b>, "
            "unless it has the most points (then it solves, as above: when every hole holding seeds ties, "
            "they all solve). The seed counts compared are the counts on the board as read, not points "
            "(Appendix A, steps 3 and 4). After such a strike the module plays your turn and the opponent "
            "answers: a new board.",
            "<b>Anything else: no strike, but not solved.</b> The module plays your turn, the opponent "
            "answers with a turn of its own, and you face a new board. Score it afresh.",
        ]),
        Heading("Shortcut 1: where the first sowing lands"),
        Para(f"Number the places of your ring 1 to {2 * n} as above and call your store {STORE_MARK}, "
             f"the {laps}th place. The last seed from place <i>p</i> holding <i>s</i> seeds lands on "
             f"place <b><i>p</i> + <i>s</i></b>; while that is above {laps}, take {laps} off. <i>Why: one seed "
             "goes into each place in turn.</i> The same sum works for every relay: from the place you pick "
             f"up at, count on the seeds you pick up. With exactly {laps} seeds the last one lands back in "
             "the hole you emptied, which then holds just that seed: in your row a capture, in positions "
             f"{n + 1} to {2 * n} the turn ends. With exactly {2 * laps} seeds the last one lands there too, "
             f"but the hole then holds 2 seeds: a relay. Every whole {laps} seeds of a pick-up put one seed "
             "in every place, the emptied hole included."),
        landing_table(rules),
    )


def _page_shortcuts(rules: Ruleset, saved: Savings) -> Page:
    n, laps = rules.holes_per_side, lap(rules)
    kinds, holes = saved.kinds, saved.holes
    settled = sum(kinds[k] for k in SETTLED)
    return Page().add(
        Heading("Shortcut 2: points are your row, less what the opponent's row gained"),
        Para(f"A hole's points are <b>your row</b> (the seeds in your holes 1 to {n} before the turn) "
             f"<b>minus the seeds positions {n + 1} to {2 * n} gained</b> during it: each seed the turn "
             "leaves there is one point less. Usually that row gains seeds; when relays or a capture take "
             "more out of it than the turn drops in, it loses seeds, and each seed it loses is one point "
             "more. <i>Why: seeds are never made or lost, and your seeds never go into the opponent's "
             "store.</i> Every hole starts from the same row, so only the change tells holes apart."),
        Para(f"<b>The check total.</b> Add all {2 * n} counts before the turn; after it, subtract the seeds "
             f"in positions {n + 1} to {2 * n}. That is the hole's points again, counted from other seeds: "
             "if the two sums differ, you slipped."),
        Heading("Shortcut 3: holes you score without sowing"),
        Para(f"For your hole <i>h</i> holding <i>s</i> seeds (fewer than {laps}), work out the landing place "
             "<i>h</i> + <i>s</i> (Shortcut 1 with <i>p</i> = <i>h</i>). If that place "
             "held <b>no seeds on the board as read</b> (or it is your store), the turn ends at once and its "
             "points are:"),
        Bullets([
            f"<b>{STORE_MARK}, your store</b> (<i>h</i> + <i>s</i> = {laps}): the turn ends. "
            f"<b>Points = row - {n}.</b> <i>Exactly one seed fell in each of positions {n + 1} to {2 * n}.</i>",
            f"<b>An empty position</b> <i>p</i> = <i>h</i> + <i>s</i>: the turn ends. "
            f"<b>Points = row + {n} - <i>p</i>.</b> "
            f"<i>Seeds fell on positions {n + 1} to p, that is p - {n} of them.</i>",
            f"<b>An empty hole of yours, before your store</b> (<i>h</i> + <i>s</i> \u2264 {n}): capture. "
            "<b>Points = row + the facing position's seeds.</b> <i>No seed left your row, and the capture "
            "brings the facing seeds home.</i>",
            f"<b>An empty hole of yours, after your store</b> (<i>h</i> + <i>s</i> above {laps}; the landing "
            f"hole is <i>h</i>&nbsp;+&nbsp;<i>s</i>&nbsp;-&nbsp;{laps}): capture. "  # one formula: never broken
            f"<b>Points = row + the facing position's seeds - {n - 1}.</b> <i>{n} seeds fell on the "
            "opponent's row; the capture brings back the facing one of them with the seeds already there.</i>",
        ]),
        Para(f"Of the holes holding seeds, this settles {about(settled, holes, 'hole')}, and on "
             f"{about(saved.best_settled, saved.boards, 'board')} a best hole is one of them. They are the "
             "short turns, though: the long ones still need tracing.", "note"),
        Heading("Shortcut 4: count in jumps, not drops"),
        Para("Never drop seeds one by one. For each pick-up write one row on the worksheet (Appendix B): "
             "the place you pick up from, the seeds, and the landing place (Shortcut 1). Then write what the "
             "landing place <b>holds now, counting the seed that just landed</b>. Start from its count on "
             "the board as read. Add one for every seed this hole's rows dropped there, this row's last seed "
             f"included (a row of more than {laps} seeds drops into some places twice). Take off what this "
             "hole's turn picked up there. Every hole starts again from the board as read. The strip of boxes "
             "keeps that count: strike through each box a row drops a seed in."),
        Para(f"<b>Holds now 1 means the place was empty</b> before the last seed fell: in your holes 1 to {n} "
             f"that is a capture; in positions {n + 1} to {2 * n} the turn ends. Holds now 2 or more is a relay; "
             f"{STORE_MARK} ends the turn."),
        Para(f"Scoring a whole board takes about {saved.median_pickups} such rows instead of about "
             f"{round_down(saved.median_drops)} single drops.", "note"),
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
            "An empty hole scores 0. If every hole scores 0 (all yours empty, or, once scored, every turn "
            "leaves you nothing), press any hole: it solves.",
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
    if read.kind == CAPTURES and read.points is not None:  # (a capture's points are settled)
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
    k = ev.min_hole
    empty = [i + 1 for i, s in enumerate(ev.seeds) if not s]
    goes_on = [i + 1 for i, v in enumerate(ev.module) if v == CONTINUE]
    others = [i + 1 for i, v in enumerate(ev.module) if v == STRIKE and ev.seeds[i] and i != k]
    words = [f"Hole {best} scores the most, {ev.maximum} points, so it solves: press hole {best}.",
             f"Hole {k + 1} is the reference hole (the lowest-numbered hole with the fewest points above 0, "
             f"{ev.points[k]}), so it strikes, as does every hole with its seed count, {ev.seeds[k]}"
             + (f": hole{'s' * (len(others) > 1)} {holes_list(others)}." if others else " (no other hole has it).")]
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
        Para(f"The module's original manual words the rule so: {ORIGINAL_RULE} Its \u201cseeds\u201d there "
             "are what this manual calls points. Read as written, every hole "
             "holding seeds whose points are the least of those holes' strikes, ties included. "
             "The module itself decides this way:"),
        Bullets([
            "The holes with the most points solve. If that most is 0, every press solves, an empty hole's too.",
            "Otherwise an empty hole strikes.",
            "Otherwise the module finds the <b>reference hole</b>: the lowest-numbered hole with the smallest "
            "points <b>above 0</b>. A hole holding seeds that scores 0 is never the reference hole.",
            "Every hole with the <b>same seed count</b> as the reference hole (its count on the board as read, "
            "before any turn) strikes, the reference hole included. The module compares seed counts, "
            "not points.",
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
             "with the same seed count as the reference hole; a hole tying for the least points with a "
             "different seed count is safe on the module."),
    )


def _page_worksheet(rules: Ruleset) -> Page:
    from ..worksheet import how_to

    return Page().add(
        Heading(WORKSHEET_HEADING),
        *(Para(line, "note") for line in how_to(rules)),
        Worksheet("A blank worksheet", WORKSHEET_ROWS),
    )


WORKSHEET_ROWS = 40  # pick-up rows of the manual's worksheet: what fits its page (print --worksheet has more)


WORKSHEET_HEADING = "Appendix B: the worksheet (copy this page)"
# The original manual's strike rule (the community's page for the module), quoted for the
# expert, who does not have it: Appendix A sets the module's own rule beside it.
ORIGINAL_RULE = ("\u201cIf the hole played is either an empty hole, or it returns the least amount of seeds "
                 "possible out of other holes, the module will strike, and the game continues its round like "
                 "normal.\u201d")
