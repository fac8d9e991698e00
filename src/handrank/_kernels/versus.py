"""The one-against-many river kernel's checks."""

from __future__ import annotations

from ..cards import Cards, cards, check_distinct


def versus_args(hero: Cards, hands: object, board: Cards) -> tuple[list[int], bytes, list[int]]:
    """Check what ``hand_vs_hands`` takes: two hole cards and a five-card board, all distinct (card ints
    back), and the other hands as bytes, two different 0-51 indices a hand."""
    hole, full_board = cards(hero), cards(board)
    if len(hole) != 2:
        raise ValueError(f"expected 2 hole cards, got {len(hole)}")
    if len(full_board) != 5:
        raise ValueError(f"expected a board of 5 cards, got {len(full_board)}")
    check_distinct(hole + full_board)
    if not isinstance(hands, bytes):
        raise TypeError(f"expected the hands as bytes, two 0-51 card indices a hand, got {type(hands).__name__}")
    if len(hands) % 2:
        raise ValueError(f"expected two card indices a hand, got {len(hands)} indices")
    for i in range(0, len(hands), 2):
        if not (hands[i] < 52 and hands[i + 1] < 52 and hands[i] != hands[i + 1]):
            raise ValueError(f"hand {i // 2}: {hands[i]} and {hands[i + 1]} are not two different card indices")
    return hole, hands, full_board
