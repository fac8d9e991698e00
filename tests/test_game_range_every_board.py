"""Ranges in the board games counted on every board: the kernel against a reference written here
(every board, every deal of the ranges' hands that fits, weights multiplied, each pot shared out
with the tests' own evaluators), hi-lo shares to the last unit; both implementations to the last
bit on any thread count; ``equity`` and ``equity_many`` exact where the work is small, Monte Carlo
on asking, and the weighted mean of hand-against-hand equities; the errors; Ctrl-C."""

from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction
from itertools import combinations, product
from types import ModuleType

import pytest
from test_game_equity import DECK, SHORT, omaha_key, omaha_low, reference_key, share_pot, to_index

import handrank


def reference(
    game: str, ranges: list[list[tuple[list[str], Fraction]]], board: list[str], dead: list[str]
) -> tuple[int, Fraction, list[tuple[Fraction, Fraction, Fraction]]]:
    """Every board from the cards left and every deal of the ranges that fits it: the deals, their
    weight, and each player's weighted pot units won high and low and weight of pots taken alone."""
    deck = [c for c in (SHORT if game.startswith("short") else DECK) if c not in board and c not in dead]
    n = len(ranges)
    deals, weight = 0, Fraction(0)
    high, low, alone = [Fraction(0)] * n, [Fraction(0)] * n, [Fraction(0)] * n
    for extra in combinations(deck, 5 - len(board)):
        full = [*board, *extra]
        for deal in product(*ranges):
            held = [c for hand, _ in deal for c in hand]
            if len(set(held)) != len(held) or set(held) & set(full):
                continue
            w = Fraction(1)
            for _, x in deal:
                w *= x
            holes = [hand for hand, _ in deal]
            if game.startswith("omaha"):
                keys = [omaha_key(h, full) for h in holes]
            else:
                keys = [
                    max(reference_key(f, game == "short-deck") for f in combinations([*h, *full], 5)) for h in holes
                ]
            lows = [omaha_low(h, full) for h in holes] if game == "omaha-hilo" else None
            h_share, l_share, scoops = [Fraction(0)] * n, [Fraction(0)] * n, [0] * n
            share_pot([tuple(-x for x in k) for k in keys], lows, h_share, l_share, scoops)
            deals += 1
            weight += w
            for i in range(n):
                high[i] += w * h_share[i] * 5040
                low[i] += w * l_share[i] * 5040
                alone[i] += w * scoops[i]
    return deals, weight, [(high[i], low[i], alone[i]) for i in range(n)]


def ranges_of(
    game: str, players: int, hands: int, hole: int, board: int, seed: int
) -> tuple[list[list[tuple[list[str], Fraction]]], list[str]]:
    """Ranges drawn from a few cards, so that their hands clash often (each player's first hand
    apart from the others' first, so that some deals fit), and a board apart from them."""
    r = random.Random(seed)
    cards = list(SHORT if game.startswith("short") else DECK)
    r.shuffle(cards)
    shown, pool = cards[:board], cards[board : board + hole * players + 3]
    out = []
    for i in range(players):
        chosen = [pool[i * hole : (i + 1) * hole], *r.sample([list(h) for h in combinations(pool, hole)], hands - 1)]
        out.append([(h, Fraction(r.choice([4, 2, 1]), 4)) for h in chosen])
    return out, shown


def kernel_players(ranges: list[list[tuple[list[str], Fraction]]]) -> list[tuple[list[int], list[float]]]:
    return [([to_index(c) for h, _ in side for c in h], [float(w) for _, w in side]) for side in ranges]


CASES = [
    ("omaha", 2, 3, 4, 4, 1),
    ("omaha", 3, 3, 4, 4, 2),
    ("omaha", 2, 3, 5, 5, 3),
    ("omaha-hilo", 2, 3, 4, 4, 4),
    ("omaha-hilo", 3, 3, 4, 5, 5),
    ("omaha-hilo", 2, 2, 4, 4, 6),
    ("short-deck", 2, 3, 2, 3, 7),
    ("short-deck-straight-over-trips", 3, 3, 2, 4, 8),
]


