"""The nonogram pages in headless Chromium: ``solvelab bench nonogram-pages``.

Serves the built site (``make site``, or ``--site DIR`` / ``$SOLVELAB_SITE_DIR``)
on a free local port and measures the three targets of the nonogram pages:

- **drawn**: a 30 × 30 puzzle in progress (kept in the browser's storage, as
  after a visit) on screen after the Play page is interactive (the
  navigation's ``domInteractive``), in a fresh browser context each run, while
  Python is still loading; target 0.3 s;
- **stroke**: frames a second while a pointer drags a stroke across a
  100 × 100 grid (a move every few milliseconds, faster than frames), with
  Python loaded; target 60. Beside it, the **ceiling**: frames a second while
  the mouse makes the same moves beside the page's content, where nothing is
  drawn: what the browser manages on this machine under its present load;
- **indicator**: on the Edit page, the time from the end of a stroke on a
  25 × 25 picture to the solver's verdict on the picture as it is now; target 1 s.

Prints target against measured (the median of ``--runs``) and the machine's
load average before and after. Times are taken in the page
(``performance.now()``).

Needs Playwright and Chromium (the test extra and `make chromium`).
"""

from __future__ import annotations

import json
import os
import random
import statistics
from pathlib import Path

from solvelab.bench.browser import READY_MS, SITE, STATUS_TIMES, VIEWPORT
from solvelab.bench.site_server import CHROMIUM_ARGS, SiteServer, chromium_path

PLAY_STORE = "solvelab.nonogram.play"  # js/nonogram-play.js keeps the puzzle in progress here
TARGETS = {"drawn": 0.3, "fps": 60.0, "indicator": 1.0}

# Before the page's scripts: the puzzle in progress, and the time the grid first
# shows it (the task after the frame in which the page's grid holds it: that
# frame's drawing is done then).
DRAWN_AT = """
localStorage.setItem(%(store)s, %(state)s);
window.__nonoDrawn = null;
requestAnimationFrame(function frame() {
  const grid = window.nonogramGrid;
  if (grid && grid.width === %(size)d && grid.height === %(size)d) {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => (window.__nonoDrawn = performance.now());
    channel.port2.postMessage(0);
    return;
  }
  requestAnimationFrame(frame);
});
"""

# Frame times while a stroke is drawn (started before the stroke, stopped after it).
FRAMES_START = """() => {
  window.__nonoFrames = [];
  window.__nonoFramesOn = true;
  requestAnimationFrame(function frame(t) {
    if (!window.__nonoFramesOn) return;
    window.__nonoFrames.push(t);
    requestAnimationFrame(frame);
  });
}"""
FRAMES_STOP = """() => {
  window.__nonoFramesOn = false;
  const t = window.__nonoFrames;
  const gaps = t.slice(1).map((x, i) => x - t[i]);
  return { frames: gaps.length, ms: t[t.length - 1] - t[0], slowest: Math.max(...gaps) };
}"""

# The time from the end of the next stroke to the verdict on the picture after it.
INDICATOR_ARM = """() => {
  const root = document.querySelector(".nonogram-edit");
  const verdict = document.querySelector(".nono-verdict");
  window.__nonoAnswer = new Promise((resolve) => {
    root.querySelector(".nono-canvas").addEventListener("pointerup", () => {
      const start = performance.now();
      const done = () =>
        verdict.dataset.status !== "checking" && verdict.dataset.version === root.dataset.version;
      const observer = new MutationObserver(() => {
        if (!done()) return;
        observer.disconnect();
        resolve({ ms: performance.now() - start, status: verdict.dataset.status });
      });
      observer.observe(verdict, { attributes: true });
    }, { once: true });
  });
}"""


def _picture_state(size: int, seed: int = 30) -> str:
    """The Play page's stored state for a random size × size puzzle, nothing marked."""
    from solvelab.nonogram import Puzzle
    from solvelab.nonogram.link import encode_clues

    rng = random.Random(seed)
    rows = ["".join("X" if rng.random() < 0.55 else "." for _ in range(size)) for _ in range(size)]
    puzzle = Puzzle.from_grid(rows)
    lengths = lambda clues: [[b.length for b in clue] for clue in clues]  # noqa: E731
    state = {
        "puzzle": {
            "width": size,
            "height": size,
            "rows": lengths(puzzle.rows),
            "columns": lengths(puzzle.columns),
            "title": f"bench {size} × {size}",
            "link": encode_clues(puzzle),
        },
        "cells": "0" * (size * size),
        "elapsed": 0,
        "solved": False,
    }
    return json.dumps(state)


