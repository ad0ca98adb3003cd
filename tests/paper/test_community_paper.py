"""Paper the KTANE community would hand out (issue 20): fonts embedded, the procedure on page 1,
Shortcut 4's "holds now" defined and true, no out-of-game text, nothing under 7 pt."""

from __future__ import annotations

import io
import random
import re

import pypdf
import pytest

from ktane_congkak.core.evaluate import SOLVE, STRIKE, evaluate
from ktane_congkak.core.generator import module_board
from ktane_congkak.core.module import CongkakModule
from ktane_congkak.core.shortcuts import RELAYS, jumps, landing_place, place_slot
from ktane_congkak.core.rules import YOU
from ktane_congkak.core.sowing import CAPTURE, OPPONENT_EMPTY, STORE, play_turn
from ktane_congkak.paper import fonts
from ktane_congkak.paper import manual as mb
from ktane_congkak.paper.sheets import sheet_pdf
from ktane_congkak.paper.worksheet import worksheet_pdf
from ktane_congkak.puzzles.sets import load_puzzle_set

from conftest import ROOT
from test_sheets_legible import printed_texts

COMMITTED_PDF = ROOT / "manual" / mb.PDF_NAME


def fonts_of(data: bytes) -> dict[str, bool]:
    """Every font the PDF's pages use, by name, and whether its file is inside the PDF
    (what `pdffonts` reports in its "emb" column)."""
    found = {}
    for page in pypdf.PdfReader(io.BytesIO(data)).pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            descriptors = [font] + [d.get_object() for d in font.get("/DescendantFonts", [])]
            embedded = any(any(k in d.get("/FontDescriptor", {}) for k in ("/FontFile", "/FontFile2", "/FontFile3"))
                           for d in descriptors)
            found[str(font["/BaseFont"])] = embedded
    return found


@pytest.fixture(scope="module")
def built(rules):
    return mb.build_files(rules)


@pytest.fixture(scope="module")
def page_texts(built):
    return [re.sub(r"\s+", " ", p.extract_text()) for p in pypdf.PdfReader(io.BytesIO(built[mb.PDF_NAME])).pages]


def test_every_font_of_every_pdf_is_embedded_and_is_the_typewriter_face(rules, built):
    starter = load_puzzle_set("starter")
    pdfs = {"the committed manual": COMMITTED_PDF.read_bytes(), "the manual": built[mb.PDF_NAME],
            "a sheet": sheet_pdf(starter.puzzles, starter.rules, solutions=True),
            "a dark sheet": sheet_pdf(starter.puzzles[:3], starter.rules, style="dark"),
            "the worksheet": worksheet_pdf(rules, None)}
    for what, data in pdfs.items():
        used = fonts_of(data)
        assert used and all(used.values()), (what, used)  # no font left to the reader's machine
        assert {name.lstrip("/").split("+")[-1] for name in used} <= set(fonts.FILES), (what, used)


def test_the_html_loads_the_same_face_from_beside_it(built):
    html = built[mb.HTML_NAME].decode()
    for filename in fonts.FILES.values():
        assert f'url("{filename}")' in html and built[filename] == fonts.font_file(filename)
    assert built[fonts.LICENCE].startswith(b"Copyright 2015 The Courier Prime Project Authors")
    assert f'font: {mb.BODY_PT}pt/1.3 "{fonts.FAMILY}"' in html  # the body, as the PDF sets it
    assert f"--paper: {mb.PAPER_COLOUR}" in html


def test_page_1_says_what_to_press(page_texts, built):
    first = page_texts[0]
    assert "What to press" in first and "Press a hole with the most points." in first
    assert first.index("What to press") < first.index("Which holes are yours")  # the procedure first
    assert "Never press an empty hole" in first
    # The exact strike rule is the appendix's, not page 1's: page 1 says what to do and where the rule is.
    assert "reference hole" not in first and "reference hole" in page_texts[-2]
    assert "5. Press no other hole: none of them solves, and some strike. Which ones strike, exactly: " \
           "Appendix A, step 4." in first
    assert "4. Every hole with the same seed count as the reference hole (its count on the board as read, before " \
           "any turn) strikes" in page_texts[-2]


