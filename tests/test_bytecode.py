"""The site's Python archives carry bytecode, so the browser compiles nothing when the
worker starts (solvelab.build.bytecode)."""

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from solvelab.build import site

ROOT = Path(__file__).resolve().parent.parent

# In Pyodide started with the site's standard library and package, as js/worker.js
# starts it: which imported modules came from source rather than bytecode?
CHECK = """
import { readFileSync } from "node:fs";
import { loadPyodide } from "%(pyodide)s";
const [stdlib, archive] = process.argv.slice(1);
const pyodide = await loadPyodide({ stdLibURL: stdlib });
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: "/py" });
console.log(pyodide.runPython(`
import importlib.util, inspect, json, os, sys, traceback
sys.path.insert(0, "/py")
from solvelab import web
from solvelab.cube import solver
modules = [m for m in list(sys.modules.values()) if getattr(m, "__spec__", None)]
origins = [m.__spec__.origin or "" for m in modules]
json.dumps({
    "from_stdlib_sources": [o for o in origins if ".zip/" in o and o.endswith(".py")],
    "from_stdlib_bytecode": len([o for o in origins if ".zip/" in o and o.endswith(".pyc")]),
    "package_without_bytecode": [
        o for o in origins
        if o.startswith("/py/") and not os.path.exists(importlib.util.cache_from_source(o))
    ],
    "solver_file": solver.__file__,
})
`));
"""


def test_the_worker_imports_only_bytecode(tmp_path):
    node = shutil.which("node")
    pyodide = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
    if node is None or not pyodide.exists():
        pytest.skip("needs Node.js and the npm package pyodide (make node_modules)")
    stdlib_bytecode, package_bytecode = site.compile_for_pyodide(
        site.LEFT_OUT, site.WORKER_PACKAGE_DIR
    )
    stdlib = tmp_path / site.STDLIB
    stdlib.write_bytes(site.stdlib_zip(stdlib_bytecode))
    archive = tmp_path / "solvelab.zip"
    archive.write_bytes(site.package_zip(package_bytecode))

    done = subprocess.run(
        [node, "--input-type=module", "-e", CHECK % {"pyodide": pyodide.as_uri()}]
        + [str(stdlib), str(archive)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["from_stdlib_sources"] == []
    assert found["from_stdlib_bytecode"] > 50  # Pyodide's own start-up, json, inspect…
    assert found["package_without_bytecode"] == []
    assert found["solver_file"] == "/py/solvelab/cube/solver.py"  # tracebacks name the source

    # The archives are reproducible, and a module's bytecode replaces its source.
    again = site.compile_for_pyodide(site.LEFT_OUT, site.WORKER_PACKAGE_DIR)
    assert again == (stdlib_bytecode, package_bytecode)
    with zipfile.ZipFile(stdlib) as archive:
        names = set(archive.namelist())
    assert "json/__init__.pyc" in names and "json/__init__.py" not in names
