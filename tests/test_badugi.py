"""Badugi: every four-card hand against a reference written here from the rules (it shares no
code with the library), in both implementations, one by one and in batches; pokerkit's order;
the words; the errors."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from types import ModuleType

import numpy as np
import pytest

from handrank.badugi import WORST_BADUGI, badugi_best, badugi_size, describe_badugi
from handrank.cards import cards_str

LOW_ORDER = "A23456789TJQK"  # the ace lowest
TEXTS = [r + s for r in "23456789TJQKA" for s in "cdhs"]
"""The 52 cards as text, in handrank's index order."""


def reference_key(four: Sequence[str]) -> tuple[int, ...]:
    """The rule books' strength of four cards, smaller is better: the most cards whose ranks and
    suits all differ (fewer cards, a bigger first number), then their ranks, highest first, ace low."""
    best: tuple[int, ...] = (5,)
    for size in range(1, 5):
        for subset in combinations(four, size):
            if len({c[0] for c in subset}) == size and len({c[1] for c in subset}) == size:
                key = (4 - size, *sorted((LOW_ORDER.index(c[0]) for c in subset), reverse=True))
                best = min(best, key)
    return best


@lru_cache(maxsize=1)
def reference() -> tuple[np.ndarray, np.ndarray, dict[tuple[int, ...], int]]:
    """Every four-card hand (rows of 0-51 indices), its reference value (1 the best, as the distinct
    keys fall), and each key's value."""
    hands = list(combinations(range(52), 4))
    keys = [reference_key([TEXTS[i] for i in h]) for h in hands]
    value_of = {k: n for n, k in enumerate(sorted(set(keys)), 1)}
    return np.array(hands, dtype=np.uint8), np.array([value_of[k] for k in keys], dtype=np.uint16), value_of


def test_every_four_card_hand_has_the_reference_value(impl: ModuleType) -> None:
    hands, expected, value_of = reference()
    assert len(hands) == 270_725 and len(value_of) == WORST_BADUGI == 1092
    assert np.array_equal(impl.evaluate_badugi_many(hands), expected)
    # How many hands play four, three, two and one card (the docs give these counts).
    sizes = Counter(4 - key[0] for key in value_of)
    assert sizes == {4: 715, 3: 286, 2: 78, 1: 13}
    played = Counter(badugi_size(int(v)) for v in np.unique(expected))
    assert played == sizes


def test_single_calls_equal_the_batch_and_the_reference(impl: ModuleType) -> None:
    _, _, value_of = reference()
    rng = random.Random(4)
    for _ in range(3000):
        four = rng.sample(TEXTS, 4)
        expected = value_of[reference_key(four)]
        assert impl.evaluate_badugi(" ".join(four)) == expected
        assert impl.evaluate_badugi(four) == expected


@pytest.mark.peers
def test_pokerkit_orders_badugi_hands_alike() -> None:
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is not installed (pip install pokerkit)")
    from handrank import evaluate_badugi

    rng = random.Random(9)
    hands = [rng.sample(TEXTS, 4) for _ in range(1500)]
    theirs = [pokerkit.BadugiHand.from_game("".join(h)) for h in hands]
    ours = [evaluate_badugi(h) for h in hands]
    for _ in range(20_000):
        a, b = rng.randrange(len(hands)), rng.randrange(len(hands))
        assert (ours[a] < ours[b]) == (theirs[a] > theirs[b]) and (ours[a] == ours[b]) == (theirs[a] == theirs[b])


def test_words_sizes_and_the_cards_played() -> None:
    assert describe_badugi("4c 3d 2h As") == "4-3-2-A badugi"
    assert describe_badugi("Kc Kd Kh Ks") == "K one-card hand"
    assert describe_badugi("7c 5c 3h 2s") == "5-3-2 three-card hand"
    assert describe_badugi("7c 7d 3c 3d") == "7-3 two-card hand"
    assert [badugi_size(v) for v in (1, 715, 716, 1001, 1002, 1079, 1080, 1092)] == [4, 4, 3, 3, 2, 2, 1, 1]
    assert cards_str(badugi_best("7c 5c 3h 2s")) == "5c 3h 2s"
    assert cards_str(badugi_best("Ac Ad 2c 3h")) == "3h 2c Ad"
    with pytest.raises(ValueError, match="not a badugi value"):
        describe_badugi(0)


def test_bad_input_is_refused_alike(impl: ModuleType) -> None:
    with pytest.raises(ValueError, match="duplicate"):
        impl.evaluate_badugi("As As 2c 3d")
    with pytest.raises(ValueError, match="4"):
        impl.evaluate_badugi("As Kd 2c 3d 4h")
    with pytest.raises(ValueError, match="shape"):
        impl.evaluate_badugi_many(np.zeros((3, 5), dtype=np.uint8))
    with pytest.raises(ValueError, match="row 1: duplicate card"):
        impl.evaluate_badugi_many(np.array([[0, 5, 10, 15], [3, 3, 4, 5]], dtype=np.int32))
    with pytest.raises(ValueError, match="row 0: 52 is not a card index"):
        impl.evaluate_badugi_many(np.array([[52, 5, 10, 15]], dtype=np.uint8))
