"""The tables the pure evaluator reads, the card dicts its fast paths look cards up in, and the
random stream its Monte Carlo kernels draw from. Pairs with the tables of ``_c/core.pxi``."""

from __future__ import annotations

from math import prod

from .. import _table_files, _tables
from ..cards import DECK, to_index

T, SHORT_DECK = _table_files.load()
M64 = (1 << 64) - 1
FLUSH = T.flush
PRODUCTS = T.products


def slot_per_key(items: dict[int, int]) -> dict[object, int]:
    """``items`` in a dict whose hash table is large enough to give each int key a slot of its own.

    CPython first looks for an int key at ``key & (slots - 1)``. The four cards
    of a rank differ only from bit 12 up, so in the 128 slots 52 keys get, a
    card is found at the second or third try. Grown with placeholder keys (then
    removed), the table holds each card where the first try looks, which the
    five lookups of a 5-card evaluate feel. Elsewhere than CPython it is just a dict.

    >>> slot_per_key({DECK[0]: 2}) == {DECK[0]: 2}
    True
    """
    slots = 8
    while len(firsts := {k & (slots - 1) for k in items}) < len(items):
        slots *= 2
    # CPython resizes a full table to the power of two above 3 x its keys: slots // 3 + 1 keys reach ``slots``.
    # Small ints hash to themselves; these leave the cards' first slots alone.
    n = slots // 3 + 1
    placeholders = [k for k in range(n + len(items)) if k not in firsts][:n]
    table: dict[object, int] = dict.fromkeys(placeholders, 0)
    for k in placeholders:
        del table[k]
    for k, v in items.items():  # one by one: update() of an emptied dict would copy the small table
        table[k] = v
    return table


# Each card's prime, or a KeyError for anything that is not a card.
PRIME = slot_per_key({c: c & 0xFF for c in DECK})
REPEATS = 1 << 13


def five_by_product() -> dict[int, int]:
    """Five cards by prime product: the rank if no suit is five-strong, plus REPEATS where a rank repeats.

    Five distinct ranks can hold no duplicate card but may be a flush; repeated
    ranks are the reverse. The commonest shapes go in first, where a lookup
    finds them at its first try more often.
    """
    table = {}
    for ranks in sorted(_tables.rank_multisets(5), key=lambda rs: -len(set(rs))):
        p = prod(_tables.PRIMES[r] for r in ranks)
        table[p] = PRODUCTS[p] + (0 if len(set(ranks)) == 5 else REPEATS)
    return table


FIVE = five_by_product()
# A Python int for any int type's byte: a product of numpy's fixed-width ints would wrap.
BYTE = list(range(256))
# Each card adds one to a 3-bit counter of its suit: clubs at bit 0 ... spades at bit 9.
SUIT_COUNT: dict[object, int] = {c: 1 << 3 * (to_index(c) & 3) for c in DECK}
# The suit bits (0x8000 clubs ... 0x1000 spades) of the suit counted five or more times, else 0.
FLUSH_SUIT = [next((0x8000 >> s for s in range(4) if (t >> 3 * s & 7) >= 5), 0) for t in range(1 << 12)]


def wyrand(state: int) -> tuple[int, int]:
    """The next state and output of wyrand, exactly as ``_c/wyrand.h`` computes them."""
    state = (state + _tables.WYRAND_INCREMENT) & M64
    t = state * (state ^ _tables.WYRAND_MIX)
    return state, ((t >> 64) ^ t) & M64
