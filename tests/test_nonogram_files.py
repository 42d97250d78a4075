"""Nonogram file formats (round trips, one clear error naming the line), the CLI's
contract, and the benchmark puzzles that solve quickly."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from solvelab.cli import main
from solvelab.nonogram import (
    ClueError,
    FormatError,
    NonogramError,
    Puzzle,
    dumps,
    generate,
    parse,
    read_file,
    solve,
)
from solvelab.nonogram.files import read_bytes
from solvelab.nonogram.puzzle import BLACK, WHITE, Colour
from solvelab.nonogram.symmetry import symmetries

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = Path(os.environ.get("SOLVELAB_NONOGRAMS", ROOT.parent / "shared" / "nonograms"))
needs_puzzles = pytest.mark.skipif(
    not PUZZLES.is_dir(),
    reason=f"the benchmark puzzles are not at {PUZZLES} (set SOLVELAB_NONOGRAMS)",
)

COLOURS = (WHITE, BLACK, Colour("red", "r", "FF0000"), Colour("green", "g", "00B000"))


@pytest.mark.parametrize("fmt", ["xml", "non", "text"])
def test_round_trip_black_and_white(fmt):
    puzzle = generate(9, 7, 0.55, seed=5)
    again = parse(dumps(puzzle, fmt), fmt)
    assert (again.rows, again.columns) == (puzzle.rows, puzzle.columns)
    assert again.title == puzzle.title
    if fmt != "text":
        assert again.goal == puzzle.goal


@pytest.mark.parametrize("fmt", ["xml", "text"])
def test_round_trip_colours(fmt):
    puzzle = Puzzle.from_grid(["Xr.g", "rrXg", ".gg."], COLOURS, title="colours")
    again = parse(dumps(puzzle, fmt), fmt)
    assert (again.rows, again.columns) == (puzzle.rows, puzzle.columns)
    assert [c.char for c in again.colours[1:]] == ["X", "r", "g"]
    if fmt == "xml":
        assert again.colours == puzzle.colours and again.goal == puzzle.goal


def test_clue_text_numbers_without_a_colour_char_are_black():
    """The format's own example: after ``colour r red``, ``2 1r 1`` is black, red, black."""
    puzzle = parse("colour r red FF0000\nrows\n2 1r 1\ncolumns\n1\n1\n1r\n0\n1\n", "text")
    assert [c.char for c in puzzle.colours] == [".", "X", "r"]
    assert [(b.length, b.colour) for b in puzzle.rows[0]] == [(2, 1), (1, 2), (1, 1)]
    # Without a plain number, no black is added; a colour line may name it.
    puzzle = parse("colour r red FF0000\nrows\n1r\ncolumns\n1r\n", "text")
    assert [c.char for c in puzzle.colours] == [".", "r"]
    puzzle = parse("colour r red\ncolour X navy 000080\nrows\n1 1r\ncolumns\n1\n1r\n", "text")
    assert [(c.char, c.name) for c in puzzle.colours[1:]] == [("r", "red"), ("X", "navy")]
    assert [(b.length, b.colour) for b in puzzle.rows[0]] == [(1, 2), (1, 1)]


@pytest.mark.parametrize("char", ["#", "1", " "])
def test_clue_text_holds_a_one_colour_puzzle_whatever_draws_it(char):
    puzzle = Puzzle.from_grid(["#.#", ".##"], (WHITE, Colour("black", "#")), title="drawn")
    if char != "#":
        puzzle = Puzzle(puzzle.rows, puzzle.columns, (WHITE, Colour("black", char)))
    again = parse(dumps(puzzle, "text"), "text")
    assert (again.rows, again.columns) == (puzzle.rows, puzzle.columns)
    assert again.colours == (WHITE, BLACK)


def test_non_refuses_colours():
    with pytest.raises(NonogramError, match="one colour"):
        dumps(Puzzle.from_grid(["Xr"], COLOURS), "non")


@pytest.mark.parametrize(
    ("fmt", "text", "message"),
    [
        ("xml", "<puzzleset>\n<puzzle>\n<clues type='rows'>\n</puzzle>", "line 4: not well-formed"),
        (
            "xml",
            "<puzzleset><puzzle>\n<clues type='rows'><line><count>x</count></line></clues>"
            "</puzzle></puzzleset>",
            'line 2: a count must be a whole number >= 1 (9 digits at most), not "x"',
        ),
        (
            "xml",
            "<puzzle>\n<clues type='rows'>\n<line><count color='pink'>1</count></line>"
            "</clues></puzzle>",
            'line 3: unknown colour "pink"',
        ),
        ("non", "width 2\nheight 1\nrows\n1\ncolumns\n1,x\n", "line 6: a clue number"),
        ("non", "width 1\nheight 1\nrows\n-1\ncolumns\n1\n", "line 4: a clue number"),
        # a 0 alone is a blank line's clue; among other numbers it is a mistake
        ("non", "width 3\nheight 1\nrows\n1,0,1\ncolumns\n1\n0\n1\n", "line 4: a clue number"),
        ("non", "width 12345678901\n", "line 1: width must be a whole number (9 digits at most)"),
        ("non", "width 2\nwidht 1\n", "line 2: unknown keyword 'widht'"),
        ("text", "rows\n1\ncolumns\n1 2q\n", "line 4: unknown colour char 'q'"),
        ("text", "rows\n1\ncolumns\n1 -2\n", "line 4: not a clue number: '-2'"),
        ("text", "1 2\nrows\n", "line 1: expected 'rows' or 'columns'"),
        # without its size, an empty line could end a section or be a blank clue
        ("non", "width 2\n\nrows\n1\n2\n\ncolumns\n2\n1\n", "line 3: no height line before"),
        ("non", "height 2\n\nrows\n1\n2\n\ncolumns\n2\n1\n\n", "line 3: no width line"),
        ("non", "width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal 10\n", "the goal has 2 cells"),
        # a row short: the empty line meant to end the rows is taken as a blank row
        (
            "non",
            "width 2\nheight 4\nrows\n1\n2\n\ncolumns\n2\n1\n",
            "height 4 but 3 rows (the last is blank: an empty line or 0 is a blank row)",
        ),
        (
            "xml",
            '<?xml version="1.0"?>\n<!DOCTYPE p [\n<!ENTITY a "aaaa">\n<!ENTITY b "&a;&a;">\n]>'
            "\n<puzzle>&b;</puzzle>",
            "line 3: the file declares an entity (a): not allowed",
        ),
        # a clue typed as text, or a misspelt tag, must not be read as a blank line
        (
            "xml",
            "<puzzle><clues type='rows'>\n<line>1</line></clues></puzzle>",
            "line 2: <line> holds the text '1': put it in <count>",
        ),
        (
            "xml",
            "<puzzle><clues type='rows'><line>\n<cnt>1</cnt></line></clues></puzzle>",
            "line 2: <line> holds <cnt> where only <count> may be",
        ),
        (
            "xml",
            "<puzzle><clues type='rows'>\n<lin><count>1</count></lin></clues></puzzle>",
            "line 2: <clues> holds <lin> where only <line> may be",
        ),
        (
            "xml",
            "<puzzle>\n<color name='black' char='X'/>\n<color name='black' char='Y'/></puzzle>",
            'line 3: a second colour named "black"',
        ),
        (
            "xml",
            '<?xml version="1.0" encoding="bogus"?><puzzle/>',
            "line 1: the XML declaration names an unknown encoding",
        ),
    ],
)
def test_malformed_files_name_the_line(fmt, text, message):
    with pytest.raises(FormatError) as error:
        parse(text, fmt)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


