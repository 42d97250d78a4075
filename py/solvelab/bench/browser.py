"""The player page in headless Chromium: ``solvelab bench browser``.

Serves the built site (``make site``, or ``--site DIR`` / ``$SOLVELAB_SITE_DIR``)
on a free local port and measures, in a fresh browser each time (a first visit):

- how soon the cube is on screen after navigation, when Python is ready
  (the worker's "ready"), and how long after that the solver's tables are
  ready (its "tables-ready");
- the first solution after pressing Solve 5 s after opening the page, on a
  cube turned a dozen times with the keys (pressed while Python starts, so
  that the page draws while the tables load; with ``--turns-after-tables``,
  once they are ready);
- the bytes the server sent for that first visit, by kind, and any file it
  sent twice;
- with ``--trace``, in one more fresh browser, what each kind of thread was
  busy with while the tables loaded (``solvelab.bench.browser_trace``);

then, in one more browser: pressing Solve as soon as Python is ready,
animation (frames a second, JavaScript time per frame), and with Python and
the tables loaded, the time to a solution of at most 20 moves for a set of
seeded random cubes, measured inside the page.

Times are taken in the page (``performance.now()``, from navigation): the
worker's status messages are timed as the page receives them.

Needs Playwright and Chromium (the test extra and `make chromium`).
"""

from __future__ import annotations

import gzip
import os
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from solvelab.bench.cube import cubes, percentile
from solvelab.bench.site_server import CHROMIUM_ARGS, SiteServer, chromium_path

SITE = Path(
    os.environ.get("SOLVELAB_SITE_DIR") or Path(__file__).resolve().parents[3] / "build" / "site"
)
READY_MS = 120_000
FRESH_LAUNCHES = 9
SOLVE_AT_MS = 5_000  # Solve is pressed this long after navigation
KEY_TURNS = "rUfLbDRuFlBd"  # a dozen turns with the keys (capitals with Shift: R', U', ...)
PYTHON_READY = "!document.querySelector('[data-action=\"solve\"]').disabled"
SOLUTION_SHOWN = "/^Solution/.test(document.querySelector('.player-message').textContent)"

# Before the page's scripts: time the worker's status messages as the page gets them.
STATUS_TIMES = """
window.__solvelabStatus = {};
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", ({ data }) => {
      const stage = data && data.status && data.status.stage;
      const times = window.__solvelabStatus;
      if (stage && !(stage in times)) {
        times[stage] = performance.now();
        console.timeStamp(`solvelab-${stage}`); // a mark in a trace (see browser_trace)
      }
      if (stage === "tables-ready") window.__solvelabTablesSteps = data.status.steps;
    });
  }
};
"""

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


VIEWPORT = {"width": 1280, "height": 800}


def _player(browser):
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(STATUS_TIMES)
    return context, context.new_page()


def _status(page, stage: str) -> float:
    """Milliseconds from navigation to the worker's status ``stage`` (waits for it).

    The time is the page's own (STATUS_TIMES), so the wait can look every
    100 ms rather than at every animation frame: a check per frame makes the
    page draw a frame each time, as an idle visitor's page does not (traced:
    with software WebGL, the GPU process's main thread then compositing a
    third to three quarters of the time while the tables load).
    """
    page.wait_for_function(
        f"window.__solvelabStatus[{stage!r}] || window.__solvelabStatus.error"
        " || window.__solvelabStatus['tables-error']",
        timeout=READY_MS,
        polling=100,
    )
    at = page.evaluate(f"window.__solvelabStatus[{stage!r}]")
    if at is None:
        raise RuntimeError(
            f"the worker failed before {stage!r}: {page.evaluate('window.__solvelabStatus')}"
        )
    return at


