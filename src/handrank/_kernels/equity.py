"""The exact equity kernels' checks, and what both exact range kernels work out before they deal
a board: the suit renamings that fold boards together, and the players who hold the very same
range.

Renaming suits (hearts to spades, ...) changes no hand's rank. When a renaming maps the board,
the dead cards and every player's weighted range onto themselves, a board and its renamed image
give every deal of the ranges the same outcomes: the kernels deal one board of each such class,
the greatest by ``suit_masks`` order, and count it once for every board of the class."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from math import prod
from typing import Any

from .._tables import MAX_PLAYERS
from ..cards import DECK, card_str
from .core import _board_for, _check_combos, _frozen_table, _kernel_values, frozen_players

RENAMINGS = tuple(permutations(range(4)))
"""The 24 renamings of the suits, the identity first: suit ``s`` becomes ``renaming[s]``."""

Renaming = tuple[int, ...]


def _range_weights(combos: Sequence[int], weights: Sequence[float]) -> dict[tuple[int, int], float]:
    """A range as {(low card, high card): weight}, combos given twice adding up."""
    out: dict[tuple[int, int], float] = {}
    for j, w in enumerate(weights):
        a, b = int(combos[2 * j]), int(combos[2 * j + 1])
        key = (min(a, b), max(a, b))
        out[key] = out.get(key, 0.0) + float(w)
    return out


def _renamed(c: int, renaming: Renaming) -> int:
    return c & ~3 | renaming[c & 3]


def _compose(a: Renaming, b: Renaming) -> Renaming:
    """``b`` then ``a``."""
    return tuple(a[b[s]] for s in range(4))


def suit_symmetries(players: Sequence[tuple[Any, Any]], board: Sequence[int], dead: Sequence[int]) -> list[Renaming]:
    """The renamings, the identity first, that leave the board, the dead cards and every range unchanged.

    They make a group, so a few renamings are tried on the ranges and the rest follow: products
    of kept ones are kept, and a tried one that fails fails with every kept one after it.

    >>> len(suit_symmetries([([0, 1], [1.0]), ([4, 5], [1.0])], [], []))  # 2c2d vs 3c3d: clubs and diamonds swap
    4
    """
    fixed = [set(board), set(dead)]
    ranges: list[dict[tuple[int, int], float]] = []

    def keeps_ranges(renaming: Renaming) -> bool:
        if not ranges:  # built on first need: a board often keeps no renaming at all
            ranges.extend(_range_weights(c, w) for c, w in players)
        for r in ranges:
            for (a, b), w in r.items():
                a, b = _renamed(a, renaming), _renamed(b, renaming)
                if r.get((min(a, b), max(a, b))) != w:
                    return False
        return True

    group = {RENAMINGS[0]}
    failed: set[Renaming] = set()
    for renaming in RENAMINGS[1:]:
        if renaming in group or renaming in failed:
            continue
        if all({_renamed(c, renaming) for c in cards} == cards for cards in fixed) and keeps_ranges(renaming):
            grown = group | {renaming}
            while True:  # close it under products
                products = {_compose(a, b) for a in grown for b in grown}
                if products <= grown:
                    break
                grown |= products
            group = grown
        else:
            failed |= {_compose(renaming, g) for g in group}
    return [r for r in RENAMINGS if r in group]


def checked_group(group: Any) -> list[Renaming]:
    """A group a caller worked out (``suit_symmetries``, once for a whole plan) as the kernels read
    it: renamings of the four suits, the identity first, none twice, at most all 24. A wrong group
    gives a wrong answer, never a read out of bounds: the kernels index suits by it."""
    try:
        out = [tuple(int(s) for s in renaming) for renaming in group]
    except (TypeError, ValueError):
        raise ValueError(f"group must be a list of renamings of the suits, got {group!r}") from None
    if not out or out[0] != RENAMINGS[0] or len(set(out)) != len(out) or not set(out) <= set(RENAMINGS):
        raise ValueError(
            f"group must be renamings of the suits (permutations of 0-3), the identity first, none twice; got {group!r}"
        )
    return out


def inverses(group: Sequence[Renaming]) -> list[Renaming]:
    """Each renaming's inverse: the renamed board's rank mask of suit ``t`` is the board's of ``inverse[t]``."""
    return [tuple(r.index(t) for t in range(4)) for r in group]


