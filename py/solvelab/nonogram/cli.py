"""The ``solvelab nonogram`` commands and ``solvelab bench nonogram``.

``solve`` exit statuses: 0 when the solver answered (unique, multiple or none),
2 for a file that cannot be read as a puzzle, or, with ``--check``, one without a
goal picture that satisfies its clues (one line on stderr), 3 when
``--time-limit`` passed before an answer (JSON status ``timeout``, with the
solutions found by then, if any; a time limit never turns into "none").
``--max-solutions N`` looks for up to N solutions, not two: a verdict of
``multiple`` with fewer than N is the exact count.
``make`` exits with 3 too when it finds no puzzle in its time (or attempts), and
with 2 for bad options, as every command does.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from solvelab.arguments import (
    ArgumentParser,
    colour_option,
    colour_wanted,
    examples,
    one_line,
    run_command,
    seed,
)
from solvelab.nonogram.bad_clues import wrong_clue, wrong_pair
from solvelab.nonogram.errors import FormatError, NonogramError, UnsatisfiableClues
from solvelab.nonogram.files import (
    FILE_SUFFIXES,
    FORMATS,
    MAX_FILE_BYTES,
    dumps,
    read_bytes,
    read_file,
)
from solvelab.nonogram.pattern_id import looks_like_pattern_id, read_pattern_id
from solvelab.nonogram.puzzle import Puzzle, clue_of, clue_text, line_name
from solvelab.nonogram.solver import MULTIPLE, NONE, TIMEOUT, UNIQUE, solve

EXIT_TIMEOUT = 3  # solve: no answer in --time-limit; make: no puzzle found in it
MAX_SOLUTIONS = 1000  # solve --max-solutions: each solution is kept (and printed)
# What a unique solution needed, in its verdict line (the counts of the work follow it).
NEEDED = {"line": "line solving alone", "probing": "needs probing", "search": "needs search"}


def render(puzzle: Puzzle, grid, colour: bool = False) -> str:
    """The grid as text: the colours' characters, or coloured blocks on a terminal."""
    if not colour:
        return "\n".join(puzzle.picture(grid))
    lines = []
    for row in grid:
        parts = []
        for v in row:
            rgb = puzzle.colours[v].rgb  # hex, RRGGBB or RGB (see Puzzle)
            if len(rgb) == 3:
                rgb = "".join(c * 2 for c in rgb)
            r, g, b = (int(rgb[i : i + 2], 16) for i in (0, 2, 4))
            parts.append(f"\x1b[48;2;{r};{g};{b}m  ")
        lines.append("".join(parts) + "\x1b[0m")
    return "\n".join(lines)


def _fail(message: str, status: int = 2) -> int:
    print(f"solvelab: {one_line(message)}", file=sys.stderr)
    return status


def _load(path: str) -> Puzzle:
    if path == "-":  # standard input, as a pipe gives it
        if sys.stdin is None:  # closed (<&-)
            raise FormatError("standard input is closed", None, "-")
        data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise FormatError(f"the input is over {MAX_FILE_BYTES} bytes", None, "-")
        return read_bytes(data, "-")
    if not path.strip():
        raise FormatError("no file named: give a file, - for standard input, or a Pattern game ID")
    if _is_pattern_id(path):
        return read_pattern_id(path)
    try:
        return read_file(path)
    except (FormatError, UnsatisfiableClues):  # named already; or an answer, "no solution"
        raise
    except NonogramError as error:  # the puzzle it holds cannot be used: say which file
        raise FormatError(str(error), None, path) from None


def _is_pattern_id(path: str) -> bool:
    """Whether FILE is a Pattern game ID, which may stand for a file, as it does for
    Simon Tatham's own solver: no such file, an ID's shape, and no file's extension
    (a missing "12:30.non" is a missing file)."""
    return (
        not os.path.exists(path)
        and looks_like_pattern_id(path)
        and Path(path).suffix.lower() not in FILE_SUFFIXES
    )


def _load_refusing_none(path: str) -> Puzzle:
    """The puzzle for show and convert, which refuse clues that no grid satisfies
    (solve answers "none"): named the file, as every other error does."""
    try:
        return _load(path)
    except UnsatisfiableClues as error:
        raise FormatError(str(error), None, None if _is_pattern_id(path) else path) from None


