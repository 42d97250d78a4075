"""The nonogram solver against an independent brute-force solver on hundreds of
small random puzzles (unique, multiple and contradictory), the line solver
against enumeration, and the solver's messages."""

from __future__ import annotations

import dataclasses
import gc
import itertools
import random

import pytest

from solvelab.bench.nonogram import in_red
from solvelab.bench.sat_check import random_case
from solvelab.nonogram import (
    MULTIPLE,
    NONE,
    TIMEOUT,
    UNIQUE,
    Block,
    ClueError,
    Colour,
    LineSolver,
    Puzzle,
    PuzzleTooLarge,
    Solver,
    UnsatisfiableClues,
    parse,
    solve,
)
from solvelab.nonogram.cdcl import Cdcl
from solvelab.nonogram.cli import render
from solvelab.nonogram.puzzle import BLACK, WHITE
from solvelab.nonogram.symmetry import symmetries

RED = Colour("red", "r", "FF0000")


# -- an independent brute force -------------------------------------------------------


def runs(line) -> tuple:
    """(length, colour) of each run of non-zero cells, written out plainly."""
    out = []
    i = 0
    while i < len(line):
        if line[i] == 0:
            i += 1
            continue
        j = i
        while j < len(line) and line[j] == line[i]:
            j += 1
        out.append((j - i, line[i]))
        i = j
    return tuple(out)


def brute_force(rows, columns, colours: int, limit: int = 3) -> list:
    """All solutions (up to ``limit``): rows from their candidate patterns, checked
    column by column as the rows are added."""
    width, height = len(columns), len(rows)
    patterns = {}
    for line in itertools.product(range(colours), repeat=width):
        patterns.setdefault(runs(line), []).append(line)
    candidates = [patterns.get(tuple(clue), []) for clue in rows]
    found = []

    def prefix_ok(column, clue) -> bool:
        got = runs(column)
        if not got:
            return True
        if len(got) > len(clue):
            return False
        if list(got[:-1]) != list(clue[: len(got) - 1]):
            return False
        last, want = got[-1], clue[len(got) - 1]
        if last[1] != want[1] or last[0] > want[0]:
            return False
        return column[-1] == 0 and last[0] == want[0] or column[-1] != 0

    def place(chosen):
        if len(found) >= limit:
            return
        if len(chosen) == height:
            if all(runs([row[x] for row in chosen]) == tuple(columns[x]) for x in range(width)):
                found.append(tuple(chosen))
            return
        for row in candidates[len(chosen)]:
            grid = [*chosen, row]
            if all(prefix_ok([r[x] for r in grid], columns[x]) for x in range(width)):
                place(grid)

    place([])
    return found


def clues_of(picture):
    rows = [list(runs(row)) for row in picture]
    columns = [list(runs(col)) for col in zip(*picture, strict=True)]
    return rows, columns


def random_picture(rng, width, height, colours, density):
    return [
        [rng.randrange(1, colours) if rng.random() < density else 0 for _ in range(width)]
        for _ in range(height)
    ]


def check_against_brute_force(rows, columns, colour_list):
    expected = brute_force(rows, columns, len(colour_list))
    try:
        puzzle = Puzzle(rows, columns, colour_list)
    except UnsatisfiableClues:
        assert expected == []
        return NONE
    result = solve(puzzle)
    if not expected:
        assert result.status == NONE
        assert result.reason and not result.reason.startswith("no solution")  # it says why
        assert result.solutions == []
    elif len(expected) == 1:
        assert result.status == UNIQUE
        assert result.solutions == [expected[0]]
    else:
        assert result.status == MULTIPLE
        assert len(result.solutions) == 2
        assert result.solutions[0] != result.solutions[1]
        for grid in result.solutions:
            assert puzzle.check(grid)
            assert grid in brute_force(rows, columns, len(colour_list), limit=10**6)
    return result.status


def test_random_black_and_white_puzzles_agree_with_brute_force():
    rng = random.Random(14)
    seen = {UNIQUE: 0, MULTIPLE: 0, NONE: 0}
    for _ in range(300):
        w, h = rng.randint(1, 6), rng.randint(1, 6)
        picture = random_picture(rng, w, h, 2, rng.choice([0.3, 0.5, 0.7]))
        rows, columns = clues_of(picture)
        seen[check_against_brute_force(rows, columns, (WHITE, BLACK))] += 1
    assert seen[UNIQUE] > 50 and seen[MULTIPLE] > 25


def test_contradictory_puzzles_agree_with_brute_force():
    # Rows from one picture, columns from another with as many filled cells: mostly no
    # solution, sometimes one or more.
    rng = random.Random(41)
    seen = {UNIQUE: 0, MULTIPLE: 0, NONE: 0}
    for _ in range(200):
        w, h = rng.randint(2, 6), rng.randint(2, 6)
        a = random_picture(rng, w, h, 2, 0.5)
        cells = [(y, x) for y in range(h) for x in range(w)]
        rng.shuffle(cells)
        filled = sum(map(sum, a))
        b = [[0] * w for _ in range(h)]
        for y, x in cells[:filled]:
            b[y][x] = 1
        rows, _ = clues_of(a)
        _, columns = clues_of(b)
        seen[check_against_brute_force(rows, columns, (WHITE, BLACK))] += 1
    assert seen[NONE] > 50


def test_counting_up_to_max_solutions_finds_every_solution_brute_force_finds():
    """With room for them all, the search finds every solution, each once (the count
    the CLI's --max-solutions gives), one colour and three; with less room, that many."""
    rng = random.Random(23)
    counted = []
    for i in range(120):
        colours = (WHITE, BLACK) if i % 3 else (WHITE, BLACK, RED)
        w, h = rng.randint(2, 5), rng.randint(2, 5)
        rows, columns = clues_of(random_picture(rng, w, h, len(colours), 0.5))
        expected = brute_force(rows, columns, len(colours), limit=10**6)
        if len(expected) < 2:
            continue
        puzzle = Puzzle(rows, columns, colours)
        result = solve(puzzle, max_solutions=len(expected) + 1)
        assert result.status == MULTIPLE
        assert sorted(result.solutions) == sorted(expected)
        fewer = solve(puzzle, max_solutions=max(2, len(expected) - 1))
        assert len(fewer.solutions) == max(2, len(expected) - 1)
        assert len(set(fewer.solutions)) == len(fewer.solutions)
        assert set(fewer.solutions) <= set(expected)
        counted.append(len(expected))
    assert len(counted) > 20 and max(counted) > 4, counted
    # Permutation matrices: n! of them.
    for n, count in ((3, 6), (4, 24), (5, 120)):
        puzzle = Puzzle.from_grid(["".join(".X"[x == y] for x in range(n)) for y in range(n)])
        assert len(set(solve(puzzle, max_solutions=1000).solutions)) == count


