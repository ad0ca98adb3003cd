"""The log report (`verify --log --html`) as a reader sees it: headless Chromium loads it with
no console error, runs its theme switch, shows one drawing per board, and prints it on
Letter and on A4 with every board whole; the dark theme really is dark."""

from __future__ import annotations

import io
import random
import re
import subprocess

import pytest

from bomblogs import ReleaseWriter, random_presses, two_modules, unity_noise
from ktane_congkak.core.logcheck import check_log_lines
from ktane_congkak.paper.log_report import report_html
from ktane_congkak.paper.report_page import SWITCH_ID, THEMES

from conftest import need_tool
from test_manual_browser import DARK, FLAGS, need_chromium

PAGE = "report.html"


@pytest.fixture(scope="module")
def page_dir(tmp_path_factory, rules):
    """A page of three modules: two of today's release among Unity's noise, one of the first."""
    need_chromium()
    rng = random.Random(3)
    lines = unity_noise(two_modules(rules)) + ReleaseWriter("2023-04-24", rules, rng).module(4, random_presses(rng))
    folder = tmp_path_factory.mktemp("log-report")
    check = check_log_lines(lines, rules)
    (folder / PAGE).write_text(report_html(check, rules, "Player.log"), encoding="utf-8")
    return folder, check


def chromium(folder, page: str, *args) -> str:
    """Chromium's output for `page` (standard output: a dumped DOM), failing on any console error."""
    command = [need_chromium(), *FLAGS, f"--user-data-dir={folder / 'profile'}", "--enable-logging=stderr", "--v=0", *args,
               (folder / page).as_uri()]
    done = subprocess.run(command, check=True, capture_output=True, text=True, timeout=120)
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]
    assert console == []
    return done.stdout


def boards(check) -> list:
    return [b for m in check.modules for b in m.boards]


def test_on_a_dark_screen_the_page_is_dark_runs_its_switch_and_draws_each_board_once(page_dir):
    from PIL import Image

    folder, check = page_dir
    shot = folder / "dark.png"
    dom = chromium(folder, PAGE, *DARK, "--window-size=900,700", f"--screenshot={shot}", "--dump-dom")
    switch = re.search(rf'<button id="{SWITCH_ID}"[^>]*>([^<]*)</button>', dom).group(1)
    assert switch == "Light theme"  # written by the script, from the system's theme (the page says "Dark theme")
    assert dom.count('<figure class="face"><svg') == len(boards(check)) == dom.count("<svg")
    image = Image.open(shot).convert("RGB")
    assert image.getpixel((10, 10)) == tuple(int(THEMES["dark"]["paper"][i:i + 2], 16) for i in (1, 3, 5))
    inks = [sum(image.getpixel((x, y))) for x in range(100, 500, 2) for y in range(30, 60)]
    assert max(inks) > 600  # the title, light on the dark paper


@pytest.mark.parametrize("paper, size", [("letter", (612, 792)), ("A4", (595, 842))])
def test_it_prints_on_letter_and_a4_with_every_board_whole(page_dir, paper, size):
    import pypdf

    folder, check = page_dir
    html = (folder / PAGE).read_text(encoding="utf-8")
    # The page sets no paper size: the printer's is used. A printer loaded with `paper`:
    (folder / f"{paper}.html").write_text(html.replace("</style>", f"@page {{ size: {paper}; }}\n</style>", 1),
                                          encoding="utf-8")
    out = folder / f"{paper}.pdf"
    chromium(folder, f"{paper}.html", *DARK, "--no-pdf-header-footer", f"--print-to-pdf={out}")
    pages = pypdf.PdfReader(io.BytesIO(out.read_bytes())).pages
    assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in pages} == {size}
    texts = [re.sub(r"\s+", " ", p.extract_text()) for p in pages]
    for board in boards(check):
        # Each board on one page, whole: its ID and its face's store names (each face draws both).
        on = [t for t in texts if board.id in t]
        assert len(on) == 1 and on[0].count(board.id) == 1
    assert sum(t.count("OPPONENT'S STORE") for t in texts) == len(boards(check))
    assert sum(t.count("The answer:") for t in texts) == len(boards(check))
    last = boards(check)[-1].id  # the report's last board is never alone on its page
    assert sum(board.id in t for t in texts if last in t for board in boards(check)) >= 2

    # Printed in the light theme, though the screen is dark: white paper, dark ink.
    from PIL import Image

    pdftoppm = need_tool("pdftoppm", what="looking at a printed page")
    subprocess.run([pdftoppm, "-png", "-r", "30", "-f", "1", "-l", "1", str(out), str(folder / paper)], check=True)
    image = Image.open(next(folder.glob(f"{paper}-*1.png"))).convert("RGB")
    assert image.getpixel((5, 5)) == (255, 255, 255) and image.convert("L").getextrema()[0] < 60


def test_on_a_phone_480_px_wide_nothing_runs_off_the_page_and_the_labels_are_9_px(page_dir):
    """At 480 CSS pixels the face goes above its table and nothing is wider than the window
    (the page measures itself in the browser); the face's smallest text is 9 px or more.
    Headless Chromium's window is 500 px at the least: the page is held to 480 px instead
    (the phone's layout starts below 640)."""
    folder, check = page_dir
    html = (folder / PAGE).read_text(encoding="utf-8").replace("</style>", "html { width: 480px; }\n</style>", 1)
    measure = ("<script>window.addEventListener('load', function () { var svg = document.querySelector("
               "'figure.face svg'); var right = 0; document.querySelectorAll('main *').forEach(function (e) { "
               "right = Math.max(right, e.getBoundingClientRect().right); }); "
               "document.body.dataset.measured = right + ' ' + svg.getBoundingClientRect().width; });</script></body>")
    (folder / "phone.html").write_text(html.replace("</body>", measure, 1), encoding="utf-8")
    dom = chromium(folder, "phone.html", "--window-size=500,900", "--hide-scrollbars", "--dump-dom")
    wide, face = map(float, re.search(r'data-measured="([\d.]+) ([\d.]+)"', dom).groups())
    assert wide <= 480
    from ktane_congkak.paper.log_report import FACE_SIZE

    smallest = min(float(size) for size in re.findall(r'<text[^>]* font-size="([\d.]+)"', html.split("<figure", 1)[1]))
    assert smallest / FACE_SIZE * face >= 9.0, (smallest, face)
