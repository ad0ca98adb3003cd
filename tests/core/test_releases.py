"""Every published release of the module (issues 18 and 30): its rules in the engine, and its
logs (written by tests/bomblogs.ReleaseWriter in that release's words) judged by its rules."""

import random
import re

import pytest

from bomblogs import (AFTER, EXAMPLE, SHORT, ReleaseWriter, board, release_bomb, solve, unity_noise)
from ktane_congkak.core.evaluate import evaluate
from ktane_congkak.core.explain import describe_turn, turn_size
from ktane_congkak.core.logcheck import check_log_lines
from ktane_congkak.core.logtext import log_json, report_lines
from ktane_congkak.core.releases import CURRENT, PUBLISHED, RELEASE_DATES, RELEASES, release_named, release_on, release_turn
from ktane_congkak.errors import UserError
from ktane_congkak.core.rules import YOU

FIRST_STEAM = ["2021-07-07", "2021-07-08", "2021-09-18"]  # the first publication (issue 30)
DATES = FIRST_STEAM + ["2023-04-24", "2023-04-26", "2023-05-22", "2023-07-27"]
NO_REPLY = FIRST_STEAM + ["2023-04-24"]  # one board, every press that does not solve strikes, no hole logged
OLD_LOOP = NO_REPLY + ["2023-04-26"]  # a hole of one seed unsown, the whole store counted


def test_the_releases_are_the_behaviours_and_wordings_of_the_source_histories():
    assert list(RELEASE_DATES) == DATES and CURRENT.date == "2023-07-27"
    assert release_named("2023-11-13") is CURRENT
    assert RELEASES["2023-05-22"].rules_key == CURRENT.rules_key  # 2023-07-27 changed the log's words only
    assert {RELEASES[d].rules_key for d in NO_REPLY} == {RELEASES["2023-04-24"].rules_key}  # wording only
    assert [release_named(d).date for d in ("2021-07-12", "2021-08-22", "2021-11-19", "2022-07-06")] == \
        ["2021-07-08", "2021-07-08", "2021-09-18", "2021-09-18"]


def test_points_and_verdicts_under_each_release(rules):
    """EXAMPLE (stores 31 and 48) worked by hand: the first two releases add the whole store
    (48) and leave hole 3's and hole 4's single seed unsown (11 seeds in your holes)."""
    old = evaluate(EXAMPLE, rules, YOU, RELEASES["2023-04-24"])
    assert old.points == (59, 59, 59, 59, 0, 56, 0)
    assert old.module == ("solve",) * 4 + ("empty", "strike", "empty")
    assert "strikes every press that does not solve" in old.why(6)
    reworked = evaluate(EXAMPLE, rules, YOU, RELEASES["2023-04-26"])
    assert reworked.points == old.points and reworked.module[5] == "strike"  # the minimum rule: 56 is the least
    for date in ("2023-05-22", "2023-07-27"):
        assert evaluate(EXAMPLE, rules, YOU, RELEASES[date]) == evaluate(EXAMPLE, rules, YOU)._replace(
            release=RELEASES[date])
    assert evaluate(EXAMPLE, rules).points == (11, 11, 8, 11, 0, 8, 0)  # today's, unchanged


def _plain_turn(board, mover, start, old_loop):
    """One turn as the module's description words it, written plainly here (not the engine's code): you
    (0) sow slots 0..6, 8..15 and skip 7; the opponent (1) sows 8..14, 0..7 and skips 15; a
    last seed in an own hole now holding 1 captures it and the facing slot 14 - s, in the
    own store or in a hole now holding 1 ends the turn, elsewhere it relays. The first
    releases test before sowing, so a start hole of exactly one seed is not sown."""
    board = list(board)
    own_store, other_store = (15, 7) if mover == 0 else (7, 15)
    own_holes = range(7) if mover == 0 else range(8, 15)
    if old_loop and board[start] == 1:
        return board
    slot = start
    while True:
        seeds, board[slot] = board[slot], 0
        for _ in range(seeds):
            slot = (slot + 1) % 16
            if slot == other_store:
                slot = (slot + 1) % 16
            board[slot] += 1
        if slot in own_holes and board[slot] == 1:
            board[own_store] += 1 + board[14 - slot]
            board[slot] = board[14 - slot] = 0
            return board
        if slot == own_store or board[slot] == 1:
            return board


