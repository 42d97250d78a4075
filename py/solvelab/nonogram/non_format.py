"""Steve Simpson's ``.non`` format (one colour): keywords, then ``rows`` and
``columns`` sections with one clue a line (``3,1``; ``0`` or an empty line for a
blank line), optionally ``goal`` with the picture as 0s and 1s.

>>> p = read_non("width 2\\nheight 2\\nrows\\n1\\n2\\ncolumns\\n2\\n1\\n")
>>> p.rows
((Block(length=1, colour=1),), (Block(length=2, colour=1),))
"""

from __future__ import annotations

from solvelab.nonogram.errors import FormatError, NonogramError, shortened
from solvelab.nonogram.puzzle import Block, Puzzle, whole_number

_KEYWORDS = {
    "catalogue", "title", "by", "copyright", "license", "width", "height", "rows",
    "columns", "goal", "solution", "color", "colour",
}  # fmt: skip


def read_non(text: str, source: str | None = None) -> Puzzle:
    """A puzzle from ``.non`` text; :class:`FormatError` names the line of a problem."""
    meta: dict[str, str] = {}
    sections: dict[str, list[tuple]] = {}
    section = None
    goal: tuple | None = None
    width = height = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().replace("\t", " ")  # tabs separate as spaces do
        word, _, rest = line.partition(" ")
        word = word.lower()
        if section is not None and (not line or line[0].isdigit() or line[0] in "+-"):
            if not line:
                # An empty line is a blank clue until the section has its lines.
                if len(sections[section]) >= (height if section == "rows" else width):
                    section = None
                    continue
                sections[section].append(())
                continue
            lengths = []
            for part in line.replace(" ", ",").split(","):
                if not part:
                    continue
                length = whole_number(part)
                if length is None:
                    raise FormatError(
                        "a clue number must be a whole number (9 digits at most), "
                        f"not {shortened(part)!r}",
                        number,
                        source,
                    )
                lengths.append(length)
            if 0 in lengths and len(lengths) > 1:
                raise FormatError(
                    "a clue number must be at least 1 (a 0 alone is a blank line), "
                    f"not {shortened(line)!r}",
                    number,
                    source,
                )
            sections[section].append(tuple(Block(n, 1) for n in lengths if n))
            continue
        if not line or line.startswith("#"):
            continue
        section = None
        if word in ("rows", "columns"):
            if width is None or height is None:
                # Without them an empty line in a section could be a blank clue or its end.
                missing = "width" if width is None else "height"
                raise FormatError(f"no {missing} line before {word}", number, source)
            if word in sections:
                raise FormatError(f"a second {word} section", number, source)
            section = word
            sections[section] = []
        elif word in ("width", "height"):
            size = whole_number(rest.strip())
            if size is None:
                raise FormatError(
                    f"{word} must be a whole number (9 digits at most), "
                    f"not {shortened(rest.strip())!r}",
                    number,
                    source,
                )
            if word == "width":
                width = size
            else:
                height = size
        elif word == "goal":
            bits = rest.strip().strip('"')
            if bits.strip("01"):
                raise FormatError("the goal must be 0s and 1s", number, source)
            goal = tuple(int(c) for c in bits)
        elif word in _KEYWORDS:
            meta[word] = _unquoted(rest.strip())
        else:
            raise FormatError(f"unknown keyword {shortened(word)!r}", number, source)
    for kind in ("rows", "columns"):
        if kind not in sections:
            raise FormatError(f"no {kind} section", None, source)
    rows, columns = sections["rows"], sections["columns"]
    if len(rows) != height:
        raise FormatError(f"height {height} but {_counted(rows, 'row')}", None, source)
    if len(columns) != width:
        raise FormatError(f"width {width} but {_counted(columns, 'column')}", None, source)
    picture = None
    if goal is not None:
        w = len(columns)
        if len(goal) != w * len(rows):
            raise FormatError(
                f"the goal has {len(goal)} cells, the puzzle {w} × {len(rows)}", None, source
            )
        picture = tuple(goal[r * w : r * w + w] for r in range(len(rows)))
    return Puzzle(
        tuple(rows),
        tuple(columns),
        title=meta.get("title", ""),
        author=meta.get("by", ""),
        goal=picture,
    )


def _unquoted(value: str) -> str:
    """A keyword's value without the one pair of quotes around it (``"say "hi""`` is
    ``say "hi"``)."""
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return value[1:-1]
    return value


def write_non(puzzle: Puzzle) -> str:
    """The puzzle as ``.non`` text. Only one-colour puzzles fit the format."""
    if len(puzzle.colours) > 2:
        raise NonogramError(
            f"the .non format holds one colour; this puzzle has {len(puzzle.colours) - 1}: "
            "write it as XML"
        )
    out = []
    # One line each: the format has no way to write a line break.
    if puzzle.title:
        out.append(f'title "{" ".join(puzzle.title.split())}"')
    if puzzle.author:
        out.append(f'by "{" ".join(puzzle.author.split())}"')
    out += [f"width {puzzle.width}", f"height {puzzle.height}", "", "rows"]
    out += [",".join(str(b.length) for b in clue) or "0" for clue in puzzle.rows]
    out += ["", "columns"]
    out += [",".join(str(b.length) for b in clue) or "0" for clue in puzzle.columns]
    if puzzle.goal is not None:
        out += ["", "goal " + "".join(str(min(v, 1)) for row in puzzle.goal for v in row)]
    return "\n".join(out) + "\n"


def _counted(clues: list[tuple], kind: str) -> str:
    """How many clues a section has, and how many of the last are blank: an empty line
    meant only to end the section is a blank line's clue until the section is full.

    >>> _counted([(1,), (), ()], "row")
    '3 rows (the last 2 are blank: an empty line or 0 is a blank row)'
    """
    blank = 0
    for clue in reversed(clues):
        if clue:
            break
        blank += 1
    said = f"{len(clues)} {kind}{'' if len(clues) == 1 else 's'}"
    if not blank:
        return said
    last = "last is" if blank == 1 else f"last {blank} are"
    return f"{said} (the {last} blank: an empty line or 0 is a blank {kind})"
