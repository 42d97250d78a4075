"""The 2D net (js/net-view.js): the stickers where Python's net puts them, read from pixels.

A small page, served at cube/net-check/ of the built site (the site does not
publish it), puts a NetView on the page as `window.netView`. Each test runs at
1280 px and one device pixel per CSS pixel, and at 390 px (a phone) with two.
"""

from __future__ import annotations

import pytest
from pixels import COLOURS, decode_png

from solvelab.cube import Cube
from solvelab.cube.display import net_places
from solvelab.cube.geometry import move_permutation
from solvelab.cube.notation import parse_alg

SOLVED = list(range(54))
GREY = (0x8A, 0x8D, 0x91)
ALG = "R U F' L2 D B' x M"
PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Net view check</title>
<style>body { margin: 0; padding: 8px; background: #fff; }</style>
</head>
<body>
<div id="net"></div>
<script type="module">
import { loadCubeData } from "../../js/cube-view.js";
import { NetView } from "../../js/net-view.js";
window.clicks = [];
window.netView = new NetView(document.getElementById("net"), await loadCubeData(), {
  onStickerClick: (place) => clicks.push(place),
});
</script>
</body>
</html>
"""


def apply(state: list[int], alg: str) -> list[int]:
    """The sticker state after `alg`, from the Python model: new[i] = old[perm[i]]."""
    for move in parse_alg(alg):
        permutation = move_permutation(move.name, move.turns)
        state = [state[source] for source in permutation]
    return state


@pytest.fixture(params=[(1280, 1), (390, 2)], ids=["desktop", "phone-2x"])
def net(request, browser, site_url):
    """The net-check page, with its NetView ready; returns the page."""
    width, scale = request.param
    context = browser.new_context(
        viewport={"width": width, "height": 800},
        device_scale_factor=scale,
        service_workers="block",
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    url = site_url + "cube/net-check/"
    page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=PAGE))
    try:
        assert page.goto(url).ok
        page.wait_for_function("window.netView")
        yield page
    finally:
        context.close()
    assert not errors


def cells(page) -> dict[tuple[int, int], tuple[int, int, int]]:
    """The colour at the middle of each of the net's 12 x 9 cells, from a screenshot."""
    width, height, channels, pixels = decode_png(page.locator("#net svg").screenshot())
    cell = width / 12
    assert abs(height - 9 * cell) <= 2  # the net keeps its shape

    def at(column: int, row: int) -> tuple[int, int, int]:
        x, y = int((column + 0.5) * cell), int((row + 0.5) * cell)
        offset = (y * width + x) * channels
        return tuple(pixels[offset : offset + 3])

    return {(column, row): at(column, row) for column in range(12) for row in range(9)}


def close(a, b) -> bool:
    return all(abs(x - y) <= 4 for x, y in zip(a, b, strict=True))


def test_net_shows_the_stickers_where_pythons_net_puts_them(net, screenshot_dir):
    state = apply(SOLVED, ALG)
    net.evaluate("(state) => netView.setStickers(state)", state)
    width = net.viewport_size["width"]
    net.locator("#net svg").screenshot(path=screenshot_dir / f"net-view-{width}.png")
    box = net.locator("#net svg").bounding_box()
    assert box["width"] <= width  # fits the page, a phone's too
    assert net.evaluate("document.documentElement.scrollWidth") <= width
    seen = cells(net)

    # Python's text net of the same cube: the letter in column c, row r is at 2c.
    lines = Cube().apply(ALG).net().splitlines()
    for place, (column, row) in enumerate(net_places()):
        letter = lines[row][2 * column]
        assert letter == "URFDLB"[state[place] // 9], place  # the JS state is Python's
        assert close(seen[column, row], COLOURS[letter]), (place, letter, seen[column, row])
    empty = set(seen) - set(net_places())
    assert len(empty) == 12 * 9 - 54
    for cell in empty:  # outside the net: the page
        assert seen[cell] == (255, 255, 255), cell


def test_mask_greys_and_colours_change(net):
    state = apply(SOLVED, ALG)
    net.evaluate(
        "(state) => { netView.setStickers(state); netView.setMask([0, 1, 2, 3, 4, 5, 6, 7, 8]); }",
        state,
    )
    seen = cells(net)
    for place, cell in enumerate(net_places()):
        expected = COLOURS["U"] if state[place] < 9 else GREY
        assert close(seen[cell], expected), (place, seen[cell])
    net.evaluate("netView.setMask(null)")
    seen = cells(net)
    for place, cell in enumerate(net_places()):
        assert close(seen[cell], COLOURS["URFDLB"[state[place] // 9]]), place

    # Another colour scheme, as for CubeView.setColours.
    net.evaluate("netView.setColours({U: '#ffd500', D: '#fff'})")
    scheme = {**COLOURS, "U": COLOURS["D"], "D": COLOURS["U"]}
    seen = cells(net)
    for place, cell in enumerate(net_places()):
        assert close(seen[cell], scheme["URFDLB"[state[place] // 9]]), place
    with pytest.raises(Exception, match="unknown key"):
        net.evaluate("netView.setColours({Q: '#fff'})")


def test_turn_shows_the_next_state_and_flashes_what_moved(net, screenshot_dir):
    net.evaluate("netView.speed = 60000; window.turned = netView.turn('R'); null")
    # Stop the flash at its start, so that the picture does not depend on timing.
    net.evaluate("netView.svg.getAnimations({subtree: true}).forEach((a) => a.pause())")
    net.evaluate("netView.svg.getAnimations({subtree: true}).forEach((a) => a.currentTime = 0)")
    state = apply(SOLVED, "R")
    assert net.evaluate("netView.stickers") == state
    seen = cells(net)
    net.locator("#net svg").screenshot(path=screenshot_dir / "net-view-turning.png")
    moved = [place for place, source in enumerate(move_permutation("R", 1)) if source != place]
    assert len(moved) == 20
    for place, cell in enumerate(net_places()):
        colour = COLOURS["URFDLB"[state[place] // 9]]
        assert close(seen[cell], colour) == (place not in moved), (place, seen[cell])

    net.evaluate("netView.svg.getAnimations({subtree: true}).forEach((a) => a.finish())")
    assert net.evaluate("window.turned") is True
    seen = cells(net)
    for place, cell in enumerate(net_places()):
        assert close(seen[cell], COLOURS["URFDLB"[state[place] // 9]]), place

    # Given the state, it shows that; a setStickers() during the flash cuts it short.
    after = apply(state, "U2")
    result = net.evaluate(
        """async (after) => {
            const turned = netView.turn("U2", after);
            const shown = netView.stickers;
            netView.setStickers(shown);
            return {shown, turned: await turned};
        }""",
        after,
    )
    assert result == {"shown": after, "turned": False}
    with pytest.raises(Exception, match="not a move"):
        net.evaluate("netView.turn('Q')")


def test_click_names_the_sticker_place(net):
    box = net.locator("#net svg").bounding_box()
    cell = box["width"] / 12
    for place in (0, 22, 40, 53):
        column, row = net_places()[place]
        net.mouse.click(box["x"] + (column + 0.5) * cell, box["y"] + (row + 0.5) * cell)
    net.mouse.click(box["x"] + 0.5 * cell, box["y"] + 0.5 * cell)  # outside the net
    assert net.evaluate("clicks") == [0, 22, 40, 53]