def test_shortcut_4_says_what_holds_now_1_means(page_texts):
    """An expert who reads "empty" as holding 0 after the drop gets most boards wrong: the wording
    must say that the count includes the seed just dropped, so 1 means the place was empty."""
    text = " ".join(page_texts)
    section = text[text.index("Shortcut 4: count in jumps"):text.index("Shortcut 5:")]
    assert "holds now, counting the seed that just landed" in section
    assert re.search(r"Holds now 1 means the place was empty before the last seed fell: in your holes 1 to 7 "
                     r"that is a capture; in positions 8 to 14 the turn ends\. Holds now 2 or more is a relay", section)
    assert "a row of more than 15 seeds drops into some places twice" in section
    # The worksheet's rows are shared by the holes: the count is this hole's alone.
    assert "Start from its count on the board as read. Add one for every seed this hole's rows dropped there" in section
    assert "Take off what this hole's turn picked up there. Every hole starts again from the board as read." in section


def test_the_holds_now_rule_is_the_engines(rules):
    """What Shortcut 4 says, checked on every pick-up of 400 boards made the module's way: its
    count followed to the letter (the board as read, plus a seed for each drop of this hole's
    rows, less this hole's pick-ups) is the engine's; the landing place holds 1 (the last seed
    included) exactly when the turn ends there by a capture or on an empty position; 2 or more
    relays; your store ends the turn."""
    rng = random.Random(4)
    seen = set()
    for _ in range(400):
        board = module_board(rules, rng)
        for hole in range(1, 8):
            if not board[hole - 1]:
                continue
            counts = {place: board[place_slot(rules, place)] for place in range(1, 16)}  # afresh for each hole
            for jump in jumps(board, rules, hole):
                counts[jump.start] = 0
                for step in range(1, jump.seeds + 1):
                    counts[(jump.start + step - 1) % 15 + 1] += 1
                if jump.land != 15:
                    assert counts[jump.land] == jump.count, (board, hole, jump)
                if jump.land == 15:
                    assert jump.then == STORE
                elif jump.count == 1:
                    assert jump.then == (CAPTURE if jump.land <= 7 else OPPONENT_EMPTY)
                else:
                    assert jump.then == RELAYS
                seen.add(jump.then)
    assert seen == {STORE, CAPTURE, OPPONENT_EMPTY, RELAYS}


OUT_OF_GAME = [r"ktane-congkak", r"random seed", r"\bseed \d", r"\d,\d{3}", r"\bboards made\b", r"\bsurvey",
               r"author", r"--\w", r"\bprint\b", r"%"]


@pytest.mark.parametrize("where", ["pdf", "html"])
def test_no_out_of_game_text(page_texts, built, where):
    """Nothing an expert at the table cannot use: no command line, no generator seed, no sample
    count or percentage of a sample (docs/manual.md has those)."""
    if where == "pdf":
        text = " ".join(page_texts)
    else:
        html = built[mb.HTML_NAME].decode()
        text = re.sub(r"<[^>]+>", " ", html.split("<body>", 1)[1])
    for pattern in OUT_OF_GAME:
        assert not re.search(pattern, text, flags=re.I), (pattern, re.search(pattern, text, flags=re.I))


def test_nothing_in_the_manual_prints_under_7_pt(built):
    texts = printed_texts(built[mb.PDF_NAME])
    smallest = min(texts, key=lambda t: t["size"])
    assert smallest["size"] >= 7.0 - 1e-6, smallest
    on_the_worksheet = [t for t in texts if t["page"] == len({t["page"] for t in texts})]
    assert any("laps" in t["text"] for t in on_the_worksheet)  # Appendix B, measured with the rest


def test_no_short_table_cell_wraps_in_the_pdf(rules, built):
    """The landing table's corner "From \\ seeds" and the worked example's "So" cells each print
    on one line (each column is as wide as its longest cell): a cell broken over three lines
    reads as three cells."""
    lines = [line.strip() for page in pypdf.PdfReader(io.BytesIO(built[mb.PDF_NAME])).pages
             for line in page.extract_text().splitlines()]
    assert mb.LANDING_CORNER in lines
    example = mb.manual_pages(rules)[5]
    reads = next(b for b in example.blocks if isinstance(b, mb.Table))  # the worked example's landing places
    for row in reads.rows:
        assert row[3] in lines, row[3]


def test_a_row_of_exactly_a_lap_drops_once_everywhere(rules):
    """Shortcut 4's 'a row of more than 15 seeds drops into some places twice' (it said '15 or
    more'): the engine's 15 seeds from hole 1 drop one in each of the 15 places, 16 drop twice
    into the first place after the hole."""
    for seeds, twice in ((15, set()), (16, {1})):
        board = (seeds,) + (2,) * 6 + (0,) + (2,) * 7 + (0,)
        board = board[:7] + (98 - sum(board),) + board[8:]
        drops = [step[1] for step in play_turn(board, rules, YOU, 0).steps(rules) if step[0] == "drop"][:seeds]
        assert len(drops) == seeds
        assert {slot for slot in drops if drops.count(slot) > 1} == twice


