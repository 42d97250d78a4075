"""Every impossible cube is rejected with a message that names the problem and where it is."""

import pytest

from solvelab.cube import Cube, CubieCube, InvalidCubeError
from solvelab.cube.facelets import SOLVED_FACELETS
from solvelab.cube.geometry import FACES


def with_stickers(facelets: str, **changes: str) -> str:
    """Change stickers by name, e.g. ``with_stickers(s, U9="R")``."""
    out = list(facelets)
    for name, letter in changes.items():
        out[FACES.index(name[0]) * 9 + int(name[1]) - 1] = letter
    return "".join(out)


def swap(facelets: str, *pairs: tuple[str, str]) -> str:
    out = list(facelets)
    for a, b in pairs:
        i = FACES.index(a[0]) * 9 + int(a[1]) - 1
        j = FACES.index(b[0]) * 9 + int(b[1]) - 1
        out[i], out[j] = out[j], out[i]
    return "".join(out)


def rejected(facelets: str) -> str:
    with pytest.raises(InvalidCubeError) as caught:
        Cube.from_facelets(facelets)
    assert isinstance(caught.value, ValueError)
    return str(caught.value)


def rejected_stickers(stickers: str) -> str:
    with pytest.raises(InvalidCubeError) as caught:
        Cube.from_stickers(stickers)
    return str(caught.value)


def test_a_valid_cube_is_accepted():
    scrambled = Cube().apply("R U2 F' L D B2")
    assert Cube.from_facelets(scrambled.to_facelets()) == scrambled


def test_wrong_length():
    assert rejected(SOLVED_FACELETS[:-1]) == "a facelet string has 54 stickers, not 53"
    assert rejected(SOLVED_FACELETS + "U") == "a facelet string has 54 stickers, not 55"


def test_white_space_is_ignored():
    spaced = " ".join(SOLVED_FACELETS[i : i + 9] for i in range(0, 54, 9))
    assert Cube.from_facelets(spaced + "\n").is_solved()


def test_unknown_letter():
    assert rejected(with_stickers(SOLVED_FACELETS, R3="X")) == (
        "unknown letter 'X' at R3: facelet letters are U, R, F, D, L and B"
    )


def test_each_centre_has_its_faces_letter():
    # A letter names the face whose centre has the sticker's colour: a string whose
    # letters are swapped everywhere, centres too, is no cube in that format (U and D
    # swapped would be a mirror image of the solved cube).
    upside_down = SOLVED_FACELETS.translate(str.maketrans("UD", "DU"))
    assert rejected(upside_down) == (
        "U5 is D and D5 is U: in a facelet string each centre has its face's letter "
        "(U5 is U, R5 is R, and so on)"
    )
    assert rejected(with_stickers(SOLVED_FACELETS, F5="U")).startswith("F5 is U: ")


def test_centres_must_differ():
    assert rejected_stickers(with_stickers(SOLVED_FACELETS, F5="U")) == (
        "the U and F centres are both 'U': the six centres must have six different colours"
    )


def test_each_colour_nine_times():
    assert rejected(with_stickers(SOLVED_FACELETS, U1="R")) == (
        "colour 'R' appears 10 times; each colour appears 9 times"
    )


def test_no_real_corner_with_two_stickers_of_one_colour():
    # Two stickers swapped between pieces keep the counts right but make a
    # corner with two U stickers.
    bad = swap(SOLVED_FACELETS, ("R1", "U8"))
    assert (
        rejected(bad) == "corner URF has colours U, U, F: no piece has two stickers of one colour"
    )


def test_no_piece_with_opposite_colours():
    bad = swap(SOLVED_FACELETS, ("R1", "D2"))
    assert rejected(bad) == (
        "corner URF has colours U, D, F: no piece has the colours of two opposite faces"
    )


def test_mirrored_corner():
    bad = swap(SOLVED_FACELETS, ("R1", "F3"))
    assert rejected(bad) == (
        "corner URF has colours U, F, R: its colours go round the wrong way: "
        "it would be a mirror image of a real corner"
    )


def test_a_piece_present_twice():
    # The DBL corner painted as a second URF corner, with two edges repainted
    # so that every colour still appears nine times: UR shows D and L, FL
    # shows B and L.
    bad = with_stickers(SOLVED_FACELETS, D7="U", B9="R", L7="F", U6="D", R2="L", F4="B")
    assert (
        rejected(bad) == "corners URF and DBL are the same piece (U, R, F): each piece appears once"
    )


def test_twisted_corner():
    twisted = swap(SOLVED_FACELETS, ("U9", "R1"), ("R1", "F3"))
    assert rejected(twisted) == "a corner is twisted, likely URF"


def test_flipped_edge():
    flipped = swap(SOLVED_FACELETS, ("U8", "F2"))
    assert rejected(flipped) == "an edge is flipped, likely UF"


