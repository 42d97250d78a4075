"""What the web page asks of Python, in plain JSON-ready values.

The page's worker (``js/worker.js``) calls these functions in Pyodide and
posts their results back to the page. Errors a user can cause come back as
``{"error": message, ...}`` values rather than exceptions, so the page can
show them next to the input.

>>> parse("R U R' U'")["moves"]
['R', 'U', "R'", "U'"]
>>> parse("R Q")["error"]
"unknown move 'Q' at column 3"
"""

from __future__ import annotations

import gc
import itertools
import random
import sys
import time
from collections.abc import Callable

from solvelab.cube import Cube, InvalidCubeError, NotationError, parse_alg
from solvelab.cube.coords import MOVES
from solvelab.cube.notation import locate_moves
from solvelab.cube.solver import GODS_NUMBER, MOVE_TABLES, solutions
from solvelab.cube.solver import load_move_tables as load_solver_move_tables
from solvelab.cube.solver import load_tables as load_solver_tables
from solvelab.cube.solver import prepare as prepare_solver
from solvelab.cube.symmetry import SYMMETRIES


def parse(text: str, locate: bool = False) -> dict:
    """The atomic moves of an algorithm, or where and why it cannot be read.

    With ``locate``, also ``spans``: for each move, ``[start, end]`` of its token
    in ``text`` (see :func:`~solvelab.cube.notation.locate_moves`), for a viewer
    that shows the text as typed.

    An error names the problem and the span of text to underline: ``position``
    (0-based) and ``length``. That includes the limits of
    :func:`~solvelab.cube.parse_alg`: at most ``MAX_MOVES`` (10,000) moves once
    expanded and brackets at most ``MAX_DEPTH`` (50) deep, checked before
    anything is expanded, so a short text never asks for unbounded work.

    >>> error = parse("R ((R U)1000)1000")
    >>> error["problem"], error["position"], error["length"]
    ('the group expands to 2,000,000 moves (the limit is 10,000)', 2, 15)

    Spans, positions and lengths are for the page: counted as JavaScript counts
    a string, in UTF-16 code units, where a character beyond U+FFFF (an emoji)
    is two, not one as in Python (and in the library's own positions).

    >>> parse("// 😀 smile\\nR U", locate=True)["spans"]
    [[12, 13], [14, 15]]
    """
    try:
        alg = parse_alg(text)
    except NotationError as error:
        utf16 = _utf16_offsets(text)
        start, end = error.position, error.position + error.length
        return {
            "error": str(error),
            "problem": error.problem,
            "position": utf16(start),
            "length": utf16(end) - utf16(start),
        }
    moves = [str(move) for move in alg]
    answer = {"moves": moves, "text": " ".join(moves), "htm": alg.htm}
    if locate:
        utf16 = _utf16_offsets(text)
        answer["spans"] = [[utf16(start), utf16(end)] for start, end in locate_moves(text)]
    return answer


def _utf16_offsets(text: str) -> Callable[[int], int]:
    """Converts an offset into ``text`` in code points to one in UTF-16 code units,
    as JavaScript indexes the same string: a character beyond U+FFFF is two."""
    if text.isascii() or max(text) <= "\uffff":
        return lambda offset: offset
    widths = (2 if char > "\uffff" else 1 for char in text)
    table = list(itertools.accumulate(widths, initial=0))
    # Past the end, where an error's span might reach, one unit a place (never an IndexError).
    return lambda offset: table[min(offset, len(text))] + max(0, offset - len(text))


