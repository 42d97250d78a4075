"""The player's sticker editor (js/sticker-editor.js): painting, checking, messages, phones."""

from __future__ import annotations

import re
from urllib.parse import quote

from held import Held
from pixels import COLOURS, colour_counts, view_picture
from playwright.sync_api import expect

from solvelab.cube import Cube

PYTHON_READY = 120_000  # ms: Pyodide's first start in headless Chromium here
WHITE, RED, GREEN = 0, 1, 2  # the palette, in the order of the faces U R F D L B
# Colours that no shading turns into the unpainted grey (white can look grey in the shade).
CHROMATIC = {face: COLOURS[face] for face in "RFDLB"}
# The 2D net's fills: white, red, and the grey of a sticker not painted yet.
WHITE_FILL, RED_FILL, GREY_FILL = "#ffffff", "#c41e3a", "#8a8d91"
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
    expect(editor_message(page)).to_have_text("a corner is twisted, likely the white-red-green one")
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
    # The white stickers are marked (but for the centre): one of them is misread.
    expect(page.locator(".player-cell.wrong")).to_have_count(9)
    expect(page.locator('.player-cell.wrong[data-place="9"]')).to_have_count(1)
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
    # Checked again and refused, the painted cube is not said to be set up.
    page.locator(".player-editor summary").click()
    paint(page, *TWIST)
    check(page)
    expect(editor_message(page)).to_contain_text("twisted")
    expect(page.locator(".player-message")).not_to_have_text(PAINTED)


def test_the_cube_shown_can_be_copied_checked_and_used(page, site_url):
    open_editor(page, site_url)
    page.locator(".player-editor summary").click()  # closed: keys turn the cube
    page.keyboard.press("x")  # the summary has the focus: keys still turn the cube
    page.keyboard.press("r")
    page.keyboard.press("u")
    page.wait_for_function("window.solvelabPlayer?.alg.length === 3")
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
    # A key outside the editor says so too (it did nothing, silently).
    page.evaluate("document.querySelector('.player-message').textContent = ''")
    page.locator("h1").click()
    page.keyboard.press("r")
    expect(page.locator(".player-message")).to_contain_text("the cube you are painting")
    assert page.evaluate("window.solvelabPlayer.alg") == []
    assert shown(page).is_solved()
    page.locator(".player-editor summary").click()  # closed: the buttons work again
    page.get_by_role("button", name="R", exact=True).click()
    page.wait_for_function("window.solvelabPlayer?.alg.length === 1")


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
    expect(editor_message(page)).to_have_text("a corner is twisted, likely the white-red-green one")
    page.keyboard.press("r")
    assert page.evaluate("window.solvelabPlayer.alg") == []
    page.keyboard.press("Escape")
    expect(page.locator(".player-editor")).not_to_have_attribute("open", "")
    # Wherever the focus is, the cube behind the open editor is not turned.
    page.locator(".player-editor summary").click()
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("u")
    assert page.evaluate("window.solvelabPlayer.alg") == []


# While the editor is open the view shows the cube being painted, whatever the player
# does meanwhile: Clear leaves it grey but for the centres, and it stays so.


def toggle_editor(page) -> None:
    """Open or close the editor, and wait until the page has answered its toggle."""
    page.evaluate(
        """() => new Promise((done) => {
            const editor = document.querySelector(".player-editor");
            editor.addEventListener("toggle", () => setTimeout(done), { once: true });
            editor.querySelector("summary").click();
        })"""
    )


def colourful(page) -> int:
    """How many pixels of the 3D view show a colour other than white or grey."""
    page.wait_for_function("window.solvelabPlayer?.view.idle")
    picture = view_picture(page.evaluate_handle("window.solvelabPlayer.view"))
    return sum(colour_counts(picture, CHROMATIC).values())


def clear_in_editor(page) -> int:
    """Open the editor and clear it; returns how colourful the view then is."""
    toggle_editor(page)
    page.locator('[data-action="editor-clear"]').click()
    return colourful(page)


def test_a_solution_that_comes_while_the_editor_is_open_waits_for_it_to_close(page, site_url):
    held = Held(page.context, "**/tables/manifest.json")  # the solve waits until the test says
    scramble = "R U F D L B R2 F'"
    page.goto(f"{site_url}cube/player/?setup={quote(scramble)}")
    expect(page.locator('[data-action="solve"]')).to_be_enabled(timeout=PYTHON_READY)
    page.locator('[data-action="solve"]').click()
    expect(page.locator(".player-message")).to_contain_text("solving…")
    cleared = clear_in_editor(page)
    held.release()
    expect(page.locator('[data-action="stop"]')).to_be_disabled(timeout=PYTHON_READY)
    expect(page.locator(".player-message")).to_contain_text("Solution (")
    assert colourful(page) < 2 * cleared
    toggle_editor(page)  # closed: the scrambled cube, its solution waiting for Play
    assert page.evaluate("window.solvelabPlayer.step") == 0
    assert not page.evaluate("window.solvelabPlayer.playing")
    assert shown(page) == Cube().apply(scramble)
    assert colourful(page) > 4 * cleared