def cmd_solve(args: argparse.Namespace) -> int:
    if args.time_limit is not None and not args.time_limit > 0:  # NaN too
        return _fail("--time-limit must be positive")
    if not 2 <= args.max_solutions <= MAX_SOLUTIONS:
        return _fail(f"--max-solutions must be 2 to {MAX_SOLUTIONS}, not {args.max_solutions}")
    start = time.perf_counter()
    try:
        puzzle = _load(args.file)
    except UnsatisfiableClues as error:
        seconds = time.perf_counter() - start
        if args.json:
            print(json.dumps({"status": NONE, "solutions": [], "seconds": seconds}))
        else:
            print(f"no solution: {error}", flush=True)  # the search below takes seconds
            if error.puzzle is not None:  # rows and columns fill different numbers of cells
                _say_suspects(error.puzzle, start, args.time_limit)
        return 0
    except NonogramError as error:
        return _fail(str(error))
    if args.check:
        wrong = _goal_problem(puzzle)
        if wrong:
            return _fail(f"--check: {wrong}")
    result = solve(
        puzzle,
        time_limit=args.time_limit,
        check_goal=args.check,
        max_solutions=args.max_solutions,
    )
    seconds = time.perf_counter() - start
    if args.json:
        print(
            json.dumps(
                {"status": result.status, "solutions": result.pictures(), "seconds": seconds}
            )
        )
    else:
        colour = colour_wanted(args.colour)
        stats = result.stats
        work = (
            f"{stats.line_solves + stats.line_lookups} line solves, {stats.probes} probes, "
            f"{stats.branches} guesses; {seconds:.3f} s"
        )
        if result.status == UNIQUE:
            print(render(puzzle, result.solutions[0], colour))
            goal = ": the goal picture" if args.check else ""
            needed = NEEDED.get(result.difficulty, result.difficulty)
            print(f"unique solution{goal} ({needed}; {work})")
        elif result.status == MULTIPLE or len(result.solutions) > 1:
            for i, grid in enumerate(result.solutions, 1):
                goal = " (the goal picture)" if args.check and grid == puzzle.goal else ""
                print(f"solution {i}{goal}:")
                print(render(puzzle, grid, colour))
            if len(result.solutions) == 2:
                print(_differences(*result.solutions))
            print(_how_many(result, args, work))
        elif result.status == NONE:
            print(f"no solution: {result.reason}", flush=True)
            _say_suspects(puzzle, start, args.time_limit)
        elif result.solutions:  # found before the time ran out; a second not ruled out
            print(render(puzzle, result.solutions[0], colour))
            print(
                f"a solution, but the time limit of {args.time_limit:g} s passed before the "
                f"search could say whether it is the only one ({work})"
            )
        else:
            print(f"time limit reached: {result.reason}; no verdict ({work})")
    return EXIT_TIMEOUT if result.status == TIMEOUT else 0


def _differences(first, second, named: int = 4) -> str:
    """Where two solutions differ, in words (two pictures of hundreds of cells are
    hard to compare by eye): the first ``named`` cells, and how many more."""
    cells = [
        f"row {r}, column {c}"
        for r, (a, b) in enumerate(zip(first, second, strict=True), 1)
        for c, (x, y) in enumerate(zip(a, b, strict=True), 1)
        if x != y
    ]
    where = "; ".join(cells[:named])
    more = f"; and {len(cells) - named} more" if len(cells) > named else ""
    return f"the two differ in {len(cells)} cells: {where}{more}"


def _how_many(result, args: argparse.Namespace, work: str) -> str:
    """The verdict on a puzzle with more than one solution: how many, as far as the
    search went (it stops at --max-solutions, or when the time limit passes)."""
    found = len(result.solutions)
    if result.status == TIMEOUT:
        return (
            f"at least {found} solutions (all shown): the time limit of {args.time_limit:g} s "
            f"passed before the search found {args.max_solutions} or ended ({work})"
        )
    if args.max_solutions == 2:
        return f"more than one solution (two shown; {work})"
    if found < args.max_solutions:  # the search ended: every solution is found
        return f"exactly {found} solutions (all shown; {work})"
    return f"at least {found} solutions ({found} shown; {work})"


