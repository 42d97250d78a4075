"""What the nonogram editor asks: is a drawn picture's puzzle unique, and a
picture for clues someone opened.

A picture is a flat list of cells, row by row: 1 filled, anything else
background (the editor's crosses and unknown cells are both background).

>>> check_picture(2, 2, [1, 0, 0, 1])["status"]
'multiple'
>>> check_picture(2, 2, [1, 1, 0, 1])["status"], check_picture(2, 2, [1, 1, 0, 1])["difficulty"]
('unique', 'line')
>>> check_picture(2, 2, [0, 0, 0, 0])["status"]
'empty'
"""

from __future__ import annotations

from collections.abc import Sequence

from solvelab.nonogram.errors import NonogramError
from solvelab.nonogram.puzzle import Puzzle
from solvelab.nonogram.solver import MULTIPLE, TIMEOUT, UNIQUE, solve

MIN_SIZE = 1
MAX_EDIT = 100


class PictureError(NonogramError):
    """A picture the editor cannot check (a size out of range, a wrong cell count)."""


def picture_rows(width: int, height: int, cells: Sequence[int]) -> list[list[int]]:
    """The picture as rows of 0 and 1; raises :class:`PictureError` for nonsense."""
    if not (isinstance(width, int) and isinstance(height, int)):
        raise PictureError("the width and height must be whole numbers")
    if not (MIN_SIZE <= width <= MAX_EDIT and MIN_SIZE <= height <= MAX_EDIT):
        raise PictureError(
            f"the width and height must be {MIN_SIZE} to {MAX_EDIT}, not {width} × {height}"
        )
    if len(cells) != width * height:
        raise PictureError(
            f"a {width} × {height} picture has {width * height} cells, not {len(cells)}"
        )
    flat = [1 if c == 1 else 0 for c in cells]
    return [flat[y * width : (y + 1) * width] for y in range(height)]


def check_picture(width: int, height: int, cells: Sequence[int], time_limit: float = 10.0) -> dict:
    """Whether the clues of a picture have exactly one solution.

    ``status`` is ``empty`` (nothing drawn), ``unique`` (with ``difficulty``
    ``line``, ``probing`` or ``search``), ``multiple`` (``diff``: the cells
    where two solutions differ, ``other``: the second solution's cells),
    ``none`` (``reason``; cannot happen for a drawn picture, whose clues it
    satisfies, but the solver is asked, not trusted) or ``timeout`` (the limit
    passed first: nothing is decided).

    The drawn picture is a known solution, so the solver checks it (``check_goal``):
    a second solution near it, as noisy pictures have, comes at once.
    """
    rows = picture_rows(width, height, cells)
    if not any(any(row) for row in rows):
        return {"status": "empty"}
    puzzle = Puzzle.from_grid(rows)
    result = solve(puzzle, time_limit=time_limit, check_goal=True)
    answer: dict = {"status": result.status, "difficulty": result.difficulty}
    if result.status == MULTIPLE:
        first, second = ([v for row in grid for v in row] for grid in result.solutions[:2])
        answer["diff"] = [i for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b]
        # the solution that is not the picture, for showing it
        drawn = [v for row in rows for v in row]
        answer["other"] = second if first == drawn else first
    elif result.status != UNIQUE:
        answer["reason"] = result.reason
    return answer


def too_big_to_draw(width: int, height: int) -> PictureError:
    """The error for clues of ``width`` × ``height``, past what the editor draws (the
    library's own limit, which a file past it meets first, is higher)."""
    return PictureError(
        f"the puzzle is {width} × {height}: the editor draws up to {MAX_EDIT} × {MAX_EDIT}"
    )


def picture_of(puzzle: Puzzle, time_limit: float | None = 20.0) -> dict:
    """A picture for opened clues: ``{"cells", "status"}``, the puzzle's goal
    (``status`` ``goal``) or the first solution the solver finds: the only one
    (``unique``), one of several (``multiple``), or one whose rivals the time left
    unknown (``found``: the editor's check says). ``{"status": "timeout"}`` when the
    solver found none in ``time_limit`` seconds (ask again with longer: the clues
    may well have one). Raises :class:`PictureError` when the clues have no
    solution or the editor cannot draw them."""
    if len(puzzle.colours) != 2:
        raise PictureError("the editor draws one-colour puzzles only")
    if not (puzzle.width <= MAX_EDIT and puzzle.height <= MAX_EDIT):
        raise too_big_to_draw(puzzle.width, puzzle.height)
    if puzzle.goal is not None and puzzle.check(puzzle.goal):
        cells = [int(v) for row in puzzle.goal for v in row]
        return {"cells": cells, "status": "goal"}
    result = solve(puzzle, time_limit=time_limit)
    if result.solutions:  # a picture, even if the time passed before the verdict
        status = "found" if result.status == TIMEOUT else result.status
        return {"cells": [v for row in result.solutions[0] for v in row], "status": status}
    if result.status == TIMEOUT:
        return {"status": TIMEOUT}
    raise PictureError(f"these clues have no solution ({result.reason})")
