"""The nonogram Solve page: clues one box a line (a bad one named at its box), two
solutions, a contradiction at its line, step mode replaying the solver's own
grids through guesses and backtracks, and Stop for a long solve."""

from __future__ import annotations

import re

import pytest
from held import HOLD_ANSWERS
from playwright.sync_api import expect

from solvelab.bench.site_server import SiteServer
from solvelab.nonogram import Puzzle, dumps, parse
from solvelab.nonogram.bad_clues import suspect_pairs, suspects
from solvelab.nonogram.solver import Solver

PYTHON_READY = 120_000
RING = (["2", "1 1", "2"], ["2", "1 1", "2"])


def dom(n: int) -> tuple[list[str], list[str]]:
    """The n-Dom puzzle's clues ((2n+1) × (2n+1)): unique, but plain backtracking
    (what the solver does while it records steps) needs many guesses."""
    rows = ["3", "1"] + ["3 1", "1"] * (n - 1) + ["1"]
    columns = ["1", "1"] + ["1 3", "1"] * (n - 1) + ["3"]
    return rows, columns


def clue_text(rows, columns) -> str:
    return "rows\n" + "\n".join(rows) + "\ncolumns\n" + "\n".join(columns)


def open_solve(page, site_url):
    page.goto(f"{site_url}nonograms/solve/")
    page.wait_for_selector(".nonogram-solve[data-ready=true]")
    expect(page.locator('[data-action="solve"]')).to_be_enabled(timeout=PYTHON_READY)


def type_clues(page, rows, columns):
    """Sets the size and types each clue into its box."""
    page.locator("[data-field=width]").fill(str(len(columns)))
    page.locator("[data-field=height]").fill(str(len(rows)))
    page.locator("[data-field=height]").dispatch_event("change")
    for kind, clues in (("row", rows), ("column", columns)):
        boxes = page.locator(f".nono-lines[data-kind={kind}] input")
        expect(boxes).to_have_count(len(clues))
        for i, clue in enumerate(clues):
            boxes.nth(i).fill(clue)


def solve(page, steps=True):
    if not steps:
        page.locator("[data-field=steps]").uncheck()
    page.get_by_role("button", name="Solve").click()
    page.wait_for_selector(".nonogram-solve[data-status]", timeout=PYTHON_READY)


def test_one_box_a_line_sized_by_width_and_height(page, site_url):
    open_solve(page, site_url)
    expect(page.locator(".nono-lines[data-kind=row] input")).to_have_count(3)
    page.locator("[data-field=width]").fill("7")
    page.locator("[data-field=width]").dispatch_event("change")
    expect(page.locator(".nono-lines[data-kind=column] input")).to_have_count(7)
    expect(page.locator(".nono-lines[data-kind=row] input")).to_have_count(3)
    # what was typed in the lines that stay is kept
    expect(page.get_by_label("column 2", exact=True)).to_have_value("1 1")
    # a size past the limit becomes the limit, in the field too, and the page says so
    page.locator("[data-field=height]").fill("1000")
    page.locator("[data-field=height]").dispatch_event("change")
    expect(page.locator(".nono-lines[data-kind=row] input")).to_have_count(100)
    expect(page.locator("[data-field=height]")).to_have_value("100")
    expect(page.locator(".nono-message")).to_have_text(
        "The height is a whole number from 1 to 100: 1000 became 100."
    )
    # a size typed as it is used takes the note away
    page.locator("[data-field=height]").fill("5")
    page.locator("[data-field=height]").dispatch_event("change")
    expect(page.locator(".nono-message")).to_have_text("")
    # the same number written otherwise is just shown as the boxes use it
    page.locator("[data-field=width]").fill("1e2")
    page.locator("[data-field=width]").dispatch_event("change")
    expect(page.locator(".nono-lines[data-kind=column] input")).to_have_count(100)
    expect(page.locator("[data-field=width]")).to_have_value("100")
    expect(page.locator(".nono-message")).to_have_text("")


@pytest.mark.parametrize("steps", [False, True])
def test_solve_shows_two_solutions_of_an_ambiguous_puzzle(page, site_url, steps):
    open_solve(page, site_url)
    type_clues(page, *RING)
    solve(page, steps=steps)
    expect(page.locator(".nono-message")).to_contain_text("2 solutions")
    expect(page.locator("canvas[data-grid='1']")).to_be_visible()
    # Two different pictures (with the steps, the first panel shows the first solution).
    first = page.locator("canvas[data-grid='0']").screenshot()
    assert first != page.locator("canvas[data-grid='1']").screenshot()
    if steps:  # the second is the first mirrored (the clues are symmetric): its step says so
        page.get_by_role("button", name="To the end").click()
        expect(page.locator(".nono-step-text")).to_contain_text("mirrored or turned")


def test_an_answer_goes_when_its_clues_change_after_it(page, site_url):
    open_solve(page, site_url)
    type_clues(page, *RING)
    solve(page, steps=False)
    expect(page.locator(".nono-message")).to_contain_text("2 solutions")
    page.get_by_label("column 1", exact=True).fill("1 1")
    expect(page.locator(".nonogram-solve")).to_have_attribute("data-status", "stale")
    expect(page.locator(".nono-message")).to_have_text(
        "The clues have changed since the answer: press Solve."
    )
    expect(page.locator("canvas[data-grid='0']")).to_be_hidden()
    expect(page.locator("canvas[data-grid='1']")).to_be_hidden()
    page.get_by_role("button", name="Solve").click()
    expect(page.locator(".nono-message")).to_contain_text("No solution")
    # a new size is other clues too
    page.locator("[data-field=width]").fill("4")
    page.locator("[data-field=width]").dispatch_event("change")
    expect(page.locator(".nonogram-solve")).to_have_attribute("data-status", "stale")
    expect(page.locator(".nono-line-message:visible")).to_have_count(0)


