"""An independent reference, written from the rules in docs/rules.md and sharing no code with handrank.

``key5`` orders five-card hands: a larger key is a better hand. Cards are
(rank, suit) pairs, rank 2..14 (ace 14), so nothing here depends on Cactus Kev.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

Card = tuple[int, str]

RANK_OF = {ch: i for i, ch in enumerate("23456789TJQKA", start=2)}


def parse(text: str) -> list[Card]:
    return [(RANK_OF[t[0]], t[1]) for t in text.split()]


def key5(hand: list[Card]) -> tuple[int, ...]:
    ranks = sorted((r for r, _ in hand), reverse=True)
    flush = len({s for _, s in hand}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = 0
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_top = 5  # the wheel plays five-high
    # Group by count, then by rank: quads before kicker, trips before pair, higher pair first.
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [c for _, c in groups]
    order = tuple(r for r, _ in groups)
    if straight_top and flush:
        return (9, straight_top)
    if shape == [4, 1]:
        return (8, *order)
    if shape == [3, 2]:
        return (7, *order)
    if flush:
        return (6, *ranks)
    if straight_top:
        return (5, straight_top)
    if shape == [3, 1, 1]:
        return (4, *order)
    if shape == [2, 2, 1]:
        return (3, *order)
    if shape == [2, 1, 1, 1]:
        return (2, *order)
    return (1, *ranks)


def best_key(hand: list[Card]) -> tuple[int, ...]:
    return max(key5(list(five)) for five in combinations(hand, 5))


def low_key(hand: list[Card], game: str) -> tuple[int, ...]:
    """Order five cards for lowball, written from docs/rules.md#lowball: smaller is the better low.

    2-7 plays the ace high only, A-5 and A-6 low only; A-5 ignores straights and
    flushes, the others count them against the hand. A low hand is better the
    weaker it would be as a high hand under those rules.
    """
    ace = 14 if game == "2-7" else 1
    values = sorted((ace if r == 14 else r for r, _ in hand), reverse=True)
    counts = Counter(values)
    by_count = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    pattern = sorted(counts.values(), reverse=True)
    counted = game != "a-5"
    flush = counted and len({s for _, s in hand}) == 1
    straight = counted and len(counts) == 5 and values[0] - values[4] == 4
    if straight and flush:
        category = 8
    elif pattern == [4, 1]:
        category = 7
    elif pattern == [3, 2]:
        category = 6
    elif flush:
        category = 5
    elif straight:
        category = 4
    else:
        category = {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(pattern), 0)
    return (category, *by_count)


def best_low_key(hand: list[Card], game: str) -> tuple[int, ...]:
    return min(low_key(list(five), game) for five in combinations(hand, 5))
