"""`ktane-congkak verify --log`: a bomb's Unity log judged press by press (issue 10)."""

import json
from pathlib import Path

import pytest

from bomblogs import EXAMPLE, board, goes_on, two_modules, unity_noise
from conftest import ROOT, cli, run


@pytest.fixture(autouse=True)
def wide_output(monkeypatch):
    """The report's words unwrapped (tests/cli/test_widths.py checks how they are wrapped);
    the docs' examples set 80 columns, as they were made."""
    monkeypatch.setenv("COLUMNS", "1000")


def write_log(path, lines, newline="\r\n", encoding="utf-8"):
    path.write_bytes("".join(line + newline for line in lines).encode(encoding))
    return str(path)


@pytest.fixture
def bomb_log(tmp_path, rules):
    """Two Congkak modules among Unity's noise, with Windows line ends."""
    return write_log(tmp_path / "Player.log", unity_noise(two_modules(rules)))


def test_the_text_report_judges_every_press(capsys, bomb_log):
    code, out, err = run(capsys, "verify", "--log", bomb_log)
    assert code == 0 and err == ""
    assert "Congkak #1: 2 boards, 3 presses, 1 strike, solved" in out
    assert "Congkak #3: 2 boards, 2 presses, 1 strike, solved" in out
    assert "  Board 1 (line 5): c1-2311040-0401012-48-31" in out
    assert "Hole 5 (line 47): WRONG: strike (an empty hole), as logged. The hole is empty." in out
    assert "Hole 6 (line 62): WRONG: no strike (the game continues), as logged." in out
    assert "The manual's wording would strike here (8 points is the least of the non-empty holes); the module did not." in out
    assert ("Hole 3 (line 56): WRONG: strike (the minimum rule), as logged. 23 points, but it holds 2 seeds, as many "
            "as hole 1, the lowest hole with the smallest nonzero points (18): the module compares seed counts.") in out
    assert "The module struck where the manual's wording would not" in out
    assert "Congkak Solver" not in out
    assert out.rstrip().splitlines()[-1] == ("Summary: 2 Congkak modules (#1, #3), 4 boards, 5 presses, 2 strikes, "
                                             "2 of 2 solved, 2 judged otherwise by the manual's wording; "
                                             "the engine agrees with everything the modules logged.")


def test_json_on_the_same_log(capsys, bomb_log, rules):
    from ktane_congkak.core.logcheck import check_log_lines
    from ktane_congkak.core.logtext import log_json

    code, out, _ = run(capsys, "verify", "--log", bomb_log, "--json")
    data = json.loads(out)
    whole = log_json(check_log_lines(Path(bomb_log).read_text().splitlines(), rules))
    assert out == json.dumps(whole, separators=(",", ":")) + "\n"  # written a module at a time, the same text
    assert code == 0 and data["agrees"] is True
    assert [(m["module"], m["strikes"], m["solved"], len(m["puzzles"])) for m in data["modules"]] == [
        (1, 1, True, 2), (3, 1, True, 2)]
    first = data["modules"][0]["puzzles"][0]
    assert first["presses"] == [{"hole": 5, "verdict": "empty", "logged": "empty", "manual": "empty"},
                                {"hole": 6, "verdict": "continue", "logged": "continue", "manual": "strike"}]


def test_trace_follows_your_turn_and_the_reply_drop_by_drop(capsys, bomb_log):
    code, out, _ = run(capsys, "verify", "--log", bomb_log, "--trace")
    assert code == 0
    assert "Your turn from hole 6: " in out and "Pick up all 4 seeds from your hole 6" in out
    assert "The opponent's reply from position" in out and "Relay: pick up" in out


