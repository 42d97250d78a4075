"""MkDocs hook (see mkdocs.yml): check each page's HTML for Markdown left as text,
and after the pages are built, add the app's files."""

from pathlib import Path

from mkdocs.exceptions import PluginError

from solvelab.build.markup_check import marks_shown
from solvelab.build.site import write_assets


def on_page_content(html: str, page, **kwargs) -> str:
    shown = marks_shown(html)
    if shown:
        raise PluginError(f"{page.file.src_uri} shows Markdown as text or as a quote: {shown}")
    return html


def on_post_build(config, **kwargs) -> None:
    write_assets(Path(config["site_dir"]))
