"""Solving a whole puzzle: propagation, probing and search, with a uniqueness proof.

1. **Propagation**: a queue of lines whose cells changed; each is run through
   the exact line solver (:mod:`solvelab.nonogram.line`), and the lines
   crossing the cells it fixed join the queue, until nothing changes. Line
   results are cached by the line's cells (one cache for the lines of one
   clue), since probing and search meet the same line states again and again.
2. **Probing**: every unknown cell is tried with each colour it may still
   have, and propagated. Colours that lead to a contradiction are struck
   out; what all the surviving branches agree on is fixed. Repeated until a
   whole pass changes nothing or the grid is solved.
3. **Search**: by default the learning search from the probed grid
   (:mod:`solvelab.nonogram.learning`, and :mod:`solvelab.nonogram.learning_colour`
   for colour puzzles; puzzles of up to 8 colours); with ``learning=False`` (or
   more colours), the cell whose probes fixed the most cells in its weaker branch is
   branched on, depth first, each branch starting from its probe's already
   propagated grid. The search goes on after the first solution
   until a second one is found (``multiple``) or every branch is closed
   (``unique``). When moves of the picture keep the clues (a mirror, a turn;
   :mod:`solvelab.nonogram.symmetry`), a solution's image is one too, and the
   learning search looks first at the pictures each move keeps.

Every deduction keeps all solutions, so the branches of the search are
disjoint and the count of solutions found is exact.

>>> from solvelab.nonogram.puzzle import Puzzle
>>> result = solve(Puzzle.from_grid(["X.X", ".X.", "X.X"]))
>>> result.status, result.difficulty
('unique', 'line')
>>> solve(Puzzle.from_grid(["X.", ".X"])).status
'multiple'
"""

from __future__ import annotations

import gc
import time
from collections import deque
from dataclasses import dataclass, field
from functools import cached_property, reduce
from heapq import heapify, heappop, heappush
from operator import or_

from solvelab.nonogram.cdcl import _MISSING
from solvelab.nonogram.learning import LearningSearch
from solvelab.nonogram.learning_colour import ColourSearch
from solvelab.nonogram.line import LineSolver
from solvelab.nonogram.puzzle import Grid, Puzzle, line_name, ranges_text
from solvelab.nonogram.steps import Step, diff
from solvelab.nonogram.symmetry import Symmetry, symmetries

UNIQUE = "unique"
MULTIPLE = "multiple"
NONE = "none"
TIMEOUT = "timeout"

_ONE_COLOUR = bytes(1 << c for c in range(8))  # the masks of one colour, to delete
_COLOUR_OF_MASK = bytes(max(m.bit_length() - 1, 0) for m in range(256))  # of solved cells
_CACHE_LIMIT = 20000  # line states kept per clue (its lines share a cache) before it is emptied
_NONZERO = bytes(1) + bytes([1]) * 255  # 0 stays 0, any other byte becomes 1


# Contradictions in each learning search's first turn (see Solver._learning_search).
_FIRST_TURN = 100


class _LimitReached(Exception):
    """Raised inside the solver when its time or work limit has run out; says which."""


class _Contradiction(Exception):
    """A line with no placement while propagating from the empty grid; says which."""


@dataclass
class Stats:
    """Counts of the solver's work."""

    line_solves: int = 0  # line solver runs (cache misses)
    line_lookups: int = 0  # line results taken from the cache
    probes: int = 0  # cells tried with one colour during probing
    branches: int = 0  # guesses made by the search
    backtracks: int = 0  # branches that ended in a contradiction (the learning search's conflicts)
    seconds: float = 0.0  # the solver's set-up (the line solvers' plans) and its solve


@dataclass
class Result:
    """What the solver found.

    ``status`` is ``unique``, ``multiple`` (two different solutions in
    ``solutions``), ``none`` (``reason`` says why) or ``timeout`` (the time limit
    passed first: ``solutions`` holds any found so far, and nothing is claimed).
    ``difficulty`` is ``line`` (line solving alone), ``probing`` (needs probing,
    no guesses) or ``search`` (needs guesses; see ``stats.branches``); empty if
    the time limit passed before it was known.
    """

    puzzle: Puzzle
    status: str
    solutions: list[Grid] = field(default_factory=list)
    reason: str = ""
    difficulty: str = ""
    stats: Stats = field(default_factory=Stats)
    steps: list[Step] | None = None

    def pictures(self) -> list[list[str]]:
        """Each solution as rows of the puzzle's colour characters."""
        return [self.puzzle.picture(grid) for grid in self.solutions]


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _solved_neighbours(grid, width: int, height: int) -> list[int]:
    """For each cell, how many of its four neighbours are solved (one colour left),
    a side on the grid's edge counting as solved."""
    known = [0 if v & (v - 1) else 1 for v in grid]
    counts = []
    edge_row = [1] * width
    for r in range(height):
        row = known[r * width : r * width + width]
        above = known[(r - 1) * width : r * width] if r else edge_row
        below = known[(r + 1) * width : (r + 2) * width] if r + 1 < height else edge_row
        left = [1, *row[:-1]]
        right = [*row[1:], 1]
        counts += map(sum, zip(above, below, left, right, strict=True))
    return counts


