"""Exact equity: every board for fixed hands, and every deal of the players' ranges.
Pairs with ``_c/equity.pxi``."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product
from math import prod
from typing import Any, Optional

from .._checks import equity_args, range_args
from .._tables import MAX_PLAYERS
from .._tally import RangeShowdowns, Showdowns, range_part_bounds, range_showdowns, showdowns
from .._threads import threads_for
from ..cards import DECK
from .showdown import fits, fixed_cards, score


def deal_rest(hands: list[list[int]], fixed: list[int], deck: list[int], need: int, counts: list[int]) -> None:
    """Every way to add ``need`` cards from ``deck`` to the board, each scored into ``counts``."""
    for rest in combinations(deck, need):
        score(hands, fixed + [DECK[c] for c in rest], counts)


def exact_showdowns(
    holes: Sequence[Sequence[int]], board: Sequence[int] = (), dead: Sequence[int] = (), threads: Optional[int] = None
) -> Showdowns:
    """Every completion of the board for fixed hands: (equity units, wins, squares, boards) per player.

    ``holes`` are lists of two 0-51 indices; ``board`` (0 to 5) and ``dead`` are
    indices too. A board shared k ways gives each of the k players 2520 // k units.

    >>> units, wins, squares, boards = exact_showdowns([[51, 47], [0, 4]], board=[43, 39, 35, 1])
    >>> boards, units[0] // 2520
    (44, 44)
    """
    hole_lists, board_list, deck = equity_args(holes, board, dead)
    if not hole_lists:
        raise ValueError(f"expected 1 to {MAX_PLAYERS} players, got 0")
    threads_for(threads, 0)
    k = len(hole_lists)
    hands = [[DECK[c] for c in h] for h in hole_lists]
    counts = [0] * (1 << k)
    deal_rest(hands, [DECK[c] for c in board_list], deck, 5 - len(board_list), counts)
    return showdowns([counts], k)


def exact_range_showdowns(
    players: Sequence[tuple[Any, Any]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    threads: Optional[int] = None,
) -> RangeShowdowns:
    """Every deal of the players' ranges that fits together, and every board: (units, wins, weight, boards).

    ``players`` are (combos, weights) pairs: 2n card indices and n weights.
    Each deal counts with the product of its combos' weights; ``weight`` is the
    total over deals and boards, so ``units[i] / weight / 2520`` is player i's equity.

    >>> units, wins, weight, boards = exact_range_showdowns([([51, 47], [1.0]), ([0, 4, 1, 5], [1.0, 0.5])],
    ...                                                     board=[43, 39, 35, 2])
    >>> boards, weight, units[0] / weight / 2520
    (88, 66.0, 1.0)
    """
    board_list = range_args(players, board, dead)
    threads_for(threads, 0)
    k = len(players)
    combos = [[(int(c[2 * j]), int(c[2 * j + 1])) for j in range(len(w))] for c, w in players]
    weights = [[float(x) for x in w] for _, w in players]
    fixed_used = fixed_cards(board_list, dead)
    fixed = [DECK[c] for c in board_list]
    parts = []
    for lo, hi in range_part_bounds(len(weights[0])):
        by_winners, boards = [0.0] * (1 << k), 0
        for picks in product(range(lo, hi), *(range(len(w)) for w in weights[1:])):
            used = fixed_used
            for i, j in enumerate(picks):
                a, b = combos[i][j]
                if not fits(a, b, used):
                    break  # these hands collide: this deal cannot happen
                used |= (1 << a) | (1 << b)
            else:
                counts = [0] * (1 << k)
                hands = [[DECK[c] for c in combos[i][j]] for i, j in enumerate(picks)]
                deal_rest(hands, fixed, [c for c in range(52) if not (used >> c) & 1], 5 - len(board_list), counts)
                weight = prod(weights[i][j] for i, j in enumerate(picks))
                for winners in range(1, 1 << k):
                    if counts[winners]:
                        by_winners[winners] += weight * counts[winners]
                        boards += counts[winners]
        parts.append((by_winners, boards))
    return range_showdowns(parts, k)