def test_page_1_names_the_boards_where_an_empty_hole_solves(page_texts, rules):
    """'Never press an empty hole' cannot be followed when every hole scores 0: page 1 says any
    press solves then, as the module does: all seven empty, or every turn leaving you nothing (page 3's case)."""
    assert ("Never press an empty hole: it strikes, unless every hole scores 0 (all 7 empty, or every turn leaves "
            "you nothing): then any press solves (page 3).") in page_texts[0]
    bare = (0,) * 7 + (40,) + (3, 1, 4, 1, 5, 9, 2) + (33,)
    assert list(evaluate(bare, rules).module) == [SOLVE] * 7
    nothing = (0,) * 6 + (1,) + (50,) + (0, 1, 4, 1, 5, 9, 5) + (23,)  # hole 7's seed ends on empty position 8
    ev = evaluate(nothing, rules)
    assert ev.points == (0,) * 7 and list(ev.module) == [SOLVE] * 7  # hole 1, empty, solves too


def test_shortcut_3_names_the_landing_hole_after_your_store(page_texts, rules):
    """'An empty hole of yours, after your store (h + s above 15)': the landing hole is h + s - 15,
    and the engine's turn ends there by a capture, scoring row + facing - 6, as the shortcut says."""
    text = " ".join(page_texts)
    assert ("An empty hole of yours, after your store (h + s above 15; the landing hole is h + s - 15): capture. "
            "Points = row + the facing position's seeds - 6.") in text
    rng, seen = random.Random(30), 0
    while seen < 40:
        board = module_board(rules, rng)
        for hole in range(1, 8):
            seeds = board[hole - 1]
            landing = hole + seeds - 15
            if seeds < 15 and 1 <= landing <= 7 and not board[landing - 1]:
                turn = play_turn(board, rules, YOU, hole - 1)
                assert (turn.end, turn.last) == (CAPTURE, landing - 1), (board, hole)
                facing = board[rules.facing(landing - 1)]  # the position facing hole `landing`, as read
                assert evaluate(board, rules).points[hole - 1] == sum(board[:7]) + facing - 6, (board, hole)
                seen += 1


def test_page_3_says_which_holes_strike_as_the_module_does(page_texts, rules):
    """Page 3 states the strike rule (it said 'it may strike'): the words followed to the letter
    give the engine's strikes on 400 boards made the module's way."""
    text = " ".join(page_texts)
    assert ("The reference hole is the lowest-numbered hole with the fewest points above 0. A hole with the same "
            "seed count as the reference hole, the reference hole included: strike, unless it has the most points "
            "(then it solves, as above: when every hole holding seeds ties, they all solve). The seed counts "
            "compared are the counts on the board as read, not points (Appendix A, steps 3 and 4).") in text
    assert "may strike" not in text and "scores little" not in text
    rng = random.Random(31)
    for _ in range(400):
        ev = evaluate(module_board(rules, rng), rules)
        most = max(ev.points)
        if not most:
            continue
        fewest = min(p for p in ev.points if p)
        reference = ev.points.index(fewest)
        worded = [seeds and points != most and seeds == ev.seeds[reference] for points, seeds in
                  zip(ev.points, ev.seeds)]
        assert worded == [v == STRIKE for v in ev.module], ev


def test_appendix_a_quotes_the_original_rule_it_compares(page_texts, rules):
    """The reader does not have the original manual: Appendix A quotes its rule, and reads it as the
    engine's manual verdicts do (the holes holding seeds with the least points strike, ties included)."""
    appendix = page_texts[-2]
    assert ("The module's original manual words the rule so: \u201cIf the hole played is either an empty hole, or it "
            "returns the least amount of seeds possible out of other holes, the module will strike, and the game "
            "continues its round like normal.\u201d Its \u201cseeds\u201d there are what this manual calls points. "
            "Read as written, every hole holding seeds whose points are the least of those holes' strikes, ties "
            "included.") in appendix
    assert "original manual says" not in " ".join(page_texts)
    ev = evaluate(mb.author_board(), rules)
    least = min(p for p, s in zip(ev.points, ev.seeds) if s)
    assert [v == STRIKE for v in ev.manual] == [bool(s) and p == least != max(ev.points)
                                                 for p, s in zip(ev.points, ev.seeds)]


