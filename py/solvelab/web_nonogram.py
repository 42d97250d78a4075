"""What the nonogram pages ask of Python, in plain JSON-ready values.

:mod:`solvelab.web` re-exports these (the worker calls only its functions).
A puzzle travels as ``{"rows": [[3, 1], ...], "columns": [...]}`` (one-colour
clues), a player's grid as a list of cells: 0 unknown, 1 filled, 2 crossed.
Mistakes a user can make come back as ``{"error": message}``.

>>> answer = nonogram_from_link("11.3_2.1.2")
>>> answer["width"], answer["height"], answer["rows"]
(3, 2, [[1, 1], [3]])
>>> nonogram_from_link("11.3_2")["error"]
'row 1: clues 1 1 need 3 cells, the row has 1'
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache

from solvelab.nonogram.bad_clues import wrong_clue, wrong_pair
from solvelab.nonogram.errors import NonogramError, PuzzleTooLarge, UnsatisfiableClues, shortened
from solvelab.nonogram.files import dumps, parse
from solvelab.nonogram.gallery import PICTURES, gallery_puzzle
from solvelab.nonogram.generator import (
    DIFFICULTIES,
    GeneratorError,
    find_unique,
    random_picture,
    trials,
)
from solvelab.nonogram.hints import next_hint
from solvelab.nonogram.line import LineSolver
from solvelab.nonogram.link import decode_clues, decode_progress, encode_clues
from solvelab.nonogram.placements import count_placements, placements
from solvelab.nonogram.puzzle import MAX_SIZE, Block, Puzzle, min_length, too_long
from solvelab.nonogram.solver import MULTIPLE, NONE, TIMEOUT, UNIQUE, solve

MAX_TEXT = 2_000_000  # characters of an opened file
MAX_LINE = 100  # cells of the line demo's line (the pages' largest puzzle)
# The most work (line solves, the solver's work_limit) a solve recording its steps
# does, by plain backtracking and by the learning search (see nonogram_solve): work,
# not time, so that a puzzle gets the same steps on a phone as on a desktop. Each
# took 2–8 s in CPython on a 2-core machine on the benchmark puzzles (plain
# backtracking answers several times as many line solves a second from its cache),
# and Pyodide takes 2.3 times as long.
PLAIN_RECORD_WORK = 1_000_000
LEARNING_RECORD_WORK = 150_000
_results: dict[tuple, object] = {}  # the latest puzzles' solver results, by clues


def _puzzle_of(rows: list[list[int]], columns: list[list[int]]) -> Puzzle:
    return Puzzle(
        tuple(tuple(Block(int(n), 1) for n in clue) for clue in rows),
        tuple(tuple(Block(int(n), 1) for n in clue) for clue in columns),
    )


def _result(puzzle: Puzzle):
    """The solver's result, kept for the next question about the same clues. No time
    limit: a hard puzzle on a slow phone is decided later, never left undecided (the
    page abandons the question when another puzzle opens)."""
    key = (puzzle.rows, puzzle.columns)
    if key not in _results:
        if len(_results) > 8:
            _results.clear()
        _results[key] = solve(puzzle)
    return _results[key]


def _one_colour(puzzle: Puzzle) -> None:
    if len(puzzle.colours) != 2:
        raise NonogramError(
            f"the puzzle has {len(puzzle.colours) - 1} colours: these pages take one-colour "
            "puzzles only (solvelab nonogram solve, on the command line, takes any)"
        )


def _json(puzzle: Puzzle, **extra) -> dict:
    _one_colour(puzzle)
    answer = {
        "width": puzzle.width,
        "height": puzzle.height,
        "rows": [[b.length for b in clue] for clue in puzzle.rows],
        "columns": [[b.length for b in clue] for clue in puzzle.columns],
        "title": puzzle.title,
        "link": encode_clues(puzzle),
    }
    answer.update(extra)
    return answer


def nonogram_gallery() -> dict:
    """The gallery: ``{"puzzles": [{name, title, width, height}, ...]}``."""
    puzzles = []
    for name, (title, rows) in PICTURES.items():
        puzzles.append({"name": name, "title": title, "width": len(rows[0]), "height": len(rows)})
    return {"puzzles": puzzles}


def nonogram_from_gallery(name: str) -> dict:
    """The gallery's puzzle ``name``."""
    try:
        return _json(gallery_puzzle(name), source=f"gallery:{name}")
    except ValueError as error:
        return {"error": str(error)}


