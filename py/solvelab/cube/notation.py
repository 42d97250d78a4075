"""WCA move notation: parse it, print it, invert, simplify and count it.

>>> alg = parse_alg("[R, U] // the sexy move")
>>> str(alg)
"R U R' U'"
>>> str(alg.inverse())
"U R U' R'"
>>> str(parse_alg("R L R (U U')2").simplify())
'R2 L'
>>> alg.htm, alg.qtm, alg.stm
(4, 4, 4)

Input is bounded, so that a short text cannot ask for unbounded work: an
algorithm expands to at most :data:`MAX_MOVES` (10,000) atomic moves, and
brackets nest at most :data:`MAX_DEPTH` (50) deep. Expanded lengths are
computed from the parse tree (a repeat count multiplies, ``[A, B]`` is
2|A| + 2|B|, ``[A: B]`` is 2|A| + |B|) before anything is expanded, and the
group that crosses the limit is named:

>>> try:
...     parse_alg("((R U)1000)1000")
... except NotationError as error:
...     print(error)
the group expands to 2,000,000 moves (the limit is 10,000) at column 1

A turn amount is 1, 2 or 3 (``R3`` is ``R'``); anything else, such as
``R4`` or ``R100``, is refused rather than silently reduced.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from solvelab.cube.geometry import MOVE_AXES

FACE_MOVES = ("U", "R", "F", "D", "L", "B")
WIDE_MOVES = tuple(face + "w" for face in FACE_MOVES)
SLICE_MOVES = ("M", "E", "S")
ROTATIONS = ("x", "y", "z")
MOVE_NAMES = FACE_MOVES + WIDE_MOVES + SLICE_MOVES + ROTATIONS

_AXIS_OF = {name: next(i for i, c in enumerate(MOVE_AXES[name][0]) if c) for name in MOVE_NAMES}
_SUFFIX = {1: "", 2: "2", 3: "'"}
_PRIMES = "'’′"

MAX_MOVES = 10_000
"""The most atomic moves an algorithm may expand to (``len(alg.moves)``)."""
MAX_DEPTH = 50
"""The deepest that groups, commutators and conjugates may nest."""


class NotationError(ValueError):
    """An algorithm that cannot be read, with where the problem is.

    ``position`` is the 0-based offset of the bad token in the text, ``line``
    and ``column`` its 1-based line and column, ``length`` its length.
    """

    def __init__(self, problem: str, text: str, position: int, length: int = 1) -> None:
        self.problem = problem
        self.text = text
        self.position = position
        self.length = max(1, length)
        self.line = text.count("\n", 0, position) + 1
        self.column = position - (text.rfind("\n", 0, position) + 1) + 1
        where = f"column {self.column}"
        if "\n" in text:
            where = f"line {self.line}, column {self.column}"
        super().__init__(f"{problem} at {where}")


@dataclass(frozen=True, slots=True)
class Move:
    """One atomic move: a name from :data:`MOVE_NAMES` and 1, 2 or 3 clockwise quarter turns.

    >>> Move("R", 3)
    Move("R'")
    """

    name: str
    turns: int = 1

    def __post_init__(self) -> None:
        if self.name not in MOVE_NAMES:
            raise ValueError(f"unknown move {self.name!r}")
        if self.turns not in (1, 2, 3):
            raise ValueError(f"a move turns 1, 2 or 3 quarter turns, not {self.turns}")

    def __str__(self) -> str:
        return self.name + _SUFFIX[self.turns]

    def __repr__(self) -> str:
        return f'Move("{self}")'

    def inverse(self) -> Move:
        return _INVERSE[self]

    @property
    def axis(self) -> int:
        """0, 1 or 2 for the x, y or z axis. Moves about the same axis commute."""
        return _AXIS_OF[self.name]

    @property
    def htm(self) -> int:
        """Half-turn metric: any outer-layer turn counts 1, a slice 2, a rotation 0."""
        if self.name in ROTATIONS:
            return 0
        return 2 if self.name in SLICE_MOVES else 1

    @property
    def qtm(self) -> int:
        """Quarter-turn metric: every outer-layer quarter turn counts 1."""
        return self.htm * (2 if self.turns == 2 else 1)

    @property
    def stm(self) -> int:
        """Slice-turn metric: any turn of one or more layers counts 1."""
        return 0 if self.name in ROTATIONS else 1


class Algorithm:
    """A flat, immutable sequence of :class:`Move`.

    ``len(alg)`` is its length in the half-turn metric; iterate it for the moves.

    >>> alg = parse_alg("(R U R' U')2")
    >>> len(alg), alg.moves[:2]
    (8, (Move("R"), Move("U")))
    """

    __slots__ = ("moves",)

    def __init__(self, moves: Iterable[Move] = ()) -> None:
        self.moves: tuple[Move, ...] = tuple(moves)
        for move in self.moves:
            if not isinstance(move, Move):
                raise TypeError(
                    f"an Algorithm holds Moves, not {type(move).__name__}: "
                    'parse_alg reads text (parse_alg("R U"))'
                )

    def __str__(self) -> str:
        return " ".join(str(move) for move in self.moves)

    def __repr__(self) -> str:
        return f'Algorithm("{self}")'

    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves)

    def __len__(self) -> int:
        return self.htm

    def __bool__(self) -> bool:
        return bool(self.moves)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Algorithm) and self.moves == other.moves

    def __hash__(self) -> int:
        return hash(self.moves)

    def __add__(self, other: Algorithm) -> Algorithm:
        if not isinstance(other, Algorithm):
            return NotImplemented
        return Algorithm(self.moves + other.moves)

    def __mul__(self, times: int) -> Algorithm:
        return Algorithm(self.moves * times)

    def inverse(self) -> Algorithm:
        """The algorithm that undoes this one."""
        return Algorithm(move.inverse() for move in reversed(self.moves))

    def simplify(self) -> Algorithm:
        """Cancel and merge moves, also across moves about the same axis.

        Moves about one axis commute, so ``R L R`` becomes ``R2 L`` and
        ``R L R'`` becomes ``L``. The result does exactly what this does.
        """
        out: list[Move] = []
        for move in self.moves:
            i = len(out) - 1
            while i >= 0 and out[i].axis == move.axis and out[i].name != move.name:
                i -= 1
            if i >= 0 and out[i].name == move.name:
                turns = (out[i].turns + move.turns) % 4
                if turns:
                    out[i] = Move(move.name, turns)
                else:
                    del out[i]
            else:
                out.append(move)
        return Algorithm(out)

    @property
    def htm(self) -> int:
        """Length in the half-turn metric (slices count 2, rotations 0)."""
        return sum(move.htm for move in self.moves)

    @property
    def qtm(self) -> int:
        """Length in the quarter-turn metric."""
        return sum(move.qtm for move in self.moves)

    @property
    def stm(self) -> int:
        """Length in the slice-turn metric."""
        return sum(move.stm for move in self.moves)


def parse_alg(text: str) -> Algorithm:
    """Read an algorithm written in WCA notation.

    Face turns ``U R F D L B`` with ``'``, ``2``, ``2'`` (and ``3`` meaning
    ``'``); wide turns ``Rw`` or ``r``; slices ``M E S``; rotations ``x y z``;
    groups with repetition ``(R U R' U')3``; commutators ``[A, B]`` (A B A' B')
    and conjugates ``[A: B]`` (A B A'), nested freely; ``//`` comments to the
    end of a line. Raises :class:`NotationError` naming the bad token's column.

    The result has at most :data:`MAX_MOVES` moves and brackets nest at most
    :data:`MAX_DEPTH` deep. Both limits are checked on the parse tree, before
    anything is expanded, so a short text that would expand to millions of
    moves is refused at once.

    >>> str(parse_alg("[F: [R, U]] r2 M'"))
    "F R U R' U' F' Rw2 M'"
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_alg takes notation text (str), not {type(text).__name__}")
    return Algorithm(_expand(_Parser(text).parse()))


def locate_moves(text: str) -> list[tuple[int, int]]:
    """Where each move of ``parse_alg(text)`` is written: ``(start, end)`` in ``text``.

    A move repeated by a group, or inverted by a commutator, is where its
    token is: a viewer can show the text as typed and mark the move being
    played inside it.

    >>> text = "[R, U']"
    >>> str(parse_alg(text)), [text[a:b] for a, b in locate_moves(text)]
    ("R U' R' U", ['R', "U'", 'R', "U'"])
    """
    return [(at.start, at.end) for at in _expand(_Parser(text, locate=True).parse())]


_MOVE_OF = {(name, turns): Move(name, turns) for name in MOVE_NAMES for turns in (1, 2, 3)}
_INVERSE = {move: _MOVE_OF[move.name, 4 - move.turns] for move in _MOVE_OF.values()}
_DIGITS = "0123456789"
_SPACE = re.compile(r"(?:\s+|//[^\n]*)*")
# A well-formed move not followed by anything that would make it an error
# (``Rww``, ``R12``, ``R'2``); anything else goes the slow way, which explains.
_TOKEN = re.compile(r"(?:[URFDLB]w?|[MESxyzurfdlb])[123]?['’′]?(?![w0-9'’′])")
_MOVES = re.compile(rf"{_TOKEN.pattern}(?:\s*{_TOKEN.pattern})*")
_CHUNK = 4096  # characters matched by _MOVES at a time


def _spellings() -> dict[str, Move]:
    """Every way to write one move as a token: ``R``, ``r``, ``Rw2'``, ``x3``, ..."""
    table = {}
    for name in MOVE_NAMES:
        for spelling in (name, name[0].lower()) if name in WIDE_MOVES else (name,):
            for amount in ("", "1", "2", "3"):
                turns = int(amount or 1)
                table[spelling + amount] = _MOVE_OF[name, turns]
                for prime in _PRIMES:
                    table[spelling + amount + prime] = _MOVE_OF[name, 4 - turns]
    return table


_MOVE_OF_TOKEN = _spellings()


@dataclass(frozen=True, slots=True)
class _At:
    """A move and where its token is written (when the parser locates moves)."""

    move: Move
    start: int
    end: int

    def inverse(self) -> _At:
        return _At(_INVERSE[self.move], self.start, self.end)


class _Group:
    """A parsed ``( )`` or ``[ ]``, not yet expanded, with its expanded length.

    ``kind`` is ``"("``, ``","`` (commutator) or ``":"`` (conjugate); ``b`` is
    empty for ``"("``; ``count`` is negative for an inverted group.
    """

    __slots__ = ("a", "b", "count", "kind", "length")

    def __init__(self, kind: str, a: list, b: list, count: int, length: int) -> None:
        self.kind = kind
        self.a = a
        self.b = b
        self.count = count
        self.length = length


def _inverted(moves: list) -> list:
    if moves and type(moves[0]) is _At:
        return [at.inverse() for at in reversed(moves)]
    inverse = _INVERSE
    return [inverse[move] for move in reversed(moves)]


def _expand(items: list) -> list[Move]:
    """The moves of a parsed sequence. Recursion is bounded by :data:`MAX_DEPTH`."""
    out: list = []
    for item in items:
        if type(item) is Move or type(item) is _At:
            out.append(item)
            continue
        a = _expand(item.a)
        if item.kind == "(":
            inner = a
        else:
            b = _expand(item.b)
            inner = a + b + _inverted(a)
            if item.kind == ",":
                inner += _inverted(b)
        if item.count < 0:
            inner = _inverted(inner)
        out += inner * abs(item.count)
    return out


class _Parser:
    """Recursive descent over the text, building a tree of moves and groups.

    Each level of brackets is one level of recursion, and :data:`MAX_DEPTH`
    bounds the levels; each group's expanded length is known when it closes,
    so :data:`MAX_MOVES` is enforced before anything is expanded.
    """

    def __init__(self, text: str, locate: bool = False) -> None:
        self.text = text
        self.i = 0
        self.depth = 0
        self.locate = locate  # leaves are _At (the move and where it is) instead of Move

    def error(self, problem: str, position: int, length: int = 1) -> NotationError:
        return NotationError(problem, self.text, position, length)

    def parse(self) -> list:
        items, length = self.sequence(closers="")
        if self.i < len(self.text):
            c = self.text[self.i]
            raise self.error(f"unexpected '{c}' with no matching opening bracket", self.i)
        if length > MAX_MOVES:
            text = self.text
            start = len(text) - len(text.lstrip())
            raise self.error(
                f"the algorithm expands to {length:,} moves (the limit is {MAX_MOVES:,})",
                start,
                len(text.rstrip()) - start,
            )
        return items

    def sequence(self, closers: str) -> tuple[list, int]:
        """Items up to the end of the text or one of ``closers`` (not consumed), and
        their expanded length."""
        items: list = []
        length = 0
        text = self.text
        n = len(text)
        space = _SPACE.match
        moves = _MOVES.match
        tokens_in = _TOKEN.findall
        while True:
            i = space(text, self.i).end()
            self.i = i
            if i >= n:
                return items, length
            # A chunk at a time: the regex engine keeps state for each repeat, 370 bytes
            # a move, so a megabyte of moves in one match took 370 MB.
            stop = min(n, i + _CHUNK)
            run = moves(text, i, stop)
            tokens = ()
            if run is not None:  # the common case: well-formed moves and spaces
                end = run.end()
                tokens = tokens_in(text, i, end)
                if end == stop < n:
                    # The chunk may end inside a token (R|2): its last token is read
                    # again, whole, with the next chunk (or below, if it is the only one).
                    end -= len(tokens.pop())
            if tokens:
                if self.locate:
                    found = _TOKEN.finditer(text, i, end)
                    items += [_At(_MOVE_OF_TOKEN[t.group()], t.start(), t.end()) for t in found]
                else:
                    items += map(_MOVE_OF_TOKEN.__getitem__, tokens)
                length += len(tokens)
                self.i = end
                continue
            c = text[i]
            if c in closers:
                return items, length
            if c == "(" or c == "[":
                group = self.group() if c == "(" else self.bracket()
                items.append(group)
                length += group.length
            elif c in ")]":
                raise self.error(f"unexpected '{c}' with no matching opening bracket", i)
            elif c in ",:":
                raise self.error(f"'{c}' outside square brackets", i)
            else:
                move = self.move()
                items.append(_At(move, i, self.i) if self.locate else move)
                length += 1

    def enter(self) -> int:
        """Step over an opening bracket, refusing one nested too deep; return its position."""
        start = self.i
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error(f"brackets nested more than {MAX_DEPTH} deep", start)
        self.i += 1
        return start

    def group(self) -> _Group:
        start = self.enter()
        inner, length = self.sequence(closers=")]")
        if self.i >= len(self.text) or self.text[self.i] != ")":
            raise self.error("'(' is never closed", start)
        self.i += 1
        self.depth -= 1
        return self.repeat(start, "(", inner, [], length)

    def bracket(self) -> _Group:
        start = self.enter()
        text = self.text
        a, a_length = self.sequence(closers=",:])")
        if self.i >= len(text) or text[self.i] not in ",:":
            if self.i < len(text) and text[self.i] == "]":
                raise self.error("expected ',' (commutator) or ':' (conjugate) before ']'", self.i)
            raise self.error("'[' is never closed", start)
        kind = text[self.i]
        self.i += 1
        b, b_length = self.sequence(closers=",:])")
        if self.i >= len(text) or text[self.i] != "]":
            if self.i < len(text) and text[self.i] in ",:":
                raise self.error(f"a second '{text[self.i]}' in one bracket", self.i)
            raise self.error("'[' is never closed", start)
        self.i += 1
        self.depth -= 1
        # [A, B] is A B A' B'; [A: B] is A B A'.
        length = 2 * a_length + (2 if kind == "," else 1) * b_length
        return self.repeat(start, kind, a, b, length)

    def digits(self) -> str:
        """Read a run of ASCII digits (perhaps none)."""
        text = self.text
        start = i = self.i
        while i < len(text) and text[i] in _DIGITS:
            i += 1
        self.i = i
        return text[start:i]

    def prime(self) -> bool:
        """Read an optional prime, which must not be followed by a count."""
        text = self.text
        if self.i < len(text) and text[self.i] in _PRIMES:
            self.i += 1
            if self.i < len(text) and text[self.i] in _DIGITS:
                raise self.error("write the count before the prime, as in R2'", self.i)
            return True
        return False

    def repeat(self, start: int, kind: str, a: list, b: list, inner_length: int) -> _Group:
        """Read the group's optional count and prime, and check its expanded length."""
        count_at = self.i
        digits = self.digits()
        count = 1
        if digits:
            count = int(digits) if len(digits) <= 9 else MAX_MOVES + 1
            if count > MAX_MOVES:
                raise self.error(
                    f"a group can be repeated at most {MAX_MOVES:,} times, not {_shown(digits)}",
                    count_at,
                    len(digits),
                )
            if count == 0:
                raise self.error(
                    "a group repeated 0 times does nothing: remove it", count_at, len(digits)
                )
        length = inner_length * count
        if self.prime():
            count = -count
        if length > MAX_MOVES:
            raise self.error(
                f"the group expands to {length:,} moves (the limit is {MAX_MOVES:,})",
                start,
                self.i - start,
            )
        return _Group(kind, a, b, count, length)

    def move(self) -> Move:
        text = self.text
        start = self.i
        c = text[start]
        if c in _DIGITS:
            end = start
            while end < len(text) and (text[end].isalnum() or text[end] in _PRIMES):
                end += 1
            token = text[start:end]
            if token.rstrip(_PRIMES).isdigit():  # "R 2", "(R U) 2"
                message = (
                    f"the count '{_shown(token, 'characters')}' stands alone: a count follows "
                    "its move or group with no space, as in R2 or (R U)2"
                )
            else:
                message = f"layer counts such as '{_shown(token, 'characters')}' are not supported"
            raise self.error(message, start, end - start)
        self.i += 1
        if c in "urfdlb":
            name = c.upper() + "w"
        elif c in "URFDLB" and self.i < len(text) and text[self.i] == "w":
            self.i += 1
            name = c + "w"
        elif c in "URFDLBMESxyz":
            name = c
        else:
            end = start + 1
            while end < len(text) and text[end].isalnum():
                end += 1
            token = text[start:end]
            if c.isalpha():
                problem = f"unknown move '{_shown(token, 'characters')}'"
                word = start
                while word and (text[word - 1].isalnum() or text[word - 1] in _PRIMES):
                    word -= 1
                if word < start:  # "foo" reads as f (Fw) and 'oo': say which word it was
                    problem += f" in '{_shown(text[word:end], 'characters')}'"
                raise self.error(problem, start, end - start)
            if c in _PRIMES:  # R'', or a prime after a space
                raise self.error(
                    f"a {c} follows a move or a group with no space, once, as in R{c} or (R U){c}",
                    start,
                )
            shown = c if c.isprintable() else ascii(c)[1:-1]  # a NUL, an ESC: escaped
            raise self.error(f"unexpected character '{shown}'", start)
        if self.i < len(text) and text[self.i] == "w":
            raise self.error(
                f"unknown move '{text[start : self.i + 1]}'", start, self.i + 1 - start
            )
        amount_at = self.i
        digits = self.digits()
        turns = 1
        if digits:
            turns = int(digits) if len(digits) <= 9 else 0
            if turns not in (1, 2, 3):
                raise self.error(
                    f"a turn amount is 1, 2 or 3 (with ' for the other way), not {_shown(digits)}",
                    amount_at,
                    len(digits),
                )
        if self.prime():
            turns = 4 - turns
        return _MOVE_OF[name, turns]


def _shown(typed: str, unit: str = "digits") -> str:
    """A number or a word as typed, shortened if it is very long."""
    return typed if len(typed) <= 15 else f"{typed[:12]}… ({len(typed)} {unit})"
