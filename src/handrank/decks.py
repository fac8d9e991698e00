"""Hands dealt from several decks shuffled together, where a hand may hold the same card twice.

With two decks or more, two players can hold the same four of a kind (the kicker decides), the
same three of a kind in a full house (the pair decides), five cards of one rank (five of a
kind, above a straight flush) and a flush that holds a pair. A hand is in the highest class it
makes, in the usual order with five of a kind first; two hands of one class compare as the
rules compare it, a flush by its five ranks from the highest down, pairs included: the ace,
ace, king, queen and jack of spades beat the ace, king, queen, jack and nine. Five cards of one
suit that are also four of a kind or a full house rank as that (the suit adds nothing).

The scale holds every hand any number of decks can deal: 1 (five aces) to 12,051
(seven-five-four-three-two), lower is better. ``evaluate_decks(hand, decks=2)`` refuses a card held more
times than the decks hold it.

>>> evaluate_decks("As As Ad Ac Ah", decks=2)
1
>>> describe_decks(evaluate_decks("As As Ks Qs Js"))
'Flush, ace-ace-king-queen-jack'
>>> evaluate_decks("As As Ks Qs Js") < evaluate_decks("As Ks Qs Js 9s")
True
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Union

from ._switch import evaluator
from .cards import Cards, card_str, cards, from_index, rank_of, suit_of
from .words import RANK_NAMES, RANK_PLURALS, describe, named_order

__all__ = ["WORST_DECKS_RANK", "best_decks_five", "describe_decks", "evaluate_decks"]

WORST_DECKS_RANK = 12_051
"""The worst rank of the several-decks scale: seven-five-four-three-two of mixed suits."""

Key = tuple[int, ...]


def _key(ranks: tuple[int, ...], flush: bool) -> Key:
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


@lru_cache(maxsize=1)
def _scale() -> tuple[dict[Key, int], list[Key]]:
    """Every key five cards from any number of decks can make, best first: its rank, and each
    rank's key."""
    keys = {_key(ranks, flush) for ranks in combinations_with_replacement(range(13), 5) for flush in (False, True)}
    ordered = sorted(keys, reverse=True)
    return {key: i + 1 for i, key in enumerate(ordered)}, ordered


def evaluate_decks(hand: Union[Cards, int], decks: int = 2) -> int:
    """The rank (1 to 12,051, lower is better) of the best five of 5 to 7 cards dealt from
    ``decks`` decks shuffled together: a card may be held up to ``decks`` times.

    >>> evaluate_decks("Kh Kh Kd Kc 7s 2d") < evaluate_decks("Kh Kd Kc Ks 5s")  # the kicker decides
    True
    """
    pairs = sorted((rank_of(c), suit_of(c)) for c in _held(hand, decks))
    return min(_rank(tuple(r for r, _ in five), len({s for _, s in five}) == 1) for five in combinations(pairs, 5))


def best_decks_five(hand: Union[Cards, int], decks: int = 2) -> list[int]:
    """The five cards the hand plays (a card may be among them twice), in the order the words name them.

    >>> from handrank.cards import cards_str
    >>> cards_str(best_decks_five("Kh Kh Kd Kc 7s 2d 9c"))
    'Kh Kh Kd Kc 9c'
    """
    held = _held(hand, decks)
    five = min(
        combinations(held, 5),
        key=lambda f: _rank(tuple(sorted(rank_of(c) for c in f)), len({suit_of(c) for c in f}) == 1),
    )
    return named_order(list(five))


def _held(hand: Union[Cards, int], decks: int) -> list[int]:
    """5 to 7 cards, none held more times than ``decks`` decks hold it."""
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise ValueError(f"decks is how many decks are shuffled together, 1 or more, got {decks!r}")
    held = cards(hand) if not isinstance(hand, int) else cards([hand])
    if not 5 <= len(held) <= 7:
        raise ValueError(f"expected 5 to 7 cards, got {len(held)}")
    twice = [c for c, n in Counter(held).items() if n > decks]
    if twice:
        holds = "1 deck holds it once" if decks == 1 else f"{decks} decks hold it {decks} times"
        raise ValueError(f"{card_str(twice[0])} is held {held.count(twice[0])} times; {holds}")
    return held


@lru_cache(maxsize=24_752)
def _rank(ranks: tuple[int, ...], flush: bool) -> int:
    """The rank of five cards of these ranks (low first), of one suit or not: 24,752 at most."""
    return _scale()[0][_key(ranks, flush)]


def describe_decks(rank: int) -> str:
    """A rank of the several-decks scale in words: the plain words where one deck deals the hand
    (``'Aces full of kings'``), else the class and its ranks.

    >>> describe_decks(1), describe_decks(evaluate_decks("Ah Kd Qc Js Th"))
    ('Five aces', 'Ace-high straight (broadway)')
    """
    if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= WORST_DECKS_RANK:
        raise ValueError(f"a several-decks rank is an int from 1 to {WORST_DECKS_RANK}, got {rank!r}")
    key = _scale()[1][rank - 1]
    if key[0] == 9:
        return f"Five {RANK_PLURALS[key[1]]}"
    if key[0] == 5 and len(set(key[1:])) < 5:
        return "Flush, " + "-".join(RANK_NAMES[r] for r in key[1:])
    return describe(evaluator.evaluate(_one_deck(key)))


def _one_deck(key: Key) -> list[int]:
    """Five distinct cards that make ``key`` (one a deck deals)."""
    kind, *ranks = key
    if kind in (8, 4):  # a straight: its top card down
        top = ranks[0]
        ranks = [top - i for i in range(5)] if top > 3 else [3, 2, 1, 0, 12]
    else:
        counts = {7: [4, 1], 6: [3, 2], 3: [3, 1, 1], 2: [2, 2, 1], 1: [2, 1, 1, 1]}.get(kind, [1] * 5)
        ranks = [r for r, n in zip(ranks, counts) for _ in range(n)]
    suited = kind in (8, 5)
    return [from_index(4 * r + (3 if suited else i % 4)) for i, r in enumerate(ranks)]
