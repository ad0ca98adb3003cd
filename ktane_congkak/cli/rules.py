"""`ktane-congkak rules [NAME]`: the rules of the traditional games (and the module's), in plain words."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    from ..core.rules import alias_words, builtin_names
    from .common import path_text

    p = sub.add_parser("rules", help="explain a ruleset's rules in plain words (all of them without NAME)",
                       description="Explain the rules of a game in a few plain sentences: relay sowing, captures, "
                                   "extra turns, rounds and burnt houses, how it ends. The same text is the game "
                                   "window's rules panel (R) and `game --text`'s \"rules\" command.")
    p.add_argument("name", type=path_text, nargs="?", metavar="NAME",
                   help=f"a ruleset: {', '.join(builtin_names())} (any case; {alias_words()}), or a YAML file "
                        "(default: every built-in one)")
    p.add_argument("--list", action="store_true", help="list the built-in rulesets' names and titles instead")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..core.rules import ALIASES, builtin_names, load_ruleset
    from ..errors import UserError
    from ..games.rules_text import rules_text
    from .output import print_lines

    if args.list:
        if args.name:
            raise UserError("rules --list lists every built-in ruleset: give no NAME with it")
        width = max(map(len, builtin_names()))
        for name in builtin_names():
            aliases = [alias for alias, named in ALIASES.items() if named == name]
            print_lines([f"{name:<{width}}  {load_ruleset(name).title}" + (f" (also: {', '.join(aliases)})" if aliases else "")])
        return 0
    print_lines(rules_text(args.name))
    return 0
