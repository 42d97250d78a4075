"""Counting and listing a line's placements: what the chapter's line demo shows
beside the line solver's answer.

The solver never lists placements (see :mod:`solvelab.nonogram.line`); this is
for teaching, to show what it avoids. Counting is the same dynamic programme as
the line solver's, with numbers in place of yes/no; listing follows it, so every
placement it starts ends in one.

Cells are masks as in the solver: 1 empty, 2 filled, 3 unknown.

>>> count_placements([2, 3], [3] * 7)
3
>>> list(placements([2, 3], [3] * 7))
['##.###.', '##..###', '.##.###']
>>> count_placements([1] * 8, [3] * 40)
13884156
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice


def _ways(lengths: Sequence[int], cells: Sequence[int]) -> list[list[int]]:
    """``ways[j][i]``: the placements of runs ``j`` and after in the cells from ``i``
    on (cell ``i`` free: the run before ended before it, with its gap)."""
    n, k = len(cells), len(lengths)
    ways = [[0] * (n + 2) for _ in range(k + 1)]
    ways[k][n] = ways[k][n + 1] = 1
    for i in range(n - 1, -1, -1):
        ways[k][i] = ways[k][i + 1] if cells[i] & 1 else 0
    for j in range(k - 1, -1, -1):
        length = lengths[j]
        row, after = ways[j], ways[j + 1]
        run = 0  # cells from i on that may be filled, in a row (at most length)
        for i in range(n - 1, -1, -1):
            run = min(run + 1, length) if cells[i] & 2 else 0
            total = row[i + 1] if cells[i] & 1 else 0
            end = i + length
            if run == length and (end == n or cells[end] & 1):
                total += after[end + 1]
            row[i] = total
    return ways


def count_placements(lengths: Sequence[int], cells: Sequence[int]) -> int:
    """How many placements of runs ``lengths`` agree with ``cells``."""
    return _ways(lengths, cells)[0][0]


def placements(lengths: Sequence[int], cells: Sequence[int], limit: int = 8) -> Iterator[str]:
    """The first ``limit`` placements that agree with ``cells``, in order (the runs
    as far left as they go first), as ``#`` filled and ``.`` empty."""
    ways = _ways(lengths, cells)
    n, k = len(cells), len(lengths)

    def extend(j: int, i: int, line: str) -> Iterator[str]:
        if j == k:
            yield line + "." * (n - i)
            return
        length = lengths[j]
        for start in range(i, n - length + 1):
            if start > i and not cells[start - 1] & 1:
                return  # a filled cell left behind
            end = start + length
            fits = all(cells[c] & 2 for c in range(start, end)) and (end == n or cells[end] & 1)
            if fits and ways[j + 1][end + 1]:  # and the runs after it fit too
                gap = "." if end < n else ""
                yield from extend(j + 1, end + 1, line + "." * (start - i) + "#" * length + gap)

    if ways[0][0]:
        yield from islice(extend(0, 0, ""), limit)
