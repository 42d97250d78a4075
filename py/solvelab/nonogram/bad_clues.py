"""Which clue is wrong, when clues have no solution: each clue that could be.

A clue typed in wrong (``1 2 1`` for ``1 1 2``) can leave a puzzle with no
solution, and the contradiction that shows it may lie far from that clue. So
each line is tried with its clue left out, any cells fitting it: if the other
clues then have a solution, that line's clue may be the wrong one, and the
solution says what the line could read instead. If only one clue is wrong,
its line is always among those found (the other clues are right, so the
intended picture satisfies them); if no line is found, two clues or more are
wrong.

Lines are left out in groups first: if the clues left have no solution, no
line of the group is to blame (with fewer lines left out there would be none
either), and one solve has cleared the whole group; else the group is halved.
Most groups are cleared at once, so a 60 × 60 puzzle with one clue wrong
takes 20 to 40 solves, not 120 (``solvelab bench nonogram-typos``). They share
a budget of line solves, and a deadline.

The lines found come nearest first: those whose clue differs least from the
one found for them (two numbers swapped, one number changed, one more or one
less), the likeliest slips.

When no one line will do, two clues or more are wrong, and
:func:`suspect_pairs` looks for two. Every pair that gives a solution has a line
in each *core*: a set of lines whose clues alone have no solution (else the
clues outside the pair would include the core's). So one core is found first,
by leaving lines out in halving chunks while the clues kept still have no
solution, and then, for each line of the core, the lines found as above with
that line left out too: every such pair, no other.

Every solve answers more than its question: a solution found with some lines
left out is one with more left out too, and clues with no solution have none
with fewer left out; so each is kept, and asked first. The solves share their
line solvers and the line states those have solved.

>>> from solvelab.nonogram.clue_text import read_text
>>> puzzle = read_text("rows\\n0\\n2 1\\n1 1\\n1\\ncolumns\\n3\\n0\\n2\\n1")
>>> found = suspects(puzzle)
>>> [(line, [b.length for b in clue]) for line, clue in found]
[(1, [1, 2])]
>>> suspects_text(puzzle, found)
"row 2's clue 2 1 may be wrong: with 1 2 there, the other clues have a solution"
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from solvelab.nonogram.errors import ClueError
from solvelab.nonogram.placements import placements
from solvelab.nonogram.puzzle import Block, Clue, Grid, Puzzle, clue_of, clue_text, line_name

SHOWN = 4  # suspects (or pairs of them) named in the text, at most
GAVE_UP = "which clue is wrong was not found: the search for it ran out of work or time"
UNFINISHED = "the search ran out of work or time before every line was tried: others may be too"
GAVE_UP_PAIRS = (
    "which two clues are wrong was not found: the search for them ran out of work or time"
)
UNFINISHED_PAIRS = (
    "the search ran out of work or time before its end: there may be other pairs, or clues "
    "nearer those written"
)

# Line solves for the whole search, those answered from the shared caches included: tens
# of seconds in CPython here (a 60 × 60 puzzle with one clue wrong takes 0.05 to 0.16
# million, in 1.4 to 5 s: solvelab bench nonogram-typos).
WORK = 1_500_000
# The most line solves the nearest clues of the lines found take when the search ran out of
# work before it tried every line (solves of the whole puzzle, each with one clue changed).
SLIPS_WORK = WORK // 10
# For two clues: more solves, many of clues with most lines left out (30 × 30 puzzles take
# 0.03 to 0.2 million, 60 × 60 ones 1.4 and 2.4 million: solvelab bench nonogram-typos --two).
PAIR_WORK = 3 * WORK
# The core (see _core) is not made smallest: a chunk of this many lines or fewer that
# cannot be left out stays whole. Each of its lines then costs a search for its partners,
# of solves with two lines and a group left out (most are quick: the clues kept have no
# solution), where splitting the chunk costs solves with most lines left out that have one,
# the dearest there are. On the first 60 × 60 of solvelab bench nonogram-typos --two, the
# smallest core took 136 solves and 140 s of a 163 s search; with chunks of 8 lines, 15
# solves, and the search 36 s (one-off runs).
CORE_CHUNK = 8
# The most line solves a solve of the core's may take: past it, its chunk stays whole. A few
# of those solves keep clues that have no solution but take long to show it (60 × 60: 15
# rows and every column, 1.2 million line solves), and a core a chunk bigger costs less.
CORE_SOLVE = 100_000


class Suspect(NamedTuple):
    """A line whose clue may be wrong, and a clue it could have instead."""

    line: int  # rows first, then columns
    clue: Clue  # the line in a solution of the other clues


Pair = tuple[Suspect, Suspect]  # two lines whose clues may both be wrong (the first line first)


class Unfinished(list):
    """The suspects (or pairs) found before the work or the time ran out: each is one, but
    lines not tried yet may be too, and their clues may not be the nearest."""


def suspects(
    puzzle: Puzzle,
    work: int = WORK,
    deadline: float | None = None,
    tally: dict | None = None,
    on_found: Callable[[tuple[Suspect, ...]], None] | None = None,
) -> list[Suspect] | None:
    """The lines of ``puzzle`` (clues with no solution) without whose clue the other
    clues have a solution, the likeliest first. If ``work`` line solves or the
    ``deadline`` (a ``time.perf_counter()`` value) ran out before every line was tried,
    those found by then as :class:`Unfinished` (a slow search still names the lines it
    found: rows are tried first), their nearest clues found with up to ``SLIPS_WORK``
    line solves more; or None if it found none.
    ``tally``, if given, gets the count of ``solves`` and their ``work`` (line solves).
    ``on_found``, if given, is called with ``(suspect,)`` as each line is found, before
    the search goes on (its clue is the line in the solution found, maybe not the
    nearest): a page shows them while it waits.

    The clue given for a line is the line in the solution found without its clue or,
    when that is not one slip away from the clue written, a clue one slip away that
    gives a solution too, if there is one (see :func:`_slips`)."""
    return _Tries(work, deadline, on_found).run(_suspects, puzzle, tally)


def _suspects(puzzle: Puzzle, tries: _Tries) -> list[Suspect] | None:
    found: list[tuple[int, Grid]] = []

    def add(line: int, grid: Grid) -> None:
        found.append((line, grid))
        tries.tell(_as_found(puzzle, grid, (line,)))

    finished = _blamed(puzzle, tries, frozenset(), add)
    if not finished and not found:
        return None
    if not finished:
        tries.more_for_nearest()
    suspects = []
    for line, grid in found:
        clue = _clue_in(puzzle, grid, line)
        if clue_distance(puzzle.lines[line], clue) > 1 and not tries.spent():
            for slip in _slips(puzzle, line, _totals_off(puzzle, line)):
                fixed = _with_clue(puzzle, line, slip)
                if fixed is None:  # its clues fail a check (counts, or a clue too long): none
                    continue
                nearer = tries.solution(fixed)
                if nearer is None:  # out of work: the clue in the solution found
                    finished = False
                    break
                if nearer is not False:
                    clue = slip
                    break
        suspects.append(Suspect(line, clue))
    suspects.sort(key=lambda suspect: _distance(puzzle, suspect))
    return suspects if finished else Unfinished(suspects)


def _blamed(
    puzzle: Puzzle, tries: _Tries, out: frozenset[int], add: Callable[[int, Grid], None]
) -> bool:
    """``add(line, grid)`` for each line without whose clue (and those of ``out``) the
    other clues have a solution, ``grid`` one such solution, as it is found. Returns
    whether every line was tried (False when the work or time ran out first)."""
    h = puzzle.height
    # The rows' halves, then the columns': with all the rows left out, the columns' clues
    # alone have a solution (each clue fits its line), and the other way round.
    groups = []
    for lines in (range(h, len(puzzle.lines)), range(h)):
        group = [line for line in lines if line not in out]
        groups += _halves(group) if len(lines) > 1 else [group]
    while groups:
        group = groups.pop()
        if not group:
            continue
        grid = tries.solution(puzzle, out.union(group))
        if grid is None:
            return False
        if grid is False:  # no line of the group is to blame
            continue
        if len(group) > 1:
            groups += _halves(group)
            continue
        add(group[0], grid)
    return True


def suspect_pairs(
    puzzle: Puzzle,
    work: int = PAIR_WORK,
    deadline: float | None = None,
    tally: dict | None = None,
    on_found: Callable[[Pair], None] | None = None,
) -> list[Pair] | None:
    """For clues with no solution where no one line's clue left out gives one
    (:func:`suspects` found none): the pairs of lines without whose clues the other
    clues have a solution, the likeliest first, each line with a clue it could have;
    if ``work`` line solves or the ``deadline`` ran out first, those found by then as
    :class:`Unfinished`, or None if it found none (``tally`` and ``on_found``, called
    with each pair as it is found, as for :func:`suspects`). If exactly two clues are
    wrong, their pair is among them (once the search has ended)."""
    return _Tries(work, deadline, on_found).run(_pairs, puzzle, tally)


def _pairs(puzzle: Puzzle, tries: _Tries) -> list[Pair] | None:
    core = _core(puzzle, tries)
    if core is None:
        return None
    solved: dict[tuple[int, int], Grid] = {}

    def add(first: int, second: int, grid: Grid) -> None:
        lines = (min(first, second), max(first, second))
        if lines not in solved:
            solved[lines] = grid
            tries.tell(_as_found(puzzle, grid, lines))

    finished = all(
        _blamed(puzzle, tries, frozenset([first]), partial(add, first)) for first in core
    )
    if not finished and not solved:
        return None
    if not finished:
        tries.more_for_nearest()
    pairs = []
    for lines, grid in solved.items():
        pair = _nearest_pair(puzzle, tries, lines, grid)
        if pair is None:  # out of work: the clues in the solution found
            finished = False
            pair = _as_found(puzzle, grid, lines)
        pairs.append(pair)
    pairs.sort(key=lambda pair: (sum(_distance(puzzle, s) for s in pair), [s.line for s in pair]))
    return pairs if finished else Unfinished(pairs)


def _core(puzzle: Puzzle, tries: _Tries) -> list[int] | None:
    """Lines whose clues alone (the others left out) have no solution: the puzzle's
    lines less those left out in chunks (halves, then halves of those, down to
    ``CORE_CHUNK`` lines) while the clues kept still have none."""
    out: set[int] = set()
    h = puzzle.height
    rows, columns = list(range(h)), list(range(h, len(puzzle.lines)))
    # (All the rows, or all the columns, left out: a solution; see _blamed.)
    pending = [*_halves(columns), *_halves(rows)]
    while pending:
        chunk = pending.pop()
        if not chunk:
            continue
        grid = tries.solution(puzzle, frozenset(out.union(chunk)), CORE_SOLVE)
        if grid is None:
            if tries.spent():
                return None
            continue  # too dear to tell: the chunk stays, whole
        if grid is False:
            out.update(chunk)
        elif len(chunk) > CORE_CHUNK:
            pending += _halves(chunk)
    return [line for line in rows + columns if line not in out]


def _halves(lines: list[int]) -> list[list[int]]:
    """The second half and the first (popped first, so tried first)."""
    half = len(lines) // 2
    return [lines[half:], lines[:half]]


def _nearest_pair(puzzle: Puzzle, tries: _Tries, lines: tuple[int, int], grid: Grid) -> Pair | None:
    """The pair of ``lines`` as suspects, each with its line in ``grid`` (a solution
    with both clues left out). If either is more than a slip from the clue written,
    each slip of one line's clue is tried, the other's left out, for a solution where
    the other line is a slip from its clue too: the first found is given instead.
    None when the work or time ran out."""
    pair = _as_found(puzzle, grid, lines)
    if all(_distance(puzzle, s) <= 1 for s in pair):
        return pair
    for fixed_line, other in (lines, lines[::-1]):
        for slip in _slips(puzzle, fixed_line, _one_off):
            fixed = _with_clue(puzzle, fixed_line, slip, check_totals=False)
            if fixed is None:
                continue
            found = tries.solution(fixed, frozenset([other]))
            if found is None:
                return None
            if found is not False:
                near = Suspect(other, _clue_in(puzzle, found, other))
                if _distance(puzzle, near) <= 1:
                    return tuple(sorted((Suspect(fixed_line, slip), near)))
    return pair


def _as_found(puzzle: Puzzle, grid: Grid, lines: tuple[int, ...]) -> tuple[Suspect, ...]:
    """The ``lines`` as suspects, each with the clue it has in ``grid`` (a solution with
    their clues left out)."""
    return tuple(Suspect(line, _clue_in(puzzle, grid, line)) for line in lines)


def _clue_in(puzzle: Puzzle, grid: Grid, line: int) -> Clue:
    h = puzzle.height
    return clue_of(grid[line] if line < h else [row[line - h] for row in grid])


def _broken(puzzle: Puzzle, grid: Grid) -> frozenset[int]:
    """The lines whose clue ``grid`` breaks."""
    return frozenset(
        line for line, clue in enumerate(puzzle.lines) if _clue_in(puzzle, grid, line) != clue
    )


def _mended(puzzle: Puzzle, grid: Grid, broken: frozenset[int], free: frozenset[int]):
    """``grid`` with its ``broken`` lines (none of them ``free``) mended by changing only
    their cells in ``free`` lines: a solution with ``free`` left out, or None if one of
    them cannot be. No line kept is broken by it: a cell changed in a broken row lies in
    a free column (and the other way round), and no two mended lines share one.

    A solve with many lines left out can be the dearest there is (a 40 × 40 with 20
    columns left out: 0.8 million line solves), while a solution found with one row
    left out is most often mended in that row alone, in one line's work."""
    if len(puzzle.colours) > 10:  # placements are written a digit a cell
        return None
    h = puzzle.height
    rows = [list(row) for row in grid]
    full = (1 << len(puzzle.colours)) - 1
    for line in broken:
        # Where the line's cells are: (row, column) of each, and the line crossing there.
        if line < h:
            places = [(line, c, h + c) for c in range(puzzle.width)]
        else:
            places = [(r, line - h, r) for r in range(h)]
        cells = [full if other in free else 1 << rows[r][c] for r, c, other in places]
        placed = next(placements(puzzle.lines[line], cells, 1), None)
        if placed is None:
            return None
        for (r, c, _), value in zip(places, placed, strict=True):
            rows[r][c] = int(value)
    return tuple(map(tuple, rows))


