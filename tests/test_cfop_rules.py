"""CFOP's rules test themselves: every algorithm of the data files, applied backwards to a
solved cube from every U angle, is recognised as its own case and solved; the cases are all
the cases there are, each once; no algorithm disturbs what the stage must keep."""

import re
import tomllib
from itertools import permutations, product
from pathlib import Path

import pytest

from solvelab.cube import Cube, CubieCube
from solvelab.cube.cfop import solve as solve_cfop
from solvelab.cube.cfop.f2l import SLOT_STICKERS, f2l_rules, f2l_state, in_slot
from solvelab.cube.cfop.last_layer import solve_last_layer
from solvelab.cube.cfop.places import after, face_turns, inverse, text
from solvelab.cube.cfop.rules import (
    AUF,
    LAST_LAYER,
    RulesError,
    last_layer_rules,
    load,
    mirrored,
    orientation,
    parse_stage,
)
from solvelab.cube.facelets import CENTERS, CORNER_FACELETS, EDGE_FACELETS
from solvelab.cube.notation import parse_alg

SOLVED = Cube()
OLL = load("oll").cases
PLL = load("pll").cases
F2L = load("f2l").cases


def _changed(cube: Cube) -> set[int]:
    return {place for place, sticker in enumerate(cube._stickers) if sticker != place}


def test_the_data_cover_41_f2l_57_oll_and_21_pll_cases_each_named_once():
    for stage, count in (("f2l", 41), ("oll", 57), ("pll", 21)):
        names = [case.name for case in load(stage).cases]
        assert len(names) == count == len(set(names)), stage
    assert {case.name for case in OLL} == {f"OLL {n}" for n in range(1, 58)}
    assert {case.name for case in F2L} == {f"F2L {n}" for n in range(1, 42)}
    assert {case.name for case in PLL} == {
        f"{name} perm"
        for name in [
            "Aa",
            "Ab",
            "E",
            "F",
            "Ga",
            "Gb",
            "Gc",
            "Gd",
            "H",
            "Ja",
            "Jb",
            "Na",
            "Nb",
            "Ra",
            "Rb",
            "T",
            "Ua",
            "Ub",
            "V",
            "Y",
            "Z",
        ]
    }


# The last layer --------------------------------------------------------------

LL_ALGS = [
    pytest.param(stage, case.name, alg, id=f"{case.name}: {alg}")
    for stage, cases in (("oll", OLL), ("pll", PLL))
    for case in cases
    for alg in case.algs
]


@pytest.mark.parametrize(("stage", "name", "alg"), LL_ALGS)
def test_a_last_layer_algorithm_keeps_f2l_and_solves_its_case_from_every_angle(stage, name, alg):
    done = Cube().apply(alg)
    assert all(done._stickers[c] == c for c in CENTERS), "ends with the cube turned"
    assert _changed(done) <= set(LAST_LAYER), "disturbs the first two layers"
    if stage == "pll":
        assert orientation(done) == orientation(SOLVED), "PLL must keep the orientation"
    rules = last_layer_rules(stage)
    for angle in range(4):
        cube = Cube().apply(alg.inverse()) * AUF[angle]
        assert rules.case_of(cube) == name
        ways = [(before, later) for before, rule, later in rules.rules_for(cube) if rule.alg == alg]
        assert ways, "the rule does not recognise its own case"
        for before, later in ways:
            finished = cube * AUF[before] * Cube().apply(alg) * AUF[later]
            if stage == "oll":
                assert orientation(finished) == orientation(SOLVED)
            else:
                assert finished.is_solved()
        last = solve_last_layer(cube)
        assert cube.apply(last.oll + last.pll).is_solved()
        if stage == "oll":
            assert last.oll_case == name
        else:
            assert (last.oll_case, last.pll_case) == ("OLL skip", name)


def _last_layer_cube(co=(0,) * 4, eo=(0,) * 4, cp=range(4), ep=range(4)) -> Cube:
    return Cube.from_cubies(
        CubieCube(
            cp=(*cp, 4, 5, 6, 7),
            co=(*co, 0, 0, 0, 0),
            ep=(*ep, *range(4, 12)),
            eo=(*eo, *(0,) * 8),
        )
    )


def test_every_last_layer_orientation_is_an_oll_case_and_there_are_57():
    names = set()
    for co in product(range(3), repeat=3):
        for eo in product(range(2), repeat=3):
            cube = _last_layer_cube((*co, -sum(co) % 3), (*eo, sum(eo) % 2))
            name = last_layer_rules("oll").case_of(cube)
            if orientation(cube) == orientation(SOLVED):
                assert name is None
            else:
                assert name is not None, cube.to_facelets()
                names.add(name)
    assert len(names) == 57


