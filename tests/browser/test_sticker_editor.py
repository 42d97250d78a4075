"""The player's sticker editor (js/sticker-editor.js): painting, checking, messages, phones."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from solvelab.cube import Cube

PYTHON_READY = 120_000  # ms: Pyodide's first start in headless Chromium here
WHITE, RED, GREEN = 0, 1, 2  # the palette, in the order of the faces U R F D L B
PAINTED = "The cube you painted is set up: press Solve."
MARKED = re.compile(r"\bwrong\b")  # a sticker the message is about


def shown(page) -> Cube:
    return Cube._of(tuple(page.evaluate("window.solvelabPlayer.stickers")))


def open_editor(page, site_url, *, python=True):
    page.goto(f"{site_url}cube/player/")
    page.wait_for_function("window.solvelabPlayer !== undefined")
    page.locator(".player-editor summary").click()
    if python:
        expect(check_button(page)).to_be_enabled(timeout=PYTHON_READY)


def check_button(page):
    return page.locator('[data-action="editor-check"]')


def check(page) -> None:
    """Press Check and use and wait for Python's answer (the worker may be loading tables)."""
    check_button(page).click()
    expect(check_button(page)).to_be_enabled(timeout=PYTHON_READY)


def cell(page, place: int):
    return page.locator(f'.player-cell[data-place="{place}"]')


def paint(page, *strokes: tuple[int, int]) -> None:
    """Paint (colour, place) pairs with the mouse."""
    for colour, place in strokes:
        page.locator(".player-swatch").nth(colour).click()
        cell(page, place).click()


def editor_message(page):
    return page.locator(".player-editor-message")


# U9 R1 F3 are places 8, 9 and 20: the URF corner, painted turned in place.
TWIST = ((RED, 8), (GREEN, 9), (WHITE, 20))
UNTWIST = ((WHITE, 8), (RED, 9), (GREEN, 20))


def test_the_net_fits_a_phone(browser, site_url, screenshot_dir):
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    try:
        page = context.new_page()
        open_editor(page, site_url, python=False)
        expect(page.locator(".player-cell")).to_have_count(54)
        boxes = [page.locator(".player-cell").nth(i).bounding_box() for i in range(54)]
        for place, box in enumerate(boxes):
            assert box is not None and box["width"] > 10, place
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (place, box)
        assert abs(boxes[0]["width"] - boxes[0]["height"]) < 1  # square stickers
        page.locator(".player-editor").screenshot(path=screenshot_dir / "sticker-editor-390.png")
    finally:
        context.close()


def test_a_twisted_corner_is_named_by_its_colours_and_marked(page, site_url):
    open_editor(page, site_url)
    paint(page, *TWIST)
    check(page)
    expect(editor_message(page)).to_have_text("the white-red-green corner is twisted")
    for place in (8, 9, 20):
        expect(cell(page, place)).to_have_class(MARKED)
    expect(cell(page, 7)).not_to_have_class(MARKED)

    # Painting again clears the old message and marks.
    paint(page, (WHITE, 8))
    expect(editor_message(page)).to_have_text("")
    expect(page.locator(".player-cell.wrong")).to_have_count(0)


def test_a_piece_with_one_colour_twice_is_named_in_colours(page, site_url):
    open_editor(page, site_url)
    paint(page, (WHITE, 9))  # R1 of the URF corner painted white: two whites, ten in all
    check(page)
    expect(editor_message(page)).to_have_text(
        "there are 10 white and 8 red stickers: a cube has 9 of each colour"
    )
    paint(page, (RED, 7))  # U8 red: the counts are right, the corner still is not
    check(page)
    expect(editor_message(page)).to_have_text(
        "the corner between the white, red and green centres has white, white and green: "
        "a corner has three different colours"
    )


def test_unpainted_stickers_are_counted_and_clearing_clears_the_message(page, site_url):
    open_editor(page, site_url)
    page.locator('[data-action="editor-clear"]').click()
    expect(page.locator(".player-cell.unknown")).to_have_count(48)
    check(page)
    expect(editor_message(page)).to_have_text(
        "48 stickers are not painted yet: U1, U2, U3, U4, U6 and 43 more"
    )
    page.locator('[data-action="editor-clear"]').click()
    expect(editor_message(page)).to_have_text("")


