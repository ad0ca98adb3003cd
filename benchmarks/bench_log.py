"""`verify --log` on big logs: time and peak memory (RSS) of the whole command on a
generated Unity log of about 100 MB. Prints figures; asserts nothing.

    python3 benchmarks/bench_log.py [--mb 100] [--keep DIR]

Two logs, each run as `ktane-congkak verify --log FILE --json` in a fresh process:
- "bomb": Unity noise (other modules' messages with their stack and Filename lines)
  with 300 Congkak modules, each played from a generated board to its solve;
- "congkak": the same size made mostly of Congkak modules (up to the reader's limit
  of modules, boards and presses kept), the heaviest log the command accepts.
Then a crafted log (issue 29): 2,000 modules, the first solved, then 20,000 presses on it
(the phrase a solved module logs), each of which once re-scanned every module's presses;
its MB/s should be near the bomb log's.
Each of the two big logs is also judged as the text report and as the page (`--html`):
their processor times and the ratio (target: the page at most twice the text report).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ktane_congkak.core.logwords import AFTER_SOLVE_PHRASES, prefix
from ktane_congkak.core.modlog import MAX_RECORDS
from ktane_congkak.core.module import CongkakModule

NOISE = [
    "[Wires #{n}] Wire colours: red, blue, white. Cut wire 2.",
    "[The Button #{n}] Button is blue with label Hold; release when the timer has a 4.",
    "[Congkak Solver #{n}] Initial state: 7 7 7 7 7 7 7 0 7 7 7 7 7 7 7 0 ",
    "UnityEngine.Debug:LogFormat(String, Object[])",
    "KMBombModule:HandlePass()",
    "",
    "(Filename: C:\\buildslave\\unity\\build\\Runtime/Export/Debug.bindings.h Line: 35)",
]


def congkak_lines(number: int, rng: random.Random) -> list[str]:
    """A module's log from a generated board to its solve, wrong presses first."""
    module = CongkakModule(seed=rng.random(), module_id=number)
    for _ in range(rng.randint(0, 3)):
        wrong = [h for h, v in enumerate(module.evaluation.module, 1) if v != "solve"]
        if not wrong:
            break
        module.press(rng.choice(wrong))
    module.press(module.evaluation.answer[0])
    return module.log


def write_log(path: Path, megabytes: int, modules: int, rng: random.Random) -> tuple[int, int]:
    """About `megabytes` of log with `modules` Congkak modules spread through it."""
    target = megabytes * 1_000_000
    per_module = target // max(modules, 1)
    written = boards = 0
    with open(path, "w", encoding="utf-8", newline="\r\n") as out:
        for number in range(1, modules + 1):
            lines = congkak_lines(number, rng)
            boards += sum("Initial state:" in line for line in lines)
            chunk = "\n".join(lines) + "\n"
            out.write(chunk)
            written += len(chunk)
            while written < per_module * number:
                noise = "\n".join(NOISE).format(n=rng.randint(1, 99)) + "\n"
                out.write(noise * 50)
                written += len(noise) * 50
    return written, boards


def write_phrase_flood(path: Path, modules: int = 2000, phrases: int = 20_000) -> None:
    """`modules` modules on one board, the first solved, then `phrases` presses on it."""
    first = CongkakModule(seed=1, module_id=1)
    first.press(first.evaluation.answer[0])
    lines = list(first.log)
    board = [line.split("] ", 1)[1] for line in lines if "You selected" not in line]
    lines += [f"{prefix(n)}{text}" for n in range(2, modules + 1) for text in board]
    lines += [AFTER_SOLVE_PHRASES[0]] * phrases
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def measure(path: Path, *options: str) -> tuple[float, float, float, int]:
    """(seconds, processor seconds, peak RSS in MB, exit code) of `verify --log path OPTIONS`."""
    start = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", sys.executable, "-m", "ktane_congkak", "verify", "--log",
                           str(path), *options], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    user, system, kilobytes = proc.stderr.strip().splitlines()[-1].split()
    return seconds, float(user) + float(system), int(kilobytes) / 1024, proc.returncode


def compare_reports(path: Path, name: str) -> None:
    """The page (--html) against the text report on the same log, in processor time: the
    page draws only its first boards (paper.log_report.FULL_BOARDS), so it costs no more."""
    page = path.with_suffix(".html")
    _, text_cpu, text_rss, _ = measure(path)
    _, html_cpu, html_rss, code = measure(path, "--html", str(page), "--no-open")
    print(f"{name:8} text report {text_cpu:5.1f} s CPU ({text_rss:5.1f} MB), --html {html_cpu:5.1f} s CPU "
          f"({html_rss:5.1f} MB, a {page.stat().st_size / 1e6:.2f} MB page): {html_cpu / text_cpu:.2f}x the text "
          f"report, exit {code}")
    page.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=100)
    parser.add_argument("--keep", metavar="DIR", help="write the logs here and keep them")
    args = parser.parse_args()
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bench-log-"))
    rng = random.Random(10)
    baseline = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-m", "ktane_congkak", "--version"],
                              capture_output=True, text=True)
    print(f"python + ktane_congkak at rest: {int(baseline.stderr.split()[-1]) / 1024:.0f} MB RSS")
    # A module, its ~2 boards and ~2.5 presses: the second log is near the reader's limit.
    for name, modules in (("bomb", 300), ("congkak", MAX_RECORDS // 6)):
        path = folder / f"{name}.log"
        t = time.perf_counter()
        size, boards = write_log(path, args.mb, modules, rng)
        made = time.perf_counter() - t
        seconds, _, rss, code = measure(path, "--json")
        print(f"{name:8} {os.path.getsize(path) / 1e6:6.1f} MB, {modules} Congkak modules, {boards} boards "
              f"(written in {made:.0f} s): verify --log {seconds:5.1f} s, "
              f"{os.path.getsize(path) / 1e6 / seconds:5.1f} MB/s, peak RSS {rss:5.1f} MB, exit {code}")
        compare_reports(path, name)
        if not args.keep:
            path.unlink()
    path = folder / "phrases.log"
    write_phrase_flood(path)
    seconds, _, rss, code = measure(path, "--json")
    print(f"phrases  {os.path.getsize(path) / 1e6:6.2f} MB, 2000 Congkak modules, then 20000 presses on the solved "
          f"one: verify --log {seconds:5.1f} s, {os.path.getsize(path) / 1e6 / seconds:5.2f} MB/s "
          f"(most of it Python's start), peak RSS {rss:5.1f} MB, exit {code}")
    if not args.keep:
        path.unlink()
        folder.rmdir()


if __name__ == "__main__":
    main()
