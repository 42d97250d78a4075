"""Compile the worker's Python to bytecode at build time, so the browser need not.

Pyodide ships the standard library as source only, so every module the worker
imports (Pyodide's own start-up modules, ``json``, ``inspect``, the solvers…) is
compiled on every visit: more than a second of a cold start. Here the same
Python that runs in the browser, Pyodide under Node.js, compiles those modules
once, at build time, into ``.pyc`` files the site ships:

- in a copy of ``python_stdlib.zip``, in place of the source of each module
  the worker imports (``json/__init__.pyc`` instead of ``json/__init__.py``);
- in ``__pycache__`` folders inside ``solvelab.zip``, beside the sources.

They are "unchecked hash-based" ``.pyc`` files (PEP 552): Python uses them
without comparing them with a source, which is right here because both come
from the same build.
"""

from __future__ import annotations

import base64
import json

from solvelab.bench.pyodide import run_python

# Runs in Pyodide: import what the worker imports, then compile each module it
# loaded from the standard library's zip, and every module of the package.
_COMPILE = """
import base64, importlib, importlib.util, inspect, json, marshal, os, sys, traceback, zipfile

LEFT_OUT = {left_out!r}
ZIP = next(path for path in sys.path if path.endswith(".zip")) + "/"
PACKAGE = "/solvelab/py/solvelab"


def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True)
    unchecked_hash = (1).to_bytes(4, "little")
    header = importlib.util.MAGIC_NUMBER + unchecked_hash + importlib.util.source_hash(source)
    return header + marshal.dumps(code)


sources = []
for folder, dirs, files in os.walk(PACKAGE):
    dirs[:] = sorted(d for d in dirs if d not in LEFT_OUT and d != "__pycache__")
    sources += [os.path.join(folder, name) for name in sorted(files) if name.endswith(".py")]
for path in sources:
    relative = os.path.relpath(path, os.path.dirname(PACKAGE))
    if relative not in ("solvelab/__main__.py", "solvelab/cli.py"):  # not the worker's
        importlib.import_module(relative[:-3].replace("/", ".").removesuffix(".__init__"))

out = {{"stdlib": {{}}, "package": {{}}}}
with zipfile.ZipFile(ZIP.rstrip("/")) as archive:
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(ZIP):
            entry = origin[len(ZIP):]
            out["stdlib"][entry + "c"] = pyc(archive.read(entry), origin)
for path in sources:
    relative = os.path.relpath(path, os.path.dirname(PACKAGE))
    folder, name = os.path.split(relative)
    cached = f"{{folder}}/__pycache__/{{name[:-3]}}.{{sys.implementation.cache_tag}}.pyc"
    with open(path, "rb") as file:
        out["package"][cached] = pyc(file.read(), "{package_dir}/" + relative)
print(json.dumps({{part: {{k: base64.b64encode(v).decode() for k, v in files.items()}}
                   for part, files in out.items()}}))
"""


def compile_for_pyodide(
    left_out: tuple[str, ...], package_dir: str
) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """Bytecode of the worker's modules, compiled by Pyodide's Python.

    Returns ``(stdlib, package)``: entry names for ``python_stdlib.zip``
    (``json/__init__.pyc``) and for ``solvelab.zip``
    (``solvelab/cube/__pycache__/cubie.cpython-314.pyc``), each with its bytes.
    ``package_dir`` is where the worker unpacks the package (``/py``), for the
    file names in tracebacks.
    """
    code = _COMPILE.format(left_out=set(left_out), package_dir=package_dir)
    printed = json.loads(run_python(code).splitlines()[-1])
    return tuple(
        {name: base64.b64decode(data) for name, data in sorted(printed[part].items())}
        for part in ("stdlib", "package")
    )
