"""Window scripts' memory: the peak RSS of `--commands` scripts of growing length.

Run: python3 benchmarks/bench_script_memory.py   (starts itself under Xvfb when there is no display)

Each script runs as a user runs it (`python -m ktane_congkak ... --commands SCRIPT`), in a
fresh process whose only parent is a small wrapper that reads its peak RSS
(`resource.getrusage(RUSAGE_CHILDREN)`, POSIX: this is a developer's tool). Target: flat,
the longest script within 40 MB of the shortest (issue 21: frames drawn for a script and
never flushed queued up in the driver, 1.3 GB for 10,000 `wait 0`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from bench_window import ensure_display

CASES = [("practice", ["practice"], "wait 0", (100, 1000, 10_000)),
         ("practice", ["practice"], "highlight 3", (100, 1000, 5000)),
         ("drill", ["drill", "--window", "--seed", "bench"], "wait 0", (100, 1000, 5000))]
WRAPPER = ("import resource, subprocess, sys\n"
           "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)\n"
           "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)\n")


def peak_mb(args: list[str], step: str, lines: int, data: str) -> tuple[float, float]:
    """(peak RSS in MB, seconds) of one script of `lines` steps, then quit."""
    script = "; ".join([step] * lines + ["quit"])
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", WRAPPER, sys.executable, "-m", "ktane_congkak", *args,
                           "--commands", script], capture_output=True, text=True,
                          env=dict(os.environ, KTANE_CONGKAK_DATA=data), check=True)
    return float(done.stdout), time.perf_counter() - start


def main() -> None:
    import tempfile

    ensure_display()
    with tempfile.TemporaryDirectory() as data:
        for window, args, step, lengths in CASES:
            figures = [(n, *peak_mb(args, step, n, data)) for n in lengths]
            print(f"{window:8} {step!r:14} " + "   ".join(f"{n:>6} lines: {mb:6.0f} MB ({s:4.1f} s)"
                                                       for n, mb, s in figures))


if __name__ == "__main__":
    main()
