"""Load the solvers' precomputed tables from bytes, with the standard library only.

Tables are built by ``solvelab tables build`` (numpy, build time only) into
``tables/``: one xz (LZMA) file per table and ``manifest.json``, which
gives each table's file, shape, element type, size and SHA-256. The loader
takes a *get bytes by file name* function, so the same code reads from a
folder on disk or, in the browser, from whatever the worker fetched.

>>> source = TableSource({"tables": []}, lambda name: b"")
>>> source.load("missing")
Traceback (most recent call last):
...
solvelab.tables.TableError: no table named 'missing' in the manifest
"""

from __future__ import annotations

import hashlib
import json
import lzma
import os
from collections.abc import Callable
from math import prod
from pathlib import Path

MANIFEST = "manifest.json"


class TableError(RuntimeError):
    """A table that is missing, damaged or not the one the manifest describes."""


class TableSource:
    """Tables described by a manifest, read through ``get_bytes(file_name)``."""

    def __init__(self, manifest: dict, get_bytes: Callable[[str], bytes]) -> None:
        self.entries = {entry["name"]: entry for entry in manifest["tables"]}
        self.get_bytes = get_bytes

    def load(self, name: str) -> bytes:
        """The table's elements, one byte each, checked against the manifest."""
        entry = self.entries.get(name)
        if entry is None:
            raise TableError(f"no table named {name!r} in the manifest")
        if entry["dtype"] != "uint8":
            raise TableError(f"table {name!r} has element type {entry['dtype']}, not uint8")
        try:
            data = self.get_bytes(entry["file"])
        except OSError as error:
            raise TableError(
                f"table {name!r} could not be read ({error}); build the tables with "
                "`solvelab tables build`"
            ) from error
        if len(data) != entry["bytes"]:
            raise TableError(
                f"table {name!r} is {len(data)} bytes, not {entry['bytes']}: "
                "the download was cut short or the file is damaged"
            )
        if hashlib.sha256(data).hexdigest() != entry["sha256"]:
            raise TableError(f"table {name!r} is damaged: its SHA-256 does not match")
        table = lzma.decompress(data)
        if len(table) != prod(entry["shape"]):
            raise TableError(f"table {name!r} has {len(table)} elements, not {entry['shape']}")
        return table


def default_directory() -> Path:
    """``$SOLVELAB_TABLES``, or ``tables/`` at the root of a source checkout."""
    configured = os.environ.get("SOLVELAB_TABLES")
    if configured:
        return Path(configured)
    return Path(__file__).resolve().parent.parent.parent / "tables"


def directory_source(directory: str | Path | None = None) -> TableSource:
    """The tables in a folder (by default :func:`default_directory`)."""
    folder = Path(directory) if directory is not None else default_directory()
    try:
        manifest = json.loads((folder / MANIFEST).read_text())
    except FileNotFoundError as error:
        raise TableError(
            f"no {MANIFEST} in {folder}: build the tables with `solvelab tables build`"
        ) from error
    return TableSource(manifest, lambda file: (folder / file).read_bytes())
