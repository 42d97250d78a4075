"""The cube player page: turning, notation, scrambling, solving, the editor, links."""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest
from held import Held
from playwright.sync_api import expect

from solvelab.cube import Cube

PYTHON_READY = 120_000  # ms: Pyodide's first start in headless Chromium here


def stickers_of(alg: str) -> list[int]:
    return list(Cube().apply(alg)._stickers)


def shown(page) -> Cube:
    return Cube._of(tuple(page.evaluate("window.solvelabPlayer.stickers")))


def open_player(page, site_url, query=""):
    page.goto(f"{site_url}cube/player/{query}")
    page.wait_for_function("window.solvelabPlayer !== undefined")


def wait_for_python(page):
    expect(page.locator('[data-action="solve"]')).to_be_enabled(timeout=PYTHON_READY)


def wait_for_solve(page) -> list[str]:
    """Press Solve, wait for the search to end, take the shorter solution if one is offered."""
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator('[data-action="stop"]')).to_be_disabled(timeout=120_000)
    shorter = page.locator(".player-message button")
    if shorter.count():
        shorter.click()
    return page.evaluate("window.solvelabPlayer.alg")


def wait_until_still(page):
    page.wait_for_function(
        "!window.solvelabPlayer.playing && window.solvelabPlayer.view.idle", timeout=60_000
    )


def test_cube_is_drawn_before_python_is_ready(page, site_url, screenshot_dir):
    # Python cannot start until the test lets its WebAssembly through.
    held = Held(page.context, "**/pyodide/pyodide.asm.wasm")
    open_player(page, site_url)
    page.wait_for_function("window.solvelabPlayer?.view.stats.frames > 0")
    page.locator("body").press("r")  # and it turns
    page.wait_for_function("window.solvelabPlayer?.view.idle")
    assert page.evaluate("window.solvelabPlayer.stickers") == stickers_of("R")
    # Python is still loading: the buttons that need it say so, and the bytes of its
    # standard library, which is not held, are counted (of a total not known while
    # the WebAssembly's response has not come).
    expect(page.locator(".player-python-text")).to_have_text(
        re.compile(r"loading Python… [1-9][\d.]* MB"), timeout=60_000
    )
    expect(page.locator('[data-action="solve"]')).to_be_disabled()
    page.screenshot(path=screenshot_dir / "player-loading.png")
    assert page.evaluate("window.solvelabPlayer.python.status.stage") == "loading-python"
    # Beside the algorithm's Play, which the status over the cube may be scrolled away
    # from, the same news: Ctrl+Enter there does nothing yet, and the page says why.
    waits = page.locator(".player-python-wait")
    expect(waits.first).to_have_text(
        re.compile(r"^Play works once Python is ready: loading Python… [1-9][\d.]* MB")
    )
    expect(waits.last).to_contain_text("Check works once Python is ready")
    held.release()
    wait_for_python(page)
    expect(waits.first).to_be_hidden()
    expect(waits.last).to_be_hidden()


def test_keys_and_buttons_turn_the_cube(page, site_url):
    open_player(page, site_url)
    page.locator("body").press("r")
    page.locator("body").press("Shift+U")
    assert page.evaluate("window.solvelabPlayer.alg") == ["R", "U'"]
    assert page.evaluate("window.solvelabPlayer.stickers") == stickers_of("R U'")
    page.get_by_role("button", name="F2", exact=True).click()
    assert page.evaluate("window.solvelabPlayer.stickers") == stickers_of("R U' F2")
    page.get_by_role("button", name="Step back").click()  # the moves stay, the state goes back
    assert page.evaluate("window.solvelabPlayer.stickers") == stickers_of("R U'")
    assert page.evaluate("window.solvelabPlayer.step") == 2


def test_move_list_runs_in_rows(page, site_url):
    open_player(page, site_url)
    for key in "rufdlb":
        page.locator("body").press(key)
    assert not page.locator("#__search").is_checked()  # f is F here, not the theme's search key
    boxes = [item.bounding_box() for item in page.locator(".player-moves li").all()]
    assert len(boxes) == 6
    assert len({round(box["y"]) for box in boxes}) == 1, boxes  # one row, not a column
    gaps = [b["x"] - (a["x"] + a["width"]) for a, b in zip(boxes, boxes[1:], strict=False)]
    assert all(0 <= gap < 8 for gap in gaps), gaps


