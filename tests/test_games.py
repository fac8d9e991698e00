"""Omaha high, the three lowball games, eight-or-better and hi-lo splits, in both implementations."""

from __future__ import annotations

import random
from itertools import combinations
from types import ModuleType

import numpy as np
import pytest
from hands import all_hands
from reference import best_low_key, low_key, parse
from test_rules import _representatives

from handrank import (
    DECK,
    LOW_SIZES,
    HandClass,
    card_str,
    cards,
    describe_low,
    evaluate,
    evaluate_low,
    low_class,
    omaha_hilo_winners,
    qualifies_eight_or_better,
    split_hi_lo,
    stud_hilo_winners,
)

GAMES = ["2-7", "a-5", "a-6"]


def text(cs: list[int]) -> str:
    return " ".join(card_str(c) for c in cs)


# ---- Omaha high ---------------------------------------------------------------------------


def brute_omaha(hole: list[int], board: list[int]) -> int:
    return min(evaluate(list(h) + list(b)) for h in combinations(hole, 2) for b in combinations(board, 3))


@pytest.mark.parametrize("holes", [4, 5, 6])
def test_omaha_equals_brute_force(impl: ModuleType, holes: int) -> None:
    rng = random.Random(holes)
    for _ in range(1500):
        cs = rng.sample(DECK, holes + 5)
        n_board = rng.choice((3, 4, 5))
        hole, board = cs[:holes], cs[holes : holes + n_board]
        assert impl.evaluate_omaha(hole, board) == brute_omaha(hole, board), text(cs)


def test_omaha_many_deals_equal_brute_force(compiled: ModuleType) -> None:
    # The compiled evaluator reads each two-and-three's non-flush value from a table by its ranks'
    # multisets (41,392 of them): 25,000 random hands of four to six cards against every two and three.
    rng = random.Random(7)
    seen = set()
    for _ in range(25_000):
        holes, n_board = rng.choice((4, 5, 6)), rng.choice((3, 4, 5))
        cs = rng.sample(DECK, holes + n_board)
        hole, board = cs[:holes], cs[holes:]
        assert compiled.evaluate_omaha(hole, board) == brute_omaha(hole, board), text(cs)
        seen.update(
            (tuple(sorted(a >> 8 & 0xF for a in two)), tuple(sorted(b >> 8 & 0xF for b in three)))
            for two in combinations(hole, 2)
            for three in combinations(board, 3)
        )
    assert len(seen) > 40_000  # nearly every pattern of ranks was among those tried


def test_omaha_flush_needs_two_suited_hole_cards(impl: ModuleType) -> None:
    assert impl.evaluate_omaha("As Kh 2c 3d", "Qs Js Ts 5s 4s") == 1600  # broadway, not a flush
    assert impl.evaluate_omaha("As Ks 2c 3d", "Qs Js Ts 5s 4s") == 1
    assert impl.evaluate_omaha(["As", "Ks", "2c", "3d"], ["Qs", "Js", "Ts"]) == 1