def test_forgetting_learnt_clauses_after_every_contradiction_keeps_every_verdict(monkeypatch):
    """Learnt clauses forgotten as often and as many as can be (after every
    contradiction, half of those that are no reason now, of any glue): only learnt
    clauses go, never one that is a reason now or one that rules out a solution
    found; every solution of small puzzles is still found once; 5- to 7-Dom are still
    proven unique; and random puzzles that need a few hundred contradictions, one
    colour and two (the bench's, beside CaDiCaL), keep their verdicts."""
    dom = [parse(dom_text(n)) for n in (5, 6, 7)]
    cases = [random_case(seed, 35)[1] for seed in (500019, 500153, 500649, 505167, 505200)]
    before = [solve(puzzle) for puzzle in dom + cases]
    monkeypatch.setattr(Cdcl, "reduce_first", 1)
    monkeypatch.setattr(Cdcl, "reduce_step", 0)
    monkeypatch.setattr(Cdcl, "keep_glue", 0)
    monkeypatch.setattr(Cdcl, "recent_glue", 0)
    forgotten = []
    reduce, analyse = Cdcl._reduce, Cdcl._analyse
    analysed = []  # every clause analysis learnt (kept alive: their ids stay theirs)

    def learnt(search, conflict):
        clause, back = analyse(search, conflict)
        analysed.append(clause)
        return clause, back

    def watched(search) -> dict:
        return {id(c): c for watchers in search.watches.values() for c in watchers}

    def checked(search):
        reasons = {id(search.reason[lit >> 1]) for lit in search.trail}
        old = watched(search)
        reduce(search)
        new = watched(search)
        gone = old.keys() - new.keys()
        assert gone <= {id(clause) for clause in analysed} and not gone & reasons
        for clause in new.values():  # still watched by its first two literals
            assert clause in search.watches[clause[0]] and clause in search.watches[clause[1]]
        forgotten.append(len(gone))

    monkeypatch.setattr(Cdcl, "_analyse", learnt)
    monkeypatch.setattr(Cdcl, "_reduce", checked)
    rng = random.Random(31)
    for i in range(60):
        colours = (WHITE, BLACK) if i % 3 else (WHITE, BLACK, RED)
        rows, columns = clues_of(random_picture(rng, 5, 5, len(colours), 0.5))
        expected = brute_force(rows, columns, len(colours), limit=10**6)
        every = solve(Puzzle(rows, columns, colours), max_solutions=len(expected) + 1)
        assert sorted(every.solutions) == sorted(expected)
    for puzzle, old in zip(dom + cases, before, strict=True):
        new = solve(puzzle)
        assert new.status == old.status
        assert len(set(new.solutions)) == len(new.solutions) == len(old.solutions)
        assert all(puzzle.check(grid) for grid in new.solutions)
        if new.status == UNIQUE:
            assert new.solutions == old.solutions
    assert sorted({result.status for result in before}) == [MULTIPLE, NONE, UNIQUE]
    assert sum(forgotten) > 1000, sum(forgotten)


def test_solved_by_lines_is_the_solvers_line_difficulty():
    """The generator's quick test for easy puzzles says yes exactly when the solver
    finds the one solution by line solving alone."""
    rng = random.Random(9)
    agreed = 0
    for _ in range(300):
        w, h = rng.randint(1, 8), rng.randint(1, 8)
        picture = random_picture(rng, w, h, 2, rng.choice([0.3, 0.5, 0.7]))
        rows, columns = clues_of(picture)
        if rng.random() < 0.3:  # the columns of another picture: often no solution
            _, columns = clues_of(random_picture(rng, w, h, 2, 0.5))
        try:
            puzzle = Puzzle(rows, columns, (WHITE, BLACK))
        except UnsatisfiableClues:
            continue
        result = solve(puzzle)
        easy = result.status == UNIQUE and result.difficulty == "line"
        assert Solver(puzzle).solved_by_lines() == easy
        agreed += easy
    assert agreed > 50


def test_random_colour_puzzles_agree_with_brute_force():
    rng = random.Random(7)
    seen = {UNIQUE: 0, MULTIPLE: 0, NONE: 0}
    for i in range(150):
        w, h = rng.randint(1, 4), rng.randint(1, 4)
        picture = random_picture(rng, w, h, 3, 0.6)
        rows, columns = clues_of(picture)
        if i % 3 == 0:  # swap the colours of one row's runs: often no solution
            y = rng.randrange(h)
            rows[y] = [(n, 3 - c) for n, c in rows[y]]
        seen[check_against_brute_force(rows, columns, (WHITE, BLACK, RED))] += 1
    assert seen[UNIQUE] > 20 and seen[MULTIPLE] > 3 and seen[NONE] > 10


def test_puzzles_of_more_than_eight_colours_agree_with_brute_force():
    # Past 8 colours a cell's mask needs more than a byte: the solver's grids are then
    # lists, not bytearrays, and probing and search take their other path.
    many = (WHITE, BLACK, RED, *(Colour(f"c{i}", str(i), "808080") for i in range(7)))
    rng = random.Random(9)
    seen = {UNIQUE: 0, MULTIPLE: 0, NONE: 0}
    for i in range(80):
        w, h = rng.randint(2, 4), rng.randint(2, 4)
        picture = random_picture(rng, w, h, rng.choice([2, 3]), 0.5)
        rows, columns = clues_of(picture)
        if i % 4 == 0:  # often no solution
            y = rng.randrange(h)
            rows[y] = [(n, 3 - c) for n, c in rows[y]]
        seen[check_against_brute_force(rows, columns, many)] += 1
    assert seen[UNIQUE] > 10 and seen[MULTIPLE] > 10 and seen[NONE] > 5


def mirrored(picture, move: str):
    """The picture with each cell filled where it or its image under ``move`` is: a
    picture the move keeps (a quarter turn: four times over, around each cycle)."""
    h, w = len(picture), len(picture[0])
    image = {
        "left-right": lambda r, c: picture[r][w - 1 - c],
        "top-bottom": lambda r, c: picture[h - 1 - r][c],
        "half turn": lambda r, c: picture[h - 1 - r][w - 1 - c],
        "diagonal": lambda r, c: picture[c][r],
        "quarter turn": lambda r, c: picture[w - 1 - c][r],
    }[move]
    out = [[picture[r][c] | image(r, c) for c in range(w)] for r in range(h)]
    return mirrored(out, "half turn") if move == "quarter turn" else out


def test_puzzles_with_symmetric_clues_agree_with_brute_force():
    # Symmetric clues: the search looks first at the pictures a symmetry keeps, and a
    # solution's mirror image is a solution (symmetry.py); the verdicts stay exact.
    rng = random.Random(15)
    seen = {UNIQUE: 0, MULTIPLE: 0, NONE: 0}
    for i in range(160):
        move = ["left-right", "top-bottom", "half turn", "diagonal", "quarter turn"][i % 5]
        n = rng.randint(2, 6)
        w, h = (n, n) if move in ("diagonal", "quarter turn") else (rng.randint(2, 6), n)
        picture = mirrored(random_picture(rng, w, h, 2, rng.choice([0.2, 0.3, 0.4])), move)
        if i % 4 == 0:  # an empty row and column at the edges: left out before the moves
            picture = [[*row, 0] for row in picture] + [[0] * (w + 1)]
        rows, columns = clues_of(picture)
        puzzle = Puzzle(rows, columns)
        assert symmetries(puzzle) or not any(map(any, picture))
        status = check_against_brute_force(rows, columns, (WHITE, BLACK))
        seen[status] += 1
        # Checking the picture (a solution, kept by the move): the same verdict.
        assert solve(Puzzle.from_grid(picture), check_goal=True).status == status
    assert seen[UNIQUE] > 100 and seen[MULTIPLE] > 25


def test_a_symmetric_space_with_no_solution_does_not_hold_up_the_search():
    # Every clue 1, 30 × 30: any permutation matrix solves it, but a quarter turn keeps
    # none (30 is 2 more than a multiple of 4), and ruling that out is a pigeonhole
    # proof. The searches take turns, so the search over all pictures finds two at
    # once (a few hundred contradictions; the symmetric space alone took over 38,000).
    ones = ((Block(1, 1),),) * 30
    result = Solver(Puzzle(ones, ones), time_limit=600).solve()  # the limit only guards
    assert result.status == MULTIPLE
    assert result.stats.backtracks < 2000


