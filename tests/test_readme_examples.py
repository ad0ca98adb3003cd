"""The `$ ` examples of the README and of docs/*.md run as shown and print what they are
shown to print ("..." skips lines; a time taken is not compared)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT

SKIPPED = ("stats --count 1000000",  # minutes of work on 2 cores; its figures are a sample's
           "stats --count 100000 ",
           "--budget 0.1",  # a search by the clock: its games and figures vary from machine to machine
           "practice --puzzles hard",  # opens a window
           "--commands",  # the window's scripts: the window tests run them
           "$(",  # a shell's substitution
           "echo ")
TIME_TAKEN = re.compile(r"\d+\.\d s\b")
# The figures that vary from machine to machine, left out of the comparison: how fast a
# search goes, and the ms/move column of match's table (its last).
MACHINE_FIGURES = [(re.compile(r"[\d,]+ a second"), "N a second"),
                   (re.compile(r"^(\S+(?:\s+\d+){3}(?:\s+[\d.]+){2})\s+[\d.]+$"), r"\1 MS")]


def comparable(line: str) -> str:
    """A line as compared: the time a command took and the machine's figures left out."""
    line = TIME_TAKEN.sub("", line.rstrip())
    for pattern, stands_for in MACHINE_FIGURES:
        line = pattern.sub(stands_for, line)
    return line


def examples(path) -> list[tuple[str, list[str]]]:
    """(command, the lines shown after it) for every `$ ` line of a file's code blocks:
    fenced in the README, indented four spaces in the guides."""
    text = path.read_text()
    if path.name == "README.md":
        blocks = text.split("```")[1::2]
    else:
        blocks = ["\n".join(line[4:] for line in block.split("\n"))
                  for block in re.findall(r"(?:^    .*\n|^\n)+", text, flags=re.M)]
    found = []
    for block in blocks:
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, *shown = chunk.rstrip("\n").split("\n")
            found.append((command.split("  #")[0].strip(), [line.rstrip() for line in shown if line.strip()]))
    return found


FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# Each file's examples, in order: a later one may read what an earlier one wrote.
EXAMPLES = {path.relative_to(ROOT).as_posix(): [(command, shown) for command, shown in examples(path)
                                                 if not any(s in command for s in SKIPPED)] for path in FILES}
EXAMPLES = {where: found for where, found in EXAMPLES.items() if found}


def examples_folder(folder):
    """`folder` made ready for a file's examples: the files the guides' examples read."""
    (folder / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "bomb-example.log", folder / "docs")
    shutil.copytree(ROOT / "docs" / "examples", folder / "docs" / "examples")
    return folder


def test_the_readme_and_the_guides_have_examples_to_run():
    assert len(EXAMPLES["README.md"]) >= 12 and sum(map(len, EXAMPLES.values())) >= 30


@pytest.mark.parametrize("where", EXAMPLES)
def test_each_example_prints_what_it_is_shown_to_print(where, tmp_path):
    """A file's examples, in order, in a folder of their own (so the test runs alone, in any
    order and beside others); the first that does not print what it shows fails it."""
    folder = examples_folder(tmp_path)
    for command, shown in EXAMPLES[where]:
        check_example(where, command, shown, folder)


def check_example(where: str, command: str, shown: list[str], folder, program=None) -> None:
    """`command` run in `folder` prints `shown`: run from this clone, or as `program` (an
    installed ktane-congkak, in its own environment)."""
    stdin = ""
    if command.startswith("printf "):  # printf '...' | ktane-congkak ...
        text, command = command.split(" | ", 1)
        stdin = shlex.split(text)[1].encode().decode("unicode_escape")
    argv = shlex.split(command.replace("\\\n", " "))
    assert argv[0] == "ktane-congkak", command
    env = dict(os.environ, PYTHONPATH=str(ROOT), KTANE_CONGKAK_DATA=str(folder / "data"))
    env.pop("DISPLAY", None)
    if program is not None:
        env.pop("PYTHONPATH")
    done = subprocess.run([*([str(program)] if program else [sys.executable, "-m", "ktane_congkak"]), *argv[1:]],
                          input=stdin, capture_output=True, text=True, env=env, cwd=folder, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    printed = [comparable(line) for line in (done.stdout + done.stderr).splitlines()]
    at = 0
    for line in shown:
        if line.strip() == "...":
            continue
        matches = [i for i in range(at, len(printed)) if printed[i] == comparable(line)]
        assert matches, f"{where} shows {line!r} after `{command}`; the program printed:\n" + "\n".join(printed)
        at = matches[0] + 1


def test_the_readmes_python_example_runs():
    """The README's `>>>` examples (its ```pycon blocks) print what they are shown to print."""
    import doctest

    blocks = [block[len("pycon"):] for block in (ROOT / "README.md").read_text().split("```")[1::2]
              if block.startswith("pycon")]
    assert blocks
    for number, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, {}, f"README pycon block {number + 1}", "README.md", 0)
        runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
        runner.run(test)
        assert runner.summarize(verbose=False).failed == 0
