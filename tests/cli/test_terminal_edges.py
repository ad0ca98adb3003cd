"""The edges of a terminal session: Ctrl-D, Ctrl-C and a display that does not answer."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time

import pytest

from conftest import PATIENCE_SECONDS, ROOT, silent_display

COMMAND = [sys.executable, "-m", "ktane_congkak"]


def _read_until_exit(fd: int, pid: int, seconds: float = PATIENCE_SECONDS) -> bytes:
    out, end = b"", time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            out += chunk
    return out


def _session(keys: bytes, argv: list[str]) -> tuple[bytes, int]:
    """Run the command on a pseudo-terminal, press `keys` once the prompt shows, and return
    what the terminal showed and the exit status."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, on the terminal
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        os.chdir(ROOT)
        os.execvpe(COMMAND[0], COMMAND + argv, env)
    shown = b""
    end = time.monotonic() + PATIENCE_SECONDS
    while b"> " not in shown and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            shown += os.read(fd, 4096)
    os.write(fd, keys)
    shown += _read_until_exit(fd, pid)
    status = _wait(pid, seconds=PATIENCE_SECONDS)
    os.close(fd)
    assert status is not None, f"the command did not end; the terminal showed {shown[-200:]!r}"
    return shown, os.waitstatus_to_exitcode(status)


def _wait(pid: int, seconds: float) -> int | None:
    """The child's wait status, or None (and the child killed) if it has not ended in time:
    a stuck command must fail the test, not hang the suite."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.05)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    return None


@pytest.mark.parametrize("key", [b"\x04", pytest.param(b"\x03", marks=pytest.mark.xfail(
    strict=False, reason="a Ctrl-C pressed the instant readline's prompt shows is sometimes lost on a "
    "pseudo-terminal (seen about one run in three on an idle machine; open bug: not yet explained)"))],
    ids=["ctrl-d", "ctrl-c"])
def test_leaving_with_ctrl_d_or_ctrl_c_ends_the_line(key):
    """Ctrl-C ends practice as quit does: the summary, and 0."""
    shown, status = _session(key, ["practice", "--text"])
    assert status == 0 and b"Session over" in shown
    assert shown.rstrip(b" ").endswith(b"\r\n"), shown[-40:]  # the shell's prompt starts a line of its own
    assert b"Traceback" not in shown


def test_the_prompt_has_line_editing_and_history():
    """The Up arrow brings the last line back (readline), not "\\x1b[A" typed into it."""
    pytest.importorskip("readline")
    shown, status = _session(b"highlight 3\r\x1b[A\r\x04", ["practice", "--text", "--seed", "edit"])
    assert status == 0 and shown.count(b"Position 3: the screen shows") == 2 and b"Invalid command" not in shown


def test_a_display_that_does_not_answer_is_named():
    display = silent_display()
    env = dict(os.environ, DISPLAY=display)
    env.pop("WAYLAND_DISPLAY", None)
    done = subprocess.run(COMMAND + ["practice"], input="quit\n", capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0
    assert done.stderr == (f"ktane-congkak: cannot open a window (no display answers at DISPLAY={display}): "
                           "practising in the terminal.\n")
    assert "bye" in done.stdout


def test_the_practice_drill_falls_back_to_the_terminal_when_no_display_answers():
    display = silent_display()
    env = dict(os.environ, DISPLAY=display)
    env.pop("WAYLAND_DISPLAY", None)
    done = subprocess.run(COMMAND + ["practice", "--mode", "drill", "--seed", "club", "--count", "1"], input="7\n",
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr == (f"ktane-congkak: cannot open a window (no display answers at DISPLAY={display}): "
                           "drilling in the terminal.\n")
    assert "Board 1 of 1: #club-1" in done.stdout and "Score: 1/1" in done.stdout
    asked = subprocess.run(COMMAND + ["drill", "--window", "--seed", "club", "--count", "1"], input="7\n",
                           capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert (asked.returncode, asked.stderr, asked.stdout) == (0, done.stderr, done.stdout)
