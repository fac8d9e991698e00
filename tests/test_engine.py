"""The Hold'em engine: the worked examples of docs/rules.md, the order of play, legal actions, replays, and random hands."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handrank import cards, cards_str, evaluate, evaluate_omaha
from handrank.engine import DRAW_METHODS, Hand, IllegalAction, Rake, Stakes, draw_for_button


def play(hand: Hand, *actions: tuple) -> None:  # type: ignore[type-arg]
    for a in actions:
        hand.act(*a)


def test_worked_betting_round_pot_of_42() -> None:
    # Six players ante 1; A checks, B bets 2, C folds, D raises to 6, E calls, F raises to 10;
    # A folds, B calls (8 more), D folds, E calls (4 more).
    hand = Hand([100] * 6, button=5, small_blind=0, big_blind=0, ante=1, seed=1)
    a, b, c, d, e, f = range(6)
    assert hand.actor == a  # no blinds: the first seat left of the button starts
    play(
        hand,
        ("check",),
        ("bet", 2),
        ("fold",),
        ("raise", 6),
        ("call",),
        ("raise", 10),
        ("fold",),
        ("call",),
        ("fold",),
        ("call",),
    )
    assert hand.pot == 42 and hand.street == "flop"
    assert [hand.committed[s] for s in (b, e, f)] == [11, 11, 11] and hand.committed[d] == 7
    totals = [(ev["seat"], ev["action"], ev.get("amount")) for ev in hand.log if ev["event"] == "action"]
    assert totals[-3:] == [(b, "call", 10), (d, "fold", None), (e, "call", 10)]  # street totals, as act() takes
    assert (b, "bet", 2) in totals and (e, "call", 6) in totals  # so B's call adds 8 and E's adds 4


def test_side_pot_example() -> None:
    hand = Hand({1: 50, 2: 100, 3: 1000, 4: 1000}, button=4, small_blind=0, big_blind=0, seed=3)
    play(hand, ("all_in",), ("all_in",), ("raise", 200), ("call",))
    while not hand.is_over:
        hand.act("check")
    assert hand.result is not None
    assert [(p.amount, p.eligible) for p in hand.result.settlement.pots] == [
        (200, (1, 2, 3, 4)),
        (150, (2, 3, 4)),
        (200, (3, 4)),
    ]
    assert sum(hand.result.net.values()) == 0
    assert sum(hand.stacks.values()) == 2150


def test_blinds_utg_first_and_the_big_blind_option() -> None:
    hand = Hand([100] * 4, button=0, small_blind=1, big_blind=2, seed=2)
    assert hand.committed == {0: 0, 1: 1, 2: 2, 3: 0}
    assert hand.actor == 3  # UTG, left of the big blind
    play(hand, ("call",), ("call",), ("call",))
    legal = hand.legal()
    assert legal.seat == 2 and legal.check and "raise" in legal.actions  # the big blind's option
    with pytest.raises(IllegalAction, match="2 is bet already, raise instead"):
        hand.act("bet", 4)
    hand.act("check")
    assert hand.street == "flop" and hand.actor == 1  # the first active seat left of the button


def test_heads_up_order() -> None:
    hand = Hand({3: 100, 7: 100}, button=7, seed=4)
    assert hand.committed == {3: 2, 7: 1}  # the button posts the small blind
    assert hand.actor == 7  # and acts first pre-flop
    play(hand, ("call",), ("check",))
    assert hand.street == "flop" and hand.actor == 3  # and last after the flop


def test_a_short_all_in_does_not_reopen_the_betting() -> None:
    hand = Hand({0: 200, 1: 200, 2: 14}, button=2, small_blind=0, big_blind=0, seed=5)
    play(hand, ("bet", 10), ("call",))
    hand.act("all_in")  # 14: a raise of 4, short of the 10 a full raise needs
    legal = hand.legal()
    assert legal.seat == 0 and legal.call == 4
    assert legal.min_raise is None and legal.all_in is None and set(legal.actions) == {"fold", "call"}
    with pytest.raises(IllegalAction):
        hand.act("raise", 40)
    play(hand, ("call",), ("call",))
    assert hand.street == "flop"


def test_a_full_raise_does_reopen_it() -> None:
    hand = Hand({0: 200, 1: 200, 2: 30}, button=2, small_blind=0, big_blind=0, seed=5)
    play(hand, ("bet", 10), ("call",), ("all_in",))  # 30: a full raise of 20
    assert hand.legal().min_raise == 50


def test_illegal_actions_change_nothing() -> None:
    hand = Hand([100] * 3, button=0, seed=6)
    before, log = hand.state(), list(hand.log)
    for action in [("check",), ("bet", 10), ("raise", 3), ("raise", 1000), ("raise", 5.5), ("dance",), ("call", 4)]:
        with pytest.raises(IllegalAction):
            hand.act(*action)
        assert hand.state() == before and hand.log == log


def test_burns_and_the_board() -> None:
    hand = Hand.with_cards([100, 100], button=0, holes={0: "Ah Kh", 1: "2c 2d"}, board="Qh Jh Th 3s 4s")
    play(hand, ("call",), ("check",))
    assert hand.board == cards("Qh Jh Th") and len(hand.burned) == 1
    play(hand, ("check",), ("check",), ("check",), ("check",), ("check",), ("check",))
    assert hand.board == cards("Qh Jh Th 3s 4s") and len(hand.burned) == 3
    assert hand.result is not None and hand.result.net == {0: 2, 1: -2}
    assert hand.result.shown[0].description == "Royal flush"


def test_a_lone_player_wins_without_showing() -> None:
    hand = Hand([100] * 3, button=0, seed=7)
    play(hand, ("raise", 6), ("fold",), ("fold",))
    assert hand.result is not None and hand.result.shown == {}
    assert hand.result.net == {0: 3, 1: -1, 2: -2}
    assert hand.result.settlement.returned == (0, 4)  # the uncalled part of the raise goes back


def test_once_no_one_can_act_the_board_is_dealt_out() -> None:
    hand = Hand([50, 100], button=0, seed=8)
    play(hand, ("all_in",), ("call",))
    assert hand.is_over and len(hand.board) == 5 and len(hand.burned) == 3


def test_next_hand_moves_the_button_and_sits_out_empty_stacks() -> None:
    hand = Hand.with_cards(
        {0: 50, 1: 100, 2: 100}, button=0, holes={0: "2c 7d", 1: "Ah Ad", 2: "3c 8d"}, board="Kh Qs 9c 4d 5h"
    )
    play(hand, ("all_in",), ("call",), ("fold",))
    assert hand.is_over and hand.stacks[0] == 0
    nxt = hand.next_hand(seed=1)
    # Seat 1 won 102 (152 chips), seat 2 lost its big blind (98); heads-up the button posts the small blind.
    assert nxt.seats == [1, 2] and nxt.button == 1 and nxt.stacks == {1: 152 - 1, 2: 98 - 2}
    assert nxt.sitting_out == [0]


def test_pot_limit() -> None:
    hand = Hand([1000] * 3, button=0, small_blind=5, big_blind=10, limit="pot-limit", seed=9)
    assert hand.legal().max_raise == 35  # call 10, then raise the pot of 25: to 35
    hand.act("raise", 35)
    assert hand.legal().max_raise == 35 + (50 + 30)  # small blind: pot 50, call 30, raise 80: to 115
    assert hand.legal().all_in is None  # all-in is over the pot limit


def test_fixed_limit_sizes_and_cap() -> None:
    hand = Hand([1000] * 3, button=0, small_blind=5, big_blind=10, limit="fixed-limit", seed=10)
    legal = hand.legal()
    assert legal.min_raise == legal.max_raise == 20
    play(hand, ("raise", 20), ("raise", 30), ("raise", 40))
    assert hand.legal().min_raise is None  # a bet and three raises among three players: capped
    play(hand, ("call",), ("call",))
    play(hand, ("check",), ("bet", 10), ("call",), ("call",))  # flop: small bets
    assert hand.street == "turn" and hand.legal().min_raise == 20  # turn: big bets


def test_fixed_limit_heads_up_is_not_capped() -> None:
    hand = Hand([1000] * 2, button=0, small_blind=5, big_blind=10, limit="fixed-limit", seed=10)
    play(hand, ("raise", 20), ("raise", 30), ("raise", 40), ("raise", 50))
    assert hand.legal().min_raise == hand.legal().max_raise == 60


def test_sizing_helpers() -> None:
    hand = Hand([1000] * 3, button=0, small_blind=5, big_blind=10, seed=11)
    assert hand.raise_multiple(3) == 30
    hand.act("raise", hand.raise_multiple(3))
    hand.act("fold")
    hand.act("call")  # big blind calls: pot 65
    assert hand.street == "flop"
    assert [hand.pot_fraction(f) for f in (0.33, 0.5, 1.0)] == [21, 32, 65]


def test_replay_rebuilds_the_state() -> None:
    hand = Hand([100, 80, 120], button=1, ante=1, seed=12)
    play(hand, ("raise", 6), ("call",), ("call",), ("check",), ("bet", 10), ("fold",), ("call",))
    text = hand.to_json()
    again = Hand.replay(text)
    assert again.state() == hand.state() and again.log == hand.log
    json.loads(text)  # plain JSON


def _as_version_1(log: list) -> list:  # type: ignore[type-arg]
    """A log as version 1 wrote it: no version, each action's amount the chips it added."""
    out, bets = [{k: v for k, v in log[0].items() if k != "version"}], {}
    for event in log[1:]:
        if event["event"] == "board":
            bets = {}
        if event["event"] in ("small_blind", "big_blind"):
            bets[event["seat"]] = event["amount"]
        if event["event"] == "action":
            total = event.get("amount", bets.get(event["seat"], 0))
            event = {**event, "amount": total - bets.get(event["seat"], 0)}
            bets[event["seat"]] = total
        out.append(event)
    return out