def test_checking_the_goal_agrees_with_brute_force():
    # check_goal: the goal picture's colour is every guess's first (pbnsolve -c). The
    # verdicts stay exact on both search paths (learning, one colour; backtracking),
    # and the search finds the goal first where it finds no other solution before it
    # (a symmetric search can: the goal need not be symmetric).
    rng = random.Random(16)
    seen = {UNIQUE: 0, MULTIPLE: 0}
    goal_first = 0
    for i in range(240):
        colours = (WHITE, BLACK) if i % 3 else (WHITE, BLACK, RED)
        w, h = rng.randint(2, 6), rng.randint(2, 6)
        if len(colours) == 3:
            w, h = min(w, 4), min(h, 4)
        picture = random_picture(rng, w, h, len(colours), rng.choice([0.3, 0.5]))
        rows, columns = clues_of(picture)
        expected = brute_force(rows, columns, len(colours))
        puzzle = Puzzle.from_grid(picture, colours)
        for learning in (True, False):
            result = Solver(puzzle, learning=learning, check_goal=True).solve()
            assert result.status == (UNIQUE if len(expected) == 1 else MULTIPLE)
            if len(expected) == 1:
                assert result.solutions == [expected[0]]
            else:
                first, second = result.solutions
                everyone = brute_force(rows, columns, len(colours), limit=10**6)
                assert first != second and first in everyone and second in everyone
            goal_first += result.solutions[0] == puzzle.goal
        seen[result.status] += 1
    assert seen[UNIQUE] > 100 and seen[MULTIPLE] > 50
    assert goal_first > 0.95 * 480


def test_checking_the_goal_finds_it_first_and_ignores_a_wrong_one():
    for picture in (["X.", ".X"], [".X", "X."]):
        puzzle = Puzzle.from_grid(picture)
        for learning in (True, False):
            result = Solver(puzzle, learning=learning, check_goal=True).solve()
            assert result.status == MULTIPLE and result.solutions[0] == puzzle.goal
    # A goal that does not satisfy the clues is not a solution: the solver ignores it.
    wrong = Puzzle(*clues_of([[1, 0], [0, 1]]), goal=((1, 1), (0, 0)))
    assert solve(wrong, check_goal=True).solutions == solve(wrong).solutions


def test_symmetries_of_the_clues():
    names = lambda grid: [s.name for s in symmetries(Puzzle.from_grid(grid))]  # noqa: E731
    assert names(["X..", "XX.", "XXX"]) == ["antidiagonal mirror"]
    assert names(["XX.", "X..", "..."]) == ["diagonal mirror"]
    assert names([".X.X", "XXXX"]) == []  # the clues read backwards differ
    assert names(["X.X", "XXX"]) == ["left-right mirror"]
    # A pinwheel: only turns; with an empty row and column after it, the same.
    pinwheel = ["XX.X", "...X", "X...", "X.XX"]
    turns = ["half turn", "quarter turn", "three-quarter turn"]
    assert names(pinwheel) == turns
    assert names([row + "." for row in pinwheel] + ["....."]) == turns
    assert names(["...", "...", "..."]) == []
    # A solution's image is the picture moved: a quarter turn of the pinwheel's rows.
    turn = symmetries(Puzzle.from_grid(pinwheel))[1]
    grid = tuple(tuple(range(r * 4, r * 4 + 4)) for r in range(4))
    clockwise = tuple(zip(*grid[::-1], strict=True))
    assert turn.image(grid) in (clockwise, tuple(zip(*grid, strict=True))[::-1])


def test_a_found_solution_brings_its_mirror_image():
    # Two pictures, mirror images of each other, and nothing else: the search finds one
    # and its image is the second, without a second guess; no solution counts twice.
    puzzle = Puzzle.from_grid(["X.", ".X"])
    result = Solver(puzzle, record_steps=True).solve()
    assert [step.kind for step in result.steps] == ["guess", "solution", "image"]
    first, second = result.solutions
    assert second == tuple(row[::-1] for row in first)
    for max_solutions in (2, 3):
        result = Solver(puzzle, max_solutions=max_solutions).solve()
        assert result.status == "multiple"
        assert len(result.solutions) == 2
        assert len(set(result.solutions)) == len(result.solutions)
    # One solution found is no verdict: the solver asks for at least two.
    with pytest.raises(ValueError, match="at least 2"):
        Solver(puzzle, max_solutions=1)


# -- the line solver -------------------------------------------------------------------


def test_line_solver_agrees_with_enumeration():
    rng = random.Random(3)
    for _ in range(400):
        n = rng.randint(1, 9)
        colours = rng.choice([2, 3])
        line = [rng.randrange(1, colours) if rng.random() < 0.5 else 0 for _ in range(n)]
        clue = runs(line)
        if rng.random() < 0.2 and clue:  # sometimes a clue that may not fit the known cells
            clue = clue[1:] + clue[:1]
        full = (1 << colours) - 1
        cells = [full if rng.random() < 0.6 else 1 << rng.randrange(colours) for _ in range(n)]
        fitting = [
            c
            for c in itertools.product(range(colours), repeat=n)
            if runs(c) == clue and all(cells[i] >> c[i] & 1 for i in range(n))
        ]
        got = LineSolver(clue).solve(cells)
        if not fitting:
            assert got is None
        else:
            assert got == [sum(1 << v for v in {c[i] for c in fitting}) for i in range(n)]


def test_line_solver_agrees_with_enumeration_for_colours_past_a_byte():
    # Colours 8 and up do not fit a byte's mask: the line solver takes its list path.
    rng = random.Random(5)
    for _ in range(300):
        n = rng.randint(1, 7)
        used = rng.sample([1, 3, 8, 9, 12], rng.choice([1, 2, 3]))
        values = [0, *used]
        line = [rng.choice(used) if rng.random() < 0.5 else 0 for _ in range(n)]
        clue = runs(line)
        if rng.random() < 0.2 and clue:
            clue = clue[1:] + clue[:1]
        full = sum(1 << v for v in values)
        cells = [full if rng.random() < 0.6 else 1 << rng.choice(values) for _ in range(n)]
        fitting = [
            c
            for c in itertools.product(values, repeat=n)
            if runs(c) == clue and all(cells[i] >> c[i] & 1 for i in range(n))
        ]
        solver = LineSolver(clue)
        assert solver.fits(cells) == bool(fitting)
        got = solver.solve(cells)
        if not fitting:
            assert got is None
        else:
            assert got == [sum(1 << v for v in {c[i] for c in fitting}) for i in range(n)]


def test_a_puzzle_in_its_ninth_and_tenth_colours():
    colours = (WHITE, *(Colour(f"c{i}", str(i), "808080") for i in range(1, 10)))
    puzzle = Puzzle.from_grid(["89", "1."], colours=colours)
    result = solve(puzzle)
    assert result.status == UNIQUE and result.solutions == [((8, 9), (1, 0))]


def test_line_solver_refuses_bad_blocks_and_a_cell_with_no_colour_fails():
    for blocks in ([(0, 1)], [(1, 0)], [(2, 1), (1, -1)]):
        with pytest.raises(ValueError, match="a length and a colour of 1 or more"):
            LineSolver(blocks)
    for clue in ([(1, 1)], [(1, 1), (1, 2)], []):
        solver = LineSolver(clue)
        for cells in ([0, 3, 3], [3, 0, 3], [1, 0, 1]):
            assert solver.solve(cells) is None and not solver.fits(cells)
            assert solver.changes(bytes(cells)) is None
            assert solver.settle(bytearray(cells)) is None


def test_time_limits_and_attempts_that_are_not_numbers_of_seconds_are_refused():
    from solvelab.nonogram.generator import GeneratorError, find_unique

    puzzle = Puzzle.from_grid(["X.", ".X"])
    for limit in (float("nan"), -1):
        with pytest.raises(ValueError, match="time_limit must be seconds"):
            solve(puzzle, time_limit=limit)
    with pytest.raises(ValueError, match="work_limit must be 1 line solve or more"):
        solve(puzzle, work_limit=0)
    with pytest.raises(TypeError, match="work_limit must be a number of line solves"):
        solve(puzzle, work_limit=2.5)
    for bad in ({"attempts": 0}, {"budget": -1}, {"budget": float("nan")}):
        with pytest.raises(GeneratorError, match="attempts must be 1 or more"):
            find_unique(5, 5, 0.5, 1, **bad)
    with pytest.raises(GeneratorError, match=r"found in 1 random 5 × 5 picture of"):
        find_unique(5, 5, 0.5, 1, difficulty="hard", attempts=1)


