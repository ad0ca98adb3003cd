"""The practice history: one YAML file of finished sessions in the user's data folder.

Written atomically (a crash never leaves half a file) and under a lock (files.locked), so
two sessions finishing at once both keep their entries. A file that cannot be read as a
history is reported in one line and moved aside to `history.yaml.damaged-<time>`; the
program then starts a fresh history instead of crashing. A readable file with damaged
entries (a field of the wrong type, say `seconds: abc`) is moved aside the same way and
written back with only its sound entries, so nothing that shows the history can trip
over a bad one.

Each entry names its session's module log (`log:`), a plain-text file in the folder beside
the history (session_logs.py); a missing or damaged log never affects the history.
"""

from __future__ import annotations

import datetime
import math
import os
import time
from pathlib import Path
from typing import NamedTuple

from ..core.explain import plural
from ..core.logwords import MODULE_ID, MODULE_NAME
from ..errors import UserError, clipped, shown, warn
from ..files import MAX_FILE_BYTES, LockHeld, data_folder, dump_yaml, locked, read_yaml, write_atomic
from . import kind_tally
from .animation import minutes_text
from .session_logs import last_log, logs_folder, save_log

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from collections.abc import Callable

    from .session import PracticeSession

FILE_NAME = "history.yaml"
# Entries a history file keeps (about 1.5 MB, well within files.MAX_FILE_BYTES); past it
# the oldest half go to an archive file beside it.
KEEP_SESSIONS = 10_000
# A history is read up to this size: one an earlier version let grow past MAX_FILE_BYTES
# is still read (then archived down), not called damaged.
READ_LIMIT = 8 * MAX_FILE_BYTES
FIELDS = ("started", "mode", "result", "seconds", "strikes", "boards", "solves", "kinds", "log", "scripted")


def history_path() -> Path:
    return data_folder() / FILE_NAME


