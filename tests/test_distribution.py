"""Equity distributions: each combo's equity against one range or several, against showdowns counted
here deal by deal and runout by runout with the tests' own evaluator; the kernel in both
implementations to the last bit, on any thread count; the weighted mean equal to ``equity()``; the
curve, histogram and buckets; the batch over arrays; the errors, the command and the picture."""

from __future__ import annotations

import json
import random
from array import array
from itertools import combinations, product
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
    mine: list[tuple[list[str], float]], *theirs: list[tuple[list[str], float]], board: list[str]
) -> list[tuple[float, float, float, float]]:
    """For each of my combos, over every deal of the opponents' combos that fits (weighing the product
    of their weights) and every runout: the weight won alone, tied, the tied pots' share, and all."""
    out = []
    for hole, _ in mine:
        won = tied = share = beside = 0.0
        for deal in product(*theirs):
            held = [*hole, *(c for other, _ in deal for c in other)]
            if len(set(held)) != len(held):
                continue
            weight = 1.0
            for _, w in deal:
                weight *= w
            left = [c for c in DECK if c not in board and c not in held]
            for runout in combinations(left, 5 - len(board)):
                full = [*board, *runout]
                mine_key = key([*hole, *full])
                best = max(key([*other, *full]) for other, _ in deal)
                ways = 1 + sum(key([*other, *full]) == mine_key for other, _ in deal)
                won += weight if mine_key > best else 0.0
                tied += weight if mine_key == best else 0.0
                share += weight / ways if mine_key == best else 0.0
                beside += weight
        out.append((won, tied, share, beside))
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
    assert got == reference(list(zip(mine, weights_mine)), list(zip(theirs, weights_theirs)), board=board)


@pytest.mark.parametrize(("seed", "board_size", "players"), [(1, 5, 3), (2, 5, 4), (3, 4, 3), (4, 4, 4), (5, 3, 3)])
def test_against_several_ranges_each_deal_is_counted(
    impl: ModuleType, seed: int, board_size: int, players: int
) -> None:
    """Three and four ranges that overlap in cards and hands: ties two and three ways, deals that
    collide, weights multiplied."""
    r = random.Random(seed)
    deck = list(DECK)
    r.shuffle(deck)
    board, rest = deck[:board_size], deck[board_size : board_size + 9]
    pairs = [list(p) for p in combinations(rest, 2)]
    ranges = [r.sample(pairs, 3 if board_size > 3 else 2) for _ in range(players)]
    weights = [[r.choice([1.0, 0.5, 0.25]) for _ in hands] for hands in ranges]
    got = impl.combo_showdowns([table(h, w) for h, w in zip(ranges, weights)], indices(board))
    want = reference(*(list(zip(h, w)) for h, w in zip(ranges, weights)), board=board)
    assert len(got) == len(want)
    assert [x for sums in got for x in sums] == pytest.approx([x for sums in want for x in sums], rel=1e-12, abs=1e-12)


def test_a_three_way_tie_gives_a_third_of_the_pot(impl: ModuleType) -> None:
    """The board plays for all three: each tie is the whole weight, its share a third."""
    board = indices(["As", "Ks", "Qs", "Js", "Ts"])
    hands = [table([h], [1.0]) for h in (["2c", "3d"], ["4c", "5d"], ["6c", "7d"])]
    assert impl.combo_showdowns(hands, board) == [(0.0, 1.0, 1 / 3, 1.0)]


def test_a_combo_the_same_as_the_opponents_ties_itself_out(impl: ModuleType) -> None:
    """Both ranges holding the very same combos: each fits beside the others, never itself."""
    hands = [["Ah", "Kh"], ["Qs", "Qd"], ["7c", "2d"]]
    board = ["Jd", "Tc", "4s", "3h", "9h"]
    got = impl.combo_showdowns([table(hands, [1.0] * 3), table(hands, [1.0] * 3)], indices(board))
    assert got == reference([(h, 1.0) for h in hands], [(h, 1.0) for h in hands], board=board)


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
    three = [
        *players[:1],
        *(
            (array("B", [c for p in hands for c in p]), array("d", [r.random() for _ in hands]))
            for hands in (r.sample(combos, 15), r.sample(combos, 12))
        ),
    ]
    one = compiled.combo_showdowns(three, board, threads=1)
    assert compiled.combo_showdowns(three, board, threads=2) == one
    assert pure.combo_showdowns(three, board) == one


