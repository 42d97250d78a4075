"""The nonogram solver on the benchmark puzzles (``solvelab bench nonogram``).

Every puzzle in the puzzles folder (``--puzzles DIR``, else ``$SOLVELAB_NONOGRAMS``,
else ``../shared/nonograms`` beside the repository) is solved with a time
limit; the table gives its size, verdict, what the solver needed and the time,
in CPython and, with ``--runtime pyodide``, in Pyodide under Node.js. With both,
the two take turns, each puzzle solved in Pyodide and then at once in CPython in
every round, and Pyodide ÷ CPython is given twice: the fastest time ÷ the fastest,
and the median of each round's ratio (:func:`paired`), which a machine shared with
other work moves far less.

Peers (``--peers``): a peer is run side by side when a command for it is given in
one of :data:`PEERS`' variables, such as ``$SOLVELAB_PEER_PYNOGRAM`` or
``$SOLVELAB_PEER_PBNSOLVE`` (a command line with ``{file}`` for the puzzle, e.g.
``pbnsolve -u {file}``); its time is the ``SECONDS`` it prints, else its command's
wall time. A peer that prints ``SOLUTIONS <n>`` (how many it found, stopping at
two) is a second opinion on the verdict: a count that contradicts it is marked in
the table, said after it, and makes the bench exit with 1. A peer solves a puzzle
once in a new process, so solvelab is timed the same way for the ratio: the column
"solvelab, first solve" (:mod:`solvelab.bench.first_solve`), not the fastest of
repeated solves in one process (the CPython column), which run warm. pynogram
0.3.1 is not on the package index: :mod:`solvelab.bench.pynogram_peer` runs it
from its source, in an environment of its own; :mod:`solvelab.bench.sat_peer`
encodes the puzzle for a SAT solver (CaDiCaL, through python-sat) and
:mod:`solvelab.bench.cpsat_peer` for Google's CP-SAT (OR-Tools), and
:mod:`solvelab.bench.mip_peer` as an integer programme for SCIP. pbnsolve is C
that no registry packages. The figures published in issue 14 (same machine, busy)
are printed beside ours too.

``--check`` solves as ``solvelab nonogram solve --check`` does: each puzzle's goal
picture (where the file has one) is checked, its colours guessed first. That is
not solving from the clues, so no peer runs beside it.

``--in-red`` solves each one-colour puzzle as a colour puzzle: its runs in red, black
declared and never used (:func:`in_red`). The clues and the solutions are the same
pictures, and the search is the colour search (learning_colour.py), whose cost beside
the one-colour search's this shows. Colour puzzles are solved as they are.

``--steps`` records the solver's steps (:mod:`solvelab.nonogram.steps`) as the Solve
page's step mode and the chapter's demos do, and counts them in the table.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

from solvelab.arguments import one_line

ROOT = Path(__file__).resolve().parents[3]

# Figures published in issue 14 (this machine, busy; upper figures), in seconds.
# None: more than 300 s; missing: not measured.
PUBLISHED = {
    "pbnsolve 1.10": {
        "6574": 1.2, "47": 0.05, "220": 0.05, "8-dom": 1.4, "9-dom": 9.8, "10-dom": 114.0,
        "11-dom": None, "12-dom": None, "knotty": None, "faase": None,
        "other one-colour webpbn": "0.05–0.21 s",
    },
    "pynogram 0.3.1": {
        "6574": 239.0, "47": 0.2, "220": 0.2, "8-dom": 92.0, "9-dom": None,
        "knotty": None, "faase": None, "other one-colour webpbn": "0.14–3.7 s",
    },
}  # fmt: skip


def in_red(puzzle):
    """A one-colour puzzle as a colour puzzle (see ``--in-red``): its runs in red, a
    colour after black, which stays declared and is never used; its goal the same
    picture. A colour puzzle is returned as it is."""
    from solvelab.nonogram.puzzle import Block, Colour, Puzzle

    if len(puzzle.colours) != 2:
        return puzzle

    def red(clue):
        return tuple(Block(block.length, 2) for block in clue)

    goal = puzzle.goal
    return Puzzle(
        tuple(map(red, puzzle.rows)),
        tuple(map(red, puzzle.columns)),
        (*puzzle.colours, Colour("red", "r", "FF0000")),
        puzzle.title,
        puzzle.author,
        goal=None if goal is None else tuple(tuple(2 * v for v in row) for row in goal),
    )


def puzzles_dir(option: str | None = None) -> Path:
    """Where the puzzles are: the option, $SOLVELAB_NONOGRAMS, or ../shared/nonograms."""
    if option:
        return Path(option)
    if os.environ.get("SOLVELAB_NONOGRAMS"):
        return Path(os.environ["SOLVELAB_NONOGRAMS"])
    return ROOT.parent / "shared" / "nonograms"


def short_name(path: Path) -> str:
    """``6574``, ``47``, ``10-dom``, ``knotty``: how the issue names a puzzle."""
    stem = path.stem
    if stem.startswith("webpbn-"):
        return str(int(stem.rsplit("-", 1)[1]))
    return stem


def find_puzzles(directory: Path, only: tuple[str, ...] | None = None) -> list[Path]:
    def order(path: Path):
        stem = path.stem
        if stem.endswith("-dom"):
            return (1, int(stem.split("-")[0]), stem)
        return (0 if stem.startswith("webpbn") else 2, 0, stem)

    files = sorted(directory.rglob("*.xml"), key=order)
    if only:
        files = [f for f in files if any(o in f.name for o in only)]
    return files


def run(
    puzzles: dict,
    runtimes: tuple[str, ...],
    time_limit: float,
    repeat: int = 1,
    check: bool = False,
    red: bool = False,
    steps: bool = False,
) -> dict[str, dict[Path, dict]]:
    """Each runtime's :func:`solved` summary of each puzzle (``puzzles``: each file's
    puzzle, in red with ``red``, as :func:`in_red` makes it), its time the fastest of
    ``repeat`` rounds (see :func:`in_rounds`): ``{runtime: {path: summary}}``."""
    from solvelab.nonogram import solve

    def in_cpython(path: Path) -> dict:
        if sys.stderr.isatty():  # the table comes after the last round: say where it is
            print(f"\rsolving {short_name(path):>12}", end="", file=sys.stderr, flush=True)
        puzzle = puzzles[path]
        return solved(puzzle, solve(puzzle, time_limit, check_goal=check, record_steps=steps))

    paths = list(puzzles)
    solvers = {}
    with contextlib.ExitStack() as stack:
        if "pyodide" in runtimes:
            from solvelab.bench.pyodide import Session

            texts = [path.read_text(encoding="utf-8") for path in paths]
            code = (
                f"TEXTS = {json.dumps(texts)}\nLIMIT = {time_limit!r}\n"
                f"CHECK = {check}\nIN_RED = {red}\nSTEPS = {steps}\n" + PYODIDE_CODE
            )
            session = stack.enter_context(Session(code))
            index = {path: i for i, path in enumerate(paths)}
            solvers["pyodide"] = lambda path: session.ask(str(index[path]))
        if "cpython" in runtimes:
            solvers["cpython"] = in_cpython
        found = in_rounds(paths, repeat, solvers)
    if sys.stderr.isatty():
        print("\r" + " " * 21 + "\r", end="", file=sys.stderr, flush=True)
    return found


def solved(puzzle, result) -> dict:
    """What the table shows of one solve of ``puzzle``, in either runtime."""
    return {
        "status": result.status,
        "difficulty": result.difficulty,
        "seconds": result.stats.seconds,
        "branches": result.stats.branches,
        "matches_goal": (
            puzzle.goal in result.solutions
            if result.solutions and puzzle.goal is not None
            else None
        ),
        "steps": None if result.steps is None else len(result.steps),
        "size": f"{puzzle.width}×{puzzle.height}",
    }


def in_rounds(paths, repeat: int, solvers: dict) -> dict[str, dict]:
    """``{runtime: {path: summary}}``: each of ``solvers`` (a runtime's name and its
    function from a path to :func:`solved`'s summary) solves each puzzle once a round,
    in turn, the runtimes one after the other on each puzzle; a puzzle that timed out
    in a runtime is not solved again there. A summary is the first round's, with its
    time the fastest and ``times`` each round's.

    Rounds, not one puzzle ``repeat`` times in a row: a burst of other work on the
    machine then spoils one run of each puzzle, not all the runs of one. And the
    runtimes side by side, not one after the other: this machine's speed can move by
    half from one minute to the next, and the ratio of two times taken a moment apart
    moves far less than that of two taken minutes apart (see :func:`paired`)."""
    found: dict[str, dict] = {runtime: {} for runtime in solvers}
    for _ in range(repeat):
        for path in paths:
            for runtime, solve in solvers.items():
                first = found[runtime].get(path)
                if first is not None and first["status"] == "timeout":
                    continue
                summary = solve(path)
                if first is None:
                    found[runtime][path] = {**summary, "times": [summary["seconds"]]}
                else:
                    first["times"].append(summary["seconds"])
                    first["seconds"] = min(first["times"])
    return found


def paired(pyodide: dict, cpython: dict) -> float | None:
    """The median over the rounds of Pyodide's time ÷ CPython's, the two solved one
    right after the other (see :func:`in_rounds`); None if either timed out. Steadier
    than the fastest ÷ the fastest on a machine shared with other work: a burst of
    it slows both solves of a round alike, and a longer solve is likelier to meet
    one, so the fastest of Pyodide's is more often spoilt than CPython's."""
    if "timeout" in (pyodide["status"], cpython["status"]):
        return None
    return statistics.median(p / c for p, c in zip(pyodide["times"], cpython["times"], strict=True))


PYODIDE_CODE = """
import json, sys
from solvelab.nonogram import parse, solve
from solvelab.bench.nonogram import in_red, solved
puzzles = [parse(text, "xml") for text in TEXTS]
if IN_RED:
    puzzles = [in_red(puzzle) for puzzle in puzzles]
while line := sys.stdin.readline():
    puzzle = puzzles[int(line)]
    result = solve(puzzle, LIMIT, check_goal=CHECK, record_steps=STEPS)
    print("RESULT" + json.dumps(solved(puzzle, result)), flush=True)
"""


# Each peer's name in the table and the variable holding its command.
PEERS = (
    ("pynogram", "SOLVELAB_PEER_PYNOGRAM"),
    ("SAT", "SOLVELAB_PEER_SAT"),
    ("CP-SAT", "SOLVELAB_PEER_CPSAT"),
    ("SCIP", "SOLVELAB_PEER_MIP"),
    ("pbnsolve", "SOLVELAB_PEER_PBNSOLVE"),
)

# solvelab run as the peers are: one solve in a new process (see first_solve.py).
FIRST_SOLVE = f"{shlex.quote(sys.executable)} -m solvelab.bench.first_solve {{file}}"


class PeerRun(NamedTuple):
    """A peer's time on one puzzle and, if it says, how many solutions it found."""

    seconds: float
    solutions: int | None = None


def run_peer(command: str, path: Path, time_limit: float) -> PeerRun | None:
    """A peer's run on one puzzle, None past the time limit: the ``SECONDS <s>`` it
    prints (its solve alone, as ours; see pynogram_peer.py), else the wall time of
    its command, and the ``SOLUTIONS <n>`` it prints, if any."""
    args = [a.replace("{file}", str(path)) for a in shlex.split(command)]
    start = time.perf_counter()
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=time_limit, check=False)
    except subprocess.TimeoutExpired:
        return None
    wall = time.perf_counter() - start
    said = dict(line.split()[:2] for line in done.stdout.splitlines() if len(line.split()) >= 2)
    solutions = int(said["SOLUTIONS"]) if "SOLUTIONS" in said else None
    return PeerRun(float(said.get("SECONDS", wall)), solutions)


