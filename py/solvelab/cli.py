"""The ``solvelab`` command line.

    solvelab cube facelets "R U R' U'"     the facelet string after an algorithm
    solvelab cube show "R U R' U'"         the unfolded cube after an algorithm
    solvelab cube random --seed 7          a uniformly random cube
    solvelab cube check FACELETS           is this a real cube? (exit status 0 or 1)
    solvelab cube invert "[R, U]"          the inverse algorithm
    solvelab cube simplify "R L R U U'"    cancel and merge moves
    solvelab cube solve FACELETS           a solution (two-phase algorithm)
    solvelab cube solve --alg "R U F"      a solution of the cube an algorithm makes
    solvelab cube cfop FACELETS            a solution as a person solves: CFOP, stage by stage
    solvelab tables build                  build the solvers' tables (needs numpy)
    solvelab bench moves                   how fast moves are applied
    solvelab bench cube                    how fast and short the solver is
    solvelab bench cube-peers --peers-js DIR   beside min2phase.js and cubing.js
    solvelab bench browser                 the player page in headless Chromium
    solvelab bench startup                 how soon the solver is ready (CLI, Pyodide)
    solvelab bench cfop                    how short and fast the CFOP solver is
    solvelab nonogram solve FILE [--json]  solve a nonogram; is its solution unique?
    solvelab nonogram show FILE            a nonogram's clues
    solvelab nonogram convert FILE --to F  a nonogram in another format (xml non text pattern)
    solvelab nonogram make --width W ...   a random nonogram with one solution (XML)
    solvelab bench nonogram [--peers]      the nonogram solver on the benchmark puzzles
    solvelab bench nonogram-pages          the nonogram pages in headless Chromium

Input a user can get wrong prints one line on stderr and exits with status 2; output
that cannot be written (standard output closed, a full disk), one line and status 1.
"""

from __future__ import annotations

import argparse
import sys

from solvelab import __version__
from solvelab.arguments import (
    ArgumentParser,
    colour_option,
    colour_wanted,
    count,
    examples,
    folder,
    one_line,
    run_command,
    seconds,
    seed,
)

# Each command imports what it needs when it runs: `solvelab nonogram ...` then
# starts without the cube's modules (see `solvelab bench startup`).

# As solvelab.cube.solver.GODS_NUMBER, not imported from there: the solver takes 50 ms
# to import, and every command builds the help that names it.
GODS_NUMBER = 20  # every cube can be solved in 20 moves (Rokicki et al., 2010)
SHORT_SOLVE_SECONDS = 10.0  # cube solve's time limit when --max-length is below 20


def _cube_facelets(args: argparse.Namespace) -> int:
    from solvelab.cube import Cube

    print(Cube().apply(args.alg).to_facelets())
    return 0


def _cube_show(args: argparse.Namespace) -> int:
    from solvelab.cube import Cube

    print(Cube().apply(args.alg).net(colour=colour_wanted(args.colour)))
    return 0


def _cube_random(args: argparse.Namespace) -> int:
    from solvelab.cube import Cube

    cube = Cube.random(seed=args.seed)
    print(cube.to_facelets())
    print()
    print(cube.net(colour=colour_wanted(args.colour)))
    return 0


def _cube_check(args: argparse.Namespace) -> int:
    from solvelab.cube import Cube, InvalidCubeError

    try:
        if args.stickers:
            Cube.from_stickers(args.facelets)
        else:
            Cube.from_facelets(args.facelets)
    except InvalidCubeError as error:
        print(f"invalid: {error}")
        return 1
    print("valid")
    return 0


def _cube_invert(args: argparse.Namespace) -> int:
    from solvelab.cube import parse_alg

    print(parse_alg(args.alg).inverse())
    return 0


def _cube_simplify(args: argparse.Namespace) -> int:
    from solvelab.cube import parse_alg

    print(parse_alg(args.alg).simplify())
    return 0


def _moves(count: int) -> str:
    return "1 move" if count == 1 else f"{count} moves"


