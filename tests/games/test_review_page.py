"""The review's page (`game --load F --review --html OUT`) as a reader sees it: headless
Chromium loads it with no console error and one value graph whose marks are the review's;
the dark theme is dark; it prints on Letter and on A4, in the light theme."""

from __future__ import annotations

import io
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest

from conftest import need_tool, run
from ktane_congkak.games.ai import make_player
from ktane_congkak.games.analysis import Limits
from ktane_congkak.games.game import Game
from ktane_congkak.games.review import review
from ktane_congkak.games.review_page import review_page
from ktane_congkak.games.session import Session
from ktane_congkak.paper.report_page import THEMES

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--no-pdf-header-footer"]
DARK = ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"]
PAGE = "review.html"


def a_game() -> Game:
    game = Game("mancala")
    players = [make_player("easy", seed="7:0"), make_player("medium", seed="7:1")]
    while not game.over:
        player = game.waiting[0]
        game.move(player, players[player].choose(game, player))
    return game


@pytest.fixture(scope="module")
def page_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("review-page")
    game = a_game()
    reviewed = review(game, Limits(depth=2))
    (folder / PAGE).write_text(review_page(game, reviewed, "g.yaml"), encoding="utf-8")
    return folder, reviewed


def chromium(folder, page: str, *args) -> str:
    """Chromium's standard output for `page` (a dumped DOM), failing on any console error."""
    browser = need_tool("chromium", "chromium-browser", what="printing HTML in a browser")
    command = [browser, *FLAGS, f"--user-data-dir={folder / 'profile'}", "--enable-logging=stderr", "--v=0", *args,
               (folder / page).as_uri()]
    done = subprocess.run(command, check=True, capture_output=True, text=True, timeout=120)
    assert [line for line in done.stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line] == []
    return done.stdout


def test_the_page_holds_one_graph_with_the_reviews_marks_and_every_move(page_dir):
    folder, reviewed = page_dir
    html = (folder / PAGE).read_text(encoding="utf-8")
    assert "http" not in re.sub(r'xmlns="http://www.w3.org/2000/svg"', "", html)  # nothing fetched
    graphs = re.findall(r'<figure class="graph">(<svg.*?</svg>)</figure>', html, re.S)
    assert len(graphs) == 1
    svg = ET.fromstring(graphs[0])
    groups = [g.get("class") for g in svg.iter("{http://www.w3.org/2000/svg}g")]
    marked = reviewed.marked()
    assert [c for c in groups if c.startswith("mark-") and c != "mark-sign"] == [f"mark-{m.mark}" for m in marked]
    assert len(re.findall(r'<section class="board" id="move-(\d+)">', html)) == len(marked)
    rows = re.findall(r'<tr class="(\w+)"><td>(\d+)</td>', html)
    assert [(int(n), mark) for mark, n in rows] == [(m.number, m.mark) for m in reviewed.moves]


def test_on_a_dark_screen_the_page_is_dark(page_dir):
    from PIL import Image

    folder, _ = page_dir
    shot = folder / "dark.png"
    dom = chromium(folder, PAGE, *DARK, "--window-size=900,700", f"--screenshot={shot}", "--dump-dom")
    assert dom.count('<figure class="graph"><svg') == 1
    image = Image.open(shot).convert("RGB")
    assert image.getpixel((10, 10)) == tuple(int(THEMES["dark"]["paper"][i:i + 2], 16) for i in (1, 3, 5))


@pytest.mark.parametrize("paper, size", [("letter", (612, 792)), ("A4", (595, 842))])
def test_it_prints_on_letter_and_a4(page_dir, paper, size):
    import pypdf
    from PIL import Image

    folder, reviewed = page_dir
    html = (folder / PAGE).read_text(encoding="utf-8")
    (folder / f"{paper}.html").write_text(html.replace("</style>", f"@page {{ size: {paper}; }}\n</style>", 1),
                                          encoding="utf-8")
    out = folder / f"{paper}.pdf"
    chromium(folder, f"{paper}.html", *DARK, f"--print-to-pdf={out}")
    pages = pypdf.PdfReader(io.BytesIO(out.read_bytes())).pages
    assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in pages} == {size}
    texts = [re.sub(r"\s+", " ", p.extract_text()) for p in pages]
    for move in reviewed.marked():  # each marked move's heading on one page
        assert sum(f"Move {move.number}: " in t for t in texts) == 1
    pdftoppm = need_tool("pdftoppm", what="looking at a printed page")
    subprocess.run([pdftoppm, "-png", "-r", "30", "-f", "1", "-l", "1", str(out), str(folder / paper)], check=True)
    image = Image.open(next(folder.glob(f"{paper}-*1.png"))).convert("RGB")
    assert image.getpixel((5, 5)) == (255, 255, 255) and image.convert("L").getextrema()[0] < 60


def test_the_command_writes_the_page_and_refuses_it_without_review(capsys, tmp_path):
    saved, out = tmp_path / "g.yaml", tmp_path / "r.html"
    Session(a_game(), opponent="medium", seed="1").save(str(saved))
    code, printed, _ = run(capsys, "game", "--load", str(saved), "--review", "--depth", "1", "--html", str(out))
    assert code == 0 and "Accuracy:" in printed and out.read_text(encoding="utf-8").count('<figure class="graph">') == 1
    code, _, err = run(capsys, "game", "--load", str(saved), "--html", str(out))
    assert code == 2 and err == "ktane-congkak: game: --html is a form of the review: give --review with it\n"
