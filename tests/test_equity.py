"""Equity against a brute-force reference, Monte Carlo within its error, determinism, both implementations."""

from __future__ import annotations

import os
import subprocess
import sys
from array import array
from fractions import Fraction
from itertools import combinations, product
from math import comb
from types import ModuleType

import pytest

from handrank import DECK, Range, card, card_str, cards, equity, evaluate, preflop_table, to_index
from handrank._kernels.sampling import alias_masses, alias_table, random_hands


def brute_force(hands: list[str], board: str = "", dead: str = "") -> list[Fraction]:
    """Every board, the single-hand evaluator, exact fractions."""
    holes = [cards(h) for h in hands]
    fixed = cards(board)
    used = set(fixed) | set(cards(dead)) | {c for h in holes for c in h}
    deck = [c for c in DECK if c not in used]
    shares = [Fraction(0)] * len(holes)
    boards = 0
    for rest in combinations(deck, 5 - len(fixed)):
        ranks = [evaluate(h + fixed + list(rest)) for h in holes]
        winners = [i for i, r in enumerate(ranks) if r == min(ranks)]
        for i in winners:
            shares[i] += Fraction(1, len(winners))
        boards += 1
    return [s / boards for s in shares]


CASES = [
    (["AhKh", "QsQd"], "2c 7d 9h", ""),
    (["AhKh", "QsQd", "JcTc"], "2c 7d 9h", ""),
    (["As Ks", "8d 8c", "7h 6h", "Ad Qc"], "9h Th 2s 3d", ""),
    (["5c 4c", "5d 4d"], "Ac 2h 3s Kd", ""),  # ties
    (["AhKh", "QsQd"], "2c 7d", "3s 4s"),
    # Flushes for several players, in one suit and in two, and straight flushes against them.
    (["Ah Kh", "Qh Jh", "2h 3h", "9c 9d"], "4h Tc 5s", ""),
    (["Ah 2h", "Kc Qc", "7h 7c"], "3h 4h Jc", "Tc 9h"),
    (["6h 7h", "Ah Kh", "8c 8d"], "5h", "2h 3h"),
    (["Td 9d", "Ad Kd"], "8d 7d Qs", ""),
]


@pytest.mark.parametrize("hands, board, dead", CASES)
def test_exact_equals_brute_force_to_the_last_digit(impl: ModuleType, hands: list[str], board: str, dead: str) -> None:
    holes = [[to_index(c) for c in cards(h)] for h in hands]
    units, wins, _, boards = impl.exact_showdowns(
        holes, [to_index(c) for c in cards(board)], [to_index(c) for c in cards(dead)]
    )
    expected = brute_force(hands, board, dead)
    assert [Fraction(u, 2520 * boards) for u in units] == expected
    result = equity(hands, board=board, dead=dead)
    assert result.exact
    assert [p.equity for p in result.players] == [u / 2520 / boards for u in units]
    assert sum(expected) == 1


@pytest.mark.exhaustive
def test_exact_preflop_equals_brute_force(impl: ModuleType) -> None:
    units, _, _, boards = impl.exact_showdowns(
        [[to_index(c) for c in cards("AhKh")], [to_index(c) for c in cards("QsQd")]]
    )
    assert boards == 1712304
    assert [Fraction(u, 2520 * boards) for u in units] == brute_force(["AhKh", "QsQd"])


def test_hands_of_fewer_cards_equal_brute_force(impl: ModuleType) -> None:
    # The kernel takes hands of one or no card too (six- or five-card showdowns).
    hands, board = ["Ah", "Kd Kc", ""], "2h 7h 9h Jc"
    units, _, _, boards = impl.exact_showdowns(
        [[to_index(c) for c in cards(h)] for h in hands], [to_index(c) for c in cards(board)]
    )
    assert [Fraction(u, 2520 * boards) for u in units] == brute_force(hands, board)


def _deal_tables(deals: list[list[str]]) -> array[int]:
    return array("B", [to_index(c) for deal in deals for hand in deal for c in cards(hand)])


def test_deals_count_each_deal_weighted_and_as_many_times_as_asked(impl: ModuleType) -> None:
    deals = [["AhKh", "QsQd"], ["AhKd", "QsQc"], ["2c2d", "7h8h"]]
    weights, times = array("d", [1.0, 0.5, 2.0]), array("q", [1, 3, 2])
    board = [to_index(c) for c in cards("Qh 9h 3c")]
    got = impl.exact_deal_showdowns(_deal_tables(deals), weights, times, board, [to_index(card("4s"))])
    units, wins, weight, boards = [0.0, 0.0], [0.0, 0.0], 0.0, 0
    for deal, w, t in zip(deals, weights, times):
        one = impl.exact_showdowns([[to_index(c) for c in cards(h)] for h in deal], board, [to_index(card("4s"))])
        units = [u + w * t * x for u, x in zip(units, one.units)]
        wins = [u + w * t * x for u, x in zip(wins, one.wins)]
        weight += w * t * one.boards
        boards += t * one.boards
    assert (got.units, got.wins, got.weight, got.boards) == (units, wins, weight, boards)


def test_deals_same_in_both_and_on_any_thread_count(compiled: ModuleType, pure: ModuleType) -> None:
    import random

    rng = random.Random(4)
    board = [to_index(c) for c in cards("2c 2d 2h")]  # indices 0, 1, 2
    rows = [rng.sample(range(3, 52), 6) for _ in range(150)]  # three hands a deal, none on the board
    tables = (array("B", [c for r in rows for c in r]), array("d", [rng.random() for _ in rows]), array("q", [2] * 150))
    runs = [compiled.exact_deal_showdowns(*tables, board, threads=t) for t in (None, 2, 0)]
    assert runs[0] == runs[1] == runs[2]
    mirror = pure.exact_deal_showdowns(*tables, board)
    assert mirror.boards == runs[0].boards
    assert mirror.units == pytest.approx(runs[0].units, rel=1e-12) and mirror.weight == pytest.approx(runs[0].weight)


