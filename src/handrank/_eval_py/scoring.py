"""Scoring shared by the equity functions: who wins a board, and the cards already out.
Pairs with the board scoring of ``_c/core.pxi``."""

from __future__ import annotations

from collections.abc import Sequence

from .hand import rank_n


def score(hands: list[list[int]], board: list[int], counts: list[int]) -> None:
    """Count the board for the set of players (bit i: player i) whose seven cards rank best."""
    ranks = [rank_n(h + board) for h in hands]
    best = min(ranks)
    counts[sum(1 << i for i, r in enumerate(ranks) if r == best)] += 1


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
