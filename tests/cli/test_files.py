"""Files the user keeps: atomic writes that fail in one line and keep permissions."""

import os

import pytest

from ktane_congkak.errors import UserError
from ktane_congkak.files import read_yaml, write_atomic


def test_write_replaces_and_keeps_permissions(tmp_path):
    target = tmp_path / "kept.yaml"
    target.write_text("old: 1\n")
    os.chmod(target, 0o640)
    write_atomic(target, "new: 2\n")
    assert read_yaml(target) == {"new": 2}
    assert os.stat(target).st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["kept.yaml"]  # no temporary left behind


@pytest.mark.parametrize("where, message", [
    ("folder", "is a folder"),
    ("missing/x.yaml", "does not exist"),
])
def test_failed_writes_are_one_line_and_lose_nothing(tmp_path, where, message):
    (tmp_path / "folder").mkdir()
    with pytest.raises(UserError, match=message):
        write_atomic(tmp_path / where, "x")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]


def test_unwritable_folder(tmp_path):
    if os.geteuid() == 0:
        target = "/proc/ktane-congkak-test.yaml"  # root may write anywhere but /proc
    else:
        os.chmod(tmp_path, 0o500)
        target = tmp_path / "x.yaml"
    with pytest.raises(UserError, match="cannot write"):
        write_atomic(target, "x")


def test_bad_yaml_is_one_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [1,\n")
    with pytest.raises(UserError, match=r"bad.yaml: line \d+: not valid YAML"):
        read_yaml(bad)
    with pytest.raises(UserError, match="no such file"):
        read_yaml(tmp_path / "none.yaml")