@pytest.mark.parametrize(
    "hole, board, message",
    [
        ("As Ks 2c", "Qs Js Ts", "expected 4 to 6 hole cards, got 3"),
        ("As Ks 2c 3c 4c 5c 6c", "Qs Js Ts", "expected 4 to 6 hole cards, got 7"),
        ("As Ks 2c 3c", "Qs Js", "expected 3 to 5 board cards, got 2"),
        ("As Ks 2c 3c", "Qs Js As", "duplicate card: As"),
        ("As Ks 2c 2c", "Qs Js Ts", "duplicate card: 2c"),
        ("As Ks 2c Xx", "Qs Js Ts", "invalid card 'Xx'"),
    ],
)
def test_omaha_bad_input(impl: ModuleType, hole: str, board: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        impl.evaluate_omaha(hole, board)
    with pytest.raises(ValueError, match=message):
        impl.evaluate_omaha_low(hole, board)


def test_omaha_bad_ints_are_caught(impl: ModuleType) -> None:
    with pytest.raises(ValueError, match="not a card: 7"):
        impl.evaluate_omaha(cards("As Ks 2c") + [7], cards("Qs Js Ts"))


@pytest.mark.parametrize("holes", [4, 5, 6])
def test_omaha_batch_equals_single(impl: ModuleType, holes: int) -> None:
    rng = np.random.default_rng(holes)
    rows = np.argsort(rng.random((400, 52)), axis=1)[:, : holes + 5].astype(np.int16)
    result = impl.evaluate_omaha_many(rows, hole_cards=holes)
    expected = [impl.evaluate_omaha([DECK[i] for i in r[:holes]], [DECK[i] for i in r[holes:]]) for r in rows.tolist()]
    assert result.tolist() == expected
    three = np.ascontiguousarray(rows[:, : holes + 3])
    assert impl.evaluate_omaha_many(three, hole_cards=holes).tolist() == [
        impl.evaluate_omaha([DECK[i] for i in r[:holes]], [DECK[i] for i in r[holes:]]) for r in three.tolist()
    ]


def test_omaha_batch_bad_input(impl: ModuleType) -> None:
    rows = np.tile(np.arange(9, dtype=np.uint8), (3, 1))
    rows[2, 8] = 0
    with pytest.raises(ValueError, match="row 2: duplicate card 2c"):
        impl.evaluate_omaha_many(rows)
    with pytest.raises(ValueError, match="hole_cards must be 4, 5 or 6"):
        impl.evaluate_omaha_many(rows, hole_cards=3)
    with pytest.raises(ValueError, match="expected 8, 9, 10 cards per row"):
        impl.evaluate_omaha_many(np.ascontiguousarray(rows[:, :7]), hole_cards=5)


def test_omaha_batch_threads(compiled: ModuleType) -> None:
    rng = np.random.default_rng(9)
    rows = np.argsort(rng.random((100_000, 52)), axis=1)[:, :9].astype(np.uint8)
    assert np.array_equal(compiled.evaluate_omaha_many(rows, threads=0), compiled.evaluate_omaha_many(rows))


def test_plo4_equals_phevaluator(compiled: ModuleType, pure: ModuleType) -> None:
    ph = pytest.importorskip("phevaluator", reason="phevaluator is not installed (pip install phevaluator)")
    rng = np.random.default_rng(44)
    rows = np.argsort(rng.random((200_000, 52)), axis=1)[:, :9]
    ours = compiled.evaluate_omaha_many(rows.astype(np.uint8), hole_cards=4)
    theirs = [ph.evaluate_omaha_cards(*r[4:], *r[:4]) for r in rows.tolist()]
    assert ours.tolist() == theirs
    assert pure.evaluate_omaha_many(rows[:5000].astype(np.uint8)).tolist() == theirs[:5000]


@pytest.mark.exhaustive
@pytest.mark.parametrize("holes", [5, 6])
def test_plo5_plo6_equal_brute_force(compiled: ModuleType, holes: int) -> None:
    rng = np.random.default_rng(holes * 11)
    rows = np.argsort(rng.random((100_000, 52)), axis=1)[:, : holes + 5].astype(np.uint8)
    best = np.full(len(rows), 7463, dtype=np.uint16)
    for h in combinations(range(holes), 2):
        for b in combinations(range(holes, holes + 5), 3):
            five = np.ascontiguousarray(rows[:, list(h) + list(b)])
            np.minimum(best, compiled.evaluate_many(five), out=best)
    assert np.array_equal(compiled.evaluate_omaha_many(rows, hole_cards=holes), best)


# ---- lowball ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_low_scale_against_the_independent_reference(impl: ModuleType, game: str) -> None:
    hands = _representatives()  # one hand for every (rank multiset, suited) shape
    value_of_key: dict[tuple[int, ...], int] = {}
    for h in hands:
        key, value = low_key(parse(h), game), impl.evaluate_low(h, game)
        assert value_of_key.setdefault(key, value) == value, h  # the same shape, the same value
    ordered = [value_of_key[k] for k in sorted(value_of_key)]
    assert ordered == list(range(1, LOW_SIZES[game] + 1))


@pytest.mark.parametrize("game", GAMES)
def test_best_low_of_seven_against_the_reference(impl: ModuleType, game: str) -> None:
    reference = {low_key(parse(h), game): impl.evaluate_low(h, game) for h in _representatives()}
    rng = random.Random(game)
    for _ in range(1500):
        hand = rng.sample(DECK, rng.choice((6, 7)))
        assert impl.evaluate_low(hand, game) == reference[best_low_key(parse(text(hand)), game)], text(hand)


@pytest.mark.parametrize(
    "game, best, worst",
    [
        ("2-7", "7s 5h 4d 3c 2s", "As Ks Qs Js Ts"),
        ("a-5", "5s 4h 3d 2c As", "Ks Kh Kd Kc Qs"),
        ("a-6", "6s 4h 3d 2c As", "Ks Qs Js Ts 9s"),
    ],
)
def test_best_and_worst_lows(impl: ModuleType, game: str, best: str, worst: str) -> None:
    assert impl.evaluate_low(best, game) == 1
    assert impl.evaluate_low(worst, game) == LOW_SIZES[game]


def test_ace_rules(impl: ModuleType) -> None:
    wheel = "5s 4h 3d 2c As"
    # 2-7: the ace is high, A-2-3-4-5 is ace-high (not a straight); it loses to any king-high.
    assert low_class(impl.evaluate_low(wheel, "2-7"), "2-7") is HandClass.HIGH_CARD
    assert impl.evaluate_low(wheel, "2-7") > impl.evaluate_low("Ks 9h 7d 4c 2s", "2-7")
    # the ace is low and the wheel is a straight, worse than any pair.
    assert low_class(impl.evaluate_low(wheel, "a-6"), "a-6") is HandClass.STRAIGHT
    assert impl.evaluate_low(wheel, "a-6") > impl.evaluate_low("Ks Kh 7d 4c 2s", "a-6")
    # flushes do not count.
    assert impl.evaluate_low("5s 4s 3s 2s As", "a-5") == 1


def test_unknown_game(impl: ModuleType) -> None:
    with pytest.raises(ValueError, match="unknown lowball game 'badugi': expected one of 2-7, a-5, a-6, razz"):
        impl.evaluate_low("5s 4h 3d 2c As", "badugi")


def test_razz_is_ranked_ace_to_five(impl: ModuleType) -> None:
    for hand in ("5s 4h 3d 2c As", "Ks Kh 7d 4c 2s 9d 9c", "Qs Jh 9d 7c 6s"):
        assert impl.evaluate_low(hand, "razz") == impl.evaluate_low(hand, "a-5")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_low_batch_equals_single_calls(impl: ModuleType, game: str, k: int) -> None:
    rows = np.argsort(np.random.default_rng(k).random((300, 52)), axis=1)[:, :k]
    expected = [impl.evaluate_low([DECK[i] for i in row], game) for row in rows]
    for dtype in (np.uint8, np.int16, np.int64):
        result = impl.evaluate_low_many(rows.astype(dtype), game)
        assert result.dtype == np.uint16 and result.tolist() == expected
    flipped = rows.astype(np.int32)[::2, ::-1]  # a non-contiguous view: every other row, cards reversed
    assert impl.evaluate_low_many(flipped, game=game).tolist() == expected[::2]


def test_low_batch_bad_input(impl: ModuleType) -> None:
    with pytest.raises(ValueError, match="row 1: duplicate card"):
        impl.evaluate_low_many(np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 8]]))
    with pytest.raises(ValueError, match="row 0: 52 is not a card index"):
        impl.evaluate_low_many(np.array([[52, 1, 2, 3, 4]], dtype=np.uint8))
    with pytest.raises(ValueError, match="unknown lowball game 'badugi'"):
        impl.evaluate_low_many(np.array([[0, 1, 2, 3, 4]]), "badugi")
    with pytest.raises(ValueError, match="5, 6, 7 cards per row"):
        impl.evaluate_low_many(np.zeros((2, 8), dtype=np.uint8))


