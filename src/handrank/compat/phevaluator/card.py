"""phevaluator's ``phevaluator.card``: its ``Card``, and the maps between ranks, suits and their letters."""

from __future__ import annotations

from typing import Union

from .._errors import CardError

__all__ = ["CARD_DESCRIPTION_LENGTH", "Card", "rank_map", "rank_reverse_map", "suit_map", "suit_reverse_map"]

CARD_DESCRIPTION_LENGTH = 2
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"

rank_map = {r: i for i, r in enumerate(_RANKS)}
rank_reverse_map = dict(enumerate(_RANKS))
suit_map = {s: i for i, suit in enumerate(_SUITS) for s in (suit.upper(), suit)}
suit_reverse_map = dict(enumerate(_SUITS))

_ID_OF_TEXT = {r + s: 4 * rank_map[r] + suit_map[s] for r in rank_map for s in suit_map}
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
