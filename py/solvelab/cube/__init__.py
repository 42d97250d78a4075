"""The Rubik's cube: notation, stickers and pieces; the solvers are in
:mod:`solvelab.cube.solver` (two-phase) and :mod:`solvelab.cube.cfop`.

>>> from solvelab.cube import Cube, parse_alg
>>> Cube().apply("R U R' U'").to_facelets()
'UULUUFUUFRRUBRRURRFFDFFUFFFDDRDDDDDDBLLLLLLLLBRRBBBBBB'
"""

from solvelab.cube.cubie import CubieCube
from solvelab.cube.facelets import InvalidCubeError
from solvelab.cube.notation import Algorithm, Move, NotationError, parse_alg
from solvelab.cube.state import Cube

__all__ = [
    "Algorithm",
    "Cube",
    "CubieCube",
    "InvalidCubeError",
    "Move",
    "NotationError",
    "parse_alg",
]
