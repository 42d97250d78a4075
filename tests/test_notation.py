import random

import pytest

from solvelab.cube import Algorithm, Move, NotationError, parse_alg
from solvelab.cube.notation import MOVE_NAMES


def moves(text: str) -> list[str]:
    return [str(m) for m in parse_alg(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("R U R' U'", "R U R' U'"),
        ("R2 R2' R3 R3'", "R2 R2 R' R"),
        ("  R\tU\n", "R U"),
        ("RUR'U'", "R U R' U'"),
        ("r u' Rw2 Lw'", "Rw Uw' Rw2 Lw'"),
        ("M E' S2 x y' z2", "M E' S2 x y' z2"),
        ("(R U R' U')2", "R U R' U' R U R' U'"),
        ("(R U)'", "U' R'"),
        ("(R U)2'", "U' R' U' R'"),
        ("[R, U]", "R U R' U'"),
        ("[R: U]", "R U R'"),
        ("[R U: [D, F]]", "R U D F D' F' U' R'"),
        ("[[R, U], D]", "R U R' U' D U R U' R' D'"),
        ("[R, U]2", "R U R' U' R U R' U'"),
        ("R // a comment [ ( \nU", "R U"),
        ("R’ U′", "R' U'"),
        ("R4 U0", ""),
        ("", ""),
        ("// only a comment", ""),
    ],
)
def test_parse(text, expected):
    assert str(parse_alg(text)) == expected


@pytest.mark.parametrize(
    ("text", "problem", "column"),
    [
        ("R Q", "unknown move 'Q'", 3),
        ("R U Qw2", "unknown move 'Qw2'", 5),
        ("3Rw", "layer counts such as '3Rw' are not supported", 1),
        ("R 2R", "layer counts such as '2R' are not supported", 3),
        ("R (U", "'(' is never closed", 3),
        ("R U)", "unexpected ')' with no matching opening bracket", 4),
        ("[R U]", "expected ',' (commutator) or ':' (conjugate) before ']'", 5),
        ("[R, U", "'[' is never closed", 1),
        ("[R, U, F]", "a second ',' in one bracket", 6),
        ("R, U", "',' outside square brackets", 2),
        ("R'2", "write the count before the prime, as in R2'", 3),
        ("Mw", "unknown move 'Mw'", 1),
        ("R U ?", "unexpected character '?'", 5),
        ("(R U]", "'(' is never closed", 1),
    ],
)
def test_errors_name_the_problem_and_column(text, problem, column):
    with pytest.raises(NotationError) as caught:
        parse_alg(text)
    error = caught.value
    assert error.problem == problem
    assert error.column == column
    assert str(error) == f"{problem} at column {column}"
    assert isinstance(error, ValueError)


def test_error_on_a_later_line_gives_line_and_column():
    with pytest.raises(NotationError) as caught:
        parse_alg("R U\n  F X")
    assert (caught.value.line, caught.value.column, caught.value.position) == (2, 5, 8)
    assert str(caught.value) == "unknown move 'X' at line 2, column 5"


def random_alg(rng: random.Random, length: int) -> Algorithm:
    return Algorithm(Move(rng.choice(MOVE_NAMES), rng.randint(1, 3)) for _ in range(length))


def test_format_then_parse_gives_the_same_algorithm():
    rng = random.Random(3)
    for _ in range(300):
        alg = random_alg(rng, rng.randint(0, 25))
        assert parse_alg(str(alg)) == alg


def test_inverse_reverses_and_inverts():
    assert str(parse_alg("R U2 F' Rw M x").inverse()) == "x' M' Rw' F U2 R'"
    assert parse_alg("[R, U]").inverse() == parse_alg("[U, R]")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("R R", "R2"),
        ("R R'", ""),
        ("R L R", "R2 L"),
        ("R L R'", "L"),
        ("R U U' R'", ""),
        ("R2 R2 U", "U"),
        ("R M R' x", "M x"),
        ("U D2 U' D2", ""),
        ("R U R", "R U R"),
        ("F B F' B' F", "F"),
    ],
)
def test_simplify(text, expected):
    assert str(parse_alg(text).simplify()) == expected


def test_simplify_never_lengthens_and_is_idempotent():
    rng = random.Random(5)
    for _ in range(200):
        alg = random_alg(rng, 30)
        simple = alg.simplify()
        assert simple.htm <= alg.htm
        assert simple.simplify() == simple


@pytest.mark.parametrize(
    ("text", "htm", "qtm", "stm"),
    [
        ("R U R' U'", 4, 4, 4),
        ("R2 U2", 2, 4, 2),
        ("M", 2, 2, 1),
        ("M2", 2, 4, 1),
        ("Rw r2", 2, 3, 2),
        ("x y2 z'", 0, 0, 0),
        ("R M' x", 3, 3, 2),
    ],
)
def test_metrics(text, htm, qtm, stm):
    alg = parse_alg(text)
    assert (alg.htm, alg.qtm, alg.stm, len(alg)) == (htm, qtm, stm, htm)


def test_move_values():
    assert str(Move("R", 3)) == "R'"
    assert Move("R", 2).inverse() == Move("R", 2)
    with pytest.raises(ValueError):
        Move("Q")
    with pytest.raises(ValueError):
        Move("R", 4)
