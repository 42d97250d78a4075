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
the most active cell, restarts, is the one-colour search's.
"""

from __future__ import annotations

from collections import deque
from heapq import heapify, heappop, heappush

from solvelab.nonogram.learning import _MISSING, _luby


class ColourSearch:
    """CDCL over (cell, colour) literals, with the line solver as the propagator; the
    grid is a bytearray of masks (at most 8 values)."""

    def __init__(self, solver, grid: bytearray, restart_base: int = 512, twins=()):
        self.s = solver
        self.grid = grid
        self.root = bytes(grid)  # the masks the search starts from
        self.k = k = len(solver.puzzle.colours)
        n = solver.size
        variables = n * k
        self.level = [0] * variables
        self.pos = [-1] * variables
        self.reason: list = [None] * variables
        self.trail: list[int] = []  # literals, in the order they became true
        self.limits: list[int] = []  # trail length where each guess level starts
        self.watches: dict[int, list[list[int]]] = {}
        self.activity = [0.0] * n
        self.heap: list[tuple[float, int]] = []
        self.bump = 1.0
        # The value each cell tries first: the goal's, or the one it had last (-1: the
        # highest colour left).
        goal = solver.goal
        self.phase = [mask.bit_length() - 1 for mask in goal] if goal else [-1] * n
        self.line_queue: deque[int] = deque()
        self.queued: set[int] = set()
        self.false_queue: deque[int] = deque()
        self.conflicts = 0
        self.pause_at = float("inf")
        self.restarts = 0
        self.restart_base = restart_base
        self.next_restart = restart_base
        self.explained: list[dict[bytes, list[tuple[int, int]]]] = [{} for _ in solver.indices]
        self.value = value = bytearray(2 * variables)  # 0 unknown, 1 true, 2 false
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
                for clause in ([is_a ^ 1, is_b], [is_a, is_b ^ 1]):
                    self.watches.setdefault(clause[0], []).append(clause)
                    self.watches.setdefault(clause[1], []).append(clause)
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

    def _queue_lines(self, cell: int) -> None:
        for line in self.s._lines_of(cell):
            if line not in self.queued:
                self.queued.add(line)
                self.line_queue.append(line)

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
        if not mask & (mask - 1):
            u = mask.bit_length() - 1
            base = cell * k * 2 + 1
            self._set(base + 2 * u, [base + 2 * u, *(base + 2 * w for w in range(k) if w != u)])

    def _assign(self, lit: int, reason) -> None:
        cell, v = divmod(lit >> 1, self.k)
        if lit & 1:
            self._is(cell, v, reason)
        else:
            self._not(cell, v, reason)

    def _backjump(self, level: int) -> None:
        if len(self.limits) <= level:
            return
        start = self.limits[level]
        grid, phase, value, k = self.grid, self.phase, self.value, self.k
        heap, activity = self.heap, self.activity
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
            heappush(heap, (-activity[cell], cell))
        del self.trail[start:]
        del self.limits[level:]
        self.line_queue.clear()
        self.queued.clear()
        self.false_queue.clear()

    # -- propagation ---------------------------------------------------------------

    def _propagate(self):
        """Clauses and lines to a fixed point; returns the false literals of a
        contradiction, or None."""
        s = self.s
        grid = self.grid
        caches = s.caches
        w, h = s.width, s.height
        while True:
            while self.false_queue:
                conflict = self._propagate_clauses(self.false_queue.popleft())
                if conflict is not None:
                    return conflict
            if not self.line_queue:
                return None
            line = self.line_queue.popleft()
            self.queued.discard(line)
            old = bytes(grid[line * w : line * w + w] if line < h else grid[line - h :: w])
            changes = caches[line].get(old, _MISSING)
            if changes is _MISSING:
                changes = s._solve_line(line, old)
            else:
                s.stats.line_lookups += 1
            if changes is None:
                return self._explain(line, len(self.trail))
            if changes:
                cells = s.indices[line]
                bound = len(self.trail)
                for i, b in changes:
                    cell = cells[i]
                    gone = grid[cell] & ~b
                    while gone:
                        low = gone & -gone
                        gone ^= low
                        self._not(cell, low.bit_length() - 1, (line, bound))

    def _propagate_clauses(self, false_lit: int):
        watchers = self.watches.get(false_lit)
        if not watchers:
            return None
        value = self.value
        keep = []
        for index, clause in enumerate(watchers):
            first = clause[0]
            if first == false_lit:
                first = clause[0] = clause[1]
                clause[1] = false_lit
            if value[first] == 1:
                keep.append(clause)
                continue
            for j in range(2, len(clause)):
                lit = clause[j]
                if value[lit] != 2:
                    clause[1], clause[j] = lit, false_lit
                    self.watches.setdefault(lit, []).append(clause)
                    break
            else:
                keep.append(clause)
                if value[first] == 2:
                    keep.extend(watchers[index + 1 :])
                    self.watches[false_lit] = keep
                    return clause
                self._assign(first, clause)
        self.watches[false_lit] = keep
        return None

    def _reason_lits(self, var: int) -> list[int]:
        reason = self.reason[var]
        if type(reason) is tuple:
            line, bound = reason
            lits = self._explain(line, bound, var)
            self.reason[var] = lits  # valid while the literal stays true
            return lits
        return [lit for lit in reason if lit >> 1 != var]

    def _explain(self, line: int, bound: int, var: int = -1) -> list[int]:
        """The false "is" literals of a few values taken out of ``line``'s cells before
        trail position ``bound`` that, with the clue alone, take out ``var``'s value
        (its cell left with that value only has no placement) or, with ``var = -1``,
        leave the line no placement."""
        k, pos, level = self.k, self.pos, self.level
        cells = self.s.indices[line]
        state = bytearray(len(cells))
        gone = []  # (latest pos, [(index in the line, value), ...]) of the cells' values
        flip = 0  # which value of which cell is explained (0: a contradiction)
        flip_cell, flip_v = divmod(var, k) if var >= 0 else (-1, 0)
        root, grid = self.root, self.grid
        for i, cell in enumerate(cells):
            if cell == flip_cell:
                state[i] = 1 << flip_v
                flip = i * k + flip_v + 1
                continue
            mask = root[cell]
            out = mask & ~grid[cell]  # taken out in the search: before the bound or after
            latest = -1
            values = []  # the values out that may come back (not out at level 0)
            while out:
                low = out & -out
                out ^= low
                v = low.bit_length() - 1
                other = cell * k + v
                if pos[other] < bound:
                    mask ^= low
                    if level[other]:
                        values.append((i, v))
                        latest = max(latest, pos[other])
            state[i] = mask
            if values:
                gone.append((latest, values))
        key = bytes(state) + flip.to_bytes(2, "big")
        cache = self.explained[line]
        kept = cache.get(key)
        if kept is None:
            gone.sort(reverse=True)  # the latest first: the reason leans on older values
            kept = _shrink(state, [values for _, values in gone], self.s.line_solvers[line])
            if len(cache) >= 50000:
                cache.clear()
            cache[key] = kept
        return [(cells[i] * k + v) * 2 + 1 for i, v in kept]

    # -- learning ------------------------------------------------------------------

    def _analyse(self, conflict: list[int]) -> tuple[list[int], int]:
        """The first-UIP clause of a contradiction and the level to jump back to."""
        level, trail, value, k = self.level, self.trail, self.value, self.k
        current = len(self.limits)
        seen = set()
        learnt = [0]
        pending = 0
        index = len(trail) - 1
        lits = conflict
        while True:
            for lit in lits:
                var = lit >> 1
                if var in seen or level[var] == 0 or not value[lit]:
                    continue
                seen.add(var)
                self.activity[var // k] += self.bump
                if level[var] == current:
                    pending += 1
                else:
                    learnt.append(lit)
            while trail[index] >> 1 not in seen:
                index -= 1
            lit = trail[index]
            index -= 1
            pending -= 1
            if pending == 0:
                learnt[0] = lit ^ 1
                break
            lits = self._reason_lits(lit >> 1)
        inside = {lit >> 1 for lit in learnt}
        kept = [learnt[0]]
        for lit in learnt[1:]:
            var = lit >> 1
            if self.reason[var] is None or any(
                other >> 1 not in inside and level[other >> 1] > 0
                for other in self._reason_lits(var)
            ):
                kept.append(lit)
        learnt = kept
        self.bump *= 1.05
        if self.bump > 1e100:
            self.activity = [a * 1e-100 for a in self.activity]
            self._heapify()
            self.bump *= 1e-100
        back = max((level[lit >> 1] for lit in learnt[1:]), default=0)
        if len(learnt) > 1:
            j = max(range(1, len(learnt)), key=lambda i: level[learnt[i] >> 1])
            learnt[1], learnt[j] = learnt[j], learnt[1]
        return learnt, back

    def _conflict(self, conflict: list[int]) -> list[int] | None:
        """Learn from a contradiction and jump back: the clause learnt, or None if the
        contradiction needs no guess at all."""
        self.conflicts += 1
        if not self.limits or all(self.level[lit >> 1] == 0 for lit in conflict):
            return None
        learnt, back = self._analyse(conflict)
        self._backjump(back)
        if len(learnt) > 1:
            self.watches.setdefault(learnt[0], []).append(learnt)
            self.watches.setdefault(learnt[1], []).append(learnt)
        self._assign(learnt[0], learnt)
        return learnt

    # -- search ----------------------------------------------------------------------

    def solutions(self, limit: int = 2):
        """Yield solved grids (lists of masks), at most ``limit``; and None once
        ``conflicts`` reaches ``pause_at``, to be resumed (next) with a later one."""
        found = 0
        s = self.s
        self._heapify()
        conflict = self._propagate()
        while True:
            s._check_limits()
            if self.conflicts >= self.pause_at:
                yield None
            if conflict is not None:
                s.stats.backtracks += 1
                if self._conflict(conflict) is None:
                    return
                conflict = self._propagate()
                continue
            cell = self._pick()
            if cell < 0:
                found += 1
                yield list(self.grid)
                if found >= limit or not self.limits:
                    return
                # Not all of these guesses again: they force the whole grid.
                block = [self.trail[start] ^ 1 for start in reversed(self.limits)]
                if len(block) > 1:
                    self.watches.setdefault(block[0], []).append(block)
                    self.watches.setdefault(block[1], []).append(block)
                if self._conflict(block) is None:
                    return
                conflict = self._propagate()
                continue
            if self.restart_base and self.conflicts >= self.next_restart and self.limits:
                self.restarts += 1
                self.next_restart = self.conflicts + self.restart_base * _luby(self.restarts + 1)
                self._backjump(0)
                continue
            s.stats.branches += 1
            self.limits.append(len(self.trail))
            mask = self.grid[cell]
            v = self.phase[cell]
            if v < 0 or not mask >> v & 1:
                v = mask.bit_length() - 1
            self._is(cell, v, None)
            conflict = self._propagate()

    def _pick(self) -> int:
        """The unknown cell of the highest activity (the lowest index among equals), or -1
        (see LearningSearch._pick)."""
        heap, grid, activity = self.heap, self.grid, self.activity
        while heap:
            score, cell = heap[0]
            mask = grid[cell]
            if mask & (mask - 1) and -score == activity[cell]:
                return cell
            heappop(heap)
        return -1

    def _heapify(self) -> None:
        activity = self.activity
        self.heap = [(-activity[c], c) for c, mask in enumerate(self.grid) if mask & (mask - 1)]
        heapify(self.heap)


def _shrink(state: bytearray, order: list[list[tuple[int, int]]], solver) -> list[tuple[int, int]]:
    """The values of ``order`` (for each cell, ``(index, value)`` of the values taken out
    of it in a line ``state`` that has no placement) that must stay out for it to have
    none; the others are put back: whole cells first, in chunks (half of them at a time,
    then halves of those), then the values of each cell that must stay, one by one."""
    state = bytearray(state)
    needed = []  # the cells whose values cannot all come back
    half = len(order) // 2
    pending = [order[half:], order[:half]] if half else [order]
    while pending:
        cells = pending.pop()
        if not cells:
            continue
        before = bytes(state)
        for values in cells:
            for i, v in values:
                state[i] |= 1 << v
        if not solver.fits(state):
            continue  # put back for good
        state[:] = before
        if len(cells) > 1:
            half = len(cells) // 2
            pending.append(cells[half:])
            pending.append(cells[:half])
        else:
            needed.append(cells[0])
    kept = []
    for values in needed:
        if len(values) == 1:
            kept += values
            continue
        for i, v in values:
            state[i] |= 1 << v
            if solver.fits(state):
                state[i] &= ~(1 << v)
                kept.append((i, v))
    return kept