def test_a_tampered_points_line_exits_1_and_says_where(capsys, tmp_path, rules):
    lines = two_modules(rules)
    lines[2] = lines[2].replace(" 11 11 8 11 0 8 0 ", " 11 11 8 11 0 9 0 ")
    code, out, _ = run(capsys, "verify", "--log", write_log(tmp_path / "t.log", lines))
    assert code == 1
    assert ("!! DISAGREES: line 3: the module logged points 11 11 8 11 0 9 0, "
            "the engine computes 11 11 8 11 0 8 0") in out
    assert "!! THE ENGINE DISAGREES WITH THE LOG in 1 place" in out
    code, out, _ = run(capsys, "verify", "--log", str(tmp_path / "t.log"), "--json")
    assert code == 1 and json.loads(out)["agrees"] is False


@pytest.mark.parametrize("content", [
    b"",
    b"[Wires #2] Cut the third wire.\n[Congkak Solver #3] Initial state: 7 7 7 7 7 7 7 0 7 7 7 7 7 7 7 0 \n",
    bytes(range(256)) * 40,
])
def test_a_log_without_congkak_exits_2_in_one_line(capsys, tmp_path, content):
    path = tmp_path / "other.log"
    path.write_bytes(content)
    code, out, err = run(capsys, "verify", "--log", str(path))
    assert code == 2 and out == ""
    assert err == (f"ktane-congkak: verify: {path}: no Congkak module in this log "
                   "(no line tagged [Congkak #N], or [Congkak N] as the first release wrote)\n")


def test_a_log_with_no_readable_board_exits_2(capsys, tmp_path):
    path = tmp_path / "bad.log"
    path.write_text("[Congkak #1] Initial state: 1 2 3 \n[Congkak #1] You selected an empty hole (Hole #5). Strike.\n")
    code, out, err = run(capsys, "verify", "--log", str(path))
    assert code == 2 and out == ""
    assert err == (f"ktane-congkak: verify: {path}: no Congkak board could be read in this log (line 1: the state line "
                   "does not hold 16 whole numbers; its board is skipped)\n")


@pytest.mark.parametrize("argv, message", [
    (["verify", "--log", "/no/such/Player.log"], "/no/such/Player.log: no such file"),
    (["verify", "--log", "x.log", "--answer", "3"], "--log takes no BOARD, --answer"),
    (["verify", "--log", "x.log", "--strike-rule", "manual"], "leave out --rules and --strike-rule"),
])
def test_bad_log_options_are_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_standard_input_and_utf16(tmp_path, rules):
    text = "".join(line + "\n" for line in unity_noise(two_modules(rules)))
    result = cli("verify", "--log", "-", "--json", stdin=text)
    assert result.returncode == 0 and json.loads(result.stdout)["agrees"] is True
    utf16 = write_log(tmp_path / "ps.log", unity_noise(two_modules(rules)), encoding="utf-16")  # PowerShell's >
    result = cli("verify", "--log", utf16, "--json")
    assert result.returncode == 0 and json.loads(result.stdout) == json.loads(cli("verify", "--log", "-", "--json",
                                                                                   stdin=text).stdout)


def test_an_over_long_line_is_cut_not_held(tmp_path, rules):
    from ktane_congkak.cli.verify import _log_lines
    from ktane_congkak.typed import MAX_LINE

    path = tmp_path / "long.log"
    lines = board(1, EXAMPLE, [11, 11, 8, 11, 0, 8, 0])
    path.write_text("x" * (3 * MAX_LINE + 5) + "\n" + "\n".join(lines) + "\n")
    read = list(_log_lines(str(path)))
    assert [len(line) for line in read] == [MAX_LINE + 1] + [len(line) + 1 for line in lines]


