"""Sowing's other paths against `play_turn`: a hand sowing seed by seed (lockstep), the replay
the windows animate, burnt holes, pick-ups of several laps, and the checks on a start."""

import random

import pytest

from ktane_congkak.core import sowing
from ktane_congkak.core.board import parse_board
from ktane_congkak.core.rules import OPPONENT, YOU, load_ruleset, ruleset_from_dict
from ktane_congkak.core.sowing import (CAPTURE, Hand, lockstep_tick, pick_up, play_turn, replay, sow,
                                       sowing_plan)

RULESETS = ["module", "mancala", "congkak", "malaysia", "traditional"]


def random_turns(rules, rng, count, most=12):
    """(board, player, start, burnt) of `count` turns, some of them of several laps."""
    found = 0
    while found < count:
        board = [rng.randrange(0, most) for _ in range(rules.size)]
        player = rng.randrange(2)
        starts = [s for s in rules.holes(player) if board[s]]
        if not starts:
            continue
        start = rng.choice(starts)
        if rng.random() < 0.2:  # two to four laps from one hole
            board[start] = rng.randrange(2, 5) * len(rules.path(player)) + rng.randrange(0, 3)
        burnt = frozenset(s for s in range(rules.size) if rules.owner(s) is not None and s != start
                          and not board[s] and rng.random() < 0.3) if rules.rounds != "single" else frozenset()
        found += 1
        yield board, player, start, burnt


def sow_by_hand(board, rules, player, start, burnt):
    """The hand alone, seed by seed (lockstep_tick), with every event it reports."""
    slots = list(board)
    hands = [None, None]
    hands[player] = pick_up(slots, player, start, rules)
    events = []
    while hands[player].end == sowing.SOWING:
        lockstep_tick(slots, rules, hands, burnt, events)
    return tuple(slots), hands[player], events


@pytest.mark.parametrize("name", RULESETS)
def test_a_hand_sowing_alone_and_the_replay_end_as_play_turn(name):
    rules = load_ruleset(name)
    for board, player, start, burnt in random_turns(rules, random.Random(name), 150):
        turn = play_turn(board, rules, player, start, burnt)
        after, hand, events = sow_by_hand(board, rules, player, start, burnt)
        assert after == turn.after and hand.end == turn.end and hand.captured == turn.captured
        drops = [e for e in events if e[0] == "drop"]
        assert len(drops) == turn.drops and all(e[1] == player for e in events)
        assert [e[3] for e in events if e[0] == "pickup"] == [seeds for _, seeds in turn.sows[1:]]
        assert events[-1] == ("end", player, turn.end, turn.last)
        captures = [e for e in events if e[0] == "capture"]
        assert captures == ([("capture", player, turn.last, turn.facing, turn.captured)] if turn.end == CAPTURE else [])
        if turn.end != CAPTURE:
            assert (turn.captured, turn.facing) == (0, None)
        assert turn.relays == len(turn.sows) - 1
        assert sow(board, rules, player, start, burnt) == (list(turn.after), turn.end)
        check_replay(turn, rules)


def check_replay(turn, rules):
    """Each shown board is the one before it with that step done; the hand holds what was
    picked up less what was dropped since; the end shows the turn's own position."""
    shown = replay(turn, rules)
    assert [s.step for s in shown] == list(turn.steps(rules))
    board, in_hand = list(turn.before), 0
    for s in shown:
        kind = s.step[0]
        if kind == "pickup":
            board[s.step[1]], in_hand = 0, s.step[2]
            assert board[s.step[1]] == s.board[s.step[1]] == 0
        elif kind == "drop":
            board[s.step[1]] += 1
            in_hand -= 1
            assert s.board[s.step[1]] == board[s.step[1]] == s.step[2]
        else:
            board, in_hand = list(turn.after), 0 if kind == "end" else in_hand
        assert (list(s.board), s.in_hand) == (board, in_hand), s
        assert s.slot == (None if kind == "end" else s.step[1])
    assert shown[-1].board == turn.after and shown[-1].in_hand == 0


def test_two_hands_tick_together_and_a_stopped_hand_waits():
    rules = load_ruleset("traditional")
    slots = list(rules.fresh_board())
    hands = [pick_up(slots, YOU, 0, rules), pick_up(slots, OPPONENT, rules.holes(OPPONENT)[0], rules)]
    total = sum(slots) + hands[0].seeds + hands[1].seeds
    stopped = None
    for _ in range(200):
        events = []
        sowing_before = [p for p in (YOU, OPPONENT) if hands[p].end == sowing.SOWING]
        lockstep_tick(slots, rules, hands, events=events)
        assert sum(slots) + sum(h.seeds for h in hands) == total
        assert [e[1] for e in events if e[0] == "drop"] == sowing_before  # one seed each, South's first
        if stopped is not None:
            assert hands[stopped[0]] == stopped[1]  # ticks leave a stopped hand as it was
        ended = [p for p in (YOU, OPPONENT) if hands[p].end != sowing.SOWING]
        if ended and stopped is None:
            stopped = (ended[0], hands[ended[0]])
        if len(ended) == 2:
            break
    assert len(ended) == 2


