"""Search with learnt nogoods (conflict-driven clause learning) for one-colour puzzles
(colour ones: :mod:`solvelab.nonogram.learning_colour`, the same search on literals of
a cell and a colour; the part they share is :mod:`solvelab.nonogram.cdcl`).

Plain backtracking thrashes on puzzles like the n-Dom series: a wrong guess
is only refuted far away, after many other guesses, and the refutation is
found again under every combination of those other guesses. Here every
contradiction is analysed instead: each cell that line solving fixed has a
reason (the cells of that line known before it), so walking back from a
failing line to the first cell of the current guess level that explains it
gives a *nogood* — a set of cell values that can never occur together. It is
kept as a clause ("one of these cells differs"), the search jumps back to the
guess level where the clause forces a new value, and the clause prunes every
later branch that would repeat the mistake.

Literals are ``cell * 2 + b``: "cell is background" (``b = 0``) or "cell is
filled" (``b = 1``); ``lit ^ 1`` is the opposite. A cell's mask ``m`` (1 or 2)
is its literal ``cell * 2 + m - 1``.

With the solver's ``steps`` recorded, the search records its guesses, conflicts,
nogoods and restarts as steps (see :mod:`solvelab.nonogram.cdcl`).
"""

from __future__ import annotations

from solvelab.nonogram.cdcl import Cdcl
from solvelab.nonogram.line import _CAN_BG, _CAN_FILL, LineSolver


class LearningSearch(Cdcl):
    """CDCL over cells, with the line solver as the propagator (masks 1, 2, 3)."""

    def __init__(self, solver, grid: list[int], restart_base: int = 512, twins=()):
        n = solver.size
        super().__init__(solver, grid, restart_base, n)
        self.phase = list(solver.goal) if solver.goal else [2] * n  # filled first
        # Kept with the grid: one lookup a literal where the grid needs a shift and a sum.
        for cell, mask in enumerate(grid):
            if mask != 3:
                self.value[cell * 2 + mask - 1] = 1
                self.value[cell * 2 + 2 - mask] = 2
        # Pairs of cells that must be equal (the pictures a symmetry keeps, see
        # symmetry.py): two clauses a pair, and the known cells' values sent along them.
        for a, b in twins:
            self._watch([a * 2, b * 2 + 1])
            self._watch([a * 2 + 1, b * 2])
            for cell in (a, b):
                if grid[cell] != 3:
                    self.false_queue.append(cell * 2 + (2 - grid[cell]))

    # -- assignments ---------------------------------------------------------------

    def _assign(self, lit: int, reason) -> None:
        cell = lit >> 1
        self.grid[cell] = (lit & 1) + 1
        self.value[lit] = 1
        self.value[lit ^ 1] = 2
        self.level[cell] = len(self.limits)
        self.pos[cell] = len(self.trail)
        self.reason[cell] = reason
        self.trail.append(lit)
        self._queue_lines(cell)
        self.false_queue.append(lit ^ 1)  # the literal that became false

    def _apply(self, cells: list[int], changes, reason) -> None:
        for i, b in changes:
            self._assign(cells[i] * 2 + b - 1, reason)

    def _guess(self, cell: int) -> None:
        self._assign(cell * 2 + self.phase[cell] - 1, None)

    @staticmethod
    def _false_mask(lit: int) -> int:
        return 2 - (lit & 1)  # "filled" false: background (mask 1), and the other way

    def _undo(self, start: int) -> None:
        """The cells of the trail from ``start`` on made unknown again."""
        cells = [lit >> 1 for lit in self.trail[start:]]
        grid, phase, value = self.grid, self.phase, self.value
        for cell in cells:
            phase[cell] = grid[cell]
            grid[cell] = 3
            value[cell * 2] = value[cell * 2 + 1] = 0
            self.reason[cell] = None
            self.pos[cell] = -1
        self._requeue(cells)

    # -- explanations ---------------------------------------------------------------

    def _explain(self, line: int, before: bytes, cell: int = -1) -> list[int]:
        """The false literals of a small set of cells of ``line`` that, with the clue
        alone, force ``cell``'s value (or, with ``cell = -1``, make the line
        impossible): the cells known in ``before`` (the line as the line solver had
        it), less every cell the line can do without, latest first (so the reason
        leans on older cells).

        A cell is forced exactly when the line cannot take its other value, so both
        cases are "this line state has no placement"; the line solver's forward table
        on bit sets checks that (see :func:`_shrink`).
        """
        grid, pos = self.grid, self.pos
        cells = self.s.indices[line]
        flip = -1
        state = before
        if cell >= 0:
            flip = cells.index(cell)
            state = bytearray(before)
            state[flip] = 3 ^ grid[cell]
        key = bytes(state) + bytes((flip + 1,))  # a conflict on the same state differs
        cache = self.explained[line]
        kept = cache.get(key)
        if kept is None:
            order = sorted(
                (i for i, v in enumerate(state) if v != 3 and i != flip),
                key=lambda i: -pos[cells[i]],
            )
            kept = _shrink(key[:-1], order, self.s.line_solvers[line])
            if len(cache) >= 50000:
                cache.clear()
            cache[key] = kept
        return [cells[i] * 2 + (2 - grid[cells[i]]) for i in kept]


def _shrink(state: bytes, order: list[int], solver: LineSolver) -> tuple[int, ...]:
    """The cells of ``order`` (indices of known cells of a one-colour line ``state``
    that has no placement) that must stay known for it to have none; the others are
    made unknown, in chunks first (half of the cells at a time, then halves of those),
    so a short explanation costs few checks. All of them at once is never tried: with
    none of them known the line has placements (the clue fits the line, and a cell
    that the clue alone fixes is fixed before any search)."""
    n = len(state)
    bg = int(state.translate(_CAN_BG), 2)  # read backwards: bit n - 1 - i is cell i
    fill = int(state.translate(_CAN_FILL), 2)
    fits = solver.fits_bits
    top = n - 1
    half = len(order) // 2
    pending = [order[half:], order[:half]] if half else [order]
    while pending:
        items = pending.pop()
        mask = 0
        for i in items:
            mask |= 1 << (top - i)
        if not fits(bg | mask, [fill | mask], n):
            bg |= mask
            fill |= mask
        elif len(items) > 1:
            half = len(items) // 2
            pending.append(items[half:])
            pending.append(items[:half])  # popped first: the latest cells go first
    both = bg & fill
    return tuple(i for i in order if not both >> (top - i) & 1)
