"""Nonograms (paint by numbers): model, file formats, an exact line solver,
propagation, probing and search with a uniqueness proof, and a generator.

>>> from solvelab.nonogram import Puzzle, solve
>>> result = solve(Puzzle.from_grid([".X.", "XXX", ".X."]))
>>> result.status, result.pictures()[0]
('unique', ['.X.', 'XXX', '.X.'])
"""

from solvelab.nonogram.errors import (
    ClueError,
    FormatError,
    NonogramError,
    PuzzleTooLarge,
    UnsatisfiableClues,
)
from solvelab.nonogram.files import dumps, parse, read_file
from solvelab.nonogram.generator import GeneratorError, generate
from solvelab.nonogram.line import LineSolver, solve_line
from solvelab.nonogram.puzzle import MAX_SIZE, Block, Colour, Puzzle, clue_of
from solvelab.nonogram.solver import MULTIPLE, NONE, TIMEOUT, UNIQUE, Result, Solver, solve
from solvelab.nonogram.steps import Step

__all__ = [
    "MAX_SIZE",
    "MULTIPLE",
    "NONE",
    "TIMEOUT",
    "UNIQUE",
    "Block",
    "ClueError",
    "Colour",
    "FormatError",
    "GeneratorError",
    "LineSolver",
    "NonogramError",
    "Puzzle",
    "PuzzleTooLarge",
    "Result",
    "Solver",
    "Step",
    "UnsatisfiableClues",
    "clue_of",
    "dumps",
    "generate",
    "parse",
    "read_file",
    "solve",
    "solve_line",
]
