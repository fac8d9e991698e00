"""Batches: rows of card indices checked as the compiled kernels check them, then ranked one by
one. Pairs with ``_c/batch.pxi``; ``threads`` is checked and, in pure Python, speeds nothing up."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Optional

from .._kernels import batch as batch_setup
from .._kernels import core as kernels
from .._kernels import decks as decks_setup
from .._kernels import short_deck as short_deck_setup
from .._kernels import wild as wild_setup
from .._kernels.batch import omaha_view
from .._kernels.core import Ranks, hands_view, new_result, row_error
from .._kernels.partial import checked_low
from .._kernels.threads import threads_for
from ..cards import DECK, Cards
from .games import (
    badugi_rank,
    best_low,
    bug_rank,
    decks_rank,
    low_game,
    omaha_high,
    partial_value,
    short_deck_rank,
    short_deck_values,
    wild_rank,
)
from .hand import rank5, rank_n


def checked_rows(
    view: memoryview, threads: Optional[int], board: Sequence[int] = ()
) -> Iterator[tuple[int, list[int]]]:
    """Each row's index and card ints, after the checks the compiled kernels make (``threads`` too)."""
    threads_for(threads, view.shape[0])  # type: ignore[index]
    for i, row in enumerate(kernels.rows(view)):
        if not (len(set(row)) == len(row) and all(0 <= v < 52 and v not in board for v in row)):
            raise row_error(view, i, board)
        yield i, [DECK[v] for v in row]


def evaluate_many(hands: object, threads: Optional[int] = None) -> Ranks:
    """Ranks of an (n, k) array of 0-51 card indices (k = 5, 6 or 7) as n uint16 values.

    Lower is better. Returns a numpy array when given one, else ``array('H')``.
    ``threads`` is checked and, in pure Python, does not speed anything up.

    >>> from array import array
    >>> hands = memoryview(array("B", [51, 47, 43, 39, 35])).cast("B", (1, 5))
    >>> list(evaluate_many(hands))
    [1]
    """
    view = hands_view(hands)
    result, out = new_result(hands, view.shape[0])  # type: ignore[index]
    for i, cs in checked_rows(view, threads):
        out[i] = rank5(*cs) if len(cs) == 5 else rank_n(cs)
    return result


def evaluate_holdem(holdings: object, board: Cards, threads: Optional[int] = None) -> Ranks:
    """Ranks of an (n, 2) array of hole-card indices against one board of 3 to 5 cards.

    Lower is better. Each row's rank is ``evaluate(row + board)``; a row that
    repeats a card or holds a board card raises ``ValueError`` naming it.

    >>> from array import array
    >>> holes = memoryview(array("B", [51, 47, 0, 1])).cast("B", (2, 2))  # As Ks, 2c 2d
    >>> list(evaluate_holdem(holes, "Qs Js Ts"))
    [1, 6066]
    """
    board_indices = batch_setup.board_indices(board)
    board_cards = [DECK[i] for i in board_indices]
    view = hands_view(holdings, (2,))
    result, out = new_result(holdings, view.shape[0])  # type: ignore[index]
    for i, hole in checked_rows(view, threads, board_indices):
        cs = hole + board_cards
        out[i] = rank5(*cs) if len(cs) == 5 else rank_n(cs)
    return result


def evaluate_omaha_many(hands: object, hole_cards: int = 4, threads: Optional[int] = None) -> Ranks:
    """Omaha high over an (n, hole_cards + board) array of 0-51 indices: hole cards first, then 3-5 board cards.

    Lower is better; one uint16 rank per row, as ``evaluate_omaha`` gives.
    """
    view = omaha_view(hands, hole_cards)
    result, out = new_result(hands, view.shape[0])  # type: ignore[index]
    for i, cs in checked_rows(view, threads):
        out[i] = omaha_high(cs[:hole_cards], cs[hole_cards:])
    return result


def evaluate_low_many(hands: object, game: str = "a-5", threads: Optional[int] = None) -> Ranks:
    """The best low of each row of an (n, k) array of 0-51 indices, k = 5, 6 or 7, as ``evaluate_low`` gives it.

    Lower is better; one uint16 value per row.

    >>> from array import array
    >>> rows = memoryview(array("B", [23, 14, 9, 4, 3, 45])).cast("B", (1, 6))  # 7s 5h 4d 3c 2s Kd
    >>> from handrank._eval_py import evaluate_low
    >>> list(evaluate_low_many(rows, "2-7")), list(evaluate_low_many(rows)) == [evaluate_low("7s 5h 4d 3c 2s Kd")]
    ([1], True)
    """
    flush, products = low_game(game)
    view = hands_view(hands)
    result, out = new_result(hands, view.shape[0])  # type: ignore[index]
    for i, cs in checked_rows(view, threads):
        out[i] = best_low(cs, flush, products)
    return result


