"""Omaha high and the lowball games. Pairs with ``_c/games.pxi`` (the entry points) and the
cores in ``_c/core.pxi``."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Optional

from .._tables import LOW_GAME_ALIASES, LOW_GAMES, N_VALUES
from ..cards import Cards, hand, hole_and_board
from .tables import FLUSH, PRODUCTS, T

# Each low game's flush table (None where flushes do not count) and its values by prime product.
LOW_TABLES = dict(zip(LOW_GAMES, ((T.low27_flush, T.low27), (None, T.lowa5), (T.lowa6_flush, T.lowa6))))
LOW_TABLES.update({alias: LOW_TABLES[game] for alias, game in LOW_GAME_ALIASES.items()})


def low_game(game: str) -> tuple[Optional[list[int]], dict[int, int]]:
    """The tables of a low game, or a ``ValueError`` naming the games there are."""
    try:
        return LOW_TABLES[game]
    except (KeyError, TypeError):
        raise ValueError(f"unknown lowball game {game!r}: expected one of {', '.join(LOW_TABLES)}") from None


def low5(five: Sequence[int], flush: Optional[list[int]], products: dict[int, int]) -> int:
    """The low value of five valid, distinct cards."""
    a, b, c, d, e = five
    if flush is not None and a & b & c & d & e & 0xF000:
        return flush[(a | b | c | d | e) >> 16]
    return products[(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)]


def best_low(cs: Sequence[int], flush: Optional[list[int]], products: dict[int, int]) -> int:
    """The best low of five of 5 to 7 valid, distinct cards."""
    return min(low5(five, flush, products) for five in combinations(cs, 5))


def omaha_high(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best high hand of exactly two hole cards and three board cards (checked cards)."""
    best = N_VALUES
    triples = [
        (x & y & z & 0xF000, (x | y | z) >> 16, (x & 0xFF) * (y & 0xFF) * (z & 0xFF))
        for x, y, z in combinations(board, 3)
    ]
    for x, y in combinations(hole, 2):
        suit, mask, product = x & y & 0xF000, (x | y) >> 16, (x & 0xFF) * (y & 0xFF)
        for t_suit, t_mask, t_product in triples:
            # Five cards of one suit make a flush, which beats whatever the same ranks make off-suit.
            r = FLUSH[mask | t_mask] if suit & t_suit else PRODUCTS[product * t_product]
            if r < best:
                best = r
    return best


def omaha_low(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best ace-to-five low of exactly two hole cards and three board cards (checked cards)."""
    products = T.lowa5
    return min(
        products[(x & 0xFF) * (y & 0xFF) * (u & 0xFF) * (v & 0xFF) * (w & 0xFF)]
        for x, y in combinations(hole, 2)
        for u, v, w in combinations(board, 3)
    )


def evaluate_low(cards: Cards, game: str = "a-5") -> int:
    """The best low of 5 to 7 cards: 1 is the best low of ``game`` (lower is better).

    ``game`` is ``"2-7"`` (deuce-to-seven: ace high, straights and flushes
    count against you; 7462 values), ``"a-5"`` (ace-to-five: ace low, they
    don't count; 6175 values; razz with 7 cards) or ``"a-6"`` (ace-to-six: ace
    low, they count; 7462 values).

    >>> evaluate_low("7s 5h 4d 3c 2s", "2-7"), evaluate_low("5s 4h 3d 2c As", "a-5")
    (1, 1)
    """
    flush, products = low_game(game)  # the game first, as the compiled side checks it
    return best_low(hand(cards), flush, products)


def evaluate_omaha(hole: Cards, board: Cards) -> int:
    """Omaha high: the best hand of exactly two of 4-6 hole cards and three of 3-5 board cards.

    On the same scale as ``evaluate``: 1 (royal flush) ... 7462, lower is better.

    >>> evaluate_omaha("As Ks 2d 3d", "Qs Js Ts")
    1
    >>> evaluate_omaha("As Kh 2c 3d", "Qs Js Ts 5s 4s")  # one spade in the hand makes no flush
    1600
    """
    return omaha_high(*hole_and_board(hole, board))


def evaluate_omaha_low(hole: Cards, board: Cards) -> int:
    """Omaha's ace-to-five low (hi-lo games): the best low of exactly two hole and three board cards.

    1 (5-4-3-2-A) is the best; see ``lowball.qualifies_eight_or_better``.

    >>> evaluate_omaha_low("As 2c Kd Kh", "3d 4h 5s 9c 9d")
    1
    """
    return omaha_low(*hole_and_board(hole, board))
