"""solvelab's verdicts checked against CaDiCaL's, on random puzzles too big for the
tests' brute force (bench only, in the SAT peer's environment: see sat_peer.py).

The tests check solvelab against a brute-force solver on grids of up to 6 × 6;
this checks it, puzzle by puzzle, against a solver it shares no code with, on
grids of up to ``--max-size`` cells a side (22 by default). Each seed makes one
puzzle (see :func:`random_case`): the clues of a random picture of one to four
colours (one solution or several), or, half the time, those clues with a row's run
and a column's run of one colour both made one longer or shorter, which keeps
every colour's totals and usually leaves no solution. solvelab solves it
(``--time-limit``), CaDiCaL counts its solutions up to two (``sat_peer.py``'s
encoding), and the two must agree: none, unique or multiple (a timeout of
solvelab's is counted, not compared). Every picture solvelab gives is also
checked against the clues. With ``--max-solutions N`` both count up to N
solutions, and the counts must agree. With ``--suspects``, for clues with no
solution, the lines :func:`solvelab.nonogram.bad_clues.suspects` names (those
without whose clue the others have a solution) must be the lines for which
CaDiCaL, with that line's clauses switched off, finds a solution; where there
are none, the same for the pairs of lines of
:func:`~solvelab.nonogram.bad_clues.suspect_pairs`. With ``--nogoods``, the
learning search's steps are recorded and, for puzzles with at most
``NOGOOD_SOLUTIONS`` solutions (CaDiCaL finds them all), each nogood it learns
must hold for every solution it had not found by then (see
:func:`broken_nogoods`). It prints each disagreement as it comes, then the
verdicts by kind and the puzzles that took solvelab longest, beside CaDiCaL's
time; the exit status is 1 if any disagreed::

    /tmp/sat-env/bin/python py/solvelab/bench/sat_check.py --count 2000
    /tmp/sat-env/bin/python py/solvelab/bench/sat_check.py --max-size 16 --suspects
    /tmp/sat-env/bin/python py/solvelab/bench/sat_check.py --max-size 14 --max-solutions 12
    /tmp/sat-env/bin/python py/solvelab/bench/sat_check.py --max-size 18 --nogoods

Usage: python sat_check.py [--count N] [--first SEED] [--max-size N] [--time-limit S]
                           [--max-solutions N] [--suspects] [--nogoods]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # solvelab from this tree
from solvelab.bench.sat_peer import (  # noqa: E402
    Encoding,
    all_solutions,
    count_solutions,
    lines_left_out_with_a_solution,
)
from solvelab.nonogram import (  # noqa: E402
    MULTIPLE,
    NONE,
    TIMEOUT,
    UNIQUE,
    Block,
    Colour,
    NonogramError,
    Puzzle,
    bad_clues,
    solve,
)
from solvelab.nonogram.puzzle import BLACK, WHITE  # noqa: E402
from solvelab.nonogram.steps import replay  # noqa: E402

COLOURS = (
    WHITE,
    BLACK,
    Colour("red", "r", "FF0000"),
    Colour("green", "g", "00FF00"),
    Colour("blue", "b", "0000FF"),
)
# CaDiCaL's count of solutions (at most 2) as a verdict.
VERDICTS = (NONE, UNIQUE, MULTIPLE)
# --nogoods: the puzzles with more solutions than this are not checked.
NOGOOD_SOLUTIONS = 200


def random_case(seed: int, max_size: int = 22) -> tuple[str, Puzzle] | None:
    """The puzzle of ``seed``, as ``("picture", puzzle)`` (a random picture's clues)
    or ``("changed", puzzle)`` (those clues with a row's run and a column's run of one
    colour one longer, or one shorter); None when the changed clues do not fit their
    lines. The picture is the puzzle's goal either way.

    >>> random_case(3)[0], random_case(3) == random_case(3)
    ('changed', True)
    """
    rng = random.Random(seed)
    width, height = rng.randint(3, max_size), rng.randint(3, max_size)
    colours = rng.choice((1, 1, 1, 2, 3, 4))  # one colour half the time
    density = rng.uniform(0.25, 0.85)
    picture = [
        [rng.randint(1, colours) if rng.random() < density else 0 for _ in range(width)]
        for _ in range(height)
    ]
    puzzle = Puzzle.from_grid(picture, COLOURS[: colours + 1])
    if rng.random() < 0.5:
        return "picture", puzzle
    rows = [list(clue) for clue in puzzle.rows]
    columns = [list(clue) for clue in puzzle.columns]
    in_rows = [(y, j) for y, clue in enumerate(rows) for j in range(len(clue))]
    if not in_rows:  # an empty picture
        return "picture", puzzle
    y, j = rng.choice(in_rows)
    colour = rows[y][j].colour
    x, i = rng.choice(
        [(x, i) for x, clue in enumerate(columns) for i, b in enumerate(clue) if b.colour == colour]
    )
    step = rng.choice((1, -1))
    if min(rows[y][j].length, columns[x][i].length) + step < 1:
        step = 1
    rows[y][j] = Block(rows[y][j].length + step, colour)
    columns[x][i] = Block(columns[x][i].length + step, colour)
    try:
        changed = Puzzle(
            tuple(map(tuple, rows)), tuple(map(tuple, columns)), puzzle.colours, goal=puzzle.goal
        )
    except NonogramError:  # a run too long for its line
        return None
    return "changed", changed


def sat_count(puzzle: Puzzle, limit: int = 2) -> int:
    """How many solutions CaDiCaL finds, at most ``limit`` (as sat_peer.py solves)."""
    return count_solutions(Encoding(puzzle), limit)[0]


def sat_suspects(puzzle: Puzzle, together: int = 1) -> list[tuple[int, ...]]:
    """The sets of ``together`` lines without whose clues CaDiCaL finds a solution of the
    other clues."""
    return lines_left_out_with_a_solution(puzzle, together)


def sat_solutions(puzzle: Puzzle, limit: int) -> list[tuple[int, ...]]:
    """The solutions CaDiCaL finds, at most ``limit``, as cell colours (rows first)."""
    return all_solutions(puzzle, limit)


def broken_nogoods(puzzle: Puzzle, result, every: list[tuple[int, ...]]) -> tuple[int, list[str]]:
    """The learning search's nogoods in ``result.steps`` (see steps.py), checked against
    ``every`` solution of ``puzzle`` (cell colours, rows first): a nogood (never each
    of its cells in its mask, all together) must hold for every solution not found
    before it (one found already may break it: after a solution the search learns
    "not all of these guesses"), a conflict that needs no guess must come after the
    last solution, and each solution found must be one of ``every``. Returns how many
    nogoods were checked and what broke."""
    found: set[tuple[int, ...]] = set()
    checked = 0
    broken = []
    size = puzzle.width * puzzle.height
    full = (1 << len(puzzle.colours)) - 1
    grids = replay(result.steps, size, full)
    for number, (step, grid) in enumerate(zip(result.steps, grids, strict=True)):
        if step.kind in ("solution", "image"):
            solution = tuple(mask.bit_length() - 1 for mask in grid)
            if solution not in every:
                broken.append(f"step {number}: a solution CaDiCaL does not have")
            found.add(solution)
        elif step.kind == "learn":
            checked += 1
            for other in every:
                if other not in found and all(mask >> other[c] & 1 for c, mask in step.cells):
                    broken.append(f"step {number}: a nogood that a solution not found yet breaks")
                    break
        elif step.kind == "conflict" and step.depth == 0 and len(found) < len(every):
            broken.append(f"step {number}: the search ends with solutions not found")
    return checked, broken


def _check_nogoods(puzzle: Puzzle, result, checks: Counter) -> list[str]:
    """What broke among the nogoods of ``result`` (see :func:`broken_nogoods`), for a
    puzzle of at most ``NOGOOD_SOLUTIONS`` solutions; ``checks`` counts them."""
    every = sat_solutions(puzzle, NOGOOD_SOLUTIONS + 1)
    if len(every) > NOGOOD_SOLUTIONS:
        checks["too many"] += 1
        return []
    checked, broken = broken_nogoods(puzzle, result, every)
    checks["nogoods"] += checked
    checks["nogood puzzles"] += checked > 0
    return broken


def _check_suspects(puzzle: Puzzle, checks: Counter) -> list[str]:
    """solvelab's suspect lines of clues with no solution (or, where no one line will
    do, its pairs of lines) against CaDiCaL's; ``checks`` counts them."""
    found = bad_clues.suspects(puzzle)
    together = 1
    if found == []:
        found = bad_clues.suspect_pairs(puzzle)
        together = 2
    if found is None or isinstance(found, bad_clues.Unfinished):  # the work ran out
        checks["unfinished"] += 1
        return []
    checks["suspects"] += 1
    checks["pairs"] += together == 2
    lines = sorted((s.line,) if together == 1 else (s[0].line, s[1].line) for s in found)
    sat_lines = sat_suspects(puzzle, together)
    if lines != sat_lines:
        return [f"solvelab's suspect lines {lines}, CaDiCaL's {sat_lines}"]
    return []


