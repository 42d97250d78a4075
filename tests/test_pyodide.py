"""The solver runs unchanged in Pyodide (Node.js with the pinned npm package), and the
browser worker's table loading (js/worker-tables.js) gives Python the tables it expects."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solvelab.bench.pyodide import TABLES_RUNNER, run_python
from solvelab.bench.site_server import SiteServer
from solvelab.cube import Cube
from solvelab.tables import MANIFEST, default_directory

ROOT = Path(__file__).resolve().parent.parent

CODE = """
import json, sys
from solvelab.cube import Cube
from solvelab.cube.solver import solve
results = []
for seed in range(3):
    cube = Cube.random(seed=seed)
    solution = solve(cube, max_length=21, time_limit=60)
    results.append([cube.to_facelets(), str(solution), cube.apply(solution.moves).is_solved()])
print("RESULT" + json.dumps({"platform": sys.platform, "results": results}))
"""


def _line(output: str, mark: str):
    line = next(line for line in output.splitlines() if line.startswith(mark))
    return json.loads(line[len(mark) :])


def _result(output: str) -> dict:
    return _line(output, "RESULT")


def _check_solutions(result: dict) -> None:
    assert result["platform"] == "emscripten"  # really Pyodide, not this CPython
    assert len(result["results"]) == 3
    for seed, (facelets, solution, solved) in enumerate(result["results"]):
        cube = Cube.random(seed=seed)
        assert facelets == cube.to_facelets()  # the same random cube in both runtimes
        assert solved
        assert cube.apply(solution).is_solved()  # checked again here, in CPython
        assert len(solution.split()) <= 21


def test_solver_runs_in_pyodide():
    # Python decodes the built tables itself here (no worker).
    _check_solutions(_result(run_python(CODE, timeout=600)))


# The worker's part, in Node: installTables from js/worker-tables.js fetches the
# tables over HTTP, checks, gunzips and decodes them into Pyodide's file system;
# then Python loads them as the page's worker does, and solves.
WORKER_CODE = (
    """
