"""How soon the program stops or gives up, in seconds: the figures the tests leave out
(a test checks that it stops, and how; never how fast, which depends on the machine).

- Ctrl-C to `stats --jobs 2` counting 10**11 boards, once its workers run: until it ends;
- SIGTERM to `match --jobs 2` of 200 games: until it ends;
- `cancel()` of a search thinking in a child process;
- `game --text --budget 0.5`, the computer's moves and two hints: the seconds a search took
  (each against the 0.5 s budget);
- a 9 MB answers file refused by its size; a history made of an alias bomb set aside.

    PYTHONPATH=. python3 benchmarks/bench_stopping.py

Prints figures; asserts nothing. Run it on a quiet machine (`uptime`): under load every
figure grows.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMAND = [sys.executable, "-m", "ktane_congkak"]


def children(pid: int) -> list[str]:
    return subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()


def stopped_after(args: list[str], signum: int, to_group: bool, env: dict) -> float:
    """Start `ktane-congkak ARGS`, wait for its workers, send `signum`; seconds until it ended."""
    proc = subprocess.Popen(COMMAND + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                            start_new_session=True)
    while proc.poll() is None and not children(proc.pid):
        time.sleep(0.02)
    time.sleep(0.5)  # the workers at work
    start = time.perf_counter()
    (os.killpg if to_group else os.kill)(proc.pid, signum)
    proc.wait()
    return time.perf_counter() - start


def cancel_seconds() -> float:
    from ktane_congkak.games import thinking

    thinking.FORK = True
    search = thinking.Thinking(lambda on_depth: time.sleep(3600))
    start = time.perf_counter()
    search.cancel()
    return time.perf_counter() - start


def search_seconds(budget: float) -> list[float]:
    """The seconds each search of a terminal game took: the computer's moves, then two hints."""
    from ktane_congkak.games import ai

    took = []
    choose = ai.SearchPlayer.choose

    def timed(self, game, player):
        start = time.perf_counter()
        try:
            return choose(self, game, player)
        finally:
            took.append(time.perf_counter() - start)

    ai.SearchPlayer.choose = timed
    import io

    from ktane_congkak.cli import main

    stdin, stdout = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO("hint\nhint\nquit\n"), io.StringIO()
    try:
        main(["game", "--text", "--rules", "mancala", "--side", "north", "--budget", str(budget), "--seed", "1"])
    finally:
        sys.stdin, sys.stdout = stdin, stdout
        ai.SearchPlayer.choose = choose
    return took


def refusal_seconds(folder: Path, env: dict) -> tuple[float, float]:
    from ktane_congkak.files import MAX_FILE_BYTES
    from ktane_congkak.practice.history import load_history

    answers = folder / "answers.yaml"
    answers.write_text("answers:\n" + "".join(f"  x{i}: {i}\n" for i in range(MAX_FILE_BYTES // 8)))
    start = time.perf_counter()
    subprocess.run(COMMAND + ["verify", "--puzzles", "easy", "--answers", str(answers)], capture_output=True, env=env)
    big = time.perf_counter() - start
    history = folder / "history.yaml"
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"a{k}: &a{k} [" + ",".join([f"*a{k - 1}"] * 9) + "]" for k in range(1, 9)]
    history.write_text("\n".join(lines) + "\nsessions: [{mode: *a8}]\n")
    start = time.perf_counter()
    load_history(history)
    return big, time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["KTANE_CONGKAK_DATA"] = folder  # (the game run here keeps nothing of the user's)
        env = dict(os.environ)
        env.pop("DISPLAY", None)
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
        stats = ["stats", "--count", "100000000000", "--jobs", "2", "--progress", "never"]
        print(f"Ctrl-C to stats --jobs 2:      {stopped_after(stats, signal.SIGINT, True, env):.2f} s to end")
        match = ["match", "--rules", "congkak", "--players", "expert,hard", "--games", "200", "--jobs", "2"]
        print(f"SIGTERM to match --jobs 2:     {stopped_after(match, signal.SIGTERM, False, env):.2f} s to end")
        print(f"cancel() of a forked search:   {cancel_seconds():.3f} s")
        took = search_seconds(0.5)
        print(f"searches at --budget 0.5:      {len(took)}, longest {max(took):.3f} s, mean {sum(took) / len(took):.3f} s")
        big, bomb = refusal_seconds(Path(folder), env)
        print(f"9 MB answers file refused:     {big:.2f} s (the whole command)")
        print(f"alias-bomb history set aside:  {bomb:.3f} s")


if __name__ == "__main__":
    main()