def check_stickers(
    stickers: str, names: dict[str, str] | None = None, unpainted: str | None = "?"
) -> dict:
    """Whether 54 stickers (any six colours, facelet order) are a real, solvable cube.

    A real one comes back as its facelet string and as the page's state: for
    each place, the number of the sticker (as on the solved cube) now there.
    Painted in the face letters (the colours of the solved cube's faces), the
    state is the cube held as painted: green on top stays green on top.
    ``unpainted`` stands for a sticker not painted yet. With ``names``, the
    colour of each character (as the page's sticker editor paints them), the
    message names colours and pieces as a person holding the cube sees them,
    and ``places`` lists the stickers (0..53) it is about, for the page to mark.

    >>> names = dict(zip("URFDLB", ["white", "red", "green", "yellow", "orange", "blue"]))
    >>> twisted = "UUUUUUUUFURRRRRRRRFFRFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"
    >>> check_stickers(twisted)
    {'error': 'a corner is twisted, likely URF'}
    >>> check_stickers(twisted, names=names)
    {'error': 'a corner is twisted, likely the white-red-green one', 'places': [8, 9, 20]}
    """
    try:
        cube = Cube.from_stickers(stickers, names=names, unpainted=unpainted)
    except InvalidCubeError as error:
        if names is None:
            return {"error": str(error)}
        return {"error": str(error), "places": sorted(error.places)}
    held = _held_as_painted(cube, stickers)
    return {"facelets": cube.to_facelets(), "stickers": list(held._stickers)}


def _held_as_painted(cube: Cube, stickers: str) -> Cube:
    """``cube`` (held with U on top) turned whole to show ``stickers``, if one of the
    24 ways to hold it does (they are in the face letters); else as it is."""
    for rotation in SYMMETRIES[:24]:
        turned = Cube._of(rotation) * cube
        if turned.to_stickers() == stickers:
            return turned
    return cube


def _cube_of(facelets: str | None, stickers: list[int] | None) -> Cube:
    if stickers is not None:
        if sorted(stickers) != list(range(54)):
            raise InvalidCubeError("the page's state is not a permutation of the 54 stickers")
        return Cube._of(tuple(stickers))
    return Cube.from_facelets(facelets or "")


def solve(
    facelets: str | None = None,
    stickers: list[int] | None = None,
    time_limit: float = 10.0,
    target: int = 20,
    stop_at: int | None = None,
    on_progress: Callable[[dict], None] | None = None,
    classic: bool = False,
) -> dict:
    """Solve a cube given by its facelets (or the page's sticker state), reporting every
    better solution as it is found (to ``on_progress``, as ``{"stage": "solution",
    ...}`` and the answer's fields).

    Returns the best solution found in ``time_limit`` seconds of search, which
    count only once a solution of at most ``max(target, 20)`` moves exists: every
    cube has one, and the player says it finds one (the superflip's comes long after
    its first solution, of 22 moves, which plays meanwhile). The search stops earlier when
    it cannot improve, or once a solution of at most ``stop_at`` moves is found.
    An impossible cube gets an error. Moves are named by the faces where they
    are now, so they apply to the cube as it is held. ``phase1``: how
    many of the first moves are phase 1 (into H), or None when the solution
    does not begin with its phase 1 (see :class:`~solvelab.cube.solver.Solution`);
    ``classic`` finds only solutions that do (see :func:`~solvelab.cube.solver.solutions`).
    """
    try:
        cube = _cube_of(facelets, stickers)
        cube = Cube.from_facelets(cube.to_facelets())  # relative to its centres
    except InvalidCubeError as error:
        return {"error": str(error)}
    bound = max(target, GODS_NUMBER)
    deadline = None  # set once a solution of at most ``bound`` moves is in

    def out_of_time() -> bool:
        return deadline is not None and time.perf_counter() > deadline

    best = None
    found = solutions(
        cube, target=target, should_stop=out_of_time, classic=classic, time_limit=None
    )
    for solution in found:
        best = {
            "moves": [str(move) for move in solution.moves],
            "length": solution.length,
            "phase1": solution.phase1,
        }
        if on_progress is not None:
            on_progress({"stage": "solution", **best})
        if stop_at is not None and solution.length <= stop_at:
            break
        if deadline is None and solution.length <= bound and time_limit is not None:
            deadline = time.perf_counter() + time_limit
    assert best is not None, "a time limit never ends a search without a solution"
    return best


