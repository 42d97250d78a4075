import random
import tracemalloc

import pytest

from solvelab.cube import Algorithm, Move, NotationError, notation, parse_alg
from solvelab.cube.notation import MAX_DEPTH, MAX_MOVES, MOVE_NAMES, locate_moves


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
        ("R1 U3' F02", "R U F2"),
        ("()5 ([: ])2 [,]", ""),
        ("", ""),
        ("// only a comment", ""),
    ],
)
def test_parse(text, expected):
    assert str(parse_alg(text)) == expected


ATTACHED = "a count follows its move or group with no space, as in R2 or (R U)2"


@pytest.mark.parametrize(
    ("text", "problem", "column"),
    [
        ("R Q", "unknown move 'Q'", 3),
        ("R U Qw2", "unknown move 'Qw2'", 5),
        ("3Rw", "layer counts such as '3Rw' are not supported", 1),
        ("R 2R", "layer counts such as '2R' are not supported", 3),
        ("(R U) 2", f"the count '2' stands alone: {ATTACHED}", 7),
        ("R 2'", f"the count '2'' stands alone: {ATTACHED}", 3),
        ("R (U", "'(' is never closed", 3),
        ("R U)", "unexpected ')' with no matching opening bracket", 4),
        ("[R U]", "expected ',' (commutator) or ':' (conjugate) before ']'", 5),
        ("[R, U", "'[' is never closed", 1),
        ("[R, U, F]", "a second ',' in one bracket", 6),
        ("R, U", "',' outside square brackets", 2),
        ("R'2", "write the count before the prime, as in R2'", 3),
        ("Mw", "unknown move 'Mw'", 1),
        ("foo", "unknown move 'oo' in 'foo'", 2),
        ("R Sune", "unknown move 'ne' in 'Sune'", 5),
        ("R'Uq", "unknown move 'q' in 'R'Uq'", 4),
        ("R U ?", "unexpected character '?'", 5),
        ("(R U]", "'(' is never closed", 1),
        ("R100", "a turn amount is 1, 2 or 3 (with ' for the other way), not 100", 2),
        ("R U4", "a turn amount is 1, 2 or 3 (with ' for the other way), not 4", 4),
        ("R0'", "a turn amount is 1, 2 or 3 (with ' for the other way), not 0", 2),
        (
            "R99999999999999999999",
            "a turn amount is 1, 2 or 3 (with ' for the other way), not 999999999999… (20 digits)",
            2,
        ),
        ("R²", "unexpected character '²'", 2),
        ("R''", "a ' follows a move or a group with no space, once, as in R' or (R U)'", 3),
        ("R U '", "a ' follows a move or a group with no space, once, as in R' or (R U)'", 5),
        ("(R U)0", "a group repeated 0 times does nothing: remove it", 6),
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


def error_of(text: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        parse_alg(text)
    return caught.value


def test_limits_are_what_the_docs_say():
    assert (MAX_MOVES, MAX_DEPTH) == (10_000, 50)


def test_a_short_text_that_expands_to_millions_of_moves_is_refused():
    error = error_of("((R U)1000)1000")
    assert error.problem == "the group expands to 2,000,000 moves (the limit is 10,000)"
    assert (error.position, error.length) == (0, 15)


def test_the_group_that_crosses_the_limit_is_the_one_named():
    error = error_of("R ((R U)3000 F)2")
    assert error.problem == "the group expands to 12,002 moves (the limit is 10,000)"
    assert (error.position, error.length) == (2, 14)
    error = error_of("R [R U R U R: U]1000'")
    assert error.problem == "the group expands to 11,000 moves (the limit is 10,000)"
    assert (error.position, error.length) == (2, 19)


@pytest.mark.parametrize(
    ("text", "moves"),
    [
        ("(R U R' U')2500", 10_000),
        ("R " * 10_000, 10_000),
        ("R" * 10_000, 10_000),
        ("[R U, F]1000 (R2 D')2000", 10_000),  # 2·2 + 2·1 = 6 moves, 1000 times
        ("[[R, U]: F]1111 R", 10_000),  # 2·4 + 1 = 9 moves, 1111 times
        ("(R)10000", 10_000),
        ("(()10000)10000", 0),
    ],
)
def test_exactly_the_limit_is_accepted(text, moves):
    assert len(parse_alg(text).moves) == moves


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("R " * 10_001, 10_001),
        ("  (R U R' U')2500 x // one too many\n", 10_001),
        ("[R U, F]1000 (R2 D')2000 U", 10_001),
        ("(R U)5000 (R U)5000", 20_000),
    ],
)
def test_one_move_over_the_limit_is_refused(text, total):
    error = error_of(text)
    assert error.problem == f"the algorithm expands to {total:,} moves (the limit is 10,000)"
    start = len(text) - len(text.lstrip())
    assert (error.position, error.length) == (start, len(text.rstrip()) - start)


def test_one_group_over_the_limit_is_refused():
    error = error_of("(R U)5001")
    assert error.problem == "the group expands to 10,002 moves (the limit is 10,000)"
    assert (error.position, error.length) == (0, 9)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("(R U)1000000000", "1000000000"),
        ("(R U)10001", "10001"),
        ("()99999999999999999999999999", "999999999999… (26 digits)"),
        ("[R: U]" + "9" * 5000, "999999999999… (5000 digits)"),
    ],
)
def test_a_huge_repeat_count_is_refused_without_computing_it(text, count):
    error = error_of(text)
    assert error.problem == f"a group can be repeated at most 10,000 times, not {count}"
    assert error.position == text.index("9" if "9" in count else "1")


