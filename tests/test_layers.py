"""The package's layers, read from every module's imports (ast): who may import whom."""

from __future__ import annotations

import ast
import subprocess
import sys
from fnmatch import fnmatch
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "ktane_congkak"
BASE = {"errors", "files", "typed", "workers"}  # loose modules every layer may use
# layer -> the layers it may import (itself always); loose modules other than BASE are named.
ALLOWED = {
    "base": set(),
    "core": {"base"},
    "puzzles": {"base", "core"},
    "paper": {"base", "core", "puzzles"},
    "practice": {"base", "core", "puzzles", "paper", "pyglet_view", "board_art"},
    "games": {"base", "core", "puzzles", "paper", "pyglet_view", "board_art"},
    # the expert's drill: its history in practice's history file machinery, a hole read as practice's commands do
    "drill": {"base", "core", "puzzles", "paper", "pyglet_view", "practice"},
    "pyglet_view": {"base", "core"},  # core.numbers: a script's numbers are read as every other
    "board_art": {"base", "core", "paper"},  # the module's look, drawn for both windows
    "cli": {"base", "core", "puzzles", "paper", "practice", "games", "drill", "pyglet_view", "api"},
    "api": {"base", "core"},  # ktane_congkak/__init__.py: the public API
    "main": {"cli"},
}
# Only these may import pyglet: the windows, a sound module beside them, the shared plumbing and art.
PYGLET_MODULES = ("practice/window/*.py", "games/window/*.py", "drill/*window*.py", "practice/*sound*.py", "games/*sound*.py",
                  "pyglet_view.py", "board_art/*.py", "paper/chart.py")  # the chart's window painter imports it inside
REPORTLAB_MODULES = ("paper/*.py",)
MAX_LOOSE = 8  # api, main, errors, files, typed, workers, pyglet_view (the windows' plumbing), progress (the command's)


