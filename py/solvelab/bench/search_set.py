"""Long searches, for judging a change to the learning search: random puzzles
(:func:`solvelab.bench.sat_check.random_case`) solved one by one, one JSON line each,
and two runs compared (bench only).

A change to the search moves single puzzles by large factors either way (the search's
luck: see the benchmarks' History), so it is judged on many long searches, each
version on the same ones. Choosing them by how long the old version took favours
the new one (a puzzle picked for its bad luck is likely to have better luck next
time); ``pick`` chooses them instead by where the two versions part, when the change
only acts past some number of contradictions (``--conflicts``), or by either
version's time::

    python py/solvelab/bench/search_set.py run --first 500000 --count 1400 \\
        --max-size 35 --time-limit 10 > scan.jsonl
    python py/solvelab/bench/search_set.py pick scan.jsonl --conflicts 2000 > seeds.txt
    python py/solvelab/bench/search_set.py run --seeds seeds.txt --max-size 35 \\
        --time-limit 60 --tree /tmp/old/py > old.jsonl &
    python py/solvelab/bench/search_set.py run --seeds seeds.txt --max-size 35 \\
        --time-limit 60 > new.jsonl
    python py/solvelab/bench/search_set.py compare old.jsonl new.jsonl

``--tree`` solves with the solvelab of another checkout (its ``py`` folder), so the
two versions can run side by side, one a core. A finished search's count of
contradictions does not depend on the machine's load; times do, a little, when both
cores are busy.

Usage: search_set.py run (--first SEED --count N | --seeds FILE) [--max-size N]
                         [--time-limit S] [--tree PATH]
       search_set.py pick RUN.jsonl... [--conflicts N] [--seconds S]
       search_set.py compare OLD.jsonl NEW.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path


def run(seeds, max_size: int, time_limit: float) -> None:
    """Solve each seed's puzzle; print one JSON line each (seeds whose changed clues
    do not fit their lines are left out, as sat_check leaves them)."""
    from solvelab.bench.sat_check import random_case
    from solvelab.nonogram import solve

    for seed in seeds:
        case = random_case(seed, max_size)
        if case is None:
            continue
        kind, puzzle = case
        started = time.perf_counter()
        result = solve(puzzle, time_limit=time_limit)
        seconds = time.perf_counter() - started
        line = {
            "seed": seed,
            "kind": kind,
            "size": f"{puzzle.width}x{puzzle.height}",
            "colours": len(puzzle.colours) - 1,
            "status": result.status,
            "conflicts": result.stats.backtracks,
            "seconds": round(seconds, 3),
            "time_limit": time_limit,
        }
        print(json.dumps(line), flush=True)


def read(path: str) -> dict[int, dict]:
    with open(path) as lines:
        return {entry["seed"]: entry for entry in map(json.loads, lines)}


def pick(paths: list[str], conflicts: int | None, seconds: float | None) -> list[int]:
    """The seeds that reached ``conflicts`` contradictions or took ``seconds`` (or ran
    out of time) in any of the runs."""
    chosen = set()
    for path in paths:
        for seed, entry in read(path).items():
            if (
                entry["status"] == "timeout"
                or (conflicts is not None and entry["conflicts"] >= conflicts)
                or (seconds is not None and entry["seconds"] >= seconds)
            ):
                chosen.add(seed)
    return sorted(chosen)


def compare(old: dict[int, dict], new: dict[int, dict]) -> list[str]:
    """The two runs side by side: puzzles solved, the PAR-2 score (a timeout counted as
    twice its time limit, as SAT competitions count), and on the puzzles both solved
    the geometric means of new ÷ old; any verdicts that differ."""
    seeds = sorted(old.keys() & new.keys())

    def par2(entry) -> float:
        return 2 * entry["time_limit"] if entry["status"] == "timeout" else entry["seconds"]

    def solved(results) -> int:
        return sum(results[s]["status"] != "timeout" for s in seeds)

    def mean(ratios) -> float:
        return math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else math.nan

    both = [s for s in seeds if "timeout" not in (old[s]["status"], new[s]["status"])]
    # A millisecond at least: a search this short has no time to speak of.
    time_ratio = mean([max(new[s]["seconds"], 1e-3) / max(old[s]["seconds"], 1e-3) for s in both])
    conflict_ratio = mean([max(new[s]["conflicts"], 1) / max(old[s]["conflicts"], 1) for s in both])
    out = [
        f"{len(seeds)} puzzles: old solved {solved(old)}, new {solved(new)}",
        f"PAR-2: old {sum(par2(old[s]) for s in seeds):.0f} s,"
        f" new {sum(par2(new[s]) for s in seeds):.0f} s",
        f"{len(both)} solved by both: new ÷ old {time_ratio:.2f} in time,"
        f" {conflict_ratio:.2f} in contradictions (geometric means);"
        f" {sum(old[s]['seconds'] for s in both):.0f} s against"
        f" {sum(new[s]['seconds'] for s in both):.0f} s",
    ]
    for s in seeds:
        verdicts = {old[s]["status"], new[s]["status"]}
        if len(verdicts) > 1 and "timeout" not in verdicts:
            out.append(
                f"VERDICTS DIFFER on seed {s}: old {old[s]['status']}, new {new[s]['status']}"
            )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    solving = commands.add_parser("run", help="solve random puzzles, one JSON line each")
    which = solving.add_mutually_exclusive_group(required=True)
    which.add_argument("--first", type=int, help="the first seed (with --count)")
    which.add_argument("--seeds", help="a file of seeds, one a line (from pick)")
    solving.add_argument("--count", type=int, default=1000)
    solving.add_argument("--max-size", type=int, default=35)
    solving.add_argument("--time-limit", type=float, default=60)
    solving.add_argument("--tree", help="the py folder of the solvelab to run")
    picking = commands.add_parser("pick", help="the seeds of the long searches of runs")
    picking.add_argument("runs", nargs="+")
    picking.add_argument("--conflicts", type=int)
    picking.add_argument("--seconds", type=float)
    comparing = commands.add_parser("compare", help="two runs of the same seeds")
    comparing.add_argument("old")
    comparing.add_argument("new")
    args = parser.parse_args(argv)
    if args.command == "run":
        if "solvelab" in sys.modules:  # imported (python -m, the tests): its own tree
            if args.tree:
                parser.error("--tree needs this file run by its path, not with python -m")
        else:
            sys.path.insert(0, args.tree or str(Path(__file__).resolve().parents[2]))
        if args.seeds:
            seeds = [int(line) for line in Path(args.seeds).read_text().split()]
        else:
            seeds = range(args.first, args.first + args.count)
        run(seeds, args.max_size, args.time_limit)
    elif args.command == "pick":
        print("\n".join(map(str, pick(args.runs, args.conflicts, args.seconds))))
    else:
        print("\n".join(compare(read(args.old), read(args.new))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