def _say_suspects(puzzle: Puzzle, start: float, time_limit: float | None) -> None:
    """Prints which clue may be the wrong one or, if no one will do, which two (within
    the time limit, if any). On a terminal, each line is named on stderr as the search
    finds it: the search can take minutes."""
    deadline = start + time_limit if time_limit is not None else None

    def tell(notes: list[tuple[int, str]]) -> None:
        for line, note in notes:
            print(
                f"found, still looking: {line_name(line, puzzle.height)}: {note}", file=sys.stderr
            )

    on_found = tell if sys.stderr.isatty() else None
    text, lines = wrong_clue(puzzle, deadline, on_found=on_found)
    print(text, flush=True)  # the search for two takes longer
    if lines == []:
        print(wrong_pair(puzzle, deadline, on_found=on_found)[0])


def _goal_problem(puzzle: Puzzle) -> str | None:
    """Why the puzzle's goal picture cannot be checked (the first line it breaks), or
    None."""
    goal = puzzle.goal
    if goal is None:
        return "the file has no goal picture"
    if len(goal) != puzzle.height or any(len(row) != puzzle.width for row in goal):
        return f"the goal picture is not {puzzle.width} × {puzzle.height} cells"
    index = puzzle.broken_line(goal)
    if index is None:
        return None
    line = goal[index] if index < puzzle.height else [row[index - puzzle.height] for row in goal]
    return (
        f"{line_name(index, puzzle.height)} of the goal picture reads "
        f"{clue_text(clue_of(line), puzzle.colours)}, its clue is "
        f"{clue_text(puzzle.lines[index], puzzle.colours)}"
    )


def cmd_show(args: argparse.Namespace) -> int:
    try:
        puzzle = _load_refusing_none(args.file)
    except NonogramError as error:
        return _fail(str(error))
    title = f" “{puzzle.title}”" if puzzle.title else ""
    print(f"{puzzle.width} × {puzzle.height} nonogram{title}")
    if len(puzzle.colours) > 2:
        names = ", ".join(f"{c.name} ({c.char})" for c in puzzle.colours[1:])
        print(f"colours: {names} on {puzzle.colours[0].name} ({puzzle.colours[0].char})")
    for name, lines in (("rows", puzzle.rows), ("columns", puzzle.columns)):
        print(f"{name}:")
        for i, clue in enumerate(lines, 1):
            print(f"  {i:3}: {clue_text(clue, puzzle.colours)}")
    if puzzle.goal is not None:
        print("goal:")
        print(render(puzzle, puzzle.goal, colour_wanted(args.colour)))
    return 0


def _write(puzzle: Puzzle, fmt: str) -> int:
    try:
        text = dumps(puzzle, fmt)
    except NonogramError as error:  # a format that cannot hold the puzzle's colours
        return _fail(str(error))
    # UTF-8 whatever the locale: the readers take it so (XML without a declaration too).
    sys.stdout.flush()
    sys.stdout.buffer.write((text if text.endswith("\n") else text + "\n").encode("utf-8"))
    return 0


def cmd_convert(args: argparse.Namespace) -> int:
    try:
        puzzle = _load_refusing_none(args.file)
    except NonogramError as error:
        return _fail(str(error))
    return _write(puzzle, args.to)


def cmd_make(args: argparse.Namespace) -> int:
    from solvelab.nonogram.generator import GeneratorError, generate

    if not args.time_limit > 0:  # NaN too
        return _fail("--time-limit must be positive")
    try:
        puzzle = generate(
            args.width, args.height, args.density, args.seed, easy=args.easy, budget=args.time_limit
        )
    except NonogramError as error:  # a bad option, or nothing found in the time given
        if isinstance(error, GeneratorError) and error.gave_up:
            # The seed's puzzle may yet come: a slower machine needs more time for it.
            return _fail(f"{error}, or more time (--time-limit)", EXIT_TIMEOUT)
        return _fail(str(error), 2)
    return _write(puzzle, args.format)


