"""Step records: the solver's work as a list a step-mode player can replay.

Each :class:`Step` says what kind of work was done and which cells it set
(cell index = ``row * width + column``, value = bit mask of the colours still
possible; a single bit is a known cell). Replaying the ``changes`` of the
steps in order from an all-unknown grid gives, after step ``k``, exactly the
grid the solver had after it: forwards, and through guesses and backtracks
(a guess's changes also undo what the branch left before it set; see
:func:`replay`).

Kinds:

- ``line``: the line solver on line ``line`` (rows first, then columns) set ``changes``;
- ``probe``: trying cell ``cell`` with each colour showed ``changes`` (all
  branches agree, or all but one fail);
- ``guess``: search takes the branch where ``cell`` is colour ``value``, at
  ``depth``; ``changes`` turn the grid shown before it (the parent's, or the
  end of a branch left after a backtrack or a solution) into the branch's grid;
- ``backtrack``: the branch at ``depth`` ends in a contradiction (no changes:
  the next guess leaves it);
- ``solution``: the grid is solved (``depth`` tells which branch);
- ``image``: the last solution mirrored or turned, which keeps the clues, so
  it is a solution too (``changes`` make it; see
  :mod:`solvelab.nonogram.symmetry`).

The learning search (:mod:`solvelab.nonogram.cdcl`, recorded with
``record_steps=True`` and ``learning=True``) records these as well:

- ``guess``: as above, ``changes`` being the guess and what propagation fixes with it;
- ``conflict``: line ``line`` has no placement (``-1``: a nogood learnt before is
  broken); ``cells`` are the cells, with their masks, that make it so; a conflict
  at ``depth`` 0 needs no guess, and ends the search;
- ``learn``: the nogood ``cells`` (never each of these cells in its mask, all
  together) is learnt; the search jumps back to ``depth``, where the nogood makes
  cell ``cell`` colour ``value`` (``-1`` in a colour puzzle when it only takes a
  colour out of the cell); ``changes`` undo the guesses left and add what that
  forces (a solution's nogood is "not all of these guesses");
- ``restart``: back to no guess at all, keeping every nogood (``changes`` undo).

>>> from solvelab.nonogram import Puzzle
>>> from solvelab.nonogram.solver import Solver
>>> puzzle = Puzzle.from_grid(["X.", ".X"])  # two solutions: the diagonals
>>> steps = Solver(puzzle, record_steps=True).solve().steps
>>> [step.kind for step in steps]
['guess', 'solution', 'image']
>>> [grid for grid, step in zip(replay(steps, 4), steps) if step.kind in ("solution", "image")]
[[1, 2, 2, 1], [2, 1, 1, 2]]
"""

from __future__ import annotations

from typing import NamedTuple


class Step(NamedTuple):
    """One piece of the solver's work (see the module docstring)."""

    kind: str
    line: int = -1
    cell: int = -1
    value: int = -1
    changes: tuple[tuple[int, int], ...] = ()
    depth: int = 0
    cells: tuple[tuple[int, int], ...] = ()  # a conflict's or a nogood's (cell, mask) pairs

    def to_json(self) -> list:
        """A compact list: ``[kind, line, cell, value, [[cell, mask], ...], depth,
        [[cell, mask], ...]]`` (the last: ``cells``)."""
        return [
            self.kind,
            self.line,
            self.cell,
            self.value,
            [list(c) for c in self.changes],
            self.depth,
            [list(c) for c in self.cells],
        ]


def diff(before: list[int], after: list[int]) -> tuple[tuple[int, int], ...]:
    """The cells whose masks differ, with their new masks."""
    return tuple((i, b) for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b)


def replay(steps, size: int, full: int = 3):
    """The grid after each step (a new list each time), from ``size`` unknown cells
    (mask ``full``)."""
    grid = [full] * size
    for step in steps:
        for cell, mask in step.changes:
            grid[cell] = mask
        yield grid.copy()
