"""phevaluator's ``phevaluator.evaluator_omaha``: Omaha of 4, 5 or 6 hole cards, community cards first."""

from __future__ import annotations

from ... import _switch
from .._errors import checked
from .card import Card, CardLike
from .evaluator import _ints

__all__ = [
    "COMMUNITY_CARD_COUNT",
    "HOLE_CARD_COUNT",
    "PLO4_CARD_COUNT",
    "PLO5_CARD_COUNT",
    "PLO6_CARD_COUNT",
    "TOTAL_CARD_COUNT",
    "Card",
    "evaluate_omaha_cards",
    "evaluate_plo4_cards",
    "evaluate_plo5_cards",
    "evaluate_plo6_cards",
]

COMMUNITY_CARD_COUNT = 5
HOLE_CARD_COUNT = 4
PLO4_CARD_COUNT = 9
PLO5_CARD_COUNT = 10
PLO6_CARD_COUNT = 11
TOTAL_CARD_COUNT = 9


def _omaha(cards: tuple[CardLike, ...], hole: int) -> int:
    if len(cards) != 5 + hole:
        raise ValueError(f"The number of cards must be {5 + hole}. passed size: {len(cards)}")
    ints = _ints(cards)
    return checked(_switch.evaluator.evaluate_omaha, ints[5:], ints[:5])


def evaluate_omaha_cards(*cards: CardLike) -> int:
    """Omaha: five community cards, then four hole cards; exactly two hole cards and three board cards play."""
    return _omaha(cards, 4)


def evaluate_plo4_cards(*cards: CardLike) -> int:
    """Five community cards, then four hole cards."""
    return _omaha(cards, 4)


def evaluate_plo5_cards(*cards: CardLike) -> int:
    """Five community cards, then five hole cards."""
    return _omaha(cards, 5)


def evaluate_plo6_cards(*cards: CardLike) -> int:
    """Five community cards, then six hole cards."""
    return _omaha(cards, 6)
