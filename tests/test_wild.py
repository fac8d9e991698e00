"""Wild cards and jokers: the wild-card scale against a brute force written here, which tries every
card for each wild card, and against hands ranked by hand from the rules."""

from __future__ import annotations

import importlib
import random
from array import array
from collections import Counter
from itertools import combinations, product
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import Card, best_low_key, key5

import handrank as hr
from handrank.cards import card_str, cards, from_index
from handrank.ranking import HandClass, hand_class
from handrank.wild import (
    FIVE_OF_A_KIND,
    WORST_WILD_RANK,
    describe_wild,
    evaluate_wild,
    evaluate_wild_low,
    evaluate_wild_many,
    wild_cards,
)

RANKS = "23456789TJQKA"
EVERY_CARD: list[Card] = [(r, s) for r in range(2, 15) for s in "cdhs"]


def wild_key(five: list[Card]) -> tuple[int, ...]:
    """A five-card hand's key, written from the rules: five of a kind above all; a hand holding
    one card twice (a wild card standing for a card held) is no flush and no straight."""
    ranks = [r for r, _ in five]
    if len(set(ranks)) == 1:
        return (10, ranks[0])
    if len(set(five)) < 5:
        return key5([(r, "cdhsc"[i]) for i, (r, _) in enumerate(five)])  # a pair at least: no flush
    return key5(five)


def reference_key(natural: list[Card], wilds: int) -> tuple[int, ...]:
    """The best key over every five of the cards, each wild card in them any of the 52 cards."""
    best: tuple[int, ...] = ()
    slots = [*natural, *[None] * wilds]
    for five in combinations(range(len(slots)), 5):
        held = [slots[i] for i in five if slots[i] is not None]
        for stand_ins in product(EVERY_CARD, repeat=5 - len(held)):
            best = max(best, wild_key([*held, *stand_ins]))  # type: ignore[list-item]
    return best


def reference_bug_key(natural: list[Card], jokers: int) -> tuple[int, ...]:
    """As ``reference_key`` with each joker a bug: an ace, or any card where the five are a
    straight, a flush or a straight flush (key classes 5, 6 and 9); five aces where they can be."""
    best: tuple[int, ...] = ()
    slots = [*natural, *[None] * jokers]
    for five in combinations(range(len(slots)), 5):
        held = [slots[i] for i in five if slots[i] is not None]
        for stand_ins in product(EVERY_CARD, repeat=5 - len(held)):
            key = wild_key([*held, *stand_ins])  # type: ignore[list-item]
            if all(r == 14 for r, _ in stand_ins) or key[0] in (5, 6, 9):
                best = max(best, key)
    return best


def text(natural: list[Card], jokers: int) -> str:
    return " ".join([RANKS[r - 2] + s for r, s in natural] + ["Jk"] * jokers)


def agree(hands: list[tuple[list[Card], int]]) -> None:
    """handrank's ranks order the hands as the reference's keys do, ties included."""
    ranks = [evaluate_wild(text(natural, jokers)) for natural, jokers in hands]
    keys = [reference_key(natural, jokers) for natural, jokers in hands]
    for (a, ka), (b, kb) in combinations(zip(ranks, keys), 2):
        assert (a < b) == (ka > kb) and (a == b) == (ka == kb), (a, ka, b, kb)


def deal(rng: random.Random, size: int, jokers: int) -> tuple[list[Card], int]:
    return rng.sample(EVERY_CARD, size - jokers), jokers


@pytest.mark.parametrize(("size", "jokers", "count"), [(5, 1, 400), (5, 2, 60), (6, 1, 120), (7, 1, 80), (7, 2, 12)])
def test_random_hands_order_as_the_brute_force_does(size: int, jokers: int, count: int) -> None:
    rng = random.Random(size * 10 + jokers)
    hands = [deal(rng, size, jokers) for _ in range(count)]
    # Hands the wild cards lift into each class: five of a kind, straight flushes, quads, full houses.
    hands += [([(14, "s"), (14, "h"), (14, "d"), (14, "c")][: 5 - jokers], jokers)]
    hands += [([(13, "s"), (12, "s"), (11, "s"), (10, "s")][: 5 - jokers], jokers)]
    hands += [([(9, "h"), (9, "d"), (4, "c"), (4, "s")][: 5 - jokers], jokers)]
    agree(hands)


