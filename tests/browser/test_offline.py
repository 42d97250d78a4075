"""A first visit downloads each file once, and after it the site works offline.

The test serves the built site from its own server (a fresh origin, so a
fresh service worker) and opens the player once, solving nothing: Python
starts, the tables come in the background, then the service worker stores
the whole site, revalidating what the page already has rather than
downloading it again. Then the server stops: from then on nothing at all
answers on the site's origin, and whatever still works comes from the
service worker's cache.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import expect

from solvelab.bench.site_server import CHROMIUM_ARGS, SiteServer, chromium_path
from solvelab.cube import Cube

READY_MS = 120_000
NOT_FOUND_LOGGED = "Failed to load resource: the server responded with a status of 404 (Not Found)"
SERVICE_WORKER_READY = "navigator.serviceWorker.ready.then((r) => r.active.scriptURL)"


def _chromium_path() -> str:
    path = chromium_path()
    assert path, "Chromium not found: run `make chromium`"
    return path


def _site_bytes(site_dir: Path) -> int:
    return sum(path.stat().st_size for path in site_dir.rglob("*") if path.is_file())


def test_first_visit_fetches_each_file_once_then_the_site_works_offline(
    browser, site_dir, tmp_path
):
    server = SiteServer(site_dir)
    url = server.url
    # A profile on disk, as a visitor's browser has: an incognito context's HTTP cache
    # lives in memory and keeps no file as large as Pyodide's 9.6 MB.
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=_chromium_path(), headless=True, args=CHROMIUM_ARGS
    )
    requests: list[str] = []
    errors: list[str] = []
    responses = []
    context.on("request", lambda request: requests.append(request.url))
    context.on("response", lambda response: responses.append(response))
    page = context.pages[0]
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    try:
        # One visit to the player, nothing solved.
        page.goto(url + "cube/player/")
        page.wait_for_function("window.solvelabPlayer !== undefined")
        page.evaluate("window.solvelabPlayer.python.tablesReady")
        page.wait_for_function(
            "navigator.serviceWorker.controller !== null || "
            "navigator.serviceWorker.ready.then(() => true)",
            timeout=READY_MS,
        )
        assert page.evaluate(SERVICE_WORKER_READY) == url + "sw.js"

        sent = server.served
        counts = Counter(path for path, _ in sent)
        assert [path for path, n in counts.items() if n > 1] == []  # every file once
        total = sum(size for _, size in sent)
        pyodide = sum(size for path, size in sent if path.startswith("/pyodide/"))
        tables = sum(size for path, size in sent if path.startswith("/tables/"))
        print(
            f"\nfirst visit: {total:,} bytes in {len(sent)} files (Pyodide {pyodide:,}, "
            f"tables {tables:,}); the whole site is {_site_bytes(site_dir):,} bytes"
        )
        assert total <= _site_bytes(site_dir)

        server.stop()
        context.set_offline(True)  # Chromium still answers from the service worker then
        served_before = len(requests)
        responses.clear()

        # Offline: the player, Python, the tables, a scramble and a solve.
        page.reload()
        page.wait_for_function("window.solvelabPlayer !== undefined")
        page.locator(".player-speed").fill("540")  # fastest
        solve = page.get_by_role("button", name="Solve", exact=True)
        expect(solve).to_be_enabled(timeout=READY_MS)
        page.get_by_role("button", name="Scramble", exact=True).click()
        page.wait_for_function(
            "window.solvelabPlayer.stickers.some((s, i) => s !== i)", timeout=READY_MS
        )
        scrambled = Cube._of(tuple(page.evaluate("window.solvelabPlayer.stickers")))
        solve.click()
        expect(page.locator(".player-message")).to_contain_text("Solution", timeout=READY_MS)
        solution = " ".join(page.evaluate("window.solvelabPlayer.alg"))
        assert scrambled.apply(solution).is_solved()

        # Other pages, with or without a query; an unknown page gets the 404 page.
        page.goto(url + "cube/model/?setup=R%20U")
        expect(page.locator("article h1")).to_be_visible()
        assert not errors, errors
        # A page's folder typed without its slash is redirected to it, as the server
        # does (it was "Page not found" offline).
        page.goto(url + "nonograms/solve?x=1")
        assert page.url == url + "nonograms/solve/?x=1"
        expect(page.locator("article h1")).to_contain_text("Solve nonograms")
        response = page.goto(url + "no/such/page/")
        assert response is not None and response.status == 404
        expect(page.locator("article h1")).to_have_text("Page not found")
        assert errors == [NOT_FOUND_LOGGED]  # Chromium logs the 404 status
        errors.clear()
        page.get_by_role("link", name="the cube player").click()  # its way back in
        page.wait_for_function("window.solvelabPlayer !== undefined")
        assert page.url == url + "cube/player/"

        assert len(requests) > served_before  # the checks above really asked for things
        # Everything came from the service worker, not from the browser's HTTP cache.
        assert responses and all(response.from_service_worker for response in responses), [
            response.url for response in responses if not response.from_service_worker
        ]
        fetched = {urlsplit(response.url).path for response in responses}
        assert {"/pyodide/pyodide.asm.wasm", "/py/solvelab.zip", "/tables/manifest.json"} <= fetched
        assert any(path.startswith("/tables/phase1-") for path in fetched), fetched
        origins = {urlsplit(request)[:2] for request in requests if request.startswith("http")}
        assert origins == {urlsplit(url)[:2]}, origins
        assert not errors, errors
    finally:
        context.close()
        server.stop()
