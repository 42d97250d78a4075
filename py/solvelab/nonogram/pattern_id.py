"""Simon Tatham's *Pattern* game IDs (his puzzle collection's nonograms), read and
written: ``WIDTHxHEIGHT:`` then the column clues, left to right, and the row clues,
top to bottom, separated by ``/``; a clue's numbers are separated by ``.`` and a
blank line's clue is empty. A link to the game with the ID after ``#`` reads too.

>>> p = read_pattern_id("3x2:2/1/2/1.1/3")
>>> p.width, p.height, [len(clue) for clue in p.rows]
(3, 2, [2, 1])
>>> write_pattern_id(p)
'3x2:2/1/2/1.1/3'
"""

from __future__ import annotations

import re

from solvelab.nonogram.errors import FormatError, NonogramError, shortened
from solvelab.nonogram.puzzle import BLACK, WHITE, Block, Puzzle, whole_number

# The size (WIDTHxHEIGHT, or WIDTH alone for a square), then ':' and the clues; '#'
# and a number is a random seed ID instead. A link to the game may come before it.
_ID = re.compile(r"(?:\S+#)?(\d+)(?:x(\d+))?([:#])(.*)")


def looks_like_pattern_id(text: str) -> bool:
    """Whether ``text`` has the shape of a Pattern game ID or a link with one."""
    return bool(_ID.fullmatch(_joined(text)))


def _joined(text: str) -> str:
    # An ID has no spaces: a long one pasted from a narrow window may have line breaks.
    return "".join(text.split())


def read_pattern_id(text: str, source: str | None = None) -> Puzzle:
    """A puzzle from a Pattern game ID; :class:`FormatError` says what is wrong."""
    match = _ID.fullmatch(_joined(text))
    if not match:
        raise FormatError("not a Pattern game ID (like 5x5:2/1.1/…)", None, source)
    width = whole_number(match.group(1))
    height = whole_number(match.group(2)) if match.group(2) else width
    separator, desc = match.group(3), match.group(4)
    if width is None or height is None:
        raise FormatError("the size before ':' must be whole numbers", None, source)
    if separator == "#":
        raise FormatError(
            "this is a random seed ID, which only Pattern itself can turn into a puzzle: "
            "copy the puzzle's game ID instead (its link 'by game ID', or Game, Specific…)",
            None,
            source,
        )
    if "," in desc:
        raise FormatError(
            "this game ID also fills in some cells (after the ','): only clues can be read",
            None,
            source,
        )
    if width < 1 or height < 1:
        raise FormatError(f"a {width} × {height} grid has no cells", None, source)
    texts = desc.split("/")
    if len(texts) != width + height:
        raise FormatError(
            f"a {width} × {height} puzzle's game ID has {width + height} clues ({width} "
            f"columns, then {height} rows); this one has {len(texts)}",
            None,
            source,
        )
    clues = []
    for index, clue_text in enumerate(texts):
        name = f"column {index + 1}" if index < width else f"row {index - width + 1}"
        if clue_text in ("", "0"):
            clues.append(())
            continue
        lengths = [whole_number(part) for part in clue_text.split(".")]
        if not all(lengths):
            raise FormatError(
                f"{name}: {shortened(clue_text)!r} is not numbers of 1 or more "
                "(9 digits at most) joined by '.'",
                None,
                source,
            )
        clues.append(tuple(Block(length) for length in lengths))
    return Puzzle(tuple(clues[width:]), tuple(clues[:width]), (WHITE, BLACK))


def write_pattern_id(puzzle: Puzzle) -> str:
    """The puzzle's Pattern game ID (one colour only: Pattern has no others)."""
    if len(puzzle.colours) > 2:
        raise NonogramError(
            f"a Pattern game ID has one colour, this puzzle {len(puzzle.colours) - 1}"
        )
    lines = (*puzzle.columns, *puzzle.rows)
    clues = "/".join(".".join(str(block.length) for block in clue) for clue in lines)
    return f"{puzzle.width}x{puzzle.height}:{clues}"
