"""Load the solvers' precomputed tables from bytes, with the standard library only.

Tables are built by ``solvelab tables build`` (numpy, build time only) into
``tables/``: one gzip file per table (``<name>.table``) and ``manifest.json``.
Each manifest entry names a table and gives:

- ``shape`` and ``dtype`` (``uint8``, ``uint16`` or ``uint32``, little-endian):
  the table itself, a plain array of that many elements;
- ``file``, ``bytes`` and ``sha256``: the file that is downloaded;
- ``encoding``: how the file, once gunzipped, becomes the table, so that the
  download stays small (see :func:`decode`);
- ``table``: the table's own size (``bytes``) and ``sha256``.

Loading a table is then a copy: the solver reads it as bytes or as an
:class:`array.array`, without working anything out. Decoding is done once:

- on a desktop, the first time a table is needed, and kept in the user's cache
  (``$XDG_CACHE_HOME/solvelab`` or ``~/.cache/solvelab``), where it is
  checked against the manifest's size and SHA-256 every time it is read, and
  decoded again when missing or damaged;
- in the browser, by the worker (``js/worker-tables.js``), natively: it checks
  each download's SHA-256, gunzips it with ``DecompressionStream``, decodes it
  and writes the table beside the manifest, which it marks as checked.

>>> source = TableSource({"format": FORMAT, "tables": []}, lambda name: b"")
>>> source.load("missing")
Traceback (most recent call last):
...
solvelab.tables.TableError: no table named 'missing' in the manifest
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import zlib
from array import array
from collections.abc import Callable
from itertools import accumulate
from math import prod
from operator import itemgetter
from pathlib import Path

MANIFEST = "manifest.json"
FORMAT = 2
"""The manifest's format: 2 is gzip files with an encoding, decoded tables in a cache."""

DTYPES = {"uint8": "B", "uint16": "H", "uint32": "I"}
"""Element types, as :mod:`array` type codes (each of the size its name says)."""

DECODED = ".bin"
"""A decoded table is stored as ``<name>.bin``, in the cache or beside the manifest."""

VERIFIED_BY_WORKER = "worker"
"""``verified_by`` of a manifest the browser's worker wrote beside tables it has checked."""


class TableError(RuntimeError):
    """A table that is missing, damaged or not the one the manifest describes."""


def as_array(data: bytes, dtype: str) -> array:
    """A table's bytes (little-endian) as an array of its element type."""
    values = array(DTYPES[dtype])
    values.frombytes(data)
    if sys.byteorder == "big" and values.itemsize > 1:
        values.byteswap()
    return values


def _uint16(data: bytes | memoryview) -> array:
    return as_array(bytes(data), "uint16")


def decode(entry: dict, payload: bytes) -> bytes:
    """The table of ``entry`` from its gunzipped file, by the entry's ``encoding``.

    - ``plain``: the file is the table.
    - ``delta`` (``uint16``, shape ``(n, w)``): the table column by column,
      each value as its difference from the one above (the first from 0),
      modulo 2**16. Move tables shrink to a few percent this way.
    - ``rows`` (``uint8``, shape ``(n, w)``): ``rows`` distinct rows of ``w``
      bytes, then for each of the ``n`` rows of the table which of them it is
      (``uint16``). With ``permutations`` > 0 there follow, for each row, the
      number of a permutation (``uint16``) and the permutations themselves
      (``permutations * w`` of ``uint16``, each entry as its difference from
      the one before it, modulo 2**16): row ``i`` is then stored row ``r[i]``
      read in the order of permutation ``p[i]``, that is
      ``table[i][j] = stored[r[i]][perm[p[i]][j]]``.

    >>> decode({"name": "t", "shape": [2, 2], "dtype": "uint16", "encoding": "delta"},
    ...        bytes([1, 0, 2, 0, 5, 0, 255, 255]))
    b'\\x01\\x00\\x05\\x00\\x03\\x00\\x04\\x00'
    """
    encoding = entry.get("encoding", "plain")
    name, shape, dtype = entry["name"], entry["shape"], entry["dtype"]
    size = prod(shape) * array(DTYPES[dtype]).itemsize
    if encoding == "plain":
        return payload
    if encoding == "delta" and dtype == "uint16" and len(shape) == 2:
        n, w = shape
        if len(payload) != size:
            raise TableError(f"table {name!r} decodes to {len(payload)} bytes, not {size}")
        differences = _uint16(payload)
        table = array("H", bytes(size))
        for j in range(w):
            column = accumulate(differences[j * n : (j + 1) * n])
            table[j::w] = array("H", [value & 0xFFFF for value in column])
        if sys.byteorder == "big":
            table.byteswap()
        return table.tobytes()
    if encoding == "rows" and dtype == "uint8" and len(shape) == 2:
        n, w = shape
        stored, permutations = entry["rows"], entry.get("permutations", 0)
        expected = stored * w + 2 * n + (2 * n + 2 * permutations * w if permutations else 0)
        if len(payload) != expected:
            raise TableError(f"table {name!r} has {len(payload)} bytes of rows, not {expected}")
        rows = [payload[i : i + w] for i in range(0, stored * w, w)]
        offset = stored * w
        row_of = _uint16(payload[offset : offset + 2 * n])
        if max(row_of) >= stored:
            raise TableError(f"table {name!r} names a row it does not have")
        if not permutations:
            return b"".join(map(rows.__getitem__, row_of))
        offset += 2 * n
        permutation_of = _uint16(payload[offset : offset + 2 * n])
        differences = _uint16(payload[offset + 2 * n :])
        orders = [
            value & 0xFFFF
            for k in range(0, permutations * w, w)
            for value in accumulate(differences[k : k + w])
        ]
        if max(permutation_of) >= permutations or max(orders) >= w:
            raise TableError(f"table {name!r} names a permutation it does not have")
        reorder = [itemgetter(*orders[k * w : (k + 1) * w]) for k in range(permutations)]
        return b"".join(
            bytes(reorder[k](rows[r])) for r, k in zip(row_of, permutation_of, strict=True)
        )
    raise TableError(f"table {name!r} has an encoding this solvelab cannot read: {encoding!r}")


