"""solvelab's two-phase solver beside the JavaScript ones (``solvelab bench cube-peers``).

min2phase.js (Chen Shuang's min2phase, ported by its author) and cubing.js
(its 3x3x3 search) run under Node.js on the same seeded random-state cubes as
``solvelab bench cube``, in the same run as solvelab (and RubikTwoPhase, when
it is installed). They are never dependencies: install them into a throwaway
directory and point the benchmark at it::

    npm install --prefix /tmp/peers min2phase.js cubing
    solvelab bench cube-peers --peers-js /tmp/peers --count 100

What each offers decides what is measured. min2phase.js searches to a
maximum length (``Search().solution(facelets, 21)``, then ``20``): the time to
<= 21 and <= 20 moves. cubing.js returns one solution
(``experimentalSolve3x3x3IgnoringCenters``): its time counts as the time to
<= 21 moves when it is that short, and its average length is shown. Neither
takes a time limit, so the average lengths in 0.1 s and 1 s are solvelab's
(and RubikTwoPhase's) only. Every solution is checked on the cube.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from solvelab.bench.cube import (
    LENGTH_LIMITS,
    SEED_BASE,
    cubes,
    measure,
    print_table,
    rows,
    runtime_name,
    solvelab_runner,
    summary,
    twophase_runner,
)
from solvelab.cube import Cube

SCRIPT = Path(__file__).with_name("peers_js.mjs")
_NONE = {"median": None, "p95": None, "max": None, "over_5s": None}


def _length(cube: Cube, moves: str) -> int:
    """The length of ``moves`` (a peer's solution), which must solve ``cube``."""
    if not cube.apply(moves).is_solved():
        raise AssertionError(f"a peer's solution {moves!r} does not solve the cube")
    return len(moves.split())


def run_node(peers_dir: Path, sample: list[Cube]) -> dict:
    """What peers_js.mjs reports for ``sample``, by solver name."""
    from solvelab.cube.solver import solve

    node = shutil.which("node")
    if node is None:
        return {"min2phase.js": {"error": "no node"}, "cubing.js": {"error": "no node"}}
    # cubing.js takes a cube as moves: the inverse of a solution of it.
    entries = [
        {"facelets": c.to_facelets(), "scramble": str(solve(c, max_length=21).moves.inverse())}
        for c in sample
    ]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump({"cubes": entries}, file)
    try:
        result = subprocess.run(
            [node, str(SCRIPT), str(peers_dir), file.name],
            capture_output=True,
            text=True,
            check=False,
        )
    finally:
        os.unlink(file.name)
    line = next((x for x in result.stdout.splitlines() if x.startswith("RESULT")), None)
    if line is None:
        message = (result.stderr.strip().splitlines() or ["node printed nothing"])[-1]
        return {"min2phase.js": {"error": message}, "cubing.js": {"error": message}}
    return json.loads(line[len("RESULT") :])


def peer_columns(found: dict, sample: list[Cube], node_version: str) -> dict[str, dict]:
    """The report's columns for the JavaScript solvers that ran."""
    columns = {}
    for name, figures in found.items():
        if "error" in figures:
            continue
        to21, to20, firsts = [], [], []
        for cube, row in zip(sample, figures["cubes"], strict=True):
            if "first" in row:
                moves, seconds = row["first"]
                length = _length(cube, moves)
                firsts.append(length)
                to21.append(seconds if length <= 21 else float("inf"))
                continue
            for target, times in ((21, to21), (20, to20)):
                moves, seconds = row[f"target{target}"]
                ok = not moves.startswith("Error") and _length(cube, moves) <= target
                times.append(seconds if ok else float("inf"))
        column = {
            "load_s": figures["load_s"],
            "cubes": len(sample),
            "to21": summary(to21),
            "to20": summary(to20) if to20 else dict(_NONE),
            "first_length": statistics.fmean(firsts) if firsts else None,
        }
        for limit in LENGTH_LIMITS:
            column[f"length_{limit:g}s"] = {"mean": None, "unsolved": 0}
        columns[f"{name} {figures['version']}, Node.js {node_version}"] = column
    return columns


def main(count: int, peers_dir: Path, with_reference: bool = True, as_json: bool = False) -> int:
    sample = cubes(count)
    load_before = os.getloadavg()
    columns: dict[str, dict] = {}
    runtime = runtime_name()
    solvers = [("solvelab", solvelab_runner())]
    reference = twophase_runner() if with_reference else None
    if reference is not None:
        solvers.append(("RubikTwoPhase", reference))
    for name, (run, load) in solvers:
        columns[f"{name}, {runtime}"] = {"load_s": load, **measure(run, sample, not as_json)}
    node = shutil.which("node")
    node_version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout
    node_version = node_version.strip().lstrip("v") if node else "-"
    found = run_node(peers_dir, sample)
    columns.update(peer_columns(found, sample, node_version))
    for column in columns.values():
        column.setdefault("first_length", None)
    load_after = os.getloadavg()
    if as_json:
        print(json.dumps({"columns": columns, "peers": found if count <= 0 else None}, indent=2))
        return 0
    print_table(columns, count)
    firsts = [columns[name]["first_length"] for name in columns]
    if any(v is not None for v in firsts):
        shown = ["-" if v is None else f"{v:.2f}" for v in firsts]
        print("one solution (cubing.js), average length: " + "  ".join(shown))
    for name, figures in found.items():
        if "error" in figures:
            print(f"{name} could not run: {figures['error']}")
    print(
        f"machine: {os.cpu_count()} cores, {platform.machine()}; load average (1, 5, 15 min) "
        f"{' '.join(f'{x:.1f}' for x in load_before)} before, "
        f"{' '.join(f'{x:.1f}' for x in load_after)} after; seeds from {SEED_BASE}"
    )
    return 0


__all__ = ["main", "peer_columns", "rows", "run_node"]
