"""The saved practice logs: each session's module log, one plain-text `.log` file beside the history.

A file holds the module's lines exactly as the practice log shows them (`[Congkak #1] ...`,
the real module's wording), so `ktane-congkak verify --log FILE` and the community's
Logfile Analyzer read it as they read a bomb's log. Bounded: each file keeps at most
MAX_LOG_BYTES (a longer session keeps its latest boards, cut where a board begins), and
the folder keeps the newest KEEP_LOGS sessions' files; older ones are deleted. Only files
named as this module names them are ever deleted.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..core.logwords import INITIAL_STATE
from ..files import os_problem, write_atomic

FOLDER_NAME = "practice-logs"
KEEP_LOGS = 50  # sessions whose logs are kept
MAX_LOG_BYTES = 256 * 1024  # per log: some 450 boards with their presses (about 560 bytes each)
_NAME = re.compile(r"practice-(\d{8}-\d{6})(?:-(\d+))?\.log")


def logs_folder(history_file: Path) -> Path:
    """The folder of logs beside a history file."""
    return Path(history_file).parent / FOLDER_NAME


def bounded_lines(lines: list[str], limit: int = MAX_LOG_BYTES) -> tuple[list[str], int]:
    """The latest lines that fit in `limit` bytes, starting where a board begins (so the
    kept part reads as a whole log), and how many earlier lines were left out."""
    size, fits = 0, len(lines)
    while fits > 0 and size + len(lines[fits - 1].encode("utf-8")) + 1 <= limit:
        fits -= 1
        size += len(lines[fits].encode("utf-8")) + 1
    # From the first board that begins in the part that fits; if none does, that part as it is.
    start = next((i for i in range(fits, len(lines)) if INITIAL_STATE in lines[i]), fits) if fits else 0
    return lines[start:], start


def log_text(lines: list[str], heading: str, limit: int = MAX_LOG_BYTES) -> str:
    """The file's text: a heading (not a module line, so readers skip it), then the lines."""
    kept, left_out = bounded_lines(lines, limit)
    head = [heading]
    if left_out:
        head.append(f"(the first {left_out} lines of this session's log are left out to keep the file small)")
    return "\n".join(head + kept) + "\n"


def file_name(started: str, folder: Path) -> str:
    """`practice-YYYYMMDD-HHMMSS.log` from the session's start; a later session that
    started in the same second gets the next number (`...-2.log`), so names keep their order."""
    stamp = re.sub(r"\D", "", str(started))[:14].ljust(14, "0")
    stamp = f"{stamp[:8]}-{stamp[8:]}"
    taken = [order[1] for name in saved_logs(folder) if (order := _order(name)) and order[0] == stamp]
    if not taken and not (folder / f"practice-{stamp}.log").exists():
        return f"practice-{stamp}.log"
    return f"practice-{stamp}-{max(taken, default=1) + 1}.log"


def save_log(lines: list[str], started: str, heading: str, history_file: Path) -> str:
    """Write a session's log beside `history_file` and prune the folder; returns the file's
    name (the history entry keeps it). A failure is one UserError naming the file."""
    folder = logs_folder(history_file)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise os_problem(folder, exc, "make the folder") from None
    name = file_name(started, folder)
    write_atomic(folder / name, log_text(lines, heading))
    prune(folder, spare=name)
    return name


def _order(name: str) -> tuple[str, int] | None:
    match = _NAME.fullmatch(name)
    return (match[1], int(match[2] or 1)) if match else None


def saved_logs(folder: Path) -> list[str]:
    """The names of the saved logs in `folder`, oldest first."""
    try:
        names = [entry.name for entry in folder.iterdir() if entry.is_file()]
    except OSError:
        return []
    return sorted((name for name in names if _order(name)), key=lambda name: _order(name) or ("", 0))


def prune(folder: Path, keep: int = KEEP_LOGS, spare: str = "") -> None:
    """Delete all but the newest `keep` logs, never `spare` (the one just written, even if
    the clock was set back); a file that will not go is left."""
    for name in saved_logs(folder)[:-keep]:
        if name == spare:
            continue
        try:
            (folder / name).unlink()
        except OSError:
            pass


def last_log(sessions: list[dict], history_file: Path) -> Path | None:
    """The newest saved log that still exists: the latest history entry naming one, else
    the newest file in the folder (the history may have been set aside as damaged)."""
    folder = logs_folder(history_file)
    for entry in reversed(sessions):
        name = entry.get("log")
        if isinstance(name, str) and _order(name) and (folder / name).is_file():
            return folder / name
    names = saved_logs(folder)
    return folder / names[-1] if names else None
