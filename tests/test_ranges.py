"""Range syntax: what each part means, weights, blocking, and clear errors."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest
from conftest import pure_only

from handrank import DECK, Range, card, cards, hand_classes, to_index


@pytest.mark.parametrize(
    "text, size",
    [
        ("QQ", 6),
        ("QQ+", 18),
        ("22+", 78),
        ("QQ-88", 30),
        ("88-QQ", 30),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("KA", 16),
        ("ATs+", 16),
        ("K9o+", 48),
        ("KQs+", 4),
        ("A5s-A2s", 16),
        ("A2s-A5s", 16),
        ("AhKh", 1),
        ("random", 1326),
        ("any two", 1326),
        ("any", 1326),
        ("QQ+, AKs, A5s-A2s, KQo, 76s, 0.5(JJ)", 60),
        ("TT", 6),
        ("1010", 6),
        ("akS", 4),
        ("", 0),
    ],
)
def test_sizes(text: str, size: int) -> None:
    assert len(Range(text)) == size


def test_combos_are_exactly_the_named_ones() -> None:
    combos = {frozenset(c) for c, _ in Range("AKs")}
    assert combos == {frozenset(cards(f"A{s} K{s}")) for s in "cdhs"}
    assert all(card("Ah") != a or card("Kh") != b for (a, b), _ in Range("AKo"))


def test_weights() -> None:
    r = Range("QQ+, 0.5(JJ, AKs), 0.25(AhKh), TT:0.3, 0(99)")
    assert r.weight_of("JcJd") == 0.5 and r.weight_of("AsKs") == 0.5
    assert r.weight_of("AhKh") == 0.25  # named again: the latest weight
    assert r.weight_of("TcTd") == 0.3 and r.weight_of("QhQd") == 1.0
    assert r.weight_of("9c9d") == 0.0 and r.weight_of("2c2d") == 0.0
    assert len(r) == 18 + 6 + 4 + 6
    assert Range("0.5(0.5(JJ))").weight_of("JcJd") == 0.25


def test_blocking() -> None:
    r = Range("QQ+, AKs").without("Qs Ah")
    assert len(r) == 3 + 6 + 3 + 3  # QQ less Qs, KK, AA less Ah, AKs less AhKh
    assert all(card("Qs") not in c and card("Ah") not in c for c, _ in r)


@pytest.mark.parametrize(
    "text, message",
    [
        ("AKx", "bad range part 'AKx'"),
        ("QQ-", "bad range part"),
        ("0.5(JJ", r"'\(' without '\)'"),
        ("JJ)", r"'\)' without '\('"),
        ("AhAh", "two different cards"),
        ("A5s-K2s", "keeps its top card"),
        ("2(JJ)", "between 0 and 1"),
        ("AA-KQ", "bad range part"),
        ("K2s-KAs", "below the top card"),
        ("Xx", "bad range part"),
        ("AKs, , 7", "bad range part '7'"),
    ],
)
def test_bad_text(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Range(text)


def test_hand_classes() -> None:
    classes = hand_classes()
    assert len(classes) == len(set(classes)) == 169
    assert classes[:3] == ["AA", "AKs", "AKo"] and classes[-1] == "22"
    assert sum(len(Range(c)) for c in classes) == 1326


def test_parsing_is_linear_and_iterative() -> None:
    # A weight that is not one (40,000 digits, then 'x') used to backtrack quadratically.
    with pytest.raises(ValueError, match="bad range part"):
        Range(":" + "1" * 40_000 + "x")
    with pytest.raises(ValueError, match="a weight group is"):
        Range("1" * 90_000 + "x(JJ)")
    # Groups nested 30,000 deep parse without recursion.
    deep = Range("1(" * 30_000 + "JJ" + ")" * 30_000)
    assert len(deep) == 6 and deep.weight_of("JcJd") == 1.0
    assert Range("0.5(JJ, 0.5(AKs)), KK:0.5").weight_of("AsKs") == 0.25


def test_a_text_longer_than_the_limit_is_refused() -> None:
    from handrank.ranges import MAX_TEXT

    with pytest.raises(ValueError, match="characters, more than"):
        Range("JJ, " * (MAX_TEXT // 4 + 1))
    assert len(Range("JJ, " * (MAX_TEXT // 4 - 1))) == 6


def test_text_after_a_group_needs_a_comma() -> None:
    with pytest.raises(ValueError, match="expected ',' after a weight group"):
        Range("0.5(JJ) KK")
    with pytest.raises(ValueError, match="a weight group is"):
        Range("(JJ)")


def test_membership_by_combo_or_by_range_text() -> None:
    suited = Range("AKs")
    assert "AhKh" in suited and "Kh Ah" in suited and "AhKd" not in suited
    assert "AKs" in Range("AK") and "AKo" not in suited and "QQ+" in Range("TT+") and "TT+" not in Range("QQ+")
    assert "AhKh" not in Range("AKs:0") and 7 not in suited
    with pytest.raises(ValueError, match="bad range part 'AKz'"):  # a typo is an error, not a silent False
        assert "AKz" in suited


def test_ranges_compare_by_their_combos_and_weights() -> None:
    assert Range("QQ+") == Range("AA, KK, QQ") == Range("KK, QQ, AA")
    assert Range("JJ") != Range("JJ:0.5") and Range("AKs") != Range("AK")
    assert Range("AKs, AKo") == Range("AK") and Range("AKs:0") == Range("")


def test_union_intersection_and_difference_keep_the_weights() -> None:
    union = Range("QQ+") | "AKs"
    assert len(union) == 22 and union == Range("QQ+, AKs")
    assert (Range("JJ:0.5") | "JJ").weight_of("JsJh") == 1.0  # the larger weight
    both = Range("AK, JJ:0.5") & Range("AKs, JJ, 22")
    assert both == Range("AKs, JJ:0.5") and both.weight_of("JsJh") == 0.5  # the smaller weight
    assert Range("QQ+, AK") - "AKo" == Range("QQ+, AKs") and len(Range("AK") - Range("AK")) == 0


def test_suit_wildcards() -> None:
    assert Range("AxKx") == Range("AK") and len(Range("AsKx")) == 4 and "AsKd" in Range("AsKx")
    assert Range("AxAx") == Range("AA") and len(Range("AsAx")) == 3
    with pytest.raises(ValueError, match="a combo needs two different cards"):
        Range("AsAs")


def test_the_grid_puts_pairs_on_the_diagonal_suited_right_and_offsuit_below() -> None:
    rows = [row.split() for row in Range("AA, AKs, 0.5(AKo), 72o").grid().splitlines()]
    assert len(rows) == 13 and all(len(row) == 13 for row in rows)
    assert rows[0][:2] == ["AA", "AKs"] and rows[1][0] == "AKo:0.5" and rows[1][1] == "·"
    assert rows[12][7] == "72o" and rows[7][12] == "·"  # 7-2 offsuit below the diagonal, 7-2 suited not in
    everything = Range("random").grid().split()
    assert "·" not in everything and len(everything) == 169
    assert repr(Range("AA")).startswith("Range('AA': 6 combos)\nAA ")


def test_percentage_ranges_take_the_best_classes_in_the_documented_order() -> None:
    from handrank.ranges import PREFLOP_ORDER, hand_classes

    assert sorted(PREFLOP_ORDER) == sorted(hand_classes()) and PREFLOP_ORDER[:3] == ("AA", "KK", "QQ")
    five = Range("5%")
    assert 0.05 * 1326 <= len(five) < 0.05 * 1326 + 16  # whole classes, until the share is reached
    assert Range("top 5%") == five and Range("100%") == Range("random") and "AA" in Range("0.1%")
    assert Range("5%") == Range(", ".join(PREFLOP_ORDER[: len({*map(_class_of, five)})]))
    for bad in ("0%", "101%"):
        with pytest.raises(ValueError, match="over 0 and at most 100 %"):
            Range(bad)


def _class_of(combo_weight: tuple) -> str:  # type: ignore[type-arg]
    (a, b), _ = combo_weight
    ranks = "23456789TJQKA"
    high, low = sorted(((a >> 8) & 0xF, (b >> 8) & 0xF), reverse=True)
    if high == low:
        return ranks[high] * 2
    return ranks[high] + ranks[low] + ("s" if a & b & 0xF000 else "o")


def test_the_preflop_order_is_what_equity_against_a_random_hand_gives(request: pytest.FixtureRequest) -> None:
    from handrank import equity
    from handrank.odds import preflop_against_random, preflop_order
    from handrank.ranges import PREFLOP_ORDER

    assert preflop_order() == PREFLOP_ORDER
    share = preflop_against_random()
    assert all(share[a] > share[b] for a, b in zip(PREFLOP_ORDER, PREFLOP_ORDER[1:]))  # no two tie
    if pure_only(request.config):
        return  # each enumeration below takes minutes without the compiled evaluator
    # Every combo of a class is the same question under a renaming of the suits: one of each, every board.
    for cls, hand in [("AA", "AsAh"), ("AKo", "AsKh"), ("72s", "7d2d"), ("T9o", "Tc9h")]:
        exact = equity([hand, "random"], exact=True, force=True).players[0].equity
        assert share[cls] == pytest.approx(exact, rel=1e-12, abs=0)


def test_pictures_of_the_grid(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (pip install 'handrank[pictures]')")
    from handrank import pictures

    pictures.save_range("QQ+, AKs, 0.5(JJ)", tmp_path / "range.png")
    assert (tmp_path / "range.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    pictures.save_range("QQ+, AKs", tmp_path / "range.svg")
    svg = (tmp_path / "range.svg").read_text()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    pictures.save_preflop_table({"AA": 0.9, "72o": 0.1}, tmp_path / "heat.svg", "AhKh")
    assert "<svg" in (tmp_path / "heat.svg").read_text()
    with pytest.raises(ValueError, match=r"a picture is written as \.png or \.svg"):
        pictures.save_range("AA", tmp_path / "range.jpg")


def test_the_grid_command(tmp_path: Path) -> None:
    run = partial(subprocess.run, capture_output=True, text=True)
    out = run([sys.executable, "-m", "handrank", "grid", "QQ+, AKs"])
    assert out.returncode == 0 and out.stdout.splitlines()[0].split()[:3] == ["AA", "AKs", "·"]
    out = run([sys.executable, "-m", "handrank", "grid", "--preflop", "AhKh", "--trials", "500"])
    assert out.returncode == 0 and out.stdout.split()[0].startswith("AA:0.")
    if importlib.util.find_spec("matplotlib"):
        out = run([sys.executable, "-m", "handrank", "grid", "AK", "-o", str(tmp_path / "ak.svg")])
        assert out.returncode == 0 and "<svg" in (tmp_path / "ak.svg").read_text()


def test_a_range_iterates_its_combos_by_card_index_however_it_was_made() -> None:
    # The kernels take combos in this order: the high card's 0-51 index down, then the low card's.
    made = [
        Range("random"),
        Range("random"),
        Range("QQ+, AKs, 72o:0.5"),
        Range.from_combos([((DECK[3], DECK[9]), 1.0)]),
    ]
    for r in made:
        combos = list(r)
        keys = [(-to_index(a), -to_index(b)) for (a, b), _ in combos]
        assert keys == sorted(keys) and len(r) == len(combos) == len(set(keys))
        assert all(to_index(a) > to_index(b) and w > 0 for (a, b), w in combos)
    assert list(made[0]) == list(made[1]) and len(made[0]) == 1326
    # Parts are parsed once and kept; a range made again from the same text is its own object.
    assert made[0] is not made[1] and made[0] == made[1]
    assert len(Range("QQ+, AKs, 72o:0.5")) == 18 + 4 + 12


@pytest.mark.parametrize("weight", [float("nan"), float("inf"), 1e308, -0.5, 1.5])
def test_from_combos_refuses_a_weight_that_makes_no_equity(weight: float) -> None:
    with pytest.raises(ValueError, match="a weight is between 0 and 1"):
        Range.from_combos([((DECK[3], DECK[9]), 1.0), ((DECK[4], DECK[10]), weight)])
    assert len(Range.from_combos([((DECK[3], DECK[9]), 0.25)])) == 1
