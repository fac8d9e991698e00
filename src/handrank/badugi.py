"""Badugi: four cards, scored by their largest set of different ranks and different suits.

A hand plays the most cards it can whose ranks and suits all differ: four make a badugi, which
beats any hand of three, which beats any of two, and so on. Among as many cards the lower
ones win, compared from the highest down, and the ace is the lowest card: 4-3-2-A is the best
hand. Values run from 1 (4-3-2-A) to 1,092 (a king alone), lower is better; the evaluator is
``handrank.evaluate_badugi`` (and ``evaluate_badugi_many`` for arrays).

>>> value = evaluate_badugi("7c 5d 3h 2s")
>>> value, describe_badugi(value), badugi_size(value)
(22, '7-5-3-2 badugi', 4)
>>> describe_badugi("7c 5c 3h 2s")  # two clubs: the five plays, the seven does not
'5-3-2 three-card hand'
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Union

from ._kernels.badugi import N_VALUES, OFFSETS, value
from ._switch import evaluator
from .cards import Cards, hand

WORST_BADUGI = N_VALUES
"""The worst badugi value, 1,092: a king alone (four kings)."""
_LOW_NAMES = "A23456789TJQK"
_SIZE_WORDS = {4: "badugi", 3: "three-card hand", 2: "two-card hand", 1: "one-card hand"}

evaluate_badugi = evaluator.evaluate_badugi
evaluate_badugi_many = evaluator.evaluate_badugi_many


@lru_cache(maxsize=1)
def _ranks_by_value() -> list[tuple[int, ...]]:
    """Each value's ranks (ace 0 ... king 12), highest first; index 0 unused."""
    out: list[tuple[int, ...]] = [()] * (N_VALUES + 1)
    for size in (1, 2, 3, 4):
        for ranks in combinations(range(12, -1, -1), size):
            out[value(ranks)] = ranks
    return out


def _checked_value(v: object) -> int:
    if type(v) is not int or not 1 <= v <= N_VALUES:
        raise ValueError(f"not a badugi value: {v!r} (values run from 1 to {N_VALUES})")
    return v


def badugi_size(v: int) -> int:
    """How many cards a badugi value plays: 4 for a badugi, down to 1."""
    checked = _checked_value(v)
    return next(k for k in (4, 3, 2, 1) if checked <= OFFSETS[k - 1])


def describe_badugi(hand_or_value: Union[int, Cards]) -> str:
    """A badugi value (1 to 1,092), or four cards, in the words players use: ``'7-5-3-2 badugi'``,
    ``'5-3-2 three-card hand'``.

    >>> describe_badugi(1), describe_badugi(WORST_BADUGI)
    ('4-3-2-A badugi', 'K one-card hand')
    """
    v = _checked_value(hand_or_value) if isinstance(hand_or_value, int) else evaluate_badugi(hand_or_value)
    ranks = _ranks_by_value()[v]
    return "-".join(_LOW_NAMES[r] for r in ranks) + " " + _SIZE_WORDS[len(ranks)]


def badugi_best(cards: Cards) -> list[int]:
    """The cards of four that the hand plays: its largest set of different ranks and suits, the
    lowest such set, highest card first (the first such set of ``combinations`` on a tie).

    >>> from handrank.cards import cards_str
    >>> cards_str(badugi_best("7c 5c 3h 2s"))
    '5c 3h 2s'
    """
    four = hand(cards, 4, 4)
    target = _ranks_by_value()[evaluate_badugi(four)]
    for subset in combinations(four, len(target)):
        lows = sorted(((((c >> 8) & 0xF) + 1) % 13 for c in subset), reverse=True)
        if tuple(lows) == target and len({c & 0xF000 for c in subset}) == len(target):
            return sorted(subset, key=lambda c: (((c >> 8) & 0xF) + 1) % 13, reverse=True)
    raise AssertionError("unreachable: the value came from one of these subsets")  # pragma: no cover


__all__ = [
    "WORST_BADUGI",
    "badugi_best",
    "badugi_size",
    "describe_badugi",
    "evaluate_badugi",
    "evaluate_badugi_many",
]