def test_clues_changed_while_solving_get_no_answer_for_the_old_ones(page, site_url):
    open_solve(page, site_url)
    type_clues(page, *RING)
    page.locator("[data-field=steps]").uncheck()
    # A clue typed in the same task as Solve is pressed, before Python can answer.
    page.evaluate(
        """() => {
          document.querySelector('[data-action="solve"]').click();
          document.querySelector('.nono-lines[data-kind=row] input').value = "9";
        }"""
    )
    page.wait_for_selector(".nonogram-solve[data-status=stale]", timeout=PYTHON_READY)
    expect(page.locator(".nono-message")).to_have_text(
        "The clues were changed while they were being solved: press Solve again."
    )
    expect(page.locator("canvas[data-grid='0']")).to_be_hidden()  # no picture for the old clues


def test_an_answer_shown_goes_when_the_clues_change_during_the_next_solve(page, site_url):
    # The first solve's two pictures stayed under "The clues were changed…".
    open_solve(page, site_url)
    type_clues(page, *RING)
    solve(page, steps=False)
    expect(page.locator("canvas[data-grid='1']")).to_be_visible()
    page.evaluate(
        """() => {
          document.querySelector('[data-action="solve"]').click();
          document.querySelector('.nono-lines[data-kind=row] input').value = "9";
        }"""
    )
    page.wait_for_selector(".nonogram-solve[data-status=stale]", timeout=PYTHON_READY)
    expect(page.locator("canvas[data-grid='0']")).to_be_hidden()
    expect(page.locator("canvas[data-grid='1']")).to_be_hidden()


@pytest.mark.parametrize("how", ["click", "tab"])
def test_a_box_taken_as_the_size_changes_keeps_the_focus_and_the_typing(page, site_url, how):
    # The size's change (as it lost the focus) made every box anew: the box being
    # clicked or tabbed to went, with the focus and what was typed next.
    open_solve(page, site_url)
    page.locator("[data-field=height]").fill("4")
    first_row = page.get_by_label("row 1", exact=True)
    if how == "click":
        first_row.click()
    else:
        page.keyboard.press("Tab")
    expect(page.locator(".nono-lines[data-kind=row] input")).to_have_count(4)
    expect(first_row).to_be_focused()
    page.keyboard.press("End")
    page.keyboard.type(" 9")
    expect(first_row).to_have_value("2 9")
    # The columns' boxes are kept too, numbered after the four rows.
    assert page.get_by_label("column 1", exact=True).get_attribute("data-line") == "4"


def test_typing_a_clue_stops_the_solve_of_the_old_clues(page, site_url):
    open_solve(page, site_url)
    _type_a_clue_while_solving(page)


def test_typing_a_clue_stops_the_solve_where_the_page_is_not_isolated(browser, site_dir):
    # Stopping restarts Python there; it used to let the old clues' search run on,
    # holding Solve for as long.
    with SiteServer(site_dir, isolated=False) as server:
        context = browser.new_context(service_workers="block")
        try:
            page = context.new_page()
            open_solve(page, server.url)
            assert not page.evaluate("window.crossOriginIsolated")
            _type_a_clue_while_solving(page)
            type_clues(page, *RING)
            solve(page, steps=False)
            expect(page.locator(".nono-message")).to_contain_text("2 solutions")
        finally:
            context.close()


def _type_a_clue_while_solving(page):
    type_clues(page, *dom(20))  # hours of search
    page.get_by_role("button", name="Solve").click()
    expect(page.locator(".nono-message")).to_have_text(re.compile(r"^Solving… [1-9]\d* s$"))
    # another puzzle's file waits for the end: it cannot be opened meanwhile
    expect(page.locator("[data-field=file]")).to_be_disabled()
    box = page.get_by_label("row 1", exact=True)
    box.press("End")
    box.press_sequentially(" 1")
    expect(page.locator(".nonogram-solve")).to_have_attribute("data-status", "stale")
    expect(page.locator(".nono-message")).to_have_text(
        "The clues were changed while they were being solved: press Solve again."
    )
    expect(page.get_by_role("button", name="Solve")).to_be_enabled()


def test_clues_put_into_the_boxes_stop_the_solve_of_the_old_clues(page, site_url):
    open_solve(page, site_url)
    type_clues(page, *dom(9))  # with steps recorded: minutes of backtracking
    page.locator("summary").click()
    page.locator("#nono-clues").fill(clue_text(*RING))
    # Every message the page shows, from here on.
    page.evaluate(
        """() => {
          const message = document.querySelector('.nono-message');
          window.messages = [];
          new MutationObserver(() => window.messages.push(message.textContent))
            .observe(message, { childList: true, characterData: true, subtree: true });
        }"""
    )
    # Solve pressed while the text is read: it solves the old clues, then new ones come.
    page.evaluate(
        """() => {
          document.querySelector('[data-action="fill"]').click();
          document.querySelector('[data-action="solve"]').click();
        }"""
    )
    expect(page.locator(".nono-lines[data-kind=row] input")).to_have_count(3)
    expect(page.locator(".nonogram-solve")).to_have_attribute("data-status", "stale")
    expect(page.locator(".nono-message")).to_have_text(
        "The clues were changed while they were being solved: press Solve again."
    )
    expect(page.get_by_role("button", name="Solve")).to_be_enabled()
    # never "press Solve" while Solve did nothing
    assert not [text for text in page.evaluate("window.messages") if "clues in the boxes" in text]
    solve(page, steps=False)
    expect(page.locator(".nono-message")).to_contain_text("2 solutions")


def test_the_nonogram_pages_never_load_the_cubes_tables(page, site_url, page_log):
    # The worker loads the cube solver's tables in the background only for pages
    # that ask (the player): here they would cost a phone 2.3 MB, 50 MB of memory
    # and the worker's time just when the first Solve wants it.
    open_solve(page, site_url)
    type_clues(page, *RING)
    solve(page, steps=False)
    expect(page.locator(".nono-message")).to_contain_text("2 solutions")
    assert not [url for url in page_log.requests if "/tables/" in url]


