"""Every worked example of docs/rules.md, and the whole rank scale against an independent reference."""

from __future__ import annotations

import random
from itertools import combinations
from types import ModuleType

import pytest
from reference import best_key, key5, parse

from handrank import DECK, card_str, cards


def rank(impl: ModuleType, text: str) -> int:
    return impl.evaluate(text)  # type: ignore[no-any-return]


# ---- docs/rules.md, "Hand classes" and "More than five cards" ------------------------------


def test_royal_flush_is_rank_one(impl: ModuleType) -> None:
    assert rank(impl, "As Ks Qs Js Ts") == 1


def test_steel_wheel_is_the_lowest_straight_flush(impl: ModuleType) -> None:
    assert rank(impl, "5h 4h 3h 2h Ah") == 10
    assert rank(impl, "6h 5h 4h 3h 2h") == 9


def test_worst_hand_is_seven_five_high(impl: ModuleType) -> None:
    assert rank(impl, "7s 5h 4d 3c 2s") == 7462


def test_wheel_is_the_lowest_straight_and_broadway_the_highest(impl: ModuleType) -> None:
    wheel, six_high, broadway = (rank(impl, h) for h in ("5c 4d 3h 2s Ac", "6c 5d 4h 3s 2c", "Ac Kd Qh Js Tc"))
    assert broadway < six_high < wheel
    assert wheel == 1609  # the last straight


@pytest.mark.parametrize("hand", ["3c 2d Ah Ks Qc", "4c 3d 2h As Kc", "2c Ad Kh Qs Jc"])
def test_no_wrap_around_straights(impl: ModuleType, hand: str) -> None:
    assert rank(impl, hand) > 6185  # high card, not a straight


def test_any_class_beats_every_lower_class(impl: ModuleType) -> None:
    assert rank(impl, "2c 2d 3c 3d 4h") < rank(impl, "Ac Ad Kh Qs Jc")


def test_card_order_does_not_matter(impl: ModuleType) -> None:
    # Seed 000: 10♠ 8♦ 10♦ 6♣ 10♣ is the same hand as 10♣ 10♦ 10♠ 8♦ 6♣.
    assert rank(impl, "10♠ 8♦ 10♦ 6♣ 10♣") == rank(impl, "10♣ 10♦ 10♠ 8♦ 6♣")


def test_suits_never_break_ties(impl: ModuleType) -> None:
    assert rank(impl, "Ah Kh Qh Jh 9h") == rank(impl, "As Ks Qs Js 9s")
    assert rank(impl, "Ac Kd Qh Js 9s") == rank(impl, "As Kh Qd Jc 9d")


def test_cards_outside_the_best_five_do_not_count(impl: ModuleType) -> None:
    # Board 4♣ 5♦ 6♦ 7♠ 10♥: 3♠ Q♦ and 3♣ A♣ both play the 3-to-7 straight and tie.
    board = "4♣ 5♦ 6♦ 7♠ 10♥"
    assert rank(impl, f"3♠ Q♦ {board}") == rank(impl, f"3♣ A♣ {board}")


def test_board_of_quads_kickers(impl: ModuleType) -> None:
    # Board J-J-J-J-9: K-7 beats Q-10; 8-2 and 6-5 split; A-2 and A-K split.
    board = "Jc Jd Jh Js 9c"
    assert rank(impl, f"Kd 7h {board}") < rank(impl, f"Qd Th {board}")
    assert rank(impl, f"8d 2h {board}") == rank(impl, f"6d 5h {board}")
    assert rank(impl, f"Ad 2h {board}") == rank(impl, f"Ah Kd {board}")


# ---- comparisons within a class, as docs/rules.md#hand-classes orders them ------------------


@pytest.mark.parametrize(
    "better, worse",
    [
        ("7♣ 7♠ 7♦ 7♥ J♥", "7♣ 7♠ 7♦ 7♥ 10♣"),  # quads: the kicker decides
        ("4h 4d 4c 4s 2c", "3h 3d 3c 3s Ac"),  # 4-4-4-4-2 beats 3-3-3-3-A
        ("Q♠ Q♥ Q♦ 7♠ 4♣", "J♠ J♣ J♦ A♦ K♣"),  # higher trips
        ("4♦ 4♣ 4♠ 9♦ 2♣", "4♦ 4♣ 4♠ 8♣ 7♦"),  # trips: kickers in order
        ("10♠ 10♣ 8♥ 8♣ 4♠", "8♥ 8♣ 4♠ 4♣ 10♠"),  # two pair: top pair first
        ("10♠ 10♣ 8♥ 8♣ 4♠", "10♠ 10♣ 4♠ 4♥ 8♥"),  # then the lower pair
        ("10♠ 10♣ 8♥ 8♣ A♦", "10♠ 10♣ 8♥ 8♣ 4♠"),  # then the kicker
        ("Qh Qd Qc 9s 9h", "Jh Jd Jc As Ah"),  # full house: the trips first
        ("Kh Qh 9h 5h 2h", "Kd Jd Td 9d 8d"),  # flush: highest cards first
    ],
)
def test_comparisons_within_a_class(impl: ModuleType, better: str, worse: str) -> None:
    assert rank(impl, better) < rank(impl, worse)


# ---- the whole scale against the independent reference ------------------------------------


def _representatives() -> list[str]:
    """One hand for every five-card value: every rank multiset off-suit, every five distinct ranks suited."""
    out = []
    suits = "cdhs"
    ranks = "23456789TJQKA"
    for combo in combinations(range(13), 5):
        out.append(" ".join(ranks[r] + "h" for r in combo))

    def multisets(size: int, lowest: int, prefix: list[int]) -> None:
        if size == 0:
            used: dict[int, int] = {}
            hand = []
            for r in prefix:
                hand.append(ranks[r] + suits[used.get(r, 0)])
                used[r] = used.get(r, 0) + 1
            if len(set(prefix)) < 5 or len({h[1] for h in hand}) > 1:
                # distinct ranks would be a flush in one suit: put the last card in another suit
                out.append(" ".join(hand))
            else:
                out.append(" ".join(hand[:-1] + [hand[-1][0] + "d"]))
            return
        for r in range(lowest, 13):
            if prefix.count(r) < 4:
                multisets(size - 1, r, prefix + [r])

    multisets(5, 0, [])
    return out


def test_every_rank_is_where_the_reference_puts_it(impl: ModuleType) -> None:
    hands = _representatives()
    assert len(hands) == 7462
    by_reference = sorted(hands, key=lambda h: key5(parse(h)), reverse=True)
    assert [rank(impl, h) for h in by_reference] == list(range(1, 7463))


def test_random_seven_card_hands_match_the_reference(impl: ModuleType) -> None:
    hands = _representatives()
    rank_of_key = {key5(parse(h)): rank(impl, h) for h in hands}
    rng = random.Random(2026)
    for _ in range(3000):
        n = rng.choice((6, 7))
        text = " ".join(card_str(c) for c in rng.sample(DECK, n))
        assert rank(impl, text) == rank_of_key[best_key(parse(text))], text


def test_string_forms_agree(impl: ModuleType) -> None:
    assert (
        rank(impl, "As Ks Qs Js Ts")
        == impl.evaluate(cards("A♠ K♠ Q♠ J♠ 10♠"))
        == impl.evaluate(["As", "Ks", "Qs", "Js", "Ts"])
    )
