"""The one deterministic table generator, shared by both evaluators.

Everything here follows from the hand-ranking rules alone: the 7,462 distinct
five-card values in order, then the lookups Cactus Kev's evaluator needs.

- ``flush[mask]``: best flush (straight flush included) among the ranks of a
  13-bit mask with five or more bits set; 0 below five bits.
- ``unique5[mask]``: the straight or high-card value of five distinct ranks.
- ``products``: best non-flush value for every multiset of 5, 6 or 7 ranks
  (at most four of each), keyed by the product of the ranks' primes.
- A two-level perfect hash of those products for the compiled evaluator.

The module imports nothing from the package, so the build loads it without the
package; ``_table_files`` writes what it generates as the file the pure
evaluator loads and the C header the extension compiles in.

>>> t = generate()
>>> t.flush[0b1111100000000]  # A K Q J T of one suit: royal flush
1
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import NamedTuple

PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""The prime of each rank, deuce (0) to ace (12)."""

RANKS_HIGH_FIRST = tuple(range(12, -1, -1))
STRAIGHTS = tuple(tuple(range(top, top - 5, -1)) for top in range(12, 3, -1)) + ((3, 2, 1, 0, 12),)
"""The ten straights, broadway first, the wheel (5-4-3-2-A) last."""

N_VALUES = 7462

HASH_BUCKET_BITS = 14
HASH_SLOT_BITS = 17
HASH_MULT_BUCKET = 0x9E3779B97F4A7C15
HASH_MULT_SLOT = 0xC2B2AE3D27D4EB4F
_MASK64 = (1 << 64) - 1


LOW_GAMES = ("2-7", "a-5", "a-6")
"""Deuce-to-seven (ace high, straights and flushes count), ace-to-five (ace low, they don't), ace-to-six (ace low, they count)."""
LOW_GAME_ALIASES = {"razz": "a-5"}
"""Other names of the low scales: razz is ranked ace-to-five."""
LOW_HASH_BUCKET_BITS = 11
LOW_HASH_SLOT_BITS = 14

# Constants of the equity kernels, written into the C header with the tables so that the two
# evaluators cannot drift apart.
MAX_PLAYERS = 10
"""The most players an equity kernel takes: it sizes the compiled kernels' arrays."""
TIE_UNITS = 2520
"""Equity is counted in units divisible by 1 to 10: a board shared k ways gives each TIE_UNITS // k."""
SAMPLING_BLOCK = 1024
"""Monte Carlo trials per random stream, so that a seed gives the same answer on any thread count."""
BLOCK_SEED_STEP = 0xD1B54A32D192ED03
"""Block b's random stream starts at seed + b x this (mod 2**64)."""
WYRAND_INCREMENT = 0xA0761D6478BD642F
"""wyrand's Weyl sequence step ..."""
WYRAND_MIX = 0xE7037ED1A0B428DB
"""... and the constant each state is xored with before the 64 x 64 -> 128-bit multiply."""


class Tables(NamedTuple):
    flush: list[int]
    unique5: list[int]
    products: dict[int, int]
    hash_displace: list[int]
    hash_values: list[int]
    # Lowball, five cards: value 1 = the best low. Flush tables by rank mask (0 where not five bits).
    low27_flush: list[int]
    lowa6_flush: list[int]
    low27: dict[int, int]  # non-flush value by prime product, likewise below
    lowa5: dict[int, int]  # flushes do not count: every hand is looked up here
    lowa6: dict[int, int]
    low_displace: list[int]  # one perfect hash of the 6,175 five-card products for all three games
    low27_slots: list[int]
    lowa5_slots: list[int]
    lowa6_slots: list[int]


def card_from_index(i: int) -> int:
    """The Cactus Kev int of card index ``i`` = 4 x rank + suit (suits c d h s = 0..3)."""
    rank, suit = divmod(i, 4)
    return PRIMES[rank] | rank << 8 | (8 >> suit) << 12 | 1 << (16 + rank)


def _mask(ranks: tuple[int, ...]) -> int:
    m = 0
    for r in ranks:
        m |= 1 << r
    return m


def _product(ranks: tuple[int, ...]) -> int:
    p = 1
    for r in ranks:
        p *= PRIMES[r]
    return p


