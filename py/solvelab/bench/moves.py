"""How fast the cube model applies moves (``solvelab bench moves``)."""

from __future__ import annotations

import platform
import random
import time

from solvelab.cube import Cube, CubieCube
from solvelab.cube.notation import FACE_MOVES, Algorithm, Move


def _best_rate(work, count: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return count / best


def run(count: int = 1_000_000, repeat: int = 5, seed: int = 1) -> dict[str, float]:
    """Apply ``count`` random face turns ``repeat`` times; print and return moves per second."""
    rng = random.Random(seed)
    alg = Algorithm(Move(rng.choice(FACE_MOVES), rng.randint(1, 3)) for _ in range(count))
    cube = Cube()
    stickers = _best_rate(lambda: cube.apply(alg), count, repeat)

    # The cubie model multiplies piece tuples; it is what the solver's tables
    # are built from, not what turns cubes, so a tenth as many moves suffices.
    small = alg.moves[: max(1, count // 10)]
    cubie_moves = {move: Cube().apply(move).cubies for move in {m for m in small}}

    def cubies() -> None:
        state = CubieCube()
        for move in small:
            state = state * cubie_moves[move]

    pieces = _best_rate(cubies, len(small), repeat)
    print(f"Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"stickers (Cube.apply): {stickers:12,.0f} face turns/s")
    print(f"cubies (CubieCube *):  {pieces:12,.0f} face turns/s")
    return {"stickers": stickers, "cubies": pieces}
