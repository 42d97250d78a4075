"""The player's view controls: camera in the link and reset, back view, 2D net,
fullscreen, saving a picture, and a scrubber that shows a layer part way through a turn."""

from __future__ import annotations

from pathlib import Path

from pixels import COLOURS, colour_counts, decode_png, view_picture
from playwright.sync_api import expect

from solvelab.cube import Cube


def open_player(page, site_url, query=""):
    page.goto(f"{site_url}cube/player/{query}")
    page.wait_for_function("window.solvelabPlayer !== undefined")


def canvas(page) -> bytes:
    page.wait_for_function("window.solvelabPlayer?.view.idle")
    return view_picture(page.evaluate_handle("window.solvelabPlayer.view"))


def test_a_link_with_camera_angles_reproduces_the_view(page, site_url):
    open_player(page, site_url, "?cam=-60,-20,1.5")
    camera = page.evaluate("window.solvelabPlayer.view.camera")
    assert (camera["yaw"], camera["pitch"], camera["zoom"]) == (-60, -20, 1.5)
    # Seen from below, D (yellow) shows and U (white) does not.
    counts = colour_counts(canvas(page), COLOURS)
    assert counts["D"] > 5 * counts["U"], counts
    # Reset puts the default view back, and the link follows.
    page.click('[data-action="reset-camera"]')
    page.wait_for_function("window.solvelabPlayer?.view.camera.yaw === 35")
    counts = colour_counts(canvas(page), COLOURS)
    assert counts["U"] > 5 * counts["D"], counts
    page.wait_for_function("!location.search.includes('cam=')")
    # Zooming with the wheel over the cube goes into the link.
    page.locator(".player-canvas").hover()
    page.mouse.wheel(0, -300)
    page.wait_for_function("location.search.includes('cam=')")
    assert page.evaluate("window.solvelabPlayer.view.camera.zoom") > 1


def test_back_view_and_net_draw_the_hidden_faces(page, site_url):
    open_player(page, site_url, "?alg=R%20U")
    # The link's moves come once Python has read them: until then the cube is solved.
    page.wait_for_function("window.solvelabPlayer?.alg.length === 2")
    before = colour_counts(canvas(page), COLOURS)
    page.check('[data-option="back"]')
    after = colour_counts(canvas(page), COLOURS)
    assert after["B"] > before["B"] + 300 and after["L"] > before["L"] + 300, (before, after)

    page.check('[data-option="net"]')
    net = page.locator(".player-net-view")
    expect(net).to_be_visible()
    counts = colour_counts(net.screenshot(), COLOURS)
    assert all(counts[face] > 100 for face in "URFDLB"), counts  # all six faces, unfolded
    assert page.evaluate("window.solvelabPlayer.net.stickers") == list(
        Cube().apply("R U")._stickers
    )
    page.click('[data-action="start"]')
    assert page.evaluate("window.solvelabPlayer.net.stickers") == list(range(54))
    page.uncheck('[data-option="net"]')
    expect(net).to_be_hidden()


def test_fullscreen_and_save_picture(page, site_url):
    open_player(page, site_url)
    page.click('[data-action="fullscreen"]')
    # the whole player, the cube first: the step and play buttons come along
    page.wait_for_function("document.fullscreenElement?.classList.contains('solvelab-player')")
    expect(page.get_by_role("button", name="Play the moves")).to_be_in_viewport()
    expect(page.get_by_role("button", name="Step back")).to_be_in_viewport()
    stage = page.locator(".player-stage").bounding_box()
    assert stage["height"] > page.viewport_size["height"] / 2, stage
    page.get_by_role("button", name="Exit fullscreen").click()
    page.wait_for_function("!document.fullscreenElement")
    with page.expect_download() as download:
        page.click('[data-action="picture"]')
    png = Path(download.value.path()).read_bytes()
    width, height, _, _ = decode_png(png)
    assert width > 100 and height > 100
    counts = colour_counts(png, COLOURS)
    assert counts["U"] > 1000 and counts["F"] > 1000 and counts["R"] > 1000, counts


def test_fullscreen_on_a_phone_squashes_no_row(page, site_url):
    """A scramble's message takes several lines at 390 px: in fullscreen each row of
    the player keeps its height (the message once went under the play buttons)."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_player(page, site_url)
    expect(page.locator('[data-action="scramble"]')).to_be_enabled(timeout=120_000)
    page.click('[data-action="scramble"]')
    expect(page.locator(".player-message")).to_contain_text("Scramble", timeout=120_000)
    page.click('[data-action="fullscreen"]')
    page.wait_for_function("document.fullscreenElement?.classList.contains('solvelab-player')")
    squashed = page.evaluate(
        """[...document.querySelector('.solvelab-player').children]
            .filter((el) => el.getClientRects().length)
            .filter((el) => el.scrollHeight > el.getBoundingClientRect().height + 1)
            .map((el) => el.className)"""
    )
    assert squashed == []


def test_dragging_the_scrubber_shows_a_turn_part_way(page, site_url):
    open_player(page, site_url, "?alg=R%20U%20F&step=0")
    page.wait_for_function("window.solvelabPlayer?.alg.length === 3")
    step0 = canvas(page)
    page.click('[data-action="forward"]')
    step1 = canvas(page)
    page.click('[data-action="start"]')
    box = page.locator(".player-scrubber").bounding_box()
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + 2, y)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 6, y, steps=4)  # half way through R
    middle = canvas(page)
    assert middle not in (step0, step1)
    page.mouse.up()
    page.wait_for_function("window.solvelabPlayer?.view.idle")
    assert page.evaluate("window.solvelabPlayer.step") in (0, 1)  # the nearest step
