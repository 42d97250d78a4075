"""Counting and listing a line's placements (the chapter's line demo), against
trying every line of colours."""

import random
from itertools import product

from solvelab.nonogram.placements import count_placements, placements
from solvelab.web_nonogram import nonogram_line


def runs(line: str) -> list[tuple[int, int]]:
    """A line's runs as (length, colour): cells of one colour in a row are one run."""
    out = []
    previous = "0"
    for c in line:
        if c != "0":
            if c == previous:
                out[-1] = (out[-1][0] + 1, int(c))
            else:
                out.append((1, int(c)))
        previous = c
    return out


def every_placement(blocks, cells, colours):
    return [
        line
        for line in map("".join, product("0123"[: colours + 1], repeat=len(cells)))
        if runs(line) == list(blocks)
        and all(m >> int(c) & 1 for c, m in zip(line, cells, strict=True))
    ]


def test_placements_are_every_line_that_fits_in_order_and_counted():
    rng = random.Random(5)
    for _ in range(1500):
        colours = rng.choice([1, 2, 3])
        n = rng.randint(1, 8)
        blocks = [(rng.randint(1, 3), rng.randint(1, colours)) for _ in range(rng.randint(0, 4))]
        full = (1 << (colours + 1)) - 1
        cells = [rng.choice([full, full, rng.randint(1, full)]) for _ in range(n)]
        expected = every_placement(blocks, cells, colours)
        assert count_placements(blocks, cells) == len(expected)
        listed = list(placements(blocks, cells, limit=5))
        # The runs as far left as they go first: each cell's colour read as a digit, the
        # background (0) last.
        assert listed == sorted(expected, key=lambda line: line.replace("0", "9"))[:5]


def test_the_line_demo_agrees_with_the_placements_it_lists():
    """Every cell the line solver settles has that colour in every placement, and every
    colour it leaves open is in some placement."""
    rng = random.Random(8)
    for _ in range(300):
        clue = " ".join(
            f"{rng.randint(1, 3)}{rng.choice(['', '', 'r'])}" for _ in range(rng.randint(1, 3))
        )
        cells = "".join(rng.choice("????.#r") for _ in range(rng.randint(1, 9)))
        answer = nonogram_line(clue, cells)
        if "error" in answer:
            continue
        everything = answer["placements"]
        if answer["count"] != str(len(everything)):
            continue  # more than 8: listed in part
        for i, maybe in enumerate(answer["maybe"]):
            assert set(maybe) == {line[i] for line in everything}
