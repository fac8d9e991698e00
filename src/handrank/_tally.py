"""What the equity kernels of both evaluators return: boards counted by the set of winners,
turned into named per-player tallies.

A kernel counts each board (or weighs it, for ranges) under the set of players
who share it, bit i for player i; these functions add such counts up in a
fixed order, so that the result does not depend on the thread count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ._tables import TIE_UNITS

DEAL_PARTS = 64
"""The deals kernel adds up its deals in this many parts (or fewer), whatever the thread count,
then the parts in order: the same floating-point sums on any thread count."""


def deal_part_bounds(n: int) -> list[tuple[int, int]]:
    """``n`` deals in ``DEAL_PARTS`` (or fewer) contiguous slices."""
    parts = min(n, DEAL_PARTS)
    return [(p * n // parts, (p + 1) * n // parts) for p in range(parts)]


class Showdowns(NamedTuple):
    """Fixed hands or sampled deals: per player equity units, wins and squared units; the boards."""

    units: list[int]  # a board shared k ways gives each of the k players TIE_UNITS // k
    wins: list[int]  # boards won alone
    squares: list[int]  # the sum of each board's units squared, for the standard error
    boards: int


class RangeShowdowns(NamedTuple):
    """Every deal of the ranges: per player weighted units and wins; the total weight; the boards."""

    units: list[float]  # weighted as ``Showdowns.units``: units[i] / weight / TIE_UNITS is the equity
    wins: list[float]
    weight: float  # the weights of every deal and board, added up
    boards: int


def _shares(by_winners: Sequence[Any], k: int) -> tuple[list[Any], list[Any], list[Any], Any]:
    """Units, wins and squared units per player, and the total, from counts (or weights) by winners."""
    units: list[Any] = [0] * k
    wins: list[Any] = [0] * k
    squares: list[Any] = [0] * k
    for winners in range(1, 1 << k):
        n = by_winners[winners]
        if n:
            sharing = [i for i in range(k) if winners >> i & 1]
            share = TIE_UNITS // len(sharing)
            for i in sharing:
                units[i] += n * share
                squares[i] += n * share * share
            if len(sharing) == 1:
                wins[sharing[0]] += n
    return units, wins, squares, sum(by_winners[1 : 1 << k])


def add_by_winners(parts: Sequence[Sequence[Any]], k: int) -> list[Any]:
    """The parts' counts by the set of winners, added in order."""
    total: list[Any] = [0] * (1 << k)
    for part in parts:
        for winners in range(1 << k):
            total[winners] += part[winners]
    return total


def showdowns(parts: Sequence[Sequence[int]], k: int) -> Showdowns:
    """The tallies of ``k`` players from the parts' board counts by the set of winners."""
    return Showdowns(*_shares(add_by_winners(parts, k), k))


def range_showdowns(parts: Sequence[tuple[Sequence[float], int]], k: int) -> RangeShowdowns:
    """The tallies of an exact range enumeration from its parts: weights by winners, and boards."""
    units, wins, _, weight = _shares(add_by_winners([w for w, _ in parts], k), k)
    return RangeShowdowns(units, wins, float(weight), sum(n for _, n in parts))
