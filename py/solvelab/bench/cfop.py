"""How short and how fast the CFOP solver is (``solvelab bench cfop``).

The same seeded random-state cubes as ``solvelab bench cube`` are solved by
:func:`solvelab.cube.cfop.solve`; every solution is checked. Reported: the
mean and largest length in HTM (and the mean in STM), the cross's mean
length, and the median and mean milliseconds per solve after start-up (the
rules read and indexed once, timed separately), by the clock and, less
disturbed by other work on a shared machine, in CPU time.

``--runtime pyodide`` runs the same code in Pyodide under Node.js. The
CFOP solvers of PyPI's pycuber and rubik-solver are measured beside it on
the first 100 of the same cubes when they are installed (they are slow, and
never a dependency): they take the cube as a scramble of face turns, which
the two-phase solver writes (that needs the tables).
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import statistics
import sys
import time
from collections.abc import Callable

from solvelab.bench.cube import SEED_BASE, cubes
from solvelab.cube import Cube, parse_alg

PEER_CUBES = 100


def _start_up() -> float:
    """Read and index the rules (what a first solve would do), in seconds."""
    from solvelab.cube.cfop.cross import _triple_table
    from solvelab.cube.cfop.f2l import f2l_rules
    from solvelab.cube.cfop.rules import last_layer_rules

    start = time.perf_counter()
    _triple_table()
    f2l_rules()
    last_layer_rules("oll")
    last_layer_rules("pll")
    return time.perf_counter() - start


def figures(lengths: list[int], crosses: list[int], seconds: list[float], **extra) -> dict:
    """The reported figures from per-cube lengths, cross lengths and times."""
    return {
        "cubes": len(lengths),
        "mean": statistics.fmean(lengths),
        "max": max(lengths),
        "cross_mean": statistics.fmean(crosses) if crosses else None,
        "median_ms": statistics.median(seconds) * 1000,
        "mean_ms": statistics.fmean(seconds) * 1000,
        **extra,
    }


def run_in_this_runtime(count: int, cross_colour: str | None, progress: bool = False) -> dict:
    """solvelab's figures on ``count`` cubes in this Python."""
    from solvelab.cube.cfop import solve

    start_up = _start_up()
    lengths, crosses, seconds, cpu, stm = [], [], [], [], []
    for i, cube in enumerate(cubes(count)):
        start, start_cpu = time.perf_counter(), time.process_time()
        solution = solve(cube, cross_colour)
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        if not cube.apply(solution.moves).is_solved():
            raise AssertionError(f"CFOP solution of cube {SEED_BASE + i} does not solve it")
        lengths.append(solution.length)
        stm.append(solution.stm)
        crosses.append(solution.stages[0].moves.htm)
        if progress and (i + 1) % 100 == 0:
            print(f"  {i + 1}/{count} cubes", flush=True)
    return figures(
        lengths,
        crosses,
        seconds,
        stm_mean=statistics.fmean(stm),
        # Pyodide's process_time is the wall clock: it has no CPU time to report.
        cpu_median_ms=None if sys.platform == "emscripten" else statistics.median(cpu) * 1000,
        start_up_s=start_up,
    )


def run_in_pyodide(count: int, cross_colour: str | None) -> dict:
    from solvelab.bench.pyodide import run_for_result

    code = (
        "import json\n"
        "from solvelab.bench.cfop import run_in_this_runtime\n"
        f"figures = run_in_this_runtime({count}, {cross_colour!r})\n"
        "print('RESULT' + json.dumps(figures))\n"
    )
    return run_for_result(code)


# Peers ---------------------------------------------------------------------

# A peer, as the benchmark sees it: a scramble of face turns in, its solution's
# moves (as our notation reads them) and its cross's HTM out.
Peer = Callable[[str], tuple[str, int | None]]


def _pycuber() -> Peer | None:
    if importlib.util.find_spec("pycuber") is None:
        return None
    import pycuber  # optional, for benchmarks only
    from pycuber.solver import CFOPSolver

    def run(scramble: str) -> tuple[str, int | None]:
        cube = pycuber.Cube()
        cube(scramble)
        with contextlib.redirect_stdout(io.StringIO()):
            solution = CFOPSolver(cube).solve(suppress_progress_messages=True)
        return str(solution), None

    return run


