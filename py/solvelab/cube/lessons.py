"""The two-phase algorithm taken apart, for the learner's page (site/cube/two-phase.md).

Each function shows one idea with the solver's own tables: the phase-1
coordinates of a cube and the pruning-table bounds read for them
(:func:`phase1_coordinates`), and IDA* on a short scramble, depth limit by
depth limit, with and without a pruning table (:func:`ida_star`). The page
calls them through :mod:`solvelab.web`; Python decides, the page shows.

>>> from solvelab.cube import Cube
>>> numbers = phase1_coordinates(Cube().apply("R"))
>>> numbers["twist"], numbers["corner_twists"], numbers["in_h"], numbers["bound"]
(1494, [2, 0, 0, 1, 1, 0, 0, 2], False, 1)
>>> [row["depth"] for row in ida_star(Cube().apply("R U"))["limits"]]
[1, 2]
"""

from __future__ import annotations

from solvelab.cube import coords
from solvelab.cube.coords import MOVES, N_FLIP, SLICE_EDGES
from solvelab.cube.cubie import CORNER_NAMES, EDGE_NAMES, CubieCube
from solvelab.cube.state import Cube

#: Of two opposite faces (which commute) only one order is searched; never one face twice.
_OPPOSITE_FIRST = {3: 0, 4: 1, 5: 2}


def _follows(last: int, m: int) -> bool:
    return m // 3 != last and _OPPOSITE_FIRST.get(last) != m // 3


def phase1_coordinates(cube: Cube) -> dict:
    """The three phase-1 coordinates of ``cube``, their parts, and the pruning tables' bounds.

    - ``twist``: the twists of the first 7 corners read as a base-3 number
      (``corner_twists`` lists all 8, the last fixed by the others);
    - ``flip``: the flips of the first 11 edges as a base-2 number (``edge_flips``: all 12);
    - ``slice``: which 4 of the 12 edge places hold the middle-layer edges
      (``slice_places``), numbered 0..494; 0 when they are in the middle layer;
    - ``bounds``: what each phase-1 pruning table says about the moves to H, and
      ``bound``, their largest (the solver's lower bound); ``in_h`` when all three
      coordinates are 0;
    - in H, the phase-2 coordinates too (``corners``, ``ud_edges``, ``slice_perm``).
    """
    from solvelab.cube.solver import _QUARTER_Y, _tables
    from solvelab.cube.symmetry import SYMMETRIES, conjugate

    c = cube.cubies
    t = _tables()
    turned = conjugate(Cube.from_cubies(c), SYMMETRIES[_QUARTER_Y]).cubies
    twist, flip, slice_flips = coords.twist(c), coords.flip(c), coords.slice_flips(c)
    node = (twist, flip, slice_flips, coords.twist(turned), coords.flip(turned))
    bounds = {
        "twist_flip": t.twist_flip[twist * N_FLIP + flip],
        "twist_flip_turned": t.twist_flip[node[3] * N_FLIP + node[4]],
        "twist_slice_flips": t.slice_flips_bound[twist][slice_flips],
    }
    places = sorted(c.ep.index(e) for e in SLICE_EDGES)
    answer = {
        "twist": twist,
        "corner_twists": list(c.co),
        "corners_named": list(CORNER_NAMES),
        "flip": flip,
        "edge_flips": list(c.eo),
        "edges_named": list(EDGE_NAMES),
        "slice": slice_flips // 16,
        "slice_places": [EDGE_NAMES[p] for p in places],
        "bounds": bounds,
        "bound": t.phase1_bound(node),
        "in_h": twist == 0 and flip == 0 and slice_flips // 16 == 0,
    }
    if answer["in_h"]:
        answer["corners"] = coords.corners(c)
        answer["ud_edges"] = coords.ud_edges(c)
        answer["slice_perm"] = coords.slice_sorted(c) % coords.N_SLICE_PERM
    return answer


#: The search with no bound is counted up to this depth limit only (it grows 13-fold a move).
PLAIN_DEPTH = 4


