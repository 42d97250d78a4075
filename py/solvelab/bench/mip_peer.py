"""An integer programme as a peer (for ``solvelab bench nonogram --peers`` only):
Robert Bosch's formulation of a nonogram, one of the general methods in Jan
Wolter's survey of solvers, solved with SCIP (through OR-Tools), then solved again
with that solution ruled out, to prove it unique or find a second one.

A SAT or CP-SAT search reasons one clause or one line at a time; an integer
programme's linear relaxation weighs every line at once, so it can count (this
many cells of these columns are filled, so that many rows reach them), which
clause learning cannot make short. So it is a third kind of reference, beside
``sat_peer.py`` and ``cpsat_peer.py``, for how hard a puzzle is, and a third
opinion on every verdict. It runs in an environment of its own, never solvelab's
(SCIP is compiled, not for the browser)::

    python3 -m venv /tmp/cpsat-env
    /tmp/cpsat-env/bin/pip install ortools
    export SOLVELAB_PEER_MIP="/tmp/cpsat-env/bin/python py/solvelab/bench/mip_peer.py {file}"

It prints ``SECONDS <s>`` (building the model and both solves; reading the file
and starting Python not counted, as for solvelab's figures), ``SOLUTIONS <n>``
(at most 2) and ``NODES <n>`` (the branch-and-bound nodes of both solves).

The model: a 0/1 variable for each place a run may start (between its place with
the runs packed to the left and to the right), exactly one a run; a run starts
only after the run before it has ended, and a background cell later when both
have one colour; each cell has at most one colour, and a cell has colour ``c``
exactly when one run of colour ``c`` of its row covers it, and one of its column.

SCIP runs on one thread, as solvelab solves on one core.

``--relaxation`` solves the linear relaxation alone (the same model with every
variable between 0 and 1, with GLOP), not as a peer: it prints ``FRACTIONAL <n>``,
how many cells' colour variables are not at 0 or 1 in the relaxation's solution
(for one colour, how many cells), and, when there are none,
``SECOND <found|none>``: whether the relaxation still has a solution once that
picture is ruled out. ``none`` means the relaxation alone proves the picture the
only solution (up to GLOP's floating-point tolerance: evidence, not a proof).

Usage: python mip_peer.py PUZZLE.xml [--relaxation]
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # solvelab's reader only
from solvelab.nonogram import read_file  # noqa: E402
from solvelab.nonogram.puzzle import min_length  # noqa: E402

# OR-Tools is imported where it is used: it is not solvelab's (the tests import
# every module of solvelab).


def start_ranges(clue, n: int) -> list[range]:
    """Where each run of ``clue`` may start in a line of ``n`` cells: from its start
    with the runs packed to the left to its start with them packed to the right (a
    background cell between runs of one colour).

    >>> from solvelab.nonogram.puzzle import Block
    >>> start_ranges([Block(2, 1), Block(1, 1)], 6)
    [range(0, 3), range(3, 6)]
    >>> start_ranges([Block(2, 1), Block(1, 2)], 6)
    [range(0, 4), range(2, 6)]
    """
    slack = n - min_length(clue)  # how far the packed runs can move right
    return [range(left, left + slack + 1) for left in _packed_starts(clue)]


def _packed_starts(clue) -> list[int]:
    """Each run's start with the runs packed to the left."""
    starts, x, previous = [], 0, None
    for block in clue:
        x += block.colour == previous  # a background cell between runs of one colour
        starts.append(x)
        x += block.length
        previous = block.colour
    return starts


def model(puzzle, relaxation: bool = False):
    """The SCIP model of ``puzzle`` (GLOP's of its linear relaxation) and its cells'
    colour variables: ``cells[i][c]`` is 1 when cell ``i`` (row by row) has colour
    ``c + 1``."""
    from ortools.linear_solver import pywraplp

    solver = pywraplp.Solver.CreateSolver("GLOP" if relaxation else "SCIP")

    def variable(name=""):
        return solver.NumVar(0, 1, name) if relaxation else solver.BoolVar(name)

    w, h = puzzle.width, puzzle.height
    colours = len(puzzle.colours) - 1
    cells = [[variable(f"z{i}_{c}") for c in range(colours)] for i in range(w * h)]
    for cell in cells:
        solver.Add(sum(cell) <= 1)
    lines = [(clue, range(r * w, r * w + w)) for r, clue in enumerate(puzzle.rows)]
    lines += [(clue, range(c, w * h, w)) for c, clue in enumerate(puzzle.columns)]
    for clue, line in lines:
        covers = [[[] for _ in range(colours)] for _ in line]  # cell -> colour -> starts
        starts = []  # run -> {start: variable}
        for block, places in zip(clue, start_ranges(clue, len(line)), strict=True):
            run = {s: variable() for s in places}
            solver.Add(sum(run.values()) == 1)
            for s, y in run.items():
                for i in range(s, s + block.length):
                    covers[i][block.colour - 1].append(y)
            starts.append(run)
        for j in range(1, len(clue)):
            before, gap = clue[j - 1], int(clue[j - 1].colour == clue[j].colour)
            for s, y in starts[j].items():
                ended = [u for t, u in starts[j - 1].items() if t + before.length + gap <= s]
                solver.Add(y <= sum(ended))
        for i, index in enumerate(line):
            for c in range(colours):
                solver.Add(cells[index][c] == sum(covers[i][c]))
    return solver, cells


def rule_out(solver, cells) -> None:
    """Adds "some cell has another colour than in the solution just found"."""
    differs = []
    for cell in cells:
        filled = [z for z in cell if z.solution_value() > 0.5]
        differs.append(1 - filled[0] if filled else sum(cell))
    solver.Add(sum(differs) >= 1)


def main() -> None:
    from ortools.linear_solver import pywraplp

    found = (pywraplp.Solver.OPTIMAL, pywraplp.Solver.FEASIBLE)
    puzzle = read_file(sys.argv[1])
    relaxation = "--relaxation" in sys.argv[2:]
    start = time.perf_counter()
    solver, cells = model(puzzle, relaxation)
    if relaxation:
        if solver.Solve() not in found:
            print("FRACTIONAL none: the relaxation has no solution")
            return
        values = [z.solution_value() for cell in cells for z in cell]
        fractional = sum(1e-6 < v < 1 - 1e-6 for v in values)
        print(f"FRACTIONAL {fractional}")
        if not fractional:
            rule_out(solver, cells)
            print(f"SECOND {'found' if solver.Solve() in found else 'none'}")
        print(f"SECONDS {time.perf_counter() - start:.6f}")
        return
    solver.SetNumThreads(1)
    solutions = nodes = 0
    while solutions < 2:
        status = solver.Solve()
        nodes += solver.nodes()
        if status not in found:
            break
        solutions += 1
        rule_out(solver, cells)
    print(f"SECONDS {time.perf_counter() - start:.6f}")
    print(f"SOLUTIONS {solutions}")
    print(f"NODES {nodes}")


if __name__ == "__main__":
    main()
