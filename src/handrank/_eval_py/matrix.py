"""Exact wins of hole-card classes over each other: each board's pairs ranked once, then one sweep
in rank order, worst first, with card-removal counts. Pairs with ``_c/matrix.pxi``."""

from __future__ import annotations

from array import array
from itertools import combinations
from typing import Any, Optional

from .._kernels.core import new_array
from .._kernels.matrix import class_wins_args
from .._kernels.threads import threads_for
from ..cards import DECK
from .hand import rank_n


def class_wins(boards: object, weights: object, classes: object, threads: Optional[int] = None) -> Any:
    """Wins of each class of hole-card pairs over each other, summed over boards.

    ``boards`` is an (m, 5) array of card indices, board ``i`` counted ``weights[i]`` times;
    ``classes`` gives a class, 0 to k - 1, to each of the 1,326 pairs ``(x, y)``, x < y, in
    order. ``W[A][B]`` (a (k, k) int64 array) sums the weights over every board and every pair
    ``a`` of A and ``b`` of B that share no card with each other or the board, where ``a`` beats ``b``.
    """
    _, cards, weight_of, class_of, k = class_wins_args(boards, weights, classes)
    threads_for(threads, 0)
    result, out = new_array(boards, (k, k), "q")
    wins = [0] * (k * k)
    pair_class = dict(zip(combinations(range(52), 2), class_of))
    for b, weight in enumerate(weight_of):
        board = list(cards[5 * b : 5 * b + 5])
        hand = [DECK[c] for c in board]
        pairs = list(combinations([c for c in range(52) if c not in board], 2))
        rank = {pair: rank_n([DECK[pair[0]], DECK[pair[1]], *hand]) for pair in pairs}
        pairs.sort(key=rank.__getitem__, reverse=True)
        worse = [0] * k  # pairs ranked strictly worse, by class: in all, and those holding each card
        worse_holding = [[0] * k for _ in range(52)]
        start = 0
        while start < len(pairs):
            stop = start
            while stop < len(pairs) and rank[pairs[stop]] == rank[pairs[start]]:
                stop += 1
            for x, y in pairs[start:stop]:
                row = pair_class[x, y] * k
                for other in range(k):
                    wins[row + other] += worse[other] - worse_holding[x][other] - worse_holding[y][other]
            for x, y in pairs[start:stop]:
                cls = pair_class[x, y]
                worse[cls] += weight
                worse_holding[x][cls] += weight
                worse_holding[y][cls] += weight
            start = stop
    out[:] = array("q", wins)
    return result
