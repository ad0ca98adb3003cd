"""The HTML manual as players open it: headless Chromium prints it to Letter (and A4) pages, one
per manual page, nothing spilling over, in light and dark mode; the dark screen really is dark,
its drawings too."""

from __future__ import annotations

import io
import re
import subprocess

import pytest

from conftest import need_tool
from ktane_congkak.paper import manual as mb

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--no-pdf-header-footer"]
DARK = ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"]


@pytest.fixture(scope="module")
def manual_dir(tmp_path_factory, rules):
    need_chromium()
    folder = tmp_path_factory.mktemp("manual")
    for paper in ("letter", "a4"):
        for name, data in mb.build_files(rules, pdf=True, paper=paper).items():
            (folder / name).write_bytes(data)
    return folder


def need_chromium() -> str:
    return need_tool("chromium", "chromium-browser", what="printing HTML in a browser")


def chromium(folder, *args, paper="letter") -> None:
    profile = folder / "profile"
    page = folder / mb.manual_names(paper)[0]
    command = [need_chromium(), *FLAGS, f"--user-data-dir={profile}", *args, page.as_uri()]
    subprocess.run(command, check=True, capture_output=True, timeout=120)


def printed_pages(folder, dark: bool, paper="letter") -> list:
    import pypdf

    out = folder / f"{'dark' if dark else 'light'}-{paper}.pdf"
    chromium(folder, *(DARK if dark else []), f"--print-to-pdf={out}", paper=paper)
    return pypdf.PdfReader(io.BytesIO(out.read_bytes())).pages


@pytest.mark.parametrize("dark, paper", [(False, "letter"), (True, "letter"), (False, "a4")],
                         ids=["light", "dark", "a4"])
def test_browser_prints_one_page_per_manual_page(manual_dir, dark, paper):
    import pypdf

    from ktane_congkak.paper import PAPERS

    expected = len(pypdf.PdfReader(manual_dir / mb.manual_names(paper)[1]).pages)
    pages = printed_pages(manual_dir, dark, paper)
    assert len(pages) == expected  # a page whose content overflowed would print as two
    for number, page in enumerate(pages, 1):
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(PAPERS[paper], abs=0.5)
        text = re.sub(r"\s+", " ", page.extract_text())
        # Each printed page carries exactly its own footer and header: no manual page spilled onto it.
        assert re.findall(r"Page \d+ of \d+", text) == [f"Page {number} of {expected}"]
        assert text.count("Keep Talking and Nobody Explodes Mod") == 1


def test_browser_sets_every_word_in_the_typewriter_face(manual_dir):
    """The printed HTML uses only Courier Prime, the diagrams' words too (an SVG shown as an
    <img> cannot load the page's web font and fell back to the machine's own fonts)."""
    used = set()
    for page in printed_pages(manual_dir, dark=False):
        for font in page["/Resources"].get("/Font", {}).values():
            used.add(str(font.get_object().get("/BaseFont", "a font with no name (Type 3)")).split("+")[-1])
    assert used and all(name.startswith("CourierPrime") for name in used), used


def test_dark_mode_on_screen(manual_dir):
    from PIL import Image

    light = tuple(int(mb.PAPER_COLOUR[i : i + 2], 16) for i in (1, 3, 5))  # the warm white of the page on screen
    for dark, paper in ((False, light), (True, (0x1F, 0x20, 0x22))):
        shot = manual_dir / f"shot-{dark}.png"
        chromium(manual_dir, *(DARK if dark else []), "--window-size=1000,700", f"--screenshot={shot}")
        image = Image.open(shot).convert("RGB")
        assert image.getpixel((500, 40)) == paper  # the page's paper, just under its top edge
        # Text in the page's ink: dark ink on light paper, light ink on dark paper.
        inks = [image.getpixel((x, y)) for x in range(150, 850, 3) for y in range(110, 140)]
        darkest, lightest = min(map(sum, inks)), max(map(sum, inks))
        assert (lightest > 600) if dark else (darkest < 150)


def test_dark_mode_inverts_the_drawings(manual_dir):
    """On a dark screen the module drawing is dark too (not a white box on the dark page), its lines
    light; printed, it is black on white whatever the screen's scheme."""
    from PIL import Image

    shots = {}
    for dark in (False, True):
        shot = manual_dir / f"figure-{dark}.png"
        chromium(manual_dir, *(DARK if dark else []), "--window-size=1000,700", f"--screenshot={shot}")
        shots[dark] = Image.open(shot).convert("RGB")
    # The module drawing sits right of the first page's text: its empty background, left of the light.
    light, dark = (shots[d].crop((520, 150, 800, 500)) for d in (False, True))

    def share(image, test):
        pixels = [image.getpixel((x, y)) for x in range(image.width) for y in range(image.height)]
        return sum(map(test, pixels)) / len(pixels)

    assert share(light, lambda p: sum(p) > 700) > 0.6  # white paper under black lines
    assert share(dark, lambda p: sum(p) < 150) > 0.6  # dark under light lines
    assert share(dark, lambda p: sum(p) > 500) > 0.01  # and the lines are there, light
    printed_pages(manual_dir, dark=True)
    subprocess.run([need_tool("pdftoppm", what="looking at a printed page"), "-png", "-r", "50", "-f", "1", "-l", "1", str(manual_dir / "dark-letter.pdf"),
                    str(manual_dir / "printed")], check=True, timeout=60)
    (page,) = manual_dir.glob("printed*.png")
    printed = Image.open(page).convert("RGB")  # 425 x 550: the drawing right of the text, near the top
    assert share(printed.crop((230, 90, 400, 250)), lambda p: sum(p) > 700) > 0.6
