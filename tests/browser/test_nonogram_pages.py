"""The nonogram Play page's promises: brushes, undo, hint, check, solved, saved
progress, links (the Solve page: test_nonogram_solve.py).

Cells are clicked where the page's grid says they are drawn; what is drawn is
read back from screenshots where it matters.
"""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

from pixels import cell_colour
from playwright.sync_api import expect

from solvelab.nonogram import Puzzle, solve
from solvelab.nonogram.gallery import PICTURES
from solvelab.nonogram.link import encode_clues

PYTHON_READY = 120_000
HEART = PICTURES["heart"][1]


def open_play(page, site_url, query=""):
    page.goto(f"{site_url}nonograms/play/{query}")
    page.wait_for_selector(".nonogram-play[data-ready=true]")


def wait_for_python(page):
    expect(page.locator('[data-action="hint"]')).to_be_enabled(timeout=PYTHON_READY)


def wait_for_puzzle(page, width, height):
    page.wait_for_function(
        f"window.nonogramGrid.width === {width} && window.nonogramGrid.height === {height}",
        timeout=PYTHON_READY,
    )


def cells(page) -> list[int]:
    return page.evaluate("Array.from(window.nonogramGrid.cells)")


def centre(page, row, col, canvas=".nono-canvas"):
    box = page.locator(canvas).first.bounding_box()
    point = page.evaluate(f"window.nonogramGrid.cellCentre({row}, {col})")
    return box["x"] + point["x"], box["y"] + point["y"]


def stroke(page, cells_rc, button="left"):
    """A mouse stroke through cells (row, col), one after another."""
    x, y = centre(page, *cells_rc[0])
    page.mouse.move(x, y)
    page.mouse.down(button=button)
    for rc in cells_rc[1:]:
        page.mouse.move(*centre(page, *rc), steps=3)
    page.mouse.up(button=button)


def start_heart(page, site_url):
    open_play(page, site_url)
    wait_for_puzzle(page, 10, 10)
    expect(page.locator(".nono-message")).to_contain_text("Heart")
    page.evaluate("document.querySelector('.nono-stage').scrollIntoView({block: 'end'})")


def test_brushes_paint_erase_do_nothing_and_lock_to_a_line(page, site_url):
    start_heart(page, site_url)
    w = 10
    stroke(page, [(1, 1), (1, 2), (2, 3), (3, 4)])  # locked to row 1
    got = cells(page)
    assert [got[1 * w + c] for c in range(1, 5)] == [1, 1, 1, 1]
    assert got[2 * w + 3] == 0 and got[3 * w + 4] == 0
    assert max(cell_colour(page, 1, 2)) < 80  # filled: drawn dark
    assert min(cell_colour(page, 2, 3)) > 200  # unknown: paper
    # the right button uses the cross; starting on a filled cell it does nothing
    stroke(page, [(1, 1), (1, 5)], button="right")
    assert cells(page)[1 * w + 5] == 0
    # starting on an unknown cell it crosses, and never over filled cells
    stroke(page, [(0, 0), (1, 0), (2, 0)], button="right")
    got = cells(page)
    assert [got[0], got[10], got[20]] == [2, 2, 2]
    # the fill brush on a filled cell erases, along the column only
    stroke(page, [(1, 2), (2, 2)])
    assert cells(page)[1 * w + 2] == 0
    # the fill brush starting on a crossed cell does nothing
    stroke(page, [(0, 0), (0, 1)])
    assert cells(page)[0:2] == [2, 0]


def test_the_grid_takes_no_input_before_its_puzzle_comes(page, site_url):
    # Python held back: the grid shown is a stand-in without clues, which any stroke
    # would "solve".
    page.context.route("**/pyodide/pyodide.asm.wasm", lambda route: None)
    open_play(page, site_url, "?c=garbage")
    message = page.locator(".nono-message").text_content()
    page.locator("[data-brush='2']").click()  # crosses: all the stand-in's clues ask for
    page.evaluate("document.querySelector('.nono-stage').scrollIntoView({block: 'end'})")
    page.mouse.click(*centre(page, 2, 2))
    page.keyboard.press("x")
    assert "Solved" not in page.locator(".nono-message").text_content()
    assert page.locator(".nono-message").text_content() == message
    assert "nono-solved" not in page.locator(".nonogram-play").get_attribute("class")


def test_f_with_nothing_focused_goes_to_the_grid_not_the_search(page, site_url):
    start_heart(page, site_url)
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("f")
    assert not page.locator("#__search").is_checked()  # the theme's search key
    expect(page.locator(".nono-canvas")).to_be_focused()
    assert page.evaluate("window.nonogramGrid.cursor") == {"row": 0, "col": 0}
    assert not any(cells(page))  # the first key shows the cursor, as after a click
    page.keyboard.press("f")
    assert cells(page)[0] == 1