HUGE = "1" * 5000  # past Python's 4300 digits for int(): a ValueError, not a FormatError


@pytest.mark.parametrize(
    ("fmt", "text"),
    [
        ("text", f"rows\n{HUGE}\ncolumns\n1\n"),
        ("text", "rows\n1²\ncolumns\n1\n"),
        ("non", f"width 1\nheight 1\nrows\n{HUGE}\ncolumns\n1\n"),
        ("non", f"width {HUGE}\n"),
        ("xml", f"<puzzle><clues type='rows'><line><count>{HUGE}</count></line></clues></puzzle>"),
        ("xml", "<puzzle><clues type='rows'><line><count>²</count></line></clues></puzzle>"),
        ("pattern", f"1x1:{HUGE}/1"),
        ("pattern", f"{HUGE}x1:1/1"),
    ],
)
def test_numbers_too_long_or_not_ascii_are_format_errors(fmt, text):
    with pytest.raises(FormatError) as error:
        parse(text, fmt)
    message = str(error.value)
    assert "\n" not in message and "4300" not in message and len(message) < 120, message


# What a damaged file may gain: markup, numbers too big or below 1, stray bytes.
DAMAGE = b'< > </line> <count> &amp; = " 0 -1 99999999 x : / \xff \x00'.split()
DAMAGE += [b"\n", b" ", b"width 3", b"\xef\xbb\xbf"]


@pytest.mark.parametrize("fmt", ["xml", "non", "text", "pattern"])
def test_damaged_files_are_a_puzzle_or_one_clear_error(fmt):
    """A file of each format, damaged 300 ways (seeded: bytes cut, inserted, changed
    or repeated, digits changed), reads as a puzzle, which the solver answers, or
    fails with one line naming the problem: never another exception."""
    rng = random.Random(fmt)
    colours = COLOURS if fmt in ("xml", "text") else COLOURS[:2]
    picture = ["X.r", ".rX", "XX.", "r.X"] if len(colours) > 2 else ["X.X", ".XX", "XX.", "X.."]
    original = dumps(Puzzle.from_grid(picture, colours), fmt).encode()
    digits = [i for i, b in enumerate(original) if chr(b).isdigit()]
    read = 0
    for _ in range(300):
        data = bytearray(original)
        if rng.random() < 0.3:  # a clue changed, the file's layout kept
            data[rng.choice(digits)] = ord(rng.choice("0123456789"))
        for _ in range(rng.randint(1, 3) if data == original else 0):
            at = rng.randrange(len(data) + 1)
            how = rng.randrange(4)
            if how == 0:
                del data[at : at + rng.randint(1, 12)]
            elif how == 1:
                data[at:at] = rng.choice(DAMAGE)
            elif how == 2:
                data[at : at + 1] = bytes([rng.randrange(256)])
            else:
                start = rng.randrange(len(data) + 1)
                data[at:at] = data[start : start + rng.randint(1, 40)]
        try:
            puzzle = read_bytes(bytes(data), f"damaged.{fmt}")
        except NonogramError as error:
            message = str(error)
            assert message and "\n" not in message, (bytes(data), message)
            continue
        read += 1
        result = solve(puzzle)
        assert result.status in ("unique", "multiple", "none"), bytes(data)
        assert all(puzzle.check(grid) for grid in result.solutions), bytes(data)
    assert 0 < read < 300  # the damage both spared some files and broke others


@pytest.mark.parametrize("fmt", ["xml", "non", "text", "pattern"])
def test_a_byte_order_mark_is_read_past(tmp_path, fmt):
    puzzle = Puzzle.from_grid(["X.", "XX"])
    path = tmp_path / f"p.{fmt}"
    path.write_bytes(b"\xef\xbb\xbf" + dumps(puzzle, fmt).encode())
    assert read_file(path).rows == puzzle.rows
    assert parse("\ufeff" + dumps(puzzle, fmt)).columns == puzzle.columns


def test_two_colours_drawn_with_one_character_are_refused():
    # A picture written with them could not be read back.
    text = (
        "<puzzle defaultcolor='black'><color name='white' char='.'>fff</color>"
        "<color name='black' char='.'>000</color>"
        "<clues type='columns'><line><count>1</count></line></clues>"
        "<clues type='rows'><line><count>1</count></line></clues></puzzle>"
    )
    with pytest.raises(NonogramError, match="^the colours white and black are both drawn as '.'$"):
        parse(text, "xml")


def test_pattern_game_ids_read_and_write():
    # Simon Tatham's Pattern: the size, then the columns' clues and the rows', '/'
    # between clues, '.' between numbers, nothing for a blank line.
    puzzle = Puzzle.from_grid(["X..", "...", "XX."])
    assert dumps(puzzle, "pattern") == "3x3:1.1/1//1//2"
    for text in (
        "3x3:1.1/1//1//2",
        "3:1.1/1//1//2\n",  # a square's size written once
        "3x3:1.1/1/0/1/0/2",  # 0 for a blank line
        "3x3:1.1/1//\n1//2\n",  # broken across lines where it was copied from
        "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pattern.html#3x3:1.1/1//1//2",
    ):
        again = parse(text)  # the format guessed from the text
        assert (again.rows, again.columns) == (puzzle.rows, puzzle.columns), text
    for seed in range(5):
        puzzle = generate(8, 6, 0.5, seed=seed)
        again = parse(dumps(puzzle, "pattern"), "pattern")
        assert (again.rows, again.columns) == (puzzle.rows, puzzle.columns)
    with pytest.raises(NonogramError, match="one colour"):
        dumps(Puzzle.from_grid(["Xr"], COLOURS), "pattern")
    # Clue text whose first line is a comment with a size in it is still clue text.
    assert parse("# 10x10: a cat\nrows\n1\ncolumns\n1\n").width == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("15x15#61234", "a random seed ID"),
        ("3x2:2/1/2/1.1/3,aB", "fills in some cells"),
        (
            "3x2:2/1/2/1.1",
            "a 3 × 2 puzzle's game ID has 5 clues (3 columns, then 2 rows); this one has 4",
        ),
        (
            "3x2:2/1/2/1.x/3",
            "row 1: '1.x' is not numbers of 1 or more (9 digits at most) joined by '.'",
        ),
        ("3x2:2/1/2/1.0/3", "row 1: '1.0'"),
        ("0x2:/", "a 0 × 2 grid has no cells"),
    ],
)
def test_bad_pattern_game_ids_say_what_is_wrong(text, message):
    with pytest.raises(FormatError) as error:
        parse(text, "pattern")
    assert message in str(error.value)


