"""Exhaustive counts, by combinatorics: how many hands of 5, 6 or 7 cards have each rank.
Pairs with ``_c/counts.pxi``, which enumerates every hand instead."""

from __future__ import annotations

from itertools import combinations
from math import comb, prod
from typing import Callable, Optional

from .._tables import N_VALUES, PRIMES, rank_multisets
from .tables import FLUSH, PRODUCTS


def rank_counts(n: int, progress: Optional[Callable[[int, int], object]] = None) -> list[int]:
    """How many ``n``-card hands (n = 5, 6 or 7) have each rank: a list indexed by rank, [0] = 0.

    Counted, not enumerated: each rank multiset's hands are split into those
    with a flush and the rest, by binomial coefficients. ``progress(done,
    total)`` is called as it goes.

    >>> from math import comb
    >>> sum(rank_counts(5)) == comb(52, 5)
    True
    """
    if n not in (5, 6, 7):
        raise ValueError(f"expected 5, 6 or 7 cards, got {n}")
    counts = [0] * (N_VALUES + 1)
    # Flushes: four suits, five or more ranks in that suit, any other cards from the other 39.
    for mask in range(1 << 13):
        suited = bin(mask).count("1")
        if 5 <= suited <= n:
            counts[FLUSH[mask]] += 4 * comb(39, n - suited)
    multisets = rank_multisets(n)
    for done, ranks in enumerate(multisets, 1):
        held = [ranks.count(r) for r in sorted(set(ranks))]
        hands = prod(comb(4, k) for k in held)
        # Minus the suit choices that put five or more distinct ranks in one suit.
        for size in range(5, len(held) + 1):
            for in_suit in combinations(range(len(held)), size):
                hands -= 4 * prod(comb(3, k - 1) if i in in_suit else comb(3, k) for i, k in enumerate(held))
        counts[PRODUCTS[prod(PRIMES[r] for r in ranks)]] += hands
        if progress is not None and (done % 4096 == 0 or done == len(multisets)):
            progress(done, len(multisets))
    return counts