def test_a_bad_clue_is_named_at_its_box(page, site_url):
    open_solve(page, site_url)
    type_clues(page, ["2", "1 1", "2"], ["2", "1 x", "2"])
    solve(page)
    box = page.get_by_label("column 2", exact=True)
    expect(box).to_have_attribute("aria-invalid", "true")
    note = page.locator(".nono-line", has=box).locator(".nono-line-message")
    expect(note).to_be_visible()
    expect(note).to_contain_text("column 2: 'x' is not a clue number")
    # a clue too long for its line, too
    type_clues(page, ["2", "1 1", "4"], ["2", "1 1", "2"])
    solve(page)
    note = page.locator(".nono-line", has=page.get_by_label("row 3", exact=True))
    expect(note.locator(".nono-line-message")).to_contain_text("clue 4 needs 4 cells")
    expect(page.get_by_label("column 2", exact=True)).not_to_have_attribute("aria-invalid", "true")


def test_solve_shows_the_contradiction_at_its_line(page, site_url):
    open_solve(page, site_url)
    type_clues(page, ["2", "1 1", "2"], ["1 1", "2", "2"])
    solve(page)
    expect(page.locator(".nono-message")).to_contain_text("column 1 cannot be satisfied")
    note = page.locator(".nono-line", has=page.get_by_label("column 1", exact=True))
    expect(note.locator(".nono-line-message")).to_contain_text("column 1 cannot be satisfied")


def line_note(page, name):
    return page.locator(".nono-line", has=page.get_by_label(name, exact=True)).locator(
        ".nono-line-message"
    )


def test_clues_with_no_solution_name_the_clues_that_may_be_wrong(page, site_url):
    """After the verdict, each line whose clue may be the wrong one says so by its box,
    with a clue that would give a solution: found by solving (row 7's numbers swapped
    in the solver chapter's demo, which takes a search), by line solving (the line
    the contradiction names), or before solving (rows and columns fill different
    numbers of cells); and two lines, when no one line explains the clues."""
    open_solve(page, site_url)
    rows = "1 1|2 1 1|1 2|3 4 1|2 2|2 1 1 1|1 2 1|2 2 1|1 2|1 2 1 1|2 1"
    columns = "1 1 1 2|1 1|1 3 1|1 2 1|1|1 1|2 3 1|1 2|1 4 1|1 3|1 1 3|2 1"
    rows, columns = rows.split("|"), columns.split("|")
    found = suspects(parse(clue_text(rows, columns)))
    assert [s.line for s in found[:2]] == [1, 6] and len(found) == 12
    type_clues(page, rows, columns)
    solve(page, steps=False)
    page.wait_for_selector(".nonogram-solve[data-suspects=found]", timeout=PYTHON_READY)
    expect(page.locator(".nono-message")).to_have_text(
        "No solution: every one of the 15 guesses of the search ends in a contradiction. "
        "12 clues could each be the wrong one (changed alone, each gives a solution), the "
        "likeliest first: row 2's 2 1 1 (1 2 1 fits); row 7's 1 2 1 (1 1 2 fits); column "
        "10's 1 3 (3 1 fits); row 3's 1 2 (1 1 1 fits); and 8 more."
    )
    expect(line_note(page, "row 7")).to_have_text(
        "This clue may be wrong: with 1 1 2 here, the other clues have a solution."
    )
    expect(page.locator(".nono-lines input[aria-invalid=true]")).to_have_count(len(found))

    type_clues(page, ["0", "2 1", "4", "4"], ["3", "3", "1 1", "3"])
    solve(page)
    page.wait_for_selector(".nonogram-solve[data-suspects=found]", timeout=PYTHON_READY)
    expect(line_note(page, "column 3")).to_have_text(
        "No solution: column 3 cannot be satisfied once rows 1–4 are fixed. This clue may "
        "be wrong: with 2 here, the other clues have a solution."
    )
    expect(page.locator(".nono-lines input[aria-invalid=true]")).to_have_count(1)

    # Pasted as text: into the boxes, although they cannot all be satisfied.
    page.locator("summary").click()
    page.locator("textarea").fill(clue_text(["0", "2 1", "4", "3"], ["3", "3", "2", "3"]))
    page.get_by_role("button", name="Into the boxes").click()
    expect(page.get_by_label("row 4", exact=True)).to_have_value("3")
    solve(page)
    page.wait_for_selector(".nonogram-solve[data-suspects=found]", timeout=PYTHON_READY)
    expect(page.locator(".nono-message")).to_contain_text(
        "The rows fill 10 cells and the columns 11. 4 clues could each be the wrong one"
    )
    expect(line_note(page, "row 4")).to_have_text(
        "This clue may be wrong: with 4 here, the other clues have a solution."
    )
    expect(page.locator(".nono-lines input[aria-invalid=true]")).to_have_count(4)

    # Two clues wrong (row 3's numbers swapped, one of column 4's one more): the pair.
    rows, columns = ["0", "3 1", "2 1", "6", "5", "1 2"], ["2", "1 3", "1 2", "1 4", "4", "4"]
    type_clues(page, rows, columns)
    solve(page)
    page.wait_for_selector(".nonogram-solve[data-suspects=found]", timeout=PYTHON_READY)
    expect(page.locator(".nono-message")).to_have_text(
        "The rows fill 21 cells and the columns 22. Changing any one clue leaves no "
        "solution: two clues or more are wrong. Row 3's clue 2 1 and column 4's clue 1 4 "
        "may both be wrong: with 1 2 and 1 3 there, the other clues have a solution."
    )
    expect(line_note(page, "row 3")).to_have_text(
        "This clue and column 4's may both be wrong: with 1 2 here and 1 3 there, the other "
        "clues have a solution."
    )
    expect(page.locator(".nono-lines input[aria-invalid=true]")).to_have_count(2)