@pytest.mark.parametrize(("game", "players", "hands", "hole", "board", "seed"), CASES)
def test_every_board_and_deal_counts_as_the_reference(
    impl: ModuleType, game: str, players: int, hands: int, hole: int, board: int, seed: int
) -> None:
    ranges, shown = ranges_of(game, players, hands, hole, board, seed)
    used = {*shown, *(c for side in ranges for h, _ in side for c in h)}
    dead = [c for c in (SHORT if game.startswith("short") else DECK) if c not in used][-1:]
    deals, weight, sums = impl.game_range_every_board(
        game, kernel_players(ranges), [to_index(c) for c in shown], [to_index(c) for c in dead]
    )
    want_deals, want_weight, want = reference(game, ranges, shown, dead)
    assert want_deals > 0 and (deals, Fraction(weight)) == (want_deals, want_weight)
    for got, (high, low, alone) in zip(sums, want):
        assert [Fraction(x) for x in got] == [high, low, alone]  # dyadic weights: every sum exact


def test_both_implementations_give_the_same_sums_on_any_thread_count(compiled: ModuleType, pure: ModuleType) -> None:
    r = random.Random(11)
    for game, board in (("omaha-hilo", [0, 13, 26]), ("omaha", [5, 22, 40, 51]), ("short-deck", [16, 33, 50])):
        deck = [c for c in range(16 if game.startswith("short") else 0, 52) if c not in board]
        size = 2 if game.startswith("short") else 4
        players = [
            ([c for _ in range(25) for c in r.sample(deck, size)], [r.random() for _ in range(25)]) for _ in range(2)
        ]
        one = compiled.game_range_every_board(game, players, board, [], 1)
        assert compiled.game_range_every_board(game, players, board, [], 2) == one
        assert compiled.game_range_every_board(game, players, board, [], 3) == one
        assert pure.game_range_every_board(game, players, board, []) == one


