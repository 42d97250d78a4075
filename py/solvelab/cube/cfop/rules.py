"""CFOP's rules: the cases and algorithms of each stage, read from the data files.

The files ``data/f2l.toml``, ``data/oll.toml`` and ``data/pll.toml`` list each
case by its usual name with one or more algorithms. Nothing in Python says
what a case looks like: a case's *pattern* is computed by applying one of its
algorithms backwards to a solved cube, and a cube is recognised by finding
its pattern (from any U angle) among them.

Besides the algorithms as written, the solver uses *variants*: each
algorithm's mirror image and its inverse (and the mirror of the inverse).
They solve other cases of the same list, and which case is again found by
recognition. More algorithms per case give the solver more to choose from.

>>> rules = last_layer_rules("oll")
>>> len(rules.cases)
57
>>> sune = rules.named("OLL 27")
>>> str(sune.algs[0])
"R U R' U R U2 R'"
>>> rules.case_of(Cube().apply("R U2 R' U' R U' R'"))  # the inverse of a Sune
'OLL 27'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from solvelab.cube.notation import Algorithm, Move, parse_alg
from solvelab.cube.state import Cube

STAGES = ("f2l", "oll", "pll")

# Places (0..53, facelet order) of the last layer's stickers.
U_FACE = (0, 1, 2, 3, 5, 6, 7, 8)
SIDE_TOPS = (9, 10, 11, 18, 19, 20, 36, 37, 38, 45, 46, 47)
LAST_LAYER = U_FACE + SIDE_TOPS

AUF_TEXT = ("", "U", "U2", "U'")
"""The U turns before or after an algorithm, by number of quarter turns."""
AUF = tuple(Cube().apply(text) for text in AUF_TEXT)


class RulesError(ValueError):
    """A data file that cannot be used: bad notation, a missing field, an unknown case."""


@dataclass(frozen=True)
class Case:
    """One case of a stage as the data file lists it."""

    name: str
    algs: tuple[Algorithm, ...]
    nickname: str | None = None

    @property
    def label(self) -> str:
        """The name with the nickname, as a person says it: ``OLL 27 (Sune)``."""
        return f"{self.name} ({self.nickname})" if self.nickname else self.name


@dataclass(frozen=True)
class Rule:
    """An algorithm for a case: as listed, or a variant of a listed one.

    ``origin`` is ``"listed"``, ``"mirror"``, ``"inverse"`` or ``"mirror inverse"``.
    """

    case: str
    alg: Algorithm
    origin: str = "listed"


@dataclass(frozen=True)
class StageData:
    """What a data file holds: its cases in order, and (for F2L) the extraction moves and the
    keyhole algorithms, which may move the pieces of other, still unsolved, slots."""

    stage: str
    cases: tuple[Case, ...]
    extract: tuple[Algorithm, ...] = ()
    keyhole: tuple[Case, ...] = ()


@cache
def load(stage: str) -> StageData:
    """Read ``data/<stage>.toml`` (stage ``f2l``, ``oll`` or ``pll``)."""
    if stage not in STAGES:
        raise RulesError(f"unknown stage {stage!r}: the stages with rules are {STAGES}")
    raw = resources.files("solvelab.cube.cfop").joinpath("data", f"{stage}.toml").read_text("utf-8")
    return parse_stage(stage, raw)


def parse_stage(stage: str, text: str) -> StageData:
    """The cases of a stage from the text of its data file."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(f"{stage}.toml: {error}") from None
    extract = tuple(parse_alg(text_alg) for text_alg in data.get("extract", []))
    return StageData(
        stage,
        _cases(stage, data.get("case", []), "case"),
        extract,
        _cases(stage, data.get("keyhole", []), "keyhole"),
    )


def _cases(stage: str, entries: list, table: str) -> tuple[Case, ...]:
    cases = []
    for i, entry in enumerate(entries):
        name = entry.get("name")
        algs = entry.get("algs")
        if not isinstance(name, str) or not isinstance(algs, list) or not algs:
            raise RulesError(f"{stage}.toml: {table} {i + 1} needs a name and a list of algs")
        parsed = []
        for text_alg in algs:
            try:
                parsed.append(parse_alg(text_alg))
            except ValueError as error:
                raise RulesError(f"{stage}.toml, {name}: {text_alg!r}: {error}") from None
        cases.append(Case(name, tuple(parsed), entry.get("nickname")))
    return tuple(cases)


# Mirror images. Left-right (through the plane between R and L): R and L swap,
# and every turn goes the other way except about the R-L axis, where a layer
# keeps turning the same way in space (so M stays M and x stays x).
_LEFT_RIGHT = {"R": "L", "L": "R", "Rw": "Lw", "Lw": "Rw"}
_LEFT_RIGHT_SAME_WAY = ("M", "x")
# Through the diagonal plane of the FR and BL edges: R and F swap, L and B
# swap; every turn goes the other way.
_DIAGONAL = {"R": "F", "F": "R", "L": "B", "B": "L"}


