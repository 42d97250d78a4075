"""Run Python code in Pyodide under Node.js, with this checkout's sources and tables."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from solvelab.tables import default_directory

RUNNER = Path(__file__).with_name("pyodide_run.mjs")
TABLES_RUNNER = Path(__file__).with_name("pyodide_tables.mjs")  # the worker's way to the tables
SOURCES = Path(__file__).resolve().parent.parent.parent  # the folder holding solvelab/


class PyodideUnavailable(RuntimeError):
    """Node.js or the npm package pyodide is missing."""


def run_python(code: str, timeout: float | None = None) -> str:
    """Run ``code`` in Pyodide; return what it printed. Raises if it fails."""
    node = shutil.which("node")
    if node is None:
        raise PyodideUnavailable("Node.js is needed to run Pyodide: install nodejs")
    done = subprocess.run(
        [node, str(RUNNER), str(SOURCES), str(default_directory())],
        input=code,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0:
        if "Cannot find package 'pyodide'" in done.stderr:
            raise PyodideUnavailable("the npm package pyodide is missing: run `make node_modules`")
        raise RuntimeError(f"Python in Pyodide failed:\n{done.stderr}")
    return done.stdout


def run_for_result(code: str) -> object:
    """Run ``code`` in Pyodide; what it printed as JSON on a line ``RESULT<json>``."""
    output = run_python(code)
    line = next(line for line in output.splitlines() if line.startswith("RESULT"))
    return json.loads(line[len("RESULT") :])
