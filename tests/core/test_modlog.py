"""Reading a bomb's log and judging it: logs written here from the module's formats (issue 10)."""

import pytest

from bomblogs import EXAMPLE, after_reply, board, empty, goes_on, points_of, solve, strike, two_modules, unity_noise
from conftest import load_vectors
from ktane_congkak.core.logcheck import check_log_lines
from ktane_congkak.core.logtext import log_json, report_lines
from ktane_congkak.core.modlog import read_log
from ktane_congkak.core.module import CongkakModule

def test_every_kind_of_press_in_two_interleaved_modules(rules):
    check = check_log_lines(two_modules(rules), rules)
    assert check.agrees and [m.number for m in check.modules] == [1, 3]
    one, three = check.modules
    first, second = one.boards
    assert [(p.hole, p.verdict, p.logged.verdict, p.manual) for p in first.presses] == [
        (5, "empty", "empty", "empty"), (6, "continue", "continue", "strike")]
    assert [(p.verdict, p.logged.verdict, p.manual) for p in second.presses] == [("solve", "solve", "solve")]
    assert (one.strikes, one.solved, three.strikes, three.solved) == (1, True, 1, True)
    assert three.boards[0].presses[0][1:3] == ("strike", "continue")
    assert one.boards[0].id == "c1-2311040-0401012-48-31"
    assert one.boards[0].presses[1].replies  # the reply that led to board 2 was found


def test_noise_windows_line_ends_and_indentation_change_nothing(rules):
    plain = log_json(check_log_lines(two_modules(rules), rules))
    noisy = [f"    {line}\r\n" for line in unity_noise(two_modules(rules))]
    assert log_json(check_log_lines(noisy, rules)) == plain
    stamped = [f"2026-11-30 17:{i % 60:02d}:01.123 {line}\n" for i, line in enumerate(two_modules(rules))]
    assert log_json(check_log_lines(stamped, rules)) == plain
    glued = [f"x{line}" for line in two_modules(rules)]  # no space before the tag: another module's text
    assert check_log_lines(glued, rules).modules == ()
    assert plain["agrees"] and len(plain["modules"]) == 2  # [Congkak Solver #3] is not a Congkak module


def test_a_pasted_log_that_lost_its_trailing_spaces_reads_the_same(rules):
    stripped = [line.rstrip() for line in two_modules(rules)]
    assert log_json(check_log_lines(stripped, rules)) == log_json(check_log_lines(two_modules(rules), rules))


def test_json_has_exactly_the_issues_shape(rules):
    data = log_json(check_log_lines(two_modules(rules), rules))
    assert set(data) == {"modules", "agrees"}
    module = data["modules"][0]
    assert set(module) == {"module", "launch", "version", "puzzles", "strikes", "solved"}
    assert (module["launch"], module["version"]) == (1, "2023-07-27")
    puzzle = module["puzzles"][0]
    assert set(puzzle) == {"id", "board", "points", "logged_points", "answer", "presses", "agrees"}
    assert puzzle["board"] == EXAMPLE and puzzle["points"] == puzzle["logged_points"] == [11, 11, 8, 11, 0, 8, 0]
    assert puzzle["answer"] == [1, 2, 4]
    assert puzzle["presses"][1] == {"hole": 6, "verdict": "continue", "logged": "continue", "manual": "strike"}


def test_a_tampered_points_line_disagrees_and_says_where(rules):
    lines = two_modules(rules)
    i = next(i for i, line in enumerate(lines) if "#3] Total points" in line)
    lines[i] = lines[i].replace("18 23 23 29", "18 23 23 30")
    check = check_log_lines(lines, rules)
    assert not check.agrees and check.modules[0].agrees and not check.modules[1].agrees
    text = "\n".join(report_lines(check, rules))
    assert "!! DISAGREES: line 4: the module logged points 18 23 23 30 0 28 0, the engine computes 18 23 23 29 0 28 0" in text
    assert "THE ENGINE DISAGREES WITH THE LOG in 1 place" in text
    assert [p["agrees"] for p in log_json(check)["modules"][1]["puzzles"]] == [False, True]


