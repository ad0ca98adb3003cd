"""`ktane-congkak manual`: the shipped manual opened and named, documents by topic, nothing written unasked."""

from __future__ import annotations

import webbrowser

import pytest

from conftest import ROOT, run


def fake_browser(monkeypatch, name: str) -> list[str]:
    """The browser webbrowser would pick, by `name`; the URLs it was asked to open."""
    opened = []
    browser = webbrowser.GenericBrowser(name)
    monkeypatch.setattr(browser, "open", lambda url: opened.append(url) or True)
    monkeypatch.setattr(webbrowser, "get", lambda: browser)
    return opened


@pytest.fixture
def elsewhere(monkeypatch, tmp_path):
    """A folder of the user's own to run in: it must stay empty."""
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    assert list(tmp_path.iterdir()) == []


def test_manual_names_the_manual_and_opens_it_where_there_is_a_display(capsys, monkeypatch, elsewhere):
    opened = fake_browser(monkeypatch, "firefox")
    monkeypatch.setenv("DISPLAY", ":99")
    code, out, err = run(capsys, "manual")
    assert code == 0 and err == ""
    assert out.splitlines() == [str(ROOT / "manual" / "index.html"), str(ROOT / "manual" / "congkak.pdf")]
    assert opened == [(ROOT / "manual" / "index.html").as_uri()]


def test_manual_without_a_display_or_with_no_open_only_names_it(capsys, monkeypatch, elsewhere):
    opened = fake_browser(monkeypatch, "firefox")
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert run(capsys, "manual")[0] == 0
    monkeypatch.setenv("DISPLAY", ":99")
    code, out, _ = run(capsys, "manual", "--no-open")
    assert code == 0 and out.endswith("congkak.pdf\n") and opened == []


def test_a_text_mode_browser_is_not_started_over_the_terminal(capsys, monkeypatch, elsewhere):
    opened = fake_browser(monkeypatch, "lynx")
    monkeypatch.setenv("DISPLAY", ":99")
    code, out, _ = run(capsys, "manual")
    assert code == 0 and opened == [] and out.endswith("congkak.pdf\n")


def test_a_document_by_topic_and_an_unknown_topic(capsys):
    code, out, _ = run(capsys, "manual", "window")
    assert code == 0 and out == (ROOT / "docs" / "window.md").read_text()
    code, _, err = run(capsys, "manual", "windo")
    assert code == 2 and err.count("\n") == 1 and "no document 'windo'" in err and "window" in err
    code, _, err = run(capsys, "manual", "drill", "--out", "x")
    assert code == 2 and "--out builds the expert manual" in err
