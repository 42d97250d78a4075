"""The cube as pieces: where each corner and edge is, and how it is turned.

Positions and pieces share names. Corners: URF, UFL, ULB, UBR, DFR, DLF, DBL,
DRB; edges: UR, UF, UL, UB, DR, DF, DL, DB, FR, FL, BL, BR (Kociemba's order).

- ``cp[i]`` is the corner piece at corner position ``i``; ``co[i]`` its twist
  0, 1 or 2: how many steps clockwise its U or D sticker has moved from the
  position's U or D face.
- ``ep[i]`` is the edge piece at edge position ``i``; ``eo[i]`` is 1 when it
  is flipped relative to the solved cube's edge orientation (the one kept by
  ``U D R L`` and ``F2 B2``, changed by quarter turns of F and B).

A real cube keeps three invariants: the twists add up to a multiple of 3, the
flips to a multiple of 2, and the corner and edge permutations have the same
parity. :meth:`CubieCube.problems` names whichever is broken.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

CORNER_NAMES = ("URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB")
EDGE_NAMES = ("UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR")


def permutation_parity(perm: tuple[int, ...]) -> int:
    """0 for an even permutation, 1 for an odd one."""
    seen = [False] * len(perm)
    parity = 0
    for start in range(len(perm)):
        length = 0
        i = start
        while not seen[i]:
            seen[i] = True
            i = perm[i]
            length += 1
        if length:
            parity ^= (length - 1) & 1
    return parity


class Problem(NamedTuple):
    """Why a cube cannot be real, and the positions it is about (none when it is about all)."""

    message: str
    corners: tuple[int, ...] = ()
    edges: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class CubieCube:
    """Corner and edge permutation and orientation; see the module docstring.

    Multiplication composes: ``a * b`` is the cube ``a`` followed by the moves of ``b``.
    """

    cp: tuple[int, ...] = tuple(range(8))
    co: tuple[int, ...] = (0,) * 8
    ep: tuple[int, ...] = tuple(range(12))
    eo: tuple[int, ...] = (0,) * 12

    def __mul__(self, other: CubieCube) -> CubieCube:
        a, b = self, other
        return CubieCube(
            tuple(a.cp[j] for j in b.cp),
            tuple((a.co[j] + o) % 3 for j, o in zip(b.cp, b.co, strict=True)),
            tuple(a.ep[j] for j in b.ep),
            tuple((a.eo[j] + o) % 2 for j, o in zip(b.ep, b.eo, strict=True)),
        )

    def inverse(self) -> CubieCube:
        cp = [0] * 8
        co = [0] * 8
        for i, j in enumerate(self.cp):
            cp[j] = i
            co[j] = -self.co[i] % 3
        ep = [0] * 12
        eo = [0] * 12
        for i, j in enumerate(self.ep):
            ep[j] = i
            eo[j] = self.eo[i]
        return CubieCube(tuple(cp), tuple(co), tuple(ep), tuple(eo))

    def problems(self, colours: Mapping[str, str] | None = None) -> list[str]:
        """Why this cannot be a real cube, in words; empty when it can.

        With ``colours`` (the colour of each face's centre, e.g. ``{"U": "white", …}``)
        a piece is named by its colours, as a person holding the cube sees it.

        >>> CubieCube(co=(1, 0, 0, 0, 0, 0, 0, 0)).problems()
        ['a corner is twisted, likely URF']
        >>> scheme = dict(zip("URFDLB", ["white", "red", "green", "yellow", "orange", "blue"]))
        >>> CubieCube(co=(1, 0, 0, 0, 0, 0, 0, 0)).problems(scheme)
        ['a corner is twisted, likely the white-red-green one']
        """
        return [problem.message for problem in self.problems_at(colours)]

    def problems_at(self, colours: Mapping[str, str] | None = None) -> list[Problem]:
        """:meth:`problems`, each with the corner and edge positions it is about (if a few)."""
        shape = self._shape_problems()
        if shape:
            return [Problem(message) for message in shape]

        def corner(position: int) -> str:
            assert colours is not None
            return "-".join(colours[face] for face in CORNER_NAMES[self.cp[position]])

        def edge(position: int) -> str:
            assert colours is not None
            return "-".join(colours[face] for face in EDGE_NAMES[self.ep[position]])

        found = []
        twist = sum(self.co) % 3
        if twist:
            turned = [i for i, o in enumerate(self.co) if o]
            if len(turned) == 1:
                (i,) = turned
                # The only corner turned, so likely the one; but a turned corner
                # given as turned back (mis-painted) looks the same from here.
                message = "a corner is twisted, likely " + (
                    f"the {corner(i)} one" if colours else CORNER_NAMES[i]
                )
                found.append(Problem(message, corners=(i,)))
            else:
                way = "clockwise" if twist == 1 else "counter-clockwise"
                found.append(
                    Problem(
                        "a corner is twisted: the corner twists add up to "
                        f"{twist} (mod 3), as if one corner were turned {way} in place"
                    )
                )
        if sum(self.eo) % 2:
            flipped = [i for i, o in enumerate(self.eo) if o]
            if len(flipped) == 1:
                (i,) = flipped
                message = "an edge is flipped, likely " + (
                    f"the {edge(i)} one" if colours else EDGE_NAMES[i]
                )
                found.append(Problem(message, edges=(i,)))
            else:
                found.append(Problem("an edge is flipped: an odd number of edges are flipped"))
        if permutation_parity(self.cp) != permutation_parity(self.ep):
            found.append(self._swap_problem(corner if colours else None, edge if colours else None))
        return found

    def _shape_problems(self) -> list[str]:
        found = []
        if sorted(self.cp) != list(range(8)) or len(self.co) != 8:
            found.append(f"corner permutation {self.cp} is not a permutation of 0..7")
        if sorted(self.ep) != list(range(12)) or len(self.eo) != 12:
            found.append(f"edge permutation {self.ep} is not a permutation of 0..11")
        if any(o not in (0, 1, 2) for o in self.co):
            found.append(f"corner orientations {self.co} must each be 0, 1 or 2")
        if any(o not in (0, 1) for o in self.eo):
            found.append(f"edge orientations {self.eo} must each be 0 or 1")
        return found

    def _swap_problem(
        self,
        corner: Callable[[int], str] | None = None,
        edge: Callable[[int], str] | None = None,
    ) -> Problem:
        corners = tuple(i for i in range(8) if self.cp[i] != i)
        edges = tuple(i for i in range(12) if self.ep[i] != i)
        if len(corners) == 2 and not edges:
            if corner:
                a, b = (corner(i) for i in corners)
                return Problem(f"the {a} and {b} corners are swapped", corners=corners)
            a, b = (CORNER_NAMES[i] for i in corners)
            return Problem(f"corners {a} and {b} are swapped", corners=corners)
        if len(edges) == 2 and not corners:
            if edge:
                a, b = (edge(i) for i in edges)
                return Problem(f"the {a} and {b} edges are swapped", edges=edges)
            a, b = (EDGE_NAMES[i] for i in edges)
            return Problem(f"edges {a} and {b} are swapped", edges=edges)
        return Problem(
            "two pieces are swapped: the corner and edge permutations have different parity"
        )

    def is_solvable(self) -> bool:
        return not self.problems()

    @classmethod
    def random(cls, rng: random.Random) -> CubieCube:
        """A uniformly random solvable cube: each of the 43,252,003,274,489,856,000 is as likely."""
        cp = list(range(8))
        ep = list(range(12))
        rng.shuffle(cp)
        rng.shuffle(ep)
        if permutation_parity(tuple(cp)) != permutation_parity(tuple(ep)):
            # Swapping two corners pairs each unsolvable cube with one solvable
            # cube, so the result stays uniform.
            cp[0], cp[1] = cp[1], cp[0]
        co = [rng.randrange(3) for _ in range(7)]
        co.append(-sum(co) % 3)
        eo = [rng.randrange(2) for _ in range(11)]
        eo.append(sum(eo) % 2)
        return cls(tuple(cp), tuple(co), tuple(ep), tuple(eo))
