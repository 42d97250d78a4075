"""The OLL and PLL cases as the CFOP chapter draws them: ``assets/cfop-cases.json``.

The page's case tables are not drawn by hand. For every case of
``oll.toml`` and ``pll.toml`` this module applies the inverse of the case's
first algorithm to a solved cube and reads the last layer: the 9 stickers of
U and the 12 side stickers of the top layer, as face letters (the face whose
colour the sticker has). The page (``js/cfop-cases.js``) draws them with
``js/top-view.js`` and plays the algorithm from that very position.

>>> cases = cfop_cases()
>>> len(cases["oll"]), len(cases["pll"])
(57, 21)
>>> sune = next(case for case in cases["oll"] if case["name"] == "OLL 27")
>>> sune["nickname"], sune["algs"][0]
('Sune', "R U R' U R U2 R'")
>>> sune["u"], sune["sides"]
('RUFUUUUUL', 'ULLUBBUFBRRF')
"""

from __future__ import annotations

from solvelab.cube.cfop.rules import AUF_TEXT, Case, load
from solvelab.cube.geometry import FACES, sticker_name
from solvelab.cube.notation import parse_alg
from solvelab.cube.state import Cube

U_PLACES = tuple(range(9))
"""U1..U9: the top face row by row, seen from above with B at the top."""
SIDE_NAMES = ("B3", "B2", "B1", "R3", "R2", "R1", "F3", "F2", "F1", "L3", "L2", "L1")
"""The top layer's side stickers clockwise round the top seen from above, from the back-left."""
SIDE_PLACES = tuple(FACES.index(name[0]) * 9 + int(name[1]) - 1 for name in SIDE_NAMES)

# The cube as cubers hold it for the last layer: yellow on top, white (the
# cross) below, green in front; the usual scheme turned by z2.
_Z2 = {"U": "D", "D": "U", "R": "L", "L": "R", "F": "F", "B": "B"}


def last_layer_colours(colours: dict[str, str]) -> dict[str, str]:
    """``colours`` (face letter -> colour, white on U) turned over: yellow on U, as z2 does.

    >>> last_layer_colours({"U": "white", "R": "red", "F": "green",
    ...                     "D": "yellow", "L": "orange", "B": "blue"})["U"]
    'yellow'
    """
    return {face: colours[_Z2[face]] for face in FACES}


def top_layer(cube: Cube) -> tuple[str, str]:
    """The last layer of ``cube`` as face letters: (U1..U9, the 12 sides as SIDE_NAMES)."""
    facelets = cube.to_facelets()
    return (
        "".join(facelets[place] for place in U_PLACES),
        "".join(facelets[place] for place in SIDE_PLACES),
    )


def case_entry(case: Case) -> dict:
    """One case: its name, nickname, algorithms, and the last layer it solves.

    ``algs`` are the data file's algorithms in canonical notation (``r`` is
    written ``Rw``); ``moves`` is the first of them (for a few PLLs followed by
    a U turn) and ``setup`` its inverse, which is what the page plays:
    ``setup`` makes the case, ``moves`` solves it.
    ``u`` and ``sides`` are the last layer of the case as face letters (see
    :func:`top_layer`). A case whose top is all U (every PLL) also has
    ``arrows``, from :func:`piece_moves`.
    """
    moves = case.algs[0]
    start = Cube().apply(moves.inverse())
    if top_layer(start)[0] == "U" * 9:
        # Oriented (PLL): some algorithms leave the layer a U turn from home. With that
        # turn added after them, the case is drawn the way tables draw it, with the
        # fewest pieces out of place, still in the angle the algorithm starts from.
        moves = min(
            (moves + parse_alg(turn).inverse() for turn in AUF_TEXT),
            key=lambda played: len(piece_moves(Cube().apply(played.inverse()))),
        )
        start = Cube().apply(moves.inverse())
    u, sides = top_layer(start)
    entry = {
        "name": case.name,
        "nickname": case.nickname,
        "algs": [str(alg) for alg in case.algs],
        "moves": str(moves),
        "setup": str(moves.inverse()),
        "u": u,
        "sides": sides,
    }
    if u == "U" * 9:  # say where the algorithm takes each piece, as PLL tables do
        entry["arrows"] = piece_moves(start)
    return entry


def piece_moves(cube: Cube) -> list[list[int]]:
    """For a cube whose U face is all U stickers: [from, to] for each top piece out of place.

    Places are U1..U9 as 0..8; the piece at ``from`` belongs at ``to``.

    >>> piece_moves(Cube().apply("R U R' U' R' F R2 U' R' U' R U R' F'"))  # T perm
    [[2, 8], [3, 5], [5, 3], [8, 2]]
    """
    stickers = cube._stickers
    if any(stickers[place] >= 9 for place in U_PLACES):
        raise ValueError("the last layer is not oriented")
    return [[place, stickers[place]] for place in U_PLACES if stickers[place] != place]


def _number(case: Case) -> tuple[int, str]:
    """Sort key: OLL cases by number ("OLL 7" before "OLL 27"), others by name."""
    digits = case.name.rpartition(" ")[2]
    return (int(digits), "") if digits.isdigit() else (0, case.name)


def cfop_cases(colours: dict[str, str] | None = None) -> dict:
    """Everything the chapter's tables need, in table order (OLL by number, PLL by name).

    ``{"colours": {...}, "u_places": [...], "side_names": [...], "oll": [case, ...],
    "pll": [case, ...]}``, each case as :func:`case_entry` makes it; ``colours``
    is :func:`last_layer_colours` of the site's scheme ``colours`` (if given).
    """
    return {
        "colours": last_layer_colours(colours) if colours else None,
        "u_places": [sticker_name(place) for place in U_PLACES],
        "side_names": list(SIDE_NAMES),
        "oll": [case_entry(case) for case in sorted(load("oll").cases, key=_number)],
        "pll": [case_entry(case) for case in sorted(load("pll").cases, key=_number)],
    }
