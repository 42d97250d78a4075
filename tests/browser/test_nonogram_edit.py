"""The nonogram editor's promises: drawing changes the clues and the drawn grid,
the solver's verdict (unique, or more than one solution with the cells that differ marked) always
belongs to the picture on screen, random fill, export and import, and a link
that opens the puzzle on the Play page.

Cells are clicked where the page's grid says they are drawn; what is drawn is
read back from screenshots.
"""

from __future__ import annotations

import json

from pixels import cell_colour
from playwright.sync_api import expect
from test_nonogram_pages import PYTHON_READY, cells, stroke


def open_edit(page, site_url):
    page.goto(f"{site_url}nonograms/edit/")
    page.wait_for_selector(".nonogram-edit[data-ready=true]")
    page.evaluate("document.querySelector('.nono-stage').scrollIntoView({block: 'end'})")


def wait_for_python(page):
    expect(page.locator('[data-action="export-xml"]')).to_be_enabled(timeout=PYTHON_READY)


def set_size(page, width, height):
    page.fill("[data-field=width]", str(width))
    page.fill("[data-field=height]", str(height))
    page.click("[data-form=size] button[type=submit]")
    page.wait_for_function(
        f"window.nonogramGrid.width === {width} && window.nonogramGrid.height === {height}"
    )
    page.evaluate("document.querySelector('.nono-stage').scrollIntoView({block: 'end'})")


def clues(page):
    return json.loads(page.get_attribute(".nonogram-edit", "data-clues"))


def verdict(page):
    return page.locator(".nono-verdict")


def settled(page, timeout=PYTHON_READY):
    """Waits for a verdict about the picture on screen; returns its status."""
    page.wait_for_function(
        "(() => { const v = document.querySelector('.nono-verdict');"
        " return v.dataset.status !== 'checking'"
        " && v.dataset.version === document.querySelector('.nonogram-edit').dataset.version; })()",
        timeout=timeout,
    )
    return verdict(page).get_attribute("data-status")


def test_drawing_changes_the_clues_and_the_grid(page, site_url):
    open_edit(page, site_url)
    set_size(page, 5, 4)
    assert clues(page) == {"rows": [[]] * 4, "columns": [[]] * 5}
    assert min(cell_colour(page, 1, 2)) > 200  # paper
    stroke(page, [(1, 0), (1, 1), (1, 2)])
    stroke(page, [(3, 4)])
    assert clues(page) == {"rows": [[], [3], [], [1]], "columns": [[1], [1], [1], [], [1]]}
    assert max(cell_colour(page, 1, 2)) < 80  # filled: drawn dark
    assert min(cell_colour(page, 2, 2)) > 200
    # the background brush (right button) does not change the clues
    stroke(page, [(0, 0), (0, 3)], button="right")
    assert cells(page)[:4] == [2, 2, 2, 2]
    assert clues(page)["rows"][0] == []
    # a nonsense size gives a message and changes nothing
    page.fill("[data-field=width]", "0")
    page.click("[data-form=size] button[type=submit]")
    expect(page.locator(".nono-message")).to_contain_text("1 to 100")
    assert page.evaluate("window.nonogramGrid.width") == 5


def test_the_toolbar_brush_undo_and_zoom(page, site_url):
    open_edit(page, site_url)
    set_size(page, 5, 4)
    page.click("[data-brush='2']")
    expect(page.locator("[data-brush='2']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-brush='1']")).to_have_attribute("aria-pressed", "false")
    stroke(page, [(0, 0)])
    assert cells(page)[0] == 2  # the background brush, by the left button
    page.click("[data-brush='1']")
    stroke(page, [(0, 1)])
    assert cells(page)[:2] == [2, 1]
    page.click("[data-action=undo]")
    assert cells(page)[:2] == [2, 0]
    page.click("[data-action=redo]")
    assert cells(page)[:2] == [2, 1]
    set_size(page, 60, 60)  # cells small enough to zoom in on
    page.click("[data-action=zoom-fit]")
    assert page.evaluate("window.nonogramGrid.zoom") == 1  # the whole puzzle
    page.click("[data-action=zoom-in]")
    page.click("[data-action=zoom-in]")
    page.click("[data-action=zoom-out]")
    assert page.evaluate("window.nonogramGrid.zoom") == 1.5
    page.click("[data-action=zoom-fit]")
    assert page.evaluate("window.nonogramGrid.zoom") == 1  # the whole puzzle


