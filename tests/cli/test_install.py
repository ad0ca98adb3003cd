"""A plain (non-editable) install run from another folder: the curated sets come with it."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pypdf
import pytest

from conftest import ROOT
from ktane_congkak.puzzles.sets import load_puzzle_set


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
    listed = subprocess.run([installed / "bin" / "ktane-congkak", "sets"], cwd=elsewhere,
                            capture_output=True, text=True, check=True).stdout.splitlines()
    assert [line.split()[0] for line in listed] == ["hard", "starter", "strike-rules"]
    assert "12 puzzles  Starter set" in listed[1]


def test_the_install_carries_the_licence(installed):
    shown = subprocess.run([sys.executable, "-m", "pip", "--python", str(installed / "bin" / "python"), "show",
                            "ktane-congkak"], capture_output=True, text=True, check=True).stdout
    assert "License-Expression: MIT" in shown
    licence = list(installed.glob("lib/python*/site-packages/ktane_congkak-*.dist-info/licenses/LICENSE"))
    assert licence and licence[0].read_text().startswith("MIT License")