def _play_page(browser, url: str, size: int):
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    context.add_init_script(STATUS_TIMES)
    context.add_init_script(
        DRAWN_AT
        % {"store": json.dumps(PLAY_STORE), "state": json.dumps(_picture_state(size)), "size": size}
    )
    page = context.new_page()
    page.set_default_timeout(READY_MS)
    page.goto(url + "nonograms/play/")
    return context, page


def drawn(browser, url: str, runs: int) -> dict:
    """Seconds from the page being interactive to the 30 × 30 puzzle on screen, and
    whether Python was still loading then, in a fresh context each run."""
    seconds, before_python = [], 0
    for _ in range(runs):
        context, page = _play_page(browser, url, 30)
        page.wait_for_function("window.__nonoDrawn !== null")
        at = page.evaluate(
            "({drawn: window.__nonoDrawn, python: window.__solvelabStatus.ready ?? null,"
            " interactive: performance.getEntriesByType('navigation')[0].domInteractive})"
        )
        seconds.append((at["drawn"] - at["interactive"]) / 1000)
        before_python += at["python"] is None or at["python"] > at["drawn"]
        context.close()
    return {"seconds": seconds, "before_python": before_python}


def stroke_fps(browser, url: str, runs: int) -> dict:
    """Frames a second while a mouse stroke crosses a 100 × 100 grid, one run a row;
    and (the ceiling) while the mouse makes the same moves where nothing is drawn."""
    context, page = _play_page(browser, url, 100)
    page.wait_for_function("window.__nonoDrawn !== null")
    page.wait_for_function("window.__solvelabStatus.ready !== undefined", timeout=READY_MS)
    page.locator(".nono-stage").scroll_into_view_if_needed()
    box = page.locator(".nono-canvas").bounding_box()
    fps, slowest, ceiling = [], [], []
    for run in range(runs):
        row = 10 + 7 * run
        a = page.evaluate(f"window.nonogramGrid.cellCentre({row}, 2)")
        b = page.evaluate(f"window.nonogramGrid.cellCentre({row}, 97)")
        # the ceiling: as many moves, as far (down), in the empty band right of the content
        x = VIEWPORT["width"] - 12
        page.mouse.move(x, box["y"])
        page.evaluate(FRAMES_START)
        page.mouse.move(x, box["y"] + b["x"] - a["x"], steps=240)
        idle = page.evaluate(FRAMES_STOP)
        ceiling.append(1000 * idle["frames"] / idle["ms"])
        page.mouse.move(box["x"] + a["x"], box["y"] + a["y"])
        page.evaluate(FRAMES_START)
        page.mouse.down()
        page.mouse.move(box["x"] + b["x"], box["y"] + b["y"], steps=240)
        page.mouse.up()
        figures = page.evaluate(FRAMES_STOP)
        changed = page.evaluate(
            f"Array.from(window.nonogramGrid.cells.subarray({row * 100 + 2}, {row * 100 + 98}))"
        )
        if set(changed) != {1}:
            raise RuntimeError(f"the stroke on row {row + 1} did not fill its cells")
        fps.append(1000 * figures["frames"] / figures["ms"])
        slowest.append(figures["slowest"])
    context.close()
    return {"fps": fps, "slowest_ms": slowest, "ceiling_fps": ceiling}