def test_low_batch_threads(compiled: ModuleType) -> None:
    rows = np.argsort(np.random.default_rng(9).random((60_000, 52)), axis=1)[:, :7].astype(np.uint8)
    assert np.array_equal(compiled.evaluate_low_many(rows, "2-7", threads=0), compiled.evaluate_low_many(rows, "2-7"))


@pytest.mark.exhaustive
def test_all_five_card_lows_pure_equals_compiled(compiled: ModuleType, pure: ModuleType, summary: list[str]) -> None:
    hands = list(combinations(DECK, 5))
    for game in GAMES:
        values = [compiled.evaluate_low(h, game) for h in hands]
        assert [pure.evaluate_low(h, game) for h in hands] == values
        assert len(set(values)) == LOW_SIZES[game] and max(values) == LOW_SIZES[game]
        summary.append(f"{game} low: {len(values):,} five-card hands, {len(set(values)):,} distinct values")


def test_pokerkit_lows_agree(impl: ModuleType) -> None:
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is not installed (pip install pokerkit)")
    rng = random.Random(27)
    sample = [rng.sample(DECK, 5) for _ in range(400)]
    for game, hand_type in (("2-7", pokerkit.StandardLowHand), ("a-5", pokerkit.RegularLowHand)):
        ours = [impl.evaluate_low(h, game) for h in sample]
        theirs = [hand_type("".join(card_str(c) for c in h)) for h in sample]
        for i in range(len(sample)):
            for j in range(i + 1, len(sample)):
                # pokerkit's low hands compare greater when better; our values are smaller when better.
                assert (theirs[i] > theirs[j]) == (ours[i] < ours[j])
                assert (theirs[i] == theirs[j]) == (ours[i] == ours[j])