@pytest.mark.parametrize(
    "deals, weights, times, board, message",
    [
        ([0, 1, 2], [1.0], [1], [], "expected n > 0 deals"),
        ([0, 1, 2, 3], [1.0], [1, 1], [], "expected n > 0 deals"),
        ([0, 1, 2, 52], [1.0], [1], [], "52 is not a card index"),
        ([0, 1, 2, 1], [1.0], [1], [], "dealt twice"),
        ([0, 1, 2, 3], [1.0], [1], [3, 9, 10], "dealt twice"),
        ([0, 1, 2, 3], [float("nan")], [1], [], "weight must be finite"),
        ([0, 1, 2, 3], [1.0], [0], [], "times must be"),
    ],
)
def test_deal_kernels_check_their_input(
    impl: ModuleType, deals: list[int], weights: list[float], times: list[int], board: list[int], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        impl.exact_deal_showdowns(array("B", deals), array("d", weights), array("q", times), board)


@pytest.mark.parametrize("players, published", [(["AA", "KK"], 0.82), (["AKs", "QQ"], 0.46)])
def test_published_figures(players: list[str], published: float) -> None:
    # Exact where the compiled evaluator runs; a seeded Monte Carlo in a pure-only run.
    result = equity(players, seed=1)
    p = result.players[0]
    tolerance = 0.005 if result.exact else 0.005 + 4 * (p.stderr or 0)
    assert abs(p.equity - published) < tolerance


def test_ranges_exact_weights_the_deals() -> None:
    # AA against "AK": the aces block some AK combos; the exact answer weighs the deals that fit.
    result = equity(["AA", "AK"], board="2c 7d 9h Js")
    deals = []
    for aa in Range("AA").without("2c 7d 9h Js"):
        for ak in Range("AK").without("2c 7d 9h Js"):
            if not set(aa[0]) & set(ak[0]):
                deals.append((aa[0], ak[0]))
    total = [Fraction(0), Fraction(0)]
    for a, b in deals:
        shares = brute_force([" ".join(map(str, _text(a))), " ".join(_text(b))], "2c 7d 9h Js")
        total = [t + s for t, s in zip(total, shares)]
    assert result.exact
    assert result.players[0].equity == pytest.approx(float(total[0] / len(deals)), abs=1e-12)


def _range_table(text: str, blockers: str) -> tuple[array, array]:  # type: ignore[type-arg]
    combos = list(Range(text).without(blockers))
    return array("B", [to_index(c) for combo, _ in combos for c in combo]), array("d", [w for _, w in combos])


TWO_TO_TEN = " ".join(r + s for r in "23456789T" for s in "cdhs")  # dead, they keep every renaming of the suits

RANGE_CASES = [
    (["0.4(AA), KK", "AKs, 0.7(QQ)"], "2c 7d 9h Js", ""),
    (["AhKh", "0.25(AA), 0.5(AK)", "JJ-99:0.6"], "2c 7d 9h Js", "3s"),
    (["QQ+", "AK"], "2c 7d 9h Js 4h", ""),
    # Boards folded by renamings of the suits: all 24 (preflop), four, two.
    (["AA", "0.5(KK), AKs"], "", TWO_TO_TEN),
    (["AA, KK", "QQ", "0.5(JJ)"], "2c 2d 7h 7s", ""),
    (["AA", "KK, 0.5(QQ)"], "2c 2d 7h", ""),
]


@pytest.mark.parametrize("players, board, dead", RANGE_CASES)
def test_exact_ranges_equal_a_weighted_brute_force(impl: ModuleType, players: list[str], board: str, dead: str) -> None:
    tables = [_range_table(p, board + " " + dead) for p in players]
    units, wins, weight, boards = impl.exact_range_showdowns(
        tables, [to_index(c) for c in cards(board)], [to_index(c) for c in cards(dead)]
    )
    # The reference: every deal with itertools, brute_force's exact shares, Fraction weights.
    total, shares = Fraction(0), [Fraction(0)] * len(players)
    deals = 0
    for deal in product(*(list(Range(p).without(board + " " + dead)) for p in players)):
        held = [c for combo, _ in deal for c in combo]
        if len(set(held)) != len(held):
            continue
        w = Fraction(1)
        for _, x in deal:
            w *= Fraction(x)
        deals += 1
        each = brute_force([" ".join(_text(combo)) for combo, _ in deal], board, dead)
        shares = [s + w * e for s, e in zip(shares, each)]
        total += w
    assert boards == deals * comb(52 - len(cards(board)) - len(cards(dead)) - 2 * len(players), 5 - len(cards(board)))
    assert [u / 2520 / weight for u in units] == pytest.approx([float(s / total) for s in shares], abs=1e-12)
    assert sum(units) / 2520 == pytest.approx(weight, rel=1e-12)
    assert all(0 <= w <= u / 2520 + 1e-9 for w, u in zip(wins, units))


def test_exact_ranges_same_in_both_and_on_any_thread_count(compiled: ModuleType, pure: ModuleType) -> None:
    tables = [
        _range_table("JJ+, 0.5(AK)", "Ah 7d 2c 9s"),
        _range_table("TT-88, 0.3(AQs)", "Ah 7d 2c 9s"),
        (array("B", [5, 5, 6, 10]), array("d", [1.0, 2.0])),
    ]  # a combo repeating a card never fits
    args = (tables, [to_index(c) for c in cards("Ah 7d 2c 9s")], [])
    runs = [compiled.exact_range_showdowns(*args, threads=t) for t in (None, 2, 0)]
    assert runs[0] == runs[1] == runs[2]
    units, wins, weight, boards = pure.exact_range_showdowns(*args)
    assert boards == runs[0][3]
    assert units == pytest.approx(runs[0][0], rel=1e-12) and weight == pytest.approx(runs[0][2], rel=1e-12)
    with pytest.raises(ValueError, match="weight must be finite"):
        compiled.exact_range_showdowns([(array("B", [0, 1]), array("d", [float("nan")]))] * 2)


@pytest.mark.parametrize("players, board, dead", RANGE_CASES)
def test_ranges_deal_by_deal_equal_board_by_board(impl: ModuleType, players: list[str], board: str, dead: str) -> None:
    # Both ways through the ranges: each class of deals with all its boards, and each class of boards.
    from handrank._kernels.equity import deal_classes, suit_symmetries

    tables = [_range_table(p, board + " " + dead) for p in players]
    b, d = [to_index(c) for c in cards(board)], [to_index(c) for c in cards(dead)]
    by_boards = impl.exact_range_showdowns(tables, b, d)
    deals, weights, times = deal_classes(tables, b, d, suit_symmetries(tables, b, d))
    by_deals = impl.exact_deal_showdowns(array("B", deals), array("d", weights), array("q", times), b, d)
    assert by_deals.boards == by_boards.boards
    assert by_deals.units == pytest.approx(by_boards.units, rel=1e-12)
    assert by_deals.weight == pytest.approx(by_boards.weight, rel=1e-12)
    assert by_deals.wins == pytest.approx(by_boards.wins, rel=1e-12, abs=1e-9)


@pytest.mark.parametrize(
    "players, board, route",
    [
        (["AhKh", "QsQd"], "", "KnownHandsPart"),
        (["AA", "KK"], "", "DealsPart"),
        (["QQ+, AKs", "random"], "", "DealsPart"),
        (["QQ+, AK", "random"], "Kh 7d 2c", "RangePart"),
        (["random", "random"], "Kh 7d 2c 9s", "RangePart"),
    ],
)
def test_exact_takes_the_cheaper_way(players: list[str], board: str, route: str) -> None:
    from handrank.odds import equity_plan

    assert {type(part).__name__ for part in equity_plan(players, board, exact=True).parts} == {route}


def test_exact_ranges_in_parts_add_up_to_one_call(impl: ModuleType) -> None:
    from handrank._kernels.equity import range_parts

    tables = [_range_table("AA, KK", "2c 2d 7h"), _range_table("QQ, 0.5(AKs)", "2c 2d 7h")]
    board = [to_index(c) for c in cards("2c 2d 7h")]
    whole = impl.exact_range_showdowns(tables, board)
    n = range_parts(49, 2)
    cut = [impl.exact_range_showdowns(tables, board, firsts=(lo, hi)) for lo, hi in [(0, 5), (5, 20), (20, n)]]
    assert sum(p.boards for p in cut) == whole.boards
    assert sum(p.weight for p in cut) == pytest.approx(whole.weight, rel=1e-12)
    assert [sum(u) for u in zip(*(p.units for p in cut))] == pytest.approx(whole.units, rel=1e-12)
    assert impl.exact_range_showdowns(tables, board, firsts=(3, 3)).boards == 0
    for bad in [(0, n + 1), (2, 1), (-1, 2), [0, 1], (0.0, 1)]:
        with pytest.raises(ValueError, match="firsts must be"):
            impl.exact_range_showdowns(tables, board, firsts=bad)


def _text(combo: tuple[int, int]) -> list[str]:
    from handrank import card_str

    return [card_str(c) for c in combo]


def test_monte_carlo_within_three_standard_errors() -> None:
    exact = equity(["AhKh", "QsQd", "7c6c"], board="2c 7d").players
    sampled = equity(["AhKh", "QsQd", "7c6c"], board="2c 7d", exact=False, trials=200_000, seed=3).players
    for e, s in zip(exact, sampled):
        assert s.stderr is not None and 0 < s.stderr < 0.01
        assert abs(s.equity - e.equity) < 3 * s.stderr
    assert sum(p.equity for p in sampled) == pytest.approx(1.0, abs=1e-12)


def test_monte_carlo_with_colliding_ranges() -> None:
    exact = equity(["AA", "AKs, KK"], board="2c 7d 9h").players[0].equity
    sampled = equity(["AA", "AKs, KK"], board="2c 7d 9h", exact=False, trials=200_000, seed=4).players[0]
    assert sampled.stderr is not None and abs(sampled.equity - exact) < 3 * sampled.stderr


def test_deterministic_for_a_seed_on_any_thread_count() -> None:
    runs = [equity(["AhKh", "QQ+, AKs"], exact=False, trials=50_000, seed=9, threads=t) for t in (None, 2, 0)]
    assert runs[0] == runs[1] == runs[2]
    assert equity(["AhKh", "QQ+, AKs"], exact=False, trials=50_000, seed=10) != runs[0]


def test_pure_deals_the_same_hands_as_compiled(compiled: ModuleType, pure: ModuleType, batch_kernel: str) -> None:
    # From three players on, a SIMD batch kernel (where there is one) ranks the hands: each in turn.
    combos = [c for c, _ in Range("QQ+, AKs").without("Ah Kh")]
    prob, alias = alias_table([1.0] * len(combos))
    villain = (array("B", [to_index(c) for combo in combos for c in combo]), array("d", prob), array("i", alias))
    hero = (array("B", [to_index(card("Ah")), to_index(card("Kh"))]), array("d", [1.0]), array("i", [0]))
    for board in ([], [0, 5, 10]):
        args = ([hero, villain], board, [], 3000, 77)
        assert compiled.sampled_showdowns(*args) == pure.sampled_showdowns(*args)
    # Weighted ranges (the alias tables' thresholds in play), three players whose ranges collide.
    weighted = [(c, w) for c, w in Range("0.3(TT-88), 0.7(AQs), KQo").without("Ah Kh")]
    prob, alias = alias_table([w for _, w in weighted])
    assert 0 < min(prob) < 1
    third = (array("B", [to_index(c) for combo, _ in weighted for c in combo]), array("d", prob), array("i", alias))
    args = ([hero, villain, third], [51, 2], [30], 5000, 3)
    assert compiled.sampled_showdowns(*args) == pure.sampled_showdowns(*args)
    # Ranges beside random hands, which the deck deals: the other way of dealing.
    players = [hero, villain, _random_hand(), third, _random_hand(), _random_hand()]
    assert random_hands(players, [7], []) == [False, False, True, False, True, True]
    args = (players, [7], [], 4000, 8)
    assert compiled.sampled_showdowns(*args) == pure.sampled_showdowns(*args)


def _random_hand(taken: frozenset[int] = frozenset()) -> tuple[array, array, array]:
    """Every pair of the cards not taken, each once, all alike: what the kernels deal as a random hand."""
    pairs = [(a, b) for a in range(52) for b in range(a + 1, 52) if a not in taken and b not in taken]
    prob, alias = alias_table([1.0] * len(pairs))
    return array("B", [c for pair in pairs for c in pair]), array("d", prob), array("i", alias)


def _known_hand(a: int, b: int) -> tuple[array, array, array]:
    return array("B", [a, b]), array("d", [1.0]), array("i", [0])


@pytest.mark.parametrize(
    ("known", "board", "dead", "n_random"),
    [
        ([], [], [], 3),
        ([], [], [], 6),
        ([], [], [], 10),
        ([], [0, 5, 9], [], 4),
        ([], [0, 5, 9, 12], [], 5),
        ([], [], [7, 8], 5),
        ([(48, 49)], [], [], 5),
        ([(48, 49)], [0], [], 3),
        ([(48, 49), (20, 22)], [], [5], 3),
        ([(48, 49)], [1, 2, 3], [], 4),
        ([], [], [], 2),  # heads-up: few draws, but no range beside them
        ([(48, 49)], [], [], 1),
        ([], [0, 5, 9, 12, 20], [], 2),
        ([(48, 49), (20, 22)], [0, 5, 9], [], 1),
        ([], [], [], 3),  # with the rows above, each preflop shape compiled apart (deck_blocks)
        ([(48, 49)], [], [], 2),
        ([(48, 49), (20, 22)], [], [], 1),
        ([], [], [], 4),
        ([(48, 49)], [], [], 3),
        ([], [], [], 5),
        ([(48, 49)], [], [], 4),
    ],
)
def test_random_hands_are_dealt_alike_in_both(
    compiled: ModuleType,
    pure: ModuleType,
    batch_kernel: str,
    known: list[tuple[int, int]],
    board: list[int],
    dead: list[int],
    n_random: int,
) -> None:
    # Random hands beside known hands only (no range): the compiled kernel of their own, the same deals.
    taken = {*board, *dead, *(c for pair in known for c in pair)}
    players = [_known_hand(*pair) for pair in known] + [_random_hand(frozenset(taken))] * n_random
    assert random_hands(players, board, dead) == [False] * len(known) + [True] * n_random
    args = (players, board, dead, 3000, 11)
    result = compiled.sampled_showdowns(*args)
    assert result == pure.sampled_showdowns(*args)
    assert result[3] == 3000 and sum(result[0]) == 2520 * 3000


def _sampled_range(text: str, blockers: str = "") -> tuple[array, array, array]:
    """A range's combos and the alias tables of their weights, as the Monte Carlo kernels take them."""
    combos = list(Range(text).without(blockers))
    prob, alias = alias_table([w for _, w in combos])
    return array("B", [to_index(c) for combo, _ in combos for c in combo]), array("d", prob), array("i", alias)


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AhKh", "QQ+, AKs"], "", ""),  # one range: its own tables, a deck for each combo
        (["AhKh", "0.3(TT-88), 0.7(AQs), KQo"], "2c 7d", "3s"),  # weighted: the thresholds in play
        (["AhKh", "AA, KK"], "", ""),  # combos that hold the known hand's cards, drawn again
        (["AhKh", "QsQd", "7c7d"], "", ""),  # known hands alone
        (["AhKh", "QsQd", "7c7d"], "2c 9h 3s 4d", "5s"),
        (["QQ+, AKs", "random"], "", ""),  # a range and a random hand
        (["QQ+, AKs", "random", "random", "random"], "Kh", ""),
        (["AA, KK", "QQ, JJ", "AKs"], "", ""),  # three ranges that collide: one table of the deals that fit
        (["0.4(AA), KK", "AKs, 0.7(QQ)"], "2c 7d 9h", "Js"),  # weighted deals
        (["QQ+, AKs", "JJ-99", "random"], "", ""),
        (["QQ+, AKs", "random", "random"], "", ""),  # three players, two random hands: a shape compiled apart
        (["AhKh", "QQ+, AKs", "random"], "", ""),  # a known hand, a range, a random hand
        (["AhKh", "QQ+, AKs", "random", "JJ-99", "random", "random"], "7c", ""),
        (["QQ+, AKs", "random", "random", "random"], "", ""),  # a range in the shapes compiled apart
        (["QQ+, AKs", "random", "random", "random", "random"], "", ""),
        (["QQ+, AKs", "random", "random", "random", "random", "random"], "", ""),
        (["22+, A2s+", "22+, K2s+", "random"], "", ""),  # 102 x 102 deals: more than DECKS, dealt as before
    ],
)
def test_ranges_are_dealt_alike_in_both(
    compiled: ModuleType, pure: ModuleType, batch_kernel: str, players: list[str], board: str, dead: str
) -> None:
    board_idx = [to_index(c) for c in cards(board)]
    dead_idx = [to_index(c) for c in cards(dead)]
    tables = []
    for p in players:
        if p == "random":
            tables.append(_random_hand(frozenset([*board_idx, *dead_idx])))
        else:
            tables.append(_sampled_range(p, board + " " + dead))
    args = (tables, board_idx, dead_idx, 3000, 21)
    result = compiled.sampled_showdowns(*args)
    assert result == pure.sampled_showdowns(*args)
    assert result[3] == 3000 and sum(result[0]) == 2520 * 3000


