"""The nonogram Play page says what it is doing: a puzzle without a single solution
as it opens, Hint and Check while they run, the keys as the help writes them, and
the gallery played while Python loads (the rest: test_nonogram_pages.py)."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from held import Held
from playwright.sync_api import expect
from test_nonogram_pages import (
    PYTHON_READY,
    cells,
    centre,
    open_play,
    solve_heart,
    start_heart,
    wait_for_puzzle,
    wait_for_python,
)

from solvelab.nonogram.gallery import PICTURES

# What the page asks the worker, seen from the page: every call's method is
# recorded, a call whose method is window.holdMethod is kept back until
# window.release(), and the calls the page cancels are recorded.
WATCH_WORKER = """
(() => {
  const post = Worker.prototype.postMessage;
  window.workerCalls = [];
  window.workerCancels = [];
  window.holdMethod = null;
  const held = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message?.method) window.workerCalls.push({ id: message.id, method: message.method });
    if (message?.cancel !== undefined) window.workerCancels.push(message.cancel);
    const hold = message?.method && message.method === window.holdMethod;
    if (!hold) return post.call(this, message, ...rest);
    held.push([this, message]);
  };
  window.release = () => {
    for (const [worker, message] of held.splice(0)) post.call(worker, message);
  };
})();
"""


def calls(page, method) -> list[int]:
    """The ids of the page's calls of `method`."""
    return page.evaluate(
        f"window.workerCalls.filter((c) => c.method === '{method}').map((c) => c.id)"
    )


def open_in_link_box(page, text):
    page.locator(".nono-more").evaluate("(details) => (details.open = true)")
    page.locator("[data-field=link]").fill(text)
    page.get_by_role("button", name="Open", exact=True).click()


def test_a_puzzle_with_two_solutions_says_so_as_it_opens_and_in_its_hint(page, site_url):
    page.add_init_script(WATCH_WORKER)
    start_heart(page, site_url)
    wait_for_python(page)
    # The gallery's pictures are proven unique already: nothing is asked about them.
    assert calls(page, "nonogram_check") == []
    open_in_link_box(page, "2x2:1/1/1/1")
    wait_for_puzzle(page, 2, 2)
    message = page.locator(".nono-message")
    expect(message).to_contain_text("This puzzle has more than one solution")  # no Check pressed
    expect(message).to_have_attribute("data-kind", "error")
    expect(page.locator(".nono-source-status")).to_have_text(message.inner_text())
    page.get_by_role("button", name="Hint").click()
    expect(message).to_contain_text("Hint: no single row or column tells more")
    assert "more than one solution" in message.inner_text()
    assert "contradiction" not in message.inner_text()
    hint = json.loads(page.locator(".nonogram-play").get_attribute("data-hint"))
    assert hint["kind"] == "multiple"


def test_a_puzzle_without_a_solution_says_so_as_it_opens_and_in_its_hint(page, site_url):
    start_heart(page, site_url)
    wait_for_python(page)
    open_in_link_box(page, "3x3:1/1/2/2/2/0")
    wait_for_puzzle(page, 3, 3)
    message = page.locator(".nono-message")
    expect(message).to_contain_text("This puzzle has no solution")
    page.get_by_role("button", name="Hint").click()
    expect(message).to_contain_text("Hint: this puzzle has no solution (")


def test_a_puzzle_over_100_cells_wide_is_refused_as_random_solve_and_edit_do(page, site_url):
    start_heart(page, site_url)
    wait_for_python(page)
    ones = "/".join(["1"] * 202)
    open_in_link_box(page, f"101x101:{ones}")
    expected = "The puzzle is 101 × 101: this page plays puzzles up to 100 × 100."
    expect(page.locator(".nono-message")).to_have_text(expected)
    expect(page.locator(".nono-source-status")).to_have_text(expected)
    assert page.evaluate("window.nonogramGrid.width") == 10  # the heart stays
    # past the library's own limit, the same words (not the library's 200 × 200)
    clues = ".".join(["1"] * 201)
    open_in_link_box(page, f"{site_url}nonograms/play/?c={clues}_{clues}")
    expect(page.locator(".nono-message")).to_contain_text("The puzzle is 201 × 201:")
    # A random puzzle too big, or a density out of range, is said beside the form, in
    # place of what it said before (the browser's own check left that there).
    page.locator("[data-field=width]").fill("1000")
    page.get_by_role("button", name="Make").click()
    expect(page.locator(".nono-source-status")).to_have_text(
        "width and height must be whole numbers 5 to 100, not 1000 × 10"
    )
    page.locator("[data-field=width]").fill("10")
    page.locator("[data-field=density]").fill("2")
    page.get_by_role("button", name="Make").click()
    expect(page.locator(".nono-source-status")).to_have_text(
        "the density must be 0.05 to 0.95, not 2"
    )
    assert page.evaluate("window.nonogramGrid.width") == 10  # the heart stays


