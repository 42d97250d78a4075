"""Put what the browser needs into the built site.

MkDocs builds the pages from ``site/``; then :func:`write_assets` (called by
the MkDocs hook in ``mkdocs_hook.py``) adds:

- ``assets/cube-data.json``: where the 54 stickers are and how each move
  permutes them, generated from :mod:`solvelab.cube.geometry`, so the page
  never carries a second, hand-written cube model;
- ``js/``: the page's ES modules, copied as they are;
- ``pyodide/``: the Pyodide runtime from the pinned npm package;
- ``py/solvelab.zip``: the run-time Python package for the worker;
- ``tables/``: the solver's compressed tables and their manifest;
- ``sw.js``: the service worker, with the list of files to keep offline
  (all of them, the tables included) and a version that changes whenever
  any of them does.

Everything is written byte for byte the same from the same sources.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

from solvelab.cube.geometry import FACES, MOVE_AXES, STICKERS, move_permutation
from solvelab.cube.notation import MOVE_NAMES
from solvelab.tables import MANIFEST

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "py" / "solvelab"
PYODIDE = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Parts of the package the browser never runs (numpy builders, benchmarks).
LEFT_OUT = ("build", "bench")
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
    }


def package_zip() -> bytes:
    """The run-time package as a zip archive, reproducibly (fixed dates, sorted names)."""
    import io

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(PACKAGE.rglob("*.py")):
            relative = path.relative_to(PACKAGE.parent)
            if relative.parts[1] in LEFT_OUT:
                continue
            info = zipfile.ZipInfo(relative.as_posix(), date_time=_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def write_assets(site_dir: Path) -> None:
    """Add the generated and copied files to a built site (see the module docstring)."""
    _write(site_dir / "assets" / "cube-data.json", json.dumps(cube_data()).encode())
    for script in sorted((ROOT / "js").glob("*.js")):
        if script.name != "sw.js":
            _write(site_dir / "js" / script.name, script.read_bytes())
    missing = [name for name in PYODIDE_FILES if not (PYODIDE / name).exists()]
    if missing:
        raise FileNotFoundError(f"{PYODIDE} lacks {missing}: run `make node_modules`")
    for name in PYODIDE_FILES:
        _write(site_dir / "pyodide" / name, (PYODIDE / name).read_bytes())
    _write(site_dir / "py" / "solvelab.zip", package_zip())
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
    """sw.js with the files to precache (every file of the site) and a version."""
    files = sorted(
        path
        for path in site_dir.rglob("*")
        if path.is_file()
        and path.name != "sw.js"
        and not any(part.startswith(".") for part in path.relative_to(site_dir).parts)
        and not path.name.endswith((".map", ".gz"))
    )
    digest = hashlib.sha256()
    urls = []
    for path in files:
        relative = path.relative_to(site_dir).as_posix()
        digest.update(relative.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
        # Directory pages are fetched as their folder's URL.
        urls.append(relative[: -len("index.html")] if relative.endswith("index.html") else relative)
    urls = ["./" + url for url in urls]
    text = template.replace('"__VERSION__"', json.dumps(digest.hexdigest()[:16])).replace(
        '"__PRECACHE__"', json.dumps(urls)
    )
    return text.encode()
