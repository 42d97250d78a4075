"""The learning search for puzzles of several colours (learning_colour.py), checked
against brute force, against the plain search (``learning=False``) and against
answers CaDiCaL gave (bench/sat_peer.py's encoding)."""

import random

import pytest

from solvelab.bench.nonogram import in_red
from solvelab.nonogram import bad_clues, read_file
from solvelab.nonogram.clue_text import read_text
from solvelab.nonogram.learning_colour import ColourSearch
from solvelab.nonogram.puzzle import BLACK, WHITE, Colour, Puzzle, clue_of
from solvelab.nonogram.solver import MULTIPLE, NONE, UNIQUE, Solver, solve
from test_nonogram import brute_force, clues_of, mirrored, random_picture
from test_nonogram_files import PUZZLES, needs_puzzles

RED = Colour("red", "r", "FF0000")
GREEN = Colour("green", "g", "00FF00")


@pytest.fixture
def searches(monkeypatch):
    """How many colour searches have been made (a list, to read after solving)."""
    made = []
    make = ColourSearch.__init__

    def counted(self, *args, **kwargs):
        made.append(self)
        make(self, *args, **kwargs)

    monkeypatch.setattr(ColourSearch, "__init__", counted)
    return made


def swap_a_row(rng, rows):
    """Two neighbouring runs of a row swapped, where they differ: often no solution."""
    y = rng.randrange(len(rows))
    clue = rows[y]
    places = [j for j in range(len(clue) - 1) if clue[j] != clue[j + 1]]
    if places:
        j = rng.choice(places)
        clue[j], clue[j + 1] = clue[j + 1], clue[j]


def test_colour_puzzles_the_search_solves_agree_with_brute_force(searches):
    rng = random.Random(5)
    searched = 0
    for i in range(600):
        w, h = rng.randint(4, 6), rng.randint(4, 6)
        rows, columns = clues_of(random_picture(rng, w, h, 3, rng.choice([0.5, 0.6, 0.7])))
        if i % 2:
            swap_a_row(rng, rows)
        try:
            puzzle = Puzzle(rows, columns, (WHITE, BLACK, RED))
        except ValueError:  # a clue too long for its line
            continue
        before = len(searches)
        result = solve(puzzle)
        if len(searches) == before:
            continue
        searched += 1
        expected = brute_force(rows, columns, 3, limit=3)
        want = {0: NONE, 1: UNIQUE}.get(len(expected), MULTIPLE)
        assert result.status == want
        assert len(set(result.solutions)) == len(result.solutions)
        for grid in result.solutions:
            assert grid in brute_force(rows, columns, 3, limit=10**6)
    assert searched > 15


