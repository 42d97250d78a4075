"""The 54-sticker description of a cube, and its conversion to pieces.

A *facelet string* is Kociemba's format, the one RubikTwoPhase and min2phase
read: 54 letters, faces in the order U R F D L B, each face row by row (see
:mod:`solvelab.cube.geometry` for which way each face is read), each letter
naming the face whose centre has that sticker's colour. The solved cube is
``"U"*9 + "R"*9 + "F"*9 + "D"*9 + "L"*9 + "B"*9``.

A *sticker string* is the same with any six distinct characters for the
colours, e.g. ``W R G Y O B``; the centre of each face says which colour
belongs to that face.

:func:`read_stickers` checks everything a person can get wrong when copying
a real cube and raises :class:`InvalidCubeError` saying what and where.
"""

from __future__ import annotations

from collections import Counter

from solvelab.cube.cubie import CORNER_NAMES, EDGE_NAMES, CubieCube
from solvelab.cube.geometry import FACES, sticker_name

SOLVED_FACELETS = "".join(face * 9 for face in FACES)
CENTERS = (4, 13, 22, 31, 40, 49)


def _index(name: str) -> int:
    return FACES.index(name[0]) * 9 + int(name[1]) - 1


# The stickers of each corner position, starting with its U or D sticker and
# going clockwise as seen from outside the corner.
CORNER_FACELETS: tuple[tuple[int, int, int], ...] = tuple(
    tuple(_index(n) for n in names.split())  # type: ignore[misc]
    for names in (
        "U9 R1 F3",
        "U7 F1 L3",
        "U1 L1 B3",
        "U3 B1 R3",
        "D3 F9 R7",
        "D1 L9 F7",
        "D7 B9 L7",
        "D9 R9 B7",
    )
)

# The stickers of each edge position, its U/D (or, for the middle layer, its
# F/B) sticker first.
EDGE_FACELETS: tuple[tuple[int, int], ...] = tuple(
    tuple(_index(n) for n in names.split())  # type: ignore[misc]
    for names in (
        "U6 R2",
        "U8 F2",
        "U4 L2",
        "U2 B2",
        "D6 R8",
        "D2 F8",
        "D4 L8",
        "D8 B8",
        "F6 R4",
        "F4 L6",
        "B6 L4",
        "B4 R6",
    )
)

# Which piece a set of face letters names, and in which rotation.
_CORNER_BY_FACES = {
    "".join(name[(k + t) % 3] for k in range(3)): (piece, t)
    for piece, name in enumerate(CORNER_NAMES)
    for t in range(3)
}
_EDGE_BY_FACES = {
    "".join(name[(k + t) % 2] for k in range(2)): (piece, t)
    for piece, name in enumerate(EDGE_NAMES)
    for t in range(2)
}
_OPPOSITE = {"U": "D", "D": "U", "R": "L", "L": "R", "F": "B", "B": "F"}


class InvalidCubeError(ValueError):
    """A description of a cube that no real cube matches; the message says why and where."""


def read_stickers(text: str, *, facelets: bool = False) -> CubieCube:
    """Read a sticker string (any six colours) into pieces, checking that it is a real cube.

    With ``facelets=True`` the letters must be Kociemba's ``URFDLB``.
    White space anywhere is ignored, so a net typed row by row also works.

    >>> read_stickers("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB")
    CubieCube(cp=(0, 1, 2, 3, 4, 5, 6, 7), co=(0, 0, 0, 0, 0, 0, 0, 0), \
ep=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), eo=(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    """
    stickers = "".join(text.split())
    what = "a facelet string" if facelets else "a sticker string"
    if len(stickers) != 54:
        raise InvalidCubeError(f"{what} has 54 stickers, not {len(stickers)}")
    if facelets:
        for i, c in enumerate(stickers):
            if c not in FACES:
                raise InvalidCubeError(
                    f"unknown letter {c!r} at {sticker_name(i)}: "
                    "facelet letters are U, R, F, D, L and B"
                )
    colours = [stickers[i] for i in CENTERS]
    for a in range(6):
        for b in range(a + 1, 6):
            if colours[a] == colours[b]:
                raise InvalidCubeError(
                    f"the {FACES[a]} and {FACES[b]} centres are both {colours[a]!r}: "
                    "the six centres must have six different colours"
                )
    face_of = {colour: FACES[i] for i, colour in enumerate(colours)}
    for i, c in enumerate(stickers):
        if c not in face_of:
            raise InvalidCubeError(f"colour {c!r} at {sticker_name(i)} is not on any centre")
    for colour, count in Counter(stickers).items():
        if count != 9:
            raise InvalidCubeError(
                f"colour {colour!r} appears {count} times; each colour appears 9 times"
            )
    faces = "".join(face_of[c] for c in stickers)
    cube = _pieces(faces, stickers)
    problems = cube.problems()
    if problems:
        raise InvalidCubeError("; ".join(problems))
    return cube


def _pieces(faces: str, stickers: str) -> CubieCube:
    """Identify every piece; ``stickers`` (the user's colours) are only used in messages."""

    def shown(indices: tuple[int, ...]) -> str:
        return ", ".join(stickers[i] for i in indices)

    cp, co, where_corner = [], [], {}
    for position, indices in enumerate(CORNER_FACELETS):
        letters = "".join(faces[i] for i in indices)
        name = CORNER_NAMES[position]
        found = _CORNER_BY_FACES.get(letters)
        if found is None:
            raise InvalidCubeError(f"corner {name} has colours {shown(indices)}: " + _why(letters))
        piece, turn = found
        if piece in where_corner:
            raise InvalidCubeError(
                f"corners {CORNER_NAMES[where_corner[piece]]} and {name} are the same piece "
                f"({shown(indices)}): each piece appears once"
            )
        where_corner[piece] = position
        cp.append(piece)
        co.append(-turn % 3)
    ep, eo, where_edge = [], [], {}
    for position, indices in enumerate(EDGE_FACELETS):
        letters = "".join(faces[i] for i in indices)
        name = EDGE_NAMES[position]
        found = _EDGE_BY_FACES.get(letters)
        if found is None:
            raise InvalidCubeError(f"edge {name} has colours {shown(indices)}: " + _why(letters))
        piece, flip = found
        if piece in where_edge:
            raise InvalidCubeError(
                f"edges {EDGE_NAMES[where_edge[piece]]} and {name} are the same piece "
                f"({shown(indices)}): each piece appears once"
            )
        where_edge[piece] = position
        ep.append(piece)
        eo.append(flip)
    return CubieCube(tuple(cp), tuple(co), tuple(ep), tuple(eo))


def _why(letters: str) -> str:
    if len(set(letters)) < len(letters):
        return "no piece has two stickers of one colour"
    for a in letters:
        if _OPPOSITE[a] in letters:
            return "no piece has the colours of two opposite faces"
    return "its colours go round the wrong way: it would be a mirror image of a real corner"


def facelets_of(cube: CubieCube) -> str:
    """The facelet string of a cube given by its pieces (with the centres in place)."""
    out = list(SOLVED_FACELETS)
    for position, indices in enumerate(CORNER_FACELETS):
        piece_faces = CORNER_NAMES[cube.cp[position]]
        for k in range(3):
            out[indices[(k + cube.co[position]) % 3]] = piece_faces[k]
    for position, indices in enumerate(EDGE_FACELETS):
        piece_faces = EDGE_NAMES[cube.ep[position]]
        for k in range(2):
            out[indices[(k + cube.eo[position]) % 2]] = piece_faces[k]
    return "".join(out)
