"""The Nonograms chapter's live demos: one line, and the solver's steps.

The line demo is checked against the line solver and a count of placements by
enumeration; the step demos against the solver's own grids
(solvelab.nonogram.steps.replay). Screenshots of the chapter at 1280 px and
390 px go to build/screenshots/ for people to look at.
"""

from __future__ import annotations

from itertools import product

from playwright.sync_api import expect

from solvelab.nonogram import parse
from solvelab.nonogram.gallery import gallery_puzzle
from solvelab.nonogram.generator import generate
from solvelab.nonogram.solver import Solver
from solvelab.nonogram.steps import replay

PYTHON = 300_000  # ms: Pyodide loads on a busy machine
CELL = {1: 2, 2: 1, 3: 0}  # a solver's mask as a grid's cell (1 filled, 2 empty, 0 unknown)


def open_chapter(page, site_url):
    page.goto(site_url + "nonograms/solver/")
    return page


def line_demo(page, site_url, clue: str | None = None, length: str | None = None):
    """The chapter's line demo once Python has answered, with ``clue`` and ``length``
    typed in (a length as typed, the line following each digit)."""
    open_chapter(page, site_url)
    demo = page.locator("[data-demo=line]")
    expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
    if clue is not None:
        demo.locator("input[type=text]").fill(clue)
    if length is not None:
        demo.locator("input[type=number]").fill(length)
    return demo


def placements(clue: list[int], cells: str) -> list[str]:
    """Every placement of the one-colour ``clue`` agreeing with ``cells`` (``?``
    unknown, ``#`` filled, ``.`` empty), by trying every line: independent of the
    solver."""
    agree = []
    for line in product(".#", repeat=len(cells)):
        text = "".join(line)
        runs = [len(run) for run in text.split(".") if run]
        if runs == clue and all(c in ("?", t) for c, t in zip(cells, text, strict=True)):
            agree.append(text)
    return agree


def forced(clue: list[int], cells: str) -> str:
    """What every placement agrees on, as the demo's data-forced (``?`` where not)."""
    lines = placements(clue, cells)
    return "".join(
        c.pop() if len(c := {p[i] for p in lines}) == 1 else "?" for i in range(len(cells))
    )


def test_the_line_demo_shows_what_the_clue_forces_and_the_placements(page, site_url):
    demo = line_demo(page, site_url)
    # 2 3 in 7 cells: three placements, cells 2, 5 and 6 filled.
    assert demo.get_attribute("data-forced") == forced([2, 3], "???????") == "?#??##?"
    assert demo.get_attribute("data-count") == "3"
    shown = demo.locator(".is-placement")
    lines = [shown.nth(k).get_attribute("data-line") for k in range(shown.count())]
    assert sorted(lines) == sorted(placements([2, 3], "???????"))
    assert shown.first.get_attribute("aria-label") == (
        "placement 1: filled filled empty filled filled filled empty"
    )
    assert demo.locator(".is-output .is-new").count() == 3
    # Cell 1 empty (two clicks: filled, then empty): the whole row is known.
    cell = demo.locator(".is-input .nono-demo-cell").first
    cell.click()
    expect(demo).to_have_attribute("data-forced", forced([2, 3], "#??????"))
    cell.click()
    expect(demo).to_have_attribute("data-forced", ".##.###")
    expect(demo).to_have_attribute("data-count", "1")
    expect(cell).to_have_attribute("aria-label", "cell 1: empty")


def test_a_blank_clue_empties_the_line_and_says_so(page, site_url):
    demo = line_demo(page, site_url, clue="0")
    expect(demo).to_have_attribute("data-forced", ".......")
    expect(demo.locator(".is-output .is-new")).to_have_count(7)
    expect(demo.locator(".nono-message")).to_contain_text("fixes or narrows 7 cells (marked).")


def test_a_line_where_nothing_is_fixed_marks_nothing_and_says_so(page, site_url):
    demo = line_demo(page, site_url, clue="1 1", length="9")
    expect(demo).to_have_attribute("data-forced", "?" * 9)  # the 7-cell line says the same
    expect(demo.locator(".nono-message")).to_contain_text("fixes or narrows no cell.")
    expect(demo.locator(".is-output .is-new")).to_have_count(0)


