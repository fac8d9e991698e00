"""The evaluators' interface: input forms, errors, fixed-arity entry points, best five."""

from __future__ import annotations

import random
from array import array
from collections import deque
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from types import ModuleType

import numpy as np
import pytest

from handrank import DECK, HandClass, card, cards, cards_str, hand_class, to_index

ROYAL = "As Ks Qs Js Ts"


def test_input_forms_agree(impl: ModuleType) -> None:
    ints = cards(ROYAL)
    for form in (ROYAL, "A♠,K♠,Q♠,J♠,10♠", ints, tuple(ints), iter(ints), ROYAL.split(), (c for c in ints)):
        assert impl.evaluate(form) == 1


class LyingLen:
    """Cards whose len() says five whatever iterating them gives."""

    def __init__(self, cards: list[int]) -> None:
        self.cards = cards

    def __len__(self) -> int:
        return 5

    def __iter__(self) -> Iterator[int]:
        return iter(self.cards)


@pytest.mark.parametrize(
    "text", [ROYAL, "Ah Ad Kc Kd 2s", "2c 3c 4c 5c 7c 9d", "Ah Ad Ac As Kd Kh 2c", "2c 3d 4h 5s 7c 9d Jh"]
)
def test_any_collection_of_card_ints(impl: ModuleType, text: str) -> None:
    ints = cards(text)
    expected = impl.evaluate(ints)
    forms = (
        set(ints),
        frozenset(ints),
        dict.fromkeys(ints),
        deque(ints),
        np.array(ints),
        np.array(ints, np.uint32),
        LyingLen(ints),
        memoryview(array("q", ints)),
    )
    for form in forms:
        assert impl.evaluate(form) == expected, type(form)


def test_int_like_cards_are_accepted(impl: ModuleType) -> None:
    assert impl.evaluate(np.array(cards(ROYAL), dtype=np.int64)) == 1
    assert impl.evaluate([np.uint32(c) for c in cards(ROYAL)]) == 1


def test_int_subclass_cards_are_read_as_their_ints(impl: ModuleType) -> None:
    # A card class deriving from int (as the eval7 drop-in's does) is read without a conversion step.
    class CardInt(int):
        pass

    hand = [CardInt(c) for c in cards(ROYAL + " 2c 3d")]
    assert impl.evaluate(hand[:5]) == impl.evaluate(hand) == impl.evaluate7(*hand) == 1
    with pytest.raises(ValueError, match="not a card: True"):
        impl.evaluate([True] * 5)


def test_numpy_int_cards_give_the_same_ranks(impl: ModuleType) -> None:
    # Fixed-width ints wrap: a prime product of numpy uint32 cards must never be looked up.
    rng = random.Random(7)
    for _ in range(200):
        for n in (5, 6, 7):
            ints = rng.sample(DECK, n)
            expected = impl.evaluate(ints)
            for dtype in (np.uint32, np.int32, np.int64, np.uint64):
                assert impl.evaluate([dtype(c) for c in ints]) == expected
                assert impl.evaluate(np.array(ints, dtype)) == expected


@pytest.mark.parametrize("n", [0, 1, 4, 8, 52])
def test_wrong_counts(impl: ModuleType, n: int) -> None:
    with pytest.raises(ValueError, match=f"expected 5 to 7 cards, got {n}"):
        impl.evaluate(list(DECK[:n]))


@pytest.mark.parametrize("hand", ["As Ks Qs Js As", "2c 3c 4c 5c 6c 7c 2c", ["As", "Ks", "Qs", "Js", "Ks"]])
def test_duplicates(impl: ModuleType, hand: object) -> None:
    with pytest.raises(ValueError, match="duplicate card"):
        impl.evaluate(hand)


@pytest.mark.parametrize(
    "bad",
    [0, -1, 1, 2**31, 2**32 + card("As"), 2**64, -(2**70), card("As") | 0x100000, 3.5, None, True, "zz"],
)
def test_values_that_are_not_cards(impl: ModuleType, bad: object) -> None:
    hand = cards("Ks Qs Js Ts") + [bad]
    with pytest.raises(ValueError, match="not a card|invalid card"):
        impl.evaluate(hand)


@pytest.mark.parametrize("bad", [2**30 + card("As"), 2**60 + card("As"), 2**64 + card("As"), -card("As")])
def test_an_int_holding_a_card_in_its_low_digit_is_no_card(impl: ModuleType, bad: int) -> None:
    # The compiled readers take an int's value where CPython stores it, in 30-bit digits: a card's
    # value in the lowest digit of a longer int, or with a minus sign, must still be refused, in a
    # list, in a tuple and passed one by one.
    rest = cards("Ks Qs Js Ts 2c 3d")
    for hand in ([*rest[:4], bad], (*rest[:4], bad), [bad, *rest]):
        with pytest.raises(ValueError, match="not a card"):
            impl.evaluate(hand)
    with pytest.raises(ValueError, match="not a card"):
        impl.evaluate5(*rest[:4], bad)
    with pytest.raises(ValueError, match="not a card"):
        impl.evaluate7(*rest, bad)


