"""The two-phase solver's pruning tables: what each one holds, and loading them.

A pruning table gives, for every combination of two coordinates, the number
of moves needed to solve just those two: a lower bound on the moves needed
for the whole phase. The search cuts any branch whose bound exceeds the
moves it has left. Each table is indexed ``a * size_of_b + b`` and holds one
byte per entry. The tables and the rest of what the search reads (move
tables, symmetry tables, ...) are loaded through :func:`table` and
:func:`table_array`, from the files ``solvelab tables build`` writes
(:mod:`solvelab.tables`).

Phase 1 takes the largest of three bounds: twist with flip, the same for
the cube turned a quarter about the U-D axis (which counts flips about
another axis), and twist with ``slice_flips``. A filter (:data:`NEAR_H`)
then tells most states more than 7 moves from H from those within 7,
which the bounds cannot. Phase 2 takes the largest of four bounds
(corners and U/D edges, each paired with the order of the middle-layer
edges and with where the other's U-layer pieces are). Why these: the
solver documentation's page on the two-phase algorithm has the figures.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass

from solvelab.cube.coords import COORDINATES, N_MOVES, PHASE2_MOVES
from solvelab.cube.symmetry import twist_classes
from solvelab.tables import TableSource, directory_source

ALL_MOVES = tuple(range(N_MOVES))


@dataclass(frozen=True)
class TableSpec:
    """A pruning table over the coordinates ``a`` and ``b``, for the moves ``moves``.

    With ``twist_classes``, ``a`` is the twist and the file keeps only one
    row for each of its symmetry classes (:func:`~solvelab.cube.symmetry.twist_classes`):
    the row of the class's representative. The entry for any other twist is
    that row's at ``b`` conjugated like the twist; the table, once decoded
    (:func:`solvelab.tables.decode`), has every twist's row written out.
    """

    name: str
    a: str
    b: str
    moves: tuple[int, ...]
    twist_classes: bool = False

    @property
    def shape(self) -> tuple[int, int]:
        """The decoded table's shape: a row for every value of ``a``."""
        return (COORDINATES[self.a][0], COORDINATES[self.b][0])

    @property
    def stored_rows(self) -> int:
        """Rows kept in the file: one per twist class, or one per value of ``a``."""
        return len(twist_classes()[0]) if self.twist_classes else COORDINATES[self.a][0]


SPECS = (
    TableSpec("phase1-twist-flip", "twist", "flip", ALL_MOVES, twist_classes=True),
    TableSpec("phase1-twist-sliceflips", "twist", "slice_flips", ALL_MOVES, twist_classes=True),
    TableSpec("phase2-corners-sliceperm", "corners", "slice_perm", PHASE2_MOVES),
    TableSpec("phase2-edges-sliceperm", "ud_edges", "slice_perm", PHASE2_MOVES),
    TableSpec("phase2-corners-edgecomb", "corners", "edge_comb", PHASE2_MOVES),
    TableSpec("phase2-edges-cornercomb", "ud_edges", "corner_comb", PHASE2_MOVES),
)


@dataclass(frozen=True)
class NearSpec:
    """A filter of the phase-1 states within ``depth`` moves of H, as a bitmap.

    Each such state is reduced by symmetry to the number
    ``(class * N_FLIP + flip') * N_SLICE + slice'``, where ``class`` is its
    twist's class (:func:`~solvelab.cube.symmetry.twist_classes`) and
    ``flip'`` and ``slice'`` are its flip and slice conjugated like the twist,
    and sets bit ``number % bits`` (bit ``i`` is bit ``i % 8`` of byte
    ``i // 8``). A state whose bit is clear is certainly further from H; a
    set bit may be a false alarm, since states share bits.
    """

    name: str
    depth: int
    bits: int

    @property
    def shape(self) -> tuple[int]:
        return ((self.bits + 7) // 8,)


# The 13.2 M states within 7 moves of H are 1.93 M numbers; a quarter of the
# bits end up set. The modulus is a prime, so that the numbers spread evenly.
NEAR_H = NearSpec("phase1-within7", 7, 6_500_003)

_source: TableSource | None = None
_loaded: dict[str, bytes] = {}


def source() -> TableSource:
    """Where tables come from: the default folder (``$SOLVELAB_TABLES``, which the
    browser's worker sets to where it writes the tables it fetched)."""
    global _source
    if _source is None:
        _source = directory_source()
    return _source


def table(name: str) -> bytes:
    """A table's bytes, loaded on first use and kept."""
    if name not in _loaded:
        _loaded[name] = source().load(name)
    return _loaded[name]


def table_array(name: str) -> array:
    """A table as an :class:`array.array` of its element type (not kept: convert it once)."""
    return source().array(name)


def table_rows(name: str, length: int) -> list[bytes]:
    """A table as rows of ``length`` bytes (not kept: keep the rows). In the browser
    the rows are read one by one, never the whole table at once."""
    return source().rows(name, length)
