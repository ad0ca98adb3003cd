"""Hostile input and conditions (issue 11), tried as a user would: the command line in a
subprocess with a time limit and a memory limit. Each case must end in time with its exit
code and, for a refusal, one line on standard error and no traceback; files must not be
replaced or lost. Then a seeded fuzz of every reader with random bytes and YAML."""

from __future__ import annotations

import os
import random
import resource
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import need_tool, start, wait_until

from ktane_congkak.core.rules import load_ruleset, ruleset_from_dict
from ktane_congkak.errors import UserError
from ktane_congkak.files import MAX_FILE_BYTES, dump_yaml, read_yaml
from ktane_congkak.puzzles import sets

MEMORY = 1 << 30  # address space of a command under test: a runaway allocation fails fast
SECONDS = 60  # a command stuck this long fails its test (each takes about a second when all is well)
ROOT = Path(__file__).resolve().parent.parent


def _limits(memory: int = MEMORY):
    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # a shell's background job ignores it; a user's does not
    return apply


def _env(tmp_path: Path) -> dict:
    env = dict(os.environ, KTANE_CONGKAK_DATA=str(tmp_path / "data"), LC_ALL="C.UTF-8", PYTHONUTF8="0",
               PYTHONPATH=str(ROOT))
    env.pop("PYTHONIOENCODING", None)
    return env


def cli(tmp_path: Path, *args: str, stdin: bytes = b"", timeout: float = SECONDS, memory: int = MEMORY):
    """Run `ktane-congkak ARGS` as a user would; returns the CompletedProcess (text)."""
    done = subprocess.run([sys.executable, "-m", "ktane_congkak", *args], input=stdin, capture_output=True,
                          timeout=timeout, preexec_fn=_limits(memory), env=_env(tmp_path), cwd=tmp_path)
    done.stdout = done.stdout.decode("utf-8", "replace")
    done.stderr = done.stderr.decode("utf-8", "replace")
    return done


def refused(done, *words: str) -> str:
    """Exit 2, one line on standard error naming the problem, no traceback."""
    err = done.stderr
    assert "Traceback" not in err and "Traceback" not in done.stdout, err[-2000:]
    assert done.returncode == 2, (done.returncode, err[-500:])
    assert err.startswith("ktane-congkak") and err.count("\n") == 1, err[-1000:]
    assert len(err) < 400, err[:400]
    for word in words:
        assert word in err, err
    return err


# --- fixtures: files a user would have -------------------------------------------------

BAD_RULES = "name: stuck\nholes_per_side: 3\nseeds_per_hole: 1\nsowing: {own_store: after_own_row}\n"


