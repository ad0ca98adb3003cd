"""The log reader at its edges: the bounds on notes and records, lines that only look like the
module's, launches and bombs, a relaunch without a launch line, the 2023-04-24 debug lines, and
a log's last line with no line end."""

import pytest

from bomblogs import EXAMPLE, board, empty, goes_on, solve, strike
from ktane_congkak.core.logwords import (AFTER_SOLVE_PHRASES, BOMB_LINE, DEBUG_PLAYING, DEBUG_POINTS, LAUNCH_LINE,
                                         POINTS_AFTER, ROUND_LINE)
from ktane_congkak.core.logcheck import check_log_lines
from ktane_congkak.core.modlog import MAX_NOTES, MAX_RECORDS, read_log
from ktane_congkak.core.releases import RELEASES
from ktane_congkak.errors import UserError

POINTS = [11, 11, 8, 11, 0, 8, 0]
PHRASE = AFTER_SOLVE_PHRASES[0]


def solved_module(n=1):
    return board(n, EXAMPLE, POINTS) + solve(n, 1, 11)


def test_an_empty_log_has_no_lines_and_no_modules(rules):
    contents = read_log([], rules)
    assert (contents.lines, contents.modules, contents.notes) == (0, [], [])


def test_a_board_knows_whether_its_module_was_solved(rules):
    (module,) = read_log(solved_module(), rules).modules
    assert module.solved and (module.launch, module.bombs) == (1, (0, 0))
    (module,) = read_log(board(1, EXAMPLE, POINTS) + goes_on(1, 6, 8), rules).modules
    assert not module.solved


def test_a_board_without_its_points_and_maximum_lines_says_none(rules):
    (module,) = read_log(board(1, EXAMPLE, POINTS)[:1], rules).modules
    (logged,) = module.boards
    assert (logged.points, logged.points_line, logged.maximum, logged.maximum_line) == (None, 0, None, 0)
    (logged,) = read_log(board(1, EXAMPLE, POINTS), rules).modules[0].boards
    assert (logged.points_line, logged.maximum, logged.maximum_line) == (2, (11, 1), 3)


@pytest.mark.parametrize("extra", [0, 1, 7])
def test_notes_past_the_first_fifty_are_only_counted(rules, extra):
    lines = [f"[Congkak #1] Initial state: {n} x " for n in range(MAX_NOTES + extra)]
    contents = read_log(lines, rules)
    assert len(contents.modules[0].notes) == MAX_NOTES == 50
    assert contents.notes == ([f"{extra} more lines could not be read (only the first {MAX_NOTES} are listed)"]
                              if extra else [])


@pytest.mark.parametrize("extra", [0, 1, 3])
def test_phrases_no_module_can_claim_share_the_notes_bound(rules, extra):
    lines = [PHRASE] * (MAX_NOTES + extra)
    notes = read_log(lines, rules).notes
    assert len(notes) == MAX_NOTES + (1 if extra else 0)
    assert notes[0] == (f"line 1: a press on a solved Congkak module, which logged: {PHRASE} "
                        "(no module of this launch had logged its solve by then)")
    if extra:
        assert notes[-1] == f"{extra} more lines could not be read (only the first {MAX_NOTES} are listed)"


def test_the_records_bound_is_fifty_thousand(rules):
    """Modules, boards, presses, debug summaries and phrases each count as one record."""
    lines = solved_module() + [PHRASE] * (MAX_RECORDS - 3)  # the module, its board and press, then phrases
    assert len(read_log(lines, rules).modules[0].after_solved) == MAX_RECORDS - 3 == 49_997
    with pytest.raises(UserError, match="more than 50000 Congkak"):
        read_log([*lines, PHRASE], rules)


@pytest.mark.parametrize("lines, records", [
    (solved_module(), 3),  # the module, its board, its press
    (solved_module() + [PHRASE, PHRASE], 5),  # each phrase on the solved module
    (board(1, EXAMPLE, POINTS) + [f"[Congkak #1] {DEBUG_PLAYING.format(hole=2)}",
                                   f"[Congkak #1] {DEBUG_POINTS.format(points=11, seeds=3)}"], 3),  # a debug summary
])
def test_every_kind_of_record_counts_towards_the_bound(rules, lines, records):
    assert read_log(lines, rules, limit=records).modules
    with pytest.raises(UserError, match=f"more than {records - 1} Congkak"):
        read_log(lines, rules, limit=records - 1)


