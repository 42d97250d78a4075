import random

import pytest

from solvelab.cube import Cube, coords
from solvelab.cube.coords import MOVES, N_MOVES, PHASE2_MOVES

SAMPLE = [Cube.random(seed=s) for s in range(60)]

COORDINATE_FUNCTIONS = [
    (coords.twist, coords.twist_moves),
    (coords.flip, coords.flip_moves),
    (coords.slice_sorted, coords.slice_sorted_moves),
    (coords.slice_flips, coords.slice_flips_moves),
    (coords.corners, coords.corners_moves),
]


@pytest.mark.parametrize(("coordinate", "moves"), COORDINATE_FUNCTIONS)
def test_move_tables_agree_with_turning_the_cube(coordinate, moves):
    table = moves()
    for cube in SAMPLE:
        before = coordinate(cube.cubies)
        for m, move in enumerate(MOVES):
            assert table[before * N_MOVES + m] == coordinate(cube.apply(move).cubies)


def test_phase2_tables_agree_inside_the_subgroup():
    rng = random.Random(1)
    table = coords.ud_edges_moves()
    for _ in range(60):
        cube = Cube().apply([MOVES[rng.choice(PHASE2_MOVES)] for _ in range(30)])
        for m in PHASE2_MOVES:
            after = cube.apply(MOVES[m]).cubies
            assert table[coords.ud_edges(cube.cubies) * N_MOVES + m] == coords.ud_edges(after)
            assert coords.slice_sorted(after) < 24


def test_solved_cube_has_all_coordinates_zero():
    cubies = Cube().cubies
    values = [coords.twist(cubies), coords.flip(cubies), coords.slice_sorted(cubies)]
    values += [coords.slice_flips(cubies), coords.corners(cubies), coords.ud_edges(cubies)]
    assert values == [0, 0, 0, 0, 0, 0]


def test_coordinates_cover_their_ranges():
    assert len(set(coords.twist_moves())) == coords.N_TWIST
    assert len(set(coords.flip_moves())) == coords.N_FLIP
    assert len(set(coords.slice_sorted_moves())) == coords.N_SLICE_SORTED
    assert len(set(coords.slice_moves())) == coords.N_SLICE
    assert len(set(coords.slice_flips_moves())) == coords.N_SLICE_FLIPS
    assert set(coords.comb_of_perm8()) == set(range(coords.N_COMB8))
