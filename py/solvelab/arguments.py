"""The command line's argument parser: argparse, with a usage error said in one line."""

from __future__ import annotations

import argparse


class ArgumentParser(argparse.ArgumentParser):
    """A bad argument is one line on stderr and exit status 2, as every other input
    error of the command line (argparse prints its usage first: 3 lines or more).
    Subcommands' parsers are of this class too (argparse makes them of the parent's)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")
