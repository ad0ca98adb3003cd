"""A plain (non-editable) install run from another folder: the curated sets come with it."""

from __future__ import annotations

import re
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pypdf
import pytest

from conftest import ROOT
from ktane_congkak.puzzles.sets import load_puzzle_set


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch):
    """The installed copy runs in its own environment: a PYTHONPATH naming a checkout (as a
    worktree's test run sets) would put that checkout ahead of the install."""
    monkeypatch.delenv("PYTHONPATH", raising=False)


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh venv holding `pip install .` (not editable). Its dependencies come from this
    venv's site-packages through a .pth line, which adds the folder but not the .pth files
    in it, so this checkout's editable install stays out of sight."""
    env = tmp_path_factory.mktemp("venv")
    venv.EnvBuilder(with_pip=False).create(env)
    python = env / "bin" / "python"
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(ROOT)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return env


def test_a_set_prints_by_name_from_a_plain_install_in_another_folder(installed, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = subprocess.run([installed / "bin" / "python", "-c", "import ktane_congkak; print(ktane_congkak.__file__)"],
                           cwd=elsewhere, capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(installed)), where  # the installed copy, not this checkout
    done = subprocess.run([installed / "bin" / "ktane-congkak", "print", "starter", "--out", "s.pdf"],
                          cwd=elsewhere, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("wrote s.pdf: 12 puzzles on 2 pages")
    text = "".join(page.extract_text() for page in pypdf.PdfReader(elsewhere / "s.pdf").pages)
    for puzzle in load_puzzle_set("starter").puzzles:
        assert puzzle.id in text
    listed = subprocess.run([installed / "bin" / "ktane-congkak", "sets"], cwd=elsewhere, capture_output=True,
                            text=True, check=True).stdout.splitlines()
    assert [line.split()[0] for line in listed if not line.startswith(" ")] == ["hard", "starter", "strike-rules"]
    assert "12 puzzles  Starter set" in listed[1]


def test_the_install_carries_the_licence(installed):
    shown = subprocess.run([sys.executable, "-m", "pip", "--python", str(installed / "bin" / "python"), "show",
                            "ktane-congkak"], capture_output=True, text=True, check=True).stdout
    assert "License-Expression: MIT" in shown
    licence = list(installed.glob("lib/python*/site-packages/ktane_congkak-*.dist-info/licenses/LICENSE"))
    assert licence and licence[0].read_text().startswith("MIT License")


def test_the_install_carries_the_built_manual_and_manual_names_it_writing_nothing(installed, tmp_path):
    """`manual` in an installed copy built into ./manual of whatever folder it ran in: now it
    names the manual that came with the install (absolute paths) and writes nothing."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = subprocess.run([installed / "bin" / "ktane-congkak", "manual"], cwd=elsewhere, capture_output=True,
                          text=True, env={"PATH": "/usr/bin:/bin"})  # no display: nothing is opened
    assert done.returncode == 0, done.stderr
    paths = [Path(line) for line in done.stdout.splitlines()]
    assert [p.name for p in paths] == ["index.html", "congkak.pdf"]
    assert all(p.is_absolute() and str(p).startswith(str(installed)) for p in paths)
    assert paths[1].read_bytes() == (ROOT / "manual" / "congkak.pdf").read_bytes()
    assert paths[0].read_bytes() == (ROOT / "manual" / "index.html").read_bytes()
    shipped = sorted(path.name for path in paths[0].parent.iterdir())
    assert shipped == sorted(path.name for path in (ROOT / "manual").iterdir())  # the fonts the HTML loads too
    assert list(elsewhere.iterdir()) == []  # nothing written where it ran


def test_manual_out_writes_a_copy_where_asked(installed, tmp_path):
    done = subprocess.run([installed / "bin" / "ktane-congkak", "manual", "--out", str(tmp_path / "copy")],
                          cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "copy" / "congkak.pdf").is_file() and (tmp_path / "copy" / "index.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy"]


def test_the_long_documents_come_with_the_install(installed, tmp_path):
    done = subprocess.run([installed / "bin" / "ktane-congkak", "manual", "drill"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("The expert's drill\n==================\n\n")  # plain text, not Markdown
    picture = re.search(r"(\S+drill\.png)\]", done.stdout)[1]
    assert Path(picture).is_file() and Path(picture).is_relative_to(installed)  # the installed copy's picture
    assert "](" not in done.stdout
    helped = subprocess.run([installed / "bin" / "ktane-congkak", "practice", "--help"], cwd=tmp_path,
                            capture_output=True, text=True, check=True).stdout
    assert "docs/" not in helped and "`manual drill`" in " ".join(helped.split())


def test_the_guides_examples_that_read_shipped_files_run_as_printed_after_an_install(installed, tmp_path):
    """Every example of a guide that reads one of its files (docs/bomb-example.log,
    docs/examples/...) runs as printed from an empty folder with the installed copy: the
    command finds the file where the install put it (the guide's other examples run too, in
    order, for what they write)."""
    from test_readme_examples import EXAMPLES, check_example

    reading = {where: found for where, found in EXAMPLES.items() if any("docs/" in c for c, _ in found)}
    assert {"docs/manual.md", "docs/puzzles.md", "docs/games.md"} <= set(reading)
    for where, found in reading.items():
        folder = tmp_path / where.replace("/", "-")
        folder.mkdir()
        for command, shown in found:
            check_example(where, command, shown, folder, installed / "bin" / "ktane-congkak")
        assert not (folder / "docs").exists()
