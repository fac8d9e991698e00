"""Equity in the games with no board (stud, stud hi-lo, razz, the draw games, badugi) against
showdowns counted here deal by deal with the reference evaluators of the tests, to the last unit of
the pot; both implementations equal, the Monte Carlo within its error and the same for a seed."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from types import ModuleType
from typing import Optional

import pytest
from reference import best_key, key5, low_key
from test_badugi import reference_key as badugi_key
from test_game_equity import DECK, as_reference, share_pot, to_index

import handrank
from handrank._kernels import core as kernels_core
from handrank.cli import main


def _qualifying_low(hand: tuple[str, ...]) -> Optional[tuple[int, ...]]:
    """Stud hi-lo's low: the best five different ranks of eight or lower, ace low; None without one."""
    lows = [low_key([as_reference(c) for c in five], "a-5") for five in combinations(hand, 5)]
    qualified = [k for k in lows if k[0] == 0 and max(k[1:]) <= 8]
    return min(qualified) if qualified else None


def _razz(hand: tuple[str, ...]) -> tuple[int, ...]:
    return min(low_key([as_reference(c) for c in five], "a-5") for five in combinations(hand, 5))


# Each game's hand size, its high hand's key (smaller better) and whether a low half is played.
HIGH: dict[str, tuple[int, Callable[[tuple[str, ...]], tuple[int, ...]], bool]] = {
    "stud": (7, lambda h: tuple(-x for x in best_key([as_reference(c) for c in h])), False),
    "stud-hilo": (7, lambda h: tuple(-x for x in best_key([as_reference(c) for c in h])), True),
    "razz": (7, _razz, False),
    "five-card-draw": (5, lambda h: tuple(-x for x in key5([as_reference(c) for c in h])), False),
    "2-7-single-draw": (5, lambda h: low_key([as_reference(c) for c in h], "2-7"), False),
    "a-5-triple-draw": (5, lambda h: low_key([as_reference(c) for c in h], "a-5"), False),
    "badugi": (4, badugi_key, False),
}


def reference_shares(game: str, hands: list[list[str]], dead: list[str]) -> tuple[int, list[tuple[Fraction, ...]]]:
    """The deals, and each player's (high share, low share, scoops) over every deal of the cards to come."""
    size, high_key, split = HIGH[game]
    n = len(hands)
    high, low, scoops = [Fraction(0)] * n, [Fraction(0)] * n, [0] * n
    deals = 0
    high_of = lru_cache(maxsize=None)(high_key)
    low_of = lru_cache(maxsize=None)(_qualifying_low)

    def deal(i: int, left: list[str], dealt: list[tuple[str, ...]]) -> None:
        nonlocal deals
        if i == n:
            deals_done(dealt)
            return
        for extra in combinations(left, size - len(hands[i])):
            rest = [c for c in left if c not in extra]
            deal(i + 1, rest, [*dealt, tuple(sorted([*hands[i], *extra]))])

    def deals_done(full: list[tuple[str, ...]]) -> None:
        nonlocal deals
        deals += 1
        share_pot([high_of(h) for h in full], [low_of(h) for h in full] if split else None, high, low, scoops)

    used = {c for h in hands for c in h} | set(dead)
    deal(0, [c for c in DECK if c not in used], [])
    return deals, [(high[i] / deals, low[i] / deals, Fraction(scoops[i], deals)) for i in range(n)]


def random_hands(known: list[int], dead: int, seed: int) -> tuple[list[list[str]], list[str]]:
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    hands, at = [], 0
    for k in known:
        hands.append(cards[at : at + k])
        at += k
    return hands, cards[at : at + dead]


CASES = [
    ("stud", [6, 6], 4, 1),
    ("stud", [7, 6, 6], 0, 2),
    ("stud-hilo", [6, 6], 2, 3),
    ("stud-hilo", [6, 7, 6], 1, 4),
    ("razz", [6, 6], 0, 5),
    ("razz", [7, 6, 6], 3, 6),
    ("five-card-draw", [4, 4], 5, 7),
    ("five-card-draw", [5, 3, 5], 0, 8),
    ("2-7-single-draw", [4, 4], 0, 9),
    ("a-5-triple-draw", [4, 4], 6, 10),
    ("badugi", [3, 3], 2, 11),
    ("badugi", [3, 4, 3], 0, 12),
]


@pytest.mark.parametrize(("game", "known", "dead", "seed"), CASES)
def test_every_deal_counts_as_the_reference(
    impl: ModuleType, game: str, known: list[int], dead: int, seed: int
) -> None:
    hands, gone = random_hands(known, dead, seed)
    index = [[to_index(c) for c in h] for h in hands]
    deals, tallies = impl.no_board_showdowns(game, index, [to_index(c) for c in gone])
    expected_deals, shares = reference_shares(game, hands, gone)
    assert deals == expected_deals
    for (high_units, low_units, alone, squares), (high, low, scoop) in zip(tallies, shares):
        assert Fraction(high_units, 5040 * deals) == high
        assert Fraction(low_units, 5040 * deals) == low
        assert Fraction(alone, deals) == scoop
        assert squares == 0