def _said(verdict: str, count: int, limit: int) -> str:
    """A verdict, with the count of solutions when more than two were looked for."""
    return f"{verdict} ({count})" if limit > 2 and verdict == MULTIPLE else verdict


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=500, help="puzzles (seeds) to check")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--max-size", type=int, default=22, help="the most cells a side")
    parser.add_argument("--time-limit", type=float, default=60, help="solvelab's, seconds")
    parser.add_argument(
        "--max-solutions", type=int, default=2, help="count the solutions up to N (2 or more)"
    )
    parser.add_argument(
        "--suspects", action="store_true", help="check the suspect lines of clues with none"
    )
    parser.add_argument(
        "--nogoods", action="store_true", help="check the learning search's nogoods"
    )
    args = parser.parse_args(argv)
    limit = max(2, args.max_solutions)
    verdicts: Counter = Counter()  # puzzles by (kind, verdict)
    checks: Counter = Counter()  # what the nogood and suspect checks did
    skipped = 0
    times = []  # (solvelab's seconds, CaDiCaL's, seed, what, the two verdicts)
    disagreements = 0
    for seed in range(args.first, args.first + args.count):
        case = random_case(seed, args.max_size)
        if case is None:
            skipped += 1
            continue
        kind, puzzle = case
        colours = len(puzzle.colours) - 1
        what = f"{kind} {puzzle.width}×{puzzle.height}, {colours} colour{'s' * (colours > 1)}"
        start = time.perf_counter()
        result = solve(
            puzzle, time_limit=args.time_limit, max_solutions=limit, record_steps=args.nogoods
        )
        seconds = time.perf_counter() - start
        start = time.perf_counter()
        count = sat_count(puzzle, limit)
        theirs = VERDICTS[min(count, 2)]
        times.append((seconds, time.perf_counter() - start, seed, what, result.status, theirs))
        verdicts[kind, result.status] += 1
        pictures = result.pictures()  # a timeout's too: those found by then
        broken = [picture for picture in pictures if not puzzle.check(picture)]
        repeated = len(set(map(tuple, pictures))) < len(pictures)
        ours = len(set(map(tuple, pictures))) if result.status != NONE else 0
        if (result.status != TIMEOUT and ours != count) or broken or repeated:
            disagreements += 1
            print(
                f"seed {seed} ({what}): solvelab {_said(result.status, ours, limit)}, "
                f"CaDiCaL {_said(theirs, count, limit)}"
                + (f"; pictures that break a clue: {broken}" if broken else "")
                + ("; a picture given twice" if repeated else ""),
                flush=True,
            )
            continue
        problems = []
        if args.nogoods and result.status != TIMEOUT:
            problems += _check_nogoods(puzzle, result, checks)
        if args.suspects and result.status == NONE:
            problems += _check_suspects(puzzle, checks)
        if problems:
            disagreements += 1
            print(f"seed {seed} ({what}): {'; '.join(problems[:3])}", flush=True)
    for (kind, verdict), n in sorted(verdicts.items()):
        print(f"{n:6d}  {kind}, {verdict}")
    print(f"{skipped:6d}  skipped: a changed run too long for its line")
    if args.suspects:
        print(
            f"{checks['suspects']:6d}  suspect lists compared, {checks['pairs']} of them of pairs "
            f"({checks['unfinished']} more not finished in solvelab's work limit)"
        )
    if args.nogoods:
        print(
            f"{checks['nogoods']:6d}  nogoods checked, in {checks['nogood puzzles']} puzzles "
            f"({checks['too many']} more with over {NOGOOD_SOLUTIONS} solutions not checked)"
        )
    print("the longest for solvelab:")
    for seconds, sat_seconds, seed, what, ours, theirs in sorted(times, reverse=True)[:5]:
        print(
            f"  seed {seed} ({what}): {ours} in {seconds:.2f} s; "
            f"CaDiCaL {theirs} in {sat_seconds:.2f} s"
        )
    print(f"{disagreements} disagreement(s) in {sum(verdicts.values())} puzzles")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
