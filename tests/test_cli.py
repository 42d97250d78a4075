import contextlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solvelab.cli import main
from solvelab.cube import Cube, parse_alg


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_facelets(capsys):
    assert run(capsys, "cube", "facelets", "R") == (
        0,
        "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB\n",
        "",
    )


def test_show_prints_the_net(capsys):
    status, out, _ = run(capsys, "cube", "show", "R U R' U'", "--colour", "never")
    assert status == 0
    assert out == Cube().apply("R U R' U'").net() + "\n"
    status, out, _ = run(capsys, "cube", "show", "R", "--color", "always")
    assert "\x1b[" in out


@pytest.mark.parametrize(("no_color", "coloured"), [("", True), ("1", False)])
@pytest.mark.parametrize(
    "command", [["cube", "show", "R"], ["nonogram", "solve", "3x2:2/1/2/1.1/3"]]
)
def test_no_color_turns_colour_off_only_when_not_empty(
    capsys, monkeypatch, command, no_color, coloured
):
    """As no-color.org says: an empty NO_COLOR is as good as none."""
    monkeypatch.setenv("NO_COLOR", no_color)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(command) == 0
    assert ("\x1b[" in capsys.readouterr().out) == coloured


def test_random_is_reproducible(capsys):
    status, out, _ = run(capsys, "cube", "random", "--seed", "7", "--colour", "never")
    assert status == 0
    facelets = out.splitlines()[0]
    assert facelets == Cube.random(seed=7).to_facelets()
    assert Cube.random(seed=7).net() in out


def test_check(capsys):
    assert run(capsys, "cube", "check", Cube.random(seed=1).to_facelets()) == (0, "valid\n", "")
    flipped = "UUUUUUUFU" + "R" * 9 + "FUFFFFFFF" + "D" * 9 + "L" * 9 + "B" * 9
    answer = (1, "invalid: an edge is flipped, likely UF\n", "")
    assert run(capsys, "cube", "check", flipped) == answer
    stickers = "W" * 9 + "R" * 9 + "G" * 9 + "Y" * 9 + "O" * 9 + "B" * 9
    assert run(capsys, "cube", "check", "--stickers", stickers) == (0, "valid\n", "")


def test_invert_and_simplify(capsys):
    assert run(capsys, "cube", "invert", "[R, U]") == (0, "U R U' R'\n", "")
    assert run(capsys, "cube", "simplify", "R L R U U'") == (0, "R2 L\n", "")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["cube", "facelets", "R Q"], "solvelab: unknown move 'Q' at column 3\n"),
        (["cube", "invert", "(R U"], "solvelab: '(' is never closed at column 1\n"),
        (
            ["cube", "simplify", "3Rw"],
            "solvelab: layer counts such as '3Rw' are not supported at column 1\n",
        ),
        (
            ["cube", "solve", "--alg", "R U", "--time-limit", "nan"],
            "solvelab: --time-limit must be positive, not nan\n",
        ),
        (
            ["cube", "solve", "--alg", "R U", "--time-limit", "-1"],
            "solvelab: --time-limit must be positive, not -1.0\n",
        ),
        (
            ["cube", "solve", "--alg", "R U", "--max-length", "-3"],
            "solvelab: --max-length must be 0 or more, not -3\n",
        ),
        (
            ["nonogram", "solve", "--time-limit", "nan", "x.xml"],
            "solvelab: --time-limit must be positive\n",
        ),
        (
            ["bench", "cfop", "--count", "1", "--no-peers", "--cross-colour", "purple"],
            "solvelab: unknown cross colour 'purple': give a face letter (U R F D L B), "
            "a colour (white yellow green blue red orange) or any\n",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys, args, message):
    assert run(capsys, *args) == (2, "", message)


