"""Browser tests: headless Chromium, driven by Playwright, against the built site.

The site is built by `make site` into build/site and served here on a free
port of 127.0.0.1 for the whole session. Every test in this folder is marked
`browser` and gets a fresh `page` that fails the test if the page logged a
console error, threw an uncaught exception, or requested anything from another
origin (the site must work offline, so it fetches nothing from elsewhere).

Chromium is Debian's (`make chromium` installs it), or the one named by the
CHROMIUM environment variable; Playwright's own browser download is not used.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from solvelab.bench.site_server import CHROMIUM_ARGS, SiteServer, chromium_path

REPO_ROOT = Path(__file__).resolve().parents[2]
# $SOLVELAB_SITE_DIR tests another build (e.g. `mkdocs build -d /tmp/site`).
SITE_DIR = Path(os.environ.get("SOLVELAB_SITE_DIR") or REPO_ROOT / "build" / "site")
SCREENSHOT_DIR = REPO_ROOT / "build" / "screenshots"
HERE = Path(__file__).resolve().parent

# URLs that never leave the page, so are allowed besides the site's own origin.
LOCAL_SCHEMES = ("data:", "blob:", "about:")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test in tests/browser as `browser`."""
    for item in items:
        if HERE in item.path.resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site (build/site)."""
    if not (SITE_DIR / "index.html").is_file():
        pytest.fail(f"{SITE_DIR} has no built site: run `make site` first", pytrace=False)
    return SITE_DIR


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """Base URL (ending in '/') of the built site, served on a free port of 127.0.0.1."""
    with SiteServer(site_dir) as server:
        yield server.url


def _chromium_path() -> str:
    path = chromium_path()
    if not path:
        pytest.fail(
            "Chromium not found: run `make chromium` (Debian's chromium package) "
            "or set CHROMIUM=/path/to/chromium",
            pytrace=False,
        )
    return path


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium, launched once per session through Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=_chromium_path(),
            headless=True,
            args=CHROMIUM_ARGS,
        )
        try:
            yield browser
        finally:
            browser.close()


# The browser's words on a download a test cut off with context.set_offline(True).
CUT_OFF_OFFLINE = "net::ERR_INTERNET_DISCONNECTED"


@dataclass
class PageLog:
    """What a page did during one test."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def foreign_requests(self, site_url: str) -> list[str]:
        """Requests to any origin other than the site's (data:, blob: and about: are fine)."""
        origin = urlsplit(site_url)[:2]
        return [
            url
            for url in self.requests
            if not url.startswith(LOCAL_SCHEMES) and urlsplit(url)[:2] != origin
        ]


# expect() waits as long as the pages do (see `page`), not Playwright's 5 s.
expect.set_options(timeout=60_000)


@pytest.fixture
def page_log() -> PageLog:
    """The console errors, page errors and requests of this test's `page`."""
    return PageLog()


def _watched_page(browser, site_url: str, page_log: PageLog, **options) -> Iterator:
    """A fresh page in its own context (``options``), failing the test on console
    errors, uncaught page errors, or requests to another origin than the site's."""
    # Service workers are blocked here, so that what a test fetches really comes
    # from the site; tests/browser/test_offline.py makes its own context to test them.
    context = browser.new_context(service_workers="block", **options)
    page = context.new_page()
    # Generous: on a loaded 2-core machine a message can wait seconds behind the
    # worker's loading of the tables. Tests wait on conditions, never on the clock.
    page.set_default_timeout(60_000)
    page.on(
        "console",
        lambda msg: (
            page_log.console_errors.append(f"{msg.text} ({msg.location.get('url', '')})")
            if msg.type == "error"
            else None
        ),
    )
    page.on("pageerror", lambda error: page_log.page_errors.append(str(error)))
    # On the context, not the page: this also sees requests of workers and popups.
    context.on("request", lambda request: page_log.requests.append(request.url))
    try:
        yield page
    finally:
        context.close()
    assert not page_log.page_errors, f"uncaught errors in the page: {page_log.page_errors}"
    # Only a test that took the network away sees these, and the browser may log one
    # after that test has ended (its favicon, asked for late).
    errors = [e for e in page_log.console_errors if CUT_OFF_OFFLINE not in e]
    assert not errors, f"console errors: {errors}"
    foreign = page_log.foreign_requests(site_url)
    assert not foreign, f"requests to another origin than {site_url}: {foreign}"


@pytest.fixture
def page(browser, site_url: str, page_log: PageLog):
    """A desktop page (1280 × 800), checked as `_watched_page` says.

    A test that expects a console error can remove it from `page_log.console_errors`.
    """
    yield from _watched_page(browser, site_url, page_log, viewport={"width": 1280, "height": 800})


@pytest.fixture
def phone(browser, site_url: str, page_log: PageLog):
    """A page as a 390 px touch-screen phone shows it (two device pixels a CSS pixel),
    checked as `page` is."""
    yield from _watched_page(
        browser,
        site_url,
        page_log,
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
    )


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    """build/screenshots: where browser tests save screenshots for people to look at."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    return SCREENSHOT_DIR
