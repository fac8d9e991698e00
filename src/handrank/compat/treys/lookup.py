"""treys's ``treys.lookup``: ``LookupTable``, its class constants and its two dicts."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ... import _tables
from ...ranking import CLASS_WORST_RANK
from .card import Card

__all__ = ["Card", "LookupTable"]


@lru_cache(maxsize=1)
def _lookups() -> tuple[dict[int, int], dict[int, int]]:
    """treys's two tables from handrank's: flushes by prime product, everything else by prime product."""
    flush, unique, paired = _tables.five_card_values()

    def product(mask: int) -> int:
        return Card.prime_product_from_rankbits(mask)

    return {product(m): v for m, v in flush.items()}, {**{product(m): v for m, v in unique.items()}, **paired}


class LookupTable:
    """treys's rank-class constants and its two lookup dicts (prime product to rank)."""

    MAX_ROYAL_FLUSH: int = 1
    MAX_STRAIGHT_FLUSH, MAX_FOUR_OF_A_KIND, MAX_FULL_HOUSE, MAX_FLUSH, MAX_STRAIGHT = CLASS_WORST_RANK[:5]
    MAX_THREE_OF_A_KIND, MAX_TWO_PAIR, MAX_PAIR, MAX_HIGH_CARD = CLASS_WORST_RANK[5:]
    MAX_TO_RANK_CLASS: dict[int, int] = {1: 0, **{worst: i + 1 for i, worst in enumerate(CLASS_WORST_RANK)}}
    RANK_CLASS_TO_STRING: dict[int, str] = {
        0: "Royal Flush",
        1: "Straight Flush",
        2: "Four of a Kind",
        3: "Full House",
        4: "Flush",
        5: "Straight",
        6: "Three of a Kind",
        7: "Two Pair",
        8: "Pair",
        9: "High Card",
    }

    @property
    def flush_lookup(self) -> dict[int, int]:
        """Flushes and straight flushes: prime product of the five ranks -> rank."""
        return _lookups()[0]

    @property
    def unsuited_lookup(self) -> dict[int, int]:
        """Every hand that is not a flush: prime product of the five cards -> rank."""
        return _lookups()[1]

    def write_table_to_disk(self, table: dict[int, int], filepath: str) -> None:
        """One ``product,rank`` line per entry, as treys writes them."""
        with open(filepath, "w") as f:
            f.writelines(f"{product},{rank}\n" for product, rank in table.items())

    def get_lexographically_next_bit_sequence(self, bits: int) -> Iterator[int]:  # treys's spelling
        """The ints after ``bits`` with as many bits set, in increasing order (endless)."""
        current = bits
        while True:
            lowest = current & -current
            ripple = current + lowest
            current = ripple | (((current ^ ripple) >> 2) // lowest)
            yield current