def test_verdict_unique_and_two_solutions_with_marked_cells(page, site_url):
    open_edit(page, site_url)
    wait_for_python(page)
    set_size(page, 2, 2)
    assert settled(page) == "empty"
    stroke(page, [(0, 0)])
    stroke(page, [(1, 1)])
    assert settled(page) == "multiple"
    expect(verdict(page)).to_contain_text(
        "More than one solution: the 4 cells marked in blue (row 1 column 1, row 1 column 2,"
        " row 2 column 1, row 2 column 2) differ in another."
    )
    assert json.loads(page.get_attribute(".nonogram-edit", "data-diff")) == [0, 1, 2, 3]
    # the differing cells are marked on the grid: the empty ones are no longer paper
    marked = cell_colour(page, 0, 1)
    assert marked[2] > marked[0] + 40, marked  # blue-ish
    stroke(page, [(0, 1)])
    assert settled(page) == "unique-line"
    expect(verdict(page)).to_contain_text("Unique, line-solvable")
    assert min(cell_colour(page, 1, 0)) > 200  # marks gone: paper again


def about_this_picture(page, key):
    """Waits until the editor's ``data-<key>`` is the version of the picture on screen."""
    page.wait_for_function(
        "(key) => { const root = document.querySelector('.nonogram-edit');"
        " return root.dataset[key] === root.dataset.version; }",
        arg=key,
        timeout=PYTHON_READY,
    )


def held_answer_for_this_picture(page):
    about_this_picture(page, "heldVersion")


def test_a_stale_answer_is_never_shown(page, site_url):
    open_edit(page, site_url)
    wait_for_python(page)
    set_size(page, 2, 2)
    settled(page)
    # hold every answer once it has come back from Python
    page.evaluate(
        "window.nonogramEditHold = new Promise((r) => (window.releaseEditHold = r)); null"
    )
    stroke(page, [(0, 0)])
    stroke(page, [(1, 1)])  # ambiguous: "More than one solution"
    held_answer_for_this_picture(page)
    stroke(page, [(0, 1)])  # now unique, while the old answer is held
    expect(verdict(page)).to_have_attribute("data-status", "checking")
    held_answer_for_this_picture(page)
    page.evaluate("window.releaseEditHold(); window.nonogramEditHold = null")
    assert settled(page) == "unique-line"
    # the held "More than one solution" never showed up afterwards
    page.wait_for_timeout(300)
    assert verdict(page).get_attribute("data-status") == "unique-line"
    assert json.loads(page.get_attribute(".nonogram-edit", "data-diff")) == []


def test_a_stroke_ends_the_check_and_not_a_random_fill_asked_meanwhile(page, site_url):
    # A stroke stopped every call in progress: a random fill or an import asked
    # while a check waited for Python never came, and nothing said so.
    open_edit(page, site_url)
    wait_for_python(page)
    set_size(page, 6, 6)
    settled(page)
    # Python is kept busy by a long cube search, so what the page asks next waits.
    page.evaluate(
        """() => {
            window.busy = new AbortController();
            const facelets = "BULDUDLDRFRDBRUULRULUBFRDLRFBBUDFBUDUFFFLDDBRFRLLBRBFL";
            const searching = () => (window.searching = true);
            const options = { signal: window.busy.signal, onProgress: searching };
            window.busyCall = window.nonogramEditPython
                .call("solve", { facelets, time_limit: 600, target: 1 }, options)
                .catch((error) => error.name);
        }"""
    )
    page.wait_for_function("window.searching", timeout=PYTHON_READY)  # past its first solution
    stroke(page, [(0, 0)])
    about_this_picture(page, "asked")  # its check is asked for, and waits
    page.fill("[data-field=seed]", "3")
    page.click("[data-form=random] button[type=submit]")
    stroke(page, [(5, 5)])  # ends the check that waits, only
    assert page.evaluate("window.busy.abort(), window.busyCall") == "Cancelled"
    expect(page.locator(".nono-message")).to_contain_text("seed 3", timeout=PYTHON_READY)
    assert settled(page).startswith(("unique", "multiple", "none"))


