"""Equity in Omaha, Omaha hi-lo and short deck against showdowns counted here board by board with
the reference evaluators of the tests (every two hole cards with every three of the board for
Omaha, the eight-or-better low from the rules), to the last unit of the pot; both implementations
equal, the Monte Carlo within its error and the same for a seed."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction
from itertools import combinations
from types import ModuleType

import pytest
from reference import key5, low_key
from test_short_deck import reference_key

import handrank
from handrank._kernels import core as kernels_core
from handrank.cli import main

RANKS = "23456789TJQKA"
DECK = [r + s for r in RANKS for s in "cdhs"]
SHORT = [c for c in DECK if RANKS.index(c[0]) >= 4]


def to_index(card: str) -> int:
    """A card's 0-51 index: four times its rank (deuce 0) plus its suit (clubs, diamonds, hearts, spades)."""
    return 4 * RANKS.index(card[0]) + "cdhs".index(card[1])


def as_reference(card: str) -> tuple[int, str]:
    return RANKS.index(card[0]) + 2, card[1]


def omaha_key(hole: list[str], board: list[str]) -> tuple[int, ...]:
    return max(
        key5([as_reference(c) for c in (*two, *three)])
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
    )


def omaha_low(hole: list[str], board: list[str]) -> tuple[int, ...] | None:
    """The best qualifying low (smaller is better): five different ranks, eight or lower, ace low."""
    lows = []
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            key = low_key([as_reference(c) for c in (*two, *three)], "a-5")
            if key[0] == 0 and max(key[1:]) <= 8:
                lows.append(key)
    return min(lows) if lows else None


def share_pot(
    keys: list[tuple[int, ...]],
    lows: list[tuple[int, ...] | None] | None,
    high: list[Fraction],
    low: list[Fraction],
    scoops: list[int],
) -> None:
    """One showdown added to each player's high and low shares and scoops: the smallest key takes
    the high half (the whole pot when no low qualifies: ``lows`` None, or every low None), the
    smallest qualifying low the other, each split among those who tie."""
    high_winners = [i for i, k in enumerate(keys) if k == min(keys)]
    qualified = [x for x in lows or [] if x is not None]
    low_winners = [i for i, x in enumerate(lows or []) if qualified and x == min(qualified)]
    pot = Fraction(1, 2) if low_winners else Fraction(1)
    for i in high_winners:
        high[i] += pot / len(high_winners)
    for i in low_winners:
        low[i] += Fraction(1, 2) / len(low_winners)
    if len(high_winners) == 1 and low_winners in ([], high_winners):
        scoops[high_winners[0]] += 1


def reference_shares(
    game: str, holes: list[list[str]], board: list[str], deck: list[str]
) -> list[tuple[Fraction, ...]]:
    """Each player's (high share, low share, scoops) of the pot over every completion of the board."""
    n = len(holes)
    high, low, scoops = [Fraction(0)] * n, [Fraction(0)] * n, [0] * n
    boards = 0
    for extra in combinations(deck, 5 - len(board)):
        full = [*board, *extra]
        boards += 1
        if game.startswith("omaha"):
            keys = [omaha_key(h, full) for h in holes]
        else:
            keys = [max(reference_key(f, game == "short-deck") for f in combinations([*h, *full], 5)) for h in holes]
        lows = [omaha_low(h, full) for h in holes] if game == "omaha-hilo" else None
        share_pot([tuple(-x for x in k) for k in keys], lows, high, low, scoops)
    return [(high[i] / boards, low[i] / boards, Fraction(scoops[i], boards)) for i in range(n)]


def deal(game: str, players: int, hole: int, board: int, seed: int) -> tuple[list[list[str]], list[str], list[str]]:
    r = random.Random(seed)
    cards = list(SHORT if game.startswith("short") else DECK)
    r.shuffle(cards)
    holes = [cards[i * hole : (i + 1) * hole] for i in range(players)]
    used = players * hole
    return holes, cards[used : used + board], cards[used + board :]


CASES = [
    ("omaha", 2, 4, 4, 1),
    ("omaha", 3, 4, 3, 2),
    ("omaha", 2, 5, 4, 3),
    ("omaha", 2, 6, 4, 4),
    ("omaha-hilo", 2, 4, 4, 5),
    ("omaha-hilo", 3, 4, 4, 6),
    ("omaha-hilo", 2, 4, 3, 7),
    ("short-deck", 2, 2, 3, 8),
    ("short-deck", 3, 2, 4, 9),
    ("short-deck-straight-over-trips", 2, 2, 3, 10),
]


