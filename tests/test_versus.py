"""One hand against a list of hands on a full board (``hand_vs_hands``): both implementations
against showdowns counted one by one, hands that share a card left out, and the checks."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from types import ModuleType
from typing import Any

import pytest

from handrank import DECK, cards, evaluate


def counted(hero: list[int], pairs: Sequence[tuple[int, ...]], board: list[int]) -> tuple[int, int, int]:
    """Each hand that fits, shown down against the hero one at a time."""
    mine, used = evaluate(hero + board), set(hero + board)
    outcomes = [0, 0, 0]
    for x, y in pairs:
        if DECK[x] not in used and DECK[y] not in used:
            theirs = evaluate([DECK[x], DECK[y], *board])
            outcomes[0 if mine < theirs else 1 if mine == theirs else 2] += 1
    return outcomes[0], outcomes[1], outcomes[2]


def test_wins_ties_and_losses_are_the_showdowns_one_by_one(impl: ModuleType) -> None:
    rng = random.Random(5)
    every = list(combinations(range(52), 2))
    for trial in range(60):
        dealt = rng.sample(DECK, 7)
        hero, board = dealt[:2], dealt[2:]
        pairs = every if trial % 10 == 0 else [p[:: rng.choice((1, -1))] for p in rng.sample(every, 150)]
        given = bytes(c for pair in pairs for c in pair)
        assert impl.hand_vs_hands(hero, given, board) == counted(hero, pairs, board)
        assert impl.hand_vs_hands(tuple(hero), given, tuple(board)) == counted(hero, pairs, board)
    # ties: the board plays for everyone
    board = cards("As Ks Qs Js Ts")
    # 3c 4d fits; 2c 3d is the hero's
    assert impl.hand_vs_hands(cards("2c 3d"), bytes([4, 9, 0, 5]), board) == (0, 1, 0)
    assert impl.hand_vs_hands("2c 3d", b"", "As Ks Qs Js Ts") == (0, 0, 0)  # text as any card argument


@pytest.mark.parametrize(
    ("hero", "hands", "board", "error", "message"),
    [
        ("As", b"", "2c 3c 4c 5d 7h", ValueError, "expected 2 hole cards, got 1"),
        ("As Kd", b"", "2c 3c 4c 5d", ValueError, "expected a board of 5 cards, got 4"),
        ("As Kd", b"", "2c 3c 4c 5d As", ValueError, "duplicate card: As"),
        ("As Kd", [0, 1], "2c 3c 4c 5d 7h", TypeError, "expected the hands as bytes"),
        ("As Kd", bytes([0, 1, 2]), "2c 3c 4c 5d 7h", ValueError, "two card indices a hand, got 3 indices"),
        ("As Kd", bytes([0, 1, 2, 52]), "2c 3c 4c 5d 7h", ValueError, "hand 1: 2 and 52 are not two different"),
        ("As Kd", bytes([0, 1, 7, 7]), "2c 3c 4c 5d 7h", ValueError, "hand 1: 7 and 7 are not two different"),
    ],
)
def test_bad_arguments_say_what_is_wrong(
    impl: ModuleType, hero: str, hands: Any, board: str, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        impl.hand_vs_hands(cards(hero), hands, cards(board))


def test_the_compiled_kernel_checks_what_it_reads_itself(compiled: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    import handrank._kernels.versus as checks

    hero, board = cards("As Kd"), cards("2c 3c 4c 5d 7h")
    monkeypatch.setattr(checks, "versus_args", lambda *args: (hero, bytes([0, 60]), board))
    with pytest.raises(ValueError, match="hand 0: 0 and 60 are not two different card indices"):
        compiled.hand_vs_hands(hero, bytes([0, 60]), board)
    monkeypatch.setattr(checks, "versus_args", lambda *args: (hero[:1], b"", board))
    with pytest.raises(ValueError, match="the shared check passed"):
        compiled.hand_vs_hands(hero[:1], b"", board)
