"""Coordinates: parts of a cube's state as small integers, and move tables for them.

The two-phase solver never turns a whole cube. It turns *coordinates*: each
one numbers the possible states of some part of the cube, and a move table
says, for every number and every move, which number the move leads to.

Phase 1 (any cube -> the subgroup <U, D, R2, F2, L2, B2>):

- ``twist``: the corner twists, 3**7 = 2187 values (the eighth is implied);
- ``flip``: the edge flips, 2**11 = 2048 values;
- ``slice``: which 4 of the 12 edge places hold the middle-layer edges FR,
  FL, BL, BR, C(12, 4) = 495 values, 0 when they are in the middle layer;
- ``slice_flips``: ``slice`` and the flips of those four edges (as bits,
  lowest place first), 495 * 16 = 7920 values.

Phase 2 (inside the subgroup -> solved):

- ``corners``: the corner permutation, 8! = 40320 values;
- ``ud_edges``: the permutation of the 8 U- and D-layer edges, 8! values;
- ``slice_perm``: the order of the 4 middle-layer edges, 4! = 24 values;
- ``corner_comb`` and ``edge_comb``: which 4 of the 8 corner (or U/D edge)
  places hold U-layer pieces, C(8, 4) = 70 values, 0 when they are in U.
  Both follow from ``corners`` and ``ud_edges`` (:func:`comb_of_perm8`).

``slice`` and ``slice_perm`` are tracked together as ``slice_sorted`` =
``slice * 24 + slice_perm`` (11880 values). The same numbering of "where are
these four edges, in which order" gives ``u_edges`` and ``d_edges`` for the
four U-layer and the four D-layer edges, which phase 1 carries along so that
``ud_edges`` is known the moment it reaches the subgroup
(:func:`ud_edges_of_u_d`). All three share one move table.

Moves are numbered ``3 * face + turns - 1`` with faces in the order
U R F D L B: 0 is U, 1 is U2, 2 is U', 3 is R, ... 17 is B'.

Every table here is computed in pure Python in well under a second: each
coordinate value is the position of a tuple in a list of all the tuples, so
a move is a tuple operation and a dictionary look-up.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, permutations, product
from operator import itemgetter

from solvelab.cube.cubie import CubieCube
from solvelab.cube.geometry import FACES
from solvelab.cube.notation import Move

N_MOVES = 18
N_TWIST = 2187
N_FLIP = 2048
N_SLICE = 495
N_SLICE_PERM = 24
N_SLICE_SORTED = N_SLICE * N_SLICE_PERM
N_SLICE_FLIPS = N_SLICE * 16
N_PERM8 = 40320
N_COMB8 = 70

MOVES: tuple[Move, ...] = tuple(Move(face, turns) for face in FACES for turns in (1, 2, 3))
PHASE2_MOVES: tuple[int, ...] = (0, 1, 2, 9, 10, 11, 4, 7, 13, 16)
"""U, U2, U', D, D2, D', R2, F2, L2, B2: the moves that keep a cube in phase 2's subgroup."""

SLICE_EDGES = (8, 9, 10, 11)  # FR, FL, BL, BR

# The orders in which coordinate values are numbered.
# Each set of four places, in increasing order, with the middle layer's first.
_COMBINATIONS = tuple(tuple(sorted(c)) for c in combinations(range(11, -1, -1), 4))
_PERM4 = tuple(permutations(range(4)))
_COMBINATION_INDEX = {frozenset(c): i for i, c in enumerate(_COMBINATIONS)}
_COMB8_INDEX = {
    frozenset(c): i
    for i, c in enumerate(sorted(combinations(range(8), 4), key=lambda c: c != (0, 1, 2, 3)))
}
_PERM4_INDEX = {p: i for i, p in enumerate(_PERM4)}


@cache
def perm8_index() -> dict[tuple[int, ...], int]:
    """Each permutation of 8 pieces -> its number (:func:`perm8_number`), in that
    order; for building tables, made on first use."""
    return {p: i for i, p in enumerate(permutations(range(8)))}


def perm8_number(perm: tuple[int, ...] | list[int]) -> int:
    """The number of a permutation of 0..7 in lexicographic order (its Lehmer code).

    >>> perm8_number((0, 1, 2, 3, 4, 5, 6, 7)), perm8_number((7, 6, 5, 4, 3, 2, 1, 0))
    (0, 40319)
    """
    number, used = 0, 0
    for i in range(7):
        piece = perm[i]
        # Pieces smaller than this one and not yet used: its digit in base 8 - i.
        number = number * (8 - i) + piece - (used & ((1 << piece) - 1)).bit_count()
        used |= 1 << piece
    return number


