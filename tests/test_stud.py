"""Seven-card stud, stud hi-lo and razz through the engine: the bring-in and its completion, who
opens each street by the cards showing, the bet sizes, a deck that runs short, the showdowns, the
log and PHH; random hands for the invariants; every such hand of the PHH data set."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from handrank.cards import cards, cards_str
from handrank.engine import Hand, IllegalAction, Rake, Stakes, replay
from handrank.games import RAZZ, STUD, STUD_HILO, Game, OddChips
from handrank.history import HandHistory, read
from handrank.history.phh import dumps, loads
from handrank.history.replay import finishing_stacks, from_hand
from handrank.history.replay import replay as replay_record
from handrank.history.stats import hand_rows
from handrank.rules import settle

STAKES = Stakes.stud(ante=1, bring_in=2, small_bet=4)
SHARED = Path(__file__).resolve().parents[2] / "shared"
PHH = SHARED / "phh"


def stud_deal(first: dict[int, str], later: list[dict[int, str]] = ()) -> list[int]:  # type: ignore[assignment]
    """A deck in the order a stud hand deals it: each seat's first three cards one at a time around
    the table, then for each later street a burn (the lowest unused card) and each listed seat's
    card in seat order; the rest of the deck after."""
    firsts = {seat: cards(text) for seat, text in first.items()}
    streets = [{seat: cards(text)[0] for seat, text in street.items()} for street in later]
    used = {c for hand in firsts.values() for c in hand} | {c for street in streets for c in street.values()}
    unused = [c for c in sorted(cards(" ".join(r + s for r in "23456789TJQKA" for s in "cdhs"))) if c not in used]
    order = [firsts[seat][i] for i in range(3) for seat in sorted(firsts)]
    for street in streets:
        order.append(unused.pop(0))
        order += [street[seat] for seat in sorted(street)]
    return order + unused


def play_out(hand: Hand, whole: bool = True) -> None:
    """Everyone brings it in, calls or checks: to the end, or (``whole=False``) to the next street."""
    street = hand.street
    while not hand.is_over and (whole or hand.street == street):
        legal = hand.legal()
        if legal.bring_in is not None:
            hand.act("bet", legal.bring_in)
        else:
            hand.act("call" if legal.call else "check")


def test_the_lowest_door_card_brings_it_in_and_the_next_seat_may_complete() -> None:
    deal = stud_deal({0: "As Kd 7h", 1: "Qs Qd 2d", 2: "Js Jd 2c"})
    hand = Hand([100, 100, 100], button=2, stakes=STAKES, game=STUD, cards=deal)
    assert [e["amount"] for e in hand.log if e["event"] == "ante"] == [1, 1, 1]
    assert hand.actor == 2  # two deuces: clubs is the lowest suit
    legal = hand.legal()
    assert (legal.bring_in, legal.min_raise, legal.max_raise, legal.fold, legal.check) == (2, 4, 4, False, False)
    with pytest.raises(IllegalAction, match="or bring it in for 2"):
        hand.act("bet", 3)
    hand.act("bet", 2)
    assert hand.actor == 0 and hand.legal().call == 2 and hand.legal().min_raise == 4  # call, or complete to 4
    hand.act("raise", 4)
    hand.act("call")
    assert hand.actor == 2 and hand.legal().call == 2  # the bring-in answers the completion, and may raise
    assert hand.legal().min_raise == 8


def test_calling_the_bring_in_ends_the_street_without_an_option_for_it() -> None:
    deal = stud_deal({0: "As Kd 7h", 1: "Qs Qd 2d", 2: "Js Jd 5c"})
    hand = Hand([100, 100, 100], button=2, stakes=STAKES, game=STUD, cards=deal)
    assert hand.actor == 1
    hand.act("bet", 2)
    hand.act("call")
    hand.act("call")
    assert hand.street == "fourth" and hand.pot == 3 + 6


def test_the_bring_in_may_complete_and_the_completion_is_the_first_of_four_bets() -> None:
    deal = stud_deal({0: "As Kd 7h", 1: "Qs Qd 2d", 2: "Js Jd 5c"})
    hand = Hand([100, 100, 100], button=2, stakes=STAKES, game=STUD, cards=deal)
    hand.act("bet", 4)  # completes instead of bringing it in
    for to in (8, 12, 16):
        hand.act("raise", to)
    assert hand.legal().min_raise is None and hand.legal().current_bet == 16  # capped: a bet and three raises


def test_razz_brings_it_in_with_the_highest_card_and_opens_with_the_best_low() -> None:
    fourth = {0: "5c", 1: "2h", 2: "9h"}
    deal = stud_deal({0: "As 2d 3h", 1: "4s 5d Kh", 2: "6s 7d Ks"}, [fourth])
    hand = Hand([100, 100, 100], button=2, stakes=STAKES, game=RAZZ, cards=deal)
    assert hand.actor == 2  # kings are high in razz, and of two kings the spade brings it in
    play_out(hand, whole=False)
    assert hand.street == "fourth"
    assert {s: cards_str(up) for s, up in hand.up.items()} == {0: "3h 5c", 1: "Kh 2h", 2: "Ks 9h"}
    assert hand.actor == 0  # 5-3 is the best low showing


def test_the_best_hand_showing_opens_and_ties_go_in_dealing_order() -> None:
    first = {0: "3s 4d 7h", 1: "5s 6d Ah", 2: "8s 9d Ac"}
    hand = Hand(
        [100, 100, 100], button=2, stakes=STAKES, game=STUD, cards=stud_deal(first, [{0: "2h", 1: "Kd", 2: "Ks"}])
    )
    play_out(hand, whole=False)
    assert hand.actor == 1  # ace-king against ace-king: the first dealt to
    hand = Hand(
        [100, 100, 100], button=2, stakes=STAKES, game=STUD, cards=stud_deal(first, [{0: "7c", 1: "Kd", 2: "Ks"}])
    )
    play_out(hand, whole=False)
    assert hand.actor == 0  # a pair of sevens showing beats ace-king
    hand.act("bet", 4)  # fourth street bets the small bet; fifth on, the big bet
    hand.act("call")
    hand.act("call")
    assert hand.street == "fifth" and hand.legal().min_raise == 8


def test_an_open_pair_on_fourth_street_lets_stud_high_bet_the_big_bet() -> None:
    first, fourth = {0: "3s 4d 7h", 1: "5s 6d Ah", 2: "8s 9d Ac"}, {0: "7c", 1: "Kd", 2: "Ks"}
    hand = Hand([100, 100, 100], button=2, stakes=STAKES, game=STUD, cards=stud_deal(first, [fourth]))
    play_out(hand, whole=False)
    legal = hand.legal()
    assert (legal.min_raise, legal.max_raise, legal.big_bet) == (4, 4, 8)  # the small bet, or the big one
    with pytest.raises(IllegalAction, match="can bet to 4 to 4 \\(or the big bet, to 8\\), not 6"):
        hand.act("bet", 6)
    hand.act("bet", 4)
    assert (hand.legal().min_raise, hand.legal().big_bet) == (8, 12)  # a small raise, or a big one
    hand.act("raise", 12)
    assert (hand.legal().min_raise, hand.legal().max_raise, hand.legal().big_bet) == (20, 20, None)  # big from now
    hand.act("raise", 20)
    hand.act("call")
    assert hand.legal().min_raise == 28  # the cap is the usual four bets, the last a big raise

    for game in (STUD_HILO, RAZZ):  # the rule is stud high's
        hand = Hand([100, 100, 100], button=2, stakes=STAKES, game=game, cards=stud_deal(first, [fourth]))
        play_out(hand, whole=False)
        assert hand.up[0] == cards("7h 7c") and hand.legal().big_bet is None
    no_pair = stud_deal(first, [{0: "2h", 1: "Kd", 2: "Ks"}])
    hand = Hand([100, 100, 100], button=2, stakes=STAKES, game=STUD, cards=no_pair)
    play_out(hand, whole=False)
    assert hand.legal().big_bet is None
    play_out(hand, whole=False)
    assert hand.street == "fifth" and hand.legal().big_bet is None and hand.legal().min_raise == 8
    spread = Stakes.stud(ante=1, bring_in=2, small_bet=4, limit="pot-limit")
    hand = Hand([100, 100, 100], button=2, stakes=spread, game=STUD, cards=stud_deal(first, [fourth]))
    play_out(hand, whole=False)
    assert hand.legal().big_bet is None  # pot-limit sizes its own bets


def test_a_deck_too_short_for_everyone_deals_one_community_card() -> None:
    for game in (STUD, RAZZ, STUD_HILO):
        hand = Hand([100] * 8, button=7, stakes=STAKES, game=game, seed=3)
        play_out(hand)
        assert hand.result is not None and len(hand.board) == 1
        (board_event,) = [e for e in hand.log if e["event"] == "board"]
        assert board_event["street"] == "seventh" and "burn" not in board_event  # the deck's last card
        assert all(len(hand.holes[s]) == 6 for s in hand.seats) and len(hand.burned) == 3
        assert all(len(shown.cards.split()) == 6 for shown in hand.result.shown.values())
        assert replay(hand.log).state() == hand.state()
        assert sum(hand.stacks.values()) == 800


FIRST = {0: "As 2d 3h", 1: "Ks Kd Kh", 2: "Qs Qd 9c"}
LATER = [
    {0: "4h", 1: "Tc", 2: "Jc"},
    {0: "8c", 1: "Td", 2: "Jd"},
    {0: "Qc", 1: "9d", 2: "9h"},
    {0: "Jh", 1: "6s", 2: "6d"},
]


def test_stud_hi_lo_splits_the_pot_between_the_high_and_the_qualifying_low() -> None:
    hand = Hand([100, 100, 100], button=2, stakes=STAKES, game=STUD_HILO, cards=stud_deal(FIRST, LATER))
    assert hand.actor == 0  # the three of hearts brings it in
    play_out(hand)
    assert hand.result is not None and hand.pot == 9
    assert hand.result.net == {0: -3 + 4, 1: -3 + 5, 2: -3}  # the odd chip goes to the high half
    assert hand.result.shown[0].low == "Eight-four low" and hand.result.shown[1].description == "Kings full of tens"


def test_razz_gives_the_pot_to_the_best_ace_to_five_low() -> None:
    hand = Hand([100, 100, 100], button=2, stakes=STAKES, game=RAZZ, cards=stud_deal(FIRST, LATER))
    assert hand.actor == 1  # the king of hearts brings it in
    play_out(hand)
    assert hand.result is not None and hand.result.net == {0: 6, 1: -3, 2: -3}
    assert [hand.result.shown[s].description for s in (0, 1, 2)] == ["Eight-four low", "Pair of tens", "Pair of nines"]
    assert hand.result.shown[0].rank < hand.result.shown[2].rank < hand.result.shown[1].rank


def _random_hand(game: Game, seed: int) -> Hand:
    rng = random.Random(seed)
    seats = rng.randint(2, 8)
    stakes = Stakes.stud(ante=rng.choice([0, 1]), bring_in=rng.choice([1, 2]), small_bet=4)
    hand = Hand(
        [rng.choice([2, 5, 30, 200]) for _ in range(seats)], button=seats - 1, stakes=stakes, game=game, seed=seed
    )
    while not hand.is_over:
        legal, before = hand.legal(), hand.state()
        with pytest.raises(IllegalAction):
            hand.act("check" if not legal.check else "raise", 10**6)
        assert hand.state() == before  # an illegal action changes nothing
        action = rng.choice(legal.actions)
        amounts = [a for a in (legal.bring_in, legal.min_raise, legal.max_raise, legal.big_bet) if a is not None]
        hand.act(action, rng.choice(amounts) if action in ("bet", "raise") else None)
    return hand


@pytest.mark.parametrize("game", [STUD, STUD_HILO, RAZZ], ids=lambda g: g.name)
def test_random_hands_keep_the_chips_and_replay_from_their_logs_and_as_phh(game: Game) -> None:
    for seed in range(150):
        hand = _random_hand(game, seed)
        assert sum(hand.stacks.values()) == sum(hand.starting.values())
        assert replay(hand.log).state() == hand.state()
        if not hand.board:  # PHH leaves the deck's running out to the engine (see test_the_phh_data_set)
            record = loads(dumps(from_hand(hand)))
            assert record.variant == "F" + game.phh
            assert [replay_record(record).stacks[i] for i in range(len(hand.seats))] == [
                hand.stacks[s] for s in hand.seats
            ]


def test_wrong_stakes_and_options_are_refused() -> None:
    with pytest.raises(ValueError, match="a bring-in is at most the small bet"):
        Stakes.stud(ante=1, bring_in=5, small_bet=4)
    with pytest.raises(ValueError, match="a bring-in is for games dealt partly face up, not holdem"):
        Hand([100, 100], button=1, stakes=STAKES, seed=1)
    with pytest.raises(ValueError, match="stud posts no blinds"):
        Hand([100, 100], button=1, stakes=Stakes(1, 2, limit="fixed-limit"), game=STUD, seed=1)
    with pytest.raises(ValueError, match="deals no board to run again"):
        Hand([100, 100], button=1, stakes=STAKES, game=RAZZ, runs=2, seed=1)
    with pytest.raises(ValueError, match="with_cards deals flop games"):
        Hand.with_cards([100, 100], 1, {0: "As Ks Qs", 1: "2c 3c 4c"}, game=STUD, stakes=STAKES)


@pytest.mark.skipif(not PHH.is_dir(), reason=f"the PHH data set is not at {PHH}")
def test_the_phh_data_set_s_stud_and_razz_hands_replay_to_their_finishing_stacks() -> None:
    counts: Counter[str] = Counter()
    for path in sorted(PHH.rglob("*.phh")):
        for record in read(path):
            if record.variant in ("F7S", "F7S/8", "FR"):
                assert finishing_stacks(record) == record.fields["finishing_stacks"], path
                counts[record.variant] += 1
    assert counts == {"F7S": 13, "F7S/8": 7, "FR": 10}, counts


def _three_handed(variant: str, actions: list[str]) -> HandHistory:
    """A PHH record of a three-handed stud hand: antes of 1, a bring-in of 2, bets of 4 and 8."""
    head = "antes = [1, 1, 1]\nbring_in = 2\nsmall_bet = 4\nbig_bet = 8\nstarting_stacks = [50, 50, 50]\n"
    return loads(f"variant = {variant!r}\n{head}actions = {actions!r}\n")


def test_a_record_whose_door_card_is_unknown_is_dealt_one_that_keeps_its_bring_in() -> None:
    record = _three_handed("F7S/8", ["d dh p1 ??????", "d dh p2 Ts9cJh", "d dh p3 2sAh2d", "p3 pb", "p1 f", "p2 f"])
    assert replay_record(record).stacks == {0: 49, 1: 49, 2: 52}
    record.actions = [*record.actions[:4], "p1 cc", "p2 cc", "d dh p1 Kc", "d dh p2 Kd", "d dh p3 Qc", "p1 cc"]
    with pytest.raises(ValueError, match="p1's face-up card is not recorded: who opens a later street turns on it"):
        replay_record(record)


def test_odd_chips_go_by_the_highest_card_in_stud_and_from_the_button_in_hold_em() -> None:
    hands = {0: "2c 3c 4d 5h 9s Jd Kc", 1: "2d 3d 4h 5s 9h Jh Ks"}  # the same hand, but for the suits
    for odd_chips, first in ((None, 1), (OddChips.LEFT_OF_BUTTON, 0), (OddChips.HIGHEST_CARD, 1)):
        settled = settle({0: 5, 1: 5, 2: 1}, button=2, folded=[2], hands=hands, game=STUD, odd_chips=odd_chips)
        assert settled.payouts[first] == 6 and settled.payouts[1 - first] == 5  # K♠ beats K♣
    holdem = settle({0: 5, 1: 5, 2: 1}, button=2, folded=[2], hands={0: "2c 3c", 1: "2d 3d"}, board="4d 5h 9s Jd Kc")
    assert holdem.payouts[0] == 6  # left of the button


def test_a_stud_hand_that_ends_on_third_street_is_not_raked() -> None:
    for streets in (0, 1):
        hand = Hand([100, 100, 100], button=2, stakes=STAKES, game=STUD, seed=4, rake=Rake(50))
        for _ in range(streets):
            play_out(hand, whole=False)
        hand.act("bet", hand.legal().bring_in if hand.legal().bring_in else 4)
        hand.act("fold")
        hand.act("fold")
        assert hand.result is not None and hand.result.settlement.rake == (4 if streets else 0)  # half of 9, or of 3


def test_statistics_count_the_bring_in_as_forced_and_third_street_as_the_first_round() -> None:
    deal = stud_deal({0: "As Kd 7h", 1: "Qs Qd 2d", 2: "Js Jd 5c"}, [{0: "9c", 2: "9d"}])
    hand = Hand([100, 100, 100], button=2, stakes=STAKES, game=STUD, cards=deal)
    hand.act("bet", 2)  # seat 1 brings it in
    hand.act("call")  # seat 2 calls the bring-in
    hand.act("raise", 4)  # seat 0 completes
    hand.act("fold")  # the bring-in folds
    hand.act("call")
    assert hand.actor == 0  # fourth street: nine-seven showing opens over nine-five
    hand.act("bet", 4)
    hand.act("fold")
    rows = {row["player"]: row for row in hand_rows(from_hand(hand, players=["A", "B", "C"]))}
    assert [(rows[p]["vpip"], rows[p]["pfr"], rows[p]["aggressive"]) for p in "ABC"] == [
        (1, 1, 2),
        (0, 0, 0),
        (1, 0, 0),
    ]
    assert (rows["A"]["net"], rows["B"]["net"], rows["C"]["net"]) == (8, -3, -5)


def test_a_record_s_bring_in_at_any_other_moment_is_refused() -> None:
    record = _three_handed("F7S", ["d dh p1 AsKd7h", "d dh p2 QsQd2d", "d dh p3 JsJd2c", "p3 pb", "p1 pb"])
    with pytest.raises(ValueError, match="action 5, 'p1 pb': no bring-in is due now"):
        replay_record(record)