def test_every_last_layer_permutation_is_a_pll_case_and_there_are_21():
    names = set()
    rules = last_layer_rules("pll")
    for cp in permutations(range(4)):
        for ep in permutations(range(4)):
            if _parity(cp) != _parity(ep):
                continue
            cube = _last_layer_cube(cp=cp, ep=ep)
            name = rules.case_of(cube)
            if any((cube * AUF[turns]).is_solved() for turns in range(4)):
                assert name is None
            else:
                assert name is not None, cube.to_facelets()
                names.add(name)
    assert len(names) == 21


def _parity(perm) -> int:
    return sum(a > b for i, a in enumerate(perm) for b in perm[i + 1 :]) % 2


def test_oll_numbers_match_the_shapes_they_name():
    """Independent of the data: which cases have all edges or all corners oriented."""
    rules = last_layer_rules("oll")
    edges_done = {n for n in range(21, 28)}
    corners_done = {20, 28, 57}
    for case in OLL:
        cube = Cube().apply(case.algs[0].inverse())
        up = cube.to_facelets()
        edges = sum(up[i] == "U" for i in (1, 3, 5, 7))
        corners = sum(up[i] == "U" for i in (0, 2, 6, 8))
        number = int(case.name.split()[1])
        assert (edges == 4) == (number in edges_done), case.name
        assert (corners == 4) == (number in corners_done), case.name
        if number in (1, 2, 3, 4, 17, 18, 19, 20):  # the dot cases
            assert edges == 0, case.name
        assert rules.case_of(cube) == case.name


# F2L -------------------------------------------------------------------------

F2L_ALGS = [
    pytest.param(case.name, alg, id=f"{case.name}: {alg}") for case in F2L for alg in case.algs
]
FR = 0
U_LAYER = {p for i in range(4) for p in CORNER_FACELETS[i] + EDGE_FACELETS[i]} | set(range(9))


@pytest.mark.parametrize(("name", "alg"), F2L_ALGS)
def test_an_f2l_algorithm_keeps_the_rest_and_solves_its_case_in_every_slot(name, alg):
    rules = f2l_rules()
    moves = face_turns(alg)
    u_layer = U_LAYER
    for slot in range(4):
        slot_moves = in_slot(moves, slot)
        done = Cube().apply(text(slot_moves))
        assert _changed(done) <= u_layer | SLOT_STICKERS[slot], "disturbs the cross or a slot"
        for angle in ((), (0,), (1,), (2,)):
            start = Cube().apply(text(inverse(slot_moves) + angle))
            state = f2l_state(start)
            assert rules.case_of(state, slot) == name
            options = rules.options_for(state, slot)
            assert options and all(option.case == name for option in options)
            for option in options:
                solved = start.apply(text(option.moves))
                assert f2l_state(solved)[slot] == f2l_state(SOLVED)[slot]
                assert f2l_state(solved)[4 + slot] == f2l_state(SOLVED)[4 + slot]


def test_every_position_of_a_pair_is_an_f2l_case_and_there_are_41():
    rules = f2l_rules()
    # The U layer's corners and edges, and the FR slot's.
    corner_places = [p for i in (0, 1, 2, 3, 4) for p in CORNER_FACELETS[i]]
    edge_places = [p for i in (0, 1, 2, 3, 8) for p in EDGE_FACELETS[i]]
    home = f2l_state(SOLVED)
    names = set()
    for corner in corner_places:
        for edge in edge_places:
            state = (corner, *home[1:4], edge, *home[5:])
            if (corner, edge) == (home[0], home[4]):
                assert rules.case_of(state, FR) is None
                continue
            name = rules.case_of(state, FR)
            assert name is not None, (corner, edge)
            names.add(name)
    assert len(names) == 41


def test_mirrors_and_inverses_are_recognised_as_cases_of_the_list():
    assert str(mirrored(parse_alg("R U R' U'"), "left-right")) == "L' U' L U"
    assert str(mirrored(parse_alg("M2 U x"), "left-right")) == "M2 U' x"
    rules = last_layer_rules("oll")
    sune = parse_alg("R U R' U R U2 R'")
    assert rules.case_of(Cube().apply(sune)) == "OLL 26"  # its inverse solves antisune
    assert rules.case_of(Cube().apply(mirrored(sune, "left-right").inverse())) == "OLL 26"


def test_a_broken_data_file_says_where():
    with pytest.raises(RulesError, match="OLL 1"):
        parse_stage("oll", '[[case]]\nname = "OLL 1"\nalgs = ["R Q"]\n')
    with pytest.raises(RulesError, match="case 1 needs a name"):
        parse_stage("oll", "[[case]]\nalgs = []\n")
    with pytest.raises(RulesError, match="oll.toml"):
        parse_stage("oll", "[[case]\n")


def test_every_extraction_keeps_the_cross_and_other_slots():
    rules = f2l_rules()
    u_layer = U_LAYER
    for slot in range(4):
        for moves in rules.extract[slot]:
            assert _changed(Cube().apply(text(moves))) <= u_layer | SLOT_STICKERS[slot]
            assert after(moves) != after(())