def cmd_bench(args: argparse.Namespace) -> int:
    from solvelab.bench.nonogram import main

    if args.check and args.peers:
        return _fail("--check and --peers do not go together: the peers solve from the clues")
    if args.in_red and args.peers:
        return _fail("--in-red and --peers do not go together: the peers solve the files")
    if args.steps and args.peers:
        return _fail("--steps and --peers do not go together: the peers record no steps")
    if args.repeat < 1 or not args.time_limit > 0:  # NaN too
        return _fail("--repeat must be 1 or more, --time-limit positive")
    return main(
        args.puzzles,
        args.time_limit,
        tuple(args.runtime),
        args.peers,
        args.only,
        args.repeat,
        args.check,
        args.in_red,
        args.steps,
    )


def add_commands(topics) -> None:
    """Add the ``nonogram`` topic to the CLI's topics."""
    nonogram = topics.add_parser(
        "nonogram", help="nonograms (paint by numbers)", description="Nonograms."
    )
    commands = nonogram.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = commands.add_parser(
        "solve",
        help="solve a puzzle and say whether its solution is unique",
        description="Solve the puzzle in FILE (webpbn XML, .non, clue text or a Pattern game "
        "ID; the ID itself may stand for FILE, and - for standard input) and print the "
        "picture and the verdict: unique, more than one solution (two shown) or none (why, "
        "and which clues may be the wrong one). "
        "Exit status 0 for a verdict, 2 for a bad file, 3 if --time-limit passed first "
        '(JSON status "timeout", with the solutions found by then if there are any).',
        epilog=examples(
            "solvelab nonogram solve puzzle.xml",
            "solvelab nonogram solve puzzle.non --json --time-limit 60",
            "# clue text: a line a clue, rows first",
            "printf 'rows\\n1\\n3\\n1\\ncolumns\\n1\\n3\\n1\\n' | solvelab nonogram solve -",
            "# a Pattern game ID (columns first, then rows)",
            "solvelab nonogram solve 3x3:1/3/1/1/3/1",
            "# check a file's goal picture: is it the only solution?",
            "solvelab nonogram solve --check puzzle.xml",
            "# how many solutions? (all of them, up to 100)",
            "solvelab nonogram solve --max-solutions 100 puzzle.xml",
        ),
    )
    p.add_argument("file", metavar="FILE")
    p.add_argument(
        "--json",
        action="store_true",
        help='print {"status": ..., "solutions": [grid, ...], "seconds": ...}',
    )
    p.add_argument("--time-limit", type=float, metavar="S", help="give up after S seconds")
    p.add_argument(
        "--check",
        action="store_true",
        help="check the file's goal picture: guess its colours first, so the search finds "
        "it at once and looks for another solution near it (as pbnsolve -c)",
    )
    p.add_argument(
        "--max-solutions",
        type=int,
        default=2,
        metavar="N",
        help="look for up to N solutions, not 2 (the fewest that settle uniqueness): "
        f"fewer than N found means exactly that many (N from 2 to {MAX_SOLUTIONS})",
    )
    colour_option(p, "the picture")
    p.set_defaults(run=cmd_solve)

    p = commands.add_parser(
        "show",
        help="print a puzzle's clues",
        description="Print the clues (and goal) of FILE. Exit status 0, or 2 for a bad file.",
    )
    p.add_argument("file", metavar="FILE")
    colour_option(p, "the picture")
    p.set_defaults(run=cmd_show)

    p = commands.add_parser(
        "convert",
        help="write a puzzle in another format",
        description="Write the puzzle in FILE (any format solve reads) to stdout in another: "
        "webpbn XML (with colours and the goal picture), .non (one colour, the goal too), clue "
        "text, or a Pattern game ID (one colour, clues only). Exit status 0, or 2 for a bad "
        "file or a format that cannot hold the puzzle.",
        epilog=examples(
            "solvelab nonogram convert puzzle.xml --to non > puzzle.non",
            "solvelab nonogram convert puzzle.xml --to pattern",
        ),
    )
    p.add_argument("file", metavar="FILE")
    p.add_argument("--to", choices=FORMATS, required=True, help="the format to write")
    p.set_defaults(run=cmd_convert)

    p = commands.add_parser(
        "make",
        help="make a random puzzle with a unique solution",
        description="Write a random puzzle with exactly one solution to stdout, as webpbn XML "
        "(with its picture as the goal) unless --format says otherwise. Exit status 0 with a "
        "puzzle, 2 for a bad option, 3 when no random picture with one solution was found "
        "before --time-limit (the bigger the picture and the lower the density, the fewer "
        "there are: at density 0.7, about half of all 100 × 100 pictures).",
        epilog=examples(
            "solvelab nonogram make --width 20 --height 15 --seed 1 > random.xml",
            "solvelab nonogram make --width 10 --height 10 --easy --format non",
        ),
    )
    p.add_argument("--width", type=int, required=True, metavar="W")
    p.add_argument("--height", type=int, required=True, metavar="H")
    p.add_argument(
        "--density", type=float, default=0.6, metavar="D", help="share of filled cells (0.6)"
    )
    p.add_argument("--seed", type=seed, metavar="N", help="make it reproducible")
    p.add_argument("--easy", action="store_true", help="only puzzles line solving solves")
    p.add_argument("--format", choices=FORMATS, default="xml", help="the format to write (xml)")
    p.add_argument(
        "--time-limit",
        type=float,
        default=60.0,
        metavar="S",
        help="start no random picture after S seconds (60)",
    )
    p.set_defaults(run=cmd_make)


