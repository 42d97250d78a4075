"""The player shows an algorithm as typed, plays it as a setup or as a case's solution,
has buttons for slices, wide turns and rotations, and a keyboard help."""

from __future__ import annotations

import re
from urllib.parse import quote

from playwright.sync_api import expect

from solvelab.cube import Cube

PYTHON_READY = 120_000


def open_player(page, site_url, query=""):
    page.goto(f"{site_url}cube/player/{query}")
    expect(page.locator('[data-action="solve"]')).to_be_enabled(timeout=PYTHON_READY)


def marked(page) -> str | None:
    current = page.locator(".player-alg-view .current")
    return current.text_content() if current.count() else None


def shown(page) -> Cube:
    return Cube._of(tuple(page.evaluate("window.solvelabPlayer.stickers")))


def test_the_text_as_typed_marks_the_move_played(page, site_url):
    open_player(page, site_url, "?alg=" + quote("[R, U'] // a commutator") + "&step=0")
    view = page.locator(".player-alg-view")
    expect(view).to_have_text("[R, U'] // a commutator")  # structure and comment kept
    assert marked(page) is None
    # [R, U'] is R U' R' U: the marks go R, U', then R and U' again.
    for step, token in enumerate(["R", "U'", "R", "U'"], start=1):
        page.click('[data-action="forward"]')
        page.wait_for_function("window.solvelabPlayer?.view.idle")
        assert page.evaluate("window.solvelabPlayer.step") == step
        assert marked(page) == token
    # A click on a token goes to its next playing (here, from the end: its first).
    view.get_by_role("button", name="U'").click()
    assert page.evaluate("window.solvelabPlayer.step") == 2
    view.get_by_role("button", name="U'").click()
    assert page.evaluate("window.solvelabPlayer.step") == 4
    # The link keeps the text as typed (rewritten by the page: at the end, no step=).
    page.wait_for_function(
        "!location.search.includes('step=')"
        " && new URLSearchParams(location.search).get('alg')?.includes('//')"
    )


def play_typed(page, text):
    page.fill("#player-alg", text)
    page.get_by_role("button", name="Play", exact=True).click()


def test_positions_after_an_emoji(page, site_url):
    # Python counts an emoji as one character, JavaScript as two (UTF-16).
    open_player(page, site_url)
    view = page.locator(".player-alg-view")
    text = "// 😀 smile\nR U R' F"
    play_typed(page, text)
    page.wait_for_function("window.solvelabPlayer?.alg.length === 4")
    assert view.text_content() == text
    assert view.locator("button").all_text_contents() == ["R", "U", "R'", "F"]
    # A mistake after one: the caret and the selection are on it.
    play_typed(page, "R // 😀😀\nU Q F")
    error = page.locator(".player-notation-error")
    expect(error).to_contain_text("unknown move 'Q' at line 2, column 3")
    assert error.text_content().startswith("U Q F\n  ^\n")  # exactly: to_have_text folds spaces
    selected = "box => box.value.slice(box.selectionStart, box.selectionEnd)"
    assert page.locator("#player-alg").evaluate(selected) == "Q"


# Whether the move just played is within the box's visible part.
CURRENT_IN_SIGHT = """(() => {
  const box = document.querySelector(".player-alg-view").getBoundingClientRect();
  const token = document.querySelector(".player-alg-view .current").getBoundingClientRect();
  return token.top >= box.top && token.bottom <= box.bottom;
})()"""


def scrub_to(page, step):
    # As the slider does; not with locator.fill, which first scrolls the page to it.
    page.evaluate(
        f"""(() => {{
          const scrubber = document.querySelector(".player-scrubber");
          scrubber.value = "{step}";
          scrubber.dispatchEvent(new Event("input"));
        }})()"""
    )
    assert page.evaluate("window.solvelabPlayer.step") == step