def evaluate_short_deck_many(hands: object, trips_beat_straight: bool = True, threads: Optional[int] = None) -> Ranks:
    """Short deck's best hand of each row of an (n, k) array of 0-51 indices, k = 5, 6 or 7, every
    card six or higher; lower is better, as ``evaluate_short_deck`` gives it.

    >>> from array import array
    >>> rows = memoryview(array("B", [51, 47, 43, 39, 35, 48, 16, 20, 24, 28])).cast("B", (2, 5))
    >>> list(evaluate_short_deck_many(rows))  # a royal flush; A-6-7-8-9 in clubs, the lowest straight flush
    [1, 6]
    """
    values = short_deck_values(trips_beat_straight)
    view = hands_view(hands)
    result, out = new_result(hands, view.shape[0])  # type: ignore[index]
    for i, cs in checked_rows(view, threads):  # a row out of range or repeating a card: named by its check
        if any((c >> 8) & 0xF < 4 for c in cs):
            raise short_deck_setup.row_error(view, i)
        out[i] = short_deck_rank(cs, values)
    return result


def evaluate_badugi_many(hands: object, threads: Optional[int] = None) -> Ranks:
    """Badugi's value of each row of an (n, 4) array of 0-51 indices, as ``evaluate_badugi`` gives it.

    >>> from array import array
    >>> rows = memoryview(array("B", [8, 5, 2, 51])).cast("B", (1, 4))  # 4c 3d 2h As
    >>> list(evaluate_badugi_many(rows))
    [1]
    """
    view = hands_view(hands, (4,))
    result, out = new_result(hands, view.shape[0])  # type: ignore[index]
    for i, cs in checked_rows(view, threads):
        out[i] = badugi_rank(cs)
    return result


def evaluate_partial_many(hands: object, low: bool = False, threads: Optional[int] = None) -> Ranks:
    """``evaluate_partial`` of each row of an (n, k) array of 0-51 indices, k = 1 to 4.

    >>> from array import array
    >>> rows = memoryview(array("B", [51, 50, 51, 47])).cast("B", (2, 2))  # As Ah, As Ks
    >>> list(evaluate_partial_many(rows))
    [1, 14]
    """
    as_low = checked_low(low)
    view = hands_view(hands, (1, 2, 3, 4))
    result, out = new_result(hands, view.shape[0])  # type: ignore[index]
    for i, cs in checked_rows(view, threads):
        out[i] = partial_value(cs, as_low)
    return result


def evaluate_wild_rows(hands: object, wild_mask: int = 0, threads: Optional[int] = None, bug: bool = False) -> Ranks:
    """The wild-card rank of each row of an (n, k) array, k = 5, 6 or 7, of 0-51 card indices and
    the jokers 52 and 53, the cards of ``wild_mask`` (bit i: index i) wild too, as
    ``evaluate_wild_cards`` gives it (with ``bug``, the jokers bugs).

    >>> from array import array
    >>> rows = memoryview(array("B", [51, 47, 43, 39, 52, 48, 49, 50, 0, 53])).cast("B", (2, 5))  # As Ks Qs Js Jk
    >>> list(evaluate_wild_rows(rows)), list(evaluate_wild_rows(rows, wild_mask=1))  # then the 2c wild too
    ([14, 35], [14, 1])
    """
    mask = wild_setup.checked_mask(wild_mask)
    as_bugs = wild_setup.checked_bug(bug, mask)
    view = hands_view(hands)
    threads_for(threads, view.shape[0])  # type: ignore[index]
    result, out = new_result(hands, view.shape[0])  # type: ignore[index]
    for i, row in enumerate(kernels.rows(view)):
        if not (len(set(row)) == len(row) and all(0 <= v <= 53 for v in row)):
            raise wild_setup.row_error(view, i)
        natural = [DECK[v] for v in row if v < 52 and not mask >> v & 1]
        wilds = len(row) - len(natural)
        out[i] = bug_rank(natural, wilds) if as_bugs and wilds else wild_rank(natural, wilds)
    return result


def evaluate_decks_many(hands: object, decks: int = 2, threads: Optional[int] = None) -> Ranks:
    """The several-decks rank of each row of an (n, k) array of 0-51 card indices, k = 5, 6 or 7,
    a card held up to ``decks`` times in a row, as ``evaluate_decks`` gives it. The work runs
    without the GIL on ``threads`` threads (0 = every core) in the compiled evaluator.

    >>> from array import array
    >>> rows = memoryview(array("B", [51, 51, 50, 49, 48, 51, 47, 43, 39, 35])).cast("B", (2, 5))
    >>> list(evaluate_decks_many(rows))  # five aces; the royal flush of spades
    [1, 14]
    """
    most = decks_setup.checked_decks(decks)
    view = hands_view(hands)
    threads_for(threads, view.shape[0])  # type: ignore[index]
    result, out = new_result(hands, view.shape[0])  # type: ignore[index]
    for i, row in enumerate(kernels.rows(view)):
        if not all(0 <= v < 52 and row.count(v) <= most for v in row):
            raise decks_setup.row_error(view, i, most)
        out[i] = decks_rank([DECK[v] for v in row])
    return result