def test_a_practice_session_log_reads_back(tmp_path):
    """`practice --text` with `log`: its lines are a bomb log that verify --log accepts."""
    from ktane_congkak.core.module import CongkakModule

    module = CongkakModule(seed="readback")
    ev = module.evaluation
    wrong = next(h for h in range(1, 8) if ev.module[h - 1] in ("strike", "continue"))
    empty = [h for h in range(1, 8) if ev.module[h - 1] == "empty"]
    presses = "".join(f"hole {h}\n" for h in empty[:1] + [wrong])
    session = cli("practice", "--text", "--seed", "readback", stdin=presses + "end\nlog\nquit\n")  # all of it, once over
    log = [line for line in session.stdout.splitlines() if line.startswith("[Congkak #1]")]
    assert any("Total points gained after playing each hole: " in line for line in log)  # a second board
    path = write_log(tmp_path / "practice.log", log, newline="\n")
    result = cli("verify", "--log", path)
    assert result.returncode == 0, result.stdout
    assert f"Congkak #1: 2 boards, {len(empty[:1]) + 1} presses" in result.stdout
    assert "the engine agrees with everything the modules logged" in result.stdout


def test_a_module_cut_mid_board_is_reported_not_a_crash(capsys, tmp_path, rules):
    lines = board(4, EXAMPLE, [11, 11, 8, 11, 0, 8, 0]) + goes_on(4, 6, 8)
    path = tmp_path / "cut.log"
    path.write_text("\n".join(lines) + "\n[Congkak #4] Initial state: 3 4 1 1 ")
    code, out, _ = run(capsys, "verify", "--log", str(path))
    assert code == 0
    assert "Note: line 5: the log ends in the middle of this line; it was not read" in out
    assert "Note: the log stops after the press of line 4, before the next board" in out


def test_the_manuals_example_is_the_commands_real_output(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "verify", "--log", str(ROOT / "docs" / "bomb-example.log"))
    shown = "\n".join(f"    {line}" if line else "" for line in out.rstrip("\n").splitlines())
    assert code == 0 and shown in (ROOT / "docs" / "manual.md").read_text()


# Every release of the module (issues 18, 30) ----------------------------------------------
RELEASES = ["2021-07-07", "2021-07-08", "2021-09-18", "2023-04-24", "2023-04-26", "2023-05-22", "2023-07-27"]


@pytest.mark.parametrize("date", RELEASES)
def test_a_genuine_log_of_every_release_exits_0(capsys, tmp_path, rules, date):
    from bomblogs import release_bomb

    path = write_log(tmp_path / "Player.log", unity_noise(release_bomb(date, rules, 7)))
    code, out, err = run(capsys, "verify", "--log", path)
    assert code == 0 and err == "" and "!!" not in out, out
    assert out.count(f"  Release {date}") == 3
    assert "3 of 3 solved" in out and "the engine agrees with everything the modules logged" in out
    data = json.loads(run(capsys, "verify", "--log", path, "--json")[1])
    assert [m["version"] for m in data["modules"]] == [date] * 3


@pytest.mark.parametrize("build, release", [("2021-07-12", "2021-07-08"), ("2022-07-06", "2021-09-18")])
def test_a_build_that_changed_nothing_a_log_shows_is_taken_as_its_release(capsys, tmp_path, rules, build, release):
    from bomblogs import release_bomb

    path = write_log(tmp_path / "Player.log", release_bomb("2021-07-07", rules, 2, modules=(1,)))
    code, out, _ = run(capsys, "verify", "--log", path, "--release", build)
    assert code == 0 and f"  Release {release}, as asked (--release): not told from the log" in out
    code, out, _ = run(capsys, "solve", *map(str, EXAMPLE), "--release", build)
    assert code == 0 and f"Judged by the module's {release} release: " in out


def test_an_altered_old_log_exits_1_naming_the_line(capsys, tmp_path, rules):
    from bomblogs import AFTER, release_bomb

    lines = release_bomb("2023-04-26", rules, 7)
    i = next(i for i, line in enumerate(lines) if AFTER in line)
    lines[i] = lines[i][:-2] + str(int(lines[i][-2]) + 1) + " "  # the last hole's points
    code, out, _ = run(capsys, "verify", "--log", write_log(tmp_path / "t.log", lines))
    assert code == 1 and f"!! DISAGREES: line {i + 1}: the module logged points" in out