def mirrored(alg: Algorithm, plane: str) -> Algorithm:
    """``alg`` reflected through ``plane``: ``"left-right"`` or ``"diagonal"`` (FR-BL).

    >>> str(mirrored(parse_alg("R U R' U'"), "left-right"))
    "L' U' L U"
    >>> str(mirrored(parse_alg("R U R'"), "diagonal"))
    "F' U' F"
    """
    moves = []
    for move in alg:
        if plane == "left-right":
            if move.name in _LEFT_RIGHT_SAME_WAY:
                moves.append(move)
                continue
            name = _LEFT_RIGHT.get(move.name, move.name)
        elif plane == "diagonal":
            if move.name not in "URFDLB":
                raise RulesError(f"F2L algorithms use face turns only, not {move}")
            name = _DIAGONAL.get(move.name, move.name)
        else:
            raise ValueError(f"unknown mirror plane {plane!r}")
        moves.append(Move(name, 4 - move.turns))
    return Algorithm(moves)


def variants(case: Case, plane: str) -> list[Rule]:
    """The listed algorithms of ``case`` and their mirrors and inverses, without repeats.

    The case of a variant is unknown here (``""``); recognition names it.
    """
    rules = [Rule(case.name, alg) for alg in case.algs]
    for alg in case.algs:
        mirror = mirrored(alg, plane)
        rules += [
            Rule("", mirror, "mirror"),
            Rule("", alg.inverse(), "inverse"),
            Rule("", mirror.inverse(), "mirror inverse"),
        ]
    seen: set[Algorithm] = set()
    unique = []
    for rule in rules:
        if rule.alg not in seen:
            seen.add(rule.alg)
            unique.append(rule)
    return unique


# The last layer -----------------------------------------------------------


def orientation(cube: Cube) -> int:
    """Which last-layer stickers show the U colour, as bits: OLL's pattern."""
    stickers = cube._stickers
    bits = 0
    for place in LAST_LAYER:
        bits = bits << 1 | (stickers[place] < 9)
    return bits


def permutation(cube: Cube) -> tuple[int, ...]:
    """The colours (face numbers) on the sides of the last layer: PLL's pattern."""
    stickers = cube._stickers
    return tuple(stickers[place] // 9 for place in SIDE_TOPS)


class LastLayerRules:
    """OLL or PLL: every rule by the exact pattern it solves, and recognition by name.

    For OLL the pattern is :func:`orientation`; a rule solves a cube whose
    pattern, after the U turn before it, equals the rule's. For PLL the
    pattern is :func:`permutation`, and a rule comes with the U turn after
    it that finishes the cube.
    """

    def __init__(self, stage: str) -> None:
        self.stage = stage
        self.data = load(stage)
        self.cases = self.data.cases
        self._by_name = {case.name: case for case in self.cases}
        self.pattern = orientation if stage == "oll" else permutation
        # Each case's class: every pattern it shows from any angle -> its name.
        self.class_of: dict = {}
        for case in self.cases:
            for key in self._class(Cube().apply(case.algs[0].inverse())):
                self.class_of.setdefault(key, case.name)
        # The exact pattern -> [(rule, U turns after it)].
        self.table: dict = {}
        for case in self.cases:
            for rule in variants(case, "left-right"):
                start = Cube().apply(rule.alg.inverse())
                name = self.case_of(start)
                if name is None:
                    raise RulesError(f"{stage}: {rule.alg} solves no case of the list")
                rule = Rule(name, rule.alg, rule.origin)
                for after in range(4) if stage == "pll" else (0,):
                    key = self.pattern(AUF[-after % 4] * start)
                    self.table.setdefault(key, []).append((rule, after))

    def named(self, name: str) -> Case:
        """The case called ``name`` (``"OLL 27"``, ``"T perm"``)."""
        return self._by_name[name]

    def _class(self, cube: Cube) -> set:
        """Every pattern of ``cube`` seen from any U angle (and, for PLL, after any U turn)."""
        befores = range(4) if self.stage == "pll" else (0,)
        return {self.pattern(AUF[b] * cube * AUF[a]) for a in range(4) for b in befores}

    def case_of(self, cube: Cube) -> str | None:
        """The name of the case ``cube`` is in (its first two layers solved), or None.

        None means no case: already oriented (OLL) or solved up to a U turn (PLL).
        """
        return self.class_of.get(self.pattern(cube))

    def rules_for(self, cube: Cube) -> list[tuple[int, Rule, int]]:
        """Every way the rules solve this stage of ``cube``: (U turns before, rule, U turns
        after). U turns after are 0 for OLL."""
        found = []
        for before in range(4):
            for rule, after in self.table.get(self.pattern(cube * AUF[before]), ()):
                found.append((before, rule, after))
        return found


@cache
def last_layer_rules(stage: str) -> LastLayerRules:
    """The rules of ``"oll"`` or ``"pll"``, built once."""
    return LastLayerRules(stage)
