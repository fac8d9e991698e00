"""Starting a game as docs/rules.md#starting-a-game says: the draw for the button and the cut."""

from __future__ import annotations

import io
import itertools
import json
import math
from collections import Counter
from fractions import Fraction

import pytest
from conftest import scripted_input

from handrank import Deck, cards, cards_str, settle, winners
from handrank.cards import MIN_CUT
from handrank.engine import ButtonDraw, Hand, draw_for_button
from handrank.play import play

SEATS = [0, 1, 2, 3, 4]


def test_high_card_ties_of_rank_go_by_suit_spades_hearts_diamonds_clubs() -> None:
    for aces in itertools.permutations(["Ac", "Ad", "Ah", "As"]):
        draw = draw_for_button([3, 5, 7, 9], cards=" ".join(aces))
        assert draw.button == [3, 5, 7, 9][aces.index("As")]
    assert draw_for_button([0, 1], cards="Kh Kd").button == 0
    assert draw_for_button([0, 1], cards="Kc Kd").button == 1
    assert draw_for_button([0, 1, 2], cards="Qs Kc 2d").button == 1  # the rank first, the suit only for a tie


def test_suits_never_break_a_tie_at_showdown() -> None:
    board = "2c 7d 9h Jd 3s"
    assert winners(["As Kh", "Ac Kd"], board) == [0, 1]
    split = settle({0: 50, 1: 50}, button=0, hands={0: cards("As Kh"), 1: cards("Ac Kd")}, board=cards(board))
    assert split.payouts == {0: 50, 1: 50}
    hand = Hand.with_cards([100, 100], button=0, holes={0: "As Kh", 1: "Ac Kd"}, board=board)
    hand.act("all_in")
    hand.act("call")
    assert hand.result is not None and hand.result.net == {0: 0, 1: 0}


def test_first_jack_deals_round_the_table_until_the_jack() -> None:
    draw = draw_for_button([0, 1, 2], method="first-jack", cards="2c 3c 4c 5c Jh 6c")
    assert draw.button == 1
    assert {s: cards_str(c) for s, c in draw.cards.items()} == {0: "2c 5c", 1: "3c Jh", 2: "4c"}
    assert draw_for_button([0, 1, 2], method="first-jack", first=2, cards="2c 3c 4c 5c Jh").button == 0
    assert str(draw) == "seat 0 2♣ 5♣, seat 1 3♣ J♥, seat 2 4♣: seat 1 deals first (first jack)"