class Module:
    """One source file: its name relative to the package and every import it makes."""

    def __init__(self, root: Path, path: Path):
        self.path = path.relative_to(root).as_posix()
        parts = self.path[:-3].split("/")
        self.name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        self.is_package = parts[-1] == "__init__"
        self.tree = ast.parse(path.read_text(encoding="utf-8"), self.path)

    @property
    def layer(self) -> str:
        first = self.path.split("/")[0]
        if "/" in self.path:
            return first
        # progress.py is the command line's own (only cli/ imports it; it reads cli.signals' exit codes)
        return {"__init__.py": "api", "__main__.py": "main", "pyglet_view.py": "pyglet_view", "progress.py": "cli"}.get(
            self.path, "base" if self.path[:-3] in BASE else self.path[:-3])

    def imports(self, top_level_only: bool = False) -> list[tuple[str, int]]:
        """(imported name, line): package modules as dotted names relative to the package
        ("core.rules"), anything else with its absolute name ("pyglet.window")."""
        nodes = self.tree.body if top_level_only else ast.walk(self.tree)
        found = []
        for node in nodes:
            if isinstance(node, ast.Import):
                found += [(_inside(alias.name), node.lineno) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                found += [(name, node.lineno) for name in self._resolve(node)]
        return found

    def _resolve(self, node: ast.ImportFrom) -> list[str]:
        if not node.level:
            base = _inside(node.module)
        else:
            here = self.name.split(".") if self.is_package else self.name.split(".")[:-1]
            here = [p for p in here if p]
            base_parts = here[: len(here) - (node.level - 1)] + ([node.module] if node.module else [])
            base = ".".join(p for p in base_parts if p) or "."
            if base != ".":
                base = "." + base
        if not base.startswith("."):
            return [base]
        # `from .x import y`: y may itself be a module of the package
        prefix = "" if base == "." else base  # `from .. import x` at the top: ".x", not "..x"
        return [prefix + "." + alias.name if _exists(prefix + "." + alias.name) else base for alias in node.names]


ROOT_FOR_EXISTS: list[Path] = [PACKAGE]


def _inside(name: str) -> str:
    """"ktane_congkak.core.rules" -> ".core.rules"; other names stay as they are."""
    if name == "ktane_congkak":
        return "."
    return "." + name[len("ktane_congkak."):] if name.startswith("ktane_congkak.") else name


def _exists(dotted: str) -> bool:
    parts = [p for p in dotted.split(".") if p]
    root = ROOT_FOR_EXISTS[0]
    return (root.joinpath(*parts).with_suffix(".py")).is_file() or (root.joinpath(*parts) / "__init__.py").is_file()


def modules(root: Path = PACKAGE) -> dict[str, Module]:
    ROOT_FOR_EXISTS[0] = root
    found = {}
    for path in sorted(root.rglob("*.py")):
        module = Module(root, path)
        found["." + module.name if module.name else "."] = module
    return found


def layer_of(dotted: str, found: dict[str, Module]) -> str | None:
    """The layer of a package module named ".core.rules" (None outside the package)."""
    module = found.get(dotted)
    return module.layer if module else None


def violations(root: Path = PACKAGE) -> list[str]:
    """Every broken rule of the layers, one line each (empty when the package is sound)."""
    found = modules(root)
    problems = []
    for module in found.values():
        for target, line in module.imports():
            where = f"{module.path}:{line}"
            if target.startswith("."):
                problems += _layer_problem(module, target, found, where)
            else:
                problems += _library_problem(module, target, where)
        problems += _docstring_problem(module)
    problems += _cycle_problems(found)
    loose = sorted(m.path for m in found.values() if "/" not in m.path)
    if len(loose) > MAX_LOOSE:
        problems.append(f"{len(loose)} loose modules at the top of the package (at most {MAX_LOOSE}): {loose}")
    return problems


def _layer_problem(module: Module, target: str, found: dict, where: str) -> list[str]:
    if target not in found:
        return [f"{where}: imports {target}, which is not a module of the package"]
    theirs, mine = found[target].layer, module.layer
    if theirs == "cli" and mine not in ("cli", "main"):
        return [f"{where}: {mine} imports the command line ({target})"]
    if theirs != mine and theirs not in ALLOWED[mine]:
        return [f"{where}: {mine} may not import {theirs} ({target})"]
    return []


def _library_problem(module: Module, target: str, where: str) -> list[str]:
    top = target.split(".")[0]
    if top == "pyglet" and not any(fnmatch(module.path, p) for p in PYGLET_MODULES):
        return [f"{where}: only the window modules and pyglet_view.py may import pyglet"]
    if top == "reportlab" and not any(fnmatch(module.path, p) for p in REPORTLAB_MODULES):
        return [f"{where}: only paper/ may import reportlab"]
    return []


def _docstring_problem(module: Module) -> list[str]:
    text = ast.get_docstring(module.tree)
    lines = (text or "").splitlines()
    if not lines or not lines[0].strip():
        return [f"{module.path}: no docstring"]
    if len(lines) > 1 and lines[1].strip():
        return [f"{module.path}: the docstring's first line is not a one-line summary"]
    if not lines[0].rstrip().endswith((".", ":")):
        return [f"{module.path}: the docstring's summary is not a sentence: {lines[0]!r}"]
    return []


def _cycle_problems(found: dict[str, Module]) -> list[str]:
    """Cycles among module-level imports (what runs when a module is loaded)."""
    graph = {name: {t for t, _ in m.imports(top_level_only=True) if t in found and t != name}
             for name, m in found.items()}
    # A module importing its own package's __init__ (or a parent's) is no cycle of files.
    for name in graph:
        graph[name] = {t for t in graph[name] if not name.startswith(t + ".") and t != "."}
    problems, state = [], {}

    def visit(node, stack):
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                problems.append("import cycle: " + " -> ".join(stack[stack.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, stack + [nxt])
        state[node] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    return problems


# --- the tests ----------------------------------------------------------------------


def test_the_package_keeps_its_layers():
    assert violations() == []


def test_every_layer_is_seen():
    layers = {m.layer for m in modules().values()}
    assert {"core", "puzzles", "paper", "practice", "games", "cli", "base", "api"} <= layers


def _fake_package(tmp_path: Path, files: dict[str, str]) -> Path:
    """A small package beside the real one's shape, to show the checks catch breakage."""
    root = tmp_path / "ktane_congkak"
    sound = {"__init__.py": '"""Api."""\n', "errors.py": '"""Errors."""\n',
             "core/__init__.py": '"""Core."""\n', "core/rules.py": '"""Rules."""\nfrom ..errors import x\n',
             "games/__init__.py": '"""Games."""\n', "games/window/app.py": '"""Window."""\nimport pyglet\n',
             "cli/__init__.py": '"""Cli."""\n', "paper/__init__.py": '"""Paper."""\n',
             "paper/render.py": '"""Render."""\nimport reportlab\n'}
    for rel, text in {**sound, **files}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_a_sound_fake_package_passes(tmp_path):
    assert violations(_fake_package(tmp_path, {})) == []


@pytest.mark.parametrize("files, expected", [
    ({"core/rules.py": '"""Rules."""\ndef f():\n    from ..games import window\n'}, "core may not import games"),
    ({"core/rules.py": '"""Rules."""\nimport ktane_congkak.paper.render\n'}, "core may not import paper"),
    ({"paper/render.py": '"""Render."""\nfrom ..cli import x\n'}, "paper imports the command line"),
    ({"core/board.py": '"""Board."""\nimport pyglet\n'}, "may import pyglet"),
    ({"games/ai.py": '"""Ai."""\nfrom reportlab.lib import x\n'}, "only paper/ may import reportlab"),
    ({"core/a.py": '"""A."""\nfrom . import b\n', "core/b.py": '"""B."""\nfrom .a import f\n'}, "import cycle"),
    ({"core/a.py": "x = 1\n"}, "no docstring"),
    ({"core/a.py": '"""A long\nsummary.\n"""\n'}, "not a one-line summary"),
    ({"x.py": '"""X."""\n', "y.py": '"""Y."""\n', "z.py": '"""Z."""\n', "w.py": '"""W."""\n', "v.py": '"""V."""\n', "u.py": '"""U."""\n', "t.py": '"""T."""\n'},
     "loose modules"),
])
def test_a_real_violation_is_reported(tmp_path, files, expected):
    problems = violations(_fake_package(tmp_path, files))
    assert any(expected in p for p in problems), problems


# What `ktane-congkak solve` must not load, and why: each costs its cold start (issue 12's
# target, at most 3x a bare `python -c pass`: benchmarks/bench_engine.py) or is a front end's.
SOLVE_NEVER_LOADS = {
    "pyglet": "the window's", "reportlab": "the printer's",
    "yaml": "20 ms: built-in rulesets come from core/compiled_rulesets.py",
    "dataclasses": "10 ms", "typing": "3 ms", "pathlib": "5 ms", "shutil": "3 ms (argparse's help width)",
}


@pytest.mark.parametrize("argv", [["solve", "2 3 1 1 0 4 0 31 0 4 0 1 0 1 2 48"],
                                  ["solve", "--json", "2 3 1 1 0 4 0 31 0 4 0 1 0 1 2 48"],
                                  ["solve", "--puzzle", "c1-2311040-0401012-48-31", "--side", "opponent"]])
def test_solve_loads_only_what_it_needs(argv):
    """Only modules loaded by our code count: an installer's .pth file may load some first."""
    probe = ("import sys, io, contextlib\n"
             "before = set(sys.modules)\n"
             "from ktane_congkak.cli import main\n"
             "out = io.StringIO()\n"
             "with contextlib.redirect_stdout(out):\n"
             f"    code = main({argv!r})\n"
             "loaded = {m.split('.')[0] for m in set(sys.modules) - before}\n"
             f"print(code, 'nswer' in out.getvalue(), sorted(loaded & {set(SOLVE_NEVER_LOADS)!r}))\n")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "0 True []"


def test_registering_every_subcommand_loads_no_heavy_library():
    probe = ("import sys\n"
             "from ktane_congkak.cli import build_parser\n"
             "build_parser()\n"
             "print(sorted({m.split('.')[0] for m in sys.modules} & {'pyglet', 'reportlab'}))\n")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
