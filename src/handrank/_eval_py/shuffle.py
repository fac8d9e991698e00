"""A list shuffled in place as ``random.Random.shuffle`` shuffles it: the decks of the shims whose
peers shuffle with ``random``. Pairs with ``_c/shuffle.pxi``, which draws the same numbers in C."""

from __future__ import annotations

from typing import Any


def shuffle(items: list[Any], generator: Any) -> None:
    """``generator.shuffle(items)``: the same order from the same state, for a ``random.Random``
    (or the ``random`` module, its own generator); any other generator's own ``shuffle`` is called."""
    generator.shuffle(items)
