"""The examples in the docstrings run and give what they say."""

from __future__ import annotations

import doctest
import pkgutil
from importlib import import_module
from typing import Optional

import pytest

import handrank


def _missing_dependency(error: BaseException) -> Optional[str]:
    """The module not installed behind an import error (``handrank.dask`` raises its own error from
    dask's), or None when the error is the package's own."""
    seen: Optional[BaseException] = error
    while seen is not None:
        if isinstance(seen, ModuleNotFoundError) and seen.name and not seen.name.startswith("handrank"):
            return seen.name
        seen = seen.__cause__ or seen.__context__
    return None


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
        except ImportError as error:
            missing = _missing_dependency(error)
            if missing is None:
                raise
            out.append(pytest.param(name, marks=pytest.mark.skip(reason=f"{name} needs {missing}")))
            continue
        if any(test.examples for test in doctest.DocTestFinder().find(module)):
            out.append(name)
    return out


MODULES = modules_with_examples()


def test_the_walk_finds_the_modules_with_examples() -> None:
    found = {m if isinstance(m, str) else m.values[0] for m in MODULES}  # type: ignore[attr-defined]
    assert {"handrank", "handrank.cards", "handrank.omaha_ranges", "handrank.icm"} <= found


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failures, tried = doctest.testmod(import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0
    assert tried > 0
