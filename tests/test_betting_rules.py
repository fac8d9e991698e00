"""The betting rules of docs/rules.md#betting-limits, each from the rule's own example."""

from __future__ import annotations

import pytest

from handrank.engine import Hand, IllegalAction, Stakes


def play(hand: Hand, *actions: tuple) -> None:  # type: ignore[type-arg]
    for action in actions:
        hand.act(*action)


def _to_the_flop(stacks: list[int], stakes: Stakes) -> Hand:
    """Seats 0-4, the button on 4: everyone calls the big blind and the big blind checks."""
    hand = Hand(stacks, button=len(stacks) - 1, stakes=stakes, seed=1)
    while hand.street == "preflop":
        hand.act("call" if hand.legal().call else "check")
    return hand


def test_short_all_ins_that_together_make_a_full_raise_reopen_the_betting() -> None:
    # No-limit 50/100: A bets 100, B is all-in for 125, C calls, D is all-in for 200, E calls.
    # A now faces 100 more, a full raise, and may raise, to 300 at least; C faces only 75 more.
    a, b, c, d, e = range(5)
    hand = _to_the_flop([1100, 225, 1100, 300, 1100], Stakes(50, 100))
    assert hand.street == "flop" and hand.actor == a
    play(hand, ("bet", 100), ("all_in",), ("call",), ("all_in",), ("call",))
    legal = hand.legal()
    assert legal.seat == a and "raise" in legal.actions and legal.min_raise == 300
    hand.act("call")
    legal = hand.legal()
    assert legal.seat == c and set(legal.actions) == {"fold", "call"}
    with pytest.raises(IllegalAction):
        hand.act("raise", 300)


def test_one_short_all_in_does_not_reopen_it_for_a_player_who_was_raised_less() -> None:
    # A bets 100, B raises to 200, C is all-in for 250; A calls. B faced only 50 more: call or fold.
    # (A could have raised: it faced B's full raise.)
    a, b, c = 0, 1, 2
    hand = _to_the_flop([1100, 1100, 350, 1100, 1100], Stakes(50, 100))
    play(hand, ("bet", 100), ("raise", 200), ("all_in",), ("fold",), ("fold",))
    assert hand.legal().seat == a and hand.legal().min_raise == 350
    hand.act("call")
    assert hand.legal().seat == b and set(hand.legal().actions) == {"fold", "call"}
    assert c not in hand.round.to_act


def test_fixed_limit_an_all_in_of_half_a_bet_or_more_is_a_full_bet() -> None:
    # On a 20 round, an all-in bet of 15 is a full bet: the next player may raise it to 35.
    hand = _to_the_flop([1000, 35, 1000, 1000, 1000], Stakes(10, 20, limit="fixed-limit"))
    play(hand, ("check",))
    hand.act("all_in")  # seat 1: 15 left after the big blind
    legal = hand.legal()
    assert legal.current_bet == 15 and legal.min_raise == legal.max_raise == 35
    hand.act("raise", 35)
    assert hand.round.raises == 2  # the all-in counted as the bet


def test_fixed_limit_an_all_in_short_of_half_a_bet_may_be_completed() -> None:
    # An all-in bet of 5 on a 20 round: the next player may call 5 or complete the bet to 20,
    # and a player who had already checked may then raise the completed bet.
    hand = _to_the_flop([1000, 25, 1000, 1000, 1000], Stakes(10, 20, limit="fixed-limit"))
    play(hand, ("check",), ("all_in",))
    legal = hand.legal()
    assert legal.call == 5 and legal.min_raise == legal.max_raise == 20
    play(hand, ("raise", 20), ("call",), ("call",))
    assert hand.legal().seat == 0 and hand.legal().min_raise == 40
    assert hand.round.raises == 1  # the completion is the street's bet


def test_fixed_limit_an_all_in_short_of_half_a_raise_does_not_reopen_it() -> None:
    hand = _to_the_flop([1000, 1000, 45, 1000, 1000], Stakes(10, 20, limit="fixed-limit"))
    play(hand, ("bet", 20), ("call",), ("all_in",))  # seat 2: 25, five more than the bet
    for _ in range(2):  # seats 3 and 4 have not acted: they may complete the raise, to 40
        assert hand.legal().min_raise == 40
        hand.act("call")
    assert hand.legal().seat == 0 and set(hand.legal().actions) == {"fold", "call"}


def test_fixed_limit_a_cap_reached_three_handed_stays_when_it_becomes_heads_up() -> None:
    hand = Hand([1000] * 3, button=0, stakes=Stakes(5, 10, limit="fixed-limit"), seed=3)
    play(hand, ("raise", 20), ("raise", 30), ("raise", 40), ("fold",))
    assert hand.legal().seat == 1 and hand.legal().min_raise is None


def test_pot_limit_the_minimum_is_allowed_when_the_pot_is_smaller() -> None:
    # No blinds and no ante: the pot is empty, yet a player may still bet the minimum of one chip.
    hand = Hand([100] * 3, button=0, stakes=Stakes(0, 0, limit="pot-limit"), seed=4)
    legal = hand.legal()
    assert legal.min_raise == legal.max_raise == 1
    hand.act("bet", 1)
    assert hand.legal().min_raise == 2 and hand.legal().max_raise == 3  # call 1 (a pot of 2), raise 2: to 3


@pytest.mark.parametrize("stacks, ante", [([1000, 1000, 4], 0), ([1000, 1000, 2], 2)])
def test_a_short_big_blind_still_sets_a_full_blind_to_call(stacks: list[int], ante: int) -> None:
    # The big blind has only 4 chips of 10 (or is all-in on the ante): the others still call 10
    # and raise by a full 10.
    hand = Hand(stacks, button=0, stakes=Stakes(5, 10, ante=ante), seed=5)
    legal = hand.legal()
    assert legal.seat == 0 and legal.call == 10 and legal.min_raise == 20
    play(hand, ("call",), ("call",))
    assert hand.street == "flop" and hand.committed[0] == hand.committed[1] == 10 + ante


def test_a_room_may_let_a_short_big_blind_be_called_for_what_it_posted() -> None:
    hand = Hand([1000, 1000, 4], button=0, stakes=Stakes(5, 10), seed=5, short_blind="posted")
    assert hand.legal().call == 5 and hand.legal().min_raise == 15  # the 5 posted, raised by a full 10
    assert Hand.replay(hand.to_json()).legal() == hand.legal()
    with pytest.raises(ValueError, match="short_blind is 'full' or 'posted'"):
        Hand([1000, 1000, 4], button=0, seed=5, short_blind="half")


def test_heads_up_with_the_button_seat_empty_the_small_blind_plays_as_the_button() -> None:
    hand = Hand({0: 0, 1: 100, 2: 100}, button=0, seed=6)
    assert hand.committed == {1: 1, 2: 2} and hand.dealer == 1
    assert hand.actor == 1  # the small blind acts first before the flop
    play(hand, ("call",), ("check",))
    assert hand.street == "flop" and hand.actor == 2  # and last after it


def test_no_raise_is_offered_that_no_one_could_call() -> None:
    # Both blinds are all-in or can put in nothing beyond the big blind: the button may only call or fold.
    hand = Hand([1000, 2, 2], button=0, stakes=Stakes(1, 2), seed=7)
    legal = hand.legal()
    assert set(legal.actions) == {"fold", "call"} and legal.all_in is None
    hand = Hand([1000, 50, 50], button=0, stakes=Stakes(1, 2), seed=7)
    play(hand, ("raise", 20), ("all_in",), ("all_in",))
    assert set(hand.legal().actions) == {"fold", "call"}