def test_hands_valued_from_their_cards_past_the_tables_limit_give_the_same_sums(
    compiled: ModuleType, pure: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Few hands are valued once by the board's threes; past ``BY_TRIPLE_HANDS`` every board values
    them from their cards: the same sums either way, and the pure twin's."""
    from handrank._kernels import game_equity as checks

    r = random.Random(5)
    for game in ("omaha", "omaha-hilo"):
        board = [3, 17, 30]
        deck = [c for c in range(52) if c not in board]
        players = [
            ([c for _ in range(12) for c in r.sample(deck, 4)], [r.random() for _ in range(12)]) for _ in range(2)
        ]
        tabled = compiled.game_range_every_board(game, players, board, [])
        monkeypatch.setattr(checks, "BY_TRIPLE_HANDS", 0)
        assert compiled.game_range_every_board(game, players, board, []) == tabled
        monkeypatch.undo()
        assert pure.game_range_every_board(game, players, board, []) == tabled


def test_equity_of_ranges_is_the_weighted_mean_of_each_deals_exact_equity() -> None:
    board = "2h 9d Tc 3s"
    first = [("Ah Kh Qd Jd", 1.0), ("As Ks 4d 4c", 0.5)]
    second = [("7s 7c 6s 5c", 1.0), ("8h 8d Jc Js", 1.0), ("Qh Qs 5h 6h", 0.25)]
    for game in ("omaha", "omaha-hilo"):
        total = exact = scoop = 0.0
        for (a, wa), (b, wb) in product(first, second):
            if not set(a.split()) & set(b.split()):
                one = handrank.equity([a, b], board=board, game=game).players[0]
                total += wa * wb
                exact += wa * wb * one.equity
                scoop += wa * wb * one.win
        text = [", ".join(f"{h.replace(' ', '')}:{w}" for h, w in side) for side in (first, second)]
        counted = handrank.equity(text, board=board, game=game)
        assert counted.exact and counted.players[0].stderr is None
        assert counted.players[0].equity == pytest.approx(exact / total, abs=1e-12)
        assert counted.players[0].win == pytest.approx(scoop / total, abs=1e-12)
        assert counted.players[0].equity + counted.players[1].equity == pytest.approx(1, abs=1e-12)
        sampled = handrank.equity(text, board=board, game=game, exact=False, trials=20_000, seed=3)
        assert not sampled.exact and abs(sampled.players[0].equity - exact / total) < 4 * (
            sampled.players[0].stderr or 0
        )


def test_equity_many_counts_each_hand_on_every_board_when_asked() -> None:
    hands, board = ["AsKsQsJs", "AhAd7c2d", "9h8h7d6d"], "Ts 9s 3h 2c"
    many = handrank.equity_many(hands, "KK:xxyy, QQJJ", board=board, game="omaha", exact=True)
    for hand, got in zip(hands, many):
        alone = handrank.equity([hand, "KK:xxyy, QQJJ"], board=board, game="omaha")
        assert alone.exact and got.stderr is None and got.equity == pytest.approx(alone.players[0].equity, abs=1e-12)
    sampled = handrank.equity_many(hands, "KK:xxyy, QQJJ", board=board, game="omaha", exact=False, trials=5000, seed=2)
    assert all(p.stderr is not None and abs(p.equity - e.equity) < 4 * p.stderr for p, e in zip(sampled, many))
    short = handrank.equity_many(["AsKs", "9h9d"], "QQ+, AK", board="Ts 9s 6h", game="short-deck", exact=True)
    assert short[0].stderr is None and short[0].equity == pytest.approx(
        handrank.equity(["AsKs", "QQ+, AK"], board="Ts 9s 6h", game="short-deck").players[0].equity, abs=1e-12
    )


def test_work_past_a_minute_is_refused_unless_forced() -> None:
    with pytest.raises(ValueError, match="force=True"):
        handrank.equity(["AAxx", "KKxx", "QQxx"], game="omaha", exact=True)


@pytest.mark.parametrize(
    ("players", "board", "dead", "message"),
    [
        ([([51, 47, 43, 39], [1.0]), ([51, 46, 42, 38], [1.0])], [0, 1, 2], [], None),
        ([([51, 47, 43, 39], [1.0]), ([0, 4, 8, 12], [1.0])], [0, 1, 2, 3, 5, 6], [], "up to 5 cards"),
        ([([51, 47, 43, 39], [1.0]), ([0, 4, 8, 12], [1.0])], [1, 2, 3], [1], "no card is on it or dead twice"),
        ([([51, 47, 43, 39], [1.0]), ([0, 4, 8], [1.0])], [1, 2, 3], [], "same number of hole cards|hands of 3"),
        ([([51, 47, 43, 39], [-1.0]), ([0, 4, 8, 12], [1.0])], [1, 2, 3], [], "finite and >= 0"),
    ],
)
def test_bad_deals_are_named(
    impl: ModuleType, players: object, board: list[int], dead: list[int], message: str | None
) -> None:
    if message is None:  # both hold the ace of spades: no deal, no weight
        assert impl.game_range_every_board("omaha", players, board, dead) == (0, 0.0, [(0.0, 0.0, 0.0)] * 2)
        return
    with pytest.raises(ValueError, match=message):
        impl.game_range_every_board("omaha", players, board, dead)


def test_short_deck_refuses_a_board_card_below_six(impl: ModuleType) -> None:
    with pytest.raises(ValueError, match="six to ace"):
        impl.game_range_every_board("short-deck", [([51, 47], [1.0]), ([50, 46], [1.0])], [0, 20, 24], [])


def test_ranges_that_never_fit_are_refused_by_equity() -> None:
    with pytest.raises(ValueError, match="fit together in no deal"):
        handrank.equity(["AsAhKsKh, AsAh2c2d", "AsAdKdKc, AsAd3c3h"], board="7c 8d 9h", game="omaha")


INTERRUPT = """
import os, signal, sys, threading, time
from handrank import _eval_c
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()  # to the process, as a terminal does
start = time.perf_counter()
hands = list(range(48))  # twelve hands, the four cards of each rank from deuce to king
try:  # three ranges of twelve hands preflop on two threads: some 3.4e9 deals, minutes of work
    _eval_c.game_range_every_board("omaha-hilo", [(hands, [1.0] * 12)] * 3, [], [], 2)
except KeyboardInterrupt:
    print(f"interrupted {time.perf_counter() - start:.1f}")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to oneself is a POSIX thing")
def test_ctrl_c_stops_every_board_on_two_threads(compiled: ModuleType) -> None:
    done = subprocess.run([sys.executable, "-c", INTERRUPT], capture_output=True, text=True, timeout=120)
    assert done.stdout.startswith("interrupted"), (done.stdout, done.stderr)
    assert float(done.stdout.split()[1]) < 10