@pytest.mark.parametrize(("game", "players", "hole", "board", "seed"), CASES)
def test_every_board_counts_as_the_reference(
    impl: ModuleType, game: str, players: int, hole: int, board: int, seed: int
) -> None:
    holes, known, left = deal(game, players, hole, board, seed)
    index = [[to_index(c) for c in h] for h in holes]
    boards, tallies = impl.game_showdowns(game, index, [to_index(c) for c in known], [to_index(c) for c in left])
    assert boards == len(list(combinations(left, 5 - board)))
    for (high_units, low_units, alone, squares), (high, low, scoop) in zip(
        tallies, reference_shares(game, holes, known, left)
    ):
        assert Fraction(high_units, 5040 * boards) == high
        assert Fraction(low_units, 5040 * boards) == low
        assert Fraction(alone, boards) == scoop
        assert squares == 0


def test_the_hilo_shares_and_the_scoops_reach_the_result() -> None:
    holes, known, left = deal("omaha-hilo", 2, 4, 4, 5)
    result = handrank.equity([" ".join(h) for h in holes], board=" ".join(known), game="omaha-hilo")
    assert result.exact and result.boards == len(left)
    for p, (high, low, scoop) in zip(result.players, reference_shares("omaha-hilo", holes, known, left)):
        assert p.high == pytest.approx(float(high), abs=1e-15) and p.low == pytest.approx(float(low), abs=1e-15)
        assert p.scoop == p.win == pytest.approx(float(scoop), abs=1e-15)
        assert p.equity == pytest.approx(p.high + p.low, abs=1e-15) and p.stderr is None
    assert sum(p.equity for p in result.players) == pytest.approx(1.0, abs=1e-12)


def test_both_implementations_draw_the_same_boards(compiled: ModuleType, pure: ModuleType) -> None:
    for game, players, hole, board, seed in CASES:
        holes, known, left = deal(game, players, hole, board - 1, seed)
        args = (
            game,
            [[to_index(c) for c in h] for h in holes],
            [to_index(c) for c in known],
            [to_index(c) for c in left],
        )
        assert compiled.game_showdowns(*args, 300, seed) == pure.game_showdowns(*args, 300, seed)
    holes, known, left = deal("omaha", 2, 4, 0, 11)
    args = ("omaha", [[to_index(c) for c in h] for h in holes], [], [to_index(c) for c in left])
    assert compiled.game_showdowns(*args, 200, 3) == pure.game_showdowns(*args, 200, 3)


def test_trials_in_parts_are_the_same_on_any_number_of_threads(
    compiled: ModuleType, pure: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Parts of 1,000 trials, each its own stream (and, with known hands, its own deck): pure and
    # compiled alike, and the compiled threads sharing 40 parts among them.
    monkeypatch.setattr(kernels_core, "PART_TRIALS", 1000)
    holes, known, left = deal("omaha-hilo", 3, 4, 1, 17)
    args = (
        "omaha-hilo",
        [[to_index(c) for c in h] for h in holes],
        [to_index(c) for c in known],
        [to_index(c) for c in left],
    )
    ranges = [([51, 47, 43, 39, 50, 46, 42, 38], [1.0, 0.5]), ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [1.0, 1.0, 2.0])]
    range_args = ("omaha", ranges, [12], [13])
    assert compiled.game_showdowns(*args, 3000, 5) == pure.game_showdowns(*args, 3000, 5)
    assert compiled.game_range_showdowns(*range_args, 3000, 5) == pure.game_range_showdowns(*range_args, 3000, 5)
    for run, given in ((compiled.game_showdowns, args), (compiled.game_range_showdowns, range_args)):
        alone = run(*given, 40_000, 5)
        for threads in (2, 3, 0):
            assert run(*given, 40_000, 5, threads) == alone
        monkeypatch.setattr(kernels_core, "PART_TRIALS", 40_000)  # one part: another deal of the trials
        assert run(*given, 40_000, 5) != alone
        monkeypatch.setattr(kernels_core, "PART_TRIALS", 1000)
    with pytest.raises(ValueError, match="threads must be None or an int >= 0"):
        compiled.game_showdowns(*args, 10, 5, -1)
    clash = [([51, 47, 43, 39], [1.0]), ([51, 46, 42, 38], [1.0])]  # both hold the ace of spades
    with pytest.raises(ValueError, match="fit together in no deal"):
        compiled.game_range_showdowns("omaha", clash, [], [], 40_000, 1, 2)