def _values_in_order() -> Iterator[tuple[str, int, tuple[int, ...]]]:
    """Every five-card value, best first, as (table, key, ranks that decide ties).

    ``table`` is ``"flush"`` (key: rank mask), ``"unique"`` (five distinct ranks,
    no flush; key: rank mask) or ``"paired"`` (key: prime product). ``ranks``
    are rank numbers in the order they are compared: the straight's top card;
    the quads then the kicker; trips then pair; trips then kickers; high pair,
    low pair, kicker; pair then kickers; or all five cards highest first.
    """
    straight_masks = [_mask(s) for s in STRAIGHTS]
    no_straight = [c for c in combinations(RANKS_HIGH_FIRST, 5) if _mask(c) not in straight_masks]
    for s in STRAIGHTS:  # straight flushes
        yield "flush", _mask(s), (s[0],)
    for quad in RANKS_HIGH_FIRST:
        for kick in RANKS_HIGH_FIRST:
            if kick != quad:
                yield "paired", PRIMES[quad] ** 4 * PRIMES[kick], (quad, kick)
    for trips in RANKS_HIGH_FIRST:
        for pair in RANKS_HIGH_FIRST:
            if pair != trips:
                yield "paired", PRIMES[trips] ** 3 * PRIMES[pair] ** 2, (trips, pair)
    for c in no_straight:  # flushes
        yield "flush", _mask(c), c
    for s in STRAIGHTS:
        yield "unique", _mask(s), (s[0],)
    for trips in RANKS_HIGH_FIRST:
        rest = [r for r in RANKS_HIGH_FIRST if r != trips]
        for two in combinations(rest, 2):
            yield "paired", PRIMES[trips] ** 3 * _product(two), (trips, *two)
    for high, low in combinations(RANKS_HIGH_FIRST, 2):
        for kick in RANKS_HIGH_FIRST:
            if kick not in (high, low):
                yield "paired", (PRIMES[high] * PRIMES[low]) ** 2 * PRIMES[kick], (high, low, kick)
    for pair in RANKS_HIGH_FIRST:
        rest = [r for r in RANKS_HIGH_FIRST if r != pair]
        for three in combinations(rest, 3):
            yield "paired", PRIMES[pair] ** 2 * _product(three), (pair, *three)
    for c in no_straight:  # high card
        yield "unique", _mask(c), c


def five_card_values() -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """Number every five-card hand value 1..7462, best first.

    Returns ``(flush_by_mask, unique_by_mask, paired_by_product)``.
    """
    tables: dict[str, dict[int, int]] = {"flush": {}, "unique": {}, "paired": {}}
    for value, (table, key, _) in enumerate(_values_in_order(), 1):
        tables[table][key] = value
    assert sum(map(len, tables.values())) == N_VALUES
    return tables["flush"], tables["unique"], tables["paired"]


def value_ranks() -> list[tuple[int, ...]]:
    """The ranks that decide ties for every value (index 0 unused), as ``_values_in_order`` gives them.

    >>> value_ranks()[1], value_ranks()[11]
    ((12,), (12, 11))
    """
    return [(), *(ranks for _, _, ranks in _values_in_order())]


def _best_flush(mask: int, flush5: dict[int, int]) -> int:
    """Best flush among the ranks of ``mask``: its highest straight, else its top five."""
    if bin(mask).count("1") < 5:
        return 0
    for s in STRAIGHTS:
        s_mask = _mask(s)
        if mask & s_mask == s_mask:
            return flush5[s_mask]
    top = 0
    for r in RANKS_HIGH_FIRST:
        if mask >> r & 1 and bin(top).count("1") < 5:
            top |= 1 << r
    return flush5[top]


