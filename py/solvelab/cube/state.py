"""The :class:`Cube`: an immutable cube state you can turn, compare and convert."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from functools import cache
from operator import itemgetter

from solvelab.cube.cubie import CubieCube
from solvelab.cube.facelets import (
    CENTERS,
    CORNER_FACELETS,
    EDGE_FACELETS,
    SOLVED_FACELETS,
    InvalidCubeError,
    read_stickers,
)
from solvelab.cube.geometry import FACES, move_permutation
from solvelab.cube.notation import Algorithm, Move, parse_alg

_IDENTITY = tuple(range(54))

MoveSource = str | Algorithm | Move | Iterable[Move]


@cache
def _mover(move: Move) -> itemgetter:
    return itemgetter(*move_permutation(move.name, move.turns))


def _moves_of(moves: MoveSource) -> Iterable[Move]:
    if isinstance(moves, str):
        return parse_alg(moves)
    if isinstance(moves, Move):
        return (moves,)
    if isinstance(moves, Algorithm):
        return moves
    if isinstance(moves, (bytes, bytearray)) or not isinstance(moves, Iterable):
        raise TypeError(
            "moves are notation text, an Algorithm, a Move or an iterable of them, "
            f"not {type(moves).__name__}"
        )
    return _each_move(moves)


def _each_move(moves: Iterable) -> Iterable[Move]:
    """The moves of an iterable of moves and notation texts (``["R", "U2"]``)."""
    for move in moves:
        if isinstance(move, Move):
            yield move
        elif isinstance(move, str):
            yield from parse_alg(move)
        else:
            raise TypeError(f"a move is a Move or notation text, not {type(move).__name__}")


def check_cube(cube: object, what: str) -> None:
    """Raise a TypeError naming ``what`` takes a Cube, unless ``cube`` is one."""
    if not isinstance(cube, Cube):
        raise TypeError(
            f"{what} takes a Cube (Cube.from_facelets(text) for a facelet string), "
            f"not {type(cube).__name__}"
        )


class Cube:
    """A Rubik's cube state: which sticker is where, including how the whole cube is held.

    Cubes are values: every operation returns a new cube.

    >>> cube = Cube().apply("R U R' U'")
    >>> cube.is_solved()
    False
    >>> cube.apply("(R U R' U')5").is_solved()
    True
    >>> Cube.from_facelets(cube.to_facelets()) == cube
    True

    Two cubes are equal when every sticker is in the same place, so
    ``Cube().apply("x") != Cube()`` although both are solved. The facelet
    string describes the cube relative to its centres, so it ignores how the
    cube is held: ``Cube().apply("x").to_facelets() == Cube().to_facelets()``.
    """

    __slots__ = ("_stickers",)

    def __init__(self) -> None:
        # _stickers[i] is the sticker (numbered as on the solved cube) now at place i.
        self._stickers: tuple[int, ...] = _IDENTITY

    @classmethod
    def _of(cls, stickers: tuple[int, ...]) -> Cube:
        cube = cls.__new__(cls)
        cube._stickers = stickers
        return cube

    # Construction -------------------------------------------------------

    @classmethod
    def from_facelets(cls, facelets: str) -> Cube:
        """The cube of a 54-letter facelet string in Kociemba's ``URFDLB`` format.

        Raises :class:`InvalidCubeError` if no real cube looks like that.
        """
        return cls.from_cubies(read_stickers(facelets, facelets=True))

    @classmethod
    def from_stickers(
        cls,
        stickers: str,
        *,
        names: Mapping[str, str] | None = None,
        unpainted: str | None = None,
    ) -> Cube:
        """The cube of 54 stickers in any six colours, in facelet order.

        ``names`` names the colours in messages (``{"W": "white", …}``);
        ``unpainted`` is a character standing for a sticker not filled in yet.
        See :func:`~solvelab.cube.facelets.read_stickers`.

        >>> s = "W" * 9 + "R" * 9 + "G" * 9 + "Y" * 9 + "O" * 9 + "B" * 9
        >>> Cube.from_stickers(s).is_solved()
        True
        """
        return cls.from_cubies(read_stickers(stickers, names=names, unpainted=unpainted))

    @classmethod
    def from_cubies(cls, cubies: CubieCube) -> Cube:
        """The cube with these pieces, held with U on top and F in front."""
        problems = cubies.problems()
        if problems:
            raise InvalidCubeError("; ".join(problems))
        stickers = list(_IDENTITY)
        for position, indices in enumerate(CORNER_FACELETS):
            home = CORNER_FACELETS[cubies.cp[position]]
            for k in range(3):
                stickers[indices[(k + cubies.co[position]) % 3]] = home[k]
        for position, indices in enumerate(EDGE_FACELETS):
            home = EDGE_FACELETS[cubies.ep[position]]
            for k in range(2):
                stickers[indices[(k + cubies.eo[position]) % 2]] = home[k]
        return cls._of(tuple(stickers))

    @classmethod
    def random(cls, seed: int | None = None) -> Cube:
        """A uniformly random solvable cube; the same ``seed`` gives the same cube.

        >>> Cube.random(seed=7) == Cube.random(seed=7)
        True
        """
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise TypeError(f"a seed is a whole number or None, not {seed!r}")
            if seed < 0:  # Python's random takes -7 for 7: it would repeat a cube
                raise ValueError(f"a seed is 0 or more, not {seed}")
        return cls.from_cubies(CubieCube.random(random.Random(seed)))

    # Turning ------------------------------------------------------------

    def apply(self, moves: MoveSource) -> Cube:
        """This cube after ``moves``: notation text, an :class:`Algorithm`, a :class:`Move` or
        an iterable of moves. Text that is not valid notation raises ``NotationError``."""
        stickers = self._stickers
        for move in _moves_of(moves):
            stickers = _mover(move)(stickers)
        return Cube._of(stickers)

    def __mul__(self, other: Cube) -> Cube:
        """``a * b``: the cube ``a`` followed by whatever was done to a solved cube to get ``b``
        (moves go to :meth:`apply`)."""
        if not isinstance(other, Cube):  # NotImplemented would end in "can't multiply sequence"
            raise TypeError(f"a Cube times a Cube, not {type(other).__name__}: moves go to apply()")
        return Cube._of(itemgetter(*other._stickers)(self._stickers))

    def inverse(self) -> Cube:
        """The cube that ``self`` is undone by: ``cube * cube.inverse() == Cube()``."""
        inverse = [0] * 54
        for place, sticker in enumerate(self._stickers):
            inverse[sticker] = place
        return Cube._of(tuple(inverse))

    # Looking at it -------------------------------------------------------

    def to_facelets(self) -> str:
        """The 54-letter facelet string, each sticker named by the face whose centre matches it."""
        stickers = self._stickers
        face_of_colour = {stickers[c] // 9: FACES[f] for f, c in enumerate(CENTERS)}
        return "".join(face_of_colour[s // 9] for s in stickers)

    def to_stickers(self, colours: str = FACES) -> str:
        """The colour at each of the 54 places, as held, with ``colours`` for U R F D L B.

        >>> Cube().apply("x").to_stickers("WRGYOB")[4]  # the green centre is now on top
        'G'
        """
        if len(colours) != 6 or len(set(colours)) != 6:
            raise ValueError(f"six different colours are needed, not {colours!r}")
        return "".join(colours[s // 9] for s in self._stickers)

    @property
    def cubies(self) -> CubieCube:
        """Corner and edge permutation and orientation, relative to the centres."""
        return read_stickers(self.to_facelets(), facelets=True)

    def is_solved(self) -> bool:
        """True when every face has one colour, however the cube is held."""
        return self.to_facelets() == SOLVED_FACELETS

    def net(self, *, colour: bool = False) -> str:
        """The unfolded cube as text; see :func:`solvelab.cube.display.net`."""
        from solvelab.cube.display import net

        return net(self.to_stickers(), colour=colour)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cube) and self._stickers == other._stickers

    def __hash__(self) -> int:
        return hash(self._stickers)

    def __str__(self) -> str:
        return self.net()

    def __repr__(self) -> str:
        if self._stickers == _IDENTITY:
            return "Cube()"
        held = "" if self._held_normally() else " (turned as a whole)"
        return f"<Cube {self.to_facelets()}{held}>"

    def _held_normally(self) -> bool:
        return all(self._stickers[c] == c for c in CENTERS)
