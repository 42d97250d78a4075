"""The nonogram pages' Python: hints and their reasons, link encoding, the gallery."""

import random
import re
from pathlib import Path

import pytest

from solvelab import web, web_nonogram
from solvelab.nonogram import Puzzle, dumps, parse, solve
from solvelab.nonogram.gallery import PICTURES, gallery_puzzle
from solvelab.nonogram.hints import explain, leftmost, next_hint
from solvelab.nonogram.link import (
    ALPHABET,
    MAX_LINK,
    decode_clues,
    decode_progress,
    encode_clues,
)


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_gallery_picture_has_exactly_one_solution(name):
    puzzle = gallery_puzzle(name)
    result = solve(puzzle)
    assert result.status == "unique"
    assert result.solutions[0] == puzzle.goal


def test_the_gallery_has_at_least_ten_pictures():
    assert len(web_nonogram.nonogram_gallery()["puzzles"]) >= 10


def test_overlap_reason_names_the_block_and_cells():
    assert explain([6], [0] * 8, [0, 0, 1, 1, 1, 1, 0, 0]) == ["the 6 must cover cells 3–6"]
    assert explain([2, 2], [0, 0, 0, 2, 0, 0], [0, 1, 0, 2, 0, 0]) == [
        "the 1st 2 must cover cell 2"
    ]


def test_unreachable_cells_are_explained():
    before = [1, 0, 0, 0, 0]
    assert explain([2], before, [1, 1, 2, 2, 2]) == [
        "the 2 must cover cell 2",
        "no block can reach cells 3–5",
    ]


def test_leftmost_placement_respects_marked_cells():
    assert leftmost([2, 1], [0, 0, 0, 0, 1]) == [0, 4]
    assert leftmost([3], [2, 0, 0, 0]) == [1]
    assert leftmost([3], [2, 0, 2, 0]) is None


def test_hints_lead_a_player_to_the_solution_and_every_cell_is_right():
    for name in ("heart", "house", "cat"):
        puzzle = gallery_puzzle(name)
        solution = [v for row in puzzle.goal for v in row]
        grid = [0] * len(solution)
        for _ in range(len(grid)):
            hint = next_hint(puzzle, grid, puzzle.goal)
            if hint["kind"] == "solved":
                break
            assert hint["kind"] in ("line", "cell") and hint["cells"], hint
            assert hint["reason"]
            for cell, value in hint["cells"]:
                assert (value == 1) == bool(solution[cell])
                grid[cell] = value
        assert [1 if c == 1 else 0 for c in grid] == solution


def test_a_wrong_mark_is_reported_before_any_deduction():
    puzzle = gallery_puzzle("heart")
    grid = [0] * 100
    grid[0] = 1  # the heart's corner is empty
    hint = web.nonogram_hint(rows=_rows(puzzle), columns=_columns(puzzle), grid=grid)
    assert hint["kind"] == "wrong" and hint["cells"] == [[0, 2]]


def _rows(puzzle):
    return [[b.length for b in clue] for clue in puzzle.rows]


def _columns(puzzle):
    return [[b.length for b in clue] for clue in puzzle.columns]


def test_links_round_trip_clues_and_progress():
    rng = random.Random(4)
    for _ in range(20):
        w, h = rng.randint(1, 70), rng.randint(1, 70)
        picture = [[rng.random() < 0.5 for _ in range(w)] for _ in range(h)]
        puzzle = Puzzle.from_grid(picture)
        text = encode_clues(puzzle)
        assert all(ch.isalnum() or ch in "._~" for ch in text)
        assert decode_clues(text) == puzzle
        cells = [rng.randrange(3) for _ in range(w * h)]
        padded = cells + [0] * (-len(cells) % 3)
        triples = zip(*[iter(padded)] * 3, strict=True)
        text = "".join(ALPHABET[a * 9 + b * 3 + c] for a, b, c in triples)
        assert decode_progress(text, w * h) == cells  # as the Play page writes it


