"""Several decks: the scale against the reference in tests/reference.py (written from the rules),
with five of a kind added as the rules page states it, on every key and on random deals."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

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