def test_the_text_as_typed_follows_the_move_played(page, site_url):
    text = "R U R' U'\n" * 150  # 600 moves, far more lines than the box shows
    open_player(page, site_url, "?alg=" + quote(text) + "&step=0")
    page.locator(".player-speed").fill("540")  # the fastest
    view = page.locator(".player-alg-view")
    expect(view.locator("button")).to_have_count(600)
    # A jump: the box, not the page, scrolls to the move.
    page_scrolled = page.evaluate("scrollY")
    scrub_to(page, 450)
    assert page.evaluate(CURRENT_IN_SIGHT)
    assert view.evaluate("box => box.scrollTop") > 0
    assert page.evaluate("scrollY") == page_scrolled
    # Playing, the box follows.
    page.click('[data-action="play"]')
    page.wait_for_function(  # and pauses at once, long before the end, however busy the machine
        """() => window.solvelabPlayer.step >= 480
            && (document.querySelector('[data-action="play"]').click(), true)"""
    )
    page.wait_for_function("!window.solvelabPlayer.playing && window.solvelabPlayer.view.idle")
    assert page.evaluate(CURRENT_IN_SIGHT)
    # Scrolled away by hand, the box stays where it was put as the moves go on...
    view.evaluate("box => { box.scrollTop = 0; }")
    step = page.evaluate("window.solvelabPlayer.step")
    page.click('[data-action="forward"]')
    page.wait_for_function(f"window.solvelabPlayer.step === {step + 1}")
    assert view.evaluate("box => box.scrollTop") == 0
    # ... until a jump.
    scrub_to(page, 300)
    assert page.evaluate(CURRENT_IN_SIGHT)


def test_an_algorithm_played_as_the_solution_of_its_case(page, site_url):
    open_player(page, site_url)
    sune = "R U R' U R U2 R'"
    page.fill("#player-alg", sune)
    page.select_option('[data-option="anchor"]', "end")
    page.get_by_role("button", name="Play", exact=True).click()
    # Python reads the text first; then the moves play.
    page.wait_for_function("window.solvelabPlayer?.alg.length === 7", timeout=60_000)
    page.wait_for_function(
        "!window.solvelabPlayer.playing && window.solvelabPlayer.view.idle", timeout=60_000
    )
    # It started from the case (Sune undone) and ends solved.
    assert shown(page).is_solved()
    page.click('[data-action="start"]')
    assert shown(page) == Cube().apply(sune).inverse()  # the setup is the case


def test_buttons_for_slices_wide_turns_and_rotations(page, site_url):
    open_player(page, site_url)
    more = page.locator(".player-turns-more")
    for token in ["M", "Rw'", "y2", "E'", "S2", "x"]:
        more.get_by_role("button", name=token, exact=True).click()
    page.wait_for_function("window.solvelabPlayer?.view.idle")
    assert page.evaluate("window.solvelabPlayer.alg") == ["M", "Rw'", "y2", "E'", "S2", "x"]
    assert shown(page) == Cube().apply("M Rw' y2 E' S2 x")


def test_the_keys_help(page, site_url):
    open_player(page, site_url)
    help = page.locator(".player-help")
    expect(help).to_be_hidden()
    page.locator("body").press("?")
    expect(help).to_be_visible()
    expect(help).to_contain_text("wide turn")
    page.keyboard.press("Escape")
    expect(help).to_be_hidden()
    page.get_by_role("button", name="Keys").click()
    expect(help).to_be_visible()
    help.get_by_role("button", name="Close").click()
    expect(help).to_be_hidden()


def test_the_algorithm_as_typed_is_one_tab_stop_that_the_arrows_move(page, site_url):
    """A long algorithm's tokens are not a Tab stop each: the marked one is the box's
    stop, and the player's arrows move the mark and the focus with it."""
    typed = "R U R' U' " * 50
    open_player(page, site_url, "?alg=" + quote(typed) + "&step=0")
    view = page.locator(".player-alg-view")
    expect(view.locator("button")).to_have_count(200)
    stops = view.locator("button[tabindex='0']")
    expect(stops).to_have_count(1)
    expect(stops).to_have_text("R")  # before the first move: the first token
    stops.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("window.solvelabPlayer?.step === 2")
    focused = page.locator(".player-alg-view button:focus")
    expect(focused).to_have_class(re.compile(r"\bcurrent\b"))
    expect(focused).to_have_text("U")
    assert view.locator("button").nth(1).get_attribute("tabindex") == "0"
    expect(stops).to_have_count(1)
