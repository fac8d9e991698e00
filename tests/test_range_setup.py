"""The renamings of the suits that fold an exact range enumeration's boards, against plain definitions."""

from __future__ import annotations

from array import array
from itertools import combinations, product

import pytest

from handrank import Range, cards, to_index
from handrank._kernels.equity import RENAMINGS, board_weight, deal_classes, inverses, sources, suit_symmetries


def renamed(c: int, renaming: tuple[int, ...]) -> int:
    return 4 * (c // 4) + renaming[c % 4]


def kernel_form(text: str) -> tuple[array[int], array[float]]:
    r = Range(text)
    return array("B", [to_index(c) for combo, _ in r for c in combo]), array("d", [w for _, w in r])


def keeps(renaming: tuple[int, ...], players: list[tuple[array[int], array[float]]], fixed: list[list[int]]) -> bool:
    """Plainly: the renamed question is the same question."""
    for cards_ in fixed:
        if sorted(renamed(c, renaming) for c in cards_) != sorted(cards_):
            return False
    for combos, weights in players:
        pairs = [frozenset((combos[2 * j], combos[2 * j + 1])) for j in range(len(weights))]
        original = sorted((sorted(p), w) for p, w in zip(pairs, weights))
        moved = sorted((sorted(renamed(c, renaming) for c in p), w) for p, w in zip(pairs, weights))
        if original != moved:
            return False
    return True


@pytest.mark.parametrize(
    "players, board, dead",
    [
        (["AA", "KK"], "", ""),
        (["AhKh", "QsQd"], "", ""),
        (["AKs", "0.5(QQ), JJ"], "2c 2d 7h", ""),
        (["AA, KhKs", "random"], "", ""),
        (["random", "random"], "Kh 7d 2c", ""),
        (["TT+", "AKs"], "", "2c 2d"),
        (["AsAh", "AcAd", "KK"], "", "3h 3s"),
    ],
)
def test_symmetries_are_every_renaming_that_keeps_the_question(players: list[str], board: str, dead: str) -> None:
    tables = [kernel_form(p) for p in players]
    b, d = [to_index(c) for c in cards(board)], [to_index(c) for c in cards(dead)]
    assert suit_symmetries(tables, b, d) == [r for r in RENAMINGS if keeps(r, tables, [b, d])]


GROUPS = {
    "all": list(RENAMINGS),
    "hearts stay": [r for r in RENAMINGS if r[2] == 2],
    "two swaps": [r for r in RENAMINGS if set(r[:2]) == {0, 1}],
    "one swap": [RENAMINGS[0], (1, 0, 2, 3)],
    "none": [RENAMINGS[0]],
}


@pytest.mark.parametrize("name", GROUPS)
@pytest.mark.parametrize("size", [3, 4])
def test_each_class_of_boards_is_dealt_once_for_all_of_it(name: str, size: int) -> None:
    # Every 3- and 4-card board: the boards a group's renamings make of each other form its class;
    # exactly one of them is dealt, standing for as many boards as the class has (exhaustive).
    group = GROUPS[name]
    inverse = inverses(group)
    seen: set[tuple[int, ...]] = set()
    for board in combinations(range(52), size):
        if board in seen:
            continue
        members = {tuple(sorted(renamed(c, r) for c in board)) for r in group}
        seen |= members
        weights = []
        for member in members:
            masks = [0] * 4
            for c in member:
                masks[c & 3] |= 1 << (c >> 2)
            weights.append(board_weight(masks, group, inverse))
        assert sorted(weights)[:-1] == [0] * (len(members) - 1) and max(weights) == len(members)


def test_players_with_the_same_range_share_its_ranks() -> None:
    a, b = kernel_form("QQ+"), kernel_form("AKs")
    assert sources([a, b, kernel_form("QQ+"), b]) == [0, 1, 0, 1]
    assert sources([a, (a[0], array("d", [0.5] * len(a[1])))]) == [0, 1]  # other weights: another range


@pytest.mark.parametrize(
    "players, board",
    [(["AA", "KK"], ""), (["AA, KK", "QQ", "AKs"], ""), (["AKs", "0.5(QQ), JJ"], "2c 2d 7h"), (["AhKh", "QQ+"], "")],
)
def test_each_class_of_deals_is_taken_once_for_all_of_it(players: list[str], board: str) -> None:
    tables = [kernel_form(p) for p in players]
    b = [to_index(c) for c in cards(board)]
    group = suit_symmetries(tables, b, [])
    deals, weights, times = deal_classes(tables, b, [], group)
    k = len(players)
    # Plainly: every deal of the ranges that fits, and the classes the group's renamings make of them.
    combos = [{tuple(sorted(c[2 * j : 2 * j + 2])): w[j] for j in range(len(w))} for c, w in tables]
    every = {}
    for deal in product(*(list(c) for c in combos)):
        held = [x for pair in deal for x in pair]
        if len(set(held)) == len(held) and not set(held) & set(b):
            weight = 1.0
            for pair, c in zip(deal, combos):
                weight *= c[pair]
            every[deal] = weight
    taken = [
        tuple(tuple(sorted(deals[2 * (k * d + i) : 2 * (k * d + i) + 2])) for i in range(k))
        for d in range(len(weights))
    ]
    assert sum(times) == len(every)
    classes = set()
    for deal, weight, n in zip(taken, weights, times):
        members = frozenset(tuple(tuple(sorted(renamed(c, r) for c in pair)) for pair in deal) for r in group)
        assert len(members) == n and weight == every[deal] and all(every[m] == weight for m in members)
        classes.add(members)
    assert len(classes) == len(taken)  # no class taken twice