def _refused(width, height, density, largest: int) -> dict | None:
    """The error for a random puzzle's size (5 to ``largest``) or density (0.05 to
    0.95) out of range, as the pages' forms send them; None when they are right."""
    if not all(type(n) is int and 5 <= n <= largest for n in (width, height)):
        sides = f"{width} × {height}"
        return {"error": f"width and height must be whole numbers 5 to {largest}, not {sides}"}
    if not 0.05 <= density <= 0.95:
        return {"error": f"the density must be 0.05 to 0.95, not {density}"}
    return None


def nonogram_generate(
    width: int = 10,
    height: int = 10,
    density: float = 0.6,
    seed: int | None = None,
    difficulty: str = "any",
    attempts: int = 400,
    budget: float = 20.0,
    skip: int = 0,
) -> dict:
    """A random puzzle the solver proves unique: ``difficulty`` ``easy`` (line
    solving alone), ``hard`` (needs probing or search) or ``any``. The page waits
    ``budget`` seconds a time (and for the picture being checked then): then the
    error has ``tried``, the pictures tried, and asked again with ``skip`` =
    ``tried`` the search goes on where it was."""
    refused = _refused(width, height, density, 100)
    if refused:
        return refused
    try:
        puzzle, result, tried = find_unique(
            width, height, density, seed, difficulty, attempts, budget, skip
        )
    except GeneratorError as error:
        if error.out_of_time:
            return {"error": str(error), "tried": error.tried}
        return {"error": str(error)}
    _results[(puzzle.rows, puzzle.columns)] = result
    return _json(puzzle, difficulty=result.difficulty, attempts=tried, source="generated")


DEMO_SIDE = 15  # the generator demo's largest width and height
DEMO_SHOWN = 12  # the pictures it shows at most


def _refused_seed(seed: object) -> dict | None:
    """Why ``seed`` is no seed, or None (Python's random takes -2 for 2: the same pictures)."""
    if type(seed) is int and seed >= 0:
        return None
    return {"error": f"the seed must be a whole number, 0 or more, not {seed}"}


def nonogram_generator_trials(
    width: int = 10,
    height: int = 10,
    density: float = 0.4,
    seed: int = 1,
    difficulty: str = "any",
) -> dict:
    """The generator at work, for the Nonograms chapter's demo: the seed's pictures
    up to the first one kept (at most :data:`DEMO_SHOWN`), the same ones
    :func:`nonogram_generate` tries, each ``{"picture": [row strings, "X" filled],
    "verdict", "kept"}``. ``verdict``: ``blank``, ``not line-solvable`` (not
    checked), ``timeout``, ``multiple`` (with ``differ``, the cells where the
    second solution found differs) or ``unique`` (with ``difficulty`` and
    ``guesses``).

    >>> [t["verdict"] for t in nonogram_generator_trials(10, 10, 0.4, 2)["trials"]]
    ['multiple', 'multiple', 'multiple', 'multiple', 'unique']
    """
    refused = _refused(width, height, density, DEMO_SIDE)
    if refused:
        return refused
    if refused := _refused_seed(seed):
        return refused
    if difficulty not in DIFFICULTIES:
        return {"error": f"the kind must be one of {', '.join(DIFFICULTIES)}, not {difficulty}"}
    shown = []
    for trial in trials(width, height, density, seed, difficulty):
        answer = {
            "picture": ["".join(".X"[c] for c in row) for row in trial.picture],
            "kept": trial.kept,
        }
        result = trial.result
        if trial.puzzle is None:
            answer["verdict"] = "blank"
        elif result is None:
            answer["verdict"] = "not line-solvable"
        else:
            answer["verdict"] = result.status
        if answer["verdict"] == MULTIPLE:
            first, second = ([c for row in grid for c in row] for grid in result.solutions[:2])
            answer["differ"] = [
                i for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b
            ]
        elif answer["verdict"] == UNIQUE:
            answer["difficulty"] = result.difficulty
            answer["guesses"] = result.stats.branches
        shown.append(answer)
        if trial.kept or len(shown) == DEMO_SHOWN:
            break
    return {"trials": shown}