def _distance(puzzle: Puzzle, suspect: Suspect) -> int:
    return clue_distance(puzzle.lines[suspect.line], suspect.clue)


class _Tries:
    """Solves sharing a budget of work and a deadline, and what they found: a solution
    with some lines left out is one with more left out too, and clues with no solution
    have none with fewer left out, so many questions are answered with no solve."""

    def __init__(
        self, work: int, deadline: float | None, on_found: Callable[[tuple], None] | None = None
    ):
        self.budget = work
        self.work = work  # left
        self.deadline = deadline
        self.tell = on_found or (lambda found: None)  # told each line or pair found
        self.solves = 0
        self.by_clue: dict = {}  # the line solvers and their caches (see Solver)
        # For each puzzle's clues: the solutions found, each with the lines whose clue it
        # breaks, and the sets of lines left out that leave no solution.
        self.solutions: dict[tuple, list[tuple[frozenset[int], Grid]]] = {}
        self.nones: dict[tuple, list[frozenset[int]]] = {}

    def run(self, search, puzzle: Puzzle, tally: dict | None):
        """``search(puzzle, self)``; then ``tally``, if given, gets its count of
        ``solves`` and their ``work`` (line solves)."""
        try:
            return search(puzzle, self)
        finally:
            if tally is not None:
                tally.update(solves=self.solves, work=self.budget - self.work)

    def more_for_nearest(self) -> None:
        """Out of work: up to ``SLIPS_WORK`` line solves more, for the nearest clues of the
        lines (or pairs) found by then."""
        self.work = max(self.work, SLIPS_WORK)

    def spent(self) -> bool:
        """Whether the work or the time has run out."""
        return self.work <= 0 or (self.deadline is not None and time.perf_counter() > self.deadline)

    def solution(
        self, puzzle: Puzzle, free_lines: frozenset[int] = frozenset(), most: int | None = None
    ):
        """A solution of ``puzzle`` with ``free_lines`` left out (a grid), False if it has
        none, or None when the work or the time has run out, or the ``most`` line solves
        this solve may take."""
        from solvelab.nonogram.solver import Solver

        solutions = self.solutions.setdefault(puzzle.lines, [])
        for broken, grid in solutions:
            if broken <= free_lines:
                return grid
        nones = self.nones.setdefault(puzzle.lines, [])
        if any(free_lines <= out for out in nones):
            return False
        for broken, grid in solutions:
            mended = _mended(puzzle, grid, broken - free_lines, free_lines)
            if mended is not None:
                solutions.append((_broken(puzzle, mended), mended))
                return mended
        if self.spent():
            return None
        left = None if self.deadline is None else max(self.deadline - time.perf_counter(), 0.0)
        work = self.work if most is None else min(most, self.work)
        solver = Solver(puzzle, left, free_lines=free_lines, work_limit=work, by_clue=self.by_clue)
        found = solver.any_solution()
        self.solves += 1
        self.work -= solver.stats.line_solves + solver.stats.line_lookups
        if found:
            solutions.append((_broken(puzzle, found), found))
        elif found is False:
            nones.append(free_lines)
        return found