def test_undo_and_redo_whole_strokes(page, site_url):
    start_heart(page, site_url)
    stroke(page, [(3, 0), (3, 9)])
    stroke(page, [(4, 0), (4, 4)])
    page.get_by_role("button", name="Undo").click()
    assert cells(page)[40:50] == [0] * 10 and cells(page)[30:40] == [1] * 10
    page.get_by_role("button", name="Undo").click()
    assert not any(cells(page))
    page.get_by_role("button", name="Redo").click()
    page.keyboard.press("Control+y")
    assert cells(page)[30:40] == [1] * 10 and cells(page)[40:45] == [1] * 5


def test_keyboard_cursor_fills_crosses_and_clears(page, site_url):
    start_heart(page, site_url)
    page.locator(".nono-canvas").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("f")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("x")
    assert cells(page)[1] == 1 and cells(page)[11] == 2
    # A screen reader hears the cell, its state and its lines' clues (the grid is a canvas).
    said = page.locator(".nono-announce")
    expect(said).to_have_attribute("aria-live", "polite")
    rows, columns = page.evaluate("[window.nonogramGrid.rows, window.nonogramGrid.columns]")
    clue = lambda numbers: " ".join(map(str, numbers))  # noqa: E731
    expect(said).to_have_text(
        f"Row 2, column 2: crossed. Row clue {clue(rows[1])}; column clue {clue(columns[1])}."
    )
    page.keyboard.press("Backspace")
    assert cells(page)[11] == 0
    expect(said).to_contain_text("Row 2, column 2: empty.")
    page.keyboard.press("Shift+KeyF")  # F as the help writes it (or with Caps Lock)
    assert cells(page)[11] == 1
    expect(said).to_contain_text("Row 2, column 2: filled.")


def test_a_gallery_picture_keeps_its_progress_when_another_is_opened(page, site_url):
    """A keyboard's arrows on the closed gallery list open each picture they pass."""
    start_heart(page, site_url)
    wait_for_python(page)
    page.locator(".nono-canvas").focus()
    page.keyboard.press("x")  # the cursor's first cell: row 1, column 1
    gallery = page.locator("[data-field=gallery]")
    gallery.select_option("house")
    wait_for_puzzle(page, len(PICTURES["house"][1][0]), len(PICTURES["house"][1]))
    gallery.select_option("heart")
    page.wait_for_function("window.nonogramGrid.width === 10 && window.nonogramGrid.cells[0] === 2")