def add_bench(benches) -> None:
    """Add ``bench nonogram`` to the CLI's benchmarks."""
    p = benches.add_parser(
        "nonogram",
        help="the nonogram solver on the benchmark puzzles",
        description="Solve every puzzle in the benchmark folder and print time and verdict "
        "(CPython, optionally Pyodide under Node.js), with the peers where installed "
        "(pynogram, CaDiCaL, CP-SAT, pbnsolve: see $SOLVELAB_PEER_* in "
        "solvelab/bench/nonogram.py). Exits with 1 if a peer's count of solutions "
        "contradicts a verdict, 2 for a bad option or a puzzle file it cannot use.",
        epilog=examples(
            "solvelab bench nonogram --only 00001 6574 10-dom --repeat 3",
            "solvelab bench nonogram --runtime cpython pyodide --only color",
        ),
    )
    p.add_argument(
        "--puzzles",
        metavar="DIR",
        help="the puzzles (default: $SOLVELAB_NONOGRAMS or ../shared/nonograms from the repo)",
    )
    p.add_argument("--time-limit", type=float, default=300, metavar="S", help="per puzzle (300)")
    p.add_argument(
        "--runtime",
        choices=("cpython", "pyodide"),
        nargs="+",
        default=["cpython"],
        help="cpython (the default), pyodide, or both",
    )
    p.add_argument("--peers", action="store_true", help="run the peers side by side")
    p.add_argument("--only", nargs="+", metavar="NAME", help="only puzzles whose name has NAME")
    p.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="N",
        help="solve each puzzle N times and report the fastest (steadier on a busy machine)",
    )
    p.add_argument(
        "--check",
        action="store_true",
        help="check each goal picture, as 'nonogram solve --check' (not with --peers)",
    )
    p.add_argument(
        "--in-red",
        action="store_true",
        help="solve each one-colour puzzle with its runs in red and black unused: the "
        "search for colour puzzles on the same pictures (not with --peers)",
    )
    p.add_argument(
        "--steps",
        action="store_true",
        help="record the solver's steps, as the Solve page's step mode does (not with --peers)",
    )
    p.set_defaults(run=cmd_bench)


def main(argv: list[str]) -> int:
    """Run ``solvelab nonogram ...`` or ``solvelab bench nonogram ...``.

    The top-level CLI hands these command lines over here, so that
    the other commands (the cube's above all) never import the nonogram package.
    """
    args = parser().parse_args(argv)
    return run_command(lambda: args.run(args))


def parser() -> ArgumentParser:
    """The parser of ``solvelab nonogram ...`` and ``solvelab bench nonogram ...``."""
    top = ArgumentParser(prog="solvelab")
    topics = top.add_subparsers(dest="topic", required=True, metavar="TOPIC")
    add_commands(topics)
    bench = topics.add_parser("bench", help="benchmarks", description="Benchmarks.")
    add_bench(bench.add_subparsers(dest="command", required=True, metavar="BENCHMARK"))
    return top