def test_two_launches_and_a_chosen_release_in_the_text_report(capsys, tmp_path, rules):
    from bomblogs import release_bomb

    launch = ["Initialize engine version: 2017.4.22f1 (3583f9e3a8e9)"]
    lines = launch + release_bomb("2023-07-27", rules, 1, (1,)) + launch + release_bomb("2023-07-27", rules, 2, (1,))
    path = write_log(tmp_path / "two.log", lines)
    code, out, _ = run(capsys, "verify", "--log", path)
    assert code == 0 and "Congkak #1 (launch 2): " in out and "2 Congkak modules (#1, #1 (launch 2))" in out
    code, out, _ = run(capsys, "verify", "--log", path, "--release", "2023-04-24")
    assert code == 1 and out.count("  Release 2023-04-24, as asked (--release): not told from the log") == 2


def test_solve_and_verify_take_a_release(capsys):
    code, out, _ = run(capsys, "solve", *map(str, EXAMPLE), "--release", "2023-04-24")
    assert code == 0 and "Judged by the module's 2023-04-24 release: a hole holding one seed is not sown" in out
    assert "   6      4      56  strike" in out and "Answer: press any of holes 1, 2, 3 or 4 (59 points each)." in out
    code, out, _ = run(capsys, "solve", *map(str, EXAMPLE), "--release", "2023-04-26", "--json")
    data = json.loads(out)
    assert data["points"] == [59, 59, 59, 59, 0, 56, 0] and data["release"] == "2023-04-26"
    assert "release" not in json.loads(run(capsys, "solve", *map(str, EXAMPLE), "--json")[1])  # today's: as before
    code, out, _ = run(capsys, "verify", *map(str, EXAMPLE), "--answer", "3", "--release", "2023-04-26")
    assert code == 0 and out.startswith("RIGHT: hole 3 solves: 59 points is the maximum")
    code, out, err = run(capsys, "solve", *map(str, EXAMPLE), "--release", "2023-04-26", "--rules", "mancala")
    assert code == 2 and out == "" and "leave out --rules mancala" in err and err.count("\n") == 1


def test_the_opponents_points_under_an_old_release_count_its_whole_store(capsys):
    code, out, _ = run(capsys, "solve", *map(str, EXAMPLE), "--side", "opponent", "--release", "2023-04-26")
    assert code == 0 and "points are its holes plus its whole store." in out
    assert "  14      2      42  solve" in out  # today's 11 + the 31 its store held before


def test_answers_judged_by_an_old_release_say_which(capsys, tmp_path):
    """The same answer is right by one release and wrong by another: the output names the release."""
    answers = tmp_path / "answers.yaml"
    answers.write_text("format: ktane-congkak-answers 1\nanswers: {1: 1}\n")
    sheet = ["verify", "--puzzles", "starter", "--answers", str(answers)]
    code, out, _ = run(capsys, *sheet, "--release", "2023-04-24")
    assert code == 1 and out.startswith("Judged by the module's 2023-04-24 release: ") and " 1  c1-d100100" in out
    assert "RIGHT" in out.splitlines()[2]  # under the release line and the header
    data = json.loads(run(capsys, *sheet, "--release", "2023-04-24", "--json")[1])
    assert data["release"] == "2023-04-24" and data["puzzles"][0]["status"] == "right"
    today = json.loads(run(capsys, *sheet, "--json")[1])
    assert "release" not in today and today["puzzles"][0]["status"] == "wrong"
    one = ["verify", *map(str, EXAMPLE), "--answer", "6", "--json"]
    assert json.loads(run(capsys, *one, "--release", "2023-04-24")[1])["release"] == "2023-04-24"
    assert "release" not in json.loads(run(capsys, *one)[1])


