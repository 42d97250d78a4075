"""The nonogram model: colours, clues (blocks of a colour), puzzles and grids.

A puzzle has row clues and column clues; each clue is a sequence of
:class:`Block` (a run length and a colour index). Colour index 0 is always the
background. Runs of the same colour need at least one background cell between
them; runs of different colours may touch.

A grid is a tuple of rows, each a tuple of colour indices; while solving, cells
are bit masks of the colours still possible (bit 0 = background), so an unknown
cell of a black-and-white puzzle is ``0b11``.

>>> p = Puzzle.from_grid(["X.X", "XXX"])
>>> p.rows
((Block(length=1, colour=1), Block(length=1, colour=1)), (Block(length=3, colour=1),))
>>> p.width, p.height
(3, 2)
"""

from __future__ import annotations

import operator
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from solvelab.nonogram.errors import ClueError, PuzzleTooLarge, UnsatisfiableClues, shortened

MAX_SIZE = 200

Grid = tuple[tuple[int, ...], ...]


class Colour(NamedTuple):
    """A colour of a puzzle: its name, the character that draws it, and its RGB hex."""

    name: str
    char: str
    rgb: str = "000000"


class Block(NamedTuple):
    """One number of a clue: ``length`` cells of colour index ``colour`` (>= 1)."""

    length: int
    colour: int = 1


Clue = tuple[Block, ...]

_HEX_DIGITS = set(string.hexdigits)
WHITE = Colour("white", ".", "FFFFFF")
BLACK = Colour("black", "X", "000000")