def twist(cube: CubieCube) -> int:
    value = 0
    for o in cube.co[:7]:
        value = 3 * value + o
    return value


def flip(cube: CubieCube) -> int:
    value = 0
    for o in cube.eo[:11]:
        value = 2 * value + o
    return value


def _slice_sorted_of_places(places: tuple[int, ...]) -> int:
    """``places[k]`` is where the k-th middle-layer edge (FR, FL, BL, BR) is."""
    chosen = sorted(places)
    order = tuple(chosen.index(p) for p in places)
    return _COMBINATION_INDEX[frozenset(places)] * 24 + _PERM4_INDEX[order]


def slice_of_places(places: tuple[int, ...]) -> int:
    """The ``slice`` coordinate of the middle-layer edges at these four places (any order)."""
    return _COMBINATION_INDEX[frozenset(places)]


def slice_sorted(cube: CubieCube) -> int:
    return _slice_sorted_of_places(tuple(cube.ep.index(e) for e in SLICE_EDGES))


def slice_flips(cube: CubieCube) -> int:
    slice_ = slice_sorted(cube) // N_SLICE_PERM
    return slice_ * 16 + sum(cube.eo[p] << k for k, p in enumerate(_COMBINATIONS[slice_]))


def corners(cube: CubieCube) -> int:
    return perm8_number(cube.cp)


def ud_edges(cube: CubieCube) -> int:
    """Only meaningful in phase 2's subgroup, where the first 8 edge places hold U/D edges."""
    return perm8_number(cube.ep[:8])


@cache
def move_cubies() -> tuple[CubieCube, ...]:
    """The 18 moves as cubie cubes (from the sticker model: moves are defined once)."""
    from solvelab.cube.state import Cube

    return tuple(Cube().apply(move).cubies for move in MOVES)


def _from_quarter_turns(n: int, quarter_turn) -> list[int]:
    """A move table (n values x 18 moves) from a function giving each face's quarter turn."""
    table = [0] * (n * N_MOVES)
    for face in range(6):
        q = quarter_turn(face)
        half = [q[x] for x in q]
        prime = [q[x] for x in half]
        table[3 * face :: N_MOVES] = q
        table[3 * face + 1 :: N_MOVES] = half
        table[3 * face + 2 :: N_MOVES] = prime
    return table


def _orientation_moves(pieces: int, modulus: int, corners: bool) -> list[int]:
    """The move table of twist (corners) or flip (edges): orientations of all but the last
    piece, in base ``modulus``, the last one following from the others."""
    states = [
        (*digits, -sum(digits) % modulus) for digits in product(range(modulus), repeat=pieces - 1)
    ]
    index = {s: i for i, s in enumerate(states)}

    def quarter(face: int) -> list[int]:
        m = move_cubies()[3 * face]
        perm, change = (m.cp, m.co) if corners else (m.ep, m.eo)
        pairs = list(zip(perm, change, strict=True))
        return [index[tuple((s[j] + o) % modulus for j, o in pairs)] for s in states]

    return _from_quarter_turns(len(states), quarter)


@cache
def twist_moves() -> list[int]:
    return _orientation_moves(8, 3, corners=True)


@cache
def flip_moves() -> list[int]:
    return _orientation_moves(12, 2, corners=False)


def u_edges(cube: CubieCube) -> int:
    return _slice_sorted_of_places(tuple(cube.ep.index(e) for e in (0, 1, 2, 3)))


def d_edges(cube: CubieCube) -> int:
    return _slice_sorted_of_places(tuple(cube.ep.index(e) for e in (4, 5, 6, 7)))


@cache
def edge_places() -> list[tuple[int, ...]]:
    """For each value of slice_sorted (or u_edges, d_edges): the places of the four edges."""
    return [
        tuple(combination[k] for k in order) for combination in _COMBINATIONS for order in _PERM4
    ]


def ud_edges_of_u_d(u: int, d: int) -> int:
    """``ud_edges`` of a cube in phase 2's subgroup, from its ``u_edges`` and ``d_edges``."""
    places = edge_places()
    perm = [0] * 8
    for piece, place in enumerate(places[u]):
        perm[place] = piece
    for piece, place in enumerate(places[d]):
        perm[place] = 4 + piece
    return perm8_number(perm)


