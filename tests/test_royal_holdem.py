"""Royal hold'em: hold'em dealt from the twenty cards ten to ace. Its hands against the independent
reference (tests/reference.py), its equity against every board counted by the reference, the engine
dealing it, and the cards it refuses."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from engine_hands import play_at_random
from reference import best_key, key5, parse

import handrank as hr
from handrank.cards import card_str, cards, cards_str
from handrank.engine import Hand, Stakes, replay
from handrank.games import HOLDEM, ROYAL_CARDS, ROYAL_HOLDEM


def _reference(hand: list[int]) -> list[tuple[int, str]]:
    return parse(cards_str(hand))


def test_the_deck_is_the_twenty_cards_ten_to_ace() -> None:
    assert len(ROYAL_CARDS) == 20 and {card_str(c)[0] for c in ROYAL_CARDS} == set("TJQKA")
    assert set(ROYAL_CARDS) < set(HOLDEM.deck)


def test_every_five_card_hand_ranks_as_the_reference_and_the_classes_are_counted() -> None:
    hands = list(combinations(ROYAL_CARDS, 5))
    ours = {h: ROYAL_HOLDEM.strength(h[:2], h[2:]).high for h in hands}
    keys = {h: key5(_reference(list(h))) for h in hands}
    by_ours = sorted(hands, key=lambda h: ours[h])
    for better, worse in zip(by_ours, by_ours[1:]):  # the same order, ties and all
        assert (ours[better] < ours[worse]) == (keys[better] > keys[worse])
    classes = Counter(hr.class_name(rank) for rank in ours.values())
    assert classes == {
        "Royal Flush": 4,
        "Four of a Kind": 80,
        "Full House": 480,
        "Straight": 1020,
        "Three of a Kind": 1920,
        "Two Pair": 4320,
        "Pair": 7680,
    }  # no other flush, no high card: five ranks only


def test_cards_below_ten_are_refused() -> None:
    with pytest.raises(ValueError, match="royal hold'em deals ten to ace: 9s is not in its deck"):
        hr.winners(["As 9s", "Kh Kc"], "Ts Js Qs Kd Ad", game=ROYAL_HOLDEM)
    with pytest.raises(ValueError, match="9s is not in the deck of Royal hold'em"):
        hr.equity(["As 9s", "Kh Kc"], game="royal-holdem")
    with pytest.raises(ValueError, match="royal-holdem's 20 cards deal 2 cards each and a board to at most 6 players"):
        Hand([100] * 7, button=6, game="royal-holdem", seed=1)
    # A caller's own deal is refused when the hand is made, not at its showdown.
    with pytest.raises(ValueError, match="9h is not in the deck of Royal hold'em"):
        Hand.with_cards([100, 100], button=1, holes={0: "As Ks", 1: "9h Th"}, game="royal-holdem")
    with pytest.raises(ValueError, match="9s is not in the deck of Royal hold'em"):
        Hand([100, 100], button=1, game="royal-holdem", cards="As Ks Qs Js 9s Ts Ah Kh Qh Jh Ad Kd")


@pytest.mark.parametrize(("hands", "board"), [(["As Ks", "Qh Qd"], ""), (["Ac Td", "Kh Jh", "Qs Qc"], "Ah Ts Jd")])
def test_equity_counts_every_board_of_the_twenty_cards_as_the_reference_does(hands: list[str], board: str) -> None:
    result = hr.equity(hands, board=board, game="royal-holdem")
    holes, known = [cards(h) for h in hands], cards(board)
    left = [c for c in ROYAL_CARDS if c not in known and all(c not in h for h in holes)]
    shares = [0.0] * len(hands)
    boards = list(combinations(left, 5 - len(known)))
    for rest in boards:
        keys = [best_key(_reference([*h, *known, *rest])) for h in holes]
        best = [i for i, k in enumerate(keys) if k == max(keys)]
        for i in best:
            shares[i] += 1 / len(best)
    assert result.exact and result.boards == len(boards)
    assert [p.equity for p in result.players] == pytest.approx([s / len(boards) for s in shares], abs=1e-12)


def test_random_hands_keep_the_chips_deal_only_its_cards_and_replay() -> None:
    for seed in range(100):
        rng = random.Random(seed)
        seats = rng.randint(2, 6)
        stacks = [rng.choice([3, 20, 100]) for _ in range(seats)]
        limit = rng.choice(["no-limit", "pot-limit", "fixed-limit"])
        hand = Hand(stacks, button=seats - 1, stakes=Stakes(1, 2, limit=limit), game="royal-holdem", seed=seed)  # type: ignore[arg-type]
        play_at_random(hand, rng)
        assert sum(hand.stacks.values()) == sum(stacks)
        assert {c for h in hand.holes.values() for c in h} | set(hand.board) | set(hand.burned) <= set(ROYAL_CARDS)
        assert replay(hand.to_json()).state() == hand.state()
