"""The engine's showdown and payout options (docs/rules.md#the-showdown): the order hands are
shown in, mucking, the rake, running it more than once, and Omaha high and hi-lo."""

from __future__ import annotations

from fractions import Fraction

import pytest

from handrank import cards, evaluate_omaha, settle
from handrank.engine import Hand, Rake, Stakes


def _check_down(hand: Hand) -> None:
    while not hand.is_over:
        hand.act("call" if hand.legal().call else "check")


# Seat 0 is the button; three-handed, seat 1 acts first after the flop.
HOLES = {0: "Ah Ad", 1: "7c 2d", 2: "Kh Kd"}
BOARD = "Qs 9c 5d 4s 3h"


def test_with_no_bet_on_the_river_the_first_seat_left_of_the_button_shows_first() -> None:
    hand = Hand.with_cards([100] * 3, button=0, holes=HOLES, board=BOARD)
    _check_down(hand)
    assert hand.result is not None and list(hand.result.shown) == [1, 2, 0]


def test_the_last_aggressor_on_the_river_shows_first() -> None:
    hand = Hand.with_cards([100] * 3, button=0, holes=HOLES, board=BOARD)
    while hand.street != "river":
        hand.act("call" if hand.legal().call else "check")
    hand.act("check")
    hand.bet_or_raise(10)  # seat 2 bets the river
    hand.act("call")
    hand.act("call")
    assert hand.result is not None and list(hand.result.shown) == [2, 0, 1]


def test_a_hand_that_cannot_win_may_muck_and_the_log_says_who_showed() -> None:
    plain = Hand.with_cards([100] * 3, button=0, holes=HOLES, board=BOARD)
    mucking = Hand.with_cards([100] * 3, button=0, holes=HOLES, board=BOARD, muck=True)
    _check_down(plain)
    _check_down(mucking)
    assert plain.result is not None and mucking.result is not None
    # Seat 1 shows first (it must); kings beat it and show; aces beat the kings and show.
    assert list(mucking.result.shown) == [1, 2, 0] and mucking.result.mucked == ()
    assert mucking.result.net == plain.result.net
    aces_first = Hand.with_cards([100] * 3, button=2, holes=HOLES, board=BOARD, muck=True)
    _check_down(aces_first)  # seat 0 shows first now: neither other hand can beat the aces
    assert aces_first.result is not None
    assert list(aces_first.result.shown) == [0] and aces_first.result.mucked == (1, 2)
    assert [e["event"] for e in aces_first.log[-4:]] == ["show", "muck", "muck", "end"]
    assert aces_first.result.net == {0: 4, 1: -2, 2: -2}
    assert Hand.replay(aces_first.to_json()).state() == aces_first.state()


def test_when_someone_is_all_in_every_hand_is_tabled() -> None:
    hand = Hand.with_cards([100, 40, 100], button=2, holes=HOLES, board=BOARD, muck=True)
    hand.act("all_in")  # the button, seat 2, first to act three-handed; seat 0 calls all-in for 40
    while not hand.is_over:
        hand.act("call" if hand.legal().call else "check")
    assert hand.result is not None and hand.result.mucked == () and len(hand.result.shown) == 3


def test_the_rake_is_a_share_of_the_pot_capped_with_no_flop_no_drop() -> None:
    rake = Rake(5, cap=3)
    hand = Hand([1000] * 2, button=0, stakes=Stakes(10, 20), seed=1, rake=rake)
    hand.act("call")
    hand.act("check")
    hand.bet_or_raise(100)
    hand.act("fold")  # the pot is 40 once the uncalled 100 goes back: 5% is 2
    assert hand.result is not None
    assert hand.result.settlement.returned == (1, 100) and hand.result.settlement.rake == 2
    assert sum(hand.result.net.values()) == -2
    preflop = Hand([1000] * 2, button=0, stakes=Stakes(10, 20), seed=1, rake=rake)
    preflop.act("fold")
    assert preflop.result is not None and preflop.result.settlement.rake == 0  # no flop, no drop
    big = Hand([1000] * 2, button=0, stakes=Stakes(10, 20), seed=2, rake=rake)
    big.act("raise", 500)
    big.act("call")
    _check_down(big)
    assert big.result is not None and big.result.settlement.rake == 3  # capped
    assert Hand.replay(big.to_json()).state() == big.state()
    assert Rake(Fraction(9, 2)).of(1000, flop_dealt=True) == 45


