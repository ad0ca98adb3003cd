"""The guides name every key and script command the windows take (a key added to a window's
table must reach the docs a player reads)."""

from __future__ import annotations

from conftest import ROOT
from ktane_congkak.games.window import keys as game_window
from ktane_congkak.practice.commands import KEYS, WINDOW_COMMANDS

DOCS = ROOT / "docs"


def test_the_practice_guide_names_every_key_and_the_command_it_types():
    text = " ".join((DOCS / "practice-commands.md").read_text().split())
    missing = [f"{key} `{command}`" for key, command, _ in KEYS
               if len(key) == 1 and f"{key} `{command}`" not in text]
    assert missing == [], f"docs/practice-commands.md does not name the keys {missing}"


def test_the_practice_guide_names_every_script_command():
    text = (DOCS / "practice-commands.md").read_text()
    assert [name for name in WINDOW_COMMANDS if f"`{name}" not in text] == []


def test_the_window_guide_has_a_row_for_every_practice_key():
    rows = [line.split("|")[1].strip() for line in (DOCS / "window.md").read_text().splitlines()
            if line.startswith("| ")]
    assert [key for key, _, _ in KEYS if len(key) == 1 and not any(key in row.split() for row in rows)] == []


def test_the_games_guide_names_every_key_of_the_game_window():
    text = " ".join((DOCS / "games.md").read_text().split())
    keys = [key for key, _, _ in game_window.KEYS if key != "1-N"]
    assert [key for key in keys if f"{key} " not in text] == []
