"""Hints for a person solving a one-colour nonogram: one line deduction, with its reason.

The player's grid is a list of cells: ``0`` unknown, ``1`` filled, ``2`` crossed
(known empty). :func:`next_hint` runs the exact line solver over every line,
picks the line that tells the most, and explains it the way people reason:
the overlap of a block's leftmost and rightmost places ("the 6 must cover
cells 3–5"), cells no block can reach, or, failing those, "every way to place
the clue".

>>> from solvelab.nonogram.puzzle import Puzzle
>>> puzzle = Puzzle.from_grid(["XXXX."])
>>> hint = next_hint(puzzle, [0] * 5)
>>> hint["reason"]
'row 1: the 4 must cover cells 2–4'
>>> hint["cells"]
[[1, 1], [2, 1], [3, 1]]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from solvelab.nonogram.line import LineSolver
from solvelab.nonogram.puzzle import Puzzle, line_name, ranges_text

UNKNOWN, FILLED, CROSSED = 0, 1, 2
_MASK = {UNKNOWN: 3, FILLED: 2, CROSSED: 1}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def leftmost(lengths: Sequence[int], cells: Sequence[int]) -> list[int] | None:
    """The start of each block in the leftmost placement that agrees with ``cells``
    (0 unknown, 1 filled, 2 crossed), or ``None`` if none does.

    >>> leftmost([2, 1], [0, 0, 0, 0, 1])
    [0, 4]
    """
    n, k = len(cells), len(lengths)
    # crossed_upto[i]: crossed cells among the first i; filled likewise
    crossed = [0] * (n + 1)
    filled = [0] * (n + 1)
    for i, c in enumerate(cells):
        crossed[i + 1] = crossed[i] + (c == CROSSED)
        filled[i + 1] = filled[i] + (c == FILLED)

    @cache
    def place(j: int, pos: int) -> tuple[int, ...] | None:
        if j == k:
            return () if filled[n] == filled[min(pos, n)] else None
        length = lengths[j]
        for s in range(pos, n - length + 1):
            if filled[s] != filled[pos]:
                break  # a filled cell left of s would be uncovered
            e = s + length
            if crossed[e] != crossed[s] or (e < n and cells[e] == FILLED):
                continue
            rest = place(j + 1, e + 1)
            if rest is not None:
                return (s, *rest)
        return None

    starts = place(0, 0)
    return None if starts is None else list(starts)


def explain(lengths: Sequence[int], before: Sequence[int], after: Sequence[int]) -> list[str]:
    """Why the line solver turned ``before`` into ``after`` (cells 0/1/2), as phrases
    about 1-based cells: one for each block's overlap, cells out of reach, the rest."""
    n = len(before)
    left = leftmost(lengths, before)
    rev = leftmost(lengths[::-1], before[::-1])
    new = [i for i in range(n) if before[i] == UNKNOWN and after[i] != UNKNOWN]
    if left is None or rev is None:
        return []
    k = len(lengths)
    right = [n - rev[k - 1 - j] - lengths[j] for j in range(k)]
    phrases: list[str] = []
    explained: set[int] = set()
    counts = {length: lengths.count(length) for length in lengths}
    for j, length in enumerate(lengths):
        low, high = right[j], left[j] + length  # the overlap: cells low .. high-1
        cells = [i for i in new if after[i] == FILLED and low <= i < high]
        if cells:
            name = f"the {length}"
            if counts[length] > 1:
                nth = lengths[: j + 1].count(length)
                name = f"the {_ordinal(nth)} {length}"
            phrases.append(f"{name} must cover {_cells_text(cells)}")
            explained.update(cells)
    reach = set()
    for j, length in enumerate(lengths):
        reach.update(range(left[j], right[j] + length))
    unreachable = [i for i in new if after[i] == CROSSED and i not in reach]
    if unreachable:
        phrases.append(f"no block can reach {_cells_text(unreachable)}")
        explained.update(unreachable)
    rest_filled = [i for i in new if after[i] == FILLED and i not in explained]
    rest_crossed = [i for i in new if after[i] == CROSSED and i not in explained]
    if rest_filled:
        phrases.append(f"every way to place the clue fills {_cells_text(rest_filled)}")
    if rest_crossed:
        phrases.append(f"every way to place the clue leaves {_cells_text(rest_crossed)} empty")
    return phrases


