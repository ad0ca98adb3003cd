"""A search in the background: its result, its depths, its errors, stopping it; in a child
process (Linux) and in a thread (elsewhere)."""

from __future__ import annotations

import os
import time

import pytest

from ktane_congkak.errors import UserError
from ktane_congkak.games import thinking
from ktane_congkak.games.thinking import Thinking


@pytest.fixture(params=["process", "thread"])
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


def test_poll_says_when_it_is_done(mode):
    search = Thinking(lambda on_depth: time.sleep(0.2) or "done")
    assert not search.poll()
    deadline = time.monotonic() + 10
    while not search.poll() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert search.result == "done"


def test_an_error_comes_back_as_itself(mode):
    def refuses(on_depth):
        raise UserError("no move of yours to hint at")

    search = Thinking(refuses)
    search.join()
    assert isinstance(search.error, UserError) and str(search.error) == "no move of yours to hint at"
    assert search.result is None


def test_cancel_stops_a_search_in_a_child_process(monkeypatch):
    monkeypatch.setattr(thinking, "FORK", True)
    search = Thinking(lambda on_depth: time.sleep(60))
    started = time.monotonic()
    search.cancel()
    assert search.done and not search._process.is_alive() and time.monotonic() - started < 5
    search.join()  # returns at once: nothing is waited for


def test_a_child_killed_from_outside_is_an_error_not_a_hang(monkeypatch):
    monkeypatch.setattr(thinking, "FORK", True)
    search = Thinking(lambda on_depth: time.sleep(60))
    search._process.kill()
    search.join()
    assert search.done and isinstance(search.error, RuntimeError) and "stopped without a move" in str(search.error)