def _file_error(error: Exception, name: str) -> str:
    """An opened file's error, naming the file as a syntax error in it does."""
    message = str(error)
    return message if not name or message.startswith(f"{name}:") else f"{name}: {message}"


def nonogram_from_text(text: str, name: str = "", check_totals: bool = True) -> dict:
    """A puzzle from a file's text (webpbn XML, .non, clue text or a Pattern game ID, by
    ``name`` or content). A puzzle over the size limit's error has its ``width`` and
    ``height`` too (the solve page has a lower limit of its own to say). Without
    ``check_totals`` (the Solve page, whose Solve says which clue may be wrong), clues
    whose rows and columns fill different numbers of cells are read too."""
    if len(text) > MAX_TEXT:
        return {"error": f"the file is over {MAX_TEXT:,} characters"}
    try:
        return _json(parse(text, source=name or None), source="file")
    except UnsatisfiableClues as error:
        if check_totals or error.puzzle is None:
            return {"error": _file_error(error, name)}
        return _json(error.puzzle, source="file")
    except PuzzleTooLarge as error:
        return {"error": _file_error(error, name), "width": error.width, "height": error.height}
    except (NonogramError, ValueError) as error:
        return {"error": _file_error(error, name)}


@cache
def _gallery_names() -> dict[str, str]:
    """The gallery's pictures' names by their clues as a link holds them."""
    return {encode_clues(gallery_puzzle(name)): name for name in PICTURES}


def nonogram_from_link(clues: str, progress: str | None = None) -> dict:
    """A puzzle from a link's clues (see :mod:`solvelab.nonogram.link`), with the
    player's ``grid`` when the link has ``progress``; bad progress is left out, and
    ``progress_error`` says why (the puzzle still opens). Clues of a gallery picture
    give that picture, with its title and ``source`` ``gallery:<name>``. A puzzle over
    the size limit's error has its ``width`` and ``height`` too, as
    :func:`nonogram_from_text`'s."""
    try:
        puzzle = decode_clues(clues)
        extra = {}
        if progress:
            try:
                extra["grid"] = decode_progress(progress, puzzle.width * puzzle.height)
            except NonogramError as error:
                extra["progress_error"] = f"{error}: the puzzle opens without it"
        name = _gallery_names().get(encode_clues(puzzle))
        if name:  # the link is to a gallery picture: it keeps its title and place
            return _json(gallery_puzzle(name), source=f"gallery:{name}", **extra)
        return _json(puzzle, source="link", **extra)
    except PuzzleTooLarge as error:
        return {"error": str(error), "width": error.width, "height": error.height}
    except (NonogramError, ValueError) as error:
        return {"error": str(error)}


def _unique(puzzle: Puzzle) -> tuple | dict:
    """The puzzle's solution, or ``{"error", "status"}`` when it has not exactly one
    (``status`` ``multiple`` or ``none``)."""
    result = _result(puzzle)
    if result.status == UNIQUE:
        return result.solutions[0]
    if result.status == MULTIPLE:
        error = "this puzzle has more than one solution, so no cell is wrong for sure"
    else:
        error = f"this puzzle has no solution ({result.reason})"
    return {"error": error, "status": result.status}


def nonogram_check(rows: list[list[int]], columns: list[list[int]], grid: list[int]) -> dict:
    """The marked cells that disagree with the unique solution:
    ``{"status": "unique", "wrong": [cells], "missing": n}``; for a puzzle without
    exactly one solution, ``{"error", "status"}`` (see :func:`_unique`). The Play
    page asks with an empty grid, as soon as it opens a puzzle, for the verdict.

    >>> nonogram_check([[1], [1]], [[1], [1]], [0] * 4)["status"]
    'multiple'
    """
    try:
        puzzle = _puzzle_of(rows, columns)
    except NonogramError as error:
        return {"error": str(error)}
    solution = _unique(puzzle)
    if isinstance(solution, dict):
        return solution
    flat = [v for row in solution for v in row]
    wrong = [i for i, c in enumerate(grid) if c and (c == 1) != bool(flat[i])]
    missing = sum(1 for i, c in enumerate(grid) if flat[i] and c != 1)
    return {"status": UNIQUE, "wrong": wrong, "missing": missing}


