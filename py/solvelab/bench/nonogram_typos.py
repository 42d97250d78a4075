"""Which clue is wrong, on clues typed wrong: ``solvelab bench nonogram-typos``.

For each size, puzzles of random pictures (``--density``, from ``--seed`` on)
that are unique (checked as the Edit page checks a picture), each with one
row's clue changed as a slip of the hand changes it, the two slips in turn:
two neighbouring numbers swapped (the count of filled cells kept: the solver
finds there is no solution), or one number one more (the rows then fill one
cell more than the columns). For each, :func:`solvelab.nonogram.bad_clues.suspects`: how many
lines it names, where the changed row comes among them (1: first; tied with
others one slip away counts as first), its solves and line solves, and its
time in CPython.
"""

from __future__ import annotations

import random
import time

from solvelab.bench.nonogram import _load
from solvelab.bench.nonogram_pictures import _refuse

TRIES = 100  # pictures of a size, at most


def _slipped(puzzle, row: int, swap: bool, rng: random.Random):
    """The puzzle with ``row``'s clue changed by a swap of two different neighbouring
    numbers, or else a number one more; None if the row has no such numbers, or the
    clue one more no longer fits the row."""
    from solvelab.nonogram.errors import UnsatisfiableClues
    from solvelab.nonogram.puzzle import Block, Puzzle

    clue = list(puzzle.rows[row])
    pairs = [i for i in range(len(clue) - 1) if clue[i] != clue[i + 1]]
    if not pairs:
        return None
    rows = list(puzzle.rows)
    if swap:
        i = rng.choice(pairs)
        clue[i], clue[i + 1] = clue[i + 1], clue[i]
        rows[row] = tuple(clue)
        return Puzzle(tuple(rows), puzzle.columns)
    i = rng.randrange(len(clue))
    clue[i] = Block(clue[i].length + 1, clue[i].colour)
    rows[row] = tuple(clue)
    try:
        Puzzle(tuple(rows), puzzle.columns)
    except UnsatisfiableClues as error:
        return error.puzzle  # None when the clue no longer fits its row
    raise AssertionError("a number one more leaves the counts of filled cells equal")


def main(sizes: tuple[int, ...], count: int, density: float, seed: int) -> int:
    from solvelab.nonogram import bad_clues
    from solvelab.nonogram.generator import random_picture
    from solvelab.nonogram.puzzle import MAX_SIZE, Puzzle
    from solvelab.nonogram.solver import NONE, solve

    if not all(5 <= n <= MAX_SIZE for n in sizes):
        return _refuse(f"sizes must be 5 to {MAX_SIZE}")
    if not 0 < density < 1:
        return _refuse("the density must be between 0 and 1 (exclusive)")
    if count < 1:
        return _refuse("--count must be 1 or more")
    print(f"density {density:g}, seed {seed} on; budget {bad_clues.WORK:,} line solves")
    print(f"load average at the start: {_load()}")
    print("| puzzle | slip | lines named | changed row's place | solves | line solves | time |")
    print("|---|---|---|---|---|---|---|")
    rng = random.Random(seed)
    for size in sizes:
        done = tries = 0
        while done < count:
            tries += 1
            if tries > TRIES:  # big random pictures are seldom unique (denser ones more often)
                print(f"| {size}×{size} | no unique picture in {TRIES} tries | | | | | |")
                break
            puzzle = Puzzle.from_grid(random_picture(size, size, density, rng))
            if solve(puzzle, check_goal=True).status != "unique":
                continue
            row = rng.randrange(size)
            swap = done % 2 == 0  # the two slips in turn
            wrong = _slipped(puzzle, row, swap, rng)
            if wrong is None or swap and solve(wrong).status != NONE:
                continue  # (a swap the other clues allow leaves a puzzle with a solution)
            kind = "swap" if swap else "one more"
            tally: dict = {}
            started = time.perf_counter()
            found = bad_clues.suspects(wrong, tally=tally)
            seconds = time.perf_counter() - started
            if found is None:
                named = place = "ran out"
            else:
                near = [bad_clues.clue_distance(wrong.lines[s.line], s.clue) for s in found]
                lines = [s.line for s in found]
                named = str(len(found))
                place = "—" if row not in lines else str(1 + near.index(near[lines.index(row)]))
            print(
                f"| {size}×{size} #{done + 1} | {kind} | {named} | {place} | "
                f"{tally['solves']} | {tally['work']:,} | {seconds:.2f} s |",
                flush=True,
            )
            done += 1
    print(f"\nload average at the end: {_load()}")
    return 0
