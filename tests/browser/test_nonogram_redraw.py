"""The nonogram grid paints only what changed from frame to frame (the cells of a
stroke, the highlighted row and column, a clue that turns grey, marks, the cursor);
these tests check that what it shows then is exactly what a full paint of the same
state shows, pixel for pixel, at device-pixel ratios 1 and 2, zoomed and panned.

The pixels are read from the canvas itself (getImageData), after the frames that
paint them; `grid.redraw()` paints everything again from scratch.
"""

from __future__ import annotations

import json
import random

import pytest

from solvelab.nonogram import Puzzle

STORE = "solvelab.nonogram.play"  # js/nonogram-play.js keeps the puzzle in progress here
SIZE = 100
FULL_ROW = 40  # a row of the picture that is all filled: its clue turns grey once painted
PYTHON_READY = 120_000

FRAMES = "new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"

# The canvas's pixels now, kept in the page as window.__pixels[name].
KEEP = """async (name) => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const grid = window.nonogramGrid;
  const { width, height } = grid.canvas;
  (window.__pixels ??= {})[name] = grid.ctx.getImageData(0, 0, width, height).data;
  return { ...grid.paints };
}"""

# How many pixels differ between two kept images, and by how much at most.
DIFFER = """([a, b]) => {
  const x = window.__pixels[a], y = window.__pixels[b];
  if (x.length !== y.length) return { pixels: -1, most: 255 };
  let pixels = 0, most = 0;
  for (let i = 0; i < x.length; i += 4) {
    const d = Math.max(Math.abs(x[i] - y[i]), Math.abs(x[i + 1] - y[i + 1]),
                       Math.abs(x[i + 2] - y[i + 2]), Math.abs(x[i + 3] - y[i + 3]));
    if (d) pixels++, (most = Math.max(most, d));
  }
  return { pixels, most };
}"""


def _state() -> str:
    """A 100 × 100 puzzle (one row all filled), nothing marked yet, as the Play page keeps it."""
    rng = random.Random(11)
    rows = [
        "X" * SIZE if r == FULL_ROW else "".join(rng.choice("X.") for _ in range(SIZE))
        for r in range(SIZE)
    ]
    puzzle = Puzzle.from_grid(rows)
    lengths = lambda clues: [[b.length for b in clue] for clue in clues]  # noqa: E731
    return json.dumps(
        {
            "puzzle": {
                "width": SIZE,
                "height": SIZE,
                "rows": lengths(puzzle.rows),
                "columns": lengths(puzzle.columns),
                "title": "redraw",
            },
            "cells": "0" * SIZE * SIZE,
            "elapsed": 0,
            "solved": False,
        }
    )


@pytest.fixture(params=["desktop", "phone"])
def grid_page(request, browser, site_url):
    """The Play page with the 100 × 100 puzzle: 1280 × 800 at ratio 1, or 390 × 844 at 2."""
    options = {
        "desktop": {"viewport": {"width": 1280, "height": 800}},
        "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2},
    }[request.param]
    context = browser.new_context(service_workers="block", **options)
    context.add_init_script(f"localStorage.setItem({json.dumps(STORE)}, {json.dumps(_state())})")
    page = context.new_page()
    page.set_default_timeout(60_000)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site_url}nonograms/play/")
    page.wait_for_selector(".nonogram-play[data-ready=true]")
    page.wait_for_function(f"window.nonogramGrid.width === {SIZE}")
    # Python ready first: the line that says it is loading then goes, and the grid
    # would move under a stroke
    page.wait_for_function(
        "!document.querySelector('[data-action=hint]').disabled", timeout=PYTHON_READY
    )
    page.locator(".nono-stage").scroll_into_view_if_needed()
    try:
        yield page
    finally:
        context.close()
    assert not errors, errors


def point(page, row, col):
    box = page.locator(".nono-canvas").bounding_box()
    centre = page.evaluate(f"window.nonogramGrid.cellCentre({row}, {col})")
    return box["x"] + centre["x"], box["y"] + centre["y"]


def drag(page, start, end, button="left"):
    page.mouse.move(*point(page, *start))
    page.mouse.down(button=button)
    page.mouse.move(*point(page, *end), steps=25)
    page.mouse.up(button=button)


def same_as_a_full_paint(page, name):
    """Keeps the canvas as painted frame by frame, paints it all again, and compares."""
    page.evaluate(KEEP, f"{name}-partial")
    page.evaluate("window.nonogramGrid.redraw()")
    page.evaluate(KEEP, f"{name}-full")
    difference = page.evaluate(DIFFER, [f"{name}-partial", f"{name}-full"])
    assert difference == {"pixels": 0, "most": 0}, f"{name}: {difference}"


# A cell near the right edge of what the canvas shows of the grid, 60% of the way down.
IN_VIEW = """() => {
  const grid = window.nonogramGrid;
  const rect = grid.canvas.getBoundingClientRect();
  for (let f = 0.97; f > 0.3; f -= 0.01) {
    const at = grid.cellAt(rect.left + rect.width * f, rect.top + rect.height * 0.6);
    if (at) return at;
  }
  return null;
}"""


