"""Push or fold: both kernels equal, the equilibrium checked by a best response worked out here
(its own deals of the classes, its own values of each outcome), the chip model's spot equal to the
chip game where they must agree, and the published heads-up chart's push depths."""

from __future__ import annotations

import json
import random
import sys
from array import array
from itertools import combinations
from pathlib import Path
from types import ModuleType

import pytest

import handrank
from handrank.cli import main
from handrank.pushfold import blind_versus_blind, push_fold, push_fold_depths

RANKS = "23456789TJQKA"
BOARDS = 1_712_304  # the boards of 48 cards left: C(48, 5)


def class_of(a: str, b: str) -> str:
    high, low = sorted((a, b), key=lambda c: RANKS.index(c[0]), reverse=True)
    if high[0] == low[0]:
        return high[0] * 2
    return high[0] + low[0] + ("s" if high[1] == low[1] else "o")


def reference_matchups() -> tuple[list[str], dict[tuple[str, str], tuple[int, float, float]]]:
    """Each pair of classes: the deals that share no card, and the deals won and tied, read from the
    shipped win counts (row beats column over every board, in the order ``hand_classes`` gives)."""
    names = handrank.hand_classes()
    deck = [r + s for r in RANKS for s in "cdhs"]
    combos: dict[str, list[set[str]]] = {}
    for a, b in combinations(deck, 2):
        combos.setdefault(class_of(a, b), []).append({a, b})
    wins = array("I")
    wins.frombytes((Path(handrank.__file__).parent / "_preflop_wins.bin").read_bytes())
    if sys.byteorder != "little":
        wins.byteswap()
    out = {}
    for i, x in enumerate(names):
        for j, y in enumerate(names):
            deals = sum(1 for p in combos[x] for q in combos[y] if not p & q)
            won, lost = wins[169 * i + j] / BOARDS, wins[169 * j + i] / BOARDS
            out[x, y] = deals, won, deals - won - lost
    return names, out


@pytest.fixture(scope="module")
def matchups() -> tuple[list[str], dict[tuple[str, str], tuple[int, float, float]]]:
    return reference_matchups()


def best_response_gains(
    result: handrank.pushfold.PushFold,
    matchups: tuple[list[str], dict[tuple[str, str], tuple[int, float, float]]],
) -> tuple[float, float]:
    """What the small blind and the big blind each win a hand by playing their best against the
    other's strategy, in big blinds, from the rules of the game: blinds 0.5 and 1, the ante each."""
    names, table = matchups
    stack, ante = result.depth, result.ante
    total = sum(table[x, y][0] for x in names for y in names)
    sb_gain = 0.0
    for x in names:
        pushed = folded = 0.0
        for y in names:
            deals, won, tied = table[x, y]
            lost = deals - won - tied
            call = result.call[y]
            pushed += deals * (1 - call) * (1 + ante) + call * stack * (won - lost)
            folded += deals * -(0.5 + ante)
        mine = result.push[x] * pushed + (1 - result.push[x]) * folded
        sb_gain += max(pushed, folded) - mine
    bb_gain = 0.0
    for y in names:
        called = folded = 0.0
        for x in names:
            deals, won, tied = table[x, y]
            lost = deals - won - tied
            push = result.push[x]
            called += push * stack * (lost - won)
            folded += push * deals * -(1 + ante)
        mine = result.call[y] * called + (1 - result.call[y]) * folded
        bb_gain += max(called, folded) - mine
    return sb_gain / total, bb_gain / total


@pytest.mark.parametrize(("depth", "ante"), [(3.0, 0.0), (10.0, 0.0), (12.5, 0.125)])
def test_neither_blind_gains_by_deviating(
    depth: float, ante: float, matchups: tuple[list[str], dict[tuple[str, str], tuple[int, float, float]]]
) -> None:
    result = push_fold(depth, ante, tolerance=1e-5)
    sb, bb = best_response_gains(result, matchups)
    assert abs(sb - result.pusher_gain) < 1e-9 and abs(bb - result.caller_gain) < 1e-9
    assert 0 <= sb + bb <= 1e-5
    assert result.exploitability == result.pusher_gain + result.caller_gain


def test_a_game_stopped_early_is_measured_as_far_from_equilibrium(
    matchups: tuple[list[str], dict[tuple[str, str], tuple[int, float, float]]],
) -> None:
    early = push_fold(10, iterations=3, tolerance=0)
    assert early.iterations == 3
    sb, bb = best_response_gains(early, matchups)
    assert sb + bb > 1e-3 and abs(sb + bb - early.exploitability) < 1e-9


