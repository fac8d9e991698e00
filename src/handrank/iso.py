"""Hands indexed up to suit isomorphism: one index per class of hands equal under a renaming of suits.

A ``HandIndexer`` is made for the cards dealt in each round, e.g. ``(2, 3)`` for hole cards
and a flop. Two hands get the same index exactly when one becomes the other by a permutation
of the four suits applied to every round at once; ``unindex`` gives the class's canonical
hand. Rounds kept apart (``(2, 3, 1, 1)``: hole cards, flop, turn, river) tell when each card
came ("perfect recall"); one board round (``(2, 5)``) does not ("imperfect recall").

The method (after K. Waugh, "A Fast and Optimal Hand Isomorphism Algorithm", 2013), in short:
each suit's cards are, per round, a set of ranks; a suit's *shape* is how many ranks it has in
each round, and its *code* numbers its rank sets among all with that shape. Renaming suits
permutes the four (shape, code) pairs and nothing else, so a class is the multiset of them.
The index counts, in order, the multisets of shapes (the *configuration*), then within one, a
multiset of codes for each group of suits of equal shape, mixed-radix.

>>> from handrank import cards_str
>>> flop = HandIndexer((2, 3))
>>> flop.size
1286792
>>> a = flop.index("Ah Kh 2h 7c 9d")
>>> a == flop.index("As Ks 2s 7d 9c")  # hearts to spades, clubs and diamonds swapped
True
>>> cards_str(flop.unindex(a))  # the class's canonical hand
'Ac Kc 2c 9d 7h'
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement, product
from math import comb

from .cards import DECK, Cards, cards, to_index

__all__ = ["HandIndexer"]

RANKS = 13
SUITS = 4

Shape = tuple[int, ...]


def _colex_of(mask: int) -> int:
    """The colex rank of a set of ranks (a bit mask) among the sets of its size."""
    out, k = 0, 1
    while mask:
        low = mask & -mask
        out += comb(low.bit_length() - 1, k)
        mask ^= low
        k += 1
    return out


_COLEX = [_colex_of(m) for m in range(1 << RANKS)]
"""Each 13-bit rank set's colex rank among the sets of its size."""
_UNCOLEX: list[list[int]] = [[0] * comb(RANKS, k) for k in range(RANKS + 1)]
"""The rank sets of each size, by colex rank."""
for _mask in range(1 << RANKS):
    _UNCOLEX[bin(_mask).count("1")][_COLEX[_mask]] = _mask


def _free(used: int) -> list[int]:
    return [r for r in range(RANKS) if not used >> r & 1]


def _squeeze(mask: int, used: int) -> int:
    """``mask``'s ranks renumbered over the ranks not in ``used`` (so later rounds count only what is left)."""
    return sum(1 << i for i, r in enumerate(_free(used)) if mask >> r & 1) if used else mask


def _spread(mask: int, used: int) -> int:
    """``_squeeze`` undone: the free ranks' numbering back to ranks 0-12."""
    return sum(1 << r for i, r in enumerate(_free(used)) if mask >> i & 1) if used else mask


def _codes(shape: Shape) -> int:
    """How many codes a suit of this shape has: its rank sets, round after round, from the ranks left."""
    out, left = 1, RANKS
    for k in shape:
        out *= comb(left, k)
        left -= k
    return out


def _multisets(values: int, size: int) -> int:
    return comb(values + size - 1, size)


def _multiset_rank(sorted_values: Sequence[int]) -> int:
    """The rank of a multiset (its values in ascending order) among the multisets of its size."""
    return sum(comb(v + j, j + 1) for j, v in enumerate(sorted_values))


def _multiset_unrank(index: int, size: int) -> list[int]:
    """The ascending values of the multiset of ``size`` whose rank is ``index``."""
    out = []
    for j in range(size - 1, -1, -1):
        b = j
        while comb(b + 1, j + 1) <= index:
            b += 1
        index -= comb(b, j + 1)
        out.append(b - j)
    return out[::-1]


