"""OLL then PLL: the last layer, with the U turns and algorithms that make it shortest.

Every way the rules orient the last layer (any U angle before, any OLL
algorithm or variant that fits) is followed by every way the rules then
permute it (U turn before, algorithm, U turn after); the pair with the
fewest moves in total wins, counting moves that cancel with the end of F2L
and between the two stages.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from solvelab.cube.cfop.rules import AUF, AUF_TEXT, last_layer_rules
from solvelab.cube.notation import Algorithm, parse_alg
from solvelab.cube.state import Cube

OLL_SKIP = "OLL skip"
PLL_SKIP = "PLL skip"


@dataclass(frozen=True)
class LastLayer:
    """The OLL and PLL stages chosen, and their length counted after what came before."""

    oll: Algorithm
    oll_case: str
    pll: Algorithm
    pll_case: str
    length: int


@cache
def _joined(before: int, alg: Algorithm, after: int = 0) -> Algorithm:
    """A U turn, an algorithm and a U turn, with turns at the seams merged."""
    return (parse_alg(AUF_TEXT[before]) + alg + parse_alg(AUF_TEXT[after])).simplify()


@cache
def _cube_of(alg: Algorithm) -> Cube:
    return Cube().apply(alg)


def seam_saving(first: Algorithm, second: Algorithm) -> int:
    """How many moves (HTM) are saved by cancelling ``first`` into ``second``."""
    if not first or not second:
        return 0
    tail = Algorithm(first.moves[-3:])
    head = Algorithm(second.moves[:3])
    return tail.htm + head.htm - (tail + head).simplify().htm


def _oll_options(cube: Cube) -> list[tuple[Algorithm, str]]:
    rules = last_layer_rules("oll")
    found = [(_joined(before, rule.alg), rule.case) for before, rule, _ in rules.rules_for(cube)]
    if rules.case_of(cube) is None:  # already oriented
        found.append((Algorithm(), OLL_SKIP))
    return found


def _pll_options(cube: Cube) -> list[tuple[Algorithm, str]]:
    rules = last_layer_rules("pll")
    found = [
        (_joined(before, rule.alg, after), rule.case)
        for before, rule, after in rules.rules_for(cube)
    ]
    for turns in range(4):
        if (cube * AUF[turns]).is_solved():
            found.append((_joined(turns, Algorithm()), PLL_SKIP))
    return found


def solve_last_layer(cube: Cube, before: Algorithm | None = None) -> LastLayer:
    """The shortest OLL and PLL the rules give for ``cube`` (first two layers solved,
    held with the cross on D), after the moves ``before`` (for cancellations)."""
    before = before or Algorithm()
    best: LastLayer | None = None
    for oll, oll_case in _oll_options(cube):
        oll_cost = oll.htm - seam_saving(before, oll)
        if best is not None and oll_cost >= best.length:
            continue
        oriented = cube * _cube_of(oll)
        for pll, pll_case in _pll_options(oriented):
            seam = seam_saving(oll, pll) if oll else seam_saving(before, pll)
            length = oll_cost + pll.htm - seam
            if best is None or length < best.length:
                best = LastLayer(oll, oll_case, pll, pll_case, length)
    if best is None:
        raise ValueError("the first two layers are not solved: no last-layer case fits")
    return best