class TableCache:
    """Decoded tables in a folder, as ``<name>.bin``: checked when read, written when decoded.

    ``check_sha256`` False checks only sizes: for the folder the browser's
    worker fills, after it has checked every table itself.
    """

    def __init__(self, folder: Path, *, check_sha256: bool = True, writable: bool = True) -> None:
        self.folder = folder
        self.check_sha256 = check_sha256
        self.writable = writable

    def read(self, entry: dict) -> tuple[bytes | None, str]:
        """The decoded table, or None and why not."""
        path = self.folder / (entry["name"] + DECODED)
        try:
            data = path.read_bytes()
        except OSError as error:
            return None, f"it could not be read ({error})"
        expected = entry["table"]
        if len(data) != expected["bytes"]:
            return None, f"it is {len(data)} bytes, not {expected['bytes']}"
        if self.check_sha256 and hashlib.sha256(data).hexdigest() != expected["sha256"]:
            return None, "it is damaged: its SHA-256 does not match"
        return data, ""

    def read_rows(self, entry: dict, length: int) -> list[bytes] | None:
        """The decoded table as rows of ``length`` bytes, read one by one, so that
        the whole table is never in memory besides them; None where the table must
        be read whole: checked by its SHA-256, or not there as it should be."""
        if self.check_sha256:
            return None
        path = self.folder / (entry["name"] + DECODED)
        try:
            with open(path, "rb", buffering=0) as file:
                size = os.fstat(file.fileno()).st_size
                if size != entry["table"]["bytes"] or size % length:
                    return None
                rows = [file.read(length) for _ in range(size // length)]
        except OSError:
            return None
        return rows if all(len(row) == length for row in rows) else None

    def write(self, entry: dict, data: bytes) -> None:
        """Keep a decoded table; a folder that cannot be written is left as it is."""
        if not self.writable:
            return
        path = self.folder / (entry["name"] + DECODED)
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            part.write_bytes(data)
            os.replace(part, path)  # whole or not at all, even with two processes at once
        except OSError:
            part.unlink(missing_ok=True)


class TableSource:
    """Tables described by a manifest.

    ``get_bytes(file_name)`` reads a table's file (as downloaded); it may be
    None where only decoded tables are at hand (``cache``). ``cache`` keeps
    decoded tables (:class:`TableCache`).
    """

    def __init__(
        self,
        manifest: dict,
        get_bytes: Callable[[str], bytes] | None,
        cache: TableCache | None = None,
    ) -> None:
        format_ = manifest.get("format") if isinstance(manifest, dict) else None
        if format_ != FORMAT:
            raise TableError(
                f"the tables' manifest has format {format_}, not {FORMAT}: "
                "rebuild the tables with `solvelab tables build`"
            )
        tables = manifest.get("tables")
        if not isinstance(tables, list) or not all(
            isinstance(entry, dict) and entry.keys() >= _ENTRY_KEYS for entry in tables
        ):
            raise TableError(
                "the tables' manifest does not list its tables as a build writes them: "
                "rebuild the tables with `solvelab tables build`"
            )
        self.entries = {entry["name"]: entry for entry in tables}
        self.get_bytes = get_bytes
        self.cache = cache

    def entry(self, name: str) -> dict:
        entry = self.entries.get(name)
        if entry is None:
            raise TableError(f"no table named {name!r} in the manifest")
        if entry["dtype"] not in DTYPES:
            raise TableError(f"table {name!r} has element type {entry['dtype']}")
        return entry

    def load(self, name: str) -> bytes:
        """The table's bytes, checked against the manifest."""
        entry = self.entry(name)
        problem = ""
        if self.cache is not None:
            data, problem = self.cache.read(entry)
            if data is not None:
                return data
        if self.get_bytes is None:
            raise TableError(f"table {name!r} cannot be used: {problem}")
        data = self.decode(entry)
        if self.cache is not None:
            self.cache.write(entry, data)
        return data

    def array(self, name: str) -> array:
        """The table as an :class:`array.array` of its element type."""
        return as_array(self.load(name), self.entry(name)["dtype"])

    def rows(self, name: str, length: int) -> list[bytes]:
        """The table as rows of ``length`` bytes."""
        if self.cache is not None:
            rows = self.cache.read_rows(self.entry(name), length)
            if rows is not None:
                return rows
        data = self.load(name)
        return [data[i : i + length] for i in range(0, len(data), length)]

    def decode(self, entry: dict) -> bytes:
        """Read the table's file, check it, gunzip and decode it, and check the table."""
        name = entry["name"]
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
        try:
            payload = zlib.decompress(data, wbits=31)  # gzip
        except zlib.error as error:
            raise TableError(f"table {name!r} is damaged: {error}") from error
        table = decode(entry, payload)
        expected = entry["table"]
        if (
            len(table) != expected["bytes"]
            or len(table) != prod(entry["shape"]) * array(DTYPES[entry["dtype"]]).itemsize
        ):
            raise TableError(f"table {name!r} has {len(table)} bytes, not its shape's")
        if hashlib.sha256(table).hexdigest() != expected["sha256"]:
            raise TableError(f"table {name!r} decodes to the wrong table: its SHA-256 differs")
        return table


def default_directory() -> Path:
    """``$SOLVELAB_TABLES``, or ``tables/`` at the root of a source checkout."""
    configured = os.environ.get("SOLVELAB_TABLES")
    if configured:
        return Path(configured)
    return Path(__file__).resolve().parent.parent.parent / "tables"


CACHE_VERSIONS = 3
"""Decoded tables of at most this many manifests are kept in the cache."""


def cache_root() -> Path | None:
    """Where decoded tables are kept: ``$SOLVELAB_CACHE`` (``off``: nowhere), else
    ``$XDG_CACHE_HOME/solvelab``, else ``~/.cache/solvelab``. Nowhere in Pyodide,
    whose files live in memory anyway."""
    configured = os.environ.get("SOLVELAB_CACHE")
    if configured:
        return None if configured == "off" else Path(configured)
    if sys.platform == "emscripten":
        return None
    base = os.environ.get("XDG_CACHE_HOME")
    try:
        return Path(base) / "solvelab" if base else Path.home() / ".cache" / "solvelab"
    except RuntimeError:  # no home directory
        return None


def user_cache(manifest_text: bytes, root: Path | None = None) -> TableCache | None:
    """The cache folder for the tables of one manifest: ``tables-<its SHA-256>``.

    A new manifest gets a new folder; the folders of all but the latest few
    (:data:`CACHE_VERSIONS`) are deleted when it is made.
    """
    root = root if root is not None else cache_root()
    if root is None:
        return None
    folder = root / f"tables-{hashlib.sha256(manifest_text).hexdigest()[:16]}"
    if not folder.is_dir():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            others = sorted(
                (path for path in root.glob("tables-*") if path != folder and path.is_dir()),
                key=lambda path: path.stat().st_mtime,
            )
            for old in others[: max(0, len(others) - (CACHE_VERSIONS - 1))]:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:
            return None
    return TableCache(folder)


# What every table's entry in a manifest has (see solvelab.build.tables).
_ENTRY_KEYS = {"name", "file", "bytes", "sha256", "dtype", "shape", "encoding", "table"}


def directory_source(directory: str | Path | None = None, cache: bool = True) -> TableSource:
    """The tables in a folder (by default :func:`default_directory`).

    The folder holds the built files, decoded into the user's cache on first
    use (without ``cache``, decoded every time); or, in the browser, the
    tables the worker decoded and checked, beside its copy of the manifest.
    """
    folder = Path(directory) if directory is not None else default_directory()
    try:
        text = (folder / MANIFEST).read_bytes()
    except FileNotFoundError as error:
        raise TableError(
            f"no {MANIFEST} in {folder}: build the tables with `solvelab tables build`"
        ) from error
    except OSError as error:
        raise TableError(f"cannot read {folder / MANIFEST}: {error.strerror}") from error
    try:
        manifest = json.loads(text)
    except ValueError as error:  # not UTF-8 or not JSON
        raise TableError(
            f"{folder / MANIFEST} is not JSON ({error}): rebuild the tables with "
            "`solvelab tables build`"
        ) from error
    if isinstance(manifest, dict) and manifest.get("verified_by") == VERIFIED_BY_WORKER:
        # Written by js/worker-tables.js, which has checked each table's SHA-256.
        checked = sys.platform == "emscripten"
        decoded = TableCache(folder, check_sha256=not checked, writable=False)
        return TableSource(manifest, None, decoded)
    return TableSource(
        manifest,
        lambda file: (folder / file).read_bytes(),
        user_cache(text) if cache else None,
    )
