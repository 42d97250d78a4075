"""F2L: the four corner-edge pairs, by algorithms from the data and a small lookahead.

The rules (``data/f2l.toml``) are written for the front-right slot. Here each
rule, with its mirror and inverse, is turned into every slot (faces renamed
as a y rotation would) and every U angle before it, and indexed by the
position of the pair it solves: where the corner's D sticker and the edge's
reference sticker are (two *places*, see :mod:`~solvelab.cube.cfop.places`).
So recognising a pair is one dictionary look-up, and applying an algorithm
to the eight F2L pieces is eight look-ups.

The data's keyhole algorithms go through other slots: which ones is found
from their moves, and such an algorithm is offered only while those slots
are unsolved. A pair whose pieces sit in another unsolved slot is solved
from there by one, or first taken out with one of the data's extraction
moves (``R U R'`` and the like, in that slot).

:func:`solve_f2l` searches the order of the pairs and the algorithm of each,
counting moves that cancel between pairs, and returns the shortest few
complete F2Ls it found.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import cache

from solvelab.cube.cfop.places import (
    Moves,
    after,
    face_turns,
    follow,
    inverse,
    join,
    relabelled,
    saving,
)
from solvelab.cube.cfop.rules import Rule, RulesError, load, mirrored, variants
from solvelab.cube.geometry import move_permutation
from solvelab.cube.state import Cube

SLOT_NAMES = ("FR", "FL", "BL", "BR")

# The front-right slot: the D sticker of the DFR corner, the F sticker of the
# FR edge, and all five stickers of the two pieces.
_FR_CORNER, _FR_EDGE = 29, 23
_FR_STICKERS = (29, 26, 15, 23, 12)
# A y rotation renames faces so: R -> F -> L -> B -> R.
_Y_FACES = {"R": "F", "F": "L", "L": "B", "B": "R"}
_U_TURNS = ((), (0,), (1,), (2,))  # U, U2, U' as move numbers


def _y_places() -> tuple[int, ...]:
    source = move_permutation("y")
    return tuple(source.index(place) for place in range(54))


def _slot_places() -> tuple[tuple[int, int], tuple[frozenset[int], ...]]:
    """Each slot's corner and edge home places, and all its stickers' places."""
    y = _y_places()
    homes, stickers = [], []
    places = list(_FR_STICKERS)
    for _ in range(4):
        homes.append((places[0], places[3]))
        stickers.append(frozenset(places))
        places = [y[p] for p in places]
    return tuple(homes), tuple(stickers)


SLOT_HOMES, SLOT_STICKERS = _slot_places()
CORNER_HOMES = tuple(corner for corner, _ in SLOT_HOMES)
EDGE_HOMES = tuple(edge for _, edge in SLOT_HOMES)
SOLVED_STATE = CORNER_HOMES + EDGE_HOMES
"""The F2L state of a solved cube: corner places of slots FR, FL, BL, BR, then edge places."""


def in_slot(moves: Moves, slot: int) -> Moves:
    """Moves written for the FR slot, renamed for ``slot`` (0 FR, 1 FL, 2 BL, 3 BR)."""
    for _ in range(slot):
        moves = relabelled(moves, _Y_FACES)
    return moves


@dataclass(frozen=True)
class PairOption:
    """A way to solve one pair: the moves (extraction, U turn, algorithm) and the case.

    ``needs`` are the other slots (bits ``1 << slot``) whose pieces the moves may move: a
    keyhole algorithm's, usable only while those slots are unsolved.
    """

    slot: int
    moves: Moves
    case: str
    rule: Rule
    needs: int = 0

    @property
    def destinations(self) -> tuple[int, ...]:
        return after(self.moves)

    @property
    def through(self) -> tuple[str, ...]:
        """The names of the slots in ``needs``: ``("FL",)``."""
        return tuple(SLOT_NAMES[slot] for slot in range(4) if self.needs >> slot & 1)


def _disturbed(moves: Moves, slot: int) -> int:
    """The slots other than ``slot`` whose stickers ``moves`` do not leave in place, as bits."""
    moved = after(moves)
    return sum(
        1 << other
        for other in range(4)
        if other != slot and any(moved[p] != p for p in SLOT_STICKERS[other])
    )


class F2LRules:
    """The F2L rules of every slot, indexed by the position of the pair they solve."""

    def __init__(self, keep: int = 6) -> None:
        data = load("f2l")
        self.cases = data.cases
        self.keyhole = data.keyhole
        # Each case's class in the FR slot: its position from any U angle -> name. A keyhole
        # entry not named after one of the 41 cases names the positions its algorithms (and
        # their mirrors) solve: a pair with pieces in another slot.
        self.class_of: dict[tuple[int, int], str] = {}
        named = {case.name for case in self.cases}
        firsts = [(case.name, case.algs[0]) for case in self.cases]
        firsts += [
            (entry.name, alg)
            for entry in self.keyhole
            if entry.name not in named
            for listed in entry.algs
            for alg in (listed, mirrored(listed, "diagonal"))
        ]
        for name, alg in firsts:
            start = after(inverse(face_turns(alg)))
            for u in _U_TURNS:
                turn = after(u)
                config = (turn[start[_FR_CORNER]], turn[start[_FR_EDGE]])
                self.class_of.setdefault(config, name)
        rules: list[tuple[Rule, Moves]] = []
        for entries in (self.cases, self.keyhole):
            for case in entries:
                for rule in variants(case, "diagonal"):
                    moves = face_turns(rule.alg)
                    start = after(inverse(moves))
                    name = self.class_of.get((start[_FR_CORNER], start[_FR_EDGE]))
                    if name is None and entries is self.keyhole and rule.origin != "listed":
                        continue  # a keyhole variant may solve a position no entry names
                    if name is None:
                        raise RulesError(f"f2l: {rule.alg} solves no case of the list")
                    rules.append((Rule(name, rule.alg, rule.origin), moves))
        # options[slot][(corner place, edge place)] -> the shortest options, the ``keep``
        # shortest of each set of slots needed, shortest first.
        self.options: list[dict[tuple[int, int], list[PairOption]]] = []
        for slot in range(4):
            corner, edge = SLOT_HOMES[slot]
            table: dict[tuple[int, int], dict[Moves, PairOption]] = {}
            for rule, moves in rules:
                slot_moves = in_slot(moves, slot)
                needs = _disturbed(slot_moves, slot)
                for u in _U_TURNS:
                    full = join(u, slot_moves)
                    key = follow((corner, edge), inverse(full))
                    table.setdefault(key, {}).setdefault(
                        full, PairOption(slot, full, rule.case, rule, needs)
                    )
            self.options.append(
                {key: _shortest(found.values(), keep) for key, found in table.items()}
            )
        self.extract = [
            [in_slot(face_turns(alg), slot) for alg in data.extract] for slot in range(4)
        ]
        self._answers: dict[tuple[int, int, int, int, int], list[PairOption]] = {}

    def case_of(self, state: tuple[int, ...], slot: int) -> str | None:
        """The name of the case of ``slot``'s pair, or None (solved, or pieces elsewhere)."""
        options = self.options[slot].get((state[slot], state[4 + slot]))
        return options[0].case if options else None

    def options_for(self, state: tuple[int, ...], slot: int, depth: int = 2) -> list[PairOption]:
        """Every way the rules solve ``slot``'s pair from ``state``: keyhole algorithms only
        while the slots they need are unsolved, and pieces in another unsolved slot also
        taken out first by an extraction (up to ``depth`` of them) before a case."""
        return self.options_at(slot, state[slot], state[4 + slot], _free(state), depth)

    def options_at(
        self, slot: int, corner: int, edge: int, free: int, depth: int = 2
    ) -> list[PairOption]:
        """:meth:`options_for` from where the pair is and which slots are unsolved (bits
        ``1 << slot`` of ``free``): all it depends on, so each answer is worked out once."""
        key = (slot, corner, edge, free, depth)
        found = self._answers.get(key)
        if found is None:
            found = self._answers[key] = self._options_at(slot, corner, edge, free, depth)
        return found

    def _options_at(
        self, slot: int, corner: int, edge: int, free: int, depth: int
    ) -> list[PairOption]:
        found = [
            option
            for option in self.options[slot].get((corner, edge), ())
            if not option.needs & ~free
        ]
        if depth == 0:
            return found
        combined: list[PairOption] = []
        for other in range(4):
            if other == slot or not free >> other & 1:
                continue
            stickers = SLOT_STICKERS[other]
            if corner not in stickers and edge not in stickers:
                continue
            for extraction in self.extract[other]:
                moved = after(extraction)
                # The slot stays unsolved (it almost always does; the search checks).
                following = self.options_at(slot, moved[corner], moved[edge], free, depth - 1)
                # The shortest few after each extraction are plenty.
                for option in following[:3]:
                    moves = join(extraction, option.moves)
                    combined.append(PairOption(slot, moves, option.case, option.rule, option.needs))
        if not combined:
            return found
        combined += found
        combined.sort(key=lambda o: len(o.moves))
        return combined[:8]


