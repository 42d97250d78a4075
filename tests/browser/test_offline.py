"""After one visit the site works offline: pages, Python and the solver's tables.

The test serves the built site from its own server (a fresh origin, so a
fresh service worker), visits it once, has the solver load its tables, then
stops the server: from then on nothing at all answers on the site's origin,
and whatever still works comes from the service worker's caches.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from playwright.sync_api import expect

from solvelab.bench.site_server import SiteServer
from solvelab.cube import Cube

READY_MS = 90_000
NOT_FOUND_LOGGED = "Failed to load resource: the server responded with a status of 404 (Not Found)"

START_AND_SOLVE = """async ([url, facelets, timeout]) => {
    const { PythonClient } = await import(url);
    const python = new PythonClient();
    const late = new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`not ready after ${timeout} ms`)), timeout));
    await Promise.race([python.ready, late]);
    return await python.call("solve", { facelets, time_limit: 5 });
}"""

# Registers the service worker as the pages do (unless they already did) and
# waits until it is active.
REGISTER = """async (url) => {
    if (!(await navigator.serviceWorker.getRegistration())) await import(url);
    const registration = await navigator.serviceWorker.ready;
    return registration.active.scriptURL;
}"""

CACHED = """async () => {
    const names = await caches.keys();
    const counts = {};
    for (const name of names) counts[name] = (await (await caches.open(name)).keys()).length;
    return counts;
}"""


def test_site_works_offline_after_one_visit(browser, site_dir):
    server = SiteServer(site_dir)
    url = server.url
    context = browser.new_context()
    requests: list[str] = []
    errors: list[str] = []
    responses = []
    context.on("request", lambda request: requests.append(request.url))
    context.on("response", lambda response: responses.append(response))
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    try:
        page.goto(url)
        script = page.evaluate(REGISTER, url + "js/register-sw.js")
        assert script == url + "sw.js"
        page.reload()
        assert page.evaluate("navigator.serviceWorker.controller !== null")

        # Online: the tables are fetched once, and the service worker keeps them.
        facelets = Cube.random(seed=99).to_facelets()
        online = page.evaluate(START_AND_SOLVE, [url + "js/python.js", facelets, READY_MS])
        assert Cube.from_facelets(facelets).apply(" ".join(online["moves"])).is_solved()
        manifest = json.loads((site_dir / "tables" / "manifest.json").read_text())
        files = len(manifest["tables"]) + 1  # the tables and the manifest
        page.wait_for_function(
            """async (files) =>
                (await (await caches.open("solvelab-tables")).keys()).length >= files""",
            arg=files,
        )
        cached = page.evaluate(CACHED)
        shells = [name for name in cached if name.startswith("solvelab-shell-")]
        assert len(shells) == 1 and cached[shells[0]] > 20, cached
        assert cached["solvelab-tables"] == files, cached

        server.stop()
        context.set_offline(True)  # Chromium still answers from the service worker then
        served_before = len(requests)
        responses.clear()

        # Offline: the same page, Python, the tables and a solve.
        page.reload()
        expect(page.locator("article h1")).to_contain_text("solvelab")
        facelets = Cube.random(seed=100).to_facelets()
        offline = page.evaluate(START_AND_SOLVE, [url + "js/python.js", facelets, READY_MS])
        assert "error" not in offline, offline
        assert Cube.from_facelets(facelets).apply(" ".join(offline["moves"])).is_solved()

        # Other pages, with or without a query; an unknown page gets the 404 page.
        page.goto(url + "cube/model/?setup=R%20U")
        expect(page.locator("article h1")).to_be_visible()
        assert not errors, errors
        response = page.goto(url + "no/such/page/")
        assert response is not None and response.status == 404
        expect(page.locator("article h1")).to_contain_text("404")
        assert errors == [NOT_FOUND_LOGGED]  # Chromium logs the 404 status
        errors.clear()

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
