"""The examples in the docstrings are run, so they stay true."""

import doctest
import importlib
import pkgutil

import pytest

import solvelab

MODULES = [
    info.name
    for info in pkgutil.walk_packages(solvelab.__path__, "solvelab.")
    if info.name != "solvelab.__main__"
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