def test_the_line_scrolled_to_shows_below_the_sticky_header(page, site_url):
    """Solve pressed with the clue boxes scrolled out of view above: the likeliest
    line, scrolled to at the end, showed at the window's top, under the theme's sticky
    header (and the "Back to top" button that scrolling up brings). It also says why
    it is marked to a screen reader: its note describes its box."""
    rows = "1 1|2 1 1|1 2|3 4 1|2 2|2 1 1 1|1 2 1|2 2 1|1 2|1 2 1 1|2 1"
    columns = "1 1 1 2|1 1|1 3 1|1 2 1|1|1 1|2 3 1|1 2|1 4 1|1 3|1 1 3|2 1"
    rows, columns = rows.split("|"), columns.split("|")
    open_solve(page, site_url)
    type_clues(page, rows, columns)
    page.locator("[data-field=steps]").uncheck()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    box = page.get_by_label("row 2", exact=True)
    assert box.evaluate("(input) => input.getBoundingClientRect().bottom") < 0  # out of view
    page.evaluate("document.querySelector('[data-action=solve]').click()")  # no scroll
    page.wait_for_selector(".nonogram-solve[data-suspects=found]", timeout=PYTHON_READY)
    top = box.evaluate("(input) => input.getBoundingClientRect().top")
    header = page.locator(".md-header").evaluate("(h) => h.getBoundingClientRect().bottom")
    assert top >= header + 40  # below the header, with room for the "Back to top" button
    assert top < page.viewport_size["height"]
    note = line_note(page, "row 2")
    assert box.get_attribute("aria-describedby") == note.get_attribute("id")
    expect(box).to_have_accessible_description(
        "This clue may be wrong: with 1 2 1 here, the other clues have a solution."
    )


def test_the_page_stays_put_while_the_lines_found_are_marked(page, site_url):
    """A 20 × 20 with a row's and a column's numbers swapped, its clues' text still open
    above Solve: as each pair found was marked, the browser's scroll anchoring followed
    a clue box and moved the page (175 px), Stop with it. The worker's messages are
    held and handed to the page one at a time, whatever the machine's speed."""
    import random

    from solvelab.nonogram.generator import random_picture

    picture = Puzzle.from_grid(random_picture(20, 20, 0.55, random.Random(2)))
    rows = [[b.length for b in clue] for clue in picture.rows]
    columns = [[b.length for b in clue] for clue in picture.columns]
    for clue in (rows[1], columns[2]):  # their first two different neighbours swapped
        i = next(i for i in range(len(clue) - 1) if clue[i] != clue[i + 1])
        clue[i], clue[i + 1] = clue[i + 1], clue[i]
    rows, columns = [" ".join(map(str, c)) for c in rows], [" ".join(map(str, c)) for c in columns]
    pairs = suspect_pairs(parse(clue_text(rows, columns)))
    assert len(pairs) == 6
    page.add_init_script(HOLD_ANSWERS)
    open_solve(page, site_url)
    page.locator("[data-field=steps]").uncheck()
    page.locator("summary").click()
    page.locator("textarea").fill(clue_text(rows, columns))
    page.get_by_role("button", name="Into the boxes").click()
    expect(page.get_by_label("column 3", exact=True)).to_have_value(columns[2])
    stop = page.get_by_role("button", name="Stop")
    page.get_by_role("button", name="Solve").scroll_into_view_if_needed()
    page.evaluate("window.held = []")
    page.get_by_role("button", name="Solve").click()

    def next_message() -> dict:
        page.wait_for_function("window.held.length > 0", timeout=PYTHON_READY)
        return page.evaluate("window.held.shift()")

    def to_page(message: dict) -> None:
        page.evaluate("(message) => window.toPage(message)", message)

    to_page(next_message())  # the verdict
    to_page(next_message())  # no one line will do
    expect(page.locator(".nono-message")).to_contain_text("Looking for the two clues")
    top = stop.evaluate("(button) => button.getBoundingClientRect().top")
    marked = 0
    while "progress" in (message := next_message()):
        to_page(message)
        marked += 1
        assert stop.evaluate("(button) => button.getBoundingClientRect().top") == top
    assert marked == len(pairs)
    expect(page.locator(".nono-message")).to_contain_text("7 lines found so far, marked.")
    to_page(message)  # the pairs named
    root = page.locator(".nonogram-solve")
    expect(root).to_have_attribute("data-suspects", "found")
    # Solve again: until its verdict, no search for a wrong clue is said to be done.
    page.get_by_role("button", name="Solve").click()
    page.wait_for_function("window.held.length > 0", timeout=PYTHON_READY)  # the verdict
    expect(root).not_to_have_attribute("data-suspects", re.compile(".*"))


def test_the_pairs_found_on_the_way_but_not_named_are_unmarked_at_the_end(page, site_url):
    """Two clues wrong, 8 pairs found: each pair's lines are marked as it is found, and
    at the end only those of the 4 pairs named stay marked (row 4 and column 1 are in
    pairs found, not named); row 1, which the verdict names, keeps the verdict."""
    rows, columns = ["1 1", "3 1", "3", "5"], ["2 1", "4", "4", "1", "1 1"]
    pairs = suspect_pairs(parse(clue_text(rows, columns)))
    assert len(pairs) == 8
    assert {s.line for pair in pairs[:4] for s in pair} == {0, 2, 5, 7}
    assert {s.line for pair in pairs for s in pair} == {0, 2, 3, 4, 5, 7}
    open_solve(page, site_url)
    type_clues(page, rows, columns)
    solve(page, steps=False)
    page.wait_for_selector(".nonogram-solve[data-suspects=found]", timeout=PYTHON_READY)
    expect(page.locator(".nono-lines input[aria-invalid=true]")).to_have_count(4)
    for name in ("row 4", "column 1"):
        expect(line_note(page, name)).to_be_hidden()
        expect(page.get_by_label(name, exact=True)).not_to_have_attribute("aria-invalid", "true")
    expect(line_note(page, "row 1")).to_contain_text(
        "No solution: row 1 cannot be satisfied once columns 1–5 are fixed."
    )
    expect(line_note(page, "column 2")).to_contain_text("may both be wrong")


