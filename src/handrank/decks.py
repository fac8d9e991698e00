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

from collections.abc import Sequence
from itertools import combinations
from typing import Union

from ._decks_tables import WORST_DECKS_RANK, multiset_index, scale
from ._kernels.decks import held
from ._switch import evaluator
from .cards import Cards, from_index, rank_of, suit_of
from .words import RANK_NAMES, RANK_PLURALS, describe, named_order

__all__ = ["WORST_DECKS_RANK", "best_decks_five", "describe_decks", "evaluate_decks", "evaluate_decks_many"]


evaluate_decks = evaluator.evaluate_decks
evaluate_decks_many = evaluator.evaluate_decks_many


def best_decks_five(hand: Union[Cards, int], decks: int = 2) -> list[int]:
    """The five cards the hand plays (a card may be among them twice), in the order the words name them.

    >>> from handrank.cards import cards_str
    >>> cards_str(best_decks_five("Kh Kh Kd Kc 7s 2d 9c"))
    'Kh Kh Kd Kc 9c'
    """
    values = scale()

    def value(five: Sequence[int]) -> int:
        flush = len({suit_of(c) for c in five}) == 1
        return (values.flush if flush else values.mixed)[multiset_index(sorted(rank_of(c) for c in five))]

    best = min(combinations(held(hand, decks), 5), key=value)
    return named_order(list(best))


def describe_decks(rank: int) -> str:
    """A rank of the several-decks scale in words: the plain words where one deck deals the hand
    (``'Aces full of kings'``), else the class and its ranks.

    >>> describe_decks(1), describe_decks(evaluate_decks("Ah Kd Qc Js Th"))
    ('Five aces', 'Ace-high straight (broadway)')
    """
    if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= WORST_DECKS_RANK:
        raise ValueError(f"a several-decks rank is an int from 1 to {WORST_DECKS_RANK}, got {rank!r}")
    key = scale().keys[rank - 1]
    if key[0] == 9:
        return f"Five {RANK_PLURALS[key[1]]}"
    if key[0] == 5 and len(set(key[1:])) < 5:
        return "Flush, " + "-".join(RANK_NAMES[r] for r in key[1:])
    return describe(evaluator.evaluate(_one_deck(key)))


def _one_deck(key: tuple[int, ...]) -> list[int]:
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