def test_the_stage_mask_ticked_while_the_editor_is_open_waits_for_it_to_close(page, site_url):
    page.goto(f"{site_url}cube/player/?setup={quote('R U F D2 L B U2 R F2')}")
    expect(page.locator('[data-action="solve"]')).to_be_enabled(timeout=PYTHON_READY)
    page.select_option('[data-option="method"]', "cfop")
    page.locator('[data-action="solve"]').click()
    page.wait_for_function("window.solvelabPlayer?.stages", timeout=PYTHON_READY)
    cleared = clear_in_editor(page)  # opening it pauses the playback
    page.locator('[data-option="mask"]').uncheck()
    assert colourful(page) < 2 * cleared
    toggle_editor(page)  # closed: the player's cube, nothing greyed
    assert colourful(page) > 4 * cleared


def test_the_scrubber_dragged_while_the_editor_is_open_turns_nothing(page, site_url):
    page.goto(f"{site_url}cube/player/?alg=R%20U%20F&step=0")
    page.wait_for_function("window.solvelabPlayer?.alg.length === 3")
    cleared = clear_in_editor(page)
    scrubber = page.locator(".player-scrubber")
    scrubber.scroll_into_view_if_needed()
    box = scrubber.bounding_box()
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + 2, y)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 6, y, steps=4)  # half way through R
    assert colourful(page) < 2 * cleared
    page.mouse.up()
    assert colourful(page) < 2 * cleared
    assert page.evaluate("window.solvelabPlayer.step") == 0


def test_the_2d_net_shows_the_cube_being_painted(page, site_url):
    page.goto(f"{site_url}cube/player/?alg=R%20U")
    page.wait_for_function("window.solvelabPlayer?.alg.length === 2")
    toggle_editor(page)
    page.locator('[data-action="editor-clear"]').click()
    page.check('[data-option="net"]')
    net = page.locator(".player-net-view")
    expect(net.locator('rect[data-place="0"]')).to_have_attribute("fill", GREY_FILL)
    expect(net.locator('rect[data-place="4"]')).to_have_attribute("fill", WHITE_FILL)
    page.locator(".player-swatch").nth(RED).click()
    net.locator('rect[data-place="1"]').click()
    expect(cell(page, 1)).to_have_attribute("aria-label", "U2: red")
    expect(net.locator('rect[data-place="1"]')).to_have_attribute("fill", RED_FILL)
    toggle_editor(page)  # closed: the player's cube
    turned = list(Cube().apply("R U")._stickers)
    assert page.evaluate("window.solvelabPlayer.net.stickers") == turned
    expect(net.locator('rect[data-place="0"]')).not_to_have_attribute("fill", GREY_FILL)


# Holds the editor's checks in the page until the test lets them go (they need no
# download to hold): window.checksHeld, the checks waiting.
HOLD_CHECKS = """() => {
  const python = window.solvelabPlayer.python;
  const call = python.call.bind(python);
  window.checksHeld = [];
  python.call = (method, ...rest) => method === "check_stickers"
    ? new Promise((go) => window.checksHeld.push(go)).then(() => call(method, ...rest))
    : call(method, ...rest);
}"""
RELEASE_CHECKS = "window.checksHeld.forEach((go) => go())"


def test_colours_painted_during_their_check_are_not_set_up_unchecked(page, site_url):
    open_editor(page, site_url)
    page.evaluate(HOLD_CHECKS)
    check_button(page).click()  # the solved colours
    page.wait_for_function("window.checksHeld.length === 1")
    paint(page, (GREEN, 8))  # U9 green: no real cube any more
    page.evaluate(RELEASE_CHECKS)
    expect(editor_message(page)).to_have_text(
        "The colours were changed while they were checked: press Check and use again.",
        timeout=PYTHON_READY,
    )
    expect(page.locator(".player-editor")).to_have_attribute("open", "")
    assert cell(page, 8).get_attribute("aria-label") == "U9: green"
    assert shown(page).is_solved()  # the player's cube, as it was


def test_a_check_answered_after_the_editor_closed_leaves_the_cube_alone(page, site_url):
    open_editor(page, site_url)
    page.evaluate(HOLD_CHECKS)
    check_button(page).click()  # the solved colours
    page.wait_for_function("window.checksHeld.length === 1")
    page.locator(".player-editor summary").click()  # closed: back to the cube
    page.keyboard.press("r")
    page.wait_for_function("window.solvelabPlayer.alg.join(' ') === 'R'")
    page.evaluate(RELEASE_CHECKS)
    expect(check_button(page)).to_be_enabled(timeout=PYTHON_READY)  # the check is over
    assert page.evaluate("window.solvelabPlayer.alg") == ["R"]
    expect(page.locator(".player-message")).not_to_have_text(PAINTED)
