"""Premoves: moves made before the cube, so that solutions can end outside H.

If the moves ``Q`` followed by the cube are solved by ``A B`` (phase 1, then
phase 2), the cube itself is solved by ``A B Q``. The plain two-phase search
only finds solutions whose last moves stay in H; searching the cube with
premoves in front also finds those that end with ``Q``. The first premove
is a quarter turn of R, F, L or B: one in H would just be part of phase 2.

The search tries hundreds of premove sequences on each cube, so the
phase-1 coordinates of ``Q`` followed by the cube are worked out without
building cubies. A cube is held as bytes, one per corner place
(``3 * corner + twist``) and one per edge place (``2 * edge + flip``). For each
sequence ``Q``, a 256-byte table maps such a byte to what phase 1 needs of
the same place in ``Q`` followed by the cube (a twist, a flip, or whether a
middle-layer edge is there and how it is flipped), and ``bytes.translate``
applies it to every place at once; a dictionary turns the result into the
coordinate.

>>> from solvelab.cube import Cube, coords
>>> cube = Cube.random(seed=1)
>>> r_u = sequence((3, 0), tuple(range(18)))  # R then U, before the cube
>>> after = Cube().apply("R U") * cube
>>> r_u.coordinates(*held(cube.cubies), *held(cube.cubies))[:3] == (
...     coords.twist(after.cubies), coords.flip(after.cubies), coords.slice_flips(after.cubies))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations, product

from solvelab.cube import coords
from solvelab.cube.coords import SLICE_EDGES
from solvelab.cube.cubie import CubieCube


def held(cubies: CubieCube) -> tuple[bytes, bytes]:
    """A cube as the bytes the premove tables read: its corners, then its edges."""
    return (
        bytes(3 * p + o for p, o in zip(cubies.cp, cubies.co, strict=True)),
        bytes(2 * p + o for p, o in zip(cubies.ep, cubies.eo, strict=True)),
    )


@dataclass(frozen=True, slots=True)
class PremoveSequence:
    """A sequence of premoves, with the tables that give its phase-1 coordinates.

    ``twist_turned`` and ``flip_turned`` are the tables for the same moves
    seen on the cube turned a quarter about the U-D axis (see
    :func:`sequence`); the search follows that cube too.
    """

    moves: tuple[int, ...]
    cubies: CubieCube
    twist: bytes
    flip: bytes
    slice_flips: bytes
    twist_turned: bytes
    flip_turned: bytes

    def coordinates(
        self, corners: bytes, edges: bytes, turned_corners: bytes, turned_edges: bytes
    ) -> tuple[int, int, int, int, int]:
        """Twist, flip, slice_flips of the premoves followed by the cube, then twist and
        flip of the same for the turned cube (given as :func:`held` bytes)."""
        keys = coordinate_keys()
        return (
            keys.twist[corners.translate(self.twist)],
            keys.flip[edges.translate(self.flip)],
            keys.slice_flips[edges.translate(self.slice_flips)],
            keys.twist[turned_corners.translate(self.twist_turned)],
            keys.flip[turned_edges.translate(self.flip_turned)],
        )


def _orientation_table(orientations: tuple[int, ...], modulus: int) -> bytes:
    """Byte ``modulus * piece + orientation`` of a cube's place -> that place's
    orientation after ``q`` then the cube, for ``q``'s corner twists (modulus 3)
    or edge flips (modulus 2)."""
    table = bytearray(256)
    for p, o in product(range(len(orientations)), range(modulus)):
        table[modulus * p + o] = (orientations[p] + o) % modulus
    return bytes(table)


def _slice_flips_table(q: CubieCube) -> bytes:
    """Byte of an edge place -> 0 if no middle-layer edge lands there, else 1 + its flip."""
    table = bytearray(256)
    for p, o in product(range(12), range(2)):
        if q.ep[p] in SLICE_EDGES:
            table[2 * p + o] = 1 + (q.eo[p] + o) % 2
    return bytes(table)


@dataclass(frozen=True)
class CoordinateKeys:
    twist: dict[bytes, int]
    flip: dict[bytes, int]
    slice_flips: dict[bytes, int]


@cache
def coordinate_keys() -> CoordinateKeys:
    """The translated bytes of every state -> its coordinate (as :mod:`coords` numbers them).

    Built straight from the numbering, without cubies: twist and flip are the
    orientations of all pieces but the last as digits (base 3 and 2, first
    piece first), so the states in :func:`itertools.product` order are
    numbered 0, 1, 2, ...; ``slice_flips`` is ``16 * slice + flips``, where
    flip ``k`` is that of the middle-layer edge in the ``k``-th lowest place.
    """
    twist = {
        bytes((*head, -sum(head) % 3)): i for i, head in enumerate(product(range(3), repeat=7))
    }
    flip = {bytes((*head, sum(head) % 2)): i for i, head in enumerate(product(range(2), repeat=11))}
    # A key is 0 where no middle-layer edge is, else 1 + its flip. For each set
    # of places, a template numbers them 1..4; ``flipping[f]`` makes the key.
    flipping = [bytes([0, *(1 + (f >> k & 1) for k in range(4))]) + bytes(251) for f in range(16)]
    slice_flips = {}
    for places in combinations(range(12), 4):
        base = 16 * coords.slice_of_places(places)
        numbered = bytearray(12)
        for k, place in enumerate(places):
            numbered[place] = 1 + k
        template = bytes(numbered)
        for f, table in enumerate(flipping):
            slice_flips[template.translate(table)] = base + f
    return CoordinateKeys(twist, flip, slice_flips)


def sequence(moves: tuple[int, ...], relabel: tuple[int, ...]) -> PremoveSequence:
    """The premoves ``moves`` (turned first to last), with their tables.

    ``relabel[m]`` is move ``m`` as seen on the cube turned a quarter about
    the U-D axis.
    """
    turns = coords.move_cubies()
    q, turned = CubieCube(), CubieCube()
    for m in moves:
        q, turned = q * turns[m], turned * turns[relabel[m]]
    return PremoveSequence(
        moves,
        q,
        _orientation_table(q.co, 3),
        _orientation_table(q.eo, 2),
        _slice_flips_table(q),
        _orientation_table(turned.co, 3),
        _orientation_table(turned.eo, 2),
    )