LOW_DIGIT_READERS = {
    "evaluate6": lambda m, bad, c: m.evaluate6(*c[:5], bad),
    "best_five": lambda m, bad, c: m.best_five([*c[:4], bad]),
    "omaha hole": lambda m, bad, c: m.evaluate_omaha([*c[:3], bad], c[4:7]),
    "omaha board": lambda m, bad, c: m.evaluate_omaha(c[:4], [c[4], c[5], bad]),
    "omaha low": lambda m, bad, c: m.evaluate_omaha_low([*c[:3], bad], c[4:7]),
    "low": lambda m, bad, c: m.evaluate_low([*c[:4], bad], "a-5"),
    "short deck": lambda m, bad, c: m.evaluate_short_deck([*c[:4], bad]),
    "badugi": lambda m, bad, c: m.evaluate_badugi([*c[:3], bad]),
    "partial": lambda m, bad, c: m.evaluate_partial([c[0], bad]),
    "versus hero": lambda m, bad, c: m.hand_vs_hands([c[0], bad], [[c[2], c[3]]], c[4:9]),
}


@pytest.mark.parametrize("reader", sorted(LOW_DIGIT_READERS))
@pytest.mark.parametrize("bad", [2**30 + card("As"), 2**64 + card("As"), -card("As")])
def test_every_reader_refuses_a_card_in_a_longer_int(impl: ModuleType, reader: str, bad: int) -> None:
    # The single-hand readers of the other games read card ints as evaluate does: the same refusal.
    with pytest.raises(ValueError, match="not a card"):
        LOW_DIGIT_READERS[reader](impl, bad, cards("Ks Qs Js Ts 2c 3d 9h 8h 7h"))


@pytest.mark.parametrize("kind", [float, Decimal, Fraction])
@pytest.mark.parametrize("n", [5, 6, 7])
def test_numbers_equal_to_a_card_are_not_cards(compiled: ModuleType, pure: ModuleType, kind: type, n: int) -> None:
    # 2.0 == 2 and hash(2.0) == hash(2): a dict lookup alone would take these for cards.
    # A flush, a high card and a pair: each way through the pure 5-card path, the number at every place.
    for hand in (cards("As Ks Qs Js Ts 9s 8s"), cards("As Kd Qs Js 9s 8h 2c"), cards("As Ad Ks Kd 2c 3h 4h")):
        for place in range(n):
            bad = hand[:n]
            bad[place] = kind(bad[place])
            errors = []
            for impl, entry in (
                (compiled, compiled.evaluate),
                (pure, pure.evaluate),
                (pure, getattr(pure, f"evaluate{n}")),
            ):
                with pytest.raises(ValueError, match="not a card") as info:
                    entry(bad) if entry is impl.evaluate else entry(*bad)
                errors.append(str(info.value))
            assert len(set(errors)) == 1


@pytest.mark.parametrize(
    "shape", ["As Kd Qs Js 9h", "As Ad Qs Js 9h", "As Ad Qs Qh 9h", "As Ad Ac Qh 9h", "As Ad Ac Qh Qs"]
)
def test_a_duplicate_at_any_two_places(impl: ModuleType, shape: str) -> None:
    # Five ranks, a pair, two pair, trips, a full house: each place may hold the repeat of any other.
    for first, second in combinations(range(5), 2):
        hand = cards(shape)
        hand[second] = hand[first]
        for entry in (lambda h: impl.evaluate(h), lambda h: impl.evaluate5(*h)):
            with pytest.raises(ValueError, match="duplicate card"):
                entry(hand)


def test_not_iterable(impl: ModuleType) -> None:
    with pytest.raises(TypeError, match="iterable"):
        impl.evaluate(12345)


def test_errors_are_the_same_in_both(compiled: ModuleType, pure: ModuleType) -> None:
    for bad in (["As"] * 5, "As Ks", list(DECK[:4]) + [7], "Xx Ks Qs Js Ts", 7):
        messages = []
        for impl in (compiled, pure):
            with pytest.raises((ValueError, TypeError)) as info:
                impl.evaluate(bad)
            messages.append((type(info.value), str(info.value)))
        assert messages[0] == messages[1]


