"""Equity distributions: each combo's equity against a range, against showdowns counted here runout by
runout with the tests' own evaluator; the kernel in both implementations to the last bit, on any
thread count; the weighted mean equal to ``equity()``; the curve, histogram and buckets; the
errors, the command and the picture."""

from __future__ import annotations

import json
import random
from array import array
from itertools import combinations
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from reference import best_key

import handrank
import handrank.distribution as distribution_module
from handrank.cli import main
from handrank.distribution import distribution

RANKS = "23456789TJQKA"
DECK = [r + s for r in RANKS for s in "cdhs"]


def key(cards: list[str]) -> tuple[int, ...]:
    return best_key([(RANKS.index(c[0]) + 2, c[1]) for c in cards])


def reference(
    mine: list[tuple[list[str], float]], theirs: list[tuple[list[str], float]], board: list[str]
) -> list[tuple[float, float, float]]:
    """For each of my combos: the weight of theirs it beats, ties and fits beside, over every runout."""
    out = []
    for hole, _ in mine:
        won = tied = beside = 0.0
        for other, weight in theirs:
            if set(other) & set(hole):
                continue
            left = [c for c in DECK if c not in board and c not in hole and c not in other]
            for runout in combinations(left, 5 - len(board)):
                full = [*board, *runout]
                a, b = key([*hole, *full]), key([*other, *full])
                won += weight if a > b else 0.0
                tied += weight if a == b else 0.0
                beside += weight
        out.append((won, tied, beside))
    return out


def deal(seed: int, board_size: int, mine: int, theirs: int) -> tuple[list[str], list[list[str]], list[list[str]]]:
    r = random.Random(seed)
    deck = list(DECK)
    r.shuffle(deck)
    board, rest = deck[:board_size], deck[board_size : board_size + 10]
    pairs = [list(p) for p in combinations(rest, 2)]
    r.shuffle(pairs)
    return board, pairs[:mine], pairs[mine : mine + theirs]


def table(hands: list[list[str]], weights: list[float]) -> tuple[array[int], array[float]]:
    flat = [handrank.to_index(handrank.card(c)) for h in hands for c in h]
    return array("B", flat), array("d", weights)


def indices(cards: list[str]) -> list[int]:
    return [handrank.to_index(handrank.card(c)) for c in cards]


@pytest.mark.parametrize(("seed", "board_size"), [(1, 5), (2, 5), (3, 4), (4, 4), (5, 3)])
def test_each_combo_is_counted_as_runout_by_runout(impl: ModuleType, seed: int, board_size: int) -> None:
    board, mine, theirs = deal(seed, board_size, 4 if board_size > 3 else 2, 5 if board_size > 3 else 2)
    r = random.Random(seed)
    weights_mine = [r.choice([1.0, 0.5, 0.25]) for _ in mine]
    weights_theirs = [r.choice([1.0, 0.5, 0.25]) for _ in theirs]
    got = impl.combo_showdowns([table(mine, weights_mine), table(theirs, weights_theirs)], indices(board))
    assert got == reference(list(zip(mine, weights_mine)), list(zip(theirs, weights_theirs)), board)


def test_a_combo_the_same_as_the_opponents_ties_itself_out(impl: ModuleType) -> None:
    """Both ranges holding the very same combos: each fits beside the others, never itself."""
    hands = [["Ah", "Kh"], ["Qs", "Qd"], ["7c", "2d"]]
    board = ["Jd", "Tc", "4s", "3h", "9h"]
    got = impl.combo_showdowns([table(hands, [1.0] * 3), table(hands, [1.0] * 3)], indices(board))
    assert got == reference([(h, 1.0) for h in hands], [(h, 1.0) for h in hands], board)


def test_both_implementations_agree_on_wide_ranges_and_any_thread_count(compiled: ModuleType, pure: ModuleType) -> None:
    r = random.Random(7)
    board = indices(["Kh", "7d", "2c", "9s"])
    combos = [(a, b) for a, b in combinations(range(52), 2) if a not in board and b not in board]
    mine = r.sample(combos, 120)
    theirs = r.sample(combos, 200)
    players = [
        (array("B", [c for p in mine for c in p]), array("d", [r.random() for _ in mine])),
        (array("B", [c for p in theirs for c in p]), array("d", [r.random() for _ in theirs])),
    ]
    one = compiled.combo_showdowns(players, board, threads=1)
    assert compiled.combo_showdowns(players, board, threads=2) == one
    assert pure.combo_showdowns(players, board) == one


@pytest.mark.parametrize("board", ["Kh 7d 2c", "Qh 9h 4c 2s", "As Ks 7d 7c 2h"])
def test_the_weighted_mean_is_the_ranges_equity(board: str) -> None:
    mine, theirs = "QQ+, AK, 0.5(T9s), 76s", "77+, AQ+, 0.25(KQs), 54s"
    d = distribution(mine, theirs, board)
    assert d.equity == pytest.approx(
        handrank.equity([mine, theirs], board=board, exact=True).players[0].equity, abs=1e-12
    )
    other = distribution(theirs, mine, board)
    assert d.equity + other.equity == pytest.approx(1, abs=1e-12)


