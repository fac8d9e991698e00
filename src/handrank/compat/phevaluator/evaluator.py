"""phevaluator's ``phevaluator.evaluator``: the rank of the best five of 5 to 7 cards."""

from __future__ import annotations

from ... import _switch
from ...cards import DECK
from .._errors import CardError, checked
from .card import Card, CardLike

__all__ = ["MAX_CARDS", "MIN_CARDS", "Card", "evaluate_5cards", "evaluate_6cards", "evaluate_7cards", "evaluate_cards"]

MAX_CARDS = 7
MIN_CARDS = 5


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
    return checked(_switch.evaluator.evaluate, cards)


def evaluate_cards(*cards: CardLike) -> int:
    """The rank of the best five of 5 to 7 cards (smaller is stronger)."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"The number of cards must be between 5 and 7.passed size: {len(cards)}")
    return _rank(_ints(cards))


def evaluate_5cards(a: CardLike, b: CardLike, c: CardLike, d: CardLike, e: CardLike) -> int:
    """The rank of five cards, 1 the royal flush to 7462."""
    return evaluate_cards(a, b, c, d, e)


def evaluate_6cards(a: CardLike, b: CardLike, c: CardLike, d: CardLike, e: CardLike, f: CardLike) -> int:
    """The rank of the best five of six cards."""
    return evaluate_cards(a, b, c, d, e, f)


def evaluate_7cards(a: CardLike, b: CardLike, c: CardLike, d: CardLike, e: CardLike, f: CardLike, g: CardLike) -> int:
    """The rank of the best five of seven cards."""
    return evaluate_cards(a, b, c, d, e, f, g)
