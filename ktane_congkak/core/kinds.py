"""Kinds of board a player can miss: one home for what makes a board a relay, a capture, a tie or a trap.

A board may be of several kinds, or of none:
    relays    a best hole's turn relays at least LONG_RELAYS times (long hand work)
    captures  a best hole's turn ends by capturing the facing hole's seeds
    ties      more than one hole scores the maximum (any of them solves)
    disagree  the module's and the manual's strike rules differ on some hole (the strike trap)

The drill returns to the kinds an expert misses (drill/session.py); the practice summary
counts the kinds a defuser strikes on (practice/summary.py). Both ask here.
"""

from __future__ import annotations

from .evaluate import Evaluation
from .rules import Ruleset
from .sowing import CAPTURE, sow_in_place, sowing_plan

RELAYS, CAPTURES, TIES, DISAGREE = "relays", "captures", "ties", "disagree"
KINDS = (RELAYS, CAPTURES, TIES, DISAGREE)
LONG_RELAYS = 5  # about a quarter of the module's boards need this many relays for the best hole
KIND_WORDS = {RELAYS: f"long relays ({LONG_RELAYS}+)", CAPTURES: "captures", TIES: "ties (several right holes)",
              DISAGREE: "strike rules disagree"}


def best_relays(ev: Evaluation) -> int:
    """The relay pick-ups of the longest best turn (0 when no hole holds seeds)."""
    return max((ev.relays[h - 1] for h in ev.answer if ev.seeds[h - 1]), default=0)


def best_drops(ev: Evaluation, rules: Ruleset) -> int:
    """The seeds dropped one by one in the longest best turn: how long the board is by hand (0: no seeds).
    Each best turn sown again on the fast path (no trace): `stats` asks it of every board."""
    plan, most = sowing_plan(rules, ev.player), 0
    for hole in ev.answer:
        seeds = ev.seeds[hole - 1]
        if seeds and ev.release.sows(seeds):  # a release that leaves a hole unsown drops nothing
            sows = sow_in_place(list(ev.board), plan, ev.holes[hole - 1])[2]
            most = max(most, sum(count for _, count in sows))
    return most


def board_kinds(ev: Evaluation, rules: Ruleset) -> tuple[str, ...]:
    """The kinds (KINDS) an evaluated board is of, in KINDS order."""
    best = [ev.turn(h, rules) for h in ev.answer if ev.seeds[h - 1]]
    found = {RELAYS: best_relays(ev) >= LONG_RELAYS,
             CAPTURES: any(t.end == CAPTURE and t.captured > 1 for t in best),
             TIES: len(ev.answer) > 1,
             DISAGREE: bool(ev.disagreements)}
    return tuple(kind for kind in KINDS if found[kind])


__all__ = ["KINDS", "KIND_WORDS", "LONG_RELAYS", "RELAYS", "CAPTURES", "TIES", "DISAGREE", "board_kinds",
           "best_relays", "best_drops"]
