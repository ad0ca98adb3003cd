"""Big practice histories (issue 29): processor time and peak memory (RSS) of reading one
(`load_history`) and of saving a session into it (read, archive the oldest, write), each
in a fresh process, against the file's size. Prints figures; asserts nothing.

    PYTHONPATH=. python3 benchmarks/bench_history.py [--entries 3000 30000 200000]

Targets: time linear in the file (MB/s about the same at every size), peak memory at
most 10 times the file above the interpreter's own at rest.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from ktane_congkak.files import dump_yaml

MEASURE = """
import resource, sys, time
from pathlib import Path
from ktane_congkak.practice.history import load_history, save_session
start = time.process_time()
if sys.argv[1] == "load":
    sessions, warning = load_history(Path(sys.argv[2]))
else:
    warning = save_session({"mode": "zen", "result": "stopped", "seconds": 1}, Path(sys.argv[2]))
print(time.process_time() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, warning is None)
"""
REST = "import resource, ktane_congkak.practice.history; print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)"


def history_text(entries: int) -> str:
    return dump_yaml({"sessions": [
        {"started": f"2026-11-{1 + i % 28:02d}T10:{i % 60:02d}:{i % 59:02d}", "mode": ("zen", "timed")[i % 2],
         "result": ("defused", "exploded", "stopped")[i % 3], "seconds": 61.5 + i % 7, "strikes": i % 3,
         "boards": 1 + i % 4, "solves": i % 2, "log": f"2026-11-01-100000-{i}.log"} for i in range(entries)]})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, nargs="+", default=[3000, 30000, 200000])
    args = parser.parse_args()
    rest = float(subprocess.run([sys.executable, "-c", REST], capture_output=True, text=True).stdout)
    print(f"interpreter and history module at rest: {rest:.0f} MB RSS")
    with tempfile.TemporaryDirectory(prefix="bench-history-") as folder:
        for entries in args.entries:
            path = Path(folder) / "history.yaml"
            path.write_text(history_text(entries), encoding="utf-8")
            megabytes = os.path.getsize(path) / 1e6
            for action in ("load", "save"):
                copy = Path(folder) / f"{action}.yaml"
                copy.write_bytes(path.read_bytes())
                done = subprocess.run([sys.executable, "-c", MEASURE, action, str(copy)], capture_output=True, text=True)
                if done.returncode:
                    print(done.stderr[-500:])
                    continue
                seconds, peak, clean = done.stdout.split()
                seconds, peak = float(seconds), float(peak)
                print(f"{entries:7} entries, {megabytes:5.1f} MB, {action}: {seconds:6.2f} s processor "
                      f"({megabytes / seconds:4.1f} MB/s), peak {peak:6.1f} MB, "
                      f"{(peak - rest) / megabytes:4.1f} x the file above rest{'' if clean == 'True' else ', warned'}")
                for extra in Path(folder).glob(f"{action}-until-*"):
                    extra.unlink()


if __name__ == "__main__":
    main()
