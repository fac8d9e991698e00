"""phevaluator's ``phevaluator.utils``: random cards."""

from __future__ import annotations

import random

__all__ = ["sample_cards"]


def sample_cards(size: int) -> list[int]:
    """``size`` distinct random card ids."""
    return random.sample(range(52), k=size)