@pytest.mark.parametrize("date", DATES)
def test_each_releases_turns_and_points_match_a_plain_loop(rules, date):
    release, rng = RELEASES[date], random.Random(date)
    old_loop = whole_store = date in OLD_LOOP  # what docs/releases.md says of each
    for _ in range(300):
        slots = [0] * 16
        for _ in range(98):
            slots[rng.choice(range(16))] += 1
        points = []
        for hole in range(7):
            if not slots[hole]:
                points.append(0)
                continue
            after = _plain_turn(slots, 0, hole, old_loop)
            points.append(sum(after[:7]) + after[15] - (0 if whole_store else slots[15]))
            assert list(release_turn(slots, rules, YOU, hole, release).after) == after
        for start in range(8, 15):
            if slots[start]:
                assert list(release_turn(slots, rules, 1, start, release).after) == _plain_turn(slots, 1, start, old_loop)
        assert evaluate(slots, rules, YOU, release).points == tuple(points), slots


def test_a_hole_of_one_seed_is_not_sown_in_the_first_releases(rules):
    turn = release_turn(EXAMPLE, rules, YOU, 2, RELEASES["2023-04-26"])
    assert turn.after == tuple(EXAMPLE) and turn.sows == () and turn.end == "not_sown"
    assert describe_turn(turn, rules)[-1].startswith("End: a hole of one seed is not sown in this release")
    assert release_turn(EXAMPLE, rules, YOU, 2, CURRENT).after != tuple(EXAMPLE)
    assert evaluate(EXAMPLE, rules, YOU, RELEASES["2023-04-24"]).turn(3, rules).end == "not_sown"


def test_an_unsown_hole_is_traced_as_no_drop_and_no_relay(rules):
    turn = release_turn(EXAMPLE, rules, YOU, 2, RELEASES["2023-04-26"])
    assert (turn.drops, turn.relays, turn_size(turn)) == (0, 0, "0 drops, 0 relays")