def nonogram_hint(rows: list[list[int]], columns: list[list[int]], grid: list[int]) -> dict:
    """The next logical step on the player's grid (see
    :func:`solvelab.nonogram.hints.next_hint`). On a puzzle with no solution, or
    with more than one where no line tells more, no step can lead to a single
    solution, and the hint (``kind`` ``no-solution`` or ``multiple``) says so.

    >>> nonogram_hint([[1], [1]], [[1], [1]], [0] * 4)["kind"]
    'multiple'
    """
    try:
        puzzle = _puzzle_of(rows, columns)
        solution = _unique(puzzle)
        if not isinstance(solution, dict):
            return next_hint(puzzle, grid, solution)
        hint = next_hint(puzzle, grid)
    except (NonogramError, ValueError) as error:
        return {"error": str(error)}
    if solution["status"] == NONE:
        return {"kind": "no-solution", "reason": solution["error"], "cells": []}
    if solution["status"] == MULTIPLE and hint["kind"] == "none":
        reason = (
            "no single row or column tells more, and this puzzle has more than one "
            "solution: the cells left may have no single answer, so mark them any way "
            "that fits the clues"
        )
        return {"kind": "multiple", "reason": reason, "cells": []}
    return hint


_LINE = re.compile(r"^(row|column) (\d+)")


_CLUE_PART = re.compile(r"[1-9]\d*$")


def _line_clues(texts: list[str], kind: str) -> list[list[int]]:
    """One clue a text (numbers separated by spaces or commas; empty, ``0`` or ``-``
    for a blank line); a :class:`NonogramError` names the line of a bad one."""
    clues = []
    for number, text in enumerate(texts, 1):
        text = str(text).strip()
        if text in ("", "0", "-"):
            clues.append([])
            continue
        parts = text.replace(",", " ").split()
        for part in parts:
            if not _CLUE_PART.match(part):
                raise NonogramError(
                    f"{kind} {number}: {shortened(part)!r} is not a clue number (1 or more)"
                )
            if len(part) > 9:  # a shorter one is named with its line's size
                raise NonogramError(
                    f"{kind} {number}: clue {shortened(part)} is longer than any line"
                )
        clues.append([int(part) for part in parts])
    return clues


