"""Search with learnt nogoods (conflict-driven clause learning) for one-colour puzzles
(colour ones: :mod:`solvelab.nonogram.learning_colour`, the same search on literals of
a cell and a colour).

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
filled" (``b = 1``); ``lit ^ 1`` is the opposite.

Uniqueness: after a solution, the clause "not all of these guesses" is added
(the guesses force the whole grid, so any other solution differs in one of
them) and the search goes on; when a contradiction needs no guess, there is
no further solution.

With the solver's ``steps`` recorded, the search records its guesses, conflicts,
nogoods and restarts as steps (see :mod:`solvelab.nonogram.steps`), each with the
grid's changes since the step before.
"""

from __future__ import annotations

from collections import deque
from heapq import heapify, heappop, heappush

from solvelab.nonogram.line import _CAN_BG, _CAN_FILL, LineSolver, _bits_of, _fits_bits
from solvelab.nonogram.steps import Step, diff

_MISSING = object()  # a line state not in the cache (None there means "no placement")


class LearningSearch:
    """CDCL over cells, with the line solver as the propagator (masks 1, 2, 3)."""

    def __init__(self, solver, grid: list[int], restart_base: int = 512, twins=()):
        self.s = solver
        self.grid = grid
        n = solver.size
        self.level = [0] * n
        self.pos = [-1] * n
        self.reason: list = [None] * n
        self.trail: list[int] = []
        self.limits: list[int] = []  # trail length where each guess level starts
        self.watches: dict[int, list[list[int]]] = {}
        self.activity = [0.0] * n
        self.heap: list[tuple[float, int]] = []  # see _pick
        self.bump = 1.0
        self.phase = list(solver.goal) if solver.goal else [2] * n  # filled first
        self.line_queue: deque[int] = deque()
        self.queued: set[int] = set()
        self.false_queue: deque[int] = deque()
        self.conflicts = 0
        self.failed_line = -1  # the line of the last conflict (-1: a clause)
        self.pause_at = float("inf")  # see solutions()
        self.restarts = 0
        self.restart_base = restart_base  # conflicts per Luby unit; 0: never restart
        self.next_restart = restart_base
        self.explained: list[dict[bytes, tuple[int, ...]]] = [{} for _ in solver.indices]
        # With steps recorded, what changed since the last step (see _show): the cells
        # that backjumps made unknown, and the trail's length then (-1: no step yet).
        self.unset: list[int] | None = [] if solver.steps is not None else None
        self.marked = -1
        self.seen = 0  # the solver's steps then (it records solutions and their images)
        # Each literal's value for the clauses: 0 unknown, 1 true, 2 false (kept with
        # the grid: one lookup a literal where the grid needs a shift and a sum).
        self.value = bytearray(2 * n)
        for cell, mask in enumerate(grid):
            if mask != 3:
                self.value[cell * 2 + mask - 1] = 1
                self.value[cell * 2 + 2 - mask] = 2
        # Pairs of cells that must be equal (the pictures a symmetry keeps, see
        # symmetry.py): two clauses a pair, and the known cells' values sent along them.
        for a, b in twins:
            for clause in ([a * 2, b * 2 + 1], [a * 2 + 1, b * 2]):
                self.watches.setdefault(clause[0], []).append(clause)
                self.watches.setdefault(clause[1], []).append(clause)
            for cell in (a, b):
                if grid[cell] != 3:
                    self.false_queue.append(cell * 2 + (2 - grid[cell]))

    # -- assignments ---------------------------------------------------------------

    def _assign(self, cell: int, mask: int, reason) -> None:
        self.grid[cell] = mask
        self.value[cell * 2 + mask - 1] = 1
        self.value[cell * 2 + 2 - mask] = 2
        self.level[cell] = len(self.limits)
        self.pos[cell] = len(self.trail)
        self.reason[cell] = reason
        self.trail.append(cell)
        for line in self.s._lines_of(cell):
            if line not in self.queued:
                self.queued.add(line)
                self.line_queue.append(line)
        self.false_queue.append(cell * 2 + (2 - mask))  # the literal that became false

    def _backjump(self, level: int) -> None:
        if len(self.limits) <= level:
            return
        start = self.limits[level]
        if self.unset is not None:
            self.unset += self.trail[start:]
            self.marked = min(self.marked, start)
        grid, phase, value = self.grid, self.phase, self.value
        heap, activity = self.heap, self.activity
        for cell in self.trail[start:]:
            phase[cell] = grid[cell]
            grid[cell] = 3
            value[cell * 2] = value[cell * 2 + 1] = 0
            self.reason[cell] = None
            self.pos[cell] = -1
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
                self.failed_line = line
                return self._explain(line, len(self.trail))
            if changes:
                cells = s.indices[line]
                bound = len(self.trail)
                for i, b in changes:
                    self._assign(cells[i], b, (line, bound))

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
            if value[first] == 1:  # already true
                keep.append(clause)
                continue
            for k in range(2, len(clause)):
                lit = clause[k]
                if value[lit] != 2:  # not false
                    clause[1], clause[k] = lit, false_lit
                    self.watches.setdefault(lit, []).append(clause)
                    break
            else:
                keep.append(clause)
                if value[first] == 2:  # false too: contradiction
                    keep.extend(watchers[index + 1 :])
                    self.watches[false_lit] = keep
                    self.failed_line = -1
                    return clause
                self._assign(first >> 1, (first & 1) + 1, clause)
        self.watches[false_lit] = keep
        return None

    def _reason_lits(self, cell: int) -> list[int]:
        reason = self.reason[cell]
        if isinstance(reason, tuple):
            line, bound = reason
            lits = self._explain(line, bound, cell)
            self.reason[cell] = lits  # valid while the cell keeps its value
            return lits
        return [lit for lit in reason if lit >> 1 != cell]

    def _explain(self, line: int, bound: int, cell: int = -1) -> list[int]:
        """The false literals of a small set of cells of ``line`` that, with the clue
        alone, force ``cell``'s value (or, with ``cell = -1``, make the line
        impossible): the cells known before trail position ``bound``, less every cell
        the line can do without, latest first (so the reason leans on older cells).

        A cell is forced exactly when the line cannot take its other value, so both
        cases are "this line state has no placement"; the line solver's forward table
        on bit sets checks that (see :func:`_shrink`).
        """
        grid, pos = self.grid, self.pos
        cells = self.s.indices[line]
        state = bytearray(3 if pos[c] >= bound else grid[c] for c in cells)
        flip = -1
        if cell >= 0:
            flip = cells.index(cell)
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

    # -- learning ------------------------------------------------------------------

    def _analyse(self, conflict: list[int]) -> tuple[list[int], int]:
        """The first-UIP clause of a contradiction and the level to jump back to."""
        level, trail = self.level, self.trail
        current = len(self.limits)
        seen = set()
        learnt = [0]
        pending = 0
        index = len(trail) - 1
        lits = conflict
        while True:
            for lit in lits:
                cell = lit >> 1
                if cell in seen or level[cell] == 0 or self.grid[cell] == 3:
                    continue
                seen.add(cell)
                self.activity[cell] += self.bump
                if level[cell] == current:
                    pending += 1
                else:
                    learnt.append(lit)
            while trail[index] not in seen:
                index -= 1
            cell = trail[index]
            index -= 1
            pending -= 1
            if pending == 0:
                learnt[0] = cell * 2 + (2 - self.grid[cell])
                break
            lits = self._reason_lits(cell)
        # Drop literals that the others imply (their reasons lie inside the clause).
        inside = {lit >> 1 for lit in learnt}
        kept = [learnt[0]]
        for lit in learnt[1:]:
            cell = lit >> 1
            if self.reason[cell] is None or any(
                other >> 1 not in inside and level[other >> 1] > 0
                for other in self._reason_lits(cell)
            ):
                kept.append(lit)
        learnt = kept
        self.bump *= 1.05
        if self.bump > 1e100:
            self.activity = [a * 1e-100 for a in self.activity]
            self._heapify()
            self.bump *= 1e-100
        back = max((level[lit >> 1] for lit in learnt[1:]), default=0)
        if len(learnt) > 1:  # watch the literal of the highest level second
            k = max(range(1, len(learnt)), key=lambda i: level[learnt[i] >> 1])
            learnt[1], learnt[k] = learnt[k], learnt[1]
        return learnt, back

    def _learn(self, clause: list[int]) -> None:
        if len(clause) > 1:
            self.watches.setdefault(clause[0], []).append(clause)
            self.watches.setdefault(clause[1], []).append(clause)
        lit = clause[0]
        self._assign(lit >> 1, (lit & 1) + 1, clause)

    def _conflict(self, conflict: list[int]) -> list[int] | None:
        """Learn from a contradiction and jump back: the clause learnt, or None if the
        contradiction needs no guess at all."""
        self.conflicts += 1
        if not self.limits or all(self.level[lit >> 1] == 0 for lit in conflict):
            return None
        learnt, back = self._analyse(conflict)
        self._backjump(back)
        self._learn(learnt)
        return learnt

    # -- steps (recorded only when the solver records them) --------------------------

    def _show(self, kind: str, **fields) -> None:
        """Records a step with the grid's changes since the step before: looked for
        among the cells that can have changed since, not the whole grid (a big puzzle
        makes thousands of steps)."""
        s = self.s
        shown, grid = s.shown, self.grid
        if self.marked < 0:
            changes = diff(shown, grid)
        else:
            cells = set(self.unset)
            cells.update(self.trail[self.marked :])
            for step in s.steps[self.seen :]:
                cells.update(cell for cell, _ in step.changes)
            changes = tuple((c, grid[c]) for c in sorted(cells) if shown[c] != grid[c])
        s._record(Step(kind, changes=changes, **fields))
        self.unset.clear()
        self.marked = len(self.trail)
        self.seen = len(s.steps)

    def _show_conflict(self, conflict: list[int]) -> None:
        grid, level = self.grid, self.level
        cells = tuple(sorted((lit >> 1, grid[lit >> 1]) for lit in conflict))
        depth = max((level[cell] for cell, _ in cells), default=0)  # 0: it needs no guess
        self._show("conflict", line=self.failed_line, depth=depth, cells=cells)

    def _show_learnt(self, learnt: list[int]) -> None:
        """The learn step: the nogood (each literal false: the cell had the other
        value), the level jumped back to (the search's level now), and the cell it
        forces, with what that fixes."""
        nogood = tuple(sorted((lit >> 1, 2 - (lit & 1)) for lit in learnt))
        forced = learnt[0]
        depth = len(self.limits)
        self._show("learn", cell=forced >> 1, value=forced & 1, depth=depth, cells=nogood)

    # -- search ----------------------------------------------------------------------

    def solutions(self, limit: int = 2):
        """Yield solved grids (lists of masks), at most ``limit``; and None once
        ``conflicts`` reaches ``pause_at``, to be resumed (next) with a later one."""
        found = 0
        s = self.s
        for c, v in enumerate(self.grid):
            if v == 3:
                self.activity[c] = 0.0
        self._heapify()
        steps = s.steps is not None
        conflict = self._propagate()
        while True:
            s._check_limits()
            if self.conflicts >= self.pause_at:
                yield None
            if conflict is not None:
                s.stats.backtracks += 1
                if steps:
                    self._show_conflict(conflict)
                learnt = self._conflict(conflict)
                if learnt is None:
                    return
                conflict = self._propagate()
                if steps:
                    self._show_learnt(learnt)
                continue
            cell = self._pick()
            if cell < 0:
                found += 1
                yield list(self.grid)
                if found >= limit or not self.limits:
                    return
                block = [
                    self.trail[start] * 2 + (2 - self.grid[self.trail[start]])
                    for start in self.limits
                ]
                block.reverse()  # the latest guess first: it is at the current level
                if len(block) > 1:
                    self.watches.setdefault(block[0], []).append(block)
                    self.watches.setdefault(block[1], []).append(block)
                learnt = self._conflict(block)
                if learnt is None:
                    return
                conflict = self._propagate()
                if steps:
                    self._show_learnt(learnt)
                continue
            if self.restart_base and self.conflicts >= self.next_restart and self.limits:
                self.restarts += 1
                self.next_restart = self.conflicts + self.restart_base * _luby(self.restarts + 1)
                self._backjump(0)
                if steps:
                    self._show("restart")
                continue
            s.stats.branches += 1
            self.limits.append(len(self.trail))
            self._assign(cell, self.phase[cell], None)
            conflict = self._propagate()
            if steps:
                self._show("guess", cell=cell, value=self.phase[cell] - 1, depth=len(self.limits))

    def _pick(self) -> int:
        """The unknown cell of the highest activity (the lowest index among equals), or -1.

        The heap holds (-activity, cell) entries; an entry is dropped when its cell is
        known or its activity has changed since (a cell gets a fresh entry when it
        becomes unknown again, and activities change only for known cells)."""
        heap, grid, activity = self.heap, self.grid, self.activity
        while heap:
            score, cell = heap[0]
            if grid[cell] == 3 and -score == activity[cell]:
                return cell
            heappop(heap)
        return -1

    def _heapify(self) -> None:
        activity = self.activity
        self.heap = [(-activity[c], c) for c, v in enumerate(self.grid) if v == 3]
        heapify(self.heap)


