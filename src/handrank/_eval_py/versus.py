"""One hand against a list of hands on a full board: its wins, ties and losses, the hands that
share a card with it or the board left out. Pairs with ``_c/versus.pxi``."""

from __future__ import annotations

from .._kernels.versus import versus_args
from ..cards import DECK, Cards, to_index
from .hand import evaluate


def hand_vs_hands(hero: Cards, hands: bytes, board: Cards) -> tuple[int, int, int]:
    """``(wins, ties, losses)`` of two hole cards against each of ``hands`` (bytes, two 0-51
    indices a hand) on a five-card board; hands sharing a card with the hero or the board are left out."""
    hole, pairs, full_board = versus_args(hero, hands, board)
    used = {to_index(c) for c in hole + full_board}
    mine = evaluate(hole + full_board)
    wins = ties = losses = 0
    for i in range(0, len(pairs), 2):
        x, y = pairs[i], pairs[i + 1]
        if x in used or y in used:
            continue
        theirs = evaluate([DECK[x], DECK[y], *full_board])
        wins += mine < theirs
        ties += mine == theirs
        losses += mine > theirs
    return wins, ties, losses
