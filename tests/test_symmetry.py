from solvelab.cube import Cube, coords
from solvelab.cube.coords import MOVES
from solvelab.cube.symmetry import (
    MIRROR_LR,
    SYMMETRIES,
    UD_FB_SYMMETRIES,
    UD_SYMMETRIES,
    conjugate,
    conjugate_move,
    conjugations,
    move_map,
    symmetries_of,
    symmetry_class,
    twist_classes,
)

SUPERFLIP = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"


def test_there_are_48_symmetries_16_keeping_the_ud_axis():
    assert len(set(SYMMETRIES)) == 48
    assert len(UD_SYMMETRIES) == 16
    assert SYMMETRIES[0] == tuple(range(54))


def test_symmetries_form_a_group():
    members = set(SYMMETRIES)
    for a in SYMMETRIES[:10]:
        for b in SYMMETRIES:
            assert tuple(a[i] for i in b) in members


def test_conjugated_cubes_are_real_and_solved_by_conjugated_moves():
    scramble = [MOVES[m] for m in (0, 4, 8, 12, 16, 1, 5)]
    cube = Cube().apply(scramble)
    for i, symmetry in enumerate(SYMMETRIES):
        seen = conjugate(cube, symmetry)
        assert seen.cubies.is_solvable()
        assert seen == Cube().apply([conjugate_move(move, i) for move in scramble])


def test_mirror_turns_moves_the_other_way():
    assert [str(MOVES[m]) for m in move_map(MIRROR_LR)[:6]] == ["U'", "U2", "U", "L'", "L2", "L"]


def test_symmetric_positions():
    assert len(symmetries_of(Cube().apply(SUPERFLIP))) == 48
    assert len(symmetries_of(Cube())) == 48
    assert len(symmetries_of(Cube().apply("R U F"))) == 1


def test_symmetry_class_is_shared_by_conjugates():
    cube = Cube().apply("R U2 F' L")
    name = symmetry_class(cube)
    assert all(symmetry_class(conjugate(cube, s)) == name for s in SYMMETRIES)
    assert symmetry_class(Cube().apply("R")) == symmetry_class(Cube().apply("F'"))
    assert symmetry_class(Cube().apply("R")) != symmetry_class(Cube().apply("R2"))


def test_conjugation_tables_agree_with_conjugating_cubes():
    of_cube = {
        "twist": coords.twist,
        "flip": coords.flip,
        "slice": lambda cubies: coords.slice_flips(cubies) >> 4,
        "slice_flips": coords.slice_flips,
    }
    for seed in range(40):
        cube = Cube.random(seed=seed)
        for k, i in enumerate(UD_FB_SYMMETRIES):
            seen = conjugate(cube, SYMMETRIES[i]).cubies
            for name, value in of_cube.items():
                assert conjugations(name)[k][value(cube.cubies)] == value(seen), name


def test_twist_classes():
    assert len(UD_FB_SYMMETRIES) == 8
    representatives, classes = twist_classes()
    assert len(representatives) == 324  # as min2phase counts them
    assert representatives[0] == 0 and classes[0] == (0, 0)
    twists = conjugations("twist")
    for twist, (number, k) in enumerate(classes):
        assert twists[k][twist] == representatives[number] <= twist