def test_the_lines_found_show_while_the_search_goes_on_and_stop_keeps_them(page, site_url):
    """A 40 × 40 puzzle of a random picture with row 1's first number one more: the
    verdict comes at once; the search for the wrong clue finds rows 1 and 2 in its
    first 2 % of its work (1.3 s of 20 s in CPython here), and each is marked at its
    box then, not at the end. Stop ends the search, keeping the verdict and the lines
    found by then, and says so."""
    import random

    from solvelab.nonogram.generator import random_picture

    puzzle = Puzzle.from_grid(random_picture(40, 40, 0.5, random.Random(3)))
    rows = [" ".join(str(b.length) for b in c) for c in puzzle.rows]
    columns = [" ".join(str(b.length) for b in c) for c in puzzle.columns]
    first, *rest = rows[0].split()
    rows[0] = " ".join([str(int(first) + 1), *rest])
    open_solve(page, site_url)
    page.locator("summary").click()
    page.locator("textarea").fill(clue_text(rows, columns))
    page.get_by_role("button", name="Into the boxes").click()
    # Python reads the text: Solve pressed before its answer would ask about the old
    # clues, and say they changed while being solved.
    expect(page.get_by_label("row 1", exact=True)).to_have_value(rows[0])
    solve(page, steps=False)
    root = page.locator(".nonogram-solve")
    message = page.locator(".nono-message")
    expect(root).to_have_attribute("data-suspects", "looking")
    # The verdict a sentence of its own (it ran into "Looking…" with no full stop).
    expect(message).to_have_text(
        re.compile(r"^The rows fill 828 cells and the columns 827\. Looking for the clue ")
    )
    expect(line_note(page, "row 1")).to_contain_text("This clue may be wrong: with ")
    expect(root).to_have_attribute("data-suspects", "looking")  # still: 98 % of it to go
    expect(message).to_contain_text(
        re.compile(r"Looking for the clue that may be wrong… \d+ lines? found so far, marked\.")
    )
    page.get_by_role("button", name="Stop").click()
    expect(root).to_have_attribute("data-suspects", "stopped")
    expect(message).to_contain_text("The rows fill 828 cells and the columns 827.")
    stopped = re.compile(
        r"\(Stopped looking for the clue that may be wrong: (\d+) lines? found by then, "
        r"marked; others may be too\.\)"
    )
    expect(message).to_contain_text(stopped)
    count = int(stopped.search(message.text_content()).group(1))
    expect(page.locator(".nono-lines input[aria-invalid=true]")).to_have_count(count)
    expect(line_note(page, "row 1")).to_contain_text("This clue may be wrong: with ")
    expect(root).to_have_attribute("data-status", "error")  # the verdict kept
    # Solve works again, and the search starts again from nothing found.
    solve(page, steps=False)
    expect(message).to_contain_text("Looking for the clue that may be wrong…")
    expect(line_note(page, "row 1")).to_contain_text("This clue may be wrong: with ")


def test_stop_ends_the_search_for_two_wrong_clues(page, site_url):
    """A 60 × 60 puzzle with a row's numbers swapped and one of a column's one more:
    no one line will do (found in seconds), and the search for two takes a minute or
    more (76 s in CPython here); Stop ends it, keeping the verdict and what the first
    search found."""
    import random

    from solvelab.nonogram.generator import random_picture

    puzzle = Puzzle.from_grid(random_picture(60, 60, 0.6, random.Random(1)))
    rows = [" ".join(str(b.length) for b in c) for c in puzzle.rows]
    columns = [" ".join(str(b.length) for b in c) for c in puzzle.columns]
    clue = rows[10].split()
    i = next(i for i in range(len(clue) - 1) if clue[i] != clue[i + 1])
    clue[i], clue[i + 1] = clue[i + 1], clue[i]
    rows[10] = " ".join(clue)
    clue = columns[20].split()
    columns[20] = " ".join([str(int(clue[0]) + 1), *clue[1:]])
    open_solve(page, site_url)
    page.locator("summary").click()
    page.locator("textarea").fill(clue_text(rows, columns))
    page.get_by_role("button", name="Into the boxes").click()
    expect(page.get_by_label("column 21", exact=True)).to_have_value(columns[20])  # read
    solve(page, steps=False)
    message = page.locator(".nono-message")
    expect(message).to_contain_text(
        "Changing any one clue leaves no solution: two clues or more are wrong. Looking for "
        "the two clues that may be wrong",
        timeout=PYTHON_READY,
    )
    page.get_by_role("button", name="Stop").click()
    expect(page.locator(".nonogram-solve")).to_have_attribute("data-suspects", "stopped")
    expect(message).to_contain_text("The rows fill ")
    # The pairs' lines found before Stop, if any (the core comes first: most often none).
    stopped = re.compile(
        r"\(Stopped looking for the two clues that may be wrong(?:: (\d+) lines? found by "
        r"then, marked; others may be too)?\.\)"
    )
    expect(message).to_contain_text(stopped)
    count = int(stopped.search(message.text_content()).group(1) or 0)
    expect(page.locator(".nono-lines input[aria-invalid=true]")).to_have_count(count)


