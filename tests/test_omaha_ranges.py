"""Omaha ranges read from text: handrank's patterns and the generic syntax against a matcher written
here (every way to lay the pattern's cards on a hand's, variables bound as it goes) and against
counts worked out by hand; percentages against the shipped ordering, and that ordering against
Monte Carlo equity."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations, permutations
from math import comb
from types import ModuleType

import pytest

import handrank
from handrank import _omaha_order
from handrank.omaha_ranges import OmahaRange

RANKS = "23456789TJQKA"
DECK = [r + s for r in RANKS for s in "cdhs"]


def pattern_cards(text: str) -> Iterator[tuple[str, str]]:
    """The (rank part, suit part) of each card a generic pattern names; a rank list stays whole."""
    i = 0
    while i < len(text):
        rank = ""
        if text[i] == "[":
            end = text.index("]", i)
            rank, i = text[i : end + 1], end + 1
        elif text[i] not in "cdhswxyz":
            rank, i = text[i], i + 1
        suit = ""
        if i < len(text) and text[i] in "cdhswxyz":
            suit, i = text[i], i + 1
        yield rank, suit


def list_ranks(spec: str) -> set[str]:
    """The ranks of ``[A-T]`` or ``[A,2,3]``."""
    out: set[str] = set()
    for item in spec[1:-1].split(","):
        ends = item.split("-")
        low, high = sorted(RANKS.index(e) for e in (ends[0], ends[-1]))
        out.update(RANKS[low : high + 1])
    return out


def reference_matches(hand: tuple[str, ...], text: str) -> bool:
    """Whether some of the hand's cards, one for each of the pattern's, fit it: a rank variable (a
    capital that is not a rank) one rank for all its cards and another than every other variable's
    and every rank written out; suit variables the same with suits."""
    cards = list(pattern_cards(text))
    named_ranks = {r for r, _ in cards if r and r in RANKS} | {
        x for r, _ in cards if r.startswith("[") for x in list_ranks(r)
    }
    named_suits = {s for _, s in cards if s in "cdhs"}
    for laid in permutations(hand, len(cards)):
        ranks: dict[str, str] = {}
        suits: dict[str, str] = {}
        fits = True
        for (rank, suit), card in zip(cards, laid):
            if rank and (rank in RANKS or rank.startswith("[")):
                fits = card[0] in (list_ranks(rank) if rank.startswith("[") else {rank})
            elif rank and rank != "*":
                fits = ranks.setdefault(rank, card[0]) == card[0] and card[0] not in named_ranks
            if fits and suit in "cdhs" and suit:
                fits = card[1] == suit
            elif fits and suit:
                fits = suits.setdefault(suit, card[1]) == card[1] and card[1] not in named_suits
            if not fits:
                break
        if fits and len(set(ranks.values())) == len(ranks) and len(set(suits.values())) == len(suits):
            return True
    return False


def names(r: OmahaRange) -> set[tuple[str, ...]]:
    return {tuple(sorted(handrank.card_str(c) for c in hand)) for hand, _ in r}


# Each pattern and how many four-card hands it names, counted by hand.
COUNTED = [
    ("AA", comb(52, 4) - comb(48, 4) - 4 * comb(48, 3)),  # two aces or more
    ("AA!AAA", 6 * comb(48, 2)),  # exactly two aces
    ("AxAyxy", 6 * 12 * 12),  # two aces, a card of each of their suits
    ("AxKx", 4 * comb(50, 2) - 6),  # a suited ace-king; hands with two are counted twice
    ("RRON", 13 * comb(12, 2) * 6 * 16),  # one pair and two other ranks
    ("RxRyOxOy", comb(13, 2) * comb(4, 2)),  # two pairs, double-suited
    ("RONP", comb(13, 4) * 4**4),  # four ranks
    ("AARR", 6 * 12 * 6),  # aces and another pair
    ("wxyz", 13**4),  # four suits
    ("xxyy", comb(4, 2) * comb(13, 2) ** 2),  # two and two of two suits
    ("sshh", comb(13, 2) ** 2),
    ("[A-T][A-T][A-T][A-T]", comb(20, 4)),  # ten or higher
    ("AA:9", 6 * (comb(48, 2) - comb(44, 2)) + 4 * 4),  # two aces or three, and a nine
    ("(AA, KK):xxyy", 2 * 6 * 12 * 12 - 6),  # double-suited aces or kings; AAKK so in both
    ("KQJT", 4**4),
    ("random", comb(52, 4)),
    ("*", comb(52, 4)),
]


@pytest.mark.parametrize(("text", "count"), COUNTED)
def test_generic_patterns_name_the_hands_counted_by_hand(text: str, count: int) -> None:
    assert len(OmahaRange(text)) == count


@pytest.mark.parametrize(
    "text", ["AA", "AxAyxy", "AxKx", "RRON", "RxRyOxOy", "AARR", "wxyz", "xxyy", "sshh", "[A-T]*", "A[K,Q,2]x", "Rs"]
)
def test_generic_patterns_against_the_matcher_written_here(text: str) -> None:
    # Every hand the range lists fits the matcher, and of random hands those that fit are listed.
    got = names(OmahaRange(text))
    chosen = random.Random(text)
    assert all(reference_matches(h, text) for h in chosen.sample(sorted(got), min(len(got), 1500)))
    for _ in range(1500):
        hand = tuple(sorted(chosen.sample(DECK, 4)))
        assert reference_matches(hand, text) == (hand in got), (text, hand)


def test_handranks_own_patterns_keep_x_as_any_card() -> None:
    every = list(combinations(DECK, 4))

    def holds(hand: tuple[str, ...], ranks: str) -> bool:
        have = [c[0] for c in hand]
        return all(have.count(r) >= ranks.count(r) for r in set(ranks))

    def suits(hand: tuple[str, ...]) -> list[int]:
        return sorted(sum(1 for c in hand if c[1] == s) for s in "cdhs" if any(c[1] == s for c in hand))

    shapes = {"": None, "ds": [2, 2], "ss": [1, 1, 2], "r": [1, 1, 1, 1]}
    for ranks, shape in [("AA", ""), ("AA", "ds"), ("KQJT", "r"), ("AK", "ss"), ("22", "ds"), ("", "r")]:
        text = ranks + "x" * (4 - len(ranks)) + shape
        expected = {h for h in every if holds(h, ranks) and (shapes[shape] is None or suits(h) == shapes[shape])}
        assert names(OmahaRange(text)) == {tuple(sorted(h)) for h in expected}, text


def test_sizes_come_from_the_parts_or_are_given() -> None:
    assert OmahaRange("AAxxx").size == 5 and OmahaRange("AsKsQsJsTs").size == 5
    assert OmahaRange("AA").size == 4 and OmahaRange("KQJT9").size == 5
    five = OmahaRange("AA", size=5)
    assert five.size == 5 and len(five) == comb(52, 5) - comb(48, 5) - 4 * comb(48, 4)
    assert OmahaRange("AA, KKxxx").size == 5  # the generic part takes the size the other fixes
    hand = next(iter(OmahaRange("AsAhKsKh, AAxx")))[0]
    assert len(hand) == 4


def test_weights_and_their_order() -> None:
    r = dict(OmahaRange("AAxx:0.5, AAKK"))
    aakk = [w for h, w in r.items() if sorted(handrank.card_str(c)[0] for c in h) == ["A", "A", "K", "K"]]
    assert len(aakk) == 36 and set(aakk) == {1.0}  # a hand in two parts takes the larger weight
    assert sum(1 for w in r.values() if w == 0.5) == len(r) - 36
    assert set(dict(OmahaRange("(AA, KK):xxyy:0.25")).values()) == {0.25}
    assert len(OmahaRange("AA:1")) == len(OmahaRange("AA")) and len(OmahaRange("AA:9")) < len(OmahaRange("AA"))
    assert names(OmahaRange("AA:33")) == names(OmahaRange("AA33")) and len(OmahaRange("22")) > 0


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("AAxx:2.5", "from 0 to 1"),
        ("AAAAA", "at most four times"),
        ("AAxx, AAKKx", "mixes hands of 4 and 5 cards"),
        ("AKQxxds", "four-card hands"),
        ("xxxxxx", "lists too many hands"),
        ("RONPQS", "lists too many hands"),
        ("x, random, x", "too many hands in all"),
        ("(" * 2000 + "AA" + ")" * 2000, "joins at most 100"),  # not a RecursionError
        ("AA" + ":AA" * 2000, "joins at most 100"),
        ("AsAs2c3c", "dealt twice"),
        ("", "an empty part"),
        ("AA,,KK", "an empty part"),
        ("KK-QT", "move together"),
        ("KK-TTx", "same cards but for ranks"),
        ("K+K", "a span is one of"),
        ("RR+", "names none"),
        ("AA:$ds", "macros"),
        ("(AA, KK", "not closed"),
        ("AA)", "expected a comma"),
        ("[A-T", "not closed"),
        ("[Ah]", "a rank list holds ranks"),
        ("AAq", "not an Omaha range part"),
        ("AA!AA", "holds no hand"),
        ("15%6h", "without 6h"),
        ("20%-10%", "the lower first"),
        ("15%", "four-card hands"),
        ("AAKKQ", "more than the 4"),
        ("(AA:0.5)", "comes last in a part"),
    ],
)
def test_what_a_range_cannot_hold_is_named(bad: str, words: str) -> None:
    size = {"15%": 5, "AAKKQ": 4}.get(bad)
    with pytest.raises(ValueError, match=words):
        OmahaRange(bad, size=size)


def test_percentages_take_whole_classes_in_the_shipped_order() -> None:
    every = comb(52, 4)
    top, next_five, ten = (names(OmahaRange(t)) for t in ("5%", "5%-10%", "10%"))
    assert not top & next_five and top | next_five == ten
    assert abs(len(ten) - every / 10) <= 24 and len(names(OmahaRange("100%"))) == every
    best = _omaha_order.read()[0][0]
    assert tuple(sorted(handrank.card_str(handrank.from_index(i)) for i in best)) in top
    # Suits renamed, a hand stays in or out: a class is never split.
    rename = str.maketrans("cdhs", "hscd")
    assert {tuple(sorted(c.translate(rename) for c in h)) for h in ten} == ten


def test_the_shipped_ordering_lists_each_class_once_best_first() -> None:
    ranked = _omaha_order.read()
    assert len(ranked) == _omaha_order.CLASSES
    shares = [s for _, s in ranked]
    assert shares == sorted(shares, reverse=True) and 0 < shares[-1] < shares[0] < 1_000_000
    indexer = handrank._switch.evaluator.hand_indexer((4,))
    assert sorted(indexer.index(list(hand)) for hand, _ in ranked) == list(range(_omaha_order.CLASSES))
    assert sum(len(members) for members in _omaha_order.ordering()) == comb(52, 4)


def test_shipped_shares_agree_with_monte_carlo_equity() -> None:
    # Four-way against three random hands, as the ordering was counted. The stored share is itself
    # an estimate: a class of n hands was dealt about 4 * DEALS * n / 270,725 times, a share's
    # spread a deal at most 0.5, so the bound takes both errors.
    ranked, members = _omaha_order.read(), _omaha_order.ordering()
    field = OmahaRange("random")
    trials = 3_000 if handrank.IMPLEMENTATION == "python" else 40_000
    for place in (0, 500, 8_000, 16_000):
        hand, share = ranked[place]
        stored_error = 0.5 / (4 * _omaha_order.DEALS * len(members[place]) / comb(52, 4)) ** 0.5
        cards = " ".join(handrank.card_str(handrank.from_index(i)) for i in hand)
        result = handrank.equity([cards, field, field, field], game="omaha", trials=trials, seed=place, force=True)
        mine = result.players[0]
        assert mine.stderr is not None
        assert abs(mine.equity - share / 1e6) < 4 * (mine.stderr**2 + stored_error**2) ** 0.5, (place, cards)


def test_the_ordering_counts_each_deal_whole(impl: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    # The counter behind the shipped file, on a few deals: four hands a deal, one pot shared out.
    pytest.importorskip("numpy")
    monkeypatch.setattr(handrank._switch, "evaluator", impl)
    shares, hands = _omaha_order.count(300, seed=7)
    assert hands.sum() == 4 * 300 and abs(shares.sum() - 300) < 1e-9
    again, _ = _omaha_order.count(300, seed=7)
    assert (again == shares).all()


def test_range_text_beside_five_card_hands_is_five_card_hands() -> None:
    hand = "As Ks Qs Js Ts"
    text = handrank.equity([hand, "AA"], game="omaha", trials=2_000, seed=3)
    given = handrank.equity([hand, OmahaRange("AA", size=5)], game="omaha", trials=2_000, seed=3)
    assert text.players == given.players
    with pytest.raises(ValueError, match="mixes hands of 4 and 5 cards"):
        handrank.equity([hand, "AAxx"], game="omaha", trials=2_000, seed=3)


@pytest.mark.parametrize(
    ("span", "listed"),
    [
        ("KK-TT", "KK, QQ, JJ, TT"),
        ("TT-KK", "KK, QQ, JJ, TT"),
        ("TT+", "TT, JJ, QQ, KK, AA"),
        ("33-", "33, 22"),
        ("JT+", "JT, QJ, KQ, AK"),
        ("AK-AT", "AK, AQ, AJ, AT"),
        ("AxKx-AxTx", "AxKx, AxQx, AxJx, AxTx"),
        ("[A-T]K-[A-T]Q", "[A-T]K, [A-T]Q"),
    ],
)
def test_a_span_is_the_parts_it_steps_through(span: str, listed: str) -> None:
    assert names(OmahaRange(span)) == names(OmahaRange(listed))
