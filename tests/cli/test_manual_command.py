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


def test_manual_paper_a4_names_and_opens_the_a4_manual(capsys, monkeypatch, elsewhere):
    opened = fake_browser(monkeypatch, "firefox")
    monkeypatch.setenv("DISPLAY", ":99")
    code, out, err = run(capsys, "manual", "--paper", "a4")
    assert code == 0 and err == ""
    assert out.splitlines() == [str(ROOT / "manual" / "index-a4.html"), str(ROOT / "manual" / "congkak-a4.pdf")]
    assert opened == [(ROOT / "manual" / "index-a4.html").as_uri()]
    code, _, err = run(capsys, "manual", "--paper", "a3")
    assert code == 2 and err.count("\n") == 1 and "a3" in err
    code, _, err = run(capsys, "manual", "drill", "--paper", "a4")
    assert code == 2 and "--paper builds the expert manual" in err


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
    assert code == 0 and out.startswith("Practising in the window\n------------------------\n\n")
    assert f"[Picture: The practice window: hole 10 hovered, its count on the salmon screen, the hint panel open: " \
           f"{ROOT / 'docs' / 'practice.png'}]" in " ".join(out.split())
    code, _, err = run(capsys, "manual", "windo")
    assert code == 2 and err.count("\n") == 1 and "no document 'windo'" in err and "window" in err
    code, _, err = run(capsys, "manual", "drill", "--out", "x")
    assert code == 2 and "--out builds the expert manual" in err


def test_a_guide_says_where_the_files_its_examples_read_are(capsys, elsewhere):
    code, out, _ = run(capsys, "manual", "games")  # games.md: `$ ktane-congkak game --load docs/examples/...`
    assert code == 0 and "$ ktane-congkak game --load docs/examples/bad-save.yaml" in out
    said = " ".join(out.split()).rsplit("The files its examples read (docs/...) are under ", 1)[1]
    assert said == f"{ROOT}; the commands find them there from any folder."
    code, out, _ = run(capsys, "manual", "releases")  # no example reads a file: nothing said
    assert code == 0 and "examples read" not in out


def test_a_guide_is_plain_text_that_fits():
    from ktane_congkak.core.text import plain_markdown

    markdown = ("# Title\n\nSome **bold** and `code`, a [link](drill.md), a [section](window.md#speed), "
                "a [page](https://example.org) and a "
                "picture:\n\n![A window](shot.png)\n\n| option | what |\n|---|---|\n| `--seed TEXT` | boards "
                "from the generator, a long explanation that has to wrap |\n\n- an item\n  carried on\n- another\n\n"
                "    $ ktane-congkak solve 1 2 3 4 5 6 7 8 9 10 11 12 13 14 --side opponent --json --release 2023-07-27\n")
    assert plain_markdown(markdown, 48, picture=lambda path: f"/docs/{path}") == [
        "Title", "=====", "",
        "Some bold and code, a link (ktane-congkak manual", "drill), a section (ktane-congkak manual window),",
        "a page (https://example.org) and a picture:", "",
        "[Picture: A window: /docs/shot.png]", "",
        "option       what",
        "--seed TEXT  boards from the generator, a long",
        "             explanation that has to wrap", "",
        "- an item carried on", "- another", "",
        "    $ ktane-congkak solve 1 2 3 4 5 6 7 8 9 10 11 12 13 14 --side opponent --json --release 2023-07-27"]


def test_a_long_guide_goes_through_the_pager_only_at_a_terminal(capsys, monkeypatch, tmp_path):
    import sys

    from ktane_congkak.cli import manual

    paged = tmp_path / "paged.txt"
    monkeypatch.setenv("PAGER", f"{sys.executable} -c \"import sys; open({str(paged)!r}, 'w').write(sys.stdin.read())\"")
    monkeypatch.setenv("LINES", "24")
    text = "".join(f"line {n}\n" for n in range(30))
    manual.show_text(text)  # captured: no terminal
    assert capsys.readouterr().out == text and not paged.exists()
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    manual.show_text("short\n")  # a terminal, but one screen holds it
    assert capsys.readouterr().out == "short\n" and not paged.exists()
    manual.show_text(text)
    assert paged.read_text() == text and capsys.readouterr().out == ""


@pytest.mark.skipif(not hasattr(__import__("os"), "getppid") or __import__("os").name == "nt",
                    reason="a pager signalling its parent with Ctrl-C's SIGINT: POSIX")
def test_ctrl_c_in_the_pager_is_the_pager_s(capsys, monkeypatch, tmp_path):
    """less takes Ctrl-C to stop a search and stays open: the program under it must not end."""
    import signal
    import sys

    from ktane_congkak.cli import manual

    paged = tmp_path / "paged.txt"
    monkeypatch.setenv("PAGER", f"{sys.executable} -c \"import os, signal, sys; os.kill(os.getppid(), "
                                f"signal.SIGINT); open({str(paged)!r}, 'w').write(sys.stdin.read())\"")
    monkeypatch.setenv("LINES", "24")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    before = signal.getsignal(signal.SIGINT)
    text = "".join(f"line {n}\n" for n in range(30))
    manual.show_text(text)  # no KeyboardInterrupt
    assert paged.read_text() == text and signal.getsignal(signal.SIGINT) is before


def test_out_dash_is_refused_not_a_folder_named_dash(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "manual", "--out", "-", "--no-pdf")
    assert code == 2 and err == "ktane-congkak: manual: --out -: the manual is a folder of files: give the folder's name\n"
    assert not (tmp_path / "-").exists()
