"""The home page, the navigation, and the browser features later pages rely on."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def test_home_page_loads(page, site_url, screenshot_dir):
    response = page.goto(site_url)
    assert response is not None and response.ok
    expect(page).to_have_title(re.compile("solvelab"))
    expect(page.locator("article h1")).to_contain_text("solvelab")
    expect(page.get_by_text("pip install -e .")).to_be_visible()
    page.screenshot(path=screenshot_dir / "home.png", full_page=True)


def test_nav_leads_to_cube_model(page, site_url):
    page.goto(site_url)
    link = page.locator("nav.md-nav--primary").get_by_role("link", name="Cube model")
    expect(link).to_be_visible()
    with page.expect_navigation():
        link.click()
    assert page.url == site_url + "cube/model/"
    expect(page).to_have_title(re.compile("solvelab"))
    expect(page.locator("article h1")).to_be_visible()


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
