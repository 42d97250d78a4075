"""Accessibility: every page checked with axe-core (the npm package, pinned in
package.json, used by this test only), on a desktop in the light scheme and on a
phone in the dark one, on opening and in the states the apps get into; and what a
keyboard or screen-reader user needs that axe cannot see (keys that reach their
control, words for what a canvas shows, focus that stays on the page).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
PYTHON_READY = 120_000

PAGES = [
    "",
    "cube/player/",
    "cube/model/",
    "cube/two-phase/",
    "cube/benchmarks/",
    "cube/cfop/",
    "nonograms/play/",
    "nonograms/edit/",
    "nonograms/solve/",
    "nonograms/solver/",
    "nonograms/benchmarks/",
    "how-it-works/",
    "glossary/",
]


def violations(page) -> list[str]:
    """axe-core's findings on the page as it is now, a line each (WCAG A and AA,
    and axe's best practices)."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make node_modules`", pytrace=False)
    # Our fixes to the theme run once its scripts have made the page.
    page.wait_for_function("document.querySelector('.md-search')?.getAttribute('aria-label')")
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
            .flatMap((v) => v.nodes.map((n) =>
                `${v.id} (${v.impact}): ${n.target.join(" ")}: ${v.help}`))"""
    )


@pytest.mark.parametrize("path", PAGES)
def test_every_page_passes_axe_on_a_desktop(page, site_url, path):
    page.goto(site_url + path)
    assert violations(page) == []


@pytest.mark.parametrize("path", PAGES)
def test_every_page_passes_axe_on_a_phone_in_the_dark_scheme(phone, site_url, path):
    phone.emulate_media(color_scheme="dark")
    phone.goto(site_url + path)
    assert violations(phone) == []


def test_the_closed_search_is_no_tab_stop(page, site_url):
    """The theme's search results box was a Tab stop even while the search is closed
    (0 px high: a stop that shows nothing). The results are reached with the arrow
    keys, as the theme means (Tab closes the search)."""
    page.goto(site_url + "glossary/")
    search = page.get_by_role("textbox", name="Search")
    expect(search).to_be_visible()
    for _ in range(6):
        page.keyboard.press("Tab")
        if search.evaluate("(input) => input === document.activeElement"):
            break
    expect(search).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator(".md-search__scrollwrap")).not_to_be_focused()
    first_link = page.get_by_role("navigation", name="Navigation").get_by_role("link").first
    expect(first_link).to_be_focused()
    # The theme opens the search when it sees the box gain the focus, but on a loaded
    # machine it can miss a focus given just after the Tab away from the box: then the
    # focus goes away and back until the search opens.
    toggle = page.locator("[data-md-toggle=search]")
    for _ in range(10):
        search.focus()
        try:
            expect(toggle).to_be_checked(timeout=3_000)
            break
        except AssertionError:
            first_link.focus()
    page.keyboard.type("cube")
    expect(page.locator(".md-search-result__list li").first).to_be_visible()
    # Each typed letter is a search of its own; on a loaded machine a later one can
    # redraw the results just after the arrow key focused a link of an earlier one.
    first_result = page.locator(".md-search-result__list a").first
    for _ in range(10):
        search.focus()
        page.keyboard.press("ArrowDown")
        try:
            expect(first_result).to_be_focused(timeout=3_000)
            break
        except AssertionError:
            pass
    expect(first_result).to_be_focused()


# -- the cube player -------------------------------------------------------------------


def open_player(page, site_url, query=""):
    page.goto(f"{site_url}cube/player/{query}")
    page.wait_for_function("window.solvelabPlayer !== undefined")


def test_the_player_passes_axe_with_an_error_the_help_and_the_editor_open(page, site_url):
    open_player(page, site_url)
    expect(page.locator("[data-needs-python]").first).to_be_enabled(timeout=PYTHON_READY)
    page.locator("#player-alg").fill("R U Q2")
    page.get_by_role("button", name="Play", exact=True).click()
    error = page.get_by_role("alert")
    expect(error).to_contain_text("Q2")
    expect(page.locator("#player-alg")).to_have_attribute("aria-invalid", "true")
    page.get_by_text("Enter a real cube").click()
    assert violations(page) == []
    page.get_by_text("Enter a real cube").click()
    page.keyboard.press("?")
    expect(page.locator(".player-help")).to_be_visible()
    assert violations(page) == []


@pytest.mark.parametrize("path", ["cube/two-phase/", "cube/model/", "nonograms/solver/"])
def test_the_demos_pass_axe_in_the_dark_scheme_once_python_has_answered(phone, site_url, path):
    """The demos' states after Python's answers: a chosen (pressed) button, an error
    message, a marked sticker. A pressed lesson button was light blue on indigo, about
    2:1, in the dark scheme (axe on opening caught it only when the demo was quick)."""
    phone.emulate_media(color_scheme="dark")
    phone.goto(site_url + path)
    demos = phone.locator("[data-lesson], .cube-check-demo, .nono-demo")
    for k in range(demos.count()):
        demos.nth(k).scroll_into_view_if_needed()  # the checker loads Python once in sight
        expect(demos.nth(k)).to_have_attribute("data-state", "ready", timeout=PYTHON_READY)
    if path == "cube/model/":
        phone.get_by_role("button", name="Twist a corner").click()
        expect(phone.locator(".cube-check-sticker.is-named")).to_have_count(3)
    assert violations(phone) == []


def test_player_controls_keep_their_own_keys(page, site_url):
    """Space ticks a box or presses a button, a slider's arrows move it; the turns
    still work from a focused control, and not behind the keys' help."""
    open_player(page, site_url, "?alg=R%20U%20F")
    page.wait_for_function("window.solvelabPlayer?.alg.length === 3")
    net = page.locator('[data-option="net"]')
    net.focus()
    page.keyboard.press("Space")
    expect(net).to_be_checked()
    speed = page.locator(".player-speed")
    before = speed.input_value()
    step = page.evaluate("window.solvelabPlayer.step")
    speed.focus()
    page.keyboard.press("ArrowLeft")
    assert int(speed.input_value()) < int(before)
    assert page.evaluate("window.solvelabPlayer.step") == step  # not a step back
    page.get_by_role("button", name="Step back").focus()
    page.keyboard.press("Space")  # the button, not play / pause
    page.wait_for_function(f"window.solvelabPlayer.step === {step - 1}")
    assert not page.evaluate("window.solvelabPlayer.playing")
    page.keyboard.press("d")  # a turn, from a focused button
    page.wait_for_function("window.solvelabPlayer?.alg.join(' ') === 'R U D'")
    page.keyboard.press("?")
    expect(page.locator(".player-help")).to_be_visible()
    page.keyboard.press("r")  # the help has the keyboard: the cube behind it stays
    page.keyboard.press("Escape")
    expect(page.locator(".player-help")).to_be_hidden()
    assert page.evaluate("window.solvelabPlayer.alg.join(' ')") == "R U D"


