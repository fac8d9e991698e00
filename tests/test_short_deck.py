"""Short deck (six-plus): every 5- and 7-card hand against a reference written here from the rules
(it shares no code with the library), both rules, both implementations, pokerkit's order, the
words, the class counts the docs give, and the games that deal it."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from math import comb
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

import numpy as np
import pytest

import handrank as hr
from handrank.cards import cards
from handrank.games import SHORT_DECK, SHORT_DECK_STRAIGHT_OVER_TRIPS, Game
from handrank.rules import settle, winners
from handrank.short_deck import (
    SHORT_DECK_CARDS,
    WORST_SHORT_DECK_RANK,
    describe_short_deck,
    short_deck_best_five,
    short_deck_class,
    short_deck_class_order,
)

RANKS = "6789TJQKA"
TEXTS = [r + s for r in RANKS for s in "cdhs"]
"""The 36 cards as text, in index order: handrank's index of TEXTS[i] is 16 + i."""
RULES = [True, False]  # three of a kind above a straight, or below it

# The reference -------------------------------------------------------------------------------------

CLASS_NAMES = ["HIGH_CARD", "PAIR", "TWO_PAIR", "", "", "FULL_HOUSE", "FLUSH", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH"]


def reference_key(five: Sequence[str], trips_beat_straight: bool) -> tuple[int, ...]:
    """A five-card hand's strength as the rule books order it, as a tuple (bigger is better): the
    class first (straight flush 8, four of a kind 7, flush 6, full house 5, then three of a kind and
    a straight at 4 and 3 in the rule's order, two pair 2, pair 1, high card 0), then the ranks."""
    ranks = sorted((RANKS.index(c[0]) for c in five), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    flush = len({c[1] for c in five}) == 1
    top = None
    if len(counts) == 5 and ranks[0] - ranks[4] == 4:
        top = ranks[0]
    elif ranks == [8, 3, 2, 1, 0]:  # ace, nine, eight, seven, six: the ace plays low, the nine tops it
        top = 3
    trips, straight = (4, 3) if trips_beat_straight else (3, 4)
    if top is not None and flush:
        return (8, top)
    if shape == [4, 1]:
        return (7, *order)
    if flush:
        return (6, *ranks)
    if shape == [3, 2]:
        return (5, *order)
    if top is not None:
        return (straight, top)
    if shape[0] == 3:
        return (trips, *order)
    if shape[:2] == [2, 2]:
        return (2, *order)
    if shape[0] == 2:
        return (1, *order)
    return (0, *ranks)


def reference_class(key: tuple[int, ...], trips_beat_straight: bool) -> str:
    if key[0] in (3, 4):
        return "THREE_OF_A_KIND" if (key[0] == 4) == trips_beat_straight else "STRAIGHT"
    return CLASS_NAMES[key[0]]


class Reference(NamedTuple):
    hands: np.ndarray  # every 5-card hand of the 36, rows of indices 0-35 in ``combinations`` order
    ranks: np.ndarray  # each one's reference rank: 1 the best, as the distinct keys fall best first
    classes: dict[int, str]  # each rank's class
    rank_of: dict[tuple[int, ...], int]  # each key's rank


@lru_cache(maxsize=2)
def reference_five(trips_beat_straight: bool) -> Reference:
    hands = list(combinations(range(36), 5))
    keys = [reference_key([TEXTS[i] for i in h], trips_beat_straight) for h in hands]
    rank_of = {k: n for n, k in enumerate(sorted(set(keys), reverse=True), 1)}
    classes = {n: reference_class(k, trips_beat_straight) for k, n in rank_of.items()}
    ranks = np.array([rank_of[k] for k in keys], dtype=np.uint16)
    return Reference(np.array(hands, dtype=np.uint8), ranks, classes, rank_of)


def colex(rows: np.ndarray) -> np.ndarray:
    """Each sorted row's place among all combinations of its size, in colexicographic order."""
    index = np.zeros(len(rows), dtype=np.int64)
    for j in range(rows.shape[1]):
        index += np.array([comb(v, j + 1) for v in range(36)], dtype=np.int64)[rows[:, j]]
    return index


def class_counts_in_the_docs() -> dict[str, list[int]]:
    """docs/rules.md's short-deck table: each class's values, five-card hands and seven-card hands
    under each rule."""
    text = (Path(__file__).parent.parent / "docs" / "rules.md").read_text()
    table = text.split("### How many short-deck hands fall in each class")[1].split("\n\n")[2]
    rows = {}
    for line in table.splitlines()[2:]:
        name, *numbers = (cell.strip() for cell in line.strip("|").split("|"))
        rows[name.upper().replace(" ", "_").replace("ONE_", "")] = [int(n.replace(",", "")) for n in numbers]
    return rows


DOCS = class_counts_in_the_docs()


# Five and seven cards, every hand ------------------------------------------------------------------


@pytest.mark.parametrize("trips_beat_straight", RULES)
def test_every_five_card_hand_ranks_as_the_reference(impl: ModuleType, trips_beat_straight: bool) -> None:
    hands, expected, classes, _ = reference_five(trips_beat_straight)
    assert len(hands) == 376_992 and int(expected.max()) == WORST_SHORT_DECK_RANK == 1404
    got = impl.evaluate_short_deck_many(hands + 16, trips_beat_straight)
    assert np.array_equal(got, expected)
    # The classes the reference gives each rank are the library's, and the docs count them.
    assert all(short_deck_class(r, trips_beat_straight).name == c for r, c in classes.items())
    assert Counter(classes.values()) == {name: row[0] for name, row in DOCS.items()}
    assert Counter(classes[int(r)] for r in expected) == {name: row[1] for name, row in DOCS.items()}


@pytest.mark.exhaustive
@pytest.mark.parametrize("trips_beat_straight", RULES)
def test_every_seven_card_hand_ranks_as_the_best_of_its_fives(trips_beat_straight: bool) -> None:
    # The reference's best of the 21 fives of each seven, the fives' ranks looked up by colex place.
    hands, ranks, classes, _ = reference_five(trips_beat_straight)
    by_place = np.empty(len(hands), dtype=np.uint16)
    by_place[colex(hands)] = ranks
    sevens = np.fromiter((i for h in combinations(range(36), 7) for i in h), dtype=np.uint8).reshape(-1, 7)
    assert len(sevens) == 8_347_680
    counts: Counter[str] = Counter()
    for start in range(0, len(sevens), 1 << 20):
        block = sevens[start : start + (1 << 20)]
        best = np.min([by_place[colex(block[:, list(f)])] for f in combinations(range(7), 5)], axis=0)
        got = hr.evaluate_short_deck_many(block + 16, trips_beat_straight)
        assert np.array_equal(got, best), start
        for value, n in zip(*(a.tolist() for a in np.unique(got, return_counts=True))):
            counts[classes[value]] += n
    column = 2 if trips_beat_straight else 3
    assert counts == {name: row[column] for name, row in DOCS.items()}


def reference_best(seven: Sequence[str], trips_beat_straight: bool) -> tuple[int, ...]:
    return max(reference_key(five, trips_beat_straight) for five in combinations(seven, 5))


@pytest.mark.parametrize("trips_beat_straight", RULES)
def test_six_and_seven_card_hands_order_as_the_reference(impl: ModuleType, trips_beat_straight: bool) -> None:
    # Each hand's rank is the reference rank of its best five, in both implementations, one by one.
    rank_of = reference_five(trips_beat_straight).rank_of
    rng = random.Random(11)
    for _ in range(1500):
        hand = rng.sample(TEXTS, rng.choice((6, 7)))
        expected = rank_of[reference_best(hand, trips_beat_straight)]
        assert impl.evaluate_short_deck(" ".join(hand), trips_beat_straight) == expected, hand
        assert impl.evaluate_short_deck(cards(hand), trips_beat_straight) == expected


# pokerkit, which plays the straight above three of a kind ------------------------------------------


@pytest.mark.peers
def test_pokerkit_orders_short_deck_hands_alike() -> None:
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is not installed (pip install pokerkit)")
    rng = random.Random(3)
    hands = [rng.sample(TEXTS, 7) for _ in range(2000)]
    theirs = [pokerkit.ShortDeckHoldemHand.from_game("".join(h[:2]), "".join(h[2:])) for h in hands]
    ours = [hr.evaluate_short_deck(" ".join(h), False) for h in hands]
    for _ in range(20_000):
        a, b = rng.randrange(len(hands)), rng.randrange(len(hands))
        assert (ours[a] < ours[b]) == (theirs[a] > theirs[b]) and (ours[a] == ours[b]) == (theirs[a] == theirs[b])


# Errors, the same in both implementations ---------------------------------------------------------


def test_bad_input_is_refused_alike(impl: ModuleType) -> None:
    with pytest.raises(ValueError, match="5s is not a short-deck card"):
        impl.evaluate_short_deck("As Ks Qs Js 5s")
    with pytest.raises(ValueError, match="duplicate"):
        impl.evaluate_short_deck("As As Qs Js Ts")
    with pytest.raises(ValueError, match="5 to 7"):
        impl.evaluate_short_deck("As Ks Qs Js")
    with pytest.raises(TypeError, match="trips_beat_straight must be True or False, got 1"):
        impl.evaluate_short_deck("As Ks Qs Js Ts", 1)
    rows = np.array([[51, 47, 43, 39, 35], [51, 47, 43, 39, 3]], dtype=np.int16)
    with pytest.raises(ValueError, match=r"row 1: 2s \(index 3\) is not a short-deck card"):
        impl.evaluate_short_deck_many(rows)
    with pytest.raises(ValueError, match="row 0: 60 is not a card index"):
        impl.evaluate_short_deck_many(np.array([[60, 47, 43, 39, 35]]))
    with pytest.raises(ValueError, match="row 0: duplicate card"):
        impl.evaluate_short_deck_many(np.array([[51, 51, 43, 39, 35]], dtype=np.uint8))
    assert list(impl.evaluate_short_deck_many(rows[:1].astype(np.uint64), threads=2)) == [1]


# Words, classes and the best five -----------------------------------------------------------------


def test_words_classes_and_best_five() -> None:
    assert describe_short_deck("As Ks Qs Js Ts") == "Royal flush"
    assert describe_short_deck("As 6s 7s 8s 9s") == "Nine-high straight flush"
    assert describe_short_deck("Ad 6s 7h 8c 9d") == "Nine-high straight"
    assert describe_short_deck("Kh Kd Kc 6s 6d", long=True) == "Full house, kings full of sixes"
    assert describe_short_deck(WORST_SHORT_DECK_RANK, long=True) == "High card, jack-nine-eight-seven-six"
    trips, straight = "6h 6d 6c 8s 9d", "Ts 9d 8h 7c 6s"
    assert hr.evaluate_short_deck(trips) < hr.evaluate_short_deck(straight)
    assert hr.evaluate_short_deck(trips, False) > hr.evaluate_short_deck(straight, False)
    order = [c.name for c, _ in short_deck_class_order()]
    assert order[2:6] == ["FLUSH", "FULL_HOUSE", "THREE_OF_A_KIND", "STRAIGHT"]
    assert [c.name for c, _ in short_deck_class_order(False)][4:6] == ["STRAIGHT", "THREE_OF_A_KIND"]
    assert short_deck_class_order()[-1][1] == WORST_SHORT_DECK_RANK
    both = "6h 6d 6c 7s 8d 9s Ts"  # three sixes and a ten-high straight
    assert hr.cards_str(short_deck_best_five(both)) == "Ts 9s 6h 6d 6c"  # highest index first
    assert hr.cards_str(short_deck_best_five(both, False)) == "Ts 9s 8d 7s 6h"
    with pytest.raises(ValueError, match="not a short-deck rank"):
        describe_short_deck(1405)
    assert len(SHORT_DECK_CARDS) == 36 and len(set(SHORT_DECK_CARDS)) == 36


# The games ----------------------------------------------------------------------------------------


def test_settle_and_winners_rank_by_the_game() -> None:
    board, hands = "Ah Kh 9h 9c 6d", {0: "As Ad", 1: "Qh 7h"}  # aces full of nines, and a flush
    assert winners(list(hands.values()), board) == [0]
    assert winners(list(hands.values()), board, game=SHORT_DECK) == [1]
    holdem = settle({0: 10, 1: 10}, button=0, hands=hands, board=board)
    short = settle({0: 10, 1: 10}, button=0, hands=hands, board=board, game=SHORT_DECK)
    assert holdem.pots[0].winners == (0,) and short.pots[0].winners == (1,)
    # Three sixes against a straight: the rule decides.
    board, hands = "6h 6d 7c 8s 9d", {0: "6c Ah", 1: "Ts Kh"}
    assert settle({0: 5, 1: 5}, button=0, hands=hands, board=board, game=SHORT_DECK).pots[0].winners == (0,)
    other = settle({0: 5, 1: 5}, button=0, hands=hands, board=board, game=SHORT_DECK_STRAIGHT_OVER_TRIPS)
    assert other.pots[0].winners == (1,)
    with pytest.raises(ValueError, match="not a short-deck card"):
        winners(["As Ad", "Qh 7h"], "Ah Kh 9h 9c 2d", game=SHORT_DECK)


@pytest.mark.parametrize("game", [SHORT_DECK, SHORT_DECK_STRAIGHT_OVER_TRIPS])
def test_the_engine_deals_short_deck_and_ranks_its_showdowns(game: Game) -> None:
    from handrank.engine import Hand, replay

    for seed in range(30):
        hand = Hand([100] * 6, button=0, game=game, seed=seed)
        while not hand.is_over:
            hand.act("check" if hand.legal().check else "call")
        dealt = [c for h in hand.holes.values() for c in h] + hand.board
        assert set(dealt) <= set(SHORT_DECK_CARDS)
        assert hand.result is not None
        ranks = {seat: hr.evaluate_short_deck(hand.holes[seat] + hand.board, game is SHORT_DECK) for seat in range(6)}
        assert set(hand.result.settlement.pots[0].winners) == {s for s, r in ranks.items() if r == min(ranks.values())}
        assert game.describe(game.strength(hand.holes[0], hand.board))[0] == describe_short_deck(
            ranks[0], game is SHORT_DECK
        )
        assert replay(hand.to_json()).result == hand.result


def test_random_short_deck_hands_keep_the_chips_replay_and_refuse_illegal_moves() -> None:
    from engine_hands import play_at_random

    from handrank.engine import Hand, Stakes, replay

    for seed in range(120):
        rng = random.Random(seed)
        seats = rng.randint(2, 6)
        limit = rng.choice(["no-limit", "pot-limit", "fixed-limit"])
        stakes = Stakes(0, 2, ante=1, limit=limit, button_blind=True) if seed % 2 else Stakes(1, 2, limit=limit)
        stacks = [rng.choice([3, 20, 100]) for _ in range(seats)]
        game = rng.choice([SHORT_DECK, SHORT_DECK_STRAIGHT_OVER_TRIPS])
        hand = Hand(stacks, button=seats - 1, stakes=stakes, game=game, seed=seed)
        if seed % 2:
            assert hand.big_blind_seat == seats - 1 and hand.small_blind_seat is None
        play_at_random(hand, rng)
        assert sum(hand.stacks.values()) == sum(stacks)
        assert {c for h in hand.holes.values() for c in h} | set(hand.board) <= set(SHORT_DECK_CARDS)
        assert replay(hand.to_json()).state() == hand.state()