def test_the_generator_names_what_it_takes():
    from solvelab.nonogram.generator import GeneratorError, generate

    with pytest.raises(GeneratorError, match="a seed is 0 or more, not -3"):
        generate(8, 6, seed=-3)  # Python's random takes -3 for 3: it would repeat a puzzle
    for bad, message in [
        ({"seed": "abc"}, "a seed is a whole number or None"),
        ({"seed": 1.5}, "a seed is a whole number or None"),
        ({"width": "8"}, "width is a whole number, not '8'"),
        ({"height": 8.5}, "height is a whole number"),
        ({"density": None}, "the density is a number between 0 and 1"),
    ]:
        with pytest.raises(TypeError, match=message):
            generate(**{"width": 8, "height": 6, **bad})


def test_a_slow_machine_makes_the_seeds_puzzle_as_a_fast_one_does(monkeypatch):
    """The checks have a work limit, not a time limit, and the budget never cuts one
    short: on a machine so slow that each look at the clock finds 10 s gone, every
    picture gets the same verdict, and the search, asked again after each go, ends
    on the puzzle a fast machine finds in one."""
    from types import SimpleNamespace

    from solvelab.nonogram import generator
    from solvelab.nonogram import solver as solver_module

    whole = generator.find_unique(30, 30, 0.5, 1)
    assert whole[2] > 2  # pictures turned down first
    ticks = itertools.count(step=10)
    clock = SimpleNamespace(perf_counter=lambda: float(next(ticks)))
    monkeypatch.setattr(generator, "time", clock)
    monkeypatch.setattr(solver_module, "time", clock)
    skip = 0
    for _ in range(whole[2]):
        try:
            found = generator.find_unique(30, 30, 0.5, 1, budget=15, skip=skip)
            break
        except generator.GeneratorError as error:
            assert error.out_of_time and error.tried > skip  # a picture a go, at least
            skip = error.tried
    assert (found[0], found[2]) == (whole[0], whole[2])


def test_a_work_limit_cuts_the_search_at_the_same_point_every_time():
    from solvelab.nonogram.generator import random_picture

    # A random 30 × 30 picture's clues: about 9,000 line solves and 200 guesses.
    puzzle = Puzzle.from_grid(random_picture(30, 30, 0.5, random.Random(1)))
    cut = [solve(puzzle, work_limit=2000) for _ in range(2)]
    for result in cut:
        assert result.status == "timeout" and not result.solutions
        assert result.reason == "the work limit of 2000 line solves ran out before the end"
    work = cut[0].stats.line_solves + cut[0].stats.line_lookups
    assert 2000 < work < 2000 + puzzle.width + puzzle.height  # cut soon after
    assert dataclasses.replace(cut[0].stats, seconds=0) == dataclasses.replace(
        cut[1].stats, seconds=0
    )
    assert solve(puzzle, work_limit=10**9).status == MULTIPLE
    # A verdict of none, known once propagation fails, is never turned into a timeout.
    rows = Puzzle.from_grid(["XX.X.X", "XXXXXX", "XXX.X.", "X.XXX.", "...XX.", "X.X..."])
    columns = Puzzle.from_grid(["XX.XXX", "X..XXX", "XXX.XX", ".XXXXX", "XX....", "..X..."])
    impossible = solve(Puzzle(rows.rows, columns.columns), work_limit=1)
    assert impossible.status == NONE and impossible.stats.line_solves > 1


