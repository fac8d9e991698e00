"""What a stud player shows: hands of one to four up cards, who brings it in, who acts first.

In stud games each betting round is opened by what the players show. On the first round the
door card (the first up card) decides who must bring it in: the lowest, ace high, in
seven-card stud and stud eight-or-better; the highest, ace low, in razz. Two such cards of
one rank are told apart by suit, clubs lowest, then diamonds, hearts and spades: 2♣ brings it
in before 2♦ in stud, K♠ before K♥ in razz. On every later round the best hand showing acts
first: the best high hand in stud and stud eight-or-better, the best ace-to-five low in razz.
Up cards make no straight and no flush; two hands showing alike act in the dealing order.

The evaluator is ``handrank.evaluate_partial`` (and ``evaluate_partial_many``): 1 is the best
hand of as many cards, high, or low with ``low=True``.

>>> bring_in({1: "7h", 2: "2d", 3: "2c"}), bring_in({1: "Kh", 2: "Ks", 3: "Ac"}, low=True)
(3, 2)
>>> first_to_act({1: "Kh Kd", 2: "As Qd", 3: "Ks Kc"}, order=[1, 2, 3])
1
>>> describe_showing("Kh Kd 7c"), describe_showing("7c 5d 3h As", low=True)
('Pair of kings', '7-5-3-A low')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from ._kernels.partial import strength
from ._switch import evaluator
from .cards import CardLike, Cards, card, hand, rank_of, suit_of
from .ranking import HandClass
from .words import _short

Seat = TypeVar("Seat")
_CLASSES = (
    HandClass.HIGH_CARD,
    HandClass.PAIR,
    HandClass.TWO_PAIR,
    HandClass.THREE_OF_A_KIND,
    HandClass.FOUR_OF_A_KIND,
)
_LOW_NAMES = "A23456789TJQK"

evaluate_partial = evaluator.evaluate_partial
evaluate_partial_many = evaluator.evaluate_partial_many


def _door_order(c: int, low: bool) -> tuple[int, int]:
    """How high a door card stands for the bring-in: its rank (ace high, or ace low in razz),
    then its suit, clubs lowest (handrank numbers the suits clubs, diamonds, hearts, spades)."""
    rank = (rank_of(c) + 1) % 13 if low else rank_of(c)
    return rank, suit_of(c)


def bring_in(door_cards: Mapping[Seat, CardLike], low: bool = False) -> Seat:
    """The seat that brings it in: the lowest door card (``low=True``, razz: the highest, ace low),
    ties by suit, clubs lowest and spades highest."""
    if not door_cards:
        raise ValueError("no door cards: each player shows one")
    doors = {seat: card(c) for seat, c in door_cards.items()}
    hand(list(doors.values()), 1, len(doors))  # each a real card, none twice
    key = {seat: _door_order(c, low) for seat, c in doors.items()}
    return max(key, key=key.__getitem__) if low else min(key, key=key.__getitem__)


def first_to_act(showing: Mapping[Seat, Cards], order: Sequence[Seat], low: bool = False) -> Seat:
    """The seat that acts first after the first round: the best hand showing (the best ace-to-five
    low with ``low=True``), and of hands showing alike the first in ``order``, the dealing order."""
    values = {seat: evaluate_partial(showing[seat], low) for seat in order if seat in showing}
    if len(values) != len(showing):
        raise ValueError(f"order must name every seat that shows cards: {sorted(map(str, showing))}")
    best = min(values.values())
    return next(seat for seat in order if values.get(seat) == best)


def describe_showing(cards: Cards, low: bool = False) -> str:
    """One to four up cards in words: ``'Pair of kings'``, ``'Ace-queen high'``; as a low,
    ``'7-5-3-A low'`` (a paired low is named as the pair it holds)."""
    shown = hand(cards, 1, 4)
    evaluate_partial(shown, low)  # the evaluator's checks and errors
    ranks = [rank_of(c) for c in shown]
    if low and len(set(ranks)) == len(ranks):
        return "-".join(_LOW_NAMES[r] for r in sorted(((r + 1) % 13 for r in ranks), reverse=True)) + " low"
    klass, *order = strength(ranks)
    text = _short(_CLASSES[klass], tuple(order))
    return text[0].upper() + text[1:]


__all__ = [
    "bring_in",
    "describe_showing",
    "evaluate_partial",
    "evaluate_partial_many",
    "first_to_act",
]
