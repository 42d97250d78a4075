"""Where the 54 stickers sit in space, and how every move permutes them.

This module is the one definition of the cube's moves. Everything else (the
facelet string, the cubie model, the web page's animation data) is derived
from the sticker permutations computed here.

Axes: ``x`` points to the R face, ``y`` to U and ``z`` to F. A piece sits at
integer coordinates in {-1, 0, 1}^3 and each sticker is identified by the
position of its piece and the outward normal of the face it lies on.

Stickers are numbered in Kociemba's order: faces U, R, F, D, L, B, each read
row by row as you look straight at it, with U seen from above with F at the
bottom, D seen from below with F at the top, and the four side faces seen
with U at the top. So sticker 0 is U1 (the back-left corner of U), 4 is the
U centre and 53 is B9.
"""

from __future__ import annotations

from functools import cache

Vector = tuple[int, int, int]

FACES = "URFDLB"

# For each face: its outward normal, then the directions of "right" (along a
# row) and "down" (from one row to the next) as seen looking at that face.
_FACE_FRAMES: dict[str, tuple[Vector, Vector, Vector]] = {
    "U": ((0, 1, 0), (1, 0, 0), (0, 0, 1)),
    "R": ((1, 0, 0), (0, 0, -1), (0, -1, 0)),
    "F": ((0, 0, 1), (1, 0, 0), (0, -1, 0)),
    "D": ((0, -1, 0), (1, 0, 0), (0, 0, -1)),
    "L": ((-1, 0, 0), (0, 0, 1), (0, -1, 0)),
    "B": ((0, 0, -1), (-1, 0, 0), (0, -1, 0)),
}

AXES: dict[str, Vector] = {face: frame[0] for face, frame in _FACE_FRAMES.items()}


def _add(*vectors: Vector) -> Vector:
    return (
        sum(v[0] for v in vectors),
        sum(v[1] for v in vectors),
        sum(v[2] for v in vectors),
    )


def _scale(k: int, v: Vector) -> Vector:
    return (k * v[0], k * v[1], k * v[2])


def _dot(a: Vector, b: Vector) -> int:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Vector, b: Vector) -> Vector:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def quarter_turn(v: Vector, axis: Vector) -> Vector:
    """Turn ``v`` a quarter clockwise about ``axis``, as seen looking from ``axis``."""
    # Rodrigues' formula for an angle of -90 degrees, in integers.
    return _add(_scale(-1, _cross(axis, v)), _scale(_dot(axis, v), axis))


def _make_stickers() -> tuple[tuple[Vector, Vector], ...]:
    stickers = []
    for face in FACES:
        normal, right, down = _FACE_FRAMES[face]
        for row in range(3):
            for col in range(3):
                position = _add(normal, _scale(col - 1, right), _scale(row - 1, down))
                stickers.append((position, normal))
    return tuple(stickers)


STICKERS: tuple[tuple[Vector, Vector], ...] = _make_stickers()
"""``STICKERS[i]`` is ``(piece position, outward normal)`` of sticker ``i``."""

_STICKER_INDEX = {sticker: i for i, sticker in enumerate(STICKERS)}


def sticker_name(index: int) -> str:
    """The usual name of a sticker: ``sticker_name(0) == "U1"``, ``sticker_name(53) == "B9"``."""
    return f"{FACES[index // 9]}{index % 9 + 1}"


# Every atomic move: the axis it turns about (clockwise seen from there) and
# the layers it turns, as values of ``position . axis``.
_OUTER, _WIDE, _MIDDLE, _ALL = (1,), (0, 1), (0,), (-1, 0, 1)

MOVE_AXES: dict[str, tuple[Vector, tuple[int, ...]]] = {
    **{face: (AXES[face], _OUTER) for face in FACES},
    **{face + "w": (AXES[face], _WIDE) for face in FACES},
    "M": (AXES["L"], _MIDDLE),
    "E": (AXES["D"], _MIDDLE),
    "S": (AXES["F"], _MIDDLE),
    "x": (AXES["R"], _ALL),
    "y": (AXES["U"], _ALL),
    "z": (AXES["F"], _ALL),
}
"""Move name -> (axis, layers). ``M`` turns like ``L``, ``E`` like ``D``, ``S`` like ``F``."""


@cache
def move_permutation(name: str, turns: int = 1) -> tuple[int, ...]:
    """The sticker permutation of a move, turned ``turns`` quarter turns clockwise.

    The result ``p`` says where each sticker comes from: after the move, the
    sticker at index ``i`` is the one that was at ``p[i]`` before it.

    >>> p = move_permutation("U")
    >>> p[18]  # F1 receives the sticker that was at R1
    9
    """
    axis, layers = MOVE_AXES[name]
    source = list(range(54))
    for _ in range(turns % 4):
        turned = list(source)
        for i, (position, normal) in enumerate(STICKERS):
            if _dot(position, axis) in layers:
                j = _STICKER_INDEX[(quarter_turn(position, axis), quarter_turn(normal, axis))]
                turned[j] = source[i]
        source = turned
    return tuple(source)