def whole_number(text: str) -> int | None:
    """``text`` as a whole number, or None unless it is ASCII digits, nine at most: no
    clue or size needs more, and Python will not read past 4300 (a traceback)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def line_name(index: int, height: int) -> str:
    """``row 3`` or ``column 5`` (1-based) for a line index (rows first, then columns)."""
    return f"row {index + 1}" if index < height else f"column {index - height + 1}"


def clue_text(clue: Clue, colours: Sequence[Colour] | None = None) -> str:
    """The clue as people write it: ``3 4``, with colour names when it has several colours."""
    if not clue:
        return "0"
    multi = len({b.colour for b in clue}) > 1 or (clue and clue[0].colour != 1)
    parts = []
    for block in clue:
        if multi and colours is not None:
            parts.append(f"{block.length} {colours[block.colour].name}")
        else:
            parts.append(str(block.length))
    return (", " if multi and colours is not None else " ").join(parts)


def too_long(shown: str, count: int, need: int, line: str, size: int) -> str:
    """What is wrong with a clue of ``count`` numbers that needs ``need`` cells where
    its ``line`` has ``size``; ``shown`` is its first ten numbers as written (a pasted
    clue of thousands is quoted by those).

    >>> too_long("3 4", 2, 8, "row", 6)
    'clues 3 4 need 8 cells, the row has 6'
    """
    if count > 10:
        shown += f" … ({count} numbers)"
    clues = "clue {} needs" if count == 1 else "clues {} need"
    return f"{clues.format(shown)} {need} cells, the {line} has {size}"


def min_length(clue: Clue) -> int:
    """The fewest cells the clue needs: its runs and one gap between runs of one colour."""
    total = sum(b.length for b in clue)
    gaps = sum(1 for a, b in zip(clue, clue[1:], strict=False) if a.colour == b.colour)
    return total + gaps


def ranges_text(numbers: Iterable[int]) -> str:
    """``1–4, 7`` for 1-based numbers."""
    ordered = sorted(set(numbers))
    parts: list[str] = []
    start = prev = None
    for n in [*ordered, None]:
        if start is not None and (n is None or n != prev + 1):
            parts.append(str(start) if start == prev else f"{start}–{prev}")
            start = None
        if n is not None and start is None:
            start = n
        prev = n
    return ", ".join(parts)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _colour_index(cell: int | str, chars: dict[str, int], count: int) -> int:
    """A picture's cell as a colour index: a colour's character, or the index itself."""
    if isinstance(cell, str):
        if cell not in chars:
            raise ClueError(f"the picture has {cell!r}, which is not a colour's character")
        return chars[cell]
    try:
        index = operator.index(cell)  # 1.5 is no colour: int() would make it 1
    except TypeError:
        raise ClueError(f"the picture has {cell!r}, not a colour index or character") from None
    if not 0 <= index < count:
        raise ClueError(f"the picture has colour {index}; the colours are 0 to {count - 1}")
    return index


def _block(block: object) -> Block:
    """A clue's run as a :class:`Block` of whole numbers (numpy's integers too)."""
    try:
        length, colour = block  # type: ignore[misc]
        return Block(operator.index(length), operator.index(colour))
    except (TypeError, ValueError):
        raise ClueError(
            f"a clue is (length, colour) pairs of whole numbers, not {shortened(repr(block))}"
        ) from None


@dataclass(frozen=True)
class Puzzle:
    """Row and column clues, the colours (index 0 is the background) and some metadata.

    Construction checks what can be checked without solving: sizes, every clue
    fits its line, and rows and columns fill the same number of cells of each
    colour. Problems raise :class:`ClueError` or :class:`PuzzleTooLarge`.
    """

    rows: tuple[Clue, ...]
    columns: tuple[Clue, ...]
    colours: tuple[Colour, ...] = (WHITE, BLACK)
    title: str = ""
    author: str = ""
    goal: Grid | None = field(default=None, compare=False)
    # False only for clues whose rows and columns fill different numbers of cells, kept
    # to look for the wrong clue (see bad_clues.py; UnsatisfiableClues.puzzle).
    check_totals: bool = field(default=True, compare=False, repr=False)

    def __post_init__(self) -> None:
        rows = tuple(tuple(map(_block, clue)) for clue in self.rows)
        columns = tuple(tuple(map(_block, clue)) for clue in self.columns)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "columns", columns)
        object.__setattr__(self, "colours", tuple(Colour(*c) for c in self.colours))
        self._check()

    @property
    def width(self) -> int:
        return len(self.columns)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def lines(self) -> tuple[Clue, ...]:
        """Rows then columns: line index ``i < height`` is row ``i``."""
        return self.rows + self.columns

    def _check(self) -> None:
        w, h = self.width, self.height
        if w > MAX_SIZE or h > MAX_SIZE:
            raise PuzzleTooLarge(w, h, MAX_SIZE)
        if w == 0 or h == 0:
            raise ClueError(
                f"the puzzle has {_count(h, 'row')} and {_count(w, 'column')}; "
                "it needs at least one of each"
            )
        if len(self.colours) < 2:
            raise ClueError("the puzzle needs a background colour and at least one other colour")
        drawn: dict[str, str] = {}
        named: set[str] = set()
        for colour in self.colours:
            if not isinstance(colour.char, str) or len(colour.char) != 1:
                raise ClueError(f"a colour is drawn as one character, not {colour.char!r}")
            if not isinstance(colour.name, str) or not colour.name.strip():
                raise ClueError(f"the colour drawn as {colour.char!r} needs a name")
            if colour.name in named:  # a file names colours: it could not be read back
                raise ClueError(f"two colours are named {colour.name!r}")
            named.add(colour.name)
            if colour.char in drawn:
                # A picture written with it could not be read back.
                raise ClueError(
                    f"the colours {drawn[colour.char]} and {colour.name} are both drawn "
                    f"as {colour.char!r}"
                )
            drawn[colour.char] = colour.name
            rgb = colour.rgb
            if not (isinstance(rgb, str) and len(rgb) in (3, 6) and set(rgb) <= _HEX_DIGITS):
                raise ClueError(
                    f"the colour {colour.name} has RGB {shortened(str(rgb))!r}: "
                    "write it as hex digits, RRGGBB (or RGB)"
                )
        # Before the clues' checks: a goal of another size is a malformed file (a line
        # left out), not clues without a solution.
        if self.goal is not None:
            goal = self.goal
            if len(goal) != h or any(len(row) != w for row in goal):
                raise ClueError(f"the goal picture is not {w}×{h}, the size of the clues")
            if any(not 0 <= v < len(self.colours) for row in goal for v in row):
                raise ClueError("the goal picture has a colour the puzzle does not")
        for index, clue in enumerate(self.lines):
            name = line_name(index, h)
            size = w if index < h else h
            for block in clue:
                if block.length < 1:
                    raise ClueError(f"{name}: clue numbers must be at least 1, not {block.length}")
                if not 1 <= block.colour < len(self.colours):
                    raise ClueError(f"{name}: unknown colour {block.colour}")
            need = min_length(clue)
            if need > size:
                kind = "row" if index < h else "column"
                shown = clue_text(clue[:10], self.colours)
                raise UnsatisfiableClues(f"{name}: {too_long(shown, len(clue), need, kind, size)}")
        for colour in range(1, len(self.colours) if self.check_totals else 1):
            by_rows, by_cols = self.filled(colour)
            if by_rows != by_cols:
                what = "" if len(self.colours) == 2 else f" {self.colours[colour].name}"
                raise UnsatisfiableClues(
                    f"the rows fill {by_rows}{what} {'cell' if by_rows == 1 else 'cells'} "
                    f"and the columns {by_cols}",
                    replace(self, check_totals=False),
                )

    def filled(self, colour: int) -> tuple[int, int]:
        """The cells of ``colour`` that the rows' clues fill, and the columns'."""
        by_rows = sum(b.length for clue in self.rows for b in clue if b.colour == colour)
        by_cols = sum(b.length for clue in self.columns for b in clue if b.colour == colour)
        return by_rows, by_cols

    @classmethod
    def from_grid(
        cls,
        picture: Sequence[Sequence[int] | str],
        colours: Sequence[Colour] = (WHITE, BLACK),
        **meta,
    ) -> Puzzle:
        """The puzzle whose solution is ``picture`` (rows of colour indices, or of the
        colours' characters)."""
        chars = {c.char: i for i, c in enumerate(colours)}
        grid = tuple(tuple(_colour_index(c, chars, len(colours)) for c in row) for row in picture)
        width = len(grid[0]) if grid else 0
        for y, row in enumerate(grid):
            if len(row) != width:
                raise ClueError(
                    f"row {y + 1} of the picture has {_count(len(row), 'cell')}, row 1 has {width}"
                )
        columns = [tuple(row[x] for row in grid) for x in range(width)]
        return cls(
            tuple(clue_of(row) for row in grid),
            tuple(clue_of(col) for col in columns),
            tuple(colours),
            goal=grid,
            **meta,
        )

    def check(self, grid: Sequence[Sequence[int] | str]) -> bool:
        """Whether a grid satisfies every clue: rows of colour indices, or of the colours'
        characters (as :meth:`from_grid` and ``Result.pictures()`` give them)."""
        if len(grid) != self.height or any(len(r) != self.width for r in grid):
            return False
        chars = {c.char: i for i, c in enumerate(self.colours)}
        grid = [[_colour_index(c, chars, len(self.colours)) for c in row] for row in grid]
        return self.broken_line(grid) is None

    def broken_line(self, grid: Sequence[Sequence[int]]) -> int | None:
        """The first line (rows, then columns: a line index) whose clue a grid of the
        puzzle's size breaks, or None."""
        for y, (row, clue) in enumerate(zip(grid, self.rows, strict=True)):
            if clue_of(row) != clue:
                return y
        for x, clue in enumerate(self.columns):
            if clue_of([row[x] for row in grid]) != clue:
                return self.height + x
        return None

    def picture(self, grid: Sequence[Sequence[int]]) -> list[str]:
        """Rows of colour characters; ``?`` for a cell that is not known (negative)."""
        return ["".join(self.colours[v].char if v >= 0 else "?" for v in row) for row in grid]

    def __str__(self) -> str:
        return f"{self.width}×{self.height} nonogram" + (f" “{self.title}”" if self.title else "")


def clue_of(line: Iterable[int]) -> Clue:
    """The clue of a line of colour indices (0 = background)."""
    blocks: list[Block] = []
    prev = 0
    for v in line:
        if v:
            if v == prev:
                blocks[-1] = Block(blocks[-1].length + 1, v)
            else:
                blocks.append(Block(1, v))
        prev = v
    return tuple(blocks)