def test_the_play_button_says_play_or_pause(page, site_url):
    open_player(page, site_url, "?alg=" + "R%20U%20" * 30)  # 60 moves: minutes at the slowest
    page.wait_for_function("window.solvelabPlayer?.alg.length === 60")
    page.locator(".player-speed").fill("0")
    page.get_by_role("button", name="Play the moves").focus()
    page.keyboard.press("Space")
    expect(page.get_by_role("button", name="Pause")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.get_by_role("button", name="Play the moves")).to_be_focused()
    assert not page.evaluate("window.solvelabPlayer.playing")


def test_the_players_turn_buttons_and_moves_are_one_tab_stop_each(page, site_url):
    open_player(page, site_url, "?alg=R%20U%20F&step=2")
    page.wait_for_function("window.solvelabPlayer?.alg.length === 3")
    focused = lambda: page.evaluate("document.activeElement.textContent")  # noqa: E731
    page.locator('.player-moves [aria-current="step"]').focus()
    page.keyboard.press("ArrowRight")  # a step forward: the focus follows the current move
    page.wait_for_function("window.solvelabPlayer?.step === 3")
    assert focused() == "F"
    page.keyboard.press("Tab")
    assert focused() == "U"  # the first turn button: past the other moves
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focused() == "U2"
    assert page.evaluate("window.solvelabPlayer.step") == 3  # the arrows chose, not stepped
    page.keyboard.press("Enter")
    page.wait_for_function("window.solvelabPlayer?.alg.join(' ') === 'R U F U2'")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.player-turns-more') !== null")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "player-alg"


def test_the_players_step_is_said_to_a_screen_reader(page, site_url):
    open_player(page, site_url, "?alg=R%20U%20F&step=2")
    page.wait_for_function("window.solvelabPlayer?.alg.length === 3")
    expect(page.locator(".player-scrubber")).to_have_attribute("aria-valuetext", "step 2 of 3: U")
    expect(page.locator('.player-moves [aria-current="step"]')).to_have_text("U")
    expect(page.get_by_role("button", name="Play the moves")).to_be_visible()


# -- the nonogram pages ----------------------------------------------------------------