def _shrink(state: bytes, order: list[int], solver: LineSolver) -> tuple[int, ...]:
    """The cells of ``order`` (indices of known cells of a one-colour line ``state``
    that has no placement) that must stay known for it to have none; the others are
    made unknown, in chunks first (half of the cells at a time, then halves of those),
    so a short explanation costs few checks. All of them at once is never tried: with
    none of them known the line has placements (the clue fits the line, and a cell
    that the clue alone fixes is fixed before any search)."""
    n = len(state)
    bg = _bits_of(state, _CAN_BG)
    fill = _bits_of(state, _CAN_FILL)

    plan = solver.fits_plan
    runs = list(zip(solver.lengths, solver.slots, strict=True))

    def impossible(b: int, f: int) -> bool:
        return not _fits_bits(b, f, plan, runs, n)

    half = len(order) // 2
    pending = [order[half:], order[:half]] if half else [order]
    while pending:
        items = pending.pop()
        mask = 0
        for i in items:
            mask |= 1 << i
        if impossible(bg | mask, fill | mask):
            bg |= mask
            fill |= mask
        elif len(items) > 1:
            half = len(items) // 2
            pending.append(items[half:])
            pending.append(items[:half])  # popped first: the latest cells go first
    both = bg & fill
    return tuple(i for i in order if not both >> i & 1)


def _luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 ...: restart intervals."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while (1 << k) - 1 != i:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)
