"""Winners, split pots, side pots and odd chips: the worked examples of docs/rules.md and a property test."""

from __future__ import annotations

import json
import random
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handrank import DECK, card_str, cards, compare, omaha_hilo_winners, settle, winners

# ---- compare and winners -----------------------------------------------------------------


def test_compare_direction() -> None:
    assert compare("As Ad Kc Qd 2h", "Ks Kd Ac Qh 2c") == 1
    assert compare("Ks Kd Ac Qh 2c", "As Ad Kc Qd 2h") == -1
    assert compare("Ah Kh Qh Jh 9h", "As Ks Qs Js 9s") == 0


def test_rules_board_of_quads() -> None:
    # docs/rules.md#more-than-five-cards: board J-J-J-J-9; K-7 beats Q-10; 8-2 and 6-5 split; A-2 and A-K split.
    board = "Jc Jd Jh Js 9c"
    assert winners(["Kd 7h", "Qd Th"], board) == [0]
    assert winners(["8d 2h", "6d 5h"], board) == [0, 1]
    assert winners(["Ad 2h", "Ah Kd"], board) == [0, 1]


def test_rules_cards_outside_the_best_five_do_not_count() -> None:
    assert winners(["3♠ Q♦", "3♣ A♣"], "4♣ 5♦ 6♦ 7♠ 10♥") == [0, 1]


def test_winners_on_the_flop_and_turn() -> None:
    assert winners(["Ah 2c", "Kh Qc"], "As Kd 7c") == [0]
    assert winners(["Kh Qc", "Ah 2c"], "As Kd 7c 7d") == [1]


