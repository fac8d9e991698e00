"""An independent reference, written from the rules in RULES.md and sharing no code with handrank.

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
