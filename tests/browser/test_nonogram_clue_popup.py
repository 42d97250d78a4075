"""A clue too long for its strip is drawn cut ("…" for the numbers farthest from
the grid); a tap on it, or the keyboard cursor in its line, shows the whole clue
in a caption over the grid (an aria-live region), and the next press elsewhere
hides it. Strokes on the cells still paint. On a 390 px touch phone, with a
100 × 100 puzzle; a screenshot goes to build/screenshots for people to look at.
"""

from __future__ import annotations

from playwright.sync_api import expect
from test_nonogram_legible import open_puzzle

GRID = "window.nonogramGrid"


def canvas_point(page, x, y):
    box = page.locator(".nono-canvas").bounding_box()
    return {"x": box["x"] + x, "y": box["y"] + y}


def first_cut(page, lines, visible):
    """The first of `lines` (JS) whose clue is cut and `visible` (JS of `r`, its box; `v`)."""
    return page.evaluate(
        f"""(() => {{
        const g = {GRID}, v = g.view();
        for (const line of {lines}) {{
          const r = g.clueRect(line);
          if (g.clueCut(line) && {visible}) return line;
        }}
        return null;
    }})()"""
    )


def caption_numbers(page):
    text = page.locator(".nono-clue-caption").text_content()
    name, _, numbers = text.partition(": ")
    return name, [int(n) for n in numbers.split()]


def test_a_tap_on_a_cut_clue_shows_it_whole(phone, site_url, screenshot_dir):
    page = phone
    open_puzzle(page, site_url, 100)
    caption = page.locator(".nono-clue-caption")
    expect(caption).to_be_hidden()
    expect(caption).to_have_attribute("aria-live", "polite")
    height = page.evaluate(f"{GRID}.height")

    # a row whose clue is cut, in view: tap its "…" (the strip's far end)
    row = first_cut(
        page, f"[...Array({GRID}.height).keys()]", "r.y >= v.clueH && r.y + r.h <= v.H - 40"
    )
    assert row is not None, "no row clue is cut on a phone"
    r = page.evaluate(f"{GRID}.clueRect({row})")
    page.touchscreen.tap(**canvas_point(page, r["x"] + 6, r["y"] + r["h"] / 2))
    expect(caption).to_be_visible()
    name, numbers = caption_numbers(page)
    assert name == f"row {row + 1}"
    assert numbers == page.evaluate(f"{GRID}.rows[{row}]")
    assert len(numbers) > 3  # more than the strip shows
    # the caption is by the row, inside the stage
    stage = page.locator(".nono-stage").bounding_box()
    box = caption.bounding_box()
    assert stage["y"] <= box["y"] and box["y"] + box["height"] <= stage["y"] + stage["height"] + 1
    page.screenshot(path=screenshot_dir / "nonogram-clue-caption-390-row.png")

    # a column whose clue is cut
    col_line = first_cut(
        page,
        f"[...Array({GRID}.width).keys()].map((c) => {height} + c)",
        "r.x >= v.clueW && r.x + r.w <= v.W",
    )
    assert col_line is not None, "no column clue is cut on a phone"
    col = col_line - height
    r = page.evaluate(f"{GRID}.clueRect({col_line})")
    page.touchscreen.tap(**canvas_point(page, r["x"] + r["w"] / 2, r["y"] + 6))
    expect(caption).to_have_attribute("data-lines", str(col_line))
    name, numbers = caption_numbers(page)
    assert name == f"column {col + 1}"
    assert numbers == page.evaluate(f"{GRID}.columns[{col}]")
    page.screenshot(path=screenshot_dir / "nonogram-clue-caption-390-column.png")

    # a tap on a cell hides the caption and still paints the cell (the caption lets it through)
    p = page.evaluate(f"{GRID}.cellCentre({row}, {col})")
    cell = row * 100 + col
    assert page.evaluate(f"{GRID}.cells[{cell}]") == 0
    page.touchscreen.tap(**canvas_point(page, p["x"], p["y"]))
    page.wait_for_function(f"{GRID}.cells[{cell}] === 1")
    expect(caption).to_be_hidden()

    # the keyboard cursor in a line with a cut clue shows it too
    page.locator(".nono-canvas").focus()
    page.keyboard.press("ArrowDown")  # the first press shows the cursor at (0, 0)
    for _ in range(row):
        page.keyboard.press("ArrowDown")
    expect(caption).to_be_visible()
    lines = caption.get_attribute("data-lines").split()
    assert str(row) in lines
    assert caption.text_content().startswith(f"row {row + 1}: ")
