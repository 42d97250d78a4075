"""The turns and mirror images that keep a puzzle's clues, and what they give the search.

Mirror a picture left to right and each row's runs read backwards, the columns
in the other order; turn it a quarter and the rows become the columns. When a
move gives back every clue, it maps each solution onto a solution, so:

1. a solution's image under the move is a solution: if the two differ, the
   puzzle has two (:meth:`Symmetry.image`);
2. the pictures the move leaves unchanged are a smaller space to search first
   (:attr:`Symmetry.twins`, cells that must be equal there). A designed
   picture with symmetric clues is usually symmetric itself, and two
   solutions there settle "multiple" at once: knotty (40 × 40), whose clues
   come back after a quarter turn, has two solutions that a quarter turn keeps,
   where the search over all its pictures found none in 500 s.

Empty rows and columns at the edges are left out before the moves are tried
(their cells are background, moved or not): knotty's last row and column are
empty, and only the 39 × 39 cells before them come back after a quarter turn.

>>> from solvelab.nonogram.puzzle import Puzzle
>>> [s.name for s in symmetries(Puzzle.from_grid(["X.X", "XXX", "..."]))]
['left-right mirror']
>>> cross = Puzzle.from_grid([".X.", "XXX", ".X."])
>>> len(symmetries(cross))  # all seven moves of the square, but doing nothing
7
"""

from __future__ import annotations

from typing import NamedTuple

from solvelab.nonogram.puzzle import Grid, Puzzle


class Symmetry(NamedTuple):
    """A move of the picture that keeps every clue: ``source[cell]`` is the cell
    whose colour ``cell`` takes in the moved picture."""

    name: str
    source: tuple[int, ...]

    def image(self, grid: Grid) -> Grid:
        """The moved picture (a solution's image is a solution)."""
        width = len(grid[0])
        cells = [v for row in grid for v in row]
        moved = [cells[c] for c in self.source]
        return tuple(tuple(moved[r * width : r * width + width]) for r in range(len(grid)))

    @property
    def twins(self) -> list[tuple[int, int]]:
        """Pairs of cells that are equal in every picture the move leaves unchanged
        (each cell and its source, once a pair: around each cycle of the move)."""
        return sorted(
            {(min(cell, c), max(cell, c)) for cell, c in enumerate(self.source) if c != cell}
        )


# (name, square only, where the cell at (r, c) of an h × w box takes its colour from).
_MOVES = (
    ("left-right mirror", False, lambda r, c, h, w: (r, w - 1 - c)),
    ("top-bottom mirror", False, lambda r, c, h, w: (h - 1 - r, c)),
    ("half turn", False, lambda r, c, h, w: (h - 1 - r, w - 1 - c)),
    ("diagonal mirror", True, lambda r, c, h, w: (c, r)),
    ("antidiagonal mirror", True, lambda r, c, h, w: (w - 1 - c, h - 1 - r)),
    ("quarter turn", True, lambda r, c, h, w: (w - 1 - c, r)),
    ("three-quarter turn", True, lambda r, c, h, w: (c, h - 1 - r)),
)


def symmetries(puzzle: Puzzle) -> list[Symmetry]:
    """The moves (doing nothing left out) under which every clue comes back."""
    width = puzzle.width
    top, bottom = _used(puzzle.rows)
    left, right = _used(puzzle.columns)
    h, w = bottom - top, right - left
    if h <= 0 or w <= 0:
        return []
    # The clue read along each line of the box, both ways: a moved line must be one.
    clue_along: dict[tuple[int, ...], tuple] = {}
    lines = []
    for r in range(top, bottom):
        lines.append((tuple(r * width + c for c in range(left, right)), puzzle.rows[r]))
    for c in range(left, right):
        lines.append((tuple(r * width + c for r in range(top, bottom)), puzzle.columns[c]))
    for cells, clue in lines:
        clue_along[cells] = clue
        clue_along[cells[::-1]] = clue[::-1]
    found = []
    for name, square_only, move in _MOVES:
        if square_only and h != w:
            continue
        source = list(range(width * puzzle.height))
        for r in range(h):
            for c in range(w):
                fr, fc = move(r, c, h, w)
                source[(top + r) * width + left + c] = (top + fr) * width + left + fc
        # The moved picture's line reads the picture along the sources of its cells.
        if all(clue_along.get(tuple(source[x] for x in cells)) == clue for cells, clue in lines):
            found.append(Symmetry(name, tuple(source)))
    return found


def _used(clues) -> tuple[int, int]:
    """The first and one past the last line with a non-empty clue."""
    used = [i for i, clue in enumerate(clues) if clue]
    return (used[0], used[-1] + 1) if used else (0, 0)
