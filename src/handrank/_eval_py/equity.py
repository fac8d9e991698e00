"""Exact equity: every board for fixed hands, and every deal of the players' ranges.
Pairs with ``_c/equity.pxi``."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from itertools import combinations
from math import comb
from typing import Any, Callable, Optional

from .._kernels.core import RangeShowdowns, Showdowns, deal_part_bounds, equity_args, range_showdowns, showdowns
from .._kernels.equity import (
    COMBO_SUMS,
    RENAMINGS,
    Renaming,
    board_weight,
    check_firsts,
    checked_group,
    checked_sources,
    combo_args,
    deal_args,
    inverses,
    range_args,
    range_parts,
    suit_symmetries,
)
from .._kernels.equity import sources as find_sources
from .._kernels.threads import threads_for
from .._tables import MAX_PLAYERS, PRIMES
from ..cards import DECK
from .hand import rank_n
from .scoring import fits, fixed_cards
from .tables import FLUSH, PRODUCTS


def rank_picks(available: Sequence[int], n: int) -> list[tuple[int, int]]:
    """Every multiset of ``n`` ranks with at most ``available[r]`` cards of rank r: (the ranks'
    prime product, how many sets of cards have those ranks)."""
    out: list[tuple[int, int]] = []

    def pick(r: int, left: int, product: int, ways: int) -> None:
        if not left:
            out.append((product, ways))
            return
        if r == 13:
            return
        for m in range(min(available[r], left) + 1):
            pick(r + 1, left - m, product * PRIMES[r] ** m, ways * comb(available[r], m))

    pick(0, n, 1, 1)
    return out


def winners(ranks: Sequence[int]) -> int:
    """The set of players (bit i: player i) whose rank is best."""
    best = min(ranks)
    return sum(1 << i for i, r in enumerate(ranks) if r == best)


def exact_showdowns(
    holes: Sequence[Sequence[int]], board: Sequence[int] = (), dead: Sequence[int] = (), threads: Optional[int] = None
) -> Showdowns:
    """Every completion of the board for fixed hands: (equity units, wins, squares, boards) per player.

    ``holes`` are lists of two 0-51 indices; ``board`` (0 to 5) and ``dead`` are
    indices too. A board shared k ways gives each of the k players 2520 // k units.

    Without a flush a hand's rank depends on its ranks alone, so the boards are counted by their
    ranks first, every set of cards of those ranks at once; then the boards on which someone
    has a flush (three or more of one suit: one suit a board at most) are dealt one suit at
    a time, their suited cards one by one and the rest by ranks, and moved to their true winners.

    >>> units, wins, squares, boards = exact_showdowns([[51, 47], [0, 4]], board=[43, 39, 35, 1])
    >>> boards, units[0] // 2520
    (44, 44)
    """
    hole_lists, board_list, deck = equity_args(holes, board, dead)
    if not hole_lists:
        raise ValueError(f"expected 1 to {MAX_PLAYERS} players, got 0")
    threads_for(threads, 0)
    return showdowns([count_boards(hole_lists, board_list, deck)], len(hole_lists))


def count_boards(hole_lists: list[list[int]], board_list: list[int], deck: list[int]) -> list[int]:
    """Every board of ``deck``'s cards after ``board_list``, counted by the set of players who win it."""
    k = len(hole_lists)
    need = 5 - len(board_list)
    products, masks, suited = (
        [],
        [],
        [],
    )  # each player's cards with the board's: prime product, rank bits and count by suit
    for hole in hole_lists:
        product, mask, count = 1, [0] * 4, [0] * 4
        for c in [*hole, *board_list]:
            product *= PRIMES[c >> 2]
            mask[c & 3] |= 1 << (c >> 2)
            count[c & 3] += 1
        products.append(product)
        masks.append(mask)
        suited.append(count)
    available = [0] * 13
    for c in deck:
        available[c >> 2] += 1
    counts = [0] * (1 << k)
    for product, ways in rank_picks(available, need):
        counts[winners([PRODUCTS[p * product] for p in products])] += ways
    for suit in range(4):
        cards_of_suit = [c for c in deck if c & 3 == suit]
        others = list(available)
        for c in cards_of_suit:
            others[c >> 2] -= 1
        fewest = max(5 - max(count[suit] for count in suited), 0)  # dealt cards of the suit that make a flush
        for j in range(fewest, min(need, len(cards_of_suit)) + 1):
            rest = rank_picks(others, need - j)
            for picked in combinations(cards_of_suit, j):
                suit_product, suit_mask = 1, 0
                for c in picked:
                    suit_product *= PRIMES[c >> 2]
                    suit_mask |= 1 << (c >> 2)
                flushing = [count[suit] + j >= 5 for count in suited]
                for product, ways in rest:
                    plain = [PRODUCTS[p * suit_product * product] for p in products]
                    true = [FLUSH[masks[i][suit] | suit_mask] if flushing[i] else plain[i] for i in range(k)]
                    if true != plain:
                        counts[winners(plain)] -= ways
                        counts[winners(true)] += ways
    return counts