# -- the CLI -------------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "solvelab", *args], capture_output=True, text=True, timeout=120
    )


def test_cli_json_unique(tmp_path):
    puzzle = Puzzle.from_grid(["Xr.g", "rrXg", ".gg."], COLOURS)
    path = tmp_path / "p.xml"
    path.write_text(dumps(puzzle, "xml"))
    done = run_cli("nonogram", "solve", "--json", str(path))
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == {"status", "solutions", "seconds"}
    assert data["status"] == "unique"
    assert data["solutions"] == [["Xr.g", "rrXg", ".gg."]]
    assert isinstance(data["seconds"], float)


def test_cli_json_multiple_and_none(tmp_path, capsys, monkeypatch):
    path = tmp_path / "two.txt"
    path.write_text("rows\n1\n1\ncolumns\n1\n1\n")
    assert main(["nonogram", "solve", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "multiple"
    assert sorted(map(tuple, data["solutions"])) == [(".X", "X."), ("X.", ".X")]
    path = tmp_path / "none.txt"
    path.write_text("rows\n1 1\n0\ncolumns\n1\n1\n0\n")  # fits, totals agree, no solution
    assert main(["nonogram", "solve", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "none" and data["solutions"] == []
    path.write_text("rows\n3 4\ncolumns\n1\n")
    assert main(["nonogram", "solve", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "none"
    assert main(["nonogram", "solve", str(path)]) == 0
    assert "row 1: clues 3 4 need 8 cells, the row has 1" in capsys.readouterr().out
    # Line solving leaves cells unknown; probing finds a cell that no colour fits.
    rows = "1 2|1 2|1 1 3|3 2|2 2|3 1|1 1|2 1 1"
    columns = "1 1 2|3 1|1 3|4|4|3 1|3|1 1 1"
    path.write_text(f"rows\n{rows}\ncolumns\n{columns}\n".replace("|", "\n"))
    assert main(["nonogram", "solve", str(path)]) == 0
    assert capsys.readouterr().out == (
        "no solution: every colour of the cell at row 1, column 3 leads to a contradiction\n"
        "row 4's clue 3 2 may be wrong: with 5 there, the other clues have a solution\n"
    )
    # On a terminal, each line found is named on stderr as soon as it is found.
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["nonogram", "solve", str(path)]) == 0
    assert capsys.readouterr().err == (
        "found, still looking: row 4: this clue may be wrong: with 5 here, the other clues "
        "have a solution\n"
    )
    monkeypatch.undo()
    # --json keeps to its three keys, with no search for the wrong clue.
    assert main(["nonogram", "solve", "--json", str(path)]) == 0
    assert set(json.loads(capsys.readouterr().out)) == {"status", "solutions", "seconds"}
    # Rows and columns filling different numbers of cells: the clue that may be wrong.
    path.write_text("rows\n0\n2 1\n4\n3\ncolumns\n3\n3\n2\n3\n")
    assert main(["nonogram", "solve", str(path)]) == 0
    assert capsys.readouterr().out == (
        "no solution: the rows fill 10 cells and the columns 11\n"
        "4 clues could each be the wrong one (changed alone, each gives a solution), the "
        "likeliest first: row 1's 0 (1 fits); row 4's 3 (4 fits); column 1's 3 (2 fits); "
        "column 4's 3 (2 fits)\n"
    )
    # Two clues wrong (row 3's numbers swapped, one of column 4's one more): the pair.
    rows, columns = "0|3 1|2 1|6|5|1 2", "2|1 3|1 2|1 4|4|4"
    path.write_text(f"rows\n{rows}\ncolumns\n{columns}\n".replace("|", "\n"))
    assert main(["nonogram", "solve", str(path)]) == 0
    assert capsys.readouterr().out == (
        "no solution: the rows fill 21 cells and the columns 22\n"
        "changing any one clue leaves no solution: two clues or more are wrong\n"
        "row 3's clue 2 1 and column 4's clue 1 4 may both be wrong: with 1 2 and 1 3 "
        "there, the other clues have a solution\n"
    )


def test_cli_max_solutions_counts_them(tmp_path, capsys):
    path = tmp_path / "permutations.txt"  # the 6 permutation matrices of 3 × 3
    path.write_text("rows\n1\n1\n1\ncolumns\n1\n1\n1\n")
    solve_it = ["nonogram", "solve", "--colour", "never", str(path)]
    assert main([*solve_it, "--max-solutions", "10"]) == 0
    out = capsys.readouterr().out
    assert out.count("solution ") == 6 and "\nsolution 6:\n" in out
    assert out.splitlines()[-1].startswith("exactly 6 solutions (all shown; ")
    assert main([*solve_it, "--max-solutions", "4"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("at least 4 solutions (4 shown; ")
    assert main([*solve_it, "--max-solutions", "6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "multiple"
    assert len({tuple(grid) for grid in data["solutions"]}) == 6
    assert main(solve_it) == 0  # two, as ever
    assert capsys.readouterr().out.splitlines()[-1].startswith("more than one solution (two shown")
    for bad in ("1", "1001", "-3"):
        assert main([*solve_it, "--max-solutions", bad]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err == f"solvelab: --max-solutions must be 2 to 1000, not {bad}\n"


def test_cli_says_where_two_solutions_differ(tmp_path, capsys):
    """Two pictures are hard to compare by eye: the cells where they differ are named
    (the first four, then how many more), before the verdict."""
    from solvelab.nonogram.cli import _differences

    path = tmp_path / "diagonals.txt"  # the two diagonals of 2 × 2
    path.write_text("rows\n1\n1\ncolumns\n1\n1\n")
    assert main(["nonogram", "solve", "--colour", "never", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2] == (
        "the two differ in 4 cells: row 1, column 1; row 1, column 2; row 2, column 1; "
        "row 2, column 2"
    )
    assert lines[-1].startswith("more than one solution (two shown; ")
    first = [[0, 1, 1, 1], [1, 1, 0, 0]]
    second = [[1, 1, 0, 0], [0, 1, 1, 1]]
    assert _differences(first, second) == (
        "the two differ in 6 cells: row 1, column 1; row 1, column 3; row 1, column 4; "
        "row 2, column 1; and 2 more"
    )
    assert main(["nonogram", "solve", "--colour", "never", "--max-solutions", "3", str(path)]) == 0
    assert "differ" in capsys.readouterr().out  # all the solutions there are: two
    permutations = tmp_path / "permutations.txt"  # 6 solutions: no pair is singled out
    permutations.write_text("rows\n1\n1\n1\ncolumns\n1\n1\n1\n")
    assert main(["nonogram", "solve", "--max-solutions", "6", str(permutations)]) == 0
    assert "differ" not in capsys.readouterr().out


def test_cli_says_what_the_solve_needed(tmp_path, capsys):
    """The verdict names what the solve needed, then its work, each count once."""
    from test_nonogram import dom_text

    verdict = re.compile(
        r"unique solution \((.+); (\d+) line solves, (\d+) probes, (\d+) guesses; [\d.]+ s\)"
    )
    found = {}
    for n in (3, 5):
        (tmp_path / f"{n}-dom.txt").write_text(dom_text(n))
    for name in ("3x3:1/3/1/1/3/1", str(tmp_path / "3-dom.txt"), str(tmp_path / "5-dom.txt")):
        assert main(["nonogram", "solve", "--colour", "never", name]) == 0
        needs, solves, probes, guesses = verdict.fullmatch(
            capsys.readouterr().out.splitlines()[-1]
        ).groups()
        found[needs] = int(solves) > 0, int(probes) > 0, int(guesses) > 0
    assert found == {
        "line solving alone": (True, False, False),
        "needs probing": (True, True, False),
        "needs search": (True, True, True),
    }


def test_cli_bad_input_exit_two_one_line(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<puzzleset><puzzle>\n<clues")
    for path in (bad, tmp_path / "missing.xml"):
        done = run_cli("nonogram", "solve", "--json", str(path))
        assert done.returncode == 2
        assert done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1


def test_cli_names_the_file_whose_puzzle_cannot_be_used(tmp_path, capsys):
    """Well-formed files whose puzzle is refused (too large, no rows): the message says
    which file, as a malformed file's does."""
    huge = tmp_path / "huge.txt"
    huge.write_text("rows\n" + "1\n" * 300 + "columns\n1\n")
    empty = tmp_path / "empty.txt"
    empty.write_text("rows\ncolumns\n")
    for path, problem in (
        (huge, "the puzzle is 1 × 300 cells; at most 200 × 200 are allowed"),
        (empty, "the puzzle has 0 rows and 0 columns; it needs at least one of each"),
    ):
        for command in (["solve"], ["show"], ["convert", "--to", "xml"]):
            assert main(["nonogram", *command, str(path)]) == 2
            assert capsys.readouterr() == ("", f"solvelab: {path}: {problem}\n")


def test_cli_reads_standard_input_for_a_file_named_dash():
    xml = dumps(Puzzle.from_grid(["Xr.g", "rrXg", ".gg."], COLOURS), "xml")
    done = subprocess.run(
        [sys.executable, "-m", "solvelab", "nonogram", "solve", "--json", "-"],
        input=xml,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["solutions"] == [["Xr.g", "rrXg", ".gg."]]
    empty = run_cli("nonogram", "show", "")  # not the current folder's "Is a directory"
    assert empty.returncode == 2 and empty.stderr.startswith("solvelab: no file named")
    closed = subprocess.run(  # standard input closed, not empty: Python's sys.stdin is None
        f"{shlex.quote(sys.executable)} -m solvelab nonogram solve - <&-",
        shell=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (closed.returncode, closed.stderr) == (2, "solvelab: -: standard input is closed\n")


def test_a_file_without_end_is_read_no_further_than_the_limit():
    done = run_cli("nonogram", "solve", "/dev/zero")
    assert done.returncode == 2
    assert done.stderr == "solvelab: /dev/zero: the file is over 4000000 bytes\n"


def test_tabs_separate_the_words_of_a_non_file():
    puzzle = parse("width\t3\nheight 1\nrows\n1\t1\ncolumns\n1\n0\n1\n", "non")
    assert puzzle.width == 3 and [len(clue) for clue in puzzle.rows] == [2]


def test_cli_takes_a_pattern_game_id_for_a_file(tmp_path):
    done = run_cli("nonogram", "solve", "--json", "3x2:2/1/2/1.1/3")
    assert done.returncode == 0
    assert json.loads(done.stdout)["solutions"] == [["X.X", "XXX"]]
    saved = tmp_path / "pattern.txt"
    saved.write_text("3x2:2/1/2/1.1/3\n")
    assert (
        json.loads(run_cli("nonogram", "solve", "--json", str(saved)).stdout)["status"] == "unique"
    )
    seed = run_cli("nonogram", "solve", "--json", "15x15#61234")
    assert seed.returncode == 2 and "random seed" in seed.stderr


def test_cli_show_and_make(capsys):
    assert main(["nonogram", "make", "--width", "8", "--height", "6", "--seed", "2", "--easy"]) == 0
    xml = capsys.readouterr().out
    puzzle = parse(xml, "xml")
    assert (puzzle.width, puzzle.height) == (8, 6)
    result = solve(puzzle)
    assert result.status == "unique" and result.difficulty == "line"


def test_cli_convert_and_make_write_every_format(tmp_path, capsys):
    source = tmp_path / "p.xml"
    puzzle = Puzzle.from_grid(["XX.", ".XX", "X.X"])
    source.write_text(dumps(puzzle, "xml"))
    for fmt in ("xml", "non", "text", "pattern"):
        assert main(["nonogram", "convert", str(source), "--to", fmt]) == 0
        text = capsys.readouterr().out
        assert text.endswith("\n")
        again = parse(text, fmt)
        assert (again.rows, again.columns) == (puzzle.rows, puzzle.columns)
        assert again.goal == (puzzle.goal if fmt in ("xml", "non") else None)
    assert main(["nonogram", "make", "--width", "6", "--height", "5", "--seed", "4"]) == 0
    xml = parse(capsys.readouterr().out, "xml")
    assert (
        main(
            ["nonogram", "make", "--width", "6", "--height", "5", "--seed", "4", "--format", "non"]
        )
        == 0
    )
    non = parse(capsys.readouterr().out, "non")
    assert (non.rows, non.columns, non.goal) == (xml.rows, xml.columns, xml.goal)


def test_cli_convert_refuses_a_format_without_the_colours(tmp_path, capsys):
    source = tmp_path / "colours.xml"
    source.write_text(dumps(Puzzle.from_grid(["Xr", "r."], COLOURS), "xml"))
    for fmt in ("non", "pattern"):
        assert main(["nonogram", "convert", str(source), "--to", fmt]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "one colour" in err


def test_cli_writes_files_as_utf8_and_text_in_any_encoding(tmp_path):
    """Whatever the encoding of standard output: a file written there is UTF-8, as
    its readers take it (XML without a declaration too), and text for people never
    fails on a character the encoding lacks."""
    args = [sys.executable, "-m", "solvelab", "nonogram"]
    latin = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    made = subprocess.run(
        [*args, "make", "--width", "5", "--height", "5", "--seed", "1"],
        capture_output=True,
        env=latin,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    assert parse(made.stdout.decode("utf-8"), "xml").title == "random 5×5"
    source = tmp_path / "e.xml"
    puzzle = Puzzle.from_grid(["é.", "éé"], (WHITE, Colour("e", "é")))
    source.write_text(dumps(puzzle, "xml"), encoding="utf-8")
    ascii_ = {**os.environ, "PYTHONIOENCODING": "ascii"}
    for fmt in ("xml", "text"):
        done = subprocess.run(
            [*args, "convert", str(source), "--to", fmt],
            capture_output=True,
            env=ascii_,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert parse(done.stdout.decode("utf-8"), fmt).rows == puzzle.rows
    for command in (["show", "5:1/3/5/3/1/1/3/5/3/1"], ["show", str(source)]):
        done = subprocess.run([*args, *command], capture_output=True, env=ascii_, timeout=120)
        assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.startswith(b"2 ? 2 nonogram")


def test_cli_a_goal_of_another_size_than_the_clues_is_a_malformed_file(tmp_path, capsys):
    """A row's <line> left out of a file whose goal still has every row: exit 2, not
    "no solution" from the totals that the missing line upsets."""
    text = dumps(Puzzle.from_grid(["XX.", ".XX", "X.X"]), "xml")
    line = text.index("<line>", text.index('<clues type="rows">'))
    path = tmp_path / "missing.xml"
    path.write_text(text[:line] + text[text.index("\n", line) + 1 :])
    assert main(["nonogram", "solve", "--json", str(path)]) == 2
    assert capsys.readouterr() == (
        "",
        f"solvelab: {path}: the goal picture is not 3×2, the size of the clues\n",
    )


@pytest.mark.parametrize("name", ["12:30.non", "puzzles#2#old.xml", "7#1.txt"])
def test_cli_a_missing_file_named_like_a_game_id_is_missing(tmp_path, capsys, monkeypatch, name):
    """A name ending in a puzzle file's extension names a file, though the rest looks
    like a Pattern game ID (or a seed ID)."""
    monkeypatch.chdir(tmp_path)
    assert main(["nonogram", "solve", name]) == 2
    assert capsys.readouterr() == (
        "",
        f"solvelab: {name}: cannot read the file: No such file or directory\n",
    )


def test_cli_show_and_convert_name_the_file_of_clues_no_grid_satisfies(tmp_path, capsys):
    path = tmp_path / "long.txt"
    path.write_text("rows\n3 4\ncolumns\n1\n")
    for command in (["show"], ["convert", "--to", "xml"]):
        assert main(["nonogram", *command, str(path)]) == 2
        assert capsys.readouterr() == (
            "",
            f"solvelab: {path}: row 1: clues 3 4 need 8 cells, the row has 1\n",
        )
    # a game ID given for the file is not repeated, as in its other errors
    assert main(["nonogram", "show", "1x1:2/1"]) == 2
    assert capsys.readouterr().err == (
        "solvelab: column 1: clue 2 needs 2 cells, the column has 1\n"
    )


@pytest.mark.parametrize(
    ("limit", "status", "message"),
    [  # nothing found in the time given (3, as solve's), or a bad option (2)
        ("1e-9", 3, "solvelab: no unique puzzle found in 1 random 50 × 50 picture of density 0.5"),
        ("nan", 2, "solvelab: --time-limit must be positive"),
    ],
)
def test_cli_make_gives_up_in_one_line(capsys, limit, status, message):
    args = ["nonogram", "make", "--width", "50", "--height", "50", "--density", "0.5"]
    assert main([*args, "--time-limit", limit]) == status
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(message) and err.count("\n") == 1
    # Out of time, the seed's puzzle may yet come with more (on a slower machine).
    assert err.endswith(", or more time (--time-limit)\n") is (status == 3)


@needs_puzzles
def test_cli_time_limit_is_never_none(capsys):
    path = PUZZLES / "dom" / "7-dom.xml"
    code = main(["nonogram", "solve", "--json", "--time-limit", "0.01", str(path)])
    data = json.loads(capsys.readouterr().out)
    assert (code, data["status"]) == (3, "timeout")


def _time_runs_out_after(monkeypatch, found: int) -> list:
    """The CLI's solve made to run out of time once it has ``found`` solutions; returns
    the list of each solve's (options, solutions it would have found)."""
    import solvelab.nonogram.cli as cli

    calls = []

    def out_of_time(puzzle, **options):
        result = solve(puzzle, **options)
        calls.append((options, len(result.solutions)))
        del result.solutions[found:]
        result.status, result.reason = "timeout", "the time limit of 1 s passed before the end"
        return result

    monkeypatch.setattr(cli, "solve", out_of_time)
    return calls


def test_cli_shows_a_solution_found_before_the_time_limit(tmp_path, capsys, monkeypatch):
    """The search found a solution, then the time ran out before it could say whether
    there is another: the picture is shown, and no verdict is claimed."""
    _time_runs_out_after(monkeypatch, 1)
    path = tmp_path / "two.txt"
    path.write_text("rows\n1\n1\ncolumns\n1\n1\n")
    assert main(["nonogram", "solve", "--colour", "never", "--time-limit", "1", str(path)]) == 3
    *picture, verdict = capsys.readouterr().out.splitlines()
    assert picture in (["X.", ".X"], [".X", "X."])
    assert verdict.startswith(
        "a solution, but the time limit of 1 s passed before the search could say whether "
        "it is the only one ("
    )
    assert main(["nonogram", "solve", "--json", "--time-limit", "1", str(path)]) == 3
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "timeout" and len(data["solutions"]) == 1


def test_cli_shows_the_solutions_found_before_the_time_limit(tmp_path, capsys, monkeypatch):
    """Asked for up to 10, the search found 3, then the time ran out: all 3 are shown,
    as at least 3, not as the count."""
    calls = _time_runs_out_after(monkeypatch, 3)
    path = tmp_path / "permutations.txt"
    path.write_text("rows\n1\n1\n1\ncolumns\n1\n1\n1\n")
    args = ["nonogram", "solve", "--time-limit", "1", "--max-solutions", "10", str(path)]
    assert main([*args, "--colour", "never"]) == 3
    out = capsys.readouterr().out
    assert out.count("solution ") == 3
    assert out.splitlines()[-1].startswith(
        "at least 3 solutions (all shown): the time limit of 1 s passed before the search "
        "found 10 or ended ("
    )
    assert main([*args, "--json"]) == 3
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "timeout" and len(data["solutions"]) == 3
    assert all(options["max_solutions"] == 10 and found == 6 for options, found in calls)


# -- the benchmark puzzles ---------------------------------------------------------------

FAST = [
    "webpbn/webpbn-00001.xml",
    "webpbn/webpbn-00006.xml",
    "webpbn/webpbn-00016.xml",
    "webpbn/webpbn-00021.xml",
    "webpbn/webpbn-00023.xml",
    "webpbn/webpbn-00027.xml",
    "webpbn/webpbn-00065.xml",
    "webpbn/webpbn-00529.xml",
    "webpbn/webpbn-01611.xml",
    "webpbn/webpbn-color-00047.xml",
    "webpbn/webpbn-color-00220.xml",
    "dom/3-dom.xml",
    "dom/4-dom.xml",
    "dom/5-dom.xml",
    "dom/6-dom.xml",
]


@needs_puzzles
@pytest.mark.parametrize("name", FAST)
def test_benchmark_puzzles_are_unique(name):
    puzzle = read_file(PUZZLES / name)
    result = solve(puzzle)
    assert result.status == "unique"
    assert puzzle.check(result.solutions[0])
    if puzzle.goal is not None:
        assert result.solutions[0] == puzzle.goal


@needs_puzzles
def test_knotty_has_two_solutions_that_a_quarter_turn_keeps():
    """knotty's clues come back after a quarter turn; two of the pictures that turn
    keeps solve it (the search over those pictures finds them in seconds, where a
    search of all pictures found no solution in 500 s)."""
    puzzle = read_file(PUZZLES / "webpbn" / "knotty.xml")
    result = solve(puzzle)
    assert result.status == "multiple"
    first, second = result.solutions
    assert first != second
    assert all(read_plainly(puzzle, grid) for grid in result.solutions)
    assert puzzle.goal in result.solutions
    turn = next(s for s in symmetries(puzzle) if s.name == "quarter turn")
    assert turn.image(first) == first and turn.image(second) == second


def read_plainly(puzzle, grid) -> bool:
    """Whether each row and column of a one-colour grid, read plainly, is its clue."""
    rows = ["".join(".X"[v] for v in row) for row in grid]
    columns = ["".join(col) for col in zip(*rows, strict=True)]
    return all(
        [len(run) for run in re.findall("X+", line)] == [b.length for b in clue]
        for line, clue in zip(rows + columns, puzzle.rows + puzzle.columns, strict=True)
    )


@needs_puzzles
def test_faase_has_a_second_solution_beside_its_goal():
    """faase, searched from its clues, runs out of time; checking its goal picture
    (--check) finds a second solution a few cells from it at once: not unique."""
    path = PUZZLES / "webpbn" / "faase.xml"
    done = run_cli("nonogram", "solve", "--check", "--json", str(path))
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["status"] == "multiple"
    puzzle = read_file(path)
    goal, other = (
        tuple(tuple(".@".index(c) for c in row) for row in picture) for picture in data["solutions"]
    )
    assert goal == puzzle.goal and other != goal
    assert read_plainly(puzzle, goal) and read_plainly(puzzle, other)


def test_cli_check_needs_a_goal_that_fits(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text("rows\n1\n1\ncolumns\n1\n1\n")
    done = run_cli("nonogram", "solve", "--check", str(path))
    assert done.returncode == 2 and done.stderr.strip().endswith("the file has no goal picture")
    path = tmp_path / "two.non"
    path.write_text("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\ngoal 1100\n")
    done = run_cli("nonogram", "solve", "--check", str(path))
    assert done.returncode == 2
    assert done.stderr.strip().endswith("row 1 of the goal picture reads 2, its clue is 1")
    path.write_text("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\ngoal 0110\n")
    done = run_cli("nonogram", "solve", "--check", "--json", str(path))
    assert json.loads(done.stdout)["solutions"] == [[".X", "X."], ["X.", ".X"]]
    done = run_cli("nonogram", "solve", "--check", "--colour", "never", str(path))
    assert done.stdout.startswith("solution 1 (the goal picture):\n.X\nX.\nsolution 2:\n")
    path.write_text("width 2\nheight 2\nrows\n2\n1\ncolumns\n2\n1\ngoal 1110\n")
    done = run_cli("nonogram", "solve", "--check", "--colour", "never", str(path))
    assert "unique solution: the goal picture (" in done.stdout


@needs_puzzles
def test_benchmark_puzzle_in_the_cli_uses_its_characters():
    done = run_cli("nonogram", "solve", "--json", str(PUZZLES / "dom" / "6-dom.xml"))
    data = json.loads(done.stdout)
    assert data["status"] == "unique"
    assert set("".join(data["solutions"][0])) == {" ", "#"}


def test_other_commands_do_not_import_the_nonogram_package():
    code = (
        "import sys; from solvelab.cli import main; main(['cube', 'facelets', 'R']); "
        "print(sorted(m for m in sys.modules if m.startswith('solvelab.nonogram')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines()[-1] == "[]"


def test_bench_times_solvelab_as_it_times_a_peer(tmp_path):
    """The ratio to a peer divides two first solves, each in a new process: the
    first_solve script speaks the peers' protocol (SECONDS, then the verdict)."""
    from solvelab.bench.nonogram import FIRST_SOLVE, _ratio, run_peer

    path = tmp_path / "p.xml"
    path.write_text(dumps(generate(12, 10, 0.55, seed=3), "xml"), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "solvelab.bench.first_solve", str(path)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert out[0] == "SECONDS" and float(out[1]) > 0
    assert out[2:] == ["STATUS", "unique"]
    other = tmp_path / "other.xml"
    other.write_text(dumps(generate(9, 8, 0.6, seed=4), "xml"), encoding="utf-8")
    warm = subprocess.run(
        [sys.executable, "-m", "solvelab.bench.first_solve", str(path), "--after", str(other), "3"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert warm[0] == "SECONDS" and warm[2:] == ["STATUS", "unique"]
    run = run_peer(FIRST_SOLVE, path, 60)
    assert run is not None and run.seconds > 0
    assert run.solutions is None  # a verdict, not a count of solutions
    # A ratio just under a target is not rounded up to it.
    assert _ratio(0.0096, 0.001) == "9.6×"
    assert _ratio(0.5, 0.001) == "500×"
    assert _ratio(0.5, None) == "—"
    assert _ratio(0.25, 5.7) == "0.04×"  # a faster peer (the SAT solver on 10-Dom)


def test_bench_takes_turns_keeps_each_fastest_run_and_stops_at_a_first_timeout(monkeypatch):
    from solvelab.bench import nonogram as bench

    times = {"ours": iter([0.3, 0.1, 0.2]), "peer": iter([0.5, None])}
    calls = []

    def run(command, path, time_limit):
        calls.append(command)
        seconds = next(times[command])
        return None if seconds is None else bench.PeerRun(seconds, 1)

    monkeypatch.setattr(bench, "run_peer", run)
    commands = {"solvelab": "ours", "pynogram": "peer"}
    fastest = bench._fastest(commands, Path("p.xml"), 60, 3)
    assert fastest == {"solvelab": bench.PeerRun(0.1, 1), "pynogram": None}
    # Turn by turn; a run past the time limit (None) is not tried again: it would
    # take the whole limit.
    assert calls == ["ours", "peer", "ours", "peer", "ours"]


def test_bench_checks_the_verdict_against_a_peers_count_of_solutions(tmp_path, monkeypatch, capsys):
    """A peer that prints how many solutions it found is a second opinion: a count
    that contradicts solvelab's verdict is marked and makes the bench exit with 1."""
    from solvelab.bench import nonogram as bench

    (tmp_path / "p.xml").write_text(dumps(generate(8, 8, 0.55, seed=3), "xml"), encoding="utf-8")
    for _, env in bench.PEERS:
        monkeypatch.delenv(env, raising=False)
    monkeypatch.setenv("SOLVELAB_PEER_CPSAT", "peer {file}")

    def peer_finding(count):
        def run(command, path, time_limit):
            if command == bench.FIRST_SOLVE:
                return bench.PeerRun(0.001)
            return bench.PeerRun(0.01, count)

        return run

    monkeypatch.setattr(bench, "run_peer", peer_finding(1))
    assert bench.main(str(tmp_path), peers=True) == 0
    out = capsys.readouterr().out
    assert "CP-SAT's count of solutions bears out solvelab's verdict on 1 puzzle." in out
    assert "DIFFER" not in out
    monkeypatch.setattr(bench, "run_peer", peer_finding(2))
    assert bench.main(str(tmp_path), peers=True) == 1
    out = capsys.readouterr().out
    assert "(2 solutions ≠ unique)" in out
    assert "VERDICTS DIFFER: p: CP-SAT found 2, solvelab unique." in out


@pytest.mark.parametrize("limit", [["--time-limit", "5"], ["--generator"]])
def test_bench_of_the_edit_pages_check(capsys, limit):
    """A random picture's verdict from its clues and checking the picture: the same,
    or a timeout from the clues (never a different verdict); a row for each size and
    seed."""
    args = ["bench", "nonogram-pictures", "--sizes", "6", "40", "--seed", "1", "2", *limit]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert ("work limit 16,000,000" in out) == (limit == ["--generator"])
    rows = [line.split(" | ") for line in out.splitlines()[4:8]]
    assert [row[:2] for row in rows] == [["| 6×6", s] for s in "12"] + [
        ["| 40×40", s] for s in "12"
    ]
    for _, _, clues, _, checked, _ in rows:
        assert checked in ("unique", "multiple")
        assert clues in (checked, "timeout")


def test_bench_of_which_clue_is_wrong(capsys):
    """Each slip in turn, and the changed row found among the first lines named."""
    assert main(["bench", "nonogram-typos", "--sizes", "10", "--count", "2"]) == 0
    rows = [line.split(" | ") for line in capsys.readouterr().out.splitlines()[4:6]]
    assert [row[:2] for row in rows] == [["| 10×10 #1", "swap"], ["| 10×10 #2", "one more"]]
    for row in rows:
        assert int(row[2]) >= 1 and row[3] == "1"
        # The first line found was told (shown) before the search's end.
        seconds, first = float(row[6].removesuffix(" s")), float(row[7].removesuffix(" s |"))
        assert 0 <= first <= seconds
    # Two clues wrong: the pairs, the changed one first.
    assert main(["bench", "nonogram-typos", "--two", "--sizes", "10", "--count", "2"]) == 0
    out = capsys.readouterr().out
    assert "budget 1,500,000 line solves for one clue, 4,500,000 for two" in out
    rows = [line.split(" | ") for line in out.splitlines()[4:6]]
    assert [row[:2] for row in rows] == [
        ["| 10×10 #1", "row swapped, column one more"],
        ["| 10×10 #2", "row one more, column swapped"],
    ]
    for row in rows:
        assert " pair" in row[2] and row[3] == "1"
        assert row[7].endswith(" s |")  # a pair was told as it was found
    # In pictures of three colours (the learning search for colours).
    args = ["bench", "nonogram-typos", "--sizes", "10", "--count", "2", "--colours", "3"]
    assert main([*args, "--density", "0.7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 colours, density 0.7, seed 1 on;")
    for row in [line.split(" | ") for line in out.splitlines()[4:6]]:
        assert int(row[2]) >= 1 and row[3] == "1"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nonogram-typos", "--sizes", "4"], "sizes must be 5 to 200"),
        (["nonogram-typos", "--count", "0"], "--count must be 1 or more"),
        (["nonogram-typos", "--density", "1"], "the density must be between 0 and 1"),
        (["nonogram-typos", "--colours", "8"], "--colours must be 1 to 7"),
        (["nonogram", "--repeat", "0"], "--repeat must be 1 or more, --time-limit positive"),
        (["nonogram", "--time-limit", "nan"], "--repeat must be 1 or more, --time-limit positive"),
        (["nonogram", "--only", "no-such-puzzle"], "no .xml puzzle in"),
        (["nonogram", "--in-red", "--peers"], "--in-red and --peers do not go together"),
        (["nonogram", "--steps", "--peers"], "--steps and --peers do not go together"),
        (["nonogram-pictures", "--sizes", "0"], "sizes must be 1 to 200"),
        (["nonogram-pictures", "--sizes", "201"], "sizes must be 1 to 200"),
        (["nonogram-pictures", "--density", "3"], "the density must be between 0 and 1"),
        (["nonogram-pictures", "--time-limit", "-1"], "--time-limit must be positive"),
    ],
)
def test_bench_refuses_bad_arguments_in_one_line(capsys, tmp_path, args, message):
    (tmp_path / "plus.xml").write_text(dumps(Puzzle.from_grid([".X.", "XXX", ".X."]), "xml"))
    assert (
        main(["bench", *args, *(["--puzzles", str(tmp_path)] if args[0] == "nonogram" else [])])
        == 2
    )
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"solvelab: {message}") and err.count("\n") == 1


def test_bench_in_red_solves_the_same_pictures_as_colour_puzzles(capsys, tmp_path):
    from solvelab.bench.nonogram import in_red

    plus = Puzzle.from_grid([".X.", "XXX", ".X."])
    red = in_red(plus)
    assert [c.name for c in red.colours] == ["white", "black", "red"]
    assert solve(red).solutions == [tuple(tuple(2 * v for v in row) for row in plus.goal)]
    assert red.goal == solve(red).solutions[0]
    assert in_red(red) is red  # a colour puzzle stays as it is
    (tmp_path / "plus.xml").write_text(dumps(plus, "xml"))
    assert main(["bench", "nonogram", "--puzzles", str(tmp_path), "--in-red"]) == 0
    out = capsys.readouterr().out
    assert "one-colour puzzles in red (--in-red)" in out and "| plus | 3×3 | unique |" in out


def test_bench_steps_counts_the_steps_the_solver_records(capsys, tmp_path):
    from solvelab.bench.nonogram import in_red

    diagonals = Puzzle.from_grid(["X.", ".X"])
    steps = solve(in_red(diagonals), record_steps=True).steps
    assert [step.kind for step in steps] == ["line", "line", "guess", "solution", "image"]
    (tmp_path / "diagonals.xml").write_text(dumps(diagonals, "xml"))
    assert main(["bench", "nonogram", "--puzzles", str(tmp_path), "--steps", "--in-red"]) == 0
    out = capsys.readouterr().out
    assert "recording the steps (--steps)" in out
    assert "| diagonals | 2×2 | multiple | search (2 guesses), 5 steps |" in out
    assert main(["bench", "nonogram", "--puzzles", str(tmp_path)]) == 0
    assert "| diagonals | 2×2 | multiple | search (2 guesses) |" in capsys.readouterr().out


def test_bench_names_a_puzzle_it_cannot_use_in_one_line(capsys, tmp_path):
    (tmp_path / "plus.xml").write_text(dumps(Puzzle.from_grid([".X.", "XXX", ".X."]), "xml"))
    (tmp_path / "cut.xml").write_text("<puzzleset><puzzle>\n<clues")
    clues = "<clues type='{}'><line><count>2</count></line></clues>"
    long = "<puzzle>" + clues.format("rows") + clues.format("columns") + "</puzzle>"
    (tmp_path / "long.xml").write_text(long)
    for only, problem in (
        ("cut", "cut.xml: line 2: not well-formed XML"),
        ("long", "long.xml: row 1: clue 2 needs 2 cells, the row has 1"),
    ):
        assert main(["bench", "nonogram", "--puzzles", str(tmp_path), "--only", only]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.startswith(f"solvelab: {tmp_path}/{problem}")
        assert err.count("\n") == 1


def test_xml_round_trip_escapes_text_and_names():
    awkward = (
        WHITE,
        Colour('a "b" & <c>', "r", "FF0000"),
        Colour("it's\tred\nish", "'", "00B000"),
    )
    puzzle = Puzzle.from_grid(["r'", "'r"], awkward, title='<Tom & Jerry\'s "cat">')
    # characters XML must escape, in the goal's image too
    puzzle = Puzzle.from_grid(["<&", "&<"], (WHITE, Colour("lt", "<"), Colour("amp", "&")))
    assert parse(dumps(puzzle, "xml"), "xml").goal == puzzle.goal
    puzzle = Puzzle.from_grid(["r'", "'r"], awkward, title='<Tom & Jerry\'s "cat">')
    puzzle = dataclasses.replace(puzzle, author="A & B <ab@example.org>")
    again = parse(dumps(puzzle, "xml"), "xml")
    assert (again.title, again.author) == (puzzle.title, puzzle.author)
    assert again.colours == puzzle.colours
    assert (again.rows, again.columns, again.goal) == (puzzle.rows, puzzle.columns, puzzle.goal)


def test_an_undeclared_background_gets_a_character_no_colour_draws_with():
    """Not '?', which draws an unknown cell: and a colour the file draws as '?' is
    no clash with a colour the file never declared."""
    rows = "<line><count>1</count></line><line/>"
    for declared, expected in (
        ("<color name='black' char='.'/>", "-"),
        ("<color name='black' char='.'/><color name='red' char='?'/>", "-"),
        ("<color name='black' char='X'/>", "."),
    ):
        puzzle = parse(
            f"<puzzle>{declared}<clues type='rows'>{rows}</clues>"
            f"<clues type='columns'>{rows}</clues></puzzle>",
            "xml",
        )
        assert puzzle.colours[0].char == expected
    puzzle = parse(
        "<puzzle><color name='white' char='X'/><color name='red' char='r'/>"
        "<clues type='rows'><line><count color='red'>1</count></line></clues>"
        "<clues type='columns'><line><count color='red'>1</count></line></clues></puzzle>",
        "xml",
    )
    assert puzzle.colours[2] == BLACK._replace(char="#")  # the default colour, declared by none


class _Index:
    """An integer of another type (as numpy's are): what ``operator.index`` takes."""

    def __init__(self, value: int):
        self.value = value

    def __index__(self) -> int:
        return self.value


@pytest.mark.parametrize("clue", [[(2.0, 1)], [(1.5, 1)], [1], "1", [(2, None)]])
def test_clues_of_other_than_whole_numbers_are_refused(clue):
    with pytest.raises(ClueError, match="pairs of whole numbers"):
        Puzzle([clue, clue], [clue, clue])


def test_clues_of_other_integer_types_are_whole_numbers():
    two = [(_Index(2), _Index(1))]
    puzzle = Puzzle([two, two], [two, two])
    assert type(puzzle.rows[0][0].length) is int
    assert solve(puzzle).status == "unique"


@pytest.mark.parametrize(
    ("colours", "message"),
    [
        ((Colour("white", "."), Colour("a", "X"), Colour("a", "Y")), "two colours are named"),
        ((Colour("white", "."), Colour(" ", "X")), "needs a name"),
        ((Colour("white", "."), Colour("b", "ab")), "one character"),
    ],
)
def test_colours_a_file_could_not_tell_apart_are_refused(colours, message):
    with pytest.raises(ClueError, match=message):
        Puzzle([[(1, 1)]], [[(1, 1)]], colours)


def test_the_clue_text_writer_writes_what_its_reader_reads_or_refuses():
    comma = (Colour("white", "."), Colour("green", ":"), Colour("black", ","))
    with pytest.raises(FormatError, match="drawn as ','"):
        dumps(Puzzle.from_grid([",.", ".:"], colours=comma), "text")
    red = (Colour("white", "."), Colour("red", "r", "FF0000"))
    puzzle = Puzzle.from_grid(["r.", ".r"], colours=red)
    assert parse(dumps(puzzle, "text"), "text").colours[1:] == red[1:]  # was black X
    with pytest.raises(FormatError, match="title"):
        dumps(dataclasses.replace(puzzle, title="a # b"), "text")


def test_writers_keep_what_they_can_of_odd_titles():
    puzzle = Puzzle.from_grid(["X.", ".X"])
    odd = dataclasses.replace(puzzle, title="a\x00b\ud800c", author="x")
    assert parse(dumps(odd, "xml"), "xml").title == "abc"  # XML 1.0 cannot hold the rest
    quoted = dataclasses.replace(puzzle, title='say "hi"', author='"')
    back = parse(dumps(quoted, "non"), "non")
    assert (back.title, back.author) == ('say "hi"', '"')
    assert parse(dumps(dataclasses.replace(puzzle, title="two\nlines"), "non"), "non").title == (
        "two lines"
    )
    with pytest.raises(FormatError, match="a second rows section"):
        parse("width 1\nheight 1\nrows\n1\ncolumns\n1\nrows\n1\n", "non")
