"""Files the user keeps: written atomically, read with one clear line on any problem."""

from __future__ import annotations

import os
import re
from pathlib import Path

from .errors import UserError


def write_atomic(path: str | Path, data: bytes | str) -> None:
    """Write a file so a crash never leaves half of it: a temporary file in the same
    folder, then a rename. An existing file keeps its permissions; a new one gets the
    usual ones (0666 less the umask). Any failure is one UserError naming the path."""
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    folder = path.parent
    if not folder.is_dir():
        raise UserError(f"{path}: folder {folder} does not exist")
    if path.is_dir():
        raise UserError(f"{path}: is a folder, not a file")
    tmp = None
    try:
        import tempfile  # here: most commands never write a file, and it costs them 10 ms

        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise UserError(f"{path}: cannot write: {exc.strerror or exc}") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def read_yaml(path: str | Path):
    """Safe-load a YAML file; a missing or malformed file is a one-line UserError."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: cannot read: {exc}") from None
    return parse_yaml(text, str(path))


def parse_yaml(text: str, origin: str):
    """Safe-load YAML text; a syntax error is a one-line UserError naming `origin`."""
    simple = _simple_mapping(text)
    if simple is not None:
        return simple
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return yaml.load(text, Loader=loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}:" if mark else ""
        raise UserError(f"{origin}:{where} not valid YAML: {getattr(exc, 'problem', None) or exc}") from None


# The shape of every built-in ruleset: `key: value` lines, one level of sections, comments
# on lines of their own. Read without PyYAML (whose import is a quarter of `solve`'s start);
# anything else, or any doubt, goes to PyYAML. A test checks both agree on every ruleset.
_LINE = re.compile(r"^(  )?([a-z_]+):(?: (.+))?$")
_INT = re.compile(r"^(?:0|[1-9][0-9]*)$")
_PLAIN = re.compile(r"^[A-Za-z][^#\t]*$")  # starts with a letter, no comment, no tab
_WORDS = {"true": True, "false": False}
_SPECIAL = {"yes", "no", "on", "off", "y", "n", "null", "true", "false"}  # YAML 1.1 words


def _simple_mapping(text: str) -> dict | None:
    """`text` as a mapping when it has only the simple shape above, else None."""
    data: dict = {}
    section = None
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        match = _LINE.match(raw.rstrip())
        if not match:
            return None
        indent, key, value = match.groups()
        target = data if not indent else section
        if target is None or key in target or (value is None and indent):
            return None
        if value is None:
            data[key] = section = {}
            continue
        if not indent:
            section = None
        parsed = _simple_scalar(value)
        if parsed is None:
            return None
        target[key] = parsed
    return data if data and all(v != {} for v in data.values()) else None  # empty: PyYAML's None


def _simple_scalar(value: str):
    if _INT.match(value):
        return int(value)
    if value in _WORDS:
        return _WORDS[value]
    if value.lower() in _SPECIAL or not _PLAIN.match(value) or ": " in value or value.endswith(":"):
        return None
    return value


def dump_yaml(data) -> str:
    import yaml

    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(data, Dumper=dumper, sort_keys=False, allow_unicode=True, width=100)