def test_hint_gives_a_reason_and_right_cells(page, site_url):
    start_heart(page, site_url)
    wait_for_python(page)
    page.get_by_role("button", name="Hint").click()
    expect(page.locator(".nono-message")).to_contain_text("Hint: ")
    hint = json.loads(page.locator(".nonogram-play").get_attribute("data-hint"))
    assert hint["kind"] == "line" and hint["cells"]
    assert hint["reason"].startswith(("row ", "column "))
    solution = "".join(HEART)
    for cell, value in hint["cells"]:
        assert (value == 1) == (solution[cell] == "X")
        assert cell_colour(page, cell // 10, cell % 10)[2] < 150  # marked in amber


def test_check_marks_wrong_cells(page, site_url):
    start_heart(page, site_url)
    wait_for_python(page)
    stroke(page, [(0, 0), (0, 1)])  # (0, 0) is empty in the heart, (0, 1) too
    page.get_by_role("button", name="Check").click()
    expect(page.locator(".nono-message")).to_contain_text("2 cells are wrong")
    r, g, b = cell_colour(page, 1, 4)  # unmarked, empty
    assert min(r, g, b) > 200


def solve_heart(page):
    """Fills the heart's runs, a stroke each."""
    for row, text in enumerate(HEART):
        col = 0
        while col < len(text):
            if text[col] == "X":
                end = text.index(".", col) if "." in text[col:] else len(text)
                stroke(page, [(row, col), (row, end - 1)])
                col = end
            else:
                col += 1


def test_solving_the_picture_shows_the_solved_moment_and_reload_keeps_it(page, site_url):
    start_heart(page, site_url)
    solve_heart(page)
    assert cells(page) == [1 if ch == "X" else 0 for ch in "".join(HEART)]
    expect(page.locator(".nono-message")).to_contain_text("Solved in")
    expect(page.locator(".nonogram-play")).to_have_class("nonogram-app nonogram-play nono-solved")
    before = cells(page)
    page.reload()
    page.wait_for_selector(".nonogram-play[data-ready=true]")
    assert cells(page) == before


def test_progress_survives_a_reload(page, site_url):
    start_heart(page, site_url)
    stroke(page, [(3, 0), (3, 5)])
    stroke(page, [(9, 0), (9, 3)], button="right")
    before = cells(page)
    page.reload()
    page.wait_for_selector(".nonogram-play[data-ready=true]")
    assert cells(page) == before  # drawn from the browser's storage, before Python


def share_a_game(page, site_url) -> str:
    """The Share link of the heart with a row filled."""
    start_heart(page, site_url)
    wait_for_python(page)
    stroke(page, [(2, 0), (2, 3)])
    page.get_by_role("button", name="Share").click()
    expect(page.locator(".nono-share")).to_be_visible()
    return page.locator(".nono-share").input_value()


def open_elsewhere(page, link):
    """Opens a link as another browser would: nothing kept from before."""
    page.evaluate("localStorage.clear()")
    page.goto(link)
    wait_for_puzzle(page, 10, 10)
    page.wait_for_function("window.nonogramGrid.cells.some((c) => c)", timeout=PYTHON_READY)


def test_share_link_round_trip_and_a_bad_link(page, site_url):
    link = share_a_game(page, site_url)
    query = parse_qs(urlsplit(link).query)
    assert set(query) == {"c", "g"} and all(ch.isalnum() or ch in "._~" for ch in query["c"][0])
    before = cells(page)
    open_elsewhere(page, link)
    assert cells(page) == before
    open_play(page, site_url, "?c=12.<b>x</b>_3")
    expect(page.locator(".nono-message")).to_contain_text("not a clue", timeout=PYTHON_READY)
    assert page.locator(".nono-message b").count() == 0


def test_a_link_with_bad_progress_opens_its_puzzle_without_it(page, site_url):
    # The whole link was refused ("No puzzle"), its good clues with it.
    puzzle = Puzzle.from_grid(["XX.", "..X", "X.X"])
    open_play(page, site_url, f"?c={encode_clues(puzzle)}&g=!!!")
    wait_for_puzzle(page, 3, 3)
    expect(page.locator(".nono-message")).to_have_text(
        "The link's progress has a character it cannot hold: '!': the puzzle opens without it.",
        timeout=PYTHON_READY,
    )


def test_a_link_to_the_largest_puzzle_with_the_longest_clues_opens(page, site_url):
    """A 100 × 100 checkerboard: its link (10,199 characters of clues) is not refused."""
    checkerboard = Puzzle.from_grid(
        ["".join("X" if (r + c) % 2 else "." for c in range(100)) for r in range(100)]
    )
    open_play(page, site_url, f"?c={encode_clues(checkerboard)}")
    wait_for_puzzle(page, 100, 100)


def test_a_link_to_a_blank_puzzle_is_refused(page, site_url):
    """Not shown as solved at once: there is nothing to play (the editor shares one)."""
    open_play(page, site_url, "?c=0.0_0.0")
    expect(page.locator(".nono-message")).to_have_text(
        "Every clue of this puzzle is 0: all its cells are empty, so there is nothing to play.",
        timeout=PYTHON_READY,
    )
    expect(page.locator(".nonogram-play")).not_to_have_class(re.compile(r"\bnono-solved\b"))


def test_a_link_reloaded_brings_back_the_game_played_from_it(page, site_url):
    open_elsewhere(page, share_a_game(page, site_url))
    # the link's progress is shown once; the address keeps the puzzle only
    assert set(parse_qs(urlsplit(page.url).query)) == {"c"}
    stroke(page, [(3, 0), (3, 5)])
    played = cells(page)
    page.reload()
    page.wait_for_selector(".nonogram-play[data-ready=true]")
    wait_for_puzzle(page, 10, 10)
    assert cells(page) == played


def test_a_link_to_a_gallery_picture_is_that_picture(page, site_url):
    """Its title, its place in the gallery's select, and its progress kept as the
    gallery's (choosing it again brings back what was played from the link)."""
    open_elsewhere(page, share_a_game(page, site_url))
    expect(page.locator(".nono-message")).to_contain_text("Heart (10 × 10)")
    gallery = page.locator("[data-field=gallery]")
    expect(gallery).to_have_value("heart")
    stroke(page, [(3, 0), (3, 5)])
    played = cells(page)
    gallery.select_option("house")
    expect(page.locator(".nono-message")).to_contain_text("House")
    gallery.select_option("heart")
    expect(page.locator(".nono-message")).to_contain_text("Heart")
    assert cells(page) == played


def test_a_malformed_file_gives_a_message(page, site_url):
    start_heart(page, site_url)
    wait_for_python(page)
    page.locator("summary").click()
    page.locator("[data-field=file]").set_input_files(
        files=[{"name": "bad.non", "mimeType": "text/plain", "buffer": b"width 3\nheight x\n"}]
    )
    expect(page.locator(".nono-message")).to_have_attribute("data-kind", "error")
    # Said beside the form too: the page's message is below the grid, out of sight.
    beside = page.locator(".nono-source-status")
    expect(beside).to_have_attribute("data-kind", "error")
    expect(beside).to_have_text(page.locator(".nono-message").inner_text())


def test_a_pattern_game_id_opens_in_the_link_box(page, site_url):
    start_heart(page, site_url)
    wait_for_python(page)
    page.locator("summary").click()
    box = page.locator("[data-field=link]")
    box.fill("https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pattern.html#15x15#8")
    page.get_by_role("button", name="Open", exact=True).click()
    beside = page.locator(".nono-source-status")
    expect(beside).to_contain_text("random seed", timeout=PYTHON_READY)
    box.fill("hello")  # refused before Python: said beside the box too, not the old message
    page.get_by_role("button", name="Open", exact=True).click()
    expect(beside).to_have_text(
        "That is neither a link to a puzzle (it has ?c=…) nor a Pattern game ID (15x15:… or 15:…)."
    )
    box.fill("5:1/3/5/3/1/1/3/5/3/1")  # a diamond
    page.get_by_role("button", name="Open", exact=True).click()
    wait_for_puzzle(page, 5, 5)
    expect(beside).to_have_text("")
    assert page.evaluate("window.nonogramGrid.rows") == [[1], [3], [5], [3], [1]]


def test_an_answer_for_a_grid_no_longer_in_play_is_not_shown(page, site_url):
    """A cell changes (as in a stroke still going on) in the same task as Check is
    pressed, before Python can answer: the answer is about the grid before it."""
    start_heart(page, site_url)
    stroke(page, [(0, 0), (0, 9)])  # wrong cells in the heart's top row
    wait_for_python(page)
    page.evaluate(
        """() => {
          document.querySelector('[data-action="check"]').click();
          window.nonogramGrid.cells[99] = 1;
        }"""
    )
    expect(page.locator(".nono-message")).to_have_text(
        "The grid changed while it was being checked: press Check again."
    )
    assert page.evaluate("window.nonogramGrid.marks.size") == 0
    page.get_by_role("button", name="Check").click()  # asked again: answered
    expect(page.locator(".nono-message")).to_contain_text("wrong (marked in red)")


def test_the_generators_puzzle_is_unique(page, site_url):
    start_heart(page, site_url)
    wait_for_python(page)
    page.locator("summary").click()
    page.locator("[data-field=width]").fill("8")
    page.locator("[data-field=height]").fill("7")
    page.locator("[data-field=seed]").fill("5")
    page.get_by_role("button", name="Make").click()
    wait_for_puzzle(page, 8, 7)
    expect(page.locator(".nono-message")).to_contain_text("unique, line by line")
    rows = page.evaluate("window.nonogramGrid.rows")
    columns = page.evaluate("window.nonogramGrid.columns")
    puzzle = Puzzle(
        tuple(tuple((n, 1) for n in r) for r in rows),
        tuple(tuple((n, 1) for n in c) for c in columns),
    )
    result = solve(puzzle)
    assert result.status == "unique" and result.difficulty == "line"
    # a seed past what the page can say exactly is refused, not rounded
    page.locator("[data-field=seed]").fill("99999999999999999999")
    page.get_by_role("button", name="Make").click()
    expect(page.locator(".nono-message")).to_have_text(
        "The seed must be a whole number, 0 or more, of up to 15 digits."
    )
    # a size that is no number is said so (it was read as 0: "not 0 × 7")
    page.locator("[data-field=seed]").fill("5")
    page.locator("[data-field=width]").fill("")
    page.get_by_role("button", name="Make").click()
    expect(page.locator(".nono-message")).to_have_text("The width is empty or not a number.")


def test_screenshots_at_desktop_and_phone_widths(page, site_url, screenshot_dir):
    start_heart(page, site_url)
    stroke(page, [(3, 0), (3, 9)])
    stroke(page, [(0, 0), (0, 4)], button="right")
    page.screenshot(path=screenshot_dir / "nonogram-play-1280.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    # On a phone the grid starts right below its clues, and the stage ends with it:
    # no empty band above or below the grid (the heart's column clues are one number).
    page.wait_for_function(
        """() => {
          const g = window.nonogramGrid;
          const a = g.cellCentre(0, 0), b = g.cellCentre(1, 0), cell = b.y - a.y;
          return g.canvas.clientWidth < 400 && a.y - cell / 2 < 1.6 * cell
            && g.canvas.clientHeight < (10 + 1.25 + 0.8) * cell;
        }"""
    )
    page.screenshot(path=screenshot_dir / "nonogram-play-390.png", full_page=True)
