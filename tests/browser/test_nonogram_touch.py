"""The Play page on a touch screen (a tap paints, a long press uses the other brush,
a drag strokes a line, two fingers pan and pinch) and zoom and pan on a 100 × 100
grid (buttons, Ctrl+wheel, the wheel).

Touches are real touch input, sent through the Chrome DevTools protocol to a
page in a touch-screen context, so the page gets pointer events of type "touch".
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from solvelab.nonogram import Puzzle
from solvelab.nonogram.link import encode_clues

PYTHON_READY = 120_000


@pytest.fixture
def touch(phone):
    """A phone page (see conftest) and a DevTools session to touch it."""
    return phone, phone.context.new_cdp_session(phone)


def centre(page, row, col):
    box = page.locator(".nono-canvas").bounding_box()
    point = page.evaluate(f"window.nonogramGrid.cellCentre({row}, {col})")
    return {"x": box["x"] + point["x"], "y": box["y"] + point["y"]}


def touches(cdp, kind, points):
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def cell(page, row, col):
    return page.evaluate(f"window.nonogramGrid.cells[{row} * window.nonogramGrid.width + {col}]")


def open_heart(page, site_url):
    page.goto(f"{site_url}nonograms/play/")
    page.wait_for_selector(".nonogram-play[data-ready=true]")
    page.wait_for_function(
        "window.nonogramGrid.width === 10 && window.nonogramGrid.rows.some((r) => r.length)",
        timeout=PYTHON_READY,
    )
    page.locator(".nono-stage").scroll_into_view_if_needed()


def test_tap_paints_long_press_crosses_and_a_drag_strokes_a_row(touch, site_url):
    page, cdp = touch
    open_heart(page, site_url)
    # a tap fills
    page.touchscreen.tap(**centre(page, 0, 0))
    page.wait_for_function("window.nonogramGrid.cells[0] === 1")
    # a tap on a filled cell erases it
    page.touchscreen.tap(**centre(page, 0, 0))
    page.wait_for_function("window.nonogramGrid.cells[0] === 0")
    # a long press uses the other brush (the cross), while the finger is still down
    touches(cdp, "touchStart", [centre(page, 2, 2)])
    page.wait_for_function("window.nonogramGrid.cells[22] === 2")
    touches(cdp, "touchEnd", [])
    assert cell(page, 2, 3) == 0
    # a drag fills along the row of its first two cells, even if the finger drifts
    # (the points first: a pause of LONG_PRESS_MS before the first move is a long press)
    points = [centre(page, 5, col) for col in range(1, 7)]
    for point in points[4:]:
        point["y"] += 3
    touches(cdp, "touchStart", points[:1])
    for point in points[1:]:
        touches(cdp, "touchMove", [point])
    touches(cdp, "touchEnd", [])
    page.wait_for_function(
        "[51, 52, 53, 54, 55, 56].every((i) => window.nonogramGrid.cells[i] === 1)"
    )
    assert cell(page, 6, 6) == 0
    # a drag after a long press crosses the line
    touches(cdp, "touchStart", [centre(page, 8, 0)])
    page.wait_for_function("window.nonogramGrid.cells[80] === 2")
    for row in (8, 8):
        touches(cdp, "touchMove", [centre(page, row, 3)])
    touches(cdp, "touchEnd", [])
    page.wait_for_function("[80, 81, 82, 83].every((i) => window.nonogramGrid.cells[i] === 2)")
    # one undo takes back the whole stroke
    page.get_by_role("button", name="Undo").tap()
    page.wait_for_function("[80, 81, 82, 83].every((i) => window.nonogramGrid.cells[i] === 0)")


def big_link(size=100, seed=3):
    rng = random.Random(seed)
    picture = [
        "".join("X" if rng.random() < 0.55 else "." for _ in range(size)) for _ in range(size)
    ]
    return encode_clues(Puzzle.from_grid(picture))


def open_big(page, site_url):
    page.goto(f"{site_url}nonograms/play/?c={big_link()}")
    page.wait_for_selector(".nonogram-play[data-ready=true]")
    page.wait_for_function("window.nonogramGrid.width === 100", timeout=PYTHON_READY)
    page.locator(".nono-stage").scroll_into_view_if_needed()


def cell_size(page):
    a = page.evaluate("window.nonogramGrid.cellCentre(0, 0)")
    b = page.evaluate("window.nonogramGrid.cellCentre(0, 1)")
    return b["x"] - a["x"]


def test_pinch_zooms_and_two_fingers_pan_a_100_by_100_grid(touch, site_url):
    page, cdp = touch
    open_big(page, site_url)
    before = cell_size(page)
    box = page.locator(".nono-canvas").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touches(cdp, "touchStart", [{"x": cx - 20, "y": cy, "id": 0}, {"x": cx + 20, "y": cy, "id": 1}])
    for d in (40, 60, 80, 100):
        touches(
            cdp, "touchMove", [{"x": cx - d, "y": cy, "id": 0}, {"x": cx + d, "y": cy, "id": 1}]
        )
    touches(cdp, "touchEnd", [])
    page.wait_for_function("window.nonogramGrid.zoom > 3")
    assert cell_size(page) > 3 * before
    assert page.evaluate("Array.from(window.nonogramGrid.cells).every((c) => c === 0)")  # no stroke
    # two fingers moving together pan
    pan = page.evaluate("({...window.nonogramGrid.pan})")
    touches(cdp, "touchStart", [{"x": cx - 30, "y": cy, "id": 0}, {"x": cx + 30, "y": cy, "id": 1}])
    for dy in (-20, -40, -60):
        touches(
            cdp,
            "touchMove",
            [{"x": cx - 30, "y": cy + dy, "id": 0}, {"x": cx + 30, "y": cy + dy, "id": 1}],
        )
    touches(cdp, "touchEnd", [])
    page.wait_for_function(f"window.nonogramGrid.pan.y < {pan['y']}")
    # a tap on the zoomed grid paints the cell under the finger
    target = page.evaluate("([x, y]) => window.nonogramGrid.cellAt(x, y)", [cx, cy])
    page.touchscreen.tap(cx, cy)
    page.wait_for_function(
        f"window.nonogramGrid.cells[{target['row']} * 100 + {target['col']}] === 1"
    )


def test_zoom_buttons_and_the_wheel_on_a_100_by_100_grid(page, site_url):
    open_big(page, site_url)
    # it opens zoomed in, to read the clues; "Fit" shows the whole grid
    page.get_by_role("button", name="Fit").click()
    page.wait_for_function("window.nonogramGrid.zoom === 1")
    before = cell_size(page)
    page.get_by_role("button", name="Zoom in").click()
    page.get_by_role("button", name="Zoom in").click()
    page.wait_for_function("window.nonogramGrid.zoom > 2")
    assert cell_size(page) > 2 * before
    box = page.locator(".nono-canvas").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, 300)  # the wheel pans a grid larger than its view
    page.wait_for_function("window.nonogramGrid.pan.y < 0")
    page.keyboard.down("Control")
    page.mouse.wheel(0, 100)  # Ctrl+wheel zooms out
    page.keyboard.up("Control")
    expect(page.locator(".nono-canvas")).to_be_visible()
    page.wait_for_function("window.nonogramGrid.zoom < 2.25")
    page.get_by_role("button", name="Zoom out").click()
    page.get_by_role("button", name="Zoom out").click()
    page.get_by_role("button", name="Zoom out").click()
    page.wait_for_function("window.nonogramGrid.zoom === 1")
    # a stroke on the zoomed-out 100 × 100 grid still lands on its cells
    a = page.evaluate("window.nonogramGrid.cellCentre(50, 10)")
    b = page.evaluate("window.nonogramGrid.cellCentre(50, 40)")
    page.mouse.move(box["x"] + a["x"], box["y"] + a["y"])
    page.mouse.down()
    page.mouse.move(box["x"] + b["x"], box["y"] + b["y"], steps=10)
    page.mouse.up()
    row = page.evaluate("Array.from(window.nonogramGrid.cells.subarray(5000, 5100))")
    assert row[10:41] == [1] * 31 and row[9] == 0 and row[41] == 0
