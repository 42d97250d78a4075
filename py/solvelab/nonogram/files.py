"""Reading and writing puzzle files in any of the four formats.

The format is chosen by the file's extension (``.xml``/``.pbn``, ``.non``,
anything else) or, for other names, by the text: XML starts with ``<``, a
Pattern game ID looks like ``5x5:2/1.1/…``, ``.non`` has a ``width`` line,
otherwise it is the clue text format.
"""

from __future__ import annotations

from pathlib import Path

from solvelab.nonogram.clue_text import read_text, write_text
from solvelab.nonogram.errors import FormatError
from solvelab.nonogram.non_format import read_non, write_non
from solvelab.nonogram.pattern_id import looks_like_pattern_id, read_pattern_id, write_pattern_id
from solvelab.nonogram.pbn_xml import read_xml, write_xml
from solvelab.nonogram.puzzle import Puzzle

FORMATS = ("xml", "non", "text", "pattern")
# The extensions of the formats' files: a name with one names a file, not a Pattern game ID.
FILE_SUFFIXES = (".xml", ".pbn", ".non", ".txt")
MAX_FILE_BYTES = 4_000_000


def guess_format(text: str, name: str = "") -> str:
    """``xml``, ``non``, ``text`` or ``pattern``."""
    suffix = Path(name).suffix.lower()
    if suffix in (".xml", ".pbn"):
        return "xml"
    if suffix == ".non":
        return "non"
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("<"):
        return "xml"
    if looks_like_pattern_id(stripped):
        return "pattern"
    words = {line.split(None, 1)[0].lower() for line in stripped.splitlines() if line.strip()}
    if "width" in words or "height" in words:
        return "non"
    return "text"


def parse(text: str, fmt: str | None = None, source: str | None = None) -> Puzzle:
    """A puzzle from text in ``fmt`` (guessed when ``None``)."""
    if not isinstance(text, str):
        raise TypeError(
            f"parse takes text (str; read_bytes takes bytes), not {type(text).__name__}"
        )
    fmt = fmt or guess_format(text, source or "")
    if fmt == "xml":
        return read_xml(text.encode("utf-8"), source)
    text = text.removeprefix("\ufeff")  # a byte order mark, as some editors save
    if fmt == "non":
        return read_non(text, source)
    if fmt == "text":
        return read_text(text, source)
    if fmt == "pattern":
        return read_pattern_id(text, source)
    raise ValueError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")


def read_file(path: str | Path, fmt: str | None = None) -> Puzzle:
    """A puzzle from a file; errors are :class:`NonogramError` (a ``ValueError``)."""
    path = Path(path)
    try:
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)  # no more: /dev/zero has no end
    except OSError as error:
        raise FormatError(f"cannot read the file: {error.strerror}", None, str(path)) from None
    if len(data) > MAX_FILE_BYTES:
        raise FormatError(f"the file is over {MAX_FILE_BYTES} bytes", None, str(path))
    return read_bytes(data, str(path), fmt)


def read_bytes(data: bytes, source: str, fmt: str | None = None) -> Puzzle:
    """A puzzle from a file's bytes (``source`` names it, and by its extension, the
    format, unless ``fmt`` is given)."""
    fmt = fmt or guess_format(data[:200].decode("utf-8", "replace"), source)
    if fmt == "xml":
        return read_xml(data, source)  # expat reads the encoding declaration
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise FormatError("the file is not UTF-8 text", line, source) from None
    return parse(text, fmt, source)


def dumps(puzzle: Puzzle, fmt: str = "xml") -> str:
    """The puzzle as text in ``fmt``."""
    writers = {"xml": write_xml, "non": write_non, "text": write_text, "pattern": write_pattern_id}
    if fmt not in writers:
        raise ValueError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    return writers[fmt](puzzle)
