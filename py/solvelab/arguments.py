"""What both command lines (solvelab's and its nonogram part's) share: argparse, with a
usage error said in one line; the ``--colour`` option; the types of their counts,
seeds and seconds; and run_command, which turns output that cannot be written into
one line."""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Callable


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's, but an epilog of examples keeps its lines as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith("examples:"):
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def examples(*lines: str) -> str:
    """An epilog of example command lines, one a line (``# ...`` lines say what the
    next does)."""
    return "examples:\n" + "\n".join(f"  {line}" for line in lines)


class ArgumentParser(argparse.ArgumentParser):
    """A bad argument is one line on stderr and exit status 2, as every other input
    error of the command line (argparse prints its usage first: 3 lines or more).
    Subcommands' parsers are of this class too (argparse makes them of the parent's)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)
        self.set_defaults(parser_=self)  # the innermost parser used wins

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")

    def parse_args(self, args=None, namespace=None) -> argparse.Namespace:
        # argparse leaves a subcommand's unknown options to the top parser, whose
        # error would point to "solvelab --help": the subcommand's parser says it.
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            parsed.parser_.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed


def colour_option(parser: argparse.ArgumentParser, drawn: str) -> None:
    """``--colour`` (or ``--color``): whether to draw ``drawn`` in colour; see
    :func:`colour_wanted`."""
    parser.add_argument(
        "--colour",
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help=f"draw {drawn} in colour: on a terminal (auto, the default), always or never",
    )


def colour_wanted(choice: str) -> bool:
    """Whether to draw in colour for ``--colour``: on a terminal for auto, unless
    NO_COLOR is set and not empty (as no-color.org says)."""
    if choice == "auto":
        return sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    return choice == "always"


def seed(text: str) -> int:
    """A ``--seed``: an integer of 0 or more (Python's ``random`` takes -7 for 7, so a
    negative seed would quietly repeat a positive one)."""
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed is 0 or more, not {value}")
    return value


def count(text: str) -> int:
    """A count (``--count``, ``--repeat``, ``--runs``): a whole number of 1 or more (a
    benchmark of no runs has no figures to print)."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"a count is 1 or more, not {value}")
    return value


def seconds(text: str) -> float:
    """A time limit: seconds, more than 0 and finite (NaN and inf refused)."""
    value = float(text)
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"seconds are more than 0 and finite, not {text}")
    return value


def folder(text: str) -> str:
    """A folder that must be there (``--peers-js``): a bench run without it would
    measure solvelab alone and only then say that its peers could not run."""
    if not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"no folder {text!r}")
    return text


def one_line(message: str) -> str:
    """An error message as one printable line: each run of white space becomes one
    space, and other control characters are escaped (an ESC would restyle the
    terminal)."""
    text = " ".join(message.split())
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


# A write to standard output failed: a full disk or quota, an I/O error, a closed file.
_OUTPUT_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EBADF}


def run_command(run: Callable[[], int]) -> int:
    """``run()``, a command writing to standard output. When that cannot take the
    output (closed, or on a full disk) the command ends with one line on stderr and
    status 1, not a traceback; a reader that stops reading (``| head``) ends it
    quietly, with status 0."""
    if sys.stdout is None:  # Python's, when started with standard output closed (>&-)
        print("solvelab: standard output is closed", file=sys.stderr)
        return 1
    try:
        status = run()
        sys.stdout.flush()  # a full disk shows here, not in Python's flush at exit
        return status
    except BrokenPipeError:
        _drop_output()
        return 0
    except OSError as error:
        if error.errno not in _OUTPUT_ERRORS or error.filename is not None:
            raise
        _drop_output()
        print(f"solvelab: cannot write the output: {error.strerror}", file=sys.stderr)
        return 1


def _drop_output() -> None:
    """Sends standard output to the null device: what could not be written is still
    in its buffer, and Python's flush at exit would fail again, with a traceback."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)