@pytest.mark.parametrize(("size", "jokers", "count"), [(5, 1, 300), (5, 2, 40), (7, 1, 60)])
def test_bugs_order_as_the_brute_force_does(size: int, jokers: int, count: int) -> None:
    rng = random.Random(size * 100 + jokers)
    hands = [deal(rng, size, jokers) for _ in range(count)]
    hands += [([(14, "s"), (14, "h"), (14, "d"), (14, "c")][: 5 - jokers], jokers)]  # five aces
    hands += [([(13, "s"), (13, "h"), (7, "d"), (4, "c")][: 5 - jokers], jokers)]  # the bug is an ace kicker
    hands += [([(13, "s"), (12, "s"), (11, "s"), (10, "s")][: 5 - jokers], jokers)]
    ranks = [evaluate_wild(text(natural, j), bug=True) for natural, j in hands]
    keys = [reference_bug_key(natural, j) for natural, j in hands]
    for (a, ka), (b, kb) in combinations(zip(ranks, keys), 2):
        assert (a < b) == (ka > kb) and (a == b) == (ka == kb), (a, ka, b, kb)


def test_the_scale_ends_and_the_classes_between() -> None:
    assert evaluate_wild("As Ad Ac Ah Jk") == 1 and evaluate_wild("2s 2d 2c 2h Xx") == FIVE_OF_A_KIND
    assert evaluate_wild("As Ks Qs Js Ts") == FIVE_OF_A_KIND + 1
    assert evaluate_wild("7s 5d 4c 3h 2s") == WORST_WILD_RANK
    # Every wild card in a hand of five is five aces.
    assert evaluate_wild("2s 2d 2c Jk Jk", wild="2") == 1
    assert evaluate_wild("2s 2d 2c 2h Jk 7c 8d", wild="2") == 1


# Hands worked out by hand from the rules, as words.
WORKED = [
    ("Kh Qh Jh 2c 9s", "2", "King-high straight"),  # the deuce is a ten: no flush to be had
    ("Kh Qh Jh 2c 9h", "2", "King-high straight flush"),
    ("7c 7d 2h 2s 9c 4d 3h", "2", "Four sevens"),
    ("Ah 9h 5h 3h Jk 2c", "", "Ace-king-high flush"),  # the joker is the king of hearts
    ("As Ad Kc Kd Jk", "", "Aces full of kings"),
    ("Js Jh 8c 4d 3s", "Js Jh", "Three eights"),  # the one-eyed jacks with the eight
    ("Ah 5h Jk 2c 3d", "", "Five-high straight (wheel)"),
    ("Ah Kd 8c 4s Jk", "", "Pair of aces"),
    ("Ah Kd 8c 8s Jk", "", "Three eights"),  # a pair and a joker, not two pair
]


# The bug: an ace, or a card that completes a straight or a flush.
BUGS = [
    ("Kh Kd 7c 4s Jk", "Pair of kings"),  # an ace kicker, not three kings
    ("Ks Kd Kc 4s Jk", "Three kings"),
    ("Ah Ad 7c 4s Jk", "Three aces"),
    ("Kh Qh 9h 4h Jk", "Ace-king-high flush"),
    ("9h Td Jc Qs Jk", "King-high straight"),
    ("As Ad Ac Ah Jk", "Five aces"),
    ("9h 9d 7c 4s Jk 8c 6d", "Ten-high straight"),
]


@pytest.mark.parametrize(("hand", "words"), BUGS)
def test_worked_bugs(hand: str, words: str) -> None:
    assert describe_wild(evaluate_wild(hand, bug=True)).startswith(words)
    assert evaluate_wild(hand, bug=True) >= evaluate_wild(hand)  # never better than a joker in full


@pytest.mark.parametrize(("hand", "wild", "words"), WORKED)
def test_worked_hands(hand: str, wild: str, words: str) -> None:
    assert describe_wild(evaluate_wild(hand, wild=wild)).startswith(words)


def test_a_flush_with_a_joker_is_the_best_flush_of_different_cards() -> None:
    # A K 9 5 of hearts and the joker: the joker is the queen (not a second ace).
    assert evaluate_wild("Ah Kh 9h 5h Jk") == evaluate_wild("Ah Kh Qh 9h 5h")
    assert evaluate_wild("Ah Kh 9h 5h 2c", wild="2") == evaluate_wild("Ah Kh Qh 9h 5h")


