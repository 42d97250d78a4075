"""Which clue is wrong (bad_clues.py): the lines found against a brute force that
leaves each line's clue out, a clue typed wrong found first, and the words."""

from __future__ import annotations

import itertools
import random

import pytest

from solvelab.nonogram import Puzzle, UnsatisfiableClues, parse
from solvelab.nonogram.bad_clues import Suspect, clue_distance, suspects, suspects_text
from solvelab.nonogram.generator import random_picture
from solvelab.nonogram.puzzle import Block, clue_of
from solvelab.nonogram.solver import NONE, Solver, solve


def runs(line) -> tuple:
    return tuple(len(list(group)) for filled, group in itertools.groupby(line) if filled)


def solvable_without(rows, columns, line: int) -> set[tuple]:
    """By brute force: the clues ``line`` could have for the other lines' clues to have
    a solution (the empty set if they have none)."""
    width, height = len(columns), len(rows)
    patterns = list(itertools.product((0, 1), repeat=width))
    candidates = [
        patterns if r == line else [p for p in patterns if runs(p) == rows[r]]
        for r in range(height)
    ]
    found = set()
    for grid in itertools.product(*candidates):
        cols = [tuple(row[c] for row in grid) for c in range(width)]
        if all(c + height == line or runs(cols[c]) == columns[c] for c in range(width)):
            found.add(runs(grid[line]) if line < height else runs(cols[line - height]))
    return found


def contradictory_clues(rng, w, h):
    """Rows of one random picture, columns of another: mostly no solution."""
    a = [[int(rng.random() < 0.5) for _ in range(w)] for _ in range(h)]
    b = [[int(rng.random() < 0.5) for _ in range(w)] for _ in range(h)]
    rows = [runs(row) for row in a]
    columns = [runs(col) for col in zip(*b, strict=True)]
    return rows, columns


def test_the_lines_found_are_those_without_whose_clue_the_others_have_a_solution():
    rng = random.Random(7)
    checked = totals = 0
    for _ in range(400):
        w, h = rng.randint(2, 4), rng.randint(2, 4)
        rows, columns = contradictory_clues(rng, w, h)
        blocks = [tuple(Block(n, 1) for n in clue) for clue in rows + columns]
        try:
            puzzle = Puzzle(tuple(blocks[:h]), tuple(blocks[h:]))
            if solve(puzzle).status != NONE:
                continue
        except UnsatisfiableClues as error:
            if error.puzzle is None:  # a clue longer than its line
                continue
            puzzle = error.puzzle  # rows and columns fill different numbers of cells
            totals += 1
        found = suspects(puzzle)
        expected = {line for line in range(h + w) if solvable_without(rows, columns, line)}
        assert {s.line for s in found} == expected
        for line, clue in found:  # the clue given for the line does give a solution
            assert tuple(b.length for b in clue) in solvable_without(rows, columns, line)
        checked += 1
    assert checked > 150 and totals > 50


def swapped(puzzle: Puzzle, row: int) -> Puzzle | None:
    """The puzzle with the first two different numbers of a row's clue swapped (a slip
    that keeps the count of filled cells), or None if the row has none."""
    clue = list(puzzle.rows[row])
    for i in range(len(clue) - 1):
        if clue[i] != clue[i + 1]:
            clue[i], clue[i + 1] = clue[i + 1], clue[i]
            rows = list(puzzle.rows)
            rows[row] = tuple(clue)
            return Puzzle(tuple(rows), puzzle.columns)
    return None


@pytest.mark.parametrize("size", [15, 25])
def test_a_clue_typed_wrong_is_found_first(size):
    """Unique puzzles of random pictures, one row's clue changed: two numbers swapped
    (no solution, found by solving) or one number one more (rows and columns fill
    different numbers of cells): the row is among the first lines named, one slip
    away from a clue that solves the puzzle."""
    rng = random.Random(size)
    tried = 0
    while tried < 4:
        puzzle = Puzzle.from_grid(random_picture(size, size, 0.6, rng))
        if solve(puzzle).status != "unique":
            continue
        row = rng.randrange(size)
        bad = swapped(puzzle, row)
        if bad is None or solve(bad).status != NONE:
            continue
        longer = list(puzzle.rows)
        longer[row] = (Block(longer[row][0].length + 1, 1), *longer[row][1:])
        with pytest.raises(UnsatisfiableClues) as raised:
            Puzzle(tuple(longer), puzzle.columns)
        for wrong in (bad, raised.value.puzzle):
            found = suspects(wrong)
            near = [clue_distance(wrong.lines[line], clue) for line, clue in found]
            # One slip from what was written: first, or tied first (then by line).
            assert near[0] == 1
            assert row in [line for (line, _), d in zip(found, near, strict=True) if d == 1]
            clue = dict(found)[row]
            rows = list(wrong.rows)
            rows[row] = clue
            assert solve(Puzzle(tuple(rows), wrong.columns)).status != NONE
        tried += 1


def test_the_search_gives_up_when_its_work_runs_out():
    rows, columns = ["2", "1 1", "2"], ["1 1", "2", "2"]
    puzzle = parse("rows\n" + "\n".join(rows) + "\ncolumns\n" + "\n".join(columns))
    assert solve(puzzle).status == NONE
    assert suspects(puzzle, work=1) is None
    assert suspects(puzzle) is not None


def test_a_line_left_out_takes_any_cells():
    # Rows and columns fill 5 and 3 cells; row 1's clue left out, the others decide it:
    # one cell, in the column rows 2 and 3 leave (permutation matrices).
    with pytest.raises(UnsatisfiableClues) as raised:
        parse("rows\n3\n1\n1\ncolumns\n1\n1\n1")
    puzzle = raised.value.puzzle
    result = Solver(puzzle, free_lines=frozenset([0])).solve()
    assert result.status == "multiple"
    for grid in result.solutions:
        assert [clue_of(row) for row in grid[1:]] == list(puzzle.rows[1:])
        assert [clue_of(col) for col in zip(*grid, strict=True)] == list(puzzle.columns)


def test_the_words():
    puzzle = parse("rows\n2 1\n0\n3\ncolumns\n1\n2\n2\n1")
    two = [Suspect(0, (Block(1, 1), Block(2, 1))), Suspect(5, (Block(2, 1),))]
    assert suspects_text(puzzle, two[:1]) == (
        "row 1's clue 2 1 may be wrong: with 1 2 there, the other clues have a solution"
    )
    assert suspects_text(puzzle, two) == (
        "2 clues could each be the wrong one (changed alone, each gives a solution), the "
        "likeliest first: row 1's 2 1 (1 2 fits); column 3's 2 (2 fits)"
    )
    assert suspects_text(puzzle, two * 3).endswith("; and 2 more")
    assert suspects_text(puzzle, []) == (
        "changing any one clue leaves no solution: two clues or more are wrong"
    )
