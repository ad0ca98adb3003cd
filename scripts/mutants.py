"""Mutation testing of the files that decide what must be exact: put one one-line bug at a
time into a copy of the package, run the tests that cover that file, and report each bug
no test caught (a surviving mutant) and a score per file.

Run it as `bash scripts/mutants [FILE[:LINE]...] [-j N]` (README, "Tests"). A mutant shown
to change nothing (an equivalent mutant) is listed, with the reason, in
scripts/mutants-equivalent.txt and is not counted.

Why a driver of our own rather than mutmut or cosmic-ray: mutmut mutates every string (each
message would need an entry) and runs its stats over the whole suite from a copy of the
whole project; cosmic-ray keeps a session database and a config per module. This one is
short, needs nothing beyond pytest, and runs only the fast tests named for each file.

The mutations, each on one node of one line: a comparison's boundary or sense flipped
(< <=, == !=, in / not in, is / is not), an integer constant +1 or -1, True/False swapped,
+ and - swapped (also in += / -=), * and //, % and //, `and`/`or` swapped, min/max swapped,
a condition negated (if, while, a conditional expression, a comprehension's filter), a
return replaced by `return None`, and a statement in a function deleted (replaced by pass).
"""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ktane_congkak"
EQUIVALENT = Path(__file__).resolve().parent / "mutants-equivalent.txt"

# Each target and the tests that cover it, fastest and most telling first (pytest -x stops
# at the first failure, so a mutant the first file catches costs little).
TARGETS: dict[str, list[str]] = {
    "core/sowing.py": ["tests/core/test_sowing.py", "tests/core/test_sowing_paths.py", "tests/core/test_vectors.py",
                       "tests/core/test_properties.py", "tests/core/test_releases.py",
                       "tests/core/test_board_rules.py"],
    "core/evaluate.py": ["tests/core/test_evaluate.py", "tests/core/test_vectors.py", "tests/core/test_verify.py",
                         "tests/core/test_properties.py", "tests/core/test_releases.py",
                         "tests/core/test_machine.py"],
    "core/modlog.py": ["tests/core/test_modlog_edges.py", "tests/core/test_modlog.py", "tests/core/test_releases.py",
                       "tests/cli/test_verify_log.py"],
    "core/logcheck.py": ["tests/core/test_modlog_edges.py", "tests/core/test_modlog.py", "tests/core/test_releases.py",
                         "tests/cli/test_verify_log.py"],
    "core/generator.py": ["tests/core/test_properties.py", "tests/core/test_machine.py"],
    "core/shortcuts.py": ["tests/core/test_shortcuts.py"],
    "core/ids.py": ["tests/core/test_ids.py", "tests/core/test_board_rules.py", "tests/core/test_verify.py",
                    "tests/core/test_machine.py"],
    "games/endgame.py": ["tests/games/test_endgame.py"],
}

PYTEST_ARGS = ["-x", "-q", "--no-header", "-o", "addopts=", "-p", "no:cacheprovider",
               "-p", "no:xdist", "-p", "no:xvfb", "-p", "no:randomly", "-W", "ignore"]

SWAP_COMPARE = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
                ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
                ast.Is: ast.IsNot, ast.IsNot: ast.Is}
SWAP_BINOP = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv,
              ast.FloorDiv: ast.Mult, ast.Mod: ast.FloorDiv}
SYMBOL = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==",
          ast.NotEq: "!=", ast.In: "in", ast.NotIn: "not in", ast.Is: "is",
          ast.IsNot: "is not", ast.Add: "+", ast.Sub: "-", ast.Mult: "*",
          ast.FloorDiv: "//", ast.Mod: "%", ast.And: "and", ast.Or: "or"}
DELETABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Raise, ast.Continue,
             ast.Break)


@dataclass
class Mutant:
    target: str  # e.g. "core/sowing.py"
    line: int
    change: str  # what was changed, e.g. "`<` -> `<=`"
    start: int  # byte offsets of the replaced text in the file
    end: int
    text: str  # what replaces it
    original_line: str

    def where(self) -> str:
        return f"{self.target}:{self.line}"


def _byte_offset(starts: list[int], line: int, col: int) -> int:
    return starts[line - 1] + col


