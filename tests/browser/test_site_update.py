"""A new version of the site, deployed where a visitor's browser already keeps the
old one: the service worker never stores a mix of versions, an update downloads
only the files that changed, and a page only the new version has runs the new
version's scripts, not the old ones from the cache.

The test serves a copy of the built site (version A), visits it until the
service worker controls the page, then deploys version B (two pages changed and
sw.js made again, as the build makes it) in two steps, as a file-by-file upload
does: first B's sw.js and one of the pages, then the other page.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from solvelab.bench.site_server import SiteServer
from solvelab.build.site import _service_worker

SW_TEMPLATE = Path(__file__).resolve().parents[2] / "js" / "sw.js"

CHANGED = ("glossary/index.html", "404.html")
MARK = "<!-- version B -->"


def _marked(html: str) -> str:
    return html.replace("</body>", MARK + "</body>", 1)


# Asks for an update; the new worker's state once it settles ("installed": waiting
# for the old version's pages to close; "redundant": its install failed).
UPDATE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  const worker = registration.installing;
  if (!worker) return "no update";
  const settled = ["installed", "activated", "redundant"];
  return settled.includes(worker.state) ? worker.state : new Promise((resolve) => {
    worker.addEventListener("statechange", () => {
      if (settled.includes(worker.state)) resolve(worker.state);
    });
  });
}"""
STORED = """async ([name, url]) => {
  const response = await (await caches.open(name)).match(new URL(url, location.origin + "/").href);
  return response ? response.text() : null;
}"""


def _version(sw_text: str) -> str:
    return "solvelab-" + sw_text.split('const VERSION = "', 1)[1].split('"', 1)[0]


def test_an_update_stores_no_mix_of_versions_and_downloads_only_what_changed(
    browser, site_dir, tmp_path
):
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    old = {path: (site / path).read_text() for path in CHANGED}
    old_cache = _version((site / "sw.js").read_text())
    # Version B, made aside: its pages, and its sw.js with their hashes.
    new_site = tmp_path / "new"
    new_site.mkdir()
    for path in CHANGED:
        (site / path).write_text(_marked(old[path]))
    new_sw = _service_worker(site, SW_TEMPLATE.read_text())
    for path in CHANGED:
        (site / path).write_text(old[path])
    new_cache = _version(new_sw.decode())
    assert new_cache != old_cache

    server = SiteServer(site)
    context = browser.new_context()
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        assert page.evaluate("caches.keys()") == [old_cache]

        # Half a deploy: B's sw.js and glossary, A's 404 page still there. B's worker
        # must not store A's 404 page as B's: its install fails.
        (site / "sw.js").write_bytes(new_sw)
        (site / CHANGED[0]).write_text(_marked(old[CHANGED[0]]))
        assert page.evaluate(UPDATE) == "redundant"
        assert page.evaluate(STORED, [new_cache, CHANGED[1]]) is None
        assert page.evaluate(STORED, [old_cache, CHANGED[1]]) == old[CHANGED[1]]
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == server.url + "sw.js"

        # The rest of the deploy. The update fetches only the file not yet checked:
        # the others come from A's cache, or from the failed install's.
        # Its date is older than A's copy, as a build that keeps dates may leave it: the
        # server then answers the browser's revalidation of A's copy with "304 Not
        # Modified", and the worker has to ask again past the HTTP cache.
        (site / CHANGED[1]).write_text(_marked(old[CHANGED[1]]))
        os.utime(site / CHANGED[1], (1_000_000_000, 1_000_000_000))
        server.server.served.clear()
        assert page.evaluate(UPDATE) == "installed"
        fetched = {path for path, _ in server.served} - {"/sw.js"}  # sw.js may be a 304
        assert fetched == {"/" + CHANGED[1]}, fetched

        # With A's page closed, B takes over: its pages, its cache alone.
        page.close()
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url + "glossary/")
        page.wait_for_function(
            f"caches.keys().then((names) => names.join() === {new_cache!r})", timeout=60_000
        )
        assert MARK in page.content()
        assert page.evaluate(STORED, [new_cache, CHANGED[1]]) == _marked(old[CHANGED[1]])
        assert not errors, errors
    finally:
        context.close()
        server.stop()


def test_a_page_only_the_new_version_has_runs_with_the_new_versions_scripts(
    browser, site_dir, tmp_path
):
    # Version A's worker controls the visitor's pages when B, with a new page, is
    # deployed: the new page must not run A's scripts and A's Python from A's cache.
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    server = SiteServer(site)
    context = browser.new_context()
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    try:
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        # B: a new page (the player, elsewhere), and two scripts changed.
        shutil.copytree(site / "cube" / "player", site / "cube" / "player-new")
        for script in ("js/player.js", "js/worker.js"):
            with (site / script).open("a") as file:
                file.write("\n// version B\n")
        server.server.served.clear()
        page.goto(server.url + "cube/player-new/")
        page.wait_for_function("window.solvelabPlayer !== undefined")
        page.evaluate("window.solvelabPlayer.python.ready")
        fetched = {path for path, _ in server.served}
        assert {"/cube/player-new/", "/js/player.js", "/js/worker.js"} <= fetched, fetched
        # A's own pages still run A's files, from A's cache.
        server.server.served.clear()
        page.goto(server.url + "cube/player/")
        page.wait_for_function("window.solvelabPlayer !== undefined")
        page.evaluate("window.solvelabPlayer.python.ready")
        assert server.served == []
        assert not errors, errors
    finally:
        context.close()
        server.stop()