def test_random_fill_respects_the_size_and_seed(page, site_url):
    open_edit(page, site_url)
    wait_for_python(page)
    set_size(page, 7, 3)
    page.fill("[data-field=seed]", "5")
    page.click("[data-form=random] button[type=submit]")
    page.wait_for_function("Array.from(window.nonogramGrid.cells).some((c) => c === 1)")
    first = cells(page)
    assert len(first) == 21 and set(first) <= {0, 1}
    assert page.evaluate("[window.nonogramGrid.width, window.nonogramGrid.height]") == [7, 3]
    page.click('[data-action="clear"]')
    assert set(cells(page)) == {0}
    page.click("[data-form=random] button[type=submit]")
    page.wait_for_function("Array.from(window.nonogramGrid.cells).some((c) => c === 1)")
    assert cells(page) == first  # the same seed, the same picture
    page.click('[data-action="undo"]')
    assert set(cells(page)) == {0}
    page.fill("[data-field=seed]", "1e30")  # a number, but not a seed the page can say
    page.click("[data-form=random] button[type=submit]")
    expect(page.locator(".nono-message")).to_have_text(
        "The seed must be a whole number, 0 or more, of up to 15 digits."
    )


def test_export_and_import_round_trip(page, site_url, tmp_path):
    open_edit(page, site_url)
    wait_for_python(page)
    set_size(page, 4, 3)
    stroke(page, [(0, 0), (0, 3)])
    stroke(page, [(2, 1), (2, 2)])
    drawn = cells(page)
    exports = (("export-xml", "p.xml"), ("export-non", "p.non"), ("export-pattern", "p.txt"))
    texts = {}
    for action, name in exports:
        page.click(f'[data-action="{action}"]')
        expect(page.locator(".nono-export")).to_be_visible()
        page.wait_for_function("document.querySelector('.nono-export').value.length > 0")
        text = texts[name] = page.input_value(".nono-export")
        page.evaluate("document.querySelector('.nono-export').value = ''")
        link = page.locator(".nono-play-link").get_attribute("href")
        assert "/nonograms/play/?c=" in link, action
        page.click('[data-action="clear"]')
        expect(page.locator(".nono-export")).to_be_hidden()  # it was the picture before
        expect(page.locator(".nono-play-link")).to_be_hidden()
        path = tmp_path / name
        path.write_text(text)
        page.set_input_files("[data-field=file]", str(path))
        page.wait_for_function("Array.from(window.nonogramGrid.cells).some((c) => c === 1)")
        assert cells(page) == drawn, name
        expect(page.locator(".nono-message")).to_contain_text("Opened")
    # a malformed file: a message, and the picture stays
    bad = tmp_path / "bad.xml"
    bad.write_text("<puzzle><clues type='rows'><line><count>x</count>")
    page.set_input_files("[data-field=file]", str(bad))
    expect(page.locator(".nono-message")).to_have_attribute("data-kind", "error")
    assert cells(page) == drawn
    # a Pattern game ID in the link box: opened, solved to get its picture (the ID
    # exported above: the strokes' cells are the ones drawn, wherever they landed)
    page.click('[data-action="clear"]')
    page.fill("[data-field=link]", texts["p.txt"])
    page.click("[data-form=link] button[type=submit]")
    expect(page.locator(".nono-message")).to_contain_text("from a Pattern game ID")
    assert cells(page) == drawn
    # a malformed link: a message, inserted as text
    page.fill("[data-field=link]", "https://example.org/?c=<b>11.3_2</b>")
    page.click("[data-form=link] button[type=submit]")
    expect(page.locator(".nono-message")).to_have_attribute("data-kind", "error")
    assert page.locator(".nono-message b").count() == 0
    page.fill("[data-field=link]", "no puzzle here")
    page.click("[data-form=link] button[type=submit]")
    expect(page.locator(".nono-message")).to_contain_text("neither a link to a puzzle")


def test_the_share_link_opens_the_puzzle_in_play(page, site_url):
    open_edit(page, site_url)
    wait_for_python(page)
    set_size(page, 5, 5)
    stroke(page, [(0, 0), (0, 4)])
    stroke(page, [(1, 2), (4, 2)])
    stroke(page, [(4, 0)])
    drawn = clues(page)
    page.click('[data-action="share"]')
    page.wait_for_function("document.querySelector('.nono-export').value.includes('?c=')")
    link = page.input_value(".nono-export")
    assert link.startswith(site_url) and "/nonograms/play/?c=" in link
    # the editor opens its own link too
    page.click('[data-action="clear"]')
    page.fill("[data-field=link]", link)
    page.click("[data-form=link] button[type=submit]")
    page.wait_for_function("Array.from(window.nonogramGrid.cells).some((c) => c === 1)")
    assert clues(page) == drawn
    page.goto(link)
    page.wait_for_selector(".nonogram-play[data-ready=true]")
    page.wait_for_function("window.nonogramGrid.rows.some((r) => r.length)", timeout=PYTHON_READY)
    got = page.evaluate("({rows: window.nonogramGrid.rows, columns: window.nonogramGrid.columns})")
    assert got == drawn