def _cube_solve(args: argparse.Namespace) -> int:
    from solvelab.cube import Cube
    from solvelab.cube.solver import NoSolutionFound, solve

    if (args.facelets is None) == (args.alg is None):
        print("solvelab: give either FACELETS or --alg ALG", file=sys.stderr)
        return 2
    if args.max_length < 0:
        print(f"solvelab: --max-length must be 0 or more, not {args.max_length}", file=sys.stderr)
        return 2
    if args.time_limit is not None and not args.time_limit > 0:
        print(f"solvelab: --time-limit must be positive, not {args.time_limit}", file=sys.stderr)
        return 2
    time_limit = args.time_limit
    if time_limit is None and args.max_length < GODS_NUMBER:
        # Every cube has a solution of 20 moves, found in about a second; proving that
        # one has none of 19 or fewer can take hours.
        time_limit = SHORT_SOLVE_SECONDS
    cube = Cube.from_facelets(args.facelets) if args.alg is None else Cube().apply(args.alg)
    try:
        solution = solve(cube, max_length=args.max_length, time_limit=time_limit)
    except NoSolutionFound as error:  # only if stopped: a time limit waits for a solution
        print(f"solvelab: {error}", file=sys.stderr)
        return 1
    print(f"{solution} ({_moves(solution.length)})" if solution.length else "(0 moves: solved)")
    if solution.length > args.max_length:
        print(
            f"solvelab: no solution of at most {_moves(args.max_length)} was found; "
            "this is the shortest found",
            file=sys.stderr,
        )
    return 0


def _cube_cfop(args: argparse.Namespace) -> int:
    import json

    from solvelab.cube import Cube
    from solvelab.cube.cfop import solve

    if (args.facelets is None) == (args.alg is None):
        print("solvelab: give either FACELETS or --alg ALG", file=sys.stderr)
        return 2
    cube = Cube.from_facelets(args.facelets) if args.alg is None else Cube().apply(args.alg)
    solution = solve(cube, cross_colour=args.cross_colour)
    print(json.dumps(solution.to_json()) if args.json else solution)
    return 0


