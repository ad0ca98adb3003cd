"""Game window: frame intervals while the computer thinks, its search in a child process
(the window's way on Linux) against the same search in a thread (the way elsewhere).

Run: python3 benchmarks/bench_game_window.py   (starts itself under Xvfb when there is no display)

The computer plays both sides of congkak for SECONDS of real time with a 1 s budget a
move, so it is thinking almost all the time; each mode runs in a fresh process, taking
turns, ROUNDS times. Prints the median, 95th-percentile and worst interval between frames
(the window asks for one every 1/60 s) and how many intervals exceeded 50 ms. Asserts
nothing.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

from bench_window import ensure_display

SECONDS, ROUNDS = 8.0, 3


def one_run(mode: str) -> dict:
    """In this process: the window for SECONDS, its frame intervals."""
    import pyglet

    from ktane_congkak.core.rules import load_ruleset
    from ktane_congkak.games import thinking
    from ktane_congkak.games.game import Game
    from ktane_congkak.games.session import Session
    from ktane_congkak.games.window import GameWindow

    thinking.FORK = mode == "process"
    session = Session(Game(load_ruleset("congkak")), humans=(), opponent="search", seed="1", budget=1.0)
    view = GameWindow(session)
    stamps = []
    view.window.push_handlers(on_draw=lambda: stamps.append(time.perf_counter()))
    pyglet.clock.schedule_once(lambda dt: pyglet.app.exit(), SECONDS)
    view.run()
    view.close()
    gaps = [b - a for a, b in zip(stamps[10:], stamps[11:])]  # past the first frames
    return {"gaps": gaps, "moves": len(session.game.moves)}


def main() -> None:
    ensure_display()
    if len(sys.argv) > 1:
        print(json.dumps(one_run(sys.argv[1])))
        return
    here = os.path.dirname(os.path.abspath(__file__))
    results: dict = {"process": [], "thread": []}
    for _ in range(ROUNDS):
        for mode in results:
            out = subprocess.run([sys.executable, os.path.join(here, "bench_game_window.py"), mode],
                                 capture_output=True, text=True, check=True).stdout
            results[mode].append(json.loads(out.strip().splitlines()[-1]))
    for mode, runs in results.items():
        gaps = sorted(g for run in runs for g in run["gaps"])
        p95 = gaps[int(0.95 * (len(gaps) - 1))]
        print(f"search in a {mode:7}: frames {statistics.median(gaps) * 1000:5.1f} ms median, "
              f"{p95 * 1000:5.1f} ms p95, {gaps[-1] * 1000:5.0f} ms worst, "
              f"{sum(g > 0.05 for g in gaps)} over 50 ms in {len(gaps)}; "
              f"moves made {[run['moves'] for run in runs]}")


if __name__ == "__main__":
    main()
