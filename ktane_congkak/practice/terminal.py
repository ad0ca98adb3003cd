"""The module in a terminal: draws the core's state as text and feeds it commands.

Reads commands from a stream (standard input by default), so it can be scripted.
"""

from __future__ import annotations

import sys

from ..errors import UserError
from ..files import read_line
from ..core.evaluate import SOLVE
from ..core.explain import plural, slot_name
from ..core.module import CongkakModule, Press
from .commands import help_lines, parse_command, split_commands
from ..core.rules import OPPONENT, YOU


def seeds_text(count: int) -> str:
    """A hole's seeds as dots, like the balls on the module (numbers come from the screen)."""
    return "o" * min(count, 8) + ("+" if count > 8 else "")


def draw(module: CongkakModule) -> list[str]:
    """The board laid out as on the module, top-left end on the left."""
    rules, board = module.rules, module.board
    n = rules.holes_per_side
    width = 10
    top = [f"{p:>2}:{seeds_text(board[p]):<{width}}" for p in range(n + 1, 2 * n + 1)]
    bottom = [f"{s + 1:>2}:{seeds_text(board[s]):<{width}}" for s in reversed(range(n))]
    light = "SOLVED" if module.solved else f"strikes {module.strikes}"
    screen = module.screen or "  "
    return [
        f"Puzzle {module.puzzle_id}",
        f"opponent's store: {seeds_text(board[rules.store(OPPONENT)])}".ljust(40) + f"[light: {light}]",
        "  " + " ".join(top),
        "  " + " ".join(bottom),
        f"[screen {screen}]".ljust(40) + f"your store: {seeds_text(board[rules.store(YOU)])}",
    ]


def press_lines(press: Press, module: CongkakModule) -> list[str]:
    words = {"solve": "SOLVED", "strike": "STRIKE", "empty": "STRIKE (empty hole)", "continue": "no strike"}
    lines = [f"hole {press.hole}: {words[press.verdict]}"]
    if press.your_turn:
        lines.append(f"  you sowed {plural(press.your_turn.drops)}, {plural(press.your_turn.relays, 'relay')}")
        if press.reply:
            lines.append(f"  the opponent replied from {slot_name(press.reply.start, module.rules)}")
        else:
            lines.append("  the opponent has no seeds and passes")
    return lines


def run_command(module: CongkakModule, text: str) -> tuple[list[str], bool]:
    """Run one command; returns the lines to print and whether to stop."""
    try:
        cmd = parse_command(text, module.rules.holes_per_side)
        if cmd.name == "hole":
            press = module.press(cmd.arg)
            return press_lines(press, module) + ([] if module.solved and press.verdict == SOLVE else draw(module)), False
        if cmd.name == "highlight":
            return [f"screen: {module.highlight(cmd.arg)}"], False
        if cmd.name == "cycle":
            lines = [f"highlight {p}: {module.highlight(p)}" for p in range(1, 2 * module.rules.holes_per_side + 1)]
            module.clear_highlight()
            return lines, False
        if cmd.name == "new":
            module.new_puzzle()
            return draw(module), False
        if cmd.name == "answer":
            ev = module.evaluation
            return [f"points of holes 1-7: {' '.join(map(str, ev.points))}", f"solving holes: {', '.join(map(str, ev.answer))}"], False
        if cmd.name == "log":
            return list(module.log), False
        if cmd.name == "help":
            return help_lines(), False
        return ["bye"], True
    except UserError as exc:
        return [f"Sorry: {exc}"], False


def play(module: CongkakModule, stream=None, out=None, prompt: bool | None = None) -> int:
    stream = stream or sys.stdin
    out = out or sys.stdout
    prompt = stream.isatty() if prompt is None else prompt
    print("\n".join(draw(module)), file=out)
    print('Type "help" for the commands.', file=out)
    while True:
        if prompt:
            print("> ", end="", file=out, flush=True)
        line, problem = read_line(stream)
        if problem:
            print(f"Sorry: {problem}", file=out, flush=True)
            continue
        if not line:
            if prompt:  # Ctrl-D at the prompt: leave the shell's prompt a line of its own
                print(file=out)
            break
        for part in split_commands(line):
            lines, stop = run_command(module, part)
            print("\n".join(lines), file=out, flush=True)
            if stop:
                return 0
    return 0
