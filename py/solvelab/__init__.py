"""solvelab: scramble, turn and solve puzzles, and learn how the solvers work."""

__version__ = "0.1.0"
