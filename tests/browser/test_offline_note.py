"""A first visit says how much of the site is saved for offline use, then that the
site works offline, or that saving it failed (js/register-sw.js).

As in test_offline.py, the site is served from its own server (a fresh origin, so
a fresh service worker) to a context with service workers allowed. The home page
downloads no Python, so its service worker starts saving the site at once.
"""

from __future__ import annotations

import re
import shutil

import pytest
from held import Held
from playwright.sync_api import expect
from test_player import open_player, wait_for_python

from solvelab.bench.site_server import SiteServer

READY_MS = 120_000
SAVING = re.compile(r"Saving solvelab for offline use…( (\d+\.\d) of (\d+\.\d) MB)?")
SAVED = "solvelab is saved on this device: it now works offline."
FAILED = (
    "solvelab could not be saved for offline use (a download failed): "
    "it tries again when you next open a page."
)
# Why a download failed, offline before the site is saved (whyNotDownloaded).
OFFLINE = "this device is offline, and solvelab is not saved on it for offline use yet"
# Until js/register-sw.js has asked for its worker (after two frames) and had it.
AFTER_REGISTRATION = """new Promise((done) =>
  requestAnimationFrame(() => requestAnimationFrame(() =>
    navigator.serviceWorker.getRegistration().then(() => setTimeout(done, 100)))))"""
# Every text the note shows, in order, however briefly.
RECORD_NOTES = """
window.notes = [];
new MutationObserver(() => {
  const note = document.querySelector(".offline-note");
  if (note && note.textContent && window.notes.at(-1) !== note.textContent) {
    window.notes.push(note.textContent);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def _site_megabytes(site_dir) -> str:
    """The bytes the service worker stores, in MB as the note gives them."""
    files = [
        path
        for path in site_dir.rglob("*")
        if path.is_file() and path.name != "sw.js" and not path.name.endswith((".map", ".gz"))
    ]
    return f"{sum(path.stat().st_size for path in files) / 1e6:.1f}"


def _visit(browser, page_log):
    context = browser.new_context()
    context.add_init_script(RECORD_NOTES)
    page = context.new_page()
    page.on("pageerror", lambda error: page_log.page_errors.append(str(error)))
    return context, page


def test_a_first_visit_says_how_much_is_saved_then_that_the_site_works_offline(
    browser, site_dir, page_log
):
    with SiteServer(site_dir) as server:
        context, page = _visit(browser, page_log)
        try:
            page.goto(server.url)
            note = page.locator(".offline-note")
            expect(note).to_have_text(SAVED, timeout=READY_MS)
            expect(note).to_have_attribute("role", "status")
            notes = page.evaluate("window.notes")
            assert notes[-1] == SAVED
            assert all(SAVING.fullmatch(text) for text in notes[:-1]), notes
            totals = {m[3] for m in map(SAVING.fullmatch, notes[:-1]) if m[3]}
            assert totals == {_site_megabytes(site_dir)}, notes
            expect(note).to_be_hidden(timeout=READY_MS)  # it goes after a while

            # The site saved, the next page says nothing of it.
            page.goto(server.url + "glossary/")
            page.wait_for_function("navigator.serviceWorker.controller !== null")
            page.evaluate(AFTER_REGISTRATION)
            assert page.evaluate("window.notes") == []
            assert not page_log.page_errors, page_log.page_errors
        finally:
            context.close()


def test_a_site_that_cannot_be_saved_says_so(browser, site_dir, tmp_path, page_log):
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    glossary = site / "glossary" / "index.html"
    glossary.unlink()  # a page the build listed, gone
    with SiteServer(site) as server:
        context, page = _visit(browser, page_log)
        try:
            page.goto(server.url)
            note = page.locator(".offline-note")
            expect(note).to_have_text(FAILED, timeout=READY_MS)
            assert page.evaluate("navigator.serviceWorker.controller") is None

            # The next page opened tries again (one that starts no Python, which would
            # come first).
            shutil.copy(site_dir / "glossary" / "index.html", glossary)
            page.goto(server.url + "glossary/")
            expect(note).to_have_text(SAVED, timeout=READY_MS)
            assert not page_log.page_errors, page_log.page_errors
        finally:
            context.close()


# Pyodide asks for its lock file, runtime and standard library at once, then imports
# its runtime's JavaScript.
PYODIDE_FILES = ["pyodide-lock.json", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs"]


@pytest.mark.parametrize("held_file", PYODIDE_FILES)
def test_python_cut_off_by_going_offline_before_the_site_is_saved_says_so(
    page, site_url, page_log, held_file
):
    held = Held(page.context, f"**/pyodide/{held_file}")
    page.goto(site_url + "nonograms/play/")
    held.wait(page)
    page.context.set_offline(True)
    held.release()
    # The held file is cut off, and so may be any other not yet downloaded, said first.
    expect(page.locator(".nono-python")).to_have_text(
        re.compile(
            rf"Python could not start \(({'|'.join(map(re.escape, PYODIDE_FILES))}) could not be "
            rf"downloaded \({OFFLINE}\)\): reload the page to try again"
        ),
        timeout=READY_MS,
    )
    page_log.console_errors.clear()  # the browser's and Pyodide's words on the download


def test_tables_cut_off_by_going_offline_before_the_site_is_saved_say_so(page, site_url, page_log):
    held = Held(page.context, "**/tables/*.table")
    open_player(page, site_url)
    wait_for_python(page)
    held.wait(page)
    page.context.set_offline(True)
    # A held request let go now would still come: they are cut off as offline.
    for route in held.routes:
        route.abort("internetdisconnected")
    expect(page.locator(".player-python-text")).to_have_text(
        re.compile(
            rf"could not download the solver's tables \([\w-]+\.table: {OFFLINE}\); "
            r"Solve will try again"
        ),
        timeout=READY_MS,
    )
    page_log.console_errors.clear()  # the browser's words on the downloads


def test_a_first_visit_cut_off_is_saved_once_the_network_is_back(browser, site_dir, page_log):
    # Registering the service worker failed offline (the tables cut off ended the
    # page's downloads, which it waits for) and was never tried again: the page came
    # back to life online, but the site was not saved.
    with SiteServer(site_dir) as server:
        context, page = _visit(browser, page_log)
        try:
            held = Held(context, "**/tables/*.table")
            open_player(page, server.url)
            wait_for_python(page)
            held.wait(page)
            with page.expect_console_message(
                lambda message: "not saved for offline use yet" in message.text, timeout=READY_MS
            ):
                context.set_offline(True)
                for route in held.routes:
                    route.abort("internetdisconnected")
            assert page.evaluate("navigator.serviceWorker.getRegistration()") is None
            held.routes.clear()
            held.release()
            context.set_offline(False)
            expect(page.locator(".offline-note")).to_have_text(SAVED, timeout=READY_MS)
            page_log.console_errors.clear()  # the browser's words on the downloads
        finally:
            context.close()