def _shortest(options, keep: int) -> list[PairOption]:
    """The ``keep`` shortest options of each set of slots needed, shortest first."""
    by_needs: dict[int, list[PairOption]] = {}
    for option in sorted(options, key=lambda o: len(o.moves)):
        kept = by_needs.setdefault(option.needs, [])
        if len(kept) < keep:
            kept.append(option)
    return sorted((o for kept in by_needs.values() for o in kept), key=lambda o: len(o.moves))


@cache
def f2l_rules() -> F2LRules:
    """The F2L rules, built once (a few hundred milliseconds)."""
    return F2LRules()


def _solved(state: tuple[int, ...], slot: int) -> bool:
    return state[slot] == CORNER_HOMES[slot] and state[4 + slot] == EDGE_HOMES[slot]


def _free(state: tuple[int, ...]) -> int:
    """The unsolved slots of ``state``, as bits ``1 << slot``."""
    free = 0
    for slot in range(4):
        if state[slot] != CORNER_HOMES[slot] or state[4 + slot] != EDGE_HOMES[slot]:
            free |= 1 << slot
    return free


def f2l_state(cube: Cube) -> tuple[int, ...]:
    """Where the four F2L corners' D stickers and the four edges' reference stickers are."""
    stickers = cube._stickers
    where = {sticker: place for place, sticker in enumerate(stickers)}
    return tuple(where[home] for home in SOLVED_STATE)