@pytest.mark.parametrize(
    "arguments, message",
    [
        ({"seats": [0, 1], "method": "first-jack", "cards": "2c 3c 4c"}, "no jack among the 3 cards"),
        ({"seats": [0, 1], "method": "best-card"}, "unknown draw method 'best-card'"),
        ({"seats": [0, 0, 1]}, "distinct int seat numbers"),
        ({"seats": [0]}, "2 to 10 seats"),
        ({"seats": [0, 1], "first": 4}, "first seat served, 4, is not among"),
        ({"seats": [0, 1], "seed": 1, "deck": Deck(1)}, "not several"),
        ({"seats": [0, 1, 2], "cards": "As Ks"}, "a card for each of 3 seats"),
        ({"seats": [0, 1], "cards": "As As"}, "duplicate card: As"),
    ],
)
def test_bad_draws_are_refused_saying_why(arguments: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(ValueError, match=message):
        draw_for_button(**arguments)


def test_a_cut_moves_the_top_under_and_leaves_five_cards_each_side() -> None:
    before = list(Deck(seed=3))
    for at in (MIN_CUT, 20, 52 - MIN_CUT):
        deck = Deck(seed=3)
        assert deck.cut(at) == at
        assert list(deck) == before[at:] + before[:at]
    for at in (4, 0, 48, 52, -1, True, 10.0):
        deck = Deck(seed=3)
        with pytest.raises(ValueError, match="each part must hold at least 5"):
            deck.cut(at)  # type: ignore[arg-type]
        assert list(deck) == before  # a refused cut leaves the pack as it was
    small = Deck(seed=3)
    small.deal(43)
    with pytest.raises(ValueError, match="cannot cut a pack of 9 cards"):
        small.cut()


def test_a_random_cut_is_seeded_and_within_bounds() -> None:
    places = [Deck(seed=s).cut() for s in range(300)]
    assert places == [Deck(seed=s).cut() for s in range(300)]
    assert min(places) == MIN_CUT and max(places) == 52 - MIN_CUT  # both ends are reachable


@pytest.mark.parametrize("method", ["high-card", "first-jack"])
def test_a_seeded_draw_is_the_same_every_time_and_survives_its_log(method: str) -> None:
    for seed in range(50):
        draw = draw_for_button(SEATS, method=method, seed=seed)
        assert draw == draw_for_button(SEATS, method=method, seed=seed)
        assert ButtonDraw.from_event(json.loads(json.dumps(draw.to_event()))) == draw
    assert len({draw_for_button(SEATS, method=method, seed=s).button for s in range(50)}) == len(SEATS)


def test_a_logged_draw_whose_cards_do_not_give_its_button_is_refused() -> None:
    event = draw_for_button([0, 1, 2], cards="Jd 7h Js").to_event()
    with pytest.raises(ValueError, match="these cards give"):
        ButtonDraw.from_event({**event, "button": 0})
    with pytest.raises(ValueError, match="duplicate card: Jd"):
        ButtonDraw.from_event({**event, "cards": {"0": "Jd", "1": "Jd", "2": "Js"}})
    jack = draw_for_button([0, 1], method="first-jack", cards="2c 3c Jh").to_event()
    with pytest.raises(ValueError, match="these cards give"):  # cards dealt past the jack
        ButtonDraw.from_event({**jack, "cards": {"0": "2c Jh", "1": "3c 4c"}})


def test_a_cut_hand_deals_from_the_cut_pack_and_logs_who_cut() -> None:
    for seed, at in [(1, 5), (2, 30), (3, 47)]:
        hand = Hand([100, 100, 100, 100], button=2, seed=seed, cut=at)
        pack = Deck(seed)
        pack.cut(at)
        same = Hand([100, 100, 100, 100], button=2, cards=list(pack))
        assert hand.holes == same.holes
        assert hand.log[1] == {"event": "cut", "seat": 1, "at": at}  # the seat right of the button
        assert hand.holes != Hand([100] * 4, button=2, seed=seed).holes
    heads_up = Hand([100, 100], button=0, seed=1, cut=10)
    assert heads_up.log[1]["seat"] == 1


def test_a_draw_and_a_cut_replay_from_the_log() -> None:
    draw = draw_for_button(SEATS, method="first-jack", seed=8)
    hand = Hand([100] * 5, button=draw.button, seed=4, draw=draw, cut=17, cut_by=draw.button)
    while not hand.is_over:
        hand.act("call" if hand.legal().call else "check")
    assert [e["event"] for e in hand.log[:3]] == ["start", "draw", "cut"]
    again = Hand.replay(hand.to_json())
    assert again.log == hand.log and again.state() == hand.state()
    log = json.loads(hand.to_json())
    log[2]["at"] = 4
    with pytest.raises(ValueError, match="a cut is 5 to 47 cards, got 4"):
        Hand.replay(log)
    log = json.loads(hand.to_json())
    log[1], log[2] = log[2], log[1]
    with pytest.raises(ValueError, match="event 1"):
        Hand.replay(log)


def test_a_draw_or_cut_the_table_does_not_match_is_refused() -> None:
    draw = draw_for_button([0, 1, 2], cards="Jd 7h Js")
    with pytest.raises(ValueError, match=r"the draw chose seat 2 of seats \[0, 1, 2\], not this button"):
        Hand([100] * 3, button=0, seed=1, draw=draw)
    with pytest.raises(ValueError, match="the draw chose seat 1 of seats"):  # seat 2 is not at this table
        Hand([100] * 2, button=1, seed=1, draw=draw_for_button([0, 1, 2], cards="7h Ah 2s"))
    with pytest.raises(ValueError, match="draw is the ButtonDraw"):
        Hand([100] * 3, button=2, seed=1, draw=draw.to_event())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the seat to cut, 7, is not at the table"):
        Hand([100] * 3, button=0, seed=1, cut=20, cut_by=7)
    with pytest.raises(ValueError, match="give the cut too"):
        Hand([100] * 3, button=0, seed=1, cut_by=1)
    with pytest.raises(ValueError, match="each part must hold at least 5"):
        Hand([100] * 3, button=0, seed=1, cut=4)


def test_the_next_hand_is_cut_by_the_seat_right_of_the_new_button() -> None:
    hand = Hand([100] * 3, button=0, seed=1, cut=20)
    hand.act("fold")
    hand.act("fold")
    after = hand.next_hand(seed=2, cut=12)
    assert after.button == hand.next_button == 1
    assert after.log[1] == {"event": "cut", "seat": 0, "at": 12}


def _chi_square_p(observed: list[int], expected: list[float]) -> float:
    """The chance of a chi-square statistic this large by luck, for an even number of degrees of freedom."""
    statistic = sum((o - e) ** 2 / e for o, e in zip(observed, expected))
    half_df, x = (len(observed) - 1) // 2, statistic / 2
    assert (len(observed) - 1) % 2 == 0
    return math.exp(-x) * sum(x**i / math.factorial(i) for i in range(half_df))


def _first_jack_odds(seats: int) -> list[Fraction]:
    """The chance each seat (in serving order) gets the first jack of a shuffled 52-card pack."""
    at = [Fraction(math.comb(52 - k, 3), math.comb(52, 4)) for k in range(1, 50)]  # first jack is card k
    return [sum(at[i::seats], Fraction(0)) for i in range(seats)]


@pytest.mark.parametrize("method", ["high-card", "first-jack"])
def test_each_seat_gets_the_button_as_often_as_the_method_implies(method: str) -> None:
    draws = 10_000
    counts = Counter(draw_for_button(SEATS, method=method, seed=s).button for s in range(draws))
    observed = [counts[s] for s in SEATS]
    odds = [Fraction(1, len(SEATS))] * len(SEATS) if method == "high-card" else _first_jack_odds(len(SEATS))
    assert sum(odds) == 1
    assert _chi_square_p(observed, [float(p) * draws for p in odds]) > 0.001
    if method == "first-jack":  # served first is an edge, large enough for the test to see
        assert _chi_square_p(observed, [draws / len(SEATS)] * len(SEATS)) < 1e-6
        assert observed[0] > observed[-1]


def test_play_draws_for_the_button_and_you_cut_when_it_is_yours() -> None:
    seed = next(s for s in range(100) if draw_for_button([0, 1, 2], seed=s).button == 1)  # seat 0 is on its right
    out = io.StringIO()
    play(3, seed=seed, read=scripted_input("4", "47", "f"), out=out)
    text = out.getvalue()
    assert f"drawing for the button: {draw_for_button([0, 1, 2], seed=seed)}" in text
    assert "a cut leaves at least 5 cards in each part" in text and "you cut 47 cards" in text
    dealt = Hand([200] * 3, button=1, seed=seed, cut=47, cut_by=0).holes[0]
    assert f"your cards {cards_str(dealt, pretty=True)}" in text


def test_play_opponents_cut_and_a_declined_cut_passes_to_the_right() -> None:
    seed = next(s for s in range(100) if draw_for_button([0, 1, 2], seed=s).button == 0)
    out = io.StringIO()
    play(3, seed=seed, read=scripted_input(*["f"] * 10), out=out)
    assert "seat 2 cuts" in out.getvalue() and "cut>" not in out.getvalue()
    declined = io.StringIO()
    play(3, button=1, read=scripted_input("n", "f"), out=declined)
    assert "seat 2 cuts" in declined.getvalue() and "drawing for the button" not in declined.getvalue()
    uncut = io.StringIO()
    play(3, button=1, cut=False, read=scripted_input("f"), out=uncut)
    assert "cut" not in uncut.getvalue()