class HandIndexer:
    """Indexes hands dealt in rounds of ``rounds`` cards (e.g. ``(2, 3, 1, 1)``) up to suit isomorphism."""

    def __init__(self, rounds: Sequence[int]) -> None:
        rounds = tuple(rounds)
        if not rounds or any(type(n) is not int or n < 1 for n in rounds) or sum(rounds) > RANKS * SUITS:
            raise ValueError(f"rounds must be card counts of 1 or more, 52 in all at most; got {rounds!r}")
        self.rounds = rounds
        self.configurations, self._offsets = _configurations(rounds)
        self.size = self._offsets[-1]
        """How many classes: the number of distinct indexes, 0 to ``size - 1``."""

    def index(self, hand: Cards) -> int:
        """The class of a hand: its cards in round order (``sum(rounds)`` of them, text, ints or 0-51 indices)."""
        dealt = _indices(hand)
        if len(dealt) != sum(self.rounds):
            raise ValueError(f"expected {sum(self.rounds)} cards for rounds {self.rounds}, got {len(dealt)}")
        if len(set(dealt)) != len(dealt):
            raise ValueError("a card is dealt twice")
        masks = [[0] * len(self.rounds) for _ in range(SUITS)]
        start = 0
        for r, n in enumerate(self.rounds):
            for i in dealt[start : start + n]:
                masks[i & 3][r] |= 1 << (i >> 2)
            start += n
        suits = sorted(((_shape(m), _code(m)) for m in masks), reverse=True)
        configuration = tuple(shape for shape, _ in suits)
        at = self._position[configuration]
        index = 0
        for shape, group in _groups(configuration):
            values = sorted(code for s, code in suits if s == shape)
            index = index * _multisets(_codes(shape), group) + _multiset_rank(values)
        return self._offsets[at] + index

    def unindex(self, index: int) -> list[int]:
        """The canonical hand of a class, as card ints in round order (suits given out in a fixed order)."""
        if type(index) is not int or not 0 <= index < self.size:
            raise ValueError(f"not an index of this indexer: {index!r} (expected 0 to {self.size - 1})")
        at = bisect_right(self._offsets, index) - 1
        configuration = self.configurations[at]
        rest = index - self._offsets[at]
        codes: list[list[int]] = []
        for shape, group in reversed(_groups(configuration)):
            radix = _multisets(_codes(shape), group)
            codes.append(sorted(_multiset_unrank(rest % radix, group), reverse=True))
            rest //= radix
        codes.reverse()
        suit_masks: list[list[int]] = []
        for (shape, _), group_codes in zip(_groups(configuration), codes):
            suit_masks += [_masks(shape, code) for code in group_codes]
        by_round: list[list[int]] = [[] for _ in self.rounds]
        for suit, masks in enumerate(suit_masks):
            for r, mask in enumerate(masks):
                by_round[r] += [4 * rank + suit for rank in range(RANKS - 1, -1, -1) if mask >> rank & 1]
        return [DECK[i] for r in by_round for i in r]

    @property
    def _position(self) -> dict[tuple[Shape, ...], int]:
        return _positions(self.rounds)


def _indices(hand: Cards) -> list[int]:
    """0-51 indices of a hand given as indices, card ints or text (card ints are never below 52)."""
    if not isinstance(hand, str):
        given = list(hand)
        if all(type(c) is int and 0 <= c < 52 for c in given):
            return [int(c) for c in given]
        hand = given
    return [to_index(c) for c in cards(hand)]


def _shape(masks: Sequence[int]) -> Shape:
    return tuple(bin(m).count("1") for m in masks)


def _code(masks: Sequence[int]) -> int:
    """A suit's code: each round's rank set among the sets of its size from the ranks left, mixed-radix."""
    code, radix, used, left = 0, 1, 0, RANKS
    for mask in masks:
        k = bin(mask).count("1")
        code += radix * _COLEX[_squeeze(mask, used)]
        radix *= comb(left, k)
        used |= mask
        left -= k
    return code


def _masks(shape: Shape, code: int) -> list[int]:
    """``_code`` undone: a suit's rank set in each round."""
    out, used, left = [], 0, RANKS
    for k in shape:
        radix = comb(left, k)
        mask = _spread(_UNCOLEX[k][code % radix], used)
        code //= radix
        out.append(mask)
        used |= mask
        left -= k
    return out


def _groups(configuration: tuple[Shape, ...]) -> list[tuple[Shape, int]]:
    """The configuration's shapes in order, each with how many suits have it."""
    out: list[tuple[Shape, int]] = []
    for shape in configuration:
        if out and out[-1][0] == shape:
            out[-1] = (shape, out[-1][1] + 1)
        else:
            out.append((shape, 1))
    return out


@cache
def _configurations(rounds: tuple[int, ...]) -> tuple[list[tuple[Shape, ...]], list[int]]:
    """Every multiset of four suit shapes whose rounds add up to ``rounds`` (descending, in a fixed
    order), and the first index of each, with the total last."""
    shapes = [s for s in product(*(range(min(n, RANKS) + 1) for n in rounds)) if sum(s) <= RANKS]
    found = []
    for four in combinations_with_replacement(sorted(shapes, reverse=True), SUITS):
        if all(sum(s[r] for s in four) == n for r, n in enumerate(rounds)):
            found.append(tuple(sorted(four, reverse=True)))
    found.sort(reverse=True)
    offsets = [0]
    for configuration in found:
        size = 1
        for shape, group in _groups(configuration):
            size *= _multisets(_codes(shape), group)
        offsets.append(offsets[-1] + size)
    return found, offsets


@cache
def _positions(rounds: tuple[int, ...]) -> dict[tuple[Shape, ...], int]:
    return {configuration: i for i, configuration in enumerate(_configurations(rounds)[0])}
