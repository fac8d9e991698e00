"""The batch kernels' checks: Omaha rows and a board of indices."""

from __future__ import annotations

from ..cards import Cards, hand, to_index
from .core import hands_view


def omaha_view(hands: object, hole_cards: int) -> memoryview:
    """``hands_view`` for Omaha rows: ``hole_cards`` (4 to 6) hole cards, then 3 to 5 board cards."""
    if type(hole_cards) is not int or not 4 <= hole_cards <= 6:
        raise ValueError(f"hole_cards must be 4, 5 or 6, got {hole_cards!r}")
    return hands_view(hands, tuple(range(hole_cards + 3, hole_cards + 6)))


def board_indices(board: Cards) -> list[int]:
    """The 0-51 indices of a board of 3 to 5 distinct cards (any form ``cards`` takes)."""
    return [to_index(c) for c in hand(board, 3, 5)]
