"""bench/sat_check.py: its random puzzles, and its comparison (CaDiCaL itself is
not solvelab's, so a stand-in counts the solutions here)."""

from solvelab.bench import sat_check
from solvelab.nonogram import MULTIPLE, UNIQUE, Puzzle, bad_clues, solve


def test_the_random_cases_are_pictures_and_clues_changed_in_one_row_and_one_column():
    kinds = set()
    for seed in range(60):
        case = sat_check.random_case(seed, max_size=10)
        if case is None:
            continue
        kind, puzzle = case
        kinds.add(kind)
        picture = puzzle.goal
        if kind == "picture":
            assert puzzle.check(picture)
            assert solve(puzzle).status in (UNIQUE, MULTIPLE)
        else:
            original = Puzzle.from_grid(picture, puzzle.colours)
            rows, columns = (
                [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
                for before, after in (
                    (puzzle.rows, original.rows),
                    (puzzle.columns, original.columns),
                )
            )
            assert len(rows) == len(columns) == 1, seed
    assert kinds == {"picture", "changed"}


def disagreements(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("seed ")]


def counted(out: str, words: str) -> int:
    """The number at the start of the summary line that says ``words``."""
    return int(next(line for line in out.splitlines() if words in line).split()[0])


def run(args: list[str], capsys, status: int = 0) -> str:
    """sat_check's output, its exit status checked."""
    assert sat_check.main(args) == status
    return capsys.readouterr().out


def all_solutions(puzzle, limit):
    """A stand-in for CaDiCaL's solutions: solvelab's own, as cell colours."""
    result = solve(puzzle, max_solutions=limit)
    return [tuple(v for row in grid for v in row) for grid in result.solutions]


def verdict(puzzle, limit=2):
    """A stand-in for CaDiCaL's count (at most 2): solvelab's own verdict."""
    return sat_check.VERDICTS.index(solve(puzzle).status)


def test_it_says_where_solvelab_and_the_sat_solver_disagree(monkeypatch, capsys):
    monkeypatch.setattr(sat_check, "sat_count", verdict)
    out = run(["--count", "12", "--max-size", "10"], capsys)
    assert disagreements(out) == []
    assert out.rstrip().endswith("0 disagreement(s) in 10 puzzles")  # two are skipped

    monkeypatch.setattr(sat_check, "sat_count", lambda puzzle, limit: (verdict(puzzle) + 1) % 3)
    out = run(["--count", "12", "--max-size", "10"], capsys, status=1)
    assert len(disagreements(out)) == 10
    assert out.rstrip().endswith("10 disagreement(s) in 10 puzzles")


def test_it_compares_counts_up_to_max_solutions(monkeypatch, capsys):
    def count(puzzle, limit):
        return len(all_solutions(puzzle, limit))

    monkeypatch.setattr(sat_check, "sat_count", count)
    args = ["--count", "30", "--max-size", "6", "--max-solutions", "5"]
    assert disagreements(run(args, capsys)) == []

    # One solution more than solvelab found: every puzzle disagrees, the counts shown.
    monkeypatch.setattr(sat_check, "sat_count", lambda puzzle, limit: count(puzzle, limit) + 1)
    out = run(args, capsys, status=1)
    found = disagreements(out)
    assert out.rstrip().endswith(f"{len(found)} disagreement(s) in {len(found)} puzzles")
    assert any("CaDiCaL multiple (" in line for line in found)


def test_it_compares_the_suspect_lines_of_clues_with_no_solution(monkeypatch, capsys):
    """The lines whose clue left out gives a solution, or, where no one line does, the
    pairs of lines."""
    asked = []

    def lines(puzzle, together):
        asked.append(together)
        if together == 1:
            return sorted((s.line,) for s in bad_clues.suspects(puzzle))
        return sorted((a.line, b.line) for a, b in bad_clues.suspect_pairs(puzzle))

    monkeypatch.setattr(sat_check, "sat_count", verdict)
    monkeypatch.setattr(sat_check, "sat_suspects", lines)
    args = ["--count", "40", "--max-size", "8", "--suspects"]
    out = run(args, capsys)
    assert disagreements(out) == []
    compared = counted(out, "suspect lists compared")
    assert compared == len(asked) > 3 and set(asked) == {1, 2}

    monkeypatch.setattr(sat_check, "sat_suspects", lambda puzzle, together: [(999,)])
    found = disagreements(run(args, capsys, status=1))
    assert len(found) == compared and all("suspect lines" in line for line in found)


def test_it_checks_the_learning_searchs_nogoods_against_every_solution(monkeypatch, capsys):
    monkeypatch.setattr(sat_check, "sat_count", verdict)
    monkeypatch.setattr(sat_check, "sat_solutions", all_solutions)
    args = ["--count", "120", "--max-size", "8", "--nogoods"]
    out = run(args, capsys)
    assert disagreements(out) == []
    assert counted(out, "nogoods checked") > 3

    # With no solution known, each solution the search finds is one too many.
    monkeypatch.setattr(sat_check, "sat_solutions", lambda puzzle, limit: [])
    found = disagreements(run(args, capsys, status=1))
    assert found and all("a solution CaDiCaL does not have" in line for line in found)


def test_a_nogood_must_hold_for_every_solution_not_found_before_it():
    puzzle = sat_check.random_case(157, 14)[1]  # 42 contradictions on the way to two solutions
    result = solve(puzzle, record_steps=True)
    every = all_solutions(puzzle, 1000)
    checked, broken = sat_check.broken_nogoods(puzzle, result, every)
    assert checked > 40 and broken == []

    # A grid with each cell of the first nogood in its mask breaks that nogood.
    first = next(n for n, step in enumerate(result.steps) if step.kind == "learn")
    cells = dict(result.steps[first].cells)
    grid = tuple(cells[c].bit_length() - 1 if c in cells else 0 for c in range(len(every[0])))
    checked, broken = sat_check.broken_nogoods(puzzle, result, [*every, grid])
    assert broken[0] == f"step {first}: a nogood that a solution not found yet breaks"