@dataclass(frozen=True)
class F2LSolution:
    """Four pairs solved: their options in order, and the total length with cancellations."""

    length: int
    pairs: tuple[PairOption, ...]


# How many options to try for the next pair, at each depth of the search.
WIDTHS = (6, 4, 3, 2)


def solve_f2l(
    state: tuple[int, ...],
    before: Moves = (),
    keep: int = 6,
    widths: tuple[int, ...] = WIDTHS,
) -> list[F2LSolution]:
    """The ``keep`` shortest F2Ls the search finds from ``state`` (cross solved).

    ``before`` are the moves just done (the cross), whose last turns may cancel
    with the first pair's. At each pair the search tries the ``widths[depth]``
    shortest options over all unsolved slots (counting cancellations), so it
    chooses the order of the pairs and the algorithm of each by the total.
    """
    rules = f2l_rules()
    best: list[tuple[int, int, tuple[PairOption, ...]]] = []  # a max-heap by -length
    counter = 0

    def search(state: tuple[int, ...], cost: int, path: tuple, last: Moves, depth: int) -> None:
        nonlocal counter
        free = _free(state)
        if not free:
            counter += 1
            entry = (-cost, counter, path)
            if len(best) < keep:
                heapq.heappush(best, entry)
            elif cost < -best[0][0]:
                heapq.heapreplace(best, entry)
            return
        candidates = []
        for slot in range(4):
            if free >> slot & 1:
                for option in rules.options_at(slot, state[slot], state[4 + slot], free):
                    step = len(option.moves) - saving(last, option.moves)
                    candidates.append((step, len(candidates), option))
        candidates.sort()
        # Each remaining pair after this one costs at least a few moves.
        floor = 4 * (free.bit_count() - 1)
        for step, _, option in candidates[: widths[min(depth, len(widths) - 1)]]:
            total = cost + step
            if len(best) == keep and total + floor >= -best[0][0]:
                continue
            moved = option.destinations
            following = tuple(moved[p] for p in state)
            if _free(following) & ~free:
                continue  # a solved pair undone (see options_at)
            search(following, total, (*path, option), option.moves, depth + 1)

    search(state, 0, (), before, 0)
    found = [F2LSolution(-negative, path) for negative, _, path in sorted(best, reverse=True)]
    return found
