"""Portability (issue 21): the program on a platform without POSIX's extras, as Windows is.

Each command runs in a fresh interpreter whose sitecustomize makes `fcntl`, `termios`,
`pty`, `tty` and `resource` unimportable, removes `signal.pthread_sigmask` and
`signal.SIGHUP`, and offers no fork (multiprocessing starts workers by spawning, as on
Windows). A practice session must still save its history and its log, `stats --jobs 2`
must give the figures of `--jobs 1`, a game must be played, and concurrent history saves
must keep every entry (the lock falls back to a lock file)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent

# A platform without POSIX's extras, made by the interpreter's own start-up hook.
NO_POSIX = '''
import signal, sys

BLOCKED = {"fcntl", "termios", "pty", "tty", "resource"}


class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (not on this platform)", name=name)
        return None


sys.meta_path.insert(0, Blocked())
for module in BLOCKED:
    sys.modules.pop(module, None)
for name in ("pthread_sigmask", "SIGHUP"):
    if hasattr(signal, name):
        delattr(signal, name)

import multiprocessing
import multiprocessing.context

multiprocessing.context.DefaultContext.get_all_start_methods = lambda self: ["spawn"]
multiprocessing.get_all_start_methods = lambda: ["spawn"]
'''


def no_posix_env(tmp_path: Path) -> dict:
    """The environment of an interpreter without POSIX's extras (its hook in tmp_path)."""
    hook = tmp_path / "hook"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(NO_POSIX)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(hook), str(ROOT)]),
               KTANE_CONGKAK_DATA=str(tmp_path / "data"))
    env.pop("DISPLAY", None)
    return env


@pytest.fixture
def portable(tmp_path):
    """Runs a command as on a platform without POSIX's extras; returns the runner."""
    env = no_posix_env(tmp_path)

    def run(*args: str, stdin: str = "", code: str | None = None):
        command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "ktane_congkak"]
        done = subprocess.run([*command, *args], input=stdin, capture_output=True, text=True, env=env,
                              cwd=tmp_path, timeout=120)
        assert "Traceback" not in done.stderr, done.stderr[-2000:]
        return done

    return run


def test_the_platform_really_lacks_them(portable):
    done = portable(code="import importlib, signal, multiprocessing\n"
                         "for name in ('fcntl', 'termios', 'pty', 'tty', 'resource'):\n"
                         "    try:\n        importlib.import_module(name)\n    except ImportError:\n        print(name)\n"
                         "print(hasattr(signal, 'pthread_sigmask'), hasattr(signal, 'SIGHUP'),\n"
                         "      multiprocessing.get_all_start_methods())\n")
    assert done.stdout.split("\n")[:6] == ["fcntl", "termios", "pty", "tty", "resource", "False False ['spawn']"]


def test_a_practice_session_saves_its_history_and_log(portable, tmp_path):
    done = portable("practice", "--text", "--seed", "1", stdin="hole 3\nhole 4\nquit\n")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no "could not save"
    sessions = yaml.safe_load((tmp_path / "data" / "history.yaml").read_text())["sessions"]
    assert len(sessions) == 1 and sessions[0]["result"] == "stopped" and sessions[0]["boards"] >= 1
    log = tmp_path / "data" / "practice-logs" / sessions[0]["log"]
    assert "[Congkak #1]" in log.read_text()


def test_concurrent_history_saves_keep_every_entry_with_a_lock_file(tmp_path):
    path = tmp_path / "history.yaml"
    code = ("import sys; from ktane_congkak.practice.history import save_session\n"
            "for i in range(25):\n"
            f"    w = save_session({{'mode': 'zen', 'result': sys.argv[1], 'seconds': i}}, {str(path)!r})\n"
            "    assert w is None, w\n")
    env = no_posix_env(tmp_path)
    procs = [subprocess.Popen([sys.executable, "-c", code, name], env=env) for name in "abc"]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0]
    results = sorted(s["result"] for s in yaml.safe_load(path.read_text())["sessions"])
    assert results == ["a"] * 25 + ["b"] * 25 + ["c"] * 25
    assert not (tmp_path / "history.yaml.held").exists()  # the lock file goes with its lock


def test_stats_in_spawned_workers_gives_the_same_figures(portable):
    two = portable("stats", "--count", "10001", "--jobs", "2", "--json", "--progress", "never")  # two chunks
    assert two.returncode == 0, two.stderr
    one = portable("stats", "--count", "10001", "--jobs", "1", "--json", "--progress", "never")
    assert json.loads(two.stdout) == json.loads(one.stdout)
    assert json.loads(two.stdout)["boards"] == 10001


def test_a_game_is_played(portable):
    done = portable("game", "--text", "--rules", "congkak", "--opponent", "greedy", "--seed", "1",
                    stdin="3\n7\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "North (greedy)" in done.stdout and done.stdout.rstrip().endswith("bye")
    assert "! " not in done.stdout  # both moves were taken


def test_the_data_folder_is_where_the_platform_keeps_it(tmp_path, monkeypatch):
    from ktane_congkak.files import data_folder

    monkeypatch.delenv("KTANE_CONGKAK_DATA")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert data_folder() == tmp_path / "xdg" / "ktane-congkak"  # today's Linux place, kept
        monkeypatch.setenv("XDG_DATA_HOME", "relative/share")  # the XDG spec: ignore a relative one
        assert data_folder() == tmp_path / ".local" / "share" / "ktane-congkak"
        monkeypatch.delenv("XDG_DATA_HOME")
        assert data_folder() == tmp_path / ".local" / "share" / "ktane-congkak"
    assert data_folder().is_absolute() and data_folder().name == "ktane-congkak"
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path / "mine"))
    assert data_folder() == tmp_path / "mine"
