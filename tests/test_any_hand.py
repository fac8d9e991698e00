"""``random`` five- and six-card Omaha hands, too many to list, dealt by the Monte Carlo of ranges
from the cards left (``AnyHand``): both implementations draw the same trials on any thread
count; four-card any hands agree with the listed ``random`` range's exact answer, five-card ones
with a Monte Carlo written in the test with its own evaluator; what cannot be done is refused."""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from test_game_equity import DECK, omaha_key, to_index

import handrank
from handrank._kernels.game_equity import AnyHand


@pytest.mark.parametrize(
    ("rule", "players", "board"),
    [
        ("omaha", [([51, 47, 43, 39, 35, 50, 46, 42, 38, 34], [1.0, 0.5]), AnyHand(5)], [12]),
        ("omaha-hilo", [AnyHand(6), ([0, 4, 8, 12, 16, 20], [1.0]), AnyHand(6)], []),
        ("short-deck", [([51, 47], [1.0]), AnyHand(2), AnyHand(2)], [16, 20, 24]),
    ],
)
def test_both_implementations_deal_the_same_any_hands_on_any_thread_count(
    compiled: ModuleType, pure: ModuleType, rule: str, players: list[object], board: list[int]
) -> None:
    one = compiled.game_range_showdowns(rule, players, board, [], 3000, 9)
    assert pure.game_range_showdowns(rule, players, board, [], 3000, 9) == one
    many = compiled.game_range_showdowns(rule, players, board, [], 200_000, 4, 1)
    for threads in (2, 3):
        assert compiled.game_range_showdowns(rule, players, board, [], 200_000, 4, threads) == many


def test_four_card_any_hands_agree_with_every_hand_of_the_listed_random_range(compiled: ModuleType) -> None:
    board = [to_index(c) for c in ("2c", "3d", "4h", "5s")]
    exact = handrank.equity(["As Ks Qs Js", "random"], board="2c 3d 4h 5s", game="omaha", exact=True)
    assert exact.exact
    count, tallies = compiled.game_range_showdowns(
        "omaha", [([51, 47, 43, 39], [1.0]), AnyHand(4)], board, [], 200_000, 3
    )
    share = [(high + low) / 5040 / count for high, low, _, _ in tallies]
    stderr = (share[0] * (1 - share[0]) / count) ** 0.5
    assert abs(share[0] - exact.players[0].equity) < 4 * stderr
    assert sum(share) == pytest.approx(1)


def test_five_card_hands_against_random_agree_with_a_monte_carlo_written_here() -> None:
    hero, board = ["As", "Ks", "Qd", "Jd", "9c"], ["Ts", "9d", "3h", "2c", "7s"]
    left = [c for c in DECK if c not in hero and c not in board]
    draw = random.Random(1)
    trials, won = 1500, 0.0
    mine = omaha_key(hero, board)
    for _ in range(trials):
        villain = draw.sample(left, 5)
        theirs = omaha_key(villain, board)
        won += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    reference = won / trials
    got = handrank.equity([" ".join(hero), "random"], board=" ".join(board), game="omaha", trials=200_000, seed=2)
    mine_share = got.players[0]
    assert not got.exact and mine_share.stderr is not None
    error = (mine_share.stderr**2 + reference * (1 - reference) / trials) ** 0.5
    assert abs(mine_share.equity - reference) < 4 * error


def test_equity_many_deals_random_five_card_hands() -> None:
    hands = ["As Ks Qs Js Ts", "Ah Ad Kh Kd 2c"]
    many = handrank.equity_many(hands, "random", game="omaha", trials=20_000, seed=2)
    for hand, got in zip(hands, many):
        alone = handrank.equity([hand, "random"], game="omaha", trials=20_000, seed=2).players[0]
        assert got.stderr is not None and abs(got.equity - alone.equity) < 4 * 2**0.5 * got.stderr


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: handrank.equity(["As Ks Qs Js Ts", "random"], game="omaha", exact=True), "Monte Carlo only"),
        (lambda: handrank.equity_many(["As Ks Qs Js Ts"], "random", game="omaha", exact=True), "Monte Carlo only"),
        (lambda: AnyHand(3), "2 \\(short deck\\) or 4 to 6"),
    ],
)
def test_what_any_hands_cannot_do_is_named(call: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        call()  # type: ignore[operator]


def test_the_kernels_refuse_any_hands_they_cannot_deal(impl: ModuleType) -> None:
    with pytest.raises(ValueError, match="Monte Carlo only, not on every board"):
        impl.game_range_every_board("omaha", [([51, 47, 43, 39], [1.0]), AnyHand(4)], [0, 1, 2, 3, 4], [])
    with pytest.raises(ValueError, match="need more cards than the"):
        impl.game_range_showdowns("omaha", [AnyHand(6)] * 8, [], [], 10, 1)
    with pytest.raises(ValueError, match="deals 4 or 5 or 6 hole cards, got hands of 2"):
        impl.game_range_showdowns("omaha", [([51, 47, 43, 39], [1.0]), AnyHand(2)], [], [], 10, 1)
