"""Hands indexed up to suit isomorphism, and the strength-table kernels built on the index.
Pairs with ``_c/iso.pxi``; ``handrank.iso`` describes the method and the tables.

Each suit's cards are, per round, a set of ranks; its code numbers those sets among all of its
shape (each round's set by colex rank among the ranks the earlier rounds left, mixed-radix).
A class is the multiset of the four (shape, code) pairs: the index counts the configurations of
shapes first, then a multiset of codes for each group of suits of one shape.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Sequence
from itertools import combinations
from math import comb
from typing import Any, Optional

from .._kernels import iso as setup
from .._kernels.core import hands_view, index_error, index_view, new_array, row_error, rows
from .._kernels.iso import runout_args, strength_args
from .._kernels.threads import threads_for
from ..cards import DECK
from .hand import rank_n

RANKS = setup.RANKS


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


def _multiset_rank(sorted_values: Sequence[int]) -> int:
    """The rank of a multiset (its values in ascending order) among the multisets of its size."""
    return sum(comb(v + j, j + 1) for j, v in enumerate(sorted_values))


def _multiset_unrank(index: int, size: int) -> list[int]:
    """The ascending values of the multiset of ``size`` whose rank is ``index``."""
    out = []
    for j in range(size - 1, -1, -1):
        low, high = j, j + index + 1  # the largest b with comb(b, j + 1) <= index lies in [low, high)
        while high - low > 1:
            middle = (low + high) // 2
            if comb(middle, j + 1) <= index:
                low = middle
            else:
                high = middle
        index -= comb(low, j + 1)
        out.append(low - j)
    return out[::-1]


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


def _masks(shape: setup.Shape, code: int) -> list[int]:
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


class Indexer:
    """Indexes hands of 0-51 card indices dealt in rounds of ``rounds`` cards up to suit isomorphism."""

    def __init__(self, rounds: Sequence[int]) -> None:
        self.rounds = setup.check_rounds(rounds)
        self.configurations, self._offsets = setup.configurations(self.rounds)
        self.size = self._offsets[-1]
        self._position = {c: i for i, c in enumerate(self.configurations)}
        self._cards = sum(self.rounds)

    def index(self, hand: Sequence[int]) -> int:
        """The class of a hand: ``sum(rounds)`` distinct card indices in round order."""
        dealt = list(hand)
        if len(dealt) != self._cards:
            raise ValueError(f"expected {self._cards} cards for rounds {self.rounds}, got {len(dealt)}")
        for c in dealt:
            if type(c) is not int or not 0 <= c < 52:
                raise ValueError(f"not a card index: {c!r} (expected an int from 0 to 51)")
        if len(set(dealt)) != len(dealt):
            raise ValueError("a card is dealt twice")
        return self._index(dealt)

    def _index(self, dealt: Sequence[int]) -> int:
        masks = [[0] * len(self.rounds) for _ in range(setup.SUITS)]
        start = 0
        for r, n in enumerate(self.rounds):
            for i in dealt[start : start + n]:
                masks[i & 3][r] |= 1 << (i >> 2)
            start += n
        suits = sorted(((tuple(bin(m).count("1") for m in ms), _code(ms)) for ms in masks), reverse=True)
        configuration = tuple(shape for shape, _ in suits)
        index = 0
        for shape, group in setup.groups(configuration):
            values = sorted(code for s, code in suits if s == shape)
            index = index * setup.multisets(setup.codes(shape), group) + _multiset_rank(values)
        return self._offsets[self._position[configuration]] + index

    def unindex(self, index: int) -> list[int]:
        """The canonical hand of a class, as card indices in round order (suits given out in a fixed order)."""
        if type(index) is not int or not 0 <= index < self.size:
            raise ValueError(f"not an index of this indexer: {index!r} (expected 0 to {self.size - 1})")
        return self._unindex(index)

    def _unindex(self, index: int) -> list[int]:
        at = bisect_right(self._offsets, index) - 1
        configuration = self.configurations[at]
        rest = index - self._offsets[at]
        codes: list[list[int]] = []
        for shape, group in reversed(setup.groups(configuration)):
            radix = setup.multisets(setup.codes(shape), group)
            codes.append(sorted(_multiset_unrank(rest % radix, group), reverse=True))
            rest //= radix
        codes.reverse()
        suit_masks: list[list[int]] = []
        for (shape, _), group_codes in zip(setup.groups(configuration), codes):
            suit_masks += [_masks(shape, code) for code in group_codes]
        by_round: list[list[int]] = [[] for _ in self.rounds]
        for suit, masks in enumerate(suit_masks):
            for r, mask in enumerate(masks):
                by_round[r] += [4 * rank + suit for rank in range(RANKS - 1, -1, -1) if mask >> rank & 1]
        return [i for r in by_round for i in r]

    def index_many(self, hands: object, threads: Optional[int] = None) -> Any:
        """The class of each row of an (n, ``sum(rounds)``) array of card indices, as int64."""
        view = hands_view(hands, (self._cards,))
        threads_for(threads, 0)
        result, out = new_array(hands, (view.shape[0],), "q")  # type: ignore[index]
        for i, row in enumerate(rows(view)):
            if any(not 0 <= c < 52 for c in row) or len(set(row)) != len(row):
                raise row_error(view, i)
            out[i] = self._index(row)
        return result

    def unindex_many(self, indexes: object, threads: Optional[int] = None) -> Any:
        """The canonical hand of each of n indexes, as an (n, ``sum(rounds)``) uint8 array of card indices."""
        values = index_view(indexes).tolist()
        threads_for(threads, 0)
        result, out = new_array(indexes, (len(values), self._cards), "B")
        for i, index in enumerate(values):
            if not 0 <= index < self.size:
                raise index_error(i, index, self.size)
            out[i * self._cards : (i + 1) * self._cards] = array("B", self._unindex(index))
        return result


def river_strengths(river: Any, boards: object, threads: Optional[int] = None) -> tuple[Any, Any]:
    """For each board (an (m, 5) array of card indices) and each of the 1,081 hole-card pairs the
    other 47 cards make (in order), the pair's river class and its points against a random hand:
    2 a win and 1 a tie over the 990 hands of the other 45 cards. Two arrays of 1,081m: int64, uint16."""
    strength_args(Indexer, river)
    view = hands_view(boards, (5,))
    threads_for(threads, 0)
    n = view.shape[0]  # type: ignore[index]
    indexes, index_out = new_array(boards, (n * 1081,), "q")
    points, points_out = new_array(boards, (n * 1081,), "H")
    for b, board in enumerate(rows(view)):
        if any(not 0 <= c < 52 for c in board) or len(set(board)) != 5:
            raise row_error(view, b)
        live = [c for c in range(52) if c not in board]
        pairs = list(combinations(live, 2))
        ranks = [rank_n([DECK[x], DECK[y], *(DECK[c] for c in board)]) for x, y in pairs]
        for j, (x, y) in enumerate(pairs):
            index_out[b * 1081 + j] = river._index([x, y, *board])
        for j, score in enumerate(_points(pairs, ranks)):
            points_out[b * 1081 + j] = score
    return indexes, points


def _points(pairs: list[tuple[int, int]], ranks: list[int]) -> list[int]:
    """Each pair's 2 x wins + ties over the pairs it shares no card with, by one sweep in rank order."""
    better_total, better = 0, [0] * 52  # pairs ranked strictly better: in all, and holding each card
    out = [0] * len(pairs)
    order = sorted(range(len(pairs)), key=ranks.__getitem__)
    start = 0
    while start < len(order):
        stop = start
        while stop < len(order) and ranks[order[stop]] == ranks[order[start]]:
            stop += 1
        group = order[start:stop]
        tied = [0] * 52
        for j in group:
            tied[pairs[j][0]] += 1
            tied[pairs[j][1]] += 1
        for j in group:
            x, y = pairs[j]
            beaten_by = better_total - better[x] - better[y]
            ties = len(group) - tied[x] - tied[y] + 1
            out[j] = 2 * (990 - beaten_by - ties) + ties
        for x in range(52):
            better[x] += tied[x]
        better_total += len(group)
        start = stop
    return out


