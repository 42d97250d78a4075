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


def _tail(alg: Algorithm) -> str:
    return str(Algorithm(alg.moves[-3:]))


def _head(alg: Algorithm) -> str:
    return str(Algorithm(alg.moves[:3]))


@cache
def _seam(tail: str, head: str) -> int:
    """How many moves (HTM) are saved by cancelling an algorithm ending in ``tail`` into
    one starting with ``head`` (the text of their last and first few moves: quick to
    look up)."""
    first, second = parse_alg(tail), parse_alg(head)
    return first.htm + second.htm - (first + second).simplify().htm


@dataclass(frozen=True)
class Option:
    """An OLL or PLL that fits, with its case, its length and its ends' text (for seams)."""

    alg: Algorithm
    case: str
    htm: int
    head: str
    tail: str


# The options depend on the cube only through its stage's pattern (from which the patterns
# after each U turn follow), so they are kept by pattern: there are a few thousand.
_OPTIONS: dict[tuple[str, object], list[Option]] = {}


def _option(alg: Algorithm, case: str) -> Option:
    return Option(alg, case, alg.htm, _head(alg), _tail(alg))


def _oll_options(cube: Cube) -> list[Option]:
    """Each OLL that fits ``cube``, with its case and its length in HTM."""
    rules = last_layer_rules("oll")
    key = ("oll", rules.pattern(cube))
    found = _OPTIONS.get(key)
    if found is None:
        found = [(_joined(b, rule.alg), rule.case) for b, rule, _ in rules.rules_for(cube)]
        if rules.case_of(cube) is None:  # already oriented
            found.append((Algorithm(), OLL_SKIP))
        found = _OPTIONS[key] = [_option(alg, case) for alg, case in found]
    return found


def _pll_options(cube: Cube) -> list[Option]:
    """Each PLL (with its U turns) that fits ``cube``, with its case and its length in HTM."""
    rules = last_layer_rules("pll")
    key = ("pll", rules.pattern(cube))
    found = _OPTIONS.get(key)
    if found is None:
        found = _OPTIONS[key] = [_option(alg, case) for alg, case in _pll_options_of(cube)]
    return found


def _pll_options_of(cube: Cube) -> list[tuple[Algorithm, str]]:
    rules = last_layer_rules("pll")
    found = [
        (_joined(before, rule.alg, after), rule.case)
        for before, rule, after in rules.rules_for(cube)
    ]
    if rules.case_of(cube) is None:  # solved up to a U turn
        for turns in range(4):
            if (cube * AUF[turns]).is_solved():
                found.append((_joined(turns, Algorithm()), PLL_SKIP))
    return found


def solve_last_layer(cube: Cube, before: Algorithm | None = None) -> LastLayer:
    """The shortest OLL and PLL the rules give for ``cube`` (first two layers solved,
    held with the cross on D), after the moves ``before`` (for cancellations)."""
    before = before or Algorithm()
    before_tail = _tail(before)
    best: LastLayer | None = None
    for oll in _oll_options(cube):
        oll_cost = oll.htm - (_seam(before_tail, oll.head) if oll.alg and before else 0)
        if best is not None and oll_cost >= best.length:
            continue
        oriented = cube * _cube_of(oll.alg)
        # Without an OLL, the PLL follows the moves before.
        tail = oll.tail if oll.alg else before_tail
        for pll in _pll_options(oriented):
            length = oll_cost + pll.htm - (_seam(tail, pll.head) if pll.alg and tail else 0)
            if best is None or length < best.length:
                best = LastLayer(oll.alg, oll.case, pll.alg, pll.case, length)
    if best is None:
        raise ValueError("the first two layers are not solved: no last-layer case fits")
    return best