def _valid(data) -> bool:
    """The file's shape: nothing yet, or a mapping with a list of sessions."""
    if data is None:
        return True
    sessions = data.get("sessions") if isinstance(data, dict) else None
    return isinstance(sessions, list)


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_seconds(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0


def _is_text(value) -> bool:
    return isinstance(value, str)


def _is_time(value) -> bool:  # YAML reads an unquoted 2026-11-30T01:00:00 as a datetime
    return isinstance(value, (str, datetime.date))


# What each field of an entry must be (a missing field is shown as "?" or 0).
FIELD_CHECKS = {"started": (_is_time, "a date and time"), "mode": (_is_text, "text"), "result": (_is_text, "text"),
                "seconds": (_is_seconds, "a number of seconds"), "strikes": (_is_count, "a whole number"),
                "boards": (_is_count, "a whole number"), "solves": (_is_count, "a whole number"),
                "log": (_is_text, "a file name"), kind_tally.FIELD: (kind_tally.is_kinds, "[boards, missed] by kind"),
                "scripted": (lambda value: isinstance(value, bool), "true or false")}  # a --commands run's mark


class Kind(NamedTuple):
    """A history file: its name in the data folder, what it is called in messages, the
    fields an entry keeps, what each must be, and pairs of fields (a, b) where a can never
    exceed b. The drill keeps one too (drill/session.py)."""

    file_name: str
    label: str
    fields: tuple[str, ...]
    checks: dict
    at_most: tuple[tuple[str, str], ...] = ()


PRACTICE = Kind(FILE_NAME, "practice history", FIELDS, FIELD_CHECKS)


def entry_problem(entry: object, checks: dict = FIELD_CHECKS, at_most: tuple = ()) -> str | None:
    """Why a history entry cannot be used (one short phrase), or None if it is sound."""
    if not isinstance(entry, dict):
        return f"{shown(entry, 40)} is not a session"
    for field, (check, kind) in checks.items():
        if field in entry and not check(entry[field]):
            return f"{field} is {shown(entry[field], 40)}, not {kind}"
    for part, whole in at_most:  # each field sound already: whole numbers
        if entry.get(part, 0) > entry.get(whole, 0):
            return f"{part} is {entry[part]}, more than its {entry.get(whole, 0)} {whole}"
    return None


def load_history(path: Path | None = None, kind: Kind = PRACTICE) -> tuple[list[dict], str | None]:
    """The sessions saved so far and a warning (None when all is well).

    A damaged file is moved aside and reported in the warning; the history starts empty.
    Damaged entries in a sound file are reported the same way: the file is moved aside
    and written back with the sound entries only, which are returned."""
    return _read(Path(path) if path else data_folder() / kind.file_name, kind)[1:]


def _read(path: Path, kind: Kind) -> tuple[dict, list[dict], str | None]:
    """`load_history`, with the file's other top-level keys first (a later version's
    `format:` or `settings:`), which a save writes back as they were."""
    if not os.path.lexists(path):
        return {}, [], None
    try:
        data = read_yaml(path, READ_LIMIT)
        if not _valid(data):
            raise UserError(f"{path}: not a {kind.label}")
    except UserError as exc:
        return {}, [], _set_aside(path, exc, kind.label)
    data = dict(data or {})
    sessions = list(data.pop("sessions", None) or [])
    sound, problems = [], []
    for number, entry in enumerate(sessions, 1):
        problem = entry_problem(entry, kind.checks, kind.at_most)
        if problem:
            problems.append((number, problem))
        else:
            sound.append(entry)
    if not problems:
        return data, sessions, None
    return data, sound, _set_aside_entries(path, data, sound, problems, kind.label)


def _aside_path(path: Path) -> Path:
    return _unused(path, f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")


def _unused(path: Path, name: str, suffix: str = "") -> Path:
    """`name` + `suffix` beside `path`, else `name-2` + `suffix`, ...: never an existing file
    (an earlier damaged copy or archive is never replaced)."""
    candidate, number = path.with_name(name + suffix), 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{name}-{number}{suffix}")
    return candidate


def _set_aside(path: Path, problem: Exception, label: str) -> str:
    aside = _aside_path(path)
    try:
        os.replace(path, aside)
    except OSError as exc:
        return f"{label} {path} is damaged ({problem}) and could not be moved aside: {exc}"
    return f"{label} {path} was damaged ({problem}); moved aside to {aside.name}, starting afresh"


def _set_aside_entries(path: Path, others: dict, sound: list[dict], problems: list[tuple[int, str]], label: str) -> str:
    """Move the file aside whole (the damaged entries stay readable there) and write back
    the sound entries; returns the one-line warning."""
    number, first = problems[0]
    what = f"{len(problems)} damaged {'entry' if len(problems) == 1 else 'entries'} (entry {number}: {first})"
    aside = _aside_path(path)
    try:
        os.replace(path, aside)
    except OSError as exc:
        return f"{label} {path} has {what}, skipped; the file could not be moved aside: {exc}"
    try:
        write_atomic(path, dump_yaml({**others, "sessions": sound}))
    except UserError as exc:
        return (f"{label} {path} had {what}; moved aside to {aside.name}, "
                f"but the {len(sound)} sound ones could not be written back: {exc}")
    return f"{label} {path} had {what}; moved aside to {aside.name}, kept the {len(sound)} sound ones"


def save_session(record: dict, path: Path | None = None, kind: Kind = PRACTICE) -> str | None:
    """Append one finished session; returns a warning line, or None when saved cleanly."""
    return append_session(record, path, kind)[1]


def append_session(record: dict, path: Path | None = None, kind: Kind = PRACTICE,
                   inside_lock: Callable[[dict], str | None] | None = None) -> tuple[list[dict], str | None]:
    """Append one finished session: the sessions the file holds now (this one last, when it
    was saved) and a warning line, or None when saved cleanly. `inside_lock(record)` runs
    first under the same lock (saving the session's log, whose name must be chosen there)
    and returns a warning or None. Past KEEP_SESSIONS the oldest are moved to an archive."""
    path = Path(path) if path else data_folder() / kind.file_name
    sessions: list[dict] = []
    warnings: list[str | None] = []
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with locked(path):  # read, append and write as one step: another session waits
            warnings.append(inside_lock(record) if inside_lock else None)
            others, sessions, warning = _read(path, kind)
            warnings.append(warning)
            entry = {k: record[k] for k in kind.fields if k in record}
            kept, archived = _archive_oldest(path, sessions + [entry], kind)
            warnings.append(archived)
            write_atomic(path, dump_yaml({**others, "sessions": kept}))
    except LockHeld as exc:
        return sessions, _kept_aside(record, path, kind, inside_lock, exc)
    except (OSError, UserError) as exc:
        warnings.append(f"could not save the {kind.label} to {path}: {exc}")
        return sessions, "; ".join(filter(None, warnings))
    return kept, "; ".join(filter(None, warnings)) or None


def _kept_aside(record: dict, path: Path, kind: Kind, inside_lock, problem: LockHeld) -> str:
    """The history's lock could not be had: the session goes to a file of its own beside the
    history (a new name, never replacing one) and its log is saved as usual; the warning line."""
    said = inside_lock(record) if inside_lock else None
    entry = {k: record[k] for k in kind.fields if k in record}
    aside = _unused(path, f"{path.name}.unsaved-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}", ".yaml")
    try:
        write_atomic(aside, dump_yaml({"sessions": [entry]}))
    except UserError as exc:
        return "; ".join(filter(None, [said, f"could not save the {kind.label}: {problem}; nor the session "
                                             f"aside: {exc}"]))
    return "; ".join(filter(None, [said, f"could not save the {kind.label}: {problem}; this session is kept "
                                         f"in {aside}"]))


def _archive_oldest(path: Path, sessions: list[dict], kind: Kind) -> tuple[list[dict], str | None]:
    """Keep the history file within what it can read back: past KEEP_SESSIONS entries, all
    but the newest KEEP_SESSIONS // 2 are written to an archive file beside it (never
    replaced), `history-until-YYYYMMDD-HHMMSS.yaml`. (the kept sessions, a warning or None)."""
    if len(sessions) <= KEEP_SESSIONS:
        return sessions, None
    older, kept = sessions[:-(KEEP_SESSIONS // 2)], sessions[-(KEEP_SESSIONS // 2):]
    archive = _unused(path, f"{path.stem}-until-{time.strftime('%Y%m%d-%H%M%S')}", path.suffix)
    try:
        write_atomic(archive, dump_yaml({"sessions": older}))
    except UserError as exc:
        return sessions, f"could not move the oldest of the {kind.label}'s sessions to {archive.name}: {exc}"
    return kept, None


def played(sessions: list[dict]) -> list[dict]:
    """The sessions the player played: not those that ended inside a --commands script
    (kept in the file, marked `scripted`), in the practice history and the drill's alike."""
    return [s for s in sessions if s.get("scripted") is not True]


def summary_lines(sessions: list[dict], last: int = 5) -> list[str]:
    """The last few sessions the player practised (not --commands scripts), newest first,
    one line each (sessions as `load_history` gives them)."""
    lines = []
    for s in reversed(played(sessions)[-last:]):
        lines.append(f"{clipped(str(s.get('started', '?'))[:16].replace('T', ' '))} {clipped(s.get('mode', '?'), 12):5} {clipped(s.get('result', '?'), 12):8} "
                     f"{minutes_text(int(s.get('seconds', 0)))} strikes {s.get('strikes', 0)} boards {s.get('boards', 0)}")
    return lines


def save_history(session: PracticeSession, path: Path | None = None) -> None:
    """Add an ended practice session (its `record()`) to the history and its module log to
    the logs beside it, unless nothing was pressed in it; give the session the log's path
    (`log_file`) and the recent sessions (`history_lines`) for its end screen or summary."""
    path = Path(path) if path else history_path()
    if session.last_press is None:  # opened and closed: no practice to keep, and no log of nothing
        sessions, warning = load_history(path)
        session.history_lines, session.history = summary_lines(sessions, last=4), sessions
        return
    record = session.record()
    heading = (f"ktane-congkak practice session of {MODULE_NAME} ({MODULE_ID}) started {record['started']}: "
               f"{record['mode']}, {record['result']}, "
               f"{plural(record['strikes'], 'strike')} (check it: ktane-congkak verify --log FILE)")

    def save_its_log(record: dict) -> str | None:  # under the history's lock: the log's name is unique
        try:
            record["log"] = save_log(session.module.log, record["started"], heading, path)
            session.log_file = logs_folder(path) / record["log"]
        except UserError as exc:
            return f"could not save the practice log: {exc}"
        return None

    sessions, warning = append_session(record, path, inside_lock=save_its_log)
    if warning:
        warn(warning)
    session.history_lines = summary_lines(sessions, last=4)  # the file as just written, not read again
    session.history = sessions


def last_log_path(path: Path | None = None) -> Path:
    """The newest practice log saved (`practice --last-log`); none is a UserError."""
    path = Path(path) if path else history_path()
    sessions, warning = load_history(path)
    if warning:
        warn(warning)
    found = last_log(sessions, path)
    if found is None:
        raise UserError(f"no practice log saved yet in {logs_folder(path)} (a session with no press keeps none):"
                        " practise, press a hole, then ask again")
    return found
