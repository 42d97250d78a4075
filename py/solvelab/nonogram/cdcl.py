"""The conflict-driven clause learning that both learning searches share: for one-colour
puzzles (:mod:`solvelab.nonogram.learning`, a literal is a cell's value) and for colour
puzzles (:mod:`solvelab.nonogram.learning_colour`, a literal is a cell and a colour).

A literal ``lit`` is even or odd, ``lit ^ 1`` its opposite, and ``lit >> 1`` its
variable: a cell, or a (cell, colour) pair numbered ``cell * k + colour``. The trail
holds the literals made true, in order; each has a level (the guesses before it) and a
reason: a clause (its literals, all false but this one) or ``(line, before)``, "the
line solver forced it from the line's cells as they were then" (``before``, their
masks as bytes: the line state it solved), turned into a clause only when the
analysis of a contradiction needs it.

What the two searches do differently is how a literal changes the grid and is undone
(``_assign``, ``_apply``, ``_undo``), how a line explains itself (``_explain``),
which value a guess tries (``_guess``), and which values a false literal leaves its
cell (``_false_mask``, for the steps).

With the solver's ``steps`` recorded, the search records its guesses, conflicts,
nogoods and restarts as steps (see :mod:`solvelab.nonogram.steps`), each with the
grid's changes since the step before.
"""

from __future__ import annotations

from collections import deque
from heapq import heapify, heappop, heappush
from operator import itemgetter

from solvelab.nonogram.steps import Step, diff

_MISSING = object()  # a line state not in the cache (None there means "no placement")


