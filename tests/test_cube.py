import random

import pytest

from solvelab.cube import Cube, CubieCube, parse_alg
from solvelab.cube.cfop import solve as cfop_solve
from solvelab.cube.cfop.solver import Effort
from solvelab.cube.facelets import SOLVED_FACELETS
from solvelab.cube.notation import FACE_MOVES, MOVE_NAMES, Algorithm, Move
from solvelab.cube.solver import solutions, solve

SUPERFLIP = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"


def order(alg: str) -> int:
    cube = Cube().apply(alg)
    n = 1
    state = cube
    while state != Cube():
        state = state.apply(alg)
        n += 1
    return n


@pytest.mark.parametrize("name", MOVE_NAMES)
def test_every_move_has_order_four(name):
    assert order(name) == 4


@pytest.mark.parametrize(
    ("alg", "n"), [("R U", 105), ("R U R' U'", 6), ("R U2 D' B D'", 1260), ("M E", 4 * 3)]
)
def test_known_orders(alg, n):
    assert order(alg) == n


def test_superflip_flips_every_edge_and_is_its_own_inverse():
    cube = Cube().apply(SUPERFLIP)
    cubies = cube.cubies
    assert cubies.eo == (1,) * 12
    assert cubies.ep == tuple(range(12))
    assert cubies.cp == tuple(range(8)) and cubies.co == (0,) * 8
    assert cube.inverse() == cube
    assert cube * cube == Cube()
    assert cube.apply(SUPERFLIP).is_solved()


def test_an_algorithm_then_its_inverse_is_the_identity():
    rng = random.Random(11)
    for _ in range(200):
        alg = Algorithm(Move(rng.choice(MOVE_NAMES), rng.randint(1, 3)) for _ in range(25))
        assert Cube().apply(alg).apply(alg.inverse()) == Cube()
        assert Cube().apply(alg).inverse() == Cube().apply(alg.inverse())


def test_simplified_algorithms_do_the_same():
    rng = random.Random(12)
    for _ in range(200):
        alg = Algorithm(Move(rng.choice(MOVE_NAMES), rng.randint(1, 3)) for _ in range(25))
        assert Cube().apply(alg.simplify()) == Cube().apply(alg)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("M", "R L' x'"),
        ("E", "U D' y'"),
        ("S", "F' B z"),
        ("Rw", "L x"),
        ("Lw", "R x'"),
        ("Uw", "D y"),
        ("Dw", "U y'"),
        ("Fw", "B z"),
        ("Bw", "F z'"),
        ("x", "R M' L'"),
    ],
)
def test_wide_slice_and_rotation_moves(a, b):
    assert Cube().apply(a) == Cube().apply(b)


def test_composition_is_applying_one_after_the_other():
    a, b = parse_alg("R U F'"), parse_alg("D2 L B")
    assert Cube().apply(a) * Cube().apply(b) == Cube().apply(a + b)
    cube = Cube.random(seed=3)
    assert cube * cube.inverse() == Cube() == cube.inverse() * cube


def test_orientation_is_part_of_the_state_but_not_of_the_facelets():
    turned = Cube().apply("x y")
    assert turned != Cube()
    assert turned.is_solved()
    assert turned.to_facelets() == SOLVED_FACELETS
    assert Cube().apply("M'").to_facelets() == Cube().apply("R' L").to_facelets()
    assert turned.to_stickers("WRGYOB")[4] != "W"


def test_apply_accepts_text_algorithms_moves_and_lists():
    expected = Cube().apply("R U")
    assert Cube().apply(parse_alg("R U")) == expected
    assert Cube().apply(Move("R")).apply(Move("U")) == expected
    assert Cube().apply([Move("R"), Move("U")]) == expected


def test_cubes_are_values():
    a = Cube().apply("R")
    assert a == Cube().apply("R")
    assert hash(a) == hash(Cube().apply("R"))
    assert len({a, Cube().apply("R"), Cube()}) == 2
    assert repr(Cube()) == "Cube()"
    assert repr(a).startswith("<Cube UUFUUFUUF")


def test_facelets_cubies_round_trip():
    for seed in range(100):
        cube = Cube.random(seed=seed)
        assert Cube.from_facelets(cube.to_facelets()) == cube
        assert Cube.from_cubies(cube.cubies) == cube
        assert cube.cubies * cube.inverse().cubies == CubieCube()