def alias_bomb(levels: int = 9) -> str:
    """Nine levels of nine aliases: about 500 bytes that expand to 9**9 strings."""
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for k in range(1, levels):
        lines.append(f"a{k}: &a{k} [" + ",".join([f"*a{k - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def puzzle_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("set") / "set.yaml"
    sets.save(sets.generate(load_ruleset("module"), 3, "hostile"), path)
    return path


def _bomb_in(field: str, tmp_path: Path, puzzle_file: Path) -> tuple[list[str], Path]:
    """A file with an alias bomb in `field`, and the command that reads it."""
    bomb = alias_bomb()
    top = "a8"  # the last level
    if field == "ruleset name":
        path = tmp_path / "rules.yaml"
        path.write_text(bomb + f"name: *{top}\nholes_per_side: 7\nseeds_per_hole: 7\n")
        return ["solve", "--rules", str(path), "7 7 7 7 7 7 7 7 7 7 7 7 7 7"], path
    if field in ("puzzle id", "puzzle title"):
        text = puzzle_file.read_text()
        if field == "puzzle id":
            text = text.replace("- id: ", f"- id: *{top}\n  note: ", 1)  # the real ID becomes a note
        else:
            text = text.replace("format: 1", f"format: 1\ntitle: *{top}", 1)
        path = tmp_path / "set.yaml"
        path.write_text(bomb + text)
        return ["print", str(path), "--out", str(tmp_path / "out.pdf")], path
    if field == "answers":
        path = tmp_path / "answers.yaml"
        path.write_text(bomb + f"answers: {{1: *{top}}}\n")
        return ["verify", "--puzzles", str(puzzle_file), "--answers", str(path)], path
    path = tmp_path / "game.yaml"  # a saved game's format
    path.write_text(bomb + f"kind: ktane-congkak game\nformat: *{top}\n")
    return ["game", "--text", "--load", str(path)], path


# --- hangs --------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["generate", "solve", "stats", "print"])
def test_a_ruleset_that_makes_no_board_gives_up(command, tmp_path):
    rules_path = tmp_path / "stuck.yaml"
    rules_path.write_text(BAD_RULES)
    if command == "generate":
        args = ["generate", "--rules", str(rules_path), "-n", "3"]
    elif command == "solve":
        args = ["solve", "--rules", str(rules_path), "--puzzle", "#x"]
    elif command == "stats":
        args = ["stats", "--rules", str(rules_path), "-n", "30000", "-j", "2"]
    else:  # a puzzle file naming the ruleset, with a seed ID to check
        rules = load_ruleset(str(rules_path))
        puzzle = sets.make_puzzle((1, 1, 1, 0, 1, 1, 1, 0), rules, seed="#x")
        path = tmp_path / "set.yaml"
        path.write_text(sets.dumps(sets.PuzzleSet(rules, [puzzle])).replace("rules: stuck", f"rules: {rules_path}"))
        args = ["print", str(path), "--out", str(tmp_path / "out.pdf")]
    refused(cli(tmp_path, *args, timeout=60), "cannot make a board", "draws")


def _interrupt_once_working(tmp_path, args):
    """Start a command, Ctrl-C its process group once its workers run; (exit code, stderr,
    processes left in the group, the parent's memory in MB just before)."""
    proc = start([sys.executable, "-m", "ktane_congkak", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                 preexec_fn=_limits(), env=_env(tmp_path), cwd=tmp_path)
    wait_until(lambda: proc.poll() is not None or len(_group(proc.pid)) > 1, "the workers start")
    assert proc.poll() is None, proc.communicate()
    peak = _rss_mb(proc.pid)
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C in a terminal does
    out, err = proc.communicate(timeout=60)  # the workers' endless chunks are not waited for (a hang fails)
    return proc.returncode, err.decode(), _group(proc.pid), peak


def _group(pid: int) -> list[str]:
    return subprocess.run([need_tool("pgrep", what="counting a process's workers"), "-g", str(pid)], capture_output=True, text=True).stdout.split()


def _rss_mb(pid: int) -> float:
    total = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            total = int(line.split()[1]) / 1024
    return total


def test_ctrl_c_on_parallel_stats_stops_everything_at_once(tmp_path):
    # 10**11 boards: the chunks are streamed, so the parent neither builds them nor grows.
    # How soon it stops: benchmarks/bench_stopping.py.
    code, err, left, rss = _interrupt_once_working(tmp_path, ["stats", "--count", "100000000000", "--jobs", "2",
                                                             "--progress", "never"])
    assert code == 130, err
    assert "Traceback" not in err, err[-2000:]
    assert err.count("\n") == 1 and err.startswith("ktane-congkak: stats: stopped: "), err[-2000:]  # what it kept
    assert left == [], left  # no worker outlives the parent
    assert rss < 150, rss


def test_jobs_above_the_cpus_are_capped_and_said_once(tmp_path):
    done = cli(tmp_path, "stats", "--count", "10001", "--jobs", "1000", "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("capped") == 1 and done.stderr.count("\n") == 1, done.stderr
    assert '"boards":10001' in done.stdout


# --- unbounded memory or time --------------------------------------------------------

@pytest.mark.parametrize("field", ["ruleset name", "puzzle id", "puzzle title", "answers", "saved game format"])
def test_an_alias_bomb_is_refused_before_it_expands(field, tmp_path, puzzle_file):
    args, path = _bomb_in(field, tmp_path, puzzle_file)
    before = path.read_bytes()
    refused(cli(tmp_path, *args, timeout=60, memory=512 << 20), "anchors and aliases")
    assert path.read_bytes() == before


def test_an_alias_bomb_in_the_history_is_set_aside(tmp_path):
    from ktane_congkak.practice.history import load_history

    path = tmp_path / "history.yaml"
    path.write_text(alias_bomb() + "sessions: [{mode: *a8}]\n")
    sessions, warning = load_history(path)  # (expanded, the aliases would take minutes and gigabytes)
    assert sessions == [] and "anchors and aliases" in warning and "\n" not in warning
    assert not path.exists() and len(list(tmp_path.glob("history.yaml.damaged-*"))) == 1  # kept, not lost


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("command", ["verify", "game", "print", "rules", "log"])
def test_a_device_is_not_read_as_a_file(command, device, tmp_path, puzzle_file):
    args = {"verify": ["verify", "--puzzles", str(puzzle_file), "--answers", device],
            "game": ["game", "--text", "--load", device],
            "print": ["print", device, "--out", str(tmp_path / "o.pdf")],
            "rules": ["solve", "--rules", device, "7 7 7 7 7 7 7 7 7 7 7 7 7 7"],
            "log": ["verify", "--log", device]}[command]  # a log is streamed: the device is what is refused
    done = cli(tmp_path, *args, timeout=60, memory=512 << 20)
    if command == "print":  # not a puzzle file, so it is read as a puzzle ID
        refused(done)
    else:
        refused(done, "not a regular file")


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path, puzzle_file):
    fifo = tmp_path / "answers.yaml"
    os.mkfifo(fifo)
    refused(cli(tmp_path, "verify", "--puzzles", str(puzzle_file), "--answers", str(fifo), timeout=60),
            "not a regular file")


def test_a_huge_answers_file_is_refused_by_its_size(tmp_path, puzzle_file):
    path = tmp_path / "answers.yaml"
    path.write_text("answers:\n" + "".join(f"  x{i}: {i}\n" for i in range(MAX_FILE_BYTES // 8)))  # about 9 MB
    refused(cli(tmp_path, "verify", "--puzzles", str(puzzle_file), "--answers", str(path)), "larger than 4 MB")


def test_the_search_table_has_a_fixed_size(monkeypatch):
    from ktane_congkak.games import ai
    from ktane_congkak.games.game import Game

    monkeypatch.setattr(ai, "TABLE_SLOTS", 256)
    seen = []
    original = ai._Search.negamax

    def watched(self, *args):
        seen.append(self)
        return original(self, *args)

    monkeypatch.setattr(ai._Search, "negamax", watched)
    game = Game("congkak")
    # 20,000 positions, whatever the clock says (a time budget searched fewer on a busy machine).
    slot = ai.SearchPlayer(budget=float("inf"), max_depth=30, max_nodes=20_000, rng=random.Random(0)).choose(game, 0)
    assert slot in game.legal(0)
    table = seen[0].table
    assert len(table) == 256 and sum(e is not None for e in table) > 100  # used, and never more


def test_a_hint_and_a_computer_move_keep_to_the_budget(tmp_path):
    # North: the computer (South) moves first, then two hints on the position it leaves.
    # That each search keeps to the budget is tests/games/test_ai.py's (on a patched clock);
    # the seconds they take: benchmarks/bench_stopping.py.
    done = cli(tmp_path, "game", "--text", "--rules", "mancala", "--side", "north", "--first", "computer", "--budget", "0.5",
               "--seed", "1", stdin=b"hint\nhint\nquit\n", memory=512 << 20)
    assert done.returncode == 0, done.stderr
    assert "South sows" in done.stdout and done.stdout.count("Hint: hole") == 2, done.stdout[-500:]


def test_a_fixed_depth_beyond_the_cap_is_refused(tmp_path):
    refused(cli(tmp_path, "game", "--text", "--depth", "20"), "from 1 to 12")


# --- numbers --------------------------------------------------------------------------

BIG = "9" * 5000  # more digits than int() takes from text
BOARD = "7 7 7 7 7 7 7 7 7 7 7 7 7 7"


@pytest.mark.parametrize("args", [
    ["solve", "--puzzle", f"c1-z{BIG}-7777777"],
    ["solve", "--puzzle", f"c1-7777777-7777777-{BIG}-0"],
    ["verify", BOARD, "--answer", BIG],
    ["stats", "--count", BIG],
    ["solve", "7 7 7 7 7 7 7 7 7 7 7 7 7 " + BIG],
    ["print", "starter", "--layout", f"2x{BIG}", "--out", "sheet.pdf"],
    ["practice", "--text", "--mode", "timed", "--time", f"{BIG}:00"],
    ["game", "--text", "--depth", BIG],
])
def test_thousands_of_digits_are_one_line(args, tmp_path):
    refused(cli(tmp_path, *args))


@pytest.mark.parametrize("word", ["1_0", "٣", "３", "²", "+-3", "0x7"])
def test_a_board_word_that_is_not_ascii_digits_is_refused(word, tmp_path):
    refused(cli(tmp_path, "solve", f"7 7 7 7 7 7 7 7 7 7 7 7 7 {word}"), "number 14", "not a whole number")


@pytest.mark.parametrize("value", [BIG, "²", "'²'"])
def test_answers_file_numbers(value, tmp_path, puzzle_file):
    path = tmp_path / "answers.yaml"
    key = "" if value == BIG else f"  {value}: 3\n"  # (YAML itself refuses a key over 1,024 characters)
    path.write_text(f"answers:\n  1: {value}\n{key}")
    done = cli(tmp_path, "verify", "--puzzles", str(puzzle_file), "--answers", str(path))
    assert "Traceback" not in done.stderr
    if value == BIG:  # an integer YAML itself cannot build
        refused(done, "a value cannot be read")
    else:  # graded: puzzle 1 names no hole, the key '²' names no puzzle
        assert done.returncode == 1, done.stderr
        assert "NO-HOLE" in done.stdout and "ignored" in done.stdout
        assert max(map(len, done.stdout.splitlines())) < 300


def test_answers_nested_deep_are_one_line(tmp_path, puzzle_file):
    path = tmp_path / "answers.yaml"
    path.write_text("answers: {1: " + "[" * 990 + "]" * 990 + "}\n")
    refused(cli(tmp_path, "verify", "--puzzles", str(puzzle_file), "--answers", str(path)), "nested more than")


def test_practice_takes_odd_numbers_and_goes_on(tmp_path):
    script = (f"hole {BIG}\nhole ²\nhighlight ¹⁵\nhighlight 15\n{'x' * 60_000}\n{'y' * 100_000}\n".encode()
              + b"\xff\xfe\nhole 1\nquit\n")
    done = cli(tmp_path, "practice", "--text", "--seed", "1", stdin=script)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    said = [line for line in done.stdout.splitlines()
            if any(word in line for word in ("needs a number", "nvalid command", "longer than", "not UTF-8"))]
    assert len(said) == 7, said
    assert "..." in said[4] and "longer than" in said[5] and "not UTF-8" in said[6] and max(map(len, said)) < 200
    assert "bye" in done.stdout  # it read on after every bad line


def test_the_game_takes_odd_numbers_and_goes_on(tmp_path):
    script = f"{BIG}\nhole {BIG}\n²\n{'x' * 100_000}\n".encode() + b"\xff\n3\nquit\n"
    done = cli(tmp_path, "game", "--text", "--rules", "congkak", "--opponent", "greedy", stdin=script)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    errors = [line.split("> ")[-1] for line in done.stdout.splitlines() if "! " in line]
    assert len(errors) == 5, errors
    assert any("longer than" in e for e in errors) and any("not UTF-8" in e for e in errors)
    assert "South plays hole 3" in done.stdout or "hole 3" in done.stdout.split("not UTF-8")[-1]
    assert done.stdout.rstrip().endswith("bye")


def test_solve_json_stdin_answers_every_line(tmp_path):
    lines = [BOARD, "1 2 3 4 5 6 7 " + BIG, "\xff".encode("latin-1"), "hole ²", "1 2 3 4 5 6 7 1 2 3 4 5 6 7"]
    stdin = b"\n".join(x if isinstance(x, bytes) else x.encode() for x in lines) + b"\n"
    done = cli(tmp_path, "solve", "--json", "-", stdin=stdin)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    import json

    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert [o.get("line") for o in out] == [None, 2, 3, 4, None]
    assert "not UTF-8" in out[2]["error"] and out[4]["id"] == "c1-1234567-1234567"


# --- paths ----------------------------------------------------------------------------------

LONG = "x" * 300 + ".yaml"


@pytest.mark.parametrize("case", ["rules", "out", "save", "puzzle rules", "folder", "loop", "no space",
                                  "no folder", "NUL"])
def test_every_os_error_is_one_line(case, tmp_path, puzzle_file):
    gen = ["generate", "-n", "2", "--seed", "s", "--out"]
    if case == "rules":
        args = ["solve", "--rules", LONG, BOARD]
    elif case == "out":
        args = gen + [LONG]
    elif case == "save":
        args = ["game", "--text", "--opponent", "greedy", "--save", str(tmp_path / LONG)]
    elif case == "puzzle rules":
        path = tmp_path / "set.yaml"
        path.write_text(puzzle_file.read_text().replace("rules: module", f"rules: {LONG}"))
        args = ["print", str(path), "--out", str(tmp_path / "o.pdf")]
    elif case == "folder":
        args = gen + [str(tmp_path)]
    elif case == "loop":
        os.symlink(tmp_path / "b", tmp_path / "a")
        os.symlink(tmp_path / "a", tmp_path / "b")
        args = gen + [str(tmp_path / "a")]
    elif case == "no space":
        args = gen + ["/dev/full"]
    elif case == "no folder":
        args = gen + [str(tmp_path / "none" / "x.yaml")]
    else:
        args = ["solve", "--rules", "a\0b", BOARD]
    if case == "NUL":  # no OS passes a NUL in an argument, but a file can name one: in process
        from ktane_congkak.cli import main

        assert main(args) == 2
        return
    done = cli(tmp_path, *args, stdin=b"quit\n")
    refused(done, *{"out": ["too long"], "save": ["too long"], "puzzle rules": ["no ruleset"],
                     "folder": ["is a folder"], "loop": ["symbolic links"], "no space": ["no space left"],
                     "no folder": ["does not exist"]}.get(case, []))


def test_an_unwritable_folder_is_one_line(tmp_path):
    refused(cli(tmp_path, "generate", "-n", "2", "--seed", "s", "--out", "/proc/x.yaml"), "/proc/x.yaml")


def test_a_manual_folder_that_cannot_be_made_is_one_line(tmp_path):
    (tmp_path / "a-file").write_text("")
    refused(cli(tmp_path, "manual", "--out", str(tmp_path / "a-file" / "manual")),
            "cannot make the folder: a part of the path is not a folder")


# --- writes ---------------------------------------------------------------------------------

def test_out_through_a_symlink_writes_its_target(tmp_path):
    target, link = tmp_path / "target.yaml", tmp_path / "link.yaml"
    target.write_text("old\n")
    link.symlink_to(target)
    done = cli(tmp_path, "generate", "-n", "2", "--seed", "s", "--out", str(link))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text().startswith("# ktane-congkak puzzles")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_out_onto_a_device_writes_to_it_and_leaves_it_a_device(tmp_path):
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a /dev/null of our own
    except PermissionError:
        device = Path("/dev/null")
    done = cli(tmp_path, "generate", "-n", "2", "--seed", "s", "--out", str(device))
    assert done.returncode == 0, done.stderr
    assert stat.S_ISCHR(os.stat(device).st_mode)


def test_out_onto_a_fifo_without_a_reader_is_refused(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    refused(cli(tmp_path, "generate", "-n", "2", "--seed", "s", "--out", str(fifo), timeout=60), "no process reads")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_during_a_write_leaves_no_temporary_file(sig, tmp_path):
    path = tmp_path / "kept.yaml"
    path.write_text("before\n")
    # A slow disk, made by slowing fsync: the signal lands while the temporary file exists.
    code = ("import os, time, sys; from ktane_congkak import files\n"
            "os.fsync = lambda fd: (print('writing', flush=True), time.sleep(20))\n"
            f"files.write_atomic({str(path)!r}, 'after\\n' * 1000)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=_limits(), env=_env(tmp_path))
    assert proc.stdout.readline() == b"writing\n"
    assert any(p.name.endswith(".tmp") for p in tmp_path.iterdir())
    proc.send_signal(sig)
    proc.wait(timeout=60)
    assert proc.returncode in (-sig, 128 + sig, 1)  # SIGINT: KeyboardInterrupt, exit 1 from python -c
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.yaml"]
    assert path.read_text() == "before\n"  # nothing replaced, nothing lost


def test_concurrent_history_saves_lose_nothing(tmp_path):
    path = tmp_path / "history.yaml"
    code = ("import sys; from ktane_congkak.practice.history import save_session\n"
            "for i in range(40):\n"
            f"    w = save_session({{'mode': 'zen', 'result': sys.argv[1], 'seconds': i}}, {str(path)!r})\n"
            "    assert w is None, w\n")
    procs = [subprocess.Popen([sys.executable, "-c", code, name], preexec_fn=_limits(), env=_env(tmp_path))
             for name in ("a", "b", "c")]
    assert [p.wait(timeout=60) for p in procs] == [0, 0, 0]
    results = [s["result"] for s in read_yaml(path)["sessions"]]
    assert sorted(results) == ["a"] * 40 + ["b"] * 40 + ["c"] * 40


# --- fuzz: every reader, random bytes and random YAML ------------------------------------

WORDS = ["format", "name", "holes_per_side", "seeds_per_hole", "sowing", "own_store", "answers", "puzzles",
         "id", "board", "answer", "points", "rules", "kind", "moves", "start", "sessions", "mode", "seconds",
         "title", "seed", "generator", "depth", "budget", "ktane-congkak game", "module", "1", "²"]


def _random_value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(9 if depth < 4 else 6)
    if kind == 0:
        return rng.randrange(-3, 20)
    if kind == 1:
        return rng.choice(WORDS)
    if kind == 2:
        return rng.choice([None, True, 1.5, "9" * rng.randrange(1, 40), "".join(map(chr, rng.sample(range(1, 0x3000), 5)))])
    if kind == 3:
        return rng.choice([1, 2, 7, 1000])
    if kind in (4, 5):
        return "".join(rng.choice("0123456789 abc,|#") for _ in range(rng.randrange(30)))
    if kind == 6:
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(17))]
    return {rng.choice(WORDS): _random_value(rng, depth + 1) for _ in range(rng.randrange(6))}


def _mutated(rng: random.Random, value):
    """`value` (a sound document) with one node somewhere replaced by a random value."""
    if isinstance(value, (dict, list)) and value and rng.random() < 0.7:
        keys = list(value) if isinstance(value, dict) else list(range(len(value)))
        key = rng.choice(keys)
        copy = dict(value) if isinstance(value, dict) else list(value)
        copy[key] = _mutated(rng, value[key])
        return copy
    return _random_value(rng)


def _random_document(rng: random.Random, sound=None) -> bytes:
    if sound is not None and rng.random() < 0.5:  # near a real file: reaches the deeper checks
        return yaml.safe_dump(_mutated(rng, sound), allow_unicode=True).encode("utf-8", "surrogateescape")
    if rng.random() < 0.3:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(300)))
    text = yaml.safe_dump(_random_value(rng), allow_unicode=True)
    if rng.random() < 0.2:
        text = "x: &a [1, 2]\ny: *a\n" + text
    if rng.random() < 0.2 and text:
        cut = rng.randrange(len(text))
        text = text[:cut] + rng.choice(["{", "[", ": ", "!!python/object:os.system", "\t", "&b ", "*b"]) + text[cut:]
    return text.encode("utf-8", "surrogateescape")


def _readers(tmp_path: Path, puzzle_file: Path):
    from ktane_congkak.core.verify import answers_from_data
    from ktane_congkak.games.saves import load_game

    ids = [p.id for p in sets.load_puzzle_set(puzzle_file).puzzles]
    return {
        "ruleset": lambda p: ruleset_from_dict(read_yaml(p), str(p)),
        "puzzles": lambda p: sets.load_puzzle_set(p),
        "answers": lambda p: answers_from_data(read_yaml(p), ids, str(p)),
        "game": lambda p: load_game(p),
        "history": _read_history,
    }


def _read_history(path: Path) -> list[dict]:
    """The history never refuses: it keeps the sound entries and warns (the damaged file
    moved aside). Its warning is taken here as the refusal the other readers raise."""
    from ktane_congkak.practice.history import PRACTICE, entry_problem, load_history

    sessions, warning = load_history(path)
    assert all(entry_problem(entry, PRACTICE.checks, PRACTICE.at_most) is None for entry in sessions)
    if warning is not None:
        raise UserError(warning)
    return sessions


def _sound(reader: str, puzzle_file: Path):
    """A sound document of each kind, for mutations to start from."""
    from ktane_congkak.games.game import Game

    if reader == "ruleset":
        return yaml.safe_load((ROOT / "ktane_congkak" / "core" / "rulesets" / "congkak.yaml").read_text())
    if reader == "puzzles":
        return yaml.safe_load(puzzle_file.read_text())
    if reader == "answers":
        return {"format": "ktane-congkak-answers 1", "answers": {1: 3, 2: "hole 4", 3: None}}
    if reader == "game":
        game = Game("congkak")
        for _ in range(3):
            player = game.waiting[0]
            game.move(player, game.legal(player)[0])
        return yaml.safe_load(dump_yaml(game.to_dict()))
    return {"sessions": [{"started": "2026-11-30T10:00:00", "mode": "zen", "result": "solved", "seconds": 12.5,
                          "strikes": 0, "boards": 2, "solves": 1}]}


@pytest.mark.parametrize("reader", ["ruleset", "puzzles", "answers", "game", "history"])
def test_fuzz_every_reader(reader, tmp_path, puzzle_file):
    read = _readers(tmp_path, puzzle_file)[reader]
    rng = random.Random(f"hostile/{reader}")
    sound = _sound(reader, puzzle_file)
    path = tmp_path / "fuzz.yaml"
    path.write_text(dump_yaml(sound))
    read(path)  # the sound one is taken (so a mutation is what a refusal is about)
    accepted = 0
    for _ in range(150):
        data = _random_document(rng, sound)
        path.write_bytes(data)
        try:
            read(path)
            accepted += 1
        except UserError as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 400, str(exc)
    assert accepted < 150  # some mutations are refused (a save is sealed: any change is)


def test_our_own_files_never_hold_aliases():
    from ktane_congkak.files import dump_yaml, parse_yaml

    shared = {"board": [7] * 16}
    text = dump_yaml({"start": shared, "position": shared})
    assert "&" not in text and "*" not in text
    assert parse_yaml(text, "test") == {"start": shared, "position": shared}


def test_a_long_value_is_quoted_cut_short_with_its_closing_quote():
    from ktane_congkak.errors import shown

    assert shown("9" * 30, 20) == "'" + "9" * 15 + "...'"
    assert shown(b"x" * 30, 20) == "b'" + "x" * 14 + "...'"
    assert shown("abc", 20) == "'abc'"
    assert len(shown(list(range(1000)), 20)) == 20