def test_a_partial_paint_gives_the_picture_of_a_full_paint(grid_page):
    page = grid_page
    grid = "window.nonogramGrid"
    if page.viewport_size["width"] < 600:
        # the phone: zoomed in and panned by a fraction of a pixel, so that the
        # grid and the clues are cut at the edges of the view
        page.evaluate(f"{grid}.setZoom(2.5); {grid}.pan.x -= 333.3; {grid}.pan.y -= 517.7;")
        page.evaluate(f"{grid}.draw()")
        page.evaluate(FRAMES)
        assert page.evaluate(f"{grid}.pan.x < -100 && {grid}.pan.y < -100"), page.evaluate(
            f"[{grid}.pan, {grid}.view()]"
        )
    at = page.evaluate(IN_VIEW)
    assert at, "no cell in view"
    row, last_col = at["row"], at["col"]
    assert 5 < row < 95 and last_col > 20, at
    page.evaluate(KEEP, "start")
    painted = page.evaluate(f"({{...{grid}.paints}})")

    # fill a row leftwards from the last column in view
    left = last_col - 12
    drag(page, (row, last_col), (row, left))
    page.wait_for_function(f"{grid}.cells[{row} * 100 + {left}] === 1")
    after = page.evaluate(KEEP, "stroke")
    assert page.evaluate(DIFFER, ["start", "stroke"])["pixels"] > 0, "the stroke drew nothing"
    assert after["full"] == painted["full"], "a stroke should paint only what changed"
    assert after["partial"] > painted["partial"]
    same_as_a_full_paint(page, "fill")

    # cross a column with the right button, through the filled row (it stays filled)
    drag(page, (row - 3, last_col - 2), (row + 3, last_col - 2), button="right")
    page.wait_for_function(f"{grid}.cells[({row} + 3) * 100 + {last_col} - 2] === 2")
    same_as_a_full_paint(page, "cross")

    # erase part of the filled row: the first cell (filled) decides
    drag(page, (row, last_col - 4), (row, last_col - 1))
    page.wait_for_function(f"{grid}.cells[{row} * 100 + {last_col} - 1] === 0")
    same_as_a_full_paint(page, "erase")

    # the whole row of the picture that is all filled: its clue turns grey
    page.evaluate(f"{grid}.setZoom(1)")
    page.evaluate(FRAMES)
    drag(page, (FULL_ROW, 0), (FULL_ROW, 99))
    page.wait_for_function(f"{grid}.lineDone({FULL_ROW})")
    same_as_a_full_paint(page, "grey")

    # marks (check, hint) and a marked line, set as the page sets them; then cleared
    page.evaluate(
        f"{grid}.marks.set(5, 'wrong'); {grid}.marks.set(4321, 'hint');"
        f" {grid}.marks.set(9999, 'diff'); {grid}.markedLine = 130; {grid}.draw();"
    )
    same_as_a_full_paint(page, "marks")
    page.evaluate(f"{grid}.marks.clear(); {grid}.markedLine = 7; {grid}.draw();")
    same_as_a_full_paint(page, "marks cleared")

    # the keyboard cursor, moved, and a cell crossed with it; then undo
    page.locator(".nono-canvas").focus()
    page.evaluate(f"{grid}.cursor = {{row: 2, col: 2}}; {grid}.draw()")
    for key in ("ArrowRight", "ArrowRight", "ArrowDown", "x"):
        page.keyboard.press(key)
    page.wait_for_function(f"{grid}.cells[3 * 100 + 4] === 2")
    same_as_a_full_paint(page, "cursor")
    page.keyboard.press("Control+z")
    page.wait_for_function(f"{grid}.cells[3 * 100 + 4] === 0")
    same_as_a_full_paint(page, "undo")

    # the pointer leaves the canvas: the highlight goes
    page.mouse.move(1, 1)
    same_as_a_full_paint(page, "left")

    # zoomed in, panned with the wheel: the canvas moves what it shows and paints
    # only the bands that come in, then a stroke on the panned grid
    page.evaluate(f"{grid}.setZoom(3)")
    page.evaluate(FRAMES)
    box = page.locator(".nono-canvas").bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.7, box["y"] + box["height"] * 0.7)
    page.evaluate(FRAMES)
    before = page.evaluate(f"({{...{grid}.paints, pan: {{...{grid}.pan}}}})")
    for dx, dy in ((0, 120), (90, 0), (-37, -53), (25, 61)):
        page.mouse.wheel(dx, dy)
        page.evaluate(FRAMES)
    after = page.evaluate(f"({{...{grid}.paints, pan: {{...{grid}.pan}}}})")
    assert after["pan"] != before["pan"], "the wheel did not pan"
    assert after["full"] == before["full"], "a pan should move the picture, not paint it all"
    same_as_a_full_paint(page, "pan")
    at = page.evaluate(IN_VIEW)
    drag(page, (at["row"], at["col"]), (at["row"], at["col"] - 6))
    page.wait_for_function(f"{grid}.cells[{at['row']} * 100 + {at['col']} - 6] !== 0")
    same_as_a_full_paint(page, "stroke after the pan")
