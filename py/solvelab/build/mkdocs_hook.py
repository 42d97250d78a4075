"""MkDocs hook (see mkdocs.yml): after the pages are built, add the app's files."""

from pathlib import Path

from solvelab.build.site import write_assets


def on_post_build(config, **kwargs) -> None:
    write_assets(Path(config["site_dir"]))
