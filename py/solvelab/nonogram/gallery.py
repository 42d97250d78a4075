"""The gallery: small pixel pictures drawn for solvelab (not taken from any
collection), each with a unique solution (``tests/test_nonogram_web.py`` proves it).

>>> puzzle = gallery_puzzle("heart")
>>> puzzle.width, puzzle.height, puzzle.title
(10, 10, 'Heart')
"""

from __future__ import annotations

from solvelab.nonogram.puzzle import Puzzle

# name -> (title, rows of the picture: X filled, . empty)
PICTURES: dict[str, tuple[str, tuple[str, ...]]] = {
    "heart": (
        "Heart",
        (
            "..........",
            ".XX....XX.",
            "XXXX..XXXX",
            "XXXXXXXXXX",
            "XXXXXXXXXX",
            ".XXXXXXXX.",
            "..XXXXXX..",
            "...XXXX...",
            "....XX....",
            "..........",
        ),
    ),
    "house": (
        "House",
        (
            "......X.....",
            ".....XXX.XX.",
            "....XXXXXXX.",
            "...XXXXXXXX.",
            "..XXXXXXXXXX",
            ".XXXXXXXXXXX",
            "..X.......X.",
            "..X.XX.XX.X.",
            "..X.XX.XX.X.",
            "..X.......X.",
            "..X.XXX...X.",
            "..X.X.X...X.",
            "..XXXXXXXXX.",
        ),
    ),
    "cat": (
        "Cat",
        (
            "X.....X...",
            "XX...XX...",
            "XXXXXXX...",
            "X.XXX.X...",
            "XXXXXXX.X.",
            ".XX.XX..X.",
            "..XXX...X.",
            ".XXXXX.X..",
            ".XXXXXXX..",
            ".XX.XX.X..",
        ),
    ),
    "tree": (
        "Fir tree",
        (
            "....XX....",
            "...XXXX...",
            "..XXXXXX..",
            "...XXXX...",
            "..XXXXXX..",
            ".XXXXXXXX.",
            "..XXXXXX..",
            ".XXXXXXXX.",
            "XXXXXXXXXX",
            "....XX....",
            "....XX....",
            "..XXXXXX..",
        ),
    ),
    "boat": (
        "Sailing boat",
        (
            "......X.......",
            "......XX......",
            "......XXX.....",
            "......XXXX....",
            "......XXXXX...",
            "......XXXXXX..",
            "......X.......",
            "XXXXXXXXXXXXXX",
            ".XXXXXXXXXXXX.",
            "..XXXXXXXXXX..",
            "..............",
            "X.XX.XXX.XX.XX",
        ),
    ),
    "fish": (
        "Fish",
        (
            "....XXXX.......",
            "...XXXXXX....XX",
            ".XXXXXXXXX..XXX",
            "XXX.XXXXXXXXXX.",
            "XXXXXXXXXXXXX..",
            ".XXXXXXXXXXXXX.",
            "..XXXXXXXX..XXX",
            "....XXXXX....XX",
        ),
    ),
    "key": (
        "Key",
        (
            ".XXX..........",
            "XX.XX.........",
            "X...XXXXXXXXXX",
            "XX.XX.....X.XX",
            ".XXX......X.X.",
        ),
    ),
    "mushroom": (
        "Mushroom",
        (
            "....XXXX....",
            "..XXX..XXX..",
            ".XX.XXXX.XX.",
            "XX.XXXXXX.XX",
            "XXXXX..XXXXX",
            "XXXX....XXXX",
            ".XXXXXXXXXX.",
            "....X..X....",
            "....X..X....",
            "....XXXX....",
        ),
    ),
    "umbrella": (
        "Umbrella",
        (
            ".....XX.....",
            "...XXXXXX...",
            ".XXXXXXXXXX.",
            "XXXXXXXXXXXX",
            "X..X.XX.X..X",
            ".....XX.....",
            ".....XX.....",
            ".....XX.....",
            "..X..XX.....",
            "..XXXXX.....",
            "...XXX......",
        ),
    ),
    "cup": (
        "Hot cup",
        (
            "..X..X..X...",
            "...X..X..X..",
            "..X..X..X...",
            "............",
            "XXXXXXXXXX..",
            "X........XXX",
            "X........X.X",
            "XX......XXXX",
            ".X......X...",
            ".XXXXXXXX...",
            "XXXXXXXXXX..",
        ),
    ),
    "note": (
        "Two notes",
        (
            "....XXXXXX",
            "....XXXXXX",
            "....X....X",
            "....X....X",
            "....X....X",
            "..XXX..XXX",
            ".XXXX.XXXX",
            ".XXXX.XXXX",
            "..XX...XX.",
        ),
    ),
    "rocket": (
        "Rocket",
        (
            ".....XX.....",
            "....XXXX....",
            "...XX..XX...",
            "...X.XX.X...",
            "...X.XX.X...",
            "...XX..XX...",
            "...XXXXXX...",
            "..XXXXXXXX..",
            ".XX.XXXX.XX.",
            "XX..X..X..XX",
            "....X..X....",
            ".....XX.....",
            "....X..X....",
        ),
    ),
}


def gallery_puzzle(name: str) -> Puzzle:
    """The gallery's puzzle called ``name`` (its picture is the puzzle's ``goal``)."""
    if name not in PICTURES:
        raise ValueError(f"there is no gallery puzzle {name!r}")
    title, rows = PICTURES[name]
    return Puzzle.from_grid(rows, title=title)
