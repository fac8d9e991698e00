"""eval7's ``eval7.evaluate``: ``evaluate`` and ``handtype``, eval7's values (bigger is better).

As in eval7, the package's ``evaluate`` is the function, not this module.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ... import _switch, _tables
from ...ranking import HandClass, hand_class
from .._errors import CardError
from .cards import Card

__all__ = ["evaluate", "handtype"]

HANDTYPE_SHIFT = 24
_HANDTYPE_OF_CLASS = {
    HandClass.STRAIGHT_FLUSH: 8,
    HandClass.FOUR_OF_A_KIND: 7,
    HandClass.FULL_HOUSE: 6,
    HandClass.FLUSH: 5,
    HandClass.STRAIGHT: 4,
    HandClass.THREE_OF_A_KIND: 3,
    HandClass.TWO_PAIR: 2,
    HandClass.PAIR: 1,
    HandClass.HIGH_CARD: 0,
}
_HANDTYPE_NAMES = ("High Card", "Pair", "Two Pair", "Trips", "Straight", "Flush", "Full House", "Quads")


def _value(handtype_number: int, deciding: Sequence[int]) -> int:
    """eval7's number: the hand type, then the deciding ranks from bit 16 down, four bits each."""
    value = handtype_number << HANDTYPE_SHIFT
    for place, r in enumerate(deciding):
        value |= r << (16 - 4 * place)
    return value


_VALUES = [0, *(_value(_HANDTYPE_OF_CLASS[hand_class(r)], d) for r, d in enumerate(_tables.value_ranks()[1:], 1))]
"""eval7's number for each handrank rank (index 0 unused)."""
_rank = _switch.evaluator.evaluate


def _short_value(cards: Sequence[Card]) -> int:
    """eval7's number for fewer than five cards: pairs and trips and quads, then high cards."""
    counts = sorted(
        {c.rank: sum(d.rank == c.rank for d in cards) for c in cards}.items(), key=lambda rc: (-rc[1], -rc[0])
    )
    shape = [n for _, n in counts]
    by_count = [r for r, _ in counts]
    kinds = {(4,): 7, (3,): 3, (3, 1): 3, (2, 2): 2, (2,): 1, (2, 1): 1, (2, 1, 1): 1}
    handtype_number = kinds.get(tuple(shape), 0)
    return _value(handtype_number, by_count)


def evaluate(cards: Iterable[Card]) -> int:
    """eval7's value of up to seven cards: bigger is better."""
    hand = cards if isinstance(cards, (list, tuple)) else list(cards)
    try:
        return _VALUES[_rank(hand)]  # Cards are handrank's card ints
    except (TypeError, ValueError) as error:
        if not all(isinstance(c, Card) for c in hand):
            raise TypeError(f"evaluate takes eval7 Cards, got {hand!r}") from None
        if len(hand) >= 5 or len(set(hand)) != len(hand):
            raise CardError(str(error) if len(hand) >= 5 else f"duplicate card among {hand!r}") from None
    return _short_value(hand)  # fewer than five cards: eval7 values them too


def handtype(value: int) -> str:
    """``'Pair'``, ``'Trips'``, ``'Quads'``, ...: eval7's name for the type of a value."""
    ht = value >> HANDTYPE_SHIFT
    return _HANDTYPE_NAMES[ht] if ht < 8 else "Straight Flush"