@pytest.mark.parametrize(
    ("name", "method", "busy"),
    [("Hint", "nonogram_hint", "looking for a hint…"), ("Check", "nonogram_check", "checking…")],
)
def test_hint_and_check_say_they_work_do_not_pile_up_and_give_way_to_another_puzzle(
    page, site_url, name, method, busy
):
    page.add_init_script(WATCH_WORKER)
    start_heart(page, site_url)
    wait_for_python(page)
    page.evaluate(f"window.holdMethod = '{method}'")  # Python is slow to answer
    button = page.get_by_role("button", name=name)
    for _ in range(3):
        button.click()
    message = page.locator(".nono-message")
    expect(message).to_have_text(re.compile(rf"^{re.escape(busy)}( \d+ s)?$"))  # and its seconds
    expect(button).to_have_attribute("aria-busy", "true")
    expect(button).to_be_enabled()
    asked = calls(page, method)
    assert len(asked) == 1, "a second press asked Python again"
    # Another puzzle abandons the call: the worker is told not to run it.
    page.locator("[data-field=gallery]").select_option("house")
    house = PICTURES["house"][1]
    wait_for_puzzle(page, len(house[0]), len(house))
    expect(message).to_contain_text("House")
    assert asked[0] in page.evaluate("window.workerCancels")
    expect(button).not_to_have_attribute("aria-busy", "true")
    # The abandoned call reaches the worker after all: its answer is for nobody.
    page.evaluate("window.holdMethod = null; window.release()")
    button.click()
    expect(message).not_to_contain_text(busy)
    expect(message).not_to_contain_text("House")
    assert len(calls(page, method)) == 2


def test_a_picture_chosen_while_a_random_puzzle_is_made_stays(page, site_url):
    page.add_init_script(WATCH_WORKER)
    start_heart(page, site_url)
    wait_for_python(page)
    page.evaluate("window.holdMethod = 'nonogram_generate'")  # the Make takes a while
    page.locator(".nono-more").evaluate("(details) => (details.open = true)")
    make = page.get_by_role("button", name="Make")
    make.click()
    beside = page.locator(".nono-source-status")
    expect(beside).to_contain_text("Making a puzzle")
    [made] = calls(page, "nonogram_generate")
    page.locator("[data-field=gallery]").select_option("cat")
    message = page.locator(".nono-message")
    expect(message).to_contain_text("Cat")
    # The Make is abandoned: the worker is told not to run it, and Make can be pressed again.
    assert made in page.evaluate("window.workerCancels")
    expect(make).to_be_enabled()
    expect(beside).to_have_text("")
    # Its call reaches the worker after all; a Check asked after it is answered after it.
    page.evaluate("window.holdMethod = null; window.release()")
    page.mouse.click(*centre(page, 0, 0))
    page.get_by_role("button", name="Check", exact=True).click()
    expect(message).to_have_text(re.compile(r"wrong \(marked in red\)|No mistakes so far"))
    assert page.locator("[data-field=gallery]").input_value() == "cat"
    assert cells(page)[0] == 1
    expect(beside).to_have_text("")


def open_with_its_check_held(page, site_url):
    """Opens a 2 × 2 puzzle with two solutions from a link, its check (whether it has
    one solution) held back from the worker, as a hard puzzle's would take long."""
    page.add_init_script(WATCH_WORKER)
    start_heart(page, site_url)
    wait_for_python(page)
    page.evaluate("window.holdMethod = 'nonogram_check'")
    open_in_link_box(page, "2x2:1/1/1/1")
    wait_for_puzzle(page, 2, 2)


