"""The traditional games in a terminal, against the computer.

It draws the board as text and reads commands from a stream (standard input by default),
so a game can be scripted.

The game itself is played by `session.Session`, which the window shares.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from ..core.rules import Ruleset
from ..core.explain import describe_turn
from ..core.text import fit
from ..errors import UserError
from ..typed import read_line
from .commands import help_lines, parse
from .analysis import Limits
from .game import SIDE_NAMES, Game
from .positions import seat_rows
from .review import record_lines, review, view_of
from .review_text import review_lines
from .rules_text import terminal_lines
from .session import Session
from .settings import SEARCHING

DEPTHS_EACH, DEPTHS_EVERY = 12, 10  # the search's depths told one by one, then every tenth (and the last)


def draw(session: Session) -> list[str]:
    """The board from your seat (South's in a game of two people): your row nearest you, at
    the bottom, the two stores at the ends; the status and the session's score under it."""
    game = session.game
    rules, board = game.rules, game.board
    top, bottom, left, right = seat_rows(rules, seat(session))

    def cell(slot):
        return "  x" if slot in game.burnt else f"{board[slot]:>3}"

    def store_name(slot):
        return f"{SIDE_NAMES[rules.side(slot)]} store"

    pad = " " * 17
    top_numbers = "".join(f"{game.hole_number(s):>3}" for s in top)
    bottom_numbers = "".join(f"{game.hole_number(s):>3}" for s in bottom)
    middle = f"{store_name(left):>12} {board[left]:>3} " + " " * (3 * len(top)) + \
        f"  {board[right]:<3} {store_name(right)}"
    return [
        f"{SIDE_NAMES[rules.side(top[0])] + ' holes':>16} {top_numbers}",
        f"{pad}{''.join(cell(s) for s in top)}",
        middle,
        f"{pad}{''.join(cell(s) for s in bottom)}",
        f"{SIDE_NAMES[rules.side(bottom[0])] + ' holes':>16} {bottom_numbers}",
        session.status(),
    ] + ([session.score_words() + "."] if session.score_words() else [])


def seat(session: Session) -> int:
    """The side the board is drawn for: yours, South's in a game of two people."""
    return view_of(session.humans)


def slot_words(game: Game) -> Callable[[int, Ruleset], str]:
    """How the terminal names a place in a turn told drop by drop: "North 3", "South's store"."""
    def name(slot: int, rules: Ruleset) -> str:
        side = SIDE_NAMES[rules.side(slot)]
        return f"{side}'s store" if rules.owner(slot) is None else f"{side} {game.hole_number(slot)}"
    return name


def steps_lines(game: Game) -> list[str]:
    """The latest move told drop by drop (as `ktane-congkak turn` tells a turn)."""
    lines = []
    for event in game.last:
        if event[0] == "turn":
            turn = event[1]
            lines.append(f"{SIDE_NAMES[turn.player]} sows hole {game.hole_number(turn.start)}, drop by drop:")
            lines += [f"{n:>4}. {line}" for n, line in
                      enumerate(describe_turn(turn, game.rules, slot_name=slot_words(game)), 1)]
        elif event[0] == "lockstep":
            lines.append("(both hands sowed at once: the log says what happened)")
    return lines or ["No move to show yet."]


def review_of(session: Session, limits: Limits) -> list[str]:
    """The review's lines at the terminal (the command line's --review, the `review` command)."""
    return review_lines(review(session.game, limits, view_of(session.humans)), len(session.humans) == 1)


def run_command(session: Session, text: str, out: TextIO | None = None, steps: bool = False) -> tuple[list[str], bool]:
    """Run one command; the lines to print and whether to stop. A move prints as it goes
    to `out` (yours at once, then the computer thinking, then its reply; with `steps`,
    each drop by drop). A failed autosave adds one line; the game goes on."""
    session.save_error = None
    lines, stop = _command(session, text, out or sys.stdout, steps)
    if session.save_error:
        lines.append(f"! {session.save_error}")
    return lines, stop


def _command(session: Session, text: str, out, steps: bool = False) -> tuple[list[str], bool]:
    if not text.strip():
        return [], False
    game = session.game
    try:
        command = parse(text)
        name = command.name
        if name == "hole":
            logged = len(game.log)
            session.move(command.hole())
            _say(out, game.log[logged:] + (steps_lines(game) if steps else []))  # before the computer thinks
            replies(session, out, steps)
            session.autosave()
            return draw(session), False
        if name == "new":
            session.new_game()
            _say(out, ["A new game."])  # before the computer's opening moves, if it starts
            replies(session, out, steps)
            return draw(session), False
        if name == "undo":
            return (["Undone."] if session.undo() else ["Nothing of yours to undo."]) + draw(session), False
        if name == "redo":
            return (["Redone."] if session.redo() else ["Nothing undone to redo."]) + draw(session), False
        if name == "hint":
            hole, how = session.hint()
            return [f"Hint: hole {hole} ({how})"], False
        if name == "analyse":
            return session.analysis().table(), False
        if name == "review":
            return review_of(session, session.analysis_limits()), False
        if name == "show":
            return steps_lines(game), False
        if name == "save":
            return [f"Saved to {session.save(command.path())}"], False
        if name == "export":
            path = command.path()
            if not path:
                return record_lines(game), False
            where = session.export(path, "\n".join(record_lines(game)) + "\n")
            return [f"Exported to {where}"], False
        if name == "board":
            return draw(session), False
        if name == "rules":
            return terminal_lines(game.rules), False
        if name == "log":
            return list(game.log), False
        if name == "concede":
            session.concede()
            return [game.log[-1]] + ([session.score_words() + "."] if session.score_words() else []), False
        if name == "help":
            return help_lines(), False
        return ["bye"], True  # quit
    except UserError as exc:
        return [f"! {exc}"], False


def _say(out, lines: list[str]) -> None:
    """`lines` fitted to the output's width, and flushed."""
    for line in fit(lines):
        print(line, file=out)
    out.flush()


def replies(session: Session, out: TextIO, steps: bool = False) -> None:
    """The computer's moves, one at a time: that it is thinking (and how deep the search
    has got, as it gets there), then what it did."""
    game = session.game
    while not game.over and session.computer_due():
        thinking = session.opponent in SEARCHING
        if thinking:
            print(f"{session.thinking()}...", end="", file=out, flush=True)
        reached: list[int] = []
        shown: list[int] = []

        def told(player: int, depth: int) -> None:  # called within this turn only (hence noqa: B023)
            # A deep endgame search stays one short line.
            if depth <= DEPTHS_EACH or depth % DEPTHS_EVERY == 0:
                print(" depth" if not reached else "", f" {depth}", sep="", end="", file=out, flush=True)  # noqa: B023
                shown.append(depth)  # noqa: B023
            reached.append(depth)  # noqa: B023

        choices = session.computer_choices(told)
        if thinking:
            last = f" ... {reached[-1]}" if reached and shown[-1] != reached[-1] else ""
            print(last + ("." if reached else ""), file=out, flush=True)
        logged = len(game.log)
        session.apply(choices)
        _say(out, game.log[logged:] + session.unseen(choices) + (steps_lines(game) if steps else []))


def play(session: Session, stream: TextIO | None = None, out: TextIO | None = None, steps: bool = False) -> int:
    """The terminal loop: prompt, read a command, answer, until quit or end of input
    (Ctrl-C is the command line's: it ends the line and exits with 130). `steps`: every
    move told drop by drop."""
    stream, out = stream or sys.stdin, out or sys.stdout
    replies(session, out, steps)
    _say(out, draw(session) + ['Type a hole number, or "help".'])
    while True:
        if session.game.over:
            print("The game is over: review, show, export, new, undo, save, log or quit.", file=out)
        elif (mover := session.human_to_move()) is not None:
            print(f"{SIDE_NAMES[mover]}, your hole> ", end="", file=out)
        out.flush()
        line, problem = read_line(stream)
        if problem:
            print(f"! {problem}", file=out)
            continue
        if not line:
            print(file=out)
            return 0
        lines, stop = run_command(session, line, out, steps)
        _say(out, lines)
        if stop:
            return 0
