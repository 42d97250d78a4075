"""The solver runs unchanged in Pyodide (Node.js with the pinned npm package)."""

import json

from solvelab.bench.pyodide import run_python
from solvelab.cube import Cube

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


def test_solver_runs_in_pyodide():
    output = run_python(CODE, timeout=600)
    line = next(line for line in output.splitlines() if line.startswith("RESULT"))
    result = json.loads(line[len("RESULT") :])
    assert result["platform"] == "emscripten"  # really Pyodide, not this CPython
    assert len(result["results"]) == 3
    for seed, (facelets, solution, solved) in enumerate(result["results"]):
        cube = Cube.random(seed=seed)
        assert facelets == cube.to_facelets()  # the same random cube in both runtimes
        assert solved
        assert cube.apply(solution).is_solved()  # checked again here, in CPython
        assert len(solution.split()) <= 21
