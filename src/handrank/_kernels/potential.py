"""The checks of the hand-potential kernel (``potential_tables``): two ranges, the hands whose
potential is counted and the holdings they meet, on a flop or a turn; the runouts to the river;
and each hand's weight of holdings of the very same cards."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from .equity import range_args

FIELDS = 14
"""The sums the kernel keeps for each hand: the nine weights ``table[now][later]`` (0 ahead, 1 tied,
2 behind; now first), the squared river strengths, the runouts counted, and the weights ahead,
tied and behind now."""


def potential_args(
    players: Sequence[tuple[Any, Any]], board: Sequence[int], dead: Sequence[int]
) -> tuple[tuple[tuple[Any, ...], ...], list[int], list[int], list[tuple[int, ...]], array[float]]:
    """Check two ranges (the hands, then the holdings they meet) on a flop or a turn: the players
    as ``range_args`` reads them, the board, the dead cards, every runout to the river (in the
    order of ``itertools.combinations`` of the cards left, highest first) and, for each hand, the
    holdings' weight of the very same cards."""
    players, board_list, dead_list = range_args(players, board, dead)
    if len(players) != 2:
        raise ValueError(f"potential_tables takes two ranges (the hands, the holdings), got {len(players)}")
    if len(board_list) not in (3, 4):
        raise ValueError(f"potential is counted on a flop or a turn: 3 or 4 board cards, got {len(board_list)}")
    seen = set(board_list) | set(dead_list)
    for who, (cards, _) in zip(("a hand", "a holding"), players):
        for j in range(len(cards) // 2):
            a, b = int(cards[2 * j]), int(cards[2 * j + 1])
            if a == b or a in seen or b in seen:
                raise ValueError(f"{who}, number {j + 1}, holds a card twice, or a card of the board or the dead")
    deck = [c for c in range(51, -1, -1) if c not in seen]
    runouts = list(combinations(deck, 5 - len(board_list)))
    (hands, _), (holdings, weights) = players
    same: dict[tuple[int, int], float] = {}
    for j in range(len(weights)):
        a, b = int(holdings[2 * j]), int(holdings[2 * j + 1])
        key = (min(a, b), max(a, b))
        same[key] = same.get(key, 0.0) + float(weights[j])
    twins = array("d", [same.get((min(a, b), max(a, b)), 0.0) for a, b in zip(hands[::2], hands[1::2])])
    return players, board_list, dead_list, runouts, twins