def test_the_solve_page_says_its_solutions_in_words(page, site_url):
    page.goto(f"{site_url}nonograms/solve/")
    page.wait_for_selector(".nonogram-solve[data-ready=true]")
    solve = page.locator('[data-action="solve"]')
    expect(solve).to_be_enabled(timeout=PYTHON_READY)
    solve.focus()
    page.keyboard.press("Enter")  # the example: two solutions
    page.wait_for_selector(".nonogram-solve[data-status]", timeout=PYTHON_READY)
    expect(page.locator(".nono-message")).to_contain_text("they differ at row 1 column")
    expect(solve).to_be_focused()  # kept while it ran, not lost to the page
    assert violations(page) == []
    middle = "row 2: 1 filled, 1 empty, 1 filled"
    ring = [
        ["row 1: 2 filled, 1 empty", middle, "row 3: 1 empty, 2 filled"],
        ["row 1: 1 empty, 2 filled", middle, "row 3: 2 filled, 1 empty"],
    ]
    # The first grid shows the solver's steps (at the first solution's): named so.
    second = page.locator("canvas[data-grid='1'][role=img]")
    expect(second).to_have_attribute("aria-label", "A second solution, 3 × 3; its rows follow")
    expect(page.get_by_role("list", name="A second solution, row by row")).to_be_attached()
    said = [page.locator(f"canvas[data-grid='{i}'] + ol li").all_inner_texts() for i in (0, 1)]
    assert sorted(said) == sorted(ring)
    page.get_by_role("button", name="To the start").click()
    at_start = re.compile(r"^The solver's grid after step 0 of \d+, row by row$")
    start = page.get_by_role("list", name=at_start)
    expect(start.get_by_role("listitem")).to_have_text([f"row {r}: 3 unknown" for r in (1, 2, 3)])
    expect(page.locator(".nono-scrubber")).to_have_attribute(
        "aria-valuetext", re.compile(r"^step 0 of")
    )


def test_the_solve_pages_words_follow_a_puzzle_of_another_size(page, site_url):
    page.goto(f"{site_url}nonograms/solve/")
    page.wait_for_selector(".nonogram-solve[data-ready=true]")
    solve = page.locator('[data-action="solve"]')
    expect(solve).to_be_enabled(timeout=PYTHON_READY)
    solve.click()  # the example, 3 × 3
    words = page.locator("canvas[data-grid='0'] + ol li")
    expect(words).to_have_count(3, timeout=PYTHON_READY)
    page.locator(".nono-more summary").click()
    page.locator("#nono-clues").fill("5:1/3/5/3/1/1/3/5/3/1")  # a 5 × 5 diamond
    page.get_by_role("button", name="Into the boxes").click()
    expect(page.locator(".nono-message")).to_contain_text("clues in the boxes")
    solve.click()
    expect(page.locator(".nono-message")).to_contain_text("One solution", timeout=PYTHON_READY)
    page.get_by_role("button", name="To the end").click()
    expect(words).to_have_text(
        [
            "row 1: 2 empty, 1 filled, 2 empty",
            "row 2: 1 empty, 3 filled, 1 empty",
            "row 3: 5 filled",
            "row 4: 1 empty, 3 filled, 1 empty",
            "row 5: 2 empty, 1 filled, 2 empty",
        ]
    )
    page.get_by_role("button", name="To the start").click()
    expect(words).to_have_text([f"row {r}: 5 unknown" for r in range(1, 6)])
    page.locator("#nono-clues").fill("2:2/2/2/2")  # a 2 × 2 square, all filled
    page.get_by_role("button", name="Into the boxes").click()
    solve.click()
    page.get_by_role("button", name="To the end").click()
    expect(words).to_have_text(["row 1: 2 filled", "row 2: 2 filled"], timeout=PYTHON_READY)


@pytest.mark.parametrize(
    ("path", "app"),
    [
        ("cube/player/", ".solvelab-player"),
        ("nonograms/play/", ".nonogram-play"),
        ("nonograms/edit/", ".nonogram-edit"),
        ("nonograms/solve/", ".nonogram-solve"),
    ],
)
def test_the_apps_small_controls_have_room_for_a_finger_on_a_phone(phone, site_url, path, app):
    # WCAG 2.5.8: 24 CSS pixels at the least. The browser draws a check box 13 px
    # square and a select or a slider under 20 px high.
    phone.goto(site_url + path)
    sizes = phone.locator(
        f"{app} :is(input[type=checkbox], select, input[type=range])"
    ).evaluate_all(
        """controls => controls.filter((c) => c.checkVisibility()).map((c) => {
            const box = c.getBoundingClientRect();
            return [c.outerHTML.slice(0, 60), Math.round(box.width), Math.round(box.height)];
        })"""
    )
    assert sizes, "no control found"
    assert [s for s in sizes if min(s[1:]) < 24] == []