def test_a_links_bad_progress_is_left_out_and_the_puzzle_opens():
    clues = encode_clues(Puzzle.from_grid(["X.", ".X"]))
    answer = web.nonogram_from_link(clues=clues, progress="!!")
    assert answer["width"] == 2 and "grid" not in answer
    assert answer["progress_error"] == (
        "the link's progress has a character it cannot hold: '!': the puzzle opens without it"
    )
    assert web.nonogram_from_link(clues=clues, progress="00")["grid"] == [0, 0, 0, 0]


def test_long_runs_use_two_characters():
    puzzle = Puzzle.from_grid(["X" * 100])
    assert decode_clues(encode_clues(puzzle)) == puzzle


def test_every_puzzle_of_the_largest_size_fits_in_a_link():
    """A checkerboard's clues are the longest a 100 × 100 puzzle can have; the pages
    refuse a longer link before Python reads it, by the same number."""
    checkerboard = Puzzle.from_grid(
        ["".join("X" if (r + c) % 2 else "." for c in range(100)) for r in range(100)]
    )
    clues = encode_clues(checkerboard)
    assert len(clues) == MAX_LINK
    assert web.nonogram_from_link(clues=clues)["width"] == 100
    for page in ("nonogram-play.js", "nonogram-edit.js"):
        text = (Path(__file__).parents[1] / "js" / page).read_text()
        assert re.search(r"const MAX_LINK = (\d+);", text).group(1) == str(MAX_LINK), page


@pytest.mark.parametrize(
    "clues",
    ["", "1.1", "1_1_1", "1<b>_1", "1.~z_1", "1" * 10_200],
)
def test_bad_links_give_a_message(clues):
    answer = web.nonogram_from_link(clues=clues)
    assert set(answer) == {"error"} and answer["error"]


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_a_link_to_a_gallery_picture_is_that_picture(name):
    puzzle = gallery_puzzle(name)
    answer = web.nonogram_from_link(clues=encode_clues(puzzle))
    assert (answer["title"], answer["source"]) == (PICTURES[name][0], f"gallery:{name}")
    assert answer["rows"] == _rows(puzzle)
    drawn = Puzzle.from_grid(["X.", ".X"])  # no gallery picture
    assert web.nonogram_from_link(clues=encode_clues(drawn))["source"] == "link"


def test_check_lists_wrong_cells():
    puzzle = gallery_puzzle("heart")
    grid = [0] * 100
    grid[0], grid[11] = 1, 2  # both wrong
    answer = web.nonogram_check(rows=_rows(puzzle), columns=_columns(puzzle), grid=grid)
    assert answer["wrong"] == [0, 11]


def test_generator_kinds():
    easy = web.nonogram_generate(width=8, height=8, seed=2, difficulty="easy")
    assert easy["difficulty"] == "line"
    hard = web.nonogram_generate(width=8, height=8, seed=2, difficulty="hard", density=0.5)
    assert hard["difficulty"] in ("probing", "search")
    for answer in (easy, hard):
        puzzle = decode_clues(answer["link"])
        assert solve(puzzle).status == "unique"


def test_generator_refuses_sizes_that_are_not_whole_numbers():
    for width in (10.5, float("nan"), 4, 101):
        answer = web.nonogram_generate(width=width, height=10)
        assert answer["error"].startswith("width and height must be whole numbers 5 to 100")


def test_the_generator_demo_shows_the_pictures_make_tries():
    for difficulty, density, seed in (("any", 0.4, 2), ("easy", 0.6, 2), ("hard", 0.5, 1)):
        shown = web_nonogram.nonogram_generator_trials(10, 10, density, seed, difficulty)["trials"]
        made = web.nonogram_generate(
            width=10, height=10, density=density, seed=seed, difficulty=difficulty
        )
        assert len(shown) == made["attempts"] and shown[-1]["kept"]
        assert not any(trial["kept"] for trial in shown[:-1])
        assert decode_clues(made["link"]) == Puzzle.from_grid(shown[-1]["picture"])
        for trial in shown:
            if trial["verdict"] == "multiple":  # the marked cells swapped: the same clues
                cells = list("".join(trial["picture"]))
                for i in trial["differ"]:
                    cells[i] = "X" if cells[i] == "." else "."
                other = ["".join(cells[k : k + 10]) for k in range(0, 100, 10)]
                assert Puzzle.from_grid(other) == Puzzle.from_grid(trial["picture"])


