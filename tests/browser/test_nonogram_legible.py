"""Big puzzles open with clue numbers a person can read (cells of 14 CSS px or
more, 18 on a touch screen; numbers of 9 px or more), pan from there, and "Fit"
shows the whole grid with the clue strips folded (no unreadable digits). On the
desktop (1280 px) and a phone (390 px); screenshots of 30 × 30 and 100 × 100,
zoomed in and fitted, go to build/screenshots for people to look at.
"""

from __future__ import annotations

import random

import pytest

from solvelab.nonogram import Puzzle
from solvelab.nonogram.link import encode_clues

PYTHON_READY = 120_000


def link(size, seed=3):
    rng = random.Random(seed)
    picture = [
        "".join("X" if rng.random() < 0.55 else "." for _ in range(size)) for _ in range(size)
    ]
    return encode_clues(Puzzle.from_grid(picture))


def open_puzzle(page, site_url, size):
    page.goto(f"{site_url}nonograms/play/?c={link(size)}")
    page.wait_for_selector(".nonogram-play[data-ready=true]")
    page.wait_for_function(f"window.nonogramGrid.width === {size}", timeout=PYTHON_READY)
    page.locator(".nono-stage").scroll_into_view_if_needed()
    # A frame drawn at the stage's final size: the grid draws at the next animation
    # frame, so the frame after that has drawn this puzzle (the stand-in grid shown
    # before it has painted already).
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def view(page):
    return page.evaluate("window.nonogramGrid.view()")


def check_big(page, site_url, screenshot_dir, name, least_cell):
    open_puzzle(page, site_url, 100)
    v = view(page)
    assert v["cell"] >= least_cell and not v["folded"] and v["font"] >= 9, v
    assert not v["fits"]  # pan to see the rest
    # the clue strips are beside the grid, and a pan keeps them there
    assert v["clueW"] > 0 and v["clueH"] > 0
    page.screenshot(path=screenshot_dir / f"nonogram-legible-{name}-100-open.png")
    # the gallery's select says what is in play
    assert page.locator("[data-field=gallery] option:checked").text_content() == "— from a link —"
    page.get_by_role("button", name="Fit").click()
    page.wait_for_function("window.nonogramGrid.zoom === 1")
    v = view(page)
    assert v["fits"] and v["folded"] and v["font"] == 0, v
    # the whole grid is inside the canvas
    assert v["gridW"] + v["clueW"] <= v["W"] and v["gridH"] + v["clueH"] <= v["H"], v
    page.screenshot(path=screenshot_dir / f"nonogram-legible-{name}-100-fit.png")
    # zooming in from the fit unfolds the numbers, at a legible size
    for _ in range(4):
        page.get_by_role("button", name="Zoom in").click()
    page.wait_for_function("!window.nonogramGrid.view().folded")
    assert view(page)["font"] >= 9


def test_a_100_by_100_puzzle_opens_legible_on_the_desktop(page, site_url, screenshot_dir):
    check_big(page, site_url, screenshot_dir, "1280", 14)


def test_a_100_by_100_puzzle_opens_legible_on_a_phone(phone, site_url, screenshot_dir):
    check_big(phone, site_url, screenshot_dir, "390", 18)


@pytest.mark.parametrize("width", [1280, 390])
def test_a_30_by_30_puzzle_reads_at_every_zoom(browser, site_url, screenshot_dir, width):
    context = browser.new_context(
        viewport={"width": width, "height": 844}, device_scale_factor=2, service_workers="block"
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_puzzle(page, site_url, 30)
        v = view(page)
        assert v["folded"] or v["font"] >= 9, v
        assert not v["folded"], v  # it opens with numbers
        page.screenshot(path=screenshot_dir / f"nonogram-legible-{width}-30-open.png")
        page.get_by_role("button", name="Fit").click()
        page.wait_for_function("window.nonogramGrid.zoom === 1")
        v = view(page)
        assert v["fits"] and (v["folded"] or v["font"] >= 9), v
        page.screenshot(path=screenshot_dir / f"nonogram-legible-{width}-30-fit.png")
    finally:
        context.close()
