"""deuces's ``deuces.card``: treys's ``Card`` with deuces's pretty printing."""

from __future__ import annotations

from ..treys import card as treys_card

__all__ = ["Card"]


class Card(treys_card.Card):
    """``deuces.Card``: treys's helpers with deuces's pretty printing."""

    PRETTY_SUITS: dict[int, str] = {1: "\u2660", 2: "\u2764", 4: "\u2666", 8: "\u2663"}
    PRETTY_REDS: list[int] = [2, 4]

    @staticmethod
    def int_to_pretty_str(card_int: int) -> str:
        suit_int = Card.get_suit_int(card_int)
        suit = treys_card.coloured(Card.PRETTY_SUITS[suit_int], "red" if suit_int in Card.PRETTY_REDS else None)
        return f" [ {Card.STR_RANKS[Card.get_rank_int(card_int)]} {suit} ] "
