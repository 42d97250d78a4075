"""After one visit, the nonogram pages (Play, Solve, Edit) work with the network off.

As in test_offline.py: the site is served from its own server (a fresh origin, so
a fresh service worker), to a browser profile on disk with service workers
allowed. One visit to the Play page waits for Python and the service worker;
then the server stops and the browser goes offline, and each page is opened and
used, Python included, from the service worker's cache.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from solvelab.bench.site_server import CHROMIUM_ARGS, SiteServer, chromium_path

READY_MS = 120_000


def test_the_nonogram_pages_work_offline_after_one_visit(browser, site_dir, tmp_path):
    server = SiteServer(site_dir)
    url = server.url
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
    )
    errors: list[str] = []
    page = context.pages[0]
    page.set_default_timeout(READY_MS)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    try:
        # One visit: the Play page, until Python is ready and the service worker is active.
        page.goto(url + "nonograms/play/")
        expect(page.get_by_role("button", name="Hint")).to_be_enabled(timeout=READY_MS)
        page.wait_for_function(
            "navigator.serviceWorker.ready.then((r) => r.active !== null)", timeout=READY_MS
        )
        page.wait_for_function(
            "caches.keys().then((names) => Promise.all(names.map((n) => caches.open(n)"
            ".then((c) => c.match(new URL('../edit/', location.href))))))"
            ".then((found) => found.some(Boolean))",
            timeout=READY_MS,
        )
        server.stop()
        context.set_offline(True)

        # Play: the puzzle, a stroke, and Python's hint.
        page.reload()
        page.wait_for_selector(".nonogram-play[data-ready=true]")
        page.wait_for_function("window.nonogramGrid.rows.some((r) => r.length)")
        page.get_by_role("button", name="Hint").click()
        expect(page.locator(".nono-message")).to_contain_text("Hint: ", timeout=READY_MS)

        # Solve: the example's two solutions.
        page.goto(url + "nonograms/solve/")
        page.wait_for_selector(".nonogram-solve[data-ready=true]")
        solve = page.get_by_role("button", name="Solve")
        expect(solve).to_be_enabled(timeout=READY_MS)
        solve.click()
        expect(page.locator(".nono-message")).to_contain_text("2 solutions", timeout=READY_MS)

        # Edit: a random picture gets the solver's verdict.
        page.goto(url + "nonograms/edit/")
        page.wait_for_selector(".nonogram-edit[data-ready=true]")
        random_fill = page.get_by_role("button", name="Random fill")
        expect(random_fill).to_be_enabled(timeout=READY_MS)
        random_fill.click()
        # unique or two solutions: either is the solver's answer, which needs Python
        expect(page.locator(".nono-verdict")).to_have_attribute(
            "data-status", re.compile(r"^(unique-\w+|multiple)$"), timeout=READY_MS
        )
        assert not errors, errors
    finally:
        context.close()
        server.stop()