def board_weight(masks: Sequence[int], group: Sequence[Renaming], inverse: Sequence[Renaming]) -> int:
    """How many boards of its class a board with these rank masks (one a suit) stands for: 0 unless it
    is the class's member dealt, the one whose masks, in suit order, are the greatest.

    >>> full = list(RENAMINGS)
    >>> board_weight([0b11, 0b1, 0b1, 0], full, inverses(full)), board_weight([0b1, 0b11, 0b1, 0], full, inverses(full))
    (12, 0)
    """
    if len(group) == 1:
        return 1
    if len(group) == 24:  # every renaming: the greatest member has its masks in order, and repeats are what stays
        if not masks[0] >= masks[1] >= masks[2] >= masks[3]:
            return 0
        staying, run = 1, 1
        for s in range(1, 4):
            run = run + 1 if masks[s] == masks[s - 1] else 1
            staying *= run
        return 24 // staying
    staying = 0
    own = tuple(masks)
    for inv in inverse:
        image = tuple(masks[inv[t]] for t in range(4))
        if image > own:
            return 0
        staying += image == own
    return len(group) // staying


def sources(players: Sequence[tuple[Any, Any]]) -> list[int]:
    """For each player, the first player with the very same combos and weights (often itself):
    a board's ranks of that range are worked out once."""
    keys = [(tuple(int(x) for x in c), tuple(float(x) for x in w)) for c, w in players]
    return [next(j for j in range(i + 1) if keys[j] == keys[i]) for i in range(len(players))]


def checked_sources(sources: Any, players: Sequence[tuple[Any, Any]]) -> list[int]:
    """``sources`` a caller worked out (once for a whole plan) as the kernels read them: for each
    player, itself or an earlier player that is its own source and holds as many combos. A wrong
    list gives a wrong answer, never a read out of bounds: a player's combos are read through its
    source's list."""
    try:
        out = [int(j) for j in sources]
    except (TypeError, ValueError):
        raise ValueError(f"sources must be a list of player numbers, got {sources!r}") from None
    if len(out) != len(players) or any(
        not 0 <= j <= i or out[j] != j or len(players[j][1]) != len(players[i][1]) for i, j in enumerate(out)
    ):
        raise ValueError(
            "sources must give each player itself or an earlier player that is its own source, with as many "
            f"combos; got {sources!r}"
        )
    return out


def deal_classes(
    players: Sequence[tuple[Any, Any]], board: Sequence[int], dead: Sequence[int], group: Sequence[Renaming]
) -> tuple[list[int], list[float], list[int]]:
    """Every deal of the ranges whose hands fit together and miss the board and dead cards, one of
    each class of deals the renamings of ``group`` make of each other: their cards (2k a deal),
    weights, and how many deals each stands for.

    >>> deals, weights, times = deal_classes([([48, 49, 50, 51], [1.0, 1.0]), ([44, 45], [1.0])], [], [], RENAMINGS[:2])
    >>> len(weights), times  # AcAd, AhAs against KcKd: the renaming of clubs and diamonds keeps both
    (2, [1, 1])
    """
    fixed = set(board) | set(dead)
    ranges = [
        [(a, b, w) for (a, b), w in _range_weights(c, w).items() if a != b and not {a, b} & fixed] for c, w in players
    ]
    renamed = [[_renamed(c, r) for c in range(52)] for r in group[1:]]
    seen: set[tuple[tuple[int, int], ...]] = set()
    cards: list[int] = []
    weights: list[float] = []
    times: list[int] = []

    def walk(i: int, used: int, deal: tuple[tuple[int, int], ...], weight: float) -> None:
        if i == len(ranges):
            if deal in seen:
                return  # a renaming of a deal already taken
            images = {deal}
            for table in renamed:
                images.add(tuple((min(table[a], table[b]), max(table[a], table[b])) for a, b in deal))
            if renamed:
                seen.update(images)
            for a, b in deal:
                cards.extend((a, b))
            weights.append(weight)
            times.append(len(images))
            return
        for a, b, w in ranges[i]:
            if not (used >> a) & 1 and not (used >> b) & 1:
                walk(i + 1, used | (1 << a) | (1 << b), (*deal, (a, b)), weight * w)

    walk(0, 0, (), 1.0)
    return cards, weights, times


def fold_factor(group: Sequence[Renaming]) -> float:
    """About how many boards each dealt board stands for (the group's size, less the boards a renaming keeps)."""
    return 0.8 * len(group) if len(group) > 1 else 1.0


def range_parts(n_deck: int, need: int) -> int:
    """The parts of an exact range enumeration: one a first dealt card (its position among the
    ``n_deck`` cards left), or one for a full board."""
    return n_deck - need + 1 if need else 1