@pytest.mark.parametrize("date", DATES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_releases_genuine_log_agrees_and_is_told_apart(rules, date, seed):
    lines = release_bomb(date, rules, seed)
    check = check_log_lines(unity_noise(lines), rules)
    assert check.agrees, "\n".join(report_lines(check, rules))
    assert [m.release.date for m in check.modules] == [date] * 3
    presses = sum(bool(re.search(r"\] You selected", line)) for line in lines)
    assert sum(len(m.presses) for m in check.modules) == presses > 3
    assert all(m.solved for m in check.modules)
    if date in NO_REPLY:  # tag, blanks, debug lines: each of these releases words its log its own way
        assert all(m.release_note == f"{date}, told by its wording" for m in check.modules)
        assert all(p.hole is None for m in check.modules for p in m.presses)
        assert not any(m.notes for m in check.modules)  # several presses on its one board are normal
    else:
        assert any(len(m.boards) > 1 for m in check.modules)  # the opponent replied: later boards


def _tamper(lines, kind, date):
    """(altered lines, the altered line's number): a points line, a maximum line or a press."""
    lines = list(lines)
    if kind == "points":
        i = next(i for i, line in enumerate(lines) if re.search(r"\] Total points", line))
        lines[i] = re.sub(r"([0-9]+) $", lambda m: f"{int(m[1]) + 1} ", lines[i])
    elif kind == "maximum":
        i = next(i for i, line in enumerate(lines) if "which is in the hole:" in line)
        lines[i] = re.sub(r"hole: ([0-9])\.", lambda m: f"hole: {int(m[1]) % 7 + 1}.", lines[i])
    elif date in NO_REPLY:  # its presses name no hole: a strike made a solve, a press follows it
        i = next(i for i, line in enumerate(lines) if line.endswith("wrong hole. Strike."))
        lines[i] = lines[i].replace("the wrong hole. Strike.", "the correct hole. Module solved.")
    else:
        i = next(i for i, line in enumerate(lines) if re.search(r"returns (the minimum of )?[0-9]+ seeds", line))
        lines[i] = re.sub(r"([0-9]+) seeds", lambda m: f"{int(m[1]) + 1} seeds", lines[i])
    return lines, i + 1


@pytest.mark.parametrize("date", DATES)
@pytest.mark.parametrize("kind", ["points", "maximum", "press"])
def test_an_altered_line_of_any_release_disagrees_and_is_named(rules, date, kind):
    seed = next(s for s in range(1, 50) if kind != "press" or date not in NO_REPLY
                or any(line.endswith("wrong hole. Strike.") for line in release_bomb(date, rules, s)))
    lines, number = _tamper(release_bomb(date, rules, seed), kind, date)
    check = check_log_lines(lines, rules)
    assert not check.agrees
    problems = [p for m in check.modules for p in m.problems]
    assert any(f"line {number}:" in p or f"(line {number})" in p for p in problems), problems


# A board of the first release worked by hand, with its debug lines: hole 1 sows 6 of its 7
# seeds along your row and relays the 4 of slot 8 into the opponent's empty slot 12 (8 seeds
# left in your holes + the store's 86); hole 4 captures into your store with its second seed.
FIRST_RELEASE_BOARD = [7, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 86]
FIRST_RELEASE_LOG = [
    "Initial state: 7 0 0 2 0 0 0 0 3 0 0 0 0 0 0 86 ",
    "----------------- PLAYING HOLE 1:",
    "Ended in hole: 9", " 0 1 1 3 1 1 1 0 4 0 0 0 0 0 0 86 ",
    "Ended in hole: 13", " 0 1 1 3 1 1 1 0 0 1 1 1 1 0 0 86 ",
    "Total number of seeds: 98 for hole: 1",
    "Points gained if the player played this hole: 94 with value 7",
    "----------------- PLAYING HOLE 4:",
    "Ended in hole: 6", " 7 0 0 0 1 1 0 0 3 0 0 0 0 0 0 86 ",
    "Capturing hole 10", " 7 0 0 0 1 0 0 0 3 0 0 0 0 0 0 87 ",
    "Total number of seeds: 98 for hole: 4",
    "Points gained if the player played this hole: 95 with value 2",
    "Total points after playing each hole: 94 0 0 95 0 0 0 ",
    "The maximum seeds in a hole is: 95, which is in the hole: 4.",
    "You selected the wrong hole. Strike.",
    "You selected the correct hole. Module solved.",
]


@pytest.mark.parametrize("altered, into, named", [
    ("", "", None), ("this hole: 94 with", "this hole: 93 with", "93 with value 7"),
    ("with value 7", "with value 6", "94 with value 6"), ("PLAYING HOLE 4:", "PLAYING HOLE 1:", "95 with value 2")])
def test_the_first_releases_debug_lines_are_checked(rules, altered, into, named):
    """Each hole's debug summary ("Points gained ...: P with value S") is the engine's points
    and seeds for the hole its "PLAYING HOLE" line names; an altered one disagrees there."""
    lines = [f"[Congkak #1] {line}".replace(altered, into) if altered else f"[Congkak #1] {line}"
             for line in FIRST_RELEASE_LOG]
    check = check_log_lines(lines, rules)
    (module,) = check.modules
    assert module.release.date == "2023-04-24" and len(module.presses) == 2
    if named is None:
        assert check.agrees, module.problems
    else:
        number = next(i for i, line in enumerate(lines, 1) if line.endswith(named))
        assert [p for p in module.problems if p.startswith(f"line {number}: ")], module.problems


def _board_of_store_zero(rules):
    """A board with both stores empty and no hole of one seed: the first three releases
    score it alike."""
    rng = random.Random(4)
    while True:
        slots = [0] * 16
        for _ in range(98):
            slots[rng.choice([s for s in range(15) if s != 7])] += 1
        if 1 not in slots:
            points = [evaluate(slots, rules, YOU, RELEASES[d]).points for d in ("2023-04-26", "2023-05-22")]
            if points[0] == points[1]:
                return slots


def test_a_log_that_cannot_tell_two_releases_apart_says_so(rules):
    slots = _board_of_store_zero(rules)
    ev = evaluate(slots, rules)
    lines = ReleaseWriter("2023-04-26", rules, random.Random(1)).module(4, lambda _: ev.answer[0], board=slots)
    assert any(line.startswith("[Congkak #4] " + AFTER) for line in lines)
    check = check_log_lines(lines, rules)
    (module,) = check.modules
    assert check.agrees and module.release.date == "2023-05-22"
    assert module.release_note.startswith("2023-05-22 or 2023-04-26: the log cannot tell")
    assert "  Release 2023-05-22 or 2023-04-26: the log cannot tell" in "\n".join(report_lines(check, rules))


def test_a_log_starting_at_a_later_board_names_both_releases_of_the_same_rules(rules):
    """A later board's wording is 2023-05-22's and 2023-07-27's alike, and so are their rules."""
    later = board(1, EXAMPLE, [11, 11, 8, 11, 0, 8, 0], first=False) + solve(1, 1, 11)
    check = check_log_lines(later, rules)
    assert check.agrees and check.modules[0].release_note == \
        "2023-05-22 or 2023-07-27: its wording fits both, and they have the same rules"


def test_the_old_points_wording_is_read_on_the_first_board_of_2023_05_22(rules):
    lines = release_bomb("2023-05-22", rules, 2)
    check = check_log_lines(lines, rules)
    assert all(b.logged.points is not None for m in check.modules for b in m.boards)
    assert not any("not in the module's wording" in n for m in check.modules for n in m.notes)


def test_json_names_launch_version_and_an_unlogged_hole(rules):
    data = log_json(check_log_lines(release_bomb("2023-04-24", rules, 1), rules))
    module = data["modules"][0]
    assert (module["launch"], module["version"], data["agrees"]) == (1, "2023-04-24", True)
    press = module["puzzles"][0]["presses"][-1]
    assert press == {"hole": None, "verdict": "solve", "logged": "solve", "manual": None}
    points = module["puzzles"][0]["logged_points"]
    assert points == module["puzzles"][0]["points"] and len(points) == 7


def _launch(date, rules, seed, numbers=(1, 2)):
    return release_bomb(date, rules, seed, modules=numbers, phrases=0)


@pytest.mark.parametrize("date", DATES)
@pytest.mark.parametrize("launch_line", [True, False])
def test_two_game_launches_in_one_file_are_split(rules, date, launch_line):
    head = ["Initialize engine version: 2017.4.22f1 (3583f9e3a8e9)"]
    lines = head + _launch(date, rules, 1) + (head if launch_line else []) + _launch(date, rules, 2)
    check = check_log_lines(lines, rules)
    assert check.agrees, "\n".join(report_lines(check, rules))
    assert [(m.number, m.launch) for m in check.modules] == [(1, 1), (2, 1), (1, 2), (2, 2)]
    assert not any("practice" in n for m in check.modules for b in m.boards for n in b.notes)
    text = "\n".join(report_lines(check, rules))
    assert "Congkak #1 (launch 2): " in text and "(#1, #2, #1 (launch 2), #2 (launch 2))" in text
    assert [m["launch"] for m in log_json(check)["modules"]] == [1, 1, 2, 2]


def test_a_new_board_worded_as_a_later_one_stays_a_practice_round(rules):
    """Practice's `new` after a solve words its fresh board as a later board: the same
    module, not a new launch."""
    lines = board(1, EXAMPLE, [11, 11, 8, 11, 0, 8, 0]) + solve(1, 1, 11)
    lines += board(1, EXAMPLE, [11, 11, 8, 11, 0, 8, 0], first=False)
    (module,) = check_log_lines(lines, rules).modules
    assert (module.launch, len(module.rounds)) == (1, 2)


def test_a_tag_counts_only_at_the_start_of_a_line(rules):
    lines = board(1, EXAMPLE, [11, 11, 8, 11, 0, 8, 0])
    quoted = [f"[12:00:03] <Bob> look: {line}" for line in lines]
    assert check_log_lines(quoted, rules).modules == ()
    stamped = [f"[2026-11-30 12:00:03] {line}" for line in lines] + [f"12:00:04.250 {solve(1, 1, 11)[0]}"]
    (module,) = check_log_lines(stamped, rules).modules
    assert len(module.presses) == 1 and module.agrees


def test_presses_after_solving_are_counted_where_one_module_is_solved(rules):
    rng = random.Random(3)
    writer = ReleaseWriter("2023-07-27", rules, rng)
    one = writer.module(1, lambda ev: ev.answer[0], phrases=2)
    two = writer.module(2, lambda ev: ev.answer[0], phrases=1)
    check = check_log_lines(one + two, rules)
    assert [m.after_solved for m in check.modules] == [(len(one) - 1, len(one)), ()]
    assert check.notes == (f"line {len(one) + len(two)}: a press on a solved Congkak module, which logged: "
                           f"{two[-1]} (2 modules were solved by then, so which one cannot be told)",)
    assert "2 presses after it was solved (lines 5, 6)" in "\n".join(report_lines(check, rules))
    pasted = one[:-2] + [f"12:00:04.250 {one[-2]}", f"    {one[-1]}\r\n", f"<Bob> {one[-1]}"]
    (module,) = check_log_lines(pasted, rules).modules
    assert module.after_solved == (len(one) - 1, len(one))  # timestamped, indented; a chat line quoting one is not


@pytest.mark.parametrize("paste", ["{}  ", "{}\t", "{} \r\n", "[2026-11-30 12:00:04] {}", "[12:00:04] {} "])
def test_a_phrase_pasted_with_trailing_blanks_or_a_bracketed_timestamp_is_counted(rules, paste):
    """A paste keeps trailing blanks and a chat log's "[12:00:04]", as tagged lines may have."""
    phrases = ["What are you doing. Stop.",
               "If you REALLY are bored, better check THIS out: https://www.youtube.com/watch?v=o-YBDTqX_ZU"]
    lines = board(1, EXAMPLE, [11, 11, 8, 11, 0, 8, 0]) + solve(1, 1, 11) + [paste.format(p) for p in phrases]
    (module,) = check_log_lines(lines, rules).modules
    assert module.after_solved == (5, 6)


def test_a_phrase_before_any_solve_is_mentioned(rules):
    """A log cut before the solve, or a solve altered into a strike: the phrase still says a
    module was solved, and the report says where."""
    lines = board(1, EXAMPLE, [11, 11, 8, 11, 0, 8, 0]) + ["What do you want from me? TwT"]
    check = check_log_lines(lines, rules)
    assert check.notes == ("line 4: a press on a solved Congkak module, which logged: What do you want from me? TwT "
                           "(no module of this launch had logged its solve by then)",)
    assert "Note: line 4: a press on a solved Congkak module" in "\n".join(report_lines(check, rules))


def test_forcing_a_release_judges_by_its_rules(rules):
    lines = release_bomb("2023-07-27", rules, 1)
    assert check_log_lines(lines, rules).agrees
    forced = check_log_lines(lines, rules, RELEASES["2023-04-26"])
    assert not forced.agrees and {m.release.date for m in forced.modules} == {"2023-04-26"}


def test_lines_in_the_wordings_of_two_releases_disagree(rules):
    lines = next(log for log in (release_bomb("2023-07-27", rules, s, modules=(1,), phrases=0) for s in range(50))
                 if any(SHORT in line for line in log))
    i = next(i for i, line in enumerate(lines) if SHORT in line)  # a later board's points line
    lines[i] = lines[i].replace(SHORT, AFTER)
    check = check_log_lines(lines, rules)
    assert not check.agrees
    assert check.modules[0].problems == ["line 1: this module's lines mix the wordings of different releases"]
    assert "its lines mix the wordings of different releases" in check.modules[0].release_note


def test_a_first_release_strike_where_every_hole_solves_disagrees(rules):
    even = [1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 84]  # no hole is sown: every hole scores 7 + 84
    lines = ReleaseWriter("2023-04-24", rules, random.Random(1)).module(2, lambda ev: None, board=even)
    lines.append("[Congkak #2] You selected the wrong hole. Strike.")
    check = check_log_lines(lines, rules)
    assert check.modules[0].problems == [f"line {len(lines)}: the module logged a strike, but every hole solves "
                                         "this board"]
    assert f"Press (line {len(lines)}, no hole logged): WRONG: strike, as logged. It was no hole" in \
        "\n".join(report_lines(check, rules))


# The first publication's logs (issue 30), as its source words them: FIRST_RELEASE_BOARD
# again (points 94 0 0 95 0 0 0, worked by hand above), a strike, then the solve. The
# first release's tag has no "#"; until 2021-09-18 a list line's words end in a blank and
# the line puts another before the numbers.
FIRST_STEAM_LOGS = {
    "2021-07-07": ["[Congkak 1] Initial state:  7 0 0 2 0 0 0 0 3 0 0 0 0 0 0 86 ",
                   "[Congkak 1] Total points after playing each hole:  94 0 0 95 0 0 0 ",
                   "[Congkak 1] The maximum seeds in a hole is: 95, which is in the hole: 4."],
    "2021-07-08": ["[Congkak #1] Initial state:  7 0 0 2 0 0 0 0 3 0 0 0 0 0 0 86 ",
                   "[Congkak #1] Total points after playing each hole:  94 0 0 95 0 0 0 ",
                   "[Congkak #1] The maximum seeds in a hole is: 95, which is in the hole: 4."],
    "2021-09-18": ["[Congkak #1] Initial state: 7 0 0 2 0 0 0 0 3 0 0 0 0 0 0 86 ",
                   "[Congkak #1] Total points after playing each hole: 94 0 0 95 0 0 0 ",
                   "[Congkak #1] The maximum seeds in a hole is: 95, which is in the hole: 4."],
}


def _first_steam_log(date):
    tag = FIRST_STEAM_LOGS[date][0].split("]")[0] + "] "
    return FIRST_STEAM_LOGS[date] + [tag + "You selected the wrong hole. Strike.",
                                     tag + "You selected the correct hole. Module solved.", "What are you doing. Stop."]


@pytest.mark.parametrize("date", FIRST_STEAM)
def test_each_first_steam_release_is_read_named_and_judged(rules, date):
    lines = _first_steam_log(date)
    assert ReleaseWriter(date, rules, random.Random(1)).module(1, lambda ev: None, board=FIRST_RELEASE_BOARD) == \
        lines[:3]  # the test's writer words it alike
    check = check_log_lines(unity_noise(lines), rules)
    (module,) = check.modules
    assert check.agrees and module.release.date == date and module.solved and module.after_solved
    assert [(p.logged.verdict, p.hole) for p in module.presses] == [("strike", None), ("solve", None)]
    assert module.boards[0].logged.points == (94, 0, 0, 95, 0, 0, 0)
    text = "\n".join(report_lines(check, rules))
    assert f"  Release {date}, told by its wording" in text
    assert "Press (line " in text and "no hole logged): WRONG: strike, as logged. It was one of holes 1, 2, 3, 5, 6, 7" \
        in text
    assert log_json(check)["modules"][0]["version"] == date


@pytest.mark.parametrize("date, altered, into", [
    ("2021-07-07", "[Congkak 1] The maximum", "[Congkak #1] The maximum"),  # a tag with "#" among tags without
    ("2021-07-08", "Initial state:  7", "Initial state: 7"),  # one blank where the release writes two
    ("2021-09-18", "each hole: 94", "each hole:  94"),  # two where it writes one
])
def test_a_first_steam_line_in_another_releases_wording_disagrees(rules, date, altered, into):
    lines = [line.replace(altered, into) for line in _first_steam_log(date)]
    check = check_log_lines(lines, rules)
    (module,) = check.modules
    assert module.problems == ["line 1: this module's lines mix the wordings of different releases"]
    assert "its lines mix the wordings of different releases" in module.release_note


def test_the_first_release_without_its_debug_lines_is_2021_09_18(rules):
    """2023-04-24 is 2021-09-18's code with the debug switch on: its debug lines tell them apart."""
    lines = release_bomb("2023-04-24", rules, 5, modules=(1,))
    bare = [line for line in lines if not re.match(r"\[Congkak #1\] (-|Ended|Capturing|Total number|Points gained| )",
                                                   line)]
    assert len(bare) < len(lines)
    assert [m.release_note for m in check_log_lines(lines, rules).modules] == ["2023-04-24, told by its wording"]
    check = check_log_lines(bare, rules)
    assert check.agrees and [m.release_note for m in check.modules] == ["2021-09-18, told by its wording"]


def test_the_module_is_read_by_its_logging_tag_never_by_its_id(rules):
    """The game's own lines name the module by its ID (congkakMQEktane1); the reader needs none of them."""
    lines = unity_noise(_first_steam_log("2021-07-07") + release_bomb("2021-07-07", rules, 3, modules=(2,)))
    assert any("congkakMQEktane1" in line for line in lines)
    without = [line for line in lines if "congkakMQEktane1" not in line]
    checks = [check_log_lines(log, rules) for log in (lines, without)]
    assert [m.label for m in checks[0].modules] == ["#1", "#2"] and checks[0].agrees
    assert [log_json(c) for c in checks] == [log_json(checks[0])] * 2
    assert check_log_lines(["[Congkak Solver 3] Initial state:  7 0 0 2 0 0 0 0 3 0 0 0 0 0 0 86 "], rules).modules == ()


@pytest.mark.parametrize("day, release", [("2021-07-07", "2021-07-07"), ("2022-01-01", "2021-09-18"),
                                          ("2023-04-25", "2023-04-24"), ("2023-06-30", "2023-05-22"),
                                          ("2030-01-01", CURRENT.date)])
def test_any_date_from_the_first_release_on_means_the_release_in_force_on_it(day, release):
    assert release_on(day).date == release


@pytest.mark.parametrize("day, fragment", [("2020-01-01", "before the module's first release (2021-07-07)"),
                                           ("banana", "is not a date (YYYY-MM-DD)")])
def test_a_date_before_the_first_release_or_no_date_is_refused_naming_real_dates(day, fragment):
    with pytest.raises(UserError) as caught:
        release_on(day)
    message = str(caught.value)
    assert fragment in message and "\n" not in message
    named = re.findall(r"\d{4}-\d{2}-\d{2}", message.replace(day, ""))
    assert named == sorted(named) and set(named) <= set(PUBLISHED)  # only dates that exist, oldest first
