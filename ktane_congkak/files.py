"""Files the user keeps: read with limits, written atomically, one clear line on any problem.

Every file the project reads goes through `read_text` (regular files only, at most
MAX_FILE_BYTES, UTF-8) and every YAML document through `parse_yaml` (anchors and aliases
refused before anything is expanded, nesting at most MAX_NESTING deep). Every OS error
of a read or a write becomes one line through `os_problem`.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import stat
from collections.abc import Callable, Iterable, Iterator

from .errors import UserError, clipped, printable, shown, warn

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    import io
    from typing import Any

# The largest file read: a puzzle file of 10,000 puzzles is about 2.5 MB, a history of
# 10,000 sessions about 1.5 MB; anything bigger is not one of ours.
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_NESTING = 32  # lists and mappings inside each other; our files need 4
PATH_SHOWN = 100  # characters of a path quoted in a message
# Flags of every os.open: binary (Windows would translate line ends otherwise), not
# inherited by child processes, and not waiting on a FIFO; each is 0 where it is absent.
OPEN_FLAGS = getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
NO_WAIT = getattr(os, "O_NONBLOCK", 0)

_REASONS = {
    errno.ENOENT: "no such file or folder",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EISDIR: "is a folder, not a file",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ELOOP: "too many levels of symbolic links",
    errno.ENOSPC: "no space left on the device",
    errno.EDQUOT: "disk quota exceeded",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted",
    errno.EROFS: "read-only file system",
    errno.ENXIO: "no process reads the pipe",
    errno.EFBIG: "the file is too large",
}


def shown_path(path: str | os.PathLike, limit: int | None = PATH_SHOWN) -> str:
    """A path as a person reads it, in a message or on a screen: the home folder as ~,
    control characters escaped, and cut to `limit` characters (a path a user typed may be
    anything); `limit=None` for a path the program made, which its reader needs whole."""
    text = os.fsdecode(path)
    home = os.path.expanduser("~")
    if home != "~" and home.rstrip(os.sep) and text.startswith(home.rstrip(os.sep) + os.sep):
        text = os.path.join("~", text[len(home.rstrip(os.sep)) + 1:])
    return printable(text) if limit is None else clipped(text, limit)


def os_problem(path: str | os.PathLike, exc: OSError, doing: str) -> UserError:
    """The one line for any OS error of a read or a write of `path`."""
    if exc.errno == errno.ENOENT and doing == "read":
        return UserError(f"{shown_path(path)}: no such file")
    reason = _REASONS.get(exc.errno or 0) or exc.strerror or type(exc).__name__
    return UserError(f"{shown_path(path)}: cannot {doing}: {reason}")


# --- reading ---------------------------------------------------------------------------

EMPTY_NAME = "'': an empty name names no file (an unset variable gives one)"


def check_name(path: str | os.PathLike) -> None:
    """Refuse a name no file can have: empty (`--out "$DIR"` with DIR unset; the OS would
    take it as the current folder here and there) or holding a NUL; one UserError."""
    name = os.fsdecode(path)
    if not name:
        raise UserError(EMPTY_NAME)
    if "\0" in name:
        raise UserError(f"{shown_path(path)}: a file name cannot hold a NUL character")


def _too_big(origin: str, limit: int) -> UserError:
    return UserError(f"{origin}: larger than {limit // (1024 * 1024)} MB, too big to be a ktane-congkak file")


def read_bytes(path: str | os.PathLike, limit: int = MAX_FILE_BYTES) -> bytes:
    """A regular file's bytes, at most `limit` of them; anything else is one UserError.
    O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused right after).
    A guide's example file (docs/...) not here is read from the installed guides."""
    check_name(path)
    path = example_file(path)
    try:
        fd = os.open(path, os.O_RDONLY | NO_WAIT | OPEN_FLAGS)
    except OSError as exc:
        raise os_problem(path, exc, "read") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise UserError(f"{shown_path(path)}: is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise UserError(f"{shown_path(path)}: not a regular file (a device, pipe or socket)")
        parts, size = [], 0
        while size <= limit:
            part = os.read(fd, min(1 << 20, limit + 1 - size))
            if not part:
                break
            parts.append(part)
            size += len(part)
    except OSError as exc:
        raise os_problem(path, exc, "read") from None
    finally:
        os.close(fd)
    if size > limit:
        raise _too_big(shown_path(path), limit)
    return b"".join(parts)


def open_stream(path: str | os.PathLike) -> io.BufferedReader:
    """A file read as a stream (a log of any length): a regular file or a pipe, opened
    for binary reading; a folder or a device (`/dev/zero` never ends) is one UserError. A
    guide's example file (docs/...) not here is read from the installed guides."""
    check_name(path)
    path = example_file(path)
    try:
        handle = open(path, "rb")
    except OSError as exc:
        raise os_problem(path, exc, "read") from None
    mode = os.fstat(handle.fileno()).st_mode
    if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
        handle.close()
        kind = "is a folder, not a file" if stat.S_ISDIR(mode) else "not a regular file or a pipe (a device or socket)"
        raise UserError(f"{shown_path(path)}: {kind}")
    return handle


def read_text(path: str | os.PathLike, limit: int = MAX_FILE_BYTES) -> str:
    """A regular file as UTF-8 text (see `read_bytes`)."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(f"{shown_path(path)}: not UTF-8 text (byte {exc.start + 1})") from None


def read_yaml(path: str | os.PathLike, limit: int = MAX_FILE_BYTES) -> Any:
    """A YAML file, read and parsed within the limits; any problem is one UserError."""
    return parse_yaml(read_text(path, limit), shown_path(path), limit)


def parse_yaml(text: str, origin: str, limit: int = MAX_FILE_BYTES) -> Any:
    """Safe-load YAML text; anything wrong is a one-line UserError naming `origin`.

    Built straight from the parser's events (`_Builder`), never from a node tree: time
    linear in the text and memory little more than the values built (PyYAML's own loader
    keeps a node per value, 60 times the file). An anchor or alias is refused before
    anything is expanded, and so are deep nesting, a key given twice and merge keys."""
    if len(text) > limit:
        raise _too_big(origin, limit)
    import yaml

    try:
        return _Builder(origin).build(yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
    except UserError:
        raise
    except yaml.reader.ReaderError as exc:  # a character YAML cannot hold (NUL, a control character)
        code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "?")
        # its first place is where the reader stopped (LibYAML's position counts bytes, PyYAML's characters)
        line = text.count("\n", 0, max(text.find(chr(code)), 0)) + 1
        raise UserError(f"{origin}: line {line}: not valid YAML: the character U+{code:04X} cannot be in a YAML "
                        "file") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}:" if mark else ""
        problem = getattr(exc, "problem", None) or exc
        raise UserError(f"{origin}:{where} not valid YAML: {clipped(str(problem), 80)}") from None
    except (ValueError, OverflowError, RecursionError) as exc:  # e.g. an integer of 5,000 digits
        raise UserError(f"{origin}: a value cannot be read: {clipped(str(exc), 80)}") from None


class _Builder:
    """Python values from YAML events, as PyYAML's safe loader builds them (its resolver
    and constructors decide what each scalar is), with our refusals, each one line."""

    _SHORT = 24  # text this short is kept once however often it comes (a history's "zen", its keys)

    def __init__(self, origin: str):
        from yaml.constructor import SafeConstructor
        from yaml.resolver import Resolver

        self.origin = origin
        self.resolver, self.constructor = Resolver(), SafeConstructor()
        self.makers = SafeConstructor.yaml_constructors
        self.shared: dict[str, str] = {}

    def refuse(self, event, problem: str) -> UserError:
        return UserError(f"{self.origin}: line {_line_of(event)}: {problem}")

    def build(self, events):
        import yaml

        stack: list[list] = []  # per open collection: [it, the last key, whether its value is next, {key: line}]
        root, documents = None, 0
        for event in events:
            kind = type(event)
            if kind is yaml.ScalarEvent:
                self._check_anchor(event)
                value = self._scalar(event)
            elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                self._check_anchor(event)
                if len(stack) >= MAX_NESTING:
                    raise self.refuse(event, f"nested more than {MAX_NESTING} deep")
                self._check_collection_tag(event, "map" if kind is yaml.MappingStartEvent else "seq")
                stack.append([{} if kind is yaml.MappingStartEvent else [], None, False, {}])
                continue
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                value = stack.pop()[0]
            elif kind is yaml.AliasEvent:
                raise self.refuse(event, _NO_ANCHORS)
            elif kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise self.refuse(event, "not valid YAML: a second document (---) in one file")
                continue
            else:
                continue
            if not stack:
                root = value
            else:
                self._add(stack[-1], value, event)
        return root

    def _add(self, top: list, value, event) -> None:
        container = top[0]
        if type(container) is list:
            container.append(value)
        elif top[2]:  # the value of the key before it
            container[top[1]] = value
            top[2] = False
        else:  # a key
            seen = top[3]
            try:
                first = seen.get(value)
            except TypeError:  # unhashable: a list or a mapping as a key
                raise self.refuse(event, "a key cannot be a list or a mapping") from None
            if first is not None:
                raise self.refuse(event, f"key {shown(value)} given twice (first on line {first})")
            seen[value] = _line_of(event)
            top[1], top[2] = value, True

    def _check_anchor(self, event) -> None:
        if event.anchor is not None:
            raise self.refuse(event, _NO_ANCHORS)

    def _check_collection_tag(self, event, kind: str) -> None:
        tag = event.tag
        if tag not in (None, "!", f"tag:yaml.org,2002:{kind}"):
            raise self.refuse(event, f"the tag {shown(tag)} is not supported")

    def _scalar(self, event):
        import yaml

        tag = event.tag
        if tag is None or tag == "!":
            tag = self.resolver.resolve(yaml.ScalarNode, event.value, event.implicit)
        if tag == _MERGE_TAG:
            raise self.refuse(event, "merge keys (<<) are not supported")
        make = self.makers.get(tag)
        if make is None or tag in _NOT_SCALARS:
            raise self.refuse(event, f"the tag {shown(tag)} is not supported")
        value = make(self.constructor, yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style))
        if type(value) is str and len(value) < self._SHORT:
            value = self.shared.setdefault(value, value)
        return value


def _line_of(event) -> int | str:
    """The line an event starts on, counted from 1 ("?" where the parser gives none)."""
    return event.start_mark.line + 1 if event.start_mark else "?"


_NO_ANCHORS = "anchors and aliases (& and *) are not allowed here"
_MERGE_TAG = "tag:yaml.org,2002:merge"
# Tags PyYAML builds only from a collection: on a scalar they are not valid.
_NOT_SCALARS = frozenset(f"tag:yaml.org,2002:{name}" for name in ("map", "seq", "set", "omap", "pairs"))


def is_format(value: object, expected: int) -> bool:
    """Whether a file's `format:` is `expected` itself: YAML's `true` and `1.0` equal 1 in
    Python, but neither is a format number."""
    return type(value) is int and value == expected


def dump_yaml(data: object) -> str:
    """YAML text of `data`, never with anchors or aliases (which parse_yaml refuses): an
    object met twice is written out twice. A top-level list (a history's sessions) is
    written an item at a time, the same text in memory little more than the text's own
    (PyYAML represents the whole document as nodes first: 40 times the file)."""
    if not isinstance(data, dict):
        return _dump(data)
    parts = []
    for key, value in data.items():
        if isinstance(value, list) and value:
            parts.append(_dump({key: value[:1]}))  # "key:\n- first\n": the items below follow at the same indent
            parts += [_dump(value[i:i + 1]) for i in range(1, len(value))]
        else:
            parts.append(_dump({key: value}))
    return "".join(parts) if parts else _dump(data)


def _dump(data) -> str:
    import yaml

    return yaml.dump(data, Dumper=_dumper(), sort_keys=False, allow_unicode=True, width=100)


@functools.cache
def _dumper():
    import yaml

    class Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):
        def ignore_aliases(self, data):
            return True

    return Dumper


# --- writing ---------------------------------------------------------------------------

def write_atomic(path: str | os.PathLike, data: bytes | str, follow_links: bool = True) -> None:
    """Write a file so that a crash never leaves half of it: a temporary file in the same
    folder, then a rename. A symlink is followed (its target is written, the link stays);
    a character device or a FIFO is written directly, never replaced; a socket or a folder
    is refused. With `follow_links` False a symlink is replaced by the file instead (what
    a program writes into a folder of its own must not land outside it). A read-only file
    is refused, as `>` and `cp` refuse it. An existing file keeps its permissions; a new
    one gets the usual ones (0666 less the umask). SIGINT and SIGTERM never leave the
    temporary file behind. Any failure is one UserError naming the path."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    target, info = check_writable(path, follow_links)
    if info is not None and (stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
        return _write_directly(path, path if follow_links else target, data)
    _replace(path, target, data)


def same_file(one: str | os.PathLike | int, other: str | os.PathLike | int, to_be: bool = False) -> bool:
    """Whether two names (or open file descriptors: standard input is 0) are one file,
    compared as files (device and inode), never as path text: a link, a path through a
    linked folder, `./x` and `x` are the same file. With `to_be`, a file not made yet (a
    record before its first game, a --save file before the first move) is the same as a
    name whose real path (links resolved) is its real path; else a missing name is no file."""
    try:
        return os.path.samestat(os.stat(one), os.stat(other))
    except (OSError, ValueError, TypeError):
        pass
    if not to_be or isinstance(one, int) or isinstance(other, int):
        return False
    try:
        return os.path.normcase(os.path.realpath(one)) == os.path.normcase(os.path.realpath(other))
    except (OSError, ValueError):
        return False


def check_not_in_use(path: str | os.PathLike, in_use: Iterable[tuple[str, str | os.PathLike | int | None]], to_be: bool = False) -> None:
    """Refuse to write `path` when it is one of the files in use, (what, path or descriptor)
    pairs ("the --rules file", "r.yaml"): one UserError naming it. The one home of this guard:
    options (cli.common.check_output) and typed commands (a game's save and export) alike.
    `to_be`: files in use may not exist yet (see same_file)."""
    for what, used in in_use:
        if used is not None and used != "" and same_file(path, used, to_be):
            raise UserError(f"{shown_path(path)} is {what} itself: writing over it would lose it; give another file")


def check_writable(path: str | os.PathLike, follow_links: bool = True) -> tuple[str, os.stat_result | None]:
    """What `write_atomic(path)` would write to, checked before any work is done: (the
    target with symlinks followed, its stat or None); a path that can never be written
    (no folder, a folder, a socket, a name too long, a read-only file) is one UserError."""
    check_name(path)
    target = os.path.realpath(path) if follow_links else _real_folder(path)
    try:
        # The path itself followed, not its real path: /dev/stdout into a pipe leads to "pipe:[N]", no file's name
        info = os.stat(path) if follow_links else os.lstat(target)
        if stat.S_ISLNK(info.st_mode):
            return target, None  # replaced by the file, never followed
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise os_problem(path, exc, "write") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise UserError(f"{shown_path(path)}: is a folder, not a file")
    if info is not None and stat.S_ISREG(info.st_mode) and not info.st_mode & 0o222:
        raise UserError(f"{shown_path(path)}: cannot write: permission denied (the file is read-only)")
    if info is not None and not (stat.S_ISREG(info.st_mode) or stat.S_ISCHR(info.st_mode)
                                 or stat.S_ISFIFO(info.st_mode)):
        raise UserError(f"{shown_path(path)}: not a regular file (a socket or a block device): not replaced")
    folder, name = os.path.split(target)
    if info is None and not os.path.isdir(folder):
        raise UserError(f"{shown_path(path)}: folder {shown_path(folder)} does not exist")
    if info is None and len(os.fsencode(name)) > 255:  # NAME_MAX of every common file system
        raise UserError(f"{shown_path(path)}: cannot write: the name is too long")
    return target, info


def _real_folder(path) -> str:
    """`path` with its folder's symlinks resolved but not its own name's."""
    absolute = os.path.abspath(path)
    return os.path.join(os.path.realpath(os.path.dirname(absolute)), os.path.basename(absolute))


def _write_directly(path: str | os.PathLike, target: str | os.PathLike, data: bytes) -> None:
    """A device or a FIFO: written in place (O_NONBLOCK so that a FIFO without a reader is
    refused at once rather than waited on)."""
    try:
        fd = os.open(target, os.O_WRONLY | NO_WAIT | OPEN_FLAGS)
        try:
            if NO_WAIT:
                os.set_blocking(fd, True)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
    except OSError as exc:
        raise os_problem(path, exc, "write") from None


def _replace(path, target: str, data: bytes) -> None:
    import tempfile  # here: most commands never write a file, and it costs them 10 ms

    tmp = None
    try:
        with _sigterm_as_exception():
            try:
                fd, tmp = tempfile.mkstemp(dir=os.path.dirname(target), prefix=f".{os.path.basename(target)[:100]}.", suffix=".tmp")
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                    handle.flush()
                    os.fsync(handle.fileno())
                os.chmod(tmp, _mode_for(target))
                os.replace(tmp, target)
                tmp = None
            finally:
                if tmp is not None:
                    with contextlib.suppress(OSError):
                        os.unlink(tmp)
    except OSError as exc:
        raise os_problem(path, exc, "write") from None


class _Terminated(BaseException):
    """SIGTERM arrived during a write: unwind (removing the temporary file), then die."""


@contextlib.contextmanager
def _sigterm_as_exception():
    """Within the block SIGTERM raises _Terminated, so `finally` clauses run; afterwards
    the signal is delivered again under the handler that was there before."""
    import signal  # here, as threading: only a write needs them
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGTERM)
    if previous in (signal.SIG_IGN, None):
        yield
        return

    def terminated(signum, frame):
        raise _Terminated

    signal.signal(signal.SIGTERM, terminated)
    try:
        yield
    except _Terminated:
        signal.signal(signal.SIGTERM, previous)
        signal.raise_signal(signal.SIGTERM)
        raise SystemExit(128 + signal.SIGTERM) from None  # a Python handler that returned
    finally:
        signal.signal(signal.SIGTERM, previous)


def _mode_for(path: str) -> int:
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


LOCK_PATIENCE = 1.0  # seconds waited for the history's lock before saying so
LOCK_GIVE_UP = 15.0  # seconds after which it is given up on (a save takes milliseconds)
STALE_LOCK = 60  # seconds after which a lock file (where the OS has no lock) is taken as left by a crash
WAITING = "waiting for another ktane-congkak to finish saving"


class LockHeld(UserError):
    """The lock could not be had: another program held it for LOCK_GIVE_UP seconds, or its
    file cannot be used (a link to nowhere, a read-only file, a folder). Either way what was
    to be saved is kept aside, not dropped (practice.history)."""


@contextlib.contextmanager
def locked(path: str | os.PathLike, waiting: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold an exclusive lock on `path`.lock for a read-modify-write of `path`, so that two
    programs updating the same file both keep what they add. The `filelock` library: the OS's
    lock (fcntl on POSIX, msvcrt on Windows), else a lock file. After LOCK_PATIENCE seconds
    `waiting()` is called (by default WAITING is said on standard error); after LOCK_GIVE_UP,
    LockHeld is raised: never a silent wait."""
    import warnings

    with warnings.catch_warnings():  # "only soft file lock is available": the lock file is what it falls back to
        warnings.simplefilter("ignore")
        import filelock  # here: only a save needs it

        lock_path = f"{os.fspath(path)}.lock"
        # The OS's lock ends with its holder; a lock file is taken over once stale (a save takes milliseconds)
        soft: dict[str, Any] = {"lifetime": STALE_LOCK} if filelock.FileLock is filelock.SoftFileLock else {}
        lock = filelock.FileLock(lock_path, **soft)
    try:
        try:
            lock.acquire(timeout=LOCK_PATIENCE)
        except filelock.Timeout:
            (waiting or _say_waiting)()
            lock.acquire(timeout=max(LOCK_GIVE_UP - LOCK_PATIENCE, 0))
    except filelock.Timeout:
        raise LockHeld(f"{shown_path(lock_path)}: another ktane-congkak held the lock for {LOCK_GIVE_UP:g} s; "
                       "gave up waiting") from None
    except OSError as exc:  # a lock file that cannot be used: as good as held, for what the caller does
        raise LockHeld(str(os_problem(lock_path, exc, "lock"))) from None
    try:
        yield
    finally:
        lock.release()


def _say_waiting() -> None:
    warn(f"{WAITING}...")


# --- the user's data folder: the histories and the games' record ----------------------

APP_NAME = "ktane-congkak"  # the data folder's name under the platform's folder for programs' data
DATA_VARIABLE = "KTANE_CONGKAK_DATA"  # names a data folder that replaces the platform's


TYPE_CHECKING = False  # (not typing's: solve must not load typing, nor pathlib)
if TYPE_CHECKING:
    from pathlib import Path


def data_folder() -> Path:
    """$KTANE_CONGKAK_DATA, else where the platform keeps a user's program data (platformdirs):
    %LOCALAPPDATA%\\ktane-congkak on Windows, ~/Library/Application Support/ktane-congkak on
    macOS, $XDG_DATA_HOME/ktane-congkak or ~/.local/share/ktane-congkak elsewhere. A relative
    XDG_DATA_HOME is ignored, as the XDG specification says (it would write wherever the
    program happens to be started)."""
    from pathlib import Path

    if os.environ.get(DATA_VARIABLE):
        return Path(os.environ[DATA_VARIABLE])
    import platformdirs

    folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    if not folder.is_absolute():
        folder = Path.home() / ".local" / "share" / APP_NAME
    return folder


# --- the shipped folders: the built manual and the guides -----------------------------

DATA_FOLDER = "share/ktane-congkak"  # where pyproject.toml's data-files put manual/ and docs/
DOCS = "docs"  # the guides' folder, and how their examples name the files they read (docs/bomb-example.log)
DOCS_MARKER = "drill.md"  # a file every copy of docs/ holds


def shipped(folder: str, marker: str) -> Path | None:
    """Where `folder` (manual or docs) of the project is, the first holding `marker`: beside
    the package in a clone (fresh there), else in the data folder an install put it in
    (pyproject.toml's data-files: share/ktane-congkak/ under the environment's prefix)."""
    import sys
    import sysconfig
    from pathlib import Path  # here: `solve` never needs it

    places = [Path(__file__).resolve().parent.parent / folder]
    for scheme in (None, sysconfig.get_preferred_scheme("user")):  # an install; one with --user
        try:
            data = sysconfig.get_path("data", scheme) if scheme else sysconfig.get_path("data")
        except KeyError:
            continue
        places.append(Path(data, DATA_FOLDER, folder))
    places.append(Path(sys.prefix, DATA_FOLDER, folder))
    return next((place for place in places if (place / marker).is_file()), None)


def example_file(path: str | os.PathLike) -> str | os.PathLike:
    """`path`, or, where it names a file of the guides (docs/...: docs/bomb-example.log,
    docs/examples/bad-save.yaml) that is not here, the shipped copy: so that every example of
    the README and the guides runs as printed from any folder after an install too."""
    text = os.fsdecode(path)
    if os.path.lexists(text) or not text.replace(os.sep, "/").startswith(DOCS + "/"):
        return path
    docs = shipped(DOCS, DOCS_MARKER)
    if docs is None:
        return path
    found = docs.parent / os.path.normpath(text)
    return str(found) if found.is_file() and docs.resolve() in found.resolve().parents else path