@pytest.mark.parametrize(
    "board, holdings, message",
    [
        ("As Kd", ["Ah 2c", "Kh Qc"], "3 to 5 board cards"),
        ("As Kd 7c", ["Ah 2c 3c", "Kh Qc"], "holding 0: expected 2 hole cards"),
        ("As Kd 7c", ["As 2c", "Kh Qc"], "duplicate card: As"),
        ("As Kd 7c", [], "at least one holding"),
    ],
)
def test_winners_bad_input(board: str, holdings: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        winners(holdings, board)


def test_the_board_first_is_the_old_order_taken_with_a_warning() -> None:
    # Holdings first, as evaluate_holdem takes them; the board first, the order winners had before,
    # gives the same answer and says which call to make instead.
    holdings, board = ["Ah Kh", "Qs Qd"], "2c 7d 9h Js 3s"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the new order warns of nothing
        assert winners(holdings, board) == [1]
        assert winners(holdings=holdings, board=board) == [1]
    old = r"winners\(board, holdings\) is the old order: call winners\(holdings, board\)"
    for given_board, given_holdings in (
        (board, holdings),
        (board.split(), holdings),  # a board of cards one an item, as text
        (cards(board), [cards(h) for h in holdings]),  # or as ints
    ):
        with pytest.warns(DeprecationWarning, match=old):
            assert winners(given_board, given_holdings) == [1]
    hands = ["As Ad Kc Kd 2s 3s 9h", "Qs Qd Qc 8d 8h 2c 3d"]  # stud: no board
    with pytest.warns(DeprecationWarning, match=old):
        assert winners([], hands, game="stud") == [1]
    assert winners(hands, game="stud") == [1]
    omaha = ["As 2c Jh Jc", "Ad 3d 8c 8h"]
    with pytest.warns(DeprecationWarning, match=r"omaha_hilo_winners\(board, holdings\) is the old order"):
        assert omaha_hilo_winners("Kd Qh Js 9d 9c", omaha) == omaha_hilo_winners(omaha, "Kd Qh Js 9d 9c")


# ---- settle: the examples of docs/rules.md#splitting-pots and more -------------------------------------


def test_rules_side_pot_example() -> None:
    # P1 50 (all-in), P2 100 (all-in), P3 200, P4 200: pots 200 (P1-P4), 150 (P2-P4), 200 (P3, P4).
    s = settle(
        {1: 50, 2: 100, 3: 200, 4: 200},
        button=4,
        board="2c 7d 9h Js 3h",
        hands={1: "Ac Ad", 2: "Kd Kh", 3: "Qc Qd", 4: "3s 4s"},
    )
    assert [(p.amount, p.eligible) for p in s.pots] == [(200, (1, 2, 3, 4)), (150, (2, 3, 4)), (200, (3, 4))]
    assert [p.winners for p in s.pots] == [(1,), (2,), (3,)]
    assert s.payouts == {1: 200, 2: 150, 3: 200, 4: 0}
    assert s.net == {1: 150, 2: 50, 3: 0, 4: -200}


def test_short_all_in_wins_the_main_pot_another_player_the_side_pot() -> None:
    s = settle({0: 30, 1: 100, 2: 100}, button=2, board="2c 7d 9h Js 3h", hands={0: "Ac Ad", 1: "Kd Kh", 2: "Qc Qd"})
    assert [(p.amount, p.winners) for p in s.pots] == [(90, (0,)), (140, (1,))]
    assert s.payouts == {0: 90, 1: 140, 2: 0}


def test_three_way_split_with_odd_chips_left_of_the_button() -> None:
    # Everyone plays the board's broadway straight; 100 chips split three ways: 34, 33, 33.
    board = "Ac Kd Qh Js Tc"
    hands = {0: "2c 3d", 1: "2d 3h", 2: "2h 3s", 3: "4c 5d"}
    s = settle({0: 25, 1: 25, 2: 25, 3: 25}, button=1, board=board, hands=hands, folded=[3])
    (pot,) = s.pots
    assert pot.winners == (0, 1, 2) and pot.amount == 100
    # Seat 2 is first left of the button (seat 1), so it takes the odd chip.
    assert dict(pot.shares) == {2: 34, 0: 33, 1: 33}
    s = settle({0: 25, 1: 25, 2: 25, 3: 25}, button=3, board=board, hands=hands, folded=[3])
    assert dict(s.pots[0].shares) == {0: 34, 1: 33, 2: 33}
    s = settle({0: 26, 1: 26, 2: 26, 3: 25}, button=0, board=board, hands=hands, folded=[3])
    assert dict(s.pots[0].shares) == {1: 35, 2: 34, 0: 34}


def test_everyone_folds_to_one_player_who_shows_nothing() -> None:
    s = settle({0: 10, 1: 50, 2: 20}, button=0, folded=[0, 2])
    assert s.returned == (1, 30)
    assert [(p.amount, p.winners) for p in s.pots] == [(50, (1,))]
    assert s.payouts == {0: 0, 1: 80, 2: 0} and s.ranks == {}


def test_chips_only_folded_seats_put_in_go_to_those_still_in() -> None:
    s = settle({0: 1, 1: 1, 2: 0, 3: 1}, button=0, folded=[0, 1, 3])
    assert [(p.amount, p.eligible, p.winners) for p in s.pots] == [(3, (2,), (2,))]
    assert s.returned is None and s.payouts == {0: 0, 1: 0, 2: 3, 3: 0}


def test_uncalled_bet_goes_back() -> None:
    s = settle({0: 100, 1: 400}, button=0, board="2c 7d 9h Js 3h", hands={0: "Ac Ad", 1: "Kd Kh"})
    assert s.returned == (1, 300)
    assert [(p.amount, p.winners) for p in s.pots] == [(200, (0,))]
    assert s.payouts == {0: 200, 1: 300}


def test_heads_up_split() -> None:
    s = settle([51, 51], button=1, board="Ac Kd Qh Js Tc", hands={0: "2c 3d", 1: "2d 3h"})
    assert dict(s.pots[0].shares) == {0: 51, 1: 51}


def test_folded_chips_stay_in_the_pot_and_win_nothing() -> None:
    s = settle(
        {0: 60, 1: 60, 2: 40}, button=0, folded=[2], board="2c 7d 9h Js 3h", hands={0: "Ac Ad", 1: "Kd Kh", 2: "Qs Qh"}
    )
    assert [(p.amount, p.eligible, p.winners) for p in s.pots] == [(160, (0, 1), (0,))]
    assert s.payouts[2] == 0


def test_results_are_json_friendly_and_frozen() -> None:
    s = settle({0: 10, 1: 10}, button=0, board="2c 7d 9h Js 3h", hands={0: "Ac Ad", 1: "Kd Kh"})
    text = json.dumps(s.to_dict())
    assert json.loads(text)["payouts"] == {"0": 20, "1": 0}
    assert "Pot(amount=20" in repr(s)
    with pytest.raises(AttributeError):
        s.pots[0].amount = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(contributions={0: -1, 1: 5}, button=0), "whole number of chips"),
        (dict(contributions={0: 1.5, 1: 5}, button=0), "whole number of chips"),
        (dict(contributions={0: True, 1: 5}, button=0), "whole number of chips"),
        (dict(contributions={0: 5}, button=0), "at least 2 seats"),
        (dict(contributions={0: 5, 1: 5}, button=7), "button seat 7 is not at the table"),
        (dict(contributions={0: 5, 1: 5}, button=0, folded=[4]), "unknown seat: 4"),
        (dict(contributions={0: 5, 1: 5}, button=0, hands={3: "As Ks"}), "unknown seat: 3"),
        (dict(contributions={0: 5, 1: 5}, button=0, folded=[0, 1]), "every seat folded"),
        (
            dict(contributions={0: 5, 1: 5}, button=0, board="2c 7d 9h Js 3h", hands={0: "As Ks"}),
            "seat 1 is in the showdown but shows no cards",
        ),
        (
            dict(contributions={0: 5, 1: 5}, button=0, board="2c 7d 9h Js 3h", hands={0: "As Ks", 1: "As Qd"}),
            "duplicate card: As",
        ),
        (
            dict(contributions={0: 5, 1: 5}, button=0, board="2c 7d 9h Js 3h", hands={0: "2c Ks", 1: "Ad Qd"}),
            "duplicate card: 2c",
        ),
        (
            dict(contributions={0: 5, 1: 5}, button=0, board="2c 7d", hands={0: "As Ks", 1: "Ad Qd"}),
            "3 to 5 board cards",
        ),
        (
            dict(contributions={0: 5, 1: 5}, button=0, board="2c 7d 9h", hands={0: "As", 1: "Ad Qd"}),
            "seat 0: expected 2 hole cards",
        ),
    ],
)
def test_bad_input(kwargs: dict, message: str) -> None:  # type: ignore[type-arg]
    contributions = kwargs.pop("contributions")
    with pytest.raises(ValueError, match=message):
        settle(contributions, **kwargs)


