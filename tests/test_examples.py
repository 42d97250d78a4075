"""The examples in the README and the docs run and print what they say."""

import argparse
import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from solvelab import cli
from solvelab.cli import main
from solvelab.nonogram import Puzzle, dumps
from solvelab.nonogram import cli as nonogram_cli

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", ROOT / "site" / "cube" / "model.md"]


def blocks(path: Path, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", path.read_text(), re.M | re.S)


def console_examples() -> list[tuple[str, str, str]]:
    """(document, command, expected output) for every `$ solvelab ...` line."""
    found = []
    for path in DOCUMENTS:
        for block in blocks(path, "console"):
            lines = block.splitlines()
            for i, line in enumerate(lines):
                if not line.startswith("$ solvelab "):
                    continue
                output = []
                for following in lines[i + 1 :]:
                    if following.startswith("$ "):
                        break
                    output.append(following)
                found.append((path.name, line[2:], "\n".join(output)))
    return found


@pytest.mark.parametrize(("document", "command", "expected"), console_examples())
def test_console_example(capsys, document, command, expected):
    args = shlex.split(command, comments=True)[1:]
    if args[:1] == ["bench"]:
        # Benchmarks take minutes and print varying figures: check that the
        # command as written is accepted.
        with pytest.raises(SystemExit) as caught:
            main([*args, "--help"])
        assert caught.value.code == 0
        return
    status = main(args)
    out, err = capsys.readouterr()
    if expected:
        assert (out + err).rstrip("\n") == expected
    assert status == 2 if expected.startswith("solvelab: ") else status in (0, 1)


PYTHON_DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "site").rglob("*.md"))]


def python_examples() -> list[tuple[str, int, str]]:
    """(document, number, block) for every ```python block of the README and the docs."""
    return [
        (path.relative_to(ROOT).as_posix(), number, block)
        for path in PYTHON_DOCUMENTS
        for number, block in enumerate(blocks(path, "python"), start=1)
    ]


@pytest.mark.parametrize(
    ("document", "number", "block"), python_examples(), ids=lambda v: str(v)[:40]
)
def test_python_example(tmp_path, monkeypatch, capsys, document, number, block):
    """Each block runs on its own, as pasted into a new interpreter: a >>> block prints
    what it shows; any other block runs without an error (in a folder with the
    puzzle.xml it may read)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "puzzle.xml").write_text(dumps(Puzzle.from_grid(["X.X", ".X.", "X.X"])))
    if block.startswith(">>>"):
        test = doctest.DocTestParser().get_doctest(block, {}, document, document, 0)
        flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
        runner = doctest.DocTestRunner(optionflags=flags)
        runner.run(test)
        assert runner.failures == 0, f"{document}, block {number}"
    else:
        exec(compile(block, f"{document}, block {number}", "exec"), {})


def help_examples() -> list[tuple[str, str]]:
    """(command, example) for every line of every ``examples:`` epilog of the help."""
    found = []

    def walk(parser: argparse.ArgumentParser) -> None:
        for line in (parser.epilog or "").splitlines()[1:]:
            if not line.strip().startswith("#"):
                found.append((parser.prog, line.strip()))
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    walk(sub)

    walk(cli._parser())
    walk(nonogram_cli.parser())
    return sorted(set(found))


def test_the_help_has_examples():
    commands = {command for command, _ in help_examples()}
    assert {"solvelab", "solvelab cube solve", "solvelab nonogram solve"} <= commands


@pytest.mark.parametrize(("command", "example"), help_examples())
def test_help_example(tmp_path, command, example):
    """Each runs as written, in a shell, on a puzzle.xml and a puzzle.non of its own."""
    if example.startswith("solvelab bench "):  # minutes: the command as written is accepted
        example = example + " --help"
    puzzle = Puzzle.from_grid(["X.", "XX"])
    for fmt in ("xml", "non"):
        (tmp_path / f"puzzle.{fmt}").write_text(dumps(puzzle, fmt))
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", example],
        cwd=tmp_path,
        env={**os.environ, "PATH": path},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, (command, example, done.stderr)
