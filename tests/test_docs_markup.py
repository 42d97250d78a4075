"""The documentation's Markdown comes out as HTML, not as text: `make site` fails on
a page that shows its marks (solvelab.build.markup_check, run by the MkDocs hook)."""

from __future__ import annotations

import re
from pathlib import Path

import markdown

from solvelab.build.markup_check import marks_shown

SITE_SOURCES = Path(__file__).resolve().parents[1] / "site"
EXTENSIONS = ["tables", "attr_list", "md_in_html", "pymdownx.superfences"]

# A list item that ends with a table, then a paragraph indented two spaces: the
# items after it are swallowed by that paragraph, as on the benchmarks page once.
ITEMS_AFTER_A_SHALLOW_PARAGRAPH = """\
- **First**: a table.

    | a | b |
    |---|---|
    | 1 | 2 |

  Then a paragraph indented two spaces.
- **Second** item.
"""


def _html(source: str) -> str:
    return markdown.markdown(source, extensions=EXTENSIONS)


def test_items_swallowed_by_a_paragraph_are_found():
    shown = marks_shown(_html(ITEMS_AFTER_A_SHALLOW_PARAGRAPH))
    assert len(shown) == 1 and "\n- Second item" in shown[0]


def test_the_same_list_indented_four_spaces_renders():
    source = ITEMS_AFTER_A_SHALLOW_PARAGRAPH.replace("  Then", "    Then").replace(
        "spaces.\n-", "spaces.\n\n-"
    )
    html = _html(source)
    assert html.count("<li>") == 2 and "<table>" in html
    assert marks_shown(html) == []


def test_a_paragraph_line_starting_with_a_quote_mark_is_found():
    shown = marks_shown(_html("The times (8.7, 41, 2.6,\n> 60 and 0.46 s) of the bench."))
    assert len(shown) == 1 and shown[0].startswith("<blockquote>")


def test_marks_inside_code_are_not_counted():
    html = _html("Run `make **site**`:\n\n```sh\n- **not a list**\n```\n")
    assert marks_shown(html) == []
    assert marks_shown(_html("Some **bold that never closes.")) != []


def test_nested_lists_in_the_sources_are_indented_four_spaces():
    # A list marker indented 1 to 3 spaces is not nested: it joins the outer list.
    shallow = [
        f"{path.relative_to(SITE_SOURCES)}:{number}"
        for path in sorted(SITE_SOURCES.rglob("*.md"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.match(r" {1,3}([-*+]|\d+\.) ", line)
    ]
    assert not shallow