def test_the_colour_search_agrees_with_the_plain_search(searches):
    """Bigger puzzles, some with symmetric clues (the search over the pictures a move
    keeps: pairs of equal cells as clauses) or a row's runs swapped; and solutions
    with lines left out, as the search for a wrong clue asks (no probing there)."""
    rng = random.Random(1)
    seen = {UNIQUE: 0, MULTIPLE: 0, NONE: 0}
    answers = set()
    for i in range(160):
        w, h = rng.randint(6, 11), rng.randint(6, 11)
        colours = rng.choice([3, 4])
        picture = random_picture(rng, w, h, colours, rng.choice([0.5, 0.6, 0.7]))
        if i % 4 == 1:
            w = h = min(w, h)
            picture = [row[:w] for row in picture[:h]]
            move = rng.choice(["left-right", "top-bottom", "half turn", "diagonal"])
            picture = mirrored(picture, move)  # (a colour's cells join its image's)
            picture = [[min(v, colours - 1) for v in row] for row in picture]
        rows, columns = clues_of(picture)
        if i % 4 == 3:
            swap_a_row(rng, rows)
        try:
            puzzle = Puzzle(rows, columns, (WHITE, BLACK, RED, GREEN)[:colours])
        except ValueError:
            continue
        result = solve(puzzle)
        plain = solve(puzzle, learning=False)
        assert result.status == plain.status
        seen[result.status] += 1
        for grid in result.solutions:
            assert puzzle.check(grid)
        free = frozenset(rng.sample(range(w + h), rng.randint(0, (w + h) // 2)))
        found = Solver(puzzle, free_lines=free).any_solution()
        assert bool(found) == bool(Solver(puzzle, free_lines=free, learning=False).any_solution())
        if found:
            lines = [*found, *zip(*found, strict=True)]
            kept = [line for line in range(w + h) if line not in free]
            assert all(clue_of(lines[line]) == puzzle.lines[line] for line in kept)
        answers.add(bool(found))
    assert len(searches) > 100
    assert seen[MULTIPLE] > 20 and seen[UNIQUE] > 20 and seen[NONE] > 10
    assert answers == {True, False}


# Rows and columns of a random 14 x 13 picture in black and red, one row's runs swapped
# (the fuzzing found it: the plain search ran out of its 1.5 million line solves finding
# which clue is wrong). CaDiCaL, line by line with that line's clue left out, found a
# solution for exactly these lines (rows first, from 0).
SWAPPED = """colour X black 000000
colour r red FF0000
rows
1 1r 1 1r 1r
1 2r
1 1r
1r 1r
2 1r 1 1r
1r 1r 1 1r
1 4 1r
1r 1
1 1r 1 1r 2r
1r 1 2 1r 1r 1
1 1r 1r 1
2r 2r 1 1 1r
2r 1 1r 2 1r
columns
1 1
1 1 1r
1r 1r 2r
1r 1 1r 1 1r
1 1 1
1r 1r
1 1r 2
1r 1r 1 1r 1 2r
3 1 1 1r 1r
1r 1r 1 1r
2r 2r 1
1r 1 1r 1r 1
1r 1 2
1r 1r 1 2r
"""
CADICAL_SUSPECTS = [5, 6, 7, 8, 9, 10, 11, 12, 15, 16, 19, 20, 21]


def test_which_clue_is_wrong_in_a_colour_puzzle_as_cadical_says(searches):
    puzzle = read_text(SWAPPED)
    assert solve(puzzle).status == NONE
    found = bad_clues.suspects(puzzle)
    assert found is not None
    assert sorted(suspect.line for suspect in found) == CADICAL_SUSPECTS
    assert searches  # the questions with a line left out that probing does not settle


# A random 21 x 18 picture in black and red (bench/sat_check.py's seed 40721), which has
# more than one solution. The search once gave two pictures here that broke clues: a
# cell with one value out and two left lost its place among the cells to guess when a
# contradiction raised its activity, and the grid was taken for solved with it unknown.
SEED_40721 = """colour X black 000000
colour r red FF0000
rows
1 1r 1 1r 1
3r 1r 1 1r 1
1r 1r 1 1r
1r 1r 1r
1 1r 1r 1
1r 1 1 1r
1r 1 2r 1r 1
2 1r 1 1r 3r 1
1r 1 1 1 1r 1r 1r 2
1 1 1r 1 3 1
1r 1 1r 1r 1 1 1r
2 1 1r 2 2
1 1 1 1 1r
1r 1r 1 2r
1 2r 1 1 3r 1
1 2r 2 1r 1r
1 1r 1r
1r 1 1 1 1r 1r
columns
1 1 1r 1r
1r 1r 1r 2
1r 1 1r 1
1r 1 1 1r
1r 3 2r 1
1r 2r 1r 1r 2 1
1 1 1r 1
1 1r 1 1 1r
1r 2 2 1 1r 1
1r 3r 1
1 1r 1r 1r 1 1r 1
2r 1 2r 2 1r 1r
2 1r 1 1 1r 1
1r 1r 1
1 1r 1r 1 1r
1r 1r 1
1r 1 1r 1 1r
1r 3
1r 1 1 1r 1r
1 1r
1 2 1r 1r
"""


def test_no_cell_is_left_unknown_in_a_solution(searches):
    puzzle = read_text(SEED_40721)
    result = solve(puzzle)
    assert searches and result.status == MULTIPLE
    assert len(result.solutions) == 2 and all(puzzle.check(grid) for grid in result.solutions)


@needs_puzzles
def test_6_dom_in_red_is_solved_by_the_colour_search(searches):
    """6-Dom's clues in red, with black declared and never used: a colour puzzle as
    hard as 6-Dom for the search, whose plain search thrashes (7-Dom in red: 364
    guesses, each probed, against 564 contradictions here, in half the time)."""
    dom = read_file(PUZZLES / "dom" / "6-dom.xml")
    result = solve(in_red(dom))  # as `solvelab bench nonogram --in-red` solves it
    assert result.status == UNIQUE and result.difficulty == "search"
    assert searches
    (solution,) = solve(dom).solutions
    assert result.solutions == [tuple(tuple(2 * v for v in row) for row in solution)]


def test_colour_explanations_are_minimal_and_sufficient():
    """learning_colour._shrink: the values it keeps out of a line with no placement
    still leave it none, and putting any one of them back gives it one."""
    from solvelab.nonogram.learning_colour import _shrink
    from solvelab.nonogram.line import LineSolver

    rng = random.Random(7)
    checked = 0
    while checked < 300:
        n = rng.randint(3, 14)
        clue = [(rng.randint(1, 3), rng.randint(1, 3)) for _ in range(rng.randint(1, 4))]
        solver = LineSolver(clue)
        full = [rng.choice([0b1111, 0b1111, 0b0111, 0b1011]) for _ in range(n)]  # before
        out = [
            [(i, v) for v in range(4) if full[i] >> v & 1 and rng.random() < 0.4] for i in range(n)
        ]
        out = [
            values for values in out if values and len(values) < bin(full[values[0][0]]).count("1")
        ]

        def state(taken, full=full):
            cells = list(full)
            for i, v in taken:
                cells[i] &= ~(1 << v)
            return bytearray(cells)

        taken = [value for values in out for value in values]
        if solver.fits(state(taken)):
            continue
        checked += 1
        rng.shuffle(out)
        kept = _shrink(state(taken), out, solver)
        assert set(kept) <= set(taken)
        assert not solver.fits(state(kept))  # the kept values alone still fail
        for value in kept:  # and none of them can go
            assert solver.fits(state([other for other in kept if other != value]))