def _fastest(commands: dict[str, str], path: Path, time_limit: float, repeat: int) -> dict:
    """Each command's fastest of ``repeat`` runs, by its name; None for a command once
    one run passes the time limit (it is not run again: a timeout takes the whole
    limit). The commands take turns, as the runtimes do in :func:`in_rounds`."""
    best: dict[str, PeerRun | None] = {}
    for _ in range(repeat):
        for name, command in commands.items():
            if name in best and best[name] is None:
                continue
            run = run_peer(command, path, time_limit)
            if run is None or name not in best or run.seconds < best[name].seconds:
                best[name] = run
    return best


# How many solutions a peer that stops at two reports for each of solvelab's verdicts.
SOLUTIONS_OF = {"none": 0, "unique": 1, "multiple": 2}


def _disagrees(status: str, run: PeerRun | None) -> bool:
    """Whether a peer's count of solutions contradicts solvelab's verdict (a peer
    that says no count, or a timeout on either side, contradicts nothing)."""
    if run is None or run.solutions is None or status not in SOLUTIONS_OF:
        return False
    return min(run.solutions, 2) != SOLUTIONS_OF[status]


def _load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def _ratio(theirs: float, ours: float | None) -> str:
    """How many times as long the peer took: to a tenth from 1× to 100× (a 9.6× is
    not rounded up to the 10× target), to a hundredth below (a faster peer)."""
    if ours is None:
        return "—"
    ratio = theirs / ours
    if ratio < 1:
        return f"{ratio:.2f}×"
    return f"{ratio:.1f}×" if ratio < 100 else f"{ratio:.0f}×"