def _slips(puzzle: Puzzle, line: int, offs):
    """The clues one slip away from ``line``'s: two neighbouring numbers swapped, or one
    number off by one of ``offs(colour)``, for the number's colour."""
    clue = puzzle.lines[line]
    for i in range(len(clue) - 1):
        if clue[i] != clue[i + 1]:
            yield (*clue[:i], clue[i + 1], clue[i], *clue[i + 2 :])
    for i, block in enumerate(clue):
        for off in offs(block.colour):
            if off and block.length + off >= 1:
                yield (*clue[:i], Block(block.length + off, block.colour), *clue[i + 1 :])


def _totals_off(puzzle: Puzzle, line: int):
    """The ``offs`` of :func:`_slips` for one clue wrong: a number of ``line``'s clue is
    off by what the rows and columns differ by in its colour (for the counts of
    filled cells to agree), if they do."""

    def offs(colour: int) -> tuple[int]:
        by_rows, by_cols = puzzle.filled(colour)
        return (by_cols - by_rows if line < puzzle.height else by_rows - by_cols,)

    return offs


def _one_off(colour: int) -> tuple[int, int]:
    """The ``offs`` of :func:`_slips` for two clues wrong: how the two share what the
    counts differ by is not known, so one more or one less."""
    return (1, -1)


