"""The ``solvelab`` command line.

    solvelab cube facelets "R U R' U'"     the facelet string after an algorithm
    solvelab cube show "R U R' U'"         the unfolded cube after an algorithm
    solvelab cube random --seed 7          a uniformly random cube
    solvelab cube check FACELETS           is this a real cube? (exit status 0 or 1)
    solvelab cube invert "[R, U]"          the inverse algorithm
    solvelab cube simplify "R L R U U'"    cancel and merge moves
    solvelab bench moves                   how fast moves are applied

Input a user can get wrong prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import os
import sys

from solvelab import __version__
from solvelab.cube import Cube, InvalidCubeError, NotationError, parse_alg


def _colour_wanted(choice: str) -> bool:
    if choice == "auto":
        return sys.stdout.isatty() and "NO_COLOR" not in os.environ
    return choice == "always"


def _add_colour_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--colour",
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="draw the net in colour: on a terminal (auto, the default), always or never",
    )


def _cube_facelets(args: argparse.Namespace) -> int:
    print(Cube().apply(args.alg).to_facelets())
    return 0


def _cube_show(args: argparse.Namespace) -> int:
    print(Cube().apply(args.alg).net(colour=_colour_wanted(args.colour)))
    return 0


def _cube_random(args: argparse.Namespace) -> int:
    cube = Cube.random(seed=args.seed)
    print(cube.to_facelets())
    print()
    print(cube.net(colour=_colour_wanted(args.colour)))
    return 0


def _cube_check(args: argparse.Namespace) -> int:
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
    print(parse_alg(args.alg).inverse())
    return 0


def _cube_simplify(args: argparse.Namespace) -> int:
    print(parse_alg(args.alg).simplify())
    return 0


def _bench_moves(args: argparse.Namespace) -> int:
    from solvelab.bench.moves import run

    run(count=args.count, repeat=args.repeat)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="solvelab", description="Scramble, turn and solve puzzles."
    )
    parser.add_argument("--version", action="version", version=f"solvelab {__version__}")
    topics = parser.add_subparsers(dest="topic", required=True, metavar="TOPIC")

    cube = topics.add_parser("cube", help="the Rubik's cube", description="The Rubik's cube.")
    commands = cube.add_subparsers(dest="command", required=True, metavar="COMMAND")

    alg_help = "an algorithm in WCA notation, e.g. \"R U R' U'\" (quote it)"
    p = commands.add_parser(
        "facelets",
        help="print the facelet string after an algorithm",
        description="Print the 54-letter facelet string (Kociemba's URFDLB order) of a solved "
        "cube after ALG.",
    )
    p.add_argument("alg", metavar="ALG", help=alg_help)
    p.set_defaults(run=_cube_facelets)

    p = commands.add_parser(
        "show",
        help="print the unfolded cube after an algorithm",
        description="Print the net of a solved cube after ALG.",
    )
    p.add_argument("alg", metavar="ALG", help=alg_help)
    _add_colour_option(p)
    p.set_defaults(run=_cube_show)

    p = commands.add_parser(
        "random",
        help="print a uniformly random cube",
        description="Print a uniformly random solvable cube: its facelet string and its net.",
    )
    p.add_argument("--seed", type=int, help="make the cube reproducible")
    _add_colour_option(p)
    p.set_defaults(run=_cube_random)

    p = commands.add_parser(
        "check",
        help="say whether a facelet string is a real cube",
        description="Print 'valid' and exit 0 if FACELETS describes a cube that can be solved; "
        "otherwise print what is wrong and where, and exit 1.",
    )
    p.add_argument("facelets", metavar="FACELETS", help="54 letters U R F D L B")
    p.add_argument(
        "--stickers",
        action="store_true",
        help="accept any six colour letters; the centres say which colour is which face",
    )
    p.set_defaults(run=_cube_check)

    p = commands.add_parser(
        "invert", help="print the inverse of an algorithm", description="Print ALG inverted."
    )
    p.add_argument("alg", metavar="ALG", help=alg_help)
    p.set_defaults(run=_cube_invert)

    p = commands.add_parser(
        "simplify",
        help="cancel and merge moves of an algorithm",
        description="Print ALG with moves cancelled and merged, also across moves about the "
        "same axis (R L R becomes R2 L).",
    )
    p.add_argument("alg", metavar="ALG", help=alg_help)
    p.set_defaults(run=_cube_simplify)

    bench = topics.add_parser("bench", help="benchmarks", description="Benchmarks.")
    benches = bench.add_subparsers(dest="command", required=True, metavar="BENCHMARK")
    p = benches.add_parser(
        "moves",
        help="how many moves a second the cube model applies",
        description="Apply random face turns and print how many a second are applied.",
    )
    p.add_argument("--count", type=int, default=1_000_000, help="face turns per run")
    p.add_argument("--repeat", type=int, default=5, help="runs; the best is reported")
    p.set_defaults(run=_bench_moves)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return args.run(args)
    except (NotationError, InvalidCubeError) as error:
        print(f"solvelab: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
