"""The log report as a web page: `verify --log FILE --html OUT.html`.

Built from the reader's results (`core.logcheck`'s LogCheck, what `verify --log --json`
prints), laid out by game: each game launch and bomb, each Congkak module with its release, then
each board, drawn as the module face by the project's painter (`render.draw_face`) beside
its points table (the best holes marked), then each press judged: the hole, what the
module did, what the engine says and why, its points against the best. Disagreements
(the engine computes otherwise) and notes stand out.

One self-contained page (`report_page.page`: the style, the typewriter face as data, a few
lines of script for the theme switch); nothing is fetched. All text goes through
`report_page.text`: escaped, control characters shown as escapes.

Bounded: the first FULL_BOARDS boards (a module without one counting as one) and the first
FULL_PRESSES presses are drawn in full; the presses, boards and modules after them are
summarised with counts, and the games after them all together in one summary, so any log
(thousands of launches, bombs or presses) makes a page of bounded size.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from ..core.board import slot_to_position
from ..core.evaluate import EMPTY, MANUAL_RULE, RULE_NAMES, SOLVE, STRIKE, VERDICT_WORDS, Evaluation
from ..core.explain import plural
from ..core.logcheck import BoardCheck, LogCheck, ModuleCheck, PressCheck, possible_holes
from ..core.logtext import module_counts, modules_solved, solved_words, summary_lines
from ..core.rules import OPPONENT, YOU, Ruleset
from .report_page import page, text

FULL_BOARDS = 200  # boards drawn in full; the boards and modules after them are summarised with counts
FULL_PRESSES = 1000  # presses drawn in full (each some 400 bytes); those after them are counted
FACE_SIZE = 240  # the face's drawing units (the page's style sets its size)
NAMED = 10  # modules a summary names among those the engine disagrees with

_MANUAL = RULE_NAMES[MANUAL_RULE]


def report_html(check: LogCheck, rules: Ruleset, source: str) -> str:
    """The whole page for `check`, the log read from `source` (its name as the user gave it)."""
    plan = _Plan(check.modules)
    launches = check.modules[-1].launch > 1 if check.modules else False
    games, rest = [], []
    for (launch, bombs), group in groupby(check.modules, key=lambda m: (m.launch, m.bombs)):
        modules = list(group)
        if any(id(module) in plan.boards for module in modules):
            games.append(_game(_heading(_game_name(launch, bombs, launches)), launch, bombs, modules, rules, plan))
        else:  # past what is drawn: every such game in one summary, whatever their number
            rest += modules
    if rest:
        games.append(_rest(rest, launches))
    return page(f"Congkak log report: {source}", "\n".join([_top(check, source, plan.boards), *games]))


class _Plan:
    """What is drawn: how many boards of each module (by id), the first FULL_BOARDS of the
    log (a module holding no board counts as one, so the modules drawn are bounded too), and
    how many presses of each board drawn (by id), the first FULL_PRESSES."""

    def __init__(self, modules) -> None:
        self.boards: dict[int, int] = {}
        self.presses: dict[int, int] = {}
        boards, presses = FULL_BOARDS, FULL_PRESSES
        for module in modules:
            if not boards:
                break
            self.boards[id(module)] = shown = min(boards, len(module.boards))
            boards -= max(shown, 1)
            for board in module.boards[:shown]:
                self.presses[id(board)] = drawn = min(presses, len(board.presses))
                presses -= drawn


def _game_name(launch: int, bombs: tuple[int, int], launches: bool) -> str:
    """A game as a player names it: "bomb 2", "game launch 3, bomb 1", "one of bombs 2 to 4";
    where the log names no bomb (a practice log), "the Congkak modules of this log"."""
    first, last = bombs
    where = f"game launch {launch}" if launches else ""
    if not first:
        return where or "the Congkak modules of this log"
    bomb = f"bomb {first}" if first == last else f"one of bombs {first} to {last}"
    return f"{where}, {bomb}" if where else bomb


def _heading(words: str) -> str:
    return words[:1].upper() + words[1:]


# The head: what was read, the verdict on the whole log ------------------------------------

def _top(check: LogCheck, source: str, drawn: dict[int, int]) -> str:
    head, *banner = summary_lines(check)  # the summary, then where the engine disagrees
    top = (f'<p class="agree">{text(head)}</p>' if check.agrees else
           f'<p>{text(head)}</p><div class="problem"><p>{text(banner[0].lstrip("! "))}</p>'
           f"{_places(check, drawn)}</div>")
    notes = "".join(f'<p class="note">Note: {text(note)}</p>' for note in check.notes)
    return (f'<header><h1>Congkak log report</h1>'
            f'<p class="source">{text(source)}: {plural(check.lines, "line")} read</p>{top}{notes}'
            f"{_contents(check, drawn)}</header>")


def _places(check: LogCheck, drawn: dict[int, int]) -> str:
    """Each place the engine disagrees (the first FULL_BOARDS), linked to its module where it is drawn."""
    places = ((module, problem) for module in check.modules for problem in module.problems)
    items, count = [], 0
    for count, (module, problem) in enumerate(places, 1):
        if count <= FULL_BOARDS:
            name = text(f"Congkak {module.label}")
            link = f'<a href="#{_module_id(module)}">{name}</a>' if id(module) in drawn else name
            items.append(f"<li>{link}: {text(problem)}</li>")
    if count > FULL_BOARDS:
        items.append(f"<li>and {plural(count - FULL_BOARDS, 'place')} more</li>")
    return f"<ul>{''.join(items)}</ul>"


def _contents(check: LogCheck, drawn: dict[int, int]) -> str:
    """Links to the modules drawn, each with its outcome."""
    links = [f'<li><a href="#{_module_id(module)}">Congkak {text(module.label)}</a> {_outcome(module)}</li>'
             for module in check.modules if id(module) in drawn]
    return f'<nav><ul class="contents">{"".join(links)}</ul></nav>' if len(check.modules) > 1 else ""


def _outcome(module: ModuleCheck) -> str:
    marks = [_mark(solved_words(module, why=False), "right" if module.solved else "wrong")]
    if module.strikes:
        marks.append(_mark(plural(module.strikes, "strike"), "wrong"))
    if not module.agrees:
        marks.append(_mark("the engine disagrees", "problem"))
    return " ".join(marks)


def _mark(words: str, kind: str) -> str:
    return f'<span class="mark {kind}">{text(words)}</span>'


# Games and modules --------------------------------------------------------------------------

def _game(name: str, launch: int, bombs: tuple[int, int], modules: list[ModuleCheck], rules: Ruleset,
          plan: _Plan) -> str:
    """A game: the modules of one bomb of one launch (of one launch where the log names no bomb;
    of several bombs generated together, where the log cannot tell which)."""
    parts = [f'<section class="game" id="launch-{launch}-bomb-{bombs[0]}"><h2>{text(name)}</h2>']
    parts += [_module(module, plan, rules) for module in modules if id(module) in plan.boards]
    rest = [module for module in modules if id(module) not in plan.boards]
    if rest:
        parts.append(_summary(rest))
    return "\n".join([*parts, "</section>"])


def _rest(modules: list[ModuleCheck], launches: bool) -> str:
    """The games after those drawn, in one summary of counts."""
    names = [_game_name(m.launch, m.bombs, launches) for m in (modules[0], modules[-1])]
    games = len({(m.launch, m.bombs) for m in modules})
    span = names[0] if games == 1 else f"{names[0]} to {names[1]}"
    return (f'<section class="game" id="the-rest"><h2>{text(_heading(plural(games, "more game")))} ({text(span)})'
            f"</h2>{_summary(modules)}</section>")


def _module(module: ModuleCheck, plan: _Plan, rules: Ruleset) -> str:
    shown = plan.boards[id(module)]
    parts = [f'<section class="module" id="{_module_id(module)}">',
             f"<h3>Congkak {text(module.label)} {_outcome(module)}</h3>",
             f'<p class="counts">{module_counts(module)}. Release {text(module.release_note)}.</p>']
    if module.after_solved:
        count = len(module.after_solved)
        parts.append(f'<p class="note">{plural(count, "press")} after it was solved (from line {module.after_solved[0]}): '
                     "the module logs only a phrase for each.</p>")
    for number, board in enumerate(module.boards[:shown], 1):
        parts.append(_board(module, number, board, rules, plan.presses[id(board)]))
    if shown < len(module.boards):
        parts.append(_boards_summary(module.boards[shown:], shown))
    parts += [f'<p class="note">Note: {text(note)}</p>' for note in module.notes]
    return "\n".join([*parts, "</section>"])


def _module_id(module: ModuleCheck) -> str:
    return f"launch-{module.launch}-module-{module.number}"


def _summary(modules: list[ModuleCheck]) -> str:
    """The modules past the drawn boards, in counts."""
    boards = [b for m in modules for b in m.boards]
    against = [m.label for m in modules if not m.agrees]
    names = ", ".join(against[:NAMED]) + (", ..." if len(against) > NAMED else "")
    disagree = (f'<p class="problem">The engine disagrees with {len(against)} of them: '
                f"{text(names)}; the text report (without --html) lists every place.</p>" if against else "")
    labels = f"{modules[0].label} to {modules[-1].label}" if len(modules) > 1 else modules[0].label
    return (f'<div class="summary"><p>{plural(len(modules), "more module")} (Congkak {text(labels)}), summarised: '
            f"{_bound()}. {_counts(boards)}; {modules_solved(modules)}.</p>{disagree}</div>")


def _boards_summary(boards: Sequence[BoardCheck], shown: int) -> str:
    problems = sum(not b.agrees for b in boards)
    disagree = f' <span class="mark problem">the engine disagrees on {problems} of them</span>' \
        if problems else ""
    return (f'<div class="summary"><p>Boards {shown + 1} to {shown + len(boards)} of this module, summarised: '
            f"{_bound()}. {_counts(boards)}.{disagree}</p></div>")


def _presses_summary(presses, drawn: int) -> str:
    """The presses of a board past the first FULL_PRESSES of the log, counted."""
    right = sum(p.verdict == SOLVE for p in presses)
    problems = sum(bool(p.problems) for p in presses)
    disagree = f' <span class="mark problem">the engine disagrees on {problems} of them</span>' if problems else ""
    return (f'<li class="none summary">Presses {drawn + 1} to {drawn + len(presses)} of this board (lines '
            f"{presses[0].logged.line} to {presses[-1].logged.line}), summarised: only the first {FULL_PRESSES} "
            f"presses of a log are drawn. {right} right, {len(presses) - right} wrong.{disagree}</li>")


def _bound() -> str:
    return f"only the first {FULL_BOARDS} boards of a log are drawn"


def _counts(boards: Sequence[BoardCheck]) -> str:
    presses = sum(len(b.presses) for b in boards)
    strikes = sum(b.strikes for b in boards)
    return (f"{plural(len(boards), 'board')}, {plural(presses, 'press')}, {plural(strikes, 'strike')}, "
            f"{sum(b.parted for b in boards)} judged otherwise by {_MANUAL}")


# A board: its face, its points table, its presses --------------------------------------------

def _board(module: ModuleCheck, number: int, board: BoardCheck, rules: Ruleset, drawn: int) -> str:
    """A board: its face, its points table, its first `drawn` presses (the rest counted)."""
    ev = board.evaluation
    fresh = " (a fresh board: a new round)" if board.fresh else ""
    name = f"{_module_id(module)}-board-{number}"
    head = (f'<h4>Board {number}{fresh} <span class="where">line {board.logged.line}</span> '
            f'<code>{text(board.id)}</code></h4>')
    flags = "".join(f'<p class="problem">Disagrees: {text(p)}</p>' for p in board.problems)
    flags += "".join(f'<p class="note">Note: {text(n)}</p>' for n in board.notes)
    presses = "".join(_press(p, ev, rules) for p in board.presses[:drawn]) or (
        '<li class="none">No press was logged.</li>' if not board.presses else "")
    if drawn < len(board.presses):
        presses += _presses_summary(board.presses[drawn:], drawn)
    answer = ", ".join(map(str, ev.answer))
    return (f'<section class="board" id="{name}">{head}<div class="beside">'
            f'<figure class="face">{_face(board, rules, name)}</figure>'
            f'<div class="judged">{_points_table(board, rules)}'
            f'<p class="answer">The answer: hole{"s" if len(ev.answer) > 1 else ""} {answer} '
            f'({plural(ev.maximum, "point")}). <span class="where">{text(_read_out(board.logged.board, rules))}'
            f"</span></p>{flags}<ol class=\"presses\">{presses}</ol></div></div></section>")  # beside the face: a board is short


def _read_out(slots, rules: Ruleset) -> str:
    """The board as a player reads it off the module: the counts of holes 1-7 and of positions
    8-14, then the stores, which the module never shows but its log holds."""
    def counts(side: int) -> str:
        return " ".join(str(slots[s]) for s in rules.holes(side))

    return (f"Holes {rules.hole_range(YOU)}: {counts(YOU)}; positions {rules.hole_range(OPPONENT)}: {counts(OPPONENT)}; "
            f"stores (never shown, logged): yours {slots[rules.store(YOU)]}, the opponent's {slots[rules.store(OPPONENT)]}.")


def _face(board: BoardCheck, rules: Ruleset, name: str) -> str:
    """The module face with the board's counts, every pressed hole lit (as the points table
    frames them), the last one counted on the screen as the module shows it, its light as
    the presses left it."""
    from .render import SvgPainter, draw_face, inline_svg

    pressed = [rules.holes(YOU)[p.hole - 1] for p in board.presses if p.hole is not None]
    slot = pressed[-1] if pressed else None
    painter = SvgPainter(FACE_SIZE)
    draw_face(painter, board.logged.board, rules, highlight=slot, lit=pressed,
              screen=None if slot is None else f"{board.logged.board[slot]:02d}", light=board.light)
    label = f"The module face: the board of line {board.logged.line}"
    return inline_svg(painter.svg(), name, label)


def _points_table(board: BoardCheck, rules: Ruleset) -> str:
    """A column per hole: seeds, points (the logged ones where they differ), both rules'
    verdicts; the best holes marked, the pressed ones too."""
    ev = board.evaluation
    pressed = {p.hole for p in board.presses}
    best = set(ev.answer)

    def cls(hole: int, *more: str) -> str:
        names = [*more, *(["best"] if hole in best else []), *(["pressed"] if hole in pressed else [])]
        return f' class="{" ".join(names)}"' if names else ""

    holes = range(1, len(ev.points) + 1)
    rows = [("hole", [f"{'★' if h in best else ''}{h}" for h in holes], ["" for _ in holes]),
            ("seeds", [str(s) for s in ev.seeds], ["" for _ in holes]),
            ("points", [str(p) for p in ev.points], ["" for _ in holes])]
    logged = board.logged.points
    if logged is not None and tuple(logged) != tuple(ev.points):
        rows.append(("logged", [str(p) for p in logged], ["differs" if a != b else "" for a, b in zip(logged, ev.points)]))
    rows.append(("module", [VERDICT_WORDS[v].short for v in ev.module], ["" for _ in holes]))
    rows.append(("manual", [VERDICT_WORDS[v].short for v in ev.manual],
                 ["parts" if a != b else "" for a, b in zip(ev.module, ev.manual)]))
    body = "".join(f"<tr><th>{name}</th>" + "".join(f"<td{cls(h, *([extra] if extra else []))}>{text(cell)}</td>"
                                                    for h, cell, extra in zip(holes, cells, extras)) + "</tr>"
                   for name, cells, extras in rows)
    return (f'<table class="points"><caption>★ the best holes ({plural(ev.maximum, "point")}); framed: pressed'
            f"</caption>{body}</table>")


def _press(press: PressCheck, ev: Evaluation, rules: Ruleset) -> str:
    if press.hole is None:
        return _unnamed_press(press, ev)
    hole, logged = press.hole, press.logged
    right = press.verdict == SOLVE
    did = VERDICT_WORDS[logged.verdict].long + (f", scoring {plural(logged.points, 'point')}"
                                                if logged.points is not None else "")
    word = VERDICT_WORDS[STRIKE if press.verdict == EMPTY else press.verdict].short  # the why says it is empty
    says = word + ("" if logged.verdict == press.verdict else f", not the module's {VERDICT_WORDS[logged.verdict].short}")
    points = ev.points[hole - 1]
    short = ev.maximum - points
    rows: list[tuple[str, ...]] = [("Module", did), ("Engine", f"{says}: {ev.why(hole)}"),
            ("Points", f"{points} of the best {ev.maximum}" + (f" ({short} short)" if short else " (the best)"))]
    if press.manual is not None and press.manual != press.verdict:
        rows.append(("Manual", f"{_MANUAL} says {VERDICT_WORDS[press.manual].short}: {ev.why(hole, MANUAL_RULE)}",
                     "parts"))
    if press.replies:
        positions = " or ".join(str(slot_to_position(s, rules)) for s in press.replies)
        rows.append(("Then", f"the opponent replied from position {positions}, giving the next board"))
    return _press_item(f"Hole {hole}", right, logged.line, rows, press.problems)


def _unnamed_press(press: PressCheck, ev: Evaluation) -> str:
    """A press of a release that logged no hole: which holes it could have been."""
    solved = press.verdict == SOLVE
    holes = possible_holes(press, ev)
    which = "no hole" if not holes else "hole " + " or ".join(map(str, holes))
    # A release that logged no hole had no minimum rule either: its strike is a plain one.
    rows = [("Module", VERDICT_WORDS[press.logged.verdict].short),
            ("Engine", f"it was {which}" + (f" ({plural(ev.maximum, 'point')}, the best)" if solved else
                                               f"; release {ev.release.date} strikes every press that does not solve"))]
    return _press_item("A press (no hole logged)", solved, press.logged.line, rows, press.problems)


def _press_item(title: str, right: bool, line: int, rows: list, problems) -> str:
    cls = "right" if right else "wrong"
    items = "".join(f'<dt{_cls(row)}>{text(row[0])}</dt><dd{_cls(row)}>{text(row[1])}</dd>' for row in rows)
    flags = "".join(f'<p class="problem">Disagrees: {text(p)}</p>' for p in problems)
    return (f'<li class="press{" disagrees" if problems else ""}"><p class="press-head">{_mark("RIGHT" if right else "WRONG", cls)} '
            f'{text(title)} <span class="where">line {line}</span></p><dl>{items}</dl>{flags}</li>')


def _cls(row: tuple) -> str:
    return f' class="{row[2]}"' if len(row) > 2 else ""


__all__ = ["report_html", "FULL_BOARDS", "FULL_PRESSES"]