def range_args(
    players: Sequence[tuple[Any, Any]], board: Sequence[int], dead: Sequence[int]
) -> tuple[tuple[tuple[Any, ...], ...], list[int], list[int]]:
    """Check what ``exact_range_showdowns`` takes (players as combos and weights): the players as the
    kernel reads them (``frozen_players``), the board and the dead cards."""
    players = frozen_players(players, ("combos", "weights"))
    for i, (combos, weights) in enumerate(players):
        values = _kernel_values(i, "weights", weights)
        _check_combos(i, combos, len(values), "n weights")
        # min and sum at C speed, a walk only when one is off: a NaN makes the sum NaN, never < inf.
        if values and not (min(values) >= 0 and sum(values) < float("inf")):
            for w in values:
                if not 0 <= w < float("inf"):
                    raise ValueError(f"player {i}: a weight must be finite and >= 0, got {w!r}")
    return (players, *_board_for(len(players), board, dead))


COMBO_SUMS = 4
"""``combo_showdowns``' sums a first-range combo: the weight it wins alone, ties, its share of the
tied pots (a k-way tie 1/k of it), and all the weight it fits beside."""


def combo_args(
    players: Sequence[tuple[Any, Any]], board: Sequence[int], dead: Sequence[int]
) -> tuple[tuple[tuple[Any, ...], ...], list[int], list[int]]:
    """Check what ``combo_showdowns`` takes: ``range_args``, two players or more."""
    checked = range_args(players, board, dead)
    if len(checked[0]) < 2:
        raise ValueError(f"combo_showdowns takes two ranges or more, got {len(checked[0])}")
    return checked


def combo_work(players: Sequence[tuple[Any, Any]]) -> int:
    """``combo_showdowns``' work on one board, to share among threads: heads-up each combo ranked and
    swept once; more players, each deal of the combos walked (at most the product of the counts)."""
    counts = [len(weights) for _, weights in players]
    if len(counts) == 2:
        return sum(counts)
    return prod(counts)


def deal_args(
    deals: Any, weights: Any, times: Any, board: Sequence[int], dead: Sequence[int]
) -> tuple[int, list[int], list[int], Any, Any, Any]:
    """Check what ``exact_deal_showdowns`` takes (n deals of k hands as 2kn card indices, n weights and
    n counts); k, the board and the dead cards, and the three tables as the kernel reads them (each
    read once from the caller's object, ``frozen_players``)."""
    deals, weights, times = (
        _frozen_table(0, n, t) for n, t in (("deals", deals), ("weights", weights), ("times", times))
    )
    cards_ = _kernel_values(0, "deals", deals)
    weight_values = _kernel_values(0, "weights", weights)
    time_values = _kernel_values(0, "times", times)
    n = len(weight_values)
    if n == 0 or len(time_values) != n or len(cards_) % (2 * n):
        raise ValueError(
            f"expected n > 0 deals (2kn cards), n weights and n times, got {len(cards_)}, {n}, {len(time_values)}"
        )
    k = len(cards_) // (2 * n)
    if not 1 <= k <= MAX_PLAYERS:
        raise ValueError(f"expected 1 to {MAX_PLAYERS} players, got {k}")
    board_list, dead_list = _board_for(k, board, dead)
    fixed = 0
    for c in board_list + dead_list:
        fixed |= 1 << c
    for d in range(n):
        used = fixed
        for c in cards_[2 * k * d : 2 * k * (d + 1)]:
            if type(c) is not int or not 0 <= c < 52:
                raise ValueError(f"deal {d}: {c!r} is not a card index")
            if (used >> c) & 1:
                raise ValueError(f"deal {d}: {card_str(DECK[c])} is dealt twice")
            used |= 1 << c
        if not 0 <= weight_values[d] < float("inf"):
            raise ValueError(f"deal {d}: a weight must be finite and >= 0, got {weight_values[d]!r}")
        if type(time_values[d]) is not int or not 1 <= time_values[d] < 1 << 32:
            raise ValueError(f"deal {d}: times must be an int from 1 to 2**32 - 1, got {time_values[d]!r}")
    return k, board_list, dead_list, deals, weights, times


def check_firsts(firsts: Any, parts: int) -> tuple[int, int]:
    """The slice ``(lo, hi)`` of an exact range enumeration's ``parts`` to deal; all of them for None."""
    if firsts is None:
        return 0, parts
    if (
        not isinstance(firsts, tuple)
        or len(firsts) != 2
        or any(type(x) is not int for x in firsts)
        or not 0 <= firsts[0] <= firsts[1] <= parts
    ):
        raise ValueError(f"firsts must be None or (lo, hi) with 0 <= lo <= hi <= {parts}, got {firsts!r}")
    return firsts
