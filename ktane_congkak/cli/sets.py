"""`ktane-congkak sets`: the curated puzzle sets that come with the program."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("sets", help="list the curated puzzle sets (name, size, title)",
                       description="List the curated puzzle sets installed with the program: name, size and "
                                   "title. Give a set's name wherever a puzzle file goes: "
                                   "`print starter --out s.pdf`, `verify --puzzles hard --answers A.yaml`, "
                                   "`practice --puzzles hard`, `drill --puzzles hard`.")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..core.text import table
    from ..puzzles.sets import load_puzzle_set, set_names

    rows = [(name, f"{len(found.puzzles):>3} puzzles", found.title)
            for name, found in ((name, load_puzzle_set(name)) for name in set_names())]
    print("\n".join(table(("", "", ""), rows)[1:]))  # no header: the words say what each column is
    return 0