def cfop(
    facelets: str | None = None,
    stickers: list[int] | None = None,
    cross_colour: str | None = None,
) -> dict:
    """A CFOP solution of a cube (its facelets or the page's sticker state), stage by stage.

    ``cross_colour`` is ``None`` (any: the shortest cross), a face letter or a
    colour name (see :func:`solvelab.cube.cfop.cross_faces`). The answer is
    ``{"stages": [{"name", "moves", "case"}, ...], "moves", "length", "stm",
    "cross_face", "masks"}``: ``name`` is ``cross``, ``f2l`` (four of them), ``oll`` or
    ``pll``; each ``moves`` is a list of move tokens (the cross stage starts
    with the rotation that puts the cross on D, if any); the stages played one
    after another solve the cube, and the top-level ``moves`` are the same
    with moves cancelled across stages (``length`` in HTM). Colours are named
    by their face on the solved cube (``"U"``: the colour of sticker 4):
    ``cross_colour`` is the cross's, and an F2L stage's ``pair`` its pair's
    two. ``masks`` gives, for each stage name, the stickers (numbered as on
    the solved cube) worth showing while it plays (see
    :mod:`solvelab.cube.cfop.stickering`). Needs no tables.

    >>> answer = cfop(Cube().apply("R U R'").to_facelets(), cross_colour="D")
    >>> [(s["name"], s["moves"], s.get("case")) for s in answer["stages"][:2]]
    [('cross', [], None), ('f2l', ['R', "U'", "R'"], 'F2L 1, FR slot')]
    >>> cfop("UUU", cross_colour="D")["error"]
    'a facelet string has 54 stickers, not 3'
    """
    from solvelab.cube.cfop import CrossColourError
    from solvelab.cube.cfop import solve as solve_cfop
    from solvelab.cube.cfop.stickering import stage_masks
    from solvelab.cube.geometry import FACES

    def colour(cube: Cube, face: str) -> str:
        """The colour of the centre on ``face``, named by its face on the solved cube."""
        return FACES[cube._stickers[FACES.index(face) * 9 + 4] // 9]

    try:
        cube = _cube_of(facelets, stickers)
        solution = solve_cfop(cube, cross_colour)
    except (InvalidCubeError, CrossColourError) as error:
        return {"error": str(error)}
    held = cube.apply(solution.stages[0].moves)  # as F2L holds it
    stages = []
    for stage in solution.stages:
        shown = {"name": stage.name, "moves": [str(move) for move in stage.moves]}
        shown["htm"] = stage.moves.htm
        if stage.case is not None:
            shown["case"] = stage.case
        if stage.slot is not None:
            shown["pair"] = [colour(held, face) for face in stage.slot]
        stages.append(shown)
    cross_colour = colour(cube, solution.cross_face)
    return {
        "stages": stages,
        "moves": [str(move) for move in solution.moves],
        "length": solution.length,
        "stm": solution.stm,
        "cross_face": solution.cross_face,
        "cross_colour": cross_colour,
        "masks": stage_masks(cross_colour),
    }


# The browser's worker loads the tables in three steps, each as soon as it can:
# prepare_search while every table downloads, load_move_tables once the small
# move_tables are in, load_tables once all are.

# A little more than loading the tables asks of Pyodide's memory (measured under
# Node.js with tracemalloc: 45 MB at most). Each megabyte more costs time
# (measured in Chromium: 100 MB made the tables ready 0.03 s later than 64 MB).
_TABLES_MEMORY = 48_000_000


def prepare_search() -> dict:
    """Work out what the solver needs besides its tables; which tables to load first."""
    start = time.perf_counter()
    prepare_solver()
    if sys.platform == "emscripten":
        # Pyodide's memory grows as Python asks for more, and growing is slow:
        # grown now, while the tables download, rather than while Python loads
        # them. Freed at once, kept by the allocator for the tables' objects.
        bytearray(_TABLES_MEMORY)
    return {"seconds": round(time.perf_counter() - start, 3), "move_tables": list(MOVE_TABLES)}


def load_move_tables() -> dict:
    """Load the move tables (the first part of load_tables); how long it took."""
    start = time.perf_counter()
    _load_for_good(load_solver_move_tables)
    return {"seconds": round(time.perf_counter() - start, 3)}


def load_tables() -> dict:
    """Load the solvers' tables now rather than at the first solve; how long it took."""
    start = time.perf_counter()
    _load_for_good(load_solver_tables)
    return {"seconds": round(time.perf_counter() - start, 3)}


def _load_for_good(load: Callable[[], None]) -> None:
    # Loading makes some 30,000 lists that live as long as the page, with the
    # garbage collector off; back on, its next collection would go through all of
    # them (measured in Pyodide under Node.js: 12 ms, at the first allocation after
    # loading). Frozen, no collection looks at them again.
    gc.disable()
    try:
        load()
    finally:
        gc.freeze()
        gc.enable()


def random_state_scramble(seed: int | None = None, time_limit: float = 5.0) -> dict:
    """A scramble for a uniformly random cube: a short solution of it, inverted."""
    cube = Cube.random(seed=seed)
    best = None
    for solution in solutions(cube, time_limit=time_limit, target=20):
        best = solution
        if solution.length <= 20:
            break
    assert best is not None, "a time limit never ends a search without a solution"
    scramble = best.moves.inverse()
    return {"moves": [str(move) for move in scramble], "facelets": cube.to_facelets()}


def random_moves_scramble(length: int = 25, seed: int | None = None) -> dict:
    """``length`` random face turns, never the same face twice in a row or an axis thrice."""
    rng = random.Random(seed)
    moves: list[int] = []
    while len(moves) < length:
        m = rng.randrange(len(MOVES))
        face = m // 3
        if moves and moves[-1] // 3 == face:
            continue
        if len(moves) >= 2 and moves[-1] // 3 % 3 == face % 3 == moves[-2] // 3 % 3:
            continue  # three turns about one axis in a row
        moves.append(m)
    return {"moves": [str(MOVES[m]) for m in moves]}


# The nonogram pages' functions live in solvelab.web_nonogram; the worker calls only
# functions defined here, so each has a thin wrapper (see that module for the arguments).
def nonogram_from_gallery(**args) -> dict:
    """See :func:`solvelab.web_nonogram.nonogram_from_gallery`."""
    from solvelab import web_nonogram

    return web_nonogram.nonogram_from_gallery(**args)


def nonogram_generate(**args) -> dict:
    """See :func:`solvelab.web_nonogram.nonogram_generate`."""
    from solvelab import web_nonogram

    return web_nonogram.nonogram_generate(**args)


def nonogram_generator_trials(**args) -> dict:
    """See :func:`solvelab.web_nonogram.nonogram_generator_trials`."""
    from solvelab import web_nonogram

    return web_nonogram.nonogram_generator_trials(**args)


def nonogram_from_text(**args) -> dict:
    """See :func:`solvelab.web_nonogram.nonogram_from_text`."""
    from solvelab import web_nonogram

    return web_nonogram.nonogram_from_text(**args)


def nonogram_from_link(**args) -> dict:
    """See :func:`solvelab.web_nonogram.nonogram_from_link`."""
    from solvelab import web_nonogram

    return web_nonogram.nonogram_from_link(**args)


def nonogram_check(**args) -> dict:
    """See :func:`solvelab.web_nonogram.nonogram_check`."""
    from solvelab import web_nonogram

    return web_nonogram.nonogram_check(**args)


def nonogram_hint(**args) -> dict:
    """See :func:`solvelab.web_nonogram.nonogram_hint`."""
    from solvelab import web_nonogram

    return web_nonogram.nonogram_hint(**args)


def nonogram_solve(**args) -> dict:
    """See :func:`solvelab.web_nonogram.nonogram_solve`."""
    from solvelab import web_nonogram

    return web_nonogram.nonogram_solve(**args)


def nonogram_suspects(on_progress: Callable[[dict], None] | None = None, **args) -> dict:
    """See :func:`solvelab.web_nonogram.nonogram_suspects`."""
    from solvelab import web_nonogram

    return web_nonogram.nonogram_suspects(**args, on_progress=on_progress)


def nonogram_edit_check(**args) -> dict:
    """See :func:`solvelab.web_nonogram.nonogram_edit_check`."""
    from solvelab import web_nonogram

    return web_nonogram.nonogram_edit_check(**args)


def nonogram_line(**args) -> dict:
    """See :func:`solvelab.web_nonogram.nonogram_line`."""
    from solvelab import web_nonogram

    return web_nonogram.nonogram_line(**args)


def nonogram_edit_random(**args) -> dict:
    """See :func:`solvelab.web_nonogram.nonogram_edit_random`."""
    from solvelab import web_nonogram

    return web_nonogram.nonogram_edit_random(**args)


def nonogram_edit_export(**args) -> dict:
    """See :func:`solvelab.web_nonogram.nonogram_edit_export`."""
    from solvelab import web_nonogram

    return web_nonogram.nonogram_edit_export(**args)


def nonogram_edit_open(**args) -> dict:
    """See :func:`solvelab.web_nonogram.nonogram_edit_open`."""
    from solvelab import web_nonogram

    return web_nonogram.nonogram_edit_open(**args)


def _cube_of_moves(moves: str) -> Cube:
    return Cube().apply(parse_alg(moves))


def two_phase_lesson(
    moves: str,
    time_limit: float | None = 1.0,
    on_progress: Callable[[dict], None] | None = None,
    good_enough: int = 0,
) -> dict:
    """The textbook two-phase search on the cube after ``moves``, for the learner's page.

    Only the U-D axis, no inverse, no premoves (``solutions(classic=True)``),
    so every solution starts with its phase 1: ``found`` lists each better
    solution as ``{moves, phase1, length}`` (``phase1``: how many of the first
    moves are phase 1), the last is the best in ``time_limit`` seconds, or the
    first of ``good_enough`` moves or fewer (the same list on any machine).

    >>> answer = two_phase_lesson("R U F' L2 D", time_limit=0)
    >>> best = answer["found"][-1]
    >>> best["phase1"] <= best["length"] == len(best["moves"])
    True
    """
    try:
        cube = _cube_of_moves(moves)
    except NotationError as error:
        return {"error": str(error)}
    found = []
    for solution in solutions(cube, time_limit=time_limit, classic=True):
        step = {
            "moves": [str(move) for move in solution.moves],
            "phase1": solution.phase1,
            "length": solution.length,
        }
        found.append(step)
        if on_progress is not None:
            on_progress({"stage": "solution", **step})
        if solution.length <= good_enough:
            break
    return {"found": found}


def phase1_coordinates(moves: str) -> dict:
    """The phase-1 coordinates of the cube after ``moves`` and the pruning tables' bounds.

    See :func:`solvelab.cube.lessons.phase1_coordinates`.

    >>> phase1_coordinates("U D R2")["in_h"]
    True
    """
    from solvelab.cube import lessons

    try:
        cube = _cube_of_moves(moves)
    except NotationError as error:
        return {"error": str(error)}
    return lessons.phase1_coordinates(cube)


def two_phase_versions(moves: str) -> dict:
    """The six versions of the cube after ``moves``, each searched alone to its
    first solution: ``{"versions": [{up, inverse, phase1, length, moves}, ...]}``.

    See :func:`solvelab.cube.lessons.versions`.
    """
    from solvelab.cube import lessons

    try:
        cube = _cube_of_moves(moves)
    except NotationError as error:
        return {"error": str(error)}
    return {"versions": lessons.versions(cube)}


def ida_star(moves: str) -> dict:
    """IDA* depth limit by depth limit on the cube after ``moves`` (a short scramble).

    See :func:`solvelab.cube.lessons.ida_star`.
    """
    from solvelab.cube import lessons

    try:
        cube = _cube_of_moves(moves)
    except NotationError as error:
        return {"error": str(error)}
    return lessons.ida_star(cube, max_depth=5)
