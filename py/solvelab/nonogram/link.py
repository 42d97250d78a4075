"""Puzzles in a link: compact, URL-safe clues, and optionally a player's progress.

Clues: each number is one character of ``ALPHABET`` (1 to 61), or ``~`` and
two characters for 62 to 3843; a line's numbers are written one after
another (``0`` for an empty line), lines are separated by ``.``, and the rows
from the columns by ``_``. Progress: the cells (0 unknown, 1 filled, 2
crossed) three at a time, one character each: ``ALPHABET[9a + 3b + c]``, the
last three padded with 0. The Play page writes it (js/nonogram-play.js), so
that Share needs no Python.

>>> from solvelab.nonogram.puzzle import Puzzle
>>> puzzle = Puzzle.from_grid(["X.X", "XXX"])
>>> encode_clues(puzzle)
'11.3_2.1.2'
>>> decode_clues("11.3_2.1.2") == puzzle
True
>>> decode_clues("11.3_2")
Traceback (most recent call last):
...
solvelab.nonogram.errors.UnsatisfiableClues: row 1: clues 1 1 need 3 cells, the row has 1
"""

from __future__ import annotations

from solvelab.nonogram.errors import FormatError
from solvelab.nonogram.puzzle import Block, Puzzle

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
# Characters of clues: the most a 100 × 100 puzzle's take (50 runs of 1 a line, as in
# a checkerboard: 200 lines of 50 characters, 199 separators). The pages check the
# same number (js/nonogram-play.js, js/nonogram-edit.js).
MAX_LINK = 10_199


def _number(n: int) -> str:
    if n < 62:
        return ALPHABET[n]
    return "~" + ALPHABET[n // 62] + ALPHABET[n % 62]


def encode_clues(puzzle: Puzzle) -> str:
    """The puzzle's clues as link text (one-colour puzzles only)."""
    if len(puzzle.colours) != 2:
        raise ValueError("links hold one-colour puzzles only")

    def line(clue) -> str:
        return "".join(_number(b.length) for b in clue) or "0"

    rows = ".".join(line(c) for c in puzzle.rows)
    columns = ".".join(line(c) for c in puzzle.columns)
    return f"{rows}_{columns}"


def _decode_line(text: str, name: str) -> tuple[Block, ...]:
    if text == "0":
        return ()
    if not text:
        raise FormatError(f"the link's {name} is empty (write 0 for an empty line)")
    blocks = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "~":
            pair = text[i + 1 : i + 3]
            if len(pair) < 2 or any(c not in ALPHABET for c in pair):
                raise FormatError(f"the link's {name} has a broken long number")
            n = ALPHABET.index(pair[0]) * 62 + ALPHABET.index(pair[1])
            i += 3
        elif ch in ALPHABET and ch != "0":
            n = ALPHABET.index(ch)
            i += 1
        else:
            raise FormatError(f"the link's {name} has a character that is not a clue: {ch!r}")
        blocks.append(Block(n, 1))
    return tuple(blocks)


def decode_clues(text: str) -> Puzzle:
    """The puzzle whose clues ``text`` holds; a :class:`FormatError` or a clue error
    says what is wrong with it."""
    if len(text) > MAX_LINK:
        raise FormatError(f"the link's clues are over {MAX_LINK} characters")
    parts = text.split("_")
    if len(parts) != 2:
        raise FormatError("the link's clues need rows and columns, separated by _")
    rows = [_decode_line(t, f"row {i + 1}") for i, t in enumerate(parts[0].split("."))]
    columns = [_decode_line(t, f"column {i + 1}") for i, t in enumerate(parts[1].split("."))]
    return Puzzle(tuple(rows), tuple(columns))


def decode_progress(text: str, size: int) -> list[int]:
    """``size`` cells from a link's progress text (the Play page writes it).

    >>> decode_progress("F9", 4)
    [1, 2, 0, 1]
    """
    if len(text) != (size + 2) // 3:
        count = f"{len(text)} character{'' if len(text) == 1 else 's'}"
        raise FormatError(f"the link's progress is for another size ({count})")
    cells = []
    for ch in text:
        n = ALPHABET.find(ch)
        if not 0 <= n < 27:
            raise FormatError(f"the link's progress has a character it cannot hold: {ch!r}")
        cells += [n // 9, n // 3 % 3, n % 3]
    return cells[:size]
