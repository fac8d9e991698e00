"""Monte Carlo's checks, and what both Monte Carlo kernels work out before they deal: the alias
tables that draw a combo by its weight, and, where two or more players hold ranges, one table of
the deals that fit.

Drawing each range's combo apart and dealing again while two collide gives each deal that fits
the product of its combos' weights. Ranges that often collide ("AA, KK" against "AKs": half the
deals) waste those draws; one table of the deals that fit, each weighted so, draws the same deal
with one random number and never again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

from .core import _board_for, _check_combos, _first_outside, _kernel_values, frozen_players

FEW_DRAWS = 9
"""Monte Carlo deals random hands from the deck, with the board, where they and the board take more
cards than this; up to this many (two random hands and a board), it deals them as ranges."""


DECKS = 1 << 12
"""Monte Carlo keeps a deck of the cards left for each deal of the ranges (a combo of each) where
there are at most this many deals: 213 KB of decks, near the core."""


MAX_TRIALS = 1 << 48
"""The most Monte Carlo trials one call deals: years of work, and far from the kernels' 64-bit counts."""


def sampling_args(
    players: Sequence[tuple[Any, Any, Any]], board: Sequence[int], dead: Sequence[int], trials: int
) -> tuple[tuple[tuple[Any, ...], ...], list[int], list[int], list[bool], bool]:
    """Check what the Monte Carlo kernels take (player ranges as alias tables, trials): the players as
    the kernel reads them (``frozen_players``), the board and the dead cards, which players hold a
    random hand (``random_hands``), and whether the ranges have decks (``by_decks``)."""
    players = frozen_players(players, ("combos", "alias probabilities", "aliases"))
    if type(trials) is not int or not 0 <= trials <= MAX_TRIALS:
        raise ValueError(f"trials must be an int from 0 to 2**48, got {trials!r}")
    checked_players: set[int] = set()
    for i, player in enumerate(players):
        if id(player) in checked_players:  # players alike share one table (odds.equity_plan): checked once
            continue
        checked_players.add(id(player))
        combos, prob, alias = player
        n = len(_kernel_values(i, "alias probabilities", prob))
        aliases = _kernel_values(i, "aliases", alias)
        if len(aliases) != n:
            raise ValueError(f"player {i}: a range needs n > 0 combos (2n cards) and alias tables of n")
        _check_combos(i, combos, n, "alias tables of n")
        bad = _first_outside(aliases, n)
        if bad is not None:
            raise ValueError(f"player {i}: alias table entry {bad} out of range")
    checked, dead_list = _board_for(len(players), board, dead)
    random = random_hands(players, checked, dead_list)
    return players, checked, dead_list, random, by_decks(players, random)


def random_hands(players: Sequence[tuple[Any, Any, Any]], board: Sequence[int], dead: Sequence[int]) -> list[bool]:
    """Which players' ranges are a random hand (every pair of the cards that the board, the dead
    cards and the known hands leave, each once, all alike) where they and the board take more than
    ``FEW_DRAWS`` cards, or where the ranges left have a deck for each deal (``by_decks``); none
    otherwise. The kernels deal such a player two cards from what the others leave, after them:
    the same draw as the combo of its range that fits, without the deals again when one does not,
    which would be most deals of six random hands."""
    taken = {*board, *dead}
    for combos, prob, _ in players:
        if len(prob) == 1:
            taken.update(int(c) for c in combos)
    left = 52 - len(taken)
    found: dict[int, bool] = {}  # by the player's table: players alike share one
    for player in players:
        combos, prob, _ = player
        if id(player) in found:
            continue
        if len(prob) < 2 or min(prob) < 1.0:  # a known hand, or weights that differ
            found[id(player)] = False
            continue
        values = list(combos)
        fitting = [
            (a, b) if a < b else (b, a)
            for a, b in zip(values[::2], values[1::2])
            if a != b and a not in taken and b not in taken
        ]
        found[id(player)] = len(fitting) == len(set(fitting)) == left * (left - 1) // 2
    out = [found[id(player)] for player in players]
    return out if by_decks(players, out) or 2 * sum(out) + 5 - len(board) > FEW_DRAWS else [False] * len(out)


def by_decks(players: Sequence[tuple[Any, Any, Any]], random: Sequence[bool]) -> bool:
    """Whether the ranges (the players' with more than one combo that are not ``random``) have at
    most ``DECKS`` deals, a combo of each: the kernels then keep a deck for each, and deal the
    random hands and the board from the deal's deck."""
    deals = 1
    for (_, prob, _), from_deck in zip(players, random):
        if not from_deck:
            deals *= len(prob)
    return deals <= DECKS


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
