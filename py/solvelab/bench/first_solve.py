"""solvelab's first solve of one puzzle in a new Python process, timed as a peer's
is (see pynogram_peer.py): ``solvelab bench nonogram --peers`` divides a peer's
time by this one, not by the fastest of solvelab's repeated solves in one process,
which run warm (the processor's caches hold the interpreter and the solver) and
were 12–40 % faster on the small puzzles.

It prints ``SECONDS <s>`` (making the solver and solving, as ``stats.seconds``;
reading the file and starting Python not counted) and ``STATUS <verdict>``.

With ``--after OTHER N``, the process first solves the puzzle OTHER N times: the
interpreter and the solver's code are then warm, while PUZZLE's lines are in no
cache (each solve makes its own). It says how much of a first solve is the
process warming up, rather than the puzzle's own work.

Usage: python -m solvelab.bench.first_solve PUZZLE [TIME_LIMIT] [--after OTHER N]
"""

import sys

from solvelab.nonogram import read_file, solve

USAGE = "usage: python -m solvelab.bench.first_solve PUZZLE [TIME_LIMIT] [--after OTHER N]"


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    warm_up = []
    if "--after" in args:
        at = args.index("--after")
        if len(args) < at + 3 or not args[at + 2].isdigit():
            sys.exit(USAGE)
        warm_up = [read_file(args[at + 1])] * int(args[at + 2])
        del args[at : at + 3]
    if len(args) not in (1, 2) or args[0].startswith("-"):
        sys.exit(USAGE)
    puzzle = read_file(args[0])
    time_limit = float(args[1]) if len(args) > 1 else None
    for other in warm_up:
        solve(other, time_limit)
    result = solve(puzzle, time_limit)
    print(f"SECONDS {result.stats.seconds:.6f}")
    print(f"STATUS {result.status}")


if __name__ == "__main__":
    main()
