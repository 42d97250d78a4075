"""What the Play page asks of Python about a puzzle without a single solution, and
the size of the puzzles it opens (see web_nonogram.nonogram_check, nonogram_hint)."""

from solvelab import web, web_nonogram
from solvelab.nonogram import solve

TWO_SOLUTIONS = {"rows": [[1], [1]], "columns": [[1], [1]]}
NO_SOLUTION = {"rows": [[2], [2], []], "columns": [[1], [1], [2]]}
HEART = web.nonogram_from_gallery(name="heart")


def empty(puzzle):
    return [0] * (len(puzzle["rows"]) * len(puzzle["columns"]))


def test_check_of_an_empty_grid_gives_the_puzzles_verdict():
    assert web.nonogram_check(**TWO_SOLUTIONS, grid=[0] * 4)["status"] == "multiple"
    answer = web.nonogram_check(**NO_SOLUTION, grid=[0] * 9)
    assert answer["status"] == "none"
    assert answer["error"].startswith("this puzzle has no solution (")
    puzzle = {"rows": HEART["rows"], "columns": HEART["columns"]}
    answer = web.nonogram_check(**puzzle, grid=empty(puzzle))
    assert answer == {"status": "unique", "wrong": [], "missing": answer["missing"]}


def test_hint_on_a_puzzle_with_two_solutions_says_so_instead_of_a_contradiction_hunt():
    hint = web.nonogram_hint(**TWO_SOLUTIONS, grid=[0] * 4)
    assert hint["kind"] == "multiple" and hint["cells"] == []
    assert "more than one solution" in hint["reason"]
    assert "contradiction" not in hint["reason"]


def test_hint_on_a_puzzle_with_two_solutions_gives_its_line_steps_first():
    # two solutions in the bottom right 2 × 2; row 1 and column 1 are empty
    puzzle = {"rows": [[], [1], [1]], "columns": [[], [1], [1]]}
    hint = web.nonogram_hint(**puzzle, grid=[0] * 9)
    assert hint["kind"] == "line"
    grid = [2, 2, 2, 2, 0, 0, 2, 0, 0]  # what the lines tell
    assert web.nonogram_hint(**puzzle, grid=grid)["kind"] == "multiple"


def test_hint_on_a_puzzle_without_a_solution_says_so():
    hint = web.nonogram_hint(**NO_SOLUTION, grid=[0] * 9)
    assert hint["kind"] == "no-solution"
    assert hint["reason"].startswith("this puzzle has no solution (")


def test_a_link_over_the_size_limit_has_its_size_in_its_error():
    ones = ".".join(["1"] * 201)
    answer = web.nonogram_from_link(clues=f"{ones}_{ones}")
    assert (answer["width"], answer["height"]) == (201, 201)
    assert "200 × 200" in answer["error"]


def test_the_play_pages_questions_have_no_time_limit(monkeypatch):
    """A hard puzzle on a slow phone is decided later, never "out of time": Check and
    Hint ask for the solution with no time limit, once a puzzle."""
    asked = []

    def solve_once(puzzle, **options):
        asked.append(options)
        return solve(puzzle, **options)

    monkeypatch.setattr(web_nonogram, "solve", solve_once)
    monkeypatch.setattr(web_nonogram, "_results", {})
    puzzle = {"rows": [[1, 1], [3], [1]], "columns": [[2], [2], [2]]}
    assert web.nonogram_check(**puzzle, grid=[0] * 9)["status"] == "unique"
    assert web.nonogram_hint(**puzzle, grid=[0] * 9)["cells"]
    assert asked == [{}]
