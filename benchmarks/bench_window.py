"""Practice window speed: time to the first frame, and frame times over 300 frames, 98 seeds,
at the default size (900x600) and at 1920x1200.

Run: python3 benchmarks/bench_window.py   (starts itself under Xvfb when there is no display)

Each size runs in a fresh process, so the first frame is timed from that process's start
(before pyglet is imported) to the first frame on screen. Then the median and
95th-percentile frame time, first the window's own work (tick, events, draw, glFinish),
then with the buffer swap (under Xvfb, llvmpipe copies the whole frame to the X server on
each swap, which a real display does not), for three cases: a still board, a board whose
seeds move every frame (the animation at top speed, the hand gliding), and all 98 seeds
in one store, and the processor time of the window's work (all threads). Targets: first
frame under 1 s, median frame under 4 ms.

Then, with `ktane-congkak` itself: the processor time an idle practice window and an idle
game window take (nothing pressed, the clock running; target at most 2% of a core: a frame
is drawn only when something changes), and opening a practice window and quitting it at
once (`practice --commands quit`; target at most 1 s), as wall time and processor time
(the wall time carries a shared machine's load; the processor time less so). Linux only
(/proc). `python3 benchmarks/bench_window.py idle` runs these alone.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time

START = time.perf_counter()
FRAMES = 300
WARMUP = 30


def ensure_display() -> None:
    if os.environ.get("DISPLAY") or os.environ.get("PYGLET_HEADLESS") or os.environ.get("BENCH_UNDER_XVFB"):
        return
    if not shutil.which("xvfb-run"):
        sys.exit("no display and no xvfb-run: install xvfb (scripts/setup does)")
    env = dict(os.environ, BENCH_UNDER_XVFB="1")
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 1920x1200x24", sys.executable, *sys.argv]
    sys.exit(subprocess.call(cmd, env=env))


def frame_times(view, gl, step) -> tuple[list[float], list[float], list[float]]:
    """Per frame: the window's own work (tick, events, draw, glFinish), that plus the swap,
    and the processor time of the work (all the process's threads: llvmpipe draws on
    several; less swayed than the wall clock by other jobs on a shared machine)."""
    work, whole, cpu = [], [], []
    for _ in range(WARMUP):  # the software renderer compiles its shaders on first use
        step()
        view.on_draw()
        view.window.flip()
    for _ in range(FRAMES):
        t, c = time.perf_counter(), time.process_time()
        step()
        view.window.switch_to()
        view.window.dispatch_events()
        view.on_draw()
        gl.glFinish()
        drawn, used = time.perf_counter(), time.process_time()
        view.window.flip()
        gl.glFinish()
        work.append((drawn - t) * 1000)
        whole.append((time.perf_counter() - t) * 1000)
        cpu.append((used - c) * 1000)
    return work, whole, cpu


def report(name: str, times: tuple[list[float], list[float]]) -> None:
    for label, values in zip(("", " + swap", " (processor time)"), times):
        values = sorted(values)
        p95 = values[int(len(values) * 0.95)]
        print(f"{name + label:44} median {statistics.median(values):5.2f} ms   p95 {p95:5.2f} ms   max {values[-1]:6.2f} ms")


SIZES = ("900x600", "1920x1200")
IDLE_SETTLE, IDLE_SECONDS = 4.0, 10.0  # seconds an idle window is left to open, then measured
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def _processor_seconds(pid: int) -> float:
    """User and system time of a process (all its threads) so far, from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_and_quit() -> None:
    """An idle window's share of a core, and opening a window and quitting it at once."""
    import tempfile

    env = dict(os.environ, PYTHONPATH=ROOT, KTANE_CONGKAK_DATA=tempfile.mkdtemp())
    command = [sys.executable, "-m", "ktane_congkak"]
    print(f"--- idle windows ({IDLE_SECONDS:g} s each, after {IDLE_SETTLE:g} s to open; target at most 2% of a core)")
    for argv in (["practice", "--mute"], ["game", "--opponent", "greedy"]):
        window = subprocess.Popen(command + argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        time.sleep(IDLE_SETTLE)
        before, start = _processor_seconds(window.pid), time.perf_counter()
        time.sleep(IDLE_SECONDS)
        used = (_processor_seconds(window.pid) - before) / (time.perf_counter() - start)
        window.kill()
        window.wait()
        print(f"{' '.join(argv):28} {used * 100:5.1f}% of a core")
    print("--- open a window and quit at once (target at most 1 s)")
    for argv in (["practice", "--commands", "quit"], ["game", "--commands", "quit"]):
        start, before = time.perf_counter(), os.times()
        subprocess.run(command + argv, env=env, check=True, stdout=subprocess.DEVNULL)
        after = os.times()
        cpu = after.children_user + after.children_system - before.children_user - before.children_system
        print(f"{' '.join(argv):28} {time.perf_counter() - start:5.2f} s wall, {cpu:5.2f} s processor")


def main() -> None:
    ensure_display()
    if len(sys.argv) < 2 or sys.argv[1] == "idle":  # each size in a process of its own: a cold start
        for size in SIZES if len(sys.argv) < 2 else ():
            print(f"--- window {size}", flush=True)
            subprocess.run([sys.executable, os.path.abspath(__file__), size], check=True)
        idle_and_quit()
        return
    width, height = map(int, sys.argv[1].split("x"))
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from pyglet import gl

    from ktane_congkak.practice.animation import SPEEDS
    from ktane_congkak.core.module import CongkakModule
    from ktane_congkak.practice.window import PracticeWindow
    from ktane_congkak.practice.session import PracticeSession

    session = PracticeSession(CongkakModule(seed=1))
    view = PracticeWindow(session, size=(width, height), muted=True)
    view.on_draw()
    view.window.flip()
    gl.glFinish()
    first = time.perf_counter() - START
    print(f"renderer: {gl.gl_info.get_renderer()}")
    print(f"time to first frame (imports, window, 98 seeds drawn): {first * 1000:.0f} ms  (target 1000 ms)")

    floor = []  # what any frame costs at this size here: clearing the window and the swap
    for _ in range(60):
        t = time.perf_counter()
        view.window.clear()
        gl.glFinish()
        floor.append((time.perf_counter() - t) * 1000)
    print(f"{'floor: clearing the window alone':44} median {statistics.median(floor):5.2f} ms")
    report("still board, 98 seeds", frame_times(view, gl, lambda: view.tick(1 / 60)))

    def moving():
        s = view.session
        if not s.animating:
            if s.module.solved or not any(s.module.board[:7]):
                s.new_board()
            s.press(next(h for h in range(1, 8) if s.module.board[h - 1]))
            s.speed_index = len(SPEEDS) - 1
            if s.animation:
                s.animation.speed = s.speed
        view.tick(1 / 60)  # at top speed about one drop per frame: seeds are re-placed every frame

    report("seeds moving every frame", frame_times(view, gl, moving))
    store = tuple([0] * 7 + [0] + [0] * 7 + [98])
    view.set_session(PracticeSession(CongkakModule(seed=2, board=store)))
    report("98 seeds in one store", frame_times(view, gl, lambda: view.tick(1 / 60)))
    view.close()


if __name__ == "__main__":
    main()