def _with_clue(puzzle: Puzzle, line: int, clue: Clue, check_totals: bool = True) -> Puzzle | None:
    """``puzzle`` with ``line``'s clue replaced, or None if the clues fail their checks."""
    lines = list(puzzle.lines)
    lines[line] = clue
    try:
        return Puzzle(
            tuple(lines[: puzzle.height]),
            tuple(lines[puzzle.height :]),
            puzzle.colours,
            check_totals=check_totals,
        )
    except ClueError:
        return None


def clue_distance(a: Clue, b: Clue) -> int:
    """The fewest runs to add, delete, change, or swap with the next, to make ``a`` into ``b``
    (the optimal string alignment distance)."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i]
        for j in range(1, len(b) + 1):
            best = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                best = min(best, rows[-2][j - 2] + 1)
            row.append(best)
        rows.append(row)
    return rows[-1][-1]


def suspect_note(puzzle: Puzzle, suspect: Suspect) -> str:
    """What a suspect's line is told (the Solve page shows it by the line's clue)."""
    could = clue_text(suspect.clue, puzzle.colours)
    return f"this clue may be wrong: with {could} here, the other clues have a solution"


def _named(puzzle: Puzzle, suspect: Suspect) -> tuple[str, str, str]:
    """A suspect's line name, its clue written and the clue found for it, as text."""
    was = clue_text(puzzle.lines[suspect.line], puzzle.colours)
    return line_name(suspect.line, puzzle.height), was, clue_text(suspect.clue, puzzle.colours)


