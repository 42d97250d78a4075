"""Counting and listing a line's placements: what the chapter's line demo shows
beside the line solver's answer.

The solver never lists placements (see :mod:`solvelab.nonogram.line`); this is
for teaching, to show what it avoids. Counting is the same dynamic programme as
the line solver's, with numbers in place of yes/no; listing follows it, so every
placement it starts ends in one.

A clue is ``(length, colour)`` pairs and cells are masks, as in the solver (bit 0
the background, bit ``c`` colour ``c``); runs of different colours may touch. A
placement is a string of colour indices, one digit a cell (``0`` background).

>>> count_placements([(2, 1), (3, 1)], [3] * 7)
3
>>> list(placements([(2, 1), (3, 1)], [3] * 7))
['1101110', '1100111', '0110111']
>>> list(placements([(1, 1), (1, 2)], [7] * 3))
['120', '102', '012']
>>> count_placements([(1, 1)] * 8, [3] * 40)
13884156
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice


def _ways(blocks: Sequence[tuple[int, int]], cells: Sequence[int]) -> list[list[int]]:
    """``ways[j][i]``: the placements of runs ``j`` and after in the cells from ``i``
    on (cell ``i`` free: the run before, if of the same colour, ended before it with
    its gap)."""
    n, k = len(cells), len(blocks)
    ways = [[0] * (n + 1) for _ in range(k + 1)]
    ways[k][n] = 1
    for i in range(n - 1, -1, -1):
        ways[k][i] = ways[k][i + 1] if cells[i] & 1 else 0
    for j in range(k - 1, -1, -1):
        length, colour = blocks[j]
        bit = 1 << colour
        row = ways[j]
        run = 0  # cells from i on that may have the colour, in a row (at most length)
        for i in range(n - 1, -1, -1):
            run = min(run + 1, length) if cells[i] & bit else 0
            total = row[i + 1] if cells[i] & 1 else 0
            if run == length:
                total += _after(ways, blocks, cells, j, i + length)
            row[i] = total
    return ways


def _after(ways, blocks, cells, j: int, end: int) -> int:
    """The placements of the runs after run ``j``, which ends before cell ``end``."""
    if j + 1 == len(blocks) or blocks[j + 1][1] != blocks[j][1]:
        return ways[j + 1][end]  # the next run may touch it
    if end < len(cells) and cells[end] & 1:
        return ways[j + 1][end + 1]  # a background cell between
    return 0


def count_placements(blocks: Sequence[tuple[int, int]], cells: Sequence[int]) -> int:
    """How many placements of the clue ``blocks`` agree with ``cells``."""
    return _ways(blocks, cells)[0][0]


def placements(
    blocks: Sequence[tuple[int, int]], cells: Sequence[int], limit: int = 8
) -> Iterator[str]:
    """The first ``limit`` placements that agree with ``cells``, in order (the runs
    as far left as they go first)."""
    ways = _ways(blocks, cells)
    n, k = len(cells), len(blocks)

    def extend(j: int, i: int, line: str) -> Iterator[str]:
        if j == k:
            yield line + "0" * (n - i)
            return
        length, colour = blocks[j]
        bit = 1 << colour
        for start in range(i, n - length + 1):
            if start > i and not cells[start - 1] & 1:
                return  # a cell left behind that cannot be background
            end = start + length
            fits = all(cells[c] & bit for c in range(start, end))
            if fits and _after(ways, blocks, cells, j, end):  # and the runs after it fit too
                placed = line + "0" * (start - i) + str(colour) * length
                gap = j + 1 < k and blocks[j + 1][1] == colour
                yield from extend(j + 1, end + gap, placed + "0" * gap)

    if ways[0][0]:
        yield from islice(extend(0, 0, ""), limit)