def test_fixed_arity_entry_points(impl: ModuleType) -> None:
    rng = random.Random(5)
    for _ in range(500):
        hand = rng.sample(DECK, 7)
        assert impl.evaluate5(*hand[:5]) == impl.evaluate(hand[:5])
        assert impl.evaluate6(*hand[:6]) == impl.evaluate(hand[:6])
        assert impl.evaluate7(*hand) == impl.evaluate(hand)


def test_fixed_arity_entry_points_check_their_input(impl: ModuleType) -> None:
    a, b, c, d, e, f, g = DECK[:7]
    with pytest.raises(ValueError, match="duplicate card"):
        impl.evaluate5(a, b, c, d, a)
    with pytest.raises(ValueError, match="not a card"):
        impl.evaluate6(a, b, c, d, e, 99)
    with pytest.raises(ValueError, match="duplicate card"):
        impl.evaluate7(a, b, c, d, e, f, f)
    assert impl.evaluate7("As", "Ks", "Qs", "Js", "Ts", "2c", "3d") == 1


def test_more_arguments_are_more_cards(impl: ModuleType) -> None:
    # treys's shape (hole cards, then the board) and phevaluator's (a card an argument), in any form.
    rng = random.Random(6)
    for _ in range(300):
        hand = rng.sample(DECK, rng.randint(5, 7))
        rank = impl.evaluate(hand)
        texts = cards_str(hand).split()
        assert impl.evaluate(hand[:2], hand[2:]) == rank
        assert impl.evaluate(" ".join(texts[:2]), tuple(texts[2:])) == rank
        assert impl.evaluate(*hand) == impl.evaluate(*texts) == rank
        assert impl.evaluate("".join(texts[:1]), *hand[1:3], " ".join(texts[3:])) == rank


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        (("As Ks", "Qs Js"), ValueError, "expected 5 to 7 cards, got 4"),
        (("As Ks", "Qs Js Ts 9s 8s 7s"), ValueError, "expected 5 to 7 cards, got 8"),
        (("As Ks", "Qs Js As"), ValueError, "duplicate card"),
        (("As", "Ks", "Qs", "Js", 7), ValueError, "not a card: 7"),
        (("As", "Ks", "Qs", "Js", 1.5), ValueError, "not a card: 1.5"),
        (("As Ks", None), ValueError, "not a card: None"),
    ],
)
def test_more_arguments_are_checked_as_one_hand(
    compiled: ModuleType, pure: ModuleType, args: tuple[object, ...], error: type, words: str
) -> None:
    messages = []
    for impl in (compiled, pure):
        with pytest.raises(error, match=words) as info:
            impl.evaluate(*args)
        messages.append(str(info.value))
    assert messages[0] == messages[1]


def test_a_list_changing_between_calls_is_read_fresh(impl: ModuleType) -> None:
    hand = cards("As Ks Qs Js Ts 2c")
    assert impl.evaluate(hand) == 1
    hand[0] = card("9s")
    assert impl.evaluate(hand) == 2


def test_best_five_makes_the_rank(impl: ModuleType) -> None:
    rng = random.Random(11)
    for _ in range(300):
        hand = rng.sample(DECK, rng.choice((5, 6, 7)))
        five = impl.best_five(hand)
        assert len(five) == 5 and set(five) <= set(hand)
        assert impl.evaluate(five) == impl.evaluate(hand)
        assert [to_index(c) for c in five] == sorted((to_index(c) for c in five), reverse=True)


def test_best_five_breaks_ties_deterministically(impl: ModuleType) -> None:
    # Either nine makes the same straight: the first in descending index order (9s) is chosen.
    five = impl.best_five("9c 9s 8d 7h 6c 5d 2s")
    assert cards_str(five) == "9s 8d 7h 6c 5d"
    assert cards_str(impl.best_five("2c 3c 4c 5c 6c Ac Kd")) == "6c 5c 4c 3c 2c"


def test_best_five_is_the_first_best_in_combination_order(impl: ModuleType) -> None:
    rng = random.Random(12)
    for _ in range(200):
        hand = sorted(rng.sample(DECK, 7), key=to_index, reverse=True)
        best = min(combinations(hand, 5), key=impl.evaluate)
        assert impl.best_five(hand) == list(best)


def test_best_five_errors(impl: ModuleType) -> None:
    with pytest.raises(ValueError, match="expected 5 to 7 cards"):
        impl.best_five("As Ks")


def test_royal_flush_is_recognisable(impl: ModuleType) -> None:
    from handrank import class_name, is_royal_flush

    r = impl.evaluate("Ah Kh Qh Jh Th 2c 3d")
    assert hand_class(r) is HandClass.STRAIGHT_FLUSH
    assert is_royal_flush(r) and class_name(r) == "Royal Flush"
    assert not is_royal_flush(impl.evaluate("Kh Qh Jh Th 9h"))
