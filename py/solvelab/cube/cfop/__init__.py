"""CFOP (Fridrich): a human method solver whose cases and algorithms are data.

Cross, four F2L pairs, OLL and PLL, as a person solves; the rules of each
stage are the files in ``data/`` (see :mod:`~solvelab.cube.cfop.rules`).

>>> from solvelab.cube import Cube
>>> from solvelab.cube.cfop import solve
>>> solution = solve(Cube().apply("R U2 R' U' R U' R'"), cross_colour="D")
>>> [(stage.name, str(stage.moves), stage.case) for stage in solution.stages][-2:]
[('oll', "R U R' U R U2 R'", 'OLL 27'), ('pll', '', 'PLL skip')]
>>> solution.length
7
"""

from solvelab.cube.cfop.solver import (
    CfopSolution,
    CrossColourError,
    Effort,
    Stage,
    cross_faces,
    solve,
    solve_facelets,
)

__all__ = [
    "CfopSolution",
    "CrossColourError",
    "Effort",
    "Stage",
    "cross_faces",
    "solve",
    "solve_facelets",
]
