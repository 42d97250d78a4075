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
from collections.abc import Iterable, Mapping
from itertools import permutations

from solvelab.cube.cubie import CORNER_NAMES, EDGE_NAMES, CubieCube
from solvelab.cube.geometry import FACES, sticker_name

SOLVED_FACELETS = "".join(face * 9 for face in FACES)
CENTERS = (4, 13, 22, 31, 40, 49)
_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five"}


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
    """A description of a cube that no real cube matches; the message says why and where.

    ``places`` are the stickers (0..53, facelet order) the problem is about,
    when it is about a few of them, so that a page can mark them.
    """

    def __init__(self, message: str, places: Iterable[int] = ()) -> None:
        super().__init__(message)
        self.places = tuple(places)


def read_stickers(
    text: str,
    *,
    facelets: bool = False,
    names: Mapping[str, str] | None = None,
    unpainted: str | None = None,
) -> CubieCube:
    """Read a sticker string (any six colours) into pieces, checking that it is a real cube.

    With ``facelets=True`` the letters must be Kociemba's ``URFDLB``, each centre
    its own face's letter.
    White space anywhere is ignored, so a net typed row by row also works.
    ``names`` gives the colours' names (e.g. ``{"W": "white", …}``): the
    messages then name colours and pieces as a person holding the cube sees
    them. ``unpainted`` is a character that stands for a sticker not filled
    in yet.

    >>> read_stickers("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB")
    CubieCube(cp=(0, 1, 2, 3, 4, 5, 6, 7), co=(0, 0, 0, 0, 0, 0, 0, 0), \
ep=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), eo=(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    >>> names = {"W": "white", "R": "red", "G": "green", "Y": "yellow", "O": "orange", "B": "blue"}
    >>> read_stickers("W" * 9 + "R" * 8 + "?" + "G" * 9 + "Y" * 9 + "O" * 9 + "B" * 9,
    ...               names=names, unpainted="?")
    Traceback (most recent call last):
    ...
    solvelab.cube.facelets.InvalidCubeError: 1 sticker is not painted yet: R9
    """
    what = "a facelet string" if facelets else "a sticker string"
    if not isinstance(text, str):
        raise TypeError(f"{what} is text (str), not {type(text).__name__}")
    stickers = "".join(text.split())
    if len(stickers) != 54:
        raise InvalidCubeError(f"{what} has 54 stickers, not {len(stickers)}")
    if unpainted is not None:
        blank = [i for i, c in enumerate(stickers) if c == unpainted]
        if blank:
            raise InvalidCubeError(_not_painted(blank), blank)
    if facelets:
        for i, c in enumerate(stickers):
            if c not in FACES:
                raise InvalidCubeError(
                    f"unknown letter {c!r} at {sticker_name(i)}: "
                    "facelet letters are U, R, F, D, L and B",
                    [i],
                )
        # A letter names the face whose centre has the sticker's colour: a centre has
        # its own face's letter. (A sticker string learns its colours from the centres.)
        moved = [i for i, face in zip(CENTERS, FACES, strict=True) if stickers[i] != face]
        if moved:
            listed = _and([f"{sticker_name(i)} is {stickers[i]}" for i in moved])
            raise InvalidCubeError(
                f"{listed}: in a facelet string each centre has its face's letter "
                "(U5 is U, R5 is R, and so on)",
                moved,
            )

    def colour(c: str) -> str:
        if names is not None and c in names:
            return names[c]
        return f"colour {c!r}" if names is not None else repr(c)

    colours = [stickers[i] for i in CENTERS]
    for a in range(6):
        same = [b for b in range(6) if colours[b] == colours[a]]
        if len(same) > 1:
            if names is None:
                faces = [FACES[b] for b in same]
                listed = ", ".join(faces[:-1]) + f" and {faces[-1]}"
                what = f"the {listed} centres are {'both' if len(same) == 2 else 'all'}"
            else:
                count = "all six" if len(same) == 6 else _NUMBERS[len(same)]
                what = f"{count} centres are"
            raise InvalidCubeError(
                f"{what} {colour(colours[a])}: the six centres must have six different colours",
                [CENTERS[b] for b in same],
            )
    face_of = {c: FACES[i] for i, c in enumerate(colours)}
    for i, c in enumerate(stickers):
        if c not in face_of:
            where = [j for j, other in enumerate(stickers) if other == c]
            if names is None:
                message = f"colour {c!r} at {sticker_name(i)} is not on any centre"
            else:
                message = f"{colour(c)} at {sticker_name(i)} is not the colour of any centre"
            raise InvalidCubeError(message, where)
    counts = Counter(stickers)
    wrong = [(c, counts[c]) for c in colours if counts[c] != 9]
    if wrong and names is None:
        c, count = next((c, n) for c, n in counts.items() if n != 9)
        raise InvalidCubeError(f"colour {c!r} appears {count} times; each colour appears 9 times")
    if wrong:
        counted = _and([f"{count} {colour(c)}" for c, count in wrong])
        # The stickers of a colour there are too many of: one of them is misread.
        over = [i for i, c in enumerate(stickers) if counts[c] > 9 and i not in CENTERS]
        raise InvalidCubeError(f"there are {counted} stickers: a cube has 9 of each colour", over)
    faces = "".join(face_of[c] for c in stickers)
    face_colours = {FACES[i]: colour(c) for i, c in enumerate(colours)} if names else None
    cube = _pieces(faces, stickers, face_colours)
    problems = cube.problems_at(face_colours)
    if problems:
        places = [
            place
            for problem in problems
            for places in (
                *(CORNER_FACELETS[i] for i in problem.corners),
                *(EDGE_FACELETS[i] for i in problem.edges),
            )
            for place in places
        ]
        raise InvalidCubeError("; ".join(problem.message for problem in problems), places)
    return cube