@pytest.mark.parametrize("opener", ["(", "["])
def test_deep_nesting_is_refused_cleanly(opener):
    error = error_of(opener * 100_000)
    assert error.problem == "brackets nested more than 50 deep"
    assert (error.position, error.column) == (50, 51)


def test_nesting_to_the_limit_is_accepted():
    assert str(parse_alg("(" * 50 + "R" + ")" * 50)) == "R"
    assert str(parse_alg("[R: " * 50 + "U" + "]" * 50)).count("U") == 1
    error = error_of("(" * 51 + "R" + ")" * 51)
    assert error.position == 50
    mixed = "([" * 25 + "R, U" + "])" * 25
    error = error_of(mixed.replace("R, U", "[R, U]"))
    assert error.problem == "brackets nested more than 50 deep"


def test_long_flat_input_round_trips():
    rng = random.Random(11)
    alg = random_alg(rng, MAX_MOVES)
    assert parse_alg(str(alg)) == alg
    assert parse_alg(str(alg).replace(" ", "")) == alg
    assert parse_alg(str(alg).replace(" ", "\n// comment\n")) == alg


def test_moves_read_a_chunk_at_a_time_are_read_whole(monkeypatch):
    rng = random.Random(5)
    alg = random_alg(rng, 300)
    texts = [str(alg), str(alg).replace(" ", ""), "R " * 40 + "R12"]
    expected = [parse_alg(texts[0]), parse_alg(texts[1])]
    with pytest.raises(NotationError) as caught:
        parse_alg(texts[2])
    expected.append(caught.value.problem)
    spans = [locate_moves(text) for text in texts[:2]]
    for chunk in range(1, 12):  # every way a token can be cut at a chunk's end
        monkeypatch.setattr(notation, "_CHUNK", chunk)
        assert [parse_alg(text) for text in texts[:2]] == expected[:2]
        assert [locate_moves(text) for text in texts[:2]] == spans
        with pytest.raises(NotationError) as caught:
            parse_alg(texts[2])
        assert caught.value.problem == expected[2]


def test_a_megabyte_of_moves_is_refused_without_a_megabyte_of_memory_per_move():
    tracemalloc.start()
    try:
        with pytest.raises(NotationError, match="1,000,000 moves"):
            parse_alg("R" * 1_000_000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 50_000_000  # 370 MB when the whole text was one regex match


def test_a_long_unknown_word_is_quoted_short():
    with pytest.raises(NotationError) as caught:
        parse_alg("R " + "Q" * 100_000)
    assert caught.value.problem == "unknown move 'QQQQQQQQQQQQ… (100000 characters)'"


@pytest.mark.parametrize(
    "text",
    [
        "[R, U']",
        "(R U R' U')3 // sexy move\nx2 [F: [R, U]]'",
        "r2 M' Rw3 (R2' U3)2'",
        "[R U: F] [[R, U], D2]2 y",
        "RUR'U'",
    ],
)
def test_each_move_is_located_at_its_token(text):
    moves = list(parse_alg(text))
    spans = locate_moves(text)
    assert len(spans) == len(moves)
    for move, (start, end) in zip(moves, spans, strict=True):
        token = list(parse_alg(text[start:end]))
        assert len(token) == 1 and move in (token[0], token[0].inverse()), (text, start, end)


def test_locating_keeps_the_limits():
    with pytest.raises(NotationError, match="10,000"):
        locate_moves("((R U)1000)1000")