def _tables_build(args: argparse.Namespace) -> int:
    from pathlib import Path

    from solvelab.tables import default_directory

    try:
        from solvelab.build.tables import build
    except ImportError:
        print("solvelab: building tables needs numpy: pip install -e .[build]", file=sys.stderr)
        return 1
    if args.out == "":
        print("solvelab: --out needs a folder's name", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out is not None else default_directory()
    if out.exists() and not out.is_dir():
        print(f"solvelab: --out {out} is a file, not a folder", file=sys.stderr)
        return 2
    try:
        build(out)
    except OSError as error:
        print(f"solvelab: cannot write the tables in {out}: {error.strerror}", file=sys.stderr)
        return 1
    return 0


def _bench_cube(args: argparse.Namespace) -> int:
    from solvelab.bench.cube import main as bench

    return bench(args.count, args.runtime, not args.no_reference, args.json, tuple(args.lengths_at))


def _bench_cube_peers(args: argparse.Namespace) -> int:
    from pathlib import Path

    from solvelab.bench.peers_js import main as bench

    return bench(args.count, Path(args.peers_js), not args.no_reference, args.json)


def _bench_browser(args: argparse.Namespace) -> int:
    from solvelab.bench.browser import main as bench

    return bench(args.count, args.site, args.launches, args.turns_after_tables, args.trace)


def _bench_nonogram_pages(args: argparse.Namespace) -> int:
    from solvelab.bench.nonogram_pages import main as bench

    return bench(args.runs, args.site, args.json)


def _bench_nonogram_pictures(args: argparse.Namespace) -> int:
    from solvelab.bench.nonogram_pictures import main as bench

    return bench(tuple(args.sizes), args.density, tuple(args.seed), args.time_limit, args.generator)


def _bench_nonogram_typos(args: argparse.Namespace) -> int:
    from solvelab.bench.nonogram_typos import main as bench

    return bench(tuple(args.sizes), args.count, args.density, args.seed, args.two, args.colours)


def _bench_startup(args: argparse.Namespace) -> int:
    from solvelab.bench.startup import main as bench

    return bench(args.runs, tuple(args.runtime))


def _bench_cfop(args: argparse.Namespace) -> int:
    from solvelab.bench.cfop import main as bench

    return bench(args.count, tuple(args.runtime), args.cross_colour, not args.no_peers, args.json)


def _bench_moves(args: argparse.Namespace) -> int:
    from solvelab.bench.moves import run

    run(count=args.count, repeat=args.repeat)
    return 0


def _command(
    group, name: str, run, help: str, description: str, epilog: str | None = None
) -> argparse.ArgumentParser:
    """A subcommand that runs ``run(args)``; ``epilog``: see :func:`examples`."""
    parser = group.add_parser(name, help=help, description=description, epilog=epilog)
    parser.set_defaults(run=run)
    return parser


RUNTIMES = ("cpython", "pyodide")


def _runtime_option(parser: argparse.ArgumentParser, both: bool = False) -> None:
    """A bench's ``--runtime``: this Python, Pyodide under Node.js, or both (the default
    with ``both``, else this Python)."""
    parser.add_argument(
        "--runtime",
        choices=RUNTIMES,
        nargs="+",
        default=list(RUNTIMES if both else RUNTIMES[:1]),
        help="where to run: cpython (this Python), pyodide (under Node.js), or both, e.g. "
        f"--runtime cpython pyodide (default: {'both' if both else 'cpython'})",
    )


def _json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def _parser() -> argparse.ArgumentParser:
    parser = ArgumentParser(
        prog="solvelab",
        description="Scramble, turn and solve puzzles. Each topic's commands say more "
        "(solvelab cube --help, solvelab cube solve --help, ...).",
        epilog=examples(
            "solvelab cube random --seed 7",
            "solvelab cube solve --alg \"R U R' U' F2\"",
            "solvelab cube cfop --cross-colour white --alg \"R U R' U' F2 D\"",
            "solvelab nonogram solve puzzle.xml --json",
            "solvelab nonogram make --width 20 --height 15 --seed 1 > random.xml",
        ),
    )
    parser.add_argument("--version", action="version", version=f"solvelab {__version__}")
    topics = parser.add_subparsers(dest="topic", required=True, metavar="TOPIC")

    cube = topics.add_parser("cube", help="the Rubik's cube", description="The Rubik's cube.")
    commands = cube.add_subparsers(dest="command", required=True, metavar="COMMAND")

    alg_help = "an algorithm in WCA notation, e.g. \"R U R' U'\" (quote it)"
    p = _command(
        commands,
        "facelets",
        _cube_facelets,
        help="print the facelet string after an algorithm",
        description="Print the 54-letter facelet string (Kociemba's URFDLB order) of a solved "
        "cube after ALG.",
        epilog=examples('solvelab cube facelets "R U"', 'solvelab cube facelets "[R, U]2 x\'"'),
    )
    p.add_argument("alg", metavar="ALG", help=alg_help)

    p = _command(
        commands,
        "show",
        _cube_show,
        help="print the unfolded cube after an algorithm",
        description="Print the net of a solved cube after ALG.",
    )
    p.add_argument("alg", metavar="ALG", help=alg_help)
    colour_option(p, "the net")

    p = _command(
        commands,
        "random",
        _cube_random,
        help="print a uniformly random cube",
        description="Print a uniformly random solvable cube: its facelet string and its net.",
    )
    p.add_argument("--seed", type=seed, help="make the cube reproducible")
    colour_option(p, "the net")

    p = _command(
        commands,
        "check",
        _cube_check,
        help="say whether a facelet string is a real cube",
        description="Print 'valid' and exit 0 if FACELETS describes a cube that can be solved; "
        "otherwise print what is wrong and where, and exit 1.",
        epilog=examples(
            "solvelab cube check UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB",
            "# stickers as any six letters: each centre says which face its colour is",
            "solvelab cube check --stickers wwwwwwwwwrrrrrrrrrgggggggggyyyyyyyyyooooooooobbbbbbbbb",
        ),
    )
    p.add_argument("facelets", metavar="FACELETS", help="54 letters U R F D L B")
    p.add_argument(
        "--stickers",
        action="store_true",
        help="accept any six colour letters; the centres say which colour is which face",
    )

    p = _command(
        commands,
        "invert",
        _cube_invert,
        help="print the inverse of an algorithm",
        description="Print ALG inverted.",
    )
    p.add_argument("alg", metavar="ALG", help=alg_help)

    p = _command(
        commands,
        "simplify",
        _cube_simplify,
        help="cancel and merge moves of an algorithm",
        description="Print ALG with moves cancelled and merged, also across moves about the "
        "same axis (R L R becomes R2 L).",
    )
    p.add_argument("alg", metavar="ALG", help=alg_help)

    p = _command(
        commands,
        "solve",
        _cube_solve,
        help="solve a cube with the two-phase algorithm",
        description="Print a solution of the cube given by FACELETS (or made by --alg ALG from "
        "a solved cube) and its length. Stops at the first solution of at most --max-length "
        "moves, or after --time-limit seconds with the best found (and says so on stderr).",
        epilog=examples(
            "solvelab cube solve BDDBUUBLDRFRRRFUBDLUBUFFRLFUDRLDDUBFURDFLRLBBFRLDBLLUF",
            "solvelab cube solve --alg \"R U R' U' F2\"",
            "# a solution of 19 moves or fewer, or the shortest found in 10 s",
            'solvelab cube solve --max-length 19 --time-limit 10 "$(solvelab cube random '
            '--seed 3 | head -1)"',
        ),
    )
    p.add_argument("facelets", metavar="FACELETS", nargs="?", help="54 letters U R F D L B")
    p.add_argument("--alg", metavar="ALG", help="solve the cube this algorithm makes")
    p.add_argument("--max-length", type=int, default=20, metavar="N", help="default 20")
    p.add_argument(
        "--time-limit",
        type=float,
        metavar="S",
        help="seconds of search before the best solution found is taken (never before a "
        f"first one); default: no limit at --max-length {GODS_NUMBER} or more (every cube has "
        f"a solution that short), else {SHORT_SOLVE_SECONDS:g}; inf: until one of at most "
        "--max-length moves is found",
    )

    # `solvelab nonogram ...` is parsed by solvelab.nonogram.cli (see main): listed here only.
    topics.add_parser("nonogram", help="nonograms (paint by numbers)")

    p = _command(
        commands,
        "cfop",
        _cube_cfop,
        help="solve a cube by CFOP (cross, F2L, OLL, PLL), stage by stage",
        description="Print a CFOP solution of the cube given by FACELETS (or made by --alg ALG "
        "from a solved cube): an optimal cross (turned to D), four F2L pairs, OLL and PLL, "
        "each with its case, then the whole solution with moves cancelled across stages and "
        "its length. Needs no tables.",
    )
    p.add_argument("facelets", metavar="FACELETS", nargs="?", help="54 letters U R F D L B")
    p.add_argument("--alg", metavar="ALG", help="solve the cube this algorithm makes")
    p.add_argument(
        "--cross-colour",
        "--cross-color",
        metavar="C",
        default="any",
        help="the cross's colour: a face letter (the colour of that centre as the cube is "
        "held), a colour of the usual scheme (white, yellow, green, blue, red, orange; found "
        "wherever the cube has been turned) or any (default: the shortest)",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help='print one JSON object: {"stages": [{"name", "moves", "case"}...], "moves", '
        '"length", "stm"} (the cross stage has no "case")',
    )

    tables = topics.add_parser(
        "tables", help="the solvers' tables", description="The solvers' precomputed tables."
    )
    table_commands = tables.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = _command(
        table_commands,
        "build",
        _tables_build,
        help="build the tables (numpy)",
        description="Build the solver's tables with numpy (pruning, move and symmetry tables, "
        "the ends of phase 1) and write them gzipped, with manifest.json. Two builds give the "
        "same bytes. Programs decode them once, into the user's cache "
        "($XDG_CACHE_HOME/solvelab or ~/.cache/solvelab; SOLVELAB_CACHE=DIR or off to change).",
    )
    p.add_argument("--out", metavar="DIR", help="where to write them (default: tables/)")

    bench = topics.add_parser("bench", help="benchmarks", description="Benchmarks.")
    benches = bench.add_subparsers(dest="command", required=True, metavar="BENCHMARK")
    p = _command(
        benches,
        "moves",
        _bench_moves,
        help="how many moves a second the cube model applies",
        description="Apply random face turns and print how many a second are applied.",
    )
    p.add_argument("--count", type=count, default=1_000_000, help="face turns per run")
    p.add_argument("--repeat", type=count, default=5, help="runs; the best is reported")
    p = _command(
        benches,
        "cube",
        _bench_cube,
        help="how fast and how short the two-phase solver is",
        description="Solve a fixed set of seeded random-state cubes; print table load time, "
        "time to a solution of <= 21 and <= 20 moves, and average lengths in 0.1 s and 1 s "
        "(or --lengths-at); "
        "beside RubikTwoPhase's figures when it is installed.",
    )
    p.add_argument("--count", type=count, default=200, help="cubes (default 200)")
    _runtime_option(p)
    p.add_argument("--no-reference", action="store_true", help="skip RubikTwoPhase")
    p.add_argument(
        "--lengths-at",
        type=seconds,
        nargs="+",
        default=[0.1, 1.0],
        metavar="SECONDS",
        help="time limits per cube for the average length (default: 0.1 1)",
    )
    _json_option(p)
    p = _command(
        benches,
        "cube-peers",
        _bench_cube_peers,
        help="the two-phase solver beside min2phase.js and cubing.js (Node.js)",
        description="Solve the seeded cubes of `bench cube` with solvelab (and RubikTwoPhase "
        "when installed) and, under Node.js, with min2phase.js and cubing.js installed in "
        "--peers-js DIR (npm install --prefix DIR min2phase.js cubing; never dependencies).",
    )
    p.add_argument("--count", type=count, default=100, help="cubes (default 100)")
    p.add_argument(
        "--peers-js",
        metavar="DIR",
        type=folder,
        required=True,
        help="where the npm packages are installed",
    )
    p.add_argument("--no-reference", action="store_true", help="skip RubikTwoPhase")
    _json_option(p)
    p = _command(
        benches,
        "cfop",
        _bench_cfop,
        help="how short and how fast the CFOP solver is",
        description="Solve seeded random-state cubes by CFOP; print the mean and largest "
        "length (HTM), the cross's mean, and the median and mean time per solve, beside "
        "pycuber's and rubik-solver's CFOP solvers when they are installed.",
    )
    p.add_argument("--count", type=count, default=1000, help="cubes (default 1000)")
    _runtime_option(p)
    p.add_argument("--cross-colour", "--cross-color", metavar="C", default="any")
    p.add_argument("--no-peers", action="store_true", help="skip pycuber and rubik-solver")
    _json_option(p)
    p = _command(
        benches,
        "browser",
        _bench_browser,
        help="the player page in headless Chromium",
        description="Serve the built site (make site) and measure the player page in headless "
        "Chromium: first frame, Python start, animation frame rate, a first visit's Solve, "
        "bytes downloaded, and warm solves. Needs Playwright and Chromium (make chromium).",
    )
    p.add_argument("--count", type=count, default=20, help="cubes for the warm solves (default 20)")
    p.add_argument(
        "--site",
        metavar="DIR",
        help="the built site to measure (default: build/site, or $SOLVELAB_SITE_DIR)",
    )
    p.add_argument(
        "--launches", type=count, default=9, help="fresh browsers for the start-up figures"
    )
    p.add_argument(
        "--turns-after-tables",
        action="store_true",
        help="turn the cube with the keys once the tables are ready, not while Python "
        "starts: the page does not draw while the tables load",
    )
    p.add_argument(
        "--trace",
        action="store_true",
        help="one more fresh browser, traced: what each kind of thread was busy with "
        "while the tables loaded",
    )
    p = _command(
        benches,
        "startup",
        _bench_startup,
        help="how soon the solver is ready: whole CLI runs, and the worker's tables in Pyodide",
        description="Time whole `solvelab cube solve` commands (process start to exit) with the "
        "decoded tables in the cache and with an empty one, and `solvelab nonogram solve` on "
        "a 10 x 10 puzzle; in Pyodide under Node.js, the browser worker's table loading and "
        "Python's load_tables(), and, from the built site (make site), the worker's imports "
        "at its start and at a nonogram page's first call. Prints medians.",
    )
    p.add_argument("--runs", type=count, default=11, help="runs of each command (default 11)")
    _runtime_option(p, both=True)
    p = _command(
        benches,
        "nonogram-pages",
        _bench_nonogram_pages,
        help="the nonogram pages in headless Chromium",
        description="Serve the built site (make site) and measure the nonogram pages in headless "
        "Chromium against their targets: a 30×30 puzzle drawn after the page is interactive, "
        "frames a second during a stroke on 100×100, the Edit page's verdict after a stroke.",
    )
    p.add_argument("--runs", type=count, default=7, help="runs of each measure (default 7)")
    p.add_argument("--site", metavar="DIR", help="the built site (default: build/site)")
    _json_option(p)
    p = _command(
        benches,
        "nonogram-pictures",
        _bench_nonogram_pictures,
        help="the Edit page's check on random pictures, from the clues and checking the picture",
        description="For each size, a random picture (the Edit page's Random fill): its verdict "
        "and time solved from its clues and checking the picture, as the Edit page does.",
    )
    p.add_argument(
        "--sizes", type=int, nargs="+", default=[25, 50, 75, 100], metavar="N", help="N × N"
    )
    p.add_argument("--density", type=float, default=0.5, help="the fill's density (0.5)")
    p.add_argument(
        "--seed", type=seed, nargs="+", default=[1], metavar="N", help="the fill's seeds (1)"
    )
    p.add_argument("--time-limit", type=float, default=10.0, metavar="S", help="per solve (10)")
    p.add_argument(
        "--generator",
        action="store_true",
        help="each solve with the generator's work limit instead of the time limit",
    )
    p = _command(
        benches,
        "nonogram-typos",
        _bench_nonogram_typos,
        help="which clue is wrong, on random puzzles with one row's clue typed wrong",
        description="For each size, unique puzzles of random pictures, each with one row's "
        "clue changed (two numbers swapped, or one number one more), and the search for "
        "the clue that may be wrong: the lines it names, where the changed row comes, its "
        "solves, line solves and time. With --two, a row's clue and a column's changed "
        "(one by each slip), and the search for the two.",
    )
    p.add_argument("--sizes", type=int, nargs="+", default=[15, 30, 60], metavar="N", help="N × N")
    p.add_argument("--count", type=int, default=3, help="puzzles of each size (3)")
    p.add_argument("--density", type=float, default=0.6, help="the pictures' density (0.6)")
    p.add_argument("--seed", type=seed, default=1, help="the first seed (1)")
    p.add_argument(
        "--two", action="store_true", help="a row's clue and a column's wrong, not one clue"
    )
    p.add_argument(
        "--colours",
        "--colors",
        type=int,
        default=1,
        metavar="K",
        help="the filled cells in K colours at random (1 to 7; 1, black, by default)",
    )
    benches.add_parser("nonogram", help="the nonogram solver on the benchmark puzzles")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if hasattr(sys.stdout, "reconfigure"):  # not when closed (None)
        # Text for people in an encoding without "×" or a colour's character: "?" for
        # it, not a traceback. Files are written as UTF-8 bytes (nonogram convert, make).
        sys.stdout.reconfigure(errors="replace")
    try:
        if argv[:1] == ["nonogram"] or argv[:2] == ["bench", "nonogram"]:
            from solvelab.nonogram import cli as nonogram_cli  # imported only when asked for

            return nonogram_cli.main(argv)
        args = _parser().parse_args(argv)
        return run_command(lambda: args.run(args))
    except KeyboardInterrupt:
        print("solvelab: interrupted", file=sys.stderr)
        return 130
    except Exception as error:
        status = _input_error_status(error)
        if status is None:
            raise
        print(f"solvelab: {one_line(str(error))}", file=sys.stderr)
        return status


def _input_error_status(error: Exception) -> int | None:
    """The exit status for an error the user can put right (bad notation, stickers
    or cross colour, no Node.js for Pyodide: 2; tables missing or damaged: 1), or None."""
    from solvelab.bench.pyodide import PyodideUnavailable
    from solvelab.cube import InvalidCubeError, NotationError
    from solvelab.cube.cfop import CrossColourError
    from solvelab.tables import TableError

    if isinstance(error, NotationError | InvalidCubeError | CrossColourError | PyodideUnavailable):
        return 2
    if isinstance(error, TableError):
        return 1
    return None