def test_a_real_cube_is_set_up_and_said_so_in_the_players_message(page, site_url):
    open_editor(page, site_url)
    paint(page, *TWIST)
    check(page)
    expect(editor_message(page)).to_contain_text("twisted")
    paint(page, *UNTWIST)
    check(page)
    expect(page.locator(".player-message")).to_have_text(PAINTED)
    expect(page.locator(".player-editor")).not_to_have_attribute("open", "")
    assert shown(page).is_solved()


def test_the_cube_shown_can_be_copied_checked_and_used(page, site_url):
    open_editor(page, site_url)
    page.locator(".player-editor summary").click()  # closed: keys turn the cube
    page.keyboard.press("x")  # the summary has the focus: keys still turn the cube
    page.keyboard.press("r")
    page.keyboard.press("u")
    page.wait_for_function("window.solvelabPlayer.alg.length === 3")
    scrambled = shown(page)
    assert scrambled == Cube().apply("x R U")  # green on top: it stays so
    page.locator(".player-editor summary").click()
    page.locator('[data-action="editor-current"]').click()
    check(page)
    expect(page.locator(".player-message")).to_have_text(PAINTED)
    assert shown(page) == scrambled


def test_the_cube_behind_the_open_editor_waits_for_it_to_close(page, site_url):
    # The view shows the cube being painted: a turn button, Solve or a drag on the
    # player's cube would change one that is not on show.
    open_editor(page, site_url)
    page.locator('[data-action="editor-clear"]').click()
    page.get_by_role("button", name="R", exact=True).click()
    page.locator('[data-action="solve"]').click()
    page.locator('[data-action="scramble"]').click()
    expect(page.locator(".player-message")).to_contain_text("the cube you are painting")
    assert page.evaluate("window.solvelabPlayer.alg") == []
    assert shown(page).is_solved()
    page.locator(".player-editor summary").click()  # closed: the buttons work again
    page.get_by_role("button", name="R", exact=True).click()
    page.wait_for_function("window.solvelabPlayer.alg.length === 1")


def test_keys_in_the_editor_paint_and_do_not_turn_the_cube(page, site_url):
    page.goto(f"{site_url}cube/player/")
    page.wait_for_function("window.solvelabPlayer !== undefined")
    page.locator(".player-editor summary").focus()
    page.keyboard.press(" ")  # opens the editor (and does not play)
    expect(page.locator(".player-editor")).to_have_attribute("open", "")
    first = cell(page, 4)  # the net's one tab stop: the U centre
    first.focus()
    page.keyboard.press("2")  # red
    expect(page.locator(".player-swatch").nth(RED)).to_have_attribute("aria-checked", "true")
    page.keyboard.press("ArrowRight")  # U6
    expect(cell(page, 5)).to_be_focused()
    page.keyboard.press(" ")
    expect(cell(page, 5)).to_have_attribute("aria-label", "U6: red")
    page.keyboard.press("ArrowDown")  # U9
    page.keyboard.press("ArrowDown")  # F3, the first row of F under U
    expect(cell(page, 20)).to_be_focused()
    page.keyboard.press("r")  # a turn key, but in the editor
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("window.solvelabPlayer.alg") == []
    assert page.evaluate("window.solvelabPlayer.step") == 0
    page.keyboard.press("Escape")
    expect(page.locator(".player-editor")).not_to_have_attribute("open", "")


def test_after_a_failed_check_the_editors_keys_are_still_its_own(page, site_url):
    # Check and use is disabled while Python checks, which moves the focus to the page:
    # it comes back, so Escape closes the editor and a turn key turns nothing behind it.
    open_editor(page, site_url)
    paint(page, *TWIST)
    check(page)
    expect(editor_message(page)).to_have_text("the white-red-green corner is twisted")
    page.keyboard.press("r")
    assert page.evaluate("window.solvelabPlayer.alg") == []
    page.keyboard.press("Escape")
    expect(page.locator(".player-editor")).not_to_have_attribute("open", "")
    # Wherever the focus is, the cube behind the open editor is not turned.
    page.locator(".player-editor summary").click()
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("u")
    assert page.evaluate("window.solvelabPlayer.alg") == []
