"""treys's ``treys.card``: ``Card``, the static helpers on Cactus Kev card ints."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from ... import _tables
from ...cards import DECK, card_str
from .._errors import CardError

__all__ = ["Card", "CardError"]

_STR_RANKS = "23456789TJQKA"
_SUITS = {"s": 1, "h": 2, "d": 4, "c": 8}
_BY_TEXT = {card_str(c): c for c in DECK}
"""The 52 strings treys reads, each to its card int (the same ints as handrank's)."""
_FULL_DECK = [_BY_TEXT[r + s] for r in _STR_RANKS for s in _SUITS]
"""treys's deck order: 2s 2h 2d 2c 3s ... Ac."""


def _bad_card(string: object) -> CardError:
    return CardError(f"not a card: {string!r} (a rank of 23456789TJQKA then a suit of shdc, such as 'As')")


def coloured(text: str, colour: Optional[str]) -> str:
    """``text`` in ``colour`` when one is given and termcolor is installed, as the peers print suits."""
    if colour is None:
        return text
    try:
        from termcolor import colored  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return text
    return str(colored(text, colour))


class Card:
    """Static helpers on Cactus Kev card ints, as ``treys.Card`` has them."""

    STR_RANKS: str = _STR_RANKS
    INT_RANKS: range = range(13)
    PRIMES: list[int] = list(_tables.PRIMES)
    CHAR_RANK_TO_INT_RANK: dict[str, int] = dict(zip(STR_RANKS, INT_RANKS))
    CHAR_SUIT_TO_INT_SUIT: dict[str, int] = dict(_SUITS)
    INT_SUIT_TO_CHAR_SUIT: str = "xshxdxxxc"
    PRETTY_SUITS: dict[int, str] = {1: "\u2660", 2: "\u2665", 4: "\u2666", 8: "\u2663"}
    SUIT_COLORS: dict[int, str] = {2: "red", 4: "blue", 8: "green"}

    @staticmethod
    def new(string: str) -> int:
        """The card int of ``"As"``, ``"Td"``, ...: one dict lookup."""
        try:
            return _BY_TEXT[string]
        except (KeyError, TypeError):
            if not isinstance(string, str):
                raise TypeError(f"Card.new takes a string such as 'As', got {type(string).__name__}") from None
            raise _bad_card(string) from None

    @staticmethod
    def int_to_str(card_int: int) -> str:
        return Card.STR_RANKS[Card.get_rank_int(card_int)] + Card.INT_SUIT_TO_CHAR_SUIT[Card.get_suit_int(card_int)]

    @staticmethod
    def get_rank_int(card_int: int) -> int:
        return (card_int >> 8) & 0xF

    @staticmethod
    def get_suit_int(card_int: int) -> int:
        return (card_int >> 12) & 0xF

    @staticmethod
    def get_bitrank_int(card_int: int) -> int:
        return (card_int >> 16) & 0x1FFF

    @staticmethod
    def get_prime(card_int: int) -> int:
        return card_int & 0x3F

    @staticmethod
    def hand_to_binary(card_strs: Sequence[str]) -> list[int]:
        return [Card.new(c) for c in card_strs]

    @staticmethod
    def prime_product_from_hand(card_ints: Sequence[int]) -> int:
        product = 1
        for c in card_ints:
            product *= c & 0xFF
        return product

    @staticmethod
    def prime_product_from_rankbits(rankbits: int) -> int:
        product = 1
        for i in Card.INT_RANKS:
            if rankbits >> i & 1:
                product *= Card.PRIMES[i]
        return product

    @staticmethod
    def int_to_binary(card_int: int) -> str:
        """The int's 32 bits in groups of four, tab-separated, most significant first."""
        bits = f"{card_int:032b}"
        return "\t".join(bits[i : i + 4] for i in range(0, 32, 4))

    @staticmethod
    def int_to_pretty_str(card_int: int) -> str:
        """``'[A♠]'``, the suit coloured when termcolor is installed (as treys does)."""
        suit_int = Card.get_suit_int(card_int)
        suit = coloured(Card.PRETTY_SUITS[suit_int], Card.SUIT_COLORS.get(suit_int))
        return f"[{Card.STR_RANKS[Card.get_rank_int(card_int)]}{suit}]"

    @classmethod
    def print_pretty_card(cls, card_int: int) -> None:
        print(cls.int_to_pretty_str(card_int))

    @classmethod
    def ints_to_pretty_str(cls, card_ints: Sequence[int]) -> str:
        """``' [A♠],[K♠] '``: treys's format, leading and trailing space included."""
        return " " + ",".join(cls.int_to_pretty_str(c) for c in card_ints) + " "

    @classmethod
    def print_pretty_cards(cls, card_ints: Sequence[int]) -> None:
        print(cls.ints_to_pretty_str(card_ints))