def _union(grids: list) -> bytes | list[int]:
    """The masks of each cell, added over ``grids`` (bytes, or lists past 8 colours)."""
    if type(grids[0]) is bytes:
        union = 0
        for grid in grids:
            union |= int.from_bytes(grid, "big")  # one byte a cell: no carries
        return union.to_bytes(len(grids[0]), "big")
    return [reduce(or_, masks) for masks in zip(*grids, strict=True)]


def _changed_cells(before, after) -> list[int]:
    """The cells whose masks differ (bytes and a bytearray, or lists)."""
    if type(before) is bytes:
        differ = (int.from_bytes(before, "big") ^ int.from_bytes(after, "big")).to_bytes(
            len(before), "big"
        )
        marks = differ.translate(_NONZERO)  # 1 where the masks differ
        cells = []
        cell = marks.find(1)
        while cell >= 0:
            cells.append(cell)
            cell = marks.find(1, cell + 1)
        return cells
    return [c for c, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]


def _edge_heap(grid, edge: list[int], keys: list[int]) -> list[int]:
    """The heap of the edge order (see :meth:`Solver.probe`): the keys of the unsolved
    cells with two solved neighbours or more."""
    heap = [key for key, v, n in zip(keys, grid, edge, strict=True) if n >= 2 and v & (v - 1)]
    heapify(heap)
    return heap


