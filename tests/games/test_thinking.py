"""A search in the background: its result, its depths, its errors, stopping it; in a child
process (Linux) and in a thread (elsewhere)."""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest

from conftest import start, wait_until

from ktane_congkak.core.rules import load_ruleset
from ktane_congkak.errors import UserError
from ktane_congkak.games import thinking
from ktane_congkak.games.thinking import Thinking


LINUX = sys.platform.startswith("linux")
needs_fork = pytest.mark.skipif(not LINUX, reason="the search is forked only on Linux")


@pytest.fixture(params=[pytest.param("process", marks=needs_fork), "thread"])
def mode(request, monkeypatch):
    monkeypatch.setattr(thinking, "FORK", request.param == "process")
    return request.param


def deepening(on_depth):
    for depth in (1, 2, 3):
        on_depth("north", depth)
    return [("north", os.getpid())]


def test_the_result_and_the_depths_come_back(mode):
    search = Thinking(deepening)
    search.join()
    assert search.done and search.error is None and search.depth == 3
    (_, pid), = search.result
    assert (pid != os.getpid()) == (mode == "process")  # the process mode searched elsewhere


def test_poll_says_when_it_is_done(mode, tmp_path):
    gate = tmp_path / "go"  # the search ends once the test makes this file (a file: seen by a child too)

    def held(on_depth):
        while not gate.exists():
            time.sleep(0.01)
        return "done"

    search = Thinking(held)
    assert not search.poll() and not search.poll()
    gate.touch()
    wait_until(search.poll, "the search is done")
    assert search.result == "done"


def test_an_error_comes_back_as_itself(mode):
    def refuses(on_depth):
        raise UserError("no move of yours to hint at")

    search = Thinking(refuses)
    search.join()
    assert isinstance(search.error, UserError) and str(search.error) == "no move of yours to hint at"
    assert search.result is None


@needs_fork
def test_cancel_stops_a_search_in_a_child_process(monkeypatch):
    monkeypatch.setattr(thinking, "FORK", True)
    search = Thinking(lambda on_depth: time.sleep(3600))
    search.cancel()  # (waiting for the search to end instead would hang the test)
    assert search.done and not search._process.is_alive() and search._process.exitcode == -signal.SIGKILL
    search.join()  # returns at once: nothing is waited for


@needs_fork
def test_a_child_killed_from_outside_is_an_error_not_a_hang(monkeypatch):
    monkeypatch.setattr(thinking, "FORK", True)
    search = Thinking(lambda on_depth: time.sleep(60))
    search._process.kill()
    search.join()
    assert search.done and isinstance(search.error, RuntimeError) and "stopped without a move" in str(search.error)


class Unreadable(Exception):
    def __init__(self, code, words):  # two arguments: pickle cannot build it again from its args
        super().__init__(f"{code}: {words}")


def test_any_failure_comes_back_as_words(mode):
    def fails(on_depth):
        raise Unreadable(7, "the search broke")

    search = Thinking(fails)
    search.join()
    assert search.done and "the search broke" in str(search.error)


@needs_fork
def test_no_process_left_falls_back_to_a_thread(monkeypatch):
    import multiprocessing.process

    def no_fork(self):
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(thinking, "FORK", True)
    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", no_fork)
    search = Thinking(deepening)
    search.join()
    assert not search.forked and search.result == [("north", os.getpid())]


@needs_fork
def test_closing_the_window_or_moving_ends_every_search(game_window):
    from ktane_congkak.games.game import SOUTH, Game

    view = game_window(Game("mancala"), opponent="search", budget=30.0, seed=1, hint_budget=30.0)
    view.hint()
    hint = view.hinting
    assert hint.forked and hint._process.is_alive() and view.message == "Hint: searching ..."
    view.sow(view.game.slot_of(SOUTH, 1))  # a move: the hint would be about the old position
    assert view.hinting is None and not hint._process.is_alive()
    view.playback.skip()
    view.tick(0.0)
    view.tick(0.02)
    computer = view.thinking
    assert computer.forked and computer._process.is_alive()
    view.close()
    assert not computer._process.is_alive()


@needs_fork
def test_a_hint_refused_in_the_child_is_said_in_the_window(game_window):
    from ktane_congkak.games.game import NORTH, Game

    rules = load_ruleset("mancala")
    view = game_window(Game.at(rules, list(rules.fresh_board()), waiting=(NORTH,)), opponent="greedy", seed=1)
    view.hint()  # North (the computer) is to move: the session refuses, in the child
    assert view.hinting is not None and view.hinting.forked
    view.hinting.join()
    view.tick(0.0)
    assert view.message == "no move of yours to hint at"


@needs_fork
def test_a_program_stopped_by_sigterm_ends_its_thinking_child_without_a_traceback():
    """The child leaves SIGTERM to the default: the command line's handler, inherited, raised
    in the child as multiprocessing ended it at exit, and printed its traceback."""
    import subprocess

    code = ("import os, signal, time\n"
            "from ktane_congkak.cli.signals import stopping_on_signals\n"
            "from ktane_congkak.games.thinking import Thinking\n"
            "def search_on(on_depth):\n"
            "    print('thinking', flush=True)  # in the child, its signals set\n"
            "    while True:\n"
            "        pass\n"
            "with stopping_on_signals():\n"
            "    try:\n"
            "        search = Thinking(search_on)\n"
            "        time.sleep(60)\n"
            "    except KeyboardInterrupt:\n"
            "        print('stopped', flush=True)\n")
    child = start([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout.readline() == "thinking\n"
    child.send_signal(signal.SIGTERM)
    out, err = child.communicate(timeout=60)
    assert out == "stopped\n" and "Traceback" not in err, err
