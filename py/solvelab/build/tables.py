"""Build the pruning tables with numpy: ``solvelab tables build``.

Each table is a breadth-first search over all pairs of two coordinates,
done a whole level at a time with array operations: the frontier's
coordinates go through the move tables for every move at once, and every
pair not yet reached gets the next distance.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import time
from pathlib import Path

import numpy as np

from solvelab.cube.coords import COORDINATES, N_MOVES
from solvelab.cube.pruning import SPECS, TableSpec
from solvelab.cube.symmetry import twist_classes
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


def build(directory: Path, verbose: bool = True) -> dict:
    """Write every table and the manifest into ``directory``; return the manifest."""
    directory.mkdir(parents=True, exist_ok=True)
    entries = []
    for spec in SPECS:
        start = time.perf_counter()
        dist = distances(spec)
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
            print(
                f"{spec.name:26} {dist.size:>10,} entries, depth <= {int(dist.max()):2}, "
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