def rank_multisets(size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` ranks with at most four of each, as sorted tuples."""
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], lowest: int) -> None:
        if len(prefix) == size:
            out.append(prefix)
            return
        for r in range(lowest, 13):
            if prefix.count(r) < 4:
                extend(prefix + (r,), r)

    extend((), 0)
    return out


def _non_flush_products(unique5: dict[int, int], paired5: dict[int, int]) -> dict[int, int]:
    """Best non-flush value of every 5-, 6- and 7-rank multiset, by prime product."""
    five: dict[int, int] = {}
    for ranks in rank_multisets(5):
        p = _product(ranks)
        five[p] = unique5[_mask(ranks)] if len(set(ranks)) == 5 else paired5[p]
    products = dict(five)
    for size in (6, 7):
        for ranks in rank_multisets(size):
            p = _product(ranks)
            # Every five-card sub-multiset is the whole product divided by the dropped primes.
            products[p] = min(five[p // _product(drop)] for drop in set(combinations(ranks, size - 5)))
    return products


def _slot(key: int, bits: int = HASH_SLOT_BITS) -> int:
    return ((key * HASH_MULT_SLOT) & _MASK64) >> (64 - bits)


def _bucket(key: int, bits: int = HASH_BUCKET_BITS) -> int:
    return ((key * HASH_MULT_BUCKET) & _MASK64) >> (64 - bits)


def hash_index(
    key: int, displace: list[int], bucket_bits: int = HASH_BUCKET_BITS, slot_bits: int = HASH_SLOT_BITS
) -> int:
    """Slot of ``key`` in a perfect hash: the C evaluator computes exactly this."""
    return _slot(key, slot_bits) ^ displace[_bucket(key, bucket_bits)]


def _perfect_hash(keys: list[int], bucket_bits: int, slot_bits: int) -> tuple[list[int], dict[int, int]]:
    """Hash and displace: each bucket gets the smallest XOR that lands all its keys in free slots.

    Returns the displacements and each key's slot.
    """
    buckets: list[list[int]] = [[] for _ in range(1 << bucket_bits)]
    for key in keys:
        buckets[_bucket(key, bucket_bits)].append(key)
    displace = [0] * (1 << bucket_bits)
    slot_of: dict[int, int] = {}
    taken = bytearray(1 << slot_bits)
    order = sorted(range(len(buckets)), key=lambda b: (-len(buckets[b]), b))
    for b in order:
        members = buckets[b]
        if not members:
            break
        slots = [_slot(k, slot_bits) for k in members]
        for d in range(1 << 16):
            placed = [s ^ d for s in slots]
            if len(set(placed)) == len(placed) and not any(taken[s] for s in placed):
                break
        else:  # pragma: no cover - the constants above are known to work
            raise RuntimeError("perfect hash construction failed")
        displace[b] = d
        for k, s in zip(members, placed):
            taken[s] = 1
            slot_of[k] = s
    return displace, slot_of


def _slot_values(slot_of: dict[int, int], values: dict[int, int], slot_bits: int) -> list[int]:
    out = [0] * (1 << slot_bits)
    for key, slot in slot_of.items():
        out[slot] = values[key]
    return out


def low_key(ranks: tuple[int, ...], flush: bool, game: str) -> tuple[int, ...]:
    """Order five-card hands for a lowball game: the smaller key is the better low.

    The key is the hand's strength as a high hand under the game's rules (ace
    high or low only; straights and flushes counted or not), so the best low
    is the weakest high hand.
    """
    ace_low = game != "2-7"
    counts_straights_and_flushes = game != "a-5"
    rs = sorted((-1 if ace_low and r == 12 else r for r in ranks), reverse=True)
    groups = sorted({r: rs.count(r) for r in rs}.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [c for _, c in groups]
    order = tuple(r for r, _ in groups)
    flush = flush and counts_straights_and_flushes
    straight = counts_straights_and_flushes and len(groups) == 5 and rs[0] - rs[4] == 4
    if straight and flush:
        return (8, rs[0])
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *rs)
    if straight:
        return (4, rs[0])
    return ({(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0), *order)


def _low_shapes(game: str) -> dict[tuple[tuple[int, ...], bool], tuple[int, ...]]:
    """Every five-card (ranks, suited) shape with its ``low_key``."""
    shapes = [(ranks, False) for ranks in rank_multisets(5)]
    shapes += [(c, True) for c in combinations(range(13), 5)]
    return {shape: low_key(shape[0], shape[1], game) for shape in shapes}


def low_keys(game: str) -> list[tuple[int, ...]]:
    """The distinct ``low_key`` values of a game, best low first: value v is ``low_keys(game)[v - 1]``."""
    return sorted(set(_low_shapes(game).values()))


def low_values(game: str) -> tuple[dict[int, int], dict[int, int]]:
    """A lowball game's five-card values, 1 = best low: ``(by flush rank mask, by prime product)``."""
    keys = _low_shapes(game)
    value_of = {k: v for v, k in enumerate(sorted(set(keys.values())), 1)}
    flush: dict[int, int] = {}
    products: dict[int, int] = {}
    for (ranks, suited), key in keys.items():
        if suited:
            flush[_mask(ranks)] = value_of[key]
        else:
            products[_product(ranks)] = value_of[key]
    return flush, products


def generate() -> Tables:
    """Build every table from the rules (about a second of pure Python)."""
    flush5, unique5, paired5 = five_card_values()
    flush = [_best_flush(m, flush5) for m in range(1 << 13)]
    unique = [unique5.get(m, 0) for m in range(1 << 13)]
    products = _non_flush_products(unique5, paired5)
    displace, slot_of = _perfect_hash(sorted(products), HASH_BUCKET_BITS, HASH_SLOT_BITS)
    f27, low27 = low_values("2-7")
    _, lowa5 = low_values("a-5")
    fa6, lowa6 = low_values("a-6")
    low_displace, low_slot = _perfect_hash(sorted(low27), LOW_HASH_BUCKET_BITS, LOW_HASH_SLOT_BITS)
    return Tables(
        flush,
        unique,
        products,
        displace,
        _slot_values(slot_of, products, HASH_SLOT_BITS),
        [f27.get(m, 0) for m in range(1 << 13)],
        [fa6.get(m, 0) for m in range(1 << 13)],
        low27,
        lowa5,
        lowa6,
        low_displace,
        *(_slot_values(low_slot, t, LOW_HASH_SLOT_BITS) for t in (low27, lowa5, lowa6)),
    )