@pytest.mark.parametrize("start, player", [(7, YOU), (2, OPPONENT)])
def test_a_pick_up_from_a_hole_not_the_players_is_refused(start, player, rules):
    slots = list(rules.fresh_board())
    with pytest.raises(ValueError, match="not a non-empty hole"):
        pick_up(slots, player, start, rules)
    slots[3] = 0
    with pytest.raises(ValueError, match="not a non-empty hole"):
        pick_up(slots, YOU, 3, rules)
    hand = pick_up(slots, YOU, 4, rules)
    assert hand == Hand(YOU, 4, 7) and slots[4] == 0


@pytest.mark.parametrize("turn", [play_turn, sow])
def test_a_turn_from_an_empty_hole_or_another_players_is_refused(turn, rules):
    board = [0, 3, 1, 1, 0, 4, 0, 31, 0, 4, 2, 1, 0, 1, 2, 48]
    with pytest.raises(ValueError, match="slot 0 is empty"):
        turn(board, rules, YOU, 0)
    with pytest.raises(ValueError, match="slot 10 is not a hole of the mover"):
        turn(board, rules, YOU, 10)
    with pytest.raises(ValueError, match="slot 7 is not a hole of the mover"):
        turn(board, rules, YOU, 7)
    assert turn(parse_board(board, rules), rules, YOU, 1)[0 if turn is sow else 1] is not None


def test_burnt_holes_are_skipped_given_as_any_collection():
    rules = load_ruleset("traditional")
    board = [0] * rules.size
    board[0] = 3
    turn = play_turn(board, rules, YOU, 0, [1, 2])  # a list: held as a frozenset, as the Turn's field
    assert turn.burnt == frozenset({1, 2}) and turn.after[1] == turn.after[2] == 0
    assert [step[1] for step in turn.steps(rules) if step[0] == "drop"][:3] == [3, 4, 5]
    assert sow(board, rules, YOU, 0, frozenset({1, 2}))[0] == list(turn.after)


def test_a_plan_is_made_once_per_burnt_set_and_the_plans_kept_stay_few():
    rules = load_ruleset("traditional")
    assert sowing_plan(rules, YOU) is sowing_plan(rules, YOU)
    burnt = frozenset({1})
    assert sowing_plan(rules, YOU, burnt) is sowing_plan(rules, YOU, burnt) is not sowing_plan(rules, YOU)
    assert 1 not in sowing_plan(rules, YOU, burnt).path and 1 in sowing_plan(rules, YOU).path
    holes = [s for s in range(rules.size) if rules.owner(s) is not None]
    most = 0
    for i in range(400):
        sowing_plan(rules, i % 2, frozenset(h for k, h in enumerate(holes) if i >> k & 1))
        most = max(most, len(sowing._BURNT_PLANS))
    assert most == 257  # the cache's bound: 256 plans, and the one made as it is cleared


def test_a_plan_knows_the_slots_off_its_path(rules):
    plan = sowing_plan(rules, YOU)
    assert plan.index_of[rules.store(OPPONENT)] == -1 and plan.drops[rules.store(OPPONENT)] == ()
    assert [plan.index_of[s] for s in plan.path] == list(range(len(plan.path)))


@pytest.mark.parametrize("laps", [1, 2, 3, 4])
def test_whole_laps_from_one_hole_end_where_they_began(laps, rules):
    """A hole of exactly `laps` laps: every slot on the path gets `laps` seeds and the last
    falls back into the hole itself, now holding `laps` (a relay if more than one)."""
    board = [0] * rules.size
    lap = len(sowing_plan(rules, YOU).path)
    board[3] = laps * lap
    turn = play_turn(board, rules, YOU, 3)
    assert turn.sows[0] == (3, laps * lap)
    first = list(turn.steps(rules))[laps * lap]  # the last drop of the first pick-up
    assert first == ("drop", 3, laps)


def test_the_end_of_a_turn_that_does_not_capture_moves_nothing_more():
    """Mancala: the last seed in an occupied hole ends the turn (no relay); in the opponent's
    empty hole too. Neither captures."""
    rules = load_ruleset("mancala")
    board = [0, 0, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0]  # slot 5's seeds: store 6, then slot 7 (holds 0)
    turn = play_turn(board, rules, YOU, 5)
    assert (turn.end, turn.last, turn.captured, turn.facing) == ("opponent_empty", 7, 0, None)
    board[7] = 1  # now slot 7 holds a seed: the last seed makes 2
    turn = play_turn(board, rules, YOU, 5)
    assert (turn.end, turn.last, turn.captured, turn.after[7]) == ("occupied", 7, 0, 2)
    no_capture = ruleset_from_dict({"name": "n", "holes_per_side": 6, "seeds_per_hole": 4,
                                    "sowing": {"own_store": "after_own_row"},
                                    "last_seed": {"own_empty_hole": "none", "occupied_hole": "end_turn"}})
    board = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0]
    turn = play_turn(board, no_capture, YOU, 0)
    assert (turn.end, turn.captured, turn.after) == ("own_empty", 0, (0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0))


def test_a_turn_without_pick_ups_relays_none():
    assert sowing.Turn((), (), YOU, 0, (), "not_sown", 0).relays == 0
