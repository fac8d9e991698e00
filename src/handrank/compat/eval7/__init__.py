"""eval7 0.1's API on handrank: its cards, its values (bigger is better) and its equities.

``import handrank.compat.eval7 as eval7`` in place of ``import eval7``. ``evaluate`` gives
eval7's own numbers (hand type << 24, then the deciding ranks four bits each), so code
that stores or compares them keeps working. Deliberate differences, each for a reason:

- ``Card`` reads exactly the 52 strings eval7 reads correctly (``"As"``, ``"Td"``) and
  refuses the rest with :class:`~handrank.compat.treys.CardError` (a ``ValueError``, as
  eval7 raises, and an ``IndexError`` and ``KeyError``): eval7 reads ``"AsKd"`` as ``As``.
  Cards are shared objects, one a card, so making one is a dict lookup. A ``Card`` is an
  ``int`` (handrank's card int, which ``evaluate`` reads as it is): it equals and hashes as
  that int, where eval7's hashes as its ``mask`` and equals no int.
- ``evaluate`` refuses a card given twice and more than seven cards (eval7 answers
  for an impossible hand); of five to seven cards, it also reads handrank's card ints and text.
- ``py_hand_vs_range_exact`` with fewer than five board cards enumerates every board
  (eval7's is only right for a full board); a range left empty by the known cards
  raises ``ValueError`` (eval7 divides by zero or reads past its array).
- ``py_all_hands_vs_range`` leaves out a hero hand that shares a card with the board (eval7
  answers for it).
- The Monte Carlo functions use handrank's generator: same distribution, other numbers.

>>> hand = [Card(c) for c in ("As", "Ks", "Qs", "Js", "Ts")]
>>> evaluate(hand), handtype(evaluate(hand))
(135004160, 'Straight Flush')
"""

from __future__ import annotations

import random
import struct
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Optional

from ... import _switch, _tables
from ...cards import DECK, card_str
from ...odds import Player, equity
from ...ranges import Range
from ...ranking import HandClass, hand_class
from ..treys import CardError
from . import rangestring, xorshift_rand

__all__ = [
    "Card",
    "Deck",
    "HandRange",
    "evaluate",
    "handtype",
    "py_all_hands_vs_range",
    "py_hand_vs_range_exact",
    "py_hand_vs_range_monte_carlo",
    "rangestring",
    "ranks",
    "suits",
    "xorshift_rand",
]

ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
suits = ("c", "d", "h", "s")


class Card(int):
    """An eval7 card: ``rank`` 0-12, ``suit`` 0-3 (c d h s), ``mask`` the bit ``13 * suit + rank``.

    Its int value is handrank's card int, so ``evaluate`` reads the cards as they are.
    """

    __slots__ = ()

    def __new__(cls, card_string: str) -> Card:
        try:
            return _CARDS[card_string]
        except (KeyError, TypeError):
            raise CardError(f"not a card: {card_string!r} (a rank of 23456789TJQKA then a suit of cdhs)") from None

    @classmethod
    def _make(cls, rank: int, suit: int) -> Card:
        return int.__new__(cls, _tables.card_from_index(4 * rank + suit))

    @property
    def mask(self) -> int:
        return 1 << (13 * self.suit + self.rank)

    @property
    def rank(self) -> int:
        return (self >> 8) & 0xF

    @property
    def suit(self) -> int:
        return (0x8000, 0x4000, 0x2000, 0x1000).index(self & 0xF000)

    def __str__(self) -> str:
        return ranks[self.rank] + suits[self.suit]

    def __repr__(self) -> str:
        return f'Card("{self}")'

    # eval7 orders cards by "rank greater or suit greater", which is not a total order; kept as it is.
    def _above(self, other: object) -> bool:
        if not isinstance(other, Card):
            raise TypeError(f"Cannot compare {self!r} and {other!r}")
        return self.rank > other.rank or self.suit > other.suit

    def __gt__(self, other: object) -> bool:
        return self._above(other)

    def __ge__(self, other: object) -> bool:
        return self._above(other) or self == other

    def __lt__(self, other: object) -> bool:
        return not self.__ge__(other)

    def __le__(self, other: object) -> bool:
        return not self._above(other)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return Card, (str(self),)


_CARDS = {r + s: Card._make(i, j) for i, r in enumerate(ranks) for j, s in enumerate(suits)}
_DECK = list(_CARDS.values())
"""eval7's deck order: 2c 2d 2h 2s 3c ... As."""
_INDEX = {c: 4 * c.rank + c.suit for c in _DECK}
"""Each Card's 0-51 index, found by identity: comparing a Card with an int goes through Python."""


class Deck:
    """eval7's deck: ``shuffle`` by the ``random`` module, ``deal`` from the top, ``peek``, ``sample``."""

    def __init__(self) -> None:
        self.cards: list[Any] = _DECK.copy()

    def _generator(self) -> Any:
        """What shuffles and samples: the ``random`` module, as eval7 uses it."""
        return random

    def __repr__(self) -> str:
        return f"Deck({self.cards})"

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, i: int) -> Any:
        return self.cards[i]

    def shuffle(self) -> None:
        _switch.evaluator.shuffle(self.cards, self._generator())  # the generator's own order, in C

    def _check(self, n: int) -> None:
        if n > len(self.cards):
            raise ValueError("Insufficient cards in deck")

    def deal(self, n: int) -> list[Any]:
        """Remove the top ``n`` cards and return them."""
        self._check(n)
        dealt = self.cards[:n]
        del self.cards[:n]
        return dealt

    def peek(self, n: int) -> list[Any]:
        self._check(n)
        return self.cards[:n]

    def sample(self, n: int) -> list[Any]:
        """``n`` random cards; the deck is unchanged."""
        self._check(n)
        return list(self._generator().sample(self.cards, n))


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


class HandRange:
    """A weighted range from an eval7 range string: ``HandRange("55+, 87o, 80%(A8s+)")``.

    Iterating gives ``((Card, Card), weight)`` pairs, as eval7's does.
    """

    _indexed: tuple[Any, int, tuple[list[int], bytes]]  # _indexed(): the hands' indices, once

    def __init__(self, s: str) -> None:
        self.string = s
        self.tokens = rangestring.string_to_tokens(s)
        self.hands = rangestring.string_to_hands(s)

    def __iter__(self) -> Iterator[tuple[tuple[Card, Card], float]]:
        return iter(self.hands)

    def __len__(self) -> int:
        return len(self.hands)


def _float32(x: float) -> float:
    """eval7 returns C floats: the same rounding."""
    return float(struct.unpack("f", struct.pack("f", x))[0])


def _cards(cards: Iterable[Card]) -> list[Card]:
    return list(cards)  # Cards are handrank's card ints: the kernels read them as they are


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


def _options(villain: Iterable[Any], dead: Iterable[Card]) -> bytes:
    """The villain's hands that share no card with ``dead``, two 0-51 indices each; weights ignored,
    as eval7 does."""
    held = 0
    for c in dead:
        held |= 1 << _INDEX[c]
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
    players: list[Player] = ["".join(card_str(c) for c in hero), villain]
    if trials is None:
        return equity(players, board=board, exact=True, force=True).players[0].equity
    return equity(players, board=board, exact=False, trials=trials, force=True).players[0].equity


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
    result = {}
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