def test_both_kernels_sweep_alike(compiled: ModuleType, pure: ModuleType) -> None:
    r = random.Random(5)
    for k in (1, 3, 8):
        w = [float(r.randint(0, 9)) for _ in range(k * k)]
        w[0] += 1
        rows = [r.uniform(-5, 5) * x for x in w]
        columns = [r.uniform(-5, 5) * x for x in w]
        outcomes = (-0.5, 1.0, -1.0)
        for iterations, tolerance in ((1, 0.0), (37, 0.0), (500, 1e-3)):
            a = compiled.push_fold_solve(w, rows, columns, outcomes, iterations, tolerance)
            b = pure.push_fold_solve(w, rows, columns, outcomes, iterations, tolerance)
            assert a == b, (k, iterations)
    names, table = reference_matchups()
    w = [float(table[x, y][0]) for x in names for y in names]
    rows = [8 * (won - (d - won - tied)) for x in names for y in names for d, won, tied in [table[x, y]]]
    columns = [-v for v in rows]
    a = compiled.push_fold_solve(w, rows, columns, (-0.5, 1.0, -1.0), 20)
    assert a == pure.push_fold_solve(w, rows, columns, (-0.5, 1.0, -1.0), 20)
    assert a[4] == 20


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        (([1.0, 2.0], [0.0, 0.0], [0.0, 0.0], (0, 0, 0)), ValueError, "k x k"),
        (([0.0], [0.0], [0.0], (0, 0, 0)), ValueError, "at least one deal"),
        (([-1.0], [0.0], [0.0], (0, 0, 0)), ValueError, "none is below zero"),
        (([1.0], [0.0, 1.0], [0.0], (0, 0, 0)), ValueError, "row_values must hold 1"),
        (([1.0], [0.0], [0.0], (0, 0)), ValueError, "three numbers"),
        (([1.0], [float("inf")], [0.0], (0, 0, 0)), ValueError, r"row_values\[0\] must be finite"),
        (([1.0], [0.0], ["x"], (0, 0, 0)), TypeError, r"column_values\[0\] must be a number"),
        (([1.0], [0.0], [0.0], (0, 0, 0), 0), ValueError, "iterations"),
        (([1.0], [0.0], [0.0], (0, 0, 0), 10, -1.0), ValueError, "tolerance"),
    ],
)
def test_the_kernels_refuse_a_bad_game(impl: ModuleType, args: tuple[object, ...], error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        impl.push_fold_solve(*args)


def test_at_one_big_blind_every_hand_is_pushed_and_the_strong_always_play() -> None:
    tiny = push_fold(1)
    assert tiny.share("push") > 0.999
    deep = push_fold(20)
    for name in ("AA", "KK", "AKs", "AKo"):
        assert deep.push[name] > 0.999 and deep.call[name] > 0.999
    assert deep.push["72o"] < 1e-3 and deep.call["72o"] < 1e-3
    assert deep.share("push") < push_fold(10).share("push") < tiny.share("push")


def test_heads_up_for_one_prize_the_chip_model_plays_the_chip_game(
    matchups: tuple[list[str], dict[tuple[str, str], tuple[int, float, float]]],
) -> None:
    # Two players, winner take all: money is a fixed share of chips (a big blind is 2.5 of the
    # prize here), so an equilibrium in money is one in chips, measured by the chip game's rules.
    money = blind_versus_blind([2000, 2000], [100], 0, 1, (50, 100), tolerance=2.5e-5)
    assert money.depth == 20
    sb, bb = best_response_gains(money, matchups)
    assert abs(2.5 * sb - money.pusher_gain) < 1e-9 and abs(2.5 * bb - money.caller_gain) < 1e-9
    assert sb + bb <= 1e-5


def test_a_third_stack_on_the_bubble_tightens_the_calls() -> None:
    chips = push_fold(10)
    bubble = blind_versus_blind([2000, 2000, 2000], [65, 35], 0, 1, (100, 200))
    assert bubble.depth == 10
    assert bubble.share("call") < chips.share("call") - 0.05
    assert bubble.exploitability <= 1e-4  # a millionth of the pool


# The published heads-up Nash push/fold chart (no ante): the greatest effective stack, in big
# blinds, at which the small blind pushes each class; the classes shown here are every one
# the chart gives below 20 bb without a gap.
PUBLISHED_PUSH = {
    "K3s": 19.9, "K2s": 19.3, "Q4s": 16.3, "Q3s": 13.5, "Q2s": 12.7, "J6s": 18.6, "J5s": 14.7,
    "J4s": 13.5, "J3s": 10.6, "J2s": 8.5, "T5s": 11.9, "T4s": 10.5, "T3s": 7.7, "T2s": 6.5,
    "95s": 14.4, "94s": 6.9, "93s": 4.9, "92s": 3.7, "K8o": 18.0, "Q8o": 13.0, "J8o": 13.3,
    "T8o": 17.5, "85s": 18.8, "84s": 10.1, "83s": 2.7, "82s": 2.5, "K7o": 16.1, "Q7o": 10.3,
    "J7o": 8.5, "T7o": 9.0, "97o": 10.8, "87o": 14.7, "74s": 13.9, "73s": 2.5, "72s": 2.1,
    "K6o": 15.1, "Q6o": 9.6, "J6o": 6.5, "T6o": 5.7, "96o": 5.2, "86o": 7.0, "76o": 10.7,
    "64s": 16.3, "62s": 2.0, "K5o": 14.2, "Q5o": 8.9, "J5o": 6.0, "T5o": 4.1, "95o": 3.5,
    "85o": 3.0, "75o": 2.6, "65o": 2.4, "K4o": 13.1, "Q4o": 7.9, "J4o": 5.4, "T4o": 3.8,
    "94o": 2.7, "84o": 2.3, "74o": 2.1, "64o": 2.0, "54o": 2.1, "42s": 1.8, "K3o": 12.2,
    "Q3o": 7.5, "J3o": 5.0, "T3o": 3.4, "93o": 2.5, "83o": 1.9, "73o": 1.8, "63o": 1.7,
    "53o": 1.8, "43o": 1.6, "32s": 1.7, "K2o": 11.6, "Q2o": 7.0, "J2o": 4.6, "T2o": 2.9,
    "92o": 2.2, "82o": 1.8, "72o": 1.6, "62o": 1.5, "52o": 1.5, "42o": 1.4, "32o": 1.4,
}  # fmt: skip


@pytest.mark.exhaustive
def test_the_push_depths_match_the_published_chart() -> None:
    depths = [round(1 + 0.1 * i, 1) for i in range(191)]
    table = push_fold_depths(depths, tolerance=1e-6)
    off = {
        name: table[name][0]
        for name, published in PUBLISHED_PUSH.items()
        if abs((table[name][0] or 0) - published) > 0.1 + 1e-9
    }
    # Q4o is the one the chart and these depths place apart: it pushes always up to 7.9 bb, then
    # part of the time up to 8.3, more than half at 8.3; the chart gives where pushing always stops.
    assert set(off) == {"Q4o"}, off
    assert off["Q4o"] == 8.3
    mixed = [push_fold(d, tolerance=1e-6).push["Q4o"] for d in (8.0, 8.1, 8.2, 8.3)]
    assert all(0.05 < f < 0.95 for f in mixed), mixed
    assert push_fold(7.9, tolerance=1e-6).push["Q4o"] > 0.99


def test_the_chart_prints_each_class_in_the_grid() -> None:
    chart = push_fold(10).chart("push").splitlines()
    assert chart[0] == "push at 10 bb" and len(chart) == 14
    assert chart[1].split()[:2] == ["AA", "100"] and chart[13].split()[-2:] == ["22", "100"]
    assert "72o   0" in chart[13] and "72s   0" in chart[8]
    with pytest.raises(ValueError, match="'push' or 'call'"):
        push_fold(10).chart("raise")


def test_the_ranges_weigh_each_combo_by_its_class() -> None:
    result = push_fold(10)
    pushes = dict(result.range("push"))
    for name in ("84s", "AA", "72o"):
        for combo, _ in handrank.Range(name):
            assert pushes.get(combo, 0.0) == pytest.approx(result.push[name], abs=1e-12)
    assert abs(sum(pushes.values()) - 1326 * result.share("push")) < 1e-6


def test_a_chart_is_drawn(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="pictures need matplotlib")
    from handrank.pictures import save_push_fold

    path = tmp_path / "call.png"
    save_push_fold(push_fold(10), path, "call")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: push_fold(0), ValueError, "above zero"),
        (lambda: push_fold(5, ante=5), ValueError, "ante must be from 0 to below the stack"),
        (lambda: push_fold(float("nan")), ValueError, "must be finite"),
        (lambda: blind_versus_blind([100, 100], [1], 0, 0, (5, 10)), ValueError, "two seats"),
        (lambda: blind_versus_blind([100, 100], [1], 0, 1, (10, 5)), ValueError, "0 < small <= big"),
    ],
)
def test_bad_spots_are_named(call: object, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        call()  # type: ignore[operator]


def test_the_command_solves_and_prints(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["pushfold", "--bb", "10", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    expected = push_fold(10)
    assert out["push"] == expected.push and out["iterations"] == expected.iterations
    assert main(["pushfold", "--bb", "10", "--side", "call"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("call at 10 bb") and "exploitability" in text
    assert main(["pushfold", "--depths", "2", "10", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)["classes"]
    assert table["AA"] == [10.0, 10.0] and table["72o"] == [None, 2.0]
    spot = "pushfold --icm 2000 2000 2000 --payouts 65 35 --blinds 100 200 --tolerance 0.01 --json"
    assert main(spot.split()) == 0
    assert json.loads(capsys.readouterr().out)["depth"] == 10


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["pushfold"], "give --bb DEPTH"),
        (["pushfold", "--bb", "10", "--depths", "5"], "give --bb DEPTH"),
        (["pushfold", "--icm", "100", "100"], "--icm needs --payouts and --blinds"),
        (["pushfold", "--icm", "100", "100", "--bb", "5"], "drop --bb"),
        (["pushfold", "--bb", "10", "--payouts", "1"], "go with --icm"),
        (["pushfold", "--bb", "10", "-o", "x.svg"], "add --side"),
        (["pushfold", "--bb", "\u0661\u0660"], "expected a number of 0 or more"),
    ],
)
def test_the_command_names_what_is_missing(capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    assert words in capsys.readouterr().err
