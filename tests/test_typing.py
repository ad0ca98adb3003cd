"""Every public function of the package is typed: each parameter and its return annotated
(read from the source with ast), so mypy checks what calls it and what it does."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "ktane_congkak"


def untyped_public_functions(root: Path) -> list[str]:
    """`path:line name` of each public function (and method of a public class, `__init__`
    included) with a parameter or its return not annotated; self and cls need none."""
    found = []

    def visit(body: list[ast.stmt], path: Path, in_class: bool) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                visit(node.body, path, True)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                    not node.name.startswith("_") or node.name == "__init__"):
                a = node.args
                params = [*a.posonlyargs, *a.args, *a.kwonlyargs, *filter(None, (a.vararg, a.kwarg))]
                static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)
                if in_class and not static and params and params[0].arg in ("self", "cls"):
                    params = params[1:]
                returns = node.returns is not None or node.name == "__init__"
                if not returns or any(p.annotation is None for p in params):
                    found.append(f"{path.relative_to(root.parent)}:{node.lineno} {node.name}")

    for path in sorted(root.rglob("*.py")):
        visit(ast.parse(path.read_text(encoding="utf-8")).body, path, False)
    return found


def test_every_public_function_is_typed():
    assert untyped_public_functions(PACKAGE) == []


def test_an_untyped_parameter_or_return_is_found(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "m.py").write_text(
        "def typed(a: int, *rest: str, **more: int) -> int: ...\n"
        "def no_return(a: int): ...\n"
        "def no_parameter(a, b: int) -> None: ...\n"
        "def _private(a): ...\n"
        "class Open:\n"
        "    def __init__(self, a): ...\n"
        "    def method(self, b: int) -> int: ...\n"
        "    @staticmethod\n"
        "    def static(self) -> None: ...\n"
        "class _Closed:\n"
        "    def method(self, b): ...\n")
    assert untyped_public_functions(package) == [
        "pkg/m.py:2 no_return", "pkg/m.py:3 no_parameter", "pkg/m.py:6 __init__", "pkg/m.py:9 static"]
