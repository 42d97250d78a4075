"""assets/cfop-cases.json, the CFOP chapter's OLL and PLL tables: every case of the data
files once, each with the last layer the Cube model gives, and moves that solve it."""

import json

import pytest

from solvelab.build.cfop_cases import SIDE_NAMES, cfop_cases, last_layer_colours
from solvelab.build.site import COLOURS
from solvelab.cube import Cube
from solvelab.cube.cfop.rules import last_layer_rules, load
from solvelab.cube.facelets import CORNER_FACELETS, EDGE_FACELETS
from solvelab.cube.notation import parse_alg

CASES = cfop_cases(COLOURS)
ENTRIES = [(stage, entry) for stage in ("oll", "pll") for entry in CASES[stage]]


def test_every_case_once_in_table_order():
    assert json.loads(json.dumps(CASES)) == CASES  # plain JSON
    for stage, count in (("oll", 57), ("pll", 21)):
        names = [entry["name"] for entry in CASES[stage]]
        assert len(names) == len(set(names)) == count
        assert set(names) == {case.name for case in load(stage).cases}
    assert [entry["name"] for entry in CASES["oll"]] == [f"OLL {n}" for n in range(1, 58)]
    assert CASES["pll"][0]["name"] == "Aa perm" and CASES["pll"][-1]["name"] == "Z perm"


def test_names_and_algorithms_are_the_data_files():
    for stage, entry in ENTRIES:
        case = load(stage).cases[[c.name for c in load(stage).cases].index(entry["name"])]
        assert entry["nickname"] == case.nickname
        assert entry["algs"] == [str(alg) for alg in case.algs]
        # The first algorithm, for a few PLLs with the U turn after it that finishes.
        first = str(case.algs[0])
        assert entry["moves"] in [first] + [f"{first} {turn}" for turn in ("U", "U2", "U'")]
        assert entry["setup"] == str(parse_alg(entry["moves"]).inverse())


@pytest.mark.parametrize(("stage", "entry"), ENTRIES, ids=[e["name"] for _, e in ENTRIES])
def test_pattern_is_the_cube_after_setup_and_moves_solve_it(stage, entry):
    cube = Cube().apply(entry["setup"])
    facelets = cube.to_facelets()
    assert entry["u"] == facelets[:9]
    side_places = ["URFDLB".index(name[0]) * 9 + int(name[1]) - 1 for name in SIDE_NAMES]
    assert entry["sides"] == "".join(facelets[place] for place in side_places)
    assert cube.apply(entry["moves"]).is_solved()
    assert last_layer_rules(stage).case_of(cube) == entry["name"]
    # The first two layers are solved: only the last layer's 21 stickers can differ.
    assert all(facelets[i] == "URFDLB"[i // 9] for i in range(9, 54) if i not in side_places)
    if stage == "pll":
        assert entry["u"] == "U" * 9


def test_side_stickers_go_clockwise_round_the_top():
    # Each corner of the top layer shows up as the side stickers on both sides of a corner
    # of the ring, each edge as the middle sticker of a side.
    top_corners = [set(c) for c in CORNER_FACELETS if c[0] < 9]
    top_edges = [set(e) for e in EDGE_FACELETS if e[0] < 9]
    places = ["URFDLB".index(n[0]) * 9 + int(n[1]) - 1 for n in SIDE_NAMES]
    ring_corners = [{places[i], places[(i + 1) % 12]} for i in (2, 5, 8, 11)]
    u_corners = [2, 8, 6, 0]  # U3 U9 U7 U1, clockwise from the back-right
    for pair, u in zip(ring_corners, u_corners, strict=True):
        assert pair | {u} in top_corners
    for i, u in zip((1, 4, 7, 10), (1, 5, 7, 3), strict=True):  # U2 U6 U8 U4
        assert {places[i], u} in top_edges


def test_known_cases():
    by_name = {entry["name"]: entry for _, entry in ENTRIES}
    # Sune: one corner shows yellow on top (front-left); the other three twist the same way.
    sune = by_name["OLL 27"]
    assert sune["nickname"] == "Sune"
    assert [i for i in (0, 2, 6, 8) if sune["u"][i] == "U"] == [6]
    assert all(sune["u"][i] == "U" for i in (1, 3, 4, 5, 7))
    # T perm swaps the left and right edges and the two corners on the right: "headlights"
    # on the left (the same colour at both ends, the right's colour between them).
    sides = by_name["T perm"]["sides"]
    assert (sides[9], sides[10], sides[11]) == ("L", "R", "L")
    assert sides[4] == "L"
    assert (sides[2], sides[3], sides[5], sides[6]) == ("R", "F", "B", "R")
    assert last_layer_colours(COLOURS)["U"] == COLOURS["D"] == "#ffd500"


def test_pll_arrows_say_where_each_piece_goes():
    for stage, entry in ENTRIES:
        if stage == "oll":
            assert "arrows" not in entry
            continue
        arrows = entry["arrows"]
        assert arrows and sorted(f for f, _ in arrows) == sorted(t for _, t in arrows)
        assert all(f % 2 == t % 2 and 4 not in (f, t) for f, t in arrows)  # corner to corner
        # The moves take the piece at each arrow's start to its end (its U sticker with it).
        start = Cube().apply(entry["setup"])._stickers
        done = {f: t for f, t in arrows}
        assert {i: start[i] for i in range(9) if start[i] != i} == done
        solved = Cube().apply(entry["setup"]).apply(entry["moves"])._stickers
        assert all(solved[t] == start[f] for f, t in arrows)
    by_name = {entry["name"]: entry for _, entry in ENTRIES}
    assert by_name["H perm"]["arrows"] == [[1, 7], [3, 5], [5, 3], [7, 1]]
    # Drawn as tables draw them: a J perm swaps two edges and two corners, nothing else.
    for name, moved in (("Ja perm", 4), ("Jb perm", 4), ("Ua perm", 3), ("Z perm", 4)):
        assert len(by_name[name]["arrows"]) == moved, name
