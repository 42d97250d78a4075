"""The 48 symmetries of the cube, and conjugating cubes and moves by them.

A symmetry is a way of picking the cube up and, perhaps, looking at it in a
mirror: 24 rotations, each with or without a reflection. Each is a
permutation of the 54 sticker places, like a :class:`Cube`'s state.
*Conjugating* a cube ``c`` by a symmetry ``s`` gives ``s⁻¹ · c · s``: the same
position seen from the other side (or in the mirror). A solution of one,
with each move conjugated too, solves the other.

The 16 symmetries that keep the U-D axis where it is (turning it upside down
allowed) map the two-phase solver's subgroup <U, D, R2, F2, L2, B2> to
itself; :data:`UD_SYMMETRIES` lists their indices.

>>> from solvelab.cube import Cube
>>> mirror = SYMMETRIES[MIRROR_LR]
>>> conjugate(Cube().apply("R U"), mirror) == Cube().apply("L' U'")
True
>>> len(symmetries_of(Cube().apply("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2")))
48
"""

from __future__ import annotations

from functools import cache

from solvelab.cube.geometry import STICKERS
from solvelab.cube.notation import Move
from solvelab.cube.state import Cube

Permutation = tuple[int, ...]

_INDEX = {sticker: i for i, sticker in enumerate(STICKERS)}


def _mirror_left_right() -> Permutation:
    """The reflection x -> -x as a sticker permutation (which sticker lands at each place)."""
    places = []
    for position, normal in STICKERS:
        mirrored = ((-position[0], position[1], position[2]), (-normal[0], normal[1], normal[2]))
        places.append(_INDEX[mirrored])
    return tuple(places)


def _make_symmetries() -> tuple[Permutation, ...]:
    rotations = [Cube()]
    generators = [Cube().apply(r) for r in ("x", "y", "z")]
    for rotation in rotations:  # grows while it is read: a closure under the generators
        for g in generators:
            product = rotation * g
            if product not in rotations:
                rotations.append(product)
    mirror = Cube._of(_mirror_left_right())
    return tuple(r._stickers for r in rotations) + tuple((r * mirror)._stickers for r in rotations)


SYMMETRIES: tuple[Permutation, ...] = _make_symmetries()
"""The 48 symmetries: the 24 rotations, then each followed by the left-right mirror."""

MIRROR_LR = 24
"""Index of the plain left-right reflection in :data:`SYMMETRIES`."""

_U_CENTRE, _D_CENTRE, _F_CENTRE, _B_CENTRE = 4, 31, 22, 49

UD_SYMMETRIES: tuple[int, ...] = tuple(
    i for i, s in enumerate(SYMMETRIES) if s[_U_CENTRE] in (_U_CENTRE, _D_CENTRE)
)
"""The 16 symmetries that keep the U-D axis (possibly upside down)."""

UD_FB_SYMMETRIES: tuple[int, ...] = tuple(
    i for i in UD_SYMMETRIES if SYMMETRIES[i][_F_CENTRE] in (_F_CENTRE, _B_CENTRE)
)
"""The 8 of those that keep the F-B axis too, and so how edge flips are counted."""


def conjugate(cube: Cube, symmetry: Permutation) -> Cube:
    """``s⁻¹ · cube · s``: the cube as seen after the symmetry."""
    s = Cube._of(symmetry)
    return s.inverse() * cube * s


@cache
def move_map(index: int) -> tuple[int, ...]:
    """For symmetry ``index``: move ``m`` (numbered as in ``coords.MOVES``) conjugates to this."""
    from solvelab.cube.coords import MOVES

    symmetry = SYMMETRIES[index]
    states = [Cube().apply(move) for move in MOVES]
    return tuple(states.index(conjugate(state, symmetry)) for state in states)


def conjugation_table(moves: list[int], size: int, index: int) -> list[int]:
    """A coordinate's value on ``s⁻¹ · c · s``, by its value on ``c``; ``moves`` is its move table.

    Found by walking the coordinate's values from 0 (the solved cube) by
    quarter turns: if ``c`` becomes ``d`` by move ``m``, the conjugate of
    ``c`` becomes the conjugate of ``d`` by the conjugate of ``m``. This
    holds only for coordinates that conjugation by the symmetry maps onto
    themselves, which is what the symmetry reduction needs anyway.
    """
    from solvelab.cube.coords import N_MOVES

    relabel = move_map(index)
    conjugated = [-1] * size
    conjugated[0] = 0
    frontier = [0]
    while frontier:
        reached = []
        for value in frontier:
            image = conjugated[value]
            for m in range(0, N_MOVES, 3):
                after = moves[value * N_MOVES + m]
                if conjugated[after] < 0:
                    conjugated[after] = moves[image * N_MOVES + relabel[m]]
                    reached.append(after)
        frontier = reached
    return conjugated


@cache
def twist_classes() -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """The corner twists by symmetry class under :data:`UD_FB_SYMMETRIES`.

    Returns the representatives (the least twist of each class), and for
    every twist its class number and the position ``k`` in
    :data:`UD_FB_SYMMETRIES` of a symmetry that conjugates it to its
    representative.
    """
    from solvelab.cube.coords import N_TWIST

    twists = conjugations("twist")
    least = []
    for t in range(N_TWIST):
        images = [conj[t] for conj in twists]
        least.append((min(images), images.index(min(images))))
    representatives = tuple(sorted({rep for rep, _ in least}))
    number = {rep: n for n, rep in enumerate(representatives)}
    return representatives, tuple((number[rep], k) for rep, k in least)


@cache
def conjugations(coordinate: str) -> tuple[list[int], ...]:
    """A coordinate (a name in ``coords.COORDINATES``) conjugated by each of
    :data:`UD_FB_SYMMETRIES`, in that order: ``conjugations(name)[k][value]``.
    """
    from solvelab.cube.coords import COORDINATES

    size, moves = COORDINATES[coordinate]
    return tuple(conjugation_table(moves(), size, i) for i in UD_FB_SYMMETRIES)


def symmetries_of(cube: Cube) -> list[int]:
    """The indices of the symmetries that leave ``cube`` as it is."""
    return [i for i, s in enumerate(SYMMETRIES) if conjugate(cube, s) == cube]


def symmetry_class(cube: Cube) -> str:
    """The symmetry class of a cube, named by its least facelet string over all 48 conjugates.

    Cubes in one class need the same number of moves.
    """
    return min(conjugate(cube, s).to_facelets() for s in SYMMETRIES)


def conjugate_move(move: Move, index: int) -> Move:
    """The move that does to the conjugated cube what ``move`` does to the cube."""
    from solvelab.cube.coords import MOVES

    return MOVES[move_map(index)[MOVES.index(move)]]