def test_the_wrap_around_is_repeated_as_the_manual_says(page_texts, rules):
    """Shortcut 1 takes 15 off 'while that is above 15' (p + s can pass 30), the one way the manual
    gives (the landing table's caption sends the reader to it): the engine's landing place for
    every place and up to four laps of seeds, as the table's is for one lap."""
    text = " ".join(page_texts)
    assert "lands on place p + s; while that is above 15, take 15 off." in text
    assert "For more than 15 seeds, work out the sum (Shortcut 1)." in text and "take 15 off the seeds" not in text
    for place in range(1, 15):
        for seeds in range(1, 61):
            worded = place + seeds
            while worded > 15:
                worded -= 15
            table_seeds = seeds
            while table_seeds > 15:
                table_seeds -= 15
            assert worded == landing_place(place, seeds) == landing_place(place, table_seeds), (place, seeds)


def test_fifteen_seeds_back_into_an_opponents_position_end_the_turn(page_texts, rules):
    """Exactly a lap of seeds lands back in the emptied place: a capture in your row, but on a
    relay from positions 8 to 14 the turn ends there (the manual said 'a capture' for both)."""
    text = " ".join(page_texts)
    assert "which then holds just that seed: in your row a capture, in positions 8 to 14 the turn ends" in text
    board = (0, 0, 0, 0, 0, 0, 1) + (0,) + (14, 2, 0, 0, 0, 0, 0) + (0,)  # hole 7 relays 15 seeds from position 8
    path = jumps(board, rules, 7)
    assert [(j.start, j.seeds, j.land, j.count, j.then) for j in path] == [(7, 1, 8, 15, RELAYS),
                                                                         (8, 15, 8, 1, OPPONENT_EMPTY)]


def test_a_lap_of_seeds_is_one_whole_lap_not_more(page_texts, rules):
    """The traps said 15 seeds or more 'go round more than once': exactly 15 make one lap and
    land back in the place they left (then Shortcut 1 shares out one whole lap, no more)."""
    text = " ".join(page_texts)
    assert "go round more than once" not in text
    assert "15 seeds or more (about one hole in twenty-five) go all the way round the ring to the place they " \
           "left: share the whole laps out first" in text
    turn = play_turn((15,) + (1,) * 6 + (0,) + (1,) * 7 + (0,), rules, YOU, 0)  # hole 1's 15 seeds
    assert turn.sows[0] == (0, 15) and turn.last == 0 and turn.drops == 15  # one lap, back in hole 1


def test_a_minimum_strike_still_plays_the_turn_as_the_manual_says(page_texts, rules):
    """After a strike by the minimum rule the module plays your turn and the opponent's, so the
    expert must read a new board: page 3, the routine and Appendix A say so."""
    text = " ".join(page_texts)
    assert "After such a strike the module plays your turn and the opponent answers: a new board." in text
    assert "After a strike of step 4 the game goes on too: the module plays your turn and the opponent's" in text
    assert "(strike or not, unless the hole was empty): the board is new" in text
    board = mb.author_board()
    module = CongkakModule(seed=1, rules=rules, board=board)
    press = module.press(3)  # hole 3 strikes by the minimum rule
    assert press.verdict == STRIKE and module.strikes == 1 and module.board != board and not module.solved


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_worksheet_page_has_one_title_fits_the_text_column_and_its_how_to_reads_at_8_pt(paper):
    """Appendix B on either paper (the committed manual, which test_manual keeps current): the
    appendix's title alone, every word of the drawing inside the header rule's span, and the how-to
    in the manual's type, 8 pt or more."""
    from ktane_congkak.paper import PAPERS
    from ktane_congkak.paper.manual.pdf_render import TEXT_BLOCK

    texts = printed_texts((ROOT / "manual" / mb.manual_names(paper)[1]).read_bytes())
    last = [t for t in texts if t["page"] == max(t["page"] for t in texts)]
    left, right = (PAPERS[paper][0] - TEXT_BLOCK) / 2, (PAPERS[paper][0] + TEXT_BLOCK) / 2
    assert all(left - 0.5 <= t["x"] and t["x"] + t["width"] <= right + 0.5 for t in last), \
        [t for t in last if not (left - 0.5 <= t["x"] and t["x"] + t["width"] <= right + 0.5)]
    words = " ".join(t["text"] for t in last)
    assert "Appendix B" in words and "worksheet" not in words.replace("Appendix B: the worksheet", "")
    how_to = [t for t in last if t["text"].startswith(("Places:", "Seeds picked up", "Points ="))]
    assert len(how_to) == 3 and min(t["size"] for t in how_to) >= 8.0
    assert any(t["text"] == "laps" for t in last)  # the drawing is on the page