def test_notation_error_is_shown_at_its_token(page, site_url):
    open_player(page, site_url)
    wait_for_python(page)
    page.locator("#player-alg").fill("R U Qw2 F")
    page.get_by_role("button", name="Play", exact=True).click()
    error = page.locator(".player-notation-error")
    expect(error).to_be_visible()
    expect(error).to_have_text("R U Qw2 F\n    ^^^\nunknown move 'Qw2' at column 5")
    selection = page.evaluate(
        "[document.activeElement.selectionStart, document.activeElement.selectionEnd]"
    )
    assert selection == [4, 7]


def test_typed_algorithm_plays(page, site_url):
    open_player(page, site_url)
    wait_for_python(page)
    page.locator("#player-alg").fill("[R, U] // a comment")
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function("window.solvelabPlayer?.alg.length === 4")
    wait_until_still(page)
    assert page.evaluate("window.solvelabPlayer.stickers") == stickers_of("R U R' U'")


def test_scramble_then_solve_ends_solved(page, site_url, screenshot_dir):
    open_player(page, site_url)
    wait_for_python(page)
    page.locator(".player-speed").fill("540")  # fastest
    page.get_by_role("button", name="Scramble", exact=True).click()
    page.wait_for_function(
        "window.solvelabPlayer?.stickers.some((s, i) => s !== i)", timeout=60_000
    )
    scrambled = shown(page)
    assert not scrambled.is_solved() and scrambled.cubies.is_solvable()
    page.screenshot(path=screenshot_dir / "player-scrambled.png")
    solution = wait_for_solve(page)
    assert len(solution) <= 20
    assert scrambled.apply(" ".join(solution)).is_solved()
    wait_until_still(page)
    assert shown(page).is_solved()
    page.screenshot(path=screenshot_dir / "player-solved.png")


def test_shared_link_reproduces_the_state(page, site_url):
    open_player(page, site_url, "?setup=R%20U&alg=F2%20D&step=1")
    wait_for_python(page)
    page.wait_for_function("window.solvelabPlayer?.alg.length === 2")
    assert page.evaluate("window.solvelabPlayer.step") == 1
    assert page.evaluate("window.solvelabPlayer.stickers") == stickers_of("R U F2")
    page.get_by_role("button", name="Step forward").click()
    page.wait_for_function("!location.search.includes('step=')")
    assert "alg=F2+D" in page.url


@pytest.mark.parametrize("query", ["?alg=%3Cimg%20src=x%20onerror=alert(1)%3E", "?setup=R%20(U"])
def test_bad_links_give_a_message_not_markup(page, site_url, query):
    open_player(page, site_url, query)
    wait_for_python(page)
    message = page.locator(".player-message")
    expect(message).to_contain_text("the link's")
    assert page.locator(".player-message img").count() == 0
    # The address is rewritten, but the link's text waits in the box to be mended.
    # A scramble, mended, is taken by "Use as scramble": Play would turn the cube shown.
    then = "Use as scramble" if query.startswith("?setup") else "Play"
    mend = f"the link's text is in the box below: mend it and press {then}"
    expect(message).to_contain_text(mend)
    expect(page.locator("#player-alg")).to_have_value(unquote(query.split("=", 1)[1]))


def test_a_mistake_on_a_long_line_is_shown_in_a_window_around_it(page, site_url):
    open_player(page, site_url)
    wait_for_python(page)
    page.locator("#player-alg").fill("R U " * 300 + "Qx F")
    page.get_by_role("button", name="Play", exact=True).click()
    error = page.locator(".player-notation-error")
    expect(error).to_contain_text("unknown move 'Qx' at column 1201")
    line, caret, _ = error.text_content().split("\n")
    assert line == "…" + ("R U " * 300)[-30:] + "Qx F"
    assert caret == " " * 31 + "^^"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_typed_moves_replace_the_solutions_message(page, site_url):
    open_player(page, site_url, "?setup=R%20U%20F")
    wait_for_python(page)
    wait_for_solve(page)
    message = page.locator(".player-message")
    expect(message).to_contain_text("Solution (3 moves)")
    page.locator("#player-alg").fill("D L")
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function("window.solvelabPlayer?.alg.join(' ') === 'D L'")
    expect(message).to_have_text("")
    page.get_by_role("button", name="Use as scramble").click()
    expect(message).to_have_text("Scramble set: 2 moves from the box.")


