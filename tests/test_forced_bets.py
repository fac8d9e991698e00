"""Forced bets beyond the blinds (docs/rules.md#forced-bets): the big-blind ante, per-seat antes,
dead money and live posts, straddles."""

from __future__ import annotations

import pytest

from handrank.engine import Hand, Stakes
from handrank.seats import clockwise_after

BB_ANTE = Stakes(50, 100, ante=100, big_blind_ante=True)


def _fold_out(hand: Hand) -> None:
    while not hand.is_over:
        hand.act("fold" if hand.legal().fold else "check")


def test_the_big_blind_ante_is_dead_money_never_called_nor_returned() -> None:
    hand = Hand([1000] * 3, button=0, stakes=BB_ANTE, seed=1)  # small blind 1, big blind 2
    assert [e["event"] for e in hand.log[1:4]] == ["big_blind_ante", "small_blind", "big_blind"]
    assert hand.committed == {0: 0, 1: 50, 2: 200} and hand.dead == {0: 0, 1: 0, 2: 100}
    assert hand.legal().call == 100 and hand.legal().min_raise == 200  # the ante counts toward no call
    assert hand.pot == 250
    _fold_out(hand)
    assert hand.result is not None
    assert hand.result.settlement.returned == (2, 50)  # the blind's uncalled half, never the ante
    assert hand.result.net == {0: 0, 1: -50, 2: 50}


def test_a_big_blind_short_for_both_posts_the_ante_first() -> None:
    hand = Hand([1000, 1000, 150], button=0, stakes=BB_ANTE, seed=2)
    assert hand.log[1] == {"event": "big_blind_ante", "seat": 2, "amount": 100}
    assert hand.log[3] == {"event": "big_blind", "seat": 2, "amount": 50}
    assert hand.legal().call == 100  # the short big blind still sets a full blind


def test_heads_up_the_small_blind_may_win_the_ante_of_a_big_blind_all_in_on_it() -> None:
    # The big blind's stack is the ante alone; the small blind's blind goes back uncalled, and the
    # dead ante goes to the pot every player still in may win: here the small blind's better hand.
    holes = {0: "4s 4d", 1: "6h Jh"}
    stakes = Stakes(1, 2, ante=2, big_blind_ante=True)
    hand = Hand.with_cards([2, 3], button=1, holes=holes, board="8s Ad Jc As 8d", stakes=stakes)
    assert hand.is_over and hand.result is not None
    assert hand.result.settlement.returned == (1, 1)
    assert hand.result.net == {0: -2, 1: 2}
    weaker = Hand.with_cards([2, 3], button=1, holes={0: "6h Jh", 1: "4s 4d"}, board="8s Ad Jc As 8d", stakes=stakes)
    assert weaker.result is not None and weaker.result.net == {0: 0, 1: 0}  # the big blind keeps its ante


def test_dead_money_is_open_to_every_seat_still_in() -> None:
    from handrank.rules import settle

    # Seat 1's bet went back uncalled; it still contests seat 0's dead chips.
    s = settle({0: 0, 1: 5}, button=1, dead={0: 2}, board="8s Ad Jc As 8d", hands={0: "4s 4d", 1: "6h Jh"})
    assert s.returned == (1, 5) and [(p.amount, p.eligible, p.winners) for p in s.pots] == [(2, (0, 1), (1,))]


def test_a_big_blind_all_in_on_the_ante_may_win_only_the_dead_money() -> None:
    holes = {0: "7c 2d", 1: "Qs Qd", 2: "As Ad"}
    hand = Hand.with_cards([1000, 1000, 80], button=0, holes=holes, board="Kh 9c 5d 4s 3h", stakes=BB_ANTE)
    hand.act("call")
    hand.act("call")
    _fold_out(hand)
    assert hand.result is not None
    pots = [(p.amount, p.eligible, p.winners) for p in hand.result.settlement.pots]
    assert pots == [(80, (0, 1, 2), (2,)), (200, (0, 1), (1,))]
    assert hand.result.net == {0: -100, 1: 100, 2: 0}


