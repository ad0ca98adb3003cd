"""README's `$ ` examples run as shown and print what the README says they print ("..." skips lines)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys

import pytest

from conftest import ROOT

SKIPPED = ("stats --count 100000",  # a minute of work on 2 cores; its figures are a sample's
           "match ",  # its timings vary from machine to machine
           "practice --puzzles hard")  # opens a window


def examples() -> list[tuple[str, list[str]]]:
    """(command, the lines shown after it) for every `$ ` line of the README's code blocks."""
    found = []
    for block in (ROOT / "README.md").read_text().split("```")[1::2]:  # the code blocks
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, *shown = chunk.rstrip("\n").split("\n")
            found.append((command.split("  #")[0].strip(), shown))
    return found


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """One folder for all the examples, in order: a later one prints what an earlier one wrote."""
    return tmp_path_factory.mktemp("readme")


def test_the_readme_has_examples_to_run():
    assert len(examples()) >= 12


@pytest.mark.parametrize("command, shown", [e for e in examples() if not any(s in e[0] for s in SKIPPED)],
                         ids=lambda value: value if isinstance(value, str) else "")
def test_a_readme_example_prints_what_the_readme_shows(command, shown, folder):
    stdin = ""
    if command.startswith("printf "):  # printf '...' | ktane-congkak ...
        text, command = command.split(" | ", 1)
        stdin = shlex.split(text)[1].encode().decode("unicode_escape")
    argv = shlex.split(command)
    assert argv[0] == "ktane-congkak"
    env = dict(os.environ, PYTHONPATH=str(ROOT), KTANE_CONGKAK_DATA=str(folder / "data"))
    env.pop("DISPLAY", None)
    done = subprocess.run([sys.executable, "-m", "ktane_congkak", *argv[1:]], input=stdin, capture_output=True,
                          text=True, env=env, cwd=folder, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    printed = [line.rstrip() for line in done.stdout.splitlines()]
    at = 0
    for line in (line.rstrip() for line in shown):
        if line.strip() == "...":
            continue
        if line.startswith("Right (") or "ms/move" in line:  # a time taken
            line = re.sub(r"\d+\.\d s", "", line)
        matches = [i for i in range(at, len(printed)) if printed[i] == line
                   or (line.startswith("Right (") and re.sub(r"\d+\.\d s", "", printed[i]) == line)]
        assert matches, f"README shows {line!r} after `{command}`; the program printed:\n{done.stdout}"
        at = matches[0] + 1
