"""How soon the solver is ready: ``solvelab bench startup``.

- CPython: the wall time of whole ``solvelab cube solve`` commands, process
  start to exit, for a short scramble and for a random cube: with the decoded
  tables in the user's cache (every run but the first), and with an empty
  cache (the first run after the tables change, which decodes them);
- CPython: whole ``solvelab nonogram solve`` commands on a 10 × 10 puzzle
  (their time is starting Python and importing the nonogram modules), beside
  ``python -c pass``;
- Pyodide under Node.js: the browser worker's way to the tables
  (``js/worker-tables.js``: download, check, gunzip and decode natively, write
  to Pyodide's file system) and Python's ``load_tables()`` after it; and, from
  the built site's archives (``make site``), the imports of the worker's start
  and of a nonogram page's first call.

Each figure is the median of several runs (the machine may be busy).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from solvelab.tables import default_directory

SHORT_SCRAMBLE = "R U R' U' F2 D L'"
RANDOM_SEED = 20261123


def _command() -> list[str]:
    """The ``solvelab`` console script beside this Python, else ``python -m solvelab``."""
    script = Path(sys.executable).with_name("solvelab")
    return [str(script)] if script.exists() else [sys.executable, "-m", "solvelab"]


def _wall(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def cpython(runs: int = 11) -> dict[str, list[float]]:
    """Seconds for whole ``solvelab cube solve`` commands, with a kept and an empty cache."""
    from solvelab.cube import Cube

    random_cube = Cube.random(seed=RANDOM_SEED).to_facelets()
    solve = [*_command(), "cube", "solve"]
    figures: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        kept = {**os.environ, "SOLVELAB_CACHE": str(Path(scratch) / "kept")}
        subprocess.run([*solve, "--alg", "R"], env=kept, check=True, capture_output=True)
        short = [*solve, "--alg", SHORT_SCRAMBLE]
        figures[f"solve --alg {SHORT_SCRAMBLE!r}"] = [_wall(short, kept) for _ in range(runs)]
        figures["solve <random cube> (to <= 20 moves)"] = [
            _wall([*solve, random_cube], kept) for _ in range(runs)
        ]
        empty = []
        for n in range(max(3, runs // 3)):
            fresh = {**os.environ, "SOLVELAB_CACHE": str(Path(scratch) / f"empty{n}")}
            empty.append(_wall(short, fresh))
        figures[f"solve --alg {SHORT_SCRAMBLE!r}, empty cache"] = empty
    return figures


def cpython_nonogram(runs: int = 11) -> dict[str, list[float]]:
    """Seconds for whole ``solvelab nonogram solve`` commands, and for ``python -c pass``."""
    from solvelab.nonogram import dumps, generate

    with tempfile.TemporaryDirectory() as scratch:
        puzzle = Path(scratch) / "10x10.xml"
        puzzle.write_text(dumps(generate(10, 10, 0.55, seed=1), "xml"), encoding="utf-8")
        solve = [*_command(), "nonogram", "solve", str(puzzle)]
        return {
            "nonogram solve <10 x 10 puzzle>": [
                _wall(solve, dict(os.environ)) for _ in range(runs)
            ],
            "python -c pass": [_wall([sys.executable, "-c", "pass"], {}) for _ in range(runs)],
        }


def pyodide(runs: int = 5) -> dict[str, list[float]] | None:
    """Seconds for the worker's table loading and Python's ``load_tables()``, in Node."""
    from solvelab.bench.pyodide import SOURCES, TABLES_RUNNER
    from solvelab.bench.site_server import SiteServer

    node = shutil.which("node")
    if node is None:
        return None
    figures: dict[str, list[float]] = {
        "installTables (JS, download from a local server included)": [],
        "  of which checking, gunzipping, decoding (JS)": [],
        "load_tables() (Python)": [],
    }
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch)
        shutil.copytree(default_directory(), site / "tables", ignore=shutil.ignore_patterns(".*"))
        with SiteServer(site) as server:
            for _ in range(runs):
                done = subprocess.run(
                    [node, str(TABLES_RUNNER), server.url + "tables/", str(SOURCES), "pass"],
                    capture_output=True,
                    text=True,
                    check=True,
                )
                line = next(x for x in done.stdout.splitlines() if x.startswith("TIMES"))
                times = json.loads(line[len("TIMES") :])
                labels = iter(figures)
                for key in ("installTables", "decodeOnly", "load_tables"):
                    figures[next(labels)].append(times[key] / 1000)
    return figures


# The worker's Python as js/worker.js starts it, from the site's bytecode archives.
IMPORTS = """
import { readFileSync } from "node:fs";
import { loadPyodide } from "%(pyodide)s";
const [stdlib, archive] = process.argv.slice(1);
const pyodide = await loadPyodide({ stdLibURL: stdlib });
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: "/py" });
console.log("TIMES" + pyodide.runPython(`
import json, sys, time
sys.path.insert(0, "/py")
start = time.perf_counter()
from solvelab import web
started = time.perf_counter()
import solvelab.web_nonogram
json.dumps([started - start, time.perf_counter() - started])
`));
"""


def pyodide_imports(runs: int = 5) -> dict[str, list[float]] | None:
    """Seconds for the worker's imports at its start and at a nonogram page's first
    call, in Pyodide under Node.js, from the built site (None without it or Node)."""
    from solvelab.bench.browser import SITE
    from solvelab.bench.pyodide import SOURCES

    node = shutil.which("node")
    stdlib = SITE / "pyodide" / "python_stdlib.zip"
    archive = SITE / "py" / "solvelab.zip"
    pyodide_module = SOURCES.parent / "node_modules" / "pyodide" / "pyodide.mjs"
    if node is None or not stdlib.exists() or not archive.exists():
        return None
    figures: dict[str, list[float]] = {
        "worker start: from solvelab import web": [],
        "a nonogram page's first call: import web_nonogram": [],
    }
    script = IMPORTS % {"pyodide": pyodide_module.as_uri()}
    for _ in range(runs):
        done = subprocess.run(
            [node, "--input-type=module", "-e", script, str(stdlib), str(archive)],
            capture_output=True,
            text=True,
            check=True,
        )
        line = next(x for x in done.stdout.splitlines() if x.startswith("TIMES"))
        for seconds, label in zip(json.loads(line[len("TIMES") :]), figures, strict=True):
            figures[label].append(seconds)
    return figures


def _print(label: str, seconds: list[float]) -> None:
    print(
        f"  {label:56} {statistics.median(seconds):6.3f} s median of {len(seconds)}"
        f" (min {min(seconds):.3f}, max {max(seconds):.3f})"
    )


def _section(title: str, figures: dict[str, list[float]] | None, skipped: str) -> None:
    if figures is None:
        print(skipped)
        return
    print(title)
    for label, seconds in figures.items():
        _print(label, seconds)


def main(runs: int, runtimes: tuple[str, ...]) -> int:
    if "cpython" in runtimes:
        version = sys.version.split()[0]
        _section(
            f"CPython {version}: `solvelab cube solve`, process start to exit", cpython(runs), ""
        )
        _section(
            "CPython: `solvelab nonogram solve`, process start to exit", cpython_nonogram(runs), ""
        )
    if "pyodide" in runtimes:
        _section(
            "Pyodide under Node.js: the worker's tables, then Python's load",
            pyodide(max(3, runs // 2)),
            "Pyodide: skipped (Node.js not found)",
        )
        _section(
            "Pyodide under Node.js, the built site's archives: the worker's imports",
            pyodide_imports(max(3, runs // 2)),
            "Pyodide imports: skipped (needs Node.js and the built site: make site)",
        )
    return 0