def test_per_seat_antes_dead_money_and_a_live_post() -> None:
    # Seat 4 comes back: it posts its missed small blind dead and a big blind live.
    hand = Hand([500] * 5, button=0, seed=3, antes={0: 1, 1: 2, 2: 0, 3: 1, 4: 1}, dead={4: 1}, posts={4: 2})
    assert hand.committed == {0: 1, 1: 3, 2: 2, 3: 1, 4: 4} and hand.dead[4] == 1
    assert hand.bets[4] == 2  # the post is live, the dead blind and the ante are not
    hand.act("call")  # seat 3 under the gun
    legal = hand.legal()
    assert legal.seat == 4 and legal.check and legal.min_raise == 4  # the live post is its call: check or raise
    hand.act("check")
    hand.act("call")  # seat 0
    hand.act("call")  # seat 1, the small blind
    legal = hand.legal()
    assert legal.seat == 2 and legal.check  # the big blind's option
    hand.act("check")
    assert hand.street == "flop" and hand.pot == 5 * 2 + 5 + 1  # five calls of 2, antes 5, the dead blind
    assert Hand.replay(hand.to_json()).state() == hand.state()


@pytest.mark.parametrize(
    "stakes, seats, straddlers, first, min_raise",
    [
        (Stakes(1, 2, straddles=(4,)), 5, [3], 4, 8),  # under the gun: the next seat acts first
        (Stakes(1, 2, straddles=(4, 8)), 5, [3, 4], 0, 16),  # a double straddle
        (Stakes(1, 2, straddles=(5,), straddle_from="button"), 4, [0], 1, 10),  # Mississippi: the small blind
    ],
)
def test_straddles_act_last_before_the_flop_and_set_the_minimum_raise(
    stakes: Stakes, seats: int, straddlers: list[int], first: int, min_raise: int
) -> None:
    hand = Hand([500] * seats, button=0, stakes=stakes, seed=4)
    assert [e["seat"] for e in hand.log if e["event"] == "straddle"] == straddlers
    legal = hand.legal()
    assert legal.seat == first and legal.call == stakes.straddles[-1] - hand.bets[first]
    assert legal.min_raise == min_raise
    while hand.actor != straddlers[-1]:
        hand.act("call")
    legal = hand.legal()
    assert legal.check and legal.min_raise == min_raise  # the last straddler's option
    hand.act("check")
    assert hand.street == "flop" and hand.actor == clockwise_after(0, hand.seats)[0]
    assert Hand.replay(hand.to_json()).state() == hand.state()


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: Stakes(1, 2, straddles=(3,)), "at least twice the blind before it \\(4\\), got 3"),
        (lambda: Stakes(1, 2, straddles=(4, 6)), "at least twice the blind before it \\(8\\)"),
        (lambda: Stakes(1, 2, limit="fixed-limit", straddles=(4,)), "no-limit and pot-limit"),
        (lambda: Stakes(1, 2, straddles=(4, 8), straddle_from="button"), "one straddle"),
        (lambda: Stakes(1, 2, straddle_from="cutoff"), "straddle_from must be one of"),
        (lambda: Stakes(1, 2, big_blind_ante=True), "needs an ante"),
        (lambda: Hand([100, 100], button=0, stakes=Stakes(1, 2, straddles=(4,))), "3 or more seats"),
        (lambda: Hand([100] * 4, button=0, stakes=Stakes(1, 2, straddles=(4, 8, 16))), "5 or more seats"),
        (lambda: Hand([100] * 3, button=0, posts={1: 3}), "1 to the big blind, 2, got 3"),
        (lambda: Hand([100] * 3, button=0, dead={7: 1}), "seat 7 has no chips"),
        (lambda: Hand([100] * 3, button=0, antes=[1, 1, 1]), "antes maps seats to chips"),
    ],
)
def test_bad_forced_bets_are_refused_saying_why(make, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        make()
