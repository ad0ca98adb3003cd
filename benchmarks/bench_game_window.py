"""Game window: frame intervals while the computer thinks, its search in a child process
(the window's way on Linux) against the same search in a thread (the way elsewhere).

Run: python3 benchmarks/bench_game_window.py   (starts itself under Xvfb when there is no display)

A third mode, idle, is the control: the same window with nobody moving and nothing
searched, so what the machine itself costs a frame shows beside the two searching modes.

The computer plays both sides of congkak for SECONDS of real time with BUDGET seconds a
move, so it is thinking most of the time and its searches end often; each mode runs in a
fresh process, taking turns, ROUNDS times. Prints the median, 95th-percentile and worst
interval between frames (the window asks for one every 1/60 s), how many intervals
exceeded 50 ms, and the worst interval within 0.1 s after a search ended (when its move is
taken in and its animation starts). Asserts nothing. On a shared machine the figures
carry the other work's noise: run it more than once.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

from bench_window import ensure_display

SECONDS, ROUNDS, BUDGET = 10.0, 3, 0.5


def one_run(mode: str) -> dict:
    """In this process: the window for SECONDS, its frame intervals."""
    import pyglet

    from ktane_congkak.core.rules import load_ruleset
    from ktane_congkak.games import thinking
    from ktane_congkak.games.game import Game
    from ktane_congkak.games.session import Session
    from ktane_congkak.games.window import GameWindow

    thinking.FORK = mode == "process"
    work = []  # the window's own processor time each frame (its thread's, so no other work's)

    class Timed(GameWindow):
        def on_draw(self):
            start = time.thread_time()
            self.tick_work, drawn = 0.0, super().on_draw()
            work.append(time.thread_time() - start + self.tick_work)
            return drawn

        def tick(self, seconds):
            start = time.thread_time()
            super().tick(seconds)
            self.tick_work = getattr(self, "tick_work", 0.0) + time.thread_time() - start

    if mode == "idle":  # the control: two people's board, nobody moves, nothing searched
        session = Session(Game(load_ruleset("congkak")), humans=(0, 1), opponent="human", seed="1")
    else:
        session = Session(Game(load_ruleset("congkak")), humans=(), opponent="search", seed="1", budget=BUDGET)
    view = Timed(session)
    stamps, ends = [], []
    taken_in = view._computer_moved

    def computer_moved():
        ends.append(time.perf_counter())
        taken_in()

    view._computer_moved = computer_moved
    view.window.push_handlers(on_draw=lambda: stamps.append(time.perf_counter()))
    pyglet.clock.schedule_once(lambda dt: pyglet.app.exit(), SECONDS)
    view.run()
    view.close()
    pairs = list(zip(stamps[10:], stamps[11:]))  # past the first frames
    gaps = [b - a for a, b in pairs]
    after_end = [b - a for a, b in pairs if any(0 <= b - end <= 0.1 for end in ends)]
    return {"gaps": gaps, "after_end": after_end, "work": work[10:], "moves": len(session.game.moves), "ends": len(ends)}


def main() -> None:
    ensure_display()
    if len(sys.argv) > 1:
        print(json.dumps(one_run(sys.argv[1])))
        return
    here = os.path.dirname(os.path.abspath(__file__))
    results: dict = {"process": [], "thread": [], "idle": []}
    for _ in range(ROUNDS):
        for mode in results:
            out = subprocess.run([sys.executable, os.path.join(here, "bench_game_window.py"), mode],
                                 capture_output=True, text=True, check=True).stdout
            results[mode].append(json.loads(out.strip().splitlines()[-1]))
    for mode, runs in results.items():
        gaps = sorted(g for run in runs for g in run["gaps"])
        after = max((g for run in runs for g in run["after_end"]), default=0.0)
        p95 = gaps[int(0.95 * (len(gaps) - 1))]
        name = "no search (idle)" if mode == "idle" else f"search in a {mode}"
        print(f"{name:17}: frames {statistics.median(gaps) * 1000:5.1f} ms median, "
              f"{p95 * 1000:5.1f} ms p95, {gaps[-1] * 1000:5.0f} ms worst, "
              f"{sum(g > 0.05 for g in gaps)} over 50 ms in {len(gaps)}; "
              f"worst just after a search ended {after * 1000:4.0f} ms "
              f"({sum(run['ends'] for run in runs)} searches ended); the window's own work a frame "
              f"{max(w for run in runs for w in run['work']) * 1000:4.1f} ms at most (processor time)")


if __name__ == "__main__":
    main()
