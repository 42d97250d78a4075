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


def net(stickers: str, *, colour: bool = False) -> str:
    """Lay out 54 stickers (facelet order, letters ``URFDLB``) as a net.

    With ``colour=True`` each sticker is drawn as a coloured block for a terminal.
    """
    faces = {face: stickers[9 * i : 9 * i + 9] for i, face in enumerate(FACES)}

    def row(face: str, r: int) -> str:
        cells = faces[face][3 * r : 3 * r + 3]
        if colour:
            return "".join(f"\x1b[30;48;5;{_BACKGROUND.get(c, 244)}m {c} {_RESET}" for c in cells)
        return " ".join(cells)

    pad = " " * (9 if colour else 6)
    gap = "" if colour else " "
    lines = [pad + row("U", r) for r in range(3)]
    lines += [gap.join(row(face, r) for face in "LFRB") for r in range(3)]
    lines += [pad + row("D", r) for r in range(3)]
    return "\n".join(line.rstrip() for line in lines)
