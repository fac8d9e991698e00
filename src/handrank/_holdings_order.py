"""The order of a call's holdings and board: holdings first, as ``evaluate_holdem`` takes them,
and the board first, the order ``winners`` and ``omaha_hilo_winners`` had before, still taken
with a warning; and whether an argument reads as cards, which a list of hands or ranges never does."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

from .cards import cards


def holdings_then_board(first: Any, second: Any, call: str) -> tuple[Any, Any]:
    """``(holdings, board)`` of a call given them either way round. Holdings come first, as in
    ``evaluate_holdem``; the board first, the order these calls had before, is still taken with a
    DeprecationWarning that shows the call to make. A board is text or cards one an item, which
    holdings, a hand an item, never are."""
    if cards_one_an_item(first) and not cards_one_an_item(second):
        warnings.warn(
            f"{call}(board, holdings) is the old order: call {call}(holdings, board), holdings first "
            "as in evaluate_holdem",
            DeprecationWarning,
            stacklevel=3,
        )
        return second, first
    return first, second


def cards_one_an_item(given: object) -> bool:
    """Whether ``given`` reads as cards: text, or a sequence whose items are each one card."""
    if isinstance(given, str):
        return True
    if not isinstance(given, Sequence):
        return False
    return all(isinstance(item, int) or (isinstance(item, str) and _one_card(item)) for item in given)


def _one_card(text: str) -> bool:
    try:
        return len(cards(text)) == 1
    except ValueError:
        return False
