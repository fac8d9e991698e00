"""Several decks' checks, shared by both evaluators: how many decks, a hand of 5 to 7 cards none
held more times than the decks hold it, and the error that names a batch's bad row."""

from __future__ import annotations

from collections import Counter
from typing import Union

from ..cards import Cards, card_str, cards, from_index
from .core import rows


def checked_decks(decks: object) -> int:
    """``decks``, how many decks are shuffled together: an int, 1 or more."""
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise ValueError(f"decks is how many decks are shuffled together, 1 or more, got {decks!r}")
    return decks


def _held_too_often(card: int, times: int, decks: int) -> str:
    holds = "1 deck holds it once" if decks == 1 else f"{decks} decks hold it {decks} times"
    return f"{card_str(card)} is held {times} times; {holds}"


def held(items: Union[Cards, int], decks: int) -> list[int]:
    """5 to 7 cards read (text or card ints; one card int is one card), none held more times than
    ``decks`` decks hold it."""
    checked_decks(decks)
    out = cards([items]) if isinstance(items, int) else cards(items)
    if not 5 <= len(out) <= 7:
        raise ValueError(f"expected 5 to 7 cards, got {len(out)}")
    card, times = Counter(out).most_common(1)[0]
    if times > decks:
        raise ValueError(_held_too_often(card, times, decks))
    return out


def row_error(view: memoryview, row: int, decks: int) -> ValueError:
    """The error for the first bad value in ``row`` of a batch: not a card index, or a card held
    more times than the decks hold it."""
    values = rows(view)[row]
    for v in values:
        if not 0 <= v < 52:
            return ValueError(f"row {row}: {v} is not a card index (expected 0 to 51)")
    index, times = Counter(values).most_common(1)[0]
    if times > decks:
        return ValueError(f"row {row}: {_held_too_often(from_index(index), times, decks)} (index {index})")
    return ValueError(f"row {row}: bad hand {values}")  # pragma: no cover - kernels agree
