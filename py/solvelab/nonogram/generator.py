"""Random puzzles: a random picture (each cell filled with probability ``density``,
a random number under the density filling a cell), kept only when its clues have
exactly one solution, and, with ``easy``, only when line solving alone finds it.

The picture is known, so each is checked (``check_goal``: a second solution is
looked for near it) rather than solved from its clues alone: a big random
picture's clues seldom have one solution, and the check finds the second one
at once where the search from the clues runs out of time (100 × 100 at density
0.5: 1.5 s against more than 8 s a picture). Each check has a work limit, not a
time limit, so that a seed gives the same puzzle on every machine, however slow;
the attempts share a time budget.

>>> puzzle = generate(8, 6, 0.6, seed=3)
>>> puzzle.width, puzzle.height, solve(puzzle).status
(8, 6, 'unique')
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Iterator
from typing import NamedTuple

from solvelab.nonogram.errors import NonogramError
from solvelab.nonogram.puzzle import MAX_SIZE, Puzzle
from solvelab.nonogram.solver import UNIQUE, Result, Solver, solve


class GeneratorError(NonogramError):
    """No puzzle with the wanted properties was found in the attempts allowed:
    ``tried`` pictures, and ``out_of_time`` when the time budget ended the search
    before the attempts did (it may go on: see ``skip`` in :func:`find_unique`)."""

    def __init__(self, message: str, tried: int = 0, out_of_time: bool = False):
        super().__init__(message)
        self.tried = tried
        self.out_of_time = out_of_time

    @property
    def gave_up(self) -> bool:
        """Whether the search ran and found nothing (rather than refusing its arguments)."""
        return self.tried > 0 or self.out_of_time


# Each picture's check may make this many line solves (those answered from the cache
# included) times the picture's width and height added (a line solve costs about
# its length); a picture still unproven then is turned down. Work, not seconds: a
# slow phone turns down the pictures a fast computer does, so a seed gives both the
# same puzzle. 2.5 to 3.8 s on this project's machine for the searches that reach it,
# from 45 × 45 to 150 × 150 (`solvelab bench nonogram-pictures --generator`; 80,000
# line solves at 100 × 100, where checking a picture of density 0.5 takes about
# 58,000); several times that on a phone.
PICTURE_WORK = 16_000_000


def work_limit(width: int, height: int) -> int:
    """The line solves a picture's check may make (see :data:`PICTURE_WORK`)."""
    return PICTURE_WORK // (width + height)


def random_picture(width: int, height: int, density: float, rng: random.Random) -> list[list[int]]:
    """A picture of 0 (background) and 1 cells, each 1 with probability ``density``."""
    return [[1 if rng.random() < density else 0 for _ in range(width)] for _ in range(height)]


DIFFICULTIES = ("any", "easy", "hard")  # easy: line solving alone; hard: more than that


def generate(
    width: int,
    height: int,
    density: float = 0.6,
    seed: int | None = None,
    easy: bool = False,
    attempts: int = 2000,
    budget: float | None = 60.0,
) -> Puzzle:
    """A puzzle with a unique solution (line-solvable with ``easy``), the same for the
    same arguments (and a machine fast enough to reach it within ``budget``)."""
    difficulty = "easy" if easy else "any"
    return find_unique(width, height, density, seed, difficulty, attempts, budget)[0]


class Trial(NamedTuple):
    """One random picture and what the generator made of it: ``puzzle`` (None for a
    blank picture, which has no puzzle), ``result`` (None when not checked: blank, or
    not line-solvable when an easy puzzle is wanted) and whether it is ``kept``."""

    picture: list[list[int]]
    puzzle: Puzzle | None
    result: Result | None
    kept: bool


