"""Put what the browser needs into the built site.

MkDocs builds the pages from ``site/``; then :func:`write_assets` (called by
the MkDocs hook in ``mkdocs_hook.py``) adds:

- ``assets/cube-data.json``: where the 54 stickers are and how each move
  permutes them, generated from :mod:`solvelab.cube.geometry`, so the page
  never carries a second, hand-written cube model;
- ``assets/cfop-cases.json``: the OLL and PLL cases of the CFOP chapter's
  tables, with their last layers (see :mod:`solvelab.build.cfop_cases`);
- ``assets/nonogram-gallery.json``: the Play page's gallery, each picture as
  Python answers it (``solvelab.web_nonogram.nonogram_from_gallery``), so the
  page opens one before Python has loaded;
- ``js/``: the page's ES modules, copied as they are;
- ``pyodide/``: the Pyodide runtime from the pinned npm package, its
  standard library with the bytecode of the modules the worker imports added
  (see :mod:`solvelab.build.bytecode`);
- ``py/solvelab.zip``: the run-time Python package for the worker, sources
  and bytecode;
- ``tables/``: the solver's compressed tables and their manifest;
- ``sw.js``: the service worker, with the list of files to keep offline
  (all of them, the tables included) and a version that changes whenever
  any of them does.

Everything is written byte for byte the same from the same sources.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import zipfile
from pathlib import Path

from solvelab import web_nonogram
from solvelab.build.bytecode import compile_for_pyodide
from solvelab.build.cfop_cases import cfop_cases
from solvelab.cube.display import net_places
from solvelab.cube.geometry import FACES, MOVE_AXES, STICKERS, move_permutation
from solvelab.cube.notation import MAX_MOVES, MOVE_NAMES
from solvelab.tables import MANIFEST

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "py" / "solvelab"
PYODIDE = ROOT / "node_modules" / "pyodide"
STDLIB = "python_stdlib.zip"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    STDLIB,
    "pyodide-lock.json",
)
# Parts of the package the browser never runs (numpy builders, benchmarks).
LEFT_OUT = ("build", "bench")
# Data files the package reads at run time (the CFOP rules), besides its modules.
DATA_FILES = "*.toml"
# Where js/worker.js unpacks solvelab.zip.
WORKER_PACKAGE_DIR = "/py"
# The usual colour scheme: white on top, green in front.
COLOURS = {
    "U": "#ffffff",
    "R": "#c41e3a",
    "F": "#009e60",
    "D": "#ffd500",
    "L": "#ff5800",
    "B": "#0051ba",
}
# What a person calls them: the sticker editor's messages name these.
COLOUR_NAMES = {"U": "white", "R": "red", "F": "green", "D": "yellow", "L": "orange", "B": "blue"}
_EPOCH = (1980, 1, 1, 0, 0, 0)


def cube_data() -> dict:
    """The geometry and moves of the cube, for the page's renderer and player."""
    return {
        "faces": FACES,
        "colours": COLOURS,
        "colour_names": COLOUR_NAMES,
        "stickers": [
            {"position": list(position), "normal": list(normal)} for position, normal in STICKERS
        ],
        "moves": {
            name: {
                "axis": list(MOVE_AXES[name][0]),
                "layers": list(MOVE_AXES[name][1]),
                "permutation": list(move_permutation(name)),
            }
            for name in MOVE_NAMES
        },
        # [column, row] of each sticker place in the unfolded net (12 x 9 cells).
        "net": [list(place) for place in net_places()],
        # The most moves notation expands to: a longer setup cannot be a link's moves.
        "max_moves": MAX_MOVES,
    }


def package_zip(bytecode: dict[str, bytes]) -> bytes:
    """The run-time package as a zip archive, with ``bytecode`` added to its sources.

    Reproducible: fixed dates, sorted names.
    """
    files = {
        path.relative_to(PACKAGE.parent).as_posix(): path.read_bytes()
        for path in [*PACKAGE.rglob("*.py"), *PACKAGE.rglob(DATA_FILES)]
        if path.relative_to(PACKAGE).parts[0] not in LEFT_OUT
    }
    return _zip(sorted({**files, **bytecode}.items()))


