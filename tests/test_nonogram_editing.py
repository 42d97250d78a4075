"""The editor's Python: the verdict on a drawn picture, random pictures, export
and opening clues as a picture (solvelab.nonogram.editing and its web functions)."""

from __future__ import annotations

from solvelab import web
from solvelab.nonogram import Puzzle, solve
from solvelab.nonogram.editing import check_picture

# The clues of X.X over XXX, with no picture in the file.
CLUES_ONLY = "width 3\nheight 2\nrows\n1 1\n3\ncolumns\n2\n1\n2\n"


def test_verdicts():
    assert check_picture(2, 2, [1, 0, 0, 1]) == {
        "status": "multiple",
        "difficulty": check_picture(2, 2, [1, 0, 0, 1])["difficulty"],
        "diff": [0, 1, 2, 3],
        "other": [0, 1, 1, 0],
    }
    assert check_picture(2, 2, [1, 1, 0, 1])["status"] == "unique"
    assert check_picture(2, 2, [1, 1, 0, 1])["difficulty"] == "line"
    assert check_picture(3, 1, [0, 2, 0])["status"] == "empty"  # crosses are background
    # 2 solutions: the differing cells are exactly where two solutions disagree
    picture = [1, 0, 0, 0, 1, 0, 0, 0, 1]
    answer = check_picture(3, 3, picture)
    assert answer["status"] == "multiple"
    other = answer["other"]
    assert other != picture
    assert sorted(answer["diff"]) == [i for i in range(9) if other[i] != picture[i]]
    rows = [other[i * 3 : i * 3 + 3] for i in range(3)]
    assert Puzzle.from_grid(rows) == Puzzle.from_grid(
        [picture[i * 3 : i * 3 + 3] for i in range(3)]
    )


def test_a_time_limit_never_says_no_solution():
    picture = [(i * 7919) % 3 == 0 for i in range(30 * 30)]
    answer = check_picture(30, 30, [int(v) for v in picture], time_limit=0.0)
    assert answer["status"] in ("timeout", "unique", "multiple")


def test_nonsense_sizes_are_errors():
    assert "1 to 100" in web.nonogram_edit_check(width=0, height=3, cells=[])["error"]
    assert "1 to 100" in web.nonogram_edit_check(width=101, height=3, cells=[0] * 303)["error"]
    assert "cells" in web.nonogram_edit_check(width=2, height=2, cells=[0])["error"]
    assert "1 to 100" in web.nonogram_edit_random(width=5, height=0)["error"]
    assert "density" in web.nonogram_edit_random(width=5, height=5, density=2)["error"]


def test_random_pictures_have_the_size_and_follow_the_seed():
    a = web.nonogram_edit_random(width=7, height=3, density=0.5, seed=4)["cells"]
    assert len(a) == 21 and set(a) <= {0, 1}
    assert web.nonogram_edit_random(width=7, height=3, density=0.5, seed=4)["cells"] == a
    assert set(web.nonogram_edit_random(width=4, height=4, density=0, seed=1)["cells"]) == {0}
    assert set(web.nonogram_edit_random(width=4, height=4, density=1, seed=1)["cells"]) == {1}


def test_export_and_open_round_trip():
    cells = [1, 0, 0, 1, 1, 1, 0, 1]  # 4 × 2
    for fmt in ("xml", "non"):
        exported = web.nonogram_edit_export(width=4, height=2, cells=cells, fmt=fmt)
        opened = web.nonogram_edit_open(text=exported["text"], name=f"p.{fmt}")
        assert (opened["width"], opened["height"], opened["cells"]) == (4, 2, cells)
    link = web.nonogram_edit_export(width=4, height=2, cells=cells)["link"]
    opened = web.nonogram_edit_open(clues=link)
    rows = [opened["cells"][:4], opened["cells"][4:]]
    assert Puzzle.from_grid(rows) == Puzzle.from_grid([cells[:4], cells[4:]])
    assert web.nonogram_from_link(clues=link)["rows"] == [[1, 1], [2, 1]]  # the Play page reads it


def test_clues_without_a_picture_are_solved():
    puzzle = Puzzle.from_grid(["X.X", "XXX"])
    text = CLUES_ONLY
    opened = web.nonogram_edit_open(text=text, name="p.non")
    assert opened["cells"] == [1, 0, 1, 1, 1, 1]
    assert solve(puzzle).status == "unique"


def test_an_open_out_of_time_says_so_and_is_no_error():
    # The page asks again with longer: hard clues on a slow phone still open.
    text = CLUES_ONLY
    assert web.nonogram_edit_open(text=text, name="p.non", time_limit=0) == {"status": "timeout"}
    assert web.nonogram_edit_open(text=text, name="p.non", time_limit=5)["cells"]


def test_an_open_out_of_time_after_a_picture_keeps_the_picture(monkeypatch):
    """The solver found a picture but not yet whether it is the only one: the page
    opens it (the editor's check gives the verdict), rather than asking again."""
    from solvelab.nonogram import editing
    from solvelab.nonogram.solver import TIMEOUT, Result

    def out_of_time(puzzle, time_limit):
        return Result(puzzle, TIMEOUT, solutions=[((1, 0, 1), (1, 1, 1))])

    monkeypatch.setattr(editing, "solve", out_of_time)
    text = CLUES_ONLY
    opened = web.nonogram_edit_open(text=text, name="p.non", time_limit=1)
    assert (opened["cells"], opened["status"]) == ([1, 0, 1, 1, 1, 1], "found")


def test_malformed_input_is_a_message():
    assert "error" in web.nonogram_edit_open(text="<puzzle", name="a.xml")
    assert "error" in web.nonogram_edit_open(clues="11.3_2")
    assert "error" in web.nonogram_edit_open(clues="")
    # clues with no solution
    assert "no solution" in web.nonogram_edit_open(clues="2.0.2_1.2.1")["error"]


def test_an_opened_files_errors_name_it_and_its_size():
    """As a syntax error does (``bad.xml: line 1: …``), and a size the editor cannot
    draw says the puzzle's."""
    none = "width 2\nheight 2\nrows\n2\n2\ncolumns\n1\n1\n"
    assert web.nonogram_edit_open(text=none, name="none.non") == {
        "error": "none.non: the rows fill 4 cells and the columns 2"
    }
    big = "width 150\nheight 150\nrows\n" + "1\n" * 150 + "columns\n" + "1\n" * 150
    assert web.nonogram_edit_open(text=big, name="big.non") == {
        "error": "big.non: the puzzle is 150 × 150: the editor draws up to 100 × 100"
    }
    # Past the library's limit too (it said "at most 200 × 200 are allowed").
    huge = "width 500\nheight 500\nrows\n" + "1\n" * 500 + "columns\n" + "1\n" * 500
    assert web.nonogram_edit_open(text=huge, name="huge.non") == {
        "error": "huge.non: the puzzle is 500 × 500: the editor draws up to 100 × 100"
    }
    assert web.nonogram_from_text(text=none, name="none.non")["error"].startswith("none.non: ")
    assert web.nonogram_edit_open(text="<x", name="bad.xml")["error"].count("bad.xml") == 1