def test_joint_deals_weigh_each_deal_that_fits_by_its_combos() -> None:
    from handrank._kernels.sampling import alias_masses, joint_deals

    players = [_sampled_range("0.4(AA), KK"), _sampled_range("AKs, 0.7(QQ)"), _known_hand(0, 1)]
    flat, prob, alias = joint_deals(players, [False] * 3, [4], [])  # type: ignore[misc]
    masses = [alias_masses(list(p[1]), list(p[2])) for p in players[:2]]
    cards_of = [list(p[0]) for p in players[:2]]
    expected = {}
    for a in range(len(masses[0])):
        for b in range(len(masses[1])):
            held = {cards_of[0][2 * a], cards_of[0][2 * a + 1], cards_of[1][2 * b], cards_of[1][2 * b + 1]}
            if len(held) == 4 and not held & {0, 1, 4}:  # no card twice, none known or on the board
                expected[a, b] = masses[0][a] * masses[1][b]
    deals = list(zip(flat[::2], flat[1::2]))
    assert deals == sorted(expected)
    total = sum(expected.values())
    for d, mass in enumerate(alias_masses(prob, alias)):
        assert mass == pytest.approx(expected[deals[d]] / total, rel=1e-9)
    assert joint_deals(players[:1] + players[2:], [False] * 2, [], []) is None  # one range: its own tables
    with pytest.raises(ValueError, match="collide"):
        both_hold_0 = [(array("B", [0, 1, 0, 2]), array("d", [1.0, 1.0]), array("i", [0, 1]))] * 2
        joint_deals(both_hold_0, [False, False], [], [])