def indicator(browser, url: str, runs: int) -> dict:
    """Seconds from the end of a stroke to the Edit page's verdict on a 25 × 25 picture."""
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(READY_MS)
    page.goto(url + "nonograms/edit/")
    page.wait_for_selector(".nonogram-edit[data-ready=true]")
    random_fill = page.locator("[data-form=random] button")
    page.wait_for_function(
        "!document.querySelector('[data-form=random] button').disabled", timeout=READY_MS
    )
    page.locator("[data-field=width]").fill("25")
    page.locator("[data-field=height]").fill("25")
    page.locator("[data-field=seed]").fill("7")
    random_fill.click()
    page.wait_for_function(
        "window.nonogramGrid.width === 25 && window.nonogramGrid.cells.some((c) => c)"
    )
    page.wait_for_function(
        "document.querySelector('.nono-verdict').dataset.status !== 'checking'", timeout=READY_MS
    )
    page.locator(".nono-stage").scroll_into_view_if_needed()
    box = page.locator(".nono-canvas").bounding_box()
    seconds, statuses = [], []
    for run in range(runs):
        row = (3 * run) % 25
        # a stroke that fills a few cells of a row, from an empty one
        cells = page.evaluate(f"Array.from(window.nonogramGrid.lineCells({row}))")
        start = next(c for c in range(25) if cells[c] == 0)
        stop = min(24, start + 3)
        a = page.evaluate(f"window.nonogramGrid.cellCentre({row}, {start})")
        b = page.evaluate(f"window.nonogramGrid.cellCentre({row}, {stop})")
        page.evaluate(INDICATOR_ARM)
        page.mouse.move(box["x"] + a["x"], box["y"] + a["y"])
        page.mouse.down()
        page.mouse.move(box["x"] + b["x"], box["y"] + b["y"], steps=4)
        page.mouse.up()
        answer = page.evaluate("window.__nonoAnswer")
        seconds.append(answer["ms"] / 1000)
        statuses.append(answer["status"])
    context.close()
    return {"seconds": seconds, "statuses": statuses}


def run(runs: int = 7, site: Path = SITE) -> dict:
    from playwright.sync_api import sync_playwright

    if not (site / "index.html").exists():
        raise SystemExit(f"no built site in {site}: run `make site` first")
    path = chromium_path()
    if path is None:
        raise SystemExit("Chromium not found: run `make chromium` or set CHROMIUM")
    figures: dict = {"load before": os.getloadavg()}
    with SiteServer(site) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        figures["drawn"] = drawn(browser, server.url, runs)
        figures["stroke"] = stroke_fps(browser, server.url, runs)
        figures["indicator"] = indicator(browser, server.url, runs)
        browser.close()
    figures["load after"] = os.getloadavg()
    return figures


def main(runs: int = 7, site: str | None = None, as_json: bool = False) -> int:
    figures = run(runs, Path(site) if site else SITE)
    if as_json:
        print(json.dumps(figures, indent=2))
        return 0
    load = lambda key: " ".join(f"{x:.2f}" for x in figures[key])  # noqa: E731
    print(
        f"nonogram pages, headless Chromium, median of {runs} runs; "
        f"load average {load('load before')} before, {load('load after')} after "
        f"({os.cpu_count()} CPUs)"
    )
    drawn_s = statistics.median(figures["drawn"]["seconds"])
    fps = statistics.median(figures["stroke"]["fps"])
    slowest = statistics.median(figures["stroke"]["slowest_ms"])
    ceiling = statistics.median(figures["stroke"]["ceiling_fps"])
    answer = statistics.median(figures["indicator"]["seconds"])
    rows = [
        (
            "30×30 puzzle drawn after the Play page is interactive",
            f"≤ {TARGETS['drawn']:.2f} s",
            f"{drawn_s:.3f} s",
            drawn_s <= TARGETS["drawn"],
            f"before Python was ready in {figures['drawn']['before_python']}/{runs}",
        ),
        (
            "stroke on a 100×100 grid: frames a second",
            f"{TARGETS['fps']:.0f}",
            f"{fps:.1f}",
            fps >= TARGETS["fps"] * 0.97,
            f"slowest frame {slowest:.0f} ms (median of the runs' slowest); "
            f"ceiling {ceiling:.1f} (the same moves, nothing drawn)",
        ),
        (
            "Edit: uniqueness verdict after the last stroke, 25×25",
            f"≤ {TARGETS['indicator']:.2f} s",
            f"{answer:.3f} s",
            answer <= TARGETS["indicator"],
            "verdicts: " + ", ".join(sorted(set(figures["indicator"]["statuses"]))),
        ),
    ]
    print(f"{'measure':56} {'target':>9} {'measured':>9}  met  notes")
    for label, target, measured, met, note in rows:
        print(f"{label:56} {target:>9} {measured:>9}  {'yes' if met else 'NO ':3}  {note}")
    return 0