def test_the_generator_demo_refuses_what_it_cannot_show():
    for bad in ({"width": 4}, {"height": 16}, {"density": 1}, {"seed": None}, {"difficulty": "x"}):
        assert "error" in web.nonogram_generator_trials(**bad)
    # Python's random takes -2 for 2: the same pictures under two seeds
    assert "0 or more" in web_nonogram.nonogram_generator_trials(seed=-2)["error"]
    assert "0 or more" in web.nonogram_generate(seed=-2)["error"]
    assert "0 or more" in web_nonogram.nonogram_edit_random(5, 5, seed=-2)["error"]
    shown = web_nonogram.nonogram_generator_trials(12, 12, 0.3, 1)["trials"]
    assert len(shown) == web_nonogram.DEMO_SHOWN and not shown[-1]["kept"]


def test_generator_gives_up_at_its_budget_with_a_message():
    # However short the budget, a picture is judged: a slow machine still goes on.
    answer = web.nonogram_generate(width=60, height=60, density=0.5, seed=1, budget=1e-9)
    assert answer["tried"] == 1
    assert re.fullmatch(
        r"no unique puzzle found in 1 random 60 × 60 picture of density 0\.5 \(\d+\.\d s; "
        r"none is started after 1e-09 s\); try another density or a smaller size",
        answer["error"],
    ), answer
    # Asked again, it goes on after the pictures tried; at the attempts' end, it stops.
    again = web.nonogram_generate(width=60, height=60, density=0.5, seed=1, budget=1e-9, skip=7)
    assert again["tried"] == 8 and "in 8 random" in again["error"]
    last = web.nonogram_generate(width=60, height=60, density=0.5, seed=1, attempts=3, skip=2)
    assert last == {
        "error": "no unique puzzle found in 3 random 60 × 60 pictures of density 0.5; "
        "try another density or a smaller size"
    }


def test_generator_going_on_after_a_timeout_finds_the_puzzle_of_one_go():
    """A slow phone that runs out of time and goes on finds the same puzzle as a fast
    machine (the seed's first unique picture), so a seed names one puzzle."""
    args = {"width": 10, "height": 10, "density": 0.6, "seed": 1, "difficulty": "hard"}
    whole = web.nonogram_generate(**args)
    assert whole["attempts"] > 100
    resumed = web.nonogram_generate(**args, skip=100)
    assert (resumed["rows"], resumed["attempts"]) == (whole["rows"], whole["attempts"])


def test_solve_reports_two_solutions_a_contradiction_and_steps():
    two = web.nonogram_solve(text="rows\n2\n1 1\n2\ncolumns\n2\n1 1\n2")
    assert two["status"] == "multiple" and len(two["solutions"]) == 2
    bad = web.nonogram_solve(text="rows\n2\n1 1\n2\ncolumns\n1 1\n2\n2")
    assert bad["status"] == "none" and bad["line"] == 3
    assert bad["reason"].startswith("column 1 cannot be satisfied")
    steps = web.nonogram_solve(text="rows\n1\n3\n1\ncolumns\n1\n3\n1", steps=True)
    assert steps["status"] == "unique" and steps["steps"][0][0] == "line"