def suspects_text(puzzle: Puzzle, found: list[Suspect]) -> str:
    """What :func:`suspects` found, in words."""
    if not found:
        return "changing any one clue leaves no solution: two clues or more are wrong"
    named = partial(_named, puzzle)
    if len(found) == 1:
        name, was, could = named(found[0])
        return (
            f"{name}'s clue {was} may be wrong: with {could} there, the other clues have a solution"
        )
    listed = "; ".join(
        f"{name}'s {was} ({could} fits)" for name, was, could in map(named, found[:SHOWN])
    )
    more = f"; and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
    return (
        f"{len(found)} clues could each be the wrong one (changed alone, each gives a solution), "
        f"the likeliest first: {listed}{more}"
    )


def pair_note(puzzle: Puzzle, pair: Pair, line: int) -> str:
    """What a line of a pair is told (the Solve page shows it by the line's clue)."""
    this, other = pair if pair[0].line == line else pair[::-1]
    colours = puzzle.colours
    return (
        f"this clue and {line_name(other.line, puzzle.height)}'s may both be wrong: with "
        f"{clue_text(this.clue, colours)} here and {clue_text(other.clue, colours)} there, "
        "the other clues have a solution"
    )


def pairs_text(puzzle: Puzzle, pairs: list[Pair]) -> str:
    """What :func:`suspect_pairs` found, in words."""
    if not pairs:
        return "changing any two clues leaves no solution either: three clues or more are wrong"
    named = partial(_named, puzzle)
    if len(pairs) == 1:
        (a, a_was, a_could), (b, b_was, b_could) = map(named, pairs[0])
        return (
            f"{a}'s clue {a_was} and {b}'s clue {b_was} may both be wrong: with {a_could} "
            f"and {b_could} there, the other clues have a solution"
        )
    listed = "; ".join(
        " with ".join(f"{name}'s {was} ({could} fits)" for name, was, could in map(named, pair))
        for pair in pairs[:SHOWN]
    )
    more = f"; and {len(pairs) - SHOWN} more" if len(pairs) > SHOWN else ""
    return (
        f"{len(pairs)} pairs of clues could each be the wrong two (changed together, each "
        f"pair gives a solution), the likeliest first: {listed}{more}"
    )


