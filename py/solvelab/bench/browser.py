"""The player page in headless Chromium: ``solvelab bench browser``.

Serves the built site (``make site``) on a free local port and measures, in
a fresh browser profile each time:

- how soon the cube is on screen after navigation, and when Python is
  ready, in several freshly launched browsers (a new browser's first paint
  is the slow one);
- animation: frames a second and JavaScript time per frame while turning;
- a first visit: from pressing Solve (Pyodide loaded, tables not yet) to the
  first solution on screen, and every byte downloaded until then;
- with Python and the tables loaded: time to a solution of at most 20 moves
  for a set of seeded random cubes, measured inside the page.

Needs Playwright and Chromium (the test extra and `make chromium`).
"""

from __future__ import annotations

import gzip
import statistics
import time
from pathlib import Path

from solvelab.bench.cube import cubes
from solvelab.bench.site_server import CHROMIUM_ARGS, SiteServer, chromium_path

SITE = Path(__file__).resolve().parents[3] / "build" / "site"
READY_MS = 120_000
FRESH_LAUNCHES = 9
PYTHON_READY = "!document.querySelector('[data-action=\"solve\"]').disabled"

# Solve seeded cubes in the page's worker; time to the first solution of <= 20 moves.
WARM_SOLVES = """async (facelets) => {
    const python = window.solvelabPlayer.python;
    const seconds = [];
    for (const f of facelets) {
        const start = performance.now();
        const result = await python.call("solve", {facelets: f, time_limit: 30, stop_at: 20});
        if (result.error || result.length > 20) throw new Error(JSON.stringify(result));
        seconds.push((performance.now() - start) / 1000);
    }
    return seconds;
}"""

ANIMATE = """async (tokens) => {
    const view = window.solvelabPlayer.view;
    view.speed = 180;
    const frames = view.stats.frames, jsMs = view.stats.jsMs, start = performance.now();
    await view.play(tokens);
    const seconds = (performance.now() - start) / 1000;
    const n = view.stats.frames - frames;
    return {
        fps: n / seconds, jsMsPerFrame: (view.stats.jsMs - jsMs) / n, frames: n, seconds,
        scale: view.movingScale, pixels: [view.canvas.width, view.canvas.height],
    };
}"""


def _player(browser, url: str):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sizes: dict[str, int] = {}

    def record(response) -> None:
        length = response.headers.get("content-length")  # the server sends it for every file
        if length is not None:
            sizes[response.url] = int(length)

    context.on("response", record)
    return context, page, sizes


def _fresh_visits(playwright, path: str, url: str, launches: int = FRESH_LAUNCHES) -> dict:
    """Seconds from navigation until the cube is on screen and until Python is ready.

    Each launch is a new browser, as on a first visit: its first page pays for
    starting the GPU process, which with software WebGL takes most of the
    time before the first frame.
    """
    shown, ready = [], []
    for _ in range(launches):
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url)
        first = page.wait_for_function("window.solvelabPlayer?.view.stats.firstShownMs")
        shown.append(first.json_value() / 1000)
        page.wait_for_function(PYTHON_READY, timeout=READY_MS)
        ready.append(page.evaluate("performance.now()") / 1000)
        browser.close()
    return {"first frame on screen": shown, "Python ready": ready}


