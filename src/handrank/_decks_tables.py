"""Several decks' scale and table, generated from the rules, for both evaluators.

A hand from several decks may hold a card twice. Five cards' value depends only on the multiset
of their ranks and on whether they share a suit, so two tables hold every value: the 6,188
multisets of five of the 13 ranks, numbered by their ranks (low first) as ``multiset_index``
numbers them, each with its value of mixed suits and of one suit. For the compiled evaluator,
two more give six and seven ranks the best value of mixed suits of any five of them, so that a
hand with no five cards of one suit is one lookup. The rules of the scale are
``handrank.decks``'s; its docstring and the rules page say them in words.

Like ``_tables``, it imports nothing from the package: the build loads it to write the C header.

>>> t = scale()
>>> t.mixed[multiset_index((12, 12, 12, 12, 12))], t.mixed[multiset_index((0, 1, 2, 3, 5))]
(1, 12051)
>>> t.flush[multiset_index((8, 9, 10, 11, 12))], t.mixed[multiset_index((8, 9, 10, 11, 12))]
(14, 6189)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb
from typing import NamedTuple

WORST_DECKS_RANK = 12_051
"""The worst rank of the several-decks scale: seven-five-four-three-two of mixed suits."""
MULTISETS = {size: comb(13 + size - 1, size) for size in (5, 6, 7)}
"""The multisets of five, six and seven of the 13 ranks: 6,188, 18,564 and 50,388."""

Key = tuple[int, ...]
"""How five cards compare: a larger key is a better hand (the class first)."""

STEPS = tuple(tuple(comb(r + i, i + 1) for r in range(13)) for i in range(7))
"""``STEPS[i][r]``: what the ``i``-th lowest rank ``r`` adds to a multiset's number."""


class DecksScale(NamedTuple):
    keys: list[Key]  # each rank's key, best first: keys[0] is rank 1's
    mixed: list[int]  # by the number of a multiset of five ranks: its value of mixed suits
    flush: list[int]  # and of one suit


def key(ranks: Sequence[int], flush: bool) -> Key:
    """How five cards of these ranks (0 deuce to 12 ace), all of one suit or not, compare: a
    larger key is a better hand. The class first (9 five of a kind down to 0 high card)."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)  # the largest set, then the higher rank
    shape = sorted(counts.values(), reverse=True)
    high = sorted(ranks, reverse=True)
    top = -1
    if len(counts) == 5:
        top = high[0] if high[0] - high[4] == 4 else 3 if high == [12, 3, 2, 1, 0] else -1
    if shape == [5]:
        return (9, high[0])
    if top >= 0 and flush:
        return (8, top)
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *high)
    if top >= 0:
        return (4, top)
    return (({(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0)), *order)


def multiset_index(ranks: Sequence[int]) -> int:
    """The number of a multiset of ranks given low first: of five, 0 (five deuces) to 6,187 (five
    aces). The ranks plus their places (``r + i``) rise strictly; their combinations, counted in order."""
    return sum(step[r] for step, r in zip(STEPS, ranks))


@lru_cache(maxsize=1)
def scale() -> DecksScale:
    """Every key five cards from any number of decks can make, best first, and the tables of each
    multiset's value of mixed suits and of one suit (made once, on first use: about a tenth of a
    second)."""
    fives = list(combinations_with_replacement(range(13), 5))
    keys = [(key(ranks, False), key(ranks, True)) for ranks in fives]
    ordered = sorted({k for pair in keys for k in pair}, reverse=True)
    rank_of = {k: i + 1 for i, k in enumerate(ordered)}
    mixed, flush = [0] * MULTISETS[5], [0] * MULTISETS[5]
    for ranks, (plain, suited) in zip(fives, keys):
        at = multiset_index(ranks)
        mixed[at], flush[at] = rank_of[plain], rank_of[suited]
    assert len(ordered) == WORST_DECKS_RANK and all(mixed) and all(flush)
    return DecksScale(ordered, mixed, flush)


def best_mixed(size: int, fewer: Sequence[int]) -> list[int]:
    """For each multiset of ``size`` ranks, the best value of mixed suits of any five of them, from
    ``fewer``, the same for ``size - 1`` ranks: the best of the multiset with one rank left out."""
    best = [0] * MULTISETS[size]
    for ranks in combinations_with_replacement(range(13), size):
        best[multiset_index(ranks)] = min(
            fewer[multiset_index(ranks[:i] + ranks[i + 1 :])] for i in range(size) if i == 0 or ranks[i] != ranks[i - 1]
        )
    return best
