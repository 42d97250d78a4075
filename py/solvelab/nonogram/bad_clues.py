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
takes 20 to 45 solves, not 120 (``solvelab bench nonogram-typos``). They share
a budget of line solves, and a deadline.

The lines found come nearest first: those whose clue differs least from the
one found for them (two numbers swapped, one number changed, one more or one
less), the likeliest slips.

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
from typing import NamedTuple

from solvelab.nonogram.errors import ClueError
from solvelab.nonogram.puzzle import Block, Clue, Puzzle, clue_of, clue_text, line_name

SHOWN = 4  # suspects named in the text, at most
GAVE_UP = "which clue is wrong was not found: the search for it ran out of work or time"

# Line solves for the whole search: about 10 s in CPython here (a 60 × 60 puzzle with
# one clue wrong takes 0.2 to 0.5 million: solvelab bench nonogram-typos).
WORK = 1_500_000


class Suspect(NamedTuple):
    """A line whose clue may be wrong, and a clue it could have instead."""

    line: int  # rows first, then columns
    clue: Clue  # the line in a solution of the other clues


def suspects(
    puzzle: Puzzle, work: int = WORK, deadline: float | None = None, tally: dict | None = None
) -> list[Suspect] | None:
    """The lines of ``puzzle`` (clues with no solution) without whose clue the other
    clues have a solution, the likeliest first; None if ``work`` line solves or the
    ``deadline`` (a ``time.perf_counter()`` value) ran out before every line was tried.
    ``tally``, if given, gets the count of ``solves`` and their ``work`` (line solves).

    The clue given for a line is the line in the solution found without its clue or,
    when that is not one slip away from the clue written, a clue one slip away that
    gives a solution too, if there is one (see :func:`_slips`)."""
    tries = _Tries(work, deadline)
    try:
        return _suspects(puzzle, tries)
    finally:
        if tally is not None:
            tally.update(solves=tries.solves, work=work - tries.work)


def _suspects(puzzle: Puzzle, tries: _Tries) -> list[Suspect] | None:
    found = []
    h = puzzle.height
    # The rows, then the columns (with every clue left out, there is a solution).
    groups = [list(range(h, len(puzzle.lines))), list(range(h))]
    while groups:
        group = groups.pop()
        grid = tries.solution(puzzle, frozenset(group))
        if grid is None:
            return None
        if grid is False:  # no line of the group is to blame
            continue
        if len(group) > 1:
            half = len(group) // 2
            groups += [group[half:], group[:half]]
            continue
        line = group[0]
        clue = clue_of(grid[line] if line < h else [row[line - h] for row in grid])
        if clue_distance(puzzle.lines[line], clue) > 1:
            for slip in _slips(puzzle, line):
                fixed = _with_clue(puzzle, line, slip)
                if fixed is None:  # its clues fail a check (counts, or a clue too long): none
                    continue
                nearer = tries.solution(fixed)
                if nearer is None:
                    return None
                if nearer is not False:
                    clue = slip
                    break
        found.append(Suspect(line, clue))
    found.sort(key=lambda suspect: clue_distance(puzzle.lines[suspect.line], suspect.clue))
    return found


class _Tries:
    """Solves sharing a budget of work and a deadline."""

    def __init__(self, work: int, deadline: float | None):
        self.work = work  # left
        self.deadline = deadline
        self.solves = 0

    def solution(self, puzzle: Puzzle, free_lines: frozenset[int] = frozenset()):
        """A solution of ``puzzle`` with ``free_lines`` left out (a grid), False if it has
        none, or None when the work or the time has run out."""
        from solvelab.nonogram.solver import NONE, TIMEOUT, Solver

        if self.work <= 0 or (self.deadline is not None and time.perf_counter() > self.deadline):
            return None
        solver = Solver(puzzle, free_lines=free_lines, work_limit=self.work)
        result = solver.solve()
        self.solves += 1
        self.work -= solver.stats.line_solves + solver.stats.line_lookups
        if result.status == TIMEOUT:
            return None
        return False if result.status == NONE else result.solutions[0]


def _slips(puzzle: Puzzle, line: int):
    """The clues one slip away from ``line``'s: two neighbouring numbers swapped, or one
    number off by what the rows and columns differ by in its colour (for the counts
    of filled cells to agree)."""
    clue = puzzle.lines[line]
    for i in range(len(clue) - 1):
        if clue[i] != clue[i + 1]:
            yield (*clue[:i], clue[i + 1], clue[i], *clue[i + 2 :])
    for i, block in enumerate(clue):
        by_rows, by_cols = puzzle.filled(block.colour)
        off = by_cols - by_rows if line < puzzle.height else by_rows - by_cols
        if off and block.length + off >= 1:
            yield (*clue[:i], Block(block.length + off, block.colour), *clue[i + 1 :])


def _with_clue(puzzle: Puzzle, line: int, clue: Clue) -> Puzzle | None:
    """``puzzle`` with ``line``'s clue replaced, or None if the clues fail their checks."""
    lines = list(puzzle.lines)
    lines[line] = clue
    try:
        return Puzzle(tuple(lines[: puzzle.height]), tuple(lines[puzzle.height :]), puzzle.colours)
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


def suspects_text(puzzle: Puzzle, found: list[Suspect]) -> str:
    """What :func:`suspects` found, in words."""
    if not found:
        return "changing any one clue leaves no solution: two clues or more are wrong"
    colours, h = puzzle.colours, puzzle.height

    def named(suspect: Suspect) -> tuple[str, str, str]:
        was = clue_text(puzzle.lines[suspect.line], colours)
        return line_name(suspect.line, h), was, clue_text(suspect.clue, colours)

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