def _slower(pyodide: dict, cpython: dict) -> list[str]:
    """How many times as long Pyodide took: its fastest ÷ CPython's, and
    :func:`paired`; "—" below 1 ms of CPython's time, where the timer's grain and one
    stray interruption weigh too much, and for a timeout."""
    ratio = paired(pyodide, cpython)
    if ratio is None or cpython["seconds"] < 0.001:
        return ["—", "—"]
    return [f"{pyodide['seconds'] / cpython['seconds']:.2f}×", f"{ratio:.2f}×"]


def _fmt(seconds: float | None, status: str = "") -> str:
    if seconds is None:
        return "—"
    if status == "timeout":
        return f"> {seconds:.0f} s"
    if seconds < 0.01:
        return f"{seconds * 1000:.2f} ms"
    if seconds < 0.1:
        return f"{seconds:.3f} s"
    return f"{seconds:.2f} s" if seconds < 10 else f"{seconds:.1f} s"


def main(
    puzzles: str | None,
    time_limit: float = 300.0,
    runtimes: tuple[str, ...] = ("cpython",),
    peers: bool = False,
    only: tuple[str, ...] | None = None,
    repeat: int = 1,
    check: bool = False,
    red: bool = False,
    steps: bool = False,
) -> int:
    directory = puzzles_dir(puzzles)
    if not directory.is_dir():
        print(
            f"solvelab: no puzzles at {directory} (use --puzzles DIR or $SOLVELAB_NONOGRAMS)",
            file=sys.stderr,
        )
        return 2
    paths = find_puzzles(directory, only)
    if not paths:
        matching = f" matches --only {' '.join(only)}" if only else ""
        print(f"solvelab: no .xml puzzle in {directory}{matching}", file=sys.stderr)
        return 2
    from solvelab.nonogram import FormatError, NonogramError, read_file

    puzzles = {}
    for path in paths:  # all of them before the table starts, in either runtime
        try:
            puzzles[path] = read_file(path)
        except NonogramError as error:  # malformed, or clues that no grid satisfies
            named = str(error) if isinstance(error, FormatError) else f"{path}: {error}"
            print(f"solvelab: {one_line(named)}", file=sys.stderr)
            return 2
        if red:
            puzzles[path] = in_red(puzzles[path])
    peer_commands = {name: os.environ[var] for name, var in PEERS if peers and os.environ.get(var)}
    print(f"puzzles: {directory}; time limit {time_limit:g} s each", end="")
    print(f"; the fastest of {repeat} runs" if repeat > 1 else "", end="")
    print("; checking the goal pictures (--check)" if check else "", end="")
    print("; one-colour puzzles in red (--in-red)" if red else "", end="")
    print("; recording the steps (--steps)" if steps else "")
    print(f"load average at the start: {_load()}")
    header = ["puzzle", "size", "verdict", "needs"]
    if "cpython" in runtimes:
        header.append("CPython")
    if "pyodide" in runtimes:
        header.append("Pyodide")
    both = "cpython" in runtimes and "pyodide" in runtimes
    if both:
        header += ["Pyodide ÷ CPython", "÷ paired"]
    if peer_commands:
        header.append("solvelab, first solve")
    for name in peer_commands:
        header += [name, f"{name} ÷ solvelab"]
    if peers:
        header += [f"{name} (published)" for name in PUBLISHED]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    found = run(puzzles, runtimes, time_limit, repeat, check, red, steps)
    cpython, pyodide = found.get("cpython", {}), found.get("pyodide", {})
    checked: dict[str, int] = {}  # puzzles whose verdict a peer's count of solutions bears out
    disagreements: list[str] = []
    for path in paths:
        name = short_name(path)
        row = [name]
        # The puzzle's size, verdict and what it needs: CPython's, or Pyodide's alone.
        r = cpython[path] if "cpython" in runtimes else pyodide[path]
        needs = r["difficulty"]
        if needs == "search":
            needs += f" ({r['branches']} guesses)"
        if r["steps"] is not None:
            needs += f", {r['steps']} steps"
        verdict = r["status"]
        shown = verdict + (" ≠ goal" if r["matches_goal"] is False else "")
        row += [r["size"], shown, needs]
        if "cpython" in runtimes:
            row.append(_fmt(r["seconds"], r["status"]))
        if "pyodide" in runtimes:
            p = pyodide[path]
            row.append(_fmt(p["seconds"], p["status"]))
            if both:
                row += _slower(p, r)
        if peer_commands:
            # Ours timed as a peer's: the first solve in a new process.
            fastest = _fastest({"solvelab": FIRST_SOLVE, **peer_commands}, path, time_limit, repeat)
            ours = fastest["solvelab"].seconds if fastest["solvelab"] is not None else None
            row.append(_fmt(ours) if ours is not None else f"> {time_limit:g} s")
        for peer in peer_commands:
            theirs = fastest[peer]
            if theirs is None:  # the peer took longer than the limit: a lower bound
                row.append(f"> {time_limit:g} s")
                row.append("> " + _ratio(time_limit, ours) if ours is not None else "—")
                continue
            cell = _fmt(theirs.seconds)
            if verdict and _disagrees(verdict, theirs):
                cell += f" ({theirs.solutions} solutions ≠ {verdict})"
                disagreements.append(f"{name}: {peer} found {theirs.solutions}, solvelab {verdict}")
            elif verdict and theirs.solutions is not None and verdict in SOLUTIONS_OF:
                checked[peer] = checked.get(peer, 0) + 1
            row.append(cell)
            row.append(_ratio(theirs.seconds, ours))
        if peers:
            for figures in PUBLISHED.values():
                value = figures.get(name, figures.get("other one-colour webpbn", "—"))
                if name.endswith("-dom") or name in ("knotty", "faase"):
                    value = figures.get(name, "—")
                if isinstance(value, float):
                    value = _fmt(value)
                elif value is None:
                    value = "> 300 s"
                row.append(value)
        print("| " + " | ".join(row) + " |", flush=True)
    if peers and not peer_commands:
        print(
            "\nNo peer ran: the peer columns are the figures published in issue 14. Set "
            "SOLVELAB_PEER_PYNOGRAM (see solvelab/bench/pynogram_peer.py), SOLVELAB_PEER_SAT "
            "(sat_peer.py), SOLVELAB_PEER_CPSAT (cpsat_peer.py), SOLVELAB_PEER_MIP "
            "(mip_peer.py) or SOLVELAB_PEER_PBNSOLVE to a command with {file} to run one "
            "side by side."
        )
    if checked or disagreements:
        print()
    for peer, count in checked.items():
        puzzles = "1 puzzle" if count == 1 else f"{count} puzzles"
        print(f"{peer}'s count of solutions bears out solvelab's verdict on {puzzles}.")
    for line in disagreements:
        print(f"VERDICTS DIFFER: {line}.")
    print(f"\nload average at the end: {_load()}")
    return 1 if disagreements else 0