def nonogram_solve(
    text: str | None = None,
    rows: list[list[int]] | None = None,
    columns: list[list[int]] | None = None,
    steps: bool = False,
    row_texts: list[str] | None = None,
    column_texts: list[str] | None = None,
    learning: bool = False,
) -> dict:
    """Solve clues (``text`` in any file format, ``rows`` and ``columns``, or one
    text a line in ``row_texts`` and ``column_texts``):
    ``{"status", "solutions", "reason", "line", "difficulty", "steps", "puzzle"}``.

    ``line`` is the line (rows first, then columns) that a bad clue or a
    contradiction is about, when the message names one; ``steps`` (with
    ``steps``) are the solver's step records as lists (see
    :meth:`solvelab.nonogram.steps.Step.to_json`): of plain backtracking with
    probing at every guess, each line solve a step (the Solve page's step mode),
    or with ``learning`` of the learning search, its guesses, conflicts and nogoods
    (the solver chapter's demo). A plain search is slow on some puzzles: past
    ``PLAIN_RECORD_WORK`` the learning search's steps are recorded instead, and past
    ``LEARNING_RECORD_WORK`` the puzzle is solved without steps; ``note`` says which.
    No time limit otherwise: a valid puzzle gets its answer, and Stop ends a solve.

    >>> nonogram_solve(row_texts=["1", "x"], column_texts=["1", "1"])
    {'error': "row 2: 'x' is not a clue number (1 or more)", 'line': 1}
    >>> nonogram_solve(row_texts=["1", "1"], column_texts=["3", ""])["line"]
    2
    """
    if row_texts is not None:
        rows = row_texts  # their count says which line an error is on
    try:
        if row_texts is not None:
            rows = _line_clues(row_texts, "row")
            columns = _line_clues(column_texts or [], "column")
        if text is not None:
            if len(text) > MAX_TEXT:
                return {"error": f"the text is over {MAX_TEXT:,} characters"}
            puzzle = parse(text)
        else:
            puzzle = _puzzle_of(rows or [], columns or [])
        _one_colour(puzzle)
    except (NonogramError, ValueError) as error:
        message = str(error)
        answer = {"error": message}
        match = _LINE.match(message)
        if match and text is None:
            answer["line"] = _line_index(match, len(rows or []))
        clues = error.puzzle if isinstance(error, UnsatisfiableClues) else None
        if clues is not None and len(clues.colours) == 2:  # rows and columns fill different counts
            answer["suspects_to_find"] = True
        return answer
    note = ""
    if steps:
        work = LEARNING_RECORD_WORK if learning else PLAIN_RECORD_WORK
        result = solve(puzzle, record_steps=True, learning=learning, work_limit=work)
        if result.status == TIMEOUT and not learning:
            note = (
                f"Plain backtracking needs over {PLAIN_RECORD_WORK:,} line solves on these "
                "clues: the steps are the learning search's (its guesses, contradictions and "
                "nogoods)."
            )
            result = solve(puzzle, record_steps=True, work_limit=LEARNING_RECORD_WORK)
    else:
        result = solve(puzzle)
    if result.status == TIMEOUT:  # only a solve recording its steps has a limit
        note = (
            "The steps were not recorded: with them the search needs over "
            f"{LEARNING_RECORD_WORK:,} line solves on these clues."
        )
        result = solve(puzzle)
    answer = {
        "status": result.status,
        "solutions": [[v for row in grid for v in row] for grid in result.solutions],
        "reason": result.reason,
        "difficulty": result.difficulty,
        "puzzle": _json(puzzle),
    }
    match = _LINE.match(result.reason)
    if match:
        answer["line"] = _line_index(match, puzzle.height)
    if result.status == NONE:
        answer["suspects_to_find"] = True
    if result.steps is not None:
        answer["steps"] = [step.to_json() for step in result.steps]
    if note:
        answer["note"] = note
    return answer


def nonogram_suspects(
    row_texts: list[str],
    column_texts: list[str],
    two: bool = False,
    on_progress: Callable[[dict], None] | None = None,
) -> dict:
    """For clues with no solution (``nonogram_solve`` said ``suspects_to_find``), the
    lines whose clue may be the wrong one (see :mod:`solvelab.nonogram.bad_clues`):
    ``{"suspects": [{"line", "note"}, ...], "text"}``, with ``"two_to_find": true``
    if no one line will do; then, called with ``two``, the lines of the pairs whose
    clues may both be wrong. Only ``{"text"}`` if the search ran out of work before it
    found any (the lines found by then, if any, come with words saying so); ``{}``
    for clues that are malformed or too long for their line. Calls of their own, as
    they take longer than the verdict: seconds, and for two, tens of seconds (minutes
    on a phone): ``on_progress``, if given, is told each line (or pair) as it is found,
    as ``{"stage": "suspects", "suspects": [{"line", "note"}, ...]}``.

    >>> nonogram_suspects(["0", "2 1", "4", "4"], ["3", "3", "1 1", "3"])["text"]
    "column 3's clue 1 1 may be wrong: with 2 there, the other clues have a solution"
    """
    try:
        puzzle = _puzzle_of(_line_clues(row_texts, "row"), _line_clues(column_texts, "column"))
    except UnsatisfiableClues as error:
        if error.puzzle is None:
            return {}
        puzzle = error.puzzle  # rows and columns fill different numbers of cells
    except (NonogramError, ValueError):
        return {}

    def as_json(notes: list[tuple[int, str]]) -> list[dict]:
        return [{"line": line, "note": note} for line, note in notes]

    def tell(notes: list[tuple[int, str]]) -> None:
        on_progress({"stage": "suspects", "suspects": as_json(notes)})

    on_found = tell if on_progress else None
    text, notes = (wrong_pair if two else wrong_clue)(puzzle, on_found=on_found)
    if notes is None:
        return {"text": text}
    answer = {"suspects": as_json(notes), "text": text}
    if not notes and not two:
        answer["two_to_find"] = True
    return answer


