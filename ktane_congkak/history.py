"""The practice history: one YAML file of finished sessions in the user's data folder.

Written atomically (a crash never leaves half a file). A file that cannot be read as a
history is reported in one line and moved aside to `history.yaml.damaged-<time>`; the
program then starts a fresh history instead of crashing.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from .errors import UserError
from .files import dump_yaml, parse_yaml, write_atomic

FILE_NAME = "history.yaml"
FIELDS = ("started", "mode", "result", "seconds", "strikes", "boards", "solves")


def data_folder() -> Path:
    """$KTANE_CONGKAK_DATA, else $XDG_DATA_HOME/ktane-congkak, else ~/.local/share/ktane-congkak."""
    if os.environ.get("KTANE_CONGKAK_DATA"):
        return Path(os.environ["KTANE_CONGKAK_DATA"])
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "ktane-congkak"


def history_path() -> Path:
    return data_folder() / FILE_NAME


def _valid(data) -> bool:
    if data is None:
        return True
    sessions = data.get("sessions") if isinstance(data, dict) else None
    return isinstance(sessions, list) and all(isinstance(s, dict) for s in sessions)


def load_history(path: Path | None = None) -> tuple[list[dict], str | None]:
    """The sessions saved so far and a warning (None when all is well).

    A damaged file is moved aside and reported in the warning; the history starts empty."""
    path = Path(path) if path else history_path()
    if not path.exists():
        return [], None
    try:
        text = path.read_text(encoding="utf-8")
        data = parse_yaml(text, str(path))
        if not _valid(data):
            raise UserError(f"{path}: not a practice history")
    except (OSError, UnicodeDecodeError, UserError) as exc:
        return [], _set_aside(path, exc)
    return list((data or {}).get("sessions") or []), None


def _set_aside(path: Path, problem: Exception) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    number = 1
    while aside.exists():  # never replace an earlier damaged copy
        number += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{number}")
    try:
        os.replace(path, aside)
    except OSError as exc:
        return f"practice history {path} is damaged ({problem}) and could not be moved aside: {exc}"
    return f"practice history {path} was damaged ({problem}); moved aside to {aside.name}, starting afresh"


def save_session(record: dict, path: Path | None = None) -> str | None:
    """Append one finished session; returns a warning line, or None when saved cleanly."""
    path = Path(path) if path else history_path()
    sessions, warning = load_history(path)
    sessions.append({k: record[k] for k in FIELDS if k in record})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, dump_yaml({"sessions": sessions}))
    except (OSError, UserError) as exc:
        return f"could not save the practice history to {path}: {exc}"
    return warning


def summary_lines(sessions: list[dict], last: int = 5) -> list[str]:
    """The last few sessions, newest first, one line each."""
    lines = []
    for s in reversed(sessions[-last:]):
        minutes, seconds = divmod(int(s.get("seconds", 0)), 60)
        lines.append(f"{str(s.get('started', '?'))[:16].replace('T', ' ')} {s.get('mode', '?'):5} {s.get('result', '?'):8} "
                     f"{minutes}:{seconds:02d} strikes {s.get('strikes', 0)} boards {s.get('boards', 0)}")
    return lines