def test_the_installed_command_runs_without_a_traceback():
    done = subprocess.run(
        [sys.executable, "-m", "solvelab", "cube", "show", "R U ?"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == "solvelab: unexpected character '?' at column 5\n"
    assert "Traceback" not in done.stderr


def test_a_control_character_in_an_error_is_escaped(capsys):
    assert run(capsys, "cube", "simplify", "R \x1b[31mU") == (
        2,
        "",
        "solvelab: unexpected character '\\x1b' at column 3\n",
    )


def test_cube_solve_says_when_its_max_length_is_not_met(capsys):
    assert (
        main(["cube", "solve", "--alg", "R U F D L B R2 U2 F' L D B'", "--max-length", "11"]) == 0
    )
    out, err = capsys.readouterr()
    assert out.endswith("(12 moves)\n")
    assert (
        err == "solvelab: no solution of at most 11 moves was found; this is the shortest found\n"
    )


def test_cube_solve_limits_its_time_only_below_twenty_moves(capsys, monkeypatch):
    import solvelab.cube.solver

    limits = []

    def solve(cube, max_length, time_limit):
        limits.append(time_limit)
        return solvelab.cube.solver.Solution(parse_alg("R'"))

    monkeypatch.setattr(solvelab.cube.solver, "solve", solve)
    for extra in ([], ["--max-length", "19"], ["--max-length", "19", "--time-limit", "inf"]):
        assert main(["cube", "solve", "--alg", "R", *extra]) == 0
    assert limits == [None, 10.0, float("inf")]


def test_an_interrupted_command_says_so_in_one_line(capsys, monkeypatch):
    import solvelab.cube.solver

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(solvelab.cube.solver, "solve", interrupted)
    assert run(capsys, "cube", "solve", "--alg", "R") == (130, "", "solvelab: interrupted\n")


@pytest.mark.parametrize(
    "args", [["cube", "show", "--help"], ["cube", "random", "--help"], ["bench", "--help"]]
)
def test_help(capsys, args):
    with pytest.raises(SystemExit) as caught:
        main(args)
    assert caught.value.code == 0
    assert "usage: solvelab" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "line"),
    [
        ([], "solvelab: the following arguments are required: TOPIC (see solvelab --help)"),
        (["cube"], "solvelab cube: the following arguments are required: COMMAND "),
        (["cube", "random", "--seed", "abc"], "solvelab cube random: argument --seed: "),
        (["nonogram", "solve", "F", "--time-limit", "abc"], "solvelab nonogram solve: argument "),
        (["nonogram", "make", "--width", "nan", "--height", "5"], "solvelab nonogram make: "),
        (["cube", "random", "--seed", "-1"], "solvelab cube random: argument --seed: a seed is 0"),
        (["cube", "solve", "--alg", "R", "--bogus"], "solvelab cube solve: unrecognized argu"),
        (["nonogram", "make", "--width", "3", "--height", "3", "--seed", "-2"], "solvelab non"),
        (["bench", "cube", "--count", "0"], "solvelab bench cube: argument --count: a count is 1"),
        (["bench", "cfop", "--count", "-3"], "solvelab bench cfop: argument --count: a count "),
        (["bench", "moves", "--repeat", "0"], "solvelab bench moves: argument --repeat: a count"),
        (["bench", "cube", "--lengths-at", "inf"], "solvelab bench cube: argument --lengths-at: "),
        (["bench", "cube", "--lengths-at", "nan"], "solvelab bench cube: argument --lengths-at: "),
        (["bench", "cube-peers", "--peers-js", "/no/such"], "solvelab bench cube-peers: argu"),
    ],
)
def test_a_usage_error_is_one_line(capsys, args, line):
    with pytest.raises(SystemExit) as caught:
        main(args)
    out, err = capsys.readouterr()
    assert caught.value.code == 2
    assert out == "" and err.startswith(line) and err.count("\n") == 1


def test_bench_moves_prints_figures(capsys):
    assert main(["bench", "moves", "--count", "2000", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "face turns/s" in out


def test_bench_cube_reports_lengths_at_the_limits_asked(capsys):
    args = ["bench", "cube", "--count", "1", "--no-reference", "--lengths-at", "0.05", "0.2"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "average length in 0.05 s" in out
    assert "average length in 0.2 s" in out
    assert "average length in 1 s" not in out


def test_bench_startup_times_the_nonogram_command(monkeypatch, tmp_path):
    import solvelab.bench.browser
    from solvelab.bench.startup import cpython_nonogram, pyodide_imports

    figures = cpython_nonogram(runs=1)  # each command must exit with status 0
    assert list(figures) == ["nonogram solve <10 x 10 puzzle>", "python -c pass"]
    assert all(len(seconds) == 1 and seconds[0] > 0 for seconds in figures.values())
    monkeypatch.setattr(solvelab.bench.browser, "SITE", tmp_path)  # no built site there
    assert pyodide_imports(runs=1) is None


def test_bench_without_pyodide_says_so_in_one_line(capsys, monkeypatch, tmp_path):
    import solvelab.bench.pyodide
    from solvelab.nonogram import Puzzle, dumps

    monkeypatch.setattr(solvelab.bench.pyodide.shutil, "which", lambda name: None)
    (tmp_path / "plus.xml").write_text(dumps(Puzzle.from_grid([".X.", "XXX", ".X."]), "xml"))
    args = ["bench", "nonogram", "--puzzles", str(tmp_path), "--runtime", "pyodide"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err == "solvelab: Node.js is needed to run Pyodide: install nodejs\n"


def test_tables_build_refuses_an_empty_or_unwritable_folder(capsys, tmp_path):
    pytest.importorskip("numpy")
    assert run(capsys, "tables", "build", "--out", "") == (
        2,
        "",
        "solvelab: --out needs a folder's name\n",
    )
    taken = tmp_path / "a-file"
    taken.write_text("")
    assert run(capsys, "tables", "build", "--out", str(taken)) == (
        2,
        "",
        f"solvelab: --out {taken} is a file, not a folder\n",
    )
    locked = tmp_path / "a-file" / "below"  # a folder that cannot be made
    status, out, err = run(capsys, "tables", "build", "--out", str(locked))
    assert (status, out) == (1, "")
    assert (
        err.startswith(f"solvelab: cannot write the tables in {locked}: ") and err.count("\n") == 1
    )


@pytest.mark.parametrize(
    ("args", "stdout", "line"),
    [
        (["cube", "show", "R"], None, "solvelab: standard output is closed\n"),
        (["cube", "solve", "--alg", "R U"], None, "solvelab: standard output is closed\n"),
        (["cube", "random", "--seed", "1"], "/dev/full", "solvelab: cannot write the output: "),
        (["nonogram", "make", "--width", "5", "--height", "5"], "/dev/full", "solvelab: cannot "),
    ],
)
def test_output_that_cannot_be_written_is_one_line_and_status_1(args, stdout, line):
    """A closed standard output (``>&-``) or a full disk (``> /dev/full``)."""
    if stdout is not None and not Path(stdout).exists():
        pytest.skip(f"no {stdout} here")
    with open(stdout, "w") if stdout else contextlib.nullcontext() as out:
        done = subprocess.run(
            [sys.executable, "-m", "solvelab", *args],
            stdout=out if out else subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
            # Closed, not /dev/null: the child starts without a standard output at all.
            preexec_fn=None if out else (lambda: os.close(1)),
        )
    assert done.returncode == 1
    assert done.stderr.startswith(line) and done.stderr.count("\n") == 1