def test_cubie_product_matches_sticker_composition():
    rng = random.Random(4)
    for _ in range(50):
        a = Cube().apply(" ".join(rng.choice(FACE_MOVES) for _ in range(10)))
        b = Cube().apply(" ".join(rng.choice(FACE_MOVES) for _ in range(10)))
        assert (a * b).cubies == a.cubies * b.cubies
        assert a.inverse().cubies == a.cubies.inverse()


def test_random_is_reproducible_and_valid():
    assert Cube.random(seed=7) == Cube.random(seed=7)
    assert Cube.random(seed=7) != Cube.random(seed=8)
    for seed in range(200):
        assert Cube.random(seed=seed).cubies.is_solvable()


def test_random_states_are_uniform_enough():
    # Each corner position should hold each corner piece, in each twist, about
    # equally often; likewise edges. A chi-square bound far above the 99.9%
    # quantile for these degrees of freedom catches a biased generator.
    n = 6000
    corner_counts = [[0] * 24 for _ in range(8)]
    edge_counts = [[0] * 24 for _ in range(12)]
    parity = 0
    for seed in range(n):
        c = Cube.random(seed=seed).cubies
        for i in range(8):
            corner_counts[i][3 * c.cp[i] + c.co[i]] += 1
        for i in range(12):
            edge_counts[i][2 * c.ep[i] + c.eo[i]] += 1
        parity += c.cp.index(0) < c.cp.index(1)
    for row in corner_counts + edge_counts:
        expected = n / 24
        chi2 = sum((k - expected) ** 2 / expected for k in row)
        assert chi2 < 60, row  # 23 degrees of freedom: 99.9% quantile is 49.7
    assert abs(parity - n / 2) < 4 * (n / 4) ** 0.5


def test_net_layout():
    assert Cube().net() == "\n".join(
        ["      U U U"] * 3 + ["L L L F F F R R R B B B"] * 3 + ["      D D D"] * 3
    )
    coloured = Cube().net(colour=True)
    assert "\x1b[" in coloured and coloured.count("\n") == 8


def test_facelet_strings_of_known_positions():
    # Worked out by hand: R lifts F's right column onto U, U's onto B (upside
    # down, B being read from behind), and so on.
    assert Cube().apply("R").to_facelets() == (
        "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
    )
    # The superflip: every edge flipped in place, each face's edge stickers
    # showing the neighbouring face's colour.
    superflip = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB"
    assert Cube.from_facelets(superflip) == Cube().apply(SUPERFLIP)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: Cube().apply(b"R U"), TypeError, "not bytes"),
        (lambda: Cube().apply(None), TypeError, "not NoneType"),
        (lambda: Cube().apply([Move("R", 1), 3]), TypeError, "a move is a Move or notation"),
        (lambda: parse_alg(None), TypeError, "notation text"),
        (lambda: Cube.from_facelets(123), TypeError, "a facelet string is text"),
        (lambda: solve("R U"), TypeError, "solve takes a Cube"),
        (lambda: cfop_solve("R U"), TypeError, "solve takes a Cube"),
        (lambda: solve(Cube(), max_length=None), TypeError, "max_length"),
        (lambda: solve(Cube(), time_limit="1"), TypeError, "time_limit"),
        (lambda: solve(Cube(), time_limit=-1), ValueError, "0 or more"),
        (lambda: cfop_solve(Cube(), cross_colour=5), TypeError, "cross colour"),
        (lambda: parse_alg("R") + "U", TypeError, "unsupported operand"),
        # Python's random takes -1 for 1: the CLI refuses it, and so does the library.
        (lambda: Cube.random(seed=-1), ValueError, "0 or more"),
        (lambda: Cube.random(seed=True), TypeError, "whole number"),
        (lambda: Algorithm(["R", "U"]), TypeError, "an Algorithm holds Moves, not str"),
        (lambda: Cube() * "R", TypeError, r"not str: moves go to apply\(\)"),
        (lambda: cfop_solve(Cube(), effort=None), TypeError, "effort is an Effort"),
        (lambda: Effort(crosses=0), ValueError, "crosses is a whole number, 1 or more"),
        (lambda: Effort(widths=()), ValueError, "at least one search width"),
        (lambda: Effort(widths=(8, 0)), ValueError, r"widths\[1\] is a whole number"),
        (lambda: next(solutions(Cube(), should_stop=True)), TypeError, "should_stop"),
    ],
)
def test_the_api_names_what_it_takes(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_moves_may_be_a_list_of_notation():
    assert Cube().apply(["R", "U2", Move("F", 3)]) == Cube().apply("R U2 F'")