# F2L keyhole algorithms: each goes through a free slot --------------------------

KEYHOLE = load("f2l").keyhole
KEYHOLE_ALGS = [
    pytest.param(entry.name, alg, id=f"keyhole {entry.name}: {alg}")
    for entry in KEYHOLE
    for alg in entry.algs
]


def _pair_solved(state, slot) -> bool:
    home = f2l_state(SOLVED)
    return (state[slot], state[4 + slot]) == (home[slot], home[4 + slot])


@pytest.mark.parametrize(("name", "alg"), KEYHOLE_ALGS)
def test_a_keyhole_algorithm_goes_through_a_free_slot_and_solves_its_case_in_every_slot(name, alg):
    rules = f2l_rules()
    moves = face_turns(alg)
    for slot in range(4):
        slot_moves = in_slot(moves, slot)
        changed = _changed(Cube().apply(text(slot_moves)))
        through = {other for other in range(4) if changed & SLOT_STICKERS[other]} - {slot}
        assert through, "moves no other slot: an ordinary case, not a keyhole"
        kept = U_LAYER | SLOT_STICKERS[slot] | {p for o in through for p in SLOT_STICKERS[o]}
        assert changed <= kept, "disturbs the cross or a slot it does not go through"
        for angle in ((), (0,), (1,), (2,)):
            start = Cube().apply(text(inverse(slot_moves) + angle))
            state = f2l_state(start)
            assert all(not _pair_solved(state, other) for other in through)
            assert rules.case_of(state, slot) == name
            options = rules.options_for(state, slot)
            assert any(option.needs for option in options), "the keyhole is not offered"
            for option in options:
                solved = f2l_state(start.apply(text(option.moves)))
                assert _pair_solved(solved, slot)
                # What was solved stays solved.
                assert all(_pair_solved(solved, o) for o in range(4) if _pair_solved(state, o))
            # The rule itself, after the U turn that undoes the angle.
            done = f2l_state(start.apply(text(inverse(angle) + slot_moves)))
            assert _pair_solved(done, slot)


def test_keyhole_names_are_f2l_cases_or_pieces_in_another_slot():
    rules = f2l_rules()
    cases = {case.name for case in F2L}
    home = f2l_state(SOLVED)
    for entry in KEYHOLE:
        if entry.name in cases:
            continue
        assert "slot" in entry.name
        for alg in entry.algs:
            start = after(inverse(face_turns(alg)))
            corner, edge = start[home[0]], start[home[4]]
            others = set().union(*SLOT_STICKERS[1:])
            assert corner in others or edge in others, (entry.name, alg)
            assert rules.class_of[(corner, edge)] == entry.name


def test_a_keyhole_is_never_offered_through_a_solved_slot():
    rules = f2l_rules()
    # F2L 5 in the FR slot: shorter through the FL slot while that slot is free.
    state = f2l_state(Cube().apply("F' R' F R F"))
    assert rules.case_of(state, FR) == "F2L 5" and not _pair_solved(state, 1)
    assert any(option.needs == 0b10 for option in rules.options_for(state, FR))
    # The same pair with the FL slot solved: only what keeps FL.
    home = f2l_state(SOLVED)
    solved_fl = tuple(home[i] if i in (1, 5) else state[i] for i in range(8))
    options = rules.options_for(solved_fl, FR)
    assert options and not any(option.needs & 0b10 for option in options)


def test_the_cfop_pages_crosses_are_the_solvers():
    """cfop.md's cross demo plays what `cube cfop --cross-colour white` prints, and
    the any-colour cross it quotes is the solver's too."""
    page = (Path(__file__).parent.parent / "site/cube/cfop.md").read_text()
    setup, moves = re.search(r'data-setup="([^"]+)" data-moves="(x2[^"]+)"', page).groups()
    any_colour = re.search(r"Any colour would have done in four \(`([^`]+)`", page)[1]
    cube = Cube().apply(setup)
    assert str(solve_cfop(cube, cross_colour="white").stages[0].moves) == moves
    assert str(solve_cfop(cube).stages[0].moves) == any_colour


def test_the_cfop_pages_excerpts_are_the_data_files():
    """cfop.md quotes the rules files: each quoted case is there, with the same algorithms."""
    root = Path(__file__).parent.parent
    page = (root / "site/cube/cfop.md").read_text()
    data = root / "py/solvelab/cube/cfop/data"
    cases = {}
    for path in data.glob("*.toml"):
        for case in tomllib.loads(path.read_text()).get("case", []):
            cases.setdefault(case["name"], []).append(case["algs"])
    excerpts = re.findall(r"```toml\n(.*?)```", page, re.S)
    assert excerpts
    for excerpt in excerpts:
        for case in tomllib.loads(excerpt).get("case", []):
            assert case["algs"] in cases.get(case["name"], []), case["name"]
