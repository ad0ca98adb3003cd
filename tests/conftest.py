"""Shared test helpers: the example vectors, the CLI in and out of process, window fixtures."""

import ast
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ktane_congkak.cli import main
from ktane_congkak.core.rules import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
# The user's copy, beside the main checkout (../shared); absent in other checkouts.
VECTORS = ROOT.parent / "shared" / "spec" / "vectors.jsonl"
# The tests read this copy, which travels with the project; test_vectors.py checks it
# against the published digest everywhere, and against the user's copy wherever that is present.
LOCAL_VECTORS = ROOT / "tests" / "data" / "vectors.jsonl"


def load_vectors():
    return [json.loads(line) for line in LOCAL_VECTORS.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session")
def rules():
    return load_ruleset("module")


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path_factory, monkeypatch):
    """Practice sessions a test ends are kept in a folder of that test's own, never in the
    user's history nor where another test (before it, or beside it in another worker) left
    some (a test that wants another folder sets its own)."""
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path_factory.mktemp("data", numbered=True)))


# From the module's published example vectors: hole 1 strikes (the minimum rule), hole 2
# continues, hole 4 solves, hole 5 is empty.
VERDICTS = (2, 3, 2, 6, 0, 2, 0, 29, 3, 6, 8, 11, 8, 0, 2, 16)


def debian_package(command: str) -> str:
    """The Debian package scripts/setup installs `command` from (scripts/debian-packages)."""
    for line in (ROOT / "scripts" / "debian-packages").read_text().splitlines():
        fields = line.split()
        if fields and not line.startswith("#") and fields[1] == command:
            return fields[0]
    raise KeyError(f"{command} is not in scripts/debian-packages")


def missing_tool(command: str, what: str) -> str:
    """The line a test fails with when `command` is not there: what it needs it for and how to get it."""
    package = debian_package(command)
    return (f"{what} needs {command}, which is not installed: as root, `apt-get install {package}` "
            f"(or `bash scripts/setup`, which installs it as root or with sudo)")


def need_tool(command: str, *aliases: str, what: str = "this test") -> str:
    """The path of outside program `command` (or of an alias, such as chromium-browser). A test
    that needs one fails (never skips) where it is missing, naming it and how to install it:
    skipped, it would test nothing and still look green."""
    found = next(filter(None, map(shutil.which, (command, *aliases))), None)
    if not found:
        pytest.fail(missing_tool(command, what), pytrace=False)
    return found


def silent_display() -> str:
    """An X display name no server answers at (no socket, no lock file): never a fixed
    number, which another program's Xvfb (`xvfb-run -a` counts down from :99) may hold."""
    number = 4000 + os.getpid() % 1000
    while Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
        number += 1
    return f":{number}"


def need_display() -> None:
    """Fail (never skip) a window test where no display is found: skipped, it would test nothing."""
    if not (os.environ.get("DISPLAY") or os.environ.get("PYGLET_HEADLESS")):
        pytest.fail(missing_tool("Xvfb", "the window tests (a display, which pytest-xvfb makes with Xvfb)"),
                    pytrace=False)


_started: list[subprocess.Popen] = []  # processes a test started with `start`, ended after it


def start(argv: list[str], **options) -> subprocess.Popen:
    """`argv` started in a process group of its own, ended with all it started once the test
    is over, passed or failed: a failing test leaves no worker running on."""
    proc = subprocess.Popen(argv, start_new_session=True, **options)
    _started.append(proc)
    return proc


@pytest.fixture(autouse=True)
def _end_started_processes():
    yield
    while _started:
        proc = _started.pop()
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass  # the group has ended
        proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


# How long a test waits for something a process or thread will do before it calls it stuck:
# far beyond what the slowest machine takes, so it only turns a hang into a failure.
PATIENCE_SECONDS = 60


def wait_until(condition, what: str, seconds: float = PATIENCE_SECONDS):
    """Poll `condition()` until it is true (returned); fail, saying `what` never happened,
    after `seconds`. For waiting on another process: never a sleep that hopes it is enough."""
    end = time.monotonic() + seconds
    while not (done := condition()):
        if time.monotonic() > end:
            pytest.fail(f"{what}: not within {seconds} s")
        time.sleep(0.02)
    return done


def run(capsys, *argv, stdin=None, monkeypatch=None):
    """`ktane-congkak ARGV` in this process (with `stdin` as its input): (exit code, out, err)."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def cli(*argv, stdin=""):
    """The real console entry point in a fresh process, with no display."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DISPLAY", None)
    return subprocess.run([sys.executable, "-m", "ktane_congkak", *argv], input=stdin, capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=60)


def modules_loaded(argv, stdin: str, data) -> list[str]:
    """The ktane_congkak modules and the heavy libraries (pyglet, reportlab) that
    `ktane-congkak ARGV` has loaded once it is done, run in a fresh process (its data in
    folder `data`)."""
    code = ("import sys; from ktane_congkak.cli import main; main(sys.argv[1:]); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ktane_congkak', 'pyglet', 'reportlab')))")
    env = dict(os.environ, PYTHONPATH=str(ROOT), KTANE_CONGKAK_DATA=str(data))
    done = subprocess.run([sys.executable, "-c", code, *argv], input=stdin, capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return ast.literal_eval(done.stdout.splitlines()[-1])


def practice_window(board):
    """A module's one practice window, opened on `board` (a fixture yields from this, and
    each test hands it a fresh session with `show_session`); closed after the module."""
    need_display()
    from ktane_congkak.core.module import CongkakModule
    from ktane_congkak.practice.session import PracticeSession
    from ktane_congkak.practice.window import PracticeWindow

    view = PracticeWindow(PracticeSession(CongkakModule(seed=1, board=board)))
    yield view
    view.close()


def show_session(view, board, **options):
    """A fresh practice session on `board` in the practice window `view`."""
    from ktane_congkak.core.module import CongkakModule
    from ktane_congkak.practice.session import PracticeSession

    session = PracticeSession(CongkakModule(seed=7, board=board), **options)
    view.set_session(session)
    return session


@pytest.fixture
def game_window():
    """Opens game windows (`game_window(game, size=(w, h), **session options)`), drawn
    once; closes them after the test (closing stops any search still running)."""
    need_display()
    from ktane_congkak.games.session import Session
    from ktane_congkak.games.settings import WINDOW_SIZE
    from ktane_congkak.games.window import GameWindow

    opened = []

    def make(game, size=WINDOW_SIZE, **options):
        view = GameWindow(Session(game, **options), size=size)
        opened.append(view)
        view.render()
        return view

    yield make
    for view in opened:
        view.close()
