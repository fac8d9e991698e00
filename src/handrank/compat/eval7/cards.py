"""eval7's ``eval7.cards``: ``Card`` and ``Deck``, and the ``ranks`` and ``suits`` they are named by."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ... import _switch, _tables
from .._errors import CardError

__all__ = ["Card", "Deck", "ranks", "suits"]

if TYPE_CHECKING:  # the pure type is the typed reference; at run time, the switched evaluator's
    from ..._eval_py.rank_suit import MaskHashedCard
else:
    MaskHashedCard = _switch.evaluator.MaskHashedCard

ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
"""eval7's rank letters, deuce first."""
suits = ("c", "d", "h", "s")
"""eval7's suit letters, in its order."""


class Card(MaskHashedCard):
    """An eval7 card: ``rank`` 0-12, ``suit`` 0-3 (c d h s), ``mask`` the bit ``13 * suit + rank``.

    Its int value is handrank's card int, so ``evaluate`` reads the cards as they are; it hashes
    as its ``mask`` and equals only itself, as eval7's cards do (a set of them iterates in eval7's
    order): both come from the evaluator's ``MaskHashedCard``, compiled where the evaluator is.
    """

    __slots__ = ()

    def __new__(cls, card_string: str) -> Card:
        try:
            return _CARDS[card_string]
        except (KeyError, TypeError):
            raise CardError(f"not a card: {card_string!r} (a rank of 23456789TJQKA then a suit of cdhs)") from None

    @classmethod
    def _make(cls, rank: int, suit: int) -> Card:
        return MaskHashedCard.__new__(cls, _tables.card_from_index(4 * rank + suit))

    @property
    def mask(self) -> int:
        return 1 << (13 * self.suit + self.rank)

    @property
    def rank(self) -> int:
        return (self >> 8) & 0xF

    @property
    def suit(self) -> int:
        return (0x8000, 0x4000, 0x2000, 0x1000).index(self & 0xF000)

    def __str__(self) -> str:
        return ranks[self.rank] + suits[self.suit]

    def __repr__(self) -> str:
        return f'Card("{self}")'

    # eval7 orders cards by "rank greater or suit greater", which is not a total order; kept as it is.
    def _above(self, other: object) -> bool:
        if not isinstance(other, Card):
            raise TypeError(f"Cannot compare {self!r} and {other!r}")
        return self.rank > other.rank or self.suit > other.suit

    def __gt__(self, other: object) -> bool:
        return self._above(other)

    def __ge__(self, other: object) -> bool:
        return self._above(other) or self == other

    def __lt__(self, other: object) -> bool:
        return not self.__ge__(other)

    def __le__(self, other: object) -> bool:
        return not self._above(other)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return Card, (str(self),)


_CARDS = {r + s: Card._make(i, j) for i, r in enumerate(ranks) for j, s in enumerate(suits)}
_DECK = list(_CARDS.values())
"""eval7's deck order: 2c 2d 2h 2s 3c ... As."""
_INDEX = {c: 4 * c.rank + c.suit for c in _DECK}
"""Each Card's 0-51 index, found by identity: comparing a Card with an int goes through Python."""


class Deck:
    """eval7's deck: ``shuffle`` by the ``random`` module, ``deal`` from the top, ``peek``, ``sample``."""

    def __init__(self) -> None:
        self.cards: list[Any] = _DECK.copy()

    def _generator(self) -> Any:
        """What shuffles and samples: the ``random`` module, as eval7 uses it."""
        return random

    def __repr__(self) -> str:
        return f"Deck({self.cards})"

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, i: int) -> Any:
        return self.cards[i]

    def shuffle(self) -> None:
        _switch.evaluator.shuffle(self.cards, self._generator())  # the generator's own order, in C

    def _check(self, n: int) -> None:
        if n > len(self.cards):
            raise ValueError("Insufficient cards in deck")

    def deal(self, n: int) -> list[Any]:
        """Remove the top ``n`` cards and return them."""
        self._check(n)
        dealt = self.cards[:n]
        del self.cards[:n]
        return dealt

    def peek(self, n: int) -> list[Any]:
        self._check(n)
        return self.cards[:n]

    def sample(self, n: int) -> list[Any]:
        """``n`` random cards; the deck is unchanged."""
        self._check(n)
        return list(self._generator().sample(self.cards, n))