def exact_deal_showdowns(
    deals: Any,
    weights: Any,
    times: Any,
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    threads: Optional[int] = None,
) -> RangeShowdowns:
    """Every board for each of n deals of k known hands: (units, wins, weight, boards), as ``exact_range_showdowns``.

    ``deals`` holds 2k card indices a deal, one deal after the other; deal d counts with
    ``weights[d]`` and stands for ``times[d]`` deals (those a renaming of the suits makes of it).

    >>> units, wins, weight, boards = exact_deal_showdowns([51, 47, 0, 4, 51, 47, 1, 5], [1.0, 0.5], [1, 2], [43, 39, 35, 2])
    >>> boards, weight, units[0] / weight / 2520
    (132, 88.0, 1.0)
    """
    k, board_list, dead_list, deals, weights, times = deal_args(deals, weights, times, board, dead)
    threads_for(threads, 0)
    cards_ = [int(c) for c in deals]
    fixed = set(board_list) | set(dead_list)
    parts = []
    for lo, hi in deal_part_bounds(len(weights)):
        by_winners, boards = [0.0] * (1 << k), 0
        for d in range(lo, hi):
            row = cards_[2 * k * d : 2 * k * (d + 1)]
            held = fixed | set(row)
            counts = count_boards(
                [row[2 * i : 2 * i + 2] for i in range(k)], board_list, [c for c in range(52) if c not in held]
            )
            weight = float(weights[d]) * int(times[d])
            for winners in range(1, 1 << k):
                if counts[winners]:
                    by_winners[winners] += weight * counts[winners]
                    boards += int(times[d]) * counts[winners]
        parts.append((by_winners, boards))
    return range_showdowns(parts, k)


def twins(combos: list[list[tuple[int, int]]], weights: list[list[float]]) -> list[tuple[float, int]]:
    """For each of the first range's combos, the second's weight and combos of the very same cards."""
    weight: dict[frozenset[int], float] = {}
    count: dict[frozenset[int], int] = {}
    for pair, w in zip(combos[1], weights[1]):
        weight[frozenset(pair)] = weight.get(frozenset(pair), 0.0) + w
        count[frozenset(pair)] = count.get(frozenset(pair), 0) + 1
    return [(weight.get(frozenset(pair), 0.0), count.get(frozenset(pair), 0)) for pair in combos[0]]


def heads_up(
    live: list[list[tuple[int, int]]],
    combos: list[list[tuple[int, int]]],
    weights: list[list[float]],
    times: int,
    by_winners: list[float],
    same_cards: list[tuple[float, int]],
    per_combo: Optional[list[float]] = None,
) -> int:
    """Two ranges' live combos on one board, as (combo, rank) pairs: every deal's outcome counted
    ``times`` into ``by_winners``, from running sums over the second range in rank order, each less
    what the combos holding one of the first player's cards add (``same_cards``: ``twins``). The
    deals counted are returned. With ``per_combo``, each first-range combo's ``COMBO_SUMS`` are added
    there too: the second range's weight it beats, ties, half that (its share of the tied pots) and
    fits beside."""
    second = sorted(live[1], key=lambda jr: jr[1])
    total, count = 0.0, 0
    card_total, card_count = [0.0] * 52, [0] * 52
    for j, _ in second:
        w = weights[1][j]
        a, b = combos[1][j]
        total += w
        count += 1
        card_total[a] += w
        card_total[b] += w
        card_count[a] += 1
        card_count[b] += 1
    better, at_most = 0.0, 0.0  # second-range weight ranked better than, and at most as well as, the combo
    card_better, card_at_most = [0.0] * 52, [0.0] * 52
    p = q = 0
    deals = 0
    for j, rank in sorted(live[0], key=lambda jr: jr[1]):
        while p < len(second) and second[p][1] < rank:
            w = weights[1][second[p][0]]
            a, b = combos[1][second[p][0]]
            better += w
            card_better[a] += w
            card_better[b] += w
            p += 1
        while q < len(second) and second[q][1] <= rank:
            w = weights[1][second[q][0]]
            a, b = combos[1][second[q][0]]
            at_most += w
            card_at_most[a] += w
            card_at_most[b] += w
            q += 1
        a, b = combos[0][j]
        twin, twin_count = same_cards[j]  # taken off twice with both cards: put back once (it ties)
        loses = better - card_better[a] - card_better[b]
        splits = at_most - card_at_most[a] - card_at_most[b] + twin - loses
        fits_with = total - card_total[a] - card_total[b] + twin
        w = weights[0][j] * times
        by_winners[1] += w * (fits_with - loses - splits)
        by_winners[2] += w * loses
        by_winners[3] += w * splits
        if per_combo is not None:
            per_combo[COMBO_SUMS * j] += times * (fits_with - loses - splits)
            per_combo[COMBO_SUMS * j + 1] += times * splits
            per_combo[COMBO_SUMS * j + 2] += times * splits / 2
            per_combo[COMBO_SUMS * j + 3] += times * fits_with
        deals += count - card_count[a] - card_count[b] + twin_count
    return deals * times


