"""Hands of one to four cards, as stud players show them: every such hand, high and low, against a
reference written here from the rules (it shares no code with the library), in both
implementations; the bring-in and the first to act; the words; the errors."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from math import comb
from types import ModuleType

import numpy as np
import pytest

from handrank.showing import bring_in, describe_showing, first_to_act

RANKS = "23456789TJQKA"
TEXTS = [r + s for r in RANKS for s in "cdhs"]
"""The 52 cards as text, in handrank's index order."""


def reference_key(cards: Sequence[str], low: bool) -> tuple[int, ...]:
    """The rule books' strength of up cards, bigger is better: four of a kind, three, two pair, a
    pair, high cards (no straight or flush among up cards), then the ranks that decide, the set's
    first. As an ace-to-five low the ace counts lowest and the weakest such hand is the best low,
    so a low's key is the high key of its ace-low ranks, negated."""
    ranks = [("A23456789TJQK" if low else RANKS).index(c[0]) for c in cards]
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    klass = {4: 4, 3: 3}.get(shape[0], 2 if shape[:2] == [2, 2] else 1 if shape[0] == 2 else 0)
    key = (klass, *(r for r, _ in groups))
    return tuple(-k for k in key) if low else key


@lru_cache(maxsize=8)
def reference(size: int, low: bool) -> tuple[np.ndarray, np.ndarray]:
    """Every hand of ``size`` cards (rows of 0-51 indices) and its value: 1 the best of its size."""
    hands = list(combinations(range(52), size))
    keys = [reference_key([TEXTS[i] for i in h], low) for h in hands]
    value_of = {k: n for n, k in enumerate(sorted(set(keys), reverse=True), 1)}
    return np.array(hands, dtype=np.uint8), np.array([value_of[k] for k in keys], dtype=np.uint16)


@pytest.mark.parametrize("low", [False, True])
@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_every_hand_of_one_to_four_cards_has_the_reference_value(impl: ModuleType, size: int, low: bool) -> None:
    hands, expected = reference(size, low)
    assert len(hands) == comb(52, size)
    assert int(expected.max()) == {1: 13, 2: 91, 3: 455, 4: 1820}[size]
    assert np.array_equal(impl.evaluate_partial_many(hands, low), expected)
    rng = random.Random(size)
    for row in rng.sample(range(len(hands)), min(300, len(hands))):
        shown = [TEXTS[i] for i in hands[row]]
        assert impl.evaluate_partial(" ".join(shown), low) == impl.evaluate_partial(shown, low) == expected[row]


def test_bring_in_and_first_to_act() -> None:
    # Stud: the lowest door card, ace high, clubs the lowest suit; razz: the highest, ace low, spades highest.
    assert bring_in({1: "2d", 2: "2c", 3: "As"}) == 2
    assert bring_in({1: "As", 2: "Kd"}) == 2
    assert bring_in({1: "Kh", 2: "Ks", 3: "Qc"}, low=True) == 2
    assert bring_in({1: "Ac", 2: "2d"}, low=True) == 2
    assert bring_in({"north": "9h", "south": "9s"}) == "north"
    # Later streets: the best showing hand, ties in the dealing order.
    assert first_to_act({1: "Kh Kd", 2: "As Ad", 3: "Qc Qd"}, order=[1, 2, 3]) == 2
    assert first_to_act({1: "Kh Kd", 3: "Ks Kc"}, order=[3, 1]) == 3
    assert first_to_act({1: "7h 5d", 2: "8s 2d", 3: "As Ad"}, order=[1, 2, 3], low=True) == 1
    assert first_to_act({1: "7h 7d 2c", 2: "Ks Qd Jc"}, order=[1, 2], low=True) == 2  # a pair is a poor low
    with pytest.raises(ValueError, match="duplicate"):
        bring_in({1: "2c", 2: "2c"})
    with pytest.raises(ValueError, match="order must name every seat"):
        first_to_act({1: "Kh", 2: "Qh"}, order=[1])


def test_words() -> None:
    assert describe_showing("Kh Kd 7c") == "Pair of kings"
    assert describe_showing("As Qd") == "Ace-queen high"
    assert describe_showing("9c 9d 9h 9s") == "Four nines"
    assert describe_showing("Jc Jd 4h 4s") == "Jacks over fours"
    assert describe_showing("7c 5d 3h As", low=True) == "7-5-3-A low"
    assert describe_showing("7c 7d 3h", low=True) == "Pair of sevens"


def test_bad_input_is_refused_alike(impl: ModuleType) -> None:
    with pytest.raises(ValueError, match="duplicate"):
        impl.evaluate_partial("As As")
    with pytest.raises(ValueError):
        impl.evaluate_partial("As Ks Qs Js Ts")
    with pytest.raises(TypeError, match="low must be True or False, got 'yes'"):
        impl.evaluate_partial("As", "yes")
    with pytest.raises(TypeError, match="low must be True or False"):
        impl.evaluate_partial_many(np.zeros((1, 2), dtype=np.uint8), 1)
    with pytest.raises(ValueError, match="shape"):
        impl.evaluate_partial_many(np.zeros((2, 5), dtype=np.uint8))
    with pytest.raises(ValueError, match="row 0: duplicate card"):
        impl.evaluate_partial_many(np.array([[7, 7]], dtype=np.uint8))