def _not_painted(places: list[int]) -> str:
    """``3 stickers are not painted yet: U1, U3 and R2`` (the first few of them)."""
    shown = [sticker_name(i) for i in places[:6]]
    if len(places) > 6:
        shown = [*shown[:5], f"{len(places) - 5} more"]
    if len(places) == 1:
        return f"1 sticker is not painted yet: {shown[0]}"
    return f"{len(places)} stickers are not painted yet: {_and(shown)}"


def _and(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _pieces(faces: str, stickers: str, colours: Mapping[str, str] | None = None) -> CubieCube:
    """Identify every piece; ``stickers`` (the user's colours) are only used in messages.

    With ``colours`` (each face's colour name) the messages say colours, not letters.
    """

    def shown(indices: tuple[int, ...]) -> str:
        if colours:
            return _and([colours[faces[i]] for i in indices])
        return ", ".join(stickers[i] for i in indices)

    def where(kind: str, position: str) -> str:
        if colours:
            return f"the {kind} between the {_and([colours[f] for f in position])} centres has"
        return f"{kind} {position} has colours"

    def piece(name: str) -> str:
        return "-".join(colours[f] for f in name) if colours else name

    def identify(kind: str, places, names, by_faces) -> tuple[list[int], list[int]]:
        """Each place's piece and orientation, for one kind of piece (corner or edge)."""
        pieces, turns, place_of = [], [], {}
        for position, indices in enumerate(places):
            letters = "".join(faces[i] for i in indices)
            name = names[position]
            found = by_faces.get(letters)
            if found is None:
                raise InvalidCubeError(
                    f"{where(kind, name)} {shown(indices)}: " + _why(letters, colours), indices
                )
            piece_index, turn = found
            if piece_index in place_of:
                other = place_of[piece_index]
                if colours:
                    message = (
                        f"two {kind}s are {piece(names[piece_index])}: a cube has one of each piece"
                    )
                else:
                    message = (
                        f"{kind}s {names[other]} and {name} are the same piece "
                        f"({shown(indices)}): each piece appears once"
                    )
                raise InvalidCubeError(message, (*places[other], *indices))
            place_of[piece_index] = position
            pieces.append(piece_index)
            turns.append(turn)
        return pieces, turns

    ways = _centres_moved(faces)
    if ways:
        # Every piece would be real with other centres: they are what is wrong (a person
        # painting a cube rarely gets all its pieces wrong), so say so, not "corner URF".
        def centre(face: str) -> str:
            return colours[face] if colours else stickers[CENTERS[FACES.index(face)]]

        def change(moves: dict[str, str]) -> str:
            if len(moves) == 2:
                return f"the {_and([centre(face) for face in moves])} centres swapped"
            return _and([f"the {centre(face)} centre on {to}" for face, to in moves.items()])

        told = "; or with ".join(change(moves) for moves in ways)
        raise InvalidCubeError(
            f"the pieces are all real ones with {told}: a real cube's centres keep their places",
            sorted({CENTERS[FACES.index(face)] for moves in ways for face in moves}),
        )
    cp, twists = identify("corner", CORNER_FACELETS, CORNER_NAMES, _CORNER_BY_FACES)
    ep, eo = identify("edge", EDGE_FACELETS, EDGE_NAMES, _EDGE_BY_FACES)
    co = [-turn % 3 for turn in twists]
    return CubieCube(tuple(cp), tuple(co), tuple(ep), tuple(eo))


def _centres_moved(faces: str) -> list[dict[str, str]]:
    """When some pieces are not real but all would be with the centres' colours on other
    faces: each way of doing so with the fewest moves, ``{face now: face it belongs
    on}`` (with two opposite centres swapped, any pair of opposite centres swapped
    back makes a real cube, turned over); else ``[]``."""

    def real(faces: str) -> bool:
        return all(
            "".join(faces[i] for i in indices) in by_faces
            for places, by_faces in (
                (CORNER_FACELETS, _CORNER_BY_FACES),
                (EDGE_FACELETS, _EDGE_BY_FACES),
            )
            for indices in places
        )

    if real(faces):
        return []
    found = [
        {face: to for face, to in zip(FACES, order, strict=True) if face != to}
        for order in permutations(FACES)
        if real(faces.translate(str.maketrans(dict(zip(FACES, order, strict=True)))))
    ]
    fewest = min(map(len, found), default=0)
    return [moves for moves in found if len(moves) == fewest]


def _why(letters: str, colours: Mapping[str, str] | None = None) -> str:
    kind = "corner" if len(letters) == 3 else "edge"
    if len(set(letters)) < len(letters):
        if colours:
            return f"a {kind} has {'three' if kind == 'corner' else 'two'} different colours"
        return "no piece has two stickers of one colour"
    for a in letters:
        if _OPPOSITE[a] in letters:
            if colours:
                return (
                    f"{colours[a]} and {colours[_OPPOSITE[a]]} are on opposite sides of a cube, "
                    "so no piece has both"
                )
            return "no piece has the colours of two opposite faces"
    if colours:
        return "a real corner with these colours has them the other way round"
    return "its colours go round the wrong way: it would be a mirror image of a real corner"
