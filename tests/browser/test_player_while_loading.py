"""The player while it loads: turns made before a link's cube is on show are made on
it, and a Solve that waits for the tables shows their download; and CFOP's stage
headings on a phone (found in the same audit).

Each test here failed before the fix it guards.
"""

from __future__ import annotations

import re

import pytest
from held import Held
from playwright.sync_api import expect
from test_player import PYTHON_READY, open_player, shown, wait_for_python

from solvelab.cube import Cube

SCRAMBLE = "R U R' F2 D L B2 U' F R2 D' B L2 U F'"


def _message(page):
    return page.locator(".player-message")


def _tables_text(page):
    return page.locator(".player-python-text")


WASM = "**/pyodide/pyodide.asm.wasm"


@pytest.mark.parametrize(
    ("query", "setup", "alg"),
    [("?alg=F%20D", "", "F D"), ("?setup=R%20U%20F&alg=D%20L", "R U F", "D L")],
)
def test_turns_made_while_a_link_loads_are_made_on_its_cube(page, site_url, query, setup, alg):
    held = Held(page.context, WASM)
    open_player(page, site_url, query)
    page.keyboard.press("r")
    page.get_by_role("button", name="U'", exact=True).click()
    expect(_message(page)).to_have_text(
        "The link's cube comes as soon as Python has loaded: your 2 turns wait for it."
    )
    held.release()
    wait_for_python(page)
    assert page.evaluate("window.solvelabPlayer.alg") == [*alg.split(), "R", "U'"]
    assert shown(page) == Cube().apply(f"{setup} {alg} R U'")
    expect(_message(page)).to_have_text(
        "The link's cube is on show, with the 2 turns made while it loaded."
    )


def test_a_turn_made_while_a_link_loads_replaces_the_moves_after_its_step(page, site_url):
    held = Held(page.context, WASM)
    open_player(page, site_url, "?alg=R%20U%20F&step=1")
    page.keyboard.press("d")
    expect(_message(page)).to_have_text(
        "The link's cube comes as soon as Python has loaded: your turn waits for it."
    )
    held.release()
    wait_for_python(page)
    assert page.evaluate("window.solvelabPlayer.alg") == ["R", "D"]
    expect(_message(page)).to_have_text(
        "The link's cube is on show, with the turn made while it loaded: "
        "the link's 2 moves after step 1 are dropped."
    )


def test_the_message_that_a_link_is_loading_goes_once_its_cube_is_on_show(page, site_url):
    held = Held(page.context, WASM)
    open_player(page, site_url, "?alg=F%20D")
    page.keyboard.press(" ")  # Play: nothing to play until the link's moves come
    expect(_message(page)).to_have_text("The link's cube comes as soon as Python has loaded.")
    held.release()
    wait_for_python(page)
    expect(_message(page)).to_have_text("")
    assert page.evaluate("window.solvelabPlayer.alg") == ["F", "D"]


def test_a_mistake_in_a_link_stays_said_after_the_turns_made_while_it_loaded(page, site_url):
    held = Held(page.context, WASM)
    open_player(page, site_url, "?alg=R100")
    page.keyboard.press("f")
    held.release()
    wait_for_python(page)
    expect(_message(page)).to_contain_text("a turn amount is 1, 2 or 3")
    assert page.evaluate("window.solvelabPlayer.alg") == ["F"]


