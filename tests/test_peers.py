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


@pytest.mark.parametrize("peer", ["eval7", "pkrbot", "pokerkit", "phevaluator", "treys"])
def test_converters_round_trip(peer: str) -> None:
    pytest.importorskip(peer, reason=f"{peer} is not installed (pip install {peer})")
    from handrank import convert

    to, back = getattr(convert, f"to_{peer}"), getattr(convert, f"from_{peer}")
    assert back(to(DECK)) == list(DECK)
    assert back(to("As 10h 2c")) == [card("As"), card("Th"), card("2c")]


def test_converted_cards_rank_alike_in_the_peers() -> None:
    eval7 = pytest.importorskip("eval7", reason="eval7 is not installed (pip install eval7)")
    pkrbot = pytest.importorskip("pkrbot", reason="pkrbot is not installed (pip install pkrbot)")
    from handrank import convert, evaluate

    rng = random.Random(6)
    hands = [rng.sample(DECK, 7) for _ in range(400)]
    ours = [evaluate(h) for h in hands]
    theirs = [eval7.evaluate(convert.to_eval7(h)) for h in hands]
    bots = [pkrbot.evaluate(convert.to_pkrbot(h)) for h in hands]
    for i in range(len(hands)):
        for j in range(len(hands)):
            expected = (ours[i] < ours[j]) - (ours[i] > ours[j])  # lower rank is better
            assert (theirs[i] > theirs[j]) - (theirs[i] < theirs[j]) == expected
            assert (bots[i] > bots[j]) - (bots[i] < bots[j]) == expected


def test_missing_peer_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from handrank import convert

    monkeypatch.setitem(sys.modules, "eval7", None)
    with pytest.raises(ImportError, match="pip install eval7"):
        convert.to_eval7("As")