@pytest.mark.parametrize("tail", [" and more words", " and more words ", "!"])
def test_a_line_that_only_starts_with_a_phrase_is_not_a_press(rules, tail):
    (module,) = read_log(solved_module() + [PHRASE + tail], rules).modules
    assert module.after_solved == []
    (module,) = read_log(solved_module() + [PHRASE + "\n", "  " + PHRASE + " \n"], rules).modules
    assert module.after_solved == [5, 6]


def test_bombs_before_the_first_launch_line_and_rounds(rules):
    lines = [BOMB_LINE, *solved_module(1), ROUND_LINE, BOMB_LINE, BOMB_LINE, *solved_module(2), *solved_module(3),
             BOMB_LINE, *solved_module(4)]
    assert [m.bombs for m in read_log(lines, rules).modules] == [(1, 1), (2, 3), (2, 3), (4, 4)]
    lines = [BOMB_LINE, BOMB_LINE, ROUND_LINE, BOMB_LINE, *solved_module(1)]  # a round began: a new group
    assert read_log(lines, rules).modules[0].bombs == (3, 3)
    lines = [BOMB_LINE, LAUNCH_LINE, BOMB_LINE, *solved_module(1)]  # a new launch: its first bomb
    assert read_log(lines, rules).modules[0].bombs == (1, 1)


def test_a_launch_line_starts_the_numbers_and_everything_known_again(rules):
    state, points, maximum = board(1, EXAMPLE, POINTS)
    lines = [LAUNCH_LINE, BOMB_LINE, *solved_module(1), f"[Congkak #1] {DEBUG_PLAYING.format(hole=2)}",
             LAUNCH_LINE, BOMB_LINE,
             points, PHRASE,  # no board yet in this launch; nothing solved in it
             state, f"[Congkak #1] {DEBUG_POINTS.format(points=11, seeds=3)}",  # the old launch's hole is forgotten
             points, maximum, *solve(1, 1, 11)]
    contents = read_log(lines, rules)
    first, second = contents.modules
    assert (first.launch, second.launch, second.bombs) == (1, 2, (1, 1))
    assert first.boards[0].debug_points is None and second.boards[0].debug_points is None
    assert len(second.boards) == 1 and second.solved
    assert second.notes == ["line 10: a points line with no readable state line before it; it is skipped"]
    assert first.after_solved == [] and "no module of this launch had logged its solve" in contents.notes[0]


def test_the_same_module_numbered_again_with_a_first_boards_wording_is_a_new_launch(rules):
    """No launch line between them: the first wording of a board after module 1's solve
    starts module 1 of a new launch, which keeps that board, its presses and its solve."""
    lines = [*solved_module(1), *solved_module(1), PHRASE]
    first, second = read_log(lines, rules).modules
    assert (first.launch, second.launch) == (1, 2)
    assert len(first.boards) == len(second.boards) == 1 and first.solved and second.solved
    assert second.boards[0].line == 5 and second.after_solved == [9]
    (only,) = read_log(solved_module(1)[:-1] + board(1, EXAMPLE, POINTS, first=False), rules).modules
    assert len(only.boards) == 2  # a later board's wording: the same module goes on


def test_a_relaunch_read_before_any_launch_or_bomb_line(rules):
    lines = [*board(1, EXAMPLE, POINTS), *strike(1, 3, 8), *solved_module(1)]
    first, second = read_log(lines, rules).modules
    assert (first.launch, second.launch) == (1, 2)
    assert [p.verdict for p in first.boards[0].presses] == ["strike"] and second.boards[0].presses[0].verdict == "solve"


def test_old_releases_points_after_a_press_that_goes_on_is_the_same_module(rules):
    old = [line.replace("Total points gained after playing each hole (sum of seeds in player's holes + extra seeds "
                        "in the store, if any):", POINTS_AFTER) for line in board(1, EXAMPLE, POINTS)]
    lines = [*old, *empty(1, 5), *goes_on(1, 6, 8), *old, *solve(1, 1, 11), *old]  # the last press decides
    first, second = read_log(lines, rules).modules
    assert len(first.boards) == 2 and len(second.boards) == 1


@pytest.mark.parametrize("hole, kept", [(0, False), (1, True), (7, True), (8, False)])
def test_a_debug_summary_is_kept_for_holes_1_to_7(rules, hole, kept):
    lines = board(1, EXAMPLE, POINTS)[:1] + [f"[Congkak #1] {DEBUG_PLAYING.format(hole=hole)}",
                                             f"[Congkak #1] {DEBUG_POINTS.format(points=11, seeds=3)}"]
    (logged,) = read_log(lines, rules).modules[0].boards
    assert logged.debug_points == ([(hole, 11, 3, 3)] if kept else None)