def stdlib_zip(bytecode: dict[str, bytes]) -> bytes:
    """Pyodide's standard library archive with ``bytecode`` in place of those modules' sources.

    Without the sources the archive grows by 0.6 MB instead of 1.3 MB; a traceback
    through those modules shows their file and line, not the line's text.
    """
    with zipfile.ZipFile(PYODIDE / STDLIB) as original:
        entries = [
            (info, original.read(info))
            for info in original.infolist()
            if info.filename + "c" not in bytecode
        ]
    return _zip(entries + sorted(bytecode.items()))


def _zip(entries) -> bytes:
    """A deflated zip of ``(name or ZipInfo, bytes)`` entries; new names get a fixed date."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = name if isinstance(name, zipfile.ZipInfo) else zipfile.ZipInfo(name, _EPOCH)
            if not info.is_dir():
                info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return buffer.getvalue()


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def nonogram_gallery() -> dict:
    """The gallery's list (``puzzles``) and each picture's puzzle by name (``by_name``)."""
    listed = web_nonogram.nonogram_gallery()["puzzles"]
    return {
        "puzzles": listed,
        "by_name": {p["name"]: web_nonogram.nonogram_from_gallery(p["name"]) for p in listed},
    }


def write_assets(site_dir: Path) -> None:
    """Add the generated and copied files to a built site (see the module docstring)."""
    _write(site_dir / "assets" / "cube-data.json", json.dumps(cube_data()).encode())
    _write(site_dir / "assets" / "cfop-cases.json", json.dumps(cfop_cases(COLOURS)).encode())
    _write(site_dir / "assets" / "nonogram-gallery.json", json.dumps(nonogram_gallery()).encode())
    for script in sorted((ROOT / "js").glob("*.js")):
        if script.name != "sw.js":
            _write(site_dir / "js" / script.name, script.read_bytes())
    missing = [name for name in PYODIDE_FILES if not (PYODIDE / name).exists()]
    if missing:
        raise FileNotFoundError(f"{PYODIDE} lacks {missing}: run `make node_modules`")
    stdlib_bytecode, package_bytecode = compile_for_pyodide(LEFT_OUT, WORKER_PACKAGE_DIR)
    for name in PYODIDE_FILES:
        if name == STDLIB:
            _write(site_dir / "pyodide" / name, stdlib_zip(stdlib_bytecode))
        else:
            _write(site_dir / "pyodide" / name, (PYODIDE / name).read_bytes())
    _write(site_dir / "py" / "solvelab.zip", package_zip(package_bytecode))
    manifest = json.loads((ROOT / "tables" / MANIFEST).read_text())
    for entry in manifest["tables"]:
        source = ROOT / "tables" / entry["file"]
        if not source.exists():
            raise FileNotFoundError(f"{source} is missing: run `make tables`")
        _write(site_dir / "tables" / entry["file"], source.read_bytes())
    _write(site_dir / "tables" / MANIFEST, (ROOT / "tables" / MANIFEST).read_bytes())
    service_worker = ROOT / "js" / "sw.js"
    if service_worker.exists():
        _write(site_dir / "sw.js", _service_worker(site_dir, service_worker.read_text()))


def _service_worker(site_dir: Path, template: str) -> bytes:
    """sw.js with the files to precache (every file of the site, with its hash and
    size) and a version."""
    files = sorted(
        path
        for path in site_dir.rglob("*")
        if path.is_file()
        and path.name != "sw.js"
        and not any(part.startswith(".") for part in path.relative_to(site_dir).parts)
        and not path.name.endswith((".map", ".gz"))
    )
    digest = hashlib.sha256()
    entries = []
    for path in files:
        relative = path.relative_to(site_dir).as_posix()
        data = path.read_bytes()
        file_hash = hashlib.sha256(data).digest()
        digest.update(relative.encode() + b"\0" + file_hash)
        # Directory pages are fetched as their folder's URL.
        url = relative[: -len("index.html")] if relative.endswith("index.html") else relative
        # The file's Subresource Integrity string (the worker stores only these bytes),
        # and its size (for the progress the pages show).
        integrity = "sha256-" + base64.b64encode(file_hash).decode()
        entries.append(["./" + url, integrity, len(data)])
    text = template.replace('"__VERSION__"', json.dumps(digest.hexdigest()[:16])).replace(
        '"__PRECACHE__"', json.dumps(entries)
    )
    return text.encode()
