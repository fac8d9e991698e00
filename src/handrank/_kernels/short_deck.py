"""Short deck's checks, shared by both evaluators: the rule asked for, and the error that names
a card below six (in a hand, or in a batch's row)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import DECK, card_str
from .core import row_error as any_row_error
from .core import rows


def checked_rule(trips_beat_straight: object) -> bool:
    """The rule asked for: ``True`` (three of a kind beats a straight) or ``False``; else ``TypeError``."""
    if type(trips_beat_straight) is not bool:
        raise TypeError(f"trips_beat_straight must be True or False, got {trips_beat_straight!r}")
    return trips_beat_straight


def not_short_deck(cards: Sequence[int]) -> ValueError:
    """The error for a hand holding a card below six, naming the first."""
    low = next(c for c in cards if (c >> 8) & 0xF < 4)
    return ValueError(f"{card_str(low)} is not a short-deck card: the deck holds sixes to aces (36 cards)")


def row_error(view: memoryview, row: int) -> ValueError:
    """The error for the first bad value in ``row`` of a batch: out of range, a duplicate, or below six."""
    values = rows(view)[row]
    if all(0 <= v < 52 for v in values) and len(set(values)) == len(values):
        low = next(v for v in values if v < 16)
        return ValueError(f"row {row}: {card_str(DECK[low])} (index {low}) is not a short-deck card (six to ace)")
    return any_row_error(view, row)