def test_the_releases_doc_example_is_the_commands_real_output(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    command = "solve 2 3 1 1 0 4 0 31 0 4 0 1 0 1 2 48 --release 2023-04-24"
    code, out, _ = run(capsys, *command.split())
    shown = "\n".join(f"    {line}" if line else "" for line in [f"$ ktane-congkak {command}", *out.rstrip("\n").splitlines()])
    assert code == 0 and shown + "\n\n" in (ROOT / "docs" / "releases.md").read_text()


def test_a_state_line_short_of_98_seeds_is_refused_as_no_module_logs_it(capsys, tmp_path, rules):
    """Every module board holds 98 seeds (practice's from an ID without stores too): a
    state line holding fewer was altered, so its board is skipped with a note naming the
    line, as one holding more is; one holding a single seed alone is no board at all."""
    lines = two_modules(rules)
    first = next(i for i, line in enumerate(lines) if "Initial state: " in line)
    head, counts = lines[first].split("Initial state: ")
    numbers = counts.split()
    numbers[7] = str(int(numbers[7]) - 9)
    lines[first] = f"{head}Initial state: {' '.join(numbers)} "
    code, out, _ = run(capsys, "verify", "--log", write_log(tmp_path / "short.log", lines))
    assert f"Board 1 (line {first + 1}): " not in out
    assert f"line {first + 1}: the state line holds 89 seeds, not the 98 of every Congkak board; its board is skipped" in out
    one = write_log(tmp_path / "one.log", [f"[Congkak #1] Initial state: 1 {'0 ' * 15}"])
    code, out, err = run(capsys, "verify", "--log", one)
    assert code == 2 and "line 1: the state line holds 1 seed, not the 98" in err and not out


def test_a_practice_log_of_an_id_without_stores_agrees_and_names_it_as_practised(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path))
    assert run(capsys, "practice", "--text", "--puzzle", "c1-2311040-0401012", stdin="hole 6\nquit\n",
               monkeypatch=monkeypatch)[0] == 0
    code, log, _ = run(capsys, "practice", "--last-log")
    code, out, _ = run(capsys, "verify", "--log", log.strip())
    assert code == 0 and "DISAGREES" not in out
    # The module put the 79 seeds the holes leave in the stores (the odd one in the opponent's)
    assert "Board 1 (line 2): c1-2311040-0401012-39-40\n" in out


def test_a_date_between_releases_is_judged_by_the_release_in_force_and_says_so(capsys):
    code, out, _ = run(capsys, "solve", *map(str, EXAMPLE), "--release", "2022-01-01")
    assert code == 0 and out.startswith("--release 2022-01-01: the module in force on that date is its 2021-11-19 "
                                        "release, which plays by the rules of 2021-09-18.\n")
    assert "Judged by the module's 2021-09-18 release: " in out
    code, out, err = run(capsys, "solve", *map(str, EXAMPLE), "--release", "2020-01-01")
    assert code == 2 and out == "" and "give a date from 2021-07-07 on" in err and "2023-11-13" not in err
    data = json.loads(run(capsys, "solve", *map(str, EXAMPLE), "--release", "2023-05-01", "--json")[1])
    assert data["release"] == "2023-04-26" and data["points"] == [59, 59, 59, 59, 0, 56, 0]


@pytest.mark.parametrize("board", ["2311040 0401012", "2 3 1 1 0 4 0 0 4 0 1 0 1 2",
                                   "1: 02 2: 03 3: 01 4: 01 5: 00 6: 04 7: 00 8: 00 9: 04 10: 00 11: 01 12: 00 "
                                   "13: 01 14: 02"])
def test_practice_and_solve_take_a_board_as_a_player_reads_it(capsys, tmp_path, monkeypatch, board):
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path))
    code, out, _ = run(capsys, "practice", "--text", "--puzzle", board, stdin="answer\nquit\n", monkeypatch=monkeypatch)
    assert code == 0 and "Solving holes: 1, 2, 4" in out and "c1-" not in out  # no ID while the board is played
    code, out, _ = run(capsys, "solve", "--puzzle", board)
    assert code == 0 and "Answer: press any of holes 1, 2 or 4 (11 points each)." in out
