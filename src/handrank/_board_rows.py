"""The rows of a batch of hold'em hands on boards (``potential_many``, ``distribution_many``): read
from arrays, checked, and grouped by board, so that each board's hands are counted at once."""

from __future__ import annotations

from typing import cast

from ._kernels.core import hands_view


def board_groups(
    hands: object, boards: object, sizes: tuple[int, ...], gone: list[int]
) -> tuple[list[list[int]], dict[tuple[int, ...], list[int]]]:
    """Each row's hand (two 0-51 card indices, an ``(n, 2)`` array) and the rows by board (an
    ``(n, k)`` array, ``k`` one of ``sizes``; its cards sorted, in any order given), each row's
    cards checked distinct from each other and the dead cards ``gone``."""
    hand_rows = cast(list[list[int]], hands_view(hands, (2,)).tolist())  # 2-D: a list a row
    board_rows = cast(list[list[int]], hands_view(boards, sizes).tolist())
    if len(hand_rows) != len(board_rows):
        raise ValueError(f"{len(hand_rows)} hands and {len(board_rows)} boards: a board a hand")
    rows_by_board: dict[tuple[int, ...], list[int]] = {}
    for row, (hand, board) in enumerate(zip(hand_rows, board_rows)):
        for index in (*hand, *board):
            if not 0 <= index < 52:
                raise ValueError(f"row {row}: {index} is not a card index (0 to 51)")
        if len({*hand, *board, *gone}) != len(hand) + len(board) + len(gone):
            raise ValueError(f"row {row}: a card twice among the hand, the board and the dead cards")
        rows_by_board.setdefault(tuple(sorted(board)), []).append(row)
    return hand_rows, rows_by_board