def test_monte_carlo_with_three_colliding_ranges() -> None:
    players = ["AA, KK", "QQ, JJ", "AKs"]
    exact = equity(players, board="2c 7d 9h").players
    sampled = equity(players, board="2c 7d 9h", exact=False, trials=200_000, seed=5).players
    for e, s in zip(exact, sampled):
        assert s.stderr is not None and abs(s.equity - e.equity) < 3 * s.stderr


def test_random_hands_come_from_the_deck_beside_ranges_with_decks_or_many_draws() -> None:
    r, known = _random_hand(), _known_hand(48, 49)
    ranged = (array("B", [0, 1, 2, 3]), array("d", [1.0, 1.0]), array("i", [0, 1]))
    assert random_hands([r, r], [], []) == [True, True]
    assert random_hands([known, r], [], []) == [False, True]
    assert random_hands([known, known], [], []) == [False, False]
    # Beside ranges with a deck for each of their deals, however few the cards drawn.
    assert random_hands([ranged, r], [], []) == [False, True]
    assert random_hands([ranged, ranged, r], [4, 5, 6], []) == [False, False, True]
    # Beside ranges with too many deals for decks: dealt from the deck only where many cards are drawn.
    wide = _random_hand(frozenset([0, 1, 2, 3]))  # 1,128 combos, not a random hand: 0 to 3 are not taken
    wide_ranged = (wide[0], array("d", [0.5] + [1.0] * (len(wide[1]) - 1)), wide[2])  # 1,128^2 deals
    assert random_hands([wide_ranged, wide_ranged, r], [], []) == [False, False, False]  # 2 + 5 cards
    assert random_hands([wide_ranged, wide_ranged, r, r, r], [], []) == [False, False, True, True, True]  # 6 + 5
    assert random_hands([wide_ranged, wide_ranged, r, r], [4, 5, 6], []) == [False, False, False, False]


def test_random_hands_beside_known_hands_that_clash_are_never_dealt(impl: ModuleType) -> None:
    for clash in ([_known_hand(48, 49), _known_hand(48, 50)], [_known_hand(48, 48)]):
        with pytest.raises(ValueError, match="collide"):
            impl.sampled_showdowns(clash + [_random_hand()] * 5, [], [], 100, 1)
        # As every kernel finds a clash, when it deals: no trial, no deal, no error.
        assert impl.sampled_showdowns(clash + [_random_hand()], [0, 1, 42], [], 0, 1)[3] == 0


def test_a_range_that_never_fits_the_known_hands_is_never_dealt(impl: ModuleType) -> None:
    hero = _known_hand(48, 49)
    for never in ([48, 0, 49, 1], [48, 0, 1, 2, 0, 1]):  # each combo holds a known card, or the deals collide
        villain = (array("B", never[:4]), array("d", [1.0, 1.0]), array("i", [0, 1]))
        third = (array("B", never[4:] or [10, 11]), array("d", [1.0]), array("i", [0]))
        with pytest.raises(ValueError, match="collide"):
            impl.sampled_showdowns([hero, villain, third], trials=100, seed=1)


def test_sampled_combo_repeating_a_card_never_fits(impl: ModuleType) -> None:
    # As in exact_range_showdowns: such a combo is never dealt; a range of nothing else never deals.
    mixed = (array("B", [5, 5, 6, 10]), array("d", [1.0, 1.0]), array("i", [0, 1]))
    hero = (array("B", [20, 21]), array("d", [1.0]), array("i", [0]))
    units, wins, squares, boards = impl.sampled_showdowns([mixed, hero], trials=4000, seed=3)
    assert boards == 4000 and sum(units) == 2520 * 4000
    exact_units, _, _, exact_boards = impl.exact_showdowns([[6, 10], [20, 21]])
    # Every trial holds 6 and 10: within four standard errors (at most 0.5 / sqrt(4000)) of exact.
    assert abs(units[0] / 2520 / 4000 - exact_units[0] / 2520 / exact_boards) < 4 * 0.5 / 4000**0.5
    with pytest.raises(ValueError, match="collide"):
        impl.sampled_showdowns([(array("B", [5, 5]), array("d", [1.0]), array("i", [0]))], trials=10)


def test_sampled_repeating_combo_same_in_both(compiled: ModuleType, pure: ModuleType) -> None:
    mixed = (array("B", [5, 5, 6, 10]), array("d", [1.0, 1.0]), array("i", [0, 1]))
    hero = (array("B", [20, 21]), array("d", [1.0]), array("i", [0]))
    args = ([mixed, hero], [], [], 2000, 3)
    assert compiled.sampled_showdowns(*args) == pure.sampled_showdowns(*args)


