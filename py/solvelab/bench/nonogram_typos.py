"""Which clue is wrong, on clues typed wrong: ``solvelab bench nonogram-typos``.

For each size, puzzles of random pictures (``--density``, from ``--seed`` on)
that are unique (checked as the Edit page checks a picture), each with one
row's clue changed as a slip of the hand changes it, the two slips in turn:
two neighbouring numbers swapped (the count of filled cells kept: the solver
finds there is no solution), or one number one more (the rows then fill one
cell more than the columns). For each, :func:`solvelab.nonogram.bad_clues.suspects`: how many
lines it names, where the changed row comes among them (1: first; tied with
others one slip away counts as first), its solves and line solves, its
time in CPython, and when it told the first line it found (``on_found``: the
Solve page marks it then).

With ``--colours K``, the pictures' filled cells take one of K colours at random
(black, red, green, ...): the search for a wrong clue in colour puzzles.

With ``--two``, a row's clue and a column's are changed, one by each slip, and
the search is the whole of :func:`solvelab.nonogram.bad_clues.wrong_clues`: one
clue first (when one alone explains the clues, the row says so and the pair is
not looked for), then two, with the pairs named and the changed pair's place.
"""

from __future__ import annotations

import random
import time

from solvelab.bench.nonogram import _load
from solvelab.bench.nonogram_pictures import _refuse

TRIES = 100  # pictures of a size, at most
# The colours a picture's filled cells may take (--colours), black first.
COLOURS = (
    ("black", "X", "000000"),
    ("red", "r", "FF0000"),
    ("green", "g", "00A000"),
    ("blue", "b", "0000FF"),
    ("yellow", "y", "FFD700"),
    ("purple", "p", "800080"),
    ("orange", "o", "FF8000"),
)


def _slipped(puzzle, line: int, swap: bool, rng: random.Random):
    """The puzzle with ``line``'s clue changed by a swap of two different neighbouring
    numbers, or else a number one more (the counts of filled cells are not checked);
    None if the line has no such numbers, or the clue one more no longer fits it."""
    from solvelab.nonogram.errors import ClueError
    from solvelab.nonogram.puzzle import Block, Puzzle

    clue = list(puzzle.lines[line])
    pairs = [i for i in range(len(clue) - 1) if clue[i] != clue[i + 1]]
    if not pairs:
        return None
    if swap:
        i = rng.choice(pairs)
        clue[i], clue[i + 1] = clue[i + 1], clue[i]
    else:
        i = rng.randrange(len(clue))
        clue[i] = Block(clue[i].length + 1, clue[i].colour)
    lines = list(puzzle.lines)
    lines[line] = tuple(clue)
    h = puzzle.height
    try:
        return Puzzle(tuple(lines[:h]), tuple(lines[h:]), puzzle.colours, check_totals=False)
    except ClueError:
        return None


