"""The cross: the four D-layer edges, solved in the fewest moves there are.

The state is where the D sticker of each cross edge is (a *place*, see
:mod:`~solvelab.cube.cfop.places`): 24 * 22 * 20 * 18 = 190,080 states. The
search is iterative deepening (IDA*) over the 18 face turns, pruned by the
exact distance of three of the four edges (whichever three is furthest),
from one table of 10,560 states built by breadth-first search at the first
call, in about a tenth of a second. The bound is admissible, so the first depth with a
solution is the optimum, and every solution of that depth is found.

>>> from solvelab.cube import Cube
>>> length, solutions = optimal_crosses(Cube().apply("R U F"))
>>> length, [text(moves) for moves in solutions][:2]
(2, ["F' R'"])
"""

from __future__ import annotations

from functools import cache

from solvelab.cube.cfop.places import Moves, destinations, text
from solvelab.cube.geometry import move_permutation
from solvelab.cube.state import Cube

__all__ = ["CROSS_HOMES", "cross_places", "optimal_crosses", "text"]

CROSS_HOMES = (32, 28, 30, 34)
"""The places of the D stickers of the DR, DF, DL and DB edges on a solved cube."""


def cross_places(cube: Cube) -> tuple[int, ...]:
    """Where the D stickers of the four cross edges of ``cube`` are."""
    stickers = cube._stickers
    where = {sticker: place for place, sticker in enumerate(stickers)}
    return tuple(where[home] for home in CROSS_HOMES)


# The search is pruned by the exact distance of three of the four edges:
# one table for DR, DF and DL (24 * 22 * 20 = 10,560 states, a bytearray
# indexed by the three places), read for each of the four triples of edges
# after turning the cube about the vertical axis so that the triple is
# DR, DF, DL. So one small table serves all four triples.
_UNSEEN = 255


@cache
def _turned_places() -> tuple[tuple[int, ...], ...]:
    """For k quarter turns of the cube about U (a y' rotation each): where each place goes."""
    source = move_permutation("y", 3)
    step = tuple(source.index(place) for place in range(54))
    turns = [tuple(range(54))]
    for _ in range(3):
        turns.append(tuple(step[place] for place in turns[-1]))
    return tuple(turns)


@cache
def _triple_table() -> bytearray:
    """The distance of the DR, DF and DL edges from home, by ``54 * (54 * a + b) + c``."""
    table = bytearray([_UNSEEN]) * 54**3
    moves = [destinations(m) for m in range(18)]
    a0, b0, c0 = CROSS_HOMES[:3]
    table[54 * (54 * a0 + b0) + c0] = 0
    frontier = [(a0, b0, c0)]
    depth = 0
    while frontier:
        depth += 1
        following = []
        for a, b, c in frontier:
            for move in moves:
                index = 54 * (54 * move[a] + move[b]) + move[c]
                if table[index] == _UNSEEN:
                    table[index] = depth
                    following.append((move[a], move[b], move[c]))
        frontier = following
    return table


# For each triple (the fourth edge left out): which quarter turn of the cube
# makes it DR, DF, DL, and in which order its edges then stand.
def _triples() -> tuple[tuple[tuple[int, ...], int, int, int], ...]:
    turned = _turned_places()
    triples = []
    for k in range(4):
        # After k y' turns, the edge at home CROSS_HOMES[i] sits at turned[k][home].
        order = []
        for home in CROSS_HOMES[:3]:
            i = next(i for i in range(4) if turned[k][CROSS_HOMES[i]] == home)
            order.append(i)
        triples.append((turned[k], *order))
    return tuple(triples)


_TRIPLES = _triples()


def _bound(state: tuple[int, ...], table: bytearray) -> int:
    best = 0
    for turn, i, j, k in _TRIPLES:
        d = table[54 * (54 * turn[state[i]] + turn[state[j]]) + turn[state[k]]]
        if d > best:
            best = d
    return best


# A face may not follow itself, and of two opposite faces in a row only one
# order is searched (U before D, R before L, F before B).
_ALLOWED_AFTER = tuple(
    tuple(m for m in range(18) if m // 3 != face and m // 3 + 3 != face) for face in range(6)
)
_ALL_MOVES = tuple(range(18))


def optimal_crosses(cube: Cube, limit: int = 12) -> tuple[int, list[Moves]]:
    """The optimal length of the D cross of ``cube``, and up to ``limit`` solutions of it."""
    return optimal_crosses_of(cross_places(cube), limit)


def optimal_crosses_of(start: tuple[int, ...], limit: int = 12) -> tuple[int, list[Moves]]:
    """:func:`optimal_crosses` for the places of the four cross edges."""
    tables = _triple_table()
    moves = [destinations(m) for m in range(18)]
    found: list[Moves] = []
    path: list[int] = []

    def search(state: tuple[int, ...], depth: int, allowed: tuple[int, ...]) -> None:
        for m in allowed:
            step = moves[m]
            following = (step[state[0]], step[state[1]], step[state[2]], step[state[3]])
            bound = _bound(following, tables)
            if bound > depth - 1:
                continue
            path.append(m)
            if depth == 1:
                found.append(tuple(path))
            else:
                search(following, depth - 1, _ALLOWED_AFTER[m // 3])
            path.pop()
            if len(found) >= limit:
                return

    depth = _bound(start, tables)
    if depth == 0:
        return 0, [()]
    while not found:
        search(start, depth, _ALL_MOVES)
        depth += 1
    return depth - 1, found