def test_restart_is_one_step_undo_takes_back_and_keeps_the_puzzles_check(page, site_url):
    open_with_its_check_held(page, site_url)
    [verdict] = calls(page, "nonogram_check")
    page.mouse.click(*centre(page, 0, 0))
    page.mouse.click(*centre(page, 0, 1), button="right")
    assert cells(page) == [1, 2, 0, 0]
    restart = page.get_by_role("button", name="Restart")
    restart.click()
    assert cells(page) == [0, 0, 0, 0]
    # The check under way goes on: nothing is asked again.
    assert calls(page, "nonogram_check") == [verdict]
    assert verdict not in page.evaluate("window.workerCancels")
    page.evaluate("window.holdMethod = null; window.release()")
    message = page.locator(".nono-message")
    expect(message).to_contain_text("This puzzle has more than one solution")
    page.keyboard.press("Control+z")
    assert cells(page) == [1, 2, 0, 0]
    page.get_by_role("button", name="Redo").click()
    assert cells(page) == [0, 0, 0, 0]
    page.get_by_role("button", name="Undo").click()
    assert cells(page) == [1, 2, 0, 0]
    restart.click()  # the verdict known is said again
    assert cells(page) == [0, 0, 0, 0]
    expect(message).to_contain_text("This puzzle has more than one solution")
    assert calls(page, "nonogram_check") == [verdict]


def test_undoing_the_restart_of_a_solved_puzzle_gives_back_its_time(page, site_url):
    page.clock.install()
    start_heart(page, site_url)
    page.mouse.click(*centre(page, 0, 0), button="right")  # an empty cell crossed
    page.clock.fast_forward("01:05")  # the timer runs from the first stroke
    solve_heart(page)  # real time goes on too: seconds on a busy machine
    message = page.locator(".nono-message")
    expect(message).to_have_text(re.compile(r"^Solved in 1:(0[5-9]|[1-5]\d)!$"))
    solved = message.text_content()
    page.get_by_role("button", name="Restart").click()
    assert not any(cells(page))
    expect(page.locator(".nono-timer")).to_have_text("0:00")
    page.keyboard.press("Control+z")
    expect(message).to_have_text(solved)  # it said "Solved in 0:00!"
    expect(page.locator(".nono-timer")).to_have_text(solved.removeprefix("Solved in ")[:-1])


def test_a_hint_waiting_behind_the_puzzles_check_says_so_and_counts_seconds(page, site_url):
    open_with_its_check_held(page, site_url)
    page.evaluate("window.holdMethod = 'nonogram_hint'")
    page.get_by_role("button", name="Hint", exact=True).click()
    message = page.locator(".nono-message")
    expect(message).to_contain_text("Python is solving the puzzle first")
    expect(page.locator(".nono-message [aria-hidden=true]")).to_have_text(re.compile(r"^ \d+ s$"))
    page.evaluate("window.holdMethod = null; window.release()")
    # The hint's own answer (the check's verdict, said first, has no seconds either).
    expect(message).to_contain_text("Hint: no single row or column tells more")
    expect(page.locator(".nono-message [aria-hidden=true]")).to_have_count(0)


def test_a_long_check_of_an_opened_puzzle_shows_under_the_grid(page, site_url):
    page.clock.install()
    open_with_its_check_held(page, site_url)
    line = page.locator(".nono-python")
    expect(line).to_be_hidden()  # a quick check says nothing
    page.clock.fast_forward(5000)
    expect(line).to_contain_text("Python is checking whether this puzzle has a single solution")
    expect(line.locator("[aria-hidden=true]")).to_have_text(re.compile(r"^ \d+ s$"))
    page.evaluate("window.holdMethod = null; window.release()")
    expect(page.locator(".nono-message")).to_contain_text("more than one solution")
    page.clock.fast_forward(1000)
    expect(line).to_be_hidden()


def test_share_makes_its_link_while_python_is_busy(page, site_url):
    open_with_its_check_held(page, site_url)
    page.mouse.click(*centre(page, 0, 0))
    page.mouse.click(*centre(page, 1, 1), button="right")
    asked = page.evaluate("window.workerCalls.length")
    page.get_by_role("button", name="Share").click()
    expect(page.locator(".nono-share")).to_be_visible()
    query = parse_qs(urlsplit(page.locator(".nono-share").input_value()).query)
    # cells 1 0 0 2: "9" is 1·9 + 0·3 + 0, "I" (18) is 2·9 with the padding
    assert query == {"c": ["1.1_1.1"], "g": ["9I"]}
    assert page.evaluate("window.workerCalls.length") == asked