def test_cfop_stage_headings_are_left_aligned_on_a_phone(phone, site_url, screenshot_dir):
    open_player(phone, site_url, "?setup=" + SCRAMBLE.replace(" ", "%20"))
    wait_for_python(phone)
    phone.locator('[data-option="method"]').select_option("cfop")
    phone.locator('[data-option="cross"]').select_option("white")
    phone.get_by_role("button", name="Solve", exact=True).click()
    phone.wait_for_function("window.solvelabPlayer?.stages?.length > 0", timeout=PYTHON_READY)
    headings = phone.evaluate(
        """[...document.querySelectorAll(".player-moves li.stage button")].map((button) => {
            const range = document.createRange();
            range.selectNodeContents(button);
            const lines = [...range.getClientRects()];
            const left = button.getBoundingClientRect().left;
            return { text: button.textContent, lines: lines.length, indent: lines[0].left - left };
        })"""
    )
    phone.screenshot(path=screenshot_dir / "player-cfop-headings-phone.png", full_page=True)
    assert any(heading["lines"] > 1 for heading in headings), headings  # some wrap
    assert all(abs(heading["indent"]) < 1 for heading in headings), headings


def test_the_box_under_the_cube_says_the_tables_load_before_their_first_bytes(page, site_url):
    held = Held(page.context, "**/tables/manifest.json")
    open_player(page, site_url)
    wait_for_python(page)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(_message(page)).to_contain_text("(loading the solver's tables first)")
    expect(page.locator(".player-python")).to_be_visible()
    expect(_tables_text(page)).to_have_text("loading the solver's tables…")
    held.release()
    expect(page.locator(".player-python")).to_be_hidden(timeout=PYTHON_READY)


def test_a_solve_waiting_for_the_tables_shows_how_much_of_them_has_come(page, site_url):
    held = Held(page.context, "**/tables/*.table")
    open_player(page, site_url, "?setup=R%20U%20F")
    wait_for_python(page)
    page.get_by_role("button", name="Solve", exact=True).click()
    held.wait(page)
    held.routes.pop(0).continue_()  # one table comes; the others wait
    text = re.compile(r"^loading the solver's tables… (\d+) %$")
    expect(_tables_text(page)).to_have_text(text)
    assert int(text.match(_tables_text(page).inner_text())[1]) < 100
    bar = page.locator(".player-python-progress")
    assert bar.evaluate("(bar) => bar.value > 0 && bar.value < bar.max")
    held.release()
    expect(_message(page)).to_contain_text("Solution (", timeout=PYTHON_READY)


def test_a_solve_after_the_tables_failed_says_they_load_again(page, site_url, page_log):
    page.context.route("**/tables/manifest.json", lambda route: route.abort())
    open_player(page, site_url)
    expect(_tables_text(page)).to_contain_text("Solve will try again", timeout=PYTHON_READY)
    page.context.unroute("**/tables/manifest.json")
    held = Held(page.context, "**/tables/manifest.json")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(_tables_text(page)).to_have_text("loading the solver's tables…")
    held.release()
    expect(page.locator(".player-python")).to_be_hidden(timeout=PYTHON_READY)
    page_log.console_errors[:] = [e for e in page_log.console_errors if "ERR_FAILED" not in e]


def test_solve_asked_another_way_while_a_solve_runs_answers_the_last_way(page, site_url):
    held = Held(page.context, "**/tables/manifest.json")  # two-phase waits for the tables
    setup = "R U F D L B R2 F'"
    open_player(page, site_url, "?setup=" + setup.replace(" ", "%20"))
    wait_for_python(page)
    solve = page.get_by_role("button", name="Solve", exact=True)
    page.select_option('[data-option="method"]', "cfop")
    solve.click()
    page.wait_for_function("window.solvelabPlayer?.stages", timeout=PYTHON_READY)
    page.select_option('[data-option="method"]', "two-phase")
    solve.click()  # waits for the tables
    expect(_message(page)).to_contain_text("(loading the solver's tables first)")
    page.select_option('[data-option="method"]', "cfop")
    solve.click()  # the last way asked: CFOP's answer, not two-phase's
    held.release()
    expect(page.get_by_role("button", name="Stop", exact=True)).to_be_disabled(timeout=PYTHON_READY)
    assert page.evaluate("window.solvelabPlayer.stages")  # CFOP's, by stage
    assert (
        Cube().apply(setup).apply(" ".join(page.evaluate("window.solvelabPlayer.alg"))).is_solved()
    )
