"""The Edit page's check on random pictures: ``solvelab bench nonogram-pictures``.

The Edit page asks whether the puzzle of the picture drawn is unique
(:func:`solvelab.nonogram.editing.check_picture`). A random fill of a big grid
is seldom unique, and its clues are hard to solve from nothing; the page
knows the picture, so it checks it (``check_goal``: the search guesses the
picture's colours first and looks for another solution near it). For each
size and seed, one random picture (the page's Random fill: ``--density``,
``--seed``, which takes several seeds, as the time from the clues varies a lot
from one picture to the next), its verdict and time solved from its clues and
checked, each with the page's time limit (10 s), or with ``--generator`` the
generator's work limit instead (:func:`solvelab.nonogram.generator.work_limit`:
how long a search that reaches it takes). Times are the solver's
(``stats.seconds``), in CPython.
"""

from __future__ import annotations

import random
import sys

from solvelab.bench.nonogram import _fmt, _load


def _refuse(message: str) -> int:
    print(f"solvelab: {message}", file=sys.stderr)
    return 2


def main(
    sizes: tuple[int, ...],
    density: float,
    seeds: tuple[int, ...],
    time_limit: float,
    generator: bool = False,
) -> int:
    from solvelab.nonogram.generator import PICTURE_WORK, random_picture, work_limit
    from solvelab.nonogram.puzzle import MAX_SIZE, Puzzle
    from solvelab.nonogram.solver import solve

    if not all(1 <= n <= MAX_SIZE for n in sizes):
        return _refuse(f"sizes must be 1 to {MAX_SIZE}")
    if not 0 < density < 1:
        return _refuse("the density must be between 0 and 1 (exclusive)")
    if not time_limit > 0:  # NaN too
        return _refuse("--time-limit must be positive")
    said = (
        f"work limit {PICTURE_WORK:,} ÷ (width + height)"
        if generator
        else f"time limit {time_limit:g} s"
    )
    print(f"density {density:g}, {said}")
    print(f"load average at the start: {_load()}")
    print("| picture | seed | from the clues | time | checking the picture | time |")
    print("|---|---|---|---|---|---|")
    for size in sizes:
        limit = {"work_limit": work_limit(size, size)} if generator else {"time_limit": time_limit}
        for seed in seeds:
            puzzle = Puzzle.from_grid(random_picture(size, size, density, random.Random(seed)))
            row = [f"{size}×{size}", str(seed)]
            for check in (False, True):
                result = solve(puzzle, check_goal=check, **limit)
                # Out of work, its time is what it took; out of time, more than that.
                row += [
                    result.status,
                    _fmt(result.stats.seconds, "" if generator else result.status),
                ]
            print("| " + " | ".join(row) + " |", flush=True)
    print(f"\nload average at the end: {_load()}")
    return 0