class Cdcl:
    """The search loop, propagation, clause watching and learning; see the module."""

    k = 1  # a variable's cell is ``var // k``
    # Learnt clauses are sorted out (see _reduce) after reduce_first contradictions,
    # then after as many again plus reduce_step more each time. Kept then: those of glue
    # up to keep_glue, and those of glue up to recent_glue used in the last `recent`.
    reduce_first = 2000
    reduce_step = 300
    keep_glue = 2
    recent_glue = 6
    recent = 10_000

    def __init__(self, solver, grid, restart_base: int, variables: int):
        self.s = solver
        self.grid = grid
        self.level = [0] * variables
        self.pos = [-1] * variables
        self.reason: list = [None] * variables
        self.trail: list[int] = []  # literals, in the order they became true
        self.limits: list[int] = []  # trail length where each guess level starts
        self.watches: dict[int, list[list[int]]] = {}
        self.activity = [0.0] * solver.size  # a cell's, for the choice of guesses
        self.heap: list[tuple[float, int]] = []  # see _pick
        # Each cell's activity in its newest heap entry, None once that entry is popped:
        # a cell made unknown again whose entry is still there needs no other.
        self.listed: list[float | None] = [None] * solver.size
        self.bump = 1.0
        self.line_queue: deque[int] = deque()
        self.queued: set[int] = set()
        self.false_queue: deque[int] = deque()
        self.conflicts = 0
        # The learnt clauses that may be forgotten (see _reduce), by the clause's id:
        # [clause, glue, the contradiction it last took part in].
        self.learnts: dict[int, list] = {}
        self.reductions = 0
        self.next_reduce = self.reduce_first
        self.failed_line = -1  # the line of the last conflict (-1: a clause)
        self.pause_at = float("inf")  # see solutions()
        self.restarts = 0
        self.restart_base = restart_base  # conflicts per Luby unit; 0: never restart
        self.next_restart = restart_base
        self.explained: list[dict] = [{} for _ in solver.indices]  # see _explain
        # Each literal's value for the clauses: 0 unknown, 1 true, 2 false.
        self.value = bytearray(2 * variables)
        # With steps recorded, what changed since the last step (see _show): the cells
        # that backjumps made unknown, and the trail's length then (-1: no step yet).
        self.unset: list[int] | None = [] if solver.steps is not None else None
        self.marked = -1
        self.seen = 0  # the solver's steps then (it records solutions and their images)

    def _watch(self, clause: list[int]) -> None:
        """Watch a clause of two literals or more by its first two."""
        self.watches.setdefault(clause[0], []).append(clause)
        self.watches.setdefault(clause[1], []).append(clause)

    def _queue_lines(self, cell: int) -> None:
        for line in self.s._lines_of(cell):
            if line not in self.queued:
                self.queued.add(line)
                self.line_queue.append(line)

    def _backjump(self, level: int) -> None:
        if len(self.limits) <= level:
            return
        start = self.limits[level]
        if self.unset is not None:
            k = self.k
            self.unset += [(lit >> 1) // k for lit in self.trail[start:]]
            self.marked = min(self.marked, start)
        self._undo(start)
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
                return self._explain(line, old)
            if changes:
                self._apply(s.indices[line], changes, (line, old))

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
            for j in range(2, len(clause)):
                lit = clause[j]
                if value[lit] != 2:  # not false
                    clause[1], clause[j] = lit, false_lit
                    self.watches.setdefault(lit, []).append(clause)
                    break
            else:
                keep.append(clause)
                if value[first] == 2:  # false too: contradiction
                    keep.extend(watchers[index + 1 :])
                    self.watches[false_lit] = keep
                    self.failed_line = -1
                    return clause
                self._assign(first, clause)
        self.watches[false_lit] = keep
        return None

    def _reason_lits(self, var: int) -> list[int]:
        """The false literals that forced ``var``'s true literal."""
        reason = self.reason[var]
        if type(reason) is tuple:
            line, before = reason
            lits = self._explain(line, before, var)
            self.reason[var] = lits  # valid while the literal stays true
            return lits
        learnt = self.learnts.get(id(reason))
        if learnt is not None:
            learnt[2] = self.conflicts
        return [lit for lit in reason if lit >> 1 != var]

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
        if k > 1:
            # In a colour search a literal can be true while its cell is still unknown
            # (a value out of it, others left): the bump made the cell's heap entry
            # stale, and it needs a new one (see _pick).
            grid = self.grid
            self._requeue([c for c in {var // k for var in seen} if grid[c] & (grid[c] - 1)])
        # Drop literals that the others imply (their reasons lie inside the clause).
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
        if len(learnt) > 1:  # watch the literal of the highest level second
            j = max(range(1, len(learnt)), key=lambda i: level[learnt[i] >> 1])
            learnt[1], learnt[j] = learnt[j], learnt[1]
        return learnt, back

    def _learn(self, conflict: list[int], steps: bool):
        """Learn from a contradiction, jump back and propagate what the clause learnt
        forces: the next contradiction or None, or False when this one needs no guess at
        all (no solution is left)."""
        self.conflicts += 1
        if not self.limits or all(self.level[lit >> 1] == 0 for lit in conflict):
            return False
        used = self.learnts.get(id(conflict))
        if used is not None:
            used[2] = self.conflicts
        learnt, back = self._analyse(conflict)
        if len(learnt) > 2:  # shorter ones are always kept
            glue = len({self.level[lit >> 1] for lit in learnt})
            self.learnts[id(learnt)] = [learnt, glue, self.conflicts]
        self._backjump(back)
        if len(learnt) > 1:
            self._watch(learnt)
        self._assign(learnt[0], learnt)
        conflict = self._propagate()
        if steps:
            self._show_learnt(learnt)
        return conflict

    # -- search ----------------------------------------------------------------------

    def solutions(self, limit: int = 2):
        """Yield solved grids (lists of masks), at most ``limit``; and None once
        ``conflicts`` reaches ``pause_at``, to be resumed (next) with a later one.

        After a solution, the clause "not all of these guesses" (they force the whole
        grid, so any other solution differs in one of them) is added and the search
        goes on; when a contradiction needs no guess, there is no further solution.
        With the solver's steps recorded, the search records its guesses, conflicts,
        nogoods and restarts (see _show)."""
        found = 0
        s = self.s
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
                conflict = self._learn(conflict, steps)
                if conflict is False:
                    return
                continue
            cell = self._pick()
            if cell < 0:
                found += 1
                yield list(self.grid)
                if found >= limit or not self.limits:
                    return
                # The latest guess first: it is at the current level.
                block = [self.trail[start] ^ 1 for start in reversed(self.limits)]
                if len(block) > 1:
                    self._watch(block)
                conflict = self._learn(block, steps)
                if conflict is False:
                    return
                continue
            if self.conflicts >= self.next_reduce:
                self._reduce()
            if self.restart_base and self.conflicts >= self.next_restart and self.limits:
                self.restarts += 1
                self.next_restart = self.conflicts + self.restart_base * _luby(self.restarts + 1)
                self._backjump(0)
                if steps:
                    self._show("restart")
                continue
            s.stats.branches += 1
            self.limits.append(len(self.trail))
            self._guess(cell)
            conflict = self._propagate()
            if steps:
                self._show_guess(cell)

    def _reduce(self) -> None:
        """Forget learnt clauses, as SAT solvers do, in tiers: keep those of glue 2 or
        less (the guess levels among their literals when learnt) for good, those of glue
        up to 6 while they took part in a contradiction in the last 10,000, and those
        that are a true literal's reason; of the others, forget the half least recently
        used (the numbers are the class's attributes).

        Kept all, the clauses make each contradiction dearer as the search goes on
        (clause propagation visits them all), and a long search's memory grows without
        bound; forgetting by glue alone made the n-Dom searches find the clauses again
        (see the benchmarks' History)."""
        reason = self.reason
        locked = {id(reason[lit >> 1]) for lit in self.trail}
        keep_glue, recent_glue = self.keep_glue, self.recent_glue
        since = self.conflicts - self.recent
        keep, others = [], []
        for i, learnt in self.learnts.items():
            _, glue, used = learnt
            if glue <= keep_glue or i in locked or (glue <= recent_glue and used >= since):
                keep.append(learnt)
            else:
                others.append(learnt)
        others.sort(key=itemgetter(2))
        half = len(others) // 2
        forgotten = {id(clause) for clause, _, _ in others[:half]}
        self.learnts = {id(learnt[0]): learnt for learnt in keep + others[half:]}
        for lit, watchers in self.watches.items():
            self.watches[lit] = [clause for clause in watchers if id(clause) not in forgotten]
        self.reductions += 1
        self.next_reduce = self.conflicts + self.reduce_first + self.reduce_step * self.reductions

    def _pick(self) -> int:
        """The unknown cell (two values or more left) of the highest activity (the
        lowest index among equals), or -1.

        The heap holds (-activity, cell) entries; an entry is dropped when it reaches
        the top while its cell is known or its activity has changed since. A cell
        gets a fresh entry when it becomes unknown again with none that is up to date
        (see _requeue). Activities change in _analyse, which gives the cells it bumps
        that are still unknown (in a colour search) a fresh entry too: every unknown
        cell keeps an entry with its activity, so -1 means the grid is solved."""
        heap, grid, activity, listed = self.heap, self.grid, self.activity, self.listed
        while heap:
            score, cell = heap[0]
            mask = grid[cell]
            if mask & (mask - 1) and -score == activity[cell]:
                return cell
            heappop(heap)
            if listed[cell] == -score:
                listed[cell] = None
        return -1

    def _requeue(self, cells) -> None:
        """Heap entries for cells made unknown again that have no entry up to date."""
        heap, activity, listed = self.heap, self.activity, self.listed
        for cell in cells:
            score = activity[cell]
            if listed[cell] != score:
                listed[cell] = score
                heappush(heap, (-score, cell))

    def _heapify(self) -> None:
        activity, grid = self.activity, self.grid
        unknown = [c for c, mask in enumerate(grid) if mask & (mask - 1)]
        self.heap = [(-activity[c], c) for c in unknown]
        heapify(self.heap)
        self.listed = [None] * len(grid)
        for c in unknown:
            self.listed[c] = activity[c]

    # -- steps (recorded only when the solver records them) --------------------------

    def _show(self, kind: str, **fields) -> None:
        """Records a step with the grid's changes since the step before: looked for
        among the cells that can have changed since, not the whole grid (a big puzzle
        makes thousands of steps)."""
        s = self.s
        shown, grid, k = s.shown, self.grid, self.k
        if self.marked < 0:
            changes = diff(shown, grid)
        else:
            cells = set(self.unset)
            cells.update((lit >> 1) // k for lit in self.trail[self.marked :])
            for step in s.steps[self.seen :]:
                cells.update(cell for cell, _ in step.changes)
            changes = tuple((c, grid[c]) for c in sorted(cells) if shown[c] != grid[c])
        s._record(Step(kind, changes=changes, **fields))
        self.unset.clear()
        self.marked = len(self.trail)
        self.seen = len(s.steps)

    def _show_conflict(self, conflict: list[int]) -> None:
        """The conflict step: the cells of its false literals, with their masks."""
        grid, level, k = self.grid, self.level, self.k
        cells = tuple(sorted({(lit >> 1) // k: grid[(lit >> 1) // k] for lit in conflict}.items()))
        depth = max((level[lit >> 1] for lit in conflict), default=0)  # 0: it needs no guess
        self._show("conflict", line=self.failed_line, depth=depth, cells=cells)

    def _show_learnt(self, learnt: list[int]) -> None:
        """The learn step: the nogood (for each of its cells, the values that make its
        literals there false), the level jumped back to (the search's level now), and
        the cell it forces, with its colour (-1 if it only takes one out)."""
        k = self.k
        nogood: dict[int, int] = {}
        for lit in learnt:
            cell = (lit >> 1) // k
            nogood[cell] = nogood.get(cell, -1) & self._false_mask(lit)
        cell = (learnt[0] >> 1) // k
        mask = self.grid[cell]
        value = mask.bit_length() - 1 if not mask & (mask - 1) else -1
        cells = tuple(sorted(nogood.items()))
        self._show("learn", cell=cell, value=value, depth=len(self.limits), cells=cells)

    def _show_guess(self, cell: int) -> None:
        value = self.grid[cell].bit_length() - 1  # a guess makes the cell one colour
        self._show("guess", cell=cell, value=value, depth=len(self.limits))


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