def test_clues_with_no_solution_come_with_the_lines_whose_clue_may_be_wrong():
    """The verdict says there are suspects to find; a second call finds them."""
    from solvelab.nonogram.bad_clues import (
        Suspect,
        pair_note,
        suspect_note,
        suspects,
        suspects_text,
    )
    from solvelab.nonogram.puzzle import Block

    # Column 3's clue wrong (found by line solving); then the ring with two columns'
    # clues swapped (two clues wrong); then rows and columns filling different
    # numbers of cells (found before solving).
    rows, columns = ["0", "2 1", "4", "4"], ["3", "3", "1 1", "3"]
    bad = web.nonogram_solve(row_texts=rows, column_texts=columns)
    assert bad["status"] == "none" and bad["line"] == 6 and bad["suspects_to_find"]
    puzzle = parse("rows\n" + "\n".join(rows) + "\ncolumns\n" + "\n".join(columns))
    found = suspects(puzzle)
    assert web.nonogram_suspects(row_texts=rows, column_texts=columns) == {
        "suspects": [{"line": s.line, "note": suspect_note(puzzle, s)} for s in found],
        "text": suspects_text(puzzle, found),
    }
    assert [s.line for s in found] == [6]
    # Two clues wrong: no one line, so a call for two, which names each line of the
    # pairs, with the other line of its pair.
    ring = {"row_texts": ["2", "1 1", "2"], "column_texts": ["1 1", "2", "2"]}
    assert web.nonogram_suspects(**ring) == {
        "suspects": [],
        "text": "changing any one clue leaves no solution: two clues or more are wrong",
        "two_to_find": True,
    }
    told = []
    swapped = web.nonogram_suspects(**ring, two=True, on_progress=told.append)
    assert swapped["text"].startswith("3 pairs of clues could each be the wrong two")
    # Each pair told as it was found: its two lines, each with a note of the pair.
    assert len(told) == 3
    assert all(update["stage"] == "suspects" and len(update["suspects"]) == 2 for update in told)
    assert {s["line"] for update in told for s in update["suspects"]} == {0, 1, 2, 3, 4}
    assert all(s["note"].startswith("this clue and ") for u in told for s in u["suspects"])
    assert [s["line"] for s in swapped["suspects"]] == [0, 1, 2, 3, 4]
    assert "two_to_find" not in swapped
    ring = parse("rows\n2\n1 1\n2\ncolumns\n1 1\n2\n2")
    assert swapped["suspects"][3]["note"] == pair_note(
        ring, (Suspect(3, (Block(2),)), Suspect(4, (Block(1), Block(1)))), 3
    )
    rows, columns = ["0", "2 1", "4", "3"], ["3", "3", "2", "3"]
    totals = web.nonogram_solve(row_texts=rows, column_texts=columns)
    assert totals["error"] == "the rows fill 10 cells and the columns 11"
    assert totals["suspects_to_find"]
    told = []
    found = web.nonogram_suspects(row_texts=rows, column_texts=columns, on_progress=told.append)
    found = found["suspects"]
    assert [s["line"] for s in found] == [0, 3, 4, 7]
    assert sorted(s["line"] for update in told for s in update["suspects"]) == [0, 3, 4, 7]
    assert found[1]["note"] == (
        "this clue may be wrong: with 4 here, the other clues have a solution"
    )
    # Clues that are only malformed, or too long for their line, or solvable: none.
    assert "suspects_to_find" not in web.nonogram_solve(row_texts=["x"], column_texts=["1"])
    assert "suspects_to_find" not in web.nonogram_solve(row_texts=["2"], column_texts=["1"])
    assert "suspects_to_find" not in web.nonogram_solve(row_texts=["1"], column_texts=["1"])
    for rows, columns in ((["x"], ["1"]), (["2"], ["1"])):
        assert web.nonogram_suspects(row_texts=rows, column_texts=columns) == {}


def test_the_solve_page_reads_clues_whose_rows_and_columns_fill_different_counts():
    text = "rows\n0\n2 1\n4\n3\ncolumns\n3\n3\n2\n3"
    assert web.nonogram_from_text(text=text) == {
        "error": "the rows fill 10 cells and the columns 11"
    }  # the Play page's: such clues cannot be played
    read = web.nonogram_from_text(text=text, check_totals=False)  # the Solve page's
    assert read["rows"] == [[], [2, 1], [4], [3]] and read["columns"] == [[3], [3], [2], [3]]
    too_long = web.nonogram_from_text(text="rows\n5\ncolumns\n1", check_totals=False)
    assert too_long == {"error": "row 1: clue 5 needs 5 cells, the row has 1"}


