"""Markdown that came out as text, or as a quote: the build fails on it (see
mkdocs_hook.py).

Python-Markdown (MkDocs') nests a block in a list item only when it is indented
four spaces, and does not start a list item right after a paragraph of the item
before: a list of the benchmarks page once came out as one paragraph with its
"- **" marks shown as text.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

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


def marks_shown(html: str) -> list[str]:
    """Each Markdown mark that ``html`` shows as text, with 30 characters either side,
    and each quote: the pages have none (they use admonitions), so a quote is a line
    of a paragraph that began with ">" (as "> 60 s" once did)."""
    parser = _Text()
    parser.feed(html)
    text = "".join(parser.parts)
    shown = [text[max(0, m.start() - 30) : m.end() + 30] for m in LEFT_AS_TEXT.finditer(text)]
    return shown + [html[m.start() : m.start() + 60] for m in re.finditer("<blockquote", html)]
