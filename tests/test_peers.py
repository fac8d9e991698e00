"""Same cards, same numbers as the peers (skipped, with the reason, where a peer is not installed)."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from handrank import DECK, card, card_str

pytestmark = pytest.mark.peers


def test_card_ints_are_treys_ints() -> None:
    treys = pytest.importorskip("treys", reason="treys is not installed (pip install treys)")
    for c in DECK:
        assert treys.Card.new(card_str(c)) == c


def test_ranks_equal_treys(impl: ModuleType) -> None:
    treys = pytest.importorskip("treys", reason="treys is not installed (pip install treys)")
    evaluator = treys.Evaluator()
    rng = random.Random(3)
    for _ in range(3000):
        n = rng.choice((5, 6, 7))
        hand = rng.sample(DECK, n)
        assert impl.evaluate(hand) == evaluator.evaluate(hand[:2], hand[2:])


def test_ranks_equal_phevaluator(impl: ModuleType) -> None:
    ph = pytest.importorskip("phevaluator", reason="phevaluator is not installed (pip install phevaluator)")
    rng = random.Random(4)
    for _ in range(3000):
        n = rng.choice((5, 6, 7))
        hand = rng.sample(DECK, n)
        assert impl.evaluate(hand) == ph.evaluate_cards(*(card_str(c) for c in hand))


def test_phevaluator_ids_are_our_indices() -> None:
    ph = pytest.importorskip("phevaluator", reason="phevaluator is not installed (pip install phevaluator)")
    assert ph.Card("As").id_ == 51 and ph.Card("2c").id_ == 0
    assert ph.Card("Kd").id_ == 4 * 11 + 1 == (DECK.index(card("Kd")))