def _line_index(match: re.Match, height: int) -> int:
    n = int(match.group(2)) - 1
    return n if match.group(1) == "row" else height + n


assert MAX_SIZE >= 100


# -- the editor (site/nonograms/edit.md) ------------------------------------------


def nonogram_edit_check(
    width: int, height: int, cells: list[int], time_limit: float = 10.0
) -> dict:
    """Whether a drawn picture's clues are unique (see
    :func:`solvelab.nonogram.editing.check_picture`)."""
    from solvelab.nonogram.editing import check_picture

    try:
        return check_picture(width, height, cells, time_limit=time_limit)
    except (NonogramError, ValueError) as error:
        return {"error": str(error)}


def nonogram_edit_random(
    width: int, height: int, density: float = 0.5, seed: int | None = None
) -> dict:
    """A random picture, each cell filled with probability ``density`` (as
    :func:`~solvelab.nonogram.generator.random_picture`), the same for the same
    seed: ``{"cells": [...]}``."""
    from solvelab.nonogram.editing import picture_rows

    try:
        picture_rows(width, height, [0] * (width * height))
    except (NonogramError, ValueError) as error:
        return {"error": str(error)}
    if not 0 <= density <= 1:
        return {"error": f"the density must be 0 to 1, not {density}"}
    if seed is not None and (refused := _refused_seed(seed)):
        return refused
    picture = random_picture(width, height, density, random.Random(seed))
    return {"cells": [v for row in picture for v in row]}


def nonogram_edit_export(
    width: int, height: int, cells: list[int], fmt: str = "xml", title: str = ""
) -> dict:
    """A drawn picture as a file's text (``xml`` or ``non``, with the picture as its
    goal) and as link text (``link``, the Play page's ``c`` parameter)."""
    from solvelab.nonogram.editing import picture_rows

    try:
        puzzle = Puzzle.from_grid(picture_rows(width, height, cells), title=title[:200])
        return {"text": dumps(puzzle, fmt), "link": encode_clues(puzzle)}
    except (NonogramError, ValueError) as error:
        return {"error": str(error)}


def nonogram_edit_open(
    text: str | None = None, name: str = "", clues: str | None = None, time_limit: float = 20.0
) -> dict:
    """Opened clues as a picture to edit: a file's ``text`` or a link's ``clues``.
    The picture is the file's goal when it has one, else the solver's first solution:
    ``{"width", "height", "cells", "title", "status"}`` (see
    :func:`~solvelab.nonogram.editing.picture_of`); ``{"status": "timeout"}`` when
    the solver found no picture in ``time_limit`` seconds (the page asks again, with
    longer)."""
    from solvelab.nonogram.editing import picture_of, too_big_to_draw

    try:
        if text is not None:
            if len(text) > MAX_TEXT:
                return {"error": f"the file is over {MAX_TEXT:,} characters"}
            puzzle = parse(text, source=name or None)
        elif clues:
            puzzle = decode_clues(clues)
        else:
            return {"error": "nothing to open"}
        picture = picture_of(puzzle, time_limit)
    except PuzzleTooLarge as error:  # past the library's limit: the editor's is said
        return {"error": _file_error(too_big_to_draw(error.width, error.height), name)}
    except (NonogramError, ValueError) as error:
        return {"error": _file_error(error, name)}
    if "cells" not in picture:
        return picture
    return {"width": puzzle.width, "height": puzzle.height, "title": puzzle.title, **picture}


# The line demo's colours: a cell or a placement is a string of these characters,
# "." the background and "?" a cell not known; a clue number is followed by r, g or
# b for a colour other than black.
_LINE_COLOURS = ".#rgb"
_LINE_CLUE_PART = re.compile(r"([1-9]\d*)([rgb]?)$")