def test_the_curve_histogram_and_buckets_share_the_ranges_weight() -> None:
    d = distribution("22+, A2s+, 0.5(KTo+)", "TT+, AK", "Qh 9d 4c")
    curve = d.curve()
    assert [e for _, e in curve] == sorted((c.equity for c in d.combos), reverse=True)
    assert curve[-1][0] == pytest.approx(1)
    assert [s for s, _ in curve] == sorted(s for s, _ in curve)
    total = sum(c.weight for c in d.combos)
    histogram = d.histogram(4)
    assert sum(histogram) == pytest.approx(1)
    top = sum(c.weight for c in d.combos if c.equity >= 0.75) / total
    assert histogram[3] == pytest.approx(top)
    buckets = d.buckets()
    assert list(buckets) == ["strong", "good", "weak", "trash"]
    assert buckets["strong"] == pytest.approx(top)
    assert sum(buckets.values()) == pytest.approx(1)
    two = d.buckets({"ahead": 0.5})
    assert two["ahead"] == pytest.approx(sum(c.weight for c in d.combos if c.equity >= 0.5) / total)
    assert set(d.to_dict()) == {"combo", "weight", "equity", "win", "tie"}
    assert len(d.to_dict()["combo"]) == len(d.combos)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: distribution("AA", "KK", "Kh"), "or none; got 1"),
        (lambda: distribution("AA", "KK", "Kh 7d 2c", dead="Kh"), "twice"),
        (lambda: distribution("KhKd", "AA", "Kh 7d 2c"), "the range has no combo left"),
        (lambda: distribution("AsAh", "AdAc", "Kh 7d 2c", dead="As"), "no combo left"),
        (lambda: distribution("AA", "KK", "Kh 7d 2c").histogram(0), "bins"),
        (lambda: distribution("AA", "KK", "Kh 7d 2c").buckets({"low": 0.2, "high": 0.8}), "high to low"),
    ],
)
def test_bad_questions_are_refused_with_their_reason(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_the_kernel_refuses_other_than_two_ranges(impl: ModuleType) -> None:
    one = table([["Ah", "Kh"]], [1.0])
    with pytest.raises(ValueError, match="two ranges"):
        impl.combo_showdowns([one, one, one], indices(["2c", "3d", "4h"]))


def test_the_command_prints_both_sides_as_json_and_as_a_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["distribution", "QQ+, AK", "--vs", "77+, AQ+", "--board", "Kh 7d 2c"]
    assert main([*args, "--json"]) == 0
    sides = json.loads(capsys.readouterr().out)
    assert [s["range"] for s in sides] == ["QQ+, AK", "77+, AQ+"]
    assert sides[0]["equity"] + sides[1]["equity"] == pytest.approx(1)
    assert sum(sides[0]["histogram"]) == pytest.approx(1)
    assert len(sides[0]["combos"]["combo"]) == 27  # QQ+ and AK less the board's king
    assert main(args) == 0
    assert "QQ+, AK: equity" in capsys.readouterr().out
    pytest.importorskip("matplotlib", reason="pictures need matplotlib (the pictures extra)")
    picture = tmp_path / "graph.svg"
    assert main([*args, "-o", str(picture)]) == 0
    assert b"<svg" in picture.read_bytes()[:500]


def test_before_the_flop_boards_are_drawn_and_each_counted_exactly() -> None:
    d = distribution("AA, AKs", "KK, QQ", "", trials=600, seed=3)
    assert d.sampled == 600 and d == distribution("AA, AKs", "KK, QQ", "", trials=600, seed=3)  # the same boards
    exact = handrank.equity(["AA, AKs", "KK, QQ"], exact=True).players[0].equity
    assert d.equity == pytest.approx(exact, abs=0.015)
    for combo in d.combos[::3]:
        hand = handrank.cards_str(combo.combo)
        alone = handrank.equity([hand, "KK, QQ"], exact=True).players[0].equity
        assert combo.equity == pytest.approx(alone, abs=0.06), hand  # three standard errors of 600 boards
    assert distribution("AA", "KK", "", seed=1).sampled == distribution_module.PREFLOP_BOARDS
    few = distribution("AA", "KK", "", trials=10, seed=1)
    assert few.sampled == 10 and len(few.combos) == 6


def test_before_the_flop_both_implementations_draw_the_same(
    compiled: ModuleType, pure: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    from handrank import _switch

    answers = []
    for module in (compiled, pure):
        monkeypatch.setattr(_switch, "evaluator", module)  # the kernel distribution() calls
        answers.append(distribution("AA, AKs", "KK, QQ", "", trials=30, seed=9))
    assert answers[0] == answers[1]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"board": "Kh 7d 2c", "trials": 10}, "trials draw boards before the flop"),
        ({"board": "", "trials": 0}, "trials must be a whole number of boards"),
        ({"board": "Kh 7d"}, "or none; got 2"),
    ],
)
def test_preflop_trials_are_checked(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        distribution("AA", "KK", **kwargs)