def run(count: int = 20) -> dict:
    from playwright.sync_api import sync_playwright

    if not (SITE / "index.html").exists():
        raise SystemExit(f"no built site in {SITE}: run `make site` first")
    path = chromium_path()
    if path is None:
        raise SystemExit("Chromium not found: run `make chromium` or set CHROMIUM")
    figures: dict = {}
    with SiteServer(SITE) as server, sync_playwright() as playwright:
        figures["fresh browsers"] = _fresh_visits(playwright, path, server.url + "cube/player/")
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        context, page, sizes = _player(browser, server.url + "cube/player/")
        start = time.perf_counter()
        page.goto(server.url + "cube/player/")
        page.locator('[data-action="random-moves"]').wait_for(state="visible")
        page.wait_for_function(PYTHON_READY, timeout=READY_MS)
        page.locator('[data-action="random-moves"]').click()
        page.wait_for_function("window.solvelabPlayer.stickers.some((s, i) => s !== i)")
        clicked = time.perf_counter()
        page.locator('[data-action="solve"]').click()
        page.wait_for_function(
            "/^(Found|Solution)/.test(document.querySelector('.player-message').textContent)",
            timeout=READY_MS,
        )
        figures["Solve to first solution, first visit (s)"] = time.perf_counter() - clicked
        figures["navigation to first solution (s)"] = time.perf_counter() - start
        figures["bytes before first solution"] = _bytes(sizes)
        # The search goes on improving for a few seconds, then the solution plays.
        page.wait_for_function(
            "/^Solution/.test(document.querySelector('.player-message').textContent)"
            " && !window.solvelabPlayer.playing && window.solvelabPlayer.view.idle",
            timeout=READY_MS,
        )
        # Twice: the first run is where the view learns its resolution while moving.
        page.evaluate(ANIMATE, ["R", "U", "R'", "U'"] * 10)
        figures["animation"] = page.evaluate(ANIMATE, ["R", "U", "R'", "U'"] * 10)
        sample = [cube.to_facelets() for cube in cubes(count)]
        seconds = page.evaluate(WARM_SOLVES, sample)
        figures["warm solves to <= 20 moves"] = {
            "cubes": count,
            "median_s": statistics.median(seconds),
            "p95_s": sorted(seconds)[int(0.95 * (len(seconds) - 1))],
            "max_s": max(seconds),
        }
        context.close()
        browser.close()
    return figures


def _bytes(sizes: dict[str, int]) -> dict:
    """Downloaded bytes by kind, and what gzip (as most web servers send it) would make of them."""
    kinds: dict[str, int] = {}
    gzipped = 0
    for url, size in sizes.items():
        kind = next(
            (k for k in ("pyodide/", "tables/", "py/", "assets/", "js/") if f"/{k}" in url),
            "pages",
        )
        kinds[kind.rstrip("/")] = kinds.get(kind.rstrip("/"), 0) + size
        local = SITE / url.split("/", 3)[3].split("?")[0]
        if local.is_file():
            gzipped += len(gzip.compress(local.read_bytes(), 6))
    return {"total": sum(kinds.values()), "gzip_total": gzipped, **kinds}


def main(count: int) -> int:
    figures = run(count)
    animation = figures.pop("animation")
    warm = figures.pop("warm solves to <= 20 moves")
    data = figures.pop("bytes before first solution")
    for label, seconds in figures.pop("fresh browsers").items():
        print(
            f"{label + ' (s after navigation)':45} {statistics.median(seconds):8.2f}"
            f" median of {len(seconds)} fresh browsers"
            f" (min {min(seconds):.2f}, max {max(seconds):.2f})"
        )
    for label, value in figures.items():
        print(f"{label:45} {value:8.2f}")
    width, height = animation["pixels"]
    print(
        f"{'animation':45} {animation['fps']:8.1f} frames/s, "
        f"{animation['jsMsPerFrame']:.3f} ms JavaScript per frame ({animation['frames']} frames), "
        f"drawn at {animation['scale']:.2f} of {width}x{height} device pixels while moving"
    )
    print(
        f"{'warm solve to <= 20 moves':45} median {warm['median_s']:.3f} s, "
        f"p95 {warm['p95_s']:.3f} s, max {warm['max_s']:.3f} s ({warm['cubes']} cubes)"
    )
    print(
        f"{'bytes before the first solution':45} {data['total']:,} ({data['gzip_total']:,} gzipped)"
    )
    for kind in sorted(k for k in data if k not in ("total", "gzip_total")):
        print(f"{'  ' + kind:45} {data[kind]:,}")
    return 0
