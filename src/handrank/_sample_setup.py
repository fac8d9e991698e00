"""What both Monte Carlo kernels work out before they deal: the alias tables that draw a combo by
its weight, and, where two or more players hold ranges, one table of the deals that fit.

Drawing each range's combo apart and dealing again while two collide gives each deal that fits
the product of its combos' weights. Ranges that often collide ("AA, KK" against "AKs": half the
deals) waste those draws; one table of the deals that fit, each weighted so, draws the same deal
with one random number and never again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional


def alias_table(weights: Sequence[float]) -> tuple[list[float], list[int]]:
    """Walker's alias tables for sampling index i with probability weights[i] / sum(weights).

    >>> alias_table([1.0, 1.0])
    ([1.0, 1.0], [0, 1])
    """
    n = len(weights)
    given = list(weights)
    if n and 0.0 < given[0] < float("inf") and given.count(given[0]) == n:
        # All alike (a random hand's, the deals of unweighted ranges): every slot keeps its own, as the
        # construction below gives, for every scaled weight falls on the same side of 1.
        return [1.0] * n, list(range(n))
    total = sum(weights)
    scaled = [w * n / total for w in weights]
    prob, alias = [1.0] * n, list(range(n))
    small = [i for i, p in enumerate(scaled) if p < 1.0]
    large = [i for i, p in enumerate(scaled) if p >= 1.0]
    while small and large:
        s, big = small.pop(), large.pop()
        prob[s], alias[s] = scaled[s], big
        scaled[big] += scaled[s] - 1.0
        (small if scaled[big] < 1.0 else large).append(big)
    return prob, alias


def alias_masses(prob: Sequence[float], alias: Sequence[int]) -> list[float]:
    """Each index's chance under the alias tables: its own slot kept, and the slots aliased to it."""
    n = len(prob)
    mass = [float(p) for p in prob]
    for s in range(n):
        if prob[s] < 1.0:
            mass[alias[s]] += 1.0 - prob[s]
    return [m / n for m in mass]


def joint_deals(
    players: Sequence[tuple[Any, Any, Any]], random: Sequence[bool], board: Sequence[int], dead: Sequence[int]
) -> Optional[tuple[list[int], list[float], list[int]]]:
    """Where two or more players hold ranges (more than one combo, not ``random``): every deal of
    a combo each that fits (no card twice, none of the board's, the dead or the known hands'), in
    order, the last player's combo the fastest to change, as their combo numbers, a deal after the
    other; and the alias tables of the deals' chances, each the product of its combos'. None for
    fewer ranges. Raises ValueError if no deal fits."""
    ranged = [i for i, (_, prob, _) in enumerate(players) if len(prob) > 1 and not random[i]]
    if len(ranged) < 2:
        return None
    taken = 0
    for c in [*board, *dead, *(c for i, p in enumerate(players) if len(p[1]) == 1 and not random[i] for c in p[0])]:
        taken |= 1 << c
    # Each deal so far: the cards it holds (a bit each), its chance, its combo numbers.
    partial: list[tuple[int, float, tuple[int, ...]]] = [(taken, 1.0, ())]
    for i in ranged:
        cards = list(players[i][0])
        combos = [
            (j, (1 << cards[2 * j]) | (1 << cards[2 * j + 1]), mass)
            for j, mass in enumerate(alias_masses(list(players[i][1]), list(players[i][2])))
            if cards[2 * j] != cards[2 * j + 1] and mass > 0.0
        ]
        partial = [
            (used | bits, chance * mass, picked + (j,))
            for used, chance, picked in partial
            for j, bits, mass in combos
            if not used & bits
        ]
    flat = [j for _, _, picked in partial for j in picked]
    weights = [chance for _, chance, _ in partial]
    if not weights:
        raise ValueError("the ranges collide too often to deal: no hands left that fit together")
    prob, alias = alias_table(weights)
    return flat, prob, alias