def test_the_line_demo_takes_colours(page, site_url):
    """Runs of different colours may touch: 2 1r in 4 cells has three placements."""
    # Typed, then a click on a cell (which leaves the box): the click is not lost.
    demo = line_demo(page, site_url, clue="2 1r", length="4")
    # The opening clue (2 3 in 7 cells) has 3 placements too: wait for this line's.
    expect(demo).to_have_attribute("data-forced", "?#??")
    assert demo.get_attribute("data-count") == "3"
    third = demo.locator(".is-output .nono-demo-cell").nth(2)
    assert third.get_attribute("aria-label") == "cell 3: empty or filled or red"
    last = demo.locator(".is-input .nono-demo-cell").nth(3)
    last.click()  # filled (black): no placement ends in it
    expect(demo.locator(".nono-message")).to_have_text(
        "no placement of 2 1r agrees with the cells set"
    )
    last.click()  # red
    expect(demo).to_have_attribute("data-forced", "?#?r")
    assert demo.get_attribute("data-count") == "2"
    # A longer line, typed digit by digit ("1", then "12"), keeps the cells set.
    demo.locator("input[type=number]").fill("")
    demo.locator("input[type=number]").type("12")
    expect(demo.locator(".is-input .nono-demo-cell")).to_have_count(12)
    expect(last).to_have_attribute("aria-label", "cell 4: red")


def test_the_line_demo_counts_what_it_does_not_list_and_says_what_is_wrong(page, site_url):
    demo = line_demo(page, site_url, clue="1 1 1 1 1 1 1 1", length="40")
    lengths = demo.locator("input[type=number]")
    lengths.dispatch_event("change")  # the box left
    expect(demo).to_have_attribute("data-count", "13,884,156")
    assert demo.locator(".nono-demo-placements").text_content() == "The first 8 placements:"
    assert demo.locator(".is-placement").count() == 8
    demo.locator("input[type=text]").fill("3 x")
    expect(demo.locator(".nono-message")).to_have_text(
        "'x' is not a clue number (1 or more, with r, g or b after it for a colour)"
    )
    # No answer for these cells, so none in the attributes either.
    expect(demo).not_to_have_attribute("data-count", "13,884,156")
    assert demo.get_attribute("data-forced") is None
    demo.locator("input[type=text]").fill("30 10")
    expect(demo.locator(".nono-message")).to_have_text("clues 30 10 need 41 cells, the line has 40")
    # A bad length is put right, not sent; an emptied box shows the line's length again.
    lengths.fill("5000")
    lengths.dispatch_event("change")
    expect(lengths).to_have_value("100")
    expect(demo.locator(".is-input .nono-demo-cell")).to_have_count(100)
    lengths.fill("")
    lengths.dispatch_event("change")
    expect(lengths).to_have_value("100")
    expect(demo.locator(".is-input .nono-demo-cell")).to_have_count(100)


def test_the_step_demos_replay_the_solvers_own_grids(page, site_url):
    open_chapter(page, site_url)
    demos = page.locator("[data-demo=steps]:not([data-learning])")
    expect(demos).to_have_count(3)
    expected = [("cat", "unique"), ("umbrella", "unique"), (None, "multiple")]
    for k, (name, status) in enumerate(expected):
        demo = demos.nth(k)
        expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
        assert demo.get_attribute("data-status") == status
        if name is None:  # two solutions: the search's last step is the second
            demo.get_by_title("To the end").click()
            expect(demo.locator(".nono-demo-caption")).to_have_text(
                "step 11 / 11: a second solution: the clues have more than one picture"
            )
            demo.get_by_title("A step back").click()
            expect(demo.locator(".nono-demo-caption")).to_contain_text(
                "step 10 / 11: back to depth 2: guess"
            )
            continue
        steps = Solver(gallery_puzzle(name), record_steps=True, learning=False).solve().steps
        assert int(demo.get_attribute("data-steps")) == len(steps)
        kinds = {step.kind for step in steps}
        assert ("probe" in kinds) == (name == "umbrella")
        grids = list(replay(steps, gallery_puzzle(name).width * gallery_puzzle(name).height))
        # Forward a step at a time, then to the end: the page's grid is the solver's.
        for index in (1, 2, len(steps)):
            if index <= 2:
                demo.get_by_title("A step forward").click()
            else:
                demo.get_by_title("To the end").click()
            expect(demo).to_have_attribute("data-step", str(index))
            cells = page.evaluate(
                "(k) => Array.from(document.querySelectorAll("
                "'[data-demo=steps]:not([data-learning])')[k].grid.cells)",
                k,
            )
            assert cells == [CELL[mask] for mask in grids[index - 1]]
        caption = demo.locator(".nono-demo-caption").text_content()
        assert caption.startswith(f"step {len(steps)} / {len(steps)}: ")