@pytest.mark.parametrize("board", ["Kh 7d 2c", "Qh 9h 4c 2s", "As Ks 7d 7c 2h"])
def test_the_weighted_mean_is_the_ranges_equity(board: str) -> None:
    mine, theirs = "QQ+, AK, 0.5(T9s), 76s", "77+, AQ+, 0.25(KQs), 54s"
    d = distribution(mine, theirs, board)
    assert d.equity == pytest.approx(
        handrank.equity([mine, theirs], board=board, exact=True).players[0].equity, abs=1e-12
    )
    other = distribution(theirs, mine, board)
    assert d.equity + other.equity == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize("board", ["Kh 7d 2c", "Qh 9h 4c 2s", "As Ks 7d 7c 2h"])
def test_against_two_ranges_the_weighted_mean_is_the_equity_of_three(board: str) -> None:
    players = ["QQ+, 0.5(T9s)", "JJ-99, AQs", "0.25(KQs), 54s, 76s"]
    exact = handrank.equity(players, board=board, exact=True).players
    total = 0.0
    for i, name in enumerate(players):
        d = distribution(name, players[:i] + players[i + 1 :], board)
        assert d.equity == pytest.approx(exact[i].equity, abs=1e-12)
        total += d.equity
    assert total == pytest.approx(1, abs=1e-12)


def test_a_list_of_single_cards_is_one_hand_and_a_list_of_hands_is_several_opponents() -> None:
    board = "Kh 7d 2c"
    one = distribution("QQ+", ["Ah", "Ad"], board)
    assert (
        one
        == distribution("QQ+", "AhAd", board)
        == distribution("QQ+", [handrank.card("Ah"), handrank.card("Ad")], board)
    )
    several = distribution("QQ+", ["AhAd", "77+"], board)
    assert several.equity == pytest.approx(handrank.equity(["QQ+", "AhAd", "77+"], board=board).players[0].equity)
    assert several != one


def test_work_past_the_limit_is_refused_unless_forced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(distribution_module, "LONG_WORK", 1e-6)
    with pytest.raises(ValueError, match=r"boards, each walking every deal of 6 x 6 x 6 combos.*force=True"):
        distribution("AA", ["KK", "QQ"], "2c 3d 4h 5s")
    forced = distribution("AA", ["KK", "QQ"], "2c 3d 4h 5s", force=True)
    assert forced.equity == pytest.approx(handrank.equity(["AA", "KK", "QQ"], board="2c 3d 4h 5s").players[0].equity)
    assert distribution("AA", "KK", "2c 3d 4h 5s").combos  # heads-up is bounded by its boards: never refused
    rows = memoryview(array("b", [51, 47, 41, 40])).cast("b", (2, 2))
    flops = memoryview(array("b", [46, 21, 0, 45, 20, 1])).cast("b", (2, 3))
    with pytest.raises(ValueError, match=r"2 boards of rows against 2 ranges.*force=True"):
        distribution_module.distribution_many(rows, flops, ["77+", "22-66"])
    assert len(distribution_module.distribution_many(rows, flops, ["77+", "22-66"], force=True).equity) == 2


