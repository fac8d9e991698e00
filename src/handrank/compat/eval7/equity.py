"""eval7's ``eval7.equity``: a hand's equity against a range, exact or by Monte Carlo."""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from typing import Any, Optional

from ... import _switch, odds
from ...cards import DECK, INDEX_OF, card_str
from ...ranges import Range
from .cards import _INDEX, Card
from .handrange import HandRange

__all__ = ["py_all_hands_vs_range", "py_hand_vs_range_exact", "py_hand_vs_range_monte_carlo"]


def _float32(x: float) -> float:
    """eval7 returns C floats: the same rounding."""
    return float(struct.unpack("f", struct.pack("f", x))[0])


def _cards(cards: Iterable[Card]) -> list[int]:
    """handrank's card ints of eval7 Cards, which hash and compare as eval7's and not as those ints."""
    return [int(c) for c in cards]


def _indexed(villain: Iterable[Any]) -> tuple[list[int], bytes]:
    """The villain's hands as a bit per card each, and their 0-51 index pairs as one bytes; for a
    ``HandRange``, worked out once for its list of hands (again if ``hands`` is replaced or changes length)."""
    if isinstance(villain, HandRange):
        cached: Optional[tuple[Any, int, tuple[list[int], bytes]]] = getattr(villain, "_indexed", None)
        if cached is not None and cached[0] is villain.hands and cached[1] == len(villain.hands):
            return cached[2]
    bits, pairs = [], bytearray()
    for (a, b), _weight in villain:
        i, j = _INDEX[a], _INDEX[b]
        bits.append(1 << i | 1 << j)
        pairs += bytes((i, j))
    out = (bits, bytes(pairs))
    if isinstance(villain, HandRange):
        villain._indexed = (villain.hands, len(villain.hands), out)
    return out


def _options(villain: Iterable[Any], dead: Iterable[int]) -> bytes:
    """The villain's hands that share no card with ``dead``, two 0-51 indices each; weights ignored,
    as eval7 does."""
    held = 0
    for c in dead:
        held |= 1 << INDEX_OF[c]
    bits, pairs = _indexed(villain)
    return b"".join([pairs[2 * k : 2 * k + 2] for k, hand in enumerate(bits) if not held & hand])


def _no_hand_left() -> ValueError:
    return ValueError("the villain's range has no hand left beside the hero's cards and the board")


def _river(hero: Sequence[int], villain: Iterable[Any], board: Sequence[int]) -> tuple[float, int]:
    """Hero against every villain hand that fits on a full board, in one kernel call: the equity,
    and how many hands were shown down."""
    wins, ties, losses = _switch.evaluator.hand_vs_hands(hero, _indexed(villain)[1], board)
    shown = wins + ties + losses
    return ((wins + 0.5 * ties) / shown if shown else 0.0), shown


def _hand_vs(hero: Sequence[int], options: bytes, board: Sequence[int], trials: Optional[int]) -> float:
    if not options:
        raise _no_hand_left()
    villain = Range.from_combos(((DECK[options[k]], DECK[options[k + 1]]), 1.0) for k in range(0, len(options), 2))
    players: list[odds.Player] = ["".join(card_str(c) for c in hero), villain]
    if trials is None:
        return odds.equity(players, board=board, exact=True, force=True).players[0].equity
    return odds.equity(players, board=board, exact=False, trials=trials, force=True).players[0].equity


def py_hand_vs_range_exact(py_hand: Iterable[Card], py_villain: Iterable[Any], py_board: Sequence[Card]) -> float:
    """The hero's exact equity against every hand of the villain's range (weights ignored), on every board."""
    hero, board = _cards(py_hand), _cards(py_board)
    if len(board) == 5:
        result, shown = _river(hero, py_villain, board)
        if not shown:
            raise _no_hand_left()
        return _float32(result)
    return _float32(_hand_vs(hero, _options(py_villain, [*hero, *board]), board, None))


def py_hand_vs_range_monte_carlo(
    py_hand: Iterable[Card], py_villain: Iterable[Any], py_board: Sequence[Card], py_iterations: int
) -> float:
    """The hero's equity against the villain's range (weights ignored), from ``py_iterations`` random deals."""
    hero, board = _cards(py_hand), _cards(py_board)
    return _float32(_hand_vs(hero, _options(py_villain, [*hero, *board]), board, py_iterations))


def py_all_hands_vs_range(
    py_hero: Iterable[Any], py_villain: Iterable[Any], py_board: Sequence[Card], py_iterations: int
) -> dict[tuple[Card, ...], float]:
    """Each hero hand's equity against the villain's range; hands the board or the range make impossible are left out.

    On a full board a hand is shown down against every villain hand when there are at most
    ``py_iterations`` of them, else (and before the river) ``py_iterations`` random deals, as eval7 does.
    """
    board = _cards(py_board)
    villain = list(py_villain)
    result: dict[tuple[Card, ...], float] = {}
    for hand, _weight in py_hero:
        hero = _cards(hand)
        if not set(hero).isdisjoint(board):
            continue  # a hand the board makes impossible (eval7 answers for it)
        if len(board) == 5:
            river, shown = _river(hero, villain, board)
            if not shown:
                continue
            if shown <= py_iterations:
                result[tuple(hand)] = _float32(river)
                continue
        options = _options(villain, [*hero, *board])
        if not options:
            continue
        result[tuple(hand)] = _float32(_hand_vs(hero, options, board, py_iterations))
    return result
