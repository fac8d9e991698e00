"""The examples in the docstrings run and give what they say."""

from __future__ import annotations

import doctest
from importlib import import_module

import pytest

MODULES = [
    "handrank",
    "handrank.cards",
    "handrank.ranking",
    "handrank._tables",
    "handrank._eval_py",
    "handrank._eval_py.tables",
    "handrank.words",
    "handrank.rules",
    "handrank.lowball",
    "handrank.odds",
    "handrank.ranges",
    "handrank.engine",
    "handrank.engine.draw",
    "handrank.engine.view",
    "handrank.engine.stakes",
    "handrank.engine.table",
    "handrank.games",
    "handrank.history",
    "handrank.history.stats",
    "handrank.seats",
    "handrank.crosscheck",
    "handrank.convert",
    "handrank.compat.treys",
    "handrank.compat.deuces",
    "handrank.compat.phevaluator",
    "handrank.compat.eval7",
    "handrank.compat.eval7.rangestring",
    "handrank.compat.pkrbot",
    "handrank.iso",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failures, tried = doctest.testmod(import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0
    assert tried > 0