def deal_live(
    live: list[list[tuple[int, int]]],
    combos: list[list[tuple[int, int]]],
    weights: list[list[float]],
    times: int,
    by_winners: list[float],
    per_combo: Optional[list[float]] = None,
) -> int:
    """Every deal of three or more ranges' live combos on one board, counted ``times``; the deals
    counted. With ``per_combo``, each first-range combo's deals are summed there apart, by the
    other players' weights only (``COMBO_SUMS`` a combo: won alone, tied, the ties' share, all)."""
    k = len(live)
    deals = 0
    sums = 0  # with per_combo: where the first-range combo being dealt keeps its sums

    def walk(i: int, used: int, weight: float, best: int, winners: int) -> None:
        nonlocal deals
        if i == k:
            w = weight * times
            if per_combo is None:
                by_winners[winners] += w
            elif winners == 1:
                per_combo[sums] += w
            elif winners & 1:
                per_combo[sums + 1] += w
                per_combo[sums + 2] += w / bin(winners).count("1")
            if per_combo is not None:
                per_combo[sums + 3] += w
            deals += 1
            return
        for j, rank in live[i]:
            a, b = combos[i][j]
            if (used >> a) & 1 or (used >> b) & 1:
                continue  # these hands collide
            with_it = used | (1 << a) | (1 << b)
            w = weight * weights[i][j]
            if rank < best:
                walk(i + 1, with_it, w, rank, 1 << i)
            else:
                walk(i + 1, with_it, w, best, winners | (rank == best) << i)

    if per_combo is None:
        walk(0, 0, 1.0, 1 << 16, 0)
        return deals * times
    for j, rank in live[0]:
        a, b = combos[0][j]
        sums = COMBO_SUMS * j
        walk(1, (1 << a) | (1 << b), 1.0, rank, 1)
    return deals * times