def test_alias_tables_sample_the_weights() -> None:
    weights = [0.5, 1.0, 0.25, 1.0]
    prob, alias = alias_table(weights)
    n = len(weights)
    mass = [0.0] * n
    for i in range(n):  # each slot is chosen 1/n of the time, then kept or aliased
        mass[i] += prob[i] / n
        mass[alias[i]] += (1 - prob[i]) / n
    assert mass == pytest.approx([w / sum(weights) for w in weights])
    for alike in (1.0, 2.0, 0.1 + 0.2, 1 / 94 / 34, 1e-300):  # all alike: every slot keeps its own
        for n in (1, 5, 2802):
            assert alias_table([alike] * n) == ([1.0] * n, list(range(n)))
    nearly = [0.1 + 0.2] * 3 + [0.3]  # 0.30000000000000004 is not 0.3: the construction, not the shortcut
    assert alias_masses(*alias_table(nearly)) == pytest.approx([w / sum(nearly) for w in nearly], rel=1e-15)


@pytest.mark.parametrize(
    "players, kwargs, message",
    [
        (["AhKh"], {}, "expected 2 to 10 players"),
        (["AhKh", "AhQh"], {}, "duplicate card: Ah .dealt twice"),
        (["AhKh", "QsQd"], {"board": "Ah 2c 3c"}, "dealt twice"),
        (["AhKh", "AA"], {"board": "Ad As Ac"}, "player 1's range has no combo left"),
        (["AhKh", "QQ+ x"], {}, "bad range part"),
        (["AhKh", "Qs"], {}, "a hand is two hole cards"),
        (["AhKh", "QsQd"], {"board": "2c 3c 4c 5c 6c 7c"}, "at most 5 board cards"),
    ],
)
def test_bad_input(players: list[str], kwargs: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        equity(players, **kwargs)


INTERRUPT = """
import os, signal, sys, threading, time
import handrank
assert handrank.IMPLEMENTATION == sys.argv[1]
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
start = time.perf_counter()
try:  # hours of work, forced: every deal of three random ranges on the flop or preflop, or 10**11 trials
    if sys.argv[3] == "exact":
        handrank.equity(["random", "random", "random"], board="Ad 7h Qs", exact=True, threads=int(sys.argv[2]), force=True)
    elif sys.argv[3] == "preflop":
        handrank.equity(["random", "random", "random"], exact=True, threads=int(sys.argv[2]), force=True)
    elif sys.argv[3] == "deals":  # 20,000 preflop deals, a millisecond each
        from array import array
        deals, weights, times = array("B", [51, 47, 0, 4] * 20000), array("d", [1.0] * 20000), array("q", [1] * 20000)
        handrank._switch.evaluator.exact_deal_showdowns(deals, weights, times, threads=int(sys.argv[2]))
    elif sys.argv[3] == "matrix":  # 200,000 boards of the preflop matrix's count, 50 us each
        from array import array
        from handrank._preflop import pair_classes
        boards = memoryview(bytearray(range(5)) * 200000).cast("B", (200000, 5))
        handrank._switch.evaluator.class_wins(boards, array("I", [1] * 200000), pair_classes(), threads=int(sys.argv[2]))
    else:
        handrank.equity(["AhKh", "QQ+, AKs"], exact=False, trials=10**11, seed=1, threads=int(sys.argv[2]), force=True)
except KeyboardInterrupt:
    print(f"interrupted {time.perf_counter() - start:.1f}")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to oneself is a POSIX thing")
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("work", ["exact", "preflop", "deals", "matrix", "monte carlo"])
def test_ctrl_c_stops_long_work(compiled: ModuleType, threads: int, work: str) -> None:
    for implementation in ("cython", "python"):
        env = dict(os.environ, HANDRANK_PURE_PYTHON="1" if implementation == "python" else "0")
        done = subprocess.run(
            [sys.executable, "-c", INTERRUPT, implementation, str(threads), work.split()[0]],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.stdout.startswith("interrupted"), (implementation, done.stdout, done.stderr)
        assert float(done.stdout.split()[1]) < 10


WORKER_INTERRUPT = """
import signal, sys, threading, time
import handrank
sent = []
def ctrl_c():  # to a worker thread once the job has one, where the system may put a terminal's Ctrl-C
    while not any(t.name.startswith("handrank-worker") for t in threading.enumerate()):
        time.sleep(0.01)
    time.sleep(0.2)
    worker = next(t for t in threading.enumerate() if t.name.startswith("handrank-worker"))
    sent.append(time.perf_counter())
    signal.pthread_kill(worker.ident, signal.SIGINT)
threading.Thread(target=ctrl_c, daemon=True).start()
try:
    if sys.argv[1] == "deals":  # the exact kernel over 20,000 preflop deals, a millisecond each
        from array import array
        deals, weights, times = array("B", [51, 47, 0, 4] * 20000), array("d", [1.0] * 20000), array("q", [1] * 20000)
        handrank._switch.evaluator.exact_deal_showdowns(deals, weights, times, threads=2)
    else:
        handrank.equity(["AhKh", "QQ+, AKs"], exact=False, trials=10**11, seed=1, threads=2, force=True)
    print("finished")
except KeyboardInterrupt:
    print(f"interrupted {time.perf_counter() - sent[0]:.1f}")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a thread is a POSIX thing")
@pytest.mark.parametrize("work", ["deals", "monte carlo"])
def test_ctrl_c_a_worker_thread_takes_stops_an_equity_job(compiled: ModuleType, work: str) -> None:
    # Python runs the handler in the main thread, which only waits on the workers: it must still
    # see the signal and stop the job.
    done = subprocess.run(
        [sys.executable, "-c", WORKER_INTERRUPT, work.split()[0]], capture_output=True, text=True, timeout=120
    )
    assert done.stdout.startswith("interrupted"), (done.stdout, done.stderr)
    assert float(done.stdout.split()[1]) < 1.5  # seconds from the signal


def test_explicit_combos_are_a_range_not_a_hand() -> None:
    # "AhAd, AhAc" reads as four cards too; as a player it is two combos.
    text = equity(["AhAd, AhAc", "KK"], board="2c 7d 9h")
    assert text == equity([Range("AhAd, AhAc"), "KK"], board="2c 7d 9h")
    with pytest.raises(ValueError, match="the ranges leave no deal"):
        equity(["AhAd, AhAc", "AdKd, AcKc"], board="Ac 2c 3d", exact=True)


def test_kernels_check_their_input(impl: ModuleType) -> None:
    with pytest.raises(ValueError, match="not a card index: 52"):
        impl.exact_showdowns([[52, 1], [2, 3]])
    with pytest.raises(ValueError, match="dealt twice"):
        impl.exact_showdowns([[0, 1], [1, 3]])
    with pytest.raises(ValueError, match="alias table entry"):
        impl.sampled_showdowns([(array("B", [0, 1]), array("d", [1.0]), array("i", [3]))] * 2, trials=10)
    three = (array("B", [0, 1, 2, 3, 4, 5]), array("d", [1.0] * 3), array("i", [0, 9, -2]))
    with pytest.raises(ValueError, match="player 1: alias table entry 9 out of range"):  # the first bad one
        impl.sampled_showdowns([_known_hand(8, 9), three], trials=10)
    impossible = (array("B", [0, 1]), array("d", [1.0]), array("i", [0]))
    with pytest.raises(ValueError, match="collide"):
        impl.sampled_showdowns([impossible, impossible], trials=10)
    # 38 dead cards and two hands leave 10 cards: enough. 39 leave 9 ... 43 leave 5, 44 leave 4: never a board.
    hands = [
        (array("B", [48, 49]), array("d", [1.0]), array("i", [0])),
        (array("B", [50, 51]), array("d", [1.0]), array("i", [0])),
    ]
    assert impl.sampled_showdowns(hands, [], range(43), 10, 1)[3] == 10
    with pytest.raises(ValueError, match="not enough cards left"):
        impl.sampled_showdowns(hands, [], range(44), 10, 1)


@pytest.mark.parametrize("trials", [0, -5, 2.5, True, "100"])
def test_trials_must_be_a_positive_int(trials: object) -> None:
    with pytest.raises(ValueError, match="trials must be"):
        equity(["AhKh", "QsQd"], exact=False, trials=trials)  # type: ignore[arg-type]


def test_exact_none_weighs_the_work_of_ranges_against_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # On the river the ranges' work is one board: each live combo ranked, then a sweep as long again.
    from handrank import IMPLEMENTATION, odds

    players, board = ["QQ+, AKs", "JJ-88, AQs+, KQs"], "Ad 7h Qs 9c 2d"
    work = 2 * sum(len(Range(p).without(board)) for p in players)
    assert odds.exact_work(players, board) == work
    monkeypatch.setitem(odds.EXACT_BUDGET, IMPLEMENTATION, work - 1)
    assert not equity(players, board=board, seed=1).exact
    monkeypatch.setitem(odds.EXACT_BUDGET, IMPLEMENTATION, work)
    assert equity(players, board=board).exact


def test_exact_work_counts_a_range_once_and_folds_renamed_boards() -> None:
    from handrank import odds

    # "random" twice is ranked once a board; preflop, every renaming of the suits keeps the question.
    assert odds.exact_work(["random", "random"], "Ad 7h Qs 9c 2d") == 2 * len(Range("random").without("Ad 7h Qs 9c 2d"))
    folded = odds.exact_work(["AA", "KK"])
    assert folded < comb(52, 5) * 2 * 12 / 10


@pytest.mark.parametrize("exact, trials", [(False, None), (None, 2000), (False, 2000)])
def test_monte_carlo_asked_for_plans_no_enumeration(
    monkeypatch: pytest.MonkeyPatch, exact: bool | None, trials: int | None
) -> None:
    # The renamings that fold the exact boards took 30 ms a call for six random hands: Monte Carlo never needs them.
    from handrank import _equity_plan

    def fail(*args: object) -> None:
        raise AssertionError("suit_symmetries called for Monte Carlo")

    players = ["random"] * 5 + ["QQ+, AKs"]
    expected = equity(players, board="Ad 7h", exact=exact, trials=trials, seed=3)
    monkeypatch.setattr(_equity_plan, "suit_symmetries", fail)
    assert equity(players, board="Ad 7h", exact=exact, trials=trials, seed=3) == expected
    assert not expected.exact
    with pytest.raises(AssertionError, match="Monte Carlo"):
        equity(players, board="Ad 7h 2c 9s 3d")  # a river is cheap enough to enumerate: costed


def test_players_alike_share_one_table_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # A short call for six random hands spent most of its time building and checking six equal tables.
    from handrank import odds
    from handrank._kernels import sampling as sampling_setup

    plan = odds.equity_plan(["AhKh", *["random"] * 4, "QQ+, AKs"], board="2c", trials=1000, seed=5, parts=1)
    tables = plan.parts[0].tables  # type: ignore[union-attr]
    assert all(t is tables[1] for t in tables[1:5])  # the random hands: the same cards left out
    assert tables[0] is not tables[1] and tables[5] is not tables[1]
    assert tables[0][0].tolist() == [to_index(c) for c in cards("AhKh")]
    assert len(tables[1][1]) == comb(52 - 3, 2) and len(tables[5][1]) == 6 + 3 + 3 + 3  # QQ, KK, AA, AKs beside AhKh
    checked: list[int] = []
    check_combos = sampling_setup._check_combos
    monkeypatch.setattr(sampling_setup, "_check_combos", lambda i, *args: checked.append(i) or check_combos(i, *args))
    result = odds.run_part(plan.parts[0])
    assert checked == [0, 1, 5]
    monkeypatch.undo()
    assert result == odds.run_part(plan.parts[0])
    random_ = odds.equity_plan(["random"] * 2, board="2c", trials=1000, seed=5, parts=1).parts[0].tables  # type: ignore[union-attr]
    assert random_[0] is random_[1] and list(random_[0][2]) == list(range(len(random_[0][2])))


def test_a_bad_player_is_named_beside_players_alike(compiled: ModuleType, pure: ModuleType) -> None:
    table = _random_hand()
    bad = (array("B", [0, 1, 2, 60]), array("d", [1.0, 1.0]), array("i", [0, 1]))
    for impl in (compiled, pure):
        with pytest.raises(ValueError, match="player 2: 60 is not a card index"):
            impl.sampled_showdowns([table, table, bad, table], [], [], 100, 1)


@pytest.mark.parametrize("exact", [None, True, False])
def test_too_few_cards_left_for_a_board(exact: bool | None) -> None:
    # Ten hole cards and 38 dead cards leave four: no board can be dealt (this once hung Monte Carlo).
    dead = [card_str(c) for c in DECK[:38]]
    with pytest.raises(ValueError, match="not enough cards left"):
        equity(["AhAd", "KhKd", "QhQd", "AcKc", "AsKs"], dead=" ".join(dead), exact=exact, trials=100, seed=1)


def test_preflop_table() -> None:
    table = preflop_table("AhKh", trials=3000, seed=1)
    assert len(table) == 169
    assert table["AA"] < 0.2 < table["72o"] and 0.38 < table["QQ"] < 0.52


def test_exact_preflop_table(compiled: ModuleType) -> None:
    table = preflop_table("AKs", exact=True)
    assert len(table) == 169 and table["AKs"] == 0.5
    for cls in ("QQ", "72o", "AKo", "T9s"):
        assert table[cls] == equity(["AKs", cls], exact=True).players[0].equity


class _LyingArray(array):  # type: ignore[type-arg]
    """An array whose len() and iteration claim more than its buffer holds."""

    def __len__(self) -> int:
        return 400

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter([0, 1] * 200)


class _Showing(array):  # type: ignore[type-arg]
    """An array whose buffer is honest but whose iteration and items show other values."""

    shown: list[float] = []

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.shown)

    def __getitem__(self, i):  # type: ignore[no-untyped-def]
        return self.shown[i]