def test_a_wrong_verdict_a_wrong_maximum_and_an_impossible_next_board_disagree(rules):
    lines = board(1, EXAMPLE, [11, 11, 8, 11, 0, 8, 0]) + goes_on(1, 3, 8)  # hole 3 strikes
    lines[2] = lines[2].replace("hole: 1.", "hole: 2.")
    second = after_reply(EXAMPLE, 3, rules)
    second[0], second[1] = second[1], second[0] + 1  # no reply gives this
    second[15] -= 1
    lines += board(1, second, points_of(second, rules), first=False)
    check = check_log_lines(lines, rules)
    problems = check.modules[0].problems
    assert len(problems) == 3, problems
    assert "the module logged the maximum 11 in hole 2, the engine computes 11 in hole 1" in problems[0]
    assert "hole 3: the module logged no strike (the game continues), the engine says strike (the minimum rule)" in problems[1]
    assert "this board is not what hole 3's turn" in problems[2]


def test_every_public_vector_as_a_logged_board(rules):
    """One module per vector and per hole: the press logged as the real module decided
    (vectors.jsonl); the engine agrees with every one."""
    lines, expected = [], []
    n = 0
    for v in load_vectors():
        for hole, verdict in enumerate(v["verdicts"], 1):
            n += 1
            p = v["points"][hole - 1]
            press = {"solve": solve, "strike": strike, "continue": goes_on}.get(verdict)
            lines += board(n, v["board"], v["points"]) + (press(n, hole, p) if press else empty(n, hole))
            expected.append(verdict.replace("empty-strike", "empty"))
    check = check_log_lines(lines, rules)
    assert check.agrees and len(check.modules) == n
    assert [m.boards[0].presses[0].verdict for m in check.modules] == expected


def test_a_log_cut_mid_line_and_a_module_stopping_mid_board_are_reported(rules):
    lines = [line + "\n" for line in two_modules(rules) + board(7, EXAMPLE, [11, 11, 8, 11, 0, 8, 0])[:1]]
    lines.append("[Congkak #7] Total points gained after playing each hole (sum of seeds in pl")  # the file ends here
    check = check_log_lines(lines, rules)
    seven = check.modules[-1]
    assert seven.number == 7 and check.agrees
    assert seven.notes == (f"line {len(lines)}: the log ends in the middle of this line; it was not read",)
    assert seven.boards[0].notes == ("the log stops before its points line", "the log stops before its maximum line")
    text = "\n".join(report_lines(check, rules))
    assert "Note: the log stops before its points line" in text


def test_a_module_stopping_after_a_wrong_press_is_reported(rules):
    lines = board(2, EXAMPLE, [11, 11, 8, 11, 0, 8, 0]) + goes_on(2, 6, 8)
    assert check_log_lines(lines, rules).modules[0].notes == (
        "the log stops after the press of line 4, before the next board",)


def test_lines_out_of_place_are_notes_not_crashes(rules):
    lines = (solve(5, 1, 11) + ["[Congkak #5] Initial state: 1 2 x ", "[Congkak #5] Initial state: 90 9 9 9 9 9 9 0 0 0 0 0 0 0 0 0 "]
             + board(5, EXAMPLE, [11, 11, 8, 11])[:1] + ["[Congkak #5] Total points gained after playing each hole: 1 2 "]
             + ["[Congkak #5] You selected the wrong hole (Hole #9), which returns 3 seeds. Game continues."]
             + ["[Congkak #5] Total points gained after playing each hole (sum of seeds in pl",  # cut mid-file
                "[Congkak #5] Puzzle 1 (c1-2311040-0401012-48-31); solving holes: 1, 2, 4"])  # practice's own line
    check = check_log_lines(lines, rules)
    notes = check.modules[0].notes
    assert [n.split(":")[0] for n in notes] == ["line 1", "line 2", "line 3", "line 5", "line 6", "line 7"]
    assert notes[5] == "line 7: not in the module's wording; it is skipped"
    assert "144 seeds, not the 98 of every Congkak board" in notes[2] and "hole 9 is not one of holes 1-7" in notes[4]


def test_the_reader_streams_a_generator_and_keeps_only_congkak_lines(rules):
    def log():
        for i in range(100_000):
            yield f"[Wires #{i}] noise line {i}\n"
        yield from (line + "\n" for line in two_modules(rules))

    contents = read_log(log(), rules)
    assert contents.lines == 100_000 + len(two_modules(rules)) and len(contents.modules) == 2