def exact_range_showdowns(
    players: Sequence[tuple[Any, Any]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    firsts: Optional[tuple[int, int]] = None,
    threads: Optional[int] = None,
    group: Optional[Sequence[Sequence[int]]] = None,
    sources: Optional[Sequence[int]] = None,
) -> RangeShowdowns:
    """Every deal of the players' ranges that fits together, and every board: (units, wins, weight, boards).

    ``players`` are (combos, weights) pairs: 2n card indices and n weights.
    Each deal counts with the product of its combos' weights; ``weight`` is the
    total over deals and boards, so ``units[i] / weight / 2520`` is player i's equity.
    Each board is dealt once (one of each class of boards that a renaming of the suits
    keeps the question unchanged for) and every live combo ranked on it once.
    ``firsts=(lo, hi)`` deals only the boards whose first dealt card is the lo-th to
    (hi-1)-th card left, highest first (``range_parts`` of them), to cut the work into parts.
    ``group`` (the question's ``suit_symmetries``) and ``sources`` (``range_setup.sources``: the
    players holding the very same range) are given when the caller worked them out already, as a
    plan of many parts does once; None works them out here.

    >>> units, wins, weight, boards = exact_range_showdowns([([51, 47], [1.0]), ([0, 4, 1, 5], [1.0, 0.5])],
    ...                                                     board=[43, 39, 35, 2])
    >>> boards, weight, units[0] / weight / 2520
    (88, 66.0, 1.0)
    """
    players, board_list, dead = range_args(players, board, dead)
    threads_for(threads, 0)
    k = len(players)
    combos = [[(int(c[2 * j]), int(c[2 * j + 1])) for j in range(len(w))] for c, w in players]
    weights = [[float(x) for x in w] for _, w in players]
    group = suit_symmetries(players, board_list, dead) if group is None else checked_group(group)
    source = find_sources(players) if sources is None else checked_sources(sources, players)
    tally = partial(heads_up, same_cards=twins(combos, weights)) if k == 2 else deal_live
    fixed_used = fixed_cards(board_list, dead)
    deck = [c for c in range(51, -1, -1) if not (fixed_used >> c) & 1]  # highest first, as the compiled kernel
    lo, hi = check_firsts(firsts, range_parts(len(deck), 5 - len(board_list)))
    parts = []
    for first in range(lo, hi):
        by_winners = [0.0] * (1 << k)
        boards = _every_board(board_list, fixed_used, deck, first, group, combos, source, weights, by_winners, tally)
        parts.append((by_winners, boards))
    return range_showdowns(parts, k)


def _every_board(
    board_list: list[int],
    fixed_used: int,
    deck: list[int],
    first: int,
    group: Sequence[Renaming],
    combos: list[list[tuple[int, int]]],
    source: Sequence[int],
    weights: list[list[float]],
    by_winners: list[float],
    tally: Callable[..., int],
) -> int:
    """Every board whose first dealt card is ``deck[first]`` (the board itself when it is full), one
    of each class ``group`` keeps: each range's live combos ranked on it once, then ``tally``'s
    count of the deals; the deals counted."""
    k = len(combos)
    need = 5 - len(board_list)
    inverse = inverses(group)
    boards = 0
    for rest in combinations(deck[first + 1 :], need - 1) if need else [()]:
        dealt = board_list + ([deck[first], *rest] if need else [])
        masks = [0] * 4
        for c in dealt:
            masks[c & 3] |= 1 << (c >> 2)
        times = board_weight(masks, group, inverse)
        if not times:
            continue  # another board of its class is dealt for it
        used = fixed_used
        for c in dealt:
            used |= 1 << c
        seven = [DECK[c] for c in dealt]
        live: list[list[tuple[int, int]]] = []
        for i in range(k):
            if source[i] < i:
                live.append(live[source[i]])
            else:
                live.append(
                    [(j, rank_n([DECK[a], DECK[b], *seven])) for j, (a, b) in enumerate(combos[i]) if fits(a, b, used)]
                )
        boards += tally(live, combos, weights, times, by_winners)
    return boards


def combo_showdowns(
    players: Sequence[tuple[Any, Any]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    threads: Optional[int] = None,
) -> list[tuple[float, ...]]:
    """Two or more ranges on every board: for each of the first range's combos, the weight of the
    others' deals it fits beside (each deal's weight the product of its combos'), summed over every
    board and every deal that misses its cards, as four sums: won alone, tied, the ties' share of the
    pot (a k-way tie 1/k of it) and all. ``players`` as ``exact_range_showdowns`` takes them; every
    board is dealt (no suit classes: each combo keeps its own sums).

    >>> combo_showdowns([([51, 47, 3, 7], [1.0, 1.0]), ([0, 4, 51, 50], [1.0, 2.0])], board=[43, 39, 35, 2, 6])
    [(1.0, 0.0, 0.0, 1.0), (3.0, 0.0, 0.0, 3.0)]
    """
    players, board_list, dead = combo_args(players, board, dead)
    threads_for(threads, 0)
    k = len(players)
    combos = [[(int(c[2 * j]), int(c[2 * j + 1])) for j in range(len(w))] for c, w in players]
    weights = [[float(x) for x in w] for _, w in players]
    same_cards = twins(combos, weights)
    fixed_used = fixed_cards(board_list, dead)
    deck = [c for c in range(51, -1, -1) if not (fixed_used >> c) & 1]
    sums = [0.0] * (COMBO_SUMS * len(combos[0]))
    per_combo = partial(heads_up, same_cards=same_cards) if k == 2 else deal_live
    for first in range(range_parts(len(deck), 5 - len(board_list))):
        part = [0.0] * len(sums)  # part by part, as the compiled kernel adds them
        where = (board_list, fixed_used, deck, first, [RENAMINGS[0]], combos, find_sources(players), weights)
        _every_board(*where, [0.0] * (1 << k), partial(per_combo, per_combo=part))
        sums = [a + b for a, b in zip(sums, part)]
    return [tuple(sums[COMBO_SUMS * j : COMBO_SUMS * (j + 1)]) for j in range(len(combos[0]))]