# ---- words, eight-or-better, hi-lo ---------------------------------------------------------


@pytest.mark.parametrize(
    "hand, game, words",
    [
        ("7s 5h 4d 3c 2s", "2-7", "Seven-five low (number one)"),
        ("As 2h 3d 4c 5s", "a-5", "Five-four low (wheel)"),
        ("As 2h 3d 4c 6s", "a-6", "Six-four low"),
        ("8s 6h 5d 4c 2s", "2-7", "Eight-six low"),
        ("Kh Kd 9c 7s 2h", "a-5", "Pair of kings"),
        ("As 2h 3d 4c 5s", "a-6", "Five-high straight (wheel)"),
        ("9s 8s 5s 3s 2s", "2-7", "Nine-eight-high flush"),
    ],
)
def test_low_descriptions(hand: str, game: str, words: str) -> None:
    assert describe_low(hand, game) == words


def test_low_long_forms_are_distinct() -> None:
    for game in GAMES:
        forms = {describe_low(v, game, long=True) for v in range(1, LOW_SIZES[game] + 1)}
        assert len(forms) == LOW_SIZES[game]


def test_eight_or_better() -> None:
    assert qualifies_eight_or_better(evaluate_low("8c 7d 6h 5s 4c"))
    assert qualifies_eight_or_better(evaluate_low("As 2d 3h 4s 8c"))
    assert not qualifies_eight_or_better(evaluate_low("9c 7d 6h 5s 4c"))
    assert not qualifies_eight_or_better(evaluate_low("As 2d 3h 4s 4c"))


def test_omaha_hilo() -> None:
    # High: a flush; low: A-2 with 3-4-5 on board (the wheel) for the first hand only.
    high, low = omaha_hilo_winners(["As 2c Jh Jc", "Ad Qd 8c 8h", "Tc Th 6c 7c"], "3d 4h 5s 9d Kd")
    assert high == [1] and low == [0]
    high, low = omaha_hilo_winners(["As 2c Jh Jc", "Ad 3d 8c 8h"], "Kd Qh Js 9d 9c")
    assert high == [0] and low == []  # no three board cards of 8 or lower: no low


def test_stud_hilo_split_and_odd_chips() -> None:
    high, low = stud_hilo_winners(["As 2s 3d 4c 7h Kd Kh", "Qs Qd Qh 9c 9d 2d 3h", "Ah 2h 3c 4d 7s Jc Td"])
    assert high == [1] and low == [0, 2]
    assert split_hi_lo(101, high, low, button=1) == {1: 51, 2: 25, 0: 25}
    assert split_hi_lo(103, high, low, button=1) == {1: 52, 2: 26, 0: 25}
    assert split_hi_lo(100, high, [], button=1) == {1: 100}
    with pytest.raises(ValueError, match="at least one high winner"):
        split_hi_lo(10, [], [0], button=0)


def test_batch_form_matches_table_of_all_hands(compiled: ModuleType) -> None:
    five = all_hands(5)[::997]
    assert compiled.evaluate_many(five).tolist() == [evaluate([DECK[i] for i in r]) for r in five.tolist()]


def test_a_bad_game_is_named_before_bad_cards(impl: ModuleType) -> None:
    # Found by fuzz/fuzz_evaluate.py: the two sides checked the game and the cards in turn.
    with pytest.raises(ValueError, match="unknown lowball game None"):
        impl.evaluate_low([], None)