def test_too_many_boards_is_one_clear_error(rules):
    from ktane_congkak.errors import UserError

    def boards(count):  # one module's boards (the later ones worded as later boards)
        return board(1, EXAMPLE, [11, 11, 8, 11, 0, 8, 0]) + board(1, EXAMPLE, [11, 11, 8, 11, 0, 8, 0], False) * (count - 1)

    with pytest.raises(UserError, match="more than 4 Congkak modules, boards and presses"):
        read_log(boards(4), rules, limit=4)  # a module and 4 boards
    assert len(read_log(boards(3), rules, limit=4).modules[0].boards) == 3
    with pytest.raises(UserError, match="more than 3 Congkak"):  # a module per line, each new
        read_log([f"[Congkak #{n}] Initial state: x" for n in range(4)], rules, limit=3)


def test_a_practice_log_reads_back_as_a_real_one(rules):
    """Practice writes the real module's wording: the log of a session with every kind of
    press, a `new` board and a solve is read back and the engine agrees with all of it."""
    module = CongkakModule(seed="log", board=EXAMPLE, module_id=2)
    module.press(5)  # empty
    module.press(6)  # goes on (the manual's wording would strike)
    kinds = {"empty", "continue"}
    for _ in range(40):  # play on until a press strikes by the minimum rule
        verdicts = module.evaluation.module
        pick = next((h for h in range(1, 8) if verdicts[h - 1] == "strike"), None)
        pick = pick or next((h for h in range(1, 8) if verdicts[h - 1] == "continue"), None)
        if pick is None or "strike" in kinds:
            break
        kinds.add(module.press(pick).verdict)
    module.press(module.evaluation.answer[0])
    module.new_puzzle()
    module.press(module.evaluation.answer[0])
    assert kinds >= {"empty", "continue", "strike"}
    check = check_log_lines(module.log, rules)
    assert check.agrees, check.modules[0].problems
    (read,) = check.modules
    assert len(read.boards) == module.puzzles and read.strikes == module.strikes and read.solved
    assert sum(b.id == "c1-2311040-0401012-48-31" for b in read.boards) == 1
    assert "practice's `new`" in read.boards[-1].notes[0] and read.boards[-1].fresh
    assert all(line.startswith("[Congkak #2] ") for line in module.log)


def test_a_solve_then_new_counts_the_solve_and_the_fresh_round(rules):
    """Practice's `new` after a solve: the same module goes on with a fresh board. The
    report counts the solve (not "0 of 1 solved" for the unsolved last board) and says
    plainly that a fresh round began; the module's line and the summary count alike, in rounds
    (not "solved" beside "1 of 1 solved" for a round that was not)."""
    module = CongkakModule(seed=5)
    module.press(module.evaluation.answer[0])
    module.new_puzzle()
    wrong = next(h for h in range(1, 8) if module.evaluation.module[h - 1] == "continue")
    module.press(wrong)
    check = check_log_lines(module.log, rules)
    (read,) = check.modules
    assert (read.solved, read.solves, [len(r) for r in read.rounds]) == (True, 1, [1, 2])
    text = "\n".join(report_lines(check, rules))
    assert "0 strikes, 1 of 2 rounds solved (practice dealt a fresh board once: `new` or `again`)" in text
    assert "0 strikes, 1 of 2 rounds solved, 0 judged otherwise" in " ".join(text.split())  # the summary
    from ktane_congkak.paper.log_report import report_html

    html = report_html(check, rules, "Player.log")
    assert html.count("1 of 2 rounds solved") == 2 and "of 1 solved" not in html and ">solved<" not in html
    assert log_json(check)["modules"][0]["solved"] is True


def test_a_solve_then_again_and_another_solve_is_two_solves(rules):
    module = CongkakModule(seed=5)
    first = module.board
    module.press(module.evaluation.answer[0])
    module.new_puzzle(first)  # practice's `again`
    module.press(module.evaluation.answer[0])
    (read,) = check_log_lines(module.log, rules).modules
    assert (read.solves, len(read.rounds)) == (2, 2)
    text = " ".join("\n".join(report_lines(check_log_lines(module.log, rules), rules)).split())
    assert "2 of 2 rounds solved (practice dealt a fresh board once" in text and "2 of 2 rounds solved, " in text


def test_a_real_log_is_one_round(rules):
    (one, _) = check_log_lines(two_modules(rules), rules).modules
    assert (len(one.rounds), one.solves) == (1, 1)
    assert "rounds" not in "\n".join(report_lines(check_log_lines(two_modules(rules), rules), rules))


