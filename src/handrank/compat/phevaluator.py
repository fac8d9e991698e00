"""phevaluator 0.6's API on handrank: the same card ids, the same ranks (1 best ... 7462).

``from handrank.compat.phevaluator import evaluate_cards, evaluate_omaha_cards, Card``.
Cards are ids ``4 * rank + suit`` (2c = 0, 2d = 1, ..., As = 51), text (``"As"``,
``"AS"``) or :class:`Card`, mixed freely. Deliberate differences, each for a reason:
an id outside 0-51 or a card given twice raises ``ValueError`` (phevaluator's C code
reads past its tables or answers for an impossible hand); PLO5 and PLO6 are always
there (phevaluator builds them only on request). Also here, from phevaluator's C
library: :func:`get_rank_category`, :func:`describe_rank_category` and :func:`is_flush`.

>>> evaluate_cards("9c", "4c", "4s", "9d", "4h", "Qc", "6c"), evaluate_omaha_cards(*"4c 5c 6c 7s 8s 2c 9c As Kd".split())
(292, 1578)
"""

from __future__ import annotations

import random
from enum import IntEnum
from types import SimpleNamespace
from typing import Union

from .. import _switch
from ..cards import DECK
from ..ranking import CLASS_WORST_RANK, check_rank, hand_class
from .treys import CardError, _checked

__all__ = [
    "Card",
    "RankCategory",
    "describe_rank_category",
    "evaluate_5cards",
    "evaluate_6cards",
    "evaluate_7cards",
    "evaluate_cards",
    "evaluate_omaha_cards",
    "evaluate_plo4_cards",
    "evaluate_plo5_cards",
    "evaluate_plo6_cards",
    "get_rank_category",
    "is_flush",
    "sample_cards",
]

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_ID_OF_TEXT = {
    r + s: 4 * i + j for i, r in enumerate(_RANKS) for j, suit in enumerate(_SUITS) for s in (suit, suit.upper())
}
"""What phevaluator reads: an upper-case rank and a suit in either case."""

CardLike = Union[int, str, "Card"]


class Card:
    """phevaluator's immutable card: an id, equal to its id, to its text in any case, to a like card."""

    __slots__ = ("__id",)
    __id: int

    def __init__(self, other: CardLike) -> None:
        object.__setattr__(self, "_Card__id", Card.to_id(other))

    @property
    def id_(self) -> int:
        return self.__id

    @staticmethod
    def to_id(other: CardLike) -> int:
        """The id of an int (as it is), of text such as ``"Ah"`` or ``"AH"``, or of a Card."""
        if isinstance(other, int):
            return other
        if isinstance(other, str):
            try:
                return _ID_OF_TEXT[other]
            except KeyError:
                raise CardError(f"not a card: {other!r} (a rank of 23456789TJQKA then a suit of cdhs)") from None
        if isinstance(other, Card):
            return other.id_
        raise TypeError(f"Type of parameter must be int, str or Card. passed: {type(other)}")

    def describe_rank(self) -> str:
        return _RANKS[self.__id // 4]

    def describe_suit(self) -> str:
        return _SUITS[self.__id % 4]

    def describe_card(self) -> str:
        return self.describe_rank() + self.describe_suit()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, int):
            return self.__id == other
        if isinstance(other, str):
            return str(self).lower() == other.lower()
        if isinstance(other, Card):
            return self.__id == other.id_
        return self.__id == other

    def __str__(self) -> str:
        return self.describe_card()

    def __repr__(self) -> str:
        return f'Card("{self.describe_card()}")'

    def __int__(self) -> int:
        return self.__id

    def __hash__(self) -> int:
        return hash(self.__id)

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("Card object does not support assignment to attribute")

    def __delattr__(self, name: str) -> None:
        raise TypeError("Card object does not support deletion of attribute")


def _ints(cards: tuple[CardLike, ...]) -> list[int]:
    """handrank's card ints of phevaluator's cards; ids outside 0-51 refused."""
    out = []
    for c in cards:
        i = c if type(c) is int else Card.to_id(c)
        if not 0 <= i < 52:
            raise CardError(f"not a card id: {c!r} (expected 0 to 51)")
        out.append(DECK[i])
    return out


