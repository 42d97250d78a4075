"""The unfolded cube as text, optionally in colour for a terminal.

::

          U U U
          U U U
          U U U
    L L L F F F R R R B B B
    L L L F F F R R R B B B
    L L L F F F R R R B B B
          D D D
          D D D
          D D D
"""

from __future__ import annotations

from solvelab.cube.geometry import FACES

# 256-colour terminal backgrounds for the usual scheme: U white, R red,
# F green, D yellow, L orange, B blue.
_BACKGROUND = {"U": 231, "R": 160, "F": 34, "D": 226, "L": 208, "B": 27}
_RESET = "\x1b[0m"


# Where each face's top-left sticker sits in the net, as (column, row) of a
# 12 x 9 grid of sticker cells.
NET_ORIGINS = {"U": (3, 0), "L": (0, 3), "F": (3, 3), "R": (6, 3), "B": (9, 3), "D": (3, 6)}
NET_SIZE = (12, 9)


def net_places() -> list[tuple[int, int]]:
    """The (column, row) cell of each of the 54 sticker places in the net, in facelet order.

    >>> net_places()[:4]
    [(3, 0), (4, 0), (5, 0), (3, 1)]
    """
    places = []
    for face in FACES:
        column, row = NET_ORIGINS[face]
        places += [(column + i % 3, row + i // 3) for i in range(9)]
    return places


def net(stickers: str, *, colour: bool = False) -> str:
    """Lay out 54 stickers (facelet order, letters ``URFDLB``) as a net.

    With ``colour=True`` each sticker is drawn as a coloured block for a terminal.
    """
    columns, rows = NET_SIZE
    grid = [[""] * columns for _ in range(rows)]
    for letter, (column, row) in zip(stickers, net_places(), strict=True):
        grid[row][column] = letter

    def cell(c: str) -> str:
        if colour:
            return f"\x1b[30;48;5;{_BACKGROUND.get(c, 244)}m {c} {_RESET}" if c else "   "
        return c or " "

    gap = "" if colour else " "
    return "\n".join(gap.join(map(cell, line)).rstrip() for line in grid)