def test_text_or_a_file_fills_the_boxes(page, site_url):
    open_solve(page, site_url)
    page.locator("summary").click()
    page.locator("#nono-clues").fill(clue_text(*dom(3)))
    page.get_by_role("button", name="Into the boxes").click()
    expect(page.locator(".nono-lines[data-kind=row] input")).to_have_count(7)
    expect(page.get_by_label("row 3", exact=True)).to_have_value("3 1")
    page.locator("[data-field=file]").set_input_files(
        files=[{"name": "bad.non", "mimeType": "text/plain", "buffer": b"width 3\nheight x\n"}]
    )
    expect(page.locator(".nono-message")).to_have_attribute("data-kind", "error")
    expect(page.locator(".nono-message")).to_have_text(re.compile(r"^bad\.non: line 2: "))


def test_a_file_larger_than_the_boxes_is_refused_not_cut(page, site_url):
    open_solve(page, site_url)
    picture = ["X" * 120] * 2 + ["." * 120] * 108  # 120 × 110: the model takes it, the page not
    text = dumps(Puzzle.from_grid(picture), "xml").encode()
    page.locator("[data-field=file]").set_input_files(
        files=[{"name": "big.xml", "mimeType": "text/xml", "buffer": text}]
    )
    expect(page.locator(".nono-message")).to_have_text(
        "big.xml is 120 × 110: this page solves up to 100 × 100 "
        "(solvelab nonogram solve, on the command line, up to 200 × 200)."
    )
    # past the library's limit too, the page says its own
    page.locator("summary").click()
    page.locator("#nono-clues").fill("500x500:" + "/".join(["1"] * 1000))
    page.get_by_role("button", name="Into the boxes").click()
    expect(page.locator(".nono-message")).to_have_text(
        "The text is 500 × 500: this page solves up to 100 × 100 "
        "(solvelab nonogram solve, on the command line, up to 200 × 200)."
    )
    # the boxes and the size are as they were
    expect(page.locator(".nono-lines[data-kind=row] input")).to_have_count(3)
    expect(page.locator("[data-field=width]")).to_have_value("3")


def solver_checkpoints(rows, columns):
    """(steps taken, the solver's own grid then) at the start and end of each of its
    probing passes and at each solution; grid cells as the page has them (0 unknown,
    1 filled, 2 crossed)."""
    checkpoints = []

    class Checked(Solver):
        def probe(self, grid, depth=0):
            checkpoints.append((len(self.steps), grid.copy()))
            out = super().probe(grid, depth)
            if out is not None:
                checkpoints.append((len(self.steps), out[0].copy()))
            return out

    result = Checked(parse(clue_text(rows, columns)), record_steps=True, learning=False).solve()
    page_cell = {3: 0, 2: 1, 1: 2}
    shown = [(n, [page_cell[m] for m in grid]) for n, grid in checkpoints]
    return result, shown


def test_step_mode_can_show_the_learning_search(page, site_url):
    rows, columns = dom(5)
    steps = Solver(parse(clue_text(rows, columns)), record_steps=True).solve().steps
    assert "learn" in {step.kind for step in steps}
    open_solve(page, site_url)
    type_clues(page, rows, columns)
    page.get_by_label("Whose steps").select_option("learning")
    solve(page)
    expect(page.locator(".nono-message")).to_have_text("One solution, found by search.")
    assert page.locator(".nonogram-solve").get_attribute("data-step") == str(len(steps))
    at = [step.kind for step in steps].index("learn") + 1
    page.evaluate(
        "(step) => { const s = document.querySelector('.nono-scrubber');"
        " s.value = String(step); s.dispatchEvent(new Event('input')); }",
        at,
    )
    expect(page.locator(".nono-step-text")).to_contain_text(f"step {at} / {len(steps)}: nogood: ")
    # Only asked when steps are recorded.
    page.locator("[data-field=steps]").uncheck()
    expect(page.get_by_label("Whose steps")).to_be_disabled()


def test_the_learning_searchs_last_step_says_there_is_no_solution_when_none_was_found(
    page, site_url
):
    # The solver chapter's demo with row 7's clue turned round: no solution, which
    # line solving and probing alone do not show.
    rows = "1 1|2 1 1|1 2|3 4 1|2 2|2 1 1 1|1 2 1|2 2 1|1 2|1 2 1 1|2 1"
    columns = "1 1 1 2|1 1|1 3 1|1 2 1|1|1 1|2 3 1|1 2|1 4 1|1 3|1 1 3|2 1"
    rows, columns = rows.split("|"), columns.split("|")
    result = Solver(parse(clue_text(rows, columns)), record_steps=True).solve()
    assert result.status == "none" and result.difficulty == "search"
    assert (result.steps[-1].kind, result.steps[-1].depth) == ("conflict", 0)
    open_solve(page, site_url)
    type_clues(page, rows, columns)
    page.get_by_label("Whose steps").select_option("learning")
    solve(page)
    expect(page.locator(".nono-message")).to_contain_text(f"No solution: {result.reason}")
    expect(page.locator(".nono-step-text")).to_contain_text(
        f"step {len(result.steps)} / {len(result.steps)}: contradiction: "
    )
    expect(page.locator(".nono-step-text")).to_contain_text(
        "no guess made it, so there is no solution"
    )


def test_step_mode_marks_the_line_solved_and_the_cell_tried(page, site_url):
    # Two solutions (the solver chapter's 7 × 7): line passes, probes, guesses.
    rows = ["1", "1 2", "3 1", "2 1", "1 1", "1 2", "1 1 1"]
    columns = ["1 1", "1", "2 1", "1 1", "2 2", "1 2", "3 1"]
    result = Solver(parse(clue_text(rows, columns)), record_steps=True, learning=False).solve()
    steps = result.steps
    first, second = ([v for row in grid for v in row] for grid in result.solutions)
    differ = {str(i): "diff" for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b}
    open_solve(page, site_url)
    type_clues(page, rows, columns)
    solve(page)
    kinds = [step.kind for step in steps]
    for kind in ("line", "probe", "guess", "solution"):
        at = kinds.index(kind) + 1
        page.evaluate(
            "(step) => { const s = document.querySelector('.nono-scrubber');"
            " s.value = String(step); s.dispatchEvent(new Event('input')); }",
            at,
        )
        marks, line = page.evaluate(
            "() => [Object.fromEntries(window.nonogramGrid.marks), window.nonogramGrid.markedLine]"
        )
        step = steps[at - 1]
        if kind == "line":
            assert (marks, line) == ({}, step.line)
        elif kind == "solution":  # nothing to point at: the answer's marks, where they differ
            assert (marks, line) == (differ, -1) and differ
        else:
            assert (marks, line) == ({str(step.cell): "hint"}, -1)


