"""Build the pruning tables with numpy: ``solvelab tables build``.

Each table is a breadth-first search over all pairs of two coordinates,
done a whole level at a time with array operations: the frontier's
coordinates go through the move tables for every move at once, and every
pair not yet reached gets the next distance. The near-H filter comes from
the same kind of search over whole phase-1 states, stopped at its depth.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import time
from pathlib import Path

import numpy as np

from solvelab.cube.coords import COORDINATES, N_FLIP, N_MOVES, N_SLICE
from solvelab.cube.pruning import NEAR_H, SPECS, NearSpec, TableSpec
from solvelab.cube.symmetry import conjugations, twist_classes
from solvelab.tables import MANIFEST

UNREACHED = 255


def move_array(name: str) -> np.ndarray:
    size, moves = COORDINATES[name]
    return np.array(moves(), dtype=np.int64).reshape(size, N_MOVES)


def distances(spec: TableSpec) -> np.ndarray:
    """Moves needed to solve coordinates ``a`` and ``b`` together, for every pair."""
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


def build(directory: Path, verbose: bool = True) -> dict:
    """Write every table and the manifest into ``directory``; return the manifest."""
    directory.mkdir(parents=True, exist_ok=True)
    entries = []
    for spec in (*SPECS, NEAR_H):
        start = time.perf_counter()
        dist = distances(spec) if isinstance(spec, TableSpec) else near_bits(spec)
        data = lzma.compress(dist.tobytes(), preset=9 | lzma.PRESET_EXTREME)
        file = f"{spec.name}.xz"
        (directory / file).write_bytes(data)
        entries.append(
            {
                "name": spec.name,
                "file": file,
                "shape": list(spec.shape),
                "dtype": "uint8",
                "bytes": len(data),
                "sha256": hashlib.sha256(data).hexdigest(),
            }
        )
        if verbose:
            held = (
                f"depth <= {int(dist.max()):2}"
                if isinstance(spec, TableSpec)
                else f"{np.unpackbits(dist).mean():.0%} set"
            )
            print(
                f"{spec.name:26} {dist.size:>10,} entries, {held}, "
                f"{len(data):>9,} bytes compressed, {time.perf_counter() - start:5.1f} s"
            )
    manifest = {"format": 1, "tables": entries}
    for stale in set(directory.glob("*.xz")) - {directory / entry["file"] for entry in entries}:
        stale.unlink()  # a table no longer built
    (directory / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    if verbose:
        total = sum(entry["bytes"] for entry in entries)
        print(f"{'total':26} {total:>40,} bytes compressed")
    return manifest
