"""Several decks: the scale against the reference in tests/reference.py (written from the rules),
with five of a kind added as the rules page states it, on every key and on random deals."""

from __future__ import annotations

import random
from array import array
from itertools import combinations, combinations_with_replacement
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import Card, key5

import handrank as hr
from handrank.decks import WORST_DECKS_RANK, describe_decks, evaluate_decks

RANKS = "23456789TJQKA"


def reference_key(five: list[Card]) -> tuple[int, ...]:
    """The reference's key, five of a kind above everything it ranks."""
    ranks = {r for r, _ in five}
    return (10, *ranks) if len(ranks) == 1 else key5(five)


def text(hand: list[Card]) -> str:
    return " ".join(RANKS[r - 2] + s for r, s in hand)


def orders_agree(ranks: list[int], keys: list[tuple[int, ...]]) -> None:
    """Sorted by rank, the keys fall, and a rank is one key."""
    pairs = sorted(zip(ranks, keys))
    for (a, ka), (b, kb) in zip(pairs, pairs[1:]):
        assert (ka == kb) if a == b else (ka > kb), (a, ka, b, kb)


def test_every_rank_is_a_key_the_reference_orders_the_same_way() -> None:
    """Every multiset of five ranks, of mixed suits and of one suit: 12,376 hands, every rank of
    the scale among them."""
    hands = []
    for ranks in combinations_with_replacement(range(2, 15), 5):
        hands.append([(r, "cdhsc"[i]) for i, r in enumerate(ranks)])
        hands.append([(r, "s") for r in ranks])
    got = [evaluate_decks(text(h), decks=5) for h in hands]
    assert sorted(set(got)) == list(range(1, WORST_DECKS_RANK + 1))
    orders_agree(got, [reference_key(h) for h in hands])


@pytest.mark.parametrize(("decks", "size"), [(2, 5), (2, 7), (6, 7)])
def test_random_deals_order_as_the_reference_does(decks: int, size: int) -> None:
    rng = random.Random(decks * 10 + size)
    shoe = [(r, s) for r in range(2, 15) for s in "cdhs"] * decks
    hands = [rng.sample(shoe, size) for _ in range(400)]
    got = [evaluate_decks(text(h), decks=decks) for h in hands]
    orders_agree(got, [max(reference_key(list(f)) for f in combinations(h, 5)) for h in hands])


def test_one_deck_orders_as_the_plain_evaluator() -> None:
    rng = random.Random(1)
    deck = hr.cards(" ".join(r + s for r in RANKS for s in "cdhs"))
    hands = [rng.sample(deck, 7) for _ in range(500)]
    plain = [hr.evaluate(h) for h in hands]
    several = [evaluate_decks(h, decks=1) for h in hands]
    for (a, x), (b, y) in combinations(zip(plain, several), 2):
        assert (a < b) == (x < y) and (a == b) == (x == y)


# Hands the rules page's words decide.
WORKED = [
    ("Kh Kh Kd Kc 7s", "Kh Kd Kc Ks 5s", True),  # the same four kings: the kicker decides
    ("Qh Qh Qd 9c 9s", "Qs Qd Qc 8s 8h", True),  # the same three queens: the pair decides
    ("As As Ks Qs Js", "As Ks Qs Js 9s", True),  # flushes from the highest card down, pairs included
    ("7c 7c 7c 7c 7c", "As Ks Qs Js Ts", True),  # five of a kind above a royal flush
    ("As As As Ks Ks", "Ac Ad Ah Kc Kd", False),  # a full house of one suit is a full house
    ("Ah Ah Ad Ac 2h", "Ah Ad Ac As 2s", False),  # as is four of a kind
    ("9s 9s 5s 4s 2s", "Ac Ad Ah Kc Qd", True),  # a flush with a pair beats three of a kind
]


@pytest.mark.parametrize(("better", "worse", "strictly"), WORKED)
def test_worked_hands(better: str, worse: str, strictly: bool) -> None:
    a, b = evaluate_decks(better, decks=6), evaluate_decks(worse, decks=6)
    assert a < b if strictly else a == b


