"""Badugi's numbering, shared by both evaluators: a set of distinct ranks (ace low) to its value.

A badugi hand is scored by its largest subset of cards whose ranks and suits all differ; more
cards beat fewer, and among as many the lower ranks win, compared from the highest down, the
ace lowest. The 715 four-card sets come first (1 is 4-3-2-A), then the 286 of three, the 78 of
two and the 13 single cards: 1,092 values.

>>> value([3, 2, 1, 0]), value([12, 11, 10, 9]), value([12])
(1, 715, 1092)
"""

from __future__ import annotations

from collections.abc import Iterable
from math import comb

SIZES = (4, 3, 2, 1)
N_VALUES = sum(comb(13, k) for k in SIZES)
"""1,092: every set of one to four distinct ranks."""
OFFSETS = [sum(comb(13, j) for j in SIZES if j > k) for k in range(5)]
"""The values before the first of each size: none before four cards, 715 before three, ..."""


def choose(n: int, k: int) -> int:
    """n choose k (0 when k > n): a set's place among those of its size counts by these."""
    return comb(n, k)


def value(low_ranks: Iterable[int]) -> int:
    """The value of a set of distinct ace-low ranks (ace 0, deuce 1 ... king 12): its size's offset,
    then its place in colexicographic order, which compares the highest rank first, plus one."""
    ranks = sorted(low_ranks, reverse=True)
    k = len(ranks)
    return OFFSETS[k] + 1 + sum(comb(r, k - i) for i, r in enumerate(ranks))