# What the CLI prints and the Solve page shows for clues with no solution: the words,
# and each line named with its note (the likeliest first), or None for the lines when
# the search ran out of work or the deadline passed. One clue first; if no one line
# will do (the lines are []), two. ``on_found``, if given, gets the lines and their notes
# of each line or pair as the search finds it.

LineNotes = list[tuple[int, str]]


def wrong_clue(
    puzzle: Puzzle,
    deadline: float | None = None,
    work: int = WORK,
    on_found: Callable[[LineNotes], None] | None = None,
) -> tuple[str, LineNotes | None]:
    """:func:`suspects` in words, and a note for each line."""

    def tell(found: tuple[Suspect, ...]) -> None:
        on_found([(s.line, suspect_note(puzzle, s)) for s in found])

    found = suspects(puzzle, work, deadline, on_found=tell if on_found else None)
    if found is None:
        return GAVE_UP, None
    text = suspects_text(puzzle, found)
    if isinstance(found, Unfinished):
        text += f"; {UNFINISHED}"
    return text, [(s.line, suspect_note(puzzle, s)) for s in found]


def wrong_pair(
    puzzle: Puzzle,
    deadline: float | None = None,
    work: int = PAIR_WORK,
    on_found: Callable[[LineNotes], None] | None = None,
) -> tuple[str, LineNotes | None]:
    """:func:`suspect_pairs` in words, and a note for each line of the pairs named."""

    def tell(pair: Pair) -> None:
        on_found([(s.line, pair_note(puzzle, pair, s.line)) for s in pair])

    pairs = suspect_pairs(puzzle, work, deadline, on_found=tell if on_found else None)
    if pairs is None:
        return GAVE_UP_PAIRS, None
    notes: dict[int, str] = {}
    for pair in pairs[:SHOWN]:
        for suspect in pair:
            notes.setdefault(suspect.line, pair_note(puzzle, pair, suspect.line))
    text = pairs_text(puzzle, pairs)
    if isinstance(pairs, Unfinished):
        text += f"; {UNFINISHED_PAIRS}"
    return text, list(notes.items())
