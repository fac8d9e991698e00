"""treys's ``treys.deck``: ``Deck``, dealt lazily as treys's seeded shuffle deals."""

from __future__ import annotations

import os
from random import Random
from typing import Optional

from .card import _FULL_DECK, Card

__all__ = ["Card", "Deck"]

_UNSEEDED = Random()
"""The generator of every deck made without a seed (its numbers are unreproducible anyway), so a
deck need not read 2.5 KB of OS entropy; reseeded in a forked child so workers do not deal alike."""
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_UNSEEDED.seed)


class Deck:
    """treys's deck: the same order and the same seeded shuffle, so the same cards come out.

    ``cards`` is the list itself, as in treys (reading it finishes the shuffle); ``draw``
    takes cards from its end.
    """

    def __init__(self, seed: Optional[int] = None) -> None:
        self._random = _UNSEEDED if seed is None else Random(seed)
        self._cards: list[int] = []
        self._unshuffled = 0
        self.shuffle()

    def _finish(self, positions: int) -> None:
        """Random.shuffle's steps for the last ``positions`` places still unshuffled (it fixes the
        list from its end, one place a step, so the cards drawn first are the first fixed)."""
        cards = self._cards
        below = self._random._randbelow  # type: ignore[attr-defined]  # what Random.shuffle calls
        top = self._unshuffled
        stop = max(top - positions, 0)
        for i in range(top, stop, -1):
            j = below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        self._unshuffled = stop

    @property
    def cards(self) -> list[int]:
        if self._unshuffled:
            self._finish(self._unshuffled)
        return self._cards

    @cards.setter
    def cards(self, value: list[int]) -> None:
        self._cards = value
        self._unshuffled = 0

    def shuffle(self) -> None:
        if self._unshuffled and self._random is not _UNSEEDED:
            self._finish(self._unshuffled)  # a seeded deck uses up what treys's shuffle used
        self._cards = _FULL_DECK.copy()
        self._unshuffled = len(self._cards) - 1

    def draw(self, n: int = 1) -> list[int]:
        """The next ``n`` cards, from the end of ``cards`` as treys takes them."""
        cards = self._cards
        unfixed = self._unshuffled - (len(cards) - n) + 1  # of the last n places
        if unfixed > 0:
            self._finish(unfixed)
        return [cards.pop() for _ in range(n)]

    def __str__(self) -> str:
        return Card.ints_to_pretty_str(self.cards)

    @staticmethod
    def GetFullDeck() -> list[int]:
        return _FULL_DECK.copy()