def test_step_mode_shows_the_solvers_grid_at_every_step_through_backtracks(page, site_url):
    rows, columns = dom(5)  # unique; backtracking search, so guesses fail and are left
    result, checkpoints = solver_checkpoints(rows, columns)
    kinds = [step.kind for step in result.steps]
    assert kinds.count("backtrack") >= 2 and kinds.count("guess") > kinds.count("backtrack")
    open_solve(page, site_url)
    type_clues(page, rows, columns)
    solve(page)
    expect(page.locator(".nono-message")).to_contain_text("One solution, found by search")
    last = int(page.locator(".nonogram-solve").get_attribute("data-step"))
    assert last == len(result.steps)

    def go(step):
        page.evaluate(
            "(step) => { const s = document.querySelector('.nono-scrubber');"
            " s.value = String(step); s.dispatchEvent(new Event('input')); }",
            step,
        )
        return page.evaluate("Array.from(window.nonogramGrid.cells)")

    # backwards from the end, then forwards: each checkpoint is the solver's own grid
    for count, grid in [*reversed(checkpoints), *checkpoints]:
        assert go(count) == grid, f"at step {count} ({result.steps[count - 1].kind})"
    # and with the buttons, across the first backtrack and the guess that leaves it
    at = kinds.index("backtrack") + 1  # the step count just after the backtrack
    go(at + 1)
    page.get_by_role("button", name="A step back").click()
    expect(page.locator(".nono-step-text")).to_contain_text(f"step {at} /")
    expect(page.locator(".nono-step-text")).to_contain_text("leads to a contradiction")
    page.get_by_role("button", name="A step forward").click()
    expect(page.locator(".nono-step-text")).to_contain_text(f"step {at + 1} /")
    expect(page.locator(".nono-step-text")).to_contain_text("guess")
    guessed = dict(checkpoints)[at + 1]  # the branch's grid, probed next
    assert page.evaluate("Array.from(window.nonogramGrid.cells)") == guessed


def test_stop_ends_a_long_solve_and_the_next_solve_works(page, site_url):
    open_solve(page, site_url)
    type_clues(page, *dom(9))  # with steps recorded: minutes of backtracking
    page.get_by_role("button", name="Solve").click()
    # "Solving…", then the seconds it has run, every second
    expect(page.locator(".nono-message")).to_have_text(re.compile(r"^Solving…( \d+ s)?$"))
    expect(page.locator(".nono-message")).to_have_text(re.compile(r"^Solving… [1-9]\d* s$"))
    stop = page.get_by_role("button", name="Stop")
    expect(stop).to_be_enabled()
    expect(page.get_by_role("button", name="Solve")).to_be_disabled()
    stop.click()
    expect(page.locator(".nono-message")).to_have_text("Stopped.")
    expect(stop).to_be_disabled()
    # the page is usable: the boxes take input, and the next solve answers
    type_clues(page, *RING)
    solve_button = page.get_by_role("button", name="Solve")
    expect(solve_button).to_be_enabled(timeout=PYTHON_READY)
    solve_button.click()
    expect(page.locator(".nono-message")).to_contain_text("2 solutions", timeout=PYTHON_READY)
    expect(page.locator(".nonogram-solve")).to_have_attribute("data-status", "multiple")


def test_a_second_press_of_solve_while_it_runs_does_not_stop_it(page, site_url):
    # Solve was disabled while it ran and its focus went to Stop: an impatient
    # second Enter stopped the solve.
    open_solve(page, site_url)
    type_clues(page, *dom(9))  # with steps recorded: minutes of backtracking
    solve_button = page.get_by_role("button", name="Solve")
    solve_button.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".nono-message")).to_have_text(re.compile(r"^Solving…"))
    page.keyboard.press("Enter")
    expect(solve_button).to_be_focused()
    expect(solve_button).to_be_disabled()  # marked unavailable (aria-disabled)
    expect(page.locator(".nono-message")).to_have_text(re.compile(r"^Solving… [1-9]\d* s$"))
    assert page.get_attribute(".nonogram-solve", "data-status") is None  # not stopped
    page.get_by_role("button", name="Stop").click()
    expect(page.locator(".nono-message")).to_have_text("Stopped.")


def test_the_clues_typed_are_kept_for_the_next_visit(page, site_url):
    open_solve(page, site_url)
    rows, columns = dom(3)
    type_clues(page, rows, columns)
    page.reload()
    page.wait_for_selector(".nonogram-solve[data-ready=true]")
    expect(page.locator("[data-field=width]")).to_have_value("7")
    for kind, clues in (("row", rows), ("column", columns)):
        boxes = page.locator(f".nono-lines[data-kind={kind}] input")
        expect(boxes).to_have_count(len(clues))
        assert [boxes.nth(i).input_value() for i in range(len(clues))] == clues