def _fresh_visits(
    playwright, path: str, server: SiteServer, launches: int, site: Path, turns_after: bool
) -> dict:
    """Start-up figures from ``launches`` fresh browsers, and the bytes of the first visit.

    The cube is turned a dozen times with the keys while Python starts, so the
    page draws while the tables load; with ``turns_after``, once they are ready.

    Each launch is a new browser with a new profile on disk, as on a first
    visit: its first page pays for starting the GPU process, which with
    software WebGL takes most of the time before the first frame, and, as in
    a visitor's browser (not an incognito one), what it downloads goes into
    the disk cache that the service worker's precache then finds.
    """
    figures: dict[str, list[float]] = {
        "first frame on screen (s after navigation)": [],
        "Python ready (s after navigation)": [],
        "tables ready (s after Python ready)": [],
        "first solution (s after Solve, pressed 5 s after navigation)": [],
    }
    first_visit: dict = {}
    url = server.url + "cube/player/"
    for launch in range(launches):
        profile = tempfile.TemporaryDirectory(prefix="solvelab-bench-")
        context = playwright.chromium.launch_persistent_context(
            profile.name, executable_path=path, args=CHROMIUM_ARGS, viewport=VIEWPORT
        )
        context.add_init_script(STATUS_TIMES)
        page = context.new_page()
        sent_before = len(server.served)
        page.goto(url)
        first = page.wait_for_function("window.solvelabPlayer?.view.stats.firstShownMs")
        figures["first frame on screen (s after navigation)"].append(first.json_value() / 1000)
        if not turns_after:
            _turn(page)
        ready = _status(page, "ready")
        figures["Python ready (s after navigation)"].append(ready / 1000)
        tables = _status(page, "tables-ready")
        figures["tables ready (s after Python ready)"].append((tables - ready) / 1000)
        # The worker's own timeline of the tables (see js/worker.js).
        for step, seconds in page.evaluate("window.__solvelabTablesSteps").items():
            figures.setdefault(f"tables: {step} (s after their start)", []).append(seconds)
        if turns_after:
            _turn(page)
        page.wait_for_function(
            f"performance.now() >= {SOLVE_AT_MS} && window.solvelabPlayer.view.idle"
            f" && window.solvelabPlayer.step === {len(KEY_TURNS)} && {PYTHON_READY}",
            timeout=READY_MS,
        )
        pressed = page.evaluate(
            """() => {
                document.querySelector('[data-action="solve"]').click();
                return performance.now();
            }"""
        )
        page.wait_for_function(SOLUTION_SHOWN, timeout=READY_MS)
        shown = page.evaluate("performance.now()")
        figures["first solution (s after Solve, pressed 5 s after navigation)"].append(
            (shown - pressed) / 1000
        )
        if launch == 0:
            page.wait_for_timeout(3000)  # what the page fetches after (the service worker's)
            sent = server.served[sent_before:]  # what the server sent in full (no 304s)
            counts = Counter(path for path, _ in sent)
            first_visit = {
                **_bytes(dict(sent), site),
                "with repeats": sum(size for _, size in sent),
                "twice": sorted(path for path, n in counts.items() if n > 1),
            }
        context.close()
        profile.cleanup()
    return {"fresh browsers": figures, "first visit": first_visit}


def _turn(page) -> None:
    page.locator("body").click(position={"x": 5, "y": 5})  # the keys go to the page
    for key in KEY_TURNS:
        page.keyboard.press(f"Shift+{key.lower()}" if key.isupper() else key)


def run(
    count: int = 20,
    site: Path = SITE,
    launches: int = FRESH_LAUNCHES,
    turns_after: bool = False,
    trace: bool = False,
) -> dict:
    from playwright.sync_api import sync_playwright

    if not (site / "index.html").exists():
        raise SystemExit(f"no built site in {site}: run `make site` first")
    path = chromium_path()
    if path is None:
        raise SystemExit("Chromium not found: run `make chromium` or set CHROMIUM")
    figures: dict = {}
    with SiteServer(site) as server, sync_playwright() as playwright:
        url = server.url + "cube/player/"
        figures.update(_fresh_visits(playwright, path, server, launches, site, turns_after))
        if trace:
            from solvelab.bench.browser_trace import tables_window

            figures["trace"] = tables_window(playwright, path, url, CHROMIUM_ARGS, VIEWPORT)
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        context, page = _player(browser)
        page.goto(url)
        page.locator('[data-action="random-moves"]').wait_for(state="visible")
        page.wait_for_function(PYTHON_READY, timeout=READY_MS)
        page.locator('[data-action="random-moves"]').click()
        page.wait_for_function("window.solvelabPlayer.stickers.some((s, i) => s !== i)")
        clicked = time.perf_counter()
        page.locator('[data-action="solve"]').click()
        page.wait_for_function(SOLUTION_SHOWN, timeout=READY_MS)
        figures["Solve as soon as Python is ready, to first solution (s)"] = (
            time.perf_counter() - clicked
        )
        # The search goes on improving for a few seconds, then the solution plays.
        page.wait_for_function(
            "/^Solution/.test(document.querySelector('.player-message').textContent)"
            " && !/shorter/.test(document.querySelector('.player-message').textContent)"
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
            "p95_s": percentile(seconds, 95),
            "max_s": max(seconds),
        }
        context.close()
        browser.close()
    return figures