def _rubik_solver() -> Peer | None:
    if importlib.util.find_spec("rubik_solver") is None:
        return None
    from rubik_solver.Cubie import Cube as PeerCube  # optional, for benchmarks only
    from rubik_solver.Move import Move
    from rubik_solver.Solver.CFOP import CFOPSolver

    def run(scramble: str) -> tuple[str, int | None]:
        cube = PeerCube()
        for token in scramble.split():
            cube.move(Move(token))
        moves = CFOPSolver(cube).solution()
        tokens = [str(m.raw) for m in moves]
        return " ".join(t.lower() if t[0] in "XYZ" else t for t in tokens), None

    return run


def _scrambles(sample: list[Cube]) -> list[str]:
    """Face-turn scrambles of the cubes: the two-phase solver's solutions, inverted."""
    from solvelab.cube.solver import solve as two_phase

    return [str(two_phase(cube, max_length=21).moves.inverse()) for cube in sample]


def run_peers(count: int, progress: bool = False) -> dict[str, dict]:
    """Figures for each installed peer on the first ``count`` cubes."""
    peers = {}
    for name, load in (("pycuber 0.2.2", _pycuber), ("rubik-solver 0.2.0", _rubik_solver)):
        try:
            peer = load()
        except ImportError as error:  # installed but broken, e.g. by its own dependencies
            print(f"{name} left out: {error}", file=sys.stderr)  # stdout may be JSON
            continue
        if peer is not None:
            peers[name] = peer
    if not peers:
        print(
            "no peer to compare with: pycuber 0.2.2 and rubik-solver 0.2.0 are not installed "
            "(pip install them beside solvelab, for this benchmark only)",
            file=sys.stderr,
        )
        return {}
    sample = cubes(count)
    scrambles = _scrambles(sample)
    columns = {}
    for name, peer in peers.items():
        lengths, seconds, unsolved = [], [], 0
        for i, (cube, scramble) in enumerate(zip(sample, scrambles, strict=True)):
            start = time.perf_counter()
            text, _ = peer(scramble)
            seconds.append(time.perf_counter() - start)
            moves = parse_alg(text).simplify()
            if not cube.apply(moves).is_solved():
                unsolved += 1
            lengths.append(moves.htm)
            if progress and (i + 1) % 20 == 0:
                print(f"  {name}: {i + 1}/{count} cubes", flush=True)
        columns[f"{name}, CPython"] = figures(lengths, [], seconds, unsolved=unsolved)
    return columns


# Report ----------------------------------------------------------------------

_ROWS = (
    ("cubes", "cubes", "{:.0f}"),
    ("mean HTM", "mean", "{:.2f}"),
    ("max HTM", "max", "{:.0f}"),
    ("mean STM", "stm_mean", "{:.2f}"),
    ("cross mean HTM", "cross_mean", "{:.2f}"),
    ("median ms per solve", "median_ms", "{:.1f}"),
    ("mean ms per solve", "mean_ms", "{:.1f}"),
    ("median CPU ms per solve", "cpu_median_ms", "{:.1f}"),
    ("start-up ms", "start_up_s", "{:.0f}", 1000),
    ("unsolved", "unsolved", "{:.0f}"),
)


def print_table(columns: dict[str, dict], count: int, cross_colour: str | None) -> None:
    colour = cross_colour or "any"
    print(f"CFOP on {count} random-state cubes (seeds {SEED_BASE}...), cross colour: {colour}")
    names = list(columns)
    table = [("", *names)]
    for label, key, form, *scale in _ROWS:
        values = [columns[name].get(key) for name in names]
        if all(value is None for value in values):
            continue
        factor = scale[0] if scale else 1
        table.append((label, *["-" if v is None else form.format(v * factor) for v in values]))
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    for row in table:
        print(
            "  ".join(
                c.ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(row)
            )
        )


def main(
    count: int,
    runtimes: tuple[str, ...] = ("cpython",),
    cross_colour: str | None = None,
    peers: bool = True,
    as_json: bool = False,
) -> int:
    if cross_colour == "any":
        cross_colour = None
    columns: dict[str, dict] = {}
    for runtime in runtimes:
        if runtime == "pyodide":
            columns["solvelab, Pyodide"] = run_in_pyodide(count, cross_colour)
        else:
            columns["solvelab, CPython"] = run_in_this_runtime(count, cross_colour, not as_json)
    if peers:
        columns.update(run_peers(min(count, PEER_CUBES), progress=not as_json))
    if as_json:
        print(json.dumps(columns, indent=2))
    else:
        print_table(columns, count, cross_colour)
    return 0
