"""eval7's ``xorshift_rand`` names on Python's generator: ``seed``, ``random`` and ``randint``.

The numbers are uniform as eval7's are, not the same numbers.
"""

from __future__ import annotations

from random import Random

MAX_ULONG = 2**32 - 1
"""eval7's constant of that name: the largest 32-bit unsigned number."""

_generator = Random()


def seed(value: int) -> None:
    _generator.seed(value)


def random() -> float:
    """A float in [0, 1)."""
    return _generator.random()


def randint(n: int) -> int:
    """An int from 0 to ``n - 1``."""
    return _generator.randrange(n)