def _showing(code: str, values: list[float], shown: list[float]) -> array:  # type: ignore[type-arg]
    out = _Showing(code, values)
    out.shown = shown
    return out


def test_the_kernels_read_each_object_once_whatever_it_shows_again(impl: ModuleType) -> None:
    # Player 1's buffers hold one combo; its iteration and items show player 0's two. The kernels
    # read the buffers once and everything else from that reading: the answer is the honest one
    # (the compiled kernel read past player 1's buffers before, through player 0's list).
    first = (array("B", [0, 1, 4, 5]), array("d", [1.0, 1.0]))
    liar = (_showing("B", [8, 9], [0, 1, 4, 5]), _showing("d", [1.0], [1.0, 1.0]))
    honest = (array("B", [8, 9]), array("d", [1.0]))
    board = [51, 47, 43]
    assert impl.exact_range_showdowns([first, liar], board) == impl.exact_range_showdowns([first, honest], board)
    tables = [(*first, array("i", [0, 1])), (*liar, _showing("i", [0], [0, 1]))]
    honest_tables = [(*first, array("i", [0, 1])), (*honest, array("i", [0]))]
    assert impl.sampled_showdowns(tables, board, trials=500, seed=3) == impl.sampled_showdowns(
        honest_tables, board, trials=500, seed=3
    )
    deals = _showing("B", [0, 1, 8, 9], [0, 1, 4, 5, 8, 9])
    assert impl.exact_deal_showdowns(deals, array("d", [1.0]), array("q", [1]), board) == impl.exact_deal_showdowns(
        array("B", [0, 1, 8, 9]), array("d", [1.0]), array("q", [1]), board
    )


