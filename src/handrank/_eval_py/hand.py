"""The single-hand evaluator: a fast path for card ints, and a slow path that checks any input
and says what is wrong with it. Pairs with ``_c/hand.pxi`` (its boundary) and the lookups of ``_c/core.pxi``."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any, Union

from ..cards import Cards, hand, joined, text_hand, to_index
from .tables import BYTE, FIVE, FLUSH, FLUSH_SUIT, PRIME, PRODUCTS, REPEATS, SUIT_COUNT


def rank5(a: Any, b: Any, c: Any, d: Any, e: Any) -> int:
    """The rank of five distinct card ints, or 0 for anything else (the slow path then says why).

    The dict lookups pass only cards, the bitwise operators only ints: a float
    equal to a card is a TypeError. ``evaluate`` holds an inlined copy of these lines.
    """
    prime = PRIME
    try:
        r = FIVE[prime[a] * prime[b] * prime[c] * prime[d] * prime[e]]
        if r < REPEATS:  # five ranks share no rank bit: only a common suit bit lifts their & above 0xFFF
            if a & b & c & d & e > 0xFFF:
                ranks: int = (a | b | c | d | e) >> 16
                return FLUSH[ranks]
            return r
        # A rank repeats, so a card may too: three ^ put every card through an int-only operator.
        if a ^ b and c ^ d and a ^ e and a != c and a != d and b != c and b != d and b != e and c != e and d != e:
            return r - REPEATS
    except (KeyError, TypeError):
        pass
    return 0


def rank_n(cs: Sequence[object]) -> int:
    """The rank of six or seven distinct card ints, or 0 for anything else.

    A flush is found from per-suit counters, everything else by the prime product.
    """
    w = SUIT_COUNT
    byte = BYTE
    counts = 0
    product = 1
    try:
        for c in cs:
            counts += w[c]
            product *= byte[c & 0xFF]  # type: ignore[operator]
    except (KeyError, TypeError):
        return 0
    if len(set(cs)) != len(cs):
        return 0
    suit = FLUSH_SUIT[counts]
    if suit:
        mask = 0
        for c in cs:
            if c & suit:  # type: ignore[operator]
                mask |= c >> 16  # type: ignore[operator]
        return FLUSH[mask]
    return PRODUCTS[product]


def read_hand(cards: Cards) -> int:
    """Check and convert any accepted form of cards, raising the error that explains a bad one."""
    cs = text_hand(cards) if type(cards) is str else hand(cards)
    return rank5(*cs) if len(cs) == 5 else rank_n(cs)


def evaluate(cards: Union[Cards, int], *more: Union[Cards, int]) -> int:
    """Rank of the best five of 5, 6 or 7 cards: 1 (royal flush) ... 7462, lower is better.

    ``cards`` is one string (``"As Ks Qs Js Ts"``) or an iterable of card ints
    or card strings. More arguments are more cards, each a card or several:
    ``evaluate(hole, board)``, ``evaluate("As", "Ks", "Qs", "Js", "Ts")``.
    Raises ``ValueError`` for a bad card, a duplicate or a count other than 5 to 7.

    >>> evaluate("Ah Ad Ac As Kd Kh 2c")
    11
    >>> evaluate("Ah Ad", "Ac As Kd Kh 2c")
    11
    """
    if more:
        return read_hand(joined((cards, *more)))
    cs: Any = cards  # any sized collection: what is not five to seven card ints takes the slow path
    try:
        n = len(cs)
    except TypeError:  # a generator, say, or no cards at all (read_hand says which)
        return read_hand(cs)
    if n == 5:  # rank5 inlined, its lines as they stand there: a call would cost a good part of the time
        prime = PRIME
        try:
            a, b, c, d, e = cs  # a ValueError if its len did not tell the truth
            r = FIVE[prime[a] * prime[b] * prime[c] * prime[d] * prime[e]]
            if r < REPEATS:
                if a & b & c & d & e > 0xFFF:
                    ranks: int = (a | b | c | d | e) >> 16
                    return FLUSH[ranks]
                return r
            if a ^ b and c ^ d and a ^ e and a != c and a != d and b != c and b != d and b != e and c != e and d != e:
                return r - REPEATS
        except (KeyError, TypeError, ValueError):
            pass
    elif 5 < n < 8:
        r = rank_n(cs)
        if r:
            return r
    return read_hand(cs)


def evaluate5(a: int, b: int, c: int, d: int, e: int) -> int:
    """``evaluate`` for five card ints passed one by one (lower is better)."""
    return rank5(a, b, c, d, e) or read_hand((a, b, c, d, e))


def evaluate6(a: int, b: int, c: int, d: int, e: int, f: int) -> int:
    """``evaluate`` for six card ints passed one by one (lower is better)."""
    cs = (a, b, c, d, e, f)
    return rank_n(cs) or read_hand(cs)


def evaluate7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """``evaluate`` for seven card ints passed one by one (lower is better)."""
    cs = (a, b, c, d, e, f, g)
    return rank_n(cs) or read_hand(cs)


def best_five(cards: Cards) -> list[int]:
    """The five cards that make the hand's rank, highest card first.

    Among equal fives, the first in the order of ``combinations`` over the
    cards sorted from the highest index (As) down wins, so the answer is
    deterministic.

    >>> from handrank.cards import cards_str
    >>> cards_str(best_five("2c 3c 4c 5c 6c Ac Kd"))
    '6c 5c 4c 3c 2c'
    """
    ordered = sorted(hand(cards), key=to_index, reverse=True)
    best = min(combinations(ordered, 5), key=lambda five: rank5(*five))
    return list(best)
