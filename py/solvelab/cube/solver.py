"""Kociemba's two-phase algorithm: short solutions, fast, in one thread of plain Python.

Phase 1 turns the cube into the subgroup H = <U, D, R2, F2, L2, B2> (corners
untwisted, edges unflipped, middle-layer edges in the middle layer); phase 2
solves it using only the moves of H. Both phases are IDA* searches cut by
pruning tables (:mod:`solvelab.cube.pruning`). Phase 1 is searched at ever
greater depths; every phase-1 solution is handed to phase 2 with the moves
left under the best total found so far, so solutions keep getting shorter.

The search runs on six versions of the cube at once, interleaved: the cube
seen along each of the three axes (so H is <R, L, ...> or <F, B, ...>
instead) and the same for its inverse. Each has its own phase-1 depth, and
the one that happens to be close to its H gives short solutions first.
Each version is also searched with one or two premoves in front
(:mod:`solvelab.cube.premoves`), which finds solutions that end outside H.

>>> from solvelab.cube import Cube
>>> cube = Cube().apply("R U R' U' F2 D L'")
>>> solution = solve(cube)
>>> cube.apply(solution.moves).is_solved(), solution.length <= 7
(True, True)
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache, cached_property
from itertools import accumulate, pairwise
from operator import itemgetter

from solvelab.cube import coords
from solvelab.cube.coords import (
    MOVES,
    N_COMB8,
    N_FLIP,
    N_MOVES,
    N_SLICE,
    N_SLICE_FLIPS,
    N_SLICE_PERM,
    N_SLICE_SORTED,
    PHASE2_MOVES,
)
from solvelab.cube.cubie import CubieCube
from solvelab.cube.notation import Algorithm
from solvelab.cube.premoves import PremoveSequence, coordinate_keys, held
from solvelab.cube.premoves import sequence as premove_sequence
from solvelab.cube.pruning import NEAR_H, table, table_array, table_rows
from solvelab.cube.state import Cube, check_cube
from solvelab.cube.symmetry import (
    SYMMETRIES,
    UD_SYMMETRIES,
    Permutation,
    conjugate,
    conjugation_table,
    move_map,
)

_PHASE2 = frozenset(PHASE2_MOVES)
_OPPOSITE_FIRST = {3: 0, 4: 1, 5: 2}  # D after U, L after R, B after F; not the reverse
_NO_FACE = 6


class NoSolutionFound(RuntimeError):
    """The caller stopped the search (``should_stop``) before any solution was found.

    A time limit never causes it: the limit applies only once a solution exists.
    """


class Cancelled(Exception):
    """Raised inside the search to unwind it when it has to stop."""


class Solution:
    """A sequence of face turns that solves a given cube.

    ``phase1`` says where phase 1 ends when the solution begins with it: the
    first ``phase1`` moves take the cube into H = <U, D, R2, F2, L2, B2> and
    the rest are moves of H. It is None for a solution found another way (on
    another axis, from the inverse, with premoves, or by the search for
    near-solved cubes); ``solutions(cube, classic=True)`` finds only the first kind.

    >>> Solution(Algorithm())
    Solution('')
    """

    __slots__ = ("moves", "phase1")

    def __init__(self, moves: Algorithm, phase1: int | None = None) -> None:
        self.moves = moves
        self.phase1 = phase1

    @property
    def length(self) -> int:
        """Length in the half-turn metric."""
        return self.moves.htm

    def __len__(self) -> int:
        return self.moves.htm

    def __str__(self) -> str:
        return str(self.moves)

    def __repr__(self) -> str:
        return f"Solution({str(self.moves)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Solution) and self.moves == other.moves

    def __hash__(self) -> int:
        return hash(self.moves)


def _allowed(moves: tuple[int, ...] | range) -> list[list[int]]:
    """For each previous face (6 = none), the moves that may follow it.

    A face is never turned twice in a row, and of two opposite faces (which
    commute) only one order is searched.
    """
    allowed = []
    for last in range(7):
        allowed.append([m for m in moves if m // 3 != last and _OPPOSITE_FIRST.get(last) != m // 3])
    return allowed


_P1_ALLOWED = _allowed(range(N_MOVES))
_P2_ALLOWED = _allowed(PHASE2_MOVES)
# Leaving H: inside it, a phase-1 path may only go on with a move of another kind.
_LEAVE_H = [[m for m in moves if m not in _PHASE2] for moves in _P1_ALLOWED]
_INVERSE_MOVE = [3 * (m // 3) + 2 - m % 3 for m in range(N_MOVES)]
# The last moves of phase 1 are looked up, not searched (see _Tables._endings).
_ENDING_DEPTH = 4
_QUARTER_Y = SYMMETRIES.index(Cube().apply("y")._stickers)
_ANY_LENGTH = 30
_FIRST_PHASE2 = 11
_FIRST_PREMOVES = (3, 6, 12, 15)  # R, F, L and B; R' and so on are tried with them
# Premoves (see _Search.run): at most this many, leaving phase 1 at least this long.
_MAX_PREMOVES = 2
_MIN_PHASE1_AFTER_PREMOVES = 7


@cache
def _directions() -> tuple[tuple[Permutation, tuple[int, ...]], ...]:
    """The whole-cube rotations that give the three axes, each with its move relabelling.

    For rotation ``r`` the cube ``r⁻¹ · c · r`` is solved by moves ``B`` exactly
    when ``c`` is solved by ``r · B · r⁻¹``, whose moves are ``relabel[m]``.
    """
    turn = Cube().apply("x y")  # a third of a turn about the URF-DBL diagonal
    result = []
    rotation = Cube()
    for _ in range(3):
        back = SYMMETRIES.index(rotation.inverse()._stickers)
        result.append((rotation._stickers, move_map(back)))
        rotation = rotation * turn
    return tuple(result)


# The small tables that phase 1's move rows, the symmetries and the last moves
# come from. The browser's worker has Python load these (load_move_tables) while
# the big pruning tables still download.
MOVE_TABLES = (
    "moves-twist",
    "moves-flip",
    "moves-slice-flips",
    "moves-slice-sorted",
    "sym-twist-classes",
    "sym-flip-conjugations",
    "sym-slice-conjugations",
    "coords-comb-of-perm8",
    "coords-edge-comb-of-u-edges",
    "phase1-endings",
)


class _Tables:
    """The move and pruning tables, gathered into locals-friendly attributes.

    Everything here is read from tables that ``solvelab tables build``
    worked out (:mod:`solvelab.cube.pruning`, :mod:`solvelab.tables`): loading
    them only cuts bytes into rows. Made from :data:`MOVE_TABLES` alone;
    :meth:`add_pruning` adds the rest.
    """

    def __init__(self) -> None:
        # Phase 1's move tables, as one row of 18 per value: a row is fetched once per node.
        self.twist_rows = _move_rows("moves-twist")
        self.flip_rows = _move_rows("moves-flip")
        self.slice_flips_rows = _move_rows("moves-slice-flips")
        # Phase 2's are read far less often: kept flat, as stored (18 a value),
        # they cost nothing to load (measured: the search is as fast).
        self.slice_sorted_moves = table_array("moves-slice-sorted")
        # slice_sorted < 24 is the slice's permutation: phase 2's own, in rows.
        self.slice_perm_rows = _rows(self.slice_sorted_moves[: N_SLICE_PERM * N_MOVES].tolist())
        # Rows for the cube seen after a quarter turn about the U-D axis (see _Start).
        turned = itemgetter(*move_map(_QUARTER_Y))
        self.twist_rows_y = [list(turned(row)) for row in self.twist_rows]
        self.flip_rows_y = [list(turned(row)) for row in self.flip_rows]
        # The near-H filter's number for a state is worked out from these parts:
        # each twist's class and a symmetry that takes it to the class's representative.
        classes = table_array("sym-twist-classes").tolist()
        # Stored by value, then by symmetry: symmetry k's is every kept-th.
        flips, slices = table_array("sym-flip-conjugations"), table_array("sym-slice-conjugations")
        kept = len(flips) // N_FLIP  # the symmetries of twist_classes
        flips = [_shared(flips[k::kept]) for k in range(kept)]
        slices = [_shared(slices[k::kept]) for k in range(kept)]
        self.near_parts = [
            (c * N_FLIP, flips[k], slices[k])
            for c, k in zip(classes[::2], classes[1::2], strict=True)
        ]
        slice_moves = [
            self.slice_sorted_moves[v * N_SLICE_PERM * N_MOVES + m] // N_SLICE_PERM
            for v in range(N_SLICE)
            for m in range(N_MOVES)
        ]
        self.slice_y = conjugation_table(slice_moves, N_SLICE, _QUARTER_Y)
        self.comb = list(table_array("coords-comb-of-perm8"))
        self.edge_comb_of_u_edges = [
            -1 if v == _NONE else v for v in table_array("coords-edge-comb-of-u-edges")
        ]
        self.ud_edges_of_u_d: dict[int, int] = {}  # filled as needed
        self.endings = _endings_from_words(table_array("phase1-endings"))
        self.pruned = False

    def add_pruning(self) -> None:
        """Add the pruning tables, phase 2's move tables (flat, as stored) and
        whatever the search needs besides tables."""
        self.corners_moves = table_array("moves-corners")
        self.ud_edges_moves = table_array("moves-ud-edges")
        # The twist-flip table is stored with a row per class of twists; it is
        # read so often that it is decoded with every twist's row written out.
        self.twist_flip = table("phase1-twist-flip")
        by_twist = _rows(self.twist_flip, N_FLIP)
        # For each twist and move, the twist-flip table's row (by flip) after the move.
        self.flips_after = [[by_twist[x] for x in row] for row in self.twist_rows]
        self.flips_after_y = [[by_twist[x] for x in row] for row in self.twist_rows_y]
        # The twist-slice_flips table, the same way; a row is found after a move too.
        # (Its 17 MB are only ever in memory as these rows.)
        self.slice_flips_bound = table_rows("phase1-twist-sliceflips", N_SLICE_FLIPS)
        self.slice_flips_after = [
            [self.slice_flips_bound[x] for x in row] for row in self.twist_rows
        ]
        self.near_h = table(NEAR_H.name)
        self.corners_slice = table("phase2-corners-sliceperm")
        self.edges_slice = table("phase2-edges-sliceperm")
        self.corners_edgecomb = table("phase2-corners-edgecomb")
        self.edges_cornercomb = table("phase2-edges-cornercomb")
        prepare()  # now, so that no search pays for it
        self.pruned = True

    def phase1_bound(self, node: tuple[int, ...]) -> int:
        """A lower bound on the phase-1 moves left from ``node`` (see :meth:`_Search.descend`)."""
        t, f, sf, yt, yf = node
        return max(
            self.twist_flip[t * N_FLIP + f],
            self.twist_flip[yt * N_FLIP + yf],
            self.slice_flips_bound[t][sf],
        )

    def maybe_near_h(self, twist: int, flip: int, slice_: int, twist_y: int, flip_y: int) -> bool:
        """False only if the phase-1 state is more than ``NEAR_H.depth`` moves from H.

        The state is looked up as it is and turned a quarter about the U-D
        axis (see :class:`_Start`): the same distance but another number, so
        a false alarm has to happen twice. About 9 % of the states further
        from H get through.
        """
        bits, modulus, parts = self.near_h, NEAR_H.bits, self.near_parts
        base, flips, slices = parts[twist]
        bit = ((base + flips[flip]) * N_SLICE + slices[slice_]) % modulus
        if not bits[bit >> 3] >> (bit & 7) & 1:
            return False
        base, flips, slices = parts[twist_y]
        bit = ((base + flips[flip_y]) * N_SLICE + slices[self.slice_y[slice_]]) % modulus
        return bool(bits[bit >> 3] >> (bit & 7) & 1)


def _rows(values: Sequence[int], length: int = N_MOVES) -> list:
    return [values[i : i + length] for i in range(0, len(values), length)]


@cache
def _ints() -> list[int]:
    """Every 16-bit number as one int object (see :func:`_shared`)."""
    return list(range(1 << 16))


def _shared(values: Iterable[int]) -> list[int]:
    """The values as a list in which equal numbers are one and the same int object.

    The search runs some 10 % faster so: it reads a few thousand int objects
    over and over rather than millions of copies scattered in memory.
    """
    ints = _ints()
    return [ints[v] for v in values]  # in Pyodide twice as fast as map(ints.__getitem__, ...)


def _move_rows(name: str) -> list[list[int]]:
    """A move table (values x 18 moves) as one list of 18 per value (see :func:`_shared`)."""
    return _rows(_shared(table_array(name)))


# A stored uint8 table's "none" (edge_comb_of_u_edges' -1).
_NONE = 255

Endings = list[dict[int, list[tuple[int, ...]]]]


def _endings(
    twist: Sequence[int], flip: Sequence[int], slice_: Sequence[int], depth: int
) -> Endings:
    """For 0..depth moves: phase-1 state -> every path of that many moves into H.

    The paths are those the search itself would take (no face twice in a
    row, opposite faces in one order, leaving H at once when in it, and
    ending on a quarter turn of R, L, F or B), found backwards from H with
    the move tables ``twist``, ``flip`` and ``slice_`` (flat, 18 a value).
    The search looks its last few moves up here instead of searching them.
    ``solvelab tables build`` stores them (:func:`_endings_to_words`).
    """
    endings: Endings = [{0: [()]}]
    # Paths of n moves, as (first move, state before it, rest of the path).
    frontier = [(m, 0, 0, 0, (m,)) for m in _LEAVE_H[_NO_FACE]]
    for _ in range(depth):
        level: dict[int, list[tuple[int, ...]]] = {}
        grown = []
        for m, t, f, s, path in frontier:
            undo = _INVERSE_MOVE[m]
            t, f, s = (
                twist[t * N_MOVES + undo],
                flip[f * N_MOVES + undo],
                slice_[s * N_MOVES + undo],
            )
            if t == f == s == 0 and m in _PHASE2:
                continue  # in H, a path goes on with a move that leaves it
            level.setdefault((t * N_FLIP + f) * N_SLICE + s, []).append(path)
            for before in _P1_ALLOWED[_NO_FACE]:
                if m in _P1_ALLOWED[before // 3]:
                    grown.append((before, t, f, s, (before, *path)))
        endings.append(level)
        frontier = grown
    return endings


def _endings_to_words(endings: Endings) -> list[int]:
    """:func:`_endings` as 32-bit words, for the table ``phase1-endings``.

    For each length n from 1: the number of states S and of paths P, the
    S states, how many paths each has, then the P paths of n moves each,
    all in the order :func:`_endings` found them.
    """
    words = []
    for n, level in enumerate(endings[1:], start=1):
        paths = [path for found in level.values() for path in found]
        words += [len(level), len(paths), *level, *map(len, level.values())]
        words += [m for path in paths for m in path]
        assert all(len(path) == n for path in paths)
    return words


def _endings_from_words(words: Sequence[int]) -> Endings:
    """The inverse of :func:`_endings_to_words`."""
    words = list(words)
    endings: Endings = [{0: [()]}]
    at, n = 0, 1
    while at < len(words):
        states, count = words[at], words[at + 1]
        at += 2
        keys, sizes = words[at : at + states], words[at + states : at + 2 * states]
        at += 2 * states
        moves = iter(words[at : at + count * n])
        at += count * n
        paths = list(zip(*[moves] * n, strict=True))
        ends = list(accumulate(sizes, initial=0))
        endings.append(dict(zip(keys, [paths[a:b] for a, b in pairwise(ends)], strict=True)))
        n += 1
    return endings


@contextmanager
def _no_garbage_collection() -> Iterator[None]:
    # Loading makes a few million objects and no garbage: the garbage
    # collector, run again and again over all of them, would double the time.
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@cache
def _move_tables() -> _Tables:
    with _no_garbage_collection():
        return _Tables()


def _tables() -> _Tables:
    tables = _move_tables()
    if not tables.pruned:
        with _no_garbage_collection():
            tables.add_pruning()
    return tables


def prepare() -> None:
    """Work out what every search needs besides the tables: the premoves'
    tables. The browser's worker does it while the tables download;
    :func:`load_tables` does whatever is left. (The positions near solved are
    worked out at the first cube that may be near solved: most never are.)"""
    coordinate_keys()
    for count in range(1, _MAX_PREMOVES + 1):
        _premove_sequences(count)


def load_move_tables() -> None:
    """Load the :data:`MOVE_TABLES` (the first part of :func:`load_tables`)."""
    _move_tables()


def load_tables() -> None:
    """Load every table the search needs, so that the first search starts at once."""
    _tables()


class _Start:
    """A root of the phase-1 search: one of the six versions of the cube, maybe after premoves."""

    def __init__(
        self,
        cubies: CubieCube,
        relabel: tuple[int, ...],
        inverse: bool,
        node: tuple[int, int, int, int, int],
        bound: int,
        sequence: PremoveSequence | None = None,
    ) -> None:
        self.cubies = cubies  # the version's, before any premoves
        self.relabel = relabel
        self.inverse = inverse
        self.sequence = sequence  # the premoves, if any
        self.premoves = sequence.moves if sequence else ()
        # Phase 1 follows the cube twice: as it is, and seen after a quarter
        # turn about the U-D axis. Both have the same distance to H, but edge
        # flips are counted about another axis, so the pruning tables give a
        # second, different bound.
        self.node = node
        self.bound = bound
        in_h = node[:3] == (0, 0, 0)
        self.first_moves = [m for m in range(N_MOVES) if not (in_h and m in _PHASE2)]

    @classmethod
    def of_version(cls, cube: Cube, relabel: tuple[int, ...], inverse: bool, t: _Tables) -> _Start:
        turned = conjugate(cube, SYMMETRIES[_QUARTER_Y]).cubies
        c = cube.cubies
        node = (coords.twist(c), coords.flip(c), coords.slice_flips(c))
        node = (*node, coords.twist(turned), coords.flip(turned))
        start = cls(c, relabel, inverse, node, t.phase1_bound(node))
        start.held = (*held(c), *held(turned))
        seen = [conjugate(cube, SYMMETRIES[i]) for i in UD_SYMMETRIES]
        # A cube that some symmetries leave as it is needs only one first move
        # of each set of moves those symmetries map onto each other.
        keeping = [i for i, other in zip(UD_SYMMETRIES, seen, strict=True) if other == cube]
        start.first_moves = [
            m for m in start.first_moves if m == min(move_map(i)[m] for i in keeping)
        ]
        start.symmetric = len(keeping) > 1
        # Versions that are symmetric to each other are searched once.
        start.key = min(other._stickers for other in seen)
        return start

    def after(self, sequence: PremoveSequence, node: tuple[int, ...], bound: int) -> _Start:
        """This version with the premoves ``sequence`` before it, whose node and bound are known."""
        return _Start(self.cubies, self.relabel, self.inverse, node, bound, sequence)

    @cached_property
    def phase2_starts(self) -> list[tuple[tuple[int, ...], tuple[int, int, int, int]]]:
        """Premoves and phase-2 coordinates for each cube this start's phase-1 paths serve.

        With premoves, the first is a quarter turn of R, F, L or B; turning it
        the other way changes the cube by a half turn, which is in H: the same
        phase-1 search serves both.
        """
        if self.sequence is None:
            versions = [((), self.cubies)]
        else:
            cubies = self.sequence.cubies * self.cubies
            first, *rest = self.premoves
            half = coords.move_cubies()[first + 1]
            versions = [(self.premoves, cubies), ((first + 2, *rest), half * cubies)]
        return [
            (
                premoves,
                (
                    coords.corners(cubies),
                    coords.slice_sorted(cubies),
                    coords.u_edges(cubies),
                    coords.d_edges(cubies),
                ),
            )
            for premoves, cubies in versions
        ]

    def to_solution(self, moves: list[int], depth1: int) -> Solution:
        """Turn moves found for this version into moves that solve the original cube.

        ``depth1`` moves (premoves included) are phase 1's. Phase 2 may end on
        the face of the first premove (``R2`` then ``R``): such neighbours are
        merged, which makes the solution shorter.
        """
        p = len(self.premoves)
        moves = moves[p:] + moves[:p]  # the premoves were searched first but come last
        algorithm = Algorithm([MOVES[self.relabel[m]] for m in moves]).simplify()
        if self.inverse:
            return Solution(algorithm.inverse())
        # Phase 1 ends on a quarter turn of R, F, L or B and phase 2 never turns
        # that face (or its opposite, then it) next: nothing merges across the end.
        plain = p == 0 and self.relabel == _directions()[0][1]
        return Solution(algorithm, depth1 if plain else None)


@cache
def _premove_sequences(count: int) -> list[PremoveSequence]:
    """Every sequence of ``count`` premoves the search tries (see :mod:`.premoves`).

    The first is a quarter turn of R, F, L or B (one in H would merge into
    phase 2); the rest follow the search's order of moves.
    """
    found: list[tuple[int, ...]] = [()]
    for _ in range(count):
        found = [
            (*q, m) for q in found for m in (_P1_ALLOWED[q[-1] // 3] if q else _FIRST_PREMOVES)
        ]
    turned = move_map(_QUARTER_Y)
    return [premove_sequence(q, turned) for q in found]


# God's number: every cube has a solution of at most 20 face turns (Rokicki,
# Kociemba, Davidson and Dethridge, 2010).
GODS_NUMBER = 20


class _Search:
    def __init__(
        self,
        cube: Cube,
        deadline: float | None,
        should_stop: Callable[[], bool] | None,
        target: int | None,
        classic: bool = False,
    ) -> None:
        self.classic = classic
        self.cube = Cube.from_cubies(cube.cubies)  # held with U on top, F in front
        self.target = target
        self.deadline = deadline
        self.should_stop = should_stop
        self.t = _tables()
        self.countdown = 0
        self.limit = _ANY_LENGTH  # the longest solution still wanted
        self.pending: list[Solution] = []  # found by descend, not yet handed on
        self.starts: list[_Start] = []
        self._premove_roots: dict[int, list[tuple[int, tuple, _Start, PremoveSequence]]] = {}
        seen = set()
        for inverse, version in ((False, self.cube), (True, self.cube.inverse())):
            for rotation, relabel in _directions():
                start = _Start.of_version(conjugate(version, rotation), relabel, inverse, self.t)
                if start.key not in seen:
                    seen.add(start.key)
                    self.starts.append(start)
        if classic:
            self.starts = self.starts[:1]  # the cube as it is held: U-D axis, not inverted
        # A symmetric cube's premove versions repeat each other, as its versions
        # do; premoves are left out for it rather than sorted out.
        symmetric = len(self.starts) < 6 or any(start.symmetric for start in self.starts)
        self.max_premoves = 0 if symmetric or classic else _MAX_PREMOVES

    def check(self) -> None:
        """Every so many nodes: stop when the caller says so, or when the time is up
        and a solution exists (until then the search goes on)."""
        self.countdown = 2048
        if (
            self.deadline is not None
            and self.limit < _ANY_LENGTH
            and time.perf_counter() > self.deadline
        ):
            raise Cancelled
        if self.should_stop is not None and self.should_stop():
            raise Cancelled

    def found(self, length: int) -> None:
        """From now on look only for shorter solutions: with a ``target``, straight for
        20 moves (every cube has such a solution) or the target if it is longer, and
        below 20 one move at a time, so that a search stopped early still has the
        best solution found on the way."""
        limit = length - 1
        if self.target is not None and limit > self.target:
            limit = max(self.target, min(limit, GODS_NUMBER))
        self.limit = limit

    def premove_roots(self, p: int) -> list[tuple[int, tuple, _Start, PremoveSequence]]:
        """For each version and sequence of ``p`` premoves: phase-1 bound, node, version, sequence.

        The search looks at hundreds of these at each depth, and makes a
        :class:`_Start` only of those that pass the bound.
        """
        if p not in self._premove_roots:
            bound = self.t.phase1_bound
            self._premove_roots[p] = [
                (bound(node), node, version, sequence)
                for version in self.starts
                for sequence in _premove_sequences(p)
                for node in [sequence.coordinates(*version.held)]
            ]
        return self._premove_roots[p]

    def roots(self, p: int, togo: int) -> Iterator[_Start]:
        """The starts with ``p`` premoves that may reach H in ``togo`` moves."""
        if p == 0:
            starts: Iterable[_Start] = (start for start in self.starts if start.bound <= togo)
        else:
            starts = (
                version.after(sequence, node, bound)
                for bound, node, version, sequence in self.premove_roots(p)
                if bound <= togo
            )
        for start in starts:
            if togo == NEAR_H.depth:
                twist, flip, slice_flips, twist_y, flip_y = start.node
                if not self.t.maybe_near_h(twist, flip, slice_flips >> 4, twist_y, flip_y):
                    continue
            yield start

    def run(self) -> Iterator[Solution]:
        if self.cube.is_solved():
            yield Solution(Algorithm(), 0)
            return
        lower = max(start.bound for start in self.starts)
        near = lower <= _SHORT_DEPTH and not self.classic
        short = _short_solution(self.cube) if near else None
        if short is not None:
            yield Solution(short)
            return
        for depth in range(lower, 32):
            if depth > self.limit:
                return
            # Solutions may also end with premoves (see .premoves). The cube
            # with the most premoves is searched first at each total depth:
            # its phase-1 trees are smallest for the phase-2 attempts they give.
            most = max(0, min(self.max_premoves, depth - _MIN_PHASE1_AFTER_PREMOVES))
            for p in range(most, -1, -1):
                for start in self.roots(p, depth - p):
                    self.start = start
                    self.path1 = list(start.premoves)
                    if depth == 0:
                        found = self.phase2(0, start.phase2_starts[0][1])
                        if found is not None:
                            yield found
                    elif p:
                        # Hundreds of small trees: each is searched in one call.
                        self.descend(*start.node, depth - p, _NO_FACE, start.first_moves)
                        found, self.pending = self.pending, []
                        yield from found
                    else:
                        yield from self.phase1(start.node, depth, start.first_moves)
                    if self.limit < lower:
                        return

    def phase1(self, node: tuple[int, ...], togo: int, moves: list[int]) -> Iterator[Solution]:
        """Phase-1 paths of exactly ``togo`` moves from the start into H; phase 2 after each.

        The search is plain recursion (:meth:`descend`), much faster than a
        generator; this generator hands on the solutions found below each
        first move as soon as that subtree is done.
        """
        for m in moves:
            self.descend(*node, togo, _NO_FACE, [m])
            found, self.pending = self.pending, []
            yield from found
            if len(self.path1) + togo > self.limit:  # the path holds any premoves
                return  # a solution this long has been found meanwhile

    def descend(
        self,
        twist: int,
        flip: int,
        slice_flips: int,
        twist_y: int,
        flip_y: int,
        togo: int,
        last: int,
        moves: list[int] | None = None,
    ) -> None:
        """:meth:`phase1` as plain recursion; solutions go to ``self.pending``.

        A node is the cube's twist, flip and slice_flips, and the twist and
        flip of the cube turned about the U-D axis (see :class:`_Start`). The
        bound is :meth:`_Tables.phase1_bound`, written out so that it stops at
        the first table that cuts the branch. A child left with
        ``NEAR_H.depth`` moves must also pass :meth:`_Tables.maybe_near_h`:
        of the nodes the bounds let through there, only about 4 % can reach H
        in time.
        """
        self.countdown -= 1
        if self.countdown <= 0:
            self.check()
        t = self.t
        twist_row = t.twist_rows[twist]
        flip_row = t.flip_rows[flip]
        slice_flips_row = t.slice_flips_rows[slice_flips]
        twist_y_row = t.twist_rows_y[twist_y]
        flip_y_row = t.flip_rows_y[flip_y]
        n_flip = N_FLIP  # locals are faster than globals in this loop
        path = self.path1
        if moves is None:
            moves = _LEAVE_H[last] if twist == flip == slice_flips == 0 else _P1_ALLOWED[last]
        endings = t.endings[togo - 1] if togo <= _ENDING_DEPTH + 1 else None
        near = togo - 1 == NEAR_H.depth  # the children are looked up in NEAR_H
        flips_after = t.flips_after[twist]
        flips_after_y = t.flips_after_y[twist_y]
        slice_flips_after = t.slice_flips_after[twist]
        for m in moves:
            f2 = flip_row[m]
            if flips_after[m][f2] >= togo:
                continue
            fy2 = flip_y_row[m]
            if flips_after_y[m][fy2] >= togo:
                continue
            sf2 = slice_flips_row[m]
            if slice_flips_after[m][sf2] >= togo:
                continue
            t2 = twist_row[m]
            if endings is None:
                if near and not t.maybe_near_h(t2, f2, sf2 >> 4, twist_y_row[m], fy2):
                    continue
                path.append(m)
                self.descend(t2, f2, sf2, twist_y_row[m], fy2, togo - 1, m // 3)
                path.pop()
            else:
                ends = endings.get((t2 * n_flip + f2) * N_SLICE + (sf2 >> 4))
                if ends:
                    self.finish_phase1(m, ends)
            if len(path) + togo > self.limit:
                return  # a solution this long has been found meanwhile

    def finish_phase1(self, move: int, endings: list[tuple[int, ...]]) -> None:
        """Try phase 2 after ``move`` and each of the looked-up ends of phase 1."""
        slice_moves = self.t.slice_sorted_moves
        corner_moves = self.t.corners_moves
        path = self.path1
        path.append(move)
        reached = len(path)
        allowed = _P1_ALLOWED[move // 3]
        for premoves, start_coords in self.start.phase2_starts:
            p = len(premoves)
            path[:p] = premoves
            # Phase 2's coordinates are followed from the start only now: few
            # phase-1 paths get this far.
            corners, slice_sorted, u_edges, d_edges = start_coords
            for m in path[p:]:
                corners = corner_moves[corners * N_MOVES + m]
                slice_sorted, u_edges, d_edges = (
                    slice_moves[slice_sorted * N_MOVES + m],
                    slice_moves[u_edges * N_MOVES + m],
                    slice_moves[d_edges * N_MOVES + m],
                )
            for ending in endings:
                if ending[0] not in allowed if ending else move in _PHASE2:
                    continue  # not a path the search takes (see _endings)
                if reached + len(ending) > self.limit:
                    break
                c, ss, u, d = corners, slice_sorted, u_edges, d_edges
                for m in ending:
                    c = corner_moves[c * N_MOVES + m]
                    ss, u, d = (
                        slice_moves[ss * N_MOVES + m],
                        slice_moves[u * N_MOVES + m],
                        slice_moves[d * N_MOVES + m],
                    )
                path.extend(ending)
                found = self.phase2(len(path), (c, ss, u, d))
                del path[reached:]
                if found is not None:
                    self.pending.append(found)
        path.pop()

    def phase2(self, depth1: int, carried: tuple[int, int, int, int]) -> Solution | None:
        """Finish a phase-1 path with phase 2 if the total beats the best so far."""
        budget = self.limit - depth1
        if self.limit == _ANY_LENGTH:
            # No solution yet: a deep phase-2 search takes longer than trying
            # the next phase-1 solutions, one of which finishes sooner.
            budget = min(budget, _FIRST_PHASE2)
        if budget < 0:
            return None
        t = self.t
        corners, slice_perm, u_edges, d_edges = carried
        bound = t.corners_slice[corners * N_SLICE_PERM + slice_perm]
        if bound > budget:
            return None
        edge_comb = t.edge_comb_of_u_edges[u_edges]
        bound = max(bound, t.corners_edgecomb[corners * N_COMB8 + edge_comb])
        if bound > budget:
            return None
        key = u_edges * N_SLICE_SORTED + d_edges
        ud_edges = t.ud_edges_of_u_d.get(key)
        if ud_edges is None:
            ud_edges = t.ud_edges_of_u_d[key] = coords.ud_edges_of_u_d(u_edges, d_edges)
        bound = max(
            bound,
            t.edges_slice[ud_edges * N_SLICE_PERM + slice_perm],
            t.edges_cornercomb[ud_edges * N_COMB8 + t.comb[corners]],
        )
        if bound > budget:
            return None
        path = self.path1
        self.path2: list[int] = []
        for depth2 in range(bound, budget + 1):
            if self.search2(corners, ud_edges, slice_perm, depth2, path[-1] // 3 if path else 6):
                solution = self.start.to_solution(path + self.path2, depth1)
                self.found(solution.length)
                return solution
        return None

    def search2(self, corners: int, edges: int, slice_perm: int, togo: int, last: int) -> bool:
        if togo == 0:
            return corners == 0 and edges == 0 and slice_perm == 0
        self.countdown -= 1
        if self.countdown <= 0:
            self.check()
        t = self.t
        corner_moves, edge_moves = t.corners_moves, t.ud_edges_moves
        corner_at, edge_at = corners * N_MOVES, edges * N_MOVES
        slice_row = t.slice_perm_rows[slice_perm]
        corners_slice, edges_slice = t.corners_slice, t.edges_slice
        corners_edgecomb, edges_cornercomb, comb = t.corners_edgecomb, t.edges_cornercomb, t.comb
        for m in _P2_ALLOWED[last]:
            c2 = corner_moves[corner_at + m]
            e2 = edge_moves[edge_at + m]
            if corners_edgecomb[c2 * N_COMB8 + comb[e2]] >= togo:
                continue
            s2 = slice_row[m]
            if corners_slice[c2 * N_SLICE_PERM + s2] >= togo:
                continue
            if edges_cornercomb[e2 * N_COMB8 + comb[c2]] >= togo:
                continue
            if edges_slice[e2 * N_SLICE_PERM + s2] >= togo:
                continue
            self.path2.append(m)
            if self.search2(c2, e2, s2, togo - 1, m // 3):
                return True
            self.path2.pop()
        return False


# Cubes this close to solved are solved optimally by meeting in the middle.
_SHORT_DEPTH = 7
_FROM_SOLVED = 4  # depth searched from the solved cube; the rest from the given cube


@cache
def _turns_of_inverse() -> list[bytes]:
    """For each move, the ``bytes.translate`` table that turns a cube held by its inverse.

    A cube's stickers ``s`` after move ``m`` are ``s[m[i]]`` for each place
    ``i``; the inverse of that is ``m⁻¹[s⁻¹[x]]``: the inverse translated
    through ``m⁻¹``, which ``bytes.translate`` does for all 54 at once.
    """
    tables = []
    for move in MOVES:
        inverse = bytearray(range(256))
        for place, sticker in enumerate(Cube().apply(move)._stickers):
            inverse[sticker] = place
        tables.append(bytes(inverse))
    return tables


def _levels(stickers: tuple[int, ...], depth: int) -> list[list[tuple[tuple[int, ...], bytes]]]:
    """Every position up to ``depth`` moves from ``stickers``, level by level.

    Each entry is (moves, the position's inverse as bytes: the place of each
    sticker); only move sequences the search would take are followed (see
    :func:`_allowed`).
    """
    turns = _turns_of_inverse()
    inverse = bytearray(len(stickers))
    for place, sticker in enumerate(stickers):
        inverse[sticker] = place
    level: list[tuple[tuple[int, ...], bytes]] = [((), bytes(inverse))]
    levels = [level]
    for _ in range(depth):
        level = [
            ((*moves, m), state.translate(turns[m]))
            for moves, state in level
            for m in _P1_ALLOWED[moves[-1] // 3 if moves else _NO_FACE]
        ]
        levels.append(level)
    return levels


@cache
def _near_solved() -> dict[bytes, tuple[int, ...]]:
    """Position (its inverse as bytes, see :func:`_levels`) -> shortest moves from
    solved, up to 4 moves away."""
    levels = _levels(Cube()._stickers, _FROM_SOLVED)
    # The first moves found for a position are kept: the last written, backwards.
    return {state: moves for level in reversed(levels) for moves, state in reversed(level)}


def _short_solution(cube: Cube) -> Algorithm | None:
    """An optimal solution if the cube is at most 7 moves from solved, else None.

    Positions up to 4 moves from solved are known (:func:`_near_solved`); the
    cube is turned up to 3 moves, and the first meeting gives the solution.
    """
    known = _near_solved()
    from_cube = _levels(cube._stickers, _SHORT_DEPTH - _FROM_SOLVED)
    for total in range(_SHORT_DEPTH + 1):
        for depth, level in enumerate(from_cube):
            for moves, state in level:
                rest = known.get(state)
                if rest is not None and depth + len(rest) == total:
                    there = Algorithm(MOVES[m] for m in moves)
                    return there + Algorithm(MOVES[m] for m in rest).inverse()
    return None


def _check_length(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a whole number of moves, not {value!r}")
    if value < 0:
        raise ValueError(f"{name} must be 0 or more, not {value}")


def solutions(
    cube: Cube,
    *,
    time_limit: float | None = 10.0,
    target: int | None = None,
    should_stop: Callable[[], bool] | None = None,
    classic: bool = False,
) -> Iterator[Solution]:
    """Ever shorter solutions of ``cube``, until none shorter can be found or time is up.

    The first solution comes as soon as possible, whatever its length. With
    ``target``, the search then goes straight for solutions of at most
    ``max(target, 20)`` moves, without stopping at the lengths in between (a
    solution of 20 moves or fewer always exists); below that it improves one
    move at a time, so a search stopped by the time limit before it reaches the
    target still hands on the best solution it could.

    ``time_limit`` counts seconds of search, from after the tables are loaded,
    and ends the search only once a solution exists: a valid cube always gets
    at least one solution, however slow the machine. ``should_stop`` is called
    every couple of thousand nodes; when it returns True the search ends at
    once, with or without a solution.

    ``classic`` searches as the textbook algorithm does, for teaching: only the
    cube as it is held (H of the U-D axis, no inverse, no premoves, no short
    cut for near-solved cubes), so every solution's ``phase1`` says where its
    phase 1 ends. The solutions are longer or come later than without it.
    """
    check_cube(cube, "solutions")
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
            raise TypeError(f"time_limit must be seconds or None, not {time_limit!r}")
        if not time_limit >= 0:  # NaN too: it would never pass
            raise ValueError(f"time_limit must be seconds (0 or more) or None, not {time_limit}")
    if target is not None:
        _check_length("target", target)
    if should_stop is not None and not callable(should_stop):
        raise TypeError(f"should_stop is a function or None, not {type(should_stop).__name__}")
    best: int | None = None  # the length of the shortest solution handed on
    deadline = None
    while True:
        search = _Search(cube, None, should_stop, target, classic)  # loads the tables
        if deadline is None and time_limit is not None:
            deadline = time.perf_counter() + time_limit
        search.deadline = deadline
        finished = True
        found: Iterable[Solution] | None = search.run()
        while found is not None:
            try:
                for solution in found:
                    if not cube.apply(solution.moves).is_solved():
                        raise AssertionError(
                            f"the solver produced {solution}, which does not solve the cube"
                        )
                    if best is None or solution.length < best:
                        best = solution.length
                        yield solution
                found = None
            except Cancelled:
                found = search.pending  # found just before the search was stopped
                search.pending = []
                finished = False
        if not finished or best is None or search.limit >= best - 1:
            return
        # The search ended with no solution of ``search.limit`` moves or fewer, so
        # there is none; it skipped the lengths between that and ``best``: once
        # more, for one move more.
        target = search.limit + 1


def solve(
    cube: Cube,
    *,
    max_length: int = 20,
    time_limit: float | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Solution:
    """A solution of at most ``max_length`` moves, or the best found in ``time_limit`` seconds.

    Returns as soon as a solution of at most ``max_length`` moves is found.
    The time limit counts only once a first solution exists (see :func:`solutions`);
    raises :class:`NoSolutionFound` only if ``should_stop`` ended the search before.
    Without a time limit it searches until it finds one: below 20 moves that can take
    hours, and forever if the cube needs more moves than ``max_length``, so give one
    (as ``solvelab cube solve --max-length`` does: 10 s).
    """
    check_cube(cube, "solve")
    _check_length("max_length", max_length)
    best = None
    found = solutions(cube, time_limit=time_limit, target=max_length, should_stop=should_stop)
    for solution in found:
        best = solution
        if solution.length <= max_length:
            break
    if best is None:
        raise NoSolutionFound("the search was stopped before it found a solution")
    return best
