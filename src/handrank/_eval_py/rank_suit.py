"""Cards as objects with a rank and a suit, for the shims whose peer's cards are such objects:
the card type, an evaluator that gives a table's value of each rank, and a card int that hashes
as such a card's bit. Pairs with ``_c/rank_suit.pxi``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

from .._kernels.rank_suit import card_field, card_name, rank_suit_indices, value_table
from ..cards import DECK
from .hand import evaluate as evaluate_ints


class RankSuitCard:
    """A card of ``rank`` 0-12 (deuce ... ace) and ``suit`` 0-3 (clubs, diamonds, hearts, spades),
    both settable; a value out of range is refused when set, so every card is a real one."""

    __slots__ = ("_rank", "_suit")

    _text_error: type[Exception] = ValueError
    """Raised for text that names no card; a subclass may give its own."""

    def __new__(cls, *args: Any, **kwargs: Any) -> RankSuitCard:
        card = object.__new__(cls)
        card._rank = card._suit = 0  # as the compiled type's zeroed fields: the deuce of clubs
        return card

    def __init__(self, card_string: str) -> None:
        """The card named ``card_string``: a rank of 23456789TJQKA then a suit of cdhs, such as ``'As'``."""
        self._rank, self._suit = divmod(card_name(card_string, type(self)._text_error), 4)

    @property
    def rank(self) -> int:
        return self._rank

    @rank.setter
    def rank(self, value: int) -> None:
        self._rank = card_field(value, "rank")

    @rank.deleter
    def rank(self) -> None:
        raise AttributeError("a card's rank cannot be deleted")

    @property
    def suit(self) -> int:
        return self._suit

    @suit.setter
    def suit(self, value: int) -> None:
        self._suit = card_field(value, "suit")

    @suit.deleter
    def suit(self) -> None:
        raise AttributeError("a card's suit cannot be deleted")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(rank={self._rank}, suit={self._suit})"

    @classmethod
    def deck(cls) -> list[Any]:
        """The 52 cards as new objects of this class, deuce of clubs first, index 4 * rank + suit."""
        cards = []
        for i in range(52):
            card = cls.__new__(cls)
            card._rank, card._suit = divmod(i, 4)
            cards.append(card)
        return cards


class MaskHashedCard(int):
    """A card int that hashes as its bit ``1 << (13 * suit + rank)`` (suits c d h s, ranks deuce to
    ace) and equals only itself: eval7's cards do both, so a set of them iterates in eval7's order."""

    __slots__ = ()

    def __hash__(self) -> int:
        suit = (8, 4, 2).index(suit_bit) if (suit_bit := (self >> 12) & 0xF) in (8, 4, 2) else 3
        return 1 << (13 * suit + ((self >> 8) & 0xF))

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other


class RankSuitValues:
    """``values[rank]`` of 5 to 7 cards: ``RankSuitCard`` objects, or ranks 0-12 and their suits 0-3.

    ``values`` holds an int for each rank 1 ... 7462 (index 0 unused);
    bad cards raise ``error`` saying what is wrong.
    """

    def __init__(self, values: Sequence[int], error: type[Exception]) -> None:
        self._values = value_table(values)
        self._error = error

    def evaluate(self, cards: Sequence[Any], suits: Optional[Sequence[int]] = None) -> int:
        """The value of the best five of 5 to 7 cards, or of ``cards`` as ranks and ``suits``."""
        indices = rank_suit_indices(cards, suits, RankSuitCard, self._error)
        return self._values[evaluate_ints([DECK[i] for i in indices])]