def test_the_log_has_a_version_and_old_logs_still_replay() -> None:
    hand = Hand([100, 80, 120], button=1, ante=1, seed=12)
    play(hand, ("raise", 6), ("call",), ("call",), ("check",), ("bet", 10), ("raise", 30), ("call",), ("fold",))
    assert hand.log[0]["version"] == 2
    old = _as_version_1(hand.log)
    assert [e["amount"] for e in old if e["event"] == "action"] == [6, 5, 4, 0, 10, 30, 30, 0]
    again = Hand.replay(json.dumps(old))
    assert again.state() == hand.state() and again.log == hand.log  # read as 1, written as 2
    fold = max(i for i, e in enumerate(old) if e.get("action") == "fold")
    with pytest.raises(ValueError, match=f"event {fold}: .*a fold adds no chips, got 3"):
        Hand.replay(old[:fold] + [dict(old[fold], amount=3)] + old[fold + 1 :])
    with pytest.raises(ValueError, match="log version 7: this handrank reads versions 1 and 2"):
        Hand.replay([dict(hand.log[0], version=7), *hand.log[1:]])


def test_bet_or_raise_picks_the_action_and_repr_reads() -> None:
    hand = Hand([100, 100, 30], button=0, seed=14)
    hand.bet_or_raise(6)  # facing the big blind: a raise
    assert hand.log[-1] == {"event": "action", "seat": 0, "action": "raise", "amount": 6}
    hand.bet_or_raise(30)  # the small blind has 100 in all: a raise to 30
    assert hand.log[-1] == {"event": "action", "seat": 1, "action": "raise", "amount": 30}
    hand.bet_or_raise(30)  # the big blind has 30 in all: all-in
    assert hand.log[-1] == {"event": "action", "seat": 2, "action": "all_in", "amount": 30}
    play(hand, ("call",))
    board = cards_str(hand.board)
    assert repr(hand) == f"<Hand flop, board {board}, pot 90, stacks {{0: 70, 1: 70, 2: 0}}, seat 1 to act>"
    hand.bet_or_raise(10)  # nothing bet on the flop: a bet
    assert hand.log[-1] == {"event": "action", "seat": 1, "action": "bet", "amount": 10}
    with pytest.raises(IllegalAction, match="can raise to 20 to 70, not 15"):
        hand.bet_or_raise(15)


