"""How each game ranks a showdown: a high rule and any low rule, (hole cards, board) -> a value,
lower better, and the words for a game's own scale. ``handrank.games`` gives each game its rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Callable, Optional

from ._switch import evaluator
from .cards import card_str, rank_of
from .lowball import describe_low, qualifies_eight_or_better
from .short_deck import describe_short_deck

ROYAL_LOWEST = 8
"""Royal hold'em's lowest rank, ten (ranks count from two at 0)."""

HighRule = Callable[[Sequence[int], Sequence[int]], int]
"""(hole cards, board) -> a high rank, 1 (royal flush) to 7462."""
LowRule = Callable[[Sequence[int], Sequence[int]], Optional[int]]
"""(hole cards, board) -> a qualifying low value, or None."""


def best_of_all(hole: Sequence[int], board: Sequence[int]) -> int:
    """The best five of the player's cards and any board together: hold'em, stud (with a community
    card when the deck ran short), five-card draw."""
    return evaluator.evaluate([*hole, *board])


def ten_to_ace(hole: Sequence[int], board: Sequence[int]) -> int:
    """Royal hold'em: hold'em's best five, of cards ten to ace only."""
    hand = [*hole, *board]
    low = [c for c in hand if rank_of(c) < ROYAL_LOWEST]
    if low:
        raise ValueError(f"royal hold'em deals ten to ace: {card_str(low[0])} is not in its deck")
    return evaluator.evaluate(hand)


def two_and_three(hole: Sequence[int], board: Sequence[int]) -> int:
    """Omaha: exactly two hole cards and three of the board."""
    return evaluator.evaluate_omaha(list(hole), list(board))


def short_deck_trips_over(hole: Sequence[int], board: Sequence[int]) -> int:
    """Short deck: the best five of all the cards, three of a kind above a straight."""
    return evaluator.evaluate_short_deck([*hole, *board])


def short_deck_straight_over(hole: Sequence[int], board: Sequence[int]) -> int:
    """Short deck: the best five of all the cards, a straight above three of a kind."""
    return evaluator.evaluate_short_deck([*hole, *board], False)


def straight_over_words(rank: int) -> str:
    return describe_short_deck(rank, False)


def seven_card_low(hole: Sequence[int], board: Sequence[int]) -> int:
    """Razz: the best ace-to-five low of the player's cards, pairs counting against it."""
    return evaluator.evaluate_low([*hole, *board], "a-5")


def razz_words(value: int) -> str:
    return describe_low(value, "a-5")


def deuce_to_seven(hole: Sequence[int], board: Sequence[int]) -> int:
    """Deuce-to-seven lowball: the five cards as a low, aces high, straights and flushes counting."""
    return evaluator.evaluate_low(list(hole), "2-7")


def deuce_to_seven_words(value: int) -> str:
    return describe_low(value, "2-7")


def ace_to_five(hole: Sequence[int], board: Sequence[int]) -> int:
    """Ace-to-five lowball: the five cards as a low, aces low, straights and flushes not counting."""
    return evaluator.evaluate_low(list(hole), "a-5")


def badugi(hole: Sequence[int], board: Sequence[int]) -> int:
    """Badugi: the four cards' best badugi, 1 (4-3-2-A) to 1,092."""
    return evaluator.evaluate_badugi(list(hole))


def stud_eight_or_better(hole: Sequence[int], board: Sequence[int]) -> Optional[int]:
    """Stud eight-or-better's low: five ranks eight or lower of the player's cards."""
    low = seven_card_low(hole, board)
    return low if qualifies_eight_or_better(low) else None


def eight_or_better(hole: Sequence[int], board: Sequence[int]) -> Optional[int]:
    """Omaha's eight-or-better low: two hole cards and three of the board, five ranks eight or lower."""
    low = evaluator.evaluate_omaha_low(list(hole), list(board))
    return low if qualifies_eight_or_better(low) else None
