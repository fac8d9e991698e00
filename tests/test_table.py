"""A table across hands (docs/rules.md#a-table-across-hands): the moving and the dead button, missed
blinds, chips between hands, tournaments with blind levels, and the draw and cut of the first deal."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handrank.engine import Hand, IllegalAction, Level, Rake, Stakes, Table


def _fold_round(hand: Hand) -> None:
    while not hand.is_over:
        hand.act("fold" if hand.legal().fold else "check")


def _table(seats: list[int], **options: object) -> Table:
    table = Table(Stakes(1, 2), button=seats[0], seed=1, **options)  # type: ignore[arg-type]
    for seat in seats:
        table.sit(seat, 200)
    return table


def test_the_moving_button_goes_to_the_next_player_each_hand() -> None:
    table = _table([0, 3, 5, 8])
    buttons = []
    for _ in range(5):
        hand = table.deal()
        buttons.append(hand.button)
        _fold_round(hand)
    assert buttons == [0, 3, 5, 8, 0]
    table.leave(3)
    assert table.deal().button == 5  # seat 3 left: the button skips its empty seat


def test_the_dead_button_lands_on_the_seat_of_a_small_blind_who_left() -> None:
    table = _table([0, 1, 2, 3, 4], button_rule="dead")
    hand = table.deal()
    assert (hand.button, hand.blind_seats) == (0, [1, 2])
    _fold_round(hand)
    table.leave(1)  # last hand's small blind goes
    hand = table.deal()
    assert hand.button == 1 and 1 not in hand.seats  # a dead button, on the empty seat
    assert hand.blind_seats == [2, 3]  # the big blind moved one player, the small blind behind it
    _fold_round(hand)
    table.leave(3)  # last hand's big blind goes: no small blind this time
    hand = table.deal()
    assert hand.button == 2 and hand.small_blind_seat is None and hand.big_blind_seat == 4
    assert [e["event"] for e in hand.log if e["event"].endswith("_blind")] == ["big_blind"]
    assert Hand.replay(hand.to_json()).state() == hand.state()


def test_a_player_back_from_sitting_out_posts_the_missed_blinds() -> None:
    table = _table([0, 1, 2, 3, 4])
    _fold_round(table.deal())  # button 0, blinds 1 and 2
    table.sit_out(4)
    for _ in range(3):  # the blinds pass seat 4: buttons 1, 2, 3
        _fold_round(table.deal())
    assert table.owes[4] == {"big", "small"}
    table.sit_in(4)
    hand = table.deal()  # button on 0: the blinds are 1 and 2, and seat 4 posts to come in
    assert (hand.button, hand.blind_seats) == (0, [1, 2])
    posted = {e["event"]: e["amount"] for e in hand.log if e.get("seat") == 4 and "amount" in e}
    assert posted == {"dead_blind": 1, "post": 2} and 4 not in table.owes
    assert hand.bets[4] == 2 and hand.dead[4] == 1


def test_short_deck_s_button_blind_is_posted_by_each_button_and_owed_by_no_one() -> None:
    table = Table(Stakes(0, 10, ante=5, button_blind=True), button=0, seed=1, game="short-deck")
    for seat in (0, 2, 3, 5):
        table.sit(seat, 500)
    buttons = []
    for deal in range(4):
        if deal == 1:
            table.sit_out(5)  # the blind passes seat 5 while it sits out
        if deal == 3:
            table.sit_in(5)
        hand = table.deal()
        blinds = [(e["seat"], e["amount"]) for e in hand.log if e["event"].endswith("_blind") or e["event"] == "post"]
        assert blinds == [(hand.button, 10)] and hand.small_blind_seat is None  # one blind, the button's
        assert sorted(e["seat"] for e in hand.log if e["event"] == "ante") == hand.seats
        left = [s for s in hand.seats if s > hand.button] + hand.seats
        assert hand.actor == left[0]  # left of the button acts first
        buttons.append(hand.button)
        _fold_round(hand)
        assert Hand.replay(hand.to_json()).state() == hand.state()
    assert buttons == [0, 2, 3, 5] and not table.owes  # back on the button's turn, owing nothing
    with pytest.raises(ValueError, match="a button blind is the one blind, posted by the button"):
        Stakes(1, 10, button_blind=True)
    with pytest.raises(ValueError, match="the button posts the blind \\(button_blind\\), and seat 4 has no chips"):
        Hand({0: 100, 1: 100, 4: 0}, button=4, stakes=Stakes(0, 10, ante=5, button_blind=True), seed=1)


def test_waiting_for_the_big_blind_instead_of_posting() -> None:
    table = _table([0, 1, 2, 3, 4], wait_for_big_blind=True)
    _fold_round(table.deal())
    table.sit_out(3)
    _fold_round(table.deal())  # button 1: blinds 2 and 4, past seat 3
    table.sit_in(3)
    hand = table.deal()  # button 2: the small blind is 4, the big blind 0; seat 3 waits
    assert 3 not in hand.seats and hand.blind_seats == [4, 0]
    for _ in range(3):
        _fold_round(hand)
        hand = table.deal()
        if 3 in hand.seats:
            break
    assert hand.big_blind_seat == 3 and 3 not in table.owes  # dealt in as the big blind


def test_chips_between_hands_and_nothing_during_one() -> None:
    table = _table([0, 1, 2], max_buy_in=300)
    hand = table.deal()
    for call in (table.leave, table.sit_out):
        with pytest.raises(IllegalAction, match="during a hand"):
            call(0)
    _fold_round(hand)
    table.add_chips(1, 100)
    assert table.chips[1] == hand.stacks[1] + 100
    with pytest.raises(ValueError, match="over the table's maximum buy-in of 300"):
        table.add_chips(1, 300 - table.chips[1] + 1)
    left = table.leave(2)
    assert left == hand.stacks[2] and 2 not in table.chips
    with pytest.raises(ValueError, match="not a free seat"):
        table.sit(0, 100)


def test_a_tournament_raises_the_blinds_by_schedule_and_knocks_players_out() -> None:
    schedule = [Level(Stakes(1, 2), hands=2), Level(Stakes(5, 10, ante=1), hands=2)]
    table = Table(schedule=schedule, seed=2)
    for seat, chips in ((0, 100), (1, 12), (2, 100)):
        table.sit(seat, chips)
    blinds = []
    while len(table.chips) > 2 and len(table.history) < 40:
        hand = table.deal()
        blinds.append(hand.big_blind)
        while not hand.is_over:  # everyone goes all-in: someone is soon out
            legal = hand.legal()
            hand.act("all_in" if legal.all_in is not None else "call" if legal.call else "check")
    assert blinds[:4] == [2, 2, 10, 10][: len(blinds[:4])] and set(blinds[4:]) <= {10}
    assert len(table.finished) == 1 and table.finished[0] not in table.chips
    assert table.button_rule == "dead"
    with pytest.raises(ValueError, match="before the first hand"):
        table.sit(5, 100)
    with pytest.raises(ValueError, match="every player is dealt every hand"):
        table.sit_out(next(iter(table.chips)))
    with pytest.raises(ValueError, match="no rebuys"):
        table.add_chips(next(iter(table.chips)), 10)


def test_a_mixed_game_rotates_its_games_by_orbit_or_by_hands() -> None:
    fixed, stud = Stakes(2, 4, limit="fixed-limit"), Stakes.stud(ante=1, bring_in=1, small_bet=4)
    horse = [
        Level(fixed, None, game="holdem"),
        Level(fixed, None, game="omaha-hilo"),
        Level(stud, None, game="razz"),
        Level(stud, None, game="stud"),
        Level(stud, 2, game="stud-hilo"),
    ]
    table = Table(rotation=horse, seats=4, seed=1, button=0)
    for seat in (0, 1, 3):
        table.sit(seat, 300)
    played = []
    for _ in range(13):
        hand = table.deal()
        played.append((hand.game.name, hand.button))
        while not hand.is_over:
            legal = hand.legal()
            if legal.bring_in is not None:
                hand.act("bet", legal.bring_in)
            else:
                hand.act("call" if legal.call else "check")
        assert sum(table.chips.values()) == 900
    games = [name for name, _ in played]
    assert games == ["holdem"] * 3 + ["omaha-hilo"] * 3 + ["razz"] * 3 + ["stud"] * 3 + ["stud-hilo"]
    assert [button for _, button in played[:7]] == [0, 1, 3, 0, 1, 3, 0]  # the button moves every hand
    assert all(len(h.blind_seats) == 2 for h in table.history[:6])
    assert all(h.blind_seats == [] for h in table.history[6:])  # stud posts no blinds
    assert table.history[7].ante == 1 and table.history[0].big_blind == 4
    hand = table.deal()  # stud hi-lo's second and last hand, then hold'em again
    hand.act("bet", hand.legal().bring_in)
    _fold_round(hand)
    assert hand.game.name == "stud-hilo" and table.deal().game.name == "holdem"


def test_the_first_deal_draws_for_the_button_and_every_deal_is_cut() -> None:
    def session(seed: int) -> list[list[dict]]:  # type: ignore[type-arg]
        table = Table(Stakes(1, 2), seed=seed, cut=True, draw="first-jack")
        for seat in (1, 4, 6):
            table.sit(seat, 100)
        logs = []
        for _ in range(3):
            hand = table.deal()
            _fold_round(hand)
            logs.append(hand.log)
        return logs

    logs = session(9)
    assert logs == session(9) and logs != session(10)
    assert [e["event"] for e in logs[0][1:3]] == ["draw", "cut"]
    assert all(log[1]["event"] == "cut" for log in logs[1:])
    assert logs[0][0]["button"] == logs[0][1]["button"]


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: Table(), "one of them"),
        (lambda: Table(Stakes(), schedule=[Level(Stakes(), 1)]), "one of them"),
        (lambda: Table(Stakes(), rotation=[Level(Stakes(), 1)]), "one of them"),
        (lambda: Table(schedule=[Level(Stakes(), None)]), "not an orbit"),
        (lambda: Table(rotation=[Level(Stakes(), 1)], game="omaha"), "give no game= beside it"),
        (lambda: Level(Stakes(), 2, game="pinochle"), "unknown game 'pinochle'"),
        (lambda: Table(Stakes(), button_rule="floating"), "button_rule must be one of"),
        (lambda: Table(Stakes(), seats=11), "2 to 10 seats"),
        (lambda: Table(schedule=[]), "one or more Level"),
        (lambda: Level(Stakes(), 0), "a number of hands >= 1"),
    ],
)
def test_bad_tables_are_refused(make, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        make()


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_random_sessions_keep_every_chip_and_replay(seed: int) -> None:
    rng = random.Random(seed)
    options = {"rake": Rake(5, cap=2)} if rng.random() < 0.3 else {}
    table = Table(
        Stakes(1, 2), seed=seed, button_rule=rng.choice(["moving", "dead"]), cut=rng.random() < 0.5, **options
    )
    for seat in rng.sample(range(10), rng.randint(2, 6)):
        table.sit(seat, rng.choice([3, 50, 200]))
    bank = sum(table.chips.values())  # chips at the table plus those taken away, less those brought
    raked = 0
    for _ in range(12):
        free = [s for s in range(10) if s not in table.chips]
        move = rng.random()
        if move < 0.15 and free:
            chips = rng.choice([20, 100])
            table.sit(rng.choice(free), chips)
            bank += chips
        elif move < 0.25 and len(table.chips) > 2:
            bank -= table.leave(rng.choice(sorted(table.chips)))
        elif move < 0.35:
            table.sit_out(rng.choice(sorted(table.chips)))
        elif move < 0.5 and table.sitting_out:
            table.sit_in(rng.choice(sorted(table.sitting_out)))
        try:
            hand = table.deal()
        except ValueError:
            continue  # too few players ready
        while not hand.is_over:
            legal = hand.legal()
            action = rng.choice(legal.actions)
            hand.act(action, legal.min_raise if action in ("bet", "raise") else None)
        assert hand.result is not None
        raked += hand.result.settlement.rake
        assert Hand.replay(hand.to_json()).state() == hand.state()
        assert sum(table.chips.values()) == bank - raked