def test_jokers_as_text_in_lists_or_counted() -> None:
    same = evaluate_wild("As Ad Kc Qh Jk")
    assert evaluate_wild(["As", "Ad", "Kc", "Qh", "Jk"]) == same
    assert evaluate_wild(cards("As Ad Kc Qh"), jokers=1) == same
    assert evaluate_wild("AsAdKcQh🃏") == evaluate_wild("As Ad Kc Qh xx") == same


def test_jokers_written_one_way() -> None:
    from handrank.wild import joker_count, wild_str

    assert wild_str("🃏 As xx Kd") == "As Kd Jk Jk" and wild_str(["Jk"], jokers=1) == "Jk Jk"
    assert wild_str(cards("Qh 7c"), jokers=1) == "Qh 7c Jk"
    assert joker_count("As JK xX 🃏") == 3 and joker_count("Js Ks") == 0


def test_declared_wild_cards() -> None:
    assert len(wild_cards("2")) == 4 and len(wild_cards("2 10")) == 8
    assert sorted(card_str(c) for c in wild_cards("Jh Js")) == ["Jh", "Js"]
    assert wild_cards([from_index(0)]) == {from_index(0)}
    # A hand with no wild card ranks as the plain evaluator does, moved by the five of a kind.
    assert evaluate_wild("As Kd 9c 7h 3s 4d", wild="2") == FIVE_OF_A_KIND + hr.evaluate("As Kd 9c 7h 3s 4d")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: evaluate_wild("As Kd Jk Jk Jk"), "one or two jokers"),
        (lambda: evaluate_wild("As Kd Jk 7c"), "expected 5 to 7 cards"),
        (lambda: evaluate_wild("As Kd Jk 7c 8c", jokers=-1), "a count of jokers"),
        (lambda: evaluate_wild("As Kd 3d 7c 8c", wild="A1"), "invalid card"),
        (lambda: evaluate_wild("As As Jk 7c 8d"), "duplicate"),
        (lambda: evaluate_wild("As Kd Qc 7c Zz"), "invalid card"),
        (lambda: describe_wild(0), "from 1 to 7475"),
        (lambda: evaluate_wild("As Kd 2c 7c Jk", wild="2", bug=True), "the bug rule is for jokers"),
        (lambda: describe_wild(WORST_WILD_RANK + 1), "from 1 to 7475"),
    ],
)
def test_bad_input_is_named(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_every_rank_has_words() -> None:
    assert describe_wild(1) == "Five aces" and describe_wild(13) == "Five deuces"
    assert all(describe_wild(r) for r in range(1, WORST_WILD_RANK + 1))


def _brute_force_ranks(natural: np.ndarray, jokers: int, bugs: bool = False) -> np.ndarray:
    """Each row's best plain rank with each joker any card not among its natural cards, plus 13;
    five of a kind where the natural cards are of one rank (tried by hand: the plain evaluator
    ranks no five of a kind). With ``bugs``, each joker an ace the row lacks, or any card where the
    hand is then a straight, a flush or a straight flush; five aces where the aces and the jokers
    make five."""
    n = len(natural)
    best = np.full(n, 1 << 30, dtype=np.int64)
    for stand_ins in combinations(range(52), jokers):
        rows = np.concatenate([natural, np.broadcast_to(np.array(stand_ins, dtype=np.uint8), (n, jokers))], axis=1)
        fits = ~np.isin(natural, stand_ins).any(axis=1)
        ranks = np.asarray(hr.evaluate_many(rows[fits]), dtype=np.int64)
        if bugs and not all(i >= 48 for i in stand_ins):
            completes = (ranks <= 10) | ((ranks >= 323) & (ranks <= 1609))  # straight flush, flush, straight
            ranks = np.where(completes, ranks, 1 << 30)
        best[fits] = np.minimum(best[fits], ranks + FIVE_OF_A_KIND)
    if bugs:
        best[(natural >= 48).sum(axis=1) + jokers >= 5] = 1
    else:
        same_rank = (natural // 4 == natural[:, :1] // 4).all(axis=1)
        best[same_rank] = FIVE_OF_A_KIND - natural[same_rank, 0] // 4
    return best


@pytest.mark.exhaustive
@pytest.mark.parametrize("jokers", [1, 2])
def test_every_five_card_hand_with_jokers_is_the_brute_force(jokers: int) -> None:
    """Every hand of five from a deck of 53 or 54 cards that holds a joker: 270,725 with one, and
    with two 22,100 more; each joker tried as every card. The single call and the batch of the
    evaluator the switch picked, and the pure batch."""
    natural = np.array(list(combinations(range(52), 5 - jokers)), dtype=np.uint8)
    expected = _brute_force_ranks(natural, jokers)
    got = np.array([evaluate_wild([from_index(int(i)) for i in row], jokers=jokers) for row in natural])
    assert len(got) == (270_725 if jokers == 1 else 22_100)
    assert (got == expected).all(), natural[got != expected][:5]
    rows = np.concatenate(
        [natural, np.broadcast_to(np.array([52, 53][:jokers], dtype=np.uint8), (len(natural), jokers))], 1
    )
    assert (evaluate_wild_many(rows) == expected).all()
    if hr.IMPLEMENTATION == "cython":  # the pure batch too (a pure-only run checks it above)
        assert (importlib.import_module("handrank._eval_py").evaluate_wild_rows(rows) == expected).all()
    # The class counts the rules page gives, one column a number of jokers.
    classes = [
        "five of a kind" if r <= FIVE_OF_A_KIND else CLASS_NAMES[hand_class(int(r) - FIVE_OF_A_KIND)] for r in got
    ]
    assert Counter(classes) == +documented_counts(jokers)


@pytest.mark.exhaustive
@pytest.mark.parametrize("jokers", [1, 2])
def test_every_five_card_hand_with_bugs_is_the_brute_force(jokers: int) -> None:
    """Every hand of five from a deck of 53 or 54 cards that holds a joker, each joker the bug: the
    batch of the evaluator the switch picked against a brute force through the plain evaluator,
    and (compiled runs) the pure batch and a sample of single calls."""
    natural = np.array(list(combinations(range(52), 5 - jokers)), dtype=np.uint8)
    expected = _brute_force_ranks(natural, jokers, bugs=True)
    rows = np.concatenate(
        [natural, np.broadcast_to(np.array([52, 53][:jokers], dtype=np.uint8), (len(natural), jokers))], 1
    )
    assert (evaluate_wild_many(rows, bug=True) == expected).all()
    if hr.IMPLEMENTATION == "cython":
        pure = importlib.import_module("handrank._eval_py")
        assert (pure.evaluate_wild_rows(rows[::7], bug=True) == expected[::7]).all()
    sample = range(0, len(natural), 97)
    got = [evaluate_wild([from_index(int(i)) for i in natural[k]], jokers=jokers, bug=True) for k in sample]
    assert got == expected[list(sample)].tolist()


@pytest.mark.parametrize("size", [5, 6, 7])
def test_both_evaluators_rank_every_bug_row_alike(compiled: ModuleType, pure: ModuleType, size: int) -> None:
    """Random rows of natural cards and one or two bugs: the compiled batch on one and two threads,
    the pure batch and each one's single call agree row by row."""
    rng = np.random.default_rng(size + 10)
    rows = np.array([rng.permutation(54)[:size] for _ in range(4000)], dtype=np.uint8)
    ranks = compiled.evaluate_wild_rows(rows, 0, None, True)
    assert np.array_equal(ranks, pure.evaluate_wild_rows(rows, 0, None, True))
    assert np.array_equal(ranks, compiled.evaluate_wild_rows(rows, 0, 2, True))
    for row, rank in zip(rows[:300], ranks[:300]):
        held, jokers = [hr.DECK[v] for v in row if v < 52], int(sum(v >= 52 for v in row))
        assert (
            compiled.evaluate_wild_cards(held, jokers, 0, True)
            == rank
            == pure.evaluate_wild_cards(held, jokers, 0, True)
        )
    plain = rows[(rows < 52).all(axis=1)]
    assert np.array_equal(compiled.evaluate_wild_rows(plain, bug=True), compiled.evaluate_wild_rows(plain))


CLASS_NAMES = {c: "one pair" if c is HandClass.PAIR else c.name.lower().replace("_", " ") for c in HandClass}


def documented_counts(jokers: int) -> Counter[str]:
    """The rules page's count of each class of five-card hands with ``jokers`` jokers."""
    page = (Path(__file__).parent.parent / "docs" / "rules.md").read_text()
    table = page[page.index("| class | four cards and a joker |") :].split("\n\n")[0]
    rows = [line.strip("|").split("|") for line in table.splitlines()[2:]]
    counts = Counter({name.strip(): int(cells[jokers - 1].replace(",", "")) for name, *cells in rows})
    assert counts.pop("all") == sum(counts.values())
    return counts


def _orders_agree(ranks: list[int], keys: list[tuple[int, ...]]) -> None:
    """Lower ranks where the reference's low keys are lower, ties where they tie."""
    for (a, ka), (b, kb) in combinations(zip(ranks, keys), 2):
        assert (a < b) == (ka < kb) and (a == b) == (ka == kb), (a, ka, b, kb)


@pytest.mark.parametrize(("size", "jokers"), [(5, 1), (5, 2), (6, 1), (7, 1), (7, 2)])
def test_an_ace_to_five_joker_is_the_lowest_rank_the_hand_lacks(size: int, jokers: int) -> None:
    """The rule as the rule books state it, applied by hand, then ranked by the reference."""
    rng = random.Random(size * 7 + jokers)
    hands = [deal(rng, size, jokers) for _ in range(200)]
    keys = []
    for natural, j in hands:
        lacking = [r for r in (14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13) if r not in {x for x, _ in natural}]
        stand_ins = [(r, "cd"[i]) for i, r in enumerate(lacking[:j])]  # any suits: a-5 has no flushes
        keys.append(best_low_key([*natural, *stand_ins], "a-5"))
    _orders_agree([evaluate_wild_low(text(natural, j), "a-5") for natural, j in hands], keys)


@pytest.mark.parametrize("game", ["2-7", "a-6"])
@pytest.mark.parametrize(("size", "jokers", "count"), [(5, 1, 150), (5, 2, 25), (7, 1, 40)])
def test_a_low_joker_is_the_best_card_the_brute_force_finds(game: str, size: int, jokers: int, count: int) -> None:
    rng = random.Random(size * 11 + jokers)
    hands = [deal(rng, size, jokers) for _ in range(count)]
    hands += [([(2, "h"), (3, "d"), (4, "c"), (5, "s")][: 5 - jokers], jokers)]  # a six would be a straight
    hands += [([(2, "h"), (3, "h"), (4, "h"), (7, "h")][: 5 - jokers], jokers)]  # a heart would be a flush
    keys = []
    for natural, j in hands:
        left = [c for c in EVERY_CARD if c not in natural]
        keys.append(min(best_low_key([*natural, *more], game) for more in combinations(left, j)))
    _orders_agree([evaluate_wild_low(text(natural, j), game) for natural, j in hands], keys)


def test_a_low_hand_without_a_joker_is_the_plain_low() -> None:
    for game in ("a-5", "2-7", "a-6"):
        assert evaluate_wild_low("Kh 9d 7c 4s 2h 3c", game) == hr.evaluate_low("Kh 9d 7c 4s 2h 3c", game)
    with pytest.raises(ValueError, match="one or two jokers"):
        evaluate_wild_low("As Kd Jk Jk Jk")


TOKENS = [r + s for r in "23456789TJQKA" for s in "cdhs"] + ["Jk", "Xx", "🃏", "10h", "Zz", "As"]
TYPED = st.one_of(
    st.lists(st.sampled_from(TOKENS), min_size=3, max_size=8).map(" ".join),
    st.text(alphabet="23456789TJQKAcdhsJkXx ,10", max_size=24),
)
"""Hands as typed: card tokens (some wrong, some twice), or any text of card characters."""


@settings(max_examples=400, deadline=None)
@given(
    TYPED,
    st.sampled_from(["", "2", "Jh Js", "A", "2 10"]),
    st.booleans(),
)
def test_any_text_gives_a_rank_or_a_named_error(text: str, wild: str, bug: bool) -> None:
    """Whatever is typed: a rank on the scale, or a ValueError with a message; nothing else."""
    for call in (
        lambda: evaluate_wild(text, wild="" if bug else wild, bug=bug),
        lambda: evaluate_wild_low(text, "2-7"),
    ):
        try:
            rank = call()
        except ValueError as error:
            assert str(error)
        else:
            assert 1 <= rank <= WORST_WILD_RANK


@pytest.mark.parametrize(("size", "jokers"), [(5, 1), (5, 2), (6, 1), (7, 1), (7, 2)])
def test_the_bugs_best_five_is_the_hand_played(size: int, jokers: int) -> None:
    """Five cards that rank as the hand does with the bug, natural ones from the hand, no more bugs
    than jokers, and each bug an ace unless the five are a straight or a flush."""
    from handrank.wild import best_wild_five

    rng = random.Random(size * 7 + jokers)
    for trial in range(400):
        held = rng.sample(list(hr.DECK), size - jokers)
        if trial % 4 == 0:  # runs and suits the bug may complete
            suit = rng.choice("cdhs")
            held = hr.cards(" ".join(f"{r}{suit}" for r in rng.sample("A23456789TJQK", size - jokers)))
        five = best_wild_five(held, jokers=jokers, bug=True)
        played = [c for c, _ in five]
        rank = evaluate_wild(held, jokers=jokers, bug=True)
        if len({hr.rank_of(c) for c in played}) == 1:
            assert rank == 1 and hr.rank_of(played[0]) == 12
            continue
        assert len(set(played)) == 5 and FIVE_OF_A_KIND + hr.evaluate(played) == rank, (held, five)
        natural = [c for c, bugged in five if not bugged]
        assert all(c in held for c in natural) and len(five) - len(natural) <= jokers
        made = hr.hand_class(hr.evaluate(played)).name in ("STRAIGHT", "FLUSH", "STRAIGHT_FLUSH")
        assert made or all(hr.rank_of(c) == 12 for c, bugged in five if bugged), (held, five)
    plain = hr.cards("As Kd 9c 7h 3s")
    assert [c for c, _ in best_wild_five(plain, bug=True)] == hr.best_five(plain)
    with pytest.raises(ValueError, match="the bug rule is for jokers"):
        best_wild_five("As Kd 9c 7h Jk", wild="2", bug=True)


@pytest.mark.parametrize(
    ("size", "jokers", "wild"), [(5, 1, ""), (5, 2, ""), (7, 1, ""), (7, 2, ""), (7, 0, "2"), (6, 1, "2")]
)
def test_the_best_five_is_the_hand_played(size: int, jokers: int, wild: str) -> None:
    """Five cards that rank as the hand does, natural ones from the hand, no more wild ones than
    it holds, and no card twice but in five of a kind."""
    from handrank.wild import best_wild_five

    rng = random.Random(size * 13 + jokers)
    declared = wild_cards(wild) if wild else frozenset()
    for _ in range(300):
        held = rng.sample(list(hr.DECK), size - jokers)
        five = best_wild_five(held, wild=wild, jokers=jokers)
        played = [c for c, _ in five]
        rank = evaluate_wild(held, wild=wild, jokers=jokers)
        if len({hr.rank_of(c) for c in played}) == 1:
            assert rank == FIVE_OF_A_KIND - hr.rank_of(played[0])
        else:
            assert len(set(played)) == 5 and FIVE_OF_A_KIND + hr.evaluate(played) == rank, (held, five)
        natural = [c for c, stands_in in five if not stands_in]
        assert all(c in held and c not in declared for c in natural) and len(set(natural)) == len(natural)
        assert len(five) - len(natural) <= jokers + sum(c in declared for c in held)
    plain = hr.cards("As Kd 9c 7h 3s 4d")
    assert [c for c, _ in best_wild_five(plain)] == hr.best_five(plain)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_both_evaluators_rank_every_wild_row_alike(compiled: ModuleType, pure: ModuleType, size: int) -> None:
    """Random rows of two jokers and declared wild cards (none, deuces, the one-eyed jacks, random
    ones): the compiled batch, the pure batch and each one's single call agree row by row."""
    rng = np.random.default_rng(size)
    rows = np.array([rng.permutation(54)[:size] for _ in range(6000)], dtype=np.uint8)
    for mask in [0, 0b1111, (1 << 38) | (1 << 39), int(rng.integers(0, 1 << 52))]:
        ranks = compiled.evaluate_wild_rows(rows, mask)
        assert np.array_equal(ranks, pure.evaluate_wild_rows(rows, mask))
        assert np.array_equal(ranks, compiled.evaluate_wild_rows(rows, mask, threads=2))
        for row, rank in zip(rows[:400], ranks[:400]):
            held, jokers = [hr.DECK[v] for v in row if v < 52], int(sum(v >= 52 for v in row))
            assert compiled.evaluate_wild_cards(held, jokers, mask) == rank
            assert pure.evaluate_wild_cards(held, jokers, mask) == rank
        assert ranks.min() >= 1 and ranks.max() <= WORST_WILD_RANK


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda m: m.evaluate_wild_cards("As Kd Qc Jh"), "expected 5 to 7 cards, jokers counted, got 4"),
        (lambda m: m.evaluate_wild_cards("As Kd Qc Jh Ts 9s 8s", 1), "expected 5 to 7 cards, jokers counted, got 8"),
        (lambda m: m.evaluate_wild_cards("As Kd Qc Jh Ts 9s 8s 7s"), "expected 5 to 7 cards, jokers counted, got 8"),
        (lambda m: m.evaluate_wild_cards("As Kd Qc Jh", 3), "a deck holds one or two jokers, got 3"),
        (lambda m: m.evaluate_wild_cards("As Kd Qc Jh", True), "jokers is a count of jokers, 0 or more, got True"),
        (lambda m: m.evaluate_wild_cards("As Kd Qc Jh", -1), "jokers is a count of jokers, 0 or more"),
        (lambda m: m.evaluate_wild_cards("As As Qc Jh", 1), "duplicate"),
        (lambda m: m.evaluate_wild_cards([1, 2, 3, 4, 5]), "not a card: 1"),
        (lambda m: m.evaluate_wild_cards("As Kd Qc Jh Ts", 0, -1), "wild_mask is an int of bits"),
        (lambda m: m.evaluate_wild_rows(np.array([[51, 47, 43, 39, 54]])), "row 0: 54 is neither a card index"),
        (lambda m: m.evaluate_wild_rows(np.array([[1, 2, 3, 4, 5], [51, 52, 43, 52, 9]])), "row 1: a joker"),
        (lambda m: m.evaluate_wild_rows(np.array([[51, 47, 43, 51, 52]])), r"row 0: As \(index 51\) twice"),
        (lambda m: m.evaluate_wild_rows(np.array([[51, 47, 43, 39, -1]])), "row 0: -1 is neither"),
        (lambda m: m.evaluate_wild_rows(np.array([[51, 47, 43, 39, 52]]), 1 << 52), "wild_mask is an int of bits"),
        (lambda m: m.evaluate_wild_rows(np.array([[51, 47, 43, 39, 52]]), True), "wild_mask is an int of bits"),
        (lambda m: m.evaluate_wild_rows(np.array([[51, 47, 43, 39]])), "expected 5, 6, 7 cards per row"),
        (lambda m: m.evaluate_wild_cards("As Kd Qc Jh", 1, 1, True), "the bug rule is for jokers"),
        (lambda m: m.evaluate_wild_rows(np.array([[51, 47, 43, 39, 52]]), 1, None, True), "the bug rule is for"),
    ],
)
def test_the_kernels_name_bad_input_alike(impl: ModuleType, call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call(impl)  # type: ignore[operator]


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.evaluate_wild_cards("As Kd Qc Jh", 1, 0, 1),
        lambda m: m.evaluate_wild_rows(np.array([[51, 47, 43, 39, 52]]), 0, None, "yes"),
    ],
)
def test_the_bug_is_true_or_false(impl: ModuleType, call: object) -> None:
    with pytest.raises(TypeError, match="bug must be True or False"):
        call(impl)  # type: ignore[operator]


def test_wild_rows_name_their_wild_cards_as_the_single_call_does() -> None:
    rows = np.array([[0, 13, 26, 39, 51], [0, 48, 49, 50, 53]], dtype=np.int16)  # 2c 5d 8h Js As; 2c Ac Ad Ah Jk
    assert evaluate_wild_many(rows, wild="2").tolist() == [evaluate_wild("2c 5d 8h Js As", wild="2"), 1]
    assert evaluate_wild_many(rows, wild=["Js"]).tolist() == [evaluate_wild("2c 5d 8h Js As", wild="Js"), 35]
    flat = memoryview(array("B", rows.ravel().tolist())).cast("B", (2, 5))
    assert isinstance(evaluate_wild_many(flat), array) and list(evaluate_wild_many(flat, "2")) == [
        evaluate_wild("2c 5d 8h Js As", wild="2"),
        1,
    ]
