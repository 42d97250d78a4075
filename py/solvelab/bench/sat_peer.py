"""A SAT solver as a peer (for ``solvelab bench nonogram --peers`` only): the puzzle
encoded as clauses, solved by CaDiCaL 1.5.3 through python-sat, then solved again
with that solution ruled out, to prove it unique or find a second one.

Not a nonogram solver someone wrote, but the general method at its best: a
reference for how hard a puzzle is (knotty and faase are hard for it too). It
runs in an environment of its own, never solvelab's (python-sat is compiled C++,
not for the browser)::

    python3 -m venv /tmp/sat-env
    /tmp/sat-env/bin/pip install python-sat
    export SOLVELAB_PEER_SAT="/tmp/sat-env/bin/python py/solvelab/bench/sat_peer.py {file}"

It prints ``SECONDS <s>`` (encoding and both solves; reading the file and
starting Python not counted, as for solvelab's figures), ``SOLUTIONS <n>`` (at
most 2) and ``CONFLICTS <n>`` (CaDiCaL's, both solves).

The encoding: each run of each line starts at exactly one of the cells it can
start at (one clause, and a sequential counter for "at most one"); a start
fixes the colour of the cells the run covers and needs the next run to start
after it (a background cell between when the two have the same colour); a cell
of a colour is covered by a run of that colour. A cell has one variable in a
one-colour puzzle, else one for each colour with exactly one true.

With ``--symmetric``, only the pictures kept by the move of the picture that
keeps the clues with the fewest free cells left (see
:mod:`solvelab.nonogram.symmetry`) are searched: not a peer's time, but a
second opinion on solutions solvelab finds there (knotty's two).

Usage: python sat_peer.py PUZZLE.xml [--symmetric]
"""

import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # solvelab's reader only
from solvelab.nonogram import read_file  # noqa: E402
from solvelab.nonogram.symmetry import symmetries  # noqa: E402

# python-sat is imported where it is used: it is not solvelab's (the tests import
# every module of solvelab).


class Encoding:
    """The puzzle's clauses. ``switchable``: each line's clauses hold the negation of
    the line's selector (``selectors[line]``, rows first), so that solving under the
    assumption of every selector but one leaves that line's clue out."""

    def __init__(self, puzzle, switchable: bool = False):
        self.clauses: list[list[int]] = []
        self.top = 0
        self.switchable = switchable
        self.selectors: list[int] = []
        self.colours = len(puzzle.colours)
        w, h = puzzle.width, puzzle.height
        # cell[c][k]: the literal "cell c has colour k" (0 = background).
        self.cell = []
        for _ in range(w * h):
            if self.colours == 2:
                x = self.new()
                self.cell.append([-x, x])
            else:
                lits = [self.new() for _ in range(self.colours)]
                self.exactly_one(lits)
                self.cell.append(lits)
        self.cell_vars = sorted({abs(lit) for lits in self.cell for lit in lits})
        for r, clue in enumerate(puzzle.rows):
            self.line([r * w + c for c in range(w)], clue)
        for c, clue in enumerate(puzzle.columns):
            self.line([r * w + c for r in range(h)], clue)

    def new(self) -> int:
        self.top += 1
        return self.top

    def exactly_one(self, lits: list[int]) -> None:
        from pysat.card import CardEnc, EncType

        self.clauses.append(lits)
        if len(lits) > 1:
            at_most = CardEnc.atmost(lits, 1, top_id=self.top, encoding=EncType.seqcounter)
            self.top = max(self.top, at_most.nv)
            self.clauses.extend(at_most.clauses)

    def line(self, cells: list[int], clue) -> None:
        first = len(self.clauses)
        self._line(cells, clue)
        if self.switchable:
            selector = self.new()
            self.selectors.append(selector)
            for clause in self.clauses[first:]:
                clause.append(-selector)

    def _line(self, cells: list[int], clue) -> None:
        n, k = len(cells), len(clue)
        gaps = [int(clue[j].colour == clue[j + 1].colour) for j in range(k - 1)] + [0]
        earliest, start = [], 0
        for j, block in enumerate(clue):
            earliest.append(start)
            start += block.length + gaps[j]
        latest, end = [0] * k, n
        for j in range(k - 1, -1, -1):
            end -= clue[j].length
            latest[j] = end
            end -= gaps[j - 1] if j else 0
        starts = [{p: self.new() for p in range(earliest[j], latest[j] + 1)} for j in range(k)]
        covered = [[[] for _ in range(self.colours)] for _ in range(n)]
        for j, block in enumerate(clue):
            self.exactly_one(list(starts[j].values()))
            for p, s in starts[j].items():
                for i in range(p, p + block.length):
                    self.clauses.append([-s, self.cell[cells[i]][block.colour]])
                    covered[i][block.colour].append(s)
                if j + 1 < k:
                    after = p + block.length + gaps[j]
                    self.clauses.append([-s] + [t for q, t in starts[j + 1].items() if q >= after])
        for i in range(n):
            for colour in range(1, self.colours):
                self.clauses.append([-self.cell[cells[i]][colour]] + covered[i][colour])


