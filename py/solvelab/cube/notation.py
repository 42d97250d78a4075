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
"""

from __future__ import annotations

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
        return Move(self.name, 4 - self.turns)

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

    >>> str(parse_alg("[F: [R, U]] r2 M'"))
    "F R U R' U' F' Rw2 M'"
    """
    return Algorithm(_Parser(text).parse())


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0

    def error(self, problem: str, position: int, length: int = 1) -> NotationError:
        return NotationError(problem, self.text, position, length)

    def parse(self) -> list[Move]:
        moves = self.sequence(closers="")
        if self.i < len(self.text):
            c = self.text[self.i]
            raise self.error(f"unexpected '{c}' with no matching opening bracket", self.i)
        return moves

    def skip_space(self) -> None:
        text = self.text
        while self.i < len(text):
            if text[self.i].isspace():
                self.i += 1
            elif text.startswith("//", self.i):
                end = text.find("\n", self.i)
                self.i = len(text) if end < 0 else end
            else:
                return

    def sequence(self, closers: str) -> list[Move]:
        """Moves up to the end of the text or one of ``closers`` (not consumed)."""
        moves: list[Move] = []
        while True:
            self.skip_space()
            if self.i >= len(self.text):
                return moves
            c = self.text[self.i]
            if c in closers:
                return moves
            if c == "(":
                moves += self.group()
            elif c == "[":
                moves += self.bracket()
            elif c in ")]":
                raise self.error(f"unexpected '{c}' with no matching opening bracket", self.i)
            elif c in ",:":
                raise self.error(f"'{c}' outside square brackets", self.i)
            else:
                moves += self.move()

    def group(self) -> list[Move]:
        start = self.i
        self.i += 1
        inner = self.sequence(closers=")]")
        if self.i >= len(self.text) or self.text[self.i] != ")":
            raise self.error("'(' is never closed", start)
        self.i += 1
        return self.repeat(inner)

    def bracket(self) -> list[Move]:
        start = self.i
        self.i += 1
        a = self.sequence(closers=",:])")
        if self.i >= len(self.text) or self.text[self.i] not in ",:":
            if self.i < len(self.text) and self.text[self.i] == "]":
                raise self.error("expected ',' (commutator) or ':' (conjugate) before ']'", self.i)
            raise self.error("'[' is never closed", start)
        kind = self.text[self.i]
        self.i += 1
        b = self.sequence(closers=",:])")
        if self.i >= len(self.text) or self.text[self.i] != "]":
            if self.i < len(self.text) and self.text[self.i] in ",:":
                raise self.error(f"a second '{self.text[self.i]}' in one bracket", self.i)
            raise self.error("'[' is never closed", start)
        self.i += 1
        a_inverse = [move.inverse() for move in reversed(a)]
        if kind == ",":
            inner = a + b + a_inverse + [move.inverse() for move in reversed(b)]
        else:
            inner = a + b + a_inverse
        return self.repeat(inner)

    def amount(self) -> int:
        """Read an optional count and prime; return the signed number of repeats."""
        text = self.text
        start = self.i
        while self.i < len(text) and text[self.i].isdigit():
            self.i += 1
        count = int(text[start : self.i]) if self.i > start else 1
        if self.i < len(text) and text[self.i] in _PRIMES:
            self.i += 1
            count = -count
            if self.i < len(text) and text[self.i].isdigit():
                raise self.error("write the count before the prime, as in R2'", self.i)
        return count

    def repeat(self, moves: list[Move]) -> list[Move]:
        count = self.amount()
        if count < 0:
            moves = [move.inverse() for move in reversed(moves)]
        return moves * abs(count)

    def move(self) -> list[Move]:
        text = self.text
        start = self.i
        if text[start].isdigit():
            end = start
            while end < len(text) and (text[end].isalnum() or text[end] in _PRIMES):
                end += 1
            raise self.error(
                f"layer counts such as '{text[start:end]}' are not supported", start, end - start
            )
        c = text[start]
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
                raise self.error(f"unknown move '{token}'", start, end - start)
            raise self.error(f"unexpected character '{c}'", start)
        if self.i < len(text) and text[self.i] == "w":
            raise self.error(
                f"unknown move '{text[start : self.i + 1]}'", start, self.i + 1 - start
            )
        turns = self.amount() % 4
        return [Move(name, turns)] if turns else []
