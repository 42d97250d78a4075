"""The learning search (see :mod:`solvelab.nonogram.learning`) for puzzles of several
colours.

A cell of a colour puzzle has more than two values, so a literal is not a cell
but a cell and a value: ``(cell * K + v) * 2 + 1`` says "the cell is colour
``v``" and ``(cell * K + v) * 2`` "the cell is not colour ``v``" (``K`` values,
the background 0 among them; ``lit ^ 1`` is the opposite). The grid still
holds each cell's mask of the values left:

- the line solver takes values out of masks: each value taken out is a "not"
  literal, whose reason is the line's cells before it (and the cell's mask
  with only that value left has no placement there);
- a mask with one value left makes that value's "is" literal true (its reason:
  every other value is out), and an "is" literal made true by a guess or a
  clause takes every other value out (each for the reason "the cell is
  already that one").

A line's contradiction or deduction is explained by the values taken out of its
cells before it, fewest first tried away (see :func:`_shrink`): a learnt clause
says "one of these values is still possible after all". The rest, clause
learning from the first unique implication point, watched literals, guesses on
the most active cell, restarts, is the one-colour search's (:mod:`solvelab.nonogram.cdcl`).
"""

from __future__ import annotations

from solvelab.nonogram.cdcl import Cdcl
from solvelab.nonogram.line import _CAN_BG, _HAS


class ColourSearch(Cdcl):
    """CDCL over (cell, colour) literals, with the line solver as the propagator; the
    grid is a bytearray of masks (at most 8 values)."""

    def __init__(self, solver, grid: bytearray, restart_base: int = 512, twins=()):
        self.k = k = len(solver.puzzle.colours)
        n = solver.size
        super().__init__(solver, grid, restart_base, n * k)
        # Each line's masks at the start: what its explanations may put back.
        self.root_lines = [bytes(grid[c] for c in cells) for cells in solver.indices]
        # For each (cell, value), the clause "the cell is one of its values" with that
        # value first: the reason a cell left with one value is that one (made once).
        self.one_of: list = [None] * (n * k)
        # The value each cell tries first: the goal's, or the one it had last (-1: the
        # highest colour left).
        goal = solver.goal
        self.phase = [mask.bit_length() - 1 for mask in goal] if goal else [-1] * n
        value = self.value
        for cell, mask in enumerate(grid):
            for v in range(k):
                lit = (cell * k + v) * 2
                if not mask >> v & 1:
                    value[lit], value[lit + 1] = 1, 2
                elif mask == 1 << v:
                    value[lit], value[lit + 1] = 2, 1
        # Pairs of cells that must be equal (see symmetry.py): for each value, two
        # clauses, and the known literals' values sent along them.
        for a, b in twins:
            for v in range(k):
                is_a, is_b = (a * k + v) * 2 + 1, (b * k + v) * 2 + 1
                self._watch([is_a ^ 1, is_b])
                self._watch([is_a, is_b ^ 1])
                for lit in (is_a, is_b):
                    if value[lit]:
                        self.false_queue.append(lit if value[lit] == 2 else lit ^ 1)

    # -- assignments ---------------------------------------------------------------

    def _set(self, lit: int, reason) -> None:
        var = lit >> 1
        self.value[lit] = 1
        self.value[lit ^ 1] = 2
        self.level[var] = len(self.limits)
        self.pos[var] = len(self.trail)
        self.reason[var] = reason
        self.trail.append(lit)
        self.false_queue.append(lit ^ 1)

    def _is(self, cell: int, v: int, reason) -> None:
        """The cell is colour ``v``: every other value left goes."""
        k = self.k
        lit = (cell * k + v) * 2 + 1
        self._set(lit, reason)
        others = self.grid[cell] & ~(1 << v)
        if others:
            self.grid[cell] = 1 << v
            while others:
                low = others & -others
                others ^= low
                out = (cell * k + low.bit_length() - 1) * 2
                self._set(out, [out, lit ^ 1])
            self._queue_lines(cell)

    def _not(self, cell: int, v: int, reason) -> None:
        """The cell is not colour ``v``; with one value left, it is that one."""
        k = self.k
        self._set((cell * k + v) * 2, reason)
        mask = self.grid[cell] & ~(1 << v)
        self.grid[cell] = mask
        self._queue_lines(cell)
        if not mask & (mask - 1):  # one value left: the cell is that one
            is_u = (cell * k + mask.bit_length() - 1) * 2 + 1
            reason = self.one_of[is_u >> 1]
            if reason is None:
                first = cell * k * 2 + 1
                reason = [is_u, *(lit for lit in range(first, first + 2 * k, 2) if lit != is_u)]
                self.one_of[is_u >> 1] = reason
            self._set(is_u, reason)

    def _assign(self, lit: int, reason) -> None:
        cell, v = divmod(lit >> 1, self.k)
        if lit & 1:
            self._is(cell, v, reason)
        else:
            self._not(cell, v, reason)

    def _apply(self, cells: list[int], changes, reason) -> None:
        """A line's changes: the values each changed cell lost."""
        grid = self.grid
        for i, b in changes:
            cell = cells[i]
            gone = grid[cell] & ~b
            while gone:
                low = gone & -gone
                gone ^= low
                self._not(cell, low.bit_length() - 1, reason)

    def _guess(self, cell: int) -> None:
        """The value it had last (or the goal's) if it is still left, else the highest."""
        mask = self.grid[cell]
        v = self.phase[cell]
        if v < 0 or not mask >> v & 1:
            v = mask.bit_length() - 1
        self._is(cell, v, None)

    def _false_mask(self, lit: int) -> int:
        """What a false literal leaves its cell: every value but v for "is v", v for
        "not v"."""
        v = (lit >> 1) % self.k
        return ((1 << self.k) - 1) & ~(1 << v) if lit & 1 else 1 << v

    def _undo(self, start: int) -> None:
        """The literals of the trail from ``start`` on made unknown again."""
        grid, phase, value, k = self.grid, self.phase, self.value, self.k
        cells = set()
        for lit in self.trail[start:]:
            var = lit >> 1
            cell, v = divmod(var, k)
            if lit & 1:
                phase[cell] = v
            else:
                grid[cell] |= 1 << v
            value[var * 2] = value[var * 2 + 1] = 0
            self.reason[var] = None
            self.pos[var] = -1
            cells.add(cell)
        self._requeue(cells)

    # -- explanations ---------------------------------------------------------------

    def _explain(self, line: int, before: bytes, var: int = -1) -> list[int]:
        """The false "is" literals of a few values taken out of ``line``'s cells in
        ``before`` (the line as the line solver had it) that, with the clue alone, take
        out ``var``'s value (its cell left with that value only has no placement) or,
        with ``var = -1``, leave the line no placement."""
        k = self.k
        cells = self.s.indices[line]
        flip = -1  # the index in the line of the cell explained (-1: a contradiction)
        if var >= 0:
            cell, v = divmod(var, k)
            flip = cells.index(cell)
            state = bytearray(before)
            state[flip] = 1 << v
            key = bytes(state) + (flip * k + v + 1).to_bytes(2, "big")
        else:
            state = before
            key = before + b"\0\0"
        cache = self.explained[line]
        kept = cache.get(key)
        if kept is None:
            kept = _shrink(state, self._gone(line, before, flip), self.s.line_solvers[line])
            if len(cache) >= 50000:
                cache.clear()
            cache[key] = kept
        return [(cells[i] * k + v) * 2 + 1 for i, v in kept]

    def _gone(self, line: int, before: bytes, flip: int) -> list[list[tuple[int, int]]]:
        """For each cell of ``line`` but the one at index ``flip``, the values taken out
        of it in ``before`` that may come back (not out at level 0), as ``(index in the
        line, value)``: the cells whose latest value went out latest first (the reason
        then leans on older values)."""
        k, pos, level = self.k, self.pos, self.level
        cells = self.s.indices[line]
        root = self.root_lines[line]
        gone = []
        for i, was in enumerate(root):
            out = was & ~before[i]
            if not out or i == flip:
                continue
            base = cells[i] * k
            latest = -1
            values = []
            while out:
                low = out & -out
                out ^= low
                v = low.bit_length() - 1
                if level[base + v]:
                    values.append((i, v))
                    latest = max(latest, pos[base + v])
            if values:
                gone.append((latest, values))
        gone.sort(reverse=True)
        return [values for _, values in gone]