def test_stepping_back_pauses_the_playback(page, site_url):
    open_player(page, site_url, "?alg=" + "R%20U%20" * 10)
    page.wait_for_function("window.solvelabPlayer?.alg.length === 20")
    page.click('[data-action="play"]')
    page.wait_for_function("window.solvelabPlayer?.step >= 2")
    page.click('[data-action="back"]')
    assert page.evaluate("window.solvelabPlayer.playing") is False
    page.click('[data-action="play"]')
    page.wait_for_function("window.solvelabPlayer?.playing")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("window.solvelabPlayer.playing") is False


def test_opening_the_sticker_editor_pauses_the_playback(page, site_url):
    open_player(page, site_url, "?alg=" + "R%20U%20" * 10)
    page.wait_for_function("window.solvelabPlayer?.alg.length === 20")
    page.click('[data-action="play"]')
    page.wait_for_function("window.solvelabPlayer?.playing")
    page.locator(".player-editor summary").click()
    page.wait_for_function("!window.solvelabPlayer.playing")


def test_a_typed_scramble_keeps_its_text_in_the_link(page, site_url):
    open_player(page, site_url)
    wait_for_python(page)
    page.locator("#player-alg").fill("(R U R' U')2500")
    page.get_by_role("button", name="Use as scramble").click()
    page.wait_for_function("location.search.includes('setup=')")
    assert "setup=%28R+U+R%27+U%27%292500" in page.url  # not 10,000 moves written out
    page.reload()
    wait_for_python(page)
    assert shown(page) == Cube().apply("(R U R' U')2500")


@pytest.mark.parametrize("comment", ["", " // the sexy move"])
def test_a_case_typed_keeps_its_text_in_the_link(page, site_url, comment):
    # Played "as the solution of a case", its undoing was written out move by move:
    # 1,400 characters for this one (35,000 for (R U R' U')2500).
    open_player(page, site_url, "?setup=F%20D")
    wait_for_python(page)
    page.select_option('[data-option="anchor"]', "end")
    page.locator("#player-alg").fill("(R U R' U')100" + comment)
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function("location.search.includes('alg=')")
    assert len(page.url) < 300, page.url
    page.reload()
    wait_for_python(page)
    page.wait_for_function("window.solvelabPlayer?.alg.length === 400")
    page.get_by_role("button", name="To the start").click()
    page.wait_for_function("window.solvelabPlayer?.step === 0")
    assert shown(page) == Cube().apply("F D").apply("((R U R' U')100)'")


def test_a_python_that_cannot_start_is_said_without_an_uncaught_error(page, site_url, page_log):
    page.context.route("**/py/solvelab.zip", lambda route: route.abort())
    page.goto(site_url + "cube/player/?alg=R%20U")
    expect(page.locator(".player-python-text")).to_contain_text(
        "Python could not start", timeout=120_000
    )
    expect(page.locator(".player-python-text")).to_contain_text("reload the page")
    expect(page.locator('[data-action="solve"]')).to_have_attribute(
        "title", "Python could not start: reload the page to try again"
    )
    page_log.console_errors[:] = [e for e in page_log.console_errors if "ERR_FAILED" not in e]
    # The page fixture fails the test on an uncaught error: the player's reading of the
    # link once left one when Python did not start.


def test_a_cube_that_cannot_be_drawn_is_said(page, site_url, page_log):
    page.context.route("**/assets/cube-data.json", lambda route: route.abort())
    page.goto(site_url + "cube/player/")
    expect(page.locator(".player-message")).to_contain_text(
        "The cube cannot be shown (Failed to fetch): reload the page"
    )
    # The page stops there, with the load's error uncaught; nothing else may fail once
    # Python is ready (its status once read the link's state before that existed).
    expect(page.locator(".player-python")).to_be_hidden(timeout=PYTHON_READY)
    assert page_log.page_errors == ["Failed to fetch"], page_log.page_errors
    page_log.page_errors.clear()
    page_log.console_errors[:] = [e for e in page_log.console_errors if "ERR_FAILED" not in e]


# -- links with a mistake, the copy link, Ctrl+Enter, the error box on a phone ----------

# One corner (URF) twisted: 54 face letters, but no real cube.
TWISTED = "UUUUUUUUFURRRRRRRRFFRFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"