def test_an_unreadable_state_line_leaves_no_board_for_the_lines_after_it(rules):
    lines = [*board(1, EXAMPLE, POINTS), *goes_on(1, 6, 8), "[Congkak #1] Initial state: 1 2 x ",
             board(1, EXAMPLE, POINTS, first=False)[1]]
    (module,) = read_log(lines, rules).modules
    assert module.boards[0].points == tuple(POINTS) and len(module.boards) == 1
    assert module.notes[-1] == "line 6: a points line with no readable state line before it; it is skipped"


def test_lines_in_the_modules_words_but_wrong_are_each_noted(rules):
    lines = [*board(1, EXAMPLE, POINTS), board(1, EXAMPLE, POINTS)[1],
             "[Congkak #1] The maximum seeds in a hole is: eleven, which is in the hole: 1.",
             "[Congkak #1] You selected the wrong hole (Hole #3), which returns eight seeds. Game continues.",
             "[Congkak #1] You selected an empty hole (Hole #0). Strike.",
             *goes_on(1, 6, 8), *goes_on(1, 2, 11), *goes_on(1, 3, 8)]
    (module,) = read_log(lines, rules).modules
    assert module.notes == [
        "line 4: a second points line for the board of line 1; it is skipped",
        "line 5: the maximum line is not in the module's wording; it is skipped",
        "line 6: a press line not in the module's wording; it is skipped",
        "line 7: hole 0 is not one of holes 1-7; the press is skipped",
        "line 9: a press with no new board logged after the press of line 8; it is judged on that press's board",
        "line 10: a press with no new board logged after the press of line 9; it is judged on that press's board"]
    assert [p.hole for p in module.boards[0].presses] == [6, 2, 3]


@pytest.mark.parametrize("line, whole", [
    (board(1, EXAMPLE, POINTS)[0], True),  # ends in a space, as the module's list lines do
    (board(1, EXAMPLE, POINTS)[0].rstrip(), False),  # "... 48" may be "... 48" cut from "... 480"
    (board(1, EXAMPLE, POINTS)[0].removesuffix("48 ") + " ", False),
    (board(1, EXAMPLE, POINTS)[1], True),
    (board(1, EXAMPLE, POINTS)[1].rstrip(), False),
    (board(1, EXAMPLE, POINTS)[1].removesuffix("0 "), False),
])
def test_a_last_line_with_no_line_end_is_read_only_if_whole(rules, line, whole):
    lines = [*(f"{text}\n" for text in solved_module(2)), line]
    module = read_log(lines, rules).modules[-1]
    cut = f"line {len(lines)}: the log ends in the middle of this line; it was not read"
    assert (cut not in module.notes) == whole, module.notes


@pytest.mark.parametrize("presses, light", [
    ([], None),  # no press yet: the light is off
    (goes_on(1, 6, 8), None),  # a press that goes on lights nothing
    (empty(1, 5), "strike"),  # an empty hole strikes
    (empty(1, 5) + goes_on(1, 6, 8), "strike"),  # red stays red
    (goes_on(1, 6, 8) + solve(1, 1, 11), "solve"),
    (strike(1, 3, 8) + solve(1, 1, 11), "solve"),  # green once solved, after a strike too
])
def test_a_boards_light_is_what_its_presses_left(rules, presses, light):
    (module,) = check_log_lines(board(1, EXAMPLE, POINTS) + presses, rules).modules
    assert module.boards[0].light == light


def _old_worded(points):
    """Module 1's board in the wording of the releases before 2023-07-27, with these points."""
    lines = board(1, EXAMPLE, points)
    lines[1] = f"[Congkak #1] {POINTS_AFTER} " + "".join(f"{p} " for p in points)
    return lines


@pytest.mark.parametrize("lines, note", [
    # no board read: every release's wording fits and each one's rules agree with nothing logged
    ([board(1, EXAMPLE, POINTS)[0] + "0 "],
     "2023-05-22 or 2023-07-27 (the same rules) or 2023-04-24, 2023-04-26: the log cannot tell (the wording fits "
     "2021-07-07, 2021-07-08, 2021-09-18, 2023-04-24, 2023-04-26, 2023-05-22, 2023-07-27, and each one's rules give "
     "what it logged); judged by 2023-07-27's rules"),
    (_old_worded(POINTS), "2023-05-22: its wording fits 2021-09-18, 2023-04-26, 2023-05-22; only 2023-05-22's rules "
                          "give what it logged"),
    (_old_worded([59, 59, 59, 59, 0, 56, 0]),
     "2023-04-26 or 2021-09-18: the log cannot tell (the wording fits 2021-09-18, 2023-04-26, 2023-05-22, and each "
     "one's rules give what it logged); judged by 2023-04-26's rules"),
    (_old_worded([1, 2, 3, 4, 5, 6, 7]), "2023-05-22: its wording fits 2021-09-18, 2023-04-26, 2023-05-22; no "
                                         "release's rules give everything it logged, 2023-05-22's come closest"),
    (solved_module(), "2023-07-27, told by its wording"),
])
def test_how_a_modules_release_is_told(rules, lines, note):
    (module,) = check_log_lines(lines, rules).modules
    assert module.release_note == note
    judged = note.split("judged by ")[1][:10] if "judged by" in note else note[:10]
    assert module.release.date == judged  # the latest release of the rules judged by


