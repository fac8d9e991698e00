"""Outs against a reference worked out here card by card with the tests' own evaluator: which cards
turn a hand from behind to best, clean or tainted (the opponent's hand improving its class), and
the hand's equity after each; the errors; the command and the picture."""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path

import pytest
from reference import best_key

import handrank
from handrank.cli import main
from handrank.outs import outs

RANKS = "23456789TJQKA"
DECK = [r + s for r in RANKS for s in "cdhs"]


def key(cards: list[str]) -> tuple[int, ...]:
    return best_key([(RANKS.index(c[0]) + 2, c[1]) for c in cards])


def reference(
    hand: list[str], opponents: list[list[str]], board: list[str]
) -> dict[str, tuple[float, float, float, float]]:
    """Each card that can come: (share, clean, tainted, equity on the river when it is the fifth)."""
    seen = set(hand) | set(board)
    live_now = [o for o in opponents if not seen & set(o)]
    out = {}
    for c in DECK:
        if c in seen:
            continue
        beside = [o for o in live_now if c not in o]
        if not beside:
            continue
        clean = tainted = won = 0.0
        mine_now, mine = key([*hand, *board]), key([*hand, *board, c])
        for o in beside:
            theirs_now, theirs = key([*o, *board]), key([*o, *board, c])
            won += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            if mine_now < theirs_now and mine >= theirs:
                if theirs[0] > theirs_now[0]:
                    tainted += 1
                else:
                    clean += 1
        n = len(beside)
        out[c] = ((clean + tainted) / n, clean / n, tainted / n, won / n)
    return out


def deals(seed: int, board: int, opponents: int) -> tuple[list[str], list[list[str]], list[str]]:
    r = random.Random(seed)
    deck = list(DECK)
    r.shuffle(deck)
    hand, shown = deck[:2], deck[2 : 2 + board]
    pairs = [list(p) for p in combinations(deck[2 + board : 2 + board + 8], 2)]
    return hand, r.sample(pairs, opponents), shown


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("board", [3, 4])
def test_every_card_does_what_the_reference_says(seed: int, board: int) -> None:
    hand, opponents, shown = deals(seed, board, 1 + seed % 5)
    text = ", ".join("".join(o) for o in opponents)
    got = outs(" ".join(hand), text if len(opponents) > 1 else " ".join(opponents[0]), " ".join(shown))
    expected = reference(hand, opponents, shown)
    assert {handrank.card_str(o.card) for o in got.cards} == set(expected)
    for o in got.cards:
        share, clean, tainted, won = expected[handrank.card_str(o.card)]
        assert o.share == pytest.approx(share, abs=1e-12)
        assert o.clean == pytest.approx(clean, abs=1e-12) and o.tainted == pytest.approx(tainted, abs=1e-12)
        if board == 4:
            assert o.equity == pytest.approx(won, abs=1e-12)
    if board == 3:  # the turn's equity is the mean of the rivers'
        for o in got.cards[:3]:
            on_turn = outs(" ".join(hand), text, " ".join([*shown, handrank.card_str(o.card)]))
            rivers = [x.equity * x.live for x in on_turn.cards]
            assert o.equity == pytest.approx(sum(rivers) / sum(x.live for x in on_turn.cards), abs=1e-9)


def test_the_count_and_the_equity_now() -> None:
    o = outs("Ah Kh", "Qs Qd", "Qh 7h 2c 3s")
    flush = ["4h", "5h", "6h", "8h", "9h", "Th", "Jh"]  # the boat cards 2h and 3h are not outs
    assert o.count == 7 and o.clean == 7 and o.tainted == 0
    assert sorted(handrank.card_str(x.card) for x in o.cards if x.share) == sorted(flush)
    assert o.equity == pytest.approx(7 / 44, abs=1e-12)
    assert o.equity == pytest.approx(handrank.equity(["AhKh", "QsQd"], board="Qh 7h 2c 3s").players[0].equity)


def test_a_card_that_also_improves_the_opponent_is_tainted() -> None:
    # Aces against a flush draw: the 7h makes the flush and gives the aces two pair, tainted;
    # the other hearts are clean.
    o = outs("Kh Jh", "As Ad", "7s 5h 2h", dead="")
    by_card = {handrank.card_str(x.card): x for x in o.cards}
    assert by_card["7h"].tainted == 1 and by_card["7h"].clean == 0
    assert by_card["9h"].clean == 1 and by_card["9h"].tainted == 0


def test_the_grid_puts_each_card_in_its_place() -> None:
    o = outs("Ah Kh", "Qs Qd", "Qh 7h 2c 3s")
    grid = o.grid()
    assert len(grid) == 13 and all(len(row) == 4 for row in grid)
    assert grid[0][2] != grid[0][2]  # Ah is the hand's: no equity (nan)
    assert grid[10][2] == 1.0  # 4h: the flush wins
    assert grid[12][0] != grid[12][0] and grid[12][2] == 0.0  # 2c on the board; 2h fills the queens up


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("Ah Kh", "Qs Qd", "Qh 7h"), "3 or 4 board cards"),
        (("Ah Kh", "Qs Qd", "Qh 7h 2c 3s 4d"), "3 or 4 board cards"),
        (("Ah", "Qs Qd", "Qh 7h 2c"), "two hole cards"),
        (("Ah Kh", "Qs Qd", "Ah 7h 2c"), "dealt twice"),
        (("Ah Kh", "Qh Qd", "Qh 7h 2c"), "no combo left"),
        (("Ah Kh", "Qs", "Qh 7h 2c"), "two hole cards, got 1"),
    ],
)
def test_bad_questions_are_named(args: tuple[str, str, str], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        outs(*args)


def test_the_command_prints_the_outs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["outs", "Ah Kh", "--vs", "Qs Qd", "--board", "Qh 7h 2c 3s", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["count"] == 7 and len(got["cards"]) == 44
    assert main(["outs", "Ah Kh", "--vs", "Qs Qd", "--board", "Qh 7h 2c 3s"]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].split() == ["card", "out", "clean", "tainted", "equity"] and "Jh" in text
    pytest.importorskip("matplotlib", reason="pictures need matplotlib")
    path = tmp_path / "outs.png"
    assert main(["outs", "Ah Kh", "--vs", "QQ+", "--board", "Qh 7h 2c", "-o", str(path)]) == 0
    assert path.read_bytes()[:4] == b"\x89PNG"
