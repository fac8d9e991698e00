"""Hands in the words players use: "Queens full of nines", "Ace-high straight (broadway)".

>>> describe("Qh Qd Qc 9s 9h")
'Queens full of nines'
>>> describe("Kh Kd 9c 9s 5h", long=True)
'Two pair, kings and nines, five kicker'
"""

from __future__ import annotations

from functools import lru_cache
from typing import Union

from . import _tables
from ._switch import evaluator
from .cards import Cards, rank_of
from .ranking import ROYAL_FLUSH, HandClass, check_rank, hand_class

RANK_NAMES = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
RANK_PLURALS = (
    "deuces",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)
_ACE, _FIVE = 12, 3


@lru_cache(maxsize=1)
def _ranks_by_value() -> list[tuple[int, ...]]:
    return _tables.value_ranks()


def _names(ranks: tuple[int, ...]) -> str:
    return "-".join(RANK_NAMES[r] for r in ranks)


def _straight_nickname(top: int, flush: bool) -> str:
    if top == _FIVE:
        return " (steel wheel)" if flush else " (wheel)"
    if top == _ACE and not flush:
        return " (broadway)"
    return ""


def _short(klass: HandClass, r: tuple[int, ...]) -> str:
    if klass is HandClass.STRAIGHT_FLUSH:
        return f"{RANK_NAMES[r[0]]}-high straight flush{_straight_nickname(r[0], True)}"
    if klass is HandClass.FOUR_OF_A_KIND:
        return f"four {RANK_PLURALS[r[0]]}"
    if klass is HandClass.FULL_HOUSE:
        return f"{RANK_PLURALS[r[0]]} full of {RANK_PLURALS[r[1]]}"
    if klass is HandClass.FLUSH:
        return f"{_names(r[:2])}-high flush"
    if klass is HandClass.STRAIGHT:
        return f"{RANK_NAMES[r[0]]}-high straight{_straight_nickname(r[0], False)}"
    if klass is HandClass.THREE_OF_A_KIND:
        return f"three {RANK_PLURALS[r[0]]}"
    if klass is HandClass.TWO_PAIR:
        return f"{RANK_PLURALS[r[0]]} over {RANK_PLURALS[r[1]]}"
    if klass is HandClass.PAIR:
        return f"pair of {RANK_PLURALS[r[0]]}"
    return f"{_names(r[:2])} high"


def _long(klass: HandClass, r: tuple[int, ...]) -> str:
    if klass is HandClass.STRAIGHT_FLUSH:
        return f"straight flush, {RANK_NAMES[r[0]]} high{_straight_nickname(r[0], True)}"
    if klass is HandClass.FOUR_OF_A_KIND:
        return f"four of a kind, {RANK_PLURALS[r[0]]}, {RANK_NAMES[r[1]]} kicker"
    if klass is HandClass.FULL_HOUSE:
        return f"full house, {RANK_PLURALS[r[0]]} full of {RANK_PLURALS[r[1]]}"
    if klass is HandClass.FLUSH:
        return f"flush, {_names(r)}"
    if klass is HandClass.STRAIGHT:
        return f"straight, {RANK_NAMES[r[0]]} high{_straight_nickname(r[0], False)}"
    if klass is HandClass.THREE_OF_A_KIND:
        return f"three of a kind, {RANK_PLURALS[r[0]]}, {_names(r[1:])} kickers"
    if klass is HandClass.TWO_PAIR:
        return f"two pair, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[1]]}, {RANK_NAMES[r[2]]} kicker"
    if klass is HandClass.PAIR:
        return f"pair of {RANK_PLURALS[r[0]]}, {_names(r[1:])} kickers"
    return f"high card, {_names(r)}"


def describe(hand: Union[int, Cards], long: bool = False) -> str:
    """Describe a rank (1..7462) or 5 to 7 cards the way players say it.

    The short form is what a dealer announces; the long form (``long=True``)
    names every card needed to break a tie, and differs for every rank.

    >>> describe(1), describe("5h 4h 3h 2h Ah")
    ('Royal flush', 'Five-high straight flush (steel wheel)')
    >>> describe("As Ad 9c 7h 4s", long=True)
    'Pair of aces, nine-seven-four kickers'
    """
    if isinstance(hand, int):
        if not isinstance(hand, bool) and hand <= _tables.N_VALUES:
            rank = check_rank(hand)
        elif not isinstance(hand, bool) and hand < 1 << 16:  # no card int is this small: past the scale's end
            raise ValueError(
                f"not a rank: {hand} (ranks run from 1 to {_tables.N_VALUES}); describe takes a rank or 5-7 cards"
            )
        else:
            rank = evaluator.evaluate([hand])
    else:
        rank = evaluator.evaluate(hand)
    if rank == ROYAL_FLUSH:
        return "Royal flush"
    text = (_long if long else _short)(hand_class(rank), _ranks_by_value()[rank])
    return text[0].upper() + text[1:]


def named_order(five: list[int]) -> list[int]:
    """Five cards in the order the words name them: the larger set of a rank first, then the higher
    rank (cards of one rank in the order given); a five-high straight from the five down to the ace.

    >>> from handrank.cards import cards, cards_str
    >>> cards_str(named_order(cards("7c Kd 7h Kc 2s"))), cards_str(named_order(cards("As 2d 3c 4h 5s")))
    ('Kd Kc 7c 7h 2s', '5s 4h 3c 2d As')
    """
    ranks = [rank_of(c) for c in five]
    if sorted(ranks) == [0, 1, 2, 3, 12]:
        return sorted(five, key=lambda c: (rank_of(c) + 1) % 13, reverse=True)
    return sorted(five, key=lambda c: (ranks.count(rank_of(c)), rank_of(c)), reverse=True)