def test_the_learning_demo_shows_each_conflict_and_nogood_on_the_solvers_grid(page, site_url):
    open_chapter(page, site_url)
    demo = page.locator("[data-demo=steps][data-learning]")
    expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
    rows, columns = demo.get_attribute("data-rows"), demo.get_attribute("data-columns")
    text = "rows\n" + rows.replace("|", "\n") + "\ncolumns\n" + columns.replace("|", "\n")
    puzzle = parse(text)
    result = Solver(puzzle, record_steps=True).solve()
    steps = result.steps
    kinds = [step.kind for step in steps]
    assert demo.get_attribute("data-status") == result.status == "unique"
    assert int(demo.get_attribute("data-steps")) == len(steps)
    assert kinds.count("learn") > 10  # a search that learns, not a probe's easy end
    # What the chapter says of it, and of plain backtracking on it.
    plain = Solver(puzzle, learning=False).solve().stats
    stats = result.stats
    said = " ".join(page.locator("article").text_content().split())
    assert f"Its {stats.branches} guesses meet {stats.backtracks} contradictions." in said
    assert f"fewer guesses ({plain.branches} here), but makes {plain.probes} probes" in said
    assert f"where the learning search makes {stats.probes}, all before its first guess" in said
    grids = list(replay(steps, puzzle.width * puzzle.height))

    def shown(index):
        """The demo at step ``index``: its cells, marks and marked line."""
        page.evaluate(
            "(index) => { const s = document.querySelector('[data-learning] input[type=range]');"
            " s.value = String(index); s.dispatchEvent(new Event('input')); }",
            index,
        )
        expect(demo).to_have_attribute("data-step", str(index))
        return page.evaluate(
            "() => { const g = document.querySelector('[data-learning]').grid;"
            " return [Array.from(g.cells), Object.fromEntries(g.marks), g.markedLine]; }"
        )

    at = kinds.index("conflict") + 1  # the first contradiction, then its nogood
    conflict, nogood = steps[at - 1], steps[at]
    cells, marks, line = shown(at)
    assert cells == [CELL[mask] for mask in grids[at - 1]]
    assert marks == {str(cell): "wrong" for cell, _ in conflict.cells}
    assert line == conflict.line
    name = f"row {line + 1}" if line < puzzle.height else f"column {line - puzzle.height + 1}"
    caption = demo.locator(".nono-demo-caption")
    expect(caption).to_contain_text(
        f"step {at} / {len(steps)}: contradiction: {name} has no placement"
    )
    demo.get_by_title("A step forward").click()
    expect(caption).to_contain_text(f"step {at + 1} / {len(steps)}: nogood: ")
    cells, marks, line = shown(at + 1)
    assert cells == [CELL[mask] for mask in grids[at]]
    want = {str(cell): "diff" for cell, _ in nogood.cells} | {str(nogood.cell): "hint"}
    assert marks == want and line == -1
    assert f"back to depth {nogood.depth}" in caption.text_content()
    demo.get_by_title("To the end").click()
    expect(caption).to_contain_text("no guess made it, so no other solution exists")


def runs(line) -> list[int]:
    """A line's clue, counted here (not by the library)."""
    return [len(run) for run in "".join(line).split(".") if run]


def clues(picture: list[str]) -> tuple[list, list]:
    return [runs(row) for row in picture], [runs(column) for column in zip(*picture, strict=True)]


def shown_pictures(demo) -> list[list[str]]:
    """Each picture the generator demo shows, as rows of "X" and "."."""
    pictures = []
    for k in range(demo.locator("figure").count()):
        thumb = demo.locator(".nono-demo-thumb").nth(k)
        width = int(
            thumb.evaluate("(t) => t.style.gridTemplateColumns.match(/repeat\\((\\d+)/)[1]")
        )
        cells = "".join(
            "X" if c == "#" else "."
            for c in thumb.locator("span").evaluate_all(
                "(spans) => spans.map((s) => s.dataset.cell)"
            )
        )
        pictures.append([cells[i : i + width] for i in range(0, len(cells), width)])
    return pictures


