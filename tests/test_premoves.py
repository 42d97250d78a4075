"""The premove tables give the same coordinates as turning cubies (py/solvelab/cube/premoves.py)."""

import random

from solvelab.cube import Cube, coords
from solvelab.cube.premoves import held, sequence
from solvelab.cube.solver import _QUARTER_Y, _premove_sequences
from solvelab.cube.symmetry import SYMMETRIES, conjugate, move_map


def _expected(moves: tuple[int, ...], cube: Cube) -> tuple[int, ...]:
    before = Cube().apply([coords.MOVES[m] for m in moves]) * cube
    turned = conjugate(before, SYMMETRIES[_QUARTER_Y]).cubies
    c = before.cubies
    return (
        coords.twist(c),
        coords.flip(c),
        coords.slice_flips(c),
        coords.twist(turned),
        coords.flip(turned),
    )


def _held(cube: Cube) -> tuple[bytes, ...]:
    return (*held(cube.cubies), *held(conjugate(cube, SYMMETRIES[_QUARTER_Y]).cubies))


def test_coordinates_match_cubies_for_any_moves():
    rng = random.Random(3)
    relabel = move_map(_QUARTER_Y)
    for _ in range(200):
        cube = Cube.random(seed=rng.randrange(10**6))
        moves = tuple(rng.randrange(18) for _ in range(rng.randrange(5)))
        assert sequence(moves, relabel).coordinates(*_held(cube)) == _expected(moves, cube)


def test_the_searched_sequences():
    one, two = _premove_sequences(1), _premove_sequences(2)
    assert [s.moves for s in one] == [(3,), (6,), (12,), (15,)]  # R, F, L, B
    assert len(two) == 54  # 15 after R and F, 12 after L and B (no R after L, F after B)
    assert len({s.moves for s in two}) == len(two)
    cube = Cube.random(seed=5)
    for s in two[::7]:
        assert s.coordinates(*_held(cube)) == _expected(s.moves, cube)


def test_module_example():
    import doctest

    from solvelab.cube import premoves

    assert doctest.testmod(premoves).failed == 0
