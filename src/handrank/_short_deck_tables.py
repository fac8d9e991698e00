"""Short deck's tables, generated from its rules, for both evaluators.

Short deck (six-plus) hold'em deals 36 cards, six to ace. A flush beats a full house; ace,
six, seven, eight, nine is the lowest straight; and under the rule most rooms play, three of
a kind beats a straight (``TRIPS_OVER_STRAIGHT``), where the other rule keeps the straight
above (``STRAIGHT_OVER_TRIPS``). Its 1,404 distinct five-card values are numbered best first
under each rule. Cards are Cactus Kev ints as for hold'em.

- ``flush[mask]``: the best flush or straight flush among the ranks of a 13-bit mask (six to
  ace, five bits or more); the same under both rules, which differ below the full house.
- ``trips_over`` / ``straight_over``: the best non-flush value of every multiset of 5, 6 or 7
  ranks (at most four of each), by the product of the ranks' primes, under each rule.
- One perfect hash of those products, and each rule's values by its slots.

Like ``_tables``, whose helpers it uses, it imports nothing else from the package.

>>> t = generate()
>>> t.flush[0b1111100000000], t.flush[0b1000011110000]  # A K Q J T, and A 9 8 7 6, of one suit
(1, 6)
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import NamedTuple

from ._tables import PRIMES, _mask, _perfect_hash, _product, _slot_values, rank_multisets

RANKS_HIGH_FIRST = tuple(range(12, 3, -1))
"""Ace (12) down to six (4): the ranks of the 36-card deck."""
STRAIGHTS = tuple(tuple(range(top, top - 5, -1)) for top in range(12, 7, -1)) + ((7, 6, 5, 4, 12),)
"""The six straights, ace-high first, nine-high with the ace low (A-6-7-8-9) last."""
N_VALUES = 1404
"""Distinct five-card values under either rule."""
TRIPS_OVER_STRAIGHT = 0
"""The rule index where three of a kind beats a straight; ``STRAIGHT_OVER_TRIPS`` keeps hold'em's order."""
STRAIGHT_OVER_TRIPS = 1
HASH_BUCKET_BITS = 12
HASH_SLOT_BITS = 15

# Hand classes, numbered as handrank.ranking.HandClass numbers them.
STRAIGHT_FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, FLUSH, STRAIGHT, THREE_OF_A_KIND, TWO_PAIR, PAIR, HIGH_CARD = range(1, 10)


class ShortDeckTables(NamedTuple):
    flush: list[int]  # by 13-bit rank mask, 0 below five bits
    trips_over: dict[int, int]  # non-flush value by prime product, three of a kind above a straight
    straight_over: dict[int, int]  # the same, a straight above three of a kind
    displace: list[int]  # one perfect hash of those products for both rules
    trips_over_slots: list[int]
    straight_over_slots: list[int]


def values_in_order(rule: int) -> Iterator[tuple[str, int, int, tuple[int, ...]]]:
    """Every five-card value under ``rule``, best first, as (table, key, hand class, ranks).

    ``table`` is ``"flush"`` (key: rank mask) or ``"plain"`` (key: prime product); ``ranks`` are
    those that break ties, in the order they are compared (a straight's: its top card).
    """
    straights = {_mask(s) for s in STRAIGHTS}
    fives = [c for c in combinations(RANKS_HIGH_FIRST, 5) if _mask(c) not in straights]
    for s in STRAIGHTS:
        yield "flush", _mask(s), STRAIGHT_FLUSH, (s[0],)
    for quad in RANKS_HIGH_FIRST:
        for kick in RANKS_HIGH_FIRST:
            if kick != quad:
                yield "plain", PRIMES[quad] ** 4 * PRIMES[kick], FOUR_OF_A_KIND, (quad, kick)
    for c in fives:
        yield "flush", _mask(c), FLUSH, c
    for trips in RANKS_HIGH_FIRST:
        for pair in RANKS_HIGH_FIRST:
            if pair != trips:
                yield "plain", PRIMES[trips] ** 3 * PRIMES[pair] ** 2, FULL_HOUSE, (trips, pair)
    trips_hands = [
        ("plain", PRIMES[trips] ** 3 * _product(two), THREE_OF_A_KIND, (trips, *two))
        for trips in RANKS_HIGH_FIRST
        for two in combinations([r for r in RANKS_HIGH_FIRST if r != trips], 2)
    ]
    straight_hands = [("plain", _product(s), STRAIGHT, (s[0],)) for s in STRAIGHTS]
    yield from (trips_hands + straight_hands if rule == TRIPS_OVER_STRAIGHT else straight_hands + trips_hands)
    for high, low in combinations(RANKS_HIGH_FIRST, 2):
        for kick in RANKS_HIGH_FIRST:
            if kick not in (high, low):
                yield "plain", (PRIMES[high] * PRIMES[low]) ** 2 * PRIMES[kick], TWO_PAIR, (high, low, kick)
    for pair in RANKS_HIGH_FIRST:
        for three in combinations([r for r in RANKS_HIGH_FIRST if r != pair], 3):
            yield "plain", PRIMES[pair] ** 2 * _product(three), PAIR, (pair, *three)
    for c in fives:
        yield "plain", _product(c), HIGH_CARD, c


def five_card_values(rule: int) -> tuple[dict[int, int], dict[int, int]]:
    """Every five-card value under ``rule``, 1 the best: ``(flush by rank mask, the rest by prime product)``."""
    tables: dict[str, dict[int, int]] = {"flush": {}, "plain": {}}
    for value, (table, key, _, _) in enumerate(values_in_order(rule), 1):
        tables[table][key] = value
    assert sum(map(len, tables.values())) == N_VALUES
    return tables["flush"], tables["plain"]


def _best_flush(mask: int, flush5: dict[int, int]) -> int:
    """The best flush among the ranks of ``mask`` (six to ace): its highest straight, else its top five."""
    if bin(mask).count("1") < 5:
        return 0
    for s in STRAIGHTS:
        if mask & _mask(s) == _mask(s):
            return flush5[_mask(s)]
    top = [r for r in RANKS_HIGH_FIRST if mask >> r & 1][:5]
    return flush5[_mask(tuple(top))]


def _non_flush_products(plain5: dict[int, int]) -> dict[int, int]:
    """The best non-flush value of every 5-, 6- and 7-rank multiset of six to ace, by prime product."""
    products = dict(plain5)
    for size in (6, 7):
        for ranks in rank_multisets(size):
            if ranks[0] >= RANKS_HIGH_FIRST[-1]:
                p = _product(ranks)
                products[p] = min(plain5[p // _product(drop)] for drop in set(combinations(ranks, size - 5)))
    return products


def generate() -> ShortDeckTables:
    """Build the short deck's tables from its rules."""
    flush5, trips_plain = five_card_values(TRIPS_OVER_STRAIGHT)
    flush5_other, straight_plain = five_card_values(STRAIGHT_OVER_TRIPS)
    assert flush5 == flush5_other  # the rules differ below the flush only
    trips_over, straight_over = _non_flush_products(trips_plain), _non_flush_products(straight_plain)
    displace, slot_of = _perfect_hash(sorted(trips_over), HASH_BUCKET_BITS, HASH_SLOT_BITS)
    return ShortDeckTables(
        [_best_flush(m & 0x1FF0, flush5) if not m & 0xF else 0 for m in range(1 << 13)],
        trips_over,
        straight_over,
        displace,
        _slot_values(slot_of, trips_over, HASH_SLOT_BITS),
        _slot_values(slot_of, straight_over, HASH_SLOT_BITS),
    )