class _Failing:
    """A player whose tables cannot be read: iteration raises what no kernel may raise."""

    def __iter__(self):  # type: ignore[no-untyped-def]
        raise NotImplementedError("no iteration here")


def test_an_object_that_fails_when_read_is_a_type_error(impl: ModuleType) -> None:
    other = (array("B", [50, 51]), array("d", [1.0]))
    with pytest.raises(TypeError, match="player 1: reading the tables raised NotImplementedError"):
        impl.exact_range_showdowns([other, _Failing()])
    with pytest.raises(TypeError, match="player 0: reading the combos raised NotImplementedError"):
        impl.exact_range_showdowns([(_Failing(), array("d", [1.0])), other])
    with pytest.raises(TypeError, match="reading the players raised NotImplementedError"):
        impl.sampled_showdowns(_Failing())


def test_a_plan_part_made_by_hand_reads_as_its_buffers() -> None:
    # odds.run_part runs any part it is given: the kernel behind it reads what the buffers hold.
    from handrank._equity_plan import RangePart
    from handrank.odds import run_part

    first = (array("B", [0, 1, 4, 5]), array("d", [1.0, 1.0]))
    liar = (_showing("B", [8, 9], [0, 1, 4, 5]), _showing("d", [1.0], [1.0, 1.0]))
    honest = (array("B", [8, 9]), array("d", [1.0]))
    made = RangePart([first, liar], [51, 47, 43], [], (0, 1), [(0, 1, 2, 3)], [0, 0])
    with pytest.raises(ValueError, match="sources must give each player"):
        run_part(made)
    # Without the renamings and the sources, the kernel works them out from what it read.
    made = RangePart([first, liar], [51, 47, 43], [], (0, 1), None, None)  # type: ignore[arg-type]
    fair = RangePart([first, honest], [51, 47, 43], [], (0, 1), None, None)  # type: ignore[arg-type]
    assert run_part(made) == run_part(fair)


def test_range_kernels_check_the_buffers_they_read(impl: ModuleType) -> None:
    # The checks read what the kernel reads: a buffer of 2 card indices is not 200 combos,
    # whatever len() and iteration say (the compiled kernel read past the buffer before).
    liar = _LyingArray("B", [0, 1])
    other = (array("B", [50, 51]), array("d", [1.0]))
    with pytest.raises(ValueError, match="player 0: the combos say len"):
        impl.exact_range_showdowns([(liar, array("d", [1.0] * 200)), other])
    with pytest.raises(ValueError, match="player 0: the combos say len"):
        impl.sampled_showdowns([(liar, array("d", [1.0] * 200), array("i", [0] * 200)), (*other, array("i", [0]))])
    weights = _LyingArray("d", [1.0])
    with pytest.raises(ValueError, match="player 1: the weights say len"):
        impl.exact_range_showdowns([other, (array("B", [2, 3]), weights)])
    aliases = _LyingArray("i", [0])
    with pytest.raises(ValueError, match="player 1: the aliases say len"):
        impl.sampled_showdowns([(*other, array("i", [0])), (array("B", [2, 3]), array("d", [1.0]), aliases)])


