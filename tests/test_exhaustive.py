"""Every hand of five, six and seven cards: counted and printed.

The class counts are those of docs/rules.md ("How many hands fall in each class").
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from types import ModuleType

import numpy as np
import pytest
from hands import all_hands, random_hands

from handrank import DECK, HandClass

pytestmark = pytest.mark.exhaustive

FIVE_CARD = {
    HandClass.STRAIGHT_FLUSH: 40,
    HandClass.FOUR_OF_A_KIND: 624,
    HandClass.FULL_HOUSE: 3744,
    HandClass.FLUSH: 5108,
    HandClass.STRAIGHT: 10200,
    HandClass.THREE_OF_A_KIND: 54912,
    HandClass.TWO_PAIR: 123552,
    HandClass.PAIR: 1098240,
    HandClass.HIGH_CARD: 1302540,
}
SEVEN_CARD = {
    HandClass.STRAIGHT_FLUSH: 41584,
    HandClass.FOUR_OF_A_KIND: 224848,
    HandClass.FULL_HOUSE: 3473184,
    HandClass.FLUSH: 4047644,
    HandClass.STRAIGHT: 6180020,
    HandClass.THREE_OF_A_KIND: 6461620,
    HandClass.TWO_PAIR: 31433400,
    HandClass.PAIR: 58627800,
    HandClass.HIGH_CARD: 23294460,
}
ROYAL_FLUSHES = {5: 4, 7: 4324}


def by_class(counts: list[int] | np.ndarray) -> dict[HandClass, int]:
    return {c: int(sum(counts[r] for r in c.ranks)) for c in HandClass}


def report(summary: list[str], title: str, classes: dict[HandClass, int], royal: int) -> None:
    summary.append(f"{title}: {sum(classes.values()):,} hands, {royal:,} royal flushes")
    summary.extend(f"  {c.display_name:<16}{n:>14,}" for c, n in classes.items())


@pytest.fixture(scope="module")
def five_card_hands() -> np.ndarray:
    return all_hands(5)


@pytest.fixture(scope="module")
def five_card_singles(compiled: ModuleType, pure: ModuleType) -> np.ndarray:
    """Every 5-card hand by single calls, compiled and pure, which must agree."""
    single_compiled = np.fromiter((compiled.evaluate5(*h) for h in combinations(DECK, 5)), np.uint16, comb(52, 5))
    single_pure = np.fromiter((pure.evaluate5(*h) for h in combinations(DECK, 5)), np.uint16, comb(52, 5))
    assert np.array_equal(single_compiled, single_pure)
    return single_compiled


def test_all_five_card_hands_compiled_equals_pure(
    compiled: ModuleType, five_card_hands: np.ndarray, five_card_singles: np.ndarray, batch_kernel: str
) -> None:
    assert np.array_equal(compiled.evaluate_many(five_card_hands), five_card_singles)


def test_all_five_card_hands_class_counts(impl: ModuleType, five_card_hands: np.ndarray, summary: list[str]) -> None:
    counts = (
        np.bincount(impl.evaluate_many(five_card_hands), minlength=7463)
        if impl.__name__.endswith("_c")
        else np.bincount([impl.evaluate5(*h) for h in combinations(DECK, 5)], minlength=7463)
    )
    assert counts[0] == 0 and np.count_nonzero(counts) == 7462
    assert by_class(counts) == FIVE_CARD
    assert counts[1] == ROYAL_FLUSHES[5]
    assert list(counts) == impl.rank_counts(5)
    report(summary, f"5-card hands ({impl.__name__})", by_class(counts), int(counts[1]))


def test_all_six_card_hands_equal_the_best_of_their_fives(
    compiled: ModuleType, summary: list[str], batch_kernel: str
) -> None:
    six = all_hands(6)
    assert len(six) == 20358520
    ranks = compiled.evaluate_many(six, threads=0)
    best = np.full(len(six), 7463, dtype=np.uint16)
    for drop in range(6):
        five = np.ascontiguousarray(np.delete(six, drop, axis=1))
        np.minimum(best, compiled.evaluate_many(five, threads=0), out=best)
    assert np.array_equal(ranks, best)
    counts = np.bincount(ranks, minlength=7463)
    assert list(counts) == compiled.rank_counts(6)
    report(summary, f"6-card hands (compiled, {batch_kernel} batch kernel)", by_class(counts), int(counts[1]))


def test_six_card_counts_pure_equals_compiled(compiled: ModuleType, pure: ModuleType) -> None:
    assert pure.rank_counts(6) == compiled.rank_counts(6)


def test_all_seven_card_hands_class_counts(compiled: ModuleType, summary: list[str]) -> None:
    seen = []
    counts = compiled.rank_counts(7, progress=lambda done, total: seen.append((done, total)))
    assert sum(counts) == comb(52, 7) == 133784560
    assert by_class(counts) == SEVEN_CARD
    assert counts[1] == ROYAL_FLUSHES[7]
    assert seen[-1] == (46, 46) and len(seen) == 46
    report(summary, "7-card hands (compiled, enumerated)", by_class(counts), counts[1])


def test_all_seven_card_hands_in_a_batch_equal_the_best_of_their_sixes(compiled: ModuleType, batch_kernel: str) -> None:
    # The batch kernel on every 7-card hand, one lowest card at a time (at most 18M rows in memory).
    counts = np.zeros(7463, dtype=np.int64)
    for low in range(46):
        higher = all_hands(6, 51 - low) + np.uint8(low + 1)
        seven = np.hstack([np.full((len(higher), 1), low, dtype=np.uint8), higher])
        ranks = compiled.evaluate_many(seven, threads=0)
        best = compiled.evaluate_many(higher, threads=0)
        for drop in range(6):
            six = np.ascontiguousarray(np.delete(seven, drop + 1, axis=1))
            np.minimum(best, compiled.evaluate_many(six, threads=0), out=best)
        assert np.array_equal(ranks, best), f"lowest card {low}"
        counts += np.bincount(ranks, minlength=7463)
    assert counts.tolist() == compiled.rank_counts(7)


def test_seven_card_counts_pure_equals_compiled(compiled: ModuleType, pure: ModuleType) -> None:
    # The pure side counts by combinatorics, the compiled side enumerates: every rank must agree.
    assert pure.rank_counts(7) == compiled.rank_counts(7)


@pytest.mark.parametrize("k", [6, 7])
def test_a_million_random_hands_pure_equals_compiled(compiled: ModuleType, pure: ModuleType, k: int) -> None:
    hands = random_hands(np.random.default_rng(1000 + k), 1_000_000, k)
    expected = compiled.evaluate_many(hands)
    assert np.array_equal(pure.evaluate_many(hands), expected)
    cards = [[DECK[i] for i in row] for row in hands[:100_000].tolist()]
    assert [compiled.evaluate(h) for h in cards] == expected[:100_000].tolist()
