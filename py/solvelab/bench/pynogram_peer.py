"""pynogram 0.3.1 (a peer, for ``solvelab bench nonogram --peers`` only) on one puzzle.

Run by pynogram's own Python, not solvelab's: it imports nothing of solvelab.
It prints ``SECONDS <s>``, the time of pynogram's board and solve (reading the
file and starting Python not counted, as for solvelab's figures), and
``SOLUTIONS <n>``. pynogram is not on the package index this machine reaches;
its source (github.com/tsionyx/pynogram, 0.3.1) and its three dependencies do.
pynogram supports Python 3.10 and older; on a newer Python this script puts back
the one function its dependency needs, and pynogram runs 1.3–1.8× as fast there
(3.11 against 3.10 on the benchmark puzzles), so say which Python ran it::

    python3.10 -m venv /tmp/pynogram-env
    /tmp/pynogram-env/bin/pip install six memoized svgwrite
    export SOLVELAB_PEER_PYNOGRAM="/tmp/pynogram-env/bin/python \\
        py/solvelab/bench/pynogram_peer.py PYNOGRAM_SOURCE {file}"

Usage: python pynogram_peer.py PYNOGRAM_SOURCE PUZZLE.xml [TIME_LIMIT]
"""

import inspect
import sys
import time
from collections import namedtuple

ArgSpec = namedtuple("ArgSpec", "args varargs keywords defaults")


def main() -> None:
    # pynogram's dependency `memoized` calls inspect.getargspec, which Python 3.11
    # removed (hence "pynogram needs Python 3.10 or older"): the old form of the same.
    if not hasattr(inspect, "getargspec"):
        inspect.getargspec = lambda function: ArgSpec(*inspect.getfullargspec(function)[:4])
    source, puzzle = sys.argv[1:3]
    time_limit = float(sys.argv[3]) if len(sys.argv) > 3 else None
    sys.path.insert(0, source)
    from pynogram.core.backtracking import Solver
    from pynogram.core.board import make_board
    from pynogram.reader import PbnLocal

    clues = PbnLocal.read(puzzle)
    start = time.perf_counter()
    # make_board prepares the clues for the solver (for a colour puzzle, 4.8 ms of
    # webpbn 220's 50 ms), as solvelab's Solver(puzzle) does: both are counted.
    board = make_board(*clues)
    Solver(board, max_solutions=2, timeout=time_limit).solve()
    print(f"SECONDS {time.perf_counter() - start:.6f}")
    solutions = len(board.solutions) if board.solutions else int(board.is_solved_full)
    print(f"SOLUTIONS {solutions}")


if __name__ == "__main__":
    main()