def test_f_after_a_click_is_the_grids_and_never_opens_the_search(page, site_url):
    start_heart(page, site_url)
    search = page.locator("[data-md-toggle=search]")  # the theme's: F, S and / open it
    page.mouse.click(*centre(page, 0, 1), button="right")  # a click: no cursor shows
    assert cells(page)[1] == 2
    page.keyboard.press("f")
    assert not search.is_checked()
    assert page.evaluate("window.nonogramGrid.cursor") == {"row": 0, "col": 0}
    assert cells(page)[0] == 0  # the first F shows the cursor, as an arrow does
    page.keyboard.press("x")
    assert cells(page)[0] == 2
    solve_heart(page)  # solved: the grid is locked, its keys still its own
    expect(page.locator(".nonogram-play")).to_have_class(re.compile(r"\bnono-solved\b"))
    page.keyboard.press("f")
    assert not search.is_checked()


def test_keys_set_a_cell_whatever_it_held(page, site_url):
    start_heart(page, site_url)
    page.locator(".nono-canvas").focus()
    said = page.locator(".nono-announce")
    steps = [("x", 2, "crossed"), ("f", 1, "filled"), ("f", 1, "filled"), ("Space", 1, "filled")]
    steps += [("x", 2, "crossed"), ("Backspace", 0, "empty"), ("Backspace", 0, "empty")]
    for key, value, word in steps:
        page.keyboard.press(key)  # on the cursor's first cell: row 1, column 1
        assert cells(page)[0] == value, f"{key} left the cell {cells(page)[0]}"
        expect(said).to_contain_text(f"Row 1, column 1: {word}.")
    page.keyboard.press("Control+z")  # each change is one step back
    assert cells(page)[0] == 2
    page.keyboard.press("Control+z")
    assert cells(page)[0] == 1


def test_a_first_visit_plays_the_gallerys_picture_while_python_loads(page, site_url):
    # The gallery came from Python: on a slow phone's first visit the page had nothing
    # to draw on for a minute and a half. It comes with the site now.
    held = Held(page.context, "**/pyodide/pyodide.asm.wasm")
    open_play(page, site_url)
    wait_for_puzzle(page, 10, 10)
    held.wait(page)  # Python is still loading
    expect(page.locator(".nono-message")).to_contain_text("Heart")
    expect(page.locator(".nono-waiting")).to_be_hidden()
    expect(page.locator(".nono-python")).to_have_text(re.compile(r"^loading Python…"))
    expect(page.get_by_role("button", name="Check", exact=True)).to_be_disabled()
    gallery = page.locator("[data-field=gallery] option")
    assert gallery.count() == len(PICTURES) + 1  # and "choose a picture…"
    page.locator(".nono-canvas").focus()
    page.keyboard.press("f")  # a cell filled before Python is there
    assert cells(page)[0] == 1
    page.get_by_role("button", name="Share").click()  # made without Python
    expect(page.locator(".nono-share")).to_have_value(re.compile(r"\?c=[^&]+&g=9"))
    held.release()
    wait_for_python(page)
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.locator(".nono-message")).to_contain_text("1 cell is wrong", timeout=PYTHON_READY)
    assert cells(page)[0] == 1


def test_when_python_cannot_load_the_gallery_still_plays_and_the_page_says_so(
    page, site_url, page_log
):
    page.context.route("**/pyodide/pyodide.asm.wasm", lambda route: route.abort())
    open_play(page, site_url)
    expect(page.locator(".nono-python")).to_contain_text(
        "Python could not start", timeout=PYTHON_READY
    )
    wait_for_puzzle(page, 10, 10)
    expect(page.locator(".nono-canvas")).to_be_visible()
    expect(page.get_by_role("button", name="Check", exact=True)).to_be_disabled()
    page_log.console_errors[:] = [e for e in page_log.console_errors if "ERR_FAILED" not in e]