def test_settle_takes_the_rake_from_each_pot_in_proportion() -> None:
    s = settle({1: 50, 2: 100, 3: 100}, button=3, board=BOARD, hands={1: "Ah Ad", 2: "Kh Kd", 3: "7c 2d"}, rake=10)
    assert [p.amount for p in s.pots] == [150 - 6, 100 - 4] and s.rake == 10
    assert sum(s.payouts.values()) == 240 and sum(s.net.values()) == -10


def test_run_it_twice_splits_each_pot_between_two_boards() -> None:
    hand = Hand.with_cards([100, 100], button=0, holes={0: "Ah Ad", 1: "7c 2d"}, board="Qs 9c 5d", runs=2)
    hand.act("call")
    hand.act("check")
    hand.act("all_in")  # the big blind shoves the flop, the button calls
    hand.act("call")
    assert hand.result is not None and len(hand.boards) == 2
    assert hand.boards[0][:3] == hand.boards[1][:3] == cards("Qs 9c 5d")  # the flop is shared
    assert set(hand.boards[0][3:]).isdisjoint(hand.boards[1][3:])
    runs = [(p.run, p.amount) for p in hand.result.settlement.pots]
    assert runs == [(0, 100), (1, 100)]
    assert [e.get("run") for e in hand.log if e["event"] == "board"] == [None, None, None, 1, 1]
    again = Hand.replay(hand.to_json())
    assert again.state() == hand.state() and again.boards == hand.boards


def test_run_it_twice_gives_an_odd_chip_to_the_first_run_and_needs_the_cards() -> None:
    boards = ["Qs 9c 5d 4s 3h", "2c 2h 2s Kd Kc"]
    hands = {0: "Ah Ad", 1: "7c 2d"}
    s = settle({0: 50, 1: 50, 2: 1}, button=1, folded=[2], hands=hands, boards=boards)
    assert [(p.run, p.amount, p.winners) for p in s.pots] == [(0, 51, (0,)), (1, 50, (1,))]
    with pytest.raises(ValueError, match="runs is 1 to 4 here"):
        Hand([100] * 10, button=0, seed=1, runs=5)
    with pytest.raises(ValueError, match="not both"):
        settle({0: 5, 1: 5}, button=0, board="Qs 9c 5d", boards=["Qs 9c 5d 4s 3h"])


def test_omaha_uses_exactly_two_hole_cards() -> None:
    holes = {0: "As Ah Kh Qc", 1: "Ts 9c 4d 4h"}
    hand = Hand.with_cards([100, 100], button=0, holes=holes, board="2s 5s 8s Js Kd", game="omaha")
    _check_down(hand)
    assert hand.result is not None
    assert hand.result.shown[0].description == "Pair of aces"  # one spade in hand makes no flush
    assert hand.result.shown[0].rank == evaluate_omaha("As Ah Kh Qc", "2s 5s 8s Js Kd")
    assert hand.result.net == {0: 2, 1: -2}
    assert len(Hand([100] * 6, button=0, seed=3, game="omaha", hole_cards=6).holes[0]) == 6
    with pytest.raises(ValueError, match="omaha's 52 cards deal 6 cards each and a board to at most 7 players"):
        Hand([100] * 8, button=0, seed=3, game="omaha", hole_cards=6)
    with pytest.raises(ValueError, match="omaha deals 4 or 5 or 6 hole cards, got 3"):
        Hand([100] * 2, button=0, seed=3, game="omaha", hole_cards=3)


def test_omaha_hi_lo_splits_between_the_high_and_the_low() -> None:
    holes = {0: "Ac 3d 6s 7s", 1: "Qs Qh 9c 9d"}
    hand = Hand.with_cards([100, 100], button=0, holes=holes, board="2c 5d 8h Kc Qd", game="omaha-hilo")
    _check_down(hand)
    assert hand.result is not None
    pot = hand.result.settlement.pots[0]
    assert pot.winners == (1,) and pot.low_winners == (0,) and hand.result.net == {0: 0, 1: 0}
    assert hand.result.shown[0].low is not None and hand.result.shown[1].low is None
    assert Hand.replay(hand.to_json()).state() == hand.state()