def runout_strengths(
    earlier: Any, river: Any, river_points: object, start: int, stop: int, bins: int, threads: Optional[int] = None
) -> tuple[Any, Any]:
    """For each class ``start:stop`` of an earlier street, its river points summed over every runout
    of the board (uint32), and how many runouts fall in each of ``bins`` equal bins of river equity
    (points / 1980; an (n, bins) uint32 array), read from the river table ``river_points``."""
    table = runout_args(Indexer, earlier, river, river_points, start, stop, bins)
    threads_for(threads, 0)
    sums, sums_out = new_array(river_points, (stop - start,), "I")
    counts, counts_out = new_array(river_points, (stop - start, bins), "I")
    for i in range(start, stop):
        hand = earlier._unindex(i)
        live = [c for c in range(52) if c not in hand]
        total, row = 0, [0] * bins
        for runout in combinations(live, 7 - len(hand)):
            score = table[river._index(hand + list(runout))]
            total += score
            row[min(bins - 1, score * bins // 1980)] += 1
        sums_out[i - start] = total
        counts_out[(i - start) * bins : (i - start + 1) * bins] = array("I", row)
    return sums, counts


def hand_indexer(rounds: Sequence[int]) -> Indexer:
    """An indexer for hands dealt in rounds of ``rounds`` cards (e.g. ``(2, 3)``), up to suit isomorphism."""
    return Indexer(rounds)
