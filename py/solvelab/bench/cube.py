"""How fast and how short the two-phase solver is (``solvelab bench cube``).

The same seeded random-state cubes are solved by every solver measured:

- time until a solution of at most 21 moves, and of at most 20 moves
  (median, 95th percentile, maximum);
- the average length of the best solution found in 0.1 s and in 1 s.

``--runtime pyodide`` runs the same code in Pyodide under Node.js.
RubikTwoPhase (Kociemba's own Python solver, GPL) is measured beside it when
it is installed (``pip install .[bench]``); it is never a dependency.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from solvelab.cube import Cube

SEED_BASE = 20261122
REFERENCE_DIR = Path("build/reference")


def cubes(count: int) -> list[Cube]:
    return [Cube.random(seed=SEED_BASE + i) for i in range(count)]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


# A solver, as the benchmark sees it: given a cube, a target length and a time
# limit, it returns (length of its solution, seconds taken), length None if it
# found none.
Runner = Callable[[Cube, int, float], tuple[int | None, float]]


def solvelab_runner() -> tuple[Runner, float]:
    """Our solver, and how long its tables took to load."""
    from solvelab.cube.solver import _tables, solutions

    start = time.perf_counter()
    _tables()
    load = time.perf_counter() - start

    def run(cube: Cube, target: int, limit: float) -> tuple[int | None, float]:
        start = time.perf_counter()
        best = None
        for solution in solutions(cube, time_limit=limit, target=target or None):
            best = solution.length
            if best <= target:
                break
        return best, time.perf_counter() - start

    return run, load


def twophase_runner(directory: Path = REFERENCE_DIR) -> tuple[Runner, float] | None:
    """RubikTwoPhase, if installed, and how long its tables took to load.

    It reads (and on first use spends some ten minutes building) its tables
    in ``twophase/`` below the working directory, so it runs in ``directory``.
    """
    if importlib.util.find_spec("twophase") is None:
        return None
    directory.mkdir(parents=True, exist_ok=True)
    if not (directory / "twophase" / "phase1_prun").exists():
        print(f"RubikTwoPhase builds its tables in {directory} first (about 10 minutes)")
    os.chdir(directory)
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):  # it reports each table it loads
        import twophase.solver as reference  # optional, GPL, for benchmarks only
    load = time.perf_counter() - start

    def run(cube: Cube, target: int, limit: float) -> tuple[int | None, float]:
        start = time.perf_counter()
        text = reference.solve(cube.to_facelets(), target, limit)
        seconds = time.perf_counter() - start
        if "(" not in text:
            return None, seconds
        length = int(text[text.rindex("(") + 1 : text.rindex("f")])
        return length, seconds

    return run, load


# Time limits (s) for the average length of the best solution found; --lengths-at changes them.
LENGTH_LIMITS = (0.1, 1.0)


def measure(
    run: Runner,
    sample: list[Cube],
    progress: bool = False,
    length_limits: tuple[float, ...] = LENGTH_LIMITS,
) -> dict:
    """The figures for one solver on ``sample``."""
    to21, to20 = [], []
    lengths: dict[float, list[int | None]] = {limit: [] for limit in length_limits}
    # An untimed solve first (a cube not in the sample): the first solve warms up the
    # interpreter and the tables' memory, which would count in the first cube's time.
    run(Cube.random(seed=SEED_BASE - 1), 21, 60.0)
    for i, cube in enumerate(sample):
        length, seconds = run(cube, 21, 60.0)
        to21.append(seconds)
        length, seconds = run(cube, 20, 60.0)
        to20.append(seconds if length is not None and length <= 20 else float("inf"))
        for limit, found in lengths.items():
            found.append(run(cube, 0, limit)[0])
        if progress and (i + 1) % 10 == 0:
            print(f"  {i + 1}/{len(sample)} cubes", flush=True)
    return {
        "cubes": len(sample),
        "to21": summary(to21),
        "to20": summary(to20),
        **{f"length_{limit:g}s": mean_length(found) for limit, found in lengths.items()},
    }


def summary(seconds: list[float]) -> dict:
    return {
        "median": statistics.median(seconds),
        "p95": percentile(seconds, 95),
        "max": max(seconds),
        "over_5s": sum(s > 5 for s in seconds),
    }


def mean_length(lengths: list[int | None]) -> dict:
    """The average length, over the cubes that got a solution at all in the time."""
    found = [length for length in lengths if length is not None]
    return {
        "mean": statistics.fmean(found) if found else None,
        "unsolved": len(lengths) - len(found),
    }


def runtime_name() -> str:
    import platform
    import sys

    name = "Pyodide" if sys.platform == "emscripten" else platform.python_implementation()
    return f"{name} {platform.python_version()}"


def run_in_this_runtime(
    count: int,
    with_reference: bool,
    progress: bool,
    length_limits: tuple[float, ...] = LENGTH_LIMITS,
) -> dict[str, dict]:
    """Figures for each solver measured here, by column name."""
    sample = cubes(count)
    runtime = runtime_name()
    solvers = [("solvelab", solvelab_runner())]
    reference = twophase_runner() if with_reference else None
    if reference is not None:
        solvers.append(("RubikTwoPhase", reference))
    return {
        f"{name}, {runtime}": {"load_s": load, **measure(run, sample, progress, length_limits)}
        for name, (run, load) in solvers
    }


def run_in_pyodide(count: int, length_limits: tuple[float, ...] = LENGTH_LIMITS) -> dict[str, dict]:
    from solvelab.bench.pyodide import run_for_result

    code = (
        "import json\n"
        "from solvelab.bench.cube import run_in_this_runtime\n"
        f"figures = run_in_this_runtime({count}, False, False, {tuple(length_limits)!r})\n"
        "print('RESULT' + json.dumps(figures))\n"
    )
    return run_for_result(code)


def _seconds(value: float) -> str:
    return "> 60 s" if value == float("inf") else f"{value * 1000:.0f} ms"


def rows(columns: dict[str, dict]) -> Iterator[tuple[str, ...]]:
    """The report: one column per solver and runtime, then the ratio of each to the first."""
    names = list(columns)
    first = columns[names[0]]
    yield ("", *names, *[f"{name.split(',')[0]}, ratio" for name in names[1:]])

    def row(label: str, pick: Callable[[dict], float | None], show: Callable) -> tuple:
        values = [pick(columns[name]) for name in names]
        ratios = []
        for value in values[1:]:
            base = pick(first)
            ok = value and base and value != float("inf") and base != float("inf")
            ratios.append(f"{base / value:.2f}" if ok else "-")
        return (label, *[show(v) if v is not None else "-" for v in values], *ratios)

    yield row("table load", lambda c: c["load_s"], _seconds)
    for target in ("to21", "to20"):
        for stat in ("median", "p95", "max"):
            label = f"to <= {target[2:]} moves, {stat}"
            yield row(label, lambda c, t=target, s=stat: c[t][s], _seconds)
    yield row("cubes over 5 s to <= 20", lambda c: c["to20"]["over_5s"], str)
    for key in (k for k in first if k.startswith("length_")):
        limit = key[len("length_") : -1]
        label = f"average length in {limit} s"
        yield row(label, lambda c, k=key: c[k]["mean"], lambda v: f"{v:.2f}")
        if any(columns[name][key]["unsolved"] for name in names):
            label = f"  cubes with no solution in {limit} s"
            yield row(label, lambda c, k=key: c[k]["unsolved"], str)


def print_table(columns: dict[str, dict], count: int) -> None:
    print(f"{count} random-state cubes (seeds {SEED_BASE}...); ratio: first column / this one")
    table = list(rows(columns))
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    for r in table:
        print(
            "  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(r))
        )


def main(
    count: int,
    runtimes: list[str],
    reference: bool,
    as_json: bool,
    length_limits: tuple[float, ...] = LENGTH_LIMITS,
) -> int:
    columns: dict[str, dict] = {}
    for runtime in runtimes:
        if runtime == "pyodide":
            columns.update(run_in_pyodide(count, length_limits))
        else:
            progress = not as_json
            columns.update(run_in_this_runtime(count, reference, progress, length_limits))
    if as_json:
        print(json.dumps(columns, indent=2))
    else:
        print_table(columns, count)
    return 0