@pytest.mark.parametrize("learning", [True, False], ids=["learning", "probing"])
def test_a_limit_wherever_it_cuts_gives_a_timeout_or_the_verdict(learning):
    # A limit must never turn a puzzle with a solution into "none", nor one verdict
    # into another. The clock and the work limit stop the solver at the same checks,
    # and the work limit at the same point every run, so every cut can be tried.
    from solvelab.bench.sat_check import random_case

    # Random puzzles of up to 14 × 14 that take each way to a verdict: multiple by
    # search (one colour, two colours), none by probing (one, two), unique by probing.
    statuses = set()
    for seed in (157, 496, 2706, 1712, 997):
        puzzle = random_case(seed, 14)[1]
        whole = solve(puzzle, learning=learning)
        statuses.add((whole.status, whole.difficulty))
        work = whole.stats.line_solves + whole.stats.line_lookups
        for limit in sorted({1 + work * k // 30 for k in range(30)}):
            cut = solve(puzzle, learning=learning, work_limit=limit)
            assert cut.status in (TIMEOUT, whole.status), (seed, limit)
            pictures = cut.pictures()
            assert all(puzzle.check(picture) for picture in pictures), (seed, limit)
            assert len(set(map(tuple, pictures))) == len(pictures) <= 2, (seed, limit)
    assert statuses == {(MULTIPLE, "search"), (NONE, "probing"), (UNIQUE, "probing")}


def test_colours_are_hex_rgb():
    red = Colour("red", "r", "F00")  # as CSS: FF0000
    puzzle = Puzzle([((1, 1),)], [((1, 1),)], (WHITE, red))
    assert "\x1b[48;2;255;0;0m" in render(puzzle, [[1]], colour=True)
    for rgb in ("ZZZ", "FF00", "", None, "#FF0000"):
        with pytest.raises(ClueError, match="the colour red has RGB .*: write it as hex digits"):
            Puzzle([((1, 1),)], [((1, 1),)], (WHITE, red._replace(rgb=rgb)))
    with pytest.raises(ClueError, match="RGB 'ZZZ'"):
        parse("colour r red ZZZ\nrows\n1r\ncolumns\n1r\n")


def test_check_takes_a_picture_as_the_solver_gives_it():
    puzzle = Puzzle.from_grid(["X.", "XX"])
    result = solve(puzzle)
    assert puzzle.check(result.pictures()[0]) and puzzle.check(result.solutions[0])
    assert not puzzle.check(["..", "XX"])
    with pytest.raises(ClueError, match="'[?]', which is not a colour's character"):
        puzzle.check(["X?", "XX"])


def test_seed_example_two_three_in_seven():
    solver = LineSolver([(2, 1), (3, 1)])
    assert solver.solve([3] * 7) == [3, 2, 3, 3, 2, 2, 3]
    assert solver.solve([1, 3, 3, 3, 3, 3, 3]) == [1, 2, 2, 1, 2, 2, 2]


# -- verdicts, difficulty and messages ---------------------------------------------------


def test_messages_for_clues_that_cannot_fit():
    with pytest.raises(UnsatisfiableClues, match=r"^row 7: clues 3 4 need 8 cells, the row has 6$"):
        Puzzle([()] * 6 + [((3, 1), (4, 1))], [()] * 6)
    with pytest.raises(UnsatisfiableClues, match=r"^the rows fill 3 cells and the columns 2$"):
        Puzzle([((3, 1),)], [((1, 1),), ((1, 1),), ()])
    with pytest.raises(UnsatisfiableClues, match=r"^the rows fill 1 cell and the columns 2$"):
        Puzzle([((1, 1),)], [((1, 1),), ((1, 1),)])
    with pytest.raises(UnsatisfiableClues, match=r"^row 1: clues 1 1 1 1 1 1 1 1 1 1 … \(11 "):
        Puzzle([((1, 1),) * 11], [()] * 6)
    with pytest.raises(PuzzleTooLarge, match="at most 200 × 200") as too_large:
        Puzzle([()] * 201, [()])
    assert (too_large.value.width, too_large.value.height) == (1, 201)
    with pytest.raises(ClueError, match="column 2: clue numbers must be at least 1"):
        Puzzle([()], [(), ((0, 1),)])
    with pytest.raises(UnsatisfiableClues, match=r"^row 1: clue 7 needs 7 cells, the row has 6$"):
        Puzzle([((7, 1),)], [()] * 6)
    with pytest.raises(ClueError, match=r"^the puzzle has 0 rows and 1 column; it needs"):
        Puzzle([], [()])
    assert issubclass(ClueError, ValueError)


def test_pictures_and_goals_that_do_not_fit_are_refused():
    with pytest.raises(ClueError, match=r"^row 2 of the picture has 1 cell, row 1 has 2$"):
        Puzzle.from_grid(["X.", "X"])
    with pytest.raises(ClueError, match=r"^the picture has 'q', which is not a colour's"):
        Puzzle.from_grid(["Xq"])
    with pytest.raises(ClueError, match=r"^the picture has colour 5; the colours are 0 to 1$"):
        Puzzle.from_grid([[0, 5]])
    with pytest.raises(ClueError, match=r"^the picture has 1.5, not a colour index or char"):
        Puzzle.from_grid([[0, 1.5]])
    with pytest.raises(ClueError, match=r"^the goal picture is not 1×1"):
        Puzzle([((1, 1),)], [((1, 1),)], goal=((1, 0),))
    with pytest.raises(ClueError, match=r"^the goal picture has a colour the puzzle does not$"):
        Puzzle([((1, 1),)], [((1, 1),)], goal=((2,),))
    # A goal of another size is a malformed file, whatever the clues' totals say.
    with pytest.raises(ClueError, match=r"^the goal picture is not 2×1") as error:
        Puzzle([((1, 1),)], [((1, 1),), ((1, 1),)], goal=((1, 0), (0, 1)))
    assert not isinstance(error.value, UnsatisfiableClues)


def test_message_names_the_lines_that_fixed_the_failing_one():
    # Rows 1-4 are full and row 5 empty; column 3 wants two runs of 2.
    rows = [((5, 1),)] * 4 + [()]
    columns = [((4, 1),), ((4, 1),), ((2, 1), (2, 1)), ((4, 1),), ((4, 1),)]
    result = solve(Puzzle(rows, columns))
    assert result.status == NONE
    assert result.reason == "column 3 cannot be satisfied once rows 1–5 are fixed"


def test_difficulty_levels():
    line = solve(Puzzle.from_grid(["X.X", ".X.", "X.X"]))
    assert (line.status, line.difficulty, line.stats.branches) == (UNIQUE, "line", 0)
    multiple = solve(Puzzle.from_grid(["X.", ".X"]))
    assert multiple.status == MULTIPLE and multiple.difficulty == "search"
    assert multiple.stats.branches >= 1


def test_a_probe_whose_branches_are_both_solutions_ends_the_search():
    """A checkerboard: one cell set either way propagates to a whole picture, so the
    first probe finds both solutions (every cell was probed in vain before)."""
    boards = [[[(r + c + k) % 2 for c in range(60)] for r in range(60)] for k in (0, 1)]
    result = solve(Puzzle.from_grid(boards[0]))
    assert result.status == MULTIPLE
    assert sorted(list(map(list, grid)) for grid in result.solutions) == sorted(boards)
    assert result.stats.probes <= 4


def test_solve_leaves_no_reference_cycles_and_the_collector_as_it_was():
    # solve() pauses the cycle collector, which is safe only if the solver's garbage
    # is all freed by reference counts: every path (search with learning, colours,
    # steps, contradictions, a time limit) is run and the collector finds nothing.
    rng = random.Random(3)
    pictures = ["".join("X" if rng.random() < 0.5 else "." for _ in range(12)) for _ in range(12)]
    rows = [((5, 1),)] * 4 + [()]
    columns = [((4, 1),), ((4, 1),), ((2, 1), (2, 1)), ((4, 1),), ((4, 1),)]
    runs = [
        (Puzzle.from_grid(pictures), {}),
        (Puzzle.from_grid(pictures), {"record_steps": True}),
        (Puzzle.from_grid(["X.", ".X"]), {}),
        (Puzzle.from_grid(["Xr.", "rX.", ".rX"], (WHITE, BLACK, RED)), {}),
        (Puzzle(rows, columns), {}),
        (Puzzle.from_grid(pictures), {"time_limit": 0.0}),
    ]
    assert gc.isenabled()
    gc.collect()
    statuses = set()
    for puzzle, options in runs:
        gc.disable()
        try:
            statuses.add(solve(puzzle, **options).status)
            assert not gc.isenabled()  # left as it was
            assert gc.collect() == 0
        finally:
            gc.enable()
    assert statuses >= {UNIQUE, MULTIPLE, NONE, TIMEOUT}
    solve(Puzzle.from_grid(["X.", ".X"]))
    assert gc.isenabled()


def test_block_colours_touch_without_gap():
    colours = (WHITE, BLACK, RED)
    puzzle = Puzzle.from_grid(["Xr", "rX"], colours)
    assert puzzle.rows[0] == (Block(1, 1), Block(1, 2))
    result = solve(puzzle)
    assert result.status == UNIQUE and result.pictures() == [["Xr", "rX"]]


def test_colour_message_names_the_lines_that_fixed_the_failing_one():
    # Propagation from the empty grid writes a colour line back in one step, with no
    # record of which line set a cell; when a line fails it is run again to say which.
    # Row 1 is XXrXX, rows 2-4 are full and row 5 empty; column 3 wants X r XX.
    rows = [((2, 1), (1, 2), (2, 1))] + [((5, 1),)] * 3 + [()]
    columns = [((4, 1),), ((4, 1),), ((1, 1), (1, 2), (2, 1)), ((4, 1),), ((4, 1),)]
    puzzle = Puzzle(rows, columns, (WHITE, BLACK, RED))
    result = solve(puzzle)
    assert result.status == NONE
    assert result.reason == "column 3 cannot be satisfied once rows 1–5 are fixed"
    assert solve(puzzle, record_steps=True).reason == result.reason


def test_message_leaves_out_the_failing_line_itself():
    # Row 1's clue turned round: it fails after narrowing some of its own cells, and
    # the message names only the other lines.
    rng = random.Random(1)
    checked = 0
    while checked < 40:
        w, h = rng.randint(2, 6), rng.randint(2, 6)
        picture = random_picture(rng, w, h, 2, 0.6)
        rows, columns = clues_of(picture)
        y = rng.randrange(h)
        if len(rows[y]) < 2:
            continue
        rows[y] = rows[y][1:] + rows[y][:1]
        result = solve(Puzzle(rows, columns))
        if result.status != NONE or " once " not in result.reason:
            continue
        checked += 1
        name, others = result.reason.removesuffix(" fixed").split(" cannot be satisfied once ")
        kind = name.split()[0]
        assert kind not in others or name.split()[1] not in _numbers(others, kind)


def _numbers(text: str, kind: str) -> set[str]:
    """The line numbers after ``row``/``rows`` (or columns) in a message, ranges opened."""
    part = text.split(kind, 1)[1].split(" and ")[0].lstrip("s ").removesuffix(" are")
    out = set()
    for piece in part.removesuffix(" is").split(", "):
        first, _, last = piece.partition("–")
        out |= {str(n) for n in range(int(first), int(last or first) + 1)}
    return out


def test_message_for_a_line_whose_cells_are_narrowed_not_fixed():
    # Rows 1-3 start red (colour 2), so column 1's cells may be white or red, never
    # black: its black run has nowhere to go, though no cell of it is fixed.
    rows = [((1, 2), (1, 1), (1, 2)), ((1, 2), (1, 1)), ((1, 2), (1, 2), (1, 1))]
    columns = [((1, 2), (1, 1)), ((1, 1), (1, 2)), ((1, 2),), ((1, 1),), ((1, 2),), ((1, 2),)]
    result = solve(Puzzle(rows, columns, (WHITE, BLACK, RED)))
    assert result.status == NONE
    assert result.reason == "column 1 cannot be satisfied in the colours rows 1–3 leave its cells"


def dom_text(n: int) -> str:
    """Clue text of the n-Dom puzzle (Paul Stansifer's family, (2n+1) × (2n+1)):
    unique, and plain backtracking needs many guesses and backtracks."""
    rows = ["3", "1"] + ["3 1", "1"] * (n - 1) + ["1"]
    columns = ["1", "1"] + ["1 3", "1"] * (n - 1) + ["3"]
    return "rows\n" + "\n".join(rows) + "\ncolumns\n" + "\n".join(columns)


def checked_steps(puzzle, learning=False):
    """The solver's steps, and checkpoints (step count, the solver's real grid then):
    the grid each probing pass starts from and ends with, and each solution."""
    from solvelab.nonogram.solver import Solver

    checkpoints = []

    class Checked(Solver):
        def probe(self, grid, depth=0):
            checkpoints.append((len(self.steps), list(grid)))
            out = super().probe(grid, depth)
            if out is not None:
                checkpoints.append((len(self.steps), list(out[0])))
            return out

    result = Checked(puzzle, record_steps=True, learning=learning).solve()
    masks = [[1 << v for row in grid for v in row] for grid in result.solutions]
    at = [i + 1 for i, step in enumerate(result.steps) if step.kind in ("solution", "image")]
    checkpoints += list(zip(at, masks, strict=True))
    return result, checkpoints


@pytest.mark.parametrize(
    "puzzle",
    [
        Puzzle.from_grid(["X..X.", ".XX..", "..X.X", "X...X", ".X.X."]),
        Puzzle.from_grid(["X.", ".X"]),
        Puzzle.from_grid(["XX..", "X..X", ".XX.", "..XX"]),
        parse(dom_text(6)),
    ],
    ids=["5x5", "diagonals", "4x4", "6-dom"],
)
@pytest.mark.parametrize("learning", [False, True], ids=["plain", "learning"])
def test_steps_replay_the_solvers_grid_exactly_through_guesses_and_backtracks(puzzle, learning):
    from solvelab.nonogram.steps import replay

    result, checkpoints = checked_steps(puzzle, learning)
    grids = [
        [3] * (puzzle.width * puzzle.height),
        *replay(result.steps, puzzle.width * puzzle.height),
    ]
    for count, grid in checkpoints:
        assert grids[count] == grid, f"after step {count}"
    assert len(checkpoints) > 2


# A random picture in black and red (12 × 12) whose clues have two solutions, which the
# colour search finds after 17 contradictions; 4 of its nogoods only take a colour out.
BLACK_AND_RED = [
    "Xrrr........",
    "...XX.XX....",
    "r.X....r...r",
    "....r....r.r",
    "...r.X..r...",
    "......X....r",
    "X.r..X......",
    "..X...r.XX.r",
    ".Xrr....r.X.",
    "r..rX..X..XX",
    "....X..r..r.",
    "...Xr.r.X..r",
]


@pytest.mark.parametrize(
    "puzzle, max_solutions, found, kinds",
    [
        (parse(dom_text(6)), 2, 1, {"guess", "conflict", "learn", "solution"}),
        (parse("rows\n" + "1\n" * 8 + "columns\n" + "1\n" * 8), 9, 9, {"guess", "learn", "image"}),
        (in_red(parse(dom_text(6))), 2, 1, {"guess", "conflict", "learn", "solution"}),
        (
            Puzzle.from_grid(BLACK_AND_RED, (WHITE, BLACK, RED)),
            2,
            2,
            {"guess", "conflict", "learn", "solution"},
        ),
    ],
    ids=["6-dom", "permutations", "6-dom-in-red", "black-and-red"],
)
def test_each_learning_step_replays_the_searchs_grid_then(
    monkeypatch, puzzle, max_solutions, found, kinds
):
    """Every step, not only the checkpoints: a step's changes are looked for among the
    cells that can have changed (see Cdcl._show). The 8 × 8 permutation matrices (all
    clues 1) have symmetric clues, so solutions' images are recorded between the
    search's own steps. The colour search's steps too (a cell's mask loses one value
    at a time there)."""
    from solvelab.nonogram.cdcl import Cdcl
    from solvelab.nonogram.steps import replay

    seen = []
    show = Cdcl._show

    def checked_show(self, kind, **fields):
        show(self, kind, **fields)
        seen.append((len(self.s.steps), list(self.grid)))

    monkeypatch.setattr(Cdcl, "_show", checked_show)
    result = Solver(puzzle, record_steps=True, max_solutions=max_solutions).solve()
    assert len(result.solutions) == found
    assert kinds <= {step.kind for step in result.steps}
    size = puzzle.width * puzzle.height
    full = (1 << len(puzzle.colours)) - 1
    grids = [[full] * size, *replay(result.steps, size, full)]
    assert len(seen) > 10
    if "image" in kinds:  # the search went on after an image
        assert any(result.steps[count - 2].kind == "image" for count, _ in seen)
    for count, grid in seen:
        assert grids[count] == grid, f"after step {count}"


def test_the_step_checks_see_backtracks_and_second_branches():
    result, _ = checked_steps(parse(dom_text(6)))  # plain backtracking
    kinds = [step.kind for step in result.steps]
    assert kinds.count("backtrack") > 3
    # a guess right after a backtrack: the branch left is undone by the guess's changes
    after = [
        b for a, b in zip(result.steps, result.steps[1:], strict=False) if a.kind == "backtrack"
    ]
    assert any(step.kind == "guess" and any(m == 3 for _, m in step.changes) for step in after)


def test_the_chapters_counts_of_plain_and_learning_search_on_8_dom_are_the_solvers():
    from pathlib import Path

    chapter = Path(__file__).resolve().parent.parent / "site" / "nonograms" / "solver.md"
    said = " ".join(chapter.read_text(encoding="utf-8").split())
    plain = Solver(parse(dom_text(8)), learning=False).solve().stats
    learning = Solver(parse(dom_text(8)), record_steps=True).solve().stats
    plain_lines = round((plain.line_solves + plain.line_lookups) / 1e6)
    assert (
        f"plain backtracking makes {plain.branches} guesses and {plain.probes:,} probes, "
        f"about {plain_lines} million line solves"
    ) in said
    assert (
        f"the learning search makes {learning.branches} guesses, {learning.probes} probes "
        f"and {learning.line_solves + learning.line_lookups:,} line solves"
    ) in said


@pytest.mark.parametrize(
    "puzzle, taken_out",
    [
        (parse(dom_text(6)), 0),
        (parse(dom_text(8)), 0),
        (in_red(parse(dom_text(6))), 0),  # a cell is white or red once black is out
        (Puzzle.from_grid(BLACK_AND_RED, (WHITE, BLACK, RED)), 4),
    ],
    ids=["6-dom", "8-dom", "6-dom-in-red", "black-and-red"],
)
def test_the_learning_searchs_steps_show_each_conflict_and_a_nogood_that_holds(puzzle, taken_out):
    """Each conflict's cells leave their line no placement (the cells the search knew
    without a guess as they were); each nogood learnt before the first solution is
    one that solution breaks; a unique puzzle's search ends on a conflict no guess
    made; the grid replayed has each conflict's cells and each forced cell. A nogood
    that only takes a colour out of its cell (``taken_out`` of them) forces no colour."""
    from solvelab.nonogram.steps import replay

    solver = Solver(puzzle, record_steps=True)
    result = solver.solve()
    size = puzzle.width * puzzle.height
    full = (1 << len(puzzle.colours)) - 1
    solutions = [[1 << v for row in grid for v in row] for grid in result.solutions]
    kinds = [step.kind for step in result.steps]
    assert kinds.count("conflict") == result.stats.backtracks > 10
    # A nogood from each conflict and after each solution, but the last of them, which
    # ends the search: a conflict no guess made (unique), or the second solution.
    assert kinds.count("learn") == kinds.count("conflict") + kinds.count("solution") - 1
    last = result.steps[-1]
    if result.status == UNIQUE:
        assert last.kind == "conflict" and last.depth == 0
    else:
        assert result.status == MULTIPLE and last.kind == "solution"
    root = [full] * size  # the grid known without a guess
    solved = 0
    for step, grid in zip(result.steps, replay(result.steps, size, full), strict=True):
        if step.kind in ("probe", "line") or step.kind in ("learn", "restart") and not step.depth:
            root = grid
        if step.kind == "conflict":
            assert all(grid[cell] == mask for cell, mask in step.cells)
            if step.line >= 0:  # the line, knowing only these cells, has no placement
                line = solver.indices[step.line]
                cells = [root[cell] for cell in line]
                for cell, mask in step.cells:
                    cells[line.index(cell)] = mask
                assert not solver.line_solvers[step.line].fits(cells)
        if step.kind == "learn":
            if step.value >= 0:
                assert grid[step.cell] == 1 << step.value
            assert not grid[step.cell] & dict(step.cells)[step.cell]  # out of the nogood
            if not solved:  # learnt from the clues alone: the first solution breaks it
                assert any(not solutions[0][cell] & mask for cell, mask in step.cells)
        if step.kind == "solution":
            assert grid == solutions[solved]
            solved += 1  # later nogoods may lean on "not this solution"
    assert solved == len(solutions)
    assert sum(step.kind == "learn" and step.value < 0 for step in result.steps) == taken_out


def agrees_with_the_dp(solver, cells) -> str:
    """Checks solve, fits and changes against the reference DP; "none", "changes" or "same"."""
    want = solver._solve_dp(cells)
    assert solver.solve(cells) == want
    assert solver.fits(cells) == (want is not None)
    changes = solver.changes(bytes(cells))
    if want is None:
        assert changes is None
        return "none"
    pairs = enumerate(zip(cells, want, strict=True))
    assert changes == tuple((i, b) for i, (a, b) in pairs if a != b)
    return "changes" if changes else "same"


def test_bit_set_line_solver_agrees_with_the_dp():
    # One-colour clues in lines whose cells may allow other colours: the colour path.
    rng = random.Random(11)
    for _ in range(3000):
        n = rng.randint(1, 30)
        clue = [(rng.randint(1, 4), 1) for _ in range(rng.randint(0, 6))]
        cells = [rng.choice([1, 2, 3, 3, 3, 5, 6, 7]) for _ in range(n)]
        agrees_with_the_dp(LineSolver(clue), cells)


def test_plain_line_solver_agrees_with_the_dp():
    # Masks 1 to 3 only: the propagation's path, with its shortcuts for one run, for
    # solved lines (the runs of a solved line read off) and lines with nothing known.
    rng = random.Random(13)
    outcomes = {"none": 0, "changes": 0, "same": 0}
    for _ in range(3000):
        clue = [(rng.randint(1, 5), 1) for _ in range(rng.choice([0, 1, 1, 2, 3, 5]))]
        line = [rng.choice([1, 2]) for _ in range(rng.randint(1, 30))]
        if rng.random() < 0.5:  # a line that fits: runs of the clue, gaps between them
            line = []
            for length, _ in clue:
                line += [1] * (rng.randint(0, 2) if not line else rng.randint(1, 3)) + [2] * length
            line += [1] * rng.randint(0, 3)
        unknown = rng.choice([0.0, 0.3, 0.7, 1.0])
        cells = [3 if rng.random() < unknown else v for v in line]
        outcomes[agrees_with_the_dp(LineSolver(clue), cells)] += 1
    assert min(outcomes.values()) > 50


def test_plain_line_solver_on_lines_with_nothing_known():
    # Every clue of up to 4 runs of 1 to 4 cells, in lines of 1 to 12 unknown cells:
    # no tables, the runs' overlap (the whole line when there is no slack).
    outcomes = {"none": 0, "changes": 0, "same": 0}
    for n in range(1, 13):
        for k in range(5):
            for lengths in itertools.product(range(1, 5), repeat=k):
                solver = LineSolver([(length, 1) for length in lengths])
                outcomes[agrees_with_the_dp(solver, [3] * n)] += 1
    assert min(outcomes.values()) > 50


def test_line_solver_makes_its_rarer_attributes_on_first_use():
    solver = LineSolver([(2, 1), (1, 2), (1, 2)])
    assert solver.same_prev == [False, False, True]  # made on first use
    # The clue read backwards: a background cell before its second run, not its third.
    assert [gap for _, _, gap in solver.rev_runs] == [False, True, False]
    one_colour = LineSolver([(2, 1), (3, 1)])
    with pytest.raises(AttributeError):  # not made by the set-up
        object.__getattribute__(one_colour, "colour_plan")
    assert one_colour.solve([3] * 7) == [3, 2, 3, 3, 2, 2, 3]  # made by settle, then kept
    assert object.__getattribute__(one_colour, "colour_plan") is not None
    assert getattr(solver, "no_such_attribute", None) is None
    with pytest.raises(AttributeError):
        solver.no_such_attribute  # noqa: B018


def test_plain_line_solver_cuts_the_known_ends():
    # Propagation's common case: the ends known (their runs must be the clue's first
    # and last), the unknown cells between. Sometimes an end's runs are not the clue's.
    rng = random.Random(17)
    outcomes = {"none": 0, "changes": 0, "same": 0}
    for _ in range(3000):
        clue = [(rng.randint(1, 5), 1) for _ in range(rng.randint(2, 7))]
        line = []
        for length, _ in clue:
            line += [1] * (rng.randint(0, 2) if not line else rng.randint(1, 3)) + [2] * length
        line += [1] * rng.randint(0, 3)
        start = rng.randrange(len(line))
        stop = rng.randrange(start, len(line)) + 1
        cells = [3 if start <= i < stop and rng.random() < 0.8 else v for i, v in enumerate(line)]
        if rng.random() < 0.2:
            i = rng.choice([i for i in range(len(cells)) if not start <= i < stop] or [0])
            cells[i] = 3 - cells[i] if cells[i] != 3 else 1
        outcomes[agrees_with_the_dp(LineSolver(clue), cells)] += 1
    assert min(outcomes.values()) > 50


def test_colour_bit_set_line_solver_agrees_with_the_dp():
    # Clues of up to 7 colours (runs of different colours need no gap), cells that
    # allow the line's own colours and others, clues rotated so that some cannot fit.
    rng = random.Random(12)
    outcomes = {"none": 0, "changes": 0, "same": 0}
    for _ in range(3000):
        n = rng.randint(1, 30)
        colours = rng.randint(2, 8)
        full = (1 << colours) - 1
        line = [rng.randrange(1, colours) if rng.random() < 0.55 else 0 for _ in range(n)]
        clue = runs(line)
        if rng.random() < 0.2 and clue:
            clue = clue[1:] + clue[:1]
        cells = [
            full if rng.random() < 0.6 else 1 << v | rng.randint(0, full) & rng.randint(0, full)
            for v in line
        ]
        if rng.random() < 0.1:
            cells[rng.randrange(n)] = 1 << rng.randrange(colours)
        if rng.random() < 0.1:  # solved: read off, no tables
            cells = [1 << v for v in line]
        elif rng.random() < 0.1:  # nothing known: no tables either
            cells = [full] * n
        outcomes[agrees_with_the_dp(LineSolver(clue), cells)] += 1
    assert min(outcomes.values()) > 50


def test_colour_line_solver_with_the_ends_known():
    # As for one colour, propagation's common case: the ends known, the unknown cells
    # between; runs of different colours touch, and sometimes an end's runs are not
    # the clue's. settle (propagation from the empty grid) is checked too.
    rng = random.Random(19)
    outcomes = {"none": 0, "changes": 0, "same": 0}
    for _ in range(3000):
        colours = rng.randint(3, 5)
        full = (1 << colours) - 1
        line = [rng.randrange(1, colours) if rng.random() < 0.6 else 0 for _ in range(30)]
        clue = runs(line)
        start = rng.randrange(30)
        stop = rng.randrange(start, 30) + 1
        cells = [
            full if start <= i < stop and rng.random() < 0.8 else 1 << v for i, v in enumerate(line)
        ]
        if rng.random() < 0.2:
            i = rng.choice([i for i in range(30) if not start <= i < stop] or [0])
            cells[i] = 1 << rng.randrange(colours)
        outcomes[agrees_with_the_dp(LineSolver(clue), cells)] += 1
        assert LineSolver(clue).settle(bytes(cells)) == _settled_by_dp(LineSolver(clue), cells)
    assert min(outcomes.values()) > 50


def _settled_by_dp(solver, cells):
    want = solver._solve_dp(cells)
    if want is None:
        return None
    diff = sum(1 << i for i, (a, b) in enumerate(zip(cells, want, strict=True)) if a != b)
    return (diff, bytes(want)) if diff else 0


def test_explanations_are_minimal_and_sufficient():
    from solvelab.nonogram.learning import _shrink

    rng = random.Random(5)
    checked = 0
    while checked < 300:
        n = rng.randint(3, 16)
        clue = [(rng.randint(1, 4), 1) for _ in range(rng.randint(1, 4))]
        cells = bytes(rng.choice([1, 2, 3]) for _ in range(n))
        solver = LineSolver(clue)
        if solver.fits(cells):
            continue
        checked += 1
        known = [i for i, v in enumerate(cells) if v != 3]
        rng.shuffle(known)
        kept = _shrink(cells, known, solver)

        def state(keep, cells=cells):
            return [v if i in keep else 3 for i, v in enumerate(cells)]

        assert not solver.fits(state(set(kept)))  # the kept cells alone still fail
        for i in kept:  # and none of them can go
            assert solver.fits(state(set(kept) - {i}))


# -- the benchmark ---------------------------------------------------------------------


def test_bench_solves_in_rounds_and_keeps_the_fastest():
    from solvelab.bench.nonogram import in_rounds

    order = []
    times = {
        ("slow", "a"): iter([6.0, 2.0, 4.0]),
        ("slow", "b"): iter([9.0, 9.0, 9.0]),
        ("fast", "a"): iter([3.0, 1.0, 1.0]),
        ("fast", "b"): iter([5.0]),
    }

    def solver(runtime):
        def solve(name):
            order.append((runtime, name))
            status = "timeout" if (runtime, name) == ("fast", "b") else "unique"
            return {"status": status, "seconds": next(times[runtime, name]), "size": name}

        return solve

    found = in_rounds(["a", "b"], 3, {"slow": solver("slow"), "fast": solver("fast")})
    # Each puzzle in every runtime in turn, a round at a time; a timeout is not run again.
    assert (
        order
        == [("slow", "a"), ("fast", "a"), ("slow", "b"), ("fast", "b")]
        + [
            ("slow", "a"),
            ("fast", "a"),
            ("slow", "b"),
        ]
        * 2
    )
    assert found["slow"]["a"] == {
        "status": "unique",
        "seconds": 2.0,
        "size": "a",
        "times": [6.0, 2.0, 4.0],
    }
    assert found["fast"]["a"]["seconds"] == 1.0 and found["fast"]["a"]["times"] == [3.0, 1.0, 1.0]
    assert found["fast"]["b"]["status"] == "timeout" and found["fast"]["b"]["times"] == [5.0]


def test_bench_pairs_each_round_s_times():
    from solvelab.bench.nonogram import _slower, paired

    # Each runtime's fastest came in another round (3 ÷ 1 = 3×); the rounds' ratios
    # are 2×, 6× (a burst of other work in CPython's solve) and 2.5×: the median 2.5×.
    pyodide = {"status": "unique", "seconds": 3.0, "times": [3.0, 6.0, 5.0]}
    cpython = {"status": "unique", "seconds": 1.0, "times": [1.5, 1.0, 2.0]}
    assert paired(pyodide, cpython) == 2.5
    assert _slower(pyodide, cpython) == ["3.00×", "2.50×"]
    assert paired({**pyodide, "status": "timeout"}, cpython) is None
    assert _slower({**pyodide, "status": "timeout"}, cpython) == ["—", "—"]
    assert _slower(pyodide, {**cpython, "seconds": 0.0009}) == ["—", "—"]  # below 1 ms


def test_outside_tables_mark_the_masks_with_a_colour_outside():
    from solvelab.nonogram.line import _outside_table

    for allowed in range(256):
        want = bytes(b"1"[0] if m & ~allowed else b"0"[0] for m in range(256))
        assert _outside_table(allowed) == want


@pytest.mark.parametrize("colours", [1, 8, 10])
def test_the_time_limit_holds_from_the_empty_grid(colours):
    # Propagation from the empty grid once never looked at the clock: a random
    # 200 × 200 picture of 8 colours, given 0.05 s, took 21 s to time out.
    rng = random.Random(1)
    palette = [WHITE] + [Colour(f"c{i}", chr(97 + i)) for i in range(colours)]
    chars = [c.char for c in palette]
    picture = ["".join(rng.choice(chars) for _ in range(60)) for _ in range(60)]
    result = solve(Puzzle.from_grid(picture, colours=palette), time_limit=0)
    assert result.status == "timeout"
    assert result.stats.line_solves < 60  # stopped in the first round of lines


def test_a_second_solve_leaves_the_first_result_alone():
    puzzle = Puzzle.from_grid(["X.X.", ".X.X", "X.X.", ".X.X"])  # two solutions: a guess
    solver = Solver(puzzle, record_steps=True)
    first = solver.solve()
    steps, stats = list(first.steps), dataclasses.replace(first.stats)
    second = solver.solve()
    assert first.steps == steps and first.stats == stats
    assert second.status == first.status and second.steps == steps


def test_checking_a_picture_answers_with_that_picture():
    # The symmetric search could end on a solution and its mirror image, neither of
    # them the picture checked (["..X.", ".X..", "...X"]: 9 in 666 multiple verdicts).
    rng = random.Random(7)
    pictures = [["..X.", ".X..", "...X"]]
    for _ in range(300):
        w, h = rng.randint(2, 6), rng.randint(2, 6)
        pictures.append(["".join(rng.choice(".X") for _ in range(w)) for _ in range(h)])
    for picture in pictures:
        result = solve(Puzzle.from_grid(picture), check_goal=True)
        assert result.status in (UNIQUE, MULTIPLE)
        assert result.pictures()[0] == picture
        assert len({tuple(s) for s in result.pictures()}) == len(result.pictures())


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda p: solve(None), "takes a Puzzle"),
        (lambda p: solve(p, max_solutions=2.5), "max_solutions"),
        (lambda p: solve(p, time_limit="5"), "time_limit"),
        (lambda p: parse(b"rows\n1\ncolumns\n1\n", "text"), "read_bytes takes bytes"),
    ],
)
def test_arguments_of_the_wrong_type_are_named(call, message):
    with pytest.raises(TypeError, match=message):
        call(Puzzle.from_grid(["X"]))


def test_a_time_limit_past_any_float_is_no_limit():
    assert solve(Puzzle.from_grid(["X.", ".X"]), time_limit=10**400).status == MULTIPLE