def test_the_hilo_shares_and_the_scoops_reach_the_result() -> None:
    hands, gone = random_hands([6, 6], 2, 3)
    result = handrank.equity([" ".join(h) for h in hands], dead=" ".join(gone), game="stud-hilo")
    deals, shares = reference_shares("stud-hilo", hands, gone)
    assert result.exact and result.boards == deals
    for p, (high, low, scoop) in zip(result.players, shares):
        assert p.high == pytest.approx(float(high), abs=1e-15) and p.low == pytest.approx(float(low), abs=1e-15)
        assert p.scoop == p.win == pytest.approx(float(scoop), abs=1e-15)
        assert p.equity == pytest.approx(p.high + p.low, abs=1e-15) and p.stderr is None
    assert sum(p.equity for p in result.players) == pytest.approx(1.0, abs=1e-12)


def test_both_implementations_deal_the_same_trials(compiled: ModuleType, pure: ModuleType) -> None:
    for game, known, dead, seed in CASES:
        hands, gone = random_hands([max(k - 3, 0) for k in known], dead, seed)
        args = (game, [[to_index(c) for c in h] for h in hands], [to_index(c) for c in gone])
        assert compiled.no_board_showdowns(*args, 300, seed) == pure.no_board_showdowns(*args, 300, seed)


def test_every_deal_is_the_same_on_any_number_of_threads(impl: ModuleType) -> None:
    # Sixth street three ways, the second player on fifth: the threads share that player's sets.
    hands, gone = random_hands([6, 5, 6], 2, 13)
    args = ("stud-hilo", [[to_index(c) for c in h] for h in hands], [to_index(c) for c in gone])
    one = impl.no_board_showdowns(*args)
    assert one[0] == 33 * 32 * 31 * 30 // 2
    for threads in (1, 2, 3, 0):
        assert impl.no_board_showdowns(*args, 0, 0, threads) == one
    assert impl.no_board_showdowns(*args, 50, 1, 2) == impl.no_board_showdowns(*args, 50, 1)
    with pytest.raises(ValueError, match="threads must be None or an int >= 0"):
        impl.no_board_showdowns(*args, 0, 0, -1)


