"""What the web page asks of Python (solvelab.web): here, checking a painted cube."""

import pytest

from solvelab import web
from solvelab.cube import Cube, solver
from solvelab.cube.notation import NotationError, locate_moves, parse_alg

# How the page's sticker editor sends a cube: face letters for the colours of
# the centres, "?" for a sticker not painted yet, and the colours' names.
NAMES = {"U": "white", "R": "red", "F": "green", "D": "yellow", "L": "orange", "B": "blue"}
SOLVED = Cube().to_facelets()


def _javascript_slice(text: str, start: int, end: int) -> str:
    """``text.slice(start, end)`` as JavaScript reads it: in UTF-16 code units."""
    units = text.encode("utf-16-le")
    return units[2 * start : 2 * end].decode("utf-16-le")


def test_positions_for_the_page_count_as_javascript_does():
    # An emoji is one character in Python and two in JavaScript: the page gets
    # JavaScript's positions, the library keeps Python's.
    text = "// 😀 smile\nR U [R', F]"
    tokens = ["R", "U", "R'", "F", "R'", "F"]
    spans = web.parse(text, locate=True)["spans"]
    assert [_javascript_slice(text, start, end) for start, end in spans] == tokens
    assert [text[start:end] for start, end in locate_moves(text)] == tokens
    text = "R // 😀😀\nU 😀 F"
    error = web.parse(text)
    start, end = error["position"], error["position"] + error["length"]
    assert _javascript_slice(text, start, end) == "😀"
    with pytest.raises(NotationError) as caught:
        parse_alg(text)
    start, end = caught.value.position, caught.value.position + caught.value.length
    assert text[start:end] == "😀"


def test_a_real_cube_comes_back_as_facelets_and_the_pages_state():
    cube = Cube().apply("R U F'")
    result = web.check_stickers(cube.to_facelets(), names=NAMES, unpainted="?")
    assert result["facelets"] == cube.to_facelets()
    assert Cube._of(tuple(result["stickers"])) == cube


def test_a_cube_painted_another_way_up_stays_that_way_up():
    # The page paints in face letters; a cube held green on top comes back so held,
    # with the same facelets (which are relative to the centres).
    for held in ("x R U", "z' F B' U", "y2 D2 L", "x' y R2 D"):
        cube = Cube().apply(held)
        result = web.check_stickers(cube.to_stickers(), names=NAMES, unpainted="?")
        assert Cube._of(tuple(result["stickers"])) == cube
        assert result["facelets"] == cube.to_facelets()
    # Other colour letters say nothing of how the cube is held: U on top.
    result = web.check_stickers(Cube().apply("x R").to_stickers("WRGYOB"))
    assert Cube._of(tuple(result["stickers"])) == Cube().apply("R")


def test_the_editors_messages_name_colours_and_places():
    twisted = SOLVED[:8] + "F" + "U" + SOLVED[10:20] + "R" + SOLVED[21:]  # U9 R1 F3 turned
    assert web.check_stickers(twisted, names=NAMES) == {
        "error": "a corner is twisted, likely the white-red-green one",
        "places": [8, 9, 20],
    }


def test_unpainted_stickers_are_counted():
    result = web.check_stickers("?" * 4 + SOLVED[4:], names=NAMES)
    assert result == {
        "error": "4 stickers are not painted yet: U1, U2, U3 and U4",
        "places": [0, 1, 2, 3],
    }


def test_without_names_the_answer_is_as_before():
    twisted = SOLVED[:8] + "F" + "U" + SOLVED[10:20] + "R" + SOLVED[21:]
    assert web.check_stickers(twisted) == {"error": "a corner is twisted, likely URF"}
    assert web.check_stickers("?" + SOLVED[1:]) == {"error": "1 sticker is not painted yet: U1"}


def test_the_worker_prepares_the_search_and_loads_the_tables():
    # The worker's order: what needs no tables while they download, the move
    # tables as soon as they are in, then the rest.
    prepared = web.prepare_search()
    assert prepared["seconds"] >= 0 and "moves-twist" in prepared["move_tables"]
    assert web.load_move_tables()["seconds"] >= 0
    assert web.load_tables()["seconds"] >= 0
    cube = Cube().apply("R U R' U' F2 D L'")
    found = web.solve(facelets=cube.to_facelets(), time_limit=1)
    assert cube.apply(" ".join(found["moves"])).is_solved()


def test_the_players_time_limit_counts_once_twenty_moves_are_reached():
    # The player says two-phase finds 20 moves or fewer: its search time starts only
    # then. The superflip's first solution is longer; a time limit of 0 still waits.
    web.load_tables()
    cube = Cube().apply("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2")
    lengths = []
    found = web.solve(
        facelets=cube.to_facelets(),
        time_limit=0,
        on_progress=lambda best: lengths.append(best["length"]),
    )
    assert found["length"] == 20 and lengths[-1] == 20
    assert cube.apply(" ".join(found["moves"])).is_solved()


def test_cfop_names_colours_and_masks_by_the_solved_cube_whatever_way_up():
    scrambled = Cube().apply("R U F D2 L B' U2 R' F2 D L2 B U' R2")
    for held in ("", "x y", "z2"):  # the same cube, held other ways up
        cube = scrambled.apply(held) if held else scrambled
        answer = web.cfop(stickers=list(cube._stickers), cross_colour="white")
        assert answer["cross_colour"] == "U"  # white: the colour of the solved cube's U
        pairs = [stage["pair"] for stage in answer["stages"] if stage["name"] == "f2l"]
        assert len(pairs) == 4 and all(set(p) <= set("RFLB") and len(set(p)) == 2 for p in pairs)
        masks = answer["masks"]
        assert len(masks["cross"]) == 6 + 8 and {4, 13, 22, 31, 40, 49} <= set(masks["cross"])
        assert all(sticker // 9 != 3 for sticker in masks["f2l"] if sticker % 9 != 4)  # no yellow
        assert set(range(27, 36)) <= set(masks["oll"]) and masks["pll"] == list(range(54))
        after = cube
        for stage in answer["stages"]:
            after = after.apply(" ".join(stage["moves"]))
            assert stage["htm"] == parse_alg(" ".join(stage["moves"])).htm
        assert after.is_solved()
        # the stages' lengths add up to the total before moves cancel where they meet
        assert sum(stage["htm"] for stage in answer["stages"]) >= answer["length"]


def test_the_move_tables_are_all_that_the_first_step_reads(monkeypatch):
    read = []

    def reading(load):
        return lambda name: read.append(name) or load(name)

    monkeypatch.setattr(solver, "table", reading(solver.table))
    monkeypatch.setattr(solver, "table_array", reading(solver.table_array))
    solver._Tables()
    assert set(read) == set(web.prepare_search()["move_tables"])
