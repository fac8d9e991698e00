"""pkrbot 1.1's API on handrank, where it differs from :mod:`.eval7`: its own values and deck.

``import handrank.compat.pkrbot as pkrbot``. ``evaluate`` gives pkrbot's numbers (hand type
1-9 << 20, then the deciding ranks four bits each, or for a flush or high card the bits of
its five ranks), from a list of cards or from ``(ranks, suits)``; ``Deck(seed)`` deals
pkrbot's cards for a seed or a ``random.Random`` (its ``rng``). Cards are mutable objects,
equal by rank and suit and ordered by rank, then suit, whose fields the evaluator reads
directly, as pkrbot's does. Deliberate differences: a card given twice or more than seven
cards are refused (pkrbot answers for an impossible hand, and takes up to 52), and so is a
rank or suit set out of range (pkrbot takes 0-255 and answers for the card that cannot be);
each deck's cards are its own, as pkrbot's are; bad text raises
:class:`~handrank.compat.treys.CardError`, a ``ValueError`` as pkrbot's is, and a name that is
no str a ``TypeError``, as pkrbot's does. ``evaluate_raw(ranks, suits, n)`` reads bytes as
pkrbot's does, but refuses an ``n`` past either buffer (pkrbot reads past it).

>>> evaluate([Card(c) for c in ("As", "Ks", "Qs", "Js", "Ts")]) == 0x9A0000
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Union

from .. import _switch, _tables
from ..ranking import HandClass, hand_class
from . import eval7
from .treys import CardError

__all__ = ["RANKS", "SUITS", "Card", "Deck", "Random", "evaluate", "evaluate_raw", "handtype"]

RANKS = "23456789TJQKA"
"""pkrbot's rank letters, deuce first: a ``Card``'s ``rank`` is a place here."""
SUITS = "cdhs"
"""pkrbot's suit letters: a ``Card``'s ``suit`` is a place here."""
Random = random.Random
"""Python's generator, which a pkrbot ``Deck`` takes as its ``rng``."""

if TYPE_CHECKING:  # the pure type is the typed reference; at run time, the switched evaluator's
    from typing_extensions import Buffer

    from .._eval_py.rank_suit import RankSuitCard
else:
    RankSuitCard = _switch.evaluator.RankSuitCard


class Card(RankSuitCard):
    """A card with ``rank`` 0-12 and ``suit`` 0-3 (c d h s), fields the evaluator reads directly;
    setting one out of range is refused, so a card is always a real one."""

    __slots__ = ()
    _text_error = CardError  # the evaluator's card type reads the text in C, and raises this for bad text

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f'Card("{self}")'

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return Card, (str(self),)

    def __hash__(self) -> int:
        return self.rank << 8 | self.suit

    def _key(self, other: object) -> tuple[tuple[int, int], tuple[int, int]]:
        if not isinstance(other, Card):
            raise TypeError(f"Cannot compare Card and {type(other)}")
        return (self.rank, self.suit), (other.rank, other.suit)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and (self.rank, self.suit) == (other.rank, other.suit)

    def __lt__(self, other: object) -> bool:
        mine, theirs = self._key(other)
        return mine < theirs

    def __le__(self, other: object) -> bool:
        mine, theirs = self._key(other)
        return mine <= theirs

    def __gt__(self, other: object) -> bool:
        mine, theirs = self._key(other)
        return mine > theirs

    def __ge__(self, other: object) -> bool:
        mine, theirs = self._key(other)
        return mine >= theirs


class Deck(eval7.Deck):
    """pkrbot's deck: eval7's, with its own generator ``rng``: the ``random.Random`` given, or one
    seeded by an int (or by the system for ``None``); its cards are its own (a card changed in
    one deck is not changed in another)."""

    def __init__(self, rng: Union[Random, int, None] = None) -> None:
        self.cards = Card.deck()
        if isinstance(rng, Random):
            self.rng = rng  # its state carries on from deck to deck, as in pkrbot
        elif rng is None or isinstance(rng, int):
            self.rng = Random(rng)
        else:
            raise TypeError("rng must be an instance of Random, integer, or None")

    def _generator(self) -> Random:
        return self.rng


_TYPE_OF_CLASS = {k: 9 - i for i, k in enumerate(HandClass)}
_NAMES = ("High Card", "Pair", "Two Pair", "Trips", "Straight", "Flush", "Full House", "Quads", "Straight Flush")


def _value(klass: HandClass, deciding: Sequence[int]) -> int:
    value = _TYPE_OF_CLASS[klass] << 20
    if klass in (HandClass.FLUSH, HandClass.HIGH_CARD):
        return value | sum(1 << r for r in deciding)
    if klass in (HandClass.STRAIGHT_FLUSH, HandClass.STRAIGHT):
        return value | (deciding[0] - 2) << 16  # the top card, 5 (the wheel) as 1 ... ace as 10
    for place, r in enumerate(deciding):
        value |= r << (16 - 4 * place)
    return value


_VALUES = [0, *(_value(hand_class(r), d) for r, d in enumerate(_tables.value_ranks()[1:], 1))]
"""pkrbot's number for each handrank rank (index 0 unused)."""

evaluate = _switch.evaluator.RankSuitValues(_VALUES, CardError).evaluate
"""pkrbot's value of 5 to 7 cards, bigger is better: ``evaluate(cards)`` or ``evaluate(ranks, suits)``
(the evaluator's own method, which reads the cards' fields in C)."""


def evaluate_raw(ranks: Buffer, suits: Buffer, n: int) -> int:
    """pkrbot's value of the first ``n`` cards of two byte buffers (``bytes``, ``bytearray``, a
    ``uint8`` array): ``ranks`` 0-12 and their ``suits`` 0-3, a byte a card; ``TypeError`` for
    anything else, as pkrbot gives.

    >>> evaluate_raw(bytes([12, 12, 11, 11, 11]), bytes([0, 1, 0, 1, 2]), 5) == 7 << 20 | 11 << 16 | 12 << 12
    True
    """
    views = []
    for name, given in (("ranks", ranks), ("suits", suits)):
        try:
            view = memoryview(given)
        except TypeError:
            raise TypeError(f"{name} must be bytes-like (a byte a card), got {type(given).__name__}") from None
        if view.itemsize != 1:
            raise TypeError(f"{name} must hold a byte a card, got items of format {view.format!r}")
        if view.ndim != 1:
            raise TypeError(f"{name} must be one row of bytes, got {view.ndim} dimensions")
        views.append(view)
    if type(n) is not int:
        raise TypeError(f"n must be an int, got {type(n).__name__}")
    if not 0 <= n <= min(len(views[0]), len(views[1])):
        raise CardError(f"n is {n}: the buffers hold {len(views[0])} ranks and {len(views[1])} suits")
    return evaluate(bytes(views[0][:n]), bytes(views[1][:n]))


def handtype(value: int) -> str:
    """``'Pair'``, ``'Quads'``, ...: pkrbot's name for the type of a value."""
    kind = value >> 20
    if not 1 <= kind <= 9:
        raise ValueError(f"not a pkrbot value: {value!r}")
    return _NAMES[kind - 1]
