"""Every field of every public vector, reproduced by the engine."""

import pytest

from ktane_congkak.core.evaluate import evaluate
from ktane_congkak.core.rules import OPPONENT, YOU
from ktane_congkak.core.sowing import play_turn

from conftest import LOCAL_VECTORS, VECTORS, load_vectors

VECS = load_vectors()
WORDS = {"empty-strike": "empty"}


# The SHA-256 of the published vectors (../shared/spec/vectors.jsonl when they were copied):
# the copy the tests read is checked against it in every checkout, a user's clone too,
# where the published file is not beside it; where it is, it must still be the same.
PUBLISHED_SHA256 = "e18e45920b3e5d5a91c7e706845f02e9576fd5bf59157c0e49cac06c4439ef32"


def test_the_local_copy_is_the_published_vectors():
    import hashlib

    assert hashlib.sha256(LOCAL_VECTORS.read_bytes()).hexdigest() == PUBLISHED_SHA256
    if VECTORS.is_file():  # the user's copy, beside the main checkout: not changed since
        assert VECTORS.read_bytes() == LOCAL_VECTORS.read_bytes()


def test_vectors_present():
    assert len(VECS) >= 39


@pytest.mark.parametrize("vec", VECS, ids=[str(i) for i in range(len(VECS))])
def test_points_verdicts_after(vec, rules):
    ev = evaluate(vec["board"], rules, YOU)
    assert list(ev.points) == vec["points"]
    assert list(ev.module) == [WORDS.get(v, v) for v in vec["verdicts"]]
    assert [list(a) if a else None for a in ev.after] == vec["after"]


@pytest.mark.parametrize("vec", VECS, ids=[str(i) for i in range(len(VECS))])
def test_opponent_after(vec, rules):
    board = vec["board"]
    for j, expected in enumerate(vec["opponent_after"]):
        slot = 8 + j
        if expected is None:
            assert board[slot] == 0
        else:
            assert list(play_turn(board, rules, OPPONENT, slot).after) == expected


def test_author_example_strike_quirk(rules):
    """Holes 3 and 6 both score the minimum 8, but only hole 3 strikes (seed counts differ)."""
    ev = evaluate(VECS[0]["board"], rules)
    assert ev.points[2] == ev.points[5] == 8
    assert ev.module[2] == "strike" and ev.module[5] == "continue"
    assert ev.manual[5] == "strike"
    assert ev.disagreements == [6]
    assert ev.answer == [1, 2, 4]
