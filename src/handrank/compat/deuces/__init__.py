"""deuces 0.2.1's API on handrank: treys's ancestor, where it differs from :mod:`.treys`.

``from handrank.compat.deuces import Card, Deck, Evaluator``. What deuces does and
treys does not, kept here: no royal-flush class (rank 1 is class 1, "Straight
Flush"); cards print as ``' [ A ♠ ] '`` with a heart of ``❤``, red for hearts and
diamonds under termcolor; ``Deck()`` takes no seed and shuffles with the ``random``
module's generator (``random.seed`` gives deuces's decks); ``draw()`` of one card
returns the card itself, and cards come off the front of ``deck.cards``. Deliberate
differences: ``str(deck)`` returns the cards' text (deuces prints it and then fails,
returning ``None``); bad input raises :class:`CardError` as in :mod:`.treys`.

>>> Evaluator().get_rank_class(1), Card.int_to_pretty_str(Card.new("Ts")) == " [ T \u2660 ] "
(1, True)
"""

from __future__ import annotations

import random
from typing import Union

from ... import _switch
from .. import treys
from ..treys import CardError
from ..treys import LookupTable as _TreysTable

__all__ = ["Card", "CardError", "Deck", "Evaluator", "LookupTable"]


class Card(treys.Card):
    """``deuces.Card``: treys's helpers with deuces's pretty printing."""

    PRETTY_SUITS: dict[int, str] = {1: "\u2660", 2: "\u2764", 4: "\u2666", 8: "\u2663"}
    PRETTY_REDS: list[int] = [2, 4]

    @staticmethod
    def int_to_pretty_str(card_int: int) -> str:
        suit_int = Card.get_suit_int(card_int)
        suit = Card.PRETTY_SUITS[suit_int]
        try:
            from termcolor import colored  # type: ignore[import-not-found, unused-ignore]
        except ImportError:
            pass
        else:
            if suit_int in Card.PRETTY_REDS:
                suit = colored(suit, "red")
        return f" [ {Card.STR_RANKS[Card.get_rank_int(card_int)]} {suit} ] "


class Deck:
    """``deuces.Deck``: shuffled by ``random.shuffle``, dealt from the front."""

    def __init__(self) -> None:
        self.shuffle()

    def shuffle(self) -> None:
        self.cards = treys.Deck.GetFullDeck()
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

    GetFullDeck = staticmethod(treys.Deck.GetFullDeck)


class LookupTable(_TreysTable):
    """deuces's constants: treys's without the royal flush."""

    MAX_TO_RANK_CLASS: dict[int, int] = {k: v for k, v in _TreysTable.MAX_TO_RANK_CLASS.items() if v}
    RANK_CLASS_TO_STRING: dict[int, str] = {k: v for k, v in _TreysTable.RANK_CLASS_TO_STRING.items() if k}


class Evaluator(treys.Evaluator):
    """``deuces.Evaluator``: ``evaluate(cards, board)``, classes 1 (straight flush) to 9."""

    def __init__(self) -> None:
        self.table = LookupTable()

    def get_rank_class(self, hr: int) -> int:
        return max(super().get_rank_class(hr), 1)

    def class_to_string(self, class_int: int) -> str:
        return LookupTable.RANK_CLASS_TO_STRING[class_int]

    def hand_summary(self, board: list[int], hands: list[list[int]]) -> None:
        """Each street's standings in deuces's words; a tie on the river lists players from 0, as deuces does."""
        if len(board) != 5:
            raise ValueError("Invalid board length")
        if any(len(h) != 2 for h in hands):
            raise ValueError("Inavlid hand length")  # deuces's spelling
        line = "=" * 10
        for street, shown in (("FLOP", 3), ("TURN", 4), ("RIVER", 5)):
            print(f"{line} {street} {line}")
            ranks = [self.evaluate(h, board[:shown]) for h in hands]
            for player, rank in enumerate(ranks, 1):
                name = self.class_to_string(self.get_rank_class(rank))
                print(f"Player {player} hand = {name}, percentage rank among all hands = {1.0 - rank / 7462:f}")
            leaders = [p for p, r in enumerate(ranks) if r == min(ranks)]
            if street != "RIVER":
                if len(leaders) == 1:
                    print(f"Player {leaders[0] + 1} hand is currently winning.\n")
                else:
                    print(f"Players {[p + 1 for p in leaders]} are tied for the lead.\n")
                continue
            name = self.class_to_string(self.get_rank_class(min(ranks)))
            print(f"{line} HAND OVER {line}")
            if len(leaders) == 1:
                print(f"Player {leaders[0] + 1} is the winner with a {name}\n")
            else:
                print(f"Players {leaders} tied for the win with a {name}\n")
