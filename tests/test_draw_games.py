"""The draw games through the engine: deuce-to-seven single and triple draw, ace-to-five triple
draw, badugi and five-card draw. Who draws and when, a draw's burn and its new cards, all-in
players drawing, the stub reshuffled with the discards, the showdowns, the log and PHH; every
such hand of the PHH data set."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from handrank.cards import cards, cards_str
from handrank.engine import Hand, IllegalAction, Stakes, replay
from handrank.games import BADUGI, DEUCE_TO_SEVEN_SINGLE_DRAW, DEUCE_TO_SEVEN_TRIPLE_DRAW, GAMES, Game
from handrank.history import EXTENDED, read
from handrank.history.model import VARIANTS
from handrank.history.phh import dumps, loads
from handrank.history.replay import finishing_stacks, from_hand
from handrank.history.replay import replay as replay_record

FIXED = Stakes(1, 2, limit="fixed-limit")
PHH = Path(__file__).resolve().parents[2] / "shared" / "phh"
DEAL = cards("2c 3c 4c 2d 3d 4d 5c 7c 9c 5d 7d 9d Kc Qc Jc 8s 8h 8d 6s 6h 6d")
"""Dealt around three seats: 2c 2d 5c 5d Kc, 3c 3d 7c 7d Qc and 4c 4d 9c 9d Jc; then 8s, 8h, ..."""


def _call_round(hand: Hand) -> None:
    """Everyone calls or checks the betting round under way."""
    street = hand.street
    while not hand.is_over and hand.street == street and hand.legal().draw is None:
        hand.act("call" if hand.legal().call else "check")


def test_the_players_still_in_draw_in_turn_from_the_left_of_the_button_after_a_burn() -> None:
    hand = Hand([100, 100, 100], button=2, stakes=FIXED, game=DEUCE_TO_SEVEN_TRIPLE_DRAW, cards=DEAL)
    assert cards_str(hand.holes[0]) == "2c 2d 5c 5d Kc"
    _call_round(hand)
    legal = hand.legal()
    assert hand.street == "first draw" and legal.seat == 0 and legal.draw == 5 and legal.actions == ["draw"]
    with pytest.raises(IllegalAction, match="a draw is Hand.draw"):
        hand.act("check")
    before = hand.state()
    with pytest.raises(IllegalAction, match="cannot throw away As"):
        hand.draw("As")
    assert hand.state() == before  # an illegal draw changes nothing
    hand.draw("2d Kc")  # after the burn (8s), 8h and 8d take their places
    assert cards_str(hand.burned) == "8s" and cards_str(hand.holes[0]) == "2c 8h 5c 5d 8d"
    hand.draw()  # seat 1 stands pat
    hand.draw(["4c"])
    assert cards_str(hand.holes[2]) == "6s 4d 9c 9d Jc" and hand.legal().draw is None  # the betting follows
    assert [(e["seat"], e["cards"], e["drawn"]) for e in hand.log if e["event"] == "discard"] == [
        (0, "2d Kc", "8h 8d"),
        (1, "", ""),
        (2, "4c", "6s"),
    ]
    assert hand.street == "first draw" and hand.actor == 0 and hand.legal().min_raise == 2  # the small bet
    _call_round(hand)
    hand.draw()
    hand.draw()
    hand.draw()
    assert hand.street == "second draw" and hand.legal().min_raise == 4  # the big bet from the second draw


def test_all_in_players_still_draw_and_the_best_low_wins() -> None:
    hand = Hand([3, 100, 100], button=2, stakes=FIXED, game=DEUCE_TO_SEVEN_TRIPLE_DRAW, cards=DEAL)
    hand.act("raise", 4)  # seat 2, first to act before the draw
    hand.act("call")  # the small blind, seat 0, calls all-in for 3
    hand.act("fold")
    for _ in range(3):  # three draws, both players drawing with no betting left
        assert hand.legal().draw == 5
        hand.draw()
        hand.draw()
    assert hand.result is not None
    assert hand.result.shown[0].description == "Fives over deuces" and hand.result.net[0] > 0
    assert replay(hand.log).state() == hand.state()


def test_a_short_stub_is_shuffled_with_the_discards_and_burns_and_its_last_card_is_never_dealt() -> None:
    hand = Hand([100] * 6, button=5, stakes=FIXED, game=DEUCE_TO_SEVEN_TRIPLE_DRAW, seed=7)
    _call_round(hand)
    for seat in range(6):  # all five each: 30 dealt and a burn leave 21, so seats 0 to 3 draw from it
        hand.draw(list(hand.holes[seat]))
    kinds = [(e["event"], e.get("seat")) for e in hand.log if e["event"] in ("discard", "reshuffle")]
    assert kinds == [("discard", 0), ("discard", 1), ("discard", 2), ("discard", 3), ("reshuffle", None)] + [
        ("discard", 4),
        ("discard", 5),
    ]  # seat 4 finds one card left: it is never dealt, but shuffled in
    (reshuffle,) = [e for e in hand.log if e["event"] == "reshuffle"]
    stub = cards(reshuffle["cards"])
    thrown = [c for e in hand.log if e["event"] == "discard" and e["seat"] < 4 for c in cards(e["cards"])]
    assert len(stub) == 22 and set(thrown) | set(hand.burned) < set(stub)  # and the stub's last card
    in_hands = [c for seat in range(6) for c in hand.holes[seat]]
    assert len(set(in_hands)) == 30  # no card in two hands
    assert replay(hand.log).state() == hand.state()
    while not hand.is_over:
        if hand.legal().draw is None:
            hand.act("fold" if hand.legal().fold else "check")
        else:
            hand.draw()
    with pytest.raises(ValueError, match="PHH cannot record a reshuffled stub"):
        from_hand(hand)


@pytest.mark.parametrize("name", ["2-7-single-draw", "2-7-triple-draw", "a-5-triple-draw", "badugi", "five-card-draw"])
def test_random_hands_keep_the_chips_and_replay_from_their_logs_and_as_phh(name: str) -> None:
    game = GAMES[name]
    written = 0
    for seed in range(120):
        hand = _random_hand(game, seed)
        assert sum(hand.stacks.values()) == sum(hand.starting.values())
        assert replay(hand.log).state() == hand.state()
        if hand.stakes.betting.phh + game.phh in VARIANTS and not any(e["event"] == "reshuffle" for e in hand.log):
            record = loads(dumps(from_hand(hand)))
            assert [replay_record(record).stacks[s] for s in hand.seats] == [hand.stacks[s] for s in hand.seats]
            written += 1
    assert written > 20 or not game.phh


def _random_hand(game: Game, seed: int) -> Hand:
    rng = random.Random(seed)
    seats = rng.randint(2, 6)
    stakes = Stakes(1, 2, limit=rng.choice(["fixed-limit", "no-limit", "pot-limit"]))  # type: ignore[arg-type]
    hand = Hand(
        [rng.choice([3, 10, 60, 200]) for _ in range(seats)], button=seats - 1, stakes=stakes, game=game, seed=seed
    )
    while not hand.is_over:
        legal, before = hand.legal(), hand.state()
        with pytest.raises(IllegalAction):  # an illegal move changes nothing
            if legal.draw is not None:
                hand.draw([c for c in game.deck if c not in hand.holes[legal.seat]][:1])  # a card not held
            else:
                hand.act("raise" if legal.current_bet else "bet", 10**6)
        assert hand.state() == before
        if legal.draw is not None:
            hand.draw(rng.sample(hand.holes[legal.seat], rng.randint(0, legal.draw)))
            continue
        action = rng.choice(legal.actions)
        hand.act(action, rng.choice([legal.min_raise, legal.max_raise]) if action in ("bet", "raise") else None)
    return hand


def test_showdowns_rank_each_game_s_hands() -> None:
    holes = {0: "7s 5d 4c 3h 2s", 1: "8s 6d 4d 3c 2c"}  # a seven-five against an eight-six
    deal = [cards(holes[s])[i] for i in range(5) for s in (0, 1)]
    deal += [c for c in GAMES["holdem"].deck if c not in deal]
    hand = Hand([50, 50], button=1, stakes=FIXED, game=DEUCE_TO_SEVEN_SINGLE_DRAW, cards=deal)
    hand.act("call")
    hand.act("check")
    hand.draw()
    hand.draw()
    _call_round(hand)
    assert hand.result is not None and hand.result.net == {0: 2, 1: -2}
    assert [hand.result.shown[s].description for s in (0, 1)] == ["Seven-five low (number one)", "Eight-six low"]
    four = {0: "4s 3d 2c Ah", 1: "5s 3h 2d Ac"}  # the best badugi against a five-badugi
    deal = [cards(four[s])[i] for i in range(4) for s in (0, 1)]
    deal += [c for c in GAMES["holdem"].deck if c not in deal]
    hand = Hand([50, 50], button=1, stakes=FIXED, game=BADUGI, cards=deal)
    hand.act("call")
    hand.act("check")
    for _ in range(3):
        hand.draw()
        hand.draw()
        _call_round(hand)
    assert hand.result is not None and hand.result.net == {0: 2, 1: -2}
    assert hand.result.shown[0].description == "4-3-2-A badugi"


@pytest.mark.skipif(not PHH.is_dir(), reason=f"the PHH data set is not at {PHH}")
def test_the_phh_data_set_s_draw_hands_replay_to_their_finishing_stacks() -> None:
    counts: Counter[str] = Counter()
    for path in sorted(PHH.rglob("*.phh")):
        for record in read(path):
            if record.variant in ("F2L3D", "N2L1D", "FB"):
                stacks = finishing_stacks(record)  # raises for a hand the engine cannot play
                assert record.fields.get("finishing_stacks", stacks) == stacks, path
                counts[record.variant if "finishing_stacks" in record.fields else "no stacks"] += 1
    assert counts == {"F2L3D": 7, "N2L1D": 7, "no stacks": 2}, counts


@pytest.mark.parametrize(
    ("name", "limit", "code"),
    [
        ("five-card-draw", "no-limit", "N5CD"),
        ("five-card-draw", "pot-limit", "P5CD"),
        ("a-5-triple-draw", "fixed-limit", "FA5L3D"),
    ],
)
def test_the_games_phh_lacks_are_written_under_handrank_s_own_codes_and_replay(
    name: str, limit: str, code: str
) -> None:
    hand = Hand([100, 100, 100], button=2, stakes=Stakes(1, 2, limit=limit), game=name, seed=7)  # type: ignore[arg-type]
    while not hand.is_over:
        if hand.legal().draw is not None:
            hand.draw(hand.holes[hand.legal().seat][:2])
        else:
            hand.act("call" if hand.legal().call else "check")
    text = dumps(from_hand(hand))
    assert text.startswith(f'variant = "{code}"') and code in EXTENDED
    record = loads(text)
    assert record.replayable and finishing_stacks(record) == [hand.stacks[s] for s in hand.seats]
    with pytest.raises(ValueError, match="PHH has no variant code for no-limit Ace-to-five triple draw"):
        from_hand(_no_limit_a5())


def _no_limit_a5() -> Hand:
    hand = Hand([10, 10], button=1, stakes=Stakes(1, 2), game="a-5-triple-draw", seed=3)
    hand.act("fold")
    return hand


ANTES = Stakes(0, 2, ante=1, limit="fixed-limit")


def _dealt(holes: dict[int, str]) -> list[int]:
    """The deal order for ``holes`` (one card at a time around from seat 0), then the rest of the deck."""
    order = [cards(holes[s])[i] for i in range(5) for s in sorted(holes)]
    return order + [c for c in GAMES["holdem"].deck if c not in order]


def test_jacks_or_better_only_a_pair_of_jacks_or_better_opens() -> None:
    holes = {0: "Ts Th 9c 8d 2s", 1: "Jc Jd 4h 3s 2c", 2: "Ac Kd Qh 9s 7c"}  # tens, the lowest jacks, ace high
    hand = Hand([50, 50, 50], button=2, stakes=ANTES, game="jacks-or-better", cards=_dealt(holes))
    assert [e["event"] for e in hand.log[1:4]] == ["ante", "ante", "ante"] and hand.bets == {0: 0, 1: 0, 2: 0}
    assert hand.actor == 0 and hand.legal().actions == ["check"]  # left of the button, with no openers
    with pytest.raises(IllegalAction, match="seat 0 cannot bet now: legal actions are check"):
        hand.act("bet", 2)
    hand.act("check")
    assert hand.legal().actions == ["check", "bet"]  # jacks open
    hand.act("bet", 2)
    assert hand.legal().actions == ["fold", "call", "raise"]  # once open, anyone may raise
    hand.act("raise", 4)
    hand.act("call")
    assert hand.legal().min_raise == 6  # the opener checked first: it may raise now like anyone


def test_jacks_or_better_deals_again_into_the_same_pot_when_no_one_opens() -> None:
    holes = {0: "Ts Th 9c 8d 2s", 1: "Ac Kd Qh 9s 7c", 2: "2d 3d 4d 5d 7h"}
    hand = Hand([50, 50, 50], button=2, stakes=ANTES, game="jacks-or-better", cards=_dealt(holes))
    for _ in range(3):
        hand.act("check")
    kinds = [e["event"] for e in hand.log]
    assert kinds.count("redeal") == 1 and kinds[kinds.index("redeal") + 1 :][:6] == ["ante"] * 3 + ["hole"] * 3
    assert hand.pot == 6 and hand.stacks == {0: 48, 1: 48, 2: 48} and hand.street == "predraw"
    (redeal,) = [e for e in hand.log if e["event"] == "redeal"]
    assert len(cards(redeal["cards"])) == 52  # every card back in the deck
    dealt_again = cards(redeal["cards"])[:15]  # a caller's deal goes on with the cards it had left
    assert [c for s in (0, 1, 2) for c in hand.holes[s]] == [
        dealt_again[i * 3 + s] for s in (0, 1, 2) for i in range(5)
    ]
    assert replay(hand.log).state() == hand.state()


def test_random_jacks_or_better_hands_keep_the_chips_and_replay() -> None:
    redeals = 0
    for seed in range(150):
        rng = random.Random(seed)
        seats = rng.randint(2, 6)
        stacks = [rng.choice([3, 10, 60]) for _ in range(seats)]
        hand = Hand(stacks, button=seats - 1, stakes=ANTES, game="jacks-or-better", seed=seed)
        while not hand.is_over:
            legal, before = hand.legal(), hand.state()
            if legal.draw is not None:
                hand.draw(rng.sample(hand.holes[legal.seat], rng.randint(0, legal.draw)))
                continue
            if not legal.current_bet and "bet" not in legal.actions and hand.stacks[legal.seat]:
                with pytest.raises(IllegalAction):
                    hand.act("bet", 2)  # no openers: no bet
                assert hand.state() == before
            action = rng.choice(legal.actions)
            hand.act(action, rng.choice([legal.min_raise, legal.max_raise]) if action in ("bet", "raise") else None)
        redeals += sum(e["event"] == "redeal" for e in hand.log)
        assert sum(hand.stacks.values()) == sum(stacks)
        assert replay(hand.log).state() == hand.state()
    assert redeals > 20  # many hands were dealt again


def test_jacks_or_better_posts_no_blinds_and_has_no_phh_code() -> None:
    with pytest.raises(ValueError, match="jacks-or-better posts no blinds: its stakes are an ante and the bet"):
        Hand([50, 50], button=1, stakes=Stakes(1, 2), game="jacks-or-better", seed=1)
    deal = _dealt({0: "Qc Qd 4h 3s 2c", 1: "Ac Kd 9h 8s 7c"})
    hand = Hand([50, 50], button=1, stakes=ANTES, game="jacks-or-better", cards=deal)
    hand.act("bet", 2)
    hand.act("fold")
    with pytest.raises(ValueError, match="PHH has no variant code for fixed-limit Five-card draw, jacks or better"):
        from_hand(hand)
