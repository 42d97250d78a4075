"""Which clue is wrong (bad_clues.py): the lines found, one or two, against a brute
force that leaves their clues out, clues typed wrong found first, and the words."""

from __future__ import annotations

import itertools
import random

import pytest

from solvelab.nonogram import Puzzle, UnsatisfiableClues, bad_clues, parse
from solvelab.nonogram.bad_clues import (
    GAVE_UP_PAIRS,
    Suspect,
    clue_distance,
    pair_note,
    pairs_text,
    suspect_pairs,
    suspects,
    suspects_text,
    wrong_clue,
    wrong_pair,
)
from solvelab.nonogram.generator import random_picture
from solvelab.nonogram.puzzle import BLACK, WHITE, Block, Colour, clue_of
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


def unchecked(rows, columns) -> Puzzle:
    """The one-colour puzzle of clues given as numbers, its totals left unchecked."""
    blocks = [tuple(Block(n, 1) for n in clue) for clue in rows + columns]
    return Puzzle(tuple(blocks[: len(rows)]), tuple(blocks[len(rows) :]), check_totals=False)


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
        told = []
        found = suspects(puzzle, on_found=told.append)
        expected = {line for line in range(h + w) if solvable_without(rows, columns, line)}
        assert {s.line for s in found} == expected
        for line, clue in found:  # the clue given for the line does give a solution
            assert tuple(b.length for b in clue) in solvable_without(rows, columns, line)
        # Each line was told as it was found, once, with a clue that gives a solution
        # too (maybe not the nearest).
        assert all(len(one) == 1 for one in told)
        assert sorted(s.line for (s,) in told) == sorted(expected)
        for ((line, clue),) in told:
            assert tuple(b.length for b in clue) in solvable_without(rows, columns, line)
        checked += 1
    assert checked > 150 and totals > 50


def broken_lines(rows, columns) -> list[frozenset[int]]:
    """By brute force, for every grid: the lines whose clue it breaks."""
    width, height = len(columns), len(rows)
    found = []
    for cells in itertools.product((0, 1), repeat=width * height):
        grid = [cells[r * width : r * width + width] for r in range(height)]
        broken = [r for r in range(height) if runs(grid[r]) != rows[r]]
        broken += [height + c for c in range(width) if runs(cells[c::width]) != columns[c]]
        found.append(frozenset(broken))
    return found


@pytest.mark.parametrize(
    ("chunk", "most"),
    [(bad_clues.CORE_CHUNK, bad_clues.CORE_SOLVE), (1, bad_clues.CORE_SOLVE), (1, 1)],
    ids=["as-is", "smallest-core", "no-core-solve-tells"],
)
def test_the_pairs_found_are_those_without_whose_clues_the_others_have_a_solution(
    monkeypatch, chunk, most
):
    """Clues no one line explains: the pairs named are exactly the pairs of lines that
    some grid breaks no other line than (a brute force over every grid), each with
    clues that give a solution; with the core as it is made, made as small as it can
    be, and made of every line (no solve of the core's may take a line solve)."""
    monkeypatch.setattr(bad_clues, "CORE_CHUNK", chunk)
    monkeypatch.setattr(bad_clues, "CORE_SOLVE", most)
    rng = random.Random(11)
    checked = found_some = 0
    for _ in range(300):
        w, h = rng.randint(2, 4), rng.randint(2, 3)
        rows, columns = contradictory_clues(rng, w, h)
        broken = broken_lines(rows, columns)
        if any(len(lines) < 2 for lines in broken):  # solvable, or one line explains it
            continue
        puzzle = unchecked(rows, columns)
        assert suspects(puzzle) == []
        told = []
        pairs = suspect_pairs(puzzle, on_found=told.append)
        expected = {lines for lines in broken if len(lines) == 2}
        assert {frozenset(s.line for s in pair) for pair in pairs} == expected
        # Each pair was told as it was found, once, with clues that give a solution.
        assert sorted(sorted(s.line for s in pair) for pair in told) == sorted(
            sorted(lines) for lines in expected
        )
        for pair in [*pairs, *told]:
            lines = list(puzzle.lines)
            for line, clue in pair:
                lines[line] = clue
            fixed = Puzzle(tuple(lines[:h]), tuple(lines[h:]), check_totals=False)
            assert Solver(fixed).solve().status != NONE
        checked += 1
        found_some += bool(pairs)
    assert checked > 60 and found_some > 30