def test_the_compiled_range_kernels_check_their_buffers_themselves(
    compiled: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With the shared checks out of the way, the kernels still refuse a buffer they cannot read whole.
    import handrank._kernels.equity as equity_setup
    import handrank._kernels.sampling as sampling_setup

    monkeypatch.setattr(equity_setup, "range_args", lambda players, board, dead: (tuple(players), list(board), []))
    monkeypatch.setattr(
        sampling_setup,
        "sampling_args",
        lambda players, board, dead, trials: (tuple(players), list(board), [], [False] * 11, False),
    )
    with pytest.raises(ValueError, match="player 0: a range needs n > 0 combos"):
        compiled.exact_range_showdowns([(array("B", [0, 1]), array("d", [1.0, 1.0]))])
    with pytest.raises(ValueError, match="player 0: 200 is not a card index"):
        compiled.exact_range_showdowns([(array("B", [0, 200]), array("d", [1.0]))])
    with pytest.raises(ValueError, match="player 0: alias table entry 5 out of range"):
        compiled.sampled_showdowns([(array("B", [0, 1]), array("d", [1.0]), array("i", [5]))], trials=1)
    with pytest.raises(ValueError, match="player 0: 2 aliases for 1 combos"):
        compiled.sampled_showdowns([(array("B", [0, 1]), array("d", [1.0]), array("i", [0, 0]))], trials=1)
    one = (array("B", [0, 1]), array("d", [1.0]), array("i", [0]))
    with pytest.raises(ValueError, match="expected at most 10 players, got 11"):
        compiled.sampled_showdowns([one] * 11, trials=1)
    # Random hands told where there are too few cards for them: the shuffle would run off the deck.
    monkeypatch.setattr(
        sampling_setup,
        "sampling_args",
        lambda players, board, dead, trials: (tuple(players), [], list(dead), [True] * len(players), True),
    )
    with pytest.raises(ValueError, match="too few cards left for the random hands and the board"):
        compiled.sampled_showdowns([one] * 10, dead=list(range(40)), trials=1)
    # Decks told for more deals than DECKS allows, or deals that name combos a range lacks.

    wide = _random_hand()
    monkeypatch.setattr(
        sampling_setup,
        "sampling_args",
        lambda players, board, dead, trials: (tuple(players), [], list(dead), [False] * len(players), True),
    )
    with pytest.raises(ValueError, match="1758276 deals of the ranges, more than 4096 decks"):
        compiled.sampled_showdowns([wide, wide], trials=1)
    pair = (array("B", [0, 1, 2, 3]), array("d", [1.0, 1.0]), array("i", [0, 1]))
    for joint, message in [
        (([0, 2], [1.0], [0]), "deal 0: combo 2 out of range"),
        (([0, 1], [1.0], [1]), "deal alias table entry 1 out of range"),
        (([0, 1], [1.0], [0, 0]), "expected n > 0 deals"),
        (([0], [1.0], [0]), "expected n > 0 deals"),
        (([], [], []), "expected n > 0 deals"),
    ]:
        monkeypatch.setattr(sampling_setup, "joint_deals", lambda players, random, board, dead, joint=joint: joint)
        with pytest.raises(ValueError, match=message):
            compiled.sampled_showdowns([pair, pair], trials=1)
    monkeypatch.setattr(
        equity_setup,
        "deal_args",
        lambda deals, weights, times, board, dead: (2, list(board), list(dead), deals, weights, times),
    )
    with pytest.raises(ValueError, match="expected n > 0 deals"):
        compiled.exact_deal_showdowns(array("B", [0, 1, 2]), array("d", [1.0]), array("q", [1]))
    with pytest.raises(ValueError, match="200 is not a card index"):
        compiled.exact_deal_showdowns(array("B", [0, 1, 2, 200]), array("d", [1.0]), array("q", [1]))


def test_progress_runs_the_same_work_in_parts() -> None:
    """``progress`` splits the work (``odds.equity_plan``) and reports each part; the answer does not change."""
    cases: list[tuple[list[str], dict[str, object]]] = [
        (["AhKh", "QQ+, AKs", "random"], {"trials": 50_000, "seed": 4}),
        (["AhKh", "QsQd", "7c7d"], {"board": "2c 9h 3s"}),
        (["AhKh", "QsQd"], {"board": "2c 9h 3s Jd 4c"}),
    ]
    for players, options in cases:
        calls: list[tuple[int, int]] = []
        result = equity(players, progress=lambda done, total, seen=calls: seen.append((done, total)), **options)  # type: ignore[arg-type]
        assert result == equity(players, **options)  # type: ignore[arg-type]
        done = [d for d, _ in calls]
        assert calls and calls[-1][0] == calls[-1][1] and done == sorted(set(done))
        # The whole is the trials dealt, or every board counted.
        assert calls[-1][1] == options.get("trials", result.boards)
    ranged = equity(["AA, KK", "QQ, JJ, AKs"], board="2c 9h 3s 8d", exact=True, progress=lambda d, t: None)
    plain = equity(["AA, KK", "QQ, JJ, AKs"], board="2c 9h 3s 8d", exact=True)
    assert ranged.boards == plain.boards
    assert all(a.equity == pytest.approx(b.equity, abs=1e-12) for a, b in zip(ranged.players, plain.players))


def test_progress_counts_the_boards_of_unequal_parts() -> None:
    # A range's exact parts go by the first board card dealt: the first holds the most boards, the
    # last the fewest, and progress moves by each part's boards, not by one a part.
    calls: list[tuple[int, int]] = []
    players, board = ["AA, KK", "QQ, JJ, AKs"], "2c 9h 3s"
    equity(players, board=board, exact=True, progress=lambda done, total: calls.append((done, total)))
    steps = [b - a for a, b in zip([0] + [d for d, _ in calls], [d for d, _ in calls])]
    assert {total for _, total in calls} == {comb(49, 2)}  # every turn and river, once
    assert steps[0] > steps[-1] > 0 and len(set(steps)) > 1


def test_a_plan_works_out_the_suit_symmetries_once_for_all_its_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each part used to work them out again: 15 ms a call in the pure build, about 100 parts.
    from handrank import _equity_plan, odds
    from handrank._eval_py import equity as pure_equity
    from handrank._kernels import equity as _range_setup

    calls: list[int] = []
    derive = _range_setup.suit_symmetries

    def counted(*args: object) -> object:
        calls.append(1)
        return derive(*args)

    for module in (_range_setup, _equity_plan, pure_equity):
        monkeypatch.setattr(module, "suit_symmetries", counted)
    ticks: list[int] = []
    result = equity(["AA, KK", "QQ, JJ, AKs"], board="2c 9h 3s", exact=True, progress=lambda d, t: ticks.append(d))
    plan = odds.equity_plan(["AA, KK", "QQ, JJ, AKs"], board="2c 9h 3s", exact=True, parts=100)
    assert {type(part).__name__ for part in plan.parts} == {"RangePart"} and len(ticks) == len(plan.parts) > 10
    assert len(calls) == 2  # one for the call with progress, one for the plan made here
    monkeypatch.undo()
    plain = equity(["AA, KK", "QQ, JJ, AKs"], board="2c 9h 3s", exact=True)
    assert result.boards == plain.boards
    assert all(a.equity == pytest.approx(b.equity, abs=1e-12) for a, b in zip(result.players, plain.players))


def test_a_range_kernel_given_the_group_counts_as_one_that_works_it_out(impl: ModuleType) -> None:
    from handrank._kernels.equity import suit_symmetries

    tables = [_range_table("AA, KK", "2c 2d 7h"), _range_table("QQ, 0.5(AKs)", "2c 2d 7h")]
    board = [to_index(c) for c in cards("2c 2d 7h")]
    group = suit_symmetries(tables, board, [])
    assert len(group) > 1 and impl.exact_range_showdowns(tables, board, group=group) == impl.exact_range_showdowns(
        tables, board
    )
    # The identity alone folds nothing: every board is dealt, and the sums are the same.
    unfolded, folded = (
        impl.exact_range_showdowns(tables, board, group=[(0, 1, 2, 3)]),
        impl.exact_range_showdowns(tables, board),
    )
    assert unfolded.boards == folded.boards and unfolded.weight == pytest.approx(folded.weight, rel=1e-12)
    assert unfolded.units == pytest.approx(folded.units, rel=1e-12)
    for bad in [[], [(1, 0, 2, 3)], [(0, 1, 2, 3), (0, 1, 2, 3)], [(0, 1, 2, 9)], [(0, 1, 2)], 7, ["abcd"]]:
        with pytest.raises(ValueError, match="group must be"):
            impl.exact_range_showdowns(tables, board, group=bad)
    # Sources: a player's combos are read through its source's list, so a source must hold as many.
    same = [tables[0], tables[0], tables[1]]
    assert impl.exact_range_showdowns(same, board, sources=[0, 0, 2]) == impl.exact_range_showdowns(same, board)
    assert impl.exact_range_showdowns(same, board, sources=[0, 1, 2]) == impl.exact_range_showdowns(same, board)
    for bad_sources in [[0, 0], [0, 0, 0], [1, 1, 2], [0, 2, 2], [0, -1, 2], "abc", [[0], 0, 2]]:
        with pytest.raises(ValueError, match="sources must"):
            impl.exact_range_showdowns(same, board, sources=bad_sources)


def test_tallies_of_the_parts_add_up_to_the_whole() -> None:
    from handrank import odds

    plan = odds.equity_plan(["AhKh", "QQ+, AKs"], trials=8192, seed=3, parts=4)
    tallies = [part.run() for part in plan.parts]
    whole = odds.equity_plan(["AhKh", "QQ+, AKs"], trials=8192, seed=3, parts=1).parts[0].run()
    added = tallies[0] + tallies[1] + tallies[2] + tallies[3]
    assert len(plan.parts) == 4 and added == whole and added.boards == added.weight == 8192
    assert odds.combine(plan, tallies) == equity(["AhKh", "QQ+, AKs"], trials=8192, seed=3)


def test_long_work_is_refused_from_python_unless_forced() -> None:
    with pytest.raises(
        ValueError, match=r"exact enumeration would take about [\d,]+ (hours|days) on one core.*force=True"
    ):
        equity(["AhKh", "QQ+", "random", "random"], exact=True)
    with pytest.raises(ValueError, match=r"100,000,000,000 trials would take about .*force=True"):
        equity(["AhKh", "random"], trials=100_000_000_000)
    assert equity(["AhKh", "QsQd"], board="2c 7d 9h Js", exact=True).exact  # short work runs as before


def test_a_range_text_is_read_once_and_a_bad_one_fails_every_time() -> None:
    # Bots ask about the same few ranges call after call: the text is parsed once and kept.
    from handrank import odds

    assert odds.player_range("QQ+, AKs") is odds.player_range("QQ+, AKs") == Range("QQ+, AKs")
    assert odds.player_range("AhKh") is odds.player_range("AhKh") and len(odds.player_range("AhKh")) == 1
    for _ in range(2):
        with pytest.raises(ValueError, match="bad range part 'AKz'"):
            equity(["AhKh", "QQ+, AKz"], trials=100, seed=1)
        with pytest.raises(ValueError, match="a hand is two hole cards, got 3"):
            equity(["AhKhQd", "QQ+"], trials=100, seed=1)
