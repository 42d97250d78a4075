"""The CFOP solver: its solutions solve the cube, stage by stage, as the stages say; the
command line's contract; the worker's function; the same in Pyodide."""

import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from solvelab import web
from solvelab.cli import main
from solvelab.cube import Cube
from solvelab.cube.cfop import CrossColourError, cross_faces, solve
from solvelab.cube.cfop.cross import CROSS_HOMES, cross_places, optimal_crosses
from solvelab.cube.cfop.f2l import SOLVED_STATE, f2l_state
from solvelab.cube.cfop.rules import last_layer_rules, orientation
from solvelab.cube.cfop.solver import COLOUR_NAMES, ROTATION_TO_D
from solvelab.cube.geometry import FACES

ROOT = Path(__file__).resolve().parent.parent
SEEDS = range(8)


def _turned(cube: Cube, face: str) -> Cube:
    return Cube.from_facelets(cube.apply(ROTATION_TO_D[face]).to_facelets())


@pytest.mark.parametrize("seed", SEEDS)
def test_a_solution_solves_the_cube_stage_by_stage(seed):
    cube = Cube.random(seed=seed)
    solution = solve(cube)
    assert [stage.name for stage in solution.stages] == ["cross"] + ["f2l"] * 4 + ["oll", "pll"]
    assert cube.apply(solution.moves).is_solved()
    assert solution.length == solution.moves.htm
    # Played one after another the stages do what their names say.
    state = cube
    for i, stage in enumerate(solution.stages):
        state = state.apply(stage.moves)
        held = Cube.from_facelets(state.to_facelets())
        if stage.name == "cross":
            assert cross_places(held) == CROSS_HOMES
        if stage.name == "f2l":
            solved_pairs = sum(
                f2l_state(held)[slot] == SOLVED_STATE[slot]
                and f2l_state(held)[4 + slot] == SOLVED_STATE[4 + slot]
                for slot in range(4)
            )
            assert solved_pairs >= i  # i is 1..4 for the four pairs
            assert cross_places(held) == CROSS_HOMES
        if stage.name == "oll":
            assert f2l_state(held) == SOLVED_STATE
            assert orientation(held) == orientation(Cube())
        if stage.name in ("f2l", "oll", "pll"):
            assert stage.case
    assert state.is_solved()


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_the_cross_is_the_shortest_of_all_colours_and_the_stages_name_their_cases(seed):
    cube = Cube.random(seed=seed)
    solution = solve(cube)
    best = min(optimal_crosses(_turned(cube, face))[0] for face in FACES)
    assert solution.stages[0].moves.htm == best
    # The OLL and PLL stages are the cases the rules recognise where they start.
    state = Cube.from_facelets(cube.apply(solution.stages[0].moves).to_facelets())
    for stage in solution.stages[1:5]:
        state = state.apply(stage.moves)
    oll, pll = solution.stages[5:]
    assert last_layer_rules("oll").case_of(state) == (None if oll.case == "OLL skip" else oll.case)
    state = state.apply(oll.moves)
    recognised = last_layer_rules("pll").case_of(state)
    assert recognised == (None if pll.case == "PLL skip" else pll.case)


@pytest.mark.parametrize(("colour", "face"), [("white", "U"), ("D", "D"), ("green", "F")])
def test_a_fixed_cross_colour_ends_on_d_with_an_optimal_cross(colour, face):
    cube = Cube.random(seed=11)
    solution = solve(cube, cross_colour=colour)
    assert solution.cross_face == face
    cross = solution.stages[0].moves
    assert str(cross).startswith(ROTATION_TO_D[face])
    held = cube.apply(cross)
    assert held._stickers[31] // 9 == FACES.index(face)  # that colour's centre is on D
    assert cross.htm == optimal_crosses(_turned(cube, face))[0]
    assert cube.apply(solution.moves).is_solved()