def test_the_generator_demo_shows_each_picture_judged_and_keeps_makes_puzzle(page, site_url):
    open_chapter(page, site_url)
    demo = page.locator("[data-demo=generator]")
    expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
    figures = demo.locator("figure")
    verdicts = [figures.nth(k).get_attribute("data-verdict") for k in range(figures.count())]
    assert verdicts == ["multiple"] * 4 + ["unique"]
    expect(demo.locator(".nono-message")).to_have_text("The 5th picture is kept: 5 pictures tried.")
    pictures = shown_pictures(demo)
    # A picture turned down: its marked cells, swapped, give another picture with its clues.
    for k in range(4):
        marked = (
            figures.nth(k)
            .locator("span")
            .evaluate_all(
                "(spans) => spans.flatMap((s, i) => (s.classList.contains('is-new') ? [i] : []))"
            )
        )
        cells = list("".join(pictures[k]))
        for i in marked:
            cells[i] = "." if cells[i] == "X" else "X"
        other = ["".join(cells[i : i + 10]) for i in range(0, 100, 10)]
        assert marked and other != pictures[k] and clues(other) == clues(pictures[k])
        expect(figures.nth(k).locator("figcaption")).to_have_text(
            f"{k + 1}: a second solution, {len(marked)} cells away (marked): turned down"
        )
    # The one kept is the puzzle `make` writes for the same arguments.
    made = generate(10, 10, 0.4, seed=2)  # unique: its clues name its picture
    lengths = [[[b.length for b in clue] for clue in lines] for lines in (made.rows, made.columns)]
    assert list(clues(pictures[4])) == lengths
    expect(figures.nth(4)).to_have_class("nono-demo-trial is-kept")
    # A density where none of the 12 shown is kept says so.
    demo.locator("input").nth(2).fill("0.3")
    demo.get_by_role("button", name="Make").click()
    expect(demo.locator(".nono-message")).to_contain_text("None of the first 12 pictures is kept")
    expect(figures).to_have_count(12)
    # Line by line only; any density, not only steps of 0.05.
    demo.locator("select").select_option("easy")
    demo.locator("input").nth(2).fill("0.32")
    demo.get_by_role("button", name="Make").click()
    expect(demo.locator(".nono-message")).to_contain_text("None of the first 12")
    # What cannot be shown is said, and the old pictures go.
    message = demo.locator(".nono-message")
    for box, text, said in [
        (0, "40", "width and height must be whole numbers 5 to 15, not 40 × 10"),
        (0, "", "width and height must be whole numbers 5 to 15, not 0 × 10"),
        (3, "9007199254740993", "The seed must be a whole number, 0 or more, of up to 15 digits."),
        (3, "1e21", "The seed must be a whole number, 0 or more, of up to 15 digits."),
        (3, "-3", "The seed must be a whole number, 0 or more, of up to 15 digits."),
    ]:
        demo.locator("input").nth(box).fill(text)
        demo.get_by_role("button", name="Make").click()
        expect(message).to_have_text(said)
        expect(message).to_have_attribute("data-kind", "error")
        expect(figures).to_have_count(0)
        demo.locator("input").nth(box).fill("10" if box == 0 else "2")


def test_when_python_cannot_start_the_demos_say_so_and_try_again(page, site_url, page_log):
    failing = True
    wasm = "**/pyodide/pyodide.asm.wasm"
    page.context.route(wasm, lambda route: route.abort() if failing else route.continue_())
    open_chapter(page, site_url)
    demos = page.locator(".nono-demo")
    for k in range(demos.count()):
        expect(demos.nth(k)).to_have_attribute("data-state", "error", timeout=PYTHON)
        expect(demos.nth(k).locator(".nono-message")).to_contain_text("Python could not start")
    assert "reload" not in demos.first.locator(".nono-message").text_content()  # a button is there
    failing = False
    # One Try again brings up every demo: they share one Python.
    demos.nth(1).get_by_role("button", name="Try again").click()
    for k in range(demos.count()):
        expect(demos.nth(k)).to_have_attribute("data-state", "ready", timeout=PYTHON)
    assert page.locator("[data-demo=line]").get_attribute("data-forced") == "?#??##?"
    # What the browser and Pyodide log about the failed download.
    page_log.console_errors[:] = [
        e
        for e in page_log.console_errors
        if "Failed to load resource" not in e and "wasm" not in e.lower()
    ]


def test_the_chapter_reads_at_desktop_and_phone_width(page, phone, site_url, screenshot_dir):
    for name, tab in (("desktop", page), ("phone", phone)):
        tab.goto(site_url + "nonograms/solver/")
        for demo in tab.locator(".nono-demo").all():
            expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
        width = tab.evaluate("document.documentElement.scrollWidth")
        assert width <= tab.viewport_size["width"]
        for k, demo in enumerate(tab.locator(".nono-demo").all()):
            demo.screenshot(path=screenshot_dir / f"nonogram-docs-{name}-demo{k + 1}.png")