def test_words() -> None:
    assert describe_decks(1) == "Five aces"
    assert describe_decks(evaluate_decks("9s 9s 5s 4s 2s")) == "Flush, nine-nine-five-four-deuce"
    assert describe_decks(evaluate_decks("Ah Ah Kd Kc 2s")) == "Aces over kings"
    assert describe_decks(WORST_DECKS_RANK) == hr.describe(7462)
    assert all(describe_decks(r) for r in range(1, WORST_DECKS_RANK + 1))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: evaluate_decks("As As As Kd Qc", decks=2), "As is held 3 times; 2 deck"),
        (lambda: evaluate_decks("As As Kd Qc Jc", decks=1), "As is held 2 times; 1 deck holds it once"),
        (lambda: evaluate_decks("As Kd Qc Jc", decks=2), "expected 5 to 7 cards"),
        (lambda: evaluate_decks("As Kd Qc Jc Tc", decks=0), "1 or more"),
        (lambda: describe_decks(WORST_DECKS_RANK + 1), "from 1 to 12051"),
    ],
)
def test_bad_input_is_named(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


TOKENS = [r + s for r in "23456789TJQKA" for s in "cdhs"] + ["10h", "Zz", "As"]
TYPED = st.one_of(
    st.lists(st.sampled_from(TOKENS), min_size=3, max_size=8).map(" ".join),
    st.text(alphabet="23456789TJQKAcdhsJkXx ,10", max_size=24),
)
"""Hands as typed: card tokens (some wrong, some twice), or any text of card characters."""


@settings(max_examples=400, deadline=None)
@given(TYPED, st.integers(min_value=-1, max_value=8))
def test_any_text_gives_a_rank_or_a_named_error(text: str, decks: int) -> None:
    """Whatever is typed: a rank on the scale, or a ValueError with a message; nothing else."""
    try:
        rank = evaluate_decks(text, decks=decks)
    except ValueError as error:
        assert str(error)
    else:
        assert 1 <= rank <= WORST_DECKS_RANK


@pytest.mark.parametrize(("decks", "size"), [(2, 5), (2, 7), (6, 7)])
def test_the_best_five_is_the_hand_played(decks: int, size: int) -> None:
    """Five of the hand's cards (a card twice only where the hand holds it twice) whose key is the
    best of the hand's fives by the reference, named in order: larger sets first, then higher ranks."""
    from collections import Counter

    from handrank.decks import best_decks_five

    rng = random.Random(decks * 100 + size)
    shoe = [(r, s) for r in range(2, 15) for s in "cdhs"] * decks
    for _ in range(300):
        hand = rng.sample(shoe, size)
        five = best_decks_five(text(hand), decks=decks)
        played = [(RANKS.index(hr.card_str(c)[0]) + 2, hr.card_str(c)[1]) for c in five]
        assert not Counter(played) - Counter(hand), (hand, played)
        assert reference_key(played) == max(reference_key(list(f)) for f in combinations(hand, 5))
        ranks = [r for r, _ in played]
        if sorted(ranks) == [2, 3, 4, 5, 14]:
            assert ranks == [5, 4, 3, 2, 14]
        else:
            order = [(ranks.count(r), r) for r in ranks]
            assert order == sorted(order, reverse=True), played


def shoe_rows(decks: int, size: int, count: int, seed: int) -> np.ndarray:
    """``count`` random deals of ``size`` cards from ``decks`` decks shuffled together, as indices."""
    rng = np.random.default_rng(seed)
    shoe = np.tile(np.arange(52, dtype=np.uint8), decks)
    return np.array([rng.permutation(shoe)[:size] for _ in range(count)], dtype=np.uint8)


@pytest.mark.parametrize(("decks", "size"), [(2, 5), (2, 6), (2, 7), (6, 7), (7, 7)])
def test_both_evaluators_rank_every_decks_row_alike(
    compiled: ModuleType, pure: ModuleType, decks: int, size: int
) -> None:
    """Random deals from several decks: the compiled batch on one and two threads, the pure batch
    and each one's single call (from a list and from a tuple) agree row by row."""
    rows = shoe_rows(decks, size, 5000, decks * 10 + size)
    ranks = compiled.evaluate_decks_many(rows, decks)
    assert np.array_equal(ranks, pure.evaluate_decks_many(rows, decks))
    assert np.array_equal(ranks, compiled.evaluate_decks_many(rows, decks, threads=2))
    for row, rank in zip(rows[:300], ranks[:300]):
        held = [hr.DECK[v] for v in row]
        assert compiled.evaluate_decks(held, decks) == rank == pure.evaluate_decks(held, decks)
        assert compiled.evaluate_decks(tuple(held), decks) == rank
    assert ranks.min() >= 1 and ranks.max() <= WORST_DECKS_RANK


def test_every_five_of_any_ranks_and_suits_is_the_same_in_both_evaluators(
    compiled: ModuleType, pure: ModuleType
) -> None:
    """Each multiset of five ranks in every suit pattern that matters (one suit, or mixed with the
    repeated ranks in one suit or in several): the kernels agree on each, and each is the rank of
    the same hand read as text."""
    rows = []
    for ranks in combinations_with_replacement(range(13), 5):
        for suits in ([3] * 5, [0, 0, 0, 0, 1], [0, 1, 2, 3, 0], [3, 3, 2, 2, 1]):
            rows.append([4 * r + s for r, s in zip(ranks, suits)])
    batch = np.array(rows, dtype=np.int16)
    ranks = compiled.evaluate_decks_many(batch, 5)
    assert np.array_equal(ranks, pure.evaluate_decks_many(batch, 5))
    assert sorted(set(ranks.tolist())) == list(range(1, WORST_DECKS_RANK + 1))
    for row, rank in zip(rows[::37], ranks[::37]):
        assert evaluate_decks(" ".join(hr.card_str(hr.DECK[v]) for v in row), decks=5) == rank


def test_the_batch_is_the_single_call_through_the_public_names() -> None:
    rows = shoe_rows(2, 7, 400, 5)
    many = hr.evaluate_decks_many(rows)
    assert isinstance(many, np.ndarray) and many.dtype == np.uint16
    assert many.tolist() == [evaluate_decks([hr.DECK[v] for v in row]) for row in rows]
    flat = memoryview(array("B", rows[:3].ravel().tolist())).cast("B", (3, 7))
    assert isinstance(hr.evaluate_decks_many(flat), array) and list(hr.evaluate_decks_many(flat)) == many[:3].tolist()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda m: m.evaluate_decks("As As As Kd Qc", 2), "As is held 3 times; 2 decks hold it 2 times"),
        (lambda m: m.evaluate_decks([hr.DECK[51]] * 2 + hr.cards("Kd Qc Jc"), 1), "As is held 2 times; 1 deck"),
        (lambda m: m.evaluate_decks([hr.DECK[51]] * 6, 5), "As is held 6 times; 5 decks hold it 5 times"),
        (lambda m: m.evaluate_decks([1, 2, 3, 4, 5]), "not a card: 1"),
        (lambda m: m.evaluate_decks("As Kd Qc Jc"), "expected 5 to 7 cards, got 4"),
        (lambda m: m.evaluate_decks("As Kd Qc Jc Tc 9c 8c 7c"), "expected 5 to 7 cards, got 8"),
        (lambda m: m.evaluate_decks("As Kd Qc Jc Tc", 0), "1 or more, got 0"),
        (lambda m: m.evaluate_decks("As Kd Qc Jc Tc", True), "1 or more, got True"),
        (lambda m: m.evaluate_decks("As Kd Qc Jc Tc", 2.0), "1 or more, got 2.0"),
        (lambda m: m.evaluate_decks_many(np.array([[51, 47, 43, 39, 52]])), "row 0: 52 is not a card index"),
        (lambda m: m.evaluate_decks_many(np.array([[1, 2, 3, 4, 5], [51, 47, 43, 39, -1]])), "row 1: -1 is not"),
        (
            lambda m: m.evaluate_decks_many(np.array([[51, 51, 51, 39, 35]])),
            r"row 0: As is held 3 times; 2 dec.*\(index 51\)",
        ),
        (lambda m: m.evaluate_decks_many(np.array([[51, 51, 0, 1, 2]]), 1), "row 0: As is held 2 times; 1 deck"),
        (lambda m: m.evaluate_decks_many(np.array([[51, 47, 43, 39, 35]]), 0), "1 or more, got 0"),
        (lambda m: m.evaluate_decks_many(np.array([[51, 47, 43, 39]])), "expected 5, 6, 7 cards per row"),
    ],
)
def test_the_kernels_name_bad_input_alike(impl: ModuleType, call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call(impl)  # type: ignore[operator]


def test_more_decks_than_a_row_can_hold_allow_any_repeats() -> None:
    rows = np.array([[51] * 7, [0] * 5 + [51, 51]], dtype=np.uint8)
    assert hr.evaluate_decks_many(rows, decks=1000).tolist() == [1, evaluate_decks([hr.DECK[0]] * 5, decks=5)]
    assert evaluate_decks([hr.DECK[51]] * 7, decks=10**30) == 1