def _rank(cards: list[int]) -> int:
    return _checked(_switch.evaluator.evaluate, cards)


def evaluate_cards(*cards: CardLike) -> int:
    """The rank of the best five of 5 to 7 cards (smaller is stronger)."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"The number of cards must be between 5 and 7.passed size: {len(cards)}")
    return _rank(_ints(cards))


def evaluate_5cards(a: CardLike, b: CardLike, c: CardLike, d: CardLike, e: CardLike) -> int:
    return evaluate_cards(a, b, c, d, e)


def evaluate_6cards(a: CardLike, b: CardLike, c: CardLike, d: CardLike, e: CardLike, f: CardLike) -> int:
    return evaluate_cards(a, b, c, d, e, f)


def evaluate_7cards(a: CardLike, b: CardLike, c: CardLike, d: CardLike, e: CardLike, f: CardLike, g: CardLike) -> int:
    return evaluate_cards(a, b, c, d, e, f, g)


def _omaha(cards: tuple[CardLike, ...], hole: int) -> int:
    if len(cards) != 5 + hole:
        raise ValueError(f"The number of cards must be {5 + hole}. passed size: {len(cards)}")
    ints = _ints(cards)
    return _checked(_switch.evaluator.evaluate_omaha, ints[5:], ints[:5])


def evaluate_omaha_cards(*cards: CardLike) -> int:
    """Omaha: five community cards, then four hole cards; exactly two hole cards and three board cards play."""
    return _omaha(cards, 4)


def evaluate_plo4_cards(*cards: CardLike) -> int:
    return _omaha(cards, 4)


def evaluate_plo5_cards(*cards: CardLike) -> int:
    """Five community cards, then five hole cards."""
    return _omaha(cards, 5)


def evaluate_plo6_cards(*cards: CardLike) -> int:
    """Five community cards, then six hole cards."""
    return _omaha(cards, 6)


_pheval = SimpleNamespace(
    evaluate_5cards=evaluate_5cards,
    evaluate_6cards=evaluate_6cards,
    evaluate_7cards=evaluate_7cards,
    evaluate_omaha_cards=evaluate_omaha_cards,
    evaluate_plo4_cards=evaluate_plo4_cards,
    evaluate_plo5_cards=evaluate_plo5_cards,
    evaluate_plo6_cards=evaluate_plo6_cards,
)
"""The native module's functions, which phevaluator's own tests import."""


def sample_cards(size: int) -> list[int]:
    """``size`` distinct random card ids."""
    return random.sample(range(52), k=size)


class RankCategory(IntEnum):
    """phevaluator's ``enum rank_category``: the nine classes, as handrank numbers them."""

    STRAIGHT_FLUSH = 1
    FOUR_OF_A_KIND = 2
    FULL_HOUSE = 3
    FLUSH = 4
    STRAIGHT = 5
    THREE_OF_A_KIND = 6
    TWO_PAIR = 7
    ONE_PAIR = 8
    HIGH_CARD = 9


_CATEGORY_NAMES = ["", "Straight Flush", "Four of a Kind", "Full House", "Flush", "Straight", "Three of a Kind"]
_CATEGORY_NAMES += ["Two Pair", "One Pair", "High Card"]


def get_rank_category(rank: int) -> RankCategory:
    """The category of a rank, 1 (straight flush) ... 9 (high card)."""
    return RankCategory(int(hand_class(rank)))


def describe_rank_category(category: int) -> str:
    """``'Flush'``, ``'One Pair'``, ...: phevaluator's names."""
    if not isinstance(category, int) or not 1 <= category <= 9:
        raise ValueError(f"not a rank category: {category!r} (expected 1 to 9)")
    return _CATEGORY_NAMES[category]


def is_flush(rank: int) -> bool:
    """True for a flush or a straight flush."""
    return check_rank(rank) <= CLASS_WORST_RANK[0] or CLASS_WORST_RANK[2] < rank <= CLASS_WORST_RANK[3]