def test_any_solution_is_a_solution_of_the_clues_kept_or_false_when_none_is():
    """Solver.any_solution, the one question these searches ask, against every grid:
    a grid that keeps every clue not left out when some grid breaks only lines left
    out, else False; with few lines left out (probing first) and with a third or more
    (the learning search alone)."""
    rng = random.Random(5)
    seen = {(skips, has): 0 for skips in (False, True) for has in (False, True)}
    for _ in range(100):
        w, h = rng.randint(2, 4), rng.randint(2, 3)
        rows, columns = contradictory_clues(rng, w, h)
        puzzle = unchecked(rows, columns)
        broken = broken_lines(rows, columns)
        for _ in range(4):
            free = frozenset(rng.sample(range(w + h), rng.randint(0, (w + h) // 2)))
            found = Solver(puzzle, free_lines=free).any_solution()
            has = any(lines <= free for lines in broken)
            if has:
                kept = [r for r in range(h) if r not in free]
                assert [runs(found[r]) for r in kept] == [rows[r] for r in kept]
                kept = [c for c in range(w) if h + c not in free]
                assert [runs([row[c] for row in found]) for c in kept] == [columns[c] for c in kept]
            else:
                assert found is False
            seen[3 * len(free) >= w + h, has] += 1
    assert min(seen.values()) > 30, seen


def test_a_solution_mended_in_the_lines_left_out_keeps_every_clue_kept():
    """bad_clues._mended: a grid that breaks some lines, changed only where they cross
    lines left out, is a solution of the clues kept, or None when one cannot be mended;
    against the brute force (some grid breaking only lines left out)."""
    rng = random.Random(8)
    mended = refused = 0
    for _ in range(150):
        w, h = rng.randint(2, 4), rng.randint(2, 4)
        rows, columns = contradictory_clues(rng, w, h)
        puzzle = unchecked(rows, columns)
        grid = tuple(tuple(rng.randint(0, 1) for _ in range(w)) for _ in range(h))
        free = frozenset(rng.sample(range(w + h), rng.randint(1, (w + h) // 2)))
        broken = bad_clues._broken(puzzle, grid)
        found = bad_clues._mended(puzzle, grid, broken - free, free)
        if found is None:
            refused += 1
            continue
        mended += 1
        assert bad_clues._broken(puzzle, found) <= free
        assert any(lines <= free for lines in broken_lines(rows, columns))
        # Only cells where a line mended crosses a line left out changed.
        for r, c in itertools.product(range(h), range(w)):
            if found[r][c] != grid[r][c]:
                assert (r in broken - free and h + c in free) or (
                    h + c in broken - free and r in free
                )
    assert mended > 20 and refused > 20, (mended, refused)


def test_any_solution_of_colour_clues_and_when_the_work_runs_out():
    rng = random.Random(6)
    for _ in range(100):
        w, h = rng.randint(2, 4), rng.randint(2, 4)
        pictures = [[[rng.randrange(3) for _ in range(w)] for _ in range(h)] for _ in range(2)]
        rows = [clue_of(row) for row in pictures[0]]
        columns = [clue_of(col) for col in zip(*pictures[rng.random() < 0.5], strict=True)]
        colours = (WHITE, BLACK, Colour("red", "r", "FF0000"))
        puzzle = Puzzle(tuple(rows), tuple(columns), colours, check_totals=False)
        found = Solver(puzzle).any_solution()
        if solve(puzzle).status == NONE:
            assert found is False
        else:
            assert puzzle.check(found)
    puzzle = parse("rows\n1\n1\n1\ncolumns\n1\n1\n1")  # six solutions: a search
    assert Solver(puzzle, work_limit=1).any_solution() is None
    assert puzzle.check(Solver(puzzle).any_solution())


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


def test_two_clues_typed_wrong_are_found_first():
    """A unique puzzle of a random picture, a row's clue with two numbers swapped and
    a column's with one number one more, that no one line explains: their pair is
    first, or tied first, two slips from what was written."""
    rng = random.Random(5)
    tried = 0
    while tried < 2:
        puzzle = Puzzle.from_grid(random_picture(15, 15, 0.6, rng))
        row, column = rng.randrange(15), rng.randrange(15)
        wrong = swapped(puzzle, row)
        if wrong is None or solve(puzzle).status != "unique":
            continue
        clue = list(wrong.columns[column])
        clue[-1] = Block(clue[-1].length + 1, 1)
        columns = (*wrong.columns[:column], tuple(clue), *wrong.columns[column + 1 :])
        wrong = Puzzle(wrong.rows, columns, check_totals=False)
        if suspects(wrong):  # one line explains it: no pair is looked for
            continue
        pairs = suspect_pairs(wrong)
        near = [sum(clue_distance(wrong.lines[line], c) for line, c in pair) for pair in pairs]
        assert near[0] == 2
        first = [tuple(s.line for s in p) for p, d in zip(pairs, near, strict=True) if d == 2]
        assert (row, 15 + column) in first
        tried += 1


def test_the_search_gives_up_when_its_work_runs_out():
    rows, columns = ["2", "1 1", "2"], ["1 1", "2", "2"]
    puzzle = parse("rows\n" + "\n".join(rows) + "\ncolumns\n" + "\n".join(columns))
    assert solve(puzzle).status == NONE
    assert suspects(puzzle, work=1) is None
    assert suspects(puzzle) == []  # two clues are wrong
    assert suspect_pairs(puzzle, work=1) is None
    assert wrong_pair(puzzle, work=1) == (GAVE_UP_PAIRS, None)
    assert wrong_pair(puzzle)[1]


def test_a_search_out_of_work_still_names_the_lines_it_found():
    """Out of work, the lines found by then come as Unfinished (each is one), and the
    words say others may be too; with none found yet, nothing (None)."""
    rng = random.Random(3)
    while True:
        puzzle = Puzzle.from_grid(random_picture(15, 15, 0.6, rng))
        bad = swapped(puzzle, 0) if solve(puzzle).status == "unique" else None
        if bad is not None and solve(bad).status == NONE:
            break
    tally: dict = {}
    whole = suspects(bad, tally=tally)
    assert whole and not isinstance(whole, bad_clues.Unfinished)
    seen = set()
    for work in range(1, tally["work"], max(1, tally["work"] // 60)):
        found = suspects(bad, work=work)
        if found is None:
            seen.add("none")
            continue
        assert isinstance(found, bad_clues.Unfinished) and found
        assert {line for line, _ in found} <= {line for line, _ in whole}
        seen.add("some")
        told = []
        text, notes = wrong_clue(bad, work=work, on_found=told.extend)
        assert text.endswith("; " + bad_clues.UNFINISHED) and len(notes) == len(found)
        # Every line named was told as it was found, with a note of its own.
        assert sorted(line for line, _ in told) == sorted(line for line, _ in notes)
        assert all(note.startswith("this clue may be wrong: with ") for _, note in told)
    assert seen == {"none", "some"}


def test_a_pair_search_out_of_work_still_names_the_pairs_it_found():
    """Out of work, the pairs found by then come as Unfinished, each a true pair (with
    their clues, the others have a solution), and the words say the search did not end;
    with none found yet, nothing (None). It used to give up even when it had found
    every pair and ran out choosing their nearest clues."""
    rows, columns = ((1, 1), (3, 1), (3,), (5,)), ((2, 1), (4,), (4,), (1,), (1, 1))
    puzzle = unchecked(list(rows), list(columns))
    tally: dict = {}
    whole = suspect_pairs(puzzle, tally=tally)
    assert len(whole) == 8 and not isinstance(whole, bad_clues.Unfinished)
    seen = set()
    for work in range(1, tally["work"] + 1, max(1, tally["work"] // 80)):
        found = suspect_pairs(puzzle, work=work)
        if found is None:
            seen.add("none")
            continue
        if not isinstance(found, bad_clues.Unfinished):
            assert found == whole
            continue
        seen.add(f"{len(found)} of 8")
        assert {frozenset(s.line for s in pair) for pair in found} <= {
            frozenset(s.line for s in pair) for pair in whole
        }
        for pair in found:
            lines = list(puzzle.lines)
            for line, clue in pair:
                lines[line] = clue
            fixed = Puzzle(tuple(lines[:4]), tuple(lines[4:]), check_totals=False)
            assert solve(fixed).status != NONE
        text, notes = wrong_pair(puzzle, work=work)
        assert text.endswith("; " + bad_clues.UNFINISHED_PAIRS) and notes
    assert "none" in seen and "8 of 8" in seen and len(seen) > 2


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


def test_the_words_for_two():
    puzzle = parse("rows\n2\n1 1\n2\ncolumns\n1 1\n2\n2")
    pair = (Suspect(3, (Block(2, 1),)), Suspect(4, (Block(1, 1), Block(1, 1))))
    other = (Suspect(0, (Block(1, 1), Block(1, 1))), Suspect(1, (Block(2, 1),)))
    assert pairs_text(puzzle, [pair]) == (
        "column 1's clue 1 1 and column 2's clue 2 may both be wrong: with 2 and 1 1 there, "
        "the other clues have a solution"
    )
    assert pairs_text(puzzle, [pair, other]) == (
        "2 pairs of clues could each be the wrong two (changed together, each pair gives a "
        "solution), the likeliest first: column 1's 1 1 (2 fits) with column 2's 2 (1 1 "
        "fits); row 1's 2 (1 1 fits) with row 2's 1 1 (2 fits)"
    )
    assert pairs_text(puzzle, [pair] * 6).endswith("; and 2 more")
    assert pairs_text(puzzle, []) == (
        "changing any two clues leaves no solution either: three clues or more are wrong"
    )
    assert pair_note(puzzle, pair, 4) == (
        "this clue and column 1's may both be wrong: with 1 1 here and 2 there, the other "
        "clues have a solution"
    )
    # One clue first: none will do; then two, each line of the pairs with a note.
    assert wrong_clue(puzzle) == (suspects_text(puzzle, []), [])
    text, notes = wrong_pair(puzzle)
    assert text.startswith("3 pairs of clues could each be the wrong two")
    assert [line for line, _ in notes] == [0, 1, 2, 3, 4]
