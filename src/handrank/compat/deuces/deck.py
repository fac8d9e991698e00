"""deuces's ``deuces.deck``: a deck shuffled by the ``random`` module and dealt from the front."""

from __future__ import annotations

import random
from typing import Union

from ... import _switch
from ..treys import deck as treys_deck
from .card import Card

__all__ = ["Card", "Deck"]


class Deck:
    """``deuces.Deck``: shuffled by ``random.shuffle``, dealt from the front."""

    def __init__(self) -> None:
        self.shuffle()

    def shuffle(self) -> None:
        self.cards = treys_deck.Deck.GetFullDeck()
        _switch.evaluator.shuffle(self.cards, random)  # random.shuffle's order, in C

    def draw(self, n: int = 1) -> Union[int, list[int]]:
        """One card as an int for ``n=1``, else a list of ``n`` cards."""
        if n == 1:
            return self.cards.pop(0)
        drawn = self.cards[:n]
        if len(drawn) < n:
            raise IndexError("pop from empty list")
        del self.cards[:n]
        return drawn

    def __str__(self) -> str:
        return Card.ints_to_pretty_str(self.cards)

    GetFullDeck = staticmethod(treys_deck.Deck.GetFullDeck)
