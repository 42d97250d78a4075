"""What each CFOP stage shows: the stickers that matter to it; the page greys the rest.

As cubing.js's "stickering" masks do, a learner sees only what a stage works
on: the cross edges and the centres for the cross, the first two layers for
F2L, the last layer's top colour for OLL, and everything for PLL. Stickers
are named by their number on the solved cube (0..53 in facelet order), so a
mask follows its pieces through every turn and rotation.

>>> sorted(stage_masks("D")["cross"])
[4, 13, 16, 22, 25, 28, 30, 31, 32, 34, 40, 43, 49, 52]
"""

from __future__ import annotations

from solvelab.cube.facelets import CENTERS, CORNER_FACELETS, EDGE_FACELETS
from solvelab.cube.geometry import FACES

OPPOSITE = {"U": "D", "D": "U", "R": "L", "L": "R", "F": "B", "B": "F"}


def _face(sticker: int) -> str:
    return FACES[sticker // 9]


def stage_masks(cross_face: str) -> dict[str, list[int]]:
    """For each stage, the stickers shown while it plays, for a cross of ``cross_face``'s colour.

    ``cross_face`` is the face (U R F D L B) whose centre's colour makes the
    cross, on the cube as it was given, before any rotation.
    """
    if cross_face not in OPPOSITE:
        raise ValueError(f"a cross face is one of U R F D L B, not {cross_face!r}")
    last = OPPOSITE[cross_face]
    pieces = CORNER_FACELETS + EDGE_FACELETS
    cross_edges = [s for edge in EDGE_FACELETS if cross_face in map(_face, edge) for s in edge]
    first_two_layers = [s for piece in pieces if last not in map(_face, piece) for s in piece]
    f2l = sorted({*CENTERS, *first_two_layers})
    return {
        "cross": sorted({*CENTERS, *cross_edges}),
        "f2l": f2l,
        "oll": sorted({*f2l, *(s for s in range(54) if _face(s) == last)}),
        "pll": list(range(54)),
    }
