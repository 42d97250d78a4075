"""The examples in the README and the docs run and print what they say."""

import doctest
import re
import shlex
from pathlib import Path

import pytest

from solvelab.cli import main

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


@pytest.mark.parametrize("path", [ROOT / "README.md"], ids=lambda p: p.name)
def test_python_examples(path):
    session: dict = {}  # the blocks run one after another, as in one interpreter
    for block in blocks(path, "python"):
        if not block.startswith(">>>"):
            continue
        test = doctest.DocTestParser().get_doctest(block, session, path.name, str(path), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test, clear_globs=False)
        assert runner.failures == 0
        session = test.globs
