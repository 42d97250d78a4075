"""The CFOP solver: cross, four F2L pairs, OLL and PLL, as a person would solve.

1. **Cross**: for each allowed cross colour, the cube is turned so that
   colour is on D and the optimal crosses are searched
   (:mod:`~solvelab.cube.cfop.cross`); the shortest colour wins, and its
   optimal crosses (up to a few) are all kept as starting points.
2. **F2L**: from each cross, a lookahead over the order of the pairs and
   the algorithm of each (:mod:`~solvelab.cube.cfop.f2l`) keeps the shortest
   few F2Ls.
3. **OLL and PLL**: each of those F2Ls is finished by the shortest last
   layer the rules give (:mod:`~solvelab.cube.cfop.last_layer`); the
   shortest whole solution wins.

Moves cancel across stage boundaries in the whole solution, and every length
counted on the way counts those cancellations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from solvelab.cube.cfop.cross import optimal_crosses
from solvelab.cube.cfop.f2l import SLOT_NAMES, PairOption, f2l_state, solve_f2l
from solvelab.cube.cfop.last_layer import solve_last_layer
from solvelab.cube.cfop.places import Moves, text
from solvelab.cube.facelets import InvalidCubeError
from solvelab.cube.geometry import FACES
from solvelab.cube.notation import ROTATIONS, Algorithm, parse_alg
from solvelab.cube.state import Cube, check_cube

# The rotation that brings each face's centre (and so its colour) to D.
ROTATION_TO_D = {"D": "", "U": "x2", "F": "x'", "B": "x", "R": "z", "L": "z'"}
# The usual colour scheme (white on U, green on F), for colour names.
COLOUR_NAMES = {
    "white": "U",
    "yellow": "D",
    "green": "F",
    "blue": "B",
    "red": "R",
    "orange": "L",
}


class CrossColourError(ValueError):
    """A cross colour that is neither a face letter, a colour name nor "any"."""


def cross_faces(colour: str | None) -> tuple[str, ...]:
    """The faces whose colour may make the cross, for a ``cross_colour`` option.

    ``None`` or ``"any"``: all six. A face letter (``"U"``: the colour of the
    centre on U as the cube is held) or a colour name of the usual scheme
    (``"white"`` is U's on a solved cube, ``"yellow"`` D's, ``"green"`` F's,
    ``"blue"`` B's, ``"red"`` R's, ``"orange"`` L's; :func:`solve` finds that
    centre wherever the cube has been turned).

    >>> cross_faces("white"), cross_faces("D")
    (('U',), ('D',))
    """
    if colour is not None and not isinstance(colour, str):
        raise TypeError(f"a cross colour is text or None, not {type(colour).__name__}")
    if colour is None or colour.lower() == "any":
        return tuple(ROTATION_TO_D)
    if colour.upper() in ROTATION_TO_D and len(colour) == 1:
        return (colour.upper(),)
    if colour.lower() in COLOUR_NAMES:
        return (COLOUR_NAMES[colour.lower()],)
    raise CrossColourError(
        f"unknown cross colour {colour!r}: give a face letter (U R F D L B), "
        "a colour (white yellow green blue red orange) or any"
    )


@dataclass(frozen=True)
class Stage:
    """One stage of a solution: ``cross``, ``f2l``, ``oll`` or ``pll``, its moves and case."""

    name: str
    moves: Algorithm
    case: str | None = None
    slot: str | None = None  # an F2L stage's slot, as the cube is held after the cross: "FR"

    def to_json(self) -> dict:
        shown = {"name": self.name, "moves": str(self.moves)}
        if self.case is not None:
            shown["case"] = self.case
        return shown


@dataclass(frozen=True)
class CfopSolution:
    """A CFOP solution: its stages, and the whole with moves cancelled across them.

    ``cross_face`` is the face (of the cube as given) whose colour made the cross.
    """

    stages: tuple[Stage, ...]
    cross_face: str
    moves: Algorithm = field(init=False)

    def __post_init__(self) -> None:
        whole = Algorithm()
        for stage in self.stages:
            whole = whole + stage.moves
        object.__setattr__(self, "moves", whole.simplify())

    @property
    def length(self) -> int:
        """Half-turn metric length of the whole solution (rotations count 0)."""
        return self.moves.htm

    @property
    def stm(self) -> int:
        """Slice-turn metric length of the whole solution."""
        return self.moves.stm

    def to_json(self) -> dict:
        """The solution as the command line's ``--json`` prints it."""
        return {
            "stages": [stage.to_json() for stage in self.stages],
            "moves": str(self.moves),
            "length": self.length,
            "stm": self.stm,
        }

    def __str__(self) -> str:
        lines = []
        for stage in self.stages:
            label = stage.name.upper() if stage.name != "cross" else "Cross"
            if stage.name == "f2l":
                label = "F2L"
            case = f"  ({stage.case})" if stage.case else ""
            lines.append(f"{label:6}{str(stage.moves) or '-'}{case}")
        total = f"{self.length} HTM, {self.stm} STM"
        rotations = sum(1 for move in self.moves if move.name in ROTATIONS)
        if rotations:
            total += f"; {rotations} rotation" + ("s" if rotations > 1 else "")
        lines.append(total)
        return "\n".join(lines)