def ida_star(cube: Cube, max_depth: int = 6) -> dict:
    """IDA* on the whole cube, with a phase-1 pruning table as its lower bound.

    For depth limits 1, 2, 3, ... it tries every sequence of moves (never a
    face twice in a row, opposite faces in one order), abandoning a branch
    once *moves made + bound > limit*. The bound is the larger of the
    twist-flip and twist-slice_flips tables' (the moves to H, so never more
    than the moves to solved). For each limit, ``limits`` gives the nodes
    visited and, for comparison, ``plain``: the nodes visited by the same
    search with no bound at all (iterative deepening; up to ``PLAIN_DEPTH``,
    then None). Stops at the first
    limit that solves the cube, or returns ``moves`` None after ``max_depth``.

    >>> answer = ida_star(Cube().apply("R U F'"))
    >>> answer["moves"], answer["limits"][-1]["found"]
    (['F', "U'", "R'"], True)
    """
    from solvelab.cube.solver import _tables

    t = _tables()
    twist_rows, flip_rows, sf_rows = t.twist_rows, t.flip_rows, t.slice_flips_rows
    twist_flip, sf_bound = t.twist_flip, t.slice_flips_bound
    turns = coords.move_cubies()
    solved = CubieCube()

    def bound(tw: int, fl: int, sf: int) -> int:
        return max(twist_flip[tw * N_FLIP + fl], sf_bound[tw][sf])

    def search(c: CubieCube, tw: int, fl: int, sf: int, togo: int, last: int, path: list[int],
               prune: bool, count: list[int]) -> bool:  # fmt: skip
        count[0] += 1
        if togo == 0:
            return c == solved
        if prune and bound(tw, fl, sf) > togo:
            return False
        for m in range(18):
            if not _follows(last, m):
                continue
            path.append(m)
            next_ = (twist_rows[tw][m], flip_rows[fl][m], sf_rows[sf][m])
            if search(c * turns[m], *next_, togo - 1, m // 3, path, prune, count):
                return True
            path.pop()
        return False

    c = cube.cubies
    start = (coords.twist(c), coords.flip(c), coords.slice_flips(c))
    limits = []
    found = None
    if c == solved:
        return {"start_bound": 0, "limits": [], "moves": []}
    for depth in range(1, max_depth + 1):
        path: list[int] = []
        pruned, plain = [0], [0]
        ok = search(c, *start, depth, 6, path, True, pruned)
        if depth <= PLAIN_DEPTH:
            search(c, *start, depth, 6, [], False, plain)
        limit = {"depth": depth, "nodes": pruned[0], "found": ok}
        limits.append(limit | {"plain": plain[0] if depth <= PLAIN_DEPTH else None})
        if ok:
            found = [str(MOVES[m]) for m in path]
            break
    return {"start_bound": bound(*start), "limits": limits, "moves": found}


def versions(cube: Cube) -> list[dict]:
    """The six versions of the cube the real solver searches, each searched alone.

    A version is the cube held with another axis up (``up``: the face of the cube
    that is on top), or its inverse (the cube the scramble's inverse makes). Each
    is solved by the textbook search (``solutions(classic=True)``) up to its first
    solution: ``phase1`` + the rest = ``length``, and ``moves``, which solve the
    cube itself (a version's solution turned back: relabelled, and for the inverse
    reversed and inverted). Different versions lie at different distances from
    their H, so their first solutions differ.

    >>> rows = versions(Cube().apply("R U2 F' L D2 B"))
    >>> [(row["up"], row["inverse"]) for row in rows][:4]
    [('U', False), ('F', False), ('R', False), ('U', True)]
    >>> all(Cube().apply("R U2 F' L D2 B").apply(row["moves"]).is_solved() for row in rows)
    True
    """
    from solvelab.cube.notation import Algorithm
    from solvelab.cube.solver import _directions, solutions
    from solvelab.cube.symmetry import conjugate

    rows = []
    for inverse, version in ((False, cube), (True, cube.inverse())):
        for rotation, relabel in _directions():
            first = next(solutions(conjugate(version, rotation), time_limit=None, classic=True))
            moves = Algorithm([MOVES[relabel[MOVES.index(move)]] for move in first.moves])
            if inverse:
                moves = moves.inverse()
            rows.append(
                {
                    "up": MOVES[relabel[0]].name,  # the face turned by the version's U
                    "inverse": inverse,
                    "phase1": first.phase1,
                    "length": first.length,
                    "moves": " ".join(str(move) for move in moves),
                }
            )
    return rows