def test_the_text_shows_the_clues_kept_not_the_example(page, site_url):
    # It showed the example, and "Into the boxes" put it over the clues kept.
    open_solve(page, site_url)
    rows, columns = ["1", "", "1 1"], ["1", "1", "1"]
    type_clues(page, rows, columns)
    page.reload()
    expect(page.get_by_role("button", name="Solve")).to_be_enabled(timeout=PYTHON_READY)
    page.locator("summary").click()
    expect(page.locator("#nono-clues")).to_have_value("rows\n1\n0\n1 1\ncolumns\n1\n1\n1")
    page.get_by_role("button", name="Into the boxes").click()
    expect(page.locator(".nono-message")).to_have_text("3 × 3 clues in the boxes: press Solve.")
    boxes = page.locator(".nono-lines input")
    assert [boxes.nth(i).input_value() for i in range(6)] == rows + columns


def test_the_text_follows_the_boxes_until_someone_writes_in_it(page, site_url):
    open_solve(page, site_url)
    page.locator("summary").click()
    text = page.locator("#nono-clues")
    type_clues(page, ["1", "", "1 1"], ["1", "1", "1"])  # no reload: as they are typed
    expect(text).to_have_value("rows\n1\n0\n1 1\ncolumns\n1\n1\n1")
    # Text of someone's own stays while the boxes change...
    text.fill(clue_text(*dom(3)))
    page.get_by_label("row 1", exact=True).fill("2")
    expect(text).to_have_value(clue_text(*dom(3)))
    # ...until it is put into them; then the boxes' next change shows again.
    page.get_by_role("button", name="Into the boxes").click()
    expect(page.get_by_label("row 3", exact=True)).to_have_value("3 1")
    expect(text).to_have_value(clue_text(*dom(3)))
    page.get_by_label("row 1", exact=True).fill("2")
    rows, columns = dom(3)
    expect(text).to_have_value(clue_text(["2", *rows[1:]], columns))
    # A file that cannot be read leaves the text as it was, following the boxes.
    page.locator("[data-field=file]").set_input_files(
        files=[{"name": "bad.non", "mimeType": "text/plain", "buffer": b"width 3\nheight x\n"}]
    )
    expect(page.locator(".nono-message")).to_have_text(re.compile(r"^bad\.non: line 2: "))
    expect(text).to_have_value(clue_text(["2", *rows[1:]], columns))
    page.get_by_label("row 1", exact=True).fill("1")
    expect(text).to_have_value(clue_text(["1", *rows[1:]], columns))


@pytest.mark.parametrize("page_name", ["solve", "play", "edit"])
def test_a_file_once_read_can_be_chosen_again_and_a_binary_one_is_refused(
    page, site_url, page_name
):
    # The file input kept its file, so choosing the same one again (edited since, or
    # to start over) was no change to it: nothing happened. (Playwright's
    # set_input_files fires the change either way, so the input's value is checked.)
    page.goto(f"{site_url}nonograms/{page_name}/")
    expect(page.locator("[data-field=file]")).to_be_enabled(timeout=PYTHON_READY)
    text = clue_text(*dom(3)).encode()
    page.locator("[data-field=file]").set_input_files(
        files=[{"name": "dom.txt", "mimeType": "text/plain", "buffer": text}]
    )
    expect(page.locator("[data-field=file]")).to_have_value("")
    expect(page.locator(".nono-message")).not_to_have_attribute("data-kind", "error")
    # A file that is no text is said to be so (its bytes were shown as text).
    page.locator("[data-field=file]").set_input_files(
        files=[
            {"name": "x.bin", "mimeType": "application/octet-stream", "buffer": bytes(range(256))}
        ]
    )
    expect(page.locator(".nono-message")).to_have_text("x.bin: the file is not UTF-8 text.")


@pytest.mark.parametrize(
    ("page_name", "second"),
    [(name, second) for name in ("solve", "play", "edit") for second in ("refused", "read")]
    + [("play", "bad link"), ("edit", "bad link")],
)
def test_the_choice_made_last_wins_over_a_file_python_is_still_reading(
    page, site_url, page_name, second
):
    # A file chosen, or a link given, while Python still reads the file before: that
    # one's answer, when it comes, is for nobody, whether the later choice is refused (a
    # file that is no text, a link that is none) or read. (On a busy machine the first
    # answer came after the refusal and took its place.)
    page.add_init_script(HOLD_ANSWERS)
    page.goto(f"{site_url}nonograms/{page_name}/")
    file_input = page.locator("[data-field=file]")
    expect(file_input).to_be_enabled(timeout=PYTHON_READY)
    page.evaluate("window.held = []")
    first = clue_text(*dom(3)).encode()  # 7 × 7
    file_input.set_input_files(
        files=[{"name": "dom.txt", "mimeType": "text/plain", "buffer": first}]
    )
    page.wait_for_function("window.held.length > 0", timeout=PYTHON_READY)
    held = page.evaluate("window.held.splice(0)")  # dom.txt's answer, kept from the page
    page.evaluate("window.held = null")  # the answers after it reach the page
    if second == "bad link":
        page.evaluate("document.querySelectorAll('details').forEach((d) => (d.open = true))")
        page.locator("[data-field=link]").fill("http://[nonsense")
        page.locator("[data-field=link]").press("Enter")
        said = "That is not a link."
    elif second == "refused":
        binary = bytes(range(256))
        file_input.set_input_files(
            files=[{"name": "x.bin", "mimeType": "application/octet-stream", "buffer": binary}]
        )
        said = "x.bin: the file is not UTF-8 text."
    else:
        plus = clue_text(["1", "3", "1"], ["1", "3", "1"]).encode()  # one solution: Play says so
        file_input.set_input_files(
            files=[{"name": "plus.txt", "mimeType": "text/plain", "buffer": plus}]
        )
        said = "3 × 3"
    message = page.locator(".nono-message")
    expect(message).to_contain_text(said, timeout=PYTHON_READY)
    for answer in held:
        page.evaluate("(message) => window.toPage(message)", answer)
    page.evaluate("() => new Promise((done) => setTimeout(done))")  # what it set off, done
    expect(message).to_contain_text(said)
    expect(message).not_to_contain_text("7 × 7")
