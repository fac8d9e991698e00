"""The examples in the docstrings run and give what they say."""

from __future__ import annotations

import doctest
import pkgutil
from importlib import import_module

import pytest

import handrank


def modules_with_examples() -> list[object]:
    """Every module of the package, found by walking it, whose docstrings hold examples; one that
    needs an optional dependency not installed (dask, matplotlib) is a skip that names it."""
    names = ["handrank"] + sorted(
        m.name for m in pkgutil.walk_packages(handrank.__path__, "handrank.") if not m.name.endswith("__main__")
    )
    out: list[object] = []
    for name in names:
        try:
            module = import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name is None or missing.name.startswith("handrank"):
                raise
            out.append(pytest.param(name, marks=pytest.mark.skip(reason=f"{name} needs {missing.name}")))
            continue
        if any(test.examples for test in doctest.DocTestFinder().find(module)):
            out.append(name)
    return out


MODULES = modules_with_examples()


def test_the_walk_finds_the_modules_with_examples() -> None:
    assert {"handrank", "handrank.cards", "handrank.omaha_ranges", "handrank.icm"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failures, tried = doctest.testmod(import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0
    assert tried > 0