INTERRUPT = """
import os, signal, sys, threading, time
from handrank import _eval_c
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()  # to the process, as a terminal does
start = time.perf_counter()
try:  # 10**12 trials: days of work
    if sys.argv[1] == "hands":
        _eval_c.game_showdowns("omaha", [[51, 47, 43, 39], [0, 4, 8, 12]], [], list(range(13, 39)), 10**12, 1, 2)
    else:
        ranges = [([51, 47, 43, 39, 50, 46, 42, 38], [1.0, 1.0]), ([0, 4, 8, 12], [1.0])]
        _eval_c.game_range_showdowns("omaha", ranges, [], [], 10**12, 1, 2)
except KeyboardInterrupt:
    print(f"interrupted {time.perf_counter() - start:.1f}")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to oneself is a POSIX thing")
@pytest.mark.parametrize("players", ["hands", "ranges"])
def test_ctrl_c_stops_trials_on_two_threads(compiled: ModuleType, players: str) -> None:
    done = subprocess.run([sys.executable, "-c", INTERRUPT, players], capture_output=True, text=True, timeout=120)
    assert done.stdout.startswith("interrupted"), (done.stdout, done.stderr)
    assert float(done.stdout.split()[1]) < 10


def test_both_implementations_count_the_same_rivers_on_many_deals(compiled: ModuleType, pure: ModuleType) -> None:
    # The compiled kernel values a known Omaha hand by the board's threes (a table a hand, high and
    # low); the pure one tries every two and three: 120 deals on the turn, every river, equal.
    for seed in range(120):
        game = ("omaha", "omaha-hilo")[seed % 2]
        holes, known, left = deal(game, 2 + seed % 3, 4 + seed % 3 if game == "omaha" else 4, 4, 100 + seed)
        args = (game, [[to_index(c) for c in h] for h in holes], [to_index(c) for c in known])
        deck = [to_index(c) for c in left]
        assert compiled.game_showdowns(*args, deck) == pure.game_showdowns(*args, deck), (game, holes, known)


def test_the_monte_carlo_lies_within_its_error_and_repeats_by_seed() -> None:
    hands = ["Ah Kh Qd Jd", "7s 7c 6s 5c"]
    exact = handrank.equity(hands, board="2h 9d Tc", game="omaha", exact=True)
    sampled = handrank.equity(hands, board="2h 9d Tc", game="omaha", trials=20_000, seed=4)
    assert not sampled.exact and sampled.boards == 20_000
    for e, s in zip(exact.players, sampled.players):
        assert s.stderr is not None and 0 < s.stderr < 0.01
        assert abs(s.equity - e.equity) < 4 * s.stderr
    assert handrank.equity(hands, board="2h 9d Tc", game="omaha", trials=20_000, seed=4) == sampled


def test_the_preflop_omaha_the_new_user_asked_for() -> None:
    r = handrank.equity(["AsKsQsJs", "AhAdKcKd"], game="omaha", trials=50_000, seed=2)
    assert len(r.players) == 2 and abs(sum(p.equity for p in r.players) - 1) < 1e-9
    # Monotone broadway against double-suited aces and kings, which hold two of its ranks: the
    # reference above gives 0.211 over 1,500 random boards.
    assert 0.19 < r.players[0].equity < 0.23


@pytest.mark.parametrize(
    ("players", "kwargs", "words"),
    [
        (["AsKsQsJs", "QQ++"], {"game": "omaha"}, "a span is one of"),
        (["AsKsQsJs", "AAxx"], {"game": "omaha", "exact": True}, "exact enumeration would take about .* force=True"),
        (["AsKsQsJs, AsKsQsTs", "AsKsQs9s, AsKsQs8s"], {"game": "omaha"}, "fit together in no deal"),
        (["AsKsQsJs, AsKsQsTs", "AsKsQs9s, AsKsQs8s"], {"game": "omaha", "exact": False}, "no deal of 10,000 tried"),
        (["AsKsQsJs", "AhAd"], {"game": "omaha"}, "omaha deals 4 or 5 or 6 hole cards, got 2"),
        (["AsKsQsJs", "AhAdKcKd2c"], {"game": "omaha"}, "the same number to all"),
        (["AsKs", "5h5d"], {"game": "short-deck"}, "a card below six"),
        (["AsKsQsJs", "AsAdKcKd"], {"game": "omaha"}, "dealt twice"),
        (["AsKsQsJs", "AhAdKcKd"], {"game": "omaha", "trials": 0}, "trials"),
    ],
)
def test_bad_deals_are_named(players: list[str], kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        handrank.equity(players, **kwargs)  # type: ignore[arg-type]


def test_work_past_a_minute_is_refused_unless_forced() -> None:
    players = ["AsKsQsJs", "AhAdKcKd", "2c3c4c5c", "6d7d8d9d"]
    with pytest.raises(ValueError, match="would take about"):
        handrank.equity(players, game="omaha", trials=1_000_000_000)


def test_the_command_takes_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["equity", "Ah Kh Qd Jd", "7s 7c 6s 5c", "--board", "2h 9d Tc 3s", "--game", "omaha-hilo", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    expected = handrank.equity(["Ah Kh Qd Jd", "7s 7c 6s 5c"], board="2h 9d Tc 3s", game="omaha-hilo")
    assert out["exact"] and out["players"][0]["high"] == expected.players[0].high
    assert main(args[:-1]) == 0
    text = capsys.readouterr().out
    assert "high" in text and "scoop" in text


@pytest.mark.peers
@pytest.mark.parametrize(
    ("game", "hands", "board", "hand_type"),
    [
        ("omaha", ["Ah Kh Qd Jd", "7s 7c 6s 5c"], "2h 9d Tc", "OmahaHoldemHand"),
        ("omaha-hilo", ["Ah 2h Qd 3d", "7s 7c 6s 5c"], "4h 9d Tc", ("OmahaHoldemHand", "OmahaEightOrBetterLowHand")),
        ("short-deck-straight-over-trips", ["Ah Kh", "7s 7c"], "6h 9d Tc", "ShortDeckHoldemHand"),
    ],
)
def test_pokerkit_agrees_within_its_error(game: str, hands: list[str], board: str, hand_type: object) -> None:
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is a test-only peer")
    types = tuple(getattr(pokerkit, t) for t in (hand_type if isinstance(hand_type, tuple) else (hand_type,)))
    deck = pokerkit.Deck.SHORT_DECK_HOLDEM if game.startswith("short-deck") else pokerkit.Deck.STANDARD
    samples = 3000
    theirs = pokerkit.calculate_equities(
        [[pokerkit.Card.parse(h.replace(" ", ""))] for h in hands],
        pokerkit.Card.parse(board.replace(" ", "")),
        len(hands[0].split()),
        5,
        deck,
        types,
        sample_count=samples,
    )
    ours = handrank.equity(hands, board=board, game=game, exact=True)
    for mine, their in zip(ours.players, theirs):
        error = (mine.equity * (1 - mine.equity) / samples) ** 0.5
        assert abs(mine.equity - their) < 4 * error + 1e-9, (game, mine.equity, their)


def test_ranges_by_monte_carlo_against_every_deal_counted() -> None:
    # Small ranges on the turn: the exact answer is each deal's exact equity, weighted.
    board = "2h 9d Tc 3s"
    first = [("Ah Kh Qd Jd", 1.0), ("As Ks 4d 4c", 0.5)]
    second = [("7s 7c 6s 5c", 1.0), ("8h 8d Jc Js", 1.0), ("Qh Qs 5h 6h", 0.25)]
    total = exact = 0.0
    for a, wa in first:
        for b, wb in second:
            if set(a.split()) & set(b.split()):
                continue
            share = handrank.equity([a, b], board=board, game="omaha").players[0].equity
            total += wa * wb
            exact += wa * wb * share
    exact /= total
    text = [", ".join(f"{h.replace(' ', '')}:{w}" for h, w in side) for side in (first, second)]
    sampled = handrank.equity(text, board=board, game="omaha", trials=40_000, seed=5)
    mine = sampled.players[0]
    assert not sampled.exact and mine.stderr is not None and abs(mine.equity - exact) < 4 * mine.stderr


def test_both_implementations_deal_the_same_ranges(compiled: ModuleType, pure: ModuleType) -> None:
    players = [
        ([51, 47, 43, 39, 50, 46, 42, 38], [1.0, 0.5]),
        ([0, 1, 2, 3, 4, 5, 6, 7, 51, 8, 9, 10], [1.0, 1.0, 2.0]),
    ]
    for rule in ("omaha", "omaha-hilo"):
        assert compiled.game_range_showdowns(rule, players, [12], [13], 400, 9) == pure.game_range_showdowns(
            rule, players, [12], [13], 400, 9
        )
    short = [([51, 47, 50, 46], [1.0, 1.0]), ([16, 20, 44, 40], [0.5, 1.0])]
    assert compiled.game_range_showdowns("short-deck", short, [], [], 300, 2) == pure.game_range_showdowns(
        "short-deck", short, [], [], 300, 2
    )


def test_equity_counts_every_game_and_refuses_one_it_does_not_know() -> None:
    from dataclasses import replace

    from handrank.games import GAMES, HOLDEM
    from handrank.odds import EQUITY_GAMES

    assert tuple(GAMES.values()) == EQUITY_GAMES
    made_up = replace(HOLDEM, name="my-holdem")
    with pytest.raises(ValueError, match="equity is not counted for my-holdem \\(the games it counts: holdem, omaha"):
        handrank.equity(["As Ks", "Qh Qd"], game=made_up)