def test_a_search_for_the_wrong_clue_that_runs_out_of_work_says_so(monkeypatch):
    from solvelab.nonogram import bad_clues

    monkeypatch.setattr(
        web_nonogram,
        "wrong_clue",
        lambda puzzle, on_found: bad_clues.wrong_clue(puzzle, work=1, on_found=on_found),
    )
    answer = web.nonogram_suspects(row_texts=["0", "2 1", "4", "3"], column_texts=["3"] * 4)
    assert answer == {"text": bad_clues.GAVE_UP}
    monkeypatch.setattr(
        web_nonogram,
        "wrong_pair",
        lambda puzzle, on_found: bad_clues.wrong_pair(puzzle, work=1, on_found=on_found),
    )
    ring = {"row_texts": ["2", "1 1", "2"], "column_texts": ["1 1", "2", "2"]}
    assert web.nonogram_suspects(**ring, two=True) == {"text": bad_clues.GAVE_UP_PAIRS}


def test_solve_answers_without_steps_when_recording_them_takes_too_long(monkeypatch):
    """Recording steps takes longer (a plain search is slow on some puzzles): past the
    limit, plain and then learning, the answer comes without them, never as a timeout."""
    monkeypatch.setattr(web_nonogram, "PLAIN_RECORD_WORK", 1)  # any search needs more
    monkeypatch.setattr(web_nonogram, "LEARNING_RECORD_WORK", 1)
    ring = web.nonogram_solve(text="rows\n2\n1 1\n2\ncolumns\n2\n1 1\n2", steps=True)
    assert ring["status"] == "multiple" and len(ring["solutions"]) == 2
    assert "steps" not in ring
    assert ring["note"].startswith("The steps were not recorded")


def test_solve_records_the_learning_searchs_steps_when_plain_backtracking_is_too_slow(
    monkeypatch,
):
    """Past its limit, a plain search's steps give way to the learning search's."""
    from solvelab.nonogram.solver import TIMEOUT, Result

    plain = []

    def plain_runs_out(puzzle, **options):
        if options.get("learning", True) is False:
            plain.append(puzzle)
            return Result(puzzle, TIMEOUT)  # as a plain search past PLAIN_RECORD_WORK does
        return solve(puzzle, **options)

    monkeypatch.setattr(web_nonogram, "solve", plain_runs_out)
    rows = "1 1|2 1 1|1 2|3 4 1|2 2|2 1 1 1|1 1 2|2 2 1|1 2|1 2 1 1|2 1"  # the chapter's demo
    columns = "1 1 1 2|1 1|1 3 1|1 2 1|1|1 1|2 3 1|1 2|1 4 1|1 3|1 1 3|2 1"
    answer = web.nonogram_solve(
        row_texts=rows.split("|"), column_texts=columns.split("|"), steps=True
    )
    assert len(plain) == 1 and answer["status"] == "unique"
    kinds = [step[0] for step in answer["steps"]]
    assert "learn" in kinds and "backtrack" not in kinds and kinds[-1] == "conflict"
    assert answer["note"].startswith(
        "Plain backtracking needs over 1,000,000 line solves on these clues"
    )