def _models(solver, encoding: Encoding, limit: int):
    """CaDiCaL's models, at most ``limit``, each found one ruled out for the next solve."""
    for _ in range(limit):
        if not solver.solve():
            return
        model = solver.get_model()
        solver.add_clause([-model[v - 1] for v in encoding.cell_vars])  # another one
        yield model


def count_solutions(encoding: Encoding, limit: int = 2) -> tuple[int, int]:
    """How many solutions CaDiCaL finds, at most ``limit``, and its conflicts over the
    solves."""
    from pysat.solvers import Solver

    with Solver(name="cadical153", bootstrap_with=encoding.clauses) as solver:
        found = sum(1 for _ in _models(solver, encoding, limit))
        return found, solver.accum_stats()["conflicts"]


def all_solutions(puzzle, limit: int) -> list[tuple[int, ...]]:
    """The solutions CaDiCaL finds, at most ``limit`` (all of them if there are fewer),
    each as its cells' colours (rows first, ``0`` the background)."""
    from pysat.solvers import Solver

    encoding = Encoding(puzzle)
    with Solver(name="cadical153", bootstrap_with=encoding.clauses) as solver:
        return [
            tuple(  # a literal is true when the model holds it with its sign
                next(k for k, lit in enumerate(lits) if model[abs(lit) - 1] * lit > 0)
                for lits in encoding.cell
            )
            for model in _models(solver, encoding, limit)
        ]


def lines_left_out_with_a_solution(puzzle, together: int = 1) -> list[tuple[int, ...]]:
    """The sets of ``together`` lines (rows first, in order) without whose clues the
    other clues have a solution, each found by CaDiCaL under the assumption of every
    other line's selector."""
    from pysat.solvers import Solver

    encoding = Encoding(puzzle, switchable=True)
    selectors = encoding.selectors
    with Solver(name="cadical153", bootstrap_with=encoding.clauses) as solver:
        return [
            out
            for out in combinations(range(len(selectors)), together)
            if solver.solve(assumptions=[s for line, s in enumerate(selectors) if line not in out])
        ]


def main() -> None:
    puzzle = read_file(sys.argv[1])
    start = time.perf_counter()
    encoding = Encoding(puzzle)
    if "--symmetric" in sys.argv[2:]:
        twins = max((s.twins for s in symmetries(puzzle)), key=len, default=[])
        for a, b in twins:  # a cell and the cell it moves to have one colour
            for x, y in zip(encoding.cell[a], encoding.cell[b], strict=True):
                encoding.clauses += [[-x, y], [x, -y]]
    solutions, conflicts = count_solutions(encoding)
    print(f"SECONDS {time.perf_counter() - start:.6f}")
    print(f"SOLUTIONS {solutions}")
    print(f"CONFLICTS {conflicts}")


if __name__ == "__main__":
    main()