@pytest.mark.parametrize(
    "corrupt, message",
    [
        (lambda log: log[:0] + [{"event": "action"}] + log[1:], "event 0"),
        (lambda log: log[:9] + [dict(log[9], seat=99)] + log[10:], "event 9"),
        (lambda log: log[:9] + [dict(log[9], action="raise", amount=1)] + log[10:], "event 9"),
        (lambda log: log[:6] + [dict(log[6], cards="As As")] + log[7:], "event"),
        (lambda log: log[:3] + [dict(log[3], amount=7)] + log[4:], "event 3"),
    ],
)
def test_a_corrupt_log_is_rejected_naming_the_event(corrupt, message: str) -> None:  # type: ignore[no-untyped-def]
    hand = Hand([100, 100, 100], button=0, seed=13)
    play(hand, ("call",), ("call",), ("check",))
    with pytest.raises(ValueError, match=message):
        Hand.replay(corrupt(list(hand.log)))


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(stacks=[100], button=0), "2 to 10 seats"),
        (dict(stacks=[100] * 11, button=0), "2 to 10 seats"),
        (dict(stacks=[100, -5, 100], button=0), "whole numbers of chips"),
        (dict(stacks=[100, 100], button=5), "button seat 5"),
        (dict(stacks=[100, 100], button=0, small_blind=5, big_blind=2), "cannot exceed"),
        (dict(stacks=[100, 100], button=0, limit="spread"), "limit must be"),
    ],
)
def test_bad_tables(kwargs: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(ValueError, match=message):
        Hand(**kwargs)


# ---- random legal hands --------------------------------------------------------------------


def random_action(hand: Hand, rng: random.Random) -> tuple:  # type: ignore[type-arg]
    legal = hand.legal()
    choices = [a for a in legal.actions if a != "fold"] or legal.actions
    action = "fold" if legal.fold and rng.random() < 0.1 else rng.choice(choices)
    if action in ("bet", "raise"):
        assert legal.min_raise is not None and legal.max_raise is not None
        return action, rng.choice([legal.min_raise, legal.max_raise, rng.randint(legal.min_raise, legal.max_raise)])
    return (action,)


def _random_forced_bets(rng: random.Random, stacks: dict, button: int, limit: str, ante: int) -> tuple:  # type: ignore[type-arg]
    """Stakes and Hand options a table like this may have: straddles, a big-blind ante, antes per seat,
    dead blinds and live posts; Omaha or hi-lo, running it twice, a rake, mucking; each drawn at random
    where the table allows it."""
    with_chips = sorted(s for s, c in stacks.items() if c > 0)
    options: dict = {"small_blind": rng.choice([0, 1, 5]), "big_blind": 10, "ante": ante, "limit": limit}  # type: ignore[type-arg]
    kind = rng.choice(["plain", "straddle", "button straddle", "big blind ante", "antes, dead and posts"])
    if kind == "straddle" and limit != "fixed-limit" and len(with_chips) >= 4:
        options["straddles"] = (20, 40)[: rng.choice([1, 2]) if len(with_chips) >= 5 else 1]
    if kind == "button straddle" and limit != "fixed-limit" and len(with_chips) >= 3 and button in with_chips:
        options.update(straddles=(rng.choice([20, 25]),), straddle_from="button")
    if kind == "big blind ante" and ante:
        options["big_blind_ante"] = True
    forced = {}
    if kind == "antes, dead and posts":
        forced["antes"] = {s: rng.choice([0, 1, 2]) for s in with_chips}
        returning = rng.choice(with_chips)
        forced["dead"], forced["posts"] = {returning: rng.choice([1, 5])}, {returning: 10}
    with_chips_count = len(with_chips)
    game = rng.choice(["holdem", "holdem", "omaha", "omaha-hilo"])
    if game != "holdem":
        hole_cards = rng.choice([size for size in (4, 5, 6) if with_chips_count * size + 16 <= 52] or [0])
        if hole_cards:
            forced.update(game=game, hole_cards=hole_cards)
    hole = forced.get("hole_cards", 2)
    if with_chips_count * hole + 16 <= 52:
        forced["runs"] = rng.choice([1, 2])
    if rng.random() < 0.3:
        forced["rake"] = Rake(rng.choice([5, Fraction(9, 2)]), cap=rng.choice([None, 3]))
    forced["muck"] = rng.random() < 0.5
    return Stakes(**options), forced


@settings(max_examples=2000, deadline=None)
@given(
    st.integers(2, 10),
    st.integers(0, 2**32),
    st.sampled_from(["no-limit", "pot-limit", "fixed-limit"]),
    st.integers(0, 3),
)
def test_random_hands_keep_every_invariant(seats: int, seed: int, limit: str, ante: int) -> None:
    rng = random.Random(seed)
    stacks = {s: rng.choice([0, 1, 3, 20, 100, 1000]) if s else 1000 for s in range(seats)}
    stacks[rng.randrange(seats)] = max(stacks.values()) or 1000
    if sum(1 for c in stacks.values() if c > 0) < 2:
        stacks[0] = stacks[1] = 500
    draw = draw_for_button(sorted(stacks), rng.choice(DRAW_METHODS), seed=seed) if rng.random() < 0.5 else None
    button = draw.button if draw else rng.choice(sorted(stacks))
    stakes, forced = _random_forced_bets(rng, stacks, button, limit, ante)
    hand = Hand(stacks, button, stakes=stakes, seed=seed, draw=draw, cut=rng.choice([None, 5, 26, 47]), **forced)
    total = sum(hand.starting.values())
    if not hand.is_over:  # the blinds may leave no one able to act: the hand is then over at once
        assert sum(hand.stacks.values()) + hand.pot == total
    for _ in range(500):
        if hand.is_over:
            break
        actor = hand.actor
        assert actor is not None and actor not in hand.folded and hand.stacks[actor] > 0
        hand.act(*random_action(hand, rng))
        assert all(chips >= 0 for chips in hand.stacks.values())
        if not hand.is_over:
            assert sum(hand.stacks.values()) + hand.pot == total
        assert Hand.replay(hand.to_json()).state() == hand.state()
    assert hand.is_over, "the hand did not end"
    assert hand.result is not None
    rake = hand.result.settlement.rake
    assert sum(hand.stacks.values()) == total - rake and sum(hand.result.net.values()) == -rake
    for seat, shown in hand.result.shown.items():
        hole = hand.holes[seat]
        assert shown.rank == (
            evaluate(hole + hand.board) if hand.game.name == "holdem" else evaluate_omaha(hole, hand.board)
        )
    assert set(hand.result.shown).isdisjoint(hand.result.mucked)


def test_stakes_travel_as_one_value() -> None:
    stakes = Stakes(5, 10, ante=1, limit="pot-limit")
    hand = Hand([1000] * 3, button=0, stakes=stakes, seed=4)
    assert (hand.small_blind, hand.big_blind, hand.ante, hand.limit) == (5, 10, 1, "pot-limit")
    assert Hand.replay(hand.to_json()).stakes == stakes
    while not hand.is_over:
        hand.act("fold" if hand.legal().fold else "check")
    assert hand.next_hand(seed=5).stakes == stakes
    with pytest.raises(ValueError, match="not both"):
        Hand([100, 100], button=0, stakes=stakes, small_blind=1)


def test_a_repeated_card_is_named() -> None:
    with pytest.raises(ValueError, match="duplicate card: As"):
        Hand.with_cards([100, 100], button=0, holes={0: "As Ks", 1: "As Qs"})
    with pytest.raises(ValueError, match="duplicate card: 2c"):
        Hand([100, 100], button=0, cards="2c 3c 2c")


def _with_start(log: list[dict], **changes: object) -> list[dict]:  # type: ignore[type-arg]
    start = dict(log[0], **changes)
    return [start, *log[1:]]


@pytest.mark.parametrize(
    "changes",
    [
        {"stacks": {"0": 100, "1": 100, "01": 100}},  # two names for one seat
        {"stacks": {"0": 100, "1": 100, "２": 100}},  # a digit that is not ASCII
        {"button": 0.0},  # a float for a seat
        {"comment": "extra"},  # a key the engine does not write
    ],
)
def test_replay_refuses_a_start_it_would_not_write(changes: dict) -> None:  # type: ignore[type-arg]
    hand = Hand([100, 100, 100], button=0, seed=13)
    with pytest.raises(ValueError, match="event 0: bad start of the log"):
        Hand.replay(_with_start(list(hand.log), **changes))
    assert Hand.replay(hand.to_json()).state() == hand.state()
