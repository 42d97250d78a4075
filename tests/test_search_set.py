"""The bench that judges a change to the search (search_set.py): a run's lines, the
long searches picked from them, and two runs compared."""

from __future__ import annotations

import json

import pytest

from solvelab.bench import search_set


def test_a_run_is_picked_from_and_compared(tmp_path, capsys):
    search_set.main(["run", "--first", "0", "--count", "12", "--max-size", "8"])
    lines = capsys.readouterr().out.splitlines()
    entries = [json.loads(line) for line in lines]
    assert 8 <= len(entries) <= 12  # seeds whose changed clues do not fit are left out
    assert {entry["status"] for entry in entries} <= {"unique", "multiple", "none"}
    assert all(entry["time_limit"] == 60 for entry in entries)
    run = tmp_path / "run.jsonl"
    run.write_text("\n".join(lines) + "\n")

    search_set.main(["pick", str(run), "--conflicts", "0"])
    assert capsys.readouterr().out.split() == [str(entry["seed"]) for entry in entries]
    search_set.main(["pick", str(run), "--conflicts", "1000000"])
    assert capsys.readouterr().out.split() == []  # no timeout, no long search

    timed_out = dict(entries[0], status="timeout", seconds=60.2)
    other = tmp_path / "other.jsonl"
    other.write_text("\n".join([json.dumps(timed_out), *lines[1:]]) + "\n")
    search_set.main(["compare", str(run), str(other)])
    report = capsys.readouterr().out.splitlines()
    n = len(entries)
    assert report[0] == f"{n} puzzles: old solved {n}, new {n - 1}"
    assert f"{n - 1} solved by both: new ÷ old 1.00 in time, 1.00 in contradictions" in report[2]
    assert not any("DIFFER" in line for line in report)


def test_verdicts_that_differ_are_named(tmp_path, capsys):
    old = {"seed": 7, "status": "unique", "conflicts": 3, "seconds": 0.5, "time_limit": 60}
    new = dict(old, status="multiple")
    for name, entry in (("old", old), ("new", new)):
        (tmp_path / name).write_text(json.dumps(entry) + "\n")
    search_set.main(["compare", str(tmp_path / "old"), str(tmp_path / "new")])
    assert "VERDICTS DIFFER on seed 7: old unique, new multiple" in capsys.readouterr().out


def test_another_tree_needs_the_file_run_by_its_path():
    with pytest.raises(SystemExit):
        search_set.main(["run", "--first", "0", "--count", "1", "--tree", "/elsewhere/py"])