def test_a_module_whose_only_state_line_is_garbled_has_no_rounds_to_count(rules):
    """Its board unreadable, the module has no round at all: no "0 rounds (practice dealt a
    fresh board -1 times ...)" for it, and the summary claims no rounds beside the other's."""
    garbled = [line.replace("Initial state: ", "Initial state: x") if line.startswith("[Congkak #1]") else line
               for line in two_modules(rules)]  # both of module 1's state lines
    check = check_log_lines(garbled, rules)
    one, three = check.modules
    assert (one.boards, one.rounds, one.fresh_deals, three.fresh_deals) == ((), [], 0, 0)
    text = "\n".join(report_lines(check, rules))
    assert "rounds" not in text and "-1 times" not in text
    assert "Congkak #1: 0 boards, 0 presses, 0 strikes, not solved\n" in text
    assert "1 of 2 solved, 1 judged otherwise" in text


@pytest.mark.parametrize("change", ["extra", "missing"])
def test_a_state_line_with_extra_or_missing_numbers_is_refused(rules, change):
    """Never read as a 17- or 15-slot board (which would "agree" with nothing to compare): the
    board is skipped with a note, and so are the lines that belonged to it."""
    lines = board(1, EXAMPLE, [11, 11, 8, 11, 0, 8, 0]) + solve(1, 1, 11)
    lines[0] = lines[0] + "0 " if change == "extra" else lines[0].removesuffix("48 ")
    for ending in ("\n", ""):  # also as a log's last line, with no line end
        (module,) = read_log([line + "\n" for line in lines[:-1]] + [lines[0] + ending], rules).modules
        assert module.boards == [] and len(module.notes) >= 1
    (module,) = read_log(lines, rules).modules
    assert module.boards == []
    assert module.notes[0] == "line 1: the state line does not hold 16 whole numbers; its board is skipped"
    assert [n.split(":")[0] for n in module.notes] == ["line 1", "line 2", "line 3", "line 4"]


def test_presses_logged_after_a_solve_disagree_each_naming_the_solve(rules):
    ev = CongkakModule(rules=rules, board=EXAMPLE).evaluation
    right = ev.points.index(ev.maximum) + 1
    wrong = next(h for h in range(1, 8) if ev.module[h - 1] not in ("solve", "empty"))
    lines = (board(1, EXAMPLE, list(ev.points)) + strike(1, wrong, ev.points[wrong - 1])
             + solve(1, right, ev.maximum) + solve(1, right, ev.maximum) + strike(1, wrong, ev.points[wrong - 1]))
    presses = check_log_lines(lines, rules).modules[0].boards[0].presses
    assert [p.problems for p in presses[:2]] == [(), ()]  # before the solve, and the solve itself, agree
    assert [p.problems for p in presses[2:]] == [
        ("line 6: a press logged after the module was solved (line 5)",),
        ("line 7: a press logged after the module was solved (line 5)",)]


def test_each_module_knows_its_bomb_counted_in_its_launch(rules):
    """The game's "Generating bomb" line before a module's first line names its bomb; a
    new launch counts again; a log without such lines names none (0)."""
    import random

    from bomblogs import ReleaseWriter, random_presses

    lines = two_modules(rules)
    rng = random.Random(4)
    fifth = ReleaseWriter("2023-07-27", rules, rng).module(5, random_presses(rng))
    log = [*unity_noise(lines), "[BombGenerator] Generating bomb with seed 7", *fifth, *unity_noise(lines)]
    modules = read_log(log, rules).modules
    assert [(m.launch, m.number, m.bombs) for m in modules] == [
        (1, 1, (1, 1)), (1, 3, (1, 1)), (1, 5, (2, 2)), (2, 1, (1, 1)), (2, 3, (1, 1))]
    assert [m.bombs for m in read_log(lines, rules).modules] == [(0, 0), (0, 0)]


def test_bombs_generated_together_leave_a_modules_bomb_open(rules):
    """The bombs of one round (Multiple Bombs) are all generated before any module logs: a
    module after them is on one of them, the log does not say which; the next round's
    bomb, after the game's round line, is a bomb of its own, and so is one after a module."""
    lines = two_modules(rules)
    bombs = ["[BombGenerator] Generating bomb with seed 7", "[BombGenerator] Generating bomb with seed 8"]
    log = [*bombs, *lines, "[State] Enter GameplayState", bombs[0], bombs[1],
           *[line.replace("#1]", "#5]").replace("#3]", "#7]") for line in lines], bombs[0],
           *[line.replace("#1]", "#9]") for line in lines if "#1]" in line]]
    assert [(m.number, m.bombs) for m in read_log(log, rules).modules] == [
        (1, (1, 2)), (3, (1, 2)), (5, (3, 4)), (7, (3, 4)), (9, (5, 5))]
