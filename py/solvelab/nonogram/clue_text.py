"""A plain clue text format for quick input::

    # a comment
    title: Little house          (optional)
    colour r red FF0000          (optional: char, name, RGB hex; without any, black X)
    rows
    1
    3
    2 1r 1                       (a run of 2 black, 1 red, 1 black)
    columns
    ...

One clue a line: numbers separated by spaces or commas, a colour char after a
number of another colour than black ``X``; ``0`` or ``-`` for a blank line. The
background is white (``.``). Black is there when a clue or no colour line asks
for it; ``colour X NAME RGB`` gives it another name and RGB.

>>> p = read_text("rows\\n1\\n2\\ncolumns\\n2\\n1")
>>> p.width, p.height
(2, 2)
"""

from __future__ import annotations

import re

from solvelab.nonogram.errors import FormatError, shortened
from solvelab.nonogram.puzzle import BLACK, WHITE, Block, Colour, Puzzle, whole_number

_NUMBER = re.compile(r"(\d+)(\D?)$")


def read_text(text: str, source: str | None = None) -> Puzzle:
    """A puzzle from clue text; :class:`FormatError` names the line of a problem."""
    colours = [WHITE]
    sections: dict[str, list[tuple]] = {}
    section = None
    title = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word = line.rstrip(":").lower()
        if word in ("rows", "columns"):
            if word in sections:
                raise FormatError(f"a second {word} section", number, source)
            section = word
            sections[word] = []
            continue
        if line.lower().startswith("title"):
            title = line[5:].lstrip(" :").strip()
            continue
        if line.lower().startswith(("colour ", "color ")):
            parts = line.split()
            if len(parts) not in (3, 4) or len(parts[1]) != 1:
                raise FormatError("write a colour as: colour CHAR NAME [RRGGBB]", number, source)
            colours.append(Colour(parts[2], parts[1], parts[3] if len(parts) == 4 else "000000"))
            continue
        if section is None:
            raise FormatError(
                f"expected 'rows' or 'columns' before {shortened(line)!r}", number, source
            )
        blocks = []
        if line not in ("0", "-"):
            for part in line.replace(",", " ").split():
                match = _NUMBER.match(part)
                length = whole_number(match.group(1)) if match else None
                if not length:
                    raise FormatError(f"not a clue number: {shortened(part)!r}", number, source)
                blocks.append((length, match.group(2), number))
        sections[section].append(blocks)
    for kind in ("rows", "columns"):
        if kind not in sections:
            raise FormatError(f"no {kind} section", None, source)
    plain = (char in ("", BLACK.char) for c in sections.values() for b in c for _, char, _ in b)
    if all(c.char != BLACK.char for c in colours) and (len(colours) == 1 or any(plain)):
        colours.insert(1, BLACK)
    chars = {c.char: i for i, c in enumerate(colours)}
    if BLACK.char in chars:
        chars[""] = chars[BLACK.char]

    def clue(blocks) -> tuple:
        out = []
        for length, char, number in blocks:
            if char not in chars or chars[char] == 0:
                raise FormatError(f"unknown colour char {char!r}", number, source)
            out.append(Block(length, chars[char]))
        return tuple(out)

    return Puzzle(
        tuple(clue(b) for b in sections["rows"]),
        tuple(clue(b) for b in sections["columns"]),
        tuple(colours),
        title=title,
    )


def write_text(puzzle: Puzzle) -> str:
    """The puzzle in the clue text format; :class:`FormatError` when the format cannot
    hold it as it is (a colour drawn as ``,``, ``#``, a digit or a space, a colour name
    with a space, a title with ``#`` or on several lines): XML can."""
    if "#" in puzzle.title or len(puzzle.title.splitlines()) > 1:
        raise FormatError("the clue text format cannot hold a title with '#' or line breaks")
    out = [f"title: {puzzle.title}"] if puzzle.title else []
    colours = puzzle.colours
    if len(colours) == 2 and not _writable(colours[1].char):
        # One colour: its clues are all the format keeps, read back as black.
        colours = (colours[0], BLACK)
    if colours[1:] != (BLACK,):
        for colour in colours[1:]:
            if not _writable(colour.char):
                raise FormatError(
                    f"the clue text format cannot hold a colour drawn as {colour.char!r}"
                )
            if len(colour.name.split()) != 1:
                raise FormatError(
                    f"the clue text format cannot hold the colour name {colour.name!r}"
                )
            out.append(f"colour {colour.char} {colour.name} {colour.rgb}")

    def clue(c) -> str:
        if not c:
            return "0"
        return " ".join(
            f"{b.length}" + ("" if colours[b.colour].char == BLACK.char else colours[b.colour].char)
            for b in c
        )

    out.append("rows")
    out += [clue(c) for c in puzzle.rows]
    out.append("columns")
    out += [clue(c) for c in puzzle.columns]
    return "\n".join(out) + "\n"


def _writable(char: str) -> bool:
    """Whether a colour's char can follow a clue number (``#`` starts a comment)."""
    return not (char in ",#" or char.isspace() or char.isdigit())