def test_screenshots(page, site_url, screenshot_dir):
    open_edit(page, site_url)
    wait_for_python(page)
    set_size(page, 10, 10)
    for r in range(2, 8):
        stroke(page, [(r, 2), (r, 7)] if r in (2, 7) else [(r, 2)])
    stroke(page, [(3, 7), (6, 7)])
    stroke(page, [(0, 0), (0, 9)], button="right")
    settled(page)
    page.screenshot(path=str(screenshot_dir / "nonogram-edit-1280.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.screenshot(path=str(screenshot_dir / "nonogram-edit-390.png"), full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0


def test_a_check_out_of_time_is_asked_again_until_it_is_decided(page, site_url):
    """On a slow phone a check can take longer than its first 10 s: the page asks again
    with twice as long, says it is still checking, and never settles on "not decided"."""
    open_edit(page, site_url)
    wait_for_python(page)
    settled(page)
    # The first check answers as a slow phone's would; the second waits for the test.
    page.evaluate(
        """() => {
            const python = window.nonogramEditPython;
            const call = python.call.bind(python);
            window.limits = [];
            python.call = async (method, args, options) => {
                if (method !== "nonogram_edit_check") return call(method, args, options);
                window.limits.push(args.time_limit);
                if (window.limits.length === 1) return { status: "timeout" };
                await new Promise((resolve) => (window.releaseCheck = resolve));
                return call(method, args, options);
            };
        }"""
    )
    stroke(page, [(0, 0)])
    expect(verdict(page)).to_have_text(
        "checking… (a hard picture: not decided in 10 s; the solver goes on)"
    )
    page.wait_for_function("!!window.releaseCheck")
    page.evaluate("window.releaseCheck()")
    assert settled(page) in ("unique-line", "multiple")
    assert page.evaluate("window.limits") == [10, 20]


HOLD_OPEN = """() => {
    // The first import answers as a slow phone's would (no picture in time); the
    // next waits for the test, or for its signal to stop it.
    const python = window.nonogramEditPython;
    const call = (window.realCall ??= python.call.bind(python));
    window.limits = [];
    python.call = async (method, args, options) => {
        if (method !== "nonogram_edit_open") return call(method, args, options);
        window.limits.push(args.time_limit);
        if (window.limits.length === 1) return { status: "timeout" };
        await new Promise((resolve) => {
            window.releaseOpen = resolve;
            options.signal.addEventListener("abort", resolve);
        });
        return call(method, args, options);
    };
}"""

CLUES_WITHOUT_A_PICTURE = "width 3\nheight 2\n\nrows\n1,1\n3\n\ncolumns\n2\n1\n2\n"


def test_an_import_out_of_time_is_asked_again_until_a_picture_is_found(page, site_url, tmp_path):
    """Hard clues can take a slow phone longer than the first 20 s to solve: the page
    asks again with twice as long and says so, never "no picture"; Stop ends it."""
    path = tmp_path / "hard.non"
    path.write_text(CLUES_WITHOUT_A_PICTURE)
    open_edit(page, site_url)
    wait_for_python(page)
    stroke(page, [(0, 0)])
    drawn = cells(page)
    stop = page.locator('[data-action="stop-open"]')
    expect(stop).to_be_hidden()
    page.evaluate(HOLD_OPEN)
    page.set_input_files("[data-field=file]", str(path))
    message = page.locator(".nono-message")
    expect(message).to_have_text(
        "opening… (hard clues: no picture found in 20 s; the solver goes on)"
    )
    stop.click()
    expect(message).to_have_text("Stopped opening.")
    expect(stop).to_be_hidden()
    assert cells(page) == drawn
    assert page.evaluate("window.limits") == [20, 40]
    # Asked again, and let through: the picture opens.
    page.evaluate(HOLD_OPEN)
    page.set_input_files("[data-field=file]", [])
    page.set_input_files("[data-field=file]", str(path))
    expect(stop).to_be_visible()
    page.wait_for_function("!!window.releaseOpen")
    page.evaluate("window.releaseOpen()")
    expect(message).to_contain_text("Opened")
    expect(stop).to_be_hidden()
    assert cells(page) == [1, 0, 1, 1, 1, 1]
    assert page.evaluate("window.limits") == [20, 40]
