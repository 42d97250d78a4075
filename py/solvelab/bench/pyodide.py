"""Run Python code in Pyodide under Node.js, with this checkout's sources and tables."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from solvelab.tables import default_directory

RUNNER = Path(__file__).with_name("pyodide_run.mjs")
TABLES_RUNNER = Path(__file__).with_name("pyodide_tables.mjs")  # the worker's way to the tables
SOURCES = Path(__file__).resolve().parent.parent.parent  # the folder holding solvelab/


class PyodideUnavailable(RuntimeError):
    """Node.js or the npm package pyodide is missing."""


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        raise PyodideUnavailable("Node.js is needed to run Pyodide: install nodejs")
    return node


def _failed(stderr: str) -> RuntimeError:
    if "Cannot find package 'pyodide'" in stderr:
        return PyodideUnavailable("the npm package pyodide is missing: run `make node_modules`")
    return RuntimeError(f"Python in Pyodide failed:\n{stderr}")


def run_python(code: str, timeout: float | None = None) -> str:
    """Run ``code`` in Pyodide; return what it printed. Raises if it fails."""
    node = _node()
    done = subprocess.run(
        [node, str(RUNNER), str(SOURCES), str(default_directory())],
        input=code,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0:
        raise _failed(done.stderr)
    return done.stdout


class Session:
    """Pyodide under Node.js kept running, for work handed to it a line at a time
    between other work (a benchmark that takes turns with CPython). ``code`` reads
    a line of standard input for each piece of work and answers it with a line
    ``RESULT<json>``; :meth:`ask` sends the line and returns the JSON."""

    def __init__(self, code: str):
        # Both open for the session's life: close() closes them.
        self._code = tempfile.NamedTemporaryFile("w", suffix=".py", encoding="utf-8")  # noqa: SIM115
        self._code.write(code)
        self._code.flush()
        self._errors = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 (no pipe to fill)
        self._node = subprocess.Popen(
            [_node(), str(RUNNER), str(SOURCES), str(default_directory()), self._code.name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._errors,
            text=True,
        )

    def ask(self, line: str) -> object:
        try:
            self._node.stdin.write(line + "\n")
            self._node.stdin.flush()
        except BrokenPipeError:
            pass  # it has ended: its errors say why
        while answer := self._node.stdout.readline():
            if answer.startswith("RESULT"):
                return json.loads(answer[len("RESULT") :])
        self._node.wait()
        self._errors.seek(0)
        raise _failed(self._errors.read())

    def close(self) -> None:
        if self._node.poll() is None:
            self._node.stdin.close()  # the code's next readline() is empty: it ends
            try:
                self._node.wait(timeout=5)
            except subprocess.TimeoutExpired:  # still at work (a Ctrl-C mid-solve)
                self._node.kill()
                self._node.wait()
        self._code.close()
        self._errors.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def run_for_result(code: str) -> object:
    """Run ``code`` in Pyodide; what it printed as JSON on a line ``RESULT<json>``."""
    output = run_python(code)
    line = next(line for line in output.splitlines() if line.startswith("RESULT"))
    return json.loads(line[len("RESULT") :])