def test_the_batch_gives_each_row_the_equity_of_its_hand() -> None:
    """Rows on three boards (one given in two orders), against one range and against two; numpy and
    plain arrays alike; each row equal to ``equity`` of its hand."""
    np = pytest.importorskip("numpy", reason="the batch's numpy path needs numpy")
    rows = [
        ("AsKs", "Kh 7d 2c"),
        ("QdQc", "Kh 7d 2c"),
        ("AsKs", "2c Kh 7d"),
        ("9h8h", "Th 7h 2c 3s"),
        ("JsJd", "Ah 9c 5d 5s 2h"),
    ]
    hands = np.array([indices([h[:2], h[2:]]) for h, _ in rows])
    for against in ("77+, AQ+", ["77+, AQ+", "22-66, KQs"]):
        boards = [indices(b.split()) for _, b in rows[:3]]
        columns = distribution_module.distribution_many(hands[:3], np.array(boards), against)
        for row, (hand, board) in enumerate(rows[:3]):
            opponents = [against] if isinstance(against, str) else against
            exact = handrank.equity([hand, *opponents], board=board, exact=True).players[0]
            assert columns.equity[row] == pytest.approx(exact.equity, abs=1e-12)
            assert columns.win[row] + columns.tie[row] <= 1
        assert isinstance(columns.equity, np.ndarray) and columns.equity.dtype == np.float64
    for hand, board in rows[3:]:
        size = len(board.split())
        got = distribution_module.distribution_many(
            memoryview(array("b", indices([hand[:2], hand[2:]]))).cast("b", (1, 2)),
            memoryview(array("b", indices(board.split()))).cast("b", (1, size)),
            "random",
        )
        assert isinstance(got.equity, array)
        assert got.equity[0] == pytest.approx(
            handrank.equity([hand, "random"], board=board, exact=True).players[0].equity, abs=1e-12
        )


@pytest.mark.parametrize(
    ("hands", "boards", "against", "message"),
    [
        ([[51, 47]], [[46, 21, 0], [1, 2, 3]], "QQ", "1 hands and 2 boards"),
        ([[51, 52]], [[46, 21, 0]], "QQ", "row 0: 52 is not a card index"),
        ([[51, 46]], [[46, 21, 0]], "QQ", "row 0: a card twice"),
        ([[51, 47]], [[46, 21]], "QQ", "expected 3, 4, 5 cards per row"),
        ([[51, 47]], [[46, 21, 0]], "AsKs", "row 0: no deal of the opposing ranges fits beside"),
        ([[51, 47]], [[46, 21, 0]], "KhKd", "row 0: no deal of the opposing ranges fits beside"),
        ([[51, 47]], [[46, 21, 0]], ["QQ", "KhKd"], "row 0: no deal"),
    ],
)
def test_the_batch_refuses_bad_rows_naming_them(
    hands: list[list[int]], boards: list[list[int]], against: Any, message: str
) -> None:
    def grid(rows: list[list[int]]) -> memoryview:
        return memoryview(array("b", [c for r in rows for c in r])).cast("b", (len(rows), len(rows[0])))

    with pytest.raises(ValueError, match=message):
        distribution_module.distribution_many(grid(hands), grid(boards), against)


def test_the_batch_refuses_a_range_the_dead_cards_empty() -> None:
    hands = memoryview(array("b", [51, 47])).cast("b", (1, 2))
    boards = memoryview(array("b", [46, 21, 0])).cast("b", (1, 3))
    with pytest.raises(ValueError, match="the opposing range has no combo left beside the board and the dead"):
        distribution_module.distribution_many(hands, boards, "QdQc", dead="Qd")


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


def test_the_kernel_refuses_one_range(impl: ModuleType) -> None:
    one = table([["Ah", "Kh"]], [1.0])
    with pytest.raises(ValueError, match="two ranges or more, got 1"):
        impl.combo_showdowns([one], indices(["2c", "3d", "4h"]))


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
    three_players = ["distribution", "KK+, AKs", "--vs", "QQ, JJ", "--vs", "KK+, AKs", "--board", "Kh 7d 2c"]
    assert main([*three_players, "--json"]) == 0  # one range held twice
    three = json.loads(capsys.readouterr().out)
    assert [s["range"] for s in three] == ["KK+, AKs (player 1)", "QQ, JJ", "KK+, AKs (player 3)"]
    assert sum(s["equity"] for s in three) == pytest.approx(1)
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