def _shrink(state: bytes, order: list[list[tuple[int, int]]], solver) -> list[tuple[int, int]]:
    """The values of ``order`` (for each cell, ``(index, value)`` of the values taken out
    of it in a line ``state`` that has no placement) that must stay out for it to have
    none; the others are put back: whole cells first, in chunks (half of them at a time,
    then halves of those), then the values of each cell that must stay, one by one.

    The line is kept as bit sets (see :meth:`LineSolver.fits_bits`), packed ``n`` bits
    apart in one integer, so that putting values back is one ``|``: field 0 the cells
    that may be background, field ``1 + j`` those that may have palette colour ``j``.
    A value the clue does not have is never needed: putting it back changes nothing
    the clue can use."""
    n = len(state)
    palette = solver.palette
    offset = [0] + [-1] * 7  # where each value's field starts, or -1
    line = int(state.translate(_CAN_BG), 2)
    for j, c in enumerate(palette):
        offset[c] = n * (j + 1)
        line |= int(state.translate(_HAS[c]), 2) << offset[c]
    shifts = [offset[c] for c in palette]  # each palette colour's field
    top = n - 1
    field = (1 << n) - 1
    fits_bits = solver.fits_bits

    def bits_of(values) -> int:
        bits = 0
        for i, v in values:
            if offset[v] >= 0:
                bits |= 1 << (offset[v] + top - i)
        return bits

    def fits(line: int) -> bool:
        return fits_bits(line & field, [line >> shift & field for shift in shifts], n)

    cells = [(values, bits_of(values)) for values in order]
    needed = []  # the cells whose values cannot all come back
    half = len(cells) // 2
    pending = [cells[half:], cells[:half]] if half else [cells]
    while pending:
        chunk = pending.pop()
        if not chunk:
            continue
        more = line
        for _, bits in chunk:
            more |= bits
        if not fits(more):
            line = more  # put back for good
        elif len(chunk) > 1:
            half = len(chunk) // 2
            pending.append(chunk[half:])
            pending.append(chunk[:half])
        else:
            needed.append(chunk[0][0])
    kept = []
    for values in needed:
        if len(values) == 1:
            kept += values
            continue
        for value in values:
            more = line | bits_of([value])
            if fits(more):
                kept.append(value)
            else:
                line = more
    return kept
