"""Scoring shared by the equity functions: who wins a board, and the cards already out.
Pairs with the board scoring of ``_c/core.pxi``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from .._kernels.game_equity import POT_UNITS
from ..cards import DECK
from .games import LOW_TABLES, low5
from .hand import rank_n

EIGHT_OR_BETTER = low5([DECK[4 * r] for r in (6, 5, 4, 3, 2)], *LOW_TABLES["a-5"])
"""The worst ace-to-five low that qualifies: 8-7-6-5-4."""


def score(hands: list[list[int]], board: list[int], counts: list[int]) -> None:
    """Count the board for the set of players (bit i: player i) whose seven cards rank best."""
    ranks = [rank_n(h + board) for h in hands]
    best = min(ranks)
    counts[sum(1 << i for i, r in enumerate(ranks) if r == best)] += 1


def score_pot(highs: list[int], lows: Optional[list[int]], tallies: list[list[int]], sampled: bool) -> None:
    """One showdown's values (lower better; ``lows`` in a split game, qualifying at eight or better)
    added to each player's tally: the pot's units won by the high hand and by the low hand, the pot
    taken alone, and (sampled) the square of the units won."""
    best = min(highs)
    high_winners = [i for i, r in enumerate(highs) if r == best]
    low_winners: list[int] = []
    if lows is not None and min(lows) <= EIGHT_OR_BETTER:
        low_winners = [i for i, r in enumerate(lows) if r == min(lows)]
    won = [0] * len(highs)
    if low_winners:
        for i in high_winners:
            won[i] += POT_UNITS // 2 // len(high_winners)
            tallies[i][0] += POT_UNITS // 2 // len(high_winners)
        for i in low_winners:
            won[i] += POT_UNITS // 2 // len(low_winners)
            tallies[i][1] += POT_UNITS // 2 // len(low_winners)
    else:
        for i in high_winners:
            won[i] += POT_UNITS // len(high_winners)
            tallies[i][0] += POT_UNITS // len(high_winners)
    if len(high_winners) == 1 and (not low_winners or low_winners == high_winners):
        tallies[high_winners[0]][2] += 1
    if sampled:
        for i, units in enumerate(won):
            tallies[i][3] += units * units


def fixed_cards(board: list[int], dead: Sequence[int]) -> int:
    """A bit per board or dead card index."""
    fixed = 0
    for c in board + list(dead):
        fixed |= 1 << c
    return fixed


def fits(a: int, b: int, used: int) -> bool:
    """Whether the combo of card indices ``a`` and ``b`` can be dealt beside the cards of ``used``:
    a combo repeating a card never fits."""
    return a != b and not (used >> a) & 1 and not (used >> b) & 1
