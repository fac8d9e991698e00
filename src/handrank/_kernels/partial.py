"""Hands of one to four cards, shared by both evaluators: what a stud player shows.

Such a hand has no straight and no flush: four of a kind, three of a kind, two pair, a pair,
or high cards, compared as five-card hands of those classes are (the set first, then the
kickers). Ranked high (ace high; 1 the best of its size) or low (ace-to-five: the ace lowest
and a pair bad; 1 the best low). Each size has its own scale. A hand is looked up by the
product of its ranks' primes, which names one multiset of one to four ranks.

>>> high, low = scales()
>>> high[41 * 41], high[41 * 37], low[41 * 2], low[41 * 41]  # A-A, A-K; A-2 and A-A as lows
(1, 14, 1, 79)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import prod

from .._tables import PRIMES

SIZES = (1, 2, 3, 4)


def checked_low(low: object) -> bool:
    """The scale asked for: ``False`` (high) or ``True`` (ace-to-five low); else ``TypeError``."""
    if type(low) is not bool:
        raise TypeError(f"low must be True or False, got {low!r}")
    return low


def strength(ranks: Sequence[int]) -> tuple[int, ...]:
    """A hand's strength as a high hand, bigger is better: its class (4 four of a kind, 3 three,
    2 two pair, 1 a pair, 0 high cards), then its ranks, the set's before the kickers."""
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    klass = 4 if shape[0] == 4 else 3 if shape[0] == 3 else 2 if shape[:2] == (2, 2) else 1 if shape[0] == 2 else 0
    return (klass, *(r for r, _ in groups))


@lru_cache(maxsize=1)
def scales() -> tuple[dict[int, int], dict[int, int]]:
    """Every hand of one to four cards by the product of its ranks' primes: its high value (1 the
    best of its size) and its ace-to-five low value (1 the best low of its size)."""
    high: dict[int, int] = {}
    low: dict[int, int] = {}
    for size in SIZES:
        hands = [h for h in combinations_with_replacement(range(13), size) if max(Counter(h).values()) <= 4]
        by_high = sorted(hands, key=strength, reverse=True)
        # As a low the ace is the lowest card, and the weakest high hand of such ranks is the best low.
        by_low = sorted(hands, key=lambda h: strength([(r + 1) % 13 for r in h]))
        high.update({prod(PRIMES[r] for r in h): n for n, h in enumerate(by_high, 1)})
        low.update({prod(PRIMES[r] for r in h): n for n, h in enumerate(by_low, 1)})
    return high, low