def _line_blocks(clue: str) -> list[Block]:
    if str(clue).strip() in ("0", "-"):
        return []
    blocks = []
    for part in str(clue).replace(",", " ").split():
        match = _LINE_CLUE_PART.match(part)
        if not match:
            raise NonogramError(
                f"{shortened(part)!r} is not a clue number (1 or more, with r, g or b after "
                "it for a colour)"
            )
        if len(match[1]) > 9:  # (its cells are counted against the line's below)
            raise NonogramError(f"clue {shortened(match[1])} is longer than any line")
        blocks.append(Block(int(match[1]), _LINE_COLOURS.index(match[2] or "#")))
    return blocks


def nonogram_line(clue: str, cells: str) -> dict:
    """The line solver on one line, for the chapter's line demo: ``clue`` as text
    (``"2 3"``, or with colours ``"2 1r 3b"``), ``cells`` a string, a character a
    cell (``?`` unknown, ``.`` empty, ``#`` black, ``r``, ``g``, ``b``). Answers
    ``{"line": the line after the line solver (``?`` where more than one colour
    is left), "maybe": each cell's colours left, "unknown": the colours of an
    unknown cell before (empty and the clue's; a blank clue's line is of one
    colour), "count": how many placements agree with the cells (as text: it can
    be huge), "placements": the first 8 of them}``, or ``{"error": why}``.

    >>> answer = nonogram_line("2 3", "???????")
    >>> answer["line"], answer["count"], answer["placements"]
    ('?#??##?', '3', ['##.###.', '##..###', '.##.###'])
    >>> nonogram_line("2 3", ".??????")["line"]
    '.##.###'
    >>> nonogram_line("2 1r", "????")["maybe"]
    ['.#', '#', '.#r', '.r']
    >>> answer = nonogram_line("0", "???")
    >>> answer["unknown"], answer["line"]
    ('.#', '...')
    >>> nonogram_line("2 3", "?????")["error"]
    'clues 2 3 need 6 cells, the line has 5'
    >>> nonogram_line("2 3", "????.??")["error"]
    'no placement of 2 3 agrees with the cells set'
    >>> nonogram_line("7", "???")["error"]
    'clue 7 needs 7 cells, the line has 3'
    >>> nonogram_line("1000", "???")["error"]
    'clue 1000 needs 1000 cells, the line has 3'
    >>> nonogram_line("1 " * 60, "?" * 100)["error"]
    'clues 1 1 1 1 1 1 1 1 1 1 … (60 numbers) need 119 cells, the line has 100'
    """
    try:
        blocks = _line_blocks(clue)
    except NonogramError as error:
        return {"error": str(error)}
    cells = str(cells)
    if not 1 <= len(cells) <= MAX_LINE or cells.strip("?" + _LINE_COLOURS):
        return {"error": f"a line has 1 to {MAX_LINE} cells, each one of ?{_LINE_COLOURS}"}
    named = " ".join(f"{n}{_LINE_COLOURS[c] if c > 1 else ''}" for n, c in blocks[:10]) or "0"
    if min_length(blocks) > len(cells):
        why = too_long(named, len(blocks), min_length(blocks), "line", len(cells))
        return {"error": why}
    if len(blocks) > 10:
        named += f" … ({len(blocks)} numbers)"
    unknown = 0b11 if not blocks else 1  # a blank clue: empty or filled, as in one colour
    for _, colour in blocks:
        unknown |= 1 << colour
    masks = [unknown if c == "?" else 1 << _LINE_COLOURS.index(c) for c in cells]
    solved = LineSolver(blocks).solve(masks)
    if solved is None:
        return {"error": f"no placement of {named} agrees with the cells set"}

    def colours(mask: int) -> str:
        return "".join(ch for c, ch in enumerate(_LINE_COLOURS) if mask >> c & 1)

    maybe = [colours(m) for m in solved]
    return {
        "line": "".join(m if len(m) == 1 else "?" for m in maybe),
        "maybe": maybe,
        "unknown": colours(unknown),
        "count": f"{count_placements(blocks, masks):,}",
        "placements": [
            line.translate(str.maketrans("01234", _LINE_COLOURS))
            for line in placements(blocks, masks)
        ],
    }
