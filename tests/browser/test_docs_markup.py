"""The documentation's Markdown comes out as HTML, not as text.

Python-Markdown (MkDocs') nests a block in a list item only when it is indented
four spaces, and does not start a list item right after a paragraph of the item
before: a list of the benchmarks page once came out as one paragraph with its
"- **" marks shown as text.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

SITE_SOURCES = Path(__file__).resolve().parents[2] / "site"
# Text a reader should never see: a list marker starting a line, bold or code marks.
LEFT_AS_TEXT = re.compile(r"(?m)^\s*[-*+] \S|\*\*|`")
SKIPPED = {"pre", "code", "script", "style", "textarea"}


class _Text(HTMLParser):
    """The text of a page outside code, scripts and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.inside: list[str] = []
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag in SKIPPED:
            self.inside.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.inside and self.inside[-1] == tag:
            self.inside.pop()

    def handle_data(self, data: str) -> None:
        if not self.inside:
            self.parts.append(data)


def test_no_page_shows_markdown_marks_as_text(site_dir: Path):
    pages = [
        path
        for path in sorted(site_dir.rglob("*.html"))
        if not {"assets", "pyodide", "js", "py"} & set(path.relative_to(site_dir).parts)
    ]
    assert len(pages) >= 10
    shown = {}
    for path in pages:
        parser = _Text()
        parser.feed(path.read_text(encoding="utf-8"))
        text = "".join(parser.parts)
        found = [text[max(0, m.start() - 30) : m.end() + 30] for m in LEFT_AS_TEXT.finditer(text)]
        if found:
            shown[str(path.relative_to(site_dir))] = found
    assert not shown


def test_nested_lists_in_the_sources_are_indented_four_spaces():
    # A list marker indented 1 to 3 spaces is not nested: it joins the outer list.
    shallow = [
        f"{path.relative_to(SITE_SOURCES)}:{number}"
        for path in sorted(SITE_SOURCES.rglob("*.md"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.match(r" {1,3}([-*+]|\d+\.) ", line)
    ]
    assert not shallow
