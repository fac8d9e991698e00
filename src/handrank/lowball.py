"""Lowball and hi-lo: the three low scales, their words, eight-or-better, and hi-lo winners.

Each game has its own scale, 1 = the best low:

=====  ==============================================  =======  ===========================
game   rules                                           values   best, worst
=====  ==============================================  =======  ===========================
2-7    ace high only; straights and flushes count       7,462    7-5-4-3-2 offsuit; royal
a-5    ace low only; straights and flushes ignored      6,175    5-4-3-2-A; K-K-K-K-Q
a-6    ace low only; straights and flushes count        7,462    6-4-3-2-A offsuit; K-Q-J-T-9 suited
=====  ==============================================  =======  ===========================

>>> describe_low("7s 5h 4d 3c 2s", "2-7")
'Seven-five low (number one)'
>>> describe_low("As 2h 3d 4c 5s", "a-5")
'Five-four low (wheel)'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Optional, Union

from . import _tables
from ._holdings_order import holdings_then_board
from ._switch import evaluator
from .cards import Cards, cards, hole_and_board
from .ranking import HandClass
from .words import RANK_NAMES, _long, _short

LOW_GAMES = _tables.LOW_GAMES
LOW_SIZES = {"2-7": 7462, "a-5": 6175, "a-6": 7462}
"""How many distinct values each game's scale has."""
_CLASS_OF_KEY = {
    8: HandClass.STRAIGHT_FLUSH,
    7: HandClass.FOUR_OF_A_KIND,
    6: HandClass.FULL_HOUSE,
    5: HandClass.FLUSH,
    4: HandClass.STRAIGHT,
    3: HandClass.THREE_OF_A_KIND,
    2: HandClass.TWO_PAIR,
    1: HandClass.PAIR,
    0: HandClass.HIGH_CARD,
}
_NICKNAMES = {("2-7", 1): "number one", ("a-5", 1): "wheel"}


@cache
def _keys(game: str) -> list[tuple[int, ...]]:
    game = _tables.LOW_GAME_ALIASES.get(game, game)
    if game not in LOW_GAMES:
        raise ValueError(f"unknown lowball game {game!r}: expected one of {', '.join(LOW_GAMES)}")
    return _tables.low_keys(game)


def low_class(value: int, game: str) -> HandClass:
    """What a low value is as a hand: ``HandClass.HIGH_CARD`` for an unpaired low, ``PAIR`` ..."""
    return _CLASS_OF_KEY[_key(value, game)[0]]


def _key(value: int, game: str) -> tuple[int, ...]:
    keys = _keys(game)
    if type(value) is not int or not 1 <= value <= len(keys):
        raise ValueError(f"not a {game} low value: {value!r} (expected an int from 1 to {len(keys)})")
    return keys[value - 1]


def describe_low(hand: Union[int, Cards], game: str = "a-5", long: bool = False) -> str:
    """A low value (or 5 to 7 cards) in players' words: ``'Seven-five low'``, ``'Pair of kings'``.

    >>> describe_low(1, "a-6"), describe_low("Kh Kd 9c 7s 2h", "a-5")
    ('Six-four low', 'Pair of kings')
    """
    if isinstance(hand, int) and not isinstance(hand, bool):
        value = hand
    else:
        value = evaluator.evaluate_low(hand, game)  # type: ignore[arg-type]  # a bool is refused there
    key = _key(value, game)
    klass = _CLASS_OF_KEY[key[0]]
    ranks = tuple(12 if r == -1 else r for r in key[1:])  # the ace played low is still called an ace
    if klass is HandClass.HIGH_CARD:
        names = ranks if long else ranks[:2]
        text = "-".join(RANK_NAMES[r] for r in names) + " low"
        nickname = _NICKNAMES.get((game, value))
        text += f" ({nickname})" if nickname else ""
    else:
        text = (_long if long else _short)(klass, ranks)
    return text[0].upper() + text[1:]


@lru_cache(maxsize=1)
def _worst_eight() -> int:
    return int(evaluator.evaluate_low("8c 7d 6h 5s 4c", "a-5"))


def qualifies_eight_or_better(value: int) -> bool:
    """True for an ace-to-five low of five different ranks, eight or lower (8-7-6-5-4 at worst)."""
    _key(value, "a-5")
    return value <= _worst_eight()


def omaha_hilo_winners(holdings: Sequence[Cards], board: Cards) -> tuple[list[int], list[int]]:
    """Omaha hi-lo: indexes of the best high hands and of the best qualifying lows ([] when none qualifies).

    Each hand uses exactly two hole cards and three board cards, for high and low separately.
    Holdings first, as ``winners`` takes them.
    """
    holdings, board = holdings_then_board(holdings, board, "omaha_hilo_winners")
    checked = [hole_and_board(h, board) for h in holdings]
    if not checked:
        raise ValueError("expected at least one holding")
    flat = [c for h, _ in checked for c in h] + cards(board)
    if len(set(flat)) != len(flat):
        raise ValueError("a card is in two holdings")
    highs = [evaluator.evaluate_omaha(h, b) for h, b in checked]
    lows = [evaluator.evaluate_omaha_low(h, b) for h, b in checked]
    return _best(highs), _best_low(lows)


def stud_hilo_winners(hands: Sequence[Cards]) -> tuple[list[int], list[int]]:
    """Seven-card stud hi-lo: indexes of the best high hands and of the best qualifying lows (best five of seven)."""
    checked = [cards(h) for h in hands]
    if not checked:
        raise ValueError("expected at least one hand")
    flat = [c for h in checked for c in h]
    if len(set(flat)) != len(flat):
        raise ValueError("a card is in two hands")
    highs = [evaluator.evaluate(h) for h in checked]
    lows = [evaluator.evaluate_low(h, "a-5") for h in checked]
    return _best(highs), _best_low(lows)


def _best(values: list[int]) -> list[int]:
    return [i for i, v in enumerate(values) if v == min(values)]


def _best_low(values: list[int]) -> list[int]:
    qualified: list[Optional[int]] = [v if qualifies_eight_or_better(v) else None for v in values]
    best = min((v for v in qualified if v is not None), default=None)
    return [] if best is None else [i for i, v in enumerate(qualified) if v == best]