class Solver:
    """Solves one puzzle; :func:`solve` is the short way to use it."""

    def __init__(
        self,
        puzzle: Puzzle,
        time_limit: float | None = None,
        record_steps: bool = False,
        max_solutions: int = 2,
        learning: bool = True,
        check_goal: bool = False,
        work_limit: int | None = None,
        free_lines: frozenset[int] = frozenset(),
        by_clue: dict | None = None,
    ):
        started = time.perf_counter()
        if not isinstance(puzzle, Puzzle):
            raise TypeError(f"the solver takes a Puzzle, not {type(puzzle).__name__}")
        if isinstance(max_solutions, bool) or not isinstance(max_solutions, int):
            raise TypeError(f"max_solutions must be a whole number, not {max_solutions!r}")
        if time_limit is not None and (
            isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
        ):
            raise TypeError(f"time_limit must be seconds or None, not {time_limit!r}")
        if work_limit is not None and (
            isinstance(work_limit, bool) or not isinstance(work_limit, int)
        ):
            raise TypeError(
                f"work_limit must be a number of line solves or None, not {work_limit!r}"
            )
        if work_limit is not None and work_limit < 1:
            raise ValueError(f"work_limit must be 1 line solve or more, or None, not {work_limit}")
        if max_solutions < 2:
            # One solution found proves nothing: "unique" needs the search to end.
            raise ValueError(f"max_solutions must be at least 2, not {max_solutions}")
        if time_limit is not None and not time_limit >= 0:  # NaN too
            raise ValueError(f"time_limit must be seconds (0 or more) or None, not {time_limit}")
        if time_limit is not None and time_limit > 1e18:  # 10**400 is no float: no limit
            time_limit = None
        self.puzzle = puzzle
        # Checking a known picture (pbnsolve -c): the puzzle's goal, when it satisfies
        # the clues, is the colour a guess tries first, so the search finds it at once
        # and then looks for another solution near it (faase: a second one four cells
        # away). Its masks, or None.
        goal = puzzle.goal if check_goal else None
        self.goal = (
            [1 << v for row in goal for v in row]
            if goal is not None and puzzle.check(goal)
            else None
        )
        self.width = w = puzzle.width
        self.height = h = puzzle.height
        self.size = w * h
        self.full = (1 << len(puzzle.colours)) - 1
        # The learning search: for up to 8 colours (cells are bytes).
        self.learning = learning and self.full < 256
        # Lines with the same clue share a line solver and a cache of its results (which
        # depend on the clue and the cells only): the n-Dom puzzles have 4 clues.
        # ``free_lines``: lines whose clues are left out, any cells fitting them (see
        # bad_clues.py); their key in ``shared`` is their index, not a clue.
        # ``by_clue``: ``shared`` kept from other solvers of clues of the same colours, to
        # be shared with them and filled in here: bad_clues.py solves the same clues
        # hundreds of times, each with other lines left out, and four line solves in
        # five there are of line states an earlier solve has cached.
        self.free_lines = free_lines
        lines = [line if line in free_lines else clue for line, clue in enumerate(puzzle.lines)]
        shared: dict[tuple | int, tuple[LineSolver | _AnyCells, dict]] = (
            {} if by_clue is None else by_clue
        )
        seen = set()
        repeated = set()
        for clue in lines:
            if clue in seen:
                repeated.add(clue)
                continue
            seen.add(clue)
            if clue not in shared:
                shared[clue] = (_AnyCells() if type(clue) is int else LineSolver(clue), {})
        self.line_solvers = [shared[clue][0] for clue in lines]
        # Whether another line has the line's clue, or the caches come from other solves:
        # propagation from the empty grid then looks in the cache first (a line's own
        # cells never come back there, but those of a line with its clue do: 30 times in
        # webpbn 21's 102 line solves).
        self.shared_clue = [by_clue is not None or clue in repeated for clue in lines]
        # Line states are cache keys: bytes (one byte a cell), or tuples past 8 colours.
        self.key = bytes if self.full < 256 else tuple
        # Each line's solver, answering what it changes: ((index, new mask), ...) or None.
        if self.key is bytes:
            # Masks 1 to 3 only (one colour): the line solver's unchecked fast path.
            self.solvers = [
                ls.changes_plain if self.full == 3 and ls.one_colour else ls.changes
                for ls in self.line_solvers
            ]
        else:
            self.solvers = [
                lambda cells, ls=ls: _changes(cells, ls.solve(cells)) for ls in self.line_solvers
            ]
        cells = list(range(w * h))
        self.indices = [cells[r * w : r * w + w] for r in range(h)]
        self.indices += [cells[c::w] for c in range(w)]
        # The lines crossing each cell of a line: the same list for every row, and for
        # every column (read only).
        self.crossing = [list(range(h, h + w))] * h + [list(range(h))] * w
        self.caches: list[dict] = [shared[clue][1] for clue in lines]
        self.stats = Stats()
        self.time_limit = time_limit
        self.deadline = None
        # The most line solves, those answered from the cache included: a limit that,
        # unlike time, cuts the search at the same point on every machine (the
        # generator's, so that a seed gives every machine the same puzzle).
        self.work_limit = work_limit
        self.steps: list[Step] | None = [] if record_steps else None
        self.shown = [self.full] * self.size  # the grid after the last recorded step
        self.max_solutions = max_solutions
        self._order: tuple[list[int], list[int]] | None = None  # see _scan_order
        self.say_why = True  # a verdict of none says why (any_solution's needs no words)
        # Making the line solvers' plans is part of solving (a peer's solver makes its
        # own inside its timed solve): counted in stats.seconds.
        self.setup_seconds = time.perf_counter() - started

    def _record(self, step: Step) -> None:
        """Records a step and applies its changes to :attr:`shown`."""
        self.steps.append(step)
        for cell, mask in step.changes:
            self.shown[cell] = mask

    # -- propagation -------------------------------------------------------------

    def propagate(self, grid: list[int], pending, touched=None) -> int:
        """Run the line solver over ``pending`` lines and the lines they change, in
        place. Returns how many cells changed, or -1 on a contradiction (the grid is
        then left part way).

        ``touched``, if given, gets every line queued after ``pending``."""
        # A list read in order while lines are appended to it: a queue with no pops
        # (each a call, which costs most in Pyodide).
        queue = list(pending)
        push = queue.append
        queued = bytearray(len(self.indices))
        for line in queue:
            queued[line] = 1
        touch = (touched if touched is not None else set()).add
        caches, indices, crossing, solvers = self.caches, self.indices, self.crossing, self.solvers
        key_of = self.key
        as_bytes = key_of is bytes
        w, h = self.width, self.height
        changed = 0
        lookups = 0
        solves = 0
        for line in queue:
            queued[line] = 0
            old = key_of(grid[line * w : line * w + w] if line < h else grid[line - h :: w])
            cache = caches[line]
            changes = cache.get(old, _MISSING)  # no KeyError: costly in Pyodide
            if changes is _MISSING:
                # _solve_line, written out (a call costs in Pyodide).
                solves += 1
                changes = solvers[line](old)
                if len(cache) >= _CACHE_LIMIT:
                    cache.clear()
                cache[old] = changes
                if changes and as_bytes:
                    state = bytearray(old)
                    for i, b in changes:
                        state[i] = b
                    cache[bytes(state)] = ()
            else:
                lookups += 1
            if not changes:
                if changes is None:
                    self.stats.line_lookups += lookups
                    self.stats.line_solves += solves
                    return -1
                continue
            idx = indices[line]
            cross = crossing[line]
            for i, b in changes:
                grid[idx[i]] = b
                other = cross[i]
                if not queued[other]:
                    queued[other] = 1
                    push(other)
                    touch(other)
            changed += len(changes)
        self.stats.line_lookups += lookups
        self.stats.line_solves += solves
        return changed

    def _solve_line(self, line: int, old):
        """Solve a line state missing from the line's cache and cache what it changes:
        ``((index, new mask), ...)``, or None when no placement fits."""
        self.stats.line_solves += 1
        new = self.solvers[line](old)
        cache = self.caches[line]
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[old] = new
        if new and self.key is bytes:
            # The line solver changes nothing in what it returns: the line often comes
            # back in that state (in the other branch of a probe, or the search).
            state = bytearray(old)
            for i, b in new:
                state[i] = b
            cache[bytes(state)] = ()
        return new

    def _propagate_root(self, grid: list[int]) -> None:
        """Propagation from the empty grid, in place; raises :class:`_Contradiction`
        when a line has no placement.

        The rows waiting, then the columns waiting, each in turn (the order a queue
        gives, near enough: the same line solves on the benchmark puzzles), as bit
        sets, with no record of which line set each cell; in a colour puzzle a line's
        new cells (which its solver makes anyway) are written back in one slice, and
        the lines crossing its changed cells are its bit set of changes. Puzzles of
        more than 8 colours and recorded steps use :meth:`_propagate_root_tracked`;
        when a line fails, that is run again from the empty grid for the message."""
        if self.steps is not None or self.key is not bytes:
            self._propagate_root_tracked(grid)
            return
        w, h = self.width, self.height
        rows = cols = 0
        for line in range(h + w):
            if not self._idle_when_empty(line):
                if line < h:
                    rows |= 1 << line
                else:
                    cols |= 1 << (line - h)
        solves = 0
        if self.full == 3:
            # One colour: the changes listed are quicker to write cell by cell than the
            # new line is to make.
            solvers, indices, shared_clue = self.solvers, self.indices, self.shared_clue
            shared = self._shared_line
            while rows or cols:
                self._check_limits()  # a round of rows and columns: milliseconds at most
                while rows:
                    low = rows & -rows
                    rows ^= low
                    r = low.bit_length() - 1
                    start = r * w
                    if shared_clue[r]:
                        changes = shared(r, grid[start : start + w])
                    else:
                        solves += 1
                        changes = solvers[r](grid[start : start + w])
                    if changes:
                        for i, b in changes:
                            grid[start + i] = b
                            cols |= 1 << i
                    elif changes is None:
                        self._root_failed(grid, solves)
                while cols:
                    low = cols & -cols
                    cols ^= low
                    c = low.bit_length() - 1
                    if shared_clue[h + c]:
                        changes = shared(h + c, grid[c::w])
                    else:
                        solves += 1
                        changes = solvers[h + c](grid[c::w])
                    if changes:
                        idx = indices[h + c]
                        for i, b in changes:
                            grid[idx[i]] = b
                            rows |= 1 << i
                    elif changes is None:
                        self._root_failed(grid, solves)
            self.stats.line_solves += solves
            return
        settle = [ls.settle for ls in self.line_solvers]
        while rows or cols:
            while rows:
                low = rows & -rows
                rows ^= low
                r = low.bit_length() - 1
                start = r * w
                solves += 1
                self._check_limits()
                settled = settle[r](grid[start : start + w])
                if settled:
                    changed, grid[start : start + w] = settled
                    cols |= changed
                elif settled is None:
                    self._root_failed(grid, solves)
            while cols:
                low = cols & -cols
                cols ^= low
                c = low.bit_length() - 1
                solves += 1
                self._check_limits()
                settled = settle[h + c](grid[c::w])
                if settled:
                    changed, grid[c::w] = settled
                    rows |= changed
                elif settled is None:
                    self._root_failed(grid, solves)
        self.stats.line_solves += solves

    def _shared_line(self, line: int, cells: bytearray):
        """:meth:`_propagate_root`'s line solve for a line whose clue another line
        shares: looked up in the clue's cache first, and kept there."""
        key = bytes(cells)
        changes = self.caches[line].get(key, _MISSING)
        if changes is _MISSING:
            self.stats.line_solves += 1
            changes = self.caches[line][key] = self.solvers[line](key)
        else:
            self.stats.line_lookups += 1
        return changes

    def _root_failed(self, grid: bytearray, solves: int) -> None:
        """A line failed in :meth:`_propagate_root`: propagation again from the empty
        grid, remembering which line set each cell, for the message."""
        self.stats.line_solves += solves
        if not self.say_why:
            raise _Contradiction("")
        grid[:] = bytes([self.full]) * self.size
        # The verdict is known (none); the limits must not turn it into a timeout.
        self.deadline = self.work_limit = None
        self._propagate_root_tracked(grid)
        raise AssertionError("the propagation failed once, not the second time")

    def _propagate_root_tracked(self, grid: list[int]) -> None:
        """Propagation from the empty grid, remembering which line set each cell (for
        the message if a line fails) and recording line steps."""
        w, h = self.width, self.height
        queue = deque(line for line in range(h + w) if not self._idle_when_empty(line))
        queued = set(queue)
        setter = [-1] * self.size
        key_of, solvers, indices, crossing = self.key, self.solvers, self.indices, self.crossing
        steps = self.steps
        while queue:
            line = queue.popleft()
            queued.discard(line)
            self._check_limits()
            old = key_of(grid[line * w : line * w + w] if line < h else grid[line - h :: w])
            self.stats.line_solves += 1
            changes = solvers[line](old)
            if changes is None:
                raise _Contradiction(_root_reason(self, line, list(old), setter))
            if not changes:
                continue
            idx = indices[line]
            cross = crossing[line]
            for i, b in changes:
                cell = idx[i]
                grid[cell] = b
                setter[cell] = line
                other = cross[i]
                if other not in queued:
                    queued.add(other)
                    queue.append(other)
            if steps is not None:
                cells = tuple((idx[i], b) for i, b in changes)
                self._record(Step("line", line=line, changes=cells))

    def _idle_when_empty(self, line: int) -> bool:
        """Whether the line solver fixes nothing in the line while all its cells are
        unknown: a one-colour clue whose runs are all shorter than the room they have to
        move in (its slack), when the grid has one colour (then a cell loses no colour
        either). Such a line is solved only once one of its cells is known."""
        ls = self.line_solvers[line]
        if self.full != 3 or not ls.k:
            return False
        slack = len(self.indices[line]) - ls.packed_length
        return max(ls.lengths) <= slack

    # -- probing -----------------------------------------------------------------

    def _lines_of(self, cell: int) -> tuple[int, int]:
        return (cell // self.width, self.height + cell % self.width)

    def _scan_order(self) -> tuple[list[int], list[int]]:
        """Each cell's tightness (the room its row and its column leave their runs to
        move in, added) and the cells from the tightest to the loosest, the scan's
        order (their probes fail the most often): made once."""
        if self._order is None:
            width, h = self.width, self.height
            slack = [
                len(idx) - solver.packed_length
                for idx, solver in zip(self.indices, self.line_solvers, strict=True)
            ]
            tightness = [slack[c // width] + slack[h + c % width] for c in range(self.size)]
            self._order = tightness, sorted(range(self.size), key=tightness.__getitem__)
        return self._order

    def probe(self, grid: list[int], depth: int = 0):
        """Probe to a fixed point. Returns ``(grid, branch)`` where ``branch`` is the
        best cell to guess on and its propagated grids ``[(bit, grid), ...]``
        (``None`` if the grid is solved), or ``None`` on a contradiction.

        Each probe is propagated in the grid itself, which is then copied back; a
        probe's grid is kept as bytes (a list past 8 colours), and what its branches
        agree on is their masks added, as one integer. A probe depends only on the
        lines its propagation visited, so a cell is probed again only once one of
        those lines has changed: the fixed point is the one that probing every cell
        on every pass reaches, for much less work. The grids of the cell the search
        branches on are made again at the end.

        Which cell next: two orders, each a pass over every cell in the end. The
        *scan* goes from the cells of the tightest lines to the loosest, the cells
        beside the latest deduction first (the tightest of them first: on webpbn 803
        that order needs 84 probes, where the order the deduction's cells changed
        in needed 316). The *edge* order takes the cells with two
        solved neighbours or more (the grid's edge counts as solved), tightest lines
        first: a value there pins the end of a run in its row or column. The scan is
        used while the share of its probes that find something is at least the edge
        order's (counted from 2 in 4 for the scan, 1 in 4 for the edge order, so the
        scan goes first); else the edge order, until the scan does better again.
        Neither order is best everywhere: on webpbn 436 the scan finds a cell in about
        one probe in ten (672 probes alone, 264 with the edge order), while on 4-Dom
        the edge order alone makes 64 probes, the scan 28 (see solver.md).
        """
        grid = grid.copy()
        size = self.size
        stats = self.stats
        steps = self.steps
        snapshot = bytes if type(grid) is bytearray else list
        record = self._record
        lines_of = self._lines_of
        propagate = self.propagate
        stamp = [0] * (self.height + self.width)  # when each line last changed
        tick = 1
        probed_at = [0] * size  # the tick of each cell's last probe
        visited: list = [None] * size  # the lines each cell's last probe visited
        quiet: dict[int, tuple[int, list[int]]] = {}  # cells whose last probe fixed nothing
        width = self.width
        hot: list[int] = []  # cells beside the latest deductions: probed before the scan goes on
        h = self.height
        tightness, order = self._scan_order()
        # The edge order: a heap of (tightness, cell) as one integer, of cells with at
        # least two solved neighbours (``edge`` counts them, the grid's edge included).
        low_bits = size.bit_length()
        low_mask = (1 << low_bits) - 1
        keys: list[int] = []
        edge: list[int] | None = None  # made when the edge order is first used
        heap: list[int] = []
        # Probes that found something, and probes, of each order (scan, edge order).
        found = [2, 1]
        tried = [4, 4]
        prefer_edge = False
        unknown = sum(1 for v in grid if v & (v - 1))  # cells not yet solved
        while True:
            changed = False
            scan = iter(order)
            if edge is not None:
                heap = _edge_heap(grid, edge, keys)
            while True:
                if prefer_edge and edge is None:
                    keys = [(t << low_bits) | c for c, t in enumerate(tightness)]
                    edge = _solved_neighbours(grid, width, h)
                    heap = _edge_heap(grid, edge, keys)
                use_edge = prefer_edge and bool(heap)
                if use_edge:
                    cell = heappop(heap) & low_mask
                else:
                    if hot:
                        cell = hot.pop()
                    else:
                        cell = next(scan, -1)
                        if cell < 0:
                            break
                mask = grid[cell]
                if not mask & (mask - 1):
                    continue
                seen = visited[cell]
                if seen is not None:
                    at = probed_at[cell]
                    for line in seen:
                        if stamp[line] > at:
                            break
                    else:
                        continue
                self._check_limits()
                probed_at[cell] = tick
                lines = lines_of(cell)
                touched = set(lines)
                base = snapshot(grid)
                outcomes = []
                solutions = 0  # branches that propagated to a whole picture
                for bit in _bits(mask):
                    stats.probes += 1
                    grid[cell] = bit
                    count = propagate(grid, lines, touched)
                    if count >= 0:
                        outcomes.append((count, bit, snapshot(grid)))
                        solutions += count >= unknown - 1 and self._solved(grid)
                    grid[:] = base
                visited[cell] = tuple(touched)  # a set of hundreds of lines takes 10× the memory
                if not outcomes:
                    return None
                if solutions == len(outcomes) > 1:
                    # Each branch is a solution, and all there are below this grid: the
                    # search takes them at once (a checkerboard needs no more probes).
                    remake = bytearray if snapshot is bytes else list
                    return grid, (cell, [(bit, remake(after)) for _, bit, after in outcomes])
                tried[use_edge] += 1
                prefer_edge = found[1] * tried[0] > found[0] * tried[1]
                if len(outcomes) == 1:  # already propagated
                    grid[:] = outcomes[0][2]
                else:
                    agreed = _union([after for _, _, after in outcomes])
                    if agreed == base:
                        score = min(c for c, _, _ in outcomes) * size + sum(
                            c for c, _, _ in outcomes
                        )
                        quiet[cell] = (score, [bit for _, bit, _ in outcomes])
                        continue
                    grid[:] = agreed
                    pending = set()
                    for c in _changed_cells(base, grid):
                        pending.update(lines_of(c))
                    if propagate(grid, pending) < 0:
                        return None  # cannot happen: every branch propagated fine; kept safe
                found[use_edge] += 1
                prefer_edge = found[1] * tried[0] > found[0] * tried[1]
                quiet.pop(cell, None)
                changed_cells = _changed_cells(base, grid)
                tick += 1
                beside = []
                for c in changed_cells:
                    v = grid[c]
                    unknown -= not v & (v - 1)  # (a changed cell was not solved before)
                    row, col = lines_of(c)
                    stamp[row] = stamp[col] = tick
                    if col > h:
                        beside.append(c - 1)
                    if col - h < width - 1:
                        beside.append(c + 1)
                    if c >= width:
                        beside.append(c - width)
                    if c + width < size:
                        beside.append(c + width)
                beside.sort(key=tightness.__getitem__, reverse=True)
                hot += beside  # popped from the end: the tightest first
                if edge is not None:
                    for c in changed_cells:
                        old, v = base[c], grid[c]
                        if old & (old - 1) and not v & (v - 1):  # solved by this deduction
                            x = c % width
                            for d in (
                                c - 1 if x else -1,
                                c + 1 if x + 1 < width else -1,
                                c - width,
                                c + width if c + width < size else -1,
                            ):
                                if d >= 0:
                                    edge[d] += 1
                                    v = grid[d]
                                    if edge[d] >= 2 and v & (v - 1):
                                        heappush(heap, keys[d])
                if steps is not None:
                    record(Step("probe", cell=cell, changes=diff(base, grid), depth=depth))
                changed = True
                if len(changed_cells) > 1 and self._solved(grid):
                    return grid, None  # (the cells left in the scan are all solved)
            if not changed:
                break
        best = -1
        best_score = -1
        for cell in range(size):
            mask = grid[cell]
            if mask & (mask - 1):
                score = quiet[cell][0]
                if score > best_score:
                    best_score = score
                    best = cell
        if best < 0:
            return grid, None
        # Its branches propagated again (the grid of each probe is not kept): the
        # lines they visit are as they were at its last probe, so the same grids.
        children = []
        for bit in quiet[best][1]:
            child = grid.copy()
            child[best] = bit
            if propagate(child, lines_of(best)) >= 0:
                children.append((bit, child))
        return grid, (best, children)

    # -- search ------------------------------------------------------------------

    def _check_limits(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _LimitReached(f"the time limit of {self.time_limit:g} s passed before the end")
        work = self.work_limit
        if work is not None and self.stats.line_solves + self.stats.line_lookups > work:
            raise _LimitReached(f"the work limit of {work} line solves ran out before the end")

    def solve(self) -> Result:
        """Solve the puzzle: find up to ``max_solutions`` solutions (2 proves or
        disproves uniqueness)."""
        start = self._start()
        result = Result(self.puzzle, NONE, stats=self.stats, steps=self.steps)
        try:
            self._solve(result, self.max_solutions)
            if self.goal is not None and result.status == MULTIPLE:
                self._goal_first(result)
        except _LimitReached as reached:
            result.status = TIMEOUT
            result.reason = str(reached)
        self.stats.seconds = self.setup_seconds + time.perf_counter() - start
        return result

    def any_solution(self) -> Grid | bool | None:
        """Whether the clues have a solution, for the questions that need no more (which
        clue is wrong: bad_clues.py): one solution (rows of colour indices), False if
        there is none, or None if the time or work limit ran out first. The search ends
        at the first solution, so nothing is proven of others.

        With a third of the lines or more left out (``free_lines``), the learning
        search starts with no probing: the clues kept leave most cells free, and
        probing every cell, which then fixes few, cost 80 % of such a solve (60 × 60,
        one colour, 65 lines left out: 25,000 of 31,000 line solves, 3 cells fixed of
        3,552)."""
        start = self._start()
        result = Result(self.puzzle, NONE, stats=self.stats)
        self.say_why = False
        try:
            self._solve(result, 1)
        except _LimitReached:
            return None
        finally:
            self.say_why = True
            self.stats.seconds = self.setup_seconds + time.perf_counter() - start
        return result.solutions[0] if result.solutions else False

    def _start(self) -> float:
        """A solve's start: its deadline set, and the counts (and steps) of a solve
        before it let go, so that each result has its own. Returns the start time."""
        start = time.perf_counter()
        if self.time_limit is not None:
            self.deadline = start + self.time_limit
        if self.stats.seconds:
            self.stats = Stats()
            self.steps = [] if self.steps is not None else None
            self.shown = [self.full] * self.size
        return start

    def _solve(self, result: Result, limit: int) -> None:
        """Finds up to ``limit`` solutions, and the verdict when the search ends before."""
        grid = self._empty_grid()
        try:
            self._propagate_root(grid)
        except _Contradiction as failure:
            result.reason = str(failure)
            result.difficulty = "line"
            return
        if self._solved(grid):
            result.difficulty = "line"
            self._found(result, grid, 0)
            result.status = UNIQUE
            return
        if limit == 1 and self.learning and 3 * len(self.free_lines) >= len(self.indices):
            result.difficulty = "search"
            self._learning_search(result, grid, limit)
            return
        solutions = result.solutions
        # (grid, depth, the guessed cell and its colour bit): a branch is recorded as a
        # guess when it is taken, with the changes from the grid shown before it
        # (which, after a backtrack or a solution, undo the branch left).
        stack: list[tuple[list[int], int, int, int]] = [(grid, 0, -1, 0)]
        first = True
        while stack:
            grid, depth, guessed, bit = stack.pop()
            if depth and self.steps is not None:
                self._record(
                    Step(
                        "guess",
                        cell=guessed,
                        value=bit.bit_length() - 1,
                        changes=diff(self.shown, grid),
                        depth=depth,
                    )
                )
            probed = self.probe(grid, depth)
            if first:
                first = False
                if probed is None:
                    result.difficulty = "probing"
                    result.reason = _probe_reason(self, grid) if self.say_why else ""
                    return
                result.difficulty = "probing" if probed[1] is None else "search"
                # (Unless a probe's branches are all solutions: the search just takes them.)
                searching = probed[1] is not None and self.learning
                if searching and not all(self._solved(child) for _, child in probed[1][1]):
                    self._learning_search(result, probed[0], limit)
                    break
            if probed is None:
                self.stats.backtracks += 1
                if self.steps is not None:
                    self._record(Step("backtrack", depth=depth))
                continue
            grid, branch = probed
            if branch is None:
                self._found(result, grid, depth)
                if depth:
                    self._add_images(result)
                if len(solutions) >= limit:
                    break
                continue
            cell, children = branch
            # Bigger consequences first (the goal's colour before them, when checking
            # it); pushed in reverse so the first is tried first.
            goal = self.goal[cell] if self.goal else 0
            children.sort(
                key=lambda item: (item[0] != goal, -sum(1 for v in item[1] if not v & (v - 1)))
            )
            for bit, child in reversed(children):
                stack.append((child, depth + 1, cell, bit))
                self.stats.branches += 1
        if len(solutions) == 1:
            result.status = UNIQUE
        elif len(solutions) > 1:
            result.status = MULTIPLE
        else:
            result.reason = (
                f"every one of the {self.stats.branches} guesses of the search "
                "ends in a contradiction"
            )

    def _learning_search(self, result: Result, grid: list[int], limit: int) -> None:
        """The learning search over the pictures each symmetry of the clues keeps (see
        symmetry.py) and over all pictures, until ``limit`` solutions are found or the
        search over all pictures ends. They take turns, the smallest space first,
        each for a number of contradictions that doubles every round: a space with no
        solution can take long to rule out (a quarter turn keeps no permutation
        matrix of 30 × 30, the clues all 1s: a pigeonhole proof), and the search over
        all pictures, which alone can prove the verdict, never waits for it. A
        solution found before may come again: it counts once."""
        # The quarter and three-quarter turns keep the same pictures: one space. The
        # most pairs first: the fewest free cells.
        # Steps recorded: one search, whose steps follow each other on one grid.
        symmetries = self.symmetries if self.steps is None else []
        spaces = sorted({tuple(s.twins) for s in symmetries}, key=lambda t: (-len(t), t))
        search = LearningSearch if self.full == 3 else ColourSearch
        symmetric = [search(self, grid.copy(), twins=twins) for twins in spaces]
        everything = search(self, grid)
        turns = [(s, s.solutions(limit)) for s in [*symmetric, everything]]
        del symmetric  # a search that ends is let go
        budget = _FIRST_TURN
        while True:
            for search, solutions in list(turns):
                search.pause_at = search.conflicts + budget
                for solution in solutions:
                    if solution is None:
                        break  # its turn is over
                    self._found(result, solution, len(search.limits))
                    self._add_images(result)
                    if len(result.solutions) >= limit:
                        return
                else:  # the space holds no other solution
                    if search is everything:
                        return
                    turns.remove((search, solutions))
            budget *= 2

    @cached_property
    def symmetries(self) -> list[Symmetry]:
        """The moves of the picture that keep the clues (made when a search needs them);
        none when clues are left out."""
        return [] if self.free_lines else symmetries(self.puzzle)

    def _goal_first(self, result: Result) -> None:
        """Checking a known picture, the answer is that picture and another: the
        search can end on two others (a symmetric search's solution and its image)."""
        goal = tuple(map(tuple, self.puzzle.goal))
        if goal not in result.solutions:
            result.solutions[:] = [goal, *result.solutions[: self.max_solutions - 1]]

    def _add_images(self, result: Result) -> None:
        """The images of the newest solution under the clues' symmetries: solutions too,
        each different one a further solution."""
        newest = result.solutions[-1]
        for symmetry in self.symmetries:
            image = symmetry.image(newest)
            if len(result.solutions) < self.max_solutions and image not in result.solutions:
                result.solutions.append(image)
                if self.steps is not None:
                    masks = [1 << v for row in image for v in row]
                    self._record(Step("image", changes=diff(self.shown, masks)))

    def solved_by_lines(self) -> bool:
        """Whether line solving alone, from the empty grid, solves the puzzle (its
        solution is then unique): for the generator's easy puzzles, which need no
        probing or search to turn a picture down."""
        grid = self._empty_grid()
        try:
            self._propagate_root(grid)
        except _Contradiction:
            return False
        return self._solved(grid)

    def _empty_grid(self):
        """Every cell unknown: a bytearray when line states are bytes (a line's key is
        then one C slice), else a list."""
        return bytearray([self.full]) * self.size if self.key is bytes else [self.full] * self.size

    def _solved(self, grid: list[int]) -> bool:
        if type(grid) is bytearray:  # the masks of one colour deleted, in C
            return not grid.translate(None, _ONE_COLOUR)
        return all(not v & (v - 1) for v in grid)

    def _found(self, result: Result, grid: list[int], depth: int) -> None:
        """Adds a solution, unless it is there already (an image of one found before)."""
        w = self.width
        if type(grid) is bytearray:
            cells = grid.translate(_COLOUR_OF_MASK)  # in C
        else:
            cells = [v.bit_length() - 1 for v in grid]
        solution = tuple(tuple(cells[r * w : r * w + w]) for r in range(self.height))
        if solution in result.solutions:
            return
        result.solutions.append(solution)
        if self.steps is not None:
            self._record(Step("solution", depth=depth, changes=diff(self.shown, grid)))


class _AnyCells:
    """The line solver of a line whose clue is left out: any cells fit it, so it
    changes nothing, and propagation never stops on it."""

    one_colour = True
    k = 0
    packed_length = 0

    def changes(self, cells):
        return ()

    changes_plain = changes

    def settle(self, cells):
        return 0

    def solve(self, cells):
        return list(cells)


def _changes(old, new):
    if new is None:
        return None
    return tuple((i, b) for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b)


def _root_reason(solver: Solver, line: int, cells: list[int], setter: list[int]) -> str:
    """The message for a line that fails while propagating from the empty grid: the
    lines that narrowed its cells. Cells the line narrowed itself are left out: they
    follow from its clue and what the others had narrowed before."""
    h = solver.height
    name = line_name(line, h)
    idx = solver.indices[line]
    set_by = {i: setter[idx[i]] for i in range(len(cells)) if setter[idx[i]] not in (-1, line)}
    by = set(set_by.values())
    rows = sorted(x + 1 for x in by if x < h)
    cols = sorted(x - h + 1 for x in by if x >= h)
    parts = []
    if rows:
        parts.append(("row " if len(rows) == 1 else "rows ") + ranges_text(rows))
    if cols:
        parts.append(("column " if len(cols) == 1 else "columns ") + ranges_text(cols))
    if not parts:
        return f"{name} cannot be satisfied"
    lines = " and ".join(parts)
    if all(not cells[i] & (cells[i] - 1) for i in set_by):
        return f"{name} cannot be satisfied once {lines} {'is' if len(by) == 1 else 'are'} fixed"
    return f"{name} cannot be satisfied in the colours {lines} leave its cells"


def _probe_reason(solver: Solver, grid: list[int]) -> str:
    """The message when probing from the line-solved grid finds a cell with no colour."""
    for cell in range(solver.size):
        mask = grid[cell]
        if not mask & (mask - 1):
            continue
        lines = solver._lines_of(cell)
        if all(
            solver.propagate([*grid[:cell], bit, *grid[cell + 1 :]], lines) < 0
            for bit in _bits(mask)
        ):
            r, c = divmod(cell, solver.width)
            return (
                f"every colour of the cell at row {r + 1}, column {c + 1} leads to a contradiction"
            )
    return "probing the cells leads to a contradiction"


def solve(
    puzzle: Puzzle,
    time_limit: float | None = None,
    record_steps: bool = False,
    max_solutions: int = 2,
    check_goal: bool = False,
    work_limit: int | None = None,
    learning: bool = True,
) -> Result:
    """Solve ``puzzle``: ``unique``, ``multiple`` (two solutions), ``none`` (with the
    reason) or ``timeout`` (if ``time_limit`` seconds pass first, or ``work_limit``
    line solves are made; never ``none``).

    With ``check_goal``, the puzzle's goal picture (if it satisfies the clues) is
    the search's first guess everywhere: the verdict is the same, found as a
    check of that picture, which is quicker when another solution lies near it.
    Without ``learning``, the search is plain backtracking with probing at every
    guess (its steps show each line solve and probe; the learning search's show
    its guesses, conflicts and nogoods)."""
    # The cycle collector paused: the solver makes no reference cycles (reference
    # counts free all it drops), but its many new lists and tuples set the collector
    # off, and in a new process (the CLI, a page's first solve) its first rounds go
    # over everything the imports made: 0.7 ms of webpbn 529's set-up of 1.4 ms.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return Solver(
            puzzle,
            time_limit,
            record_steps,
            max_solutions,
            check_goal=check_goal,
            work_limit=work_limit,
            learning=learning,
        ).solve()
    finally:
        if enabled:
            gc.enable()
