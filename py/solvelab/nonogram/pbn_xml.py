"""The webpbn XML format (pbn 0.3, as read by Jan Wolter's pbnsolve), with colours.

Parsed with expat so that every error names its line; the DTD named in the
DOCTYPE is never fetched.

>>> text = write_xml(Puzzle.from_grid(["X.", "XX"], title="L"))
>>> read_xml(text).rows
((Block(length=1, colour=1),), (Block(length=2, colour=1),))
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from xml.parsers import expat

from solvelab.nonogram.errors import FormatError, shortened
from solvelab.nonogram.puzzle import BLACK, WHITE, Block, Colour, Grid, Puzzle, whole_number


@dataclass
class _Node:
    tag: str
    attrs: dict[str, str]
    line: int
    children: list[_Node] = field(default_factory=list)
    text: str = ""

    def find(self, tag: str) -> _Node | None:
        return next((c for c in self.children if c.tag == tag), None)

    def all(self, tag: str) -> list[_Node]:
        return [c for c in self.children if c.tag == tag]


def _parse(text: str | bytes, source: str | None) -> _Node:
    parser = expat.ParserCreate()
    root = _Node("", {}, 0)
    stack = [root]

    def start(tag, attrs):
        node = _Node(tag, attrs, parser.CurrentLineNumber)
        stack[-1].children.append(node)
        stack.append(node)

    def end(tag):
        stack.pop()

    def data(chunk):
        stack[-1].text += chunk

    def entity(name, *_):
        # No pbn file declares one, and a few nested ones expand to gigabytes of text
        # (the "billion laughs").
        raise FormatError(
            f"the file declares an entity ({shortened(name)}): not allowed",
            parser.CurrentLineNumber,
            source,
        )

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    parser.EntityDeclHandler = entity
    try:
        parser.Parse(text, True)
    except expat.ExpatError as error:
        message = expat.errors.messages[error.code] if error.code else str(error)
        raise FormatError(f"not well-formed XML ({message})", error.lineno, source) from None
    except LookupError:  # the declaration's encoding="…"
        raise FormatError("the XML declaration names an unknown encoding", 1, source) from None
    if not root.children:
        raise FormatError("no XML element found", 1, source)
    return root.children[0]


def read_xml(text: str | bytes, source: str | None = None) -> Puzzle:
    """The first puzzle of a webpbn XML file; :class:`FormatError` names the line of
    any problem."""
    top = _parse(text, source)

    def fail(message: str, node: _Node):
        raise FormatError(message, node.line, source)

    if top.tag == "puzzleset":
        puzzle = top.find("puzzle")
        if puzzle is None:
            fail("the <puzzleset> holds no <puzzle>", top)
    elif top.tag == "puzzle":
        puzzle = top
    else:
        fail(f"expected <puzzleset> or <puzzle>, found <{top.tag}>", top)
    kind = puzzle.attrs.get("type", "grid")
    if kind != "grid":
        fail(f'only grid puzzles are supported, not type="{kind}"', puzzle)

    colours: dict[str, Colour] = {}
    for node in puzzle.all("color"):
        name = node.attrs.get("name")
        char = node.attrs.get("char")
        if not name:
            fail("a <color> needs a name", node)
        if char is None or len(char) != 1:
            fail(f'colour "{name}" needs a one-character char attribute', node)
        if name in colours:
            fail(f'a second colour named "{shortened(name)}"', node)
        colours[name] = Colour(name, char, node.text.strip().lstrip("#") or "000000")
    background = puzzle.attrs.get("backgroundcolor", "white")
    default = puzzle.attrs.get("defaultcolor", "black")
    for name, base, chars in (("white", WHITE, ".-_ "), ("black", BLACK, "X#*O")):
        if name not in colours and name in (background, default):
            colours[name] = base._replace(char=_free_char(chars, colours.values()))
    if background not in colours:
        fail(f'the background colour "{background}" is not defined', puzzle)

    order = [background] + [n for n in colours if n != background]
    index = {name: i for i, name in enumerate(order)}
    clues: dict[str, list] = {}
    for node in puzzle.all("clues"):
        kind = node.attrs.get("type")
        if kind not in ("rows", "columns"):
            fail('<clues> needs type="rows" or type="columns"', node)
        if kind in clues:
            fail(f'a second <clues type="{kind}">', node)
        _only(node, "line", fail)
        lines = []
        for line in node.all("line"):
            _only(line, "count", fail)
            blocks = []
            for count in line.all("count"):
                colour = count.attrs.get("color", default)
                if colour not in index:
                    fail(f'unknown colour "{shortened(colour)}"', count)
                if colour == background:
                    fail(f'a clue in the background colour "{colour}"', count)
                value = count.text.strip()
                length = whole_number(value)
                if not length:
                    fail(
                        "a count must be a whole number >= 1 (9 digits at most), "
                        f'not "{shortened(value)}"',
                        count,
                    )
                blocks.append(Block(length, index[colour]))
            lines.append(tuple(blocks))
        clues[kind] = lines
    for kind in ("rows", "columns"):
        if kind not in clues:
            fail(f'no <clues type="{kind}">', puzzle)

    title = puzzle.find("title")
    author = puzzle.find("author")
    goal = _goal(puzzle, {colours[n].char: index[n] for n in order}, fail)
    return Puzzle(
        tuple(clues["rows"]),
        tuple(clues["columns"]),
        tuple(colours[n] for n in order),
        title=title.text.strip() if title is not None else "",
        author=author.text.strip() if author is not None else "",
        goal=goal,
    )


def _free_char(preferred: str, colours) -> str:
    """The first character of ``preferred``, else any printable one, that none of
    ``colours`` is drawn with; never '?', which draws an unknown cell."""
    taken = {c.char for c in colours} | {"?"}
    candidates = itertools.chain(preferred, map(chr, itertools.count(0x21)))
    return next(c for c in candidates if c not in taken and c.isprintable())


def _only(node: _Node, tag: str, fail) -> None:
    """A ``<clues>`` holds ``<line>``s, a ``<line>`` ``<count>``s, and only white space
    besides (the pbn DTD): a clue typed as text or a misspelt tag would otherwise
    go unread, and the puzzle solved as another."""
    for child in node.children:
        if child.tag != tag:
            fail(f"<{node.tag}> holds <{shortened(child.tag)}> where only <{tag}> may be", child)
    if node.text.strip():
        fail(
            f"<{node.tag}> holds the text {shortened(node.text.strip())!r}: put it in <{tag}>", node
        )


def _goal(puzzle: _Node, chars: dict[str, int], fail) -> Grid | None:
    for solution in puzzle.all("solution"):
        if solution.attrs.get("type", "goal") != "goal":
            continue
        image = solution.find("image")
        if image is None:
            return None
        rows = []
        for raw in image.text.splitlines():
            raw = raw.strip("\r\n")
            if "|" not in raw:
                continue
            inner = raw[raw.index("|") + 1 : raw.rindex("|")]
            try:
                rows.append(tuple(chars[c] for c in inner))
            except KeyError as error:
                fail(f"the goal image uses {error.args[0]!r}, which is no colour's char", image)
        return tuple(rows) or None
    return None


# xml.sax.saxutils has these, but imports urllib.request, http.client and email with
# them: in Pyodide a nonogram page's first call spent 45 ms on imports with it, 16–21
# ms without (`solvelab bench startup`).
# Characters XML 1.0 cannot hold (control characters, lone surrogates): left out of a
# title or a name rather than written into a file no reader takes.
_UNWRITABLE = dict.fromkeys(
    [*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), *range(0xD800, 0xE000), 0xFFFE, 0xFFFF]
)
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", **_UNWRITABLE})
_ATTRIBUTE_ESCAPES = str.maketrans(
    {
        **_UNWRITABLE,
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&quot;",
        "\n": "&#10;",
        "\r": "&#13;",
        "\t": "&#9;",
    }
)


def escape(text: str) -> str:
    """``text`` as XML character data."""
    return text.translate(_ESCAPES)


def quoteattr(value: str) -> str:
    """``value`` as a quoted XML attribute value (white space kept as it is)."""
    return f'"{value.translate(_ATTRIBUTE_ESCAPES)}"'


def write_xml(puzzle: Puzzle, solution: Grid | None = None) -> str:
    """The puzzle as webpbn XML (with ``solution`` or the puzzle's goal as the image)."""
    colours = puzzle.colours
    default = 1
    out = ['<?xml version="1.0"?>', '<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">']
    out.append("<puzzleset>")
    out.append(
        f'<puzzle type="grid" backgroundcolor={quoteattr(colours[0].name)} '
        f"defaultcolor={quoteattr(colours[default].name)}>"
    )
    if puzzle.title:
        out.append(f"<title>{escape(puzzle.title)}</title>")
    if puzzle.author:
        out.append(f"<author>{escape(puzzle.author)}</author>")
    for colour in colours:
        out.append(
            f"<color name={quoteattr(colour.name)} char={quoteattr(colour.char)}>"
            f"{escape(colour.rgb)}</color>"
        )
    for kind, lines in (("columns", puzzle.columns), ("rows", puzzle.rows)):
        out.append(f'<clues type="{kind}">')
        for clue in lines:
            counts = "".join(
                f"<count>{b.length}</count>"
                if b.colour == default
                else f"<count color={quoteattr(colours[b.colour].name)}>{b.length}</count>"
                for b in clue
            )
            out.append(f"<line>{counts}</line>")
        out.append("</clues>")
    image = solution if solution is not None else puzzle.goal
    if image is not None:
        out.append('<solution type="goal">')
        out.append("<image>")
        out.extend(escape(f"|{row}|") for row in puzzle.picture(image))
        out.append("</image>")
        out.append("</solution>")
    out.append("</puzzle>")
    out.append("</puzzleset>")
    return "\n".join(out) + "\n"
