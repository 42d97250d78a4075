"""The command line's argument parser: argparse, with a usage error said in one line."""

from __future__ import annotations

import argparse


class ArgumentParser(argparse.ArgumentParser):
    """A bad argument is one line on stderr and exit status 2, as every other input
    error of the command line (argparse prints its usage first: 3 lines or more).
    Subcommands' parsers are of this class too (argparse makes them of the parent's)."""

    def __init__(self, *args, **kwargs) -> None:
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


def seed(text: str) -> int:
    """A ``--seed``: an integer of 0 or more (Python's ``random`` takes -7 for 7, so a
    negative seed would quietly repeat a positive one)."""
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed is 0 or more, not {value}")
    return value


def one_line(message: str) -> str:
    """An error message as one printable line: each run of white space becomes one
    space, and other control characters are escaped (an ESC would restyle the
    terminal)."""
    text = " ".join(message.split())
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)