@dataclass(frozen=True)
class Effort:
    """How much the solver tries: optimal crosses kept, F2Ls kept per cross, search widths."""

    crosses: int = 12
    f2ls: int = 48
    widths: tuple[int, ...] = (8, 5, 3, 2)

    def __post_init__(self) -> None:
        counts = {"crosses": self.crosses, "f2ls": self.f2ls}
        counts |= {f"widths[{i}]": width for i, width in enumerate(tuple(self.widths))}
        if not self.widths:
            raise ValueError("Effort needs at least one search width")
        for name, value in counts.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"Effort's {name} is a whole number, 1 or more, not {value!r}")


DEFAULT_EFFORT = Effort()


def solve(
    cube: Cube,
    cross_colour: str | None = None,
    effort: Effort = DEFAULT_EFFORT,
) -> CfopSolution:
    """Solve ``cube`` by CFOP, with the cross in ``cross_colour`` (see :func:`cross_faces`;
    default: whichever colour has the shortest cross).

    >>> cube = Cube.random(seed=1)
    >>> solution = solve(cube)
    >>> cube.apply(solution.moves).is_solved()
    True
    >>> [stage.name for stage in solution.stages]
    ['cross', 'f2l', 'f2l', 'f2l', 'f2l', 'oll', 'pll']
    """
    check_cube(cube, "solve")
    if not isinstance(effort, Effort):
        raise TypeError(f"effort is an Effort, not {type(effort).__name__}")
    faces = cross_faces(cross_colour)
    if cross_colour is not None and cross_colour.lower() in COLOUR_NAMES:
        # A colour is wherever its centre is now: after x, white is on B.
        centres = cube.to_stickers()[4::9]
        faces = (FACES[centres.index(faces[0])],)
    cube = Cube.from_facelets(cube.to_facelets())  # held with its centres in place
    starts: list[tuple[str, Cube, Moves]] = []
    shortest = None
    for face in faces:
        turned = Cube.from_facelets(cube.apply(ROTATION_TO_D[face]).to_facelets())
        length, crosses = optimal_crosses(turned, limit=effort.crosses)
        if shortest is None or length < shortest:
            shortest, starts = length, []
        if length == shortest:
            starts += [(face, turned, cross) for cross in crosses]
    starts = _spread(starts, effort.crosses)
    best: tuple[int, CfopSolution] | None = None
    for face, turned, cross in starts:
        crossed = turned.apply(text(cross))
        for f2l in solve_f2l(f2l_state(crossed), cross, keep=effort.f2ls, widths=effort.widths):
            if best is not None and len(cross) + f2l.length >= best[0]:
                continue
            done = crossed
            turns = cross
            for option in f2l.pairs:
                done = done * _turned(option.moves)
                turns += option.moves
            last = solve_last_layer(done, parse_alg(text(turns[-3:])))  # the end may cancel
            total = len(cross) + f2l.length + last.length
            if best is None or total < best[0]:
                stages = [Stage("cross", parse_alg(ROTATION_TO_D[face] + " " + text(cross)))]
                stages += _f2l_stages(f2l.pairs)
                stages += [
                    Stage("oll", last.oll, last.oll_case),
                    Stage("pll", last.pll, last.pll_case),
                ]
                best = (total, CfopSolution(tuple(stages), face))
    assert best is not None
    return best[1]


@cache
def _turned(moves: Moves) -> Cube:
    """A solved cube after ``moves`` (a pair's: the same ones come up again and again)."""
    return Cube().apply(text(moves))


def _f2l_stages(pairs: tuple[PairOption, ...]) -> list[Stage]:
    """One stage per pair: those solved by the search, then any that were solved already
    (by the cross or by another pair's moves), with no moves."""
    stages = [
        Stage(
            "f2l",
            parse_alg(text(option.moves)),
            f"{option.case}, {_slot(option.slot)}" + _through(option),
            SLOT_NAMES[option.slot],
        )
        for option in pairs
    ]
    done = {option.slot for option in pairs}
    stages += [
        Stage("f2l", Algorithm(), f"already solved, {_slot(slot)}", SLOT_NAMES[slot])
        for slot in range(4)
        if slot not in done
    ]
    return stages


def _slot(slot: int) -> str:
    return f"{SLOT_NAMES[slot]} slot"


def _through(option: PairOption) -> str:
    """``", keyhole through FL"`` for an option that moves another free slot's pieces."""
    return f", keyhole through {' and '.join(option.through)}" if option.needs else ""


def _spread(starts: list, count: int) -> list:
    """Up to ``count`` starts, taken in turn from each colour so all colours get a chance."""
    by_face: dict[str, list] = {}
    for start in starts:
        by_face.setdefault(start[0], []).append(start)
    chosen = []
    while len(chosen) < count and any(by_face.values()):
        for face in list(by_face):
            if by_face[face] and len(chosen) < count:
                chosen.append(by_face[face].pop(0))
    return chosen


def solve_facelets(facelets: str, cross_colour: str | None = None) -> CfopSolution:
    """:func:`solve` for a facelet string; raises ``InvalidCubeError`` for an impossible one."""
    return solve(Cube.from_facelets(facelets), cross_colour)


__all__ = [
    "CfopSolution",
    "CrossColourError",
    "Effort",
    "InvalidCubeError",
    "Stage",
    "cross_faces",
    "solve",
    "solve_facelets",
]
