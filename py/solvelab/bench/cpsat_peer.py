"""Google's CP-SAT as a peer (for ``solvelab bench nonogram --peers`` only): each line
of the puzzle given to it as an automaton over its cells' colours, solved, then
solved again with that solution ruled out, to prove it unique or find a second one.

CP-SAT (OR-Tools) is a constraint solver that learns from its conflicts as SAT
solvers do; its automaton constraint propagates a line much as a line solver
does and explains what it fixes. So it is the nearest general-purpose relative
of solvelab's learning search, in C++: a second reference beside ``sat_peer.py``
for how hard a puzzle is, and a second opinion on every verdict. It runs in an
environment of its own, never solvelab's (OR-Tools is compiled, not for the
browser)::

    python3 -m venv /tmp/cpsat-env
    /tmp/cpsat-env/bin/pip install ortools
    export SOLVELAB_PEER_CPSAT="/tmp/cpsat-env/bin/python py/solvelab/bench/cpsat_peer.py {file}"

It prints ``SECONDS <s>`` (building the model and both solves; reading the file
and starting Python not counted, as for solvelab's figures), ``SOLUTIONS <n>``
(at most 2) and ``CONFLICTS <n>`` (both solves).

CP-SAT runs one search worker unless ``--workers N`` says otherwise: solvelab
solves on one core, and CP-SAT's default is a portfolio on every core.

The automaton of a clue: before each run a state that reads background and
stays; each run's cells are states read in its colour; after a run, background
leads to the gap before the next run, and when the next run has another colour
it may also start at once. It accepts at the gap after the last run, or at the
end of the last run.

Usage: python cpsat_peer.py PUZZLE.xml [--workers N]
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # solvelab's reader only
from solvelab.nonogram import read_file  # noqa: E402

# OR-Tools is imported where it is used: it is not solvelab's (the tests import
# every module of solvelab).


def automaton(clue) -> tuple[list[int], list[tuple[int, int, int]]]:
    """The final states and the transitions ``(state, colour, next state)`` of the
    automaton that accepts the lines ``clue`` allows; state 0 is the start.

    >>> from solvelab.nonogram.puzzle import Block
    >>> automaton([Block(2, 1)])
    ([3, 2], [(0, 0, 0), (0, 1, 1), (1, 1, 2), (2, 0, 3), (3, 0, 3)])
    """
    transitions = []
    gap = 0  # the state before the next run, where background stays
    state = 0  # the last state made
    previous = None  # the run before, when it may be followed at once
    for block in clue:
        transitions.append((gap, 0, gap))
        first = state + 1
        transitions.append((gap, block.colour, first))
        if previous is not None and previous[1] != block.colour:
            transitions.append((previous[0], block.colour, first))
        for cell in range(first, first + block.length - 1):
            transitions.append((cell, block.colour, cell + 1))
        last = first + block.length - 1
        gap = last + 1
        transitions.append((last, 0, gap))
        previous = (last, block.colour)
        state = gap
    transitions.append((gap, 0, gap))
    finals = [gap] if previous is None else [gap, previous[0]]
    return finals, transitions


def model(puzzle):
    """The CP-SAT model of ``puzzle`` and its cells' variables, row by row."""
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    top = len(puzzle.colours) - 1
    cells = [m.new_int_var(0, top, f"c{i}") for i in range(puzzle.width * puzzle.height)]
    w = puzzle.width
    for r, clue in enumerate(puzzle.rows):
        finals, transitions = automaton(clue)
        m.add_automaton(cells[r * w : r * w + w], 0, finals, transitions)
    for c, clue in enumerate(puzzle.columns):
        finals, transitions = automaton(clue)
        m.add_automaton(cells[c::w], 0, finals, transitions)
    return m, cells


def main() -> None:
    from ortools.sat.python import cp_model

    args = sys.argv[1:]
    workers = 1
    if "--workers" in args:
        at = args.index("--workers")
        workers = int(args[at + 1])
        del args[at : at + 2]
    puzzle = read_file(args[0])
    start = time.perf_counter()
    m, cells = model(puzzle)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solutions = conflicts = 0
    while solutions < 2:
        status = solver.solve(m)
        conflicts += solver.num_conflicts
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        solutions += 1
        # Another one: some cell has another colour.
        differs = []
        for i, cell in enumerate(cells):
            other = m.new_bool_var(f"d{solutions}_{i}")
            m.add(cell != solver.value(cell)).only_enforce_if(other)
            differs.append(other)
        m.add_bool_or(differs)
    print(f"SECONDS {time.perf_counter() - start:.6f}")
    print(f"SOLUTIONS {solutions}")
    print(f"CONFLICTS {conflicts}")


if __name__ == "__main__":
    main()
