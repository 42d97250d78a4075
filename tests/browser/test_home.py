"""The home page, the navigation, and the browser features later pages rely on."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from held import Held
from playwright.sync_api import expect

from solvelab.cube import Cube, parse_alg


def test_home_page_loads(page, site_url, screenshot_dir):
    response = page.goto(site_url)
    assert response is not None and response.ok
    expect(page).to_have_title(re.compile("solvelab"))
    expect(page.locator("article h1")).to_contain_text("solvelab")
    expect(page.get_by_text("pip install -e .")).to_be_visible()
    # a live cube (the superflip and its solution), and a card for each part
    expect(page.locator(".cube-demo canvas")).to_be_visible()
    cards = page.locator(".grid.cards")
    for name in ["Cube player", "play", "edit", "solve", "How the page works"]:
        expect(cards.get_by_role("link", name=name, exact=True)).to_be_visible()
    page.screenshot(path=screenshot_dir / "home.png", full_page=True)


@pytest.mark.parametrize("path", ["", "cube/model/"])
def test_a_demo_has_its_room_before_its_script_sets_it_up(page, site_url, path):
    """The text after a demo does not jump down when its cube appears: the page
    keeps the canvas's square and a row of Play and the moves for it. Only more
    rows of moves, when they wrap, come later."""
    script = Held(page.context, "**/js/cube-embed.js")
    page.goto(site_url + path, wait_until="commit")  # the load waits for the script
    script.wait(page)
    demos = page.locator(".cube-demo")
    # Every demo is in the page (it is parsed: a module script runs only after that,
    # so the held one does not stop it; on a slow machine the second demo of
    # cube/model/ came later than the request for the script) and its styles are in.
    page.wait_for_function("document.readyState !== 'loading'")
    page.wait_for_function(
        "[...document.querySelectorAll('link[rel=stylesheet]')].every((link) => link.sheet)"
    )
    heights = "(demos) => demos.map((demo) => demo.getBoundingClientRect().height)"
    before = demos.evaluate_all(heights)
    script.release()
    expect(demos.locator("canvas")).to_have_count(len(before))
    expect(demos.locator(".cube-demo-controls")).to_have_count(len(before))
    after = demos.evaluate_all(heights)
    rows = demos.evaluate_all(
        """(demos) => demos.map((demo) =>
            demo.querySelector(".cube-demo-controls").getBoundingClientRect().height -
            demo.querySelector(".cube-demo-play").getBoundingClientRect().height)"""
    )
    for was, now, more in zip(before, after, rows, strict=True):
        assert abs(now - was - more) <= 3, (before, after, rows)


def test_nav_leads_to_cube_model(page, site_url):
    page.goto(site_url)
    link = page.locator("nav.md-nav--primary").get_by_role("link", name="Cube model")
    expect(link).to_be_visible()
    with page.expect_navigation():
        link.click()
    assert page.url == site_url + "cube/model/"
    expect(page).to_have_title(re.compile("solvelab"))
    expect(page.locator("article h1")).to_be_visible()


@pytest.mark.parametrize(
    ("path", "shown"),
    [
        ("cube/player/", False),
        ("nonograms/play/", False),
        ("nonograms/edit/", False),
        ("cube/two-phase/", True),
    ],
)
def test_back_to_top_is_kept_off_what_is_dragged(page, site_url, path, shown):
    # The theme's button shows over the page's top centre when it is scrolled up: over
    # the cube or the grid on the pages where they are dragged.
    page.goto(site_url + path)
    button = page.locator(".md-top")
    expect(button).to_have_count(1)
    assert (button.evaluate("top => getComputedStyle(top).display") != "none") is shown


def test_webgl_is_available(page, site_url):
    """Clear a WebGL canvas to a colour and read a pixel back (SwiftShader here)."""
    page.goto(site_url)
    result = page.evaluate(
        """() => {
            const canvas = document.createElement("canvas");
            canvas.width = canvas.height = 4;
            const gl = canvas.getContext("webgl");
            if (!gl) return null;
            gl.clearColor(1, 0.5, 0, 1);
            gl.clear(gl.COLOR_BUFFER_BIT);
            const pixel = new Uint8Array(4);
            gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
            return {
                pixel: Array.from(pixel),
                renderer: gl.getParameter(gl.RENDERER),
                webgl2: document.createElement("canvas").getContext("webgl2") !== null,
            };
        }"""
    )
    assert result is not None, "no WebGL context in this Chromium"
    r, g, b, a = result["pixel"]
    assert (r, b, a) == (255, 0, 255) and abs(g - 128) <= 1, result
    assert result["webgl2"], result


PYTHON = 300_000  # ms: Pyodide loads on a busy machine
DOC_PAGES = ["cube/model/", "cube/cfop/", "cube/two-phase/", "nonograms/solver/"]


def test_docs_buttons_are_buttons(page, site_url):
    # A quote or a bracket in a link's address once ended the link early in Markdown:
    # the page showed "6&step=0){ .md-button }" and the link lost half its moves.
    for name in DOC_PAGES:
        page.goto(site_url + name)
        assert "{ ." not in page.locator("article").inner_text(), name
        buttons = page.locator("article a.md-button")
        assert buttons.count() >= 1, name
        for i in range(buttons.count()):
            assert buttons.nth(i).get_attribute("title") is None, name


def test_docs_player_links_bring_their_moves(page, site_url):
    links = []
    for name in DOC_PAGES:
        page.goto(site_url + name)
        links += page.locator("article a[href*='player/?']").evaluate_all(
            "links => links.map(link => link.href)"
        )
    assert len(links) >= 3
    for href in links:
        query = parse_qs(urlsplit(href).query)
        moves = len(parse_alg(query["alg"][0])) if "alg" in query else 0
        # Each opens on its setup: at step 0, or with no moves to step through.
        assert not moves or query["step"] == ["0"], href
        setup = Cube().apply(query.get("setup", [""])[0])
        page.goto(href)
        # Python reads the address: the link's moves, then its setup on show.
        expected = list(setup._stickers)
        page.wait_for_function(
            f"window.solvelabPlayer?.alg.length === {moves}"
            f" && window.solvelabPlayer.stickers.join() === '{','.join(map(str, expected))}'",
            timeout=PYTHON,
        )
        expect(page.locator(".player-message")).not_to_have_attribute("data-kind", "error")