# ---- the property: chips are conserved on any table ----------------------------------------


@st.composite
def tables(draw: st.DrawFn) -> dict:  # type: ignore[type-arg]
    n = draw(st.integers(2, 10))
    seats = sorted(draw(st.sets(st.integers(0, 20), min_size=n, max_size=n)))
    # Few distinct amounts make all-in levels and ties common.
    levels = draw(st.lists(st.integers(0, 500), min_size=1, max_size=4))
    contributions = {s: draw(st.sampled_from(levels)) for s in seats}
    folded = [s for s in seats if draw(st.booleans()) and draw(st.booleans())]
    if len(folded) == len(seats):
        folded = folded[1:]
    rng = random.Random(draw(st.integers(0, 2**32)))
    deck = list(DECK)
    rng.shuffle(deck)
    # Paired boards and low cards make split pots frequent.
    board = [card_str(c) for c in deck[:5]]
    hands = {s: " ".join(card_str(c) for c in deck[5 + 2 * i : 7 + 2 * i]) for i, s in enumerate(seats)}
    return dict(
        contributions=contributions,
        button=draw(st.sampled_from(seats)),
        folded=folded,
        hands=hands,
        board=" ".join(board),
    )


@settings(max_examples=600, deadline=None)
@given(tables())
def test_chips_are_conserved_on_any_table(table: dict) -> None:  # type: ignore[type-arg]
    s = settle(**table)
    contributions, folded = table["contributions"], set(table["folded"])
    assert sum(s.payouts.values()) == sum(contributions.values())
    assert all(v >= 0 for v in s.payouts.values())
    assert all(s.payouts[f] == 0 or (s.returned and s.returned[0] == f) for f in folded)
    total = sum(p.amount for p in s.pots) + (s.returned[1] if s.returned else 0)
    assert total == sum(contributions.values())
    for p in s.pots:
        assert set(p.winners) <= set(p.eligible) and not set(p.eligible) & folded
        shares = [n for _, n in p.shares]
        assert sum(shares) == p.amount and max(shares) - min(shares) <= 1
        if len(p.eligible) > 1:
            best = min(s.ranks[e] for e in p.eligible)
            assert {w for w in p.winners} == {e for e in p.eligible if s.ranks[e] == best}
    assert [p.eligible for p in s.pots] == sorted((p.eligible for p in s.pots), key=len, reverse=True)
