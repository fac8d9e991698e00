"""``equity_many``: many hands against one range on one board give, hand by hand, what ``equity``
gives the first of two players, the range read and checked once; a checked range is what the
kernels deal from, in both implementations alike."""

from __future__ import annotations

from types import ModuleType

import pytest

import handrank
from handrank import _game_odds
from handrank._kernels import game_equity as kernel_checks
from handrank.odds import equity_many

CASES: list[tuple[list[str], str, dict[str, object]]] = [
    (["AsKsQsJs", "AhAd7c2d", "9h8h7d6d"], "KK:xxyy, QQJJ", {"board": "Ts 9s 3h", "game": "omaha"}),
    (["AsKs2h3d", "7h6h5c4c"], "A2xx, 33xx", {"board": "Kd 8c 4s", "game": "omaha-hilo"}),
    (["AsKs", "9h9d"], "QQ+, AK", {"board": "Qs 8d 7c", "game": "short-deck"}),
    (["AsKsQsJsTs", "AhAd7c2d3s"], "AA", {"board": "8c 9h 4h", "game": "omaha"}),  # five-card hands
    (["AsKs", "7h7d", "2c3c"], "QQ+, AK", {"board": "Qc 8d 2h"}),  # hold'em, every board counted
    (["AsKs", "7h7d"], "QQ", {"game": "short-deck"}),  # preflop short deck, no board at all
]


@pytest.mark.parametrize(("hands", "against", "options"), CASES)
def test_each_hand_gets_what_equity_gives_it(hands: list[str], against: str, options: dict[str, object]) -> None:
    trials = 2_000 if handrank.IMPLEMENTATION == "python" else 50_000
    game = options.get("game", "holdem")
    sampled = {} if game == "holdem" else {"trials": trials, "seed": 7}
    got = equity_many(hands, against, **options, **sampled)  # type: ignore[arg-type]
    assert got == [handrank.equity([h, against], **options, **sampled).players[0] for h in hands]  # type: ignore[arg-type]
    if game == "omaha-hilo":
        assert all(p.high is not None and p.low is not None and p.scoop is not None for p in got)


def test_stud_hands_are_counted_one_by_one_as_equity_counts_them() -> None:
    hands = ["As Ks Qs", "7h 7d 2c"]
    got = equity_many(hands, "Jh Jd 3c", game="stud", trials=3_000, seed=2)
    assert got == [handrank.equity([h, "Jh Jd 3c"], game="stud", trials=3_000, seed=2).players[0] for h in hands]


def test_the_range_is_checked_once_for_all_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[int] = []
    check = kernel_checks.check_range

    def counted(cards: object, weights: object, who: str = "the range") -> kernel_checks.CheckedRange:
        checked.append(len(list(weights)))  # type: ignore[call-overload]
        return check(cards, weights, who)

    monkeypatch.setattr(kernel_checks, "check_range", counted)
    monkeypatch.setattr(_game_odds, "check_range", counted)
    hands = ["AsKsQsJs", "AhAd7c2d", "9h8h7d6d", "2c3c4d5d"]
    equity_many(hands, "AA, KK", board="Ts 9s 3h", game="omaha", trials=200, seed=1)
    wide = [n for n in checked if n > 1]
    assert len(wide) == 1 and checked.count(1) == len(hands)  # the range once, each hand once


@pytest.mark.parametrize(
    ("hands", "kwargs", "words"),
    [
        (["AsKsQsJs", "Ts2c3c4c"], {"board": "Ts 9s 3h", "game": "omaha"}, "hand 2 holds a card of the board"),
        (["AsKsQsJs", "AhKh"], {"game": "omaha"}, "hand 2: omaha deals 4 or 5 or 6 hole cards, got 2"),
        (["AsKsQsJs"], {"game": "omaha", "exact": True}, "1 hands of every board would take about .* force=True"),
        ("AsKsQsJs", {"game": "omaha"}, "a sequence of hands"),
        (["AsKsQsJs"], {"game": "omaha", "trials": 0}, "trials must be"),
        (["AsKsQsJs"], {"game": "omaha", "board": "Ah Ad Kh", "dead": "Kd Kc Ks Ac"}, "no hand left"),
    ],
)
def test_what_cannot_be_counted_is_named(hands: object, kwargs: dict[str, object], words: str) -> None:
    with pytest.raises((ValueError, TypeError), match=words):
        equity_many(hands, "AAxx, KKxx", **kwargs)  # type: ignore[arg-type]


def test_a_checked_range_deals_as_its_cards_and_weights_do(impl: ModuleType) -> None:
    villain = ([0, 1, 2, 3, 4, 5, 6, 7, 51, 8, 9, 10], [1.0, 1.0, 2.0])
    hero = ([50, 46, 42, 38], [1.0])
    checked = kernel_checks.check_range(*villain)
    for rule in ("omaha", "omaha-hilo"):
        plain = impl.game_range_showdowns(rule, [hero, villain], [12], [13], 400, 9)
        assert impl.game_range_showdowns(rule, [hero, checked], [12], [13], 400, 9) == plain
    with pytest.raises(ValueError, match="a card below six is not in its deck"):
        impl.game_range_showdowns("short-deck", [([51, 47], [1.0]), kernel_checks.check_range([0, 1], [1.0])])
    with pytest.raises(ValueError, match="4 or 5 or 6 hole cards, got hands of 2"):
        impl.game_range_showdowns("omaha", [hero, kernel_checks.check_range([48, 49], [1.0])])
    # What the kernel reads cannot be changed after the check: the views are read-only.
    cards, running = checked.tables()
    assert cards.readonly and running.readonly