def test_two_swapped_edges():
    swapped = swap(SOLVED_FACELETS, ("U8", "U6"), ("F2", "R2"))
    assert rejected(swapped) == "edges UR and UF are swapped"


def test_two_swapped_corners():
    swapped = swap(SOLVED_FACELETS, ("U9", "U7"), ("R1", "F1"), ("F3", "L3"))
    assert rejected(swapped) == "corners URF and UFL are swapped"


def test_problems_in_a_scrambled_cube_are_still_found():
    scrambled = Cube().apply("R U F D2 L' B").to_facelets()
    cubies = Cube.from_facelets(scrambled).cubies
    co = list(cubies.co)
    co[0] = (co[0] + 1) % 3
    with pytest.raises(InvalidCubeError, match="twisted"):
        Cube.from_cubies(CubieCube(cubies.cp, tuple(co), cubies.ep, cubies.eo))
    eo = list(cubies.eo)
    eo[5] ^= 1
    with pytest.raises(InvalidCubeError, match="flipped"):
        Cube.from_cubies(CubieCube(cubies.cp, cubies.co, cubies.ep, tuple(eo)))
    ep = list(cubies.ep)
    ep[0], ep[1] = ep[1], ep[0]
    with pytest.raises(InvalidCubeError, match="swapped"):
        Cube.from_cubies(CubieCube(cubies.cp, cubies.co, tuple(ep), cubies.eo))


def test_bad_cubie_values():
    with pytest.raises(InvalidCubeError, match="not a permutation"):
        Cube.from_cubies(CubieCube(cp=(0,) * 8))
    with pytest.raises(InvalidCubeError, match="must each be 0, 1 or 2"):
        Cube.from_cubies(CubieCube(co=(3, 0, 0, 0, 0, 0, 0, 0)))


def test_stickers_in_any_colours():
    scheme = dict(zip(FACES, "WRGYOB", strict=True))
    scrambled = Cube().apply("R U R' F2 D")
    coloured = "".join(scheme[f] for f in scrambled.to_facelets())
    assert Cube.from_stickers(coloured) == scrambled
    assert Cube.from_stickers(coloured.lower()) == scrambled


def test_sticker_messages_use_the_users_colours():
    coloured = "W" * 9 + "R" * 9 + "G" * 9 + "Y" * 9 + "O" * 9 + "B" * 9
    with pytest.raises(InvalidCubeError) as caught:
        Cube.from_stickers(coloured[:8] + "X" + coloured[9:])
    assert str(caught.value) == "colour 'X' at U9 is not on any centre"
    bad = list(coloured)
    bad[9], bad[7] = bad[7], bad[9]  # R1 <-> U8
    with pytest.raises(InvalidCubeError) as caught:
        Cube.from_stickers("".join(bad))
    assert str(caught.value) == (
        "corner URF has colours W, W, G: no piece has two stickers of one colour"
    )


# Messages for the page's sticker editor: the colours a person painted, by name.

NAMES = {"W": "white", "R": "red", "G": "green", "Y": "yellow", "O": "orange", "B": "blue"}
SCHEME = dict(zip(FACES, "WRGYOB", strict=True))


def painted(facelets: str) -> str:
    """A facelet string in the usual colours, W R G Y O B."""
    return "".join(SCHEME.get(letter, letter) for letter in facelets)


def rejected_painted(facelets: str) -> InvalidCubeError:
    with pytest.raises(InvalidCubeError) as caught:
        Cube.from_stickers(painted(facelets), names=NAMES, unpainted="?")
    return caught.value


def test_named_messages_say_colours():
    twisted = rejected_painted(swap(SOLVED_FACELETS, ("U9", "R1"), ("R1", "F3")))
    assert str(twisted) == "a corner is twisted, likely the white-red-green one"
    assert sorted(twisted.places) == [8, 9, 20]  # U9, R1, F3
    flipped = rejected_painted(swap(SOLVED_FACELETS, ("U8", "F2")))
    assert str(flipped) == "an edge is flipped, likely the white-green one"
    # URF and UFL both turned (a real cube), UFL painted as if it were not: the odd one
    # out is URF, painted right, so the message says only "likely".
    real = Cube.from_cubies(CubieCube(co=(1, 2, 0, 0, 0, 0, 0, 0))).to_facelets()
    mispainted = rejected_painted(swap(real, ("U7", "L3"), ("L3", "F1")))
    assert str(mispainted) == "a corner is twisted, likely the white-red-green one"
    assert sorted(flipped.places) == [7, 19]
    swapped = rejected_painted(swap(SOLVED_FACELETS, ("U8", "U6"), ("F2", "R2")))
    assert str(swapped) == "the white-green and white-red edges are swapped"
    corners = rejected_painted(swap(SOLVED_FACELETS, ("U9", "U7"), ("R1", "F1"), ("F3", "L3")))
    assert str(corners) == "the white-green-orange and white-red-green corners are swapped"


