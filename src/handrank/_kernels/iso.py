"""The hand indexer's checks, and what both hand indexers (``_eval_c`` and ``_eval_py``) are built
from: the rounds checked, the suit shapes numbered, and the configurations (multisets of four
shapes) with their first indexes.

A suit's *shape* is how many of its ranks come in each round; its id reads the counts as a
mixed-radix number, the first round the most significant, so ids sort as the shapes do."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product
from math import comb, factorial, prod
from typing import Any

from .core import index_view

RANKS = 13
SUITS = 4
MAX_ROUNDS = 8
MAX_SIZE = 1 << 60
"""Indexes are 64-bit: an indexer with more classes is refused (a Hold'em river has 2.4e9)."""

Shape = tuple[int, ...]
Configuration = tuple[Shape, ...]


def check_rounds(rounds: Sequence[int]) -> tuple[int, ...]:
    """``rounds`` as a tuple, or a ``ValueError`` saying what is wrong with it."""
    given = tuple(rounds)
    if (
        not given
        or len(given) > MAX_ROUNDS
        or any(type(n) is not int or n < 1 for n in given)
        or sum(given) > RANKS * SUITS
    ):
        raise ValueError(
            f"rounds must be 1 to {MAX_ROUNDS} card counts of 1 or more, 52 in all at most; got {rounds!r}"
        )
    return given


def shape_count(rounds: tuple[int, ...]) -> int:
    """How many shape ids there are: each round's count runs from 0 to the round's size."""
    return prod(n + 1 for n in rounds)


def shape_id(shape: Shape, rounds: tuple[int, ...]) -> int:
    out = 0
    for k, n in zip(shape, rounds):
        out = out * (n + 1) + k
    return out


def codes(shape: Shape) -> int:
    """How many codes a suit of this shape has: its rank sets, round after round, from the ranks left."""
    out, left = 1, RANKS
    for k in shape:
        out *= comb(left, k)
        left -= k
    return out


def multisets(values: int, size: int) -> int:
    return comb(values + size - 1, size)


def groups(configuration: Configuration) -> list[tuple[Shape, int]]:
    """The configuration's shapes in order, each with how many suits have it."""
    out: list[tuple[Shape, int]] = []
    for shape in configuration:
        if out and out[-1][0] == shape:
            out[-1] = (shape, out[-1][1] + 1)
        else:
            out.append((shape, 1))
    return out


@cache
def configurations(rounds: tuple[int, ...]) -> tuple[list[Configuration], list[int]]:
    """Every multiset of four suit shapes whose rounds add up to ``rounds`` (each descending, the
    list descending), and the first index of each, with the total last; refused past ``MAX_SIZE``."""
    hands = factorial(RANKS * SUITS) // factorial(RANKS * SUITS - sum(rounds)) // prod(factorial(n) for n in rounds)
    if hands >= MAX_SIZE * 24:  # a class holds 24 hands at most: too many classes, known before counting them
        raise ValueError(f"rounds {rounds} make at least {hands // 24} classes, more than 64-bit indexes allow")
    found: list[Configuration] = []

    def place(chosen: tuple[Shape, ...], left: tuple[int, ...]) -> None:
        """Shapes for the suits after ``chosen``, each at most the one before; the last one is what is left."""
        previous = chosen[-1] if chosen else None
        if len(chosen) == SUITS - 1:
            if sum(left) <= RANKS and (previous is None or left <= previous):
                found.append((*chosen, left))
            return
        for shape in product(*(range(min(n, RANKS) + 1) for n in left)):
            if sum(shape) <= RANKS and (previous is None or shape <= previous):
                place((*chosen, shape), tuple(n - k for n, k in zip(left, shape)))

    place((), rounds)
    found.sort(reverse=True)
    offsets = [0]
    for configuration in found:
        size = 1
        for shape, group in groups(configuration):
            size *= multisets(codes(shape), group)
        offsets.append(offsets[-1] + size)
    if offsets[-1] >= MAX_SIZE:
        raise ValueError(f"rounds {rounds} make {offsets[-1]} classes, more than 64-bit indexes allow")
    return found, offsets


def strength_args(kind: type[Any], river: Any, earlier: Any = None) -> None:
    """Check the indexers a strength kernel takes, of the implementation's own ``kind``: a river
    ``(2, 5)`` and, for ``runout_strengths``, an earlier street's."""
    if not isinstance(river, kind) or river.rounds != (2, 5):
        raise ValueError("expected a hand indexer of rounds (2, 5) for the river")
    if earlier is not None and (not isinstance(earlier, kind) or earlier.rounds not in ((2,), (2, 3), (2, 4))):
        raise ValueError("expected a hand indexer of rounds (2,), (2, 3) or (2, 4) for the earlier street")


def runout_args(
    kind: type, earlier: Any, river: Any, river_points: object, start: int, stop: int, bins: int
) -> memoryview:
    """Check what ``runout_strengths`` takes; the river table as a uint16 view."""
    strength_args(kind, river, earlier)
    table = index_view(river_points, "H")
    if len(table) != river.size:
        raise ValueError(f"expected a river table of {river.size} entries, got {len(table)}")
    if not (type(start) is int and type(stop) is int and 0 <= start <= stop <= earlier.size):
        raise ValueError(f"expected 0 <= start <= stop <= {earlier.size}, got {start!r} and {stop!r}")
    if type(bins) is not int or not 1 <= bins <= 1980:
        raise ValueError(f"bins must be an int from 1 to 1980, got {bins!r}")
    return table