class _Finder(ast.NodeVisitor):
    """Every mutation of one file, as (node, replacement text, change)."""

    def __init__(self) -> None:
        self.found: list[tuple[ast.AST, str, str]] = []
        self.depth = 0  # functions we are inside

    def add(self, node: ast.AST, new: ast.AST | str, change: str) -> None:
        text = new if isinstance(new, str) else ast.unparse(new)
        if isinstance(node, ast.expr):
            text = f"({text})"
        self.found.append((node, text, change))

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        # Annotations and decorators are not run as code worth mutating; the body is.
        self.depth += 1
        for default in node.args.defaults + node.args.kw_defaults:
            if default is not None:
                self.visit(default)
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # the docstring
        for statement in body:
            self.visit(statement)
        self.depth -= 1

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for statement in node.body:
            if isinstance(statement, ast.AnnAssign) and statement.value is None:
                continue  # a field's declaration
            self.visit(statement)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)
        self._delete(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        pass  # f-strings: messages, not logic

    def visit_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant):
            return  # a docstring or a bare string
        self.generic_visit(node)
        self._delete(node)

    def _delete(self, node: ast.stmt) -> None:
        if self.depth:
            self.add(node, "pass", "statement deleted")

    def generic_visit(self, node: ast.AST) -> None:
        super().generic_visit(node)
        if isinstance(node, DELETABLE) and not isinstance(node, (ast.Expr, ast.AnnAssign)):
            self._delete(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        self.generic_visit(node)
        for i, op in enumerate(node.ops):
            swapped = SWAP_COMPARE.get(type(op))
            if swapped:
                ops = list(node.ops)
                ops[i] = swapped()
                self.add(node, ast.Compare(node.left, ops, node.comparators),
                         f"`{SYMBOL[type(op)]}` -> `{SYMBOL[swapped]}`")

    def visit_BinOp(self, node: ast.BinOp) -> None:
        self.generic_visit(node)
        swapped = SWAP_BINOP.get(type(node.op))
        if swapped:
            self.add(node, ast.BinOp(node.left, swapped(), node.right),
                     f"`{SYMBOL[type(node.op)]}` -> `{SYMBOL[swapped]}`")

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.generic_visit(node)
        swapped = SWAP_BINOP.get(type(node.op))
        if swapped:
            self.add(node, ast.AugAssign(node.target, swapped(), node.value),
                     f"`{SYMBOL[type(node.op)]}=` -> `{SYMBOL[swapped]}=`")

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        self.generic_visit(node)
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        self.add(node, ast.BoolOp(other, node.values),
                 f"`{SYMBOL[type(node.op)]}` -> `{SYMBOL[type(other)]}`")

    def visit_Constant(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, bool):
            self.add(node, ast.Constant(not value), f"`{value}` -> `{not value}`")
        elif isinstance(value, int):
            self.add(node, ast.Constant(value + 1), f"`{value}` -> `{value + 1}`")
            if value != 0:
                self.add(node, ast.Constant(value - 1), f"`{value}` -> `{value - 1}`")

    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
            other = "max" if node.func.id == "min" else "min"
            self.add(node, ast.Call(ast.Name(other), node.args, node.keywords),
                     f"`{node.func.id}` -> `{other}`")

    def _negate(self, test: ast.expr) -> None:
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            self.add(test, test.operand, "`not` removed")
        else:
            self.add(test, ast.UnaryOp(ast.Not(), test), "condition negated")

    def visit_If(self, node: ast.If) -> None:
        self.generic_visit(node)
        self._negate(node.test)

    def visit_While(self, node: ast.While) -> None:
        self.generic_visit(node)
        self._negate(node.test)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        self.generic_visit(node)
        self._negate(node.test)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        self.generic_visit(node)
        for test in node.ifs:
            self._negate(test)

    def visit_Return(self, node: ast.Return) -> None:
        self.generic_visit(node)
        if node.value is not None and not (isinstance(node.value, ast.Constant)
                                           and node.value.value is None):
            self.add(node, "return None", "return replaced by `return None`")


def mutants_of(target: str, data: bytes) -> list[Mutant]:
    lines = data.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    finder = _Finder()
    finder.visit(ast.parse(data))
    found = []
    for node, text, change in finder.found:
        start = _byte_offset(starts, node.lineno, node.col_offset)
        end = _byte_offset(starts, node.end_lineno, node.end_col_offset)
        mutant = Mutant(target, node.lineno, change, start, end, text,
                        lines[node.lineno - 1].decode().strip())
        try:
            compile(apply(data, mutant), target, "exec")
        except SyntaxError:
            continue
        found.append(mutant)
    found.sort(key=lambda m: (m.line, m.start))
    return found


def apply(data: bytes, mutant: Mutant) -> bytes:
    return data[:mutant.start] + mutant.text.encode() + data[mutant.end:]


def read_equivalent() -> dict[tuple[str, str, str], str]:
    """(file, the line's text, change) -> why the mutant changes nothing."""
    known = {}
    if EQUIVALENT.exists():
        for number, line in enumerate(EQUIVALENT.read_text().splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            parts = [part.strip() for part in line.split(" | ")]
            if len(parts) != 4:
                sys.exit(f"mutants: {EQUIVALENT.name}:{number}: want FILE | LINE | CHANGE | WHY")
            known[(parts[0], parts[1], parts[2])] = parts[3]
    return known


class Worker:
    """A copy of the package a mutant is put into, and the test run on it."""

    def __init__(self, home: Path) -> None:
        self.home = home
        shutil.copytree(PACKAGE, home / "ktane_congkak")
        self.pid = 0
        self.started = 0.0
        self.mutant: Mutant | None = None
        self.deadline = 0.0
        self.order = _Order()  # run() gives every worker the same one

    def start(self, mutant: Mutant | None, target: str, original: bytes, timeout: float) -> None:
        path = self.home / "ktane_congkak" / target
        path.write_bytes(original if mutant is None else apply(original, mutant))
        for cached in (path.parent / "__pycache__").glob(path.stem + ".*.pyc"):
            cached.unlink()
        self.mutant = mutant
        self.started = time.monotonic()
        self.deadline = self.started + timeout
        self.pid = _run_tests(self.home, TARGETS[target], self.order)

    def poll(self) -> int | None:
        """The tests' exit status, -1 for a timeout, None while they run."""
        pid, status = os.waitpid(self.pid, os.WNOHANG)
        if pid:
            self.pid = 0
            self.order.read(self.home / "report.tsv", learn_times=self.mutant is None)
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > self.deadline:
            try:
                os.killpg(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(self.pid, 0)
            self.pid = 0
            return -1
        return None


class _Order:
    """A pytest plugin that runs first the tests that caught the latest mutants, then the
    rest fastest first (so pytest -x stops soon), and notes each test's time and the first
    that failed."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.catchers: list[str] = []  # the most recent first
        self.report = ""  # where the child writes what it saw

    def pytest_collection_modifyitems(self, items: list) -> None:
        rank = {nodeid: i for i, nodeid in enumerate(self.catchers)}
        items.sort(key=lambda item: (rank.get(item.nodeid, len(rank)),
                                     self.seconds.get(item.nodeid, 0.0)))

    def pytest_runtest_logreport(self, report) -> None:
        with open(self.report, "a") as out:
            out.write(f"{report.when}\t{report.outcome}\t{report.duration}\t{report.nodeid}\n")

    def read(self, report: Path, learn_times: bool) -> None:
        try:
            lines = report.read_text().splitlines()
        except FileNotFoundError:
            return
        for line in lines:
            when, outcome, seconds, nodeid = line.split("\t", 3)
            if learn_times and when == "call":
                self.seconds[nodeid] = float(seconds)
            if outcome == "failed":
                if nodeid in self.catchers:
                    self.catchers.remove(nodeid)
                self.catchers.insert(0, nodeid)
                break


def _run_tests(home: Path, tests: list[str], order: _Order) -> int:
    """Run pytest on `tests` with the copy in `home` first on the path, in a forked child
    (pytest already imported: no interpreter start per mutant)."""
    order.report = str(home / "report.tsv")
    Path(order.report).unlink(missing_ok=True)
    pid = os.fork()
    if pid:
        return pid
    try:
        os.setsid()  # its own process group, so a timeout ends the CLI runs it started too
        sys.dont_write_bytecode = True  # never a mutant's .pyc read for the original
        os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
        os.environ["PYTHONPATH"] = str(home)  # the CLI in a subprocess runs the copy too
        sys.path.insert(0, str(home))
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.chdir(ROOT)
        import pytest
        code = pytest.main(PYTEST_ARGS + tests, plugins=[order])
    except BaseException:
        code = 3
    os._exit(int(code))


def run(targets: dict[str, set[int] | None], jobs: int) -> int:
    equivalent = read_equivalent()
    # Read once: the copies and the mutants stay right if the files change during a run.
    sources = {target: (PACKAGE / target).read_bytes() for target in targets}
    started = time.monotonic()
    scratch = Path(tempfile.mkdtemp(prefix="mutants-"))
    workers = [Worker(scratch / str(i)) for i in range(jobs)]
    order = _Order()
    for worker in workers:
        worker.order = order
    survivors_total = 0
    rows = []
    try:
        for target, only in targets.items():
            source = sources[target]
            mutants = [m for m in mutants_of(target, source) if only is None or m.line in only]
            base = _baseline(workers[0], target, source)
            timeout = max(20.0, 3 * base)
            survived, killed, equal = _run_target(workers, target, source, mutants, timeout,
                                                  equivalent)
            counted = len(mutants) - len(equal)
            score = 100.0 * killed / counted if counted else 100.0
            rows.append((target, len(mutants), killed, len(survived), len(equal), score))
            survivors_total += len(survived)
            print(f"{target}: {killed}/{counted} killed ({score:.1f}%), {len(survived)} "
                  f"survived, {len(equal)} equivalent (tests {base:.1f} s)", flush=True)
    finally:
        for worker in workers:
            if worker.pid:
                os.killpg(worker.pid, signal.SIGKILL)
        shutil.rmtree(scratch, ignore_errors=True)
    print("\nfile                 mutants  killed  survived  equivalent  score")
    for target, total, killed, survived, equal, score in rows:
        print(f"{target:20} {total:7} {killed:7} {survived:9} {equal:11}  {score:5.1f}%")
    took = time.monotonic() - started
    times = os.times()
    cpu = times.children_user + times.children_system  # the test runs' processor time
    print(f"mutants: {survivors_total} surviving, {took / 60:.0f} min {took % 60:.0f} s with {jobs} job(s) "
          f"(the tests' processor time {cpu / 60:.0f} min {cpu % 60:.0f} s; load average "
          f"{os.getloadavg()[0]:.1f})")
    return 1 if survivors_total else 0


def _baseline(worker: Worker, target: str, source: bytes) -> float:
    worker.start(None, target, source, 600)
    while (code := worker.poll()) is None:
        time.sleep(0.05)
    if code != 0:
        sys.exit(f"mutants: the tests of {target} fail without a mutant "
                 f"(exit {code}): {' '.join(TARGETS[target])}")
    return time.monotonic() - worker.started


def _run_target(workers: list[Worker], target: str, source: bytes, mutants: list[Mutant],
                timeout: float, equivalent: dict) -> tuple[list[Mutant], int, list[Mutant]]:
    pending = []
    equal = []
    # An entry names a line's text and a change; where one line has two mutants of that change
    # (two `-` in it, say) the entry cannot say which it means: both are run, and only one
    # that survives is taken as the listed equivalent (a killed one counts as killed).
    shared = Counter((m.line, m.change) for m in mutants)
    for mutant in mutants:
        why = equivalent.get((target, mutant.original_line, mutant.change))
        (equal if why and shared[mutant.line, mutant.change] == 1 else pending).append(mutant)
    pending.reverse()
    survived: list[Mutant] = []
    killed = 0
    busy: list[Worker] = []
    while pending or busy:
        for worker in workers:
            if worker not in busy and pending:
                worker.start(pending.pop(), target, source, timeout)
                busy.append(worker)
        time.sleep(0.02)
        for worker in list(busy):
            code = worker.poll()
            if code is None:
                continue
            busy.remove(worker)
            assert worker.mutant is not None
            if code == 0 and (target, worker.mutant.original_line, worker.mutant.change) in equivalent:
                equal.append(worker.mutant)  # one of a line's shared changes, listed (see above)
            elif code == 0:
                survived.append(worker.mutant)
                m = worker.mutant
                print(f"  survived {m.where()}: {m.change}    {m.original_line}", flush=True)
            elif code in (4, 5):
                sys.exit(f"mutants: pytest could not run {target}'s tests (exit {code})")
            else:
                killed += 1
    # Restore the copies' file for the next target.
    for worker in workers:
        path = worker.home / "ktane_congkak" / target
        path.write_bytes(source)
    survived.sort(key=lambda m: (m.line, m.start))
    return survived, killed, equal


def main() -> int:
    parser = argparse.ArgumentParser(prog="scripts/mutants", description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", metavar="FILE[:LINE[-LINE]]",
                        help=f"targets (default all): {', '.join(TARGETS)}")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="mutants at once (default 2)")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    args = parser.parse_args()
    targets: dict[str, set[int] | None] = {}
    for spec in args.files or list(TARGETS):
        name, _, lines = spec.partition(":")
        name = name.removeprefix("ktane_congkak/")
        if name not in TARGETS:
            parser.error(f"not a target: {name} (targets: {', '.join(TARGETS)})")
        if lines:
            low, _, high = lines.partition("-")
            wanted = set(range(int(low), int(high or low) + 1))
            targets[name] = (targets.get(name) or set()) | wanted
        else:
            targets[name] = None
    if args.list:
        for target, only in targets.items():
            for m in mutants_of(target, (PACKAGE / target).read_bytes()):
                if only is None or m.line in only:
                    print(f"{m.where()}: {m.change}    {m.original_line}")
        return 0
    if not hasattr(os, "fork"):
        sys.exit("mutants: needs os.fork (Linux, macOS; on Windows run it under WSL)")
    import pytest  # noqa: F401  (imported once here, before the forks)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # as Ctrl-C: the tests stopped, the copies removed
    return run(targets, max(1, args.jobs))


if __name__ == "__main__":
    sys.exit(main())
