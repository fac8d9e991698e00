"""Short deck (six-plus) hold'em: its 36 cards, its two rules, its hands in words.

The deck holds the sixes to the aces. A flush beats a full house (with four ranks gone,
flushes are the rarer), and ace-six-seven-eight-nine is the lowest straight, the ace playing
low. Rooms differ on one thing: most rank three of a kind above a straight (the default,
``trips_beat_straight=True``); others keep hold'em's order (``False``), as pokerkit does.
Ranks run from 1 (royal flush) to 1,404 under either rule, lower is better; the evaluator
itself is ``handrank.evaluate_short_deck`` (and ``evaluate_short_deck_many`` for arrays).

>>> rank = evaluate_short_deck("Ah Ad Ac 9s 8d")
>>> describe_short_deck(rank), short_deck_class(rank)
('Three aces', <HandClass.THREE_OF_A_KIND: 6>)
>>> describe_short_deck("Ts 9d 8h 7c 6s Ah")
'Ten-high straight'
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Union

from ._short_deck_tables import N_VALUES, STRAIGHT_OVER_TRIPS, TRIPS_OVER_STRAIGHT, values_in_order
from ._switch import evaluator
from .cards import DECK, Cards, hand, rank_of, to_index
from .ranking import HandClass
from .words import _long, _short

SHORT_DECK_CARDS: tuple[int, ...] = tuple(c for c in DECK if rank_of(c) >= 4)
"""The 36 cards, six of clubs first, in handrank's card order."""
WORST_SHORT_DECK_RANK = N_VALUES
"""The worst short-deck rank, 1,404 (jack-nine-eight-seven-six high), under either rule."""

evaluate_short_deck = evaluator.evaluate_short_deck
evaluate_short_deck_many = evaluator.evaluate_short_deck_many


@lru_cache(maxsize=2)
def _values(trips_beat_straight: bool) -> tuple[list[tuple[HandClass, tuple[int, ...]]], list[int]]:
    """Each rank's class and tie-breaking ranks (index 0 unused), and each class's worst rank."""
    rule = TRIPS_OVER_STRAIGHT if trips_beat_straight else STRAIGHT_OVER_TRIPS
    entries = [(HandClass(klass), ranks) for _, _, klass, ranks in values_in_order(rule)]
    worst = [n for n in range(1, N_VALUES + 1) if n == N_VALUES or entries[n][0] != entries[n - 1][0]]
    return [(HandClass.HIGH_CARD, ()), *entries], worst


def _checked_rank(rank: object) -> int:
    if type(rank) is not int or not 1 <= rank <= N_VALUES:
        raise ValueError(f"not a short-deck rank: {rank!r} (ranks run from 1 to {N_VALUES})")
    return rank


def short_deck_class(rank: int, trips_beat_straight: bool = True) -> HandClass:
    """The class of a short-deck rank under a rule (the classes are hold'em's, in another order).

    >>> short_deck_class(199), short_deck_class(198)  # the best full house, the worst flush
    (<HandClass.FULL_HOUSE: 3>, <HandClass.FLUSH: 4>)
    """
    return _values(trips_beat_straight)[0][_checked_rank(rank)][0]


def short_deck_class_order(trips_beat_straight: bool = True) -> list[tuple[HandClass, int]]:
    """The classes best first under a rule, each with its worst rank.

    >>> [c.name for c, _ in short_deck_class_order()][3:6]
    ['FULL_HOUSE', 'THREE_OF_A_KIND', 'STRAIGHT']
    """
    entries, worst = _values(trips_beat_straight)
    return [(entries[w][0], w) for w in worst]


def describe_short_deck(hand_or_rank: Union[int, Cards], trips_beat_straight: bool = True, long: bool = False) -> str:
    """A short-deck rank (1 to 1,404), or 5 to 7 cards of six to ace, in the words players use.

    >>> describe_short_deck("As 6s 7s 8s 9s"), describe_short_deck("As Kd Qh Jc 9d", long=True)
    ('Nine-high straight flush', 'High card, ace-king-queen-jack-nine')
    """
    if isinstance(hand_or_rank, int):
        rank = _checked_rank(hand_or_rank)
    else:
        rank = evaluate_short_deck(hand_or_rank, trips_beat_straight)
    klass, ranks = _values(trips_beat_straight)[0][rank]
    if klass is HandClass.STRAIGHT_FLUSH and ranks[0] == 12:
        return "Royal flush"
    text = (_long if long else _short)(klass, ranks)
    return text[0].upper() + text[1:]


def short_deck_best_five(cards: Cards, trips_beat_straight: bool = True) -> list[int]:
    """The five of 5 to 7 cards that make the hand's short-deck rank, highest index first
    (among equal fives, the first of ``combinations`` over that order).

    >>> from handrank.cards import cards_str
    >>> cards_str(short_deck_best_five("As 6s 7s 8s 9s Ks Kd"))
    'As 9s 8s 7s 6s'
    """
    evaluate_short_deck(cards, trips_beat_straight)  # the checks, and the errors, of the evaluator
    ordered = sorted(hand(cards), key=to_index, reverse=True)
    return list(min(combinations(ordered, 5), key=lambda five: evaluate_short_deck(list(five), trips_beat_straight)))


__all__ = [
    "SHORT_DECK_CARDS",
    "WORST_SHORT_DECK_RANK",
    "describe_short_deck",
    "evaluate_short_deck",
    "evaluate_short_deck_many",
    "short_deck_best_five",
    "short_deck_class",
    "short_deck_class_order",
]
