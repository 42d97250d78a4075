"""The two-phase lessons (solvelab.cube.lessons, web.two_phase_lesson ...) and Solution.phase1."""

from solvelab import web
from solvelab.cube import Cube, coords
from solvelab.cube.coords import MOVES, PHASE2_MOVES
from solvelab.cube.lessons import ida_star, phase1_coordinates
from solvelab.cube.notation import Algorithm
from solvelab.cube.solver import solutions

H_MOVES = {str(MOVES[m]) for m in PHASE2_MOVES}


def in_h(cube: Cube) -> bool:
    c = cube.cubies
    return coords.twist(c) == 0 and coords.flip(c) == 0 and coords.slice_flips(c) == 0


def test_classic_solutions_say_where_phase_1_ends():
    for seed in range(8):
        cube = Cube.random(seed=100 + seed)
        found = list(solutions(cube, time_limit=0.2, classic=True))
        assert found
        for solution in found:
            moves = list(solution.moves)
            n = solution.phase1
            assert n is not None and 0 < n <= 12
            assert not in_h(cube.apply(Algorithm(moves[: n - 1])))  # the shortest such prefix
            assert in_h(cube.apply(Algorithm(moves[:n])))
            assert {str(m) for m in moves[n:]} <= H_MOVES
            assert cube.apply(solution.moves).is_solved()


def test_phase1_is_none_or_right_without_classic():
    for seed in range(5):
        cube = Cube.random(seed=200 + seed)
        for solution in solutions(cube, time_limit=0.1):
            if solution.phase1 is not None:
                assert in_h(cube.apply(Algorithm(list(solution.moves)[: solution.phase1])))


def test_a_cube_in_h_has_an_empty_phase_1():
    cube = Cube().apply("U R2 D' F2")
    solution = next(iter(solutions(cube, classic=True)))
    assert solution.phase1 == 0
    assert cube.apply(solution.moves).is_solved()


def test_web_solve_reports_phase1():
    facelets = Cube.random(seed=7).to_facelets()
    answer = web.solve(facelets=facelets, time_limit=0.1, classic=True)
    assert isinstance(answer["phase1"], int)
    assert "phase1" in web.solve(facelets=facelets, time_limit=0.1)


def test_two_phase_lesson_lists_better_solutions():
    seen = []
    answer = web.two_phase_lesson(
        "R U F' L2 D B R' D2 F U'", time_limit=0.3, on_progress=seen.append
    )
    assert [{"stage": "solution", **step} for step in answer["found"]] == seen
    lengths = [step["length"] for step in answer["found"]]
    assert lengths == sorted(lengths, reverse=True) and len(set(lengths)) == len(lengths)
    cube = Cube().apply("R U F' L2 D B R' D2 F U'")
    for step in answer["found"]:
        assert cube.apply(" ".join(step["moves"])).is_solved()
        assert in_h(cube.apply(" ".join(step["moves"][: step["phase1"]])))
    assert "error" in web.two_phase_lesson("R Q")


def test_two_phase_lesson_goes_on_to_a_good_enough_solution_on_any_machine():
    scramble = "D' B D L2 F2 L' U L2 F' U D R2 D U F2 U R2 U L' D"  # two-phase.md's
    answer = web.two_phase_lesson(scramble, time_limit=None, good_enough=20)
    lengths = [step["length"] for step in answer["found"]]
    assert lengths[-1] <= 20 < min(lengths[:-1], default=21)
    # Where the search stops does not hang on the clock: the page shows this list.
    assert web.two_phase_lesson(scramble, time_limit=None, good_enough=20) == answer


def test_phase1_coordinates():
    solved = phase1_coordinates(Cube())
    assert (solved["twist"], solved["flip"], solved["slice"], solved["bound"]) == (0, 0, 0, 0)
    assert solved["in_h"] and solved["corners"] == solved["ud_edges"] == solved["slice_perm"] == 0
    f = phase1_coordinates(Cube().apply("F"))
    assert f["flip"] > 0 and f["edge_flips"].count(1) == 4 and f["bound"] == 1
    assert sum(f["corner_twists"]) % 3 == 0
    assert f["bound"] == max(f["bounds"].values())
    assert not f["in_h"] and "corners" not in f
    assert web.phase1_coordinates("R2 U D'")["in_h"]
    # A bound never exceeds the true number of moves to H.
    for alg in ["R U", "F R' B", "L D F2 R'"]:
        assert phase1_coordinates(Cube().apply(alg))["bound"] <= len(alg.split())


def test_ida_star_finds_a_shortest_solution_and_prunes():
    answer = ida_star(Cube().apply("U R2 F' D"))
    assert answer["moves"] == ["D'", "F", "R2", "U'"]
    limits = answer["limits"]
    assert [row["depth"] for row in limits] == [1, 2, 3, 4]
    assert [row["found"] for row in limits] == [False, False, False, True]
    for row in limits:
        assert row["nodes"] <= row["plain"]
    assert limits[-1]["plain"] > 20 * limits[-1]["nodes"]
    assert web.ida_star("R U")["moves"] == ["U'", "R'"]
    assert ida_star(Cube())["moves"] == []


def test_the_six_versions_each_solve_the_cube_with_phase_2_in_their_own_h():
    """Each version's first solution solves the cube itself; its phase 2 (last for the
    cube as held and turned, first for the inverse, whose solution is turned round)
    stays in the H of its axis: quarter turns of that axis's faces, half turns else."""
    from solvelab.cube.lessons import versions

    cube = Cube.random(seed=11)
    rows = versions(cube)
    assert {(row["up"], row["inverse"]) for row in rows} == {
        (up, inverse) for up in "UFR" for inverse in (False, True)
    }
    axis = {"U": "UD", "F": "FB", "R": "RL"}
    for row in rows:
        moves = row["moves"].split()
        assert len(moves) == row["length"] and 0 < row["phase1"] <= row["length"]
        assert cube.apply(row["moves"]).is_solved()
        cut = row["length"] - row["phase1"] if row["inverse"] else row["phase1"]
        phase2 = moves[:cut] if row["inverse"] else moves[cut:]
        assert all(m[0] in axis[row["up"]] or m.endswith("2") for m in phase2), row
    # The cube as held is the textbook search's own first solution.
    first = next(solutions(cube, time_limit=None, classic=True))
    assert (rows[0]["phase1"], rows[0]["length"]) == (first.phase1, first.length)
    assert rows[0]["moves"] == " ".join(str(m) for m in first.moves)
    assert web.two_phase_versions("R U Q")["error"] == "unknown move 'Q' at column 5"
