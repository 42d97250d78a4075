"""Following a few stickers through moves, fast: the CFOP solver's search state.

The cube model (:class:`~solvelab.cube.Cube`) turns all 54 stickers. The
cross and F2L searches only care where a handful of pieces are, so they
follow one sticker of each piece: a *place* is a sticker position 0..53
(Kociemba's facelet order), and a move maps every place to the place its
sticker goes to. A piece's place says both where it is and how it is turned.

Face turns are numbered ``3 * face + turns - 1`` with faces ``U R F D L B``
(0 is U, 1 is U2, 2 is U', 3 is R, ... 17 is B'), as in
:mod:`solvelab.cube.coords`; an algorithm of face turns is a tuple of them.

>>> moves = face_turns("R U R'")
>>> moves
(3, 0, 5)
>>> text(moves)
"R U R'"
>>> after(moves)[DFR_PLACE] == DFR_PLACE  # the DFR corner left its place
False
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from solvelab.cube.geometry import FACES, move_permutation
from solvelab.cube.notation import Algorithm, Move, parse_alg

Moves = tuple[int, ...]

MOVE_NAMES: tuple[str, ...] = tuple(face + suffix for face in FACES for suffix in ("", "2", "'"))
_MOVE_OF_NAME = {name: i for i, name in enumerate(MOVE_NAMES)}

# Where a sticker at each place goes under each face turn.
_DESTINATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(source.index(place) for place in range(54))
    for face in FACES
    for turns in (1, 2, 3)
    for source in (move_permutation(face, turns),)
)

IDENTITY: tuple[int, ...] = tuple(range(54))
DFR_PLACE = 29  # D3: the D sticker of the DFR corner


def destinations(move: int) -> tuple[int, ...]:
    """For each place, where the sticker there goes under face turn ``move``."""
    return _DESTINATIONS[move]


@cache
def after(moves: Moves) -> tuple[int, ...]:
    """For each place, where the sticker there goes under the whole of ``moves``."""
    result = list(IDENTITY)
    for move in moves:
        step = _DESTINATIONS[move]
        result = [step[p] for p in result]
    return tuple(result)


def follow(places: Iterable[int], moves: Moves) -> tuple[int, ...]:
    """Where the stickers at ``places`` go under ``moves``: :func:`after` for a few places."""
    found = []
    for place in places:
        for move in moves:
            place = _DESTINATIONS[move][place]
        found.append(place)
    return tuple(found)


def face_turns(alg: str | Algorithm | Iterable[Move]) -> Moves:
    """An algorithm of face turns (U R F D L B only) as move numbers.

    Raises ``ValueError`` for wide turns, slices or rotations.
    """
    if isinstance(alg, str):
        alg = parse_alg(alg)
    numbers = []
    for move in alg:
        name = str(move)
        if name not in _MOVE_OF_NAME:
            raise ValueError(f"{name} is not a face turn")
        numbers.append(_MOVE_OF_NAME[name])
    return tuple(numbers)


def text(moves: Sequence[int]) -> str:
    """Move numbers back as notation."""
    return " ".join(MOVE_NAMES[m] for m in moves)


def join(first: Moves, second: Moves) -> Moves:
    """``first`` then ``second``, with turns of one face at the seam merged or cancelled."""
    out = list(first)
    for move in second:
        if out and out[-1] // 3 == move // 3:
            face = move // 3
            turns = (out[-1] % 3 + 1 + move % 3 + 1) % 4
            out.pop()
            if turns:
                out.append(3 * face + turns - 1)
        else:
            out.append(move)
    return tuple(out)


def saving(first: Moves, second: Moves) -> int:
    """How many face turns :func:`join` saves over writing both out."""
    if not first or not second or first[-1] // 3 != second[0] // 3:
        return 0  # nothing to merge at the seam
    return _saving(first[-4:], second[:5])


@cache
def _saving(tail: Moves, head: Moves) -> int:
    return len(tail) + len(head) - len(join(tail, head))


def inverse(moves: Moves) -> Moves:
    """The move numbers that undo ``moves``."""
    return tuple(3 * (m // 3) + 2 - m % 3 for m in reversed(moves))


def relabelled(moves: Moves, faces: dict[str, str]) -> Moves:
    """``moves`` with each face renamed by ``faces`` (faces not named keep their name)."""
    return tuple(3 * FACES.index(faces.get(FACES[m // 3], FACES[m // 3])) + m % 3 for m in moves)