def test_named_messages_for_impossible_pieces():
    assert str(rejected_painted(swap(SOLVED_FACELETS, ("R1", "U8")))) == (
        "the corner between the white, red and green centres has white, white and green: "
        "a corner has three different colours"
    )
    assert str(rejected_painted(swap(SOLVED_FACELETS, ("R1", "D2")))) == (
        "the corner between the white, red and green centres has white, yellow and green: "
        "white and yellow are on opposite sides of a cube, so no piece has both"
    )
    mirrored = rejected_painted(swap(SOLVED_FACELETS, ("R1", "F3")))
    assert str(mirrored) == (
        "the corner between the white, red and green centres has white, green and red: "
        "a real corner with these colours has them the other way round"
    )
    assert sorted(mirrored.places) == [8, 9, 20]
    twice = rejected_painted(
        with_stickers(SOLVED_FACELETS, D7="U", B9="R", L7="F", U6="D", R2="L", F4="B")
    )
    assert str(twice) == "two corners are white-red-green: a cube has one of each piece"
    assert sorted(twice.places) == [8, 9, 20, 33, 42, 53]


def test_swapped_centres_are_named_not_a_corner():
    # A real cube painted with two centres swapped: every piece would be real with the
    # centres back in place, so the message is about them, not about a corner.
    real = Cube.random(seed=4).to_facelets()
    painted = with_stickers(real, U5="R", R5="U")
    swapped = rejected_painted(painted)
    assert str(swapped) == (
        "the pieces are all real ones with the red and white centres swapped: "
        "a real cube's centres keep their places"
    )
    assert sorted(swapped.places) == [4, 13]
    assert rejected_stickers(painted).startswith(
        "the pieces are all real ones with the R and U centres"
    )
    assert rejected(painted).startswith("U5 is R and R5 is U: ")  # as a facelet string
    # Opposite centres swapped: any opposite pair swapped back gives a real cube (turned
    # over), so all three are named.
    opposite = rejected_painted(with_stickers(real, U5="D", D5="U"))
    assert str(opposite) == (
        "the pieces are all real ones with the green and blue centres swapped; or with the "
        "red and orange centres swapped; or with the yellow and white centres swapped: a "
        "real cube's centres keep their places"
    )
    assert sorted(opposite.places) == [4, 13, 22, 31, 40, 49]
    # Three centres moved round a corner: those, or the three round the opposite corner.
    cycled = rejected_painted(with_stickers(real, U5="R", R5="F", F5="U"))
    assert "the white centre on U" in str(cycled) and "; or with " in str(cycled)
    # A cube whose centres are right keeps its own message.
    assert "twisted" in str(rejected_painted(swap(SOLVED_FACELETS, ("U9", "R1"), ("R1", "F3"))))


def test_named_messages_for_counts_and_centres():
    counts = rejected_painted(with_stickers(SOLVED_FACELETS, U1="R"))
    assert str(counts) == "there are 8 white and 10 red stickers: a cube has 9 of each colour"
    # The red stickers are marked, but for the centre: one of them is misread.
    assert counts.places == (0, *range(9, 13), *range(14, 18))
    centres = rejected_painted(with_stickers(SOLVED_FACELETS, F5="U"))
    assert str(centres) == (
        "two centres are white: the six centres must have six different colours"
    )
    assert centres.places == (4, 22)
    white = rejected_painted("U" * 54)
    assert str(white).startswith("all six centres are white: ")
    assert white.places == (4, 13, 22, 31, 40, 49)


def test_unpainted_stickers_are_counted_not_called_colours():
    one = rejected_painted(with_stickers(SOLVED_FACELETS, U3="?"))
    assert str(one) == "1 sticker is not painted yet: U3"
    assert one.places == (2,)
    three = rejected_painted(with_stickers(SOLVED_FACELETS, U3="?", R2="?", B9="?"))
    assert str(three) == "3 stickers are not painted yet: U3, R2 and B9"
    centres_only = "".join(c if i % 9 == 4 else "?" for i, c in enumerate(SOLVED_FACELETS))
    many = rejected_painted(centres_only)
    assert str(many) == "48 stickers are not painted yet: U1, U2, U3, U4, U6 and 43 more"
    assert len(many.places) == 48
    # Without `unpainted`, "?" is just a colour no centre has, as before.
    with pytest.raises(InvalidCubeError, match="colour '\\?' at U3 is not on any centre"):
        Cube.from_stickers(painted(with_stickers(SOLVED_FACELETS, U3="?")))


def test_a_painted_real_cube_is_read_with_names_too():
    scrambled = Cube().apply("R U R' F2 D")
    assert Cube.from_stickers(painted(scrambled.to_facelets()), names=NAMES) == scrambled