def test_a_link_to_no_real_cube_opens_it_in_the_sticker_editor(page, site_url):
    open_player(page, site_url, f"?stickers={TWISTED}&alg=U")
    wait_for_python(page)
    editor = page.locator(".player-editor")
    # The editor's own check words it in colours, and marks the corner's three stickers.
    expect(editor.locator(".player-editor-message")).to_have_text(
        "a corner is twisted, likely the white-red-green one"
    )
    assert editor.evaluate("details => details.open")
    expect(editor.locator(".player-cell.wrong")).to_have_count(3)
    expect(editor.locator('[data-place="8"]')).to_have_attribute("aria-label", "U9: green")
    expect(page.locator(".player-message")).to_have_text(
        "the link's cube is no real cube: it waits in “Enter a real cube” below, to be mended;"
        " the link's moves were not played: they wait in the box below"
    )
    expect(page.locator("#player-alg")).to_have_value("U")


def test_parts_of_a_link_that_nothing_reads_are_said(page, site_url):
    solved = "".join(face * 9 for face in "URFDLB")
    open_player(page, site_url, f"?stickers={solved}&setup=R")
    wait_for_python(page)
    message = page.locator(".player-message")
    expect(message).to_have_text(
        "The link has a cube's stickers and a scramble: the stickers are shown."
    )
    open_player(page, site_url, "?step=3")
    wait_for_python(page)
    expect(message).to_have_text("The link's step is left out: the link has no moves (alg=).")


def test_a_link_with_a_bad_scramble_says_its_moves_were_not_played(page, site_url):
    open_player(page, site_url, "?setup=R+Q&alg=U")
    wait_for_python(page)
    expect(page.locator(".player-message")).to_have_text(
        "the link's scramble: unknown move 'Q' at column 3 (the link's text is in the box"
        " below: mend it and press Use as scramble); the link's moves were not played: U"
    )
    expect(page.locator("#player-alg")).to_have_value("R Q")
    assert page.evaluate("window.solvelabPlayer.alg") == []


def test_copying_the_link_while_it_loads_keeps_the_message_about_it(page, site_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    held = Held(page.context, "**/pyodide/pyodide.asm.wasm")
    open_player(page, site_url, "?alg=F")
    page.keyboard.press("r")
    message = page.locator(".player-message")
    expect(message).to_have_text(
        "The link's cube comes as soon as Python has loaded: your turn waits for it."
    )
    page.get_by_role("button", name="Copy link").click()
    page.wait_for_function("navigator.clipboard.readText().then((text) => text.endsWith('?alg=F'))")
    expect(message).to_have_text(
        "The link's cube comes as soon as Python has loaded: your turn waits for it."
    )
    expect(page.locator(".player-share-status")).to_have_text("Link copied.")
    held.release()
    wait_for_python(page)
    expect(message).to_have_text("The link's cube is on show, with the turn made while it loaded.")
    # The address is now another than the one copied: the button no longer says so.
    expect(page.locator(".player-share-status")).to_have_text("")


@pytest.mark.parametrize("keys", ["Control+Enter", "Meta+Enter"])
def test_ctrl_enter_in_the_box_plays_it(page, site_url, keys):
    open_player(page, site_url)
    wait_for_python(page)
    box = page.locator("#player-alg")
    box.fill("D L")
    box.press(keys)
    page.wait_for_function("window.solvelabPlayer?.alg.join(' ') === 'D L'")
    expect(box).to_have_value("D L")  # no new line


def test_a_notation_mistake_wraps_its_message_on_a_phone(phone, site_url):
    open_player(phone, site_url)
    wait_for_python(phone)
    phone.locator("#player-alg").fill("R U " * 300 + "Qx " + "F " * 100)
    phone.get_by_role("button", name="Play", exact=True).click()
    error = phone.locator(".player-notation-error")
    expect(error).to_contain_text("unknown move 'Qx' at column 1201")
    # The box is no wider than it is shown: only the excerpt, over its carets, scrolls.
    sizes = error.evaluate("box => [box.scrollWidth, box.clientWidth]")
    assert sizes[0] <= sizes[1], sizes
    excerpt = error.locator("[aria-hidden]")
    assert excerpt.evaluate("line => line.scrollWidth > line.clientWidth")
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