def test_a_module_mixing_releases_wordings_is_a_problem_of_its_first_board_only(rules):
    second = [2, 3, 1, 1, 0, 4, 0, 31, 0, 4, 0, 1, 0, 1, 2, 48]
    lines = (board(1, EXAMPLE, POINTS) + goes_on(1, 6, 8) + board(1, second, POINTS, first=False)
             + ["[Congkak #1] You selected the correct hole. Module solved."])  # the first releases' words
    (module,) = check_log_lines(lines, rules).modules
    assert len(module.boards) == 2
    assert module.boards[0].problems[0] == "line 1: this module's lines mix the wordings of different releases"
    assert not any("mix the wordings" in p for p in module.boards[1].problems)
    assert module.release_note.endswith("its lines mix the wordings of different releases; judged by the closest rules")


@pytest.mark.parametrize("between, why", [
    ([], "no press"),
    (solve(1, 1, 11), "the module was solved"),
    (empty(1, 5), "an empty hole's strike (nothing moved)"),
])
def test_a_fresh_board_says_what_came_before_it(rules, between, why):
    lines = board(1, EXAMPLE, POINTS) + between + board(1, EXAMPLE, POINTS, first=False)
    (module,) = check_log_lines(lines, rules).modules
    fresh = module.boards[1]
    assert fresh.fresh and fresh.notes[0] == (f"a fresh board after {why}: practice's `new` or `again` (the real module "
                                              "has neither); the same module goes on with it, a new round")


def test_a_board_after_an_unnamed_press_is_not_followed(rules):
    """The first releases name no hole: which turn led to the next board cannot be told."""
    lines = (board(1, EXAMPLE, POINTS) + ["[Congkak #1] You selected the wrong hole. Strike."]
             + board(1, EXAMPLE, POINTS, first=False))
    (module,) = check_log_lines(lines, rules, RELEASES["2023-07-27"]).modules
    assert len(module.boards) == 2 and module.boards[0].presses[0].replies == ()
    assert not any("is not what hole" in p for p in module.boards[1].problems)


def test_a_relaunched_board_solved_before_its_points_line_keeps_its_phrases(rules):
    """Out of order (its solve logged before its points line): the new launch's module 1 is
    the solved one a phrase after it belongs to, not the first launch's."""
    state, points, _ = board(1, EXAMPLE, POINTS)
    lines = [*solved_module(1), state, *solve(1, 1, 11), points, PHRASE]
    first, second = read_log(lines, rules).modules
    assert (second.launch, first.after_solved, second.after_solved) == (2, [], [8])


def test_a_log_stopping_after_a_press_that_goes_on_names_the_last_press(rules):
    lines = board(1, EXAMPLE, POINTS) + empty(1, 5) + goes_on(1, 6, 8)
    (module,) = check_log_lines(lines, rules).modules
    assert module.notes == ("the log stops after the press of line 5, before the next board",)
    (module,) = check_log_lines(board(1, EXAMPLE, POINTS) + goes_on(1, 6, 8) + empty(1, 5), rules).modules
    assert not any("the log stops" in note for note in module.notes)  # an empty hole's strike: nothing to follow



def test_a_press_naming_no_hole_before_the_last_does_not_start_a_module(rules):
    old = _old_worded(POINTS)
    lines = [*old, "[Congkak #1] You selected the wrong hole. Strike.", *goes_on(1, 6, 8), *old]
    (module,) = read_log(lines, rules).modules
    assert len(module.boards) == 2


@pytest.mark.parametrize("text, known", [("Initial stab 1 2", False), ("Initial statX 1 2", True),
                                         ("Total pointX 1", False), ("The maximum seedX", True)])
def test_a_line_is_the_modules_if_it_starts_as_one_of_its_lines_does(rules, text, known):
    (module,) = read_log([*board(1, EXAMPLE, POINTS), f"[Congkak #1] {text}\n"], rules).modules
    assert (module.notes == ["line 4: not in the module's wording; it is skipped"]) == known
