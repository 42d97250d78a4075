"""solvelab's first solve of one puzzle in a new Python process, timed as a peer's
is (see pynogram_peer.py): ``solvelab bench nonogram --peers`` divides a peer's
time by this one, not by the fastest of solvelab's repeated solves in one process,
which run warm (the processor's caches hold the interpreter and the solver) and
were 12–40 % faster on the small puzzles.

It prints ``SECONDS <s>`` (making the solver and solving, as ``stats.seconds``;
reading the file and starting Python not counted) and ``STATUS <verdict>``.

Usage: python -m solvelab.bench.first_solve PUZZLE [TIME_LIMIT]
"""

import sys

from solvelab.nonogram import read_file, solve

USAGE = "usage: python -m solvelab.bench.first_solve PUZZLE [TIME_LIMIT]"


def main() -> None:
    if len(sys.argv) not in (2, 3) or sys.argv[1].startswith("-"):
        sys.exit(USAGE)
    path = sys.argv[1]
    time_limit = float(sys.argv[2]) if len(sys.argv) > 2 else None
    result = solve(read_file(path), time_limit)
    print(f"SECONDS {result.stats.seconds:.6f}")
    print(f"STATUS {result.status}")


if __name__ == "__main__":
    main()
