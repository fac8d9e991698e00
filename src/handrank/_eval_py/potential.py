"""Hand strength and potential of many hands at once. Pairs with ``_c/potential.pxi``: the same
sweep over each runout, the same running sums, the same order, so the same sums to the last bit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

from .._kernels.potential import FIELDS, potential_args
from .._kernels.threads import threads_for
from ..cards import DECK
from .hand import rank_n

_Tree = list[float]


def tree_add(tree: _Tree, at: int, weight: float) -> None:
    at += 1
    while at < len(tree):
        tree[at] += weight
        at += at & -at


def tree_below(tree: _Tree, upto: int) -> float:
    """The sum over places 0 to upto - 1."""
    total = 0.0
    while upto > 0:
        total += tree[upto]
        upto -= upto & -upto
    return total


class _Board:
    """What every runout reads: the hands, the holdings, their places among the ranks now."""

    def __init__(self, players: Sequence[tuple[Any, Any]], board: list[int], twins: Sequence[float]) -> None:
        (hand_cards, _), (holding_cards, weights) = players
        self.hands = [(int(hand_cards[2 * i]), int(hand_cards[2 * i + 1])) for i in range(len(hand_cards) // 2)]
        self.holdings = [(int(holding_cards[2 * j]), int(holding_cards[2 * j + 1])) for j in range(len(weights))]
        self.weights = [float(w) for w in weights]
        self.twins = [float(t) for t in twins]
        shown = [DECK[c] for c in board]
        ranks = sorted({rank_n([DECK[a], DECK[b], *shown]) for a, b in self.holdings})
        self.n_places = len(ranks)
        place_of = {r: k for k, r in enumerate(ranks)}
        self.rank_place = [place_of[rank_n([DECK[a], DECK[b], *shown])] for a, b in self.holdings]
        self.below, self.at_most = [], []
        for a, b in self.hands:
            mine = rank_n([DECK[a], DECK[b], *shown])
            self.below.append(sum(1 for r in ranks if r < mine))
            self.at_most.append(sum(1 for r in ranks if r <= mine))

    def trees(self) -> list[_Tree]:
        return [[0.0] * (self.n_places + 1) for _ in range(53)]

    def add_holding(self, trees: list[_Tree], j: int) -> None:
        a, b = self.holdings[j]
        w = self.weights[j]
        tree_add(trees[0], self.rank_place[j], w)
        tree_add(trees[1 + a], self.rank_place[j], w)
        tree_add(trees[1 + b], self.rank_place[j], w)

    def counts_now(self, trees: list[_Tree], i: int, twin_in: bool) -> tuple[float, float, float]:
        """The weight of the holdings in the trees that miss hand ``i``'s cards, by rank now:
        better (the hand behind), the same, worse."""
        a, b = self.hands[i]
        every, first, second = trees[0], trees[1 + a], trees[1 + b]
        lo, hi, top = self.below[i], self.at_most[i], self.n_places
        better = tree_below(every, lo) - tree_below(first, lo) - tree_below(second, lo)
        level = tree_below(every, hi) - tree_below(first, hi) - tree_below(second, hi)
        all_ = tree_below(every, top) - tree_below(first, top) - tree_below(second, top)
        if twin_in:  # the holding of the very same cards was taken out twice: put it back once
            level = level + self.twins[i]
            all_ = all_ + self.twins[i]
        return better, level - better, all_ - level


def potential_runout(p: _Board, board: list[int], runout: tuple[int, ...], sums: list[float]) -> None:
    """One runout: every hand it misses gets its nine counts and its squared river strength."""
    full = [DECK[c] for c in [*board, *runout]]
    hit = set(runout)
    holdings = sorted(
        (
            (rank_n([DECK[a], DECK[b], *full]), j)
            for j, (a, b) in enumerate(p.holdings)
            if a not in hit and b not in hit
        ),
        key=lambda rj: rj[0],
    )
    hands = sorted(
        ((rank_n([DECK[a], DECK[b], *full]), i) for i, (a, b) in enumerate(p.hands) if a not in hit and b not in hit),
        key=lambda ri: ri[0],
    )
    trees = p.trees()
    passes: dict[int, tuple[tuple[float, float, float], tuple[float, float, float]]] = {}
    u = start = 0
    while start < len(hands):  # the hands of one river rank at a time, best first
        level = hands[start][0]
        stop = start
        while stop < len(hands) and hands[stop][0] == level:
            stop += 1
        while u < len(holdings) and holdings[u][0] < level:
            p.add_holding(trees, holdings[u][1])
            u += 1
        below = {hands[t][1]: p.counts_now(trees, hands[t][1], False) for t in range(start, stop)}
        while u < len(holdings) and holdings[u][0] == level:
            p.add_holding(trees, holdings[u][1])
            u += 1
        for t in range(start, stop):
            i = hands[t][1]
            passes[i] = (below[i], p.counts_now(trees, i, True))
        start = stop
    while u < len(holdings):
        p.add_holding(trees, holdings[u][1])
        u += 1
    for _, i in hands:
        whole = p.counts_now(trees, i, True)
        x1, x2 = passes[i]
        later = [0.0] * 9
        for k in range(3):  # now: 0 behind, 1 tied, 2 ahead (the holding better, the same, worse)
            later[3 * k] = whole[k] - x2[k]
            later[3 * k + 1] = x2[k] - x1[k]
            later[3 * k + 2] = x1[k]
        at = FIELDS * i
        for k in range(3):  # table[now][later], now 0 ahead: the holding worse now
            sums[at + 3 * k] += later[3 * (2 - k)]
            sums[at + 3 * k + 1] += later[3 * (2 - k) + 1]
            sums[at + 3 * k + 2] += later[3 * (2 - k) + 2]
        ahead = later[0] + later[3] + later[6]
        tied = later[1] + later[4] + later[7]
        total = whole[0] + whole[1] + whole[2]
        if total > 0:
            strength = (ahead + tied / 2) / total
            sums[at + 9] += strength * strength
            sums[at + 10] += 1


def potential_tables(
    players: Sequence[tuple[Any, Any]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    threads: Optional[int] = None,
) -> list[tuple[float, ...]]:
    """Two ranges on a flop or a turn, the hands then the holdings they meet: for each hand the
    ``FIELDS`` sums of ``_kernels.potential`` (see ``_c/potential.pxi``).

    As Ah ahead of 2c 2d and Ks Kh on 3c 4d 5h 7c: of 88 rivers against them, 76 keep it ahead, the
    sixes tie it (the board's straight) and the deuces and kings put it behind:

    >>> [round(x) for x in potential_tables([([51, 50], [1.0]), ([0, 1, 47, 46], [1.0, 1.0])], [4, 9, 14, 20])[0][:3]]
    [76, 8, 4]
    """
    players, board_list, _, runouts, twins = potential_args(players, board, dead)
    threads_for(threads, 0)
    p = _Board(players, board_list, twins)
    n = len(p.hands)
    sums = [0.0] * (FIELDS * n)
    starts = [k for k in range(len(runouts)) if k == 0 or runouts[k][0] != runouts[k - 1][0]]
    for first, last in zip(starts, [*starts[1:], len(runouts)]):  # parts by the first card dealt
        part = [0.0] * (FIELDS * n)
        for runout in runouts[first:last]:
            potential_runout(p, board_list, runout, part)
        sums = [a + b for a, b in zip(sums, part)]
    trees = p.trees()
    for j in range(len(p.holdings)):
        p.add_holding(trees, j)
    out = []
    for i in range(n):
        better, same, worse = p.counts_now(trees, i, True)
        out.append((*sums[FIELDS * i : FIELDS * i + 11], worse, same, better))
    return out