def _cells_text(cells: Sequence[int]) -> str:
    one = len(cells) == 1
    return ("cell " if one else "cells ") + ranges_text(i + 1 for i in cells)


def _line(puzzle: Puzzle, grid: Sequence[int], line: int) -> list[int]:
    w, h = puzzle.width, puzzle.height
    if line < h:
        return list(grid[line * w : line * w + w])
    return list(grid[line - h :: w])


def _cell_index(puzzle: Puzzle, line: int, i: int) -> int:
    w, h = puzzle.width, puzzle.height
    return line * w + i if line < h else i * w + (line - h)


def line_deductions(puzzle: Puzzle, grid: Sequence[int], line: int) -> list[int] | None:
    """The line's cells (0/1/2) after the line solver, or ``None`` if no placement fits."""
    solver = LineSolver(puzzle.lines[line])
    cells = _line(puzzle, grid, line)
    out = solver.solve([_MASK[c] for c in cells])
    if out is None:
        return None
    return [UNKNOWN if v == 3 else FILLED if v == 2 else CROSSED for v in out]


def next_hint(
    puzzle: Puzzle, grid: Sequence[int], solution: Sequence[Sequence[int]] | None = None
) -> dict:
    """One step for a person: ``{"kind", "reason", "cells": [[cell, value], ...], "line"}``.

    ``kind`` is ``line`` (a line deduction: ``cells`` are what it fixes,
    ``value`` 1 filled, 2 crossed), ``wrong`` (with ``solution``: some marked
    cells disagree with it; ``cells`` are those, with their right value),
    ``stuck`` (a line has no placement: the marks contradict its clue),
    ``cell`` (no single line tells more: one cell of ``solution``), or
    ``solved``. Cells are numbered ``row * width + column``.
    """
    if len(puzzle.colours) != 2:
        raise ValueError("hints are for one-colour puzzles")
    if len(grid) != puzzle.width * puzzle.height or any(c not in _MASK for c in grid):
        raise ValueError(f"the grid must be {puzzle.width * puzzle.height} cells of 0, 1 or 2")
    w, h = puzzle.width, puzzle.height
    if solution is not None:
        flat = [v for row in solution for v in row]
        wrong = [
            [i, FILLED if flat[i] else CROSSED]
            for i, c in enumerate(grid)
            if c != UNKNOWN and (c == FILLED) != bool(flat[i])
        ]
        if wrong:
            n = len(wrong)
            return {
                "kind": "wrong",
                "reason": f"first fix {n} cell{'s' if n > 1 else ''} that "
                f"disagree{'s' if n == 1 else ''} with the solution (marked)",
                "cells": wrong,
            }
    best = None
    for line in range(h + w):
        after = line_deductions(puzzle, grid, line)
        if after is None:
            return {
                "kind": "stuck",
                "line": line,
                "reason": f"{line_name(line, h)}: no placement of its clue fits the cells "
                "as marked",
                "cells": [],
            }
        before = _line(puzzle, grid, line)
        new = [i for i in range(len(before)) if before[i] == UNKNOWN and after[i] != UNKNOWN]
        if new and (best is None or len(new) > len(best[2])):
            best = (line, before, new, after)
    if best is not None:
        line, before, new, after = best
        lengths = [b.length for b in puzzle.lines[line]]
        phrases = explain(lengths, before, after) if lengths else []
        if not lengths:
            phrases = ["its clue is 0, so every cell is empty"]
        return {
            "kind": "line",
            "line": line,
            "reason": f"{line_name(line, h)}: " + "; ".join(phrases),
            "cells": [[_cell_index(puzzle, line, i), after[i]] for i in new],
        }
    if UNKNOWN not in grid:
        return {"kind": "solved", "reason": "every cell is marked", "cells": []}
    if solution is None:
        return {
            "kind": "none",
            "reason": "no single row or column tells more; try a cell and see if it leads "
            "to a contradiction",
            "cells": [],
        }
    flat = [v for row in solution for v in row]
    cell = grid.index(UNKNOWN)
    value = FILLED if flat[cell] else CROSSED
    r, c = divmod(cell, w)
    state = "filled" if value == FILLED else "empty"
    return {
        "kind": "cell",
        "reason": f"no single row or column tells more now (a harder step: trying a cell "
        f"and finding a contradiction); the cell at row {r + 1}, column {c + 1} is {state}",
        "cells": [[cell, value]],
    }