def test_trials_in_parts_are_the_same_on_any_number_of_threads(
    compiled: ModuleType, pure: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Parts of 1,000 trials, each its own stream and deck: pure and compiled alike, and the compiled
    # threads sharing 40 parts among them.
    monkeypatch.setattr(kernels_core, "PART_TRIALS", 1000)
    hands, gone = random_hands([4, 3, 5], 1, 21)
    args = ("stud", [[to_index(c) for c in h] for h in hands], [to_index(c) for c in gone])
    assert compiled.no_board_showdowns(*args, 5000, 3) == pure.no_board_showdowns(*args, 5000, 3)
    alone = compiled.no_board_showdowns(*args, 40_000, 3)
    assert alone != compiled.no_board_showdowns(*args, 40_000, 4)
    for threads in (2, 3, 0):
        assert compiled.no_board_showdowns(*args, 40_000, 3, threads) == alone
    monkeypatch.setattr(kernels_core, "PART_TRIALS", 40_000)  # one part: another deal of the trials
    assert compiled.no_board_showdowns(*args, 40_000, 3) != alone


def test_the_monte_carlo_lies_within_its_error_and_repeats_by_seed() -> None:
    hands = ["As 2h 3d 9c 9s Td", "Qs Qh 5d 6c 4s Jc", "7h 8h 2c 5h Kh 3c"]  # sixth street, three ways
    exact = handrank.equity(hands, game="stud-hilo")
    sampled = handrank.equity(hands, game="stud-hilo", trials=20_000, seed=4)
    assert exact.exact and exact.boards == 34 * 33 * 32 and not sampled.exact and sampled.boards == 20_000
    for e, s in zip(exact.players, sampled.players):
        assert s.stderr is not None and 0 < s.stderr < 0.01
        assert abs(s.equity - e.equity) < 4 * s.stderr
        assert s.high is not None and s.low is not None and s.scoop is not None
    assert handrank.equity(hands, game="stud-hilo", trials=20_000, seed=4) == sampled


def test_third_street_is_dealt_by_monte_carlo_and_a_draw_counted_whole() -> None:
    stud = handrank.equity(["Ah Ad 7c", "Ks Qs Js"], game="stud", seed=1)
    assert not stud.exact and stud.players[0].stderr is not None
    assert 0.55 < stud.players[0].equity < 0.75  # aces against three to a straight flush
    draw = handrank.equity(["7h 5d 4c 2s", "8h 6d 3c 2c"], game="2-7-triple-draw")
    assert draw.exact and draw.boards == 44 * 43
    single = handrank.equity(["7h 5d 4c 2s", "8h 6d 3c 2c"], game="2-7-single-draw")
    assert single == draw  # one draw left is counted alike in both


@pytest.mark.parametrize(
    ("players", "kwargs", "words"),
    [
        (["As Ah 7c", "Ks Qs Js"], {"game": "stud", "board": "2c"}, "stud has no board"),
        (["AA", "KK"], {"game": "razz"}, "takes the cards a player holds"),
        (["As Ah 7c 2d 3d 4d 5d 6d", "Ks Qs Js"], {"game": "stud"}, "stud deals 7 cards a hand, got 8"),
        (["As Ah Kd Kh Qc", "Ks"], {"game": "badugi"}, "badugi deals 4 cards a hand, got 5"),
        (["As Ah 7c", "As Qs Js"], {"game": "stud"}, "dealt twice"),
        ([""] * 8, {"game": "stud", "trials": 10}, "short of the 56"),
        (["", ""], {"game": "stud", "exact": True, "force": True}, "over the 4,194,304 it holds"),
        (["", ""], {"game": "stud", "exact": True}, "would take about"),
    ],
)
def test_bad_deals_are_named(players: list[str], kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        handrank.equity(players, **kwargs)  # type: ignore[arg-type]


def test_the_command_takes_a_stud_game(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["equity", "As 2h 3d 9c 9s Kd", "Qs Qh 5d 6c 4s 4d", "--game", "stud-hilo", "--dead", "2c", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    expected = handrank.equity(["As 2h 3d 9c 9s Kd", "Qs Qh 5d 6c 4s 4d"], dead="2c", game="stud-hilo")
    assert out["exact"] and out["players"][0]["low"] == expected.players[0].low
    assert main(args[:-1]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == f"stud-hilo; exact, {expected.boards:,} deals"  # no board in stud


INTERRUPT = """
import os, signal, sys, threading, time
from handrank import _eval_c
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()  # to the process, as a terminal does
start = time.perf_counter()
try:  # hours of work: every deal from fourth street three ways, or 10**12 trials
    hands = [[51, 47, 43, 39], [50, 46, 42, 38], [0, 4, 8, 12]]
    trials, threads = (0 if sys.argv[1] == "exact" else 10**12), int(sys.argv[2])
    _eval_c.no_board_showdowns("stud", hands, [], trials, 1, threads)
except KeyboardInterrupt:
    print(f"interrupted {time.perf_counter() - start:.1f}")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to oneself is a POSIX thing")
@pytest.mark.parametrize("work", ["exact 1", "exact 2", "trials 1", "trials 2"])
def test_ctrl_c_stops_long_work(compiled: ModuleType, work: str) -> None:
    done = subprocess.run([sys.executable, "-c", INTERRUPT, *work.split()], capture_output=True, text=True, timeout=120)
    assert done.stdout.startswith("interrupted"), (done.stdout, done.stderr)
    assert float(done.stdout.split()[1]) < 10


@pytest.mark.peers
@pytest.mark.parametrize(
    ("game", "hands", "size", "hand_types"),
    [
        ("stud", ["Ah Ad 7c 2s", "Ks Qs Js 9d"], 7, ("StandardHighHand",)),
        ("stud-hilo", ["Ah 2d 7c 4s", "Ks Qs 3s 6h"], 7, ("StandardHighHand", "EightOrBetterLowHand")),
        ("razz", ["Ah 2d 7c 9s", "3s 4s 5d Kh"], 7, ("RegularLowHand",)),
        ("2-7-single-draw", ["7h 5d 4c", "8h 6d 3c 2c"], 5, ("StandardLowHand",)),
        ("badugi", ["Ah 2d", "4h 5d 6c"], 4, ("BadugiHand",)),
    ],
)
def test_pokerkit_agrees_within_its_error(game: str, hands: list[str], size: int, hand_types: tuple[str, ...]) -> None:
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is a test-only peer")
    samples = 3000
    theirs = pokerkit.calculate_equities(
        [[pokerkit.Card.parse(h.replace(" ", ""))] for h in hands],
        (),
        size,
        0,
        pokerkit.Deck.STANDARD,
        tuple(getattr(pokerkit, t) for t in hand_types),
        sample_count=samples,
    )
    ours = handrank.equity(hands, game=game, trials=50_000, seed=1)
    for mine, their in zip(ours.players, theirs):
        error = (mine.equity * (1 - mine.equity) / samples) ** 0.5
        assert abs(mine.equity - their) < 4 * error + 4 * (mine.stderr or 0) + 1e-9, (game, mine.equity, their)