@cache
def edge_comb_of_u_edges() -> list[int]:
    """``edge_comb`` from ``u_edges`` (-1 where the U edges are not all in the U/D layers)."""
    return [
        _COMB8_INDEX.get(frozenset(places), -1) if max(places) < 8 else -1
        for places in edge_places()
    ]


@cache
def slice_sorted_moves() -> list[int]:
    """The move table of ``slice_sorted``, and as well of ``u_edges`` and ``d_edges``."""
    states = edge_places()
    assert all(_slice_sorted_of_places(s) == i for i, s in enumerate(states))
    index = {s: i for i, s in enumerate(states)}

    def quarter(face: int) -> list[int]:
        # An edge at place p goes to the place q with ep[q] == p.
        goes_to = _inverse(move_cubies()[3 * face].ep).__getitem__
        return [index[tuple(map(goes_to, s))] for s in states]

    return _from_quarter_turns(N_SLICE_SORTED, quarter)


@cache
def corners_moves() -> list[int]:
    def quarter(face: int) -> list[int]:
        turn = itemgetter(*move_cubies()[3 * face].cp)
        index = perm8_index()
        return [index[turn(p)] for p in index]

    return _from_quarter_turns(N_PERM8, quarter)


@cache
def ud_edges_moves() -> list[int]:
    """Phase 2 moves only; the entries of the other moves are 0 and never read."""
    table = [0] * (N_PERM8 * N_MOVES)
    for m in PHASE2_MOVES:
        turn = itemgetter(*move_cubies()[m].ep[:8])
        index = perm8_index()
        table[m::N_MOVES] = [index[turn(p)] for p in index]
    return table


def _inverse(perm: tuple[int, ...]) -> tuple[int, ...]:
    inverse = [0] * len(perm)
    for i, p in enumerate(perm):
        inverse[p] = i
    return tuple(inverse)


@cache
def slice_moves() -> list[int]:
    """Phase 1's ``slice`` coordinate (``slice_sorted // 24``) under the 18 moves."""
    table = slice_sorted_moves()
    return [table[s * 24 * N_MOVES + m] // 24 for s in range(N_SLICE) for m in range(N_MOVES)]


@cache
def slice_flips_moves() -> list[int]:
    def quarter(face: int) -> list[int]:
        turn = move_cubies()[3 * face]
        goes_to = _inverse(turn.ep)
        table = []
        for places in _COMBINATIONS:
            moved = [goes_to[p] for p in places]
            order = sorted(moved)
            base = _COMBINATION_INDEX[frozenset(moved)] * 16
            for bits in range(16):
                flips = 0
                for k, p in enumerate(moved):
                    flips |= ((bits >> k & 1) ^ turn.eo[p]) << order.index(p)
                table.append(base + flips)
        return table

    return _from_quarter_turns(N_SLICE_FLIPS, quarter)


@cache
def slice_perm_moves() -> list[int]:
    """Phase 2's ``slice_perm`` (``slice_sorted`` while below 24), for phase 2 moves."""
    return slice_sorted_moves()[: N_SLICE_PERM * N_MOVES]


@cache
def comb_of_perm8() -> list[int]:
    """For each 8-permutation coordinate: where its pieces 0-3 (the U-layer ones) are."""
    return [_COMB8_INDEX[frozenset(i for i in range(8) if p[i] < 4)] for p in perm8_index()]


def _comb_moves(perm_moves: list[int]) -> list[int]:
    comb = comb_of_perm8()
    example = {}
    for value, c in enumerate(comb):
        example.setdefault(c, value)
    return [
        comb[perm_moves[example[c] * N_MOVES + m]] for c in range(N_COMB8) for m in range(N_MOVES)
    ]


@cache
def corner_comb_moves() -> list[int]:
    return _comb_moves(corners_moves())


@cache
def edge_comb_moves() -> list[int]:
    """Phase 2 moves only, like :func:`ud_edges_moves`."""
    return _comb_moves(ud_edges_moves())


# name -> (number of values, move table) for every coordinate a pruning table uses.
COORDINATES = {
    "twist": (N_TWIST, twist_moves),
    "flip": (N_FLIP, flip_moves),
    "slice": (N_SLICE, slice_moves),
    "slice_flips": (N_SLICE_FLIPS, slice_flips_moves),
    "corners": (N_PERM8, corners_moves),
    "ud_edges": (N_PERM8, ud_edges_moves),
    "slice_perm": (N_SLICE_PERM, slice_perm_moves),
    "corner_comb": (N_COMB8, corner_comb_moves),
    "edge_comb": (N_COMB8, edge_comb_moves),
}