from solvelab.tables import directory_source
source = directory_source()
assert source.cache is not None and source.get_bytes is None  # the worker's decoded tables
"""
    + CODE
)


def _run_worker(site: Path) -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is needed to run Pyodide")
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        pytest.skip("the npm package pyodide is missing: run `make node_modules`")
    with SiteServer(site) as server:
        done = subprocess.run(
            [node, str(TABLES_RUNNER), server.url + "tables/", str(ROOT / "py"), WORKER_CODE],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    if done.returncode != 0:
        raise AssertionError(f"the worker's tables failed in Node:\n{done.stderr[-3000:]}")
    return done.stdout


def _site_with_tables(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    shutil.copytree(default_directory(), site / "tables", ignore=shutil.ignore_patterns(".*"))
    return site


def test_worker_tables_load_in_pyodide(tmp_path):
    output = _run_worker(_site_with_tables(tmp_path))
    installed = _line(output, "INSTALLED")
    manifest = json.loads((default_directory() / MANIFEST).read_text())
    total = sum(entry["bytes"] for entry in manifest["tables"])
    assert installed["progress"] == {"loaded": total, "total": total}
    expected = {entry["name"] + ".bin" for entry in manifest["tables"]} | {MANIFEST}
    assert set(installed["written"]) == expected
    _check_solutions(_result(output))
    assert _line(output, "REMOVED") == []


def test_worker_refuses_a_damaged_table(tmp_path):
    site = _site_with_tables(tmp_path)
    manifest = json.loads((site / "tables" / MANIFEST).read_text())
    entry = next(e for e in manifest["tables"] if e["name"] == "phase2-corners-sliceperm")
    path = site / "tables" / entry["file"]
    damaged = bytearray(path.read_bytes())
    damaged[len(damaged) // 2] ^= 0xFF
    path.write_bytes(bytes(damaged))
    with pytest.raises(AssertionError, match="damaged"):
        _run_worker(site)
    path.write_bytes(bytes(damaged[:-100]))
    with pytest.raises(AssertionError, match="cut short"):
        _run_worker(site)


def test_nonogram_bench_runs_in_pyodide(tmp_path, capsys):
    from solvelab.bench.nonogram import main, run
    from solvelab.nonogram import Puzzle, dumps, read_file

    path = tmp_path / "cross.xml"
    path.write_text(dumps(Puzzle.from_grid([".X.", "XXX", ".X."])), encoding="utf-8")
    puzzles = {path: read_file(path)}
    found = run(puzzles, ("pyodide", "cpython"), time_limit=60, repeat=2)
    for runtime in ("pyodide", "cpython"):
        summary = found[runtime][path]
        assert summary["status"] == "unique" and summary["steps"] is None
        assert len(summary["times"]) == 2 and summary["seconds"] == min(summary["times"]) > 0
    red = run(puzzles, ("pyodide",), time_limit=60, red=True)["pyodide"][path]
    assert red["status"] == "unique"
    # Pyodide alone fills the table's size, verdict and needs, as CPython does.
    assert main(str(tmp_path), time_limit=60, runtimes=("pyodide",)) == 0
    assert "| cross | 3×3 | unique | line | " in capsys.readouterr().out
    # Two solutions: two line steps (black out), a guess, the solution and its image.
    path.write_text(dumps(Puzzle.from_grid(["X.", ".X"])), encoding="utf-8")
    puzzles = {path: read_file(path)}
    found = run(puzzles, ("pyodide",), time_limit=60, red=True, steps=True)["pyodide"][path]
    assert found["status"] == "multiple" and found["steps"] == 5


def test_a_pyodide_session_takes_work_a_line_at_a_time_and_says_why_it_failed():
    from solvelab.bench.pyodide import Session

    code = "import sys, json\nwhile line := sys.stdin.readline():\n"
    code += "    print('RESULT' + json.dumps(1 / int(line)), flush=True)\n"
    with Session(code) as session:
        assert session.ask("2") == 0.5
        assert session.ask("4") == 0.25
        with pytest.raises(RuntimeError, match="ZeroDivisionError"):
            session.ask("0")


GENERATOR_CODE = """
import json
from solvelab.nonogram.generator import find_unique
made = []
for width, density, seed in [(30, 0.55, 4), (40, 0.62, 1)]:
    puzzle, result, tried = find_unique(width, width, density, seed)
    made.append([repr(puzzle.rows), tried, result.stats.line_solves, result.stats.line_lookups])
print("RESULT" + json.dumps(made))
"""


def test_the_generator_keeps_the_same_pictures_in_pyodide():
    """Its checks stop at a number of line solves, not at a time: a seed gives the page
    (Pyodide) the puzzle the command (CPython) gives, after the same pictures and work."""
    here = subprocess.run(
        [sys.executable, "-c", GENERATOR_CODE], capture_output=True, text=True, check=True
    )
    assert _result(run_python(GENERATOR_CODE, timeout=600)) == _result(here.stdout)


COLOUR_SEARCH_CODE = """
import json, sys
from solvelab.nonogram.clue_text import read_text
from solvelab.nonogram.solver import Solver
puzzle = read_text(SWAPPED)
made = []
for line in range(puzzle.width + puzzle.height):
    solver = Solver(puzzle, free_lines=frozenset([line]))
    found = solver.any_solution()
    made.append([line, found, solver.stats.backtracks, solver.stats.line_solves])
print("RESULT" + json.dumps({"platform": sys.platform, "made": made}))
"""


def test_the_colour_search_finds_the_same_solutions_in_pyodide():
    """The learning search for colour puzzles (learning_colour.py), asked which lines
    of a black and red puzzle with no solution could be left out for one: the same
    contradictions, work and answers in both runtimes."""
    from test_nonogram_colour_search import CADICAL_SUSPECTS, SWAPPED

    code = f"SWAPPED = {SWAPPED!r}\n{COLOUR_SEARCH_CODE}"
    here = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    there = _result(run_python(code, timeout=600))
    assert there["platform"] == "emscripten"
    assert there["made"] == _result(here.stdout)["made"]
    assert [line for line, found, _, _ in there["made"] if found] == CADICAL_SUSPECTS
    assert sum(backtracks for _, _, backtracks, _ in there["made"]) > 100