def test_the_steps_recorded_are_the_same_on_a_slow_machine(monkeypatch):
    """Recording steps is bounded by work, not time: on a machine so slow that each
    look at the clock finds 10 s gone, a puzzle gets the steps a fast one gets (here
    the learning search's, plain backtracking needing more than its budget)."""
    import itertools
    from types import SimpleNamespace

    from solvelab.nonogram import solver as solver_module

    monkeypatch.setattr(web_nonogram, "PLAIN_RECORD_WORK", 2000)  # the demo's needs 5,451
    rows = "1 1|2 1 1|1 2|3 4 1|2 2|2 1 1 1|1 1 2|2 2 1|1 2|1 2 1 1|2 1"  # the chapter's demo
    columns = "1 1 1 2|1 1|1 3 1|1 2 1|1|1 1|2 3 1|1 2|1 4 1|1 3|1 1 3|2 1"
    clues = {"row_texts": rows.split("|"), "column_texts": columns.split("|"), "steps": True}
    fast = web.nonogram_solve(**clues)
    ticks = itertools.count(step=10)
    monkeypatch.setattr(
        solver_module, "time", SimpleNamespace(perf_counter=lambda: float(next(ticks)))
    )
    slow = web.nonogram_solve(**clues)
    assert slow == fast and fast["status"] == "unique"
    assert fast["note"].startswith("Plain backtracking needs over 2,000 line solves on these clues")
    assert "learn" in [step[0] for step in fast["steps"]]


def test_export_round_trips_through_every_format():
    puzzle = gallery_puzzle("key")
    for fmt in ("xml", "non", "text", "pattern"):
        text = dumps(puzzle, fmt)
        again = web.nonogram_from_text(text=text)
        assert again["rows"] == _rows(puzzle) and again["columns"] == _columns(puzzle)


def test_solve_takes_one_clue_a_line_and_names_the_line_of_a_bad_one():
    ring = web.nonogram_solve(row_texts=["2", "1 1", "2"], column_texts=["2", "1,1", "2"])
    assert ring["status"] == "multiple"
    blank = web.nonogram_solve(row_texts=["1", "", "-"], column_texts=["0", "1", ""])
    assert blank["status"] == "unique"
    bad = web.nonogram_solve(row_texts=["2", "1 1", "2"], column_texts=["2", "1 x", "2"])
    assert bad == {"error": "column 2: 'x' is not a clue number (1 or more)", "line": 4}
    too_long = web.nonogram_solve(row_texts=["2", "1 1", "4"], column_texts=["2", "1 1", "2"])
    assert too_long["line"] == 2 and "clue 4 needs 4 cells" in too_long["error"]
    zero = web.nonogram_solve(row_texts=["1 0"], column_texts=["1"])
    assert zero["line"] == 0
    # A box is read whole: spaces before a clue do not push it out of reach.
    spaced = web.nonogram_solve(row_texts=[" " * 450 + "1 1"], column_texts=["1", "", "1"])
    assert spaced["status"] == "unique"
    # A pasted clue of thousands of numbers is quoted by its first ten.
    huge = web.nonogram_solve(row_texts=["1 " * 5000], column_texts=["1", "", "1"])
    assert huge["error"] == (
        "row 1: clues 1 1 1 1 1 1 1 1 1 1 … (5000 numbers) need 9999 cells, the row has 3"
    )
    # A number too big for its line is named as that, however many digits it has.
    for number in ("1000", "99999"):
        big = web.nonogram_solve(row_texts=[number, "1", "1"], column_texts=["1", "1", "1"])
        message = f"row 1: clue {number} needs {number} cells, the row has 3"
        assert big == {"error": message, "line": 0}
    absurd = web.nonogram_solve(row_texts=["1"], column_texts=["9" * 5000])
    assert absurd["line"] == 1 and absurd["error"].endswith("is longer than any line")


def test_a_puzzle_past_the_size_limit_says_its_size():
    # The solve page's limit is lower than the library's: it words its own message.
    answer = web.nonogram_from_text(text="500x500:" + "/".join(["1"] * 1000))
    assert answer == {
        "error": "the puzzle is 500 × 500 cells; at most 200 × 200 are allowed",
        "width": 500,
        "height": 500,
    }


def test_a_colour_puzzle_is_refused_with_what_takes_it():
    text = "colour X black\ncolour r red\nrows\n1r\ncolumns\n1r\n"
    message = (
        "the puzzle has 2 colours: these pages take one-colour puzzles only "
        "(solvelab nonogram solve, on the command line, takes any)"
    )
    assert web.nonogram_from_text(text=text, name="red.txt")["error"].endswith(message)
    assert web.nonogram_solve(text=text)["error"] == message