def trials(
    width: int,
    height: int,
    density: float,
    seed: int | None,
    difficulty: str = "any",
    deadline: float | None = None,
    skip: int = 0,
) -> Iterator[Trial]:
    """The seed's random pictures after the first ``skip``, each judged: checked
    against its picture (within :func:`work_limit`), until ``deadline`` (a
    :func:`time.perf_counter` time, or None). The first is judged whatever the
    deadline, and no check is cut short by it: a machine too slow to check a
    picture in the time given still goes on, a picture at a time. Arguments as
    :func:`find_unique`'s, unchecked."""
    rng = random.Random(seed)
    for _ in range(skip):
        random_picture(width, height, density, rng)
    limit = work_limit(width, height)
    for judged in itertools.count():
        if judged and deadline is not None and time.perf_counter() >= deadline:
            return
        picture = random_picture(width, height, density, rng)
        if not any(any(row) for row in picture):
            yield Trial(picture, None, None, False)
            continue
        puzzle = Puzzle.from_grid(picture, title=f"random {width}×{height}")
        if difficulty == "easy" and not Solver(puzzle).solved_by_lines():
            yield Trial(picture, puzzle, None, False)
            continue
        result = solve(puzzle, check_goal=True, work_limit=limit)
        kept = result.status == UNIQUE and (
            difficulty == "any" or (difficulty == "easy") == (result.difficulty == "line")
        )
        yield Trial(picture, puzzle, result, kept)


def find_unique(
    width: int,
    height: int,
    density: float,
    seed: int | None,
    difficulty: str = "any",
    attempts: int = 2000,
    budget: float | None = None,
    skip: int = 0,
) -> tuple[Puzzle, Result, int]:
    """The first random picture of the seed whose clues have one solution, of the
    ``difficulty`` wanted (see :data:`DIFFICULTIES`): the puzzle, the solver's
    result and how many pictures it took. No picture is started after ``budget``
    seconds (None: no limit but ``attempts``), but the first always is. ``skip``:
    the seed's first pictures, tried before (a search that ran out of time goes
    on from there, so a slow machine finds what a fast one does)."""
    for name, value in {"width": width, "height": height, "attempts": attempts}.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} is a whole number, not {value!r}")
    if isinstance(density, bool) or not isinstance(density, (int, float)):
        raise TypeError(f"the density is a number between 0 and 1, not {density!r}")
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"a seed is a whole number or None, not {seed!r}")
        if seed < 0:  # Python's random takes -7 for 7: it would repeat a puzzle
            raise GeneratorError(f"a seed is 0 or more, not {seed}")
    if difficulty not in DIFFICULTIES:
        raise GeneratorError(f"unknown difficulty {difficulty!r}: one of {', '.join(DIFFICULTIES)}")
    if not (1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE):
        raise GeneratorError(f"width and height must be 1 to {MAX_SIZE}, not {width} × {height}")
    if not 0 < density < 1:
        raise GeneratorError(f"the density must be between 0 and 1 (exclusive), not {density}")
    if attempts < 1 or (budget is not None and not budget > 0):
        raise GeneratorError(
            "attempts must be 1 or more and the budget positive, not "
            f"attempts={attempts}, budget={budget}"
        )
    if not 0 <= skip < attempts:
        raise GeneratorError(f"skip must be 0 to {attempts - 1}, the attempts less one, not {skip}")
    start = time.perf_counter()
    deadline = None if budget is None else start + budget
    tried = skip
    for trial in trials(width, height, density, seed, difficulty, deadline, skip):
        tried += 1
        if trial.kept:
            return trial.puzzle, trial.result, tried
        if tried >= attempts:
            break
    what = {"easy": "line-solvable ", "hard": "hard ", "any": ""}[difficulty]
    out_of_time = tried < attempts
    # The picture under way at the deadline is judged to its end: say the time spent.
    spent = (
        f" ({time.perf_counter() - start:.1f} s; none is started after {budget:g} s)"
        if out_of_time
        else ""
    )
    raise GeneratorError(
        f"no {what}unique puzzle found in {tried} random {width} × {height} "
        f"{'picture' if tried == 1 else 'pictures'} of "
        f"density {density}{spent}; try another density or a smaller size",
        tried,
        out_of_time,
    )
