"""README's layout table names every file of the package (a new module adds its row)."""

from __future__ import annotations

import fnmatch
import re

from conftest import ROOT

PACKAGE = ROOT / "ktane_congkak"


def layout_section() -> str:
    text = (ROOT / "README.md").read_text()
    section = text.split("## How the code is laid out", 1)[1].split("\n## ", 1)[0]
    return re.sub(r"```.*?```", "", section, flags=re.S)  # the layers' drawing: no names in backticks


def test_the_layout_table_names_every_file_of_the_package():
    section = layout_section()
    named = set(re.findall(r"`([^`]+)`", section))
    patterns = [name for name in named if "*" in name]
    missing = []
    for path in sorted(PACKAGE.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix not in (".py", ".yaml"):
            continue
        relative = path.relative_to(PACKAGE).as_posix()
        if path.name == "__init__.py" and path.parent != PACKAGE:
            continue  # a folder's own row stands for it
        if relative in named or path.name in named or any(fnmatch.fnmatch(relative, p) for p in patterns):
            continue
        missing.append(relative)
    assert missing == [], f"README's layout table does not name: {missing}"
