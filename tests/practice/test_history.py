"""The practice history: saved atomically as YAML; a damaged file is set aside, never fatal."""

from __future__ import annotations

import os

from ktane_congkak.files import read_yaml
from ktane_congkak.practice.history import history_path, load_history, save_session, summary_lines

RECORD = {"started": "2026-11-30T01:00:00", "mode": "timed", "result": "defused", "seconds": 81.5,
          "strikes": 1, "boards": 3, "solves": 1}


def test_sessions_accumulate_in_order(tmp_path):
    path = tmp_path / "history.yaml"
    assert save_session(RECORD, path) is None
    assert save_session(dict(RECORD, result="exploded", strikes=3), path) is None
    sessions, warning = load_history(path)
    assert warning is None
    assert [s["result"] for s in sessions] == ["defused", "exploded"]
    assert read_yaml(path) == {"sessions": sessions}
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]  # no temporary left behind
    assert summary_lines(sessions)[0].split()[:4] == ["2026-11-30", "01:00", "timed", "exploded"]


def test_the_data_folder_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("KTANE_CONGKAK_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert history_path() == tmp_path / "ktane-congkak" / "history.yaml"
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path / "mine"))
    assert save_session(RECORD) is None
    assert (tmp_path / "mine" / "history.yaml").is_file()


def test_a_damaged_file_is_set_aside_and_reported(tmp_path):
    path = tmp_path / "history.yaml"
    for damage in ("sessions: [1, 2", "just a string", "sessions: 5", b"\xff\xfe\x00 not text"):
        (path.write_bytes if isinstance(damage, bytes) else path.write_text)(damage)
        sessions, warning = load_history(path)
        assert sessions == [] and "damaged" in warning and "\n" not in warning
        assert not path.exists()
        aside = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
        assert aside and any(p.read_bytes() == (damage if isinstance(damage, bytes) else damage.encode()) for p in aside)
        for p in aside:
            p.unlink()


def test_saving_over_a_damaged_file_keeps_the_new_session_and_warns(tmp_path):
    path = tmp_path / "history.yaml"
    path.write_text("{{{{")
    warning = save_session(RECORD, path)
    assert "damaged" in warning
    assert load_history(path) == ([RECORD], None)


def test_an_unwritable_folder_is_a_warning_not_a_crash(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    warning = save_session(RECORD, blocker / "history.yaml")
    assert warning.startswith("could not save the practice history")


DAMAGED = [{"seconds": "abc"}, {"seconds": float("nan")}, {"strikes": "two"}, {"boards": True}, {"solves": -1},
           {"mode": ["zen"]}, {"result": {"a": 1}}, {"started": 12}, "a line of text", 7, None]


def test_entries_of_the_wrong_type_are_set_aside_and_the_sound_ones_kept(tmp_path):
    import yaml

    path = tmp_path / "history.yaml"
    earlier = dict(RECORD, started="2026-11-29T22:00:00")
    for damage in DAMAGED:
        original = yaml.safe_dump({"sessions": [earlier, damage if not isinstance(damage, dict) else dict(RECORD, **damage), RECORD]})
        path.write_text(original)
        sessions, warning = load_history(path)
        assert sessions == [earlier, RECORD], damage
        assert "1 damaged entry (entry 2: " in warning and "moved aside" in warning and "\n" not in warning
        (aside,) = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
        assert aside.read_text() == original  # the damaged entry is kept, outside the history
        aside.unlink()
        assert load_history(path) == ([earlier, RECORD], None)  # written back sound
        assert len(summary_lines(sessions)) == 2


def test_a_damaged_entry_never_breaks_the_end_of_a_window_session(tmp_path, monkeypatch, capsys):
    from ktane_congkak.core.module import CongkakModule
    from ktane_congkak.practice.window.window import save_history
    from ktane_congkak.practice.session import PracticeSession

    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path))
    (tmp_path / "history.yaml").write_text(f"sessions:\n- {{seconds: abc}}\n- {{seconds: .inf}}\n- {RECORD}\n")
    session = PracticeSession(CongkakModule(seed=1))
    session.run("hole 1")  # a session with a press: one with none is not kept
    session.end("stopped")
    save_history(session)  # summary_lines used to raise ValueError here
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "2 damaged entries (entry 1: seconds is 'abc', not a number of seconds)" in err
    assert [line.split()[3] for line in session.history_lines] == ["stopped", "defused"]
    sessions, warning = load_history(tmp_path / "history.yaml")
    assert warning is None and [s["result"] for s in sessions] == ["defused", "stopped"]


def test_a_commands_script_is_kept_marked_and_not_shown_as_recent_practice(tmp_path, monkeypatch):
    """Scripted window runs were saved as real practice: "Recent sessions" showed them."""
    from conftest import need_display

    from ktane_congkak.core.module import CongkakModule
    from ktane_congkak.practice.window import run_practice

    need_display()
    monkeypatch.setenv("KTANE_CONGKAK_DATA", str(tmp_path))
    (tmp_path / "history.yaml").write_text(f"sessions:\n- {RECORD}\n")
    assert run_practice(CongkakModule(seed=1), commands="hole 1; hole 2; quit") == 0
    sessions, warning = load_history(tmp_path / "history.yaml")
    assert warning is None and len(sessions) == 2
    assert sessions[-1]["scripted"] is True and sessions[-1]["log"]  # kept, with its log, marked
    assert "scripted" not in sessions[0]
    assert [line.split()[3] for line in summary_lines(sessions)] == ["defused"]  # only the player's own
