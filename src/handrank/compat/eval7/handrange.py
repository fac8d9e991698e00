"""eval7's ``eval7.handrange``: ``HandRange``, a weighted range read from an eval7 range string."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from . import rangestring
from .cards import Card

__all__ = ["HandRange", "rangestring"]


class HandRange:
    """A weighted range from an eval7 range string: ``HandRange("55+, 87o, 80%(A8s+)")``.

    Iterating gives ``((Card, Card), weight)`` pairs, as eval7's does.
    """

    _indexed: tuple[Any, int, tuple[list[int], bytes]]  # _indexed(): the hands' indices, once

    def __init__(self, s: str) -> None:
        self.string = s
        self.tokens = rangestring.string_to_tokens(s)
        self.hands = rangestring.string_to_hands(s)

    def __iter__(self) -> Iterator[tuple[tuple[Card, Card], float]]:
        return iter(self.hands)

    def __len__(self) -> int:
        return len(self.hands)
