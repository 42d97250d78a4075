"""The errors a user can cause with a nonogram: all ``ValueError`` subclasses whose
message names the problem and where it is."""

from __future__ import annotations


def shortened(text: str, limit: int = 30) -> str:
    """User text as a message quotes it: cut short when long (a pasted line of 5000
    digits makes one line of message, not a page)."""
    return text if len(text) <= limit else f"{text[: limit - 6]}… ({len(text)} characters)"


class NonogramError(ValueError):
    """Base class: a puzzle or a file that cannot be used, with a message for people."""


class ClueError(NonogramError):
    """Clues that no grid can satisfy, e.g. ``row 7: clues 3 4 need 8 cells, the row has 6``."""


class PuzzleTooLarge(NonogramError):
    """A puzzle above the size limit (200 × 200); ``width`` and ``height`` are its size."""

    def __init__(self, width: int, height: int, limit: int):
        super().__init__(
            f"the puzzle is {width} × {height} cells; at most {limit} × {limit} are allowed"
        )
        self.width = width
        self.height = height


class FormatError(NonogramError):
    """A malformed file: the message names the line and the problem."""

    def __init__(self, message: str, line: int | None = None, source: str | None = None):
        where = ""
        if source:
            where += f"{source}: "
        if line is not None:
            where += f"line {line}: "
        super().__init__(where + message)
        self.line = line
        self.source = source


class UnsatisfiableClues(ClueError):
    """Clues that are well formed but that no grid satisfies, found before solving:
    a clue longer than its line, or rows and columns filling different numbers of cells.
    For the latter, ``puzzle`` holds the clues (unchecked), to look for the wrong one
    (see :mod:`solvelab.nonogram.bad_clues`); else it is None."""

    def __init__(self, message: str, puzzle=None):
        super().__init__(message)
        self.puzzle = puzzle
