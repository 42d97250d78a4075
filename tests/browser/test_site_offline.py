"""The built site loads nothing from another origin (it must work offline).

The browser tests check the requests of the pages they visit; this checks the
markup of every built page, visited or not.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

# Attributes by which a tag makes the browser fetch something.
FETCHING = {
    "script": ("src",),
    "link": ("href",),
    "img": ("src", "srcset"),
    "source": ("src", "srcset"),
    "iframe": ("src",),
    "video": ("src", "poster"),
    "audio": ("src",),
    "embed": ("src",),
    "object": ("data",),
}
# <link rel=...> values that are only references, never fetched.
NOT_FETCHED_LINK_RELS = {"canonical", "alternate", "author", "license", "help", "me"}
ABSOLUTE = re.compile(r"^\s*(https?:)?//", re.IGNORECASE)


class _Fetches(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = FETCHING.get(tag)
        if not names:
            return
        values = dict(attrs)
        rels = set((values.get("rel") or "").lower().split())
        if tag == "link" and rels and rels <= NOT_FETCHED_LINK_RELS:
            return
        for name in names:
            value = values.get(name)
            if value and ABSOLUTE.match(value):
                self.urls.append(f"<{tag} {name}={value!r}>")


def test_built_pages_fetch_nothing_from_other_origins(site_dir: Path):
    pages = sorted(site_dir.rglob("*.html"))
    assert pages, "no HTML in the built site"
    offending = {}
    for path in pages:
        parser = _Fetches()
        parser.feed(path.read_text(encoding="utf-8"))
        if parser.urls:
            offending[str(path.relative_to(site_dir))] = parser.urls
    assert not offending, f"pages that load from another origin: {offending}"
