"""Build the solver's tables with numpy: ``solvelab tables build``.

Each pruning table is a breadth-first search over all pairs of two
coordinates, done a whole level at a time with array operations: the
frontier's coordinates go through the move tables for every move at once,
and every pair not yet reached gets the next distance. The near-H filter
comes from the same kind of search over whole phase-1 states, stopped at
its depth.

Everything else the search reads is stored too, worked out here once
rather than by every program that loads the solver: the move tables, the
symmetry tables the near-H filter needs, and the ends of phase 1 the search
looks up (:func:`solvelab.cube.solver._endings`). Each table is written
gzipped in the encoding that keeps it smallest (:func:`solvelab.tables.decode`),
and decoded once by whoever loads it.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from solvelab.cube import coords
from solvelab.cube.coords import COORDINATES, N_FLIP, N_MOVES, N_SLICE
from solvelab.cube.pruning import NEAR_H, SPECS, NearSpec, TableSpec
from solvelab.cube.symmetry import conjugations, twist_classes
from solvelab.tables import FORMAT, MANIFEST, decode

UNREACHED = 255
# A table's file: gzip inside, but not named .gz, which some servers send as
# "Content-Encoding: gzip" and the site's service worker leaves out (sitemap.xml.gz).
SUFFIX = ".table"


def move_array(name: str) -> np.ndarray:
    size, moves = COORDINATES[name]
    return np.array(moves(), dtype=np.int64).reshape(size, N_MOVES)


def distances(spec: TableSpec) -> np.ndarray:
    """Moves needed to solve coordinates ``a`` and ``b`` together, for every pair
    (for the stored rows only: see :attr:`TableSpec.stored_rows`)."""
    a_moves, b_moves = move_array(spec.a), move_array(spec.b)
    size_b = len(b_moves)
    dist = np.full(len(a_moves) * size_b, UNREACHED, dtype=np.uint8)
    dist[0] = 0  # both coordinates are 0 on the solved cube
    frontier = np.array([0], dtype=np.int64)
    depth = 0
    while frontier.size:
        a, b = np.divmod(frontier, size_b)
        for m in spec.moves:
            reached = a_moves[a, m] * size_b + b_moves[b, m]
            dist[reached[dist[reached] == UNREACHED]] = depth + 1
        depth += 1
        frontier = np.flatnonzero(dist == depth)
    if (dist == UNREACHED).any():
        raise RuntimeError(f"{spec.name}: some entries are unreachable")
    if spec.twist_classes:
        representatives = list(twist_classes()[0])
        return dist.reshape(-1, size_b)[representatives].ravel()
    return dist


def within(depth: int) -> np.ndarray:
    """Every phase-1 state at most ``depth`` moves from H, sorted.

    A state is the number ``(twist * N_FLIP + flip) * N_SLICE + slice``.

    A breadth-first search, level by level: each level is the frontier's
    images under all moves, less the states already reached.
    """
    twist, flip, slice_ = (move_array(name) for name in ("twist", "flip", "slice"))
    reached = frontier = np.array([0], dtype=np.int64)
    for _ in range(depth):
        t, rest = np.divmod(frontier, N_FLIP * N_SLICE)
        f, s = np.divmod(rest, N_SLICE)
        images = np.concatenate(
            [(twist[t, m] * N_FLIP + flip[f, m]) * N_SLICE + slice_[s, m] for m in range(N_MOVES)]
        )
        images = np.unique(images)
        frontier = images[~np.isin(images, reached, assume_unique=True)]
        reached = np.concatenate([reached, frontier])
        reached.sort()
    return reached


def near_bits(spec: NearSpec) -> np.ndarray:
    """The bitmap of :class:`~solvelab.cube.pruning.NearSpec`, as bytes."""
    states = within(spec.depth)
    t, rest = np.divmod(states, N_FLIP * N_SLICE)
    f, s = np.divmod(rest, N_SLICE)
    classes = np.array(twist_classes()[1], dtype=np.int64)
    number, k = classes[t, 0], classes[t, 1]
    flip_conj = np.array(conjugations("flip"), dtype=np.int64)
    slice_conj = np.array(conjugations("slice"), dtype=np.int64)
    keys = (number * N_FLIP + flip_conj[k, f]) * N_SLICE + slice_conj[k, s]
    bit = np.unique(keys % spec.bits)
    bits = np.zeros(spec.shape, dtype=np.uint8)
    np.bitwise_or.at(bits, bit >> 3, (1 << (bit & 7)).astype(np.uint8))
    return bits


@dataclass(frozen=True)
class Encoded:
    """A table (as decoded), and what is written for it: the encoding and its parameters."""

    table: np.ndarray
    encoding: str
    payload: bytes
    parameters: dict


def plain(table: np.ndarray) -> Encoded:
    return Encoded(table, "plain", table.astype(table.dtype.newbyteorder("<")).tobytes(), {})


def delta(table: np.ndarray) -> Encoded:
    """A move table column by column, each value as its difference from the one above."""
    columns = table.astype(np.int64).T
    differences = np.diff(columns, axis=1, prepend=0) % 65536
    return Encoded(table, "delta", differences.astype("<u2").tobytes(), {})


def rows(
    stored: np.ndarray,
    row_of: np.ndarray,
    orders: np.ndarray | None = None,
    order_of: np.ndarray | None = None,
) -> Encoded:
    """Stored rows, which of them each row of the table is, and perhaps in which order."""
    if orders is None:
        table = stored[row_of]
        payload = stored.tobytes() + row_of.astype("<u2").tobytes()
        parameters = {"rows": len(stored)}
    else:
        table = stored[row_of[:, None], orders[order_of]]
        differences = np.diff(orders, axis=1, prepend=0) % 65536
        payload = b"".join(
            part.tobytes()
            for part in (
                stored,
                row_of.astype("<u2"),
                order_of.astype("<u2"),
                differences.astype("<u2"),
            )
        )
        parameters = {"rows": len(stored), "permutations": len(orders)}
    if len(stored) >= 1 << 16 or stored.shape[1] >= 1 << 16:
        raise ValueError("rows: too many rows or columns for 16-bit numbers")
    return Encoded(table, "rows", payload, parameters)


def pruning(spec: TableSpec) -> Encoded:
    """A pruning table: by twist class and symmetry, or as its distinct rows."""
    stored = distances(spec).reshape(spec.stored_rows, -1)
    if spec.twist_classes:
        classes = np.array(twist_classes()[1], dtype=np.int64)
        orders = np.array(conjugations(spec.b), dtype=np.int64)
        return rows(stored, classes[:, 0], orders, classes[:, 1])
    distinct, row_of = np.unique(stored, axis=0, return_inverse=True)
    return rows(distinct, row_of.reshape(-1))


def move_table(name: str) -> Callable[[], Encoded]:
    return lambda: delta(move_array(name).astype(np.uint16))


def endings() -> Encoded:
    from solvelab.cube.solver import _ENDING_DEPTH, _endings, _endings_to_words

    found = _endings(coords.twist_moves(), coords.flip_moves(), coords.slice_moves(), _ENDING_DEPTH)
    return plain(np.array(_endings_to_words(found), dtype=np.uint32))


def edge_comb_of_u_edges() -> Encoded:
    values = np.array(coords.edge_comb_of_u_edges(), dtype=np.int64)
    return plain(np.where(values < 0, 255, values).astype(np.uint8))


# name -> how to build it, for every table that is not a pruning table.
DERIVED: dict[str, Callable[[], Encoded]] = {
    "moves-twist": move_table("twist"),
    "moves-flip": move_table("flip"),
    "moves-slice-flips": move_table("slice_flips"),
    "moves-corners": move_table("corners"),
    "moves-ud-edges": move_table("ud_edges"),
    "moves-slice-sorted": lambda: delta(
        np.array(coords.slice_sorted_moves(), dtype=np.uint16).reshape(-1, N_MOVES)
    ),
    "sym-twist-classes": lambda: plain(np.array(twist_classes()[1], dtype=np.uint16)),
    # By value, then symmetry: each symmetry's column is smooth, and shrinks as differences.
    "sym-flip-conjugations": lambda: delta(np.array(conjugations("flip"), dtype=np.uint16).T),
    "sym-slice-conjugations": lambda: delta(np.array(conjugations("slice"), dtype=np.uint16).T),
    "coords-comb-of-perm8": lambda: plain(np.array(coords.comb_of_perm8(), dtype=np.uint8)),
    "coords-edge-comb-of-u-edges": edge_comb_of_u_edges,
    "phase1-endings": endings,
}


def encoded_tables() -> dict[str, Callable[[], Encoded]]:
    """Every table, by name, in the manifest's order."""
    tables: dict[str, Callable[[], Encoded]] = {
        spec.name: (lambda spec=spec: pruning(spec)) for spec in SPECS
    }
    tables[NEAR_H.name] = lambda: plain(near_bits(NEAR_H))
    return {**tables, **DERIVED}


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def build(directory: Path, verbose: bool = True) -> dict:
    """Write every table and the manifest into ``directory``; return the manifest."""
    directory.mkdir(parents=True, exist_ok=True)
    entries = []
    for name, make in encoded_tables().items():
        start = time.perf_counter()
        encoded = make()
        table = encoded.table
        data = gzip.compress(encoded.payload, compresslevel=9, mtime=0)
        raw = table.astype(table.dtype.newbyteorder("<")).tobytes()
        entry = {
            "name": name,
            "file": f"{name}{SUFFIX}",
            "shape": list(table.shape),
            "dtype": str(table.dtype),
            "bytes": len(data),
            "sha256": _sha256(data),
            "encoding": encoded.encoding,
            **encoded.parameters,
            "table": {"bytes": len(raw), "sha256": _sha256(raw)},
        }
        if decode(entry, encoded.payload) != raw:  # the loader reads what was meant
            raise RuntimeError(f"{name}: the {encoded.encoding} encoding does not decode back")
        (directory / entry["file"]).write_bytes(data)
        entries.append(entry)
        if verbose:
            held = f"max {int(table.max()):5}" if table.size else ""
            print(
                f"{name:28} {table.size:>10,} {entry['dtype']:6} {held}, {encoded.encoding:5}"
                f" {len(data):>9,} bytes gzipped, {time.perf_counter() - start:5.1f} s"
            )
    manifest = {"format": FORMAT, "tables": entries}
    kept = {directory / entry["file"] for entry in entries}
    built = {*directory.glob("*.xz"), *directory.glob("*.gz"), *directory.glob(f"*{SUFFIX}")}
    for stale in built - kept:
        stale.unlink()  # a table no longer built
    (directory / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    if verbose:
        total = sum(entry["bytes"] for entry in entries)
        decoded = sum(entry["table"]["bytes"] for entry in entries)
        print(f"{'total':28} {total:>10,} bytes gzipped, {decoded:,} bytes decoded")
    return manifest