@pytest.mark.parametrize(
    "turns", ["x", "y2 z'", "M E' S", "R U2 F' D B2 L' U F2 R D' B L2 U' Fw Uw'"]
)
@pytest.mark.parametrize("colour", ["white", "green", "red"])
def test_a_colour_name_finds_its_centre_on_a_turned_cube(turns, colour):
    cube = Cube().apply(turns)
    held = cube.apply(solve(cube, cross_colour=colour).stages[0].moves)
    cross = [held._stickers[i] // 9 for i in (28, 30, 31, 32, 34)]  # D's edges and centre
    assert cross == [FACES.index(COLOUR_NAMES[colour])] * 5


def test_cross_colours():
    assert cross_faces(None) == cross_faces("any") == tuple("DUFBRL")
    assert cross_faces("Yellow") == ("D",)
    with pytest.raises(CrossColourError, match="pink"):
        cross_faces("pink")


def test_a_solved_cube_and_a_last_layer_case():
    solution = solve(Cube())
    assert solution.length == 0 and len(solution.stages) == 7
    assert [stage.case for stage in solution.stages[5:]] == ["OLL skip", "PLL skip"]
    t_perm = "R U R' U' R' F R2 U' R' U' R U R' F'"
    solution = solve(Cube().apply(t_perm), cross_colour="D")
    assert solution.stages[-1].case == "T perm"
    assert solution.length == 14


def test_moves_cancel_across_stages_in_the_whole_solution():
    for seed in range(20):
        solution = solve(Cube.random(seed=seed))
        total = sum(stage.moves.htm for stage in solution.stages)
        assert solution.length <= total
        if solution.length < total:
            return
    pytest.fail("no cancellation between stages in 20 solves")


# The command line ----------------------------------------------------------------


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_json_contract(capsys):
    cube = Cube.random(seed=5)
    status, out, err = run(capsys, "cube", "cfop", cube.to_facelets(), "--json")
    assert status == 0 and err == ""
    answer = json.loads(out)
    assert [stage["name"] for stage in answer["stages"]] == ["cross"] + ["f2l"] * 4 + [
        "oll",
        "pll",
    ]
    assert all(set(stage) <= {"name", "moves", "case"} for stage in answer["stages"])
    assert cube.apply(answer["moves"]).is_solved()
    assert cube.apply(" ".join(stage["moves"] for stage in answer["stages"])).is_solved()
    from solvelab.cube import parse_alg

    assert answer["length"] == parse_alg(answer["moves"]).htm


def test_cli_listing_and_options(capsys):
    status, out, _ = run(capsys, "cube", "cfop", "--alg", "R U R' U R U2 R'", "--cross-colour", "D")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Cross")
    assert sum(line.startswith("F2L") for line in lines) == 4
    assert "(OLL 26" in out and "HTM" in lines[-1]


@pytest.mark.parametrize(
    "args",
    [
        ["UUUUUUUFURRRRRRRRRFUFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"],
        ["UUU", "--json"],
        ["--alg", "R Q"],
        ["--alg", "R", "--cross-colour", "pink"],
        [],
    ],
)
def test_cli_refuses_bad_input_with_one_line_and_status_2(capsys, args):
    status, out, err = run(capsys, "cube", "cfop", *args)
    assert status == 2
    assert out == ""
    assert err.startswith("solvelab: ") and err.count("\n") == 1


def test_cli_needs_no_tables():
    code = (
        "import sys\n"
        "from solvelab.cli import main\n"
        "main(['cube', 'cfop', '--alg', 'R U F'])\n"
        "print('solvelab.cube.solver' in sys.modules, 'solvelab.cube.pruning' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.splitlines()[-1] == "False False"


# The web worker's function, and Pyodide ----------------------------------------


def test_web_cfop_answers_stages_and_errors():
    cube = Cube.random(seed=3)
    answer = web.cfop(cube.to_facelets(), cross_colour="white")
    assert answer["cross_face"] == "U"
    assert len(answer["stages"]) == 7
    assert cube.apply(" ".join(answer["moves"])).is_solved()
    played = " ".join(move for stage in answer["stages"] for move in stage["moves"])
    assert cube.apply(played).is_solved()
    # The page's state, held turned: moves name the faces where they are now.
    held = cube.apply("y x")
    answer = web.cfop(stickers=list(held._stickers))
    assert held.apply(" ".join(answer["moves"])).is_solved()
    assert "error" in web.cfop("U" * 54)
    assert "pink" in web.cfop(cube.to_facelets(), cross_colour="pink")["error"]


PYODIDE_CODE = """
import json, sys
from solvelab import web
from solvelab.cube import Cube
answers = [web.cfop(Cube.random(seed=seed).to_facelets()) for seed in range(2)]
print("RESULT" + json.dumps({"platform": sys.platform, "answers": answers}))
"""


def test_the_worker_package_solves_by_cfop_in_pyodide(tmp_path):
    """The zip the site ships (with the rules' data files) runs in Pyodide."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        pytest.skip("Node.js and the npm package pyodide are needed")
    from solvelab.bench.pyodide import RUNNER
    from solvelab.build.site import package_zip

    zipfile.ZipFile(io.BytesIO(package_zip({}))).extractall(tmp_path)
    assert (tmp_path / "solvelab" / "cube" / "cfop" / "data" / "oll.toml").exists()
    done = subprocess.run(
        [node, str(RUNNER), str(tmp_path), str(tmp_path)],
        input=PYODIDE_CODE,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    line = next(line for line in done.stdout.splitlines() if line.startswith("RESULT"))
    result = json.loads(line[len("RESULT") :])
    assert result["platform"] == "emscripten"
    for seed, answer in enumerate(result["answers"]):
        cube = Cube.random(seed=seed)
        assert cube.apply(" ".join(answer["moves"])).is_solved()
        assert answer == web.cfop(cube.to_facelets())  # the same solution as CPython's


def test_bench_cfop_says_when_no_peer_is_installed(capsys, monkeypatch):
    import solvelab.bench.cfop as bench

    monkeypatch.setattr(bench, "_pycuber", lambda: None)  # as when not installed
    monkeypatch.setattr(bench, "_rubik_solver", lambda: None)
    assert bench.run_peers(1) == {}
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("no peer to compare with: pycuber 0.2.2 and rubik-solver")