def main(
    sizes: tuple[int, ...],
    count: int,
    density: float,
    seed: int,
    two: bool = False,
    colours: int = 1,
) -> int:
    from solvelab.nonogram import bad_clues
    from solvelab.nonogram.generator import random_picture
    from solvelab.nonogram.puzzle import MAX_SIZE, WHITE, Colour, Puzzle
    from solvelab.nonogram.solver import NONE, solve

    if not all(5 <= n <= MAX_SIZE for n in sizes):
        return _refuse(f"sizes must be 5 to {MAX_SIZE}")
    if not 0 < density < 1:
        return _refuse("the density must be between 0 and 1 (exclusive)")
    if count < 1:
        return _refuse("--count must be 1 or more")
    if not 1 <= colours <= len(COLOURS):
        return _refuse(f"--colours must be 1 to {len(COLOURS)}")
    palette = (WHITE, *(Colour(*colour) for colour in COLOURS[:colours]))
    budget = f"{bad_clues.WORK:,} line solves"
    if two:
        budget += f" for one clue, {bad_clues.PAIR_WORK:,} for two"
    shown = f"{colours} colours, " if colours > 1 else ""
    print(f"{shown}density {density:g}, seed {seed} on; budget {budget}")
    print(f"load average at the start: {_load()}")
    named = (
        "slips | found | changed pair's place"
        if two
        else "slip | lines named | changed row's place"
    )
    print(f"| puzzle | {named} | solves | line solves | time | first shown |")
    print("|---|---|---|---|---|---|---|---|")
    rng = random.Random(seed)
    for size in sizes:
        done = tries = 0
        while done < count:
            tries += 1
            if tries > TRIES:  # big random pictures are seldom unique (denser ones more often)
                print(f"| {size}×{size} | no unique picture in {TRIES} tries | | | | | | |")
                break
            picture = random_picture(size, size, density, rng)
            if colours > 1:
                picture = [[v and rng.randint(1, colours) for v in row] for row in picture]
            puzzle = Puzzle.from_grid(picture, palette)
            if solve(puzzle, check_goal=True).status != "unique":
                continue
            row = rng.randrange(size)
            swap = done % 2 == 0  # the two slips in turn
            wrong = _slipped(puzzle, row, swap, rng)
            if two and wrong is not None:
                column = size + rng.randrange(size)
                wrong = _slipped(wrong, column, not swap, rng)
                changed = (row, column)
            # A swap the other clues allow leaves a puzzle with a solution (one number one
            # more never does: the rows and columns fill different counts).
            if wrong is None or swap and not two and solve(wrong).status != NONE:
                continue
            started = time.perf_counter()
            told: list[float] = []  # when each line (or pair) found was told

            def tell(found, told=told) -> None:  # bound now: a loop variable
                told.append(time.perf_counter())

            if two:
                kind = "row swapped, column one more" if swap else "row one more, column swapped"
                named, place, tally = _pairs_found(wrong, changed, tell)
            else:
                kind = "swap" if swap else "one more"
                named, place, tally = _lines_found(wrong, row, tell)
            seconds = time.perf_counter() - started
            first = f"{told[0] - started:.2f} s" if told else "—"
            print(
                f"| {size}×{size} #{done + 1} | {kind} | {named} | {place} | "
                f"{tally['solves']} | {tally['work']:,} | {seconds:.2f} s | {first} |",
                flush=True,
            )
            done += 1
    print(f"\nload average at the end: {_load()}")
    return 0


def _lines_found(wrong, row: int, tell) -> tuple[str, str, dict]:
    """The lines :func:`suspects` names, the changed row's place among them, and its
    tally (``tell`` is told each line as it is found)."""
    from solvelab.nonogram import bad_clues

    tally: dict = {}
    found = bad_clues.suspects(wrong, tally=tally, on_found=tell)
    if found is None:
        return "ran out", "ran out", tally
    near = [bad_clues.clue_distance(wrong.lines[s.line], s.clue) for s in found]
    lines = [s.line for s in found]
    place = "—" if row not in lines else str(1 + near.index(near[lines.index(row)]))
    return str(len(found)), place, tally


def _pairs_found(wrong, changed: tuple[int, int], tell) -> tuple[str, str, dict]:
    """The pairs :func:`suspect_pairs` names (after :func:`suspects` found no one line),
    the changed pair's place among them (tied first counts as first), and the tally
    of both searches (``tell`` is told each line or pair as it is found)."""
    from solvelab.nonogram import bad_clues

    tally: dict = {}
    found = bad_clues.suspects(wrong, tally=tally, on_found=tell)
    if found is None:
        return "ran out (one clue)", "ran out", tally
    if found:
        return f"{len(found)} line{'s' * (len(found) > 1)} alone", "—", tally
    second: dict = {}
    pairs = bad_clues.suspect_pairs(wrong, tally=second, on_found=tell)
    tally = {key: tally[key] + second[key] for key in tally}
    if pairs is None:
        return "ran out (two clues)", "ran out", tally
    near = [sum(bad_clues.clue_distance(wrong.lines[s.line], s.clue) for s in p) for p in pairs]
    lines = [tuple(s.line for s in p) for p in pairs]
    place = "—" if changed not in lines else str(1 + near.index(near[lines.index(changed)]))
    return f"{len(pairs)} pair{'s' * (len(pairs) != 1)}", place, tally