def _bytes(sizes: dict[str, int], site: Path) -> dict:
    """Bytes sent by kind (path -> size), and what gzip (as most web servers send it)
    would make of them."""
    kinds: dict[str, int] = {}
    gzipped = 0
    for path, size in sizes.items():
        kind = next(
            (
                k
                for k in ("pyodide/", "tables/", "py/", "assets/", "js/")
                if path.startswith(f"/{k}")
            ),
            "pages",
        )
        kinds[kind.rstrip("/")] = kinds.get(kind.rstrip("/"), 0) + size
        local = site / path.lstrip("/")
        if local.is_file():
            data = local.read_bytes()
            # Already compressed files (the tables) are sent as they are.
            gzipped += len(data) if local.suffix == ".table" else len(gzip.compress(data, 6))
        else:
            gzipped += size  # a directory's index page: not looked up
    return {"total": sum(kinds.values()), "gzip_total": gzipped, **kinds}


def _seconds(label: str, seconds: list[float]) -> None:
    print(
        f"{label:62} {statistics.median(seconds):6.2f} median of {len(seconds)} fresh browsers"
        f" (min {min(seconds):.2f}, max {max(seconds):.2f})"
    )


def main(
    count: int,
    site: str | None = None,
    launches: int = FRESH_LAUNCHES,
    turns_after: bool = False,
    trace: bool = False,
) -> int:
    figures = run(count, Path(site) if site else SITE, launches, turns_after, trace)
    traced = figures.pop("trace", None)
    animation = figures.pop("animation")
    warm = figures.pop("warm solves to <= 20 moves")
    data = figures.pop("first visit")
    for label, seconds in figures.pop("fresh browsers").items():
        _seconds(label, seconds)
    for label, value in figures.items():
        print(f"{label:62} {value:6.2f}")
    width, height = animation["pixels"]
    print(
        f"{'animation':62} {animation['fps']:6.1f} frames/s, "
        f"{animation['jsMsPerFrame']:.3f} ms JavaScript per frame ({animation['frames']} frames), "
        f"drawn at {animation['scale']:.2f} of {width}x{height} device pixels while moving"
    )
    print(
        f"{'warm solve to <= 20 moves':62} median {warm['median_s']:.3f} s, "
        f"p95 {warm['p95_s']:.3f} s, max {warm['max_s']:.3f} s ({warm['cubes']} cubes)"
    )
    twice, repeats = data.pop("twice"), data.pop("with repeats")
    print(
        f"{'bytes of a first visit (to its first solution)':62} {data['total']:,}"
        f" ({data['gzip_total']:,} gzipped)" + ("" if twice else ", each file once")
    )
    for kind in sorted(k for k in data if k not in ("total", "gzip_total")):
        print(f"{'  ' + kind:62} {data[kind]:,}")
    print(f"{'  sent, counting files sent twice':62} {repeats:,}")
    print(f"{'  files sent twice':62} {len(twice)}" + (f": {', '.join(twice)}" if twice else ""))
    if traced:
        print(f"traced: from Python ready to tables ready, {traced['window_ms']:.0f} ms; busy (ms)")
        compiling = traced["wasm_top_tier_ms"]
        print(f"{'  compiling WebAssembly, optimised tier (V8)':62} {compiling:6.0f}")
        for thread, ms in list(traced["busy_ms"].items())[:6]:
            print(f"{'  ' + thread:62} {ms:6.0f}")
    return 0
