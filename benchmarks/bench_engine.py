"""Engine figures, each against a plain Python loop doing the same work in the same run.

Prints ratios (engine speed / plain loop speed; above 1 the engine is faster) and checks
that both give the same outputs. Targets (issue 12): `evaluate()` at least 1.0x the plain
loop, `solve --json -` at least 0.8x, `solve BOARD` cold start at most 3x a bare
`python -c pass`. The plain loops are written for the module's ruleset only, seed by
seed, the way one would write them by hand; the engine stays general over rulesets.
Timings interleave the two sides in small chunks, so a busy machine slows both alike.
Prints figures; asserts nothing but equal outputs.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import statistics
import subprocess
import sys
import time

from ktane_congkak.cli import main as cli_main
from ktane_congkak.core.evaluate import evaluate
from ktane_congkak.core.generator import module_board
from ktane_congkak.core.rules import YOU, load_ruleset
from ktane_congkak.core.sowing import play_turn, sow

BOARDS = 20_000


# --- the plain loops: the module's ruleset written out by hand -----------------------


def plain_evaluate(board):
    """Points, positions after, relays, module and manual verdicts of holes 1-7, seed by seed."""
    points, after, relays = [], [], []
    for hole in range(7):
        if not board[hole]:
            points.append(0)
            after.append(None)
            relays.append(0)
            continue
        b = list(board)
        slot, seeds = hole, b[hole]
        b[hole] = 0
        relay = 0
        while True:
            while seeds:
                slot = (slot + 1) % 16
                if slot != 7:  # the opponent's store is skipped
                    b[slot] += 1
                    seeds -= 1
            if slot != 15 and b[slot] > 1:  # an occupied hole: relay
                seeds, b[slot] = b[slot], 0
                relay += 1
                continue
            break
        relays.append(relay)
        if slot < 7 and b[slot] == 1:  # an own empty hole: capture it and the facing hole
            b[15] += 1 + b[14 - slot]
            b[slot] = b[14 - slot] = 0
        points.append(sum(b[:7]) + b[15] - board[15])
        after.append(b)
    nonzero = [p for p in points if p]
    if not nonzero:
        return points, after, relays, ["solve"] * 7, ["solve"] * 7
    best, k = max(nonzero), points.index(min(nonzero))
    least = min(p for p, s in zip(points, board) if s)
    module, manual = [], []
    for p, s in zip(points, board):
        if p == best:
            module.append("solve")
            manual.append("solve")
        elif not s:
            module.append("empty")
            manual.append("empty")
        else:
            module.append("strike" if s == board[k] else "continue")
            manual.append("strike" if p == least else "continue")
    return points, after, relays, module, manual


ALPHABET = "0123456789abcdefghjkmnpqrstuvwxy"


def plain_id(slots, stores_known):
    row = lambda counts: "".join(ALPHABET[v] if v < 32 else f"z{v:02d}" for v in counts)  # noqa: E731
    text = f"c1-{row(slots[0:7])}-{row(slots[8:15])}"
    return text + f"-{slots[15]}-{slots[7]}" if stores_known else text


def plain_solve(lines, out):
    """`solve --json -` for 16-number lines, by hand."""
    for line in lines:
        slots = [int(w) for w in line.split()]
        points, after, _, module, manual = plain_evaluate(slots)
        answer = [i + 1 for i, v in enumerate(module) if v == "solve"]
        out.write(json.dumps({
            "id": plain_id(slots, True), "board": slots, "stores_known": True, "side": "you",
            "holes": [1, 2, 3, 4, 5, 6, 7], "points": points, "answer": answer,
            "verdicts": {"module": module, "manual": manual},
            "disagree": [i + 1 for i in range(7) if module[i] != manual[i]], "after": after,
        }, separators=(",", ":")) + "\n")


def engine_solve(lines, out):
    """`ktane-congkak solve --json -` itself, in this process."""
    stdin = sys.stdin
    sys.stdin = io.StringIO("".join(lines))
    try:
        with contextlib.redirect_stdout(out):
            cli_main(["solve", "--json", "-"])
    finally:
        sys.stdin = stdin


# --- timing ------------------------------------------------------------------------


def interleaved(contenders: dict, items: list, chunk: int = 500, repeat: int = 5) -> dict:
    """Seconds per item of each contender: per chunk of items, the best of `repeat` runs,
    the contenders taking turns, so a busy machine slows them alike."""
    total = dict.fromkeys(contenders, 0.0)
    for start in range(0, len(items), chunk):
        part = items[start : start + chunk]
        best = dict.fromkeys(contenders, float("inf"))
        for _ in range(repeat):
            for name, fn in contenders.items():
                t = time.perf_counter()
                fn(part)
                best[name] = min(best[name], time.perf_counter() - t)
        for name in contenders:
            total[name] += best[name]
    return {name: seconds / len(items) for name, seconds in total.items()}


def cold_starts(board: str, runs: int = 21) -> dict:
    """Median wall times of `ktane-congkak solve BOARD` (the installed command, and
    `python -m ktane_congkak`) and of `python -c pass`, taking turns. Bytecode is written
    first and kept (PYTHONDONTWRITEBYTECODE dropped), as after any install."""
    import os
    import shutil

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    command = shutil.which("ktane-congkak", path=os.path.dirname(sys.executable))
    argvs = {"ktane-congkak": [command, "solve", board] if command else None,
             "python -m": [sys.executable, "-m", "ktane_congkak", "solve", board],
             "bare": [sys.executable, "-c", "pass"]}
    times = {name: [] for name, argv in argvs.items() if argv}
    for name in times:  # warm up: bytecode written, files cached
        subprocess.run(argvs[name], check=True, capture_output=True, env=env)
    for _ in range(runs):
        for name in times:
            t = time.perf_counter()
            subprocess.run(argvs[name], check=True, capture_output=True, env=env)
            times[name].append(time.perf_counter() - t)
    return {name: statistics.median(values) for name, values in times.items()}


# --- the figures -------------------------------------------------------------------


def main() -> None:
    rules = load_ruleset("module")
    rng = random.Random(1)
    t = time.perf_counter()
    boards = [module_board(rules, rng) for _ in range(BOARDS)]
    generated = len(boards) / (time.perf_counter() - t)
    jobs = [(b, s) for b in boards for s in rules.holes(YOU) if b[s]]
    print(f"boards: {len(boards)} from the module's generator ({generated:,.0f}/s), {len(jobs)} turns")

    for board in boards:  # the comparison is honest only if both compute the same thing
        ev, plain = evaluate(board, rules), plain_evaluate(board)
        assert (list(ev.points), list(ev.relays), list(ev.module), list(ev.manual)) == \
            (plain[0], plain[2], plain[3], plain[4]), board
        assert [list(a) if a else None for a in ev.after] == plain[1], board
    per = interleaved({"engine": lambda items: [evaluate(b, rules) for b in items],
                       "plain": lambda items: [plain_evaluate(b) for b in items]}, boards, 100, 7)
    print(f"evaluate():      {1 / per['engine']:>9,.0f} boards/s, plain loop {1 / per['plain']:>9,.0f}/s: "
          f"{per['plain'] / per['engine']:.2f}x (target 1.0x, stretch 1.2x)")

    lines = [" ".join(map(str, b)) + "\n" for b in boards]
    ours, theirs = io.StringIO(), io.StringIO()
    engine_solve(lines, ours)
    plain_solve(lines, theirs)
    assert ours.getvalue() == theirs.getvalue(), "solve --json - and the plain loop print different JSON"
    per = interleaved({"engine": lambda items: engine_solve(items, io.StringIO()),
                       "plain": lambda items: plain_solve(items, io.StringIO())}, lines, 2000, 3)
    print(f"solve --json -:  {1 / per['engine']:>9,.0f} lines/s,  plain loop {1 / per['plain']:>9,.0f}/s: "
          f"{per['plain'] / per['engine']:.2f}x (target 0.8x; same JSON, byte for byte)")

    per = interleaved({"sow": lambda items: [sow(b, rules, YOU, s) for b, s in items],
                       "play_turn": lambda items: [play_turn(b, rules, YOU, s) for b, s in items]}, jobs, 2000, 3)
    print(f"turns/s: {1 / per['sow']:,.0f} position only (sow), {1 / per['play_turn']:,.0f} with trace (play_turn)")

    starts = cold_starts(" ".join(map(str, boards[0])))
    bare = starts.pop("bare")
    for name, took in starts.items():
        print(f"solve BOARD cold start ({name}): {took * 1000:.1f} ms, python -c pass {bare * 1000:.1f} ms: "
              f"{took / bare:.2f}x (target at most 3x)")
    heavy = ("pyglet", "reportlab", "yaml", "dataclasses", "typing", "pathlib", "shutil")
    probe = subprocess.run([sys.executable, "-c", "import sys; before = set(sys.modules); "
                            "from ktane_congkak.cli import main; "
                            f"main(['solve', {' '.join(map(str, boards[0]))!r}]); "
                            f"print(sorted({{m.split('.')[0] for m in set(sys.modules) - before}} & {set(heavy)!r}), "
                            "file=sys.stderr)"], capture_output=True, text=True)
    print(f"heavy modules solve loaded (of {', '.join(heavy)}): {probe.stderr.strip()}")

if __name__ == "__main__":
    main()
